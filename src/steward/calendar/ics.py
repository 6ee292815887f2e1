"""iCalendar (RFC 5545) in and out, through `icalendar`: export, import, and the VEVENT mapping CalDAV uses.

Times are written in UTC (`DTSTART:...Z`) with the zone they were meant in as `X-STEWARD-ZONE`, which
every client reads correctly; all-day events are DATE values. Steward's own objects carry
`X-STEWARD-ID`. Import goes through the one write path, so the usual rules hold: past items and exact
duplicates are skipped (and counted), and every imported item is in the audit log.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

from steward.calendar import rules
from steward.calendar.model import Event, Reminder
from steward.errors import Duplicate, NotFound, PastMoment, UserError

if TYPE_CHECKING:
    from icalendar import Calendar

    from steward.calendar.service import CalendarService

log = logging.getLogger(__name__)

PRODID = "-//Steward//steward calendar//EN"
MARKER = "X-STEWARD-ID"


def _vevent(event: Event) -> Any:
    from icalendar import Event as VEvent

    v = VEvent()
    v.add("uid", event.id)
    v.add("dtstamp", datetime.now(UTC))
    v.add("summary", event.title)
    if event.all_day:
        v.add("dtstart", event.start.date())
        v.add("dtend", event.end.date())
    else:
        v.add("dtstart", event.start.astimezone(UTC))
        v.add("dtend", event.end.astimezone(UTC))
    if event.location:
        v.add("location", event.location)
    if event.steward:
        v.add(MARKER, event.id)
    v.add("x-steward-zone", event.zone)
    return v


def _vtodo(reminder: Reminder) -> Any:
    from icalendar import Alarm, Todo

    uid = f"steward-reminder-{reminder.id}"
    t = Todo()
    t.add("uid", uid)
    t.add("dtstamp", datetime.now(UTC))
    t.add("summary", reminder.text)
    t.add("due", reminder.due.astimezone(UTC))
    t.add("status", "NEEDS-ACTION")
    t.add(MARKER, uid)
    t.add("x-steward-zone", reminder.zone)
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", reminder.text)
    alarm.add("trigger", timedelta(0))
    t.add_component(alarm)
    return t


def event_to_calendar(events: list[Event], reminders: list[Reminder] | tuple[Reminder, ...] = ()) -> Calendar:
    """A VCALENDAR holding these events (VEVENT) and reminders (VTODO with an alarm at the due time)."""
    from icalendar import Calendar

    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    for event in events:
        cal.add_component(_vevent(event))
    for reminder in reminders:
        cal.add_component(_vtodo(reminder))
    return cal


def _aware(value: date | datetime, zone: tzinfo) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=zone)  # floating time: the user's
    if not isinstance(value, date):  # icalendar hands back the raw text of a value it could not parse
        raise UserError(f"{str(value)[:40]!r} is not a date or a date-time")
    return datetime.combine(value, time(0), tzinfo=zone)


def _decoded(component: Any, name: str) -> Any:
    """A property's value; a UserError (the item is skipped, the import goes on) when it cannot be read."""
    try:
        return component.decoded(name)
    except (ValueError, TypeError) as exc:
        raise UserError(f"its {name.upper()} cannot be read ({exc})") from None


def event_from_component(component: Any, calendar: str, zone: tzinfo = UTC, *,
                         in_range: bool = False) -> Event | None:
    """A VEVENT as an Event (None when it has no start); dates are all-day in `zone`.

    With `in_range`, a start or end outside Steward's years (rules.FIRST_YEAR-LAST_YEAR) is a UserError:
    such a moment cannot be shown in every zone. (Import leaves that check to the write path.)
    """
    if component.get("dtstart") is None:
        return None
    raw_start = _decoded(component, "dtstart")
    all_day = not isinstance(raw_start, datetime)
    start = _aware(raw_start, zone)
    if component.get("dtend") is not None:
        end = _aware(_decoded(component, "dtend"), zone)
    elif component.get("duration") is not None:
        duration = _decoded(component, "duration")
        if not isinstance(duration, timedelta):
            raise UserError(f"its DURATION {str(duration)[:40]!r} is not a duration")
        try:
            end = start + duration
        except OverflowError:
            raise UserError(f"its DURATION {duration} ends past the year 9999") from None
    else:
        end = start + (timedelta(days=1) if all_day else timedelta(0))
    for name, value in (("DTSTART", start), ("DTEND", end)) if in_range else ():
        if not rules.FIRST_YEAR <= value.year <= rules.LAST_YEAR:
            raise UserError(f"its {name} {value.date().isoformat()} is outside the years "
                            f"{rules.FIRST_YEAR}-{rules.LAST_YEAR}")
    marker = component.get(MARKER.lower()) or component.get(MARKER)
    uid = str(component.get("uid") or "")
    location = str(component.get("location")) if component.get("location") else None
    stored_zone = str(component.get("x-steward-zone") or "")
    return Event(id=uid or str(marker or ""), title=str(component.get("summary") or "(no title)"),
                 start=start, end=max(end, start), calendar=calendar, location=location,
                 zone=stored_zone or getattr(start.tzinfo, "key", None) or "UTC",
                 all_day=all_day, steward=marker is not None)


