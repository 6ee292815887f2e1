"""The local calendar: events in Steward's SQLite store (the embedded default)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import datetime

from steward.calendar.backends.base import Reading, skipped_in
from steward.records.calendar import Event, normalise
from steward.store import calendar as repo


class LocalBackend:
    """Events in the `events` table; writes join the caller's transaction on the same connection."""

    name = "local"

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def add(self, event: Event) -> Event:
        """Store a new local event and return it."""
        repo.insert_event(self.conn, event, normalise(event.title))
        return event

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """Local events overlapping [start, end), each time of a repeating one as an event of its own."""
        return self.read(start, end).events

    def read(self, start: datetime, end: datetime) -> Reading:
        """Local events overlapping [start, end) (every stored row was checked when written), and the
        skipped times of repeating ones there."""
        found = repo.events_between(self.conn, start, end)
        skipped: list[Event] = []
        for event in repo.repeating_events(self.conn, end):
            found.extend(expand(event, start, end))
            skipped.extend(skipped_in(event, start, end))
        return Reading(sorted(found, key=lambda e: (e.start, e.id)), skipped=tuple(skipped))

    def find_duplicate(self, title: str, start: datetime) -> Event | None:
        """A local event with the same normalised title and start, if any."""
        return repo.find_event_duplicate(self.conn, normalise(title), start)

    def find(self, event_id: str) -> Event | None:
        """The local event with this UID, if any."""
        return repo.find_event(self.conn, event_id)

    def remove(self, event_id: str, if_match: str | None = None) -> bool:
        """Cancel a local event; False when there is none with this UID."""
        return repo.cancel_event(self.conn, event_id)

    def move(self, event_id: str, start: datetime, end: datetime, if_match: str | None = None) -> Event | None:
        """Move a local event to new times; None when there is none with this UID."""
        if not repo.move_event(self.conn, event_id, start, end):
            return None
        return repo.find_event(self.conn, event_id)

    def skip(self, event_id: str, occurrence: datetime, if_match: str | None = None) -> Event | None:
        """Skip one time of a repeating local event; None when there is none with this UID."""
        if not repo.skip_event_time(self.conn, event_id, occurrence):
            return None
        return repo.find_event(self.conn, event_id)

    def move_one(self, event_id: str, occurrence: datetime, start: datetime, end: datetime,
                 if_match: str | None = None) -> Event | None:
        """Move one time of a repeating local event on its own; None when there is none with this UID."""
        if not repo.move_event_time(self.conn, event_id, occurrence, start, end):
            return None
        return repo.find_event(self.conn, event_id)

    def set_rule(self, event_id: str, rule: str, start: datetime, end: datetime,
                 if_match: str | None = None) -> Event | None:
        """A repeating local event's new rule and first time; None when there is none with this UID."""
        if not repo.set_event_rule(self.conn, event_id, rule, start, end):
            return None
        return repo.find_event(self.conn, event_id)

    def all(self) -> list[Event]:
        """Every confirmed local event."""
        return repo.all_events(self.conn)


def expand(event: Event, start: datetime, end: datetime, limit: int = 500) -> list[Event]:
    """The times of a repeating event that overlap [start, end), on the wall clock of its zone (at most
    `limit` of them)."""
    from steward.clock import get_zone
    from steward.dates import iter_occurrences

    if event.rule is None:
        return [event] if event.start < end and event.end > start else []
    length = event.end - event.start
    first = event.start.astimezone(get_zone(event.zone))
    out = []
    after = max(first, start - length)
    skipped = set(event.skipped)
    moved = {was: (begin, finish) for was, begin, finish in event.moved}
    for n, begin in enumerate(iter_occurrences(event.rule, first, after, inclusive=True)):
        if begin >= end or n >= limit:
            break
        if begin + length > start and begin not in skipped and begin not in moved:
            out.append(replace(event, start=begin, end=begin + length))
    # a time moved on its own is where it went (even when the time it had is outside the span)
    for was, (begin, finish) in moved.items():
        if begin < end and finish > start and was not in skipped:
            out.append(replace(event, start=begin.astimezone(first.tzinfo), end=finish.astimezone(first.tzinfo),
                               recurrence_id=was))
    return sorted(out, key=lambda e: e.start)
