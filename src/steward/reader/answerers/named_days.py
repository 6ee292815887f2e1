"""Mail that names a day: what keeps an answer from saying a day is empty, or free, while a recent
message gives a day or a time in it that Steward read no booking from ("Reminder: your appointment on Dec 7 at
5:15 pm", an invitation it could not read). The sentences are read on the clock of each message's
arrival, so "tomorrow" in yesterday's mail is today."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import datetime, time, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answerers.common import day_text

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox
    from steward.store.messages import MessageSummary

# how far back a message that names a day ahead is looked for, and how many of the newest are read
LOOK_BACK = timedelta(days=90)  # a flight is often booked weeks ahead
READ_AT_MOST = 400
SHOWN = 4
# a sentence that says there is none then ("No game this Sunday, it's half term") tells of no thing on that day
_NONE_THEN = re.compile(r"\b(?:no|not|nothing|none|cancel+ed|called\s+off)\b|n't\b", re.I)
TOLD_READ = 40  # the newest messages read whole for a thing told in plain words on a day
# (a title's dot, "St. Agnes", "Dr. Obi", ends no sentence)
_SENTENCE_END = re.compile(r"(?<![A-Z][a-z]\.)(?<!\bMrs\.)(?<=[.!?])\s+|\s+[-|\u2014]\s+")
# a sentence worth reading for a date: one with a digit, a month's or a weekday's name, or a near day
_DATED = re.compile(r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|today|"
                    r"tonight|tomorrow)", re.I)
# the categories of mail that name days of their own (a sale ends, a newsletter's events) and book nothing
# (a bill's due day is the dues' to say)
_NOT_BOOKINGS = frozenset(("newsletter", "promotions", "promotion", "marketing", "phishing_suspect", "social",
                           "receipt", "statement", "bank_alert", "payment_due"))


def mail_naming(box: Mailbox, clock: Clock, start: datetime, end: datetime, read: Collection[tuple[int | None, str]] = ()
                ) -> list[str]:
    """Lines for the recent messages (not newsletters, not suspicious, not bills) with a sentence that
    gives a day or a time in [start, end); `read` are the bookings Steward read, as (the mail it was read
    from, its provider): their mail, and their providers' mail, have been answered already: `- Sun 6 Dec Sender: “subject” — “the sentence”`."""
    since = datetime.combine((clock.now() - LOOK_BACK).date(), time.min, clock.zone)
    out: list[str] = []
    ids = {i for i, _ in read}
    whose = {who for _, who in read}
    for m in box.previews_since(since, READ_AT_MOST, leaving_out=_NOT_BOOKINGS):
        if m.category in _NOT_BOOKINGS or m.id in ids or m.sender_name in whose:
            continue
        said = [said.strip() for when, said in _days_named(m, clock) if start <= when < end]
        if said:
            # (the day and the time said in two sentences, "the wedding is on Saturday. The service is by 10am", both)
            out.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                       f"\u201c{m.subject}\u201d \u2014 \u201c{' '.join(said[:2])[:200]}\u201d")
        if len(out) >= SHOWN:
            break
    return out


def _days_named(m: MessageSummary, clock: Clock) -> tuple[tuple[datetime, str], ...]:
    """(start, sentence) for each sentence of a message's subject and preview that gives a day of its own or a
    time, read on the clock of the message's arrival, in the message's order."""
    return _named_at(clock.at(m.received_at), m.subject, m.snippet)


# read once: a message's words and arrival never change, and every question about an empty day reads them again
@lru_cache(maxsize=4 * READ_AT_MOST)
def _named_at(at: Clock, subject: str, snippet: str) -> tuple[tuple[datetime, str], ...]:
    from steward import dates

    named: list[tuple[datetime, str]] = []
    day_said: datetime | None = None  # the day the message's sentence before said, in its body
    for n, sentence in enumerate([subject, *_SENTENCE_END.split(snippet)]):
        if not _DATED.search(sentence):
            continue
        found = dates.find(sentence, at)
        if found is None or found.start is None:
            continue
        one_day = found.has_date and found.end is not None and found.end - found.start <= timedelta(days=1)
        start = found.start
        if found.has_time and not found.has_date and day_said is not None:
            # "the inspector comes on Friday. Can we meet by 10am that day?", "the wedding is on Saturday 18th. The
            # church service is by 10am": a time said alone is on the day the sentence before gave
            start = datetime.combine(day_said.date(), start.timetz())
        if found.has_time or one_day:  # not "this month", "next week": no day of its own
            named.append((start, sentence))
        if found.has_date and n > 0:
            day_said = found.start
    return tuple(named)


