"""What a booking costs, as the mail it was read from says: "how much is the hotel?", "what did the
flights come to?", "and how much was it?" after a question about one booking.

The amount is one its mail labels as what was paid or is to be paid (`costs.yaml`): the amount with a
currency mark whose nearest label before it, on its line, is a word for a total ("Total: £412.50",
"Total paid: €318.40", "Gesamtbetrag 120,00 €") or a price ("Price: €49.90", "Fare: $86.00"); a
word for the whole sum is taken over a price, and a share of it ("€95 per night", "Deposit: €50",
"incl. VAT") is never the booking's cost. A mail that labels two different amounts alike is not
chosen between: the answer says so, with both. The body is fetched live and nothing of it is kept;
bookings read from one mail (a flight out and back) are answered once, as one booking.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import moment_text
from steward.yamldata import load_yaml, shipped_text

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

_AFTER = 24  # characters after an amount where a share's words ("per night") are looked for
_BEFORE = 60  # characters before an amount, on its line, where its label is looked for
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z])")


@dataclass(frozen=True)
class Cost:
    """An amount a booking's mail labels as what it costs, and the line that says so."""

    amount: str  # as the mail writes it, with its mark ("£412.50")
    value: str  # the number and its currency, to compare two ("412.50 GBP")
    line: str
    whole: bool  # labelled as the whole sum ("total"), not a price alone


@lru_cache(maxsize=1)
def _labels() -> tuple[re.Pattern[str], frozenset[str], frozenset[str], re.Pattern[str]]:
    """(every label, the whole-sum words, the share words, a share's word alone as its line's label), from
    costs.yaml."""
    data = load_yaml(shipped_text("steward.reader.answerers", "costs.yaml")) or {}
    whole = frozenset(str(w).casefold() for w in data["totals"]["whole"])
    price = frozenset(str(w).casefold() for w in data["totals"]["price"])
    parts = frozenset(str(w).casefold() for w in data["parts"])
    said = sorted(whole | price | parts, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w/])(?:" + "|".join(re.escape(w) for w in said) + r")(?!\w)", re.I)
    alone = "|".join(re.escape(str(w)) for w in data.get("alone") or ())
    return pattern, whole, parts, re.compile(rf"^\s*(?:{alone})\s*:\s*$" if alone else r"(?!)", re.I)


def costs_in(text: str, dollar: str = "USD", letter: tuple[str, str] | None = None) -> list[Cost]:
    """Every amount a booking mail's text labels as what the booking costs, in order (pure; a bare "$" is
    `dollar`; `letter` a local letter mark and its currency, "N25,000.00" in Nigeria)."""
    from steward.finance.money import find_money

    labels, whole, parts, alone = _labels()
    out = []
    for money in find_money(text, dollar=dollar, letter=letter):
        line_start = text.rfind("\n", 0, money.start) + 1
        before = text[max(line_start, money.start - _BEFORE): money.start]
        said = [m.group().casefold() for m in labels.finditer(before)]
        opens = max((m.end() for m in _SENTENCE_END.finditer(text, line_start, money.start)), default=line_start)
        if said and (alone.match(text[line_start:money.start]) or alone.match(text[opens:money.start])):
            # "Fee: £48.00, to pay at the desk": the visit's own fee (its label opening the line, or the sentence
            # in it: "Kindly bring her card. Fee: N25,000.00, payable at the clinic.")
            said[-1] = "price"
        line_end = text.find("\n", money.end)
        # (an aside in brackets after it tells of something else: "Total: GBP 870.00 (deposit of one night taken)")
        after = text[money.end: min(money.end + _AFTER, line_end if line_end >= 0 else len(text))].split("(")[0]
        if not said or said[-1] in parts or any(m.group().casefold() in parts for m in labels.finditer(after)):
            continue
        # the sentence of its line that gives it ("All times are local. Total paid: €318.40." -> the second)
        head = text[line_start: money.start]
        cut = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
        line = " ".join(text[line_start + cut: line_end if line_end >= 0 else len(text)].split())
        out.append(Cost(money.text.strip(), f"{money.amount} {money.currency}", line[:160], said[-1] in whole))
    return out


def share_asked(question: str) -> bool:
    """Whether a question asks what one person pays ("what does it cost per person?", "how much is it per head?",
    "how much each?"), not the whole sum."""
    return bool(_A_HEAD_ASKED.search(question))


