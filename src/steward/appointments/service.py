"""`AppointmentsService`: appointment and reservation mail made into calendar events on proved evidence.

A scan reads the messages received in the last `appointments.window_days`, gathers id-free candidates
(structured data read by code from the live body, then patterns over the metadata, then a model over
sender/subject/snippet lines), and hands each to the consumer (`consumer.decide`). What it proves is
then checked against two private markers (the source message, and provider + start) and against the
calendar for an event from the same provider within two hours. In `ask` mode it becomes a proposal the
user accepts; in `auto` mode it is written at once. Every write goes through `CalendarService.create_event`,
create-only, and is recorded in the audit log with its provenance. A write whose outcome is unknown (a
CalDAV timeout) is quarantined and looked up by its UID before anything is retried.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from steward.appointments import journey_moves
from steward.appointments.announced import HALF_OF_DAY
from steward.appointments.model import (
    REASONS,
    Accepted,
    Candidate,
    Rejected,
    Sourced,
    change_key,
    fingerprint,
    message_line,
    normalise,
    provider_key,
    source_marker,
    timed_stay,
)
from steward.appointments.order import known_day_first, mail_day_first
from steward.clock import Clock
from steward.errors import ConnectorError, Duplicate, NotFound, PastMoment, SourceGone, UserError
from steward.records.appointments import Item, Marker, MessageMeta, StoredItem
from steward.store import appointments as repo
from steward.store import audit, write_txn
from steward.vocab.initials import initials_of

# the address a business's system sends from, never a person's ("noreply@", "bookings@", "confirmations@")
_ROLE_ADDRESS = re.compile(r"^(?:no-?reply|do-?not-?reply|donotreply|bookings?|reservations?|confirmations?|"
                           r"tickets?|orders?)@", re.I)


def _lazy_module(name: str) -> Any:
    """The module `name`, run on its first attribute read (importlib's LazyLoader); at once if loaded."""
    import importlib.util
    import sys

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from steward.appointments import consumer, patterns, structured
    from steward.appointments.announced import Announced
    from steward.calendar.service import CalendarService
    from steward.dates import DateOptions
else:
    # the readers of a scan (mail's structured data, the patterns, the consumer's checks) load when a scan
    # or a decision first uses them: listing the appointments already found (a dues answer says which
    # wait for a yes) needs none of them
    consumer = _lazy_module("steward.appointments.consumer")
    patterns = _lazy_module("steward.appointments.patterns")
    structured = _lazy_module("steward.appointments.structured")

log = logging.getLogger(__name__)

Mode = Literal["ask", "auto", "off"]
MODES: tuple[str, ...] = ("ask", "auto", "off")
NEAR = timedelta(hours=2)
MODEL_BATCH = 40
# words in a subject that make a message worth reading live for structured data
# the words of a journey's booking mail in its subject or first lines: mail before the scan's window is
# read for travel only when it says one (a ticket's own words, in the languages its layouts are read in)
_TRAVEL_WORDS = ("flight", "itinerary", "e-ticket", "eticket", "boarding", "PNR", "booking reference", "train",
                 "ferry", "sailing", "coach", "journey", "trip", "flug", "vol ", "vuelo", "billet", "fahrkarte",
                 "booking code", "outbound", "departure", "hinflug", "abflug", "voo ",
                 # a stay is booked as far ahead as the journey to it
                 "hotel", "motel", "your stay", "check-in", "check in", "accommodation", "hostel", "unterkunft",
                 "übernachtung", "hébergement", "séjour", "alojamiento",
                 # and so is the car picked up on arrival ("Rental confirmed: ..." names no car)
                 "rental", "car hire", "rent-a-car")
# the words of a show's tickets in its subject or first lines, read in the travel window as well
_TICKET_WORDS = ("ticket",)
# the words of an invitation in its subject or first lines, read in the travel window as well
_INVITATION_WORDS = ("invitation", "invited", "invite")
# the words of booking mail's subject or first lines, read in the travel window for an appointment booked long ahead
_BOOKED_WORDS = ("booked", "booking confirmed", "appointment confirmed", "confirmation", "is confirmed", "to confirm",
                 "has been made for you", "appointment has been made", "scheduled")
_TRAVEL_LIMIT = 60  # the newest such messages: a year of one person's trips, not a travel agent's inbox
_INVITED_LIMIT = 200  # the newest messages naming a kind of event ("party" is in "third party" too)
_STRUCTURED_HINTS = ("reservation", "booking", "booked", "confirm", "appointment", "ticket", "itinerary", "flight",
                     "train", "hotel", "table", "invitation", "invite", "event", "cancel", "resched", "updated",
                     "registered", "registration", "signed up", "signing up", "your slot", "your visit", "your stay", "e-ticket", "check-in", "session",
                     # a surgeon's or a hospital's letter that books its visits ("has scheduled your cataract surgery")
                     "scheduled your", "pre-op", "procedure date", "surgery date",
                     # the same in the languages booking mail often comes in
                     "reserv", "buchung", "gebucht", "fahrkarte", "flug", "billet", "bokning", "reserva", "biglietto",
                     "jízdenk", "jizdenk", "bilet", "biljett", "rezerwacj", "rezervac", "termin", "bestätig",
                     "rendez-vous", "afspraak", "bevestig", "cita", "appuntamento", "prenotazione",
                     # a passenger name record's number, which rail and air tickets print first
                     "pnr")
# a forward, by its subject's prefix or the line it starts with (read live: the booking is below that line)
# where a forward's own note ends: the forwarded message's first header or its marker
_FORWARDED_HEAD = re.compile(r"(?im)^\s*(?:-{2,}.*forwarded|begin forwarded|from\s*:|von\s*:|de\s*:|-{5,})")


def _note_above(text: str) -> str:
    """The words of whoever forwarded a message, above the message they pass on."""
    head = _FORWARDED_HEAD.search(text)
    return text[:head.start()] if head is not None else ""


_FORWARD = re.compile(r"^\s*(?:fwd?|wg|tr|rv|doorgestuurd)\s*:|forwarded message|begin forwarded message|"
                      r"weitergeleitete nachricht|message transféré|mensaje reenviado", re.IGNORECASE)
# the kinds of mail a club or a school does not tell its members of an event in (its newsletter lists many)
_NOT_TO_MEMBERS = frozenset(("newsletter", "receipt", "statement", "payment_due", "autopay", "bank_alert",
                             "phishing_suspect"))
Fetch = Callable[[int], bytes]
AskModel = Callable[[Sequence[str]], tuple[list[Candidate], int]]


@dataclass(frozen=True)
class ScanReport:
    """What one scan did: its window and one item per appointment found."""

    window: consumer.Window
    items: tuple[Item, ...]
    dry_run: bool = False
    mode: str = "ask"
    model_refused: int = 0  # model items refused because they named a message

    def to_json(self) -> dict[str, Any]:
        """The scan as JSON: its window, each item, whether it was a dry run, and the mode."""
        return {"window": self.window.to_json(), "items": [i.to_json() for i in self.items],
                "dry_run": self.dry_run, "mode": self.mode}

    def count(self, status: str) -> int:
        """How many of the scanned items ended with `status`."""
        return sum(1 for i in self.items if i.status == status)


def live_text(meta: MessageMeta, raw: bytes) -> str:
    """Sender, subject and the readable body of a message, normalised (with account numbers masked)."""
    from steward.mail.mask import mask_numbers
    from steward.mail.parse import read_body

    body = read_body(raw).text
    return normalise(mask_numbers(f"{meta.sender_name} {meta.sender}\n{meta.subject}\n{body}"))


def _change_reason(d: Accepted | Rejected) -> str | None:
    """"cancellation" or "reschedule" when the decision is one (a move to a stated time is accepted as
    the booking at that time, and is still a move of the one before), else None."""
    if isinstance(d, Rejected):
        return d.reason if d.reason in ("cancellation", "reschedule") else None
    return "reschedule" if d.candidate.status == "rescheduled" else None


# the words of a subject that say nothing of which booking it is about (a reply's prefix, the booking's own words)
_NOT_A_STEM = frozenset(("re", "fw", "fwd", "aw", "wg", "tr", "sv", "your", "you", "our", "the", "a", "an", "for", "of",
                         "at", "to", "with", "and", "on", "in", "my", "is", "has", "been", "we", "new", "now",
                         "appointment", "appointments", "booking", "bookings", "booked", "book", "confirmed",
                         "confirmation", "confirm", "reminder", "reservation", "reserved", "details", "update",
                         "updated", "visit", "session"))


def _stem(subject: str) -> frozenset[str]:
    """The words of a subject that say which booking it is about ("Re: Pistachio's jab": pistachio, jab)."""
    said = (w.removesuffix("'s") for w in re.findall(r"[\w'-]+", normalise(subject)))
    return frozenset(w for w in said if len(w) >= 3 and w not in _NOT_A_STEM and not w.isdigit())


def _by_its_sender(d: Accepted) -> bool:
    """Whether a booking is a person's own word about it, filed under whoever wrote it ("booked for Thursday at
    10, I'll take her"): their personal mail names no provider."""
    return d.message.category == "personal" and bool(d.message.sender_name.strip()) and provider_key(
        d.candidate.provider) == provider_key(d.message.sender_name)


def _said_again(d: Accepted | Rejected, decisions: Sequence[Accepted | Rejected]) -> bool:
    """Whether `d` is a person's own word about a booking another mail makes at the same time and about the same
    thing (their subjects share a word of what it is about): one booking and two pieces of evidence, filed
    under the provider that made it."""
    if not isinstance(d, Accepted) or not _by_its_sender(d):
        return False
    about = _stem(d.message.subject)
    return bool(about) and any(
        isinstance(o, Accepted) and o.message.id != d.message.id and o.start == d.start
        and provider_key(o.candidate.provider) != provider_key(d.candidate.provider) and not _by_its_sender(o)
        and about & _stem(o.message.subject) for o in decisions)


def _times_of(item: Item, start: datetime, end: datetime) -> list[Item]:
    """A repeating booking at each of its times in [start, end), each lasting as long as the first."""
    from steward.dates import occurrences

    if item.rule is None or item.start is None or item.end is None:
        return []
    length = item.end - item.start
    out: list[Item] = []
    after = start
    while len(out) < 400:  # a daily class over a year is the most a span asks for
        found = occurrences(item.rule, item.start, after, 1, item.start.tzinfo, inclusive=not out)
        if not found or found[0] >= end:
            break
        out.append(replace(item, start=found[0], end=found[0] + length))
        after = found[0]
    return out


def _moves_plans(d: Accepted | Rejected) -> bool:
    """Whether `d` is a person's mail moving plans to a stated time ("we've moved the barbecue to Sunday at 4",
    "the party is postponed until the 20th at 7"): read as an invitation moved, or a move in their words."""
    return (isinstance(d, Rejected) and d.start is not None and d.candidate.moved_to and d.message is not None and (
        d.reason == "invitation" or (d.reason == "reschedule" and d.message.category == "personal"
                                     and provider_key(d.candidate.provider) == provider_key(d.message.sender_name))))


def _moves_an_invitation(d: Accepted | Rejected) -> bool:
    return _moves_plans(d) and isinstance(d, Rejected) and d.reason == "invitation"


def _same_event(one: str, other: str) -> bool:
    """Whether two names of an event name the same kind of event: their last word ("barbecue", "party"), or
    one is the other's initials, as people shorten school and work events ("PTM" of a "Parent-Teacher
    Meeting", "AGM" of an "Annual General Meeting")."""
    a, b = normalise(one).split(), normalise(other).split()
    return bool(a) and bool(b) and (a[-1] == b[-1] or initials_of(a[-1], _name_words(other))
                                    or initials_of(b[-1], _name_words(one)))


def _name_words(name: str) -> list[str]:
    return re.findall(r"[^\W_]+", normalise(name))


def _told_in_words(d: Accepted | Rejected) -> bool:
    """Whether `d` is an event a person's mail tells of or invites to in plain words (no calendar part)."""
    return (isinstance(d, Rejected) and d.reason == "invitation" and d.candidate.what == "event"
            and d.start is not None and d.candidate.origin in ("pattern", "model") and d.message is not None)


def _calls_off(d: Accepted | Rejected) -> bool:
    """Whether `d` is a mail's word that an event told in words is off ("the barbecue is cancelled")."""
    return (isinstance(d, Rejected) and d.reason == "cancellation" and d.candidate.what == "event"
            and d.candidate.status == "cancelled" and d.candidate.origin == "pattern" and d.message is not None)


def _said_of_another(d: Accepted | Rejected, decisions: Sequence[Accepted | Rejected],
                     named: Callable[[Accepted | Rejected], str]) -> bool:
    """Whether `d` is an event a person's mail tells of in words ("don't forget the PTM on Saturday at 9:40")
    that another sender's mail holds at the same time under the same name (the school's "Parent-Teacher
    Meeting"): one event, and the person's word about it is evidence, not a second event."""
    if not _told_in_words(d) or d.message is None or not (mine := named(d)):
        return False
    return any(
        o is not d and o.start == d.start and o.message is not None and o.message.sender.lower() != d.message.sender.lower()
        and (isinstance(o, Accepted) or (o.reason == "invitation" and o.candidate.origin not in ("pattern", "model")))
        and _same_event(mine, named(o) or o.candidate.title) for o in decisions)


class AppointmentsService:
    """Scan, propose, accept and reject appointments read from mail."""

    def __init__(self, conn: sqlite3.Connection, clock: Clock, calendar: Callable[[], CalendarService],
                 fetch: Fetch, *, mode: str = "ask", window_days: int = 14, travel_window_days: int = 0,
                 minutes: int = 60,
                 model: Callable[[], AskModel | None] | None = None, calendar_name: str | None = None,
                 cues: patterns.Cues | None = None, date_options: Any = None) -> None:
        if mode not in MODES:
            raise UserError(f"appointments.mode {mode!r}: use ask, auto or off")
        self.conn = conn
        self.clock = clock
        self._calendar = calendar
        self.fetch = fetch
        self.mode = mode
        self.window_days = window_days
        self.travel_window_days = travel_window_days
        self.minutes = minutes
        self._model = model
        self.calendar_name = calendar_name
        self._cues = cues
        self.date_options = date_options

    @property
    def cues(self) -> patterns.Cues:
        """The words that mark an appointment in mail (patterns.yaml), read on first use: listing the
        appointments already found (`between`, a dues answer) reads none."""
        if self._cues is None:
            self._cues = patterns.load_cues()
        return self._cues

    def _options(self, meta: MessageMeta) -> DateOptions:
        """How dates in this message read: the person's options, with 04/12 ordered as the mail's own
        dates, its sender's country or the person's zone write it (`order.mail_day_first`)."""
        from steward.dates import DateOptions

        base = self.date_options if isinstance(self.date_options, DateOptions) else DateOptions()
        day_first = mail_day_first(meta, self.clock.zone_name, base.day_first)
        return base if day_first == base.day_first else replace(base, day_first=day_first)

    def _ticket_order(self, meta: MessageMeta) -> bool | None:
        """How a ticket's numeric date that could be either way reads (`order.known_day_first`), or None."""
        from steward.dates import DateOptions

        base = self.date_options if isinstance(self.date_options, DateOptions) else DateOptions()
        return known_day_first(meta, self.clock.zone_name, base.day_first)

    # -- reading ----------------------------------------------------------------------------------

    def window(self) -> consumer.Window:
        """The span of mail a scan reads: the last `window_days` days up to now."""
        now = self.clock.now()
        return consumer.Window(now - timedelta(days=self.window_days), now)

    def travel_window(self) -> consumer.Window | None:
        """The longer span a scan reads travel bookings in (`travel_window_days`), or None when it is
        no longer than the window: tickets and itineraries come weeks or months before the trip."""
        now = self.clock.now()
        if self.travel_window_days <= self.window_days:
            return None
        return consumer.Window(now - timedelta(days=self.travel_window_days), now)

    def _earlier_travel(self, travel: consumer.Window, window: consumer.Window,
                        raws: dict[int, bytes | None]) -> list[Sourced]:
        """The journeys (flights, trains, ferries, coaches) and stays that mail received before the window
        but in the travel window books, the shows it sells tickets to, and the invitations it brings: its other
        bookings are read within the window alone."""
        out: list[Sourced] = []
        for m in repo.messages_saying(self.conn, travel.start, window.start, _TRAVEL_WORDS, limit=_TRAVEL_LIMIT):
            out.extend(s for s in self._read(m, raws) if s.candidate.travel and s.candidate.status == "confirmed")
        seen = {s.message.id for s in out if s.message is not None}
        # and so are a show's tickets (a concert, a play, a match): the show their seller's card gives
        for m in repo.messages_saying(self.conn, travel.start, window.start, _TICKET_WORDS, limit=_TRAVEL_LIMIT):
            if m.id not in seen:
                seen.add(m.id)
                out.extend(s for s in self._read(m, raws) if s.candidate.what == "event"
                           and s.candidate.origin == "itinerary" and s.candidate.status == "confirmed")
        # an invitation is sent weeks before its day too (a holiday party, a wedding): read as one, never a booking
        for m in repo.messages_saying(self.conn, travel.start, window.start, _INVITATION_WORDS, limit=_TRAVEL_LIMIT):
            if m.id not in seen:
                seen.add(m.id)
                out.extend(s for s in self._read(m, raws) if s.candidate.status == "invitation")
        # and a friend's own words ("we're having a barbecue on the 20th, do come"), only from a person's mail
        from steward.mail.parse import read_body

        for m in repo.messages_saying(self.conn, travel.start, window.start, self.cues.event_words,
                                      limit=_INVITED_LIMIT):
            if m.id not in seen and self._from_a_person(m) and (raw := self._raw(m.id, raws)) is not None:
                seen.add(m.id)
                out.extend(Sourced(c, m) for c in self._invited_in_words(m, read_body(raw).text))
        return out

    def _booked_earlier(self, travel: consumer.Window, window: consumer.Window,
                        raws: dict[int, bytes | None]) -> list[Sourced]:
        """The appointments that booking mail received before the window but in the travel window confirms (a car
        test or a check-up booked weeks ahead counts while its day is ahead, however old its mail; one whose day
        has gone is stale), each with what its sender wrote since, up to the window (a cancellation or a move
        then supersedes it; what they wrote in the window is read with the window)."""
        out: list[Sourced] = []
        since: dict[str, datetime] = {}
        now = self.clock.now()
        for m in repo.messages_saying(self.conn, travel.start, window.start, _BOOKED_WORDS, limit=_TRAVEL_LIMIT):
            if m.category != "appointment":
                continue
            booked = [s for s in self._read(m, raws) if s.candidate.status == "confirmed" and not s.candidate.travel
                      and s.candidate.what != "event"]
            if booked:
                out.extend(booked)
                since[m.sender] = min(m.received_at, since.get(m.sender, m.received_at))
        seen = {s.message.id for s in out if s.message is not None}
        for sender, first in since.items():
            for m in repo.messages_from(self.conn, sender, first, window.start, limit=_TRAVEL_LIMIT):
                if m.id not in seen:
                    seen.add(m.id)
                    out.extend(s for s in self._read(m, raws) if s.candidate.status != "confirmed")
        return [s for s in out if s.candidate.status != "confirmed" or self._ahead(s, now)]

    def _ahead(self, sourced: Sourced, now: datetime) -> bool:
        """Whether a booking read from old mail is still ahead (one whose day has gone is stale, never read)."""
        from steward import dates

        if sourced.message is None:
            return False
        found = dates.find(sourced.candidate.start, self.clock.at(sourced.message.received_at),
                           options=self._options(sourced.message)) if sourced.candidate.start else None
        return found is not None and found.start > now

    def asks_to_come(self, item: Item, said: str) -> bool:
        """Whether an invitation kept from mail asks the person to come: a calendar request does, and so do a
        person's words of welcome ("do come", "bring Adi", `welcome` in vocab.yaml) in `said` (its mail's subject
        and text); words that only tell of an event (a colleague's note of a workshop, a reminder of the school's
        meeting) invite no one."""
        told = self.cues.told
        if item.origin not in ("pattern", "model") or told is None or told.search(item.title) is None:
            return True  # (only an event of the kinds people tell of unasked is read without words of welcome)
        welcome = self.cues.welcome
        return welcome is not None and welcome.search(said) is not None

    def proposals(self) -> tuple[Item, ...]:
        """Appointments waiting for the user's yes, soonest first (only those still ahead)."""
        rows = repo.list_items(self.conn, self.clock.zone, ("proposed",), starting_after=self.clock.now())
        return tuple(r.item for r in rows)

    def recent(self, limit: int = 50) -> tuple[Item, ...]:
        """Appointments still ahead, whatever became of them (proposed, created, duplicate, rejected)."""
        now = self.clock.now()
        rows = repo.list_items(self.conn, self.clock.zone, starting_after=now, limit=limit)
        # a series whose first time has gone is still ahead, at its next time ("your weekly piano lesson")
        went = [r.item for r in repo.list_items(self.conn, self.clock.zone, ("proposed", "created"),
                                                starting_before=now, repeating=True) if r.item.rule]
        later = [t for item in went for t in _times_of(item, now, now + timedelta(days=62))[:1]]
        return tuple(sorted([r.item for r in rows] + later, key=lambda i: (i.start or now, i.id or 0)))[:limit]

    def get(self, item_id: int) -> Item:
        """One appointment (or proposed change) by its number; NotFound when there is none."""
        stored = repo.get_item(self.conn, item_id, self.clock.zone)
        if stored is None:
            raise NotFound(f"there is no appointment #{item_id}; `steward appointments list` shows them")
        return stored.item

    def between(self, start: datetime, end: datetime) -> tuple[Item, ...]:
        """Proposed and created appointments starting in [start, end): a repeating booking ("your weekly piano
        lesson") at each of its times in the span."""
        statuses = ("proposed", "created", "quarantined")
        rows = repo.list_items(self.conn, self.clock.zone, statuses, starting_after=start, starting_before=end)
        once = [r.item for r in rows if not r.item.rule]
        series = [r.item for r in repo.list_items(self.conn, self.clock.zone, statuses, starting_before=end,
                                                  repeating=True) if r.item.rule]
        times = [t for item in series for t in _times_of(item, start, end)]
        return tuple(sorted(once + times, key=lambda i: (i.start or end, i.provider)))

    # -- the scan ---------------------------------------------------------------------------------

    def scan(self, *, dry_run: bool = False) -> ScanReport:
        """Read the window's mail and propose (ask), write (auto) or, with dry_run, only report."""
        if self.mode == "off":
            raise UserError("appointments are off (appointments.mode = off); set it to ask or auto")
        window = self.window()
        if not dry_run:
            self.reconcile()
        messages = repo.window_messages(self.conn, window.start, window.end)
        raws: dict[int, bytes | None] = {}
        found, refused = self._candidates(messages, raws)
        items: list[Item] = []
        done: set[str] = set()
        lives: dict[int, consumer.Live] = {}
        decisions = [self._decide(sourced, messages, raws, window, lives) for sourced in found]
        travel = self.travel_window()
        earlier: set[int] = set()
        # an appointment its mail confirmed before the window is old evidence: proposed while its day is ahead,
        # never written without the person's yes, whatever the mode
        asked: set[int] = set()
        if travel is not None:
            for sourced in self._earlier_travel(travel, window, raws):
                earlier.add(id(sourced.candidate))
                decisions.append(self._decide(sourced, messages, raws, travel, lives))
            for sourced in self._booked_earlier(travel, window, raws):
                asked.add(id(sourced.candidate))
                decisions.append(self._decide(sourced, messages, raws, travel, lives))
        for decision in self._superseded(decisions):
            if isinstance(decision, Rejected) and decision.reason == "reschedule" and id(decision.candidate) in earlier:
                continue  # a journey booked before the window and moved since: the move says it, at its new time
            item = self._consider(decision, dry_run, done, ask=id(decision.candidate) in asked)
            if item is not None:
                items.append(item)
        items.sort(key=lambda i: (i.start is None, i.start or window.end, i.provider))
        return ScanReport(window, tuple(items), dry_run, self.mode, refused)

    def _raw(self, message_id: int, raws: dict[int, bytes | None]) -> bytes | None:
        if message_id not in raws:
            try:
                raws[message_id] = self.fetch(message_id)
            except (SourceGone, NotFound, ConnectorError) as exc:
                log.debug("appointments: message %s not read: %s", message_id, exc.message)
                raws[message_id] = None
        return raws[message_id]

    def _worth_reading(self, m: MessageMeta) -> bool:
        if m.category == "appointment" or any(a.lower().endswith((".ics", ".ical")) for a in m.attachments):
            return True
        if not m.snippet.strip():
            return True  # nothing readable in its text: what it says may be in markup alone (rare, so cheap)
        # the subject, else the head of the body (a forwarded or subject-less booking names itself there)
        said = f"{m.subject}\n{m.snippet}".lower()
        if any(hint in said for hint in _STRUCTURED_HINTS):
            return True
        from steward.appointments.itinerary import mentions_segments  # loaded by a scan, not by a listing

        return mentions_segments(m.snippet)

    def _read(self, m: MessageMeta, raws: dict[int, bytes | None]) -> list[Sourced]:
        """What code reads in one message: structured data, a move in labelled lines, then patterns, then
        a reservation card."""
        from steward.mail.parse import read_body

        mine: list[Sourced] = []
        if self._worth_reading(m):
            raw = self._raw(m.id, raws)
            if raw is not None:
                mine.extend(Sourced(c, m) for c in structured.extract(raw, m.sender_name, m.received_at, self._ticket_order(m)))
        if (not mine and self.cues.status_of(f"{m.subject}\n{m.snippet}") == "rescheduled"
                and self._worth_reading(m) and (raw := self._raw(m.id, raws)) is not None and (
                    moved := patterns.find_moved_lines(m, read_body(raw).text, self.cues, self.clock, self._options(m)))):
            return [Sourced(c, m) for c in moved]  # its lines say the move whole: its sentences not again
        if not mine and _FORWARD.search(f"{m.subject}\n{m.snippet}") and (raw := self._raw(m.id, raws)) is not None and (
                passed_on := [c for c in self._forwarded(m, raw) if c.forwarded]):
            # a business's booking passed on by the family: its time is the forwarded mail's, never a time the
            # note above it says in passing ("the interview is Sat morning")
            return [Sourced(c, m) for c in passed_on]
        mine.extend(Sourced(c, m) for c in patterns.find_candidates(m, self.cues, self.clock, self._options(m)))
        if not mine and self._worth_reading(m) and (raw := self._raw(m.id, raws)) is not None:
            mine.extend(Sourced(c, m) for c in self._card(m, raw))
        if not mine and _FORWARD.search(f"{m.subject}\n{m.snippet}") and (raw := self._raw(m.id, raws)) is not None:
            mine.extend(Sourced(c, m) for c in self._forwarded(m, raw))
        if not mine and (club := self._organisation(m)) is not None and (raw := self._raw(m.id, raws)) is not None:
            mine.extend(Sourced(c, m) for c in self._told_by(club, m, read_body(raw).text))
        if not mine and self._a_roster(m) and (raw := self._raw(m.id, raws)) is not None:
            mine.extend(Sourced(c, m) for c in self._shifts(m, read_body(raw).text))
        if not mine and self._from_a_person(m) and (raw := self._raw(m.id, raws)) is not None:
            mine.extend(Sourced(c, m) for c in self._invited_in_words(m, read_body(raw).text))
        elif mine and all(self._moves_own_plans(s.candidate, m) for s in mine) and (
                raw := self._raw(m.id, raws)) is not None:
            # "practice is moving to 6:15 this Wednesday ... Saturday's game is still on at 10": a person's mail that
            # moves plans tells of the others past its first lines too
            told = [c for c in self._invited_in_words(m, read_body(raw).text)
                    if not any(c.start == s.candidate.start or c.excerpt == s.candidate.excerpt for s in mine)]
            mine.extend(Sourced(c, m) for c in told)
        return mine

    def _organisation(self, m: MessageMeta) -> str | None:
        """The club, school or team a message comes from, when it is that organisation's own mail to its
        members (not a newsletter, a bill or a receipt) and names an event or classes starting again."""
        if m.category in _NOT_TO_MEMBERS or _FORWARD.search(f"{m.subject}\n{m.snippet}"):
            return None
        club = patterns.sender_organisation(m, self.cues)
        said = f"{m.subject}\n{m.snippet}"
        cues = self.cues
        told = ((cues.events is not None and cues.events.search(said) is not None)
                or (cues.resume is not None and cues.resume.search(said) is not None))
        return club if told else None

    def _told_by(self, club: str, m: MessageMeta, body: str) -> list[Candidate]:
        """What a club or a school tells its members of: classes that start again (the first class), else
        the events it announces (a match at its kick-off). Theirs to hold, for the person's family to go
        to: filed under the organisation."""
        from steward.appointments.announced import find_each_announced
        from steward.appointments.lessons import find_restart

        options = self._options(m)
        lesson = find_restart(m, body, self.cues, self.clock, options)
        if lesson is not None:
            return [Candidate(provider=club, start=lesson.start, excerpt=lesson.excerpt, what="event",
                              name=lesson.name, parts=lesson.parts, minutes=lesson.minutes, repeat=lesson.repeat)]
        # a notice to parents often tells of two days at once (a picnic this Friday, an early closing next week)
        return [Candidate(provider=club, start=said.start, excerpt=said.excerpt, what="event", name=said.name,
                          parts=said.parts, location=said.location)
                for said in find_each_announced(m, body, self.cues, self.clock, options)]

    def _moves_own_plans(self, c: Candidate, m: MessageMeta) -> bool:
        """Whether a candidate is a person's own mail moving plans to a time it says (no business's booking)."""
        return (c.status == "rescheduled" and c.moved_to and m.category == "personal" and bool(m.sender_name.strip())
                and provider_key(c.provider) == provider_key(m.sender_name)
                and patterns.sender_business(m, self.cues) is None and not _FORWARD.search(f"{m.subject}\n{m.snippet}"))

    def _a_roster(self, m: MessageMeta) -> bool:
        """Whether a message is a roster sent to the person (a ward's, a shop's, a scheduling system's week of
        shifts), not forwarded and from a named sender."""
        from steward.appointments.rosters import a_roster

        return (bool(m.sender_name.strip()) and m.category not in _NOT_TO_MEMBERS
                and not _FORWARD.search(f"{m.subject}\n{m.snippet}") and a_roster(m.subject, m.snippet))

    def _shifts(self, m: MessageMeta, body: str) -> list[Candidate]:
        """The person's shifts a roster gives, each on its day from its start to its end (a night shift ends the
        next morning): told in the sender's mail, never written to the calendar without the person's yes."""
        from steward.appointments.rosters import find_shifts

        sent = self.clock.at(m.received_at).today()
        events = self.cues.events
        return [Candidate(provider=" ".join(m.sender_name.split()), start=f"{s.start:%A %d %B %Y %H:%M}",
                          excerpt=s.excerpt, start_at=s.start, end_at=s.end, floating=True, status="invitation",
                          what="event", name=s.name) for s in find_shifts(m.subject, body, sent)
                # ("the team meeting is on Monday, 2 to 3, before your shift"): an event's hours, no shift's
                if events is None or events.search(s.excerpt) is None]

    def _from_a_person(self, m: MessageMeta) -> bool:
        """Whether a message is a person's own mail that names an event of the kinds friends invite to (its
        body is then read for an invitation in plain words)."""
        events = self.cues.events
        # (a teacher's note of a parents' evening slot is filed with appointments, and is still a person's word)
        return (m.category in ("personal", "appointment") and bool(m.sender_name.strip()) and events is not None
                and bool(events.search(f"{m.subject}\n{m.snippet}")) and patterns.sender_business(m, self.cues) is None
                and not _FORWARD.search(f"{m.subject}\n{m.snippet}"))

    def _invited_in_words(self, m: MessageMeta, body: str, note: str = "") -> list[Candidate]:
        """An event a person announces in their own words and asks the person to come to ("we're having a
        barbecue on Sunday from 4, do come"), or tells of as one the person goes to unasked ("the workshop is
        on Monday from 3 PM", "the electrician is coming on Saturday at 9:40"): as told in their mail, never a
        booking, never written without the person's yes."""
        from steward.appointments.announced import (
            a_teams_game,
            find_called_off,
            find_each_announced,
            find_moved,
        )

        welcome, told = self.cues.welcome, self.cues.told
        off = find_called_off(m, body, self.cues, self.clock, self._options(m))
        if off is not None:
            # "the barbecue is off this week": the event it calls off (found in `_invitations_called_off`), never
            # one more day of it; the day it names, when it names one, says which
            return [Candidate(provider=" ".join(m.sender_name.split()), start=off.start or off.excerpt,
                              excerpt=off.excerpt, status="cancelled", what="event", name=off.name)]
        # "we've moved the barbecue to Sunday", "they've moved the PTM to Friday": the new time of an event of
        # theirs (kept only when one is found, `_superseded`), read before any other day the mail says ("rain is
        # forecast for Saturday"), whether or not its subject says it moves anything
        said = find_moved(m, body, self.cues, self.clock, self._options(m))
        moved = said is not None
        each = (said,) if said is not None else tuple(
            one for one in find_each_announced(m, body, self.cues, self.clock, self._options(m))
            # news of a party that asks no one to come is someone else's; a team's game its coach tells of by its
            # kick-off is the family's to go to
            if (welcome is not None and (welcome.search(body) or welcome.search(note)))
            or (told is not None and told.search(one.name))
            or a_teams_game(one))
        return [Candidate(provider=" ".join(m.sender_name.split()), start=one.start, excerpt=one.excerpt,
                          status="invitation", what="event", name=one.name, parts=one.parts,
                          location=one.location, moved_to=moved,
                          start_at=self._on_readers_clock(m, one, body) or self._after_noon(m, one))
                for one in each]

    def _after_noon(self, m: MessageMeta, one: Announced) -> datetime | None:
        """The start of a plan a person's mail gives by a bare hour of one to seven ("quiz night is at ours on Friday
        the 9th, half 8", "come round on Sunday at 3"): that hour after noon, as no one meets friends in the small hours;
        None when the mail says the half of the day, or gives another hour."""
        from steward import dates

        said = dates.find(one.start, self.clock.at(m.received_at), options=self._options(m))
        if said is None or not (said.has_date and said.has_time) or HALF_OF_DAY.search(one.start):
            return None
        local = said.start.astimezone(self.clock.zone)
        if not 1 <= local.hour <= 7:
            return None
        return datetime.combine(local.date(), local.time().replace(hour=local.hour + 12), self.clock.zone)

    def _on_readers_clock(self, m: MessageMeta, one: Announced, body: str) -> datetime | None:
        """The start of an event a person's mail says on their own clock ("I'll call Saturday at 2 my time, you're
        two hours ahead of me"), on the person's; None when it is said on the person's own clock."""
        from steward import dates
        from steward.appointments.announced import writers_clock

        apart = writers_clock(one.excerpt, body)
        if apart is None:
            return None
        said = dates.find(one.start, self.clock.at(m.received_at), options=self._options(m))
        if said is None or not (said.has_date and said.has_time):
            return None
        return (said.start + apart).astimezone(self.clock.zone)

    def _forwarded(self, m: MessageMeta, raw: bytes) -> list[Candidate]:
        """What the message a forward holds says, read as the mail its first sender wrote (the booking is
        with them, never with the person who forwarded it); the forward stays its one source."""
        from steward.appointments.announced import organisation_named_by
        from steward.mail.forwarded import unwrap
        from steward.mail.parse import read_body

        inner = unwrap(read_body(raw).text)
        if inner is None or inner.sender == m.sender.lower():
            return []
        first = replace(m, sender=inner.sender, sender_name=inner.sender_name, subject=inner.subject,
                        snippet=" ".join(inner.text.split())[:600])
        found = patterns.find_candidates(first, self.cues, self.clock, self._options(first))
        found = found or patterns.find_in_card(first, inner.text, self.cues, self.clock, self._options(first))
        organisation = (patterns.sender_business(first, self.cues) or patterns.sender_organisation(first, self.cues)
                        or organisation_named_by(inner.sender, inner.text))
        if not found and organisation is not None:
            # a club's or a school's news of an event, in no words of a booking ("the first game kicks off
            # at 10"), or of classes that start again: the organisation's, which the forward passes on
            found = self._told_by(organisation, first, inner.text)
        elif not found and self._from_a_person(first):
            # a friend's or a relative's invitation passed on by a member of the family ("put this on the
            # calendar"): as its first sender told it, asked of by the note above it or by its own words
            found = self._invited_in_words(first, inner.text, note=_note_above(read_body(raw).text))
        # a booking service's own confirmation, sent from its role address ("noreply@", "bookings@"), passed on by a
        # member of the family ("Sorted for Saturday night"): the booking is theirs, never an invitation of the sender's
        service = _ROLE_ADDRESS.match(inner.sender) is not None
        return [replace(c, forwarded=True) if (organisation is not None and provider_key(c.provider) == provider_key(
            organisation)) or (service and c.status == "confirmed" and c.origin == "pattern") else c for c in found]

    def _candidates(self, messages: Sequence[MessageMeta], raws: dict[int, bytes | None]
                    ) -> tuple[list[Sourced], int]:
        out: list[Sourced] = []
        unexplained: list[MessageMeta] = []
        for m in messages:
            mine = self._read(m, raws)
            if not mine and self._worth_reading(m):
                unexplained.append(m)
            out.extend(mine)
        refused = 0
        ask = self._model() if self._model is not None else None
        if ask is not None and unexplained:
            for start in range(0, len(unexplained), MODEL_BATCH):
                lines = [message_line(m) for m in unexplained[start:start + MODEL_BATCH]]
                try:
                    got, bad = ask(lines)
                except ConnectorError as exc:
                    log.warning("appointments: the model could not be asked (%s); patterns only", exc.message)
                    break
                refused += bad
                out.extend(Sourced(c) for c in got)
        return out, refused

    def _card(self, meta: MessageMeta, raw: bytes) -> list[Candidate]:
        """A reservation card in the live body (a service's or a hotel's layout), when nothing else said it."""
        from steward.mail.parse import read_body

        return patterns.find_in_card(meta, read_body(raw).text, self.cues, self.clock, self._options(meta))

    def _decide(self, sourced: Sourced, messages: Sequence[MessageMeta], raws: dict[int, bytes | None],
                window: consumer.Window, lives: dict[int, consumer.Live] | None = None) -> Accepted | Rejected:
        c = sourced.candidate
        meta = sourced.message
        if meta is None:
            found = consumer.resolve_source(c, messages)
            if isinstance(found, Rejected):
                return found
            meta = found
        live = lives.get(meta.id) if lives is not None else None
        if live is None:
            raw = self._raw(meta.id, raws)
            live = None if raw is None else consumer.Live(live_text(meta, raw), tuple(structured.extract(raw, meta.sender_name, meta.received_at, self._ticket_order(meta))))
            if live is not None and lives is not None:
                lives[meta.id] = live  # a message with several candidates is read once
        return consumer.decide(c, meta, live, clock=self.clock, window=window, cues=self.cues, minutes=self.minutes,
                      options=self._options(meta))

    def _superseded(self, decisions: Sequence[Accepted | Rejected]) -> list[Accepted | Rejected]:
        """A confirmation that a later message in the window cancels or moves is not proposed: it
        becomes a rejection with that reason (a cancelled booking is no appointment). So does a booking
        whose UID a later version in the window (a higher SEQUENCE) cancels or gives another start."""
        latest: dict[str, tuple[int, Candidate]] = {}
        for d in decisions:
            version = self._version(d.candidate, d.message)
            if d.candidate.uid and version is not None and (
                    d.candidate.uid not in latest or version > latest[d.candidate.uid][0]):
                latest[d.candidate.uid] = (version, d.candidate)
        changes: list[tuple[str, datetime, datetime, str, str]] = []
        for d in decisions:
            reason = _change_reason(d)
            if reason and d.message is not None and (said := self._said_start(d)) is not None:
                changes.append((provider_key(d.candidate.provider), said, d.message.received_at, reason,
                                d.message.sender.lower()))
        out: list[Accepted | Rejected] = []
        for d in decisions:
            if isinstance(d, Rejected) and d.reason == "invitation" and d.candidate.uid in latest:
                # an invitation a later version moves or calls off is no longer asked at this time
                version, later_one = latest[d.candidate.uid]
                if version > (self._version(d.candidate, d.message) or 0) and (
                        later_one.status == "cancelled"
                        or (later_one.start_at, later_one.days) != (d.candidate.start_at, d.candidate.days)):
                    d = Rejected(d.candidate, "cancellation" if later_one.status == "cancelled" else "reschedule",
                                 d.message, d.start, d.end, detail="by a later invitation")
            if isinstance(d, Accepted) and d.candidate.status == "rescheduled" and not self._booked_before(d, decisions):
                d = Rejected(d.candidate, "unmatched_move", d.message, d.start, d.end)
            if isinstance(d, Accepted):
                key = provider_key(d.candidate.provider)
                # a journey is named by its number, a change of it by the company that sold it: the same
                # sender moving or cancelling exactly the time it leaves is a change of that journey
                sender = d.message.sender.lower() if d.candidate.travel else None
                later = next((reason for who, said, at, reason, by in changes
                              if (who == key or by == sender) and said == d.start and at > d.message.received_at),
                             None)
                newer = latest.get(d.candidate.uid or "")
                if later is None and newer is not None and newer[0] > (self._version(d.candidate, d.message) or 0) and (
                        newer[1].status == "cancelled"
                        or (newer[1].start_at, newer[1].days) != (d.candidate.start_at, d.candidate.days)):
                    later = "cancellation" if newer[1].status == "cancelled" else "reschedule"
                if later is not None:
                    d = Rejected(d.candidate, later, d.message, d.start, d.end, detail="by a later message")
            out.append(d)
        out = self._moved_from_one(out)
        out = [self._as_journey(d, out) for d in out]
        # a booking its markup or calendar part states is not proposed again from the same mail's sentences
        stated = {(d.message.id, d.start) for d in out if isinstance(d, Accepted) and d.message is not None
                  and d.candidate.origin in ("schema", "ics", "itinerary")}
        # an invitation's calendar part says its time: its sentences may name the time it moved from
        invites = {d.message.id for d in out if d.message is not None and d.candidate.origin == "ics"}
        out = self._invitations_called_off(self._invitations_moved(out))
        kept = [d for d in out if not (d.message is not None and d.candidate.origin in ("pattern", "model") and (
            (isinstance(d, Accepted) and (d.message.id, d.start) in stated)
            or (isinstance(d, Rejected) and d.reason == "invitation" and d.message.id in invites)))]
        return [d for d in kept if not _said_again(d, kept) and not _said_of_another(d, kept, self._event_named)
                and not self._held_already(d)]

    def _moved_from_one(self, decisions: list[Accepted | Rejected]) -> list[Accepted | Rejected]:
        """A move that names no time it moves from ("we've pushed your filling back to Monday at 8.15am")
        moves the one booking ahead that its sender's earlier mail confirmed: that one is no longer proposed (of
        several, none is picked)."""
        out = list(decisions)
        for d in decisions:
            if not (isinstance(d, Accepted) and d.candidate.status == "rescheduled" and d.message is not None
                    and self._said_start(d) is None):
                continue
            key, sent = provider_key(d.candidate.provider), d.message.received_at
            earlier = [n for n, o in enumerate(out) if isinstance(o, Accepted) and o.candidate.status == "confirmed"
                       and provider_key(o.candidate.provider) == key and o.message is not None
                       and o.message.received_at < sent and o.start is not None and o.start > sent
                       and o.start != d.start]
            if len(earlier) == 1:
                was = out[earlier[0]]
                out[earlier[0]] = Rejected(was.candidate, "reschedule", was.message, was.start, was.end,
                                           detail="by a later message")
        return out

    def _as_journey(self, d: Accepted | Rejected, decisions: list[Accepted | Rejected]) -> Accepted | Rejected:
        """A move its sender writes in words of a journey it booked ("Now: departs Lisbon 08:40"): that journey
        at its new time, by its number and route (`journey_moves`)."""
        if not isinstance(d, Accepted) or d.candidate.status != "rescheduled":
            return d
        moved = journey_moves.moved_journey(d, decisions, self._said_start(d))
        return d if moved is None else journey_moves.as_the_journey(d, moved)

    def _invitations_moved(self, decisions: list[Accepted | Rejected]) -> list[Accepted | Rejected]:
        """An invitation a later mail from whoever sent it moves ("we've moved the barbecue to Sunday") is no
        longer asked at its first time: it is asked at the new one, and the first becomes that move, as a
        booking's does. A move of an invitation neither this scan nor an earlier one found is no invitation
        of the person's (a move said in a booking's words stays what it was)."""
        decisions = self._moved_to_a_day(decisions)
        named = {id(d): replace(d, candidate=replace(d.candidate, name=self._event_named(d)))
                 for d in decisions if _moves_plans(d) and isinstance(d, Rejected)}
        if not named:
            return decisions
        moved = {key: self._as_it_was(move, decisions) for key, move in named.items()}
        moves = list(moved.values())
        out: list[Accepted | Rejected] = []
        for d in decisions:
            if _moves_plans(d):
                move = moved[id(d)]
                if any(self._moved_by(o, move, decisions) for o in decisions) or self._invited_before(move):
                    out.append(Rejected(replace(move.candidate, status="invitation", what="event"), "invitation",
                                        move.message, move.start, move.end, detail="moved by a later mail"))
                elif not (isinstance(d, Rejected) and d.reason == "invitation"):
                    out.append(d)
                continue
            if isinstance(d, Rejected) and d.reason == "invitation" and any(self._moved_by(d, m, decisions)
                                                                             for m in moves):
                d = Rejected(d.candidate, "reschedule", d.message, d.start, d.end, detail="by a later mail")
            out.append(d)
        return out

    def _as_it_was(self, move: Rejected, decisions: list[Accepted | Rejected]) -> Rejected:
        """A move of the one event it names, by that event's name, on the half of the day it had when its new time
        says none ("the lunch is at 1.30 on Sunday, not 1" of a lunch at 1pm: 13:30), at its place when it names
        none ("same place")."""
        was = [d for d in decisions if self._moved_by(d, replace(move, start=None), decisions)]
        if len(was) != 1 or was[0].start is None or move.start is None:
            return move
        old, start, end = was[0], move.start, move.end
        assert old.start is not None
        if start.astimezone(self.clock.zone).hour < 12 <= old.start.astimezone(self.clock.zone).hour and \
                not HALF_OF_DAY.search(move.candidate.start):
            start, end = start + timedelta(hours=12), end + timedelta(hours=12) if end is not None else None
        # (the event keeps the name its first mail gave it: "dinner's at 8.15" of a "leaving dinner")
        location = move.candidate.location or old.candidate.location
        return replace(move, candidate=replace(move.candidate, location=location, name=self._event_named(old)),
                       start=start, end=end)

    def _moved_to_a_day(self, decisions: list[Accepted | Rejected]) -> list[Accepted | Rejected]:
        """A move of an event told in words to a day with no time ("the workshop has been moved to Monday") is at
        the time the event had, on that day: read so when one event of that name fits, else left unread."""
        from steward import dates

        out = list(decisions)
        dropped: set[int] = set()
        for n, d in enumerate(decisions):
            if not (isinstance(d, Rejected) and d.start is None and d.candidate.moved_to and d.message is not None
                    and d.reason in ("invitation", "reschedule") and d.candidate.origin == "pattern"):
                continue
            said = dates.find(d.candidate.start, self.clock.at(d.message.received_at), options=self._options(d.message))
            if said is None or not said.has_date or said.has_time:
                continue
            day = said.start.astimezone(self.clock.zone).date()
            named = replace(d, candidate=replace(d.candidate, name=self._event_named(d)))
            fits = [o for o in decisions if o is not d and isinstance(o, Rejected) and o.start is not None
                    and self._may_move(o, replace(named, start=datetime.combine(day, o.start.astimezone(
                        self.clock.zone).time(), self.clock.zone)))]
            if len(fits) != 1:
                continue
            was = fits[0]
            assert was.start is not None
            if not any(ch.isdigit() for ch in said.text) and abs((day - was.start.astimezone(self.clock.zone).date()).days) > 3:
                # "moved to Wednesday" said a week or more before it: the Wednesday after the mail, or the one of the
                # event's week? Never guessed: the event is said moved, its new day not read
                out[out.index(was)] = Rejected(was.candidate, "reschedule", was.message, was.start, was.end,
                                               detail="moved by a later mail to a day not read")
                dropped.add(n)
                continue
            start = datetime.combine(day, was.start.astimezone(self.clock.zone).time(), self.clock.zone)
            end = start + (was.end - was.start) if was.end is not None else None
            out[n] = Rejected(d.candidate, d.reason, d.message, start, end, detail="moved to a day, its time kept")
        return [d for n, d in enumerate(out) if n not in dropped]

    def _invitations_called_off(self, decisions: list[Accepted | Rejected]) -> list[Accepted | Rejected]:
        """An event told in words (or an invitation) that a later mail calls off by its name ("the workshop is
        cancelled", "the barbecue on Sunday won't go ahead") is no longer ahead: it is kept at its time as
        cancelled by that mail, which says who called it off and when. A mail that fits several, or none, calls
        off nothing: which one is meant is never guessed."""
        offs = [d for d in decisions if _calls_off(d)]
        if not offs:
            return decisions
        called: dict[int, Rejected] = {}
        used: set[int] = set()
        for off in offs:
            assert isinstance(off, Rejected)
            fits = [i for i, d in enumerate(decisions) if self._called_off_by(d, off)]
            if len(fits) == 1 and fits[0] not in called:
                d = decisions[fits[0]]
                # (told by whoever told of it, as it was listed; called off by the mail that says so, its source)
                called[fits[0]] = Rejected(replace(off.candidate, name=self._event_named(d), provider=d.candidate.provider),
                                           "cancellation", off.message, d.start, d.end,
                                           detail="called off by a later mail")
                used.add(id(off))
        return [called.get(i, d) for i, d in enumerate(decisions) if id(d) not in used]

    def _called_off_by(self, d: Accepted | Rejected, off: Rejected) -> bool:
        """Whether `off` (a later mail calling an event off by name) names `d`, an event told or invited to, on
        the day it says when it says one, else the next of that name."""
        if not (isinstance(d, Rejected) and d.reason == "invitation" and d.start is not None and d.message is not None
                and off.message is not None and d.message.received_at < off.message.received_at
                and d.start > off.message.received_at and _same_event(self._event_named(d), off.candidate.name)):
            return False
        if off.start is not None:
            return off.start == d.start
        from steward import dates

        said = dates.find(off.candidate.start, self.clock.at(off.message.received_at), options=self._options(off.message))
        if said is None or not said.has_date:
            return True
        last = said.end if said.end is not None and said.end > said.start else said.start + timedelta(days=1)
        return said.start.date() <= d.start.astimezone(self.clock.zone).date() < last.date() or \
            said.start.date() == d.start.astimezone(self.clock.zone).date()

    def _event_named(self, d: Accepted | Rejected) -> str:
        """What an event is called in its mail: its name, else the event word its sentence or subject says."""
        if d.candidate.name:
            return d.candidate.name
        events = self.cues.events
        said = events.search(d.candidate.excerpt) or (events.search(d.message.subject) if d.message else None) \
            if events is not None else None
        return said.group(0) if said is not None else ""

    def _moved_by(self, d: Accepted | Rejected, move: Rejected, decisions: Sequence[Accepted | Rejected] = ()) -> bool:
        """Whether `move` (a later mail from whoever invited) moves the invitation `d` to another time. A move
        from someone else moves an event told in words ("the workshop has been moved to Thursday at 2 PM" from a
        colleague of the one who told of it) when it names it, and no other invitation in `decisions` has that
        name: which one is meant is never guessed."""
        if not self._may_move(d, move):
            return False
        assert d.message is not None and move.message is not None
        if d.message.sender.lower() == move.message.sender.lower():
            return True
        return _told_in_words(d) and not any(o is not d and self._may_move(o, move) for o in decisions)

    def _may_move(self, d: Accepted | Rejected, move: Rejected) -> bool:
        return (isinstance(d, Rejected) and d.reason == "invitation" and not d.candidate.moved_to
                and d.message is not None and move.message is not None
                and d.message.received_at < move.message.received_at and d.start != move.start
                and _same_event(self._event_named(d), move.candidate.name))

    def _held_already(self, d: Accepted | Rejected) -> bool:
        """Whether an event told in words is one an earlier scan holds at the same time under the same name,
        read from another sender's mail (the school's notice, read in a scan before a reminder of it came)."""
        if not _told_in_words(d) or d.start is None or d.message is None or not (mine := self._event_named(d)):
            return False
        return any(r.item.start == d.start and r.item.message_id != d.message.id and _same_event(mine, r.item.title)
                   for r in repo.list_items(self.conn, self.clock.zone, ("proposed", "created"),
                                            starting_after=d.start, starting_before=d.start + timedelta(minutes=1)))

    def _withdraw_invitation(self, move: Rejected) -> None:
        """An invitation an earlier scan kept at the time a later mail moves it from is kept as moved."""
        key = provider_key(move.candidate.provider)
        for r in repo.list_items(self.conn, self.clock.zone, ("rejected",)):
            if (r.item.reason == "invitation" and r.item.id is not None and r.item.start != move.start
                    and provider_key(r.item.provider) == key and _same_event(r.item.title, move.candidate.name)):
                with write_txn(self.conn):
                    repo.set_status(self.conn, r.item.id, "rejected", "reschedule")

    def _withdraw_called_off(self, off: Rejected) -> None:
        """An event an earlier scan kept as told or invited to, at the time a later mail calls it off, is kept as
        cancelled."""
        for r in repo.list_items(self.conn, self.clock.zone, ("rejected",)):
            if (r.item.reason == "invitation" and r.item.id is not None and r.item.start == off.start
                    and _same_event(r.item.title or r.item.provider, off.candidate.name)):
                with write_txn(self.conn):
                    repo.set_status(self.conn, r.item.id, "rejected", "cancellation")

    def _invited_before(self, move: Rejected) -> bool:
        """Whether an earlier scan kept an invitation from the same sender to an event of the same name."""
        key = provider_key(move.candidate.provider)
        return any(r.item.reason == "invitation" and provider_key(r.item.provider) == key
                   and _same_event(r.item.title, move.candidate.name)
                   for r in repo.list_items(self.conn, self.clock.zone, ("rejected",)))

    def _consider(self, decision: Accepted | Rejected, dry_run: bool, done: set[str], *,
                  ask: bool = False) -> Item | None:
        decision = self._as_update(decision)
        if isinstance(decision, Rejected):
            return self._rejected(decision, dry_run, done)
        if decision.candidate.status == "rescheduled":
            # a move to a stated time: of an event Steward made, it is proposed as that move; else the
            # booking is proposed at its new time, and a proposal at the old time is withdrawn
            move = Rejected(decision.candidate, "reschedule", decision.message, decision.start, decision.end)
            if self._change_of(move) is not None:
                return self._rejected(move, dry_run, done)
            if not dry_run:
                self._withdraw_moved(move)
        if decision.fingerprint in done:
            return None  # the same appointment read twice (subject and snippet, markup and text)
        done.add(decision.fingerprint)
        return self._settle(decision, dry_run, via="scheduler" if not dry_run else "cli", ask=ask)

    def _made_by_uid(self, c: Candidate) -> StoredItem | None:
        """The event Steward made from the booking whose iCalendar UID this candidate carries, or None."""
        return repo.created_by_uid(self.conn, c.uid, self.clock.zone) if c.uid else None

    @staticmethod
    def _version(c: Candidate, message: MessageMeta | None) -> int | None:
        """The version of a booking this candidate is: its iCalendar SEQUENCE; for schema.org markup
        (which has none), the arrival of its message in seconds, so only later mail changes it."""
        if c.sequence is not None or not c.uid or message is None:
            return c.sequence
        return int(message.received_at.timestamp())

    def _newer(self, c: Candidate, message: MessageMeta | None, made: StoredItem) -> bool:
        """Whether the candidate is a later version of the booking than the event Steward made."""
        return (self._version(c, message) or 0) > (made.ical_sequence or 0)

    def _as_update(self, decision: Accepted | Rejected) -> Accepted | Rejected:
        """A calendar part (PUBLISH or REQUEST) with the UID of a booking Steward made and another start is a
        move of that event when its SEQUENCE is higher, and changes nothing when it is not."""
        if not isinstance(decision, Accepted):
            return decision
        made = self._made_by_uid(decision.candidate)
        if made is None or made.fingerprint == decision.fingerprint or made.item.start == decision.start:
            return decision
        reason = "reschedule" if self._newer(decision.candidate, decision.message, made) else "older_update"
        return Rejected(decision.candidate, reason, decision.message, decision.start, decision.end,
                        detail="a calendar update")

    def _item(self, a: Accepted, status: str, reason: str | None, *, id: int | None = None,
              event_id: str | None = None) -> Item:
        c = a.candidate
        local = c.start_at if c.travel and c.start_at is not None and c.start_at.utcoffset() not in (None, timedelta(0)) else None
        if reason is None and c.status == "rescheduled":
            reason = "reschedule"  # a booking read from the mail that moved it there
        return Item(status=status, reason=reason, provider=c.provider, start=a.start, end=a.end,  # type: ignore[arg-type]
                    location=a.location, excerpt=c.excerpt, message_id=a.message.id, event_id=event_id, id=id,
                    origin=c.origin, title=c.title, local_start=local, all_day=c.days is not None and local is None,
                    rule=c.repeat)

    def _rejected(self, r: Rejected, dry_run: bool, done: set[str]) -> Item | None:
        c = r.candidate
        change = self._change_for(r, dry_run)
        if change is not None:
            seen = f"change|{change.id if change.id is not None else change.change}"
            if seen in done:
                return None  # the cancellation, and the confirmation it cancels, name the same change
            done.add(seen)
            return change
        # without a start, one line per message and reason (its calendar part and its text say the same)
        key = f"rejected|{normalise(c.provider)}|{r.start or (r.message.id if r.message else c.start)}|{r.reason}"
        if key in done:
            return None
        done.add(key)
        if _moves_an_invitation(r) and not dry_run:
            self._withdraw_invitation(r)
        if r.reason == "cancellation" and _calls_off(r) and r.start is not None and not dry_run:
            self._withdraw_called_off(r)
        if r.start is not None and not dry_run:
            fp = fingerprint(c.provider, r.start)
            existing = repo.item_by_fingerprint(self.conn, fp, self.clock.zone)
            if (existing is not None and existing.item.id is not None and existing.item.status == "proposed"
                    and existing.change_of is None and r.reason in ("cancellation", "reschedule")):
                with write_txn(self.conn):  # proposed earlier, cancelled or moved since: no longer proposed
                    repo.set_status(self.conn, existing.item.id, "rejected", r.reason)
            # a move of a booking never found is said in the scan, not kept: it names no booking of the person's
            if existing is None and r.end is not None and r.reason != "unmatched_move":
                item = Item("rejected", r.reason, c.provider, r.start, r.end, c.location, c.excerpt,
                            r.message.id if r.message else None, origin=c.origin, title=c.title)
                with write_txn(self.conn):
                    repo.save_item(self.conn, item, fingerprint=fp, zone=self.clock.zone_name, start_text=c.start,
                                   source_marker=source_marker(r.message.key) if r.message else "")
        return Item("rejected", r.reason, c.provider, r.start, r.end, c.location, c.excerpt,
                    r.message.id if r.message else None, origin=c.origin, title=c.title)

    def _change_of(self, r: Accepted | Rejected) -> tuple[StoredItem, datetime, datetime] | None:
        """The appointment Steward put on a calendar that a cancellation or a move names, and its times
        after the change (a cancellation keeps them); None when it names none of Steward's events."""
        reason = _change_reason(r)
        if reason is None or r.message is None:
            return None
        from steward import dates

        c = r.candidate
        by_uid = self._made_by_uid(c)
        if by_uid is not None:  # the booking's UID names the event: its SEQUENCE decides, not its times
            return self._uid_change(r, by_uid)
        at = self.clock.at(r.message.received_at)
        zone = self.clock.zone
        said = self._said_start(r)
        if said is not None:
            made = next((m for m in repo.created_at(self.conn, said, zone)
                         if provider_key(m.item.provider) == provider_key(c.provider)), None)
            made = made or self._on_calendar(c.provider, said) or self._journey_at(r.message, said)
        elif reason == "reschedule" and c.moved_to:
            made = self._only_one_ahead(c.provider, ("created",))  # "moved to <time>", from no time said
        else:
            return None
        if made is None or made.item.start is None or made.item.end is None or made.item.event_id is None:
            return None
        if reason == "cancellation":
            return made, made.item.start, made.item.end
        new = dates.find(c.start, at, options=self._options(r.message))
        if new is None or not new.has_time:
            return None
        moved = new.start.astimezone(zone)
        return made, moved, moved + (made.item.end - made.item.start)

    def _journey_at(self, message: MessageMeta, said: datetime) -> StoredItem | None:
        """The one journey Steward made at that time from the same sender's mail: an airline's leg is
        named by its number ("AP 417"), its schedule change by the airline; the time and the sender say
        which booking it is."""
        found = [m for m in repo.created_at(self.conn, said, self.clock.zone)
                 if m.item.local_start is not None and m.item.message_id is not None
                 and (meta := repo.message_meta(self.conn, m.item.message_id)) is not None
                 and meta.sender == message.sender]
        return found[0] if len(found) == 1 else None

    def _booked_before(self, move: Accepted, scanned: Sequence[Accepted | Rejected] = ()) -> bool:
        """Whether the booking a move moves is one the mail confirmed: this scan read it, Steward holds
        it, or an earlier message from the same sender confirms it at the time moved from (when the move
        names none, exactly one booking of theirs still ahead). A move of a booking never seen is no booking."""
        said, key = self._said_start(move), provider_key(move.candidate.provider)
        ahead = move.message.received_at
        found = [d for d in scanned if said is not None and d.start == said and d.candidate.status == "confirmed"
                 and provider_key(d.candidate.provider) == key and d.message is not None
                 and d.message.received_at < ahead and (isinstance(d, Accepted) or d.reason == "past_start")]
        if found:
            return not self._elsewhere(found[0])
        held = {r.item.start for r in repo.list_items(self.conn, self.clock.zone, ("proposed", "created", "duplicate",
                                                                                     "quarantined", "rejected"),
                                                      starting_after=said or ahead,
                                                      starting_before=(said + timedelta(minutes=1)) if said else None)
                if r.change_of is None and provider_key(r.item.provider) == key and r.item.start != move.start
                and (r.item.status != "rejected" or r.item.reason == "reschedule")}
        if said is not None and said in held:
            return True
        raws: dict[int, bytes | None] = {}
        window = consumer.Window(ahead - timedelta(days=365), ahead)
        earlier = repo.messages_from(self.conn, move.message.sender, window.start, ahead, limit=30)
        for m in earlier:
            for sourced in self._read(m, raws):
                # a journey the sender booked is named by its number ("AP 417"), the move by the sender:
                # it is the one moved when it left at exactly the time the move moves from
                named = provider_key(sourced.candidate.provider) == key
                if sourced.candidate.status != "confirmed" or not (named or (sourced.candidate.travel and said)):
                    continue
                d = consumer.decide(sourced.candidate, m, self._live(m, raws), clock=self.clock, window=window,
                           cues=self.cues, minutes=self.minutes, options=self._options(m))
                if d.start is not None and (isinstance(d, Accepted) or d.reason == "past_start"):
                    if not named and d.start != said:
                        continue
                    if said is not None and d.start == said:
                        return not self._elsewhere(d)
                    if said is None and d.start > ahead and d.start != move.start:
                        held.add(d.start)
        return said is None and len(held) == 1

    def _elsewhere(self, original: Accepted | Rejected) -> bool:
        """Whether a booking's times are a place's clock other than the person's (a flight from another
        zone): a move's times, read on the person's clock, would then be wrong, so it is not taken."""
        c, start = original.candidate, original.start
        return bool(c.travel and c.start_at is not None and c.start_at.utcoffset() is not None and start is not None
                    and c.start_at.utcoffset() != start.astimezone(self.clock.zone).utcoffset())

    def _live(self, meta: MessageMeta, raws: dict[int, bytes | None]) -> consumer.Live | None:
        raw = self._raw(meta.id, raws)
        return None if raw is None else consumer.Live(live_text(meta, raw),
                                             tuple(structured.extract(raw, meta.sender_name, meta.received_at, self._ticket_order(meta))))

    def _on_calendar(self, provider: str, said: datetime) -> StoredItem | None:
        """The one event on the person's calendars at that time whose title names the provider (added by
        hand, by talking or by another calendar client), as the appointment a change mail changes; None
        for none, for several, and for a repeating event (a mail about one time is not about a series)."""
        calendar = self._calendar()
        found = []
        for name in calendar.backends:
            try:
                reading = calendar.backend(name).read(said, said + timedelta(minutes=1))
            except ConnectorError as exc:
                log.debug("appointments: %s not read for a change: %s", name, exc.message)
                continue
            found += [e for e in reading.events
                      if e.start == said and not e.all_day and e.rule is None and consumer.near(provider, e.title)]
        if len(found) != 1:
            return None
        e, zone = found[0], self.clock.zone
        item = Item("created", None, provider, e.start.astimezone(zone), e.end.astimezone(zone), e.location, e.title,
                    None, e.id, origin="calendar", title=e.title)
        return StoredItem(item, fingerprint(provider, e.start), "", self.clock.zone_name, e.calendar, e.title)

    def _only_one_ahead(self, provider: str, statuses: tuple[str, ...]) -> StoredItem | None:
        """The one appointment from this provider still ahead with one of `statuses`; None for none or several."""
        key = provider_key(provider)
        rows = [r for r in repo.list_items(self.conn, self.clock.zone, statuses, starting_after=self.clock.now())
                if r.change_of is None and provider_key(r.item.provider) == key]
        return rows[0] if len(rows) == 1 else None

    def _withdraw_moved(self, move: Rejected) -> None:
        """A proposal at the time a move moves from (or, when the mail names no earlier time, the one
        proposal from that provider still ahead) is no longer proposed: the booking is at its new time."""
        said = self._said_start(move)
        key = provider_key(move.candidate.provider)
        if said is not None:
            old = next((r for r in repo.list_items(self.conn, self.clock.zone, ("proposed",), starting_after=said
                                                   - timedelta(minutes=1), starting_before=said + timedelta(minutes=1))
                        if r.change_of is None and provider_key(r.item.provider) == key), None)
        else:
            old = self._only_one_ahead(move.candidate.provider, ("proposed",))
        if old is not None and old.item.id is not None and old.item.start != move.start:
            with write_txn(self.conn):
                repo.set_status(self.conn, old.item.id, "rejected", "reschedule")

    def _uid_change(self, r: Accepted | Rejected, made: StoredItem) -> tuple[StoredItem, datetime, datetime] | None:
        """A cancellation or an update of the booking with the UID of `made`: its times after the change,
        or None when it is no newer than the event (a SEQUENCE not higher) or does not move it."""
        c = r.candidate
        if not self._newer(c, r.message, made) or made.item.start is None or made.item.end is None or made.item.event_id is None:
            return None
        if _change_reason(r) == "cancellation":
            return made, made.item.start, made.item.end
        start: datetime | Rejected | None = r.start
        if start is None and c.start_at is not None:
            start = consumer._structured_start(c, self.clock)
        if not isinstance(start, datetime) or start == made.item.start:
            return None
        return made, start, consumer._end(c, start, self.clock, int((made.item.end - made.item.start).total_seconds() // 60))

    def _said_start(self, r: Accepted | Rejected) -> datetime | None:
        """The start a cancellation names, or the earlier start a move moves from (None: neither)."""
        reason = _change_reason(r)
        if reason is None or r.message is None:
            return None
        from steward import dates

        c = r.candidate
        zone = self.clock.zone
        made = self._made_by_uid(c)
        if made is not None and not self._newer(c, r.message, made):
            return None  # an older version of a booking Steward made cancels or moves nothing
        if reason == "cancellation" and c.start_at is not None:
            return c.start_at.replace(tzinfo=zone) if c.start_at.tzinfo is None else c.start_at.astimezone(zone)
        earlier = c.was if reason == "reschedule" else c.start
        found = (dates.find(earlier, self.clock.at(r.message.received_at), options=self._options(r.message)) if earlier
                 else None)
        return found.start.astimezone(zone) if found is not None and found.has_time else None

    def _change_for(self, r: Rejected, dry_run: bool) -> Item | None:
        """A cancellation or a move of an appointment Steward made: a proposal of its own, showing the change."""
        found = self._change_of(r)
        if found is None or r.message is None:
            return None
        made, start, end = found
        kind = "cancel" if r.reason == "cancellation" else "move"
        key = change_key(kind, made.fingerprint, start)
        existing = repo.item_by_fingerprint(self.conn, key, self.clock.zone)
        if existing is not None:
            return existing.item  # proposed, applied (created) or turned down (rejected)
        was, fmt = made.item.start, self.clock.formats
        assert was is not None
        if kind == "cancel":
            change = f"cancelled: remove {made.item.title} on {fmt.moment(was)} from your calendar"
        else:
            change = f"moved: {made.item.title} is now {fmt.moment(start)} (it was {fmt.moment(was)})"
        item = Item("proposed", r.reason, made.item.provider, start, end, made.item.location, r.candidate.excerpt,
                    r.message.id, made.item.event_id, origin=r.candidate.origin, change=change, title=made.item.title)
        if dry_run:
            return item
        with write_txn(self.conn):
            if made.item.id is None:  # an event on the calendar Steward did not make: held from now on
                made = replace(made, item=replace(made.item, id=repo.save_item(
                    self.conn, made.item, fingerprint=made.fingerprint, source_marker="", zone=made.zone,
                    start_text=made.start_text, calendar=made.calendar)))
                item = replace(item, event_id=made.item.event_id)
            item_id = repo.save_item(self.conn, item, fingerprint=key, source_marker=source_marker(r.message.key),
                                     zone=self.clock.zone_name, start_text=r.candidate.start,
                                     calendar=made.calendar, change_of=made.item.id,
                                     ical_uid=r.candidate.uid, ical_sequence=self._version(r.candidate, r.message))
        return replace(item, id=item_id)

    # -- duplicates and the write ------------------------------------------------------------------

    def _duplicate_of(self, a: Accepted, existing: StoredItem | None) -> tuple[str, str | None] | None:
        """(reason, event uid) when this appointment is already on a calendar, else None."""
        for marker in repo.markers_for(self.conn, source_marker=a.source_marker, fingerprint=a.fingerprint):
            if marker.state == "written":
                same = marker.fingerprint == a.fingerprint
                return ("fingerprint" if same else "source_marker"), marker.event_uid
        if existing is not None and existing.item.status == "created":
            return "fingerprint", existing.item.event_id
        calendar = self._calendar()
        for name in calendar.backends:
            marked = self._marked(calendar.backend(name), a)
            if marked is not None:
                return marked
        for name in calendar.backends:
            try:
                reading = calendar.backend(name).read(a.start - NEAR, a.start + NEAR)
            except ConnectorError as exc:
                log.debug("appointments: %s not read for duplicates: %s", name, exc.message)
                continue
            for event in reading.events:
                if consumer.near(a.candidate.provider, event.title) and abs(event.start - a.start) <= NEAR:
                    return "near_duplicate", event.id
        return None

    @staticmethod
    def _marked(backend: object, a: Accepted) -> tuple[str, str | None] | None:
        """An event the calendar itself holds with either private marker of this appointment (a calendar
        that can be asked by marker, such as Google's: another home, or a store restored from backup)."""
        find_marked = getattr(backend, "find_marked", None)
        if find_marked is None:
            return None
        for name, value, reason in (("source", a.source_marker, "source_marker"),
                                    ("fingerprint", a.fingerprint, "fingerprint")):
            try:
                event = find_marked(name, value)
            except ConnectorError as exc:
                log.debug("appointments: markers not looked up: %s", exc.message)
                return None
            if event is not None:
                return reason, event.id
        return None

    def _settle(self, a: Accepted, dry_run: bool, *, via: str, ask: bool = False) -> Item:
        existing = repo.item_by_fingerprint(self.conn, a.fingerprint, self.clock.zone)
        if existing is not None and existing.item.status == "rejected" and existing.item.reason in (
                "user", "cancellation"):
            return replace(existing.item, status="rejected")
        if existing is not None and existing.item.status == "quarantined":
            return existing.item
        dup = self._duplicate_of(a, existing)
        if dup is not None:
            reason, uid = dup
            if not dry_run:
                with write_txn(self.conn):
                    if existing is None or existing.item.status != "created":
                        repo.save_item(self.conn, self._item(a, "duplicate", reason, event_id=uid),
                                       fingerprint=a.fingerprint, source_marker=a.source_marker,
                                       zone=self.clock.zone_name, start_text=a.candidate.start)
            return self._item(a, "duplicate", reason, id=existing.item.id if existing else None, event_id=uid)
        auto = self.mode == "auto" and not ask
        if dry_run:
            status = "created" if auto else "proposed"
            return self._item(a, status, "dry run", id=existing.item.id if existing else None)
        with write_txn(self.conn):
            item_id = repo.save_item(self.conn, self._item(a, "proposed", None), fingerprint=a.fingerprint,
                                     source_marker=a.source_marker, zone=self.clock.zone_name,
                                     start_text=a.candidate.start, ical_uid=a.candidate.uid,
                                     ical_sequence=self._version(a.candidate, a.message))
        if auto:
            return self._write(a, item_id, {"via": "email", "command": "appointments scan"})
        return self._item(a, "proposed", None, id=item_id)

    def _write(self, a: Accepted, item_id: int, provenance: dict[str, str]) -> Item:
        calendar = self._calendar()
        target = calendar.backend(self.calendar_name)
        uid = f"steward-appt-{a.fingerprint}"
        marker = Marker(uid, target.name, a.source_marker, a.fingerprint, "writing", item_id, None)
        with write_txn(self.conn):
            repo.put_marker(self.conn, marker)  # before the calendar is called: a crash leaves a trace
        prov = {**provenance, "message_id": str(a.message.id), "origin": a.candidate.origin,
                "excerpt": a.candidate.excerpt[:200], "appointment": str(item_id)}
        try:
            # a stay is an all-day event over its days, from check-in day to check-out day, unless the mail gives
            # both hours on the hotel's clock: then it runs from the check-in to the check-out
            days = None if timed_stay(a.candidate) else a.candidate.days
            event = calendar.create_event(a.candidate.title, days[0].isoformat() if days else a.start,
                                          end=days[1].isoformat() if days else a.end, location=a.location,
                                          calendar=target.name, uid=uid, provenance=prov, rule=a.candidate.repeat,
                                          markers={"source": a.source_marker, "fingerprint": a.fingerprint})
        except Duplicate:
            return self._after_duplicate(a, item_id, uid, target.name)
        except PastMoment:
            with write_txn(self.conn):
                repo.drop_marker(self.conn, uid)
                repo.set_status(self.conn, item_id, "rejected", "past_start")
            return self._item(a, "rejected", "past_start", id=item_id)
        except ConnectorError as exc:
            # the server may have stored it before the answer was lost: never retry blind
            with write_txn(self.conn):
                repo.put_marker(self.conn, replace(marker, state="quarantined", error=exc.message[:300]))
                repo.set_status(self.conn, item_id, "quarantined", "unknown_outcome", uid, target.name)
                audit.record(self.conn, "appointment.quarantine", uid, prov, {"error": exc.message[:300]})
            log.warning("appointments: the write of appointment %s is quarantined: %s", item_id, exc.message)
            log.debug("appointments: appointment %s is %s", item_id, a.candidate.title)
            return self._item(a, "quarantined", "unknown_outcome", id=item_id, event_id=uid)
        with write_txn(self.conn):
            repo.put_marker(self.conn, replace(marker, state="written"))
            repo.set_status(self.conn, item_id, "created", None, event.id, target.name)
        return self._item(a, "created", None, id=item_id, event_id=event.id)

    def _after_duplicate(self, a: Accepted, item_id: int, uid: str, calendar_name: str) -> Item:
        """create_event refused a duplicate: ours (the UID is there) or a twin the user made."""
        backend = self._calendar().backend(calendar_name)
        ours = backend.find(uid) is not None
        with write_txn(self.conn):
            if ours:
                repo.put_marker(self.conn, Marker(uid, calendar_name, a.source_marker, a.fingerprint,
                                                       "written", item_id, None))
                repo.set_status(self.conn, item_id, "created", None, uid, calendar_name)
            else:
                repo.drop_marker(self.conn, uid)
                repo.set_status(self.conn, item_id, "duplicate", "near_duplicate")
        if ours:
            return self._item(a, "created", None, id=item_id, event_id=uid)
        return self._item(a, "duplicate", "near_duplicate", id=item_id)

    def reconcile(self) -> list[str]:
        """Settle writes whose outcome was unknown: found by UID -> created; not there -> proposed again."""
        settled = []
        calendar = self._calendar()
        for marker in repo.unsettled_markers(self.conn):
            try:
                found = calendar.backend(marker.calendar).find(marker.event_uid)
            except ConnectorError as exc:
                log.info("appointments: the write of appointment %s is still unknown (%s)", marker.item_id, exc.message)
                log.debug("appointments: appointment %s is event %s", marker.item_id, marker.event_uid)
                continue
            with write_txn(self.conn):
                if found is not None:
                    repo.put_marker(self.conn, replace(marker, state="written", error=None))
                    if marker.item_id is not None:
                        repo.set_status(self.conn, marker.item_id, "created", None, marker.event_uid, marker.calendar)
                    audit.record(self.conn, "appointment.reconcile", marker.event_uid, {"via": "scheduler"},
                                 {"found": True})
                else:
                    repo.drop_marker(self.conn, marker.event_uid)
                    if marker.item_id is not None:
                        repo.set_status(self.conn, marker.item_id, "proposed", None)
                    audit.record(self.conn, "appointment.reconcile", marker.event_uid, {"via": "scheduler"},
                                 {"found": False})
            settled.append(marker.event_uid)
        return settled

    # -- the user's answer --------------------------------------------------------------------------

    def accept(self, item_id: int, *, provenance: dict[str, str] | None = None) -> Item:
        """Write a proposal to the calendar, after proving it again from its message read live."""
        self.reconcile()
        stored = repo.get_item(self.conn, item_id, self.clock.zone)
        if stored is None:
            raise NotFound(f"there is no appointment #{item_id}; `steward appointments list` shows them")
        item = stored.item
        if stored.change_of is not None:
            return self._apply_change(stored, provenance or {})
        if item.change is not None or item.status != "proposed":
            if item.status == "created":
                raise UserError(f"appointment #{item_id} is already on your calendar ({item.event_id})")
            raise UserError(f"appointment #{item_id} is {item.status}"
                            + (f" ({item.reason})" if item.reason else "") + "; nothing was written")
        proved = self._prove_again(stored)
        if isinstance(proved, Rejected):
            with write_txn(self.conn):
                repo.set_status(self.conn, item_id, "rejected", proved.reason)
            raise UserError(f"appointment #{item_id} no longer checks out: {proved.because}; nothing was written")
        if proved.candidate.status == "rescheduled" and (moves := self._change_of(proved)) is not None:
            # the event it moves is on the calendar now: a second event would be a duplicate
            with write_txn(self.conn):
                repo.set_status(self.conn, item_id, "rejected", "reschedule")
            raise UserError(f"appointment #{item_id} moves {moves[0].item.title}, which is on your calendar now; "
                            "nothing was written (`steward appointments scan` proposes the move)")
        dup = self._duplicate_of(proved, None)
        if dup is not None:
            with write_txn(self.conn):
                repo.set_status(self.conn, item_id, "duplicate", dup[0], dup[1])
            return self._item(proved, "duplicate", dup[0], id=item_id, event_id=dup[1])
        return self._write(proved, item_id, {"via": "cli", "command": "appointments accept", **(provenance or {})})

    def _apply_change(self, stored: StoredItem, provenance: dict[str, str]) -> Item:
        """The user's yes to a cancellation or a move: proved again from its message read live, then the
        event is deleted or moved through the calendar's one write path."""
        item = stored.item
        assert item.id is not None and stored.change_of is not None and item.start is not None and item.end is not None
        if item.status != "proposed":
            done = "was already made" if item.status == "created" else f"is {item.status}"
            raise UserError(f"change #{item.id} {done}; nothing was changed")
        target = repo.get_item(self.conn, stored.change_of, self.clock.zone)
        if target is None or target.item.status != "created" or target.item.event_id is None:
            with write_txn(self.conn):
                repo.set_status(self.conn, item.id, "rejected", "not_on_calendar")
            raise UserError(f"change #{item.id}: {REASONS['not_on_calendar']}; nothing was changed")
        if not self._still_says(stored, target):
            with write_txn(self.conn):
                repo.set_status(self.conn, item.id, "rejected", "evidence_not_in_source")
            raise UserError(f"change #{item.id} no longer checks out: {REASONS['evidence_not_in_source']}; "
                            "nothing was changed")
        uid, cancel = target.item.event_id, item.reason == "cancellation"
        prov = {"via": "cli", "command": "appointments accept", **provenance, "message_id": str(item.message_id),
                "appointment": str(target.item.id), "change": str(item.id)}
        calendar = self._calendar()
        try:
            if cancel:
                calendar.delete_event(uid, provenance=prov, calendar=target.calendar)
            else:
                calendar.move_event(uid, item.start, item.end, provenance=prov, calendar=target.calendar)
        except NotFound:
            with write_txn(self.conn):
                repo.set_status(self.conn, item.id, "rejected", "not_on_calendar")
            raise UserError(f"change #{item.id}: {REASONS['not_on_calendar']}; nothing was changed") from None
        except PastMoment:
            with write_txn(self.conn):
                repo.set_status(self.conn, item.id, "rejected", "past_start")
            raise UserError(f"change #{item.id}: {REASONS['past_start']}; nothing was changed") from None
        with write_txn(self.conn):
            repo.set_status(self.conn, item.id, "created", None)
            if cancel:
                repo.set_status(self.conn, target.item.id, "rejected", "cancellation")  # type: ignore[arg-type]
            else:
                repo.move_item(self.conn, target.item.id, item.start, item.end)  # type: ignore[arg-type]
            if stored.ical_sequence is not None:  # the booking's update that was made: older ones change nothing
                repo.set_sequence(self.conn, target.item.id, stored.ical_sequence)  # type: ignore[arg-type]
        return replace(item, status="created", reason=None)

    def _still_says(self, stored: StoredItem, target: StoredItem) -> bool:
        """Whether the change's message, read again live, still cancels or moves that appointment."""
        item = stored.item
        meta = repo.message_meta(self.conn, item.message_id) if item.message_id is not None else None
        raws: dict[int, bytes | None] = {}
        raw = self._raw(meta.id, raws) if meta is not None else None
        if meta is None or raw is None:
            return False
        window = consumer.Window(self.clock.now() - timedelta(days=self.window_days), self.clock.now())
        options = [Sourced(s, meta) for s in structured.extract(raw, meta.sender_name, meta.received_at, self._ticket_order(meta))]
        options += [Sourced(s, meta) for s in patterns.find_candidates(meta, self.cues, self.clock, self._options(meta))]
        options += [Sourced(s, meta) for s in self._card(meta, raw)]
        if item.reason == "reschedule":  # a move laid out as labelled lines ("Was: …" / "Now: …") too
            from steward.mail.parse import read_body

            options += [Sourced(s, meta) for s in patterns.find_moved_lines(meta, read_body(raw).text, self.cues, self.clock,
                                                                   self._options(meta))]
        for option in options:
            decided = self._as_update(self._decide(option, [meta], raws, window))
            if _change_reason(decided) != item.reason:
                continue  # (a move to a stated time is decided as the booking there, and is still a move)
            found = self._change_of(decided)
            if found is not None and found[0].item.id == target.item.id and found[1] == item.start:
                return True
        return False

    def moved_from(self, item_id: int) -> datetime | None:
        """The time a moved booking was at before the move: the event's own time for a move of one Steward made,
        else the earlier time the mail that moved it names ("has moved your fitting from Fri 9 Oct at 2 pm to
        ..."), read again from that mail; None when it names none, names several, or is gone."""
        stored = repo.get_item(self.conn, item_id, self.clock.zone)
        if stored is None or stored.item.reason != "reschedule" or stored.item.message_id is None:
            return None
        if stored.change_of is not None:
            made = repo.get_item(self.conn, stored.change_of, self.clock.zone)
            return made.item.start if made is not None else None
        meta = repo.message_meta(self.conn, stored.item.message_id)
        if meta is None:
            return None
        from steward import dates

        options = self._options(meta)
        found = list(patterns.find_candidates(meta, self.cues, self.clock, options))
        raw = self._raw(meta.id, {}) if not any(c.was for c in found) else None
        if raw is not None:
            from steward.mail.parse import read_body

            found += patterns.find_moved_lines(meta, read_body(raw).text, self.cues, self.clock, options)
        at = self.clock.at(meta.received_at)
        said = {r.start.astimezone(self.clock.zone) for c in found if c.status == "rescheduled" and c.was
                and (r := dates.find(c.was, at, options=options)) is not None and r.has_time}
        if not said:
            # the move names no earlier time ("we've pushed your filling back to ..."): the one booking of the
            # sender's earlier mail that this move set aside
            key = provider_key(stored.item.provider)
            said = {r.item.start for r in repo.list_items(self.conn, self.clock.zone, ("rejected",))
                    if r.item.reason == "reschedule" and provider_key(r.item.provider) == key
                    and r.item.start is not None and r.item.start != stored.item.start
                    and r.item.message_id is not None and r.item.message_id != meta.id
                    and (earlier := repo.message_meta(self.conn, r.item.message_id)) is not None
                    and earlier.received_at < meta.received_at}
        return said.pop() if len(said) == 1 else None

    def reject(self, item_id: int, *, provenance: dict[str, str] | None = None) -> Item:
        """Turn a proposal down: it is not proposed again."""
        stored = repo.get_item(self.conn, item_id, self.clock.zone)
        if stored is None:
            raise NotFound(f"there is no appointment #{item_id}; `steward appointments list` shows them")
        if stored.item.status != "proposed":
            raise UserError(f"appointment #{item_id} is {stored.item.status}; only a proposal can be turned down")
        with write_txn(self.conn):
            repo.set_status(self.conn, item_id, "rejected", "user")
            audit.record(self.conn, "appointment.reject", str(item_id), {"via": "cli", **(provenance or {})},
                         {"provider": stored.item.provider})
        return replace(stored.item, status="rejected", reason="user")

    def _prove_again(self, stored: StoredItem) -> Accepted | Rejected:
        item = stored.item
        c = Candidate(provider=item.provider, start=stored.start_text, excerpt=item.excerpt, location=item.location,
                      origin=item.origin)  # type: ignore[arg-type]
        meta = repo.message_meta(self.conn, item.message_id) if item.message_id is not None else None
        if meta is None:
            return Rejected(c, "source_gone")
        raws: dict[int, bytes | None] = {}
        raw = self._raw(meta.id, raws)
        if raw is None:
            return Rejected(c, "source_gone", meta)
        window = consumer.Window(self.clock.now() - timedelta(days=self.window_days), self.clock.now())
        options = [Sourced(s, meta) for s in structured.extract(raw, meta.sender_name, meta.received_at, self._ticket_order(meta))]
        options += [Sourced(s, meta) for s in patterns.find_candidates(meta, self.cues, self.clock, self._options(meta))]
        options += [Sourced(s, meta) for s in self._card(meta, raw)]
        options += self._read(meta, raws)  # and what it read below a forward's line, or in a friend's words
        if item.origin == "model":
            options.append(Sourced(c, meta))
        last: Accepted | Rejected = Rejected(c, "evidence_not_in_source", meta)
        travel = self.travel_window()
        for option in options:
            # a journey is proved on the span the scan read it in
            decided = self._decide(option, [meta], raws,
                                   travel if travel is not None and option.candidate.travel else window)
            if isinstance(decided, Accepted) and decided.candidate.status == "rescheduled" and (
                    not self._booked_before(decided)):
                continue  # the booking it moves is no longer found
            if isinstance(decided, Accepted) and decided.fingerprint == stored.fingerprint:
                return decided
            if isinstance(decided, Rejected) and normalise(decided.candidate.provider) == normalise(item.provider):
                last = decided
        return last
