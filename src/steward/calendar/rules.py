"""The pure decisions of the write path: when a WHEN means, what is past, what is text enough.

No I/O here: the service calls these with the user's clock and its settings.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from steward.clock import FIRST_YEAR, LAST_YEAR, Clock
from steward.errors import PastMoment, UserError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    from typing import Any, Protocol
else:
    Protocol = object  # the interface is checked by mypy; at run time it is a plain class, typing unloaded

MAX_TEXT = 500


class ResolutionLike(Protocol):
    """What `steward.dates.Resolution` offers (the calendar needs only these fields)."""

    @property
    def start(self) -> datetime:
        """The moment meant (aware)."""

    @property
    def end(self) -> datetime | None:
        """The exclusive end of a period, or None for a moment."""

    @property
    def has_date(self) -> bool:
        """Whether the phrase named a day."""

    @property
    def has_time(self) -> bool:
        """Whether the phrase named a time of day."""


@dataclass(frozen=True)
class Moment:
    """A resolved WHEN: an aware start, an optional end, whether the user gave a clock time."""

    start: datetime
    end: datetime | None
    has_time: bool
    text: str


def _explicit(text: str, zone: tzinfo) -> Moment | None:
    """An ISO-8601 date-time or date typed by the user (or a program); naive means the user's zone."""
    candidate = text.strip()
    if len(candidate) < 10 or not candidate[:4].isdigit() or candidate[4] != "-":
        return None
    try:
        if len(candidate) == 10:
            day = date.fromisoformat(candidate)
            return Moment(datetime.combine(day, time(0), tzinfo=zone), None, False, text)
        moment = datetime.fromisoformat(candidate)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone)
    return Moment(moment, None, True, text)


def from_resolution(resolution: ResolutionLike, text: str) -> Moment:
    """A dates.Resolution as a Moment."""
    return Moment(resolution.start, resolution.end, bool(resolution.has_time), text)


def resolve_when(when: str | datetime | Any, clock: Clock, options: Any = None) -> Moment:
    """The user's words (through `steward.dates`), an ISO text, an aware datetime or a Resolution.

    `options` is a `steward.dates.DateOptions` (day-first dates, the hours of 'morning', ...).
    """
    if isinstance(when, datetime):
        if when.tzinfo is None:
            raise ValueError("create_reminder/create_event need an aware datetime, not a naive one")
        return _in_range(Moment(when, None, True, when.isoformat()))
    if not isinstance(when, str):
        if hasattr(when, "start") and hasattr(when, "has_time"):
            return from_resolution(when, str(getattr(when, "text", "")))
        raise TypeError(f"a WHEN must be text, an aware datetime or a Resolution, not {type(when).__name__}")
    text = " ".join(when.split())
    if not text:
        raise UserError("say when, e.g. 'tomorrow at 5 pm'")
    explicit = _explicit(text, clock.zone)
    if explicit is not None:
        return _in_range(explicit)
    from steward.dates import resolve  # the dates module is the only place words become moments

    found = resolve(text, clock, prefer="future", options=options)
    if found is None:
        raise UserError(f"I can't tell when {text!r} is; try e.g. 'tomorrow at 5 pm' or '2026-09-15 17:00'")
    return _in_range(from_resolution(found, text))


def _in_range(moment: Moment) -> Moment:
    if not FIRST_YEAR <= moment.start.year <= LAST_YEAR:
        raise UserError(f"{moment.text!r} is out of range: Steward's calendar runs from the year {FIRST_YEAR} "
                        f"to {LAST_YEAR}")
    return moment


def with_default_hour(moment: Moment, zone: tzinfo, default_hour: int) -> Moment:
    """A day with no clock time means `default_hour` o'clock on that day, in the user's zone."""
    if moment.has_time:
        return moment
    day = moment.start.astimezone(zone).date()
    start = datetime.combine(day, time(default_hour), tzinfo=zone)
    return Moment(start, None, True, moment.text)


def event_end(start: datetime, minutes: int) -> datetime:
    """When an event of `minutes` starting at `start` ends; a one-line refusal past the year 9999."""
    try:
        return start + timedelta(minutes=minutes)
    except OverflowError:
        raise UserError(f"an event of {minutes:,} minutes ends past the year 9999; nothing was saved") from None


def check_not_past(moment: datetime, now: datetime, what: str) -> None:
    """Refuse a moment that has already passed (to the second)."""
    if moment.replace(microsecond=0) < now.replace(microsecond=0):
        shown = moment.astimezone(now.tzinfo)
        raise PastMoment(
            f"{what} at {shown:%Y-%m-%d %H:%M} {_offset(shown)} has already passed "
            f"(it is now {now:%Y-%m-%d %H:%M}); nothing was saved"
        )


def clean_text(text: str, what: str) -> str:
    """A reminder's text or an event's title: spaces collapsed, control characters dropped, not empty,
    not absurdly long."""
    # a NUL or an escape sequence would reach a terminal, an ICS file or a notification header as is
    printable = "".join(ch for ch in str(text) if ch.isspace() or unicodedata.category(ch) != "Cc")
    cleaned = " ".join(printable.split())
    if not cleaned:
        raise UserError(f"a {what} needs some text: what is it about?")
    if len(cleaned) > MAX_TEXT:
        raise UserError(f"a {what} is limited to {MAX_TEXT} characters; this one has {len(cleaned)}")
    return cleaned


def day_bounds(day: date, zone: tzinfo) -> tuple[datetime, datetime]:
    """The first instant of a local day and of the next one."""
    start = datetime.combine(day, time(0), tzinfo=zone)
    end = datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone)
    return start, end


def _offset(moment: datetime) -> str:
    text = moment.strftime("%z")
    return f"{text[:3]}:{text[3:]}" if len(text) == 5 else text


def new_event_uid() -> str:
    """A new event's UID (uuid is loaded by the first event made, not by a schedule read)."""
    import uuid

    return f"steward-{uuid.uuid4()}"