def mail_saying(box: Mailbox, clock: Clock, terms: Sequence[str], *, in_words: bool = False) -> list[str]:
    """Lines for the newest few recent messages (not newsletters, lures or bills) that say every one of
    `terms` that is no everyday word ("maya" of "maya party": an invitation no booking was read from);
    `in_words`: only messages whose subject or opening says each of those words (none found by meaning alone)."""
    from steward.reader.answerers.things import stem, text_words
    from steward.reader.lists import common_english

    said = [re.sub(r"['\u2019]s$", "", t) for t in terms if len(t) >= 3]
    # the words of its own a thing is named by ("maya" of "maya party"); every word when none is rare
    said = [t for t in said if t not in common_english()] or said
    if not said:
        return []
    since = (clock.now() - LOOK_BACK).date().isoformat()
    found = box.search(" ".join(f'"{t}"' for t in said) + f" after:{since}", limit=20, clock=clock)
    if found.broadened:
        return []  # no message says them all: what says one of them is not about it
    hits = [h for h in found.hits if (h.message.category or "") not in _NOT_BOOKINGS]
    if in_words:
        hits = [h for h in hits if {stem(t) for t in said} <= text_words([h.message.subject, h.message.snippet])]
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    return [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}: "
            f"\u201c{h.message.subject}\u201d" for h in hits[:SHOWN]]



def mail_telling_of(box: Mailbox, clock: Clock, start: datetime, end: datetime, kinds: Collection[str],
                    also: Collection[str] = ()) -> list[str]:
    """Lines for the newest few recent messages (not newsletters, lures or bills) with a sentence that says a word
    of `kinds` and gives a day or a time in [start, end), read from the whole message ("Saturday we play away,
    kickoff 9 AM" of the game asked on Saturday, told by a coach in plain words): `- Tue 2 Nov Sender: “subject” —
    “the sentence”`; each word of `also` said in that sentence too ("swimming" of "Adi's swimming class"). The newest
    `TOLD_READ` such messages are read, and none is kept."""
    from steward.errors import StewardError

    said = sorted({k.casefold() for k in kinds if len(k) >= 3})
    if not said:
        return []
    told = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in said) + r")\b", re.I)
    since = datetime.combine((clock.now() - LOOK_BACK).date(), time.min, clock.zone)
    out: list[str] = []
    for m in box.previews_since(since, TOLD_READ, leaving_out=_NOT_BOOKINGS):
        if m.category in _NOT_BOOKINGS:
            continue
        try:
            text = " ".join(box.read(m.id, clock=clock).body.split())
        except StewardError:
            text = m.snippet
        if not told.search(text):
            continue
        # (read past the preview, and never cached: a body is kept nowhere)
        lines = [s.strip() for when, s in _named_at.__wrapped__(clock.at(m.received_at), m.subject, text)
                 if start <= when < end and _said_as_a_word(told, s) and not _NONE_THEN.search(s)
                 and all(re.search(rf"\b{re.escape(w)}", s, re.I) for w in also)]
        if lines:
            out.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                       f"\u201c{m.subject}\u201d \u2014 \u201c{' '.join(lines[:2])[:200]}\u201d")
        if len(out) >= SHOWN:
            break
    return out


def _said_as_a_word(told: re.Pattern[str], sentence: str) -> bool:
    """Whether a sentence says one of the words as a word of its own, never inside a name ("Class III-B" is no class
    one goes to): in lower case, or opening the sentence."""
    return any(m.start() == 0 or sentence[m.start()].islower() for m in told.finditer(sentence))
