"""The consumer's decisions: pure functions from a candidate and what code read to Accepted | Rejected.

The order of the checks (each rejection names its reason, a key of `model.REASONS`):

1. the candidate has a provider, a start and an excerpt, none holding a link, an email address or a
   phone number (`bad_candidate`, `unsafe_provider`, `unsafe_evidence`), from a message whose sender
   passed the mail checks (`suspicious_sender`: a lookalike domain, a forged or failed sender);
2. its source: a model's candidate needs exactly one message in the window whose metadata holds both
   the provider and the excerpt (`no_source`, `ambiguous_source`); structured and pattern candidates
   were read by code from one message already;
3. that message, read again live: the provider and the excerpt are in it, or (structured data) the
   same item is (`source_gone`, `evidence_not_in_source`, `provider_not_in_source`);
4. what the mail says: cancellations, offers of a time, tentative notices, waiting lists and
   invitations are not confirmations (a meeting request from a person is an invitation); a move is not,
   unless it says the time it moves to (then the booking is at that time, checked as any start);
5. the start: a date and a time (`no_start`, `no_time`), the weekday written falls on it
   (`weekday_mismatch`), the message says it (`time_mismatch`), in the user's zone (`foreign_zone`;
   travel converts a stated zone or offset and is skipped without one: `travel_zone_missing`);
6. the message is in the window and the start is still ahead (`stale_message`, `past_start`);
7. a location with a link, an email address or a phone number is refused, not copied (`unsafe_location`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from steward.appointments.model import (
    Accepted,
    Candidate,
    Decision,
    Rejected,
    fingerprint,
    message_text,
    normalise,
    provider_key,
    source_marker,
    unsafe,
)
from steward.appointments.patterns import Cues, clock_written, sender_business
from steward.clock import Clock
from steward.records.appointments import MessageMeta

if TYPE_CHECKING:
    from steward.dates import DateOptions, Resolution

_STATUS_REASON = {"offered": "offer", "cancelled": "cancellation", "rescheduled": "reschedule", "tentative": "tentative",
                  "waitlist": "waitlist", "invitation": "invitation"}
_WEEKDAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|rs|r|urday|t)?\.?(?![a-z])", re.I)
_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class Window:
    """The bounded window a scan reads: messages received in [start, end); `end` is now."""

    start: datetime
    end: datetime

    def to_json(self) -> dict[str, str]:
        """The window's start and end as ISO timestamps."""
        return {"start": self.start.isoformat(), "end": self.end.isoformat()}


@dataclass(frozen=True)
class Live:
    """A message as read again from its source: its text (sender, subject, body; normalised) and the
    structured candidates code found in it."""

    text: str
    structured: tuple[Candidate, ...] = ()


def resolve_source(candidate: Candidate, messages: Sequence[MessageMeta]) -> MessageMeta | Rejected:
    """The one message whose metadata holds both the provider and the excerpt (0 or 2+: rejected)."""
    provider, excerpt = normalise(candidate.provider), normalise(candidate.excerpt)
    found = [m for m in messages if provider in (text := message_text(m)) and excerpt in text]
    if not found:
        return Rejected(candidate, "no_source")
    if len(found) > 1:
        return Rejected(candidate, "ambiguous_source", detail=f"{len(found)} messages")
    return found[0]


def stated_weekday(text: str) -> int | None:
    """The weekday a date phrase writes (0 = Monday), or None."""
    match = _WEEKDAY.search(text)
    return _DAYS.index(match.group(1).lower()) if match else None


def _weekday_ok(phrase: str, start: datetime, at: Clock, options: DateOptions | None) -> bool:
    """Whether a weekday written in `phrase` falls on `start` and is not what chose the date."""
    from steward import dates

    wanted = stated_weekday(phrase)
    if wanted is None:
        return True
    if start.weekday() != wanted:
        return False
    # "Tuesday 17 September" read in 2026 picks the year where the 17th is a Tuesday: the date without
    # the weekday must be the same date
    bare = _WEEKDAY.sub(" ", phrase)
    alone = dates.find(bare, at, options=options)
    return alone is None or not alone.has_date or alone.start.date() == start.date()


def _read_start(text: str, at: Clock, options: DateOptions | None) -> Resolution | None:
    from steward import dates

    return dates.find(text, at, options=options)


