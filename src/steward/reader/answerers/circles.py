"""A savings circle's contribution ("how much is my ajo this month?", "when do I pay the susu?", "my chama
contribution"): what the person pays in and by when, from the mail of the one who runs it.

A savings circle (ajo or esusu in Nigeria, susu in Ghana and the Caribbean, a chama in Kenya, pardna in Jamaica, a
stokvel in South Africa, a committee in Pakistan, a tontine, a tanda) keeps no bill: its organiser writes to the
members, in their own words, what each pays in and by when ("the March chama contribution is 3k each, send it by
Saturday", "this month's susu is GH₵200, due Friday", "April ki committee Monday tak, 5k each"). The answer is
the newest such mail's first sentence that writes a sum, the sum (thousands written "5k" read as 5,000 in the
person's own currency) and the day that sentence names, placed from the day the mail was sent, with the mail to
open. A mail marked suspicious is never read; no such mail gives None (the question goes on as before). Through
`Mailbox`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text, money_text
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.finance.money import MoneyAt
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

# a circle's name as its organiser writes it, which a question says only with "my" ("my committee"): a
# committee asked of as a savings circle is found in mail that calls it so
_IN_MAIL = ("committee",)
_NOT_READ = frozenset(("phishing_suspect", "newsletter", "promotion"))
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_LOOKED = 30
# what a member is paid out when their turn comes ("when do I get my payout?", "whose turn is it to collect?"), not
# the share paid in
# a member's payout as its organiser writes it ("yuh draw is", "your turn to collect")
_PAID_OUT = re.compile(r"\b(?:draw|collect|collecting|payout|pay\s*out|turn)\b", re.I)
# the person addressed, in the spellings family and friends write ("yuh", "yu", "ur")
_YOU = re.compile(r"\b(?:you|your|yours|yuh|yu|ya|ur|u)\b", re.I)
# a sentence opened by the name of the one it is told to ("Shanice, yuh draw is ...")
_CALLED = re.compile(r"([A-Z][\w'-]+)\s*,")
_PAYOUT = re.compile(r"\b(?:draw|collect|collecting|collection|payout|pay\s*out|my\s+turn|receive|receiving)\b", re.I)


def circle_answer(frame: Frame, clock: Clock, box: Mailbox, words: Sequence[str],
                  share: str = "contribution") -> Answer | None:
    """The contribution the newest savings circle's mail asks of the person, with its day (a payout asked: that mail
    shown, nothing read from it); None when no mail of one writes a sum (`words`: the words for a savings circle and
    its share, `ReaderWords.flags`). A kitty friends pay into is read the same way (`share` "share": no payout,
    its words alone)."""
    circle = share == "contribution"
    payout = circle and _PAYOUT.search(frame.text) is not None
    words = (*words, *_IN_MAIL) if circle else tuple(words)
    pattern = _words(words)
    query = " OR ".join(f'"{w}"' for w in words)
    found = box.search(query, limit=_LOOKED, clock=clock)
    if not found.matched:
        return None
    from steward.mail.workplace import a_person

    # a circle is run by one of its members, who writes as a person (a pension fund's "contribution" is no share)
    hits = sorted((h for h in found.hits if h.message.category not in _NOT_READ
                   and (h.message.category == "personal" or a_person(h.message.sender, h.message.sender_name))
                   and pattern.search(f"{h.message.subject}\n{h.message.snippet}")),
                  key=lambda h: h.message.received_at, reverse=True)
    if payout and hits:
        # (when the person is paid out is said in each circle's own way: a day is read only from a sentence of its
        # mail that tells the person their own payout, else its mail is shown, no month guessed)
        m = hits[0].message
        sent = day_text(clock.local(m.received_at).date(), clock)
        told = _payout_told(m, box, clock)
        if told is not None:
            return Answer(f"Your payout is {day_text(told[1], clock)}, from {m.sender_name or m.sender}'s mail of {sent} "
                          f"(\u201c{m.subject}\u201d [#{m.id}]): \u201c{told[0]}\u201d",
                          {"messages": [m.id], "dues": []})
        return Answer(f"I can't tell your payout for sure from your mail. The circle's latest mail is "
                      f"{m.sender_name or m.sender}'s of {sent} (\u201c{m.subject}\u201d [#{m.id}]).",
                      {"messages": [m.id], "dues": []})
    for h in hits:
        m = h.message
        said = _share(m, box, clock, by_only=not circle)
        if said is None:
            continue
        sentence, money, day = said
        sum_text = money_text(money.amount, money.currency, clock) if money.currency else f"{money.amount:,.2f}"
        by = f" by {day_text(day, clock)}" if day is not None else " (its mail names no day to pay by)"
        sent = day_text(clock.local(m.received_at).date(), clock)
        return Answer(f"Your {share} is {sum_text}{by}, from {m.sender_name or m.sender}'s mail of {sent} "
                      f"(\u201c{m.subject}\u201d [#{m.id}]): \u201c{sentence}\u201d",
                      {"messages": [m.id], "dues": []})
    return None


def _payout_told(m: Message, box: Mailbox, clock: Clock) -> tuple[str, date] | None:
    """The sentence of a circle's mail that tells the person the day of their own payout ("Shanice, yuh draw is
    Saturday 27th March", "your turn to collect is the 5th") and that day: a payout's word, one day, and the
    person addressed (as "you" in any spelling, and by a name only when it is theirs); None otherwise."""
    from steward.clock import make_clock
    from steward.dates import find_all
    from steward.errors import StewardError

    try:
        text = box.read(m.id, clock=clock).body
    except StewardError:
        text = m.snippet
    zone = getattr(clock.zone, "key", "") or str(clock.zone)
    sent = make_clock(zone, clock.local(m.received_at).isoformat())
    own = " ".join(m.recipients).casefold()
    for sentence in (" ".join(s.split()) for s in _SENTENCE.split(text) if s.strip()):
        if not (_PAID_OUT.search(sentence) and _YOU.search(sentence)):
            continue
        called = _CALLED.match(sentence)
        if called and called.group(1).casefold() not in own:
            continue  # another member's turn, told to them by name
        days = {r.start.date() for r in find_all(sentence, sent) if r.grain == "day"}
        if len(days) == 1:
            return sentence[:240], days.pop()
    return None


# a day said as the one to pay by ("send it to me by Friday 2nd", "due Monday", "before the 5th")
_BY_DAY = re.compile(r"\b(?:by|before|due|deadline|until|till)\b", re.I)
_NEXT_SENTENCES = 2
_BY_REACH = 12  # characters: "by", "due on the" right before the day (or opening its words: "by the 12th")


def _share(m: Message, box: Mailbox, clock: Clock, by_only: bool = False) -> tuple[str, MoneyAt, date | None] | None:
    """The first sentence of a circle's mail that writes a sum, the sum, and the day it names. `by_only`: the day
    is one said to pay by, in that sentence or the two after it ("the kitty is 120 quid each, that covers dinner on
    the Saturday. Send it to me by Friday 2nd": the Friday), never a day the money is spent on."""
    from steward.clock import make_clock
    from steward.dates import find_all
    from steward.errors import StewardError
    from steward.finance.money import (
        country_currency,
        country_of_zone,
        find_money,
        find_spoken_sums,
        local_letter,
    )

    try:
        text = box.read(m.id, clock=clock).body
    except StewardError:
        text = m.snippet
    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    own = country_currency(country)
    sent = make_clock(getattr(clock.zone, "key", "") or str(clock.zone), clock.local(m.received_at).isoformat())
    sentences = [s.strip() for s in _SENTENCE.split(text) if s.strip()]
    for n, sentence in enumerate(sentences):
        money = find_money(sentence, usual=own, letter=local_letter(m.sender, country)) \
            or find_spoken_sums(sentence, own)
        if not money:
            continue
        if by_only:
            for said in sentences[n:n + 1 + _NEXT_SENTENCES]:
                days = [r.start.date() for r in find_all(said, sent) if r.grain == "day"
                        and _BY_DAY.search(said, max(0, r.span[0] - _BY_REACH), r.span[1])]
                if days:
                    shown = sentence if said is sentence else f"{sentence} {said}"
                    return " ".join(shown.split())[:240], money[0], days[0]
            return " ".join(sentence.split())[:240], money[0], None
        days = [r.start.date() for r in find_all(sentence, sent) if r.grain == "day"]
        return " ".join(sentence.split())[:240], money[0], days[0] if days else None
    return None


def _words(words: Sequence[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b", re.I)
