"""A reminder said from another event: "30 minutes before my meeting with Dana", "the day before my
exam", "twenty four hours before my friday meeting".

The event is looked up on the user's calendar (the day said with it, else the next two weeks): the
one whose title shares the most words with the words that name it, the soonest of those. The reminder
is due the lead away from its start. When the calendar has no such event, the caller asks when it is
and counts the lead from the answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from steward.calendar.reminders.dates import RelativeTo

if TYPE_CHECKING:
    from steward.records.calendar import Event

LOOK_AHEAD_DAYS = 14
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
# words that name no event: determiners, prepositions, and the day words a phrase may carry
_NOT_NAMES = frozenset({
    "my", "the", "our", "your", "his", "her", "their", "a", "an", "with", "at", "in", "on", "for", "of",
    "to", "and", "it", "this", "that", "next", "upcoming", "today", "tomorrow", "tonight",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})


def name_words(phrase: str) -> list[str]:
    """The words of a phrase that can name an event ("my friday meeting with Dana" -> meeting, dana)."""
    out = []
    for w in _WORD.findall(phrase.lower()):
        w = w.removesuffix("'s")
        if w not in _NOT_NAMES and not w.isdigit():
            out.append(w)
    return out


def _stem(word: str) -> str:
    return word[:5]


def best_event(words: Sequence[str], events: Iterable[Event], after: datetime) -> Event | None:
    """The soonest event starting after `after` whose title and place share the most of `words`."""
    wanted = {_stem(w) for w in words}
    if not wanted:
        return None
    best: tuple[int, datetime] | None = None
    found = None
    for event in events:
        if event.start <= after:
            continue
        said = {_stem(w) for w in _WORD.findall(f"{event.title} {event.location or ''}".lower())}
        shared = len(wanted & said)
        if not shared:
            continue
        key = (-shared, event.start)
        if best is None or key < best:
            best, found = key, event
    return found


def shared_words(words: Sequence[str], title: str) -> int:
    """How many of `words` (a request's, as `name_words` gives them) a thing's title holds."""
    said = {_stem(w) for w in _WORD.findall(title.lower())}
    return len({_stem(w) for w in words} & said)


def days_to_search(relative: RelativeTo, today: date) -> list[date]:
    """The day said with the event, else today and the next two weeks."""
    if relative.day is not None:
        return [relative.day.start.date()]
    return [today + timedelta(days=i) for i in range(LOOK_AHEAD_DAYS + 1)]


def find_event(relative: RelativeTo, subject: str, schedule: Callable[[date], Iterable[Event]],
               now: datetime) -> Event | None:
    """The calendar's event the lead counts from (`schedule(day)` gives a day's events), or None."""
    words = name_words(relative.event or subject)
    events = [e for day in days_to_search(relative, now.date()) for e in schedule(day) if not e.all_day]
    return best_event(words, events, now)


def event_label(relative: RelativeTo, subject: str) -> str:
    """How the question names the event: "your meeting with Dana"."""
    said = (relative.event or subject).strip()
    first, _, rest = said.partition(" ")
    if first.lower() == "my":
        return f"your {rest}".strip()
    return said if first.lower() in ("the", "your", "our", "his", "her", "their") else f"the {said}"
