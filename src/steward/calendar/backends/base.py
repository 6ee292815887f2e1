"""The interface every calendar backend implements, and what reading a span returns."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from steward.records.calendar import Event, normalise

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    from typing import Any, Protocol
else:
    Protocol = object  # the interface is checked by mypy; at run time it is a plain class, typing unloaded


@dataclass(frozen=True)
class Unreadable:
    """One event a calendar holds that Steward cannot read: skipped, and named once with the reason."""

    calendar: str
    uid: str
    title: str  # its SUMMARY ("" when it has none); nothing else of the event is kept
    reason: str

    @property
    def label(self) -> str:
        """How a person recognises the event: its summary and UID."""
        uid = f"UID {self.uid}" if self.uid else "no UID"
        return f"{self.title!r} ({uid})" if self.title else f"an event with {uid}"

    def to_json(self) -> dict[str, Any]:
        """The skipped event as JSON: calendar, UID, summary, why."""
        return {"calendar": self.calendar, "uid": self.uid, "title": self.title, "reason": self.reason}


@dataclass(frozen=True)
class Reading:
    """What a backend read for a span: the events, the ones it had to skip, and the times of repeating
    events in the span that will not happen (skipped, in Steward or in another calendar app)."""

    events: list[Event]
    unreadable: tuple[Unreadable, ...] = ()
    skipped: tuple[Event, ...] = ()


class CalendarBackend(Protocol):
    """Where events live. `add` either stores the event or raises; it never half-writes."""

    name: str

    def add(self, event: Event) -> Event:
        """Store a new event (its `id` is the UID / X-STEWARD-ID marker) and return it as stored."""
        ...

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """Events overlapping [start, end)."""
        ...

    def read(self, start: datetime, end: datetime) -> Reading:
        """Events overlapping [start, end), and those that could not be read (skipped, with why)."""
        ...

    def find_duplicate(self, title: str, start: datetime) -> Event | None:
        """An event with the same normalised title starting at the same instant, if any."""
        ...

    def find(self, event_id: str) -> Event | None:
        """The event with this UID / marker, if any."""
        ...

    def remove(self, event_id: str, if_match: str | None = None) -> bool:
        """Delete the event with this UID; False when the calendar does not have it. With `if_match`
        (the `etag` it was read with) a server that keeps versions refuses it (Conflict) when another
        app changed the event since."""
        ...

    def move(self, event_id: str, start: datetime, end: datetime, if_match: str | None = None) -> Event | None:
        """Give the event with this UID new times; None when the calendar does not have it
        (`if_match` as for `remove`)."""
        ...


def skipped_in(series: Event, start: datetime, end: datetime) -> list[Event]:
    """The times a repeating event skips (its EXDATEs) that overlap [start, end), each as the event it
    would have been (its series' length, no rule of its own to act on)."""
    length = series.end - series.start
    return [replace(series, start=t, end=t + length, recurrence_id=None, moved=())
            for t in series.skipped if t < end and t + length > start]


def same_event(events: list[Event], title: str, start: datetime) -> Event | None:
    """The event among `events` with the same normalised title starting at the same instant, if any."""
    wanted = normalise(title)
    return next((e for e in events if normalise(e.title) == wanted and e.start == start), None)