def export_ics(service: CalendarService, path: Path) -> dict[str, int]:
    """Write the local calendar's events and the pending reminders to `path`."""
    from steward.store import calendar as repo

    events = repo.all_events(service.conn)
    reminders = repo.list_reminders(service.conn, ("pending",))
    cal = event_to_calendar(events, reminders)
    try:
        path.write_bytes(cal.to_ical())
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    return {"events": len(events), "reminders": len(reminders)}


@dataclass
class ImportReport:
    """What an import did, item by item count."""

    file: str
    events: list[str] = field(default_factory=list)
    reminders: list[int] = field(default_factory=list)
    duplicates: int = 0
    past: int = 0
    skipped: list[str] = field(default_factory=list)  # one reason per item not imported for another cause

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "events": self.events, "reminders": self.reminders,
                "duplicates": self.duplicates, "past": self.past, "skipped": self.skipped}

    def summary(self) -> str:
        line = (f"Imported {len(self.events)} events and {len(self.reminders)} reminders from {self.file}; "
                f"skipped {self.duplicates} already present, {self.past} in the past")
        return line + (f", {len(self.skipped)} other" if self.skipped else "")


def _read(path: Path) -> Calendar:
    from icalendar import Calendar

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise NotFound(f"{path} does not exist") from None
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return Calendar.from_ical(data)
    except ValueError as exc:
        raise UserError(f"{path} is not an iCalendar file ({str(exc).splitlines()[0][:120]})") from None


def import_ics(service: CalendarService, path: Path, calendar: str | None = None) -> ImportReport:
    """Add the events (and to-dos with a due time) of an .ics file through the one write path."""
    cal = _read(path)
    report = ImportReport(str(path))
    provenance = {"via": "import", "file": str(path)}
    zone = service.clock.zone
    for component in cal.walk():
        kind = component.name
        if kind not in ("VEVENT", "VTODO"):
            continue
        title = str(component.get("summary") or "").strip()
        try:
            if kind == "VEVENT":
                if component.get("rrule") is not None:
                    report.skipped.append(f"{title or 'an event'}: repeating events are not imported")
                    continue
                event = event_from_component(component, calendar or service.write_to, zone)
                if event is None:
                    report.skipped.append(f"{title or 'an event'}: no start time")
                    continue
                when: str | datetime = event.start.date().isoformat() if event.all_day else event.start
                made = service.create_event(
                    event.title, when, end=None if event.all_day or event.end <= event.start else event.end,
                    location=event.location,
                    calendar=calendar, provenance=provenance, uid=event.id or None,
                )
                report.events.append(made.id)
            else:
                if component.get("due") is None or str(component.get("status", "")).upper() in (
                        "COMPLETED", "CANCELLED"):
                    continue
                raw_due = _decoded(component, "due")
                due = _aware(raw_due, zone)
                reminder = service.create_reminder(title, due if isinstance(raw_due, datetime)
                                                   else due.date().isoformat(), provenance=provenance)
                assert reminder.id is not None
                report.reminders.append(reminder.id)
        except Duplicate:
            report.duplicates += 1
        except PastMoment:
            report.past += 1
        except UserError as exc:
            report.skipped.append(f"{title or kind}: {exc.message}")
    return report
