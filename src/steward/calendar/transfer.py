"""ICS files in and out of the calendar: `steward calendar export | import`.

Export writes the local calendar's events and the pending reminders (a repeating event with the times
it skips and the times moved on their own); import goes through the calendar's one write path, so the
usual rules hold: past items and exact duplicates are skipped (and counted), and every imported item
is in the audit log. A repeating event's skipped and moved times still to come are skipped and moved
on the series imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from steward.calendar.ics import aware, decoded, event_from_component, event_to_calendar
from steward.calendar.service import CalendarService
from steward.errors import Duplicate, NotFound, PastMoment, UserError

if TYPE_CHECKING:
    from icalendar import Calendar

    from steward.records.calendar import Event


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
        """What the import did, as JSON."""
        return {"file": self.file, "events": self.events, "reminders": self.reminders,
                "duplicates": self.duplicates, "past": self.past, "skipped": self.skipped}

    def summary(self) -> str:
        """What the import did, in one sentence."""
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


def _series_changes(service: CalendarService, made: Event, read: Event, moved: list[Any],
                    provenance: dict[str, str], report: ImportReport) -> None:
    """The times still to come that a repeating event in a file skips (EXDATE) or moves on its own
    (a VEVENT with its RECURRENCE-ID), made on the series just imported through the same write paths;
    one already past is counted as past."""
    zone = service.clock.zone
    changes: list[tuple[datetime, datetime | None, datetime | None]] = [(t, None, None) for t in read.skipped]
    for component in moved:
        try:
            was = aware(decoded(component, "recurrence-id"), zone)
            one = event_from_component(component, made.calendar, zone)
        except UserError as exc:
            report.skipped.append(f"{made.title} (one time moved): {exc.message}")
            continue
        if one is not None and was not in read.skipped:
            changes.append((was, one.start, one.end if one.end > one.start else one.start + (made.end - made.start)))
    for was, start, end in sorted(changes, key=lambda c: c[0]):
        if was <= service.clock.now() or start is not None and start <= service.clock.now():
            report.past += 1
            continue
        try:
            if start is None or end is None:
                service.skip_occurrence(made.id, was, provenance=provenance, calendar=made.calendar)
            else:
                service.move_occurrence(made.id, was, start, end, provenance=provenance, calendar=made.calendar)
        except UserError as exc:
            report.skipped.append(f"{made.title} on {service.clock.formats.when(was.astimezone(zone))}: {exc.message}")


def import_ics(service: CalendarService, path: Path, calendar: str | None = None) -> ImportReport:
    """Add the events (and to-dos with a due time) of an .ics file through the one write path."""
    cal = _read(path)
    report = ImportReport(str(path))
    provenance = {"via": "import", "file": str(path)}
    zone = service.clock.zone
    series_uids = {str(c.get("uid")) for c in cal.walk("VEVENT") if c.get("rrule") is not None and c.get("uid")}
    moved_times: dict[str, list[Any]] = {}  # the times of a series moved on their own, made with it
    for component in cal.walk("VEVENT"):
        if component.get("recurrence-id") is not None and str(component.get("uid")) in series_uids:
            moved_times.setdefault(str(component.get("uid")), []).append(component)
    kept_with_series = {id(c) for found in moved_times.values() for c in found}
    for component in cal.walk():
        kind = component.name
        if kind not in ("VEVENT", "VTODO") or id(component) in kept_with_series:
            continue
        title = str(component.get("summary") or "").strip()
        try:
            if kind == "VEVENT":
                event = event_from_component(component, calendar or service.write_to, zone)
                if event is None:
                    report.skipped.append(f"{title or 'an event'}: no start time")
                    continue
                if event.rule is not None:
                    if event.all_day:
                        report.skipped.append(f"{title or 'an event'}: repeating all-day events are not imported")
                        continue
                    # no DTEND or DURATION: the usual length (calendar.event_minutes)
                    minutes = max(1, int((event.end - event.start).total_seconds() // 60)) \
                        if event.end > event.start else None
                    made = service.create_repeating_event(
                        event.title, service.repeat_from_rule(event.rule, event.start), minutes=minutes,
                        location=event.location, calendar=calendar, provenance=provenance)
                    report.events.append(made.id)
                    _series_changes(service, made, event, moved_times.get(event.id, []), provenance, report)
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
                raw_due = decoded(component, "due")
                due = aware(raw_due, zone)
                rrule = component.get("rrule")
                if rrule is not None and isinstance(raw_due, datetime):  # a repeating to-do
                    anchor = aware(decoded(component, "dtstart"), zone) if component.get("dtstart") else due
                    repeat = service.repeat_from_rule(rrule.to_ical().decode(), anchor)
                    reminder = service.create_repeating(title, repeat, provenance=provenance)
                    assert reminder.id is not None
                    report.reminders.append(reminder.id)
                    continue
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
