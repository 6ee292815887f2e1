"""The composition root: `build_app` wires settings, the clock, the store and the services.

There are no module-level singletons; every service is built here, once per App, on first use, so a
light command (`steward when`) never opens the database or loads a model.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.paths import Paths
from steward.settings import Settings

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService

log = logging.getLogger(__name__)


@dataclass
class App:
    settings: Settings
    clock: Clock
    paths: Paths
    _closers: list[sqlite3.Connection] = field(default_factory=list)

    @cached_property
    def db(self) -> sqlite3.Connection:
        from steward.store import connect

        conn = connect(self.paths.db_file)
        self._closers.append(conn)
        return conn

    @cached_property
    def calendar(self) -> CalendarService:
        """The one write path for reminders and events, over the configured calendar backends."""
        from steward.calendar.backends import build_backends
        from steward.calendar.service import CalendarService
        from steward.dates import DateOptions

        return CalendarService(
            self.db,
            self.clock,
            build_backends(self.settings, self.db, self.clock.zone),
            write_to=self.settings.as_str("calendar.write_to") or "local",
            default_hour=self.settings.as_int("reminders.default_hour"),
            event_minutes=self.settings.as_int("calendar.event_minutes"),
            date_options=DateOptions.from_settings(self.settings),
        )

    def close(self) -> None:
        for conn in self._closers:
            conn.close()
        self._closers.clear()


def build_app(settings: Settings, clock: Clock, paths: Paths) -> App:
    """Wire one App. Services are cached properties built on first use."""
    return App(settings=settings, clock=clock, paths=paths)
