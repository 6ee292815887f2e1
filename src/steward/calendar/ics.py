"""iCalendar (RFC 5545) <-> Steward's events and reminders, through `icalendar`: the pure mapping that
export, import (`calendar.transfer`) and CalDAV use. A repeating event carries its skipped times as
EXDATEs and each time moved on its own as a VEVENT of its own with the series' UID and a RECURRENCE-ID.

Times are written in UTC (`DTSTART:...Z`) with the zone they were meant in as `X-STEWARD-ZONE`, which
every client reads correctly; all-day events are DATE values. Steward's own objects carry
`X-STEWARD-ID`.
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

from steward.calendar import rules
from steward.errors import UserError
from steward.records.calendar import Event, Reminder

if TYPE_CHECKING:
    from icalendar import Calendar

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
    elif event.rule:
        # a repeating event repeats on the wall clock of its zone (TZID), which a UTC time would not
        from steward.clock import get_zone

        zone = get_zone(event.zone)
        v.add("dtstart", event.start.astimezone(zone))
        v.add("dtend", event.end.astimezone(zone))
    else:
        v.add("dtstart", event.start.astimezone(UTC))
        v.add("dtend", event.end.astimezone(UTC))
    if event.rule:
        from icalendar import vRecur

        v.add("rrule", vRecur.from_ical(event.rule))
        for skipped in event.skipped:
            v.add("exdate", skipped.astimezone(v.decoded("dtstart").tzinfo) if not event.all_day else skipped.date())
    if event.location:
        v.add("location", event.location)
    if event.steward:
        v.add(MARKER, event.id)
    for name, value in event.markers:
        v.add(f"x-steward-{name}", value)
    v.add("x-steward-zone", event.zone)
    return v


def _moved_time(event: Event, was: datetime, start: datetime, end: datetime) -> Any:
    """One time of a repeating event moved on its own, as RFC 5545 keeps it: a VEVENT with the series'
    UID and the start that time had as its RECURRENCE-ID, on the series' own clock."""
    from icalendar import Event as VEvent

    from steward.clock import get_zone

    zone = get_zone(event.zone)
    v = VEvent()
    v.add("uid", event.id)
    v.add("dtstamp", datetime.now(UTC))
    v.add("recurrence-id", was.astimezone(zone))
    v.add("summary", event.title)
    v.add("dtstart", start.astimezone(zone))
    v.add("dtend", end.astimezone(zone))
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
    if reminder.rule:
        # a repeating reminder from its next time on, on the wall clock of its zone
        from icalendar import vRecur

        from steward.clock import get_zone

        local = reminder.due.astimezone(get_zone(reminder.zone))
        t.add("dtstart", local)
        t.add("due", local)
        t.add("rrule", vRecur.from_ical(reminder.rule))
    else:
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
        for was, start, end in event.moved if event.rule and not event.all_day else ():
            if was not in event.skipped:
                cal.add_component(_moved_time(event, was, start, end))
    for reminder in reminders:
        cal.add_component(_vtodo(reminder))
    if any(e.rule and not e.all_day for e in events) or any(r.rule for r in reminders):
        cal.add_missing_timezones()  # the VTIMEZONE of each TZID a repeating event or reminder uses
    return cal


def aware(value: date | datetime, zone: tzinfo) -> datetime:
    """An ICS DATE or DATE-TIME as an aware datetime (floating times and days at midnight in `zone`)."""
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=zone)  # floating time: the user's
    if not isinstance(value, date):  # icalendar hands back the raw text of a value it could not parse
        raise UserError(f"{str(value)[:40]!r} is not a date or a date-time")
    return datetime.combine(value, time(0), tzinfo=zone)


def decoded(component: Any, name: str) -> Any:
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
    raw_start = decoded(component, "dtstart")
    all_day = not isinstance(raw_start, datetime)
    start = aware(raw_start, zone)
    if component.get("dtend") is not None:
        end = aware(decoded(component, "dtend"), zone)
    elif component.get("duration") is not None:
        duration = decoded(component, "duration")
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
    rrule = component.get("rrule")
    skipped = skipped_times(component, zone) if rrule is not None else ()
    return Event(id=uid or str(marker or ""), title=str(component.get("summary") or "(no title)"),
                 start=start, end=max(end, start), calendar=calendar, location=location,
                 zone=stored_zone or getattr(start.tzinfo, "key", None) or "UTC",
                 all_day=all_day, steward=marker is not None,
                 rule=rrule.to_ical().decode() if rrule is not None and hasattr(rrule, "to_ical") else None,
                 skipped=skipped)


def skipped_times(component: Any, zone: tzinfo = UTC) -> tuple[datetime, ...]:
    """The times a repeating VEVENT skips (its EXDATEs), aware (a day is midnight in `zone`)."""
    raw = component.get("exdate")
    if raw is None:
        return ()
    out: list[datetime] = []
    for item in raw if isinstance(raw, list) else [raw]:
        for value in getattr(item, "dts", ()):
            out.append(aware(value.dt, zone))
    return tuple(sorted(out))