def _said_in(source: str, start: datetime, at: Clock, options: DateOptions | None) -> str | None:
    """The phrase of `source` that names exactly `start` (a date with a time), or None (a labelled time of four
    figures, "Time: 1845", read as the clock it is)."""
    from steward import dates

    source = clock_written(source)
    found = [*dates.find_all(source, at, options=options)]
    combined = dates.find(source, at, options=options)
    if combined is not None:
        found.insert(0, combined)
    for r in found:
        if r.has_date and r.has_time and r.start == start:
            return r.text
    return None


def says_time(text: str, hour: int, minute: int) -> bool:
    """Whether a text writes this time of day: "19:30", "7:30 pm", "19h30", "7 pm" (normalised text)."""
    twelve, half = hour % 12 or 12, "a" if hour < 12 else "p"
    # "8:00" is not 08:00 when "pm" follows it
    clock24 = rf"(?<![\d:.])0?{hour}[:.h]{minute:02d}(?![\d:])" + (r"(?!\s*p\.?m\b)" if hour < 12 else "")
    clock12 = rf"(?<![\d:.]){twelve}{'(?:[:.]00)?' if minute == 0 else f'[:.]{minute:02d}'}\s*{half}\.?m\b"
    return re.search(f"{clock24}|{clock12}", text, re.I) is not None


def _wall_clock(c: Candidate, text: str) -> Candidate | None:
    """A clashing time read as its place's wall clock, when the mail's text writes that hour and not the
    hour its offset gives (a template that prints the local time with a fixed or a UTC offset)."""
    assert c.start_at is not None and c.place_zone is not None
    place = ZoneInfo(c.place_zone)
    instant = c.start_at.astimezone(place)
    if not says_time(text, c.start_at.hour, c.start_at.minute) or says_time(text, instant.hour, instant.minute):
        return None
    end = c.end_at.replace(tzinfo=place) if c.end_at is not None and c.end_at.tzinfo is not None else c.end_at
    return replace(c, start_at=c.start_at.replace(tzinfo=place), end_at=end)


def _structured_start(c: Candidate, clock: Clock, text: str = "") -> datetime | Rejected:
    assert c.start_at is not None
    zone = clock.zone
    if c.floating:
        if c.travel and not _from_home_city(c, clock):
            return Rejected(c, "travel_zone_missing")
        return c.start_at.replace(tzinfo=zone)  # a booking's own local time: the user's clock
    # an iCalendar time in UTC ("...Z") is how calendars write an instant, not a place
    utc = c.origin == "ics" and c.start_at.utcoffset() == timedelta(0)
    if c.place_zone and not utc and c.start_at.utcoffset() != c.start_at.astimezone(ZoneInfo(c.place_zone)).utcoffset():
        # "+01:00" on a July evening in Berlin: the offset or the hour is wrong; the text may say which
        local = _wall_clock(c, text) if text else None
        if local is not None:
            return _structured_start(local, clock)
        return Rejected(c, "zone_clash", detail=f"UTC{c.start_at:%z} in {c.place_zone}")
    if not c.travel and not utc and c.start_at.utcoffset() != c.start_at.astimezone(zone).utcoffset():
        return Rejected(c, "foreign_zone", detail=f"UTC{c.start_at:%z}")
    return c.start_at.astimezone(zone)


def _from_home_city(c: Candidate, clock: Clock) -> bool:
    """Whether a journey leaves from a city whose name is shared by cities in other zones, one of them in
    the person's own ("London": England's or Ontario's, for a person in London): it is that one."""
    from steward.appointments.places import city_could_be_in

    key = getattr(clock.zone, "key", "")
    return c.what in ("train", "bus") and bool(c.location) and bool(key) and city_could_be_in(str(c.location), key)


def _abroad(location: str | None, start: datetime) -> str | None:
    """The zone of a booking's address when it keeps another offset than the person's at that start."""
    from steward.appointments.places import address_zone

    zone = address_zone(location, start.replace(tzinfo=None)) if location else None
    if zone is None or start.astimezone(ZoneInfo(zone)).utcoffset() == start.utcoffset():
        return None
    return zone


