"""A detail only a booking's mail holds ("what's the wifi password at the apartment?", "which terminal?",
"who's the tutor?", "what number do I ring to move it?", "do I need to bring anything?"): quoted from that
mail's own words, never made up.

None of these is a field Steward reads from a booking (`steward.reader.details` says how each kind is asked
and said). The answer is the mail each booking was read from: the sentence of it that gives the detail
(from what the store keeps: the booking's place, the mail's subject and first lines; else from its body
fetched live and dropped after, nothing kept), or, when no sentence does, the mail itself (sender, day,
subject) to open. Through `Mailbox`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol, TypeVar

from steward.clock import Clock
from steward.errors import StewardError
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text, moment_text
from steward.reader.details import asked_detail, cut_short, detail, detail_in

if TYPE_CHECKING:
    from datetime import datetime

    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

__all__ = ["asked_detail", "detail_in", "details_answer", "about", "its_mail", "journey_number", "of_its_kind"]

SHOWN = 5


class Held(Protocol):
    """A booking as the answer needs it: its title, its start, its place, its kind and the mail it was read from."""

    @property
    def title(self) -> str:
        """What the booking is called."""
    @property
    def start(self) -> datetime:
        """When it starts."""
    @property
    def location(self) -> str | None:
        """Where it is, as read."""
    @property
    def kind(self) -> str:
        """Its kind (flight, doctor ...)."""
    @property
    def message_id(self) -> int | None:
        """The mail it was read from."""


H = TypeVar("H", bound=Held)


def of_its_kind(held: Sequence[H], kind: str) -> list[H]:
    """The bookings a kind of detail is of ("which terminal?" of the flights), or all of them when none is of
    that kind or the detail is of any booking."""
    kinds = detail(kind).kinds
    return ([b for b in held if b.kind in kinds] or list(held)) if kinds else list(held)


def details_answer(held: Sequence[Held], what: str, kind: str, mailbox: Mailbox, clock: Clock,
                   others: Sequence[Held] = ()) -> Answer:
    """Each booking's detail, in its mail's own words, or its mail to open when no sentence of it gives one
    (`others`: the bookings ahead, so a ticket read as several journeys is known as such)."""
    pool = [*others, *(b for b in held if b not in others)]
    ids = [b.message_id for b in pool if b.message_id is not None]
    shared = frozenset(i for i in ids if ids.count(i) > 1)  # the mail of a ticket read as several journeys
    stored = mailbox.stored([b.message_id for b in held[:SHOWN] if b.message_id is not None])
    labels = {id(b): label for b in pool if b.message_id in shared and (label := _visit_label(b))}
    # (a mail another booking was read from is that booking's: a later mail that moved the sailing out says nothing
    # of the one back)
    owned = frozenset(ids)
    told = [_told(b, stored.get(b.message_id) if b.message_id is not None else None, kind, shared, mailbox, clock,
                  frozenset(w for o in pool if o is not b and o.message_id == b.message_id
                            for w in labels.get(id(o), ())) - labels.get(id(b), frozenset()), owned)
            for b in held[:SHOWN]]
    lines = [line for line, _ in told]
    return Answer("\n".join([details_head(what, detail(kind).label or kind, told), *lines]), {"appointments": lines})


def details_head(what: str, label: str, told: Sequence[tuple[str, bool]]) -> str:
    """The line a details answer opens with (of bookings or of bills): what their mail says, or that none says it."""
    return (f"What the mail of {what} says:" if any(found for _, found in told) else
            f"I can't find {label} in the mail of {what}; the mail to open:")


def nothing_said(at: str, kept: Message, of: str, clock: Clock) -> str:
    """The line of a thing whose mail says nothing of the detail asked (`of`): that mail, to open."""
    return (f"{at}: its mail ({mail_line(kept, clock)}) says nothing of {of} in what I can read; open it "
            f"(`steward mail read {kept.id}`)")


# the label a visit's line of mail opens with ("PRE-OP VISIT: Thursday, March 25 at 9:00 AM", "Surgery - 8 April"), and
# the words of a label that say no visit of its own
_VISIT_LABEL = re.compile(r"^\s*([A-Za-z][A-Za-z'/ -]{1,32}?)\s*(?::|\s[-\u2013]\s)")
_NOT_OF_A_VISIT = frozenset(("visit", "date", "day", "time", "your", "the", "appointment", "appt", "and", "of", "on"))


def _visit_label(b: Held) -> frozenset[str]:
    """The words of the label a booking's line of mail opens with ("pre-op", of "PRE-OP VISIT:"), or none."""
    excerpt = getattr(b, "excerpt", "")  # (a booking read from mail keeps the line it was read from)
    found = _VISIT_LABEL.match(excerpt) if isinstance(excerpt, str) else None
    if found is None:
        return frozenset()
    return frozenset(w for w in found.group(1).casefold().split() if w not in _NOT_OF_A_VISIT)


