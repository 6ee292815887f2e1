"""The values the appointment reader passes around: candidates (no identifiers), decisions, items.

A `Candidate` says *what* an appointment is: a provider, a start as written, optional end, duration
and location, and an exact excerpt. It never says which message proves it; code finds that (seed 004).
A `Sourced` candidate pairs one with the message code itself parsed it from (structured data and
patterns), or with none (a model's candidate, which the consumer must resolve by its excerpt).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

from steward.records.appointments import MessageMeta

# what the mail says about the appointment
Status = Literal["confirmed", "offered", "cancelled", "rescheduled", "tentative", "waitlist", "invitation"]
# where a candidate came from: an iCalendar part, schema.org markup, an e-ticket's labelled lines, a
# pattern, a model
Origin = Literal["ics", "schema", "itinerary", "pattern", "model"]

# every reason a candidate is not written, with the sentence a person reads
REASONS: dict[str, str] = {
    "no_source": "no message in the window holds both the provider and the excerpt",
    "ambiguous_source": "two or more messages hold the provider and the excerpt",
    "source_gone": "the message could not be read again from its source",
    "evidence_not_in_source": "the excerpt is not in the message as read now",
    "provider_not_in_source": "the provider is not named in the message as read now",
    "no_start": "no date and time could be read from the start",
    "no_time": "the start names a day but no time",
    "time_mismatch": "the message does not say that date and time",
    "weekday_mismatch": "the weekday written does not fall on that date",
    "stale_message": "the message is older than the scan window",
    "past_start": "the appointment has already started",
    "cancellation": "the message cancels an appointment",
    "reschedule": "the message moves an appointment",
    "unmatched_move": "the message moves a booking to this time, and no mail that booked it was found",
    "tentative": "the appointment is not confirmed yet",
    "offer": "the message offers a time: it is not booked until you say yes to the sender",
    "waitlist": "the message is about a waiting list",
    "invitation": "the message is an invitation, not a confirmation",
    "unsafe_evidence": "the excerpt holds a link, an email address or a phone number",
    "unsafe_location": "the location holds a link, an email address or a phone number",
    "unsafe_provider": "the provider holds a link, an email address or a phone number",
    "foreign_zone": "the appointment is in another time zone than yours",
    "travel_zone_missing": "the travel time gives no time zone or offset",
    "zone_clash": "the time's offset is not the one its place keeps on that day, so the hour is in doubt",
    "model_named_a_source": "the model's answer named a message; it must not",
    "suspicious_sender": "the sender looks forged (a lookalike domain or failed sender checks)",
    "bad_candidate": "the candidate is missing a provider, a start or an excerpt",
    "source_marker": "an event was already made from this message",
    "fingerprint": "an event for this provider at this time already exists",
    "near_duplicate": "your calendar already has an event from this provider within two hours",
    "user": "you turned it down",
    "not_on_calendar": "the event it changes is no longer on your calendar",
    "older_update": "a calendar update no newer (by SEQUENCE) than the event Steward made from that booking",
}

_LINK = re.compile(r"(https?://|www\.|\b[\w-]+\.(com|org|net|in|io|co|example|invalid)/)", re.I)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
# a phone number: 7+ digits, allowing spaces, dots, dashes, brackets and a leading +; digits joined by a hyphen
# to letters before them are a code ("Booking ID: CK-88120374"), not a number to call
_PHONE = re.compile(r"(?<![\w:])(?<![A-Za-z]-)\+?\(?\d[\d\s().-]{6,}\d(?![\w:])")
_DATE_LIKE = re.compile(r"^\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$")


def sends_elsewhere(text: str) -> bool:
    """Whether text holds a link or an email address."""
    return bool(_LINK.search(text) or _EMAIL.search(text))


def unsafe(text: str | None) -> bool:
    """Whether text holds a link, an email address or a phone number (never copied into a calendar)."""
    if not text:
        return False
    if sends_elsewhere(text):
        return True
    for match in _PHONE.finditer(text):
        found = match.group(0).strip()
        if _DATE_LIKE.search(found):
            continue  # 2026-09-17 or 17/09/2026 is a date
        if sum(ch.isdigit() for ch in found) >= 7:
            return True
    return False


def normalise(text: str) -> str:
    """Casefolded, whitespace collapsed, curly quotes straightened: how evidence is compared."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split()).casefold()


def provider_key(provider: str) -> str:
    """The provider as compared for duplicates: normalised, punctuation and a leading 'the' dropped."""
    words = re.findall(r"[\w']+", normalise(provider))
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def fingerprint(provider: str, start: datetime) -> str:
    """The private duplicate marker of an appointment: normalised provider + start instant (UTC)."""
    if start.tzinfo is None:
        raise ValueError("fingerprint needs an aware start")
    from datetime import UTC

    text = f"{provider_key(provider)}|{start.astimezone(UTC):%Y-%m-%dT%H:%MZ}"
    return _digest(text)


def change_key(kind: str, of_fingerprint: str, start: datetime) -> str:
    """The key of a proposed change (cancel or move) of an appointment: one per change, however often seen."""
    from datetime import UTC

    text = f"{kind}|{of_fingerprint}|{start.astimezone(UTC):%Y-%m-%dT%H:%MZ}"
    return "change-" + _digest(text)