def _text_start(c: Candidate, message: MessageMeta, clock: Clock,
                options: DateOptions | None, live: Live | None = None) -> datetime | Rejected:
    at = clock.at(message.received_at)
    resolved = _read_start(c.start, at, options)
    if resolved is None or not resolved.has_date:
        return Rejected(c, "no_start", message)
    if not resolved.has_time:
        return Rejected(c, "no_time", message)
    start = resolved.start.astimezone(clock.zone)
    if not _weekday_ok(c.start, start, at, options):
        return Rejected(c, "weekday_mismatch", message, detail=c.start)
    said = None
    # a move's new time was cut by code from its excerpt ("... to <it>"): read alone, not as a range
    own = (c.start,) if c.moved_to and c.origin == "pattern" and normalise(c.start) in normalise(c.excerpt) else ()
    if c.parts and c.origin == "pattern" and live is not None and all(
            normalise(p) in live.text for p in c.parts) and normalise(c.parts[-1]) in normalise(c.excerpt):
        own = (c.start,)  # put together from the mail's own phrases: each is in it, the time on the excerpt's line
    for source in (*own, c.excerpt, f"{message.subject}. {message.snippet}"):
        said = _said_in(source, start, at, options)
        if said is not None:
            break
    if said is None:
        return Rejected(c, "time_mismatch", message, start=start, detail=c.start)
    if not _weekday_ok(said, start, at, options):
        return Rejected(c, "weekday_mismatch", message, detail=said)
    return start


def _day_span(c: Candidate, clock: Clock) -> tuple[datetime, datetime]:
    """The start and end of a booking of whole days (a stay): its check-in and check-out times when the
    mail gives them with a zone, else the first instant of its first day and of the day after its last,
    on the person's clock (days need no zone)."""
    assert c.days is not None
    first, last = c.days
    day_start = datetime.combine(first, time(0), tzinfo=clock.zone)
    day_end = datetime.combine(last + timedelta(days=1), time(0), tzinfo=clock.zone)
    start = c.start_at.astimezone(clock.zone) if c.start_at is not None and c.start_at.tzinfo is not None else day_start
    end = c.end_at.astimezone(clock.zone) if c.end_at is not None and c.end_at.tzinfo is not None else day_end
    return start, end if end > start else day_end


def _end(c: Candidate, start: datetime, clock: Clock, minutes: int) -> datetime:
    if c.end_at is not None:
        end = c.end_at.replace(tzinfo=clock.zone) if c.end_at.tzinfo is None else c.end_at.astimezone(clock.zone)
        if end > start and end - start <= timedelta(days=2):
            return end
    if c.minutes is not None and 0 < c.minutes <= 24 * 60:
        return start + timedelta(minutes=c.minutes)
    return start + timedelta(minutes=minutes)


def _booked_by_system(c: Candidate, message: MessageMeta, cues: Cues) -> bool:
    """Whether a calendar part that asks the person to answer comes with a business's booking confirmation:
    booking systems attach their booking as a meeting request (an attendee asked to RSVP), while the
    mail's own words say it is booked and nothing of an invitation."""
    said = f"{message.subject}\n{message.snippet}"
    return (c.origin == "ics" and c.status == "invitation" and bool(cues.confirmed.search(said))
            and bool(cues.nouns.search(said)) and cues.status_of(said) == "confirmed"
            and (message.category != "personal" or sender_business(message, cues) is not None))


def _status(c: Candidate, message: MessageMeta, cues: Cues) -> str | None:
    """The reason the mail's own words give against a confirmation, or None."""
    if c.status != "confirmed" and not _booked_by_system(c, message, cues):
        return _STATUS_REASON[c.status]
    if c.origin == "ics" and (said := cues.status_of(c.excerpt)) != "confirmed":
        return _STATUS_REASON[said]  # "Canceled: Flight UA 110" in a calendar part that states no STATUS
    if c.origin == "itinerary" and (said := cues.status_of(f"{message.subject}\n{message.snippet}")) != "confirmed":
        return _STATUS_REASON[said]  # an e-ticket's lines stay in a delay or cancellation notice
    if c.origin in ("pattern", "model"):
        said = cues.status_of(f"{c.excerpt}\n{message.subject}")
        if said != "confirmed":
            return _STATUS_REASON[said]
        if (message.category == "personal" and not c.forwarded
                and provider_key(c.provider) != provider_key(message.sender_name)):
            # a person asking the user to come is an invitation, not a booking (a business that names
            # itself as the provider, writing from an address the classifier does not know, is not)
            return "invitation"
    return None