def _of_another_visit(said: str, others: frozenset[str]) -> bool:
    """Whether a sentence names another visit its mail books and not this one ("On the day of surgery please
    arrive 90 minutes early" is the surgery's, never the pre-op visit's)."""
    return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", said, re.I) for w in others)


def _told(b: Held, kept: Message | None, kind: str, shared: frozenset[int], mailbox: Mailbox, clock: Clock,
          others: frozenset[str] = frozenset(), owned: frozenset[int] = frozenset()) -> tuple[str, bool]:
    """(the line that gives one booking's detail, or its mail to open; whether it gives the detail); `others`: the
    labels of the other visits its mail books, whose sentences are theirs."""
    at = f"- {moment_text(b.start, clock)} {b.title}"
    placed = detail_in(b.location or "", kind)
    if kept is None:
        return (f"{at}: at \u201c{placed}\u201d", True) if placed else (f"{at}: no mail of it is kept", False)
    # the booking's mail and its sender's others about it (its thread: a move, a cancellation that says whom to
    # call; a later mail naming the journey's number: a gate change), the newest first; a later one says it
    # before the place the booking was read with, which says it before the mail it was read from
    later, rest = its_mail(b, kept, mailbox, clock)
    own = journey_number(b.title) if b.kind in ("flight", "train") else ""
    for m in (*later, *(() if placed else rest)):
        if m.id in owned and m.id != kept.id:
            continue  # another booking's own mail (the move of the journey out), never this one's
        # of a ticket read as several journeys, and of a later mail about another journey (the check-in for the
        # flight out names the return too), only a sentence that names this journey is its
        of = about(m)
        narrowed = m.id in shared or own and of and of != own
        said = said_in(m, kind, mailbox, clock, _leg(b) if narrowed else ())
        if said and own and not narrowed:
            # a mail about the whole booking that gives each journey its own line ("Checked baggage 20 kg (KUL - PEN)",
            # "Your return flight (PEN - KUL) stays at 7 kg"): the line that names this journey, when one does
            said = said_in(m, kind, mailbox, clock, _leg(b)) or said
        if said and others and _of_another_visit(said, others) and not _of_another_visit(said, _visit_label(b)):
            continue
        if said:
            return (f"{at}: its mail says \u201c{said}\u201d ({mail_line(m, clock)}){as_of(said, m, clock)}"
                    f"{on_the_clock(said)}{_by_before(said, b, kind, clock) or _ahead_of(said, b, kind, clock)}"), True
    if placed:
        return f"{at}: from \u201c{placed}\u201d, as its mail ({mail_line(kept, clock)}) gives it", True
    return nothing_said(at, kept, detail(kind).label or kind, clock), False


def said_in(message: Message, kind: str, mailbox: Mailbox, clock: Clock, leg: tuple[str, ...] = ()) -> str:
    """The sentence of a mail that gives a detail: from what the store keeps of it, else (or when the kept text
    ends inside that sentence) from its body fetched live; "" when neither says it. Of a mail that names
    several journeys, only a sentence that names this one (`leg`: its number, where it leaves from) is this
    journey's."""
    kept = f"{message.subject}\n{message.snippet}"
    said = detail_in(kept, kind, leg)
    if said and not cut_short(message.snippet, said) and not leg:
        return said
    try:
        # (of one journey among several, its body line by line: what is kept runs the lines of all of them together)
        return detail_in(mailbox.read(message.id, clock=clock).body, kind, leg) or ("" if leg else said)
    except StewardError:
        return said  # the source is gone or unreachable: what is kept, or the mail pointed at


# a day a mail says by its own date ("we'll hold it until tomorrow at 5pm"), and how far from that date it is
_RELATIVE = re.compile(r"\b(today|tonight|tomorrow|yesterday)\b", re.I)
_OFFSET = {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}


