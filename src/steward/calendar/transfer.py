"""ICS files in and out of the calendar: `steward calendar export | import`.

Export writes the local calendar's events and the pending reminders; import goes through the
calendar's one write path, so the usual rules hold: past items and exact duplicates are skipped (and
counted), and every imported item is in the audit log.
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
