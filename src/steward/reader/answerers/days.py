"""A day's calendar, as it is ("what's my schedule tomorrow?", "what have I got on wednesday", "what's
on this week"): every reminder and event of each day asked (today when the question names none; at most
a week), from the calendar's schedule query. The schedule answerer gives it to a question whose words
ask for the day's calendar (`wants` "days") when nothing beyond the calendar is on then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.formats import Formats
from steward.reader.answer import Answer
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService, Schedule, ScheduleItem

MAX_DAYS = 7


def day_label(day: date, fmt: Formats | None = None, today: date | None = None) -> str:
    """`Tue 15 Sept` (en_GB), `Tue, Sep 15` (en_US); the year too outside today's year."""
    return (fmt or Formats()).day(day, year=today is None or day.year != today.year)


def _item_line(item: ScheduleItem, fmt: Formats) -> str:
    change = " — skipped this time" if item.state == "skipped" else \
        f" — moved from {fmt.moment(item.moved_from)}" if item.moved_from is not None else ""
    if item.reminder is not None:
        return f"{fmt.time(item.at)} {item.reminder.text} (reminder){change}"
    event = item.event
    if event is None:
        return fmt.time(item.at)
    when = "all day" if event.all_day else f"{fmt.time(event.start)}–{fmt.time(event.end)}"
    where = f" at {event.location}" if event.location else ""
    return f"{when} {event.title}{where} ({event.calendar}){change}"


def render(schedules: list[Schedule], fmt: Formats | None = None, today: date | None = None) -> str:
    """The days' schedules as text a person reads; an event a calendar had to skip is named once."""
    fmt = fmt or Formats()
    skipped = [f"({u.calendar}: skipped {u.label}: {u.reason})"
               for u in dict.fromkeys(u for s in schedules for u in s.unreadable)]
    if len(schedules) == 1 and not schedules[0].items:
        s = schedules[0]
        return "\n".join([f"Nothing on your schedule for {day_label(s.day, fmt, today)}.",
                          *(f"- {_item_line(i, fmt)}" for i in s.skipped),
                          *(f"({name} could not be read: {error})" for name, error in s.unavailable),
                          *skipped])
    lines: list[str] = []
    for s in schedules:
        if len(schedules) > 1 and not s.items:
            continue
        count = len(s.items)
        lines.append(f"{day_label(s.day, fmt, today)} ({count} item{'s' if count != 1 else ''}):")
        # a time skipped stays in its day, said so (it is not counted: it will not happen)
        lines.extend(f"- {_item_line(i, fmt)}" for i in sorted((*s.items, *s.skipped), key=lambda i: i.at))
        lines.extend(f"  ({name} could not be read: {error})" for name, error in s.unavailable)
    if not lines:
        first, last = schedules[0].day, schedules[-1].day
        lines.append(f"Nothing on your schedule from {day_label(first, fmt, today)} to {day_label(last, fmt, today)}.")
    return "\n".join([*lines, *skipped])


def days_of(frame: Frame, clock: Clock) -> list[date]:
    """The local days the question covers (today when it names none)."""
    zone = clock.zone
    if frame.window is None:
        return [clock.today()]
    first = frame.window.start.astimezone(zone).date()
    last = first
    if frame.window.end - frame.window.start > timedelta(days=1):
        last = (frame.window.end - timedelta(microseconds=1)).astimezone(zone).date()
    count = min((last - first).days + 1, MAX_DAYS)
    return [first + timedelta(days=i) for i in range(count)]


def days_answer(frame: Frame, clock: Clock, calendar: Callable[[], CalendarService],
                read: Mapping[date, Schedule] | None = None) -> Answer:
    """The reminders and events of the days asked, as the reply (`data.days`: each day's schedule); a day
    already in `read` (the schedule answerer read it for this question) is not read again."""
    if frame.window is None and any(ch.isdigit() for ch in frame.text):
        # a day was named ("on feb 30", "the 32nd", "9999-12-31") that `dates` could not read: today's
        # schedule would answer a question that was not asked
        return Answer("I couldn't tell which day you mean. Ask e.g. \"what's my schedule on friday?\" "
                      "or \"what do I have on 2026-09-18?\"", {"days": []})
    schedules = []
    cal: CalendarService | None = None
    for day in days_of(frame, clock):
        if read is not None and day in read:
            schedules.append(read[day])
            continue
        cal = cal or calendar()
        schedules.append(cal.schedule(day))
    return Answer(render(schedules, clock.formats, clock.today()), {"days": [s.to_json() for s in schedules]})
