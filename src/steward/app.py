"""The composition root: `build_app` wires settings, the clock, the store and the services.

There are no module-level singletons; every service is built here, once per App, on first use, so a
light command (`steward when`) never opens the database or loads a model.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass, field
from functools import cached_property

from steward.clock import Clock
from steward.paths import Paths
from steward.settings import Settings

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

    def close(self) -> None:
        for conn in self._closers:
            conn.close()
        self._closers.clear()


def build_app(settings: Settings, clock: Clock, paths: Paths) -> App:
    """Wire one App. Services are cached properties built on first use."""
    return App(settings=settings, clock=clock, paths=paths)