def shares_in(text: str, dollar: str = "USD", letter: tuple[str, str] | None = None, home: str = "") -> list[Cost]:
    """Every amount a booking's mail gives for one person ("Iftar buffet: AED 145 per person", "£35pp", "tickets
    £20 each"), in order (pure); `home`, the person's country, whose mark of letters stands beside a whole number
    too in a friend's note ("RM 10 each" in Malaysia)."""
    from steward.finance.money import find_money, money_said_at_home

    found = find_money(text, dollar=dollar, letter=letter)
    if home:
        found = sorted(found + [m for m in money_said_at_home(text, home)
                                if not any(o.start < m.end and m.start < o.end for o in found)], key=lambda m: m.start)
    out = []
    for money in found:
        line_end = text.find("\n", money.end)
        after = text[money.end: min(money.end + _AFTER, line_end if line_end >= 0 else len(text))]
        if not _A_HEAD.match(after):
            continue
        line_start = text.rfind("\n", 0, money.start) + 1
        head = text[line_start: money.start]
        cut = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
        line = " ".join(text[line_start + cut: line_end if line_end >= 0 else len(text)].split())
        out.append(Cost(money.text.strip(), f"{money.amount} {money.currency}", line[:160], False))
    return out


# one person's share said after an amount ("AED 145 per person", "£35pp", "$20 each", "a head")
_A_HEAD = re.compile(r"\s*(?:/\s*|per\s+|a\s+)(?:person|head|guest|adult|pax)\b|\s*(?:pp|p\.p\.)(?!\w)|\s*each\b",
                     re.I)
_A_HEAD_ASKED = re.compile(r"\bper[\s-]+(?:person|head|guest|adult|pax)\b|\ba\s+head\b|\bpp\b|"
                           r"\b(?:cost|costs|price|pay|paying|is\s+it|are\s+they|much)\s+each\b|\beach\s*[?.!]*\s*$|"
                           r"\bfor\s+(?:one|each)\s+(?:person|of\s+us)\b", re.I)


def the_cost(text: str, dollar: str = "USD", letter: tuple[str, str] | None = None) -> tuple[Cost | None, list[Cost]]:
    """(the booking's cost, the labelled amounts read): the one amount labelled as the whole sum, else as its
    price; None with the amounts when two different ones are labelled alike (or none is)."""
    found = costs_in(text, dollar, letter)
    best = [c for c in found if c.whole] or found
    if len({c.value for c in best}) == 1:
        return best[0], found
    return None, best


@dataclass(frozen=True)
class Priced:
    """A booking as a cost answer names it: its title, when, and the mail it was read from (and its kind)."""

    title: str
    start: datetime
    message_id: int | None
    kind: str = ""
    location: str | None = None  # (never read here: a booking's place is no part of its cost)


@lru_cache(maxsize=1)
def _add_ons() -> re.Pattern[str]:
    """The names of what is bought beside a booking, from costs.yaml."""
    data = load_yaml(shipped_text("steward.reader.answerers", "costs.yaml")) or {}
    said = sorted((str(w) for w in data.get("add_ons") or ()), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in said) + r")(?![\w-])", re.I)


def add_on_asked(question: str, titles: Sequence[str]) -> str | None:
    """The add-on a cost question names ("the extra bag", "the seats"), or None when it names none, or names what
    the booking itself is ("how much is the parking?" of a parking booking)."""
    found = _add_ons().search(question)
    if found is None or any(found.group().casefold() in t.casefold() for t in titles):
        return None
    return found.group()


def _add_on_lines(b: Priced, word: str, mailbox: Mailbox, clock: Clock) -> tuple[str, str, str] | None:
    """(its price, the line that gives it, the mail it is in) of an add-on in the booking's mail or its booker's
    later mail about it, the newest first; None when no line of them names it with a price."""
    from steward.errors import StewardError
    from steward.finance.money import find_money
    from steward.reader.answerers.booking_details import its_mail, mail_line

    if b.message_id is None:
        return None
    try:
        kept = mailbox.read(b.message_id, clock=clock).message
    except StewardError:
        return None
    later, rest = its_mail(b, kept, mailbox, clock)
    stem = re.sub(r"(?<=\w\w)s$", "", word.casefold())  # "seats" names the line's "Seat selection", "bags" its "bag"
    named = re.compile(rf"(?<![\w-]){re.escape(stem)}s?(?![\w-])", re.I)
    for m in (*later, *rest):
        try:
            body = mailbox.read(m.id, clock=clock).body
        except StewardError:
            continue
        for line in (piece for row in body.splitlines() for piece in _SENTENCE_END.split(row)):
            money, said = find_money(line), named.search(line)
            if money and said is not None and said.start() < money[-1].start:
                return money[-1].text.strip(), " ".join(line.split())[:160], mail_line(m, clock)
    return None