def moved_booking(c: Candidate, message: MessageMeta, against: str | None, cues: Cues) -> bool:
    """Whether a move states a booking at its new start: the mail says the time it moves to ("moved from
    ... to Wed 16 Dec at 2:40pm", "rescheduled for ..."), as a business writes it (a person moving
    plans with the user is not a booking; mail filed as personal counts when its sender is a business), or a
    journey's new row beside the row it replaces ("NEW: ..." and "WAS: ...", a carrier's own layout)."""
    if against != "reschedule" or c.status != "rescheduled" or not c.moved_to:
        return False
    return c.origin == "itinerary" or (c.origin == "pattern" and (
        message.category != "personal" or sender_business(message, cues) is not None))


def _in_live(c: Candidate, live: Live) -> str | None:
    if c.origin in ("ics", "schema", "itinerary"):
        same = [s for s in live.structured if provider_key(s.provider) == provider_key(c.provider)
                and s.start_at == c.start_at]
        return None if same else "evidence_not_in_source"
    if normalise(c.excerpt) not in live.text:
        return "evidence_not_in_source"
    if normalise(c.provider) not in live.text:
        return "provider_not_in_source"
    return None


def decide(c: Candidate, message: MessageMeta, live: Live | None, *, clock: Clock, window: Window, cues: Cues,
           minutes: int = 60, options: DateOptions | None = None) -> Decision:
    """Accept a candidate from its one source message read again live, or reject it with the reason."""
    if not c.provider.strip() or not c.excerpt.strip() or not (c.start.strip() or c.start_at):
        return Rejected(c, "bad_candidate", message)
    if unsafe(c.provider):
        return Rejected(c, "unsafe_provider", message)
    if unsafe(c.excerpt):
        return Rejected(c, "unsafe_evidence", message)
    if message.category == "phishing_suspect":
        return Rejected(c, "suspicious_sender", message)  # a lookalike or forged sender proves nothing
    if live is None:
        return Rejected(c, "source_gone", message)
    missing = _in_live(c, live)
    if missing is not None:
        return Rejected(c, missing, message)
    against = _status(c, message, cues)
    timed: datetime | Rejected | None = None
    if c.days is None:
        timed = (_structured_start(c, clock, live.text) if c.start_at is not None
                 else _text_start(c, message, clock, options, live))
    if against is not None and not moved_booking(c, message, against, cues):
        if not isinstance(timed, datetime):
            return Rejected(c, against, message)
        if against == "invitation" and c.what == "event" and c.origin in ("pattern", "model") and timed <= window.end:
            # an event told in words whose time has gone ("the electrician is coming on Saturday at 4" read the
            # week after) is no day of the person's ahead: it is past, never kept as an invitation
            return Rejected(c, "past_start", message, timed, _end(c, timed, clock, minutes))
        # the time it names is kept: an offer says when, a cancellation which booking
        return Rejected(c, against, message, timed, _end(c, timed, clock, minutes))
    if c.days is not None:
        start, end = _day_span(c, clock)
    else:
        if isinstance(timed, Rejected):
            return Rejected(c, timed.reason, message, start=timed.start, detail=timed.detail)
        assert timed is not None
        start, end = timed, _end(c, timed, clock, minutes)
        if c.origin in ("pattern", "model") and c.start_at is None and (abroad := _abroad(c.location, start)):
            # a time read from words is on the person's clock: at an address in another zone it would be
            # an hour or more off, so it is turned down
            return Rejected(c, "foreign_zone", message, start, end, detail=abroad)
    if message.received_at < window.start:
        return Rejected(c, "stale_message", message, start, end)
    # a booking of whole days is under way once its first day is over; a timed one once it starts
    if (start if c.days is None or c.start_at is not None else start + timedelta(days=1)) <= window.end:
        return Rejected(c, "past_start", message, start, end)
    if unsafe(c.location):
        return Rejected(c, "unsafe_location", message, start, end)
    location = " ".join(c.location.split())[:200] if c.location else None
    return Accepted(c, message, start, end, location or None, fingerprint(c.provider, start),
                    source_marker(leg_key(c, message.key)))


JOURNEYS = frozenset({"flight", "train", "bus", "ferry"})


def leg_key(c: Candidate, message_key: str) -> str:
    """What a booking's source marker stands for: its message, and for a journey the leg too (a return
    ticket's two flights are two events from one mail; the same flight read twice from it is one)."""
    return f"{message_key}|{c.what}|{provider_key(c.provider)}" if c.what in JOURNEYS else message_key


def near(provider: str, title: str) -> bool:
    """Whether an event title names the provider (every word of the provider, in the title)."""
    wanted = provider_key(provider).split()
    have = set(provider_key(title).split())
    return bool(wanted) and all(w in have for w in wanted)