def as_of(said: str, m: Message, clock: Clock) -> str:
    """What day a sentence's "tomorrow" (or "today") is, counted from the day its mail came, when that was not
    today ("; its “tomorrow” is Tue 8 Dec"); "" when it says no such day or the mail came today."""
    found = _RELATIVE.search(said)
    sent = clock.local(m.received_at).date()
    if found is None or sent == clock.today():
        return ""
    word = found.group(1).casefold()
    return f"; its \u201c{word}\u201d is {day_text(sent + timedelta(days=_OFFSET[word]), clock)}"


# a time written as four digits and an "H" or "hrs" ("until 1745H", "1930 hrs"), as airlines, schools and
# hospitals in many countries write one
_FOUR_DIGIT_TIME = re.compile(r"(?<![\w:.])([01]\d|2[0-3])([0-5]\d)\s?(?:H|hrs|hours)\b")


def on_the_clock(said: str) -> str:
    """The times a sentence writes as four digits with an "H" said on the clock ("; its “1745H” is 17:45"),
    so a reply gives the time asked for however its mail wrote it; "" when it writes none so."""
    return "".join(f"; its \u201c{m.group()}\u201d is {m[1]}:{m[2]}" for m in _FOUR_DIGIT_TIME.finditer(said))


# a time to be somewhere by written without its half of the day ("Reach by 9.30 for warm up", "ready by 9"), or to be
# there for, as British English says it ("get there for half 9": 9:30)
_BY_A_BARE_HOUR = re.compile(r"\b(?:by|(?<=there\s)for)\s+(half\s+(?:past\s+)?)?(\d{1,2})(?:[.:](\d{2}))?"
                             r"(?!\s*(?:[ap]\.?m\b|[.:]?\d|h\b|hrs?\b|%))", re.I)
# and a time to leave at ("leave by 4:30", "we'll head out at 1.10", "set off around 6")
_LEAVE_AT_A_BARE_HOUR = re.compile(r"\b(?:by|at|around|about|before)\s+(\d{1,2})(?:[.:](\d{2}))?"
                                   r"(?!\s*(?:[ap]\.?m\b|[.:]?\d|h\b|hours?\b|hrs?\b|min\w*|%))", re.I)


def _by_before(said: str, b: Held, kind: str, clock: Clock) -> str:
    """The time a sentence says to arrive or to leave by with no "am" or "pm", on the clock, as the last such time
    before the booking starts ("; its “by 9.30” is 21:30, before its 22:00 start"); "" otherwise."""
    found = _BY_A_BARE_HOUR.search(said) if kind == "arrive" else _LEAVE_AT_A_BARE_HOUR.search(said) \
        if kind == "leave" else None
    if found is None:
        return ""
    # (the hour and its minutes, "half" before the hour its half past)
    half, hour, minutes = (found[1], found[2], found[3]) if kind == "arrive" else (None, found[1], found[2])
    if not 1 <= int(hour) <= 12 or half and minutes:
        return ""
    start = clock.local(b.start)
    minute = 30 if half else int(minutes or 0)
    before = [t for t in (start.replace(hour=int(hour) % 12, minute=minute, second=0),
                          start.replace(hour=int(hour) % 12 + 12, minute=minute, second=0)) if t <= start]
    if not before:
        return ""
    at = max(before)
    return (f"; its \u201c{found.group().strip()}\u201d is {clock.formats.time(at)}, before its "
            f"{clock.formats.time(start)} start")


# a time to be somewhere said as minutes or an hour before the start ("arrive 15 minutes early", "check in at least 30
# minutes before departure", "be there an hour before")
_AHEAD = re.compile(r"\b(\d{1,3}|an?|one|five|ten|fifteen|twenty|thirty|forty-five|forty\s+five|sixty)\s*"
                    r"(min|mins|minutes|hour|hours|hr|hrs)\s+(?:early|earlier|before|prior|ahead)\b", re.I)
_COUNTS = {"a": 1, "an": 1, "one": 1, "five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30,
           "forty-five": 45, "forty five": 45, "sixty": 60}


def _ahead_of(said: str, b: Held, kind: str, clock: Clock) -> str:
    """The time a sentence to arrive, check in or board says as minutes or an hour before the booking's start, on the
    clock ("; its “15 minutes early” is 10:25, before its 10:40 start"); "" when it says none, says two, or the
    booking has no time of day."""
    found = list(_AHEAD.finditer(said)) if kind in ("arrive", "checkin", "boarding") else []
    if len(found) != 1:
        return ""
    count = found[0][1].casefold()
    n = int(count) if count.isdigit() else _COUNTS.get(" ".join(count.split()), 0)
    minutes = n * 60 if found[0][2].casefold().startswith("h") else n
    start = clock.local(b.start)
    if not 0 < minutes <= 4 * 60 or (start.hour, start.minute) == (0, 0):
        return ""
    return (f"; its \u201c{found[0].group()}\u201d is {clock.formats.time(start - timedelta(minutes=minutes))}, before "
            f"its {clock.formats.time(start)} start")