def cost_answer(bookings: Sequence[Priced], what: str, mailbox: Mailbox, clock: Clock, question: str = "") -> Answer:
    """What each booking costs as its mail says (one line per mail), or said plainly when its mail gives no
    amount it labels as what it costs, or labels two alike; asked what one person pays (`question` says "per
    person", "each"), the one amount its mail gives a head."""
    from steward.errors import StewardError
    from steward.finance.money import country_of_zone, local_dollar, local_letter

    country = country_of_zone(str(clock.zone))
    add_on = add_on_asked(question, [b.title for b in bookings]) if question else None
    if add_on is not None:
        # "how much did the extra bag cost?": the line that prices it, never the fare of the booking it was added to
        # (bookings read from one mail, a flight out and back, are one booking)
        by_mail: dict[object, list[Priced]] = {}
        for b in bookings:
            by_mail.setdefault(b.message_id if b.message_id is not None else id(b), []).append(b)
        told_lines, asked = [], []
        for group in list(by_mail.values())[:5]:
            names = " and ".join(f"{moment_text(b.start, clock)} {b.title}" for b in group)
            asked.append(f"- {names}")
            priced = _add_on_lines(group[0], add_on, mailbox, clock)
            if priced is not None:
                told_lines.append(f"- {names}: {priced[0]}, as its mail says: \u201c{priced[1]}\u201d ({priced[2]})")
        if told_lines:
            return Answer("\n".join([f"{what[:1].upper()}{what[1:]}:", *told_lines]), {"appointments": told_lines})
        # (never the booking's own price in its place)
        return Answer("\n".join([f"I can't tell what {what} costs from your mail: no mail of the booking prices "
                                 f"the {add_on} on its own.", *asked]), {"appointments": asked})
    groups: list[list[Priced]] = []
    for b in bookings:
        same = next((g for g in groups if b.message_id is not None and g[0].message_id == b.message_id), None)
        if same is not None:
            same.append(b)
        else:
            groups.append([b])
    lines: list[str] = []
    told = 0
    for group in groups[:5]:
        names = " and ".join(f"{moment_text(b.start, clock)} {b.title}" for b in group)
        cost: Cost | None = None
        read: list[Cost] = []
        if group[0].message_id is not None:
            try:
                shown = mailbox.read(group[0].message_id, clock=clock)
                text = f"{shown.message.subject}\n{shown.body}"
                # a bare "$" is the dollar the mail names, else its sender's country's, else the person's
                dollar, letter = local_dollar(text, shown.message.sender, country), local_letter(
                    shown.message.sender, country)
                shares = shares_in(text, dollar, letter)
                cost, read = the_cost(text, dollar, letter)
                if len({c.value for c in shares}) == 1 and (share_asked(question) or cost is None and not read):
                    # "what does it cost per person?": the price a head; and a mail that gives only that (a table
                    # priced by the guest) is said so, never as the whole
                    cost, read = replace(shares[0], amount=f"{shares[0].amount} a person"), shares
            except StewardError:
                pass  # its mail can no longer be read: said as no price read
        if cost is not None:
            told += 1
            lines.append(f"- {names}: {cost.amount}, as its mail says: \u201c{cost.line}\u201d")
        elif read:
            lines.append(f"- {names}: its mail gives more than one amount and I can't tell which is the cost: "
                         + "; ".join(f"\u201c{c.line}\u201d" for c in read[:3]))
        else:
            lines.append(f"- {names}: no price read from its mail")
    if not told:
        return Answer("\n".join([f"I can't tell what {what} costs from your mail.", *lines]), {"appointments": lines})
    head = f"What {what} costs:" if len(lines) > 1 else f"{what[:1].upper()}{what[1:]}:"
    return Answer("\n".join([head, *lines]), {"appointments": lines})
