"""schedule_query: "what's my schedule tomorrow?", "what have I got on wednesday", "am I free on monday".

A read: it declines a turn that asks for a change. The day (or the days of "this week") comes from
`steward.dates` on the user's clock, today when the turn names none; the answer lists every reminder
and event of each day from the calendar's schedule query.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match
from steward.assistant.intercepts.reminder import find_when, turn_clock
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.clock import Clock
from steward.formats import Formats
from steward.reader.read import says_a_kept_list
from steward.reader.words import load_words
from steward.vocab import Vocab, contains_phrase, match_at, words
from steward.vocab.language import is_question

if TYPE_CHECKING:
    from steward.calendar.service import Schedule, ScheduleItem

NAME = "schedule_query"
MAX_DAYS = 7


def day_label(day: date, fmt: Formats | None = None, today: date | None = None) -> str:
    """`Tue 15 Sept` (en_GB), `Tue, Sep 15` (en_US); the year too outside today's year."""
    return (fmt or Formats()).day(day, year=today is None or day.year != today.year)


def _item_line(item: ScheduleItem, fmt: Formats) -> str:
    if item.reminder is not None:
        return f"{fmt.time(item.at)} {item.reminder.text} (reminder)"
    event = item.event
    if event is None:
        return fmt.time(item.at)
    when = "all day" if event.all_day else f"{fmt.time(event.start)}–{fmt.time(event.end)}"
    where = f" at {event.location}" if event.location else ""
    return f"{when} {event.title}{where} ({event.calendar})"


def render(schedules: list[Schedule], fmt: Formats | None = None, today: date | None = None) -> str:
    """The days' schedules as text a person reads; an event a calendar had to skip is named once."""
    fmt = fmt or Formats()
    skipped = [f"({u.calendar}: skipped {u.label}: {u.reason})"
               for u in dict.fromkeys(u for s in schedules for u in s.unreadable)]
    if len(schedules) == 1 and not schedules[0].items:
        s = schedules[0]
        return "\n".join([f"Nothing on your schedule for {day_label(s.day, fmt, today)}.",
                          *(f"({name} could not be read: {error})" for name, error in s.unavailable),
                          *skipped])
    lines: list[str] = []
    for s in schedules:
        if len(schedules) > 1 and not s.items:
            continue
        count = len(s.items)
        lines.append(f"{day_label(s.day, fmt, today)} ({count} item{'s' if count != 1 else ''}):")
        lines.extend(f"- {_item_line(i, fmt)}" for i in s.items)
        lines.extend(f"  ({name} could not be read: {error})" for name, error in s.unavailable)
    if not lines:
        first, last = schedules[0].day, schedules[-1].day
        lines.append(f"Nothing on your schedule from {day_label(first, fmt, today)} to {day_label(last, fmt, today)}.")
    return "\n".join([*lines, *skipped])


class ScheduleQuery:
    """The schedule_query intercept."""

    name = NAME
    reads_only = True

    def __init__(self, vocab: Vocab, clock: Clock, calendar: Callable[[], Any], date_options: Any = None) -> None:
        self.vocab = vocab
        self.clock = clock
        self._calendar = calendar
        self.date_options = date_options

    def match(self, turn: Turn) -> Match | None:
        """A Match (the date it names, if any) for a question about the user's schedule."""
        norms = words(turn.text)
        if not contains_phrase(norms, self.vocab.schedule_words):
            return None
        if says_a_kept_list(norms, load_words(), to_do_is_ours=True):
            return None  # "what's on my shopping list today?": a list Steward does not keep, not the schedule
        asks = is_question(turn.text, self.vocab) or bool(match_at(norms, 0, self.vocab.show_verbs))
        if not asks:
            return None
        return Match(NAME, {"when": find_when(turn.text, turn_clock(self.clock, turn), self.date_options)})

    def days(self, turn: Turn, when: Any) -> list[date]:
        """The local days the question covers (today when it names none)."""
        zone = self.clock.zone
        if when is None:
            return [turn.now.astimezone(zone).date()]
        first = when.start.astimezone(zone).date()
        last = first
        if when.end is not None and when.end - when.start > timedelta(days=1):
            last = (when.end - timedelta(microseconds=1)).astimezone(zone).date()
        count = min((last - first).days + 1, MAX_DAYS)
        return [first + timedelta(days=i) for i in range(count)]

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """The reminders and events of those days, as the reply."""
        when = match.slots.get("when")
        if when is None and any(ch.isdigit() for ch in turn.text):
            # a day was named ("on feb 30", "the 32nd", "9999-12-31") that `dates` could not read: today's
            # schedule would answer a question that was not asked
            return Outcome(reply="I couldn't tell which day you mean. Ask e.g. \"what's my schedule on friday?\" "
                                 "or \"what do I have on 2026-09-18?\"", data={"days": []})
        calendar = self._calendar()
        schedules = [calendar.schedule(day) for day in self.days(turn, when)]
        data = {"days": [s.to_json() for s in schedules]}
        return Outcome(reply=render(schedules, self.clock.formats, turn_clock(self.clock, turn).today()), data=data)

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Nothing: the intercept never asks back."""
        return None  # asks nothing back
