"""The local calendar: events in Steward's SQLite store (the embedded default)."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from steward.calendar.backends.base import Reading
from steward.calendar.model import Event, normalise
from steward.store import calendar as repo


class LocalBackend:
    """Events in the `events` table; writes join the caller's transaction on the same connection."""

    name = "local"

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def add(self, event: Event) -> Event:
        repo.insert_event(self.conn, event, normalise(event.title))
        return event

    def between(self, start: datetime, end: datetime) -> list[Event]:
        return repo.events_between(self.conn, start, end)

    def read(self, start: datetime, end: datetime) -> Reading:
        return Reading(self.between(start, end))  # every stored row was checked when it was written

    def find_duplicate(self, title: str, start: datetime) -> Event | None:
        return repo.find_event_duplicate(self.conn, normalise(title), start)

    def find(self, event_id: str) -> Event | None:
        return repo.find_event(self.conn, event_id)

    def remove(self, event_id: str) -> bool:
        return repo.cancel_event(self.conn, event_id)

    def move(self, event_id: str, start: datetime, end: datetime) -> Event | None:
        if not repo.move_event(self.conn, event_id, start, end):
            return None
        return repo.find_event(self.conn, event_id)

    def all(self) -> list[Event]:
        return repo.all_events(self.conn)