def _leg(b: Held) -> tuple[str, ...]:
    """The words that name one journey of a ticket: its number, and the airport it leaves from ("NV 119", "GRU")."""
    if b.kind not in ("flight", "train"):
        return ()
    number = _NUMBER.search(b.title)
    route = re.search(r"\b([A-Z]{3})\s*\u2192", b.title)
    return tuple(x for x in (number.group() if number else "", route.group(1) if route else "") if x)


def mail_line(m: Message, clock: Clock) -> str:
    """A mail as a details answer names it: its day, sender, subject and number."""
    return (f"{day_text(clock.local(m.received_at).date(), clock)}, {m.sender_name or m.sender}: "
            f"\u201c{m.subject}\u201d [#{m.id}]")


# a flight's or a train's number as a booking's title gives it ("Flight KA 311 CPT → JNB", "ICE 1234")
_NUMBER = re.compile(r"\b(?:[A-Z]{2,3}|[A-Z]\d|\d[A-Z])\s?\d{2,4}\b")
_NEWS = 3
# a booking's own code as its booker writes it: capitals with digits among them, dashes inside ("SW-2261904",
# "QK7R2M"); never a plain number (an amount, a year, a phone)
_CODE = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{4,}[A-Z0-9](?![\w-])")


def about(m: Message) -> str:
    """The journey a mail is about: the number its subject names, else the first its text names ("" for none)."""
    found = _NUMBER.search(m.subject) or _NUMBER.search(m.snippet)
    return re.sub(r"\s+", "", found.group()) if found else ""


def journey_number(title: str) -> str:
    """A journey's number as its title gives it, without spaces ("XY123" of "Flight XY 123 LIS → MAD"), or ""."""
    number = _NUMBER.search(title)
    return re.sub(r"\s+", "", number.group()) if number else ""


def its_mail(b: Held, kept: Message, mailbox: Mailbox, clock: Clock) -> tuple[list[Message], list[Message]]:
    """(the mail the booking's sender wrote about it after the mail it was read from, newest first; that mail
    and the ones before it): its thread, and for a journey the mail that names it by its number (a gate
    change, a platform given the day before). Only mail from the same sender's domain counts."""
    domain = _domain(kept)
    found = {m.id: m for m in mailbox.thread(kept) if _domain(m) == domain}
    number = _NUMBER.search(b.title) if b.kind in ("flight", "train") else None
    if number is not None:
        plain = re.sub(r"\s+", "", number.group()).casefold()
        # (written with its space or without: "KA 537" in the booking, "KA537" in the check-in mail)
        for written in dict.fromkeys((number.group(), re.sub(r"\s+", "", number.group()),
                                      re.sub(r"^([A-Z]{2,3}|[A-Z]\d|\d[A-Z])(\d)", r"\1 \2", number.group()))):
            for h in mailbox.search(f'"{written}"', limit=10, clock=clock).hits:
                if _domain(h.message) == domain and plain in re.sub(r"\s+", "", f"{h.message.subject} "
                                                                          f"{h.message.snippet}").casefold():
                    found.setdefault(h.id, h.message)
    code = _CODE.search(f"{kept.subject}\n{kept.snippet}")
    if code is not None:
        # a package's or a booking's later mail from the same booker that names its code ("Your holiday documents
        # for booking SW-2261904"): the transfer's pick-up time, the e-tickets, given there and not in the booking
        for h in mailbox.search(f'"{code.group()}"', limit=10, clock=clock).hits:
            if _domain(h.message) == domain and code.group() in f"{h.message.subject} {h.message.snippet}":
                found.setdefault(h.id, h.message)
    found.pop(kept.id, None)
    newest = sorted(found.values(), key=lambda m: m.received_at, reverse=True)
    return ([m for m in newest if m.received_at > kept.received_at][:_NEWS],
            [kept, *(m for m in newest if m.received_at <= kept.received_at)][:_NEWS + 1])


def _domain(m: Message) -> str:
    return m.sender.rpartition("@")[2].casefold()