def source_marker(message_key: str) -> str:
    """The private marker of the source message: a hash of its Message-ID (or dedup key), not the id."""
    return _digest(message_key)


def _digest(text: str) -> str:
    import hashlib  # here: listing the appointments already found hashes nothing (and loads no OpenSSL)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class Candidate:
    """An appointment as read from mail, with no identifier of the message it came from.

    `start` is as written (resolved by `steward.dates` on the clock of the message's arrival);
    structured data give `start_at` too, an exact instant with the zone or offset it stated (None
    when it stated none: `floating`). `was` is the earlier start a reschedule moves it from, and
    `moved_to` says the mail gives the new start in so many words (the booking is then at `start`).
    """

    provider: str
    start: str
    excerpt: str
    end: str | None = None
    minutes: int | None = None
    location: str | None = None
    status: Status = "confirmed"
    origin: Origin = "pattern"
    travel: bool = False
    start_at: datetime | None = None
    end_at: datetime | None = None
    floating: bool = False
    was: str | None = None
    moved_to: bool = False  # `start` is the time the mail moves a booking to ("moved ... to Wed 16 Dec at 2:40pm")
    what: str = "appointment"  # appointment | reservation | table | flight | train | bus | ferry | stay | event
    # | car pick-up | car return
    uid: str | None = None  # an iCalendar part's UID: the booking a later update or cancellation names
    sequence: int | None = None  # its SEQUENCE: an update counts only when it is higher

    route: str | None = None  # a journey's ends as codes or names ("DEL → BOM"), when the mail gives them
    person: str | None = None  # who is seen at the provider, when the mail names them ("Dr Mei Lin Chow")
    # the phrases of the mail a start was put together from, when no one phrase says it ("18 Dec 2026"
    # above a pair of lines, "09:25" on the "Now:" line)
    parts: tuple[str, ...] = ()
    # the first and last local day of an all-day booking (a hotel stay from check-in day to check-out
    # day, a conference): written as an all-day event over those days, whatever zone the place is in;
    # `start_at`, when known, is then the check-in time
    days: tuple[date, date] | None = None
    # the zone of the place the start is at, when the markup says where that is: a start written with
    # another offset there is not trusted (`zone_clash`)
    place_zone: str | None = None
    # what the mail calls an event it announces in plain words ("indoor tournament", "party")
    name: str = ""
    # read from a message forwarded to the person whose first sender is an organisation (a club, a school):
    # the event is that organisation's, passed on by whoever forwarded it
    forwarded: bool = False
    # how the booking repeats, when its mail says so ("your weekly piano lesson"): an RRULE on its first start
    repeat: str | None = None

    @property
    def title(self) -> str:
        """The event's title: what it is and with whom ("Flight AI 865 DEL → BOM", "Hotel: …", "Table at …")."""
        if self.what in ("flight", "train", "bus", "ferry"):
            head = (self.provider if self.provider.lower().startswith(f"{self.what} ")
                    else f"{self.what.capitalize()} {self.provider}")
            return f"{head} {self.route}" if self.route and self.route not in self.provider else head
        if self.what == "event":
            return f"{self.provider}: {self.name}" if self.name else self.provider
        if self.what == "stay":
            return f"Hotel: {self.provider}"
        if self.what == "table":
            return f"Table at {self.provider}"
        if self.what in ("car pick-up", "car return"):
            return f"Rental car {self.what.removeprefix('car ')}: {self.provider}"
        return f"{self.provider} {self.what}" + (f" with {self.person}" if self.person else "")


def message_text(meta: MessageMeta) -> str:
    """Sender name, sender, subject and snippet as one normalised line (where excerpts are found)."""
    return normalise(" \n ".join((meta.sender_name, meta.sender, meta.subject, meta.snippet)))


def message_line(meta: MessageMeta) -> str:
    """The line a model reads: sender, subject and snippet, with no identifier."""
    who = f"{meta.sender_name} <{meta.sender}>" if meta.sender_name else meta.sender
    return f"From: {who} | Subject: {meta.subject} | {meta.snippet}"


@dataclass(frozen=True)
class Sourced:
    """A candidate and the message code found it in (None for a model's candidate)."""

    candidate: Candidate
    message: MessageMeta | None = None


def timed_stay(c: Candidate) -> bool:
    """Whether a booking of whole days (a stay) carries its check-in and check-out hours on the place's clock
    (both with a zone), so it goes on the calendar from one to the other instead of over whole days."""
    return (c.days is not None and c.start_at is not None and c.start_at.tzinfo is not None
            and c.end_at is not None and c.end_at.tzinfo is not None and c.end_at > c.start_at)


@dataclass(frozen=True)
class Accepted:
    """A candidate the consumer proved: its source, start and end on the user's clock."""

    candidate: Candidate
    message: MessageMeta
    start: datetime
    end: datetime
    location: str | None
    fingerprint: str
    source_marker: str


@dataclass(frozen=True)
class Rejected:
    """A candidate the consumer turned down, and the reason code (a key of REASONS)."""

    candidate: Candidate
    reason: str
    message: MessageMeta | None = None
    start: datetime | None = None
    end: datetime | None = None
    detail: str = ""

    @property
    def because(self) -> str:
        """Why the item was rejected, in words, with its detail when there is one."""
        return REASONS.get(self.reason, self.reason) + (f" ({self.detail})" if self.detail else "")


Decision = Accepted | Rejected
