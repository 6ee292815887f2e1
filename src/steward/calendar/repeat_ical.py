"""A reminder as iCalendar: a VTODO with DTSTART/DUE in its zone (TZID), an RRULE when it repeats.

The (first) time is written on the wall clock of the reminder's zone with that zone's VTIMEZONE, so
every client shows it at the same local time across DST (a UTC DTSTART would drift by an hour for a
repeating one). `X-STEWARD-ID` marks it as Steward's; an alarm at the due time makes clients show it.
One time of a repeating one moved on its own is a VTODO of its own with the series' UID and the time
it had as its RECURRENCE-ID, in the same resource.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

MARKER = "X-STEWARD-ID"
PRODID = "-//Steward//steward calendar//EN"


@dataclass(frozen=True)
class RepeatingTodo:
    """What a repeating VTODO says: its UID, summary, rule (RRULE value) and first time (aware)."""

    uid: str
    text: str
    rule: str
    start: datetime


@dataclass(frozen=True)
class TodoState:
    """A reminder's VTODO as the server has it now: its due time, status and version (ETag)."""

    uid: str
    text: str
    due: datetime
    status: str          # NEEDS-ACTION | IN-PROCESS | COMPLETED | CANCELLED
    etag: str | None
    rule: str | None = None         # a repeating to-do's RRULE value
    start: datetime | None = None   # its DTSTART (the first time it repeats from)
    # a repeating to-do's times skipped (EXDATE) and moved on their own ((the time it had, its new due))
    skipped: tuple[datetime, ...] = ()
    moved: tuple[tuple[datetime, datetime], ...] = ()

    @property
    def closed(self) -> bool:
        """Whether another app ticked it off or cancelled it."""
        return self.status in ("COMPLETED", "CANCELLED")


def todo_calendar(uid: str, text: str, start: datetime, rule: str | None = None) -> Any:
    """A VCALENDAR holding the reminder as a VTODO (with the zone's VTIMEZONE); `rule` makes it repeat."""
    from icalendar import Alarm, Calendar, Todo, vRecur

    todo = Todo()
    todo.add("uid", uid)
    todo.add("dtstamp", datetime.now(UTC))
    todo.add("summary", text)
    todo.add("dtstart", start)
    todo.add("due", start)
    if rule:
        todo.add("rrule", vRecur.from_ical(rule))
    todo.add("status", "NEEDS-ACTION")
    todo.add(MARKER, uid)
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", text)
    alarm.add("trigger", timedelta(0))
    todo.add_component(alarm)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add_component(todo)
    if getattr(start.tzinfo, "key", None):
        cal.add_missing_timezones()
    return cal


def moved_todo(master: Any, occurrence: datetime, due: datetime) -> Any:
    """One time of the repeating VTODO `master` moved on its own (RFC 5545): a VTODO with the series'
    UID, summary and marker, the time it had as its RECURRENCE-ID, DTSTART/DUE at `due` and an alarm
    then."""
    from icalendar import Alarm, Todo

    todo = Todo()
    for name in ("uid", "summary", MARKER.lower()):
        if master.get(name) is not None:
            todo.add(name, master.get(name))
    todo.add("dtstamp", datetime.now(UTC))
    todo.add("recurrence-id", occurrence)
    todo.add("dtstart", due)
    todo.add("due", due)
    todo.add("status", "NEEDS-ACTION")
    todo.add("sequence", int(str(master.get("sequence") or 0)) + 1)
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", str(master.get("summary") or ""))
    alarm.add("trigger", timedelta(0))
    todo.add_component(alarm)
    return todo


def read_todo(component: Any) -> RepeatingTodo:
    """A VTODO read back (ValueError when it has no DTSTART/DUE or no RRULE)."""
    rrule = component.get("rrule")
    moment = component.get("dtstart") or component.get("due")
    if rrule is None or moment is None:
        raise ValueError("it has no RRULE or no DTSTART")
    start = moment.dt
    if not isinstance(start, datetime):
        raise ValueError("its DTSTART is a day, not a time")
    rule = rrule.to_ical().decode()
    return RepeatingTodo(str(component.get("uid") or ""), str(component.get("summary") or ""), rule, start)


def todo_state(component: Any, etag: str | None, zone: tzinfo = UTC, overrides: Iterable[Any] = ()) -> TodoState:
    """A VTODO read back as its state (ValueError when it has no DUE or DTSTART time); a floating
    time is on the wall clock of `zone` (the user's). `overrides` are the VTODOs beside it with a
    RECURRENCE-ID (its times moved on their own)."""
    moment = component.get("due") or component.get("dtstart")
    if moment is None or not isinstance(moment.dt, datetime):
        raise ValueError("it has no DUE time")
    due = moment.dt if moment.dt.tzinfo is not None else moment.dt.replace(tzinfo=zone)
    status = str(component.get("status") or "NEEDS-ACTION").upper()
    if component.get("completed") is not None:
        status = "COMPLETED"
    rrule = component.get("rrule")
    first = component.get("dtstart") or moment
    start = first.dt if isinstance(first.dt, datetime) else None
    if start is not None and start.tzinfo is None:
        start = start.replace(tzinfo=zone)
    raw = component.get("exdate") if rrule is not None else None
    items = raw if isinstance(raw, list) else [raw] if raw is not None else []
    skipped = [_aware(v.dt, zone) for item in items for v in getattr(item, "dts", ()) if isinstance(v.dt, datetime)]
    moved: list[tuple[datetime, datetime]] = []
    for one in overrides if rrule is not None else ():
        had, when = one.get("recurrence-id"), one.get("due") or one.get("dtstart")
        if had is not None and when is not None and isinstance(had.dt, datetime) and isinstance(when.dt, datetime):
            moved.append((_aware(had.dt, zone), _aware(when.dt, zone)))
    return TodoState(str(component.get("uid") or ""), str(component.get("summary") or ""), due, status, etag,
                     rrule.to_ical().decode() if rrule is not None else None, start, tuple(sorted(skipped)),
                     tuple(sorted(moved)))


def _aware(moment: datetime, zone: tzinfo) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=zone)
