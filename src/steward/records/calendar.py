"""Reminders, events and provenance: the frozen values the calendar hands to the rest of Steward."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    from typing import Any

# where a write came from; the engine, the mail pipeline and the CLI each name themselves
# "calendar": a change another calendar app made on the server, read back and kept
VIA = frozenset({"cli", "turn", "tool", "email", "import", "api", "scheduler", "calendar"})

REMINDER_STATUSES = ("pending", "firing", "fired", "failed", "cancelled")


@dataclass(frozen=True)
class Provenance:
    """Who asked for a write: `via` plus whatever ids let a person trace it back."""

    via: str
    command: str | None = None
    session: str | None = None
    turn: str | None = None
    tool_call: str | None = None
    message_id: str | None = None
    extra: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.via not in VIA:
            raise ValueError(f"provenance via={self.via!r} is not one of {', '.join(sorted(VIA))}")

    def as_dict(self) -> dict[str, Any]:
        """The JSON stored in the audit log (empty fields left out)."""
        out: dict[str, Any] = {"via": self.via}
        for key in ("command", "session", "turn", "tool_call", "message_id"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out.update(self.extra)
        return out

    @classmethod
    def of(cls, value: Provenance | Mapping[str, Any]) -> Provenance:
        """Accept a Provenance or a plain mapping such as {"via": "tool", "tool_call": "c1"}."""
        if isinstance(value, Provenance):
            return value
        known = {k: (None if v is None else str(v)) for k, v in value.items()
                 if k in ("command", "session", "turn", "tool_call", "message_id")}
        extra = {k: str(v) for k, v in value.items() if k not in known and k != "via"}
        return cls(via=str(value.get("via", "")), extra=extra, **known)


@dataclass(frozen=True)
class Reminder:
    """A reminder; `due` is aware and shown in the user's zone, `zone` is the zone it was meant in."""

    id: int | None
    text: str
    due: datetime
    zone: str
    status: str = "pending"
    late: bool = False
    fired_at: datetime | None = None
    attempts: int = 0
    last_error: str | None = None
    # a repeating reminder: this row is one occurrence of the series, `rule` its RRULE value
    series_id: int | None = None
    rule: str | None = None
    next: datetime | None = None       # when it reminds next (this one when pending; the series' next)
    done_at: datetime | None = None    # when the user said it was done
    snoozed_from: int | None = None
    # a one-off reminder written to a CalDAV calendar: the VTODO's UID and the ETag last seen of it
    caldav_uid: str | None = None
    caldav_etag: str | None = None
    # one time of a repeating reminder: the time it had in its series (its `due` differs once moved)
    occurrence: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        """The contract shape {"id","text","due","zone","status"} plus "rule" (RRULE or null), "next"
        and bookkeeping fields."""
        return {
            "id": self.id,
            "text": self.text,
            "due": self.due.isoformat(),
            "zone": self.zone,
            "status": self.status,
            "late": self.late,
            "fired_at": self.fired_at.isoformat() if self.fired_at else None,
            "rule": self.rule,
            "next": self.next.isoformat() if self.next else None,
            "series": self.series_id,
            "done_at": self.done_at.isoformat() if self.done_at else None,
        }

    def shown_in(self, zone: tzinfo) -> Reminder:
        """The same reminder with its times in `zone` (how it is shown to the user)."""
        if all(m is None or m.tzinfo == zone for m in (self.due, self.fired_at, self.next, self.done_at)):
            return self  # already shown there (a schedule shows many reminders stored in the user's zone)

        def shown(moment: datetime | None) -> datetime | None:
            return moment.astimezone(zone) if moment else None

        return replace(self, due=self.due.astimezone(zone), fired_at=shown(self.fired_at), next=shown(self.next),
                       done_at=shown(self.done_at))


@dataclass(frozen=True)
class Series:
    """A repeating reminder: its rule and first occurrence (on the wall clock of `zone`)."""

    id: int
    text: str
    rule: str
    start: datetime  # aware, in `zone`
    zone: str
    status: str = "active"  # active | ended | cancelled
    caldav_uid: str | None = None


@dataclass(frozen=True)
class Invitation:
    """An invitation found in mail (a meeting request, a friend's party told in plain words): who asks, to
    what and when; not answered, and on no calendar."""

    id: int
    title: str
    start: datetime
    end: datetime
    invited_by: str
    location: str | None = None


@dataclass(frozen=True)
class Event:
    """A calendar event; `id` is its UID, which is also the X-STEWARD-ID marker when Steward made it."""

    id: str
    title: str
    start: datetime
    end: datetime
    calendar: str
    location: str | None = None
    zone: str = "UTC"
    all_day: bool = False
    steward: bool = True  # made by Steward (carries the marker)
    # private duplicate markers (name, value) kept with the event as X-STEWARD-<NAME> properties
    markers: tuple[tuple[str, str], ...] = ()
    rule: str | None = None  # a repeating event's RRULE; `start`/`end` are then one of its times
    # the days a repeating event skips (EXDATE), as the start each skipped time would have had
    skipped: tuple[datetime, ...] = ()
    etag: str | None = None  # the server's version of the event when it was read (CalDAV), else None
    # the times of a repeating event moved on their own (RECURRENCE-ID overrides): (the start the time
    # would have had, its new start, its new end)
    moved: tuple[tuple[datetime, datetime, datetime], ...] = ()
    # one time of a repeating event that was moved on its own: the start it would have had
    recurrence_id: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        """The contract shape {"id","title","start","end","calendar","location"} plus all_day and rule."""
        return {
            "id": self.id,
            "title": self.title,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "calendar": self.calendar,
            "location": self.location,
            "all_day": self.all_day,
            "rule": self.rule,
            **({"recurrence_id": self.recurrence_id.isoformat()} if self.recurrence_id else {}),
        }

    def shown_in(self, zone: tzinfo) -> Event:
        """The same event with its times in `zone` (an all-day event keeps its dates)."""
        if self.all_day:
            return self
        return replace(self, start=self.start.astimezone(zone), end=self.end.astimezone(zone))


def normalise(text: str) -> str:
    """The duplicate key of a text: casefolded, whitespace collapsed, trailing punctuation dropped."""
    return " ".join(text.split()).casefold().rstrip(" .!?;,")


def utc_text(moment: datetime) -> str:
    """An aware moment as the stored UTC text (seconds precision, sortable)."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime given to utc_text")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def from_utc_text(text: str) -> datetime:
    """The stored UTC text back as an aware datetime."""
    return datetime.fromisoformat(text)  # 'Z' is read as UTC (Python 3.11+), far faster than strptime
