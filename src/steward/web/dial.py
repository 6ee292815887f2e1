"""The server's clock, which the person may turn to another zone from the page while it runs.

`steward serve` builds each worker's App on one clock. When the zone changes (the page's zone form, or
`timezone` edited in config.toml), the dial holds the new clock; a worker whose App was built on the
old one builds a new App before its next call (`Workers(stale=...)`), so every answer after the change
is on the new clock, and each process of a server in several processes sees the change in the config
file on its next request. The zone is saved in config.toml, so a restart keeps it.
"""

from __future__ import annotations

import threading
from pathlib import Path

from steward.clock import Clock, check_zone, get_zone
from steward.errors import ConfigError
from steward.settings import load, save_settings


class ClockDial:
    """The clock every part of a running server uses now; `turn(zone)` changes its zone and saves it.

    `fixed` says why the zone cannot be changed here (it was given with --tz, or by $STEWARD_TIMEZONE);
    None when it can.
    """

    def __init__(self, clock: Clock, config_file: str | Path | None = None, fixed: str | None = None) -> None:
        self._clock = clock
        self._config = Path(config_file) if config_file is not None else None
        self.fixed = fixed
        self._lock = threading.Lock()
        # not yet looked: the first answer reads the file, so a zone saved while this process was starting
        # (by another process of the same server) is not missed
        self._seen: tuple[int, int] | None = None

    def _stamp(self) -> tuple[int, int] | None:
        if self._config is None:
            return None
        try:
            stat = self._config.stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def current(self) -> Clock:
        """The clock now: the zone saved in config.toml since the last look, if it changed."""
        if self.fixed is None and self._config is not None:
            stamp = self._stamp()
            if stamp != self._seen:
                with self._lock:
                    self._seen = stamp
                    self._follow_file()
        return self._clock

    def _follow_file(self) -> None:
        try:
            name = load(self._config).as_str("timezone")
            zone = get_zone(name) if name else None
        except ConfigError:
            return  # a config file being edited by hand: the clock stays as it was until it reads again
        if zone is not None and getattr(zone, "key", None) != getattr(self._clock.zone, "key", None):
            self._clock = self._clock.in_zone(zone)

    def turn(self, name: str) -> Clock:
        """Change the zone to `name` (a tz database name, or a city in one), save it, and return the clock."""
        if self.fixed is not None:
            raise ConfigError(self.fixed)
        key = check_zone(name)
        with self._lock:
            if self._config is not None:
                save_settings(self._config, {"timezone": key})
                self._seen = self._stamp()
            self._clock = self._clock.in_zone(get_zone(key))
            return self._clock


def fixed_reason(tz_option: str | None, source: str) -> str | None:
    """Why the zone of a server cannot be changed from the page, or None when it can."""
    if tz_option:
        return "the time zone was given with --tz when Steward was started; start it without --tz to change it here"
    if source.startswith("$"):
        return f"the time zone is set by {source} in Steward's environment; change it there"
    return None
