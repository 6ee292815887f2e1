"""The mail-sync heartbeat: every account synced every `mail.sync_every`, backing off on failure.

`SyncHeartbeat.tick(now)` is one pass: it syncs each account that is due and returns what happened,
so a scheduler can call it as often as it likes (a pass with nothing due does no I/O). After a failed
sync an account is retried sooner than the interval at first, then ever later (`backoff_delay`), so a
server that is down is not hammered and one that blinked is caught up quickly. Accounts back off
independently: one failing server never delays another.

`steward mail sync --every 5m` runs `run_loop`; the server process (`steward serve`) can call
`tick(now)` from its own scheduler (in a worker thread: a sync blocks on the network).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from steward.errors import UsageError

log = logging.getLogger(__name__)

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|m|min|mins|h|hr|hrs|d)?\s*$", re.I)
_UNIT = {"s": 1, "sec": 1, "secs": 1, "m": 60, "min": 60, "mins": 60, "h": 3600, "hr": 3600, "hrs": 3600,
         "d": 86400}


def parse_interval(text: str) -> timedelta:
    """'5m', '30s', '1h', '2d' or a number of seconds; '0' means off (a zero timedelta)."""
    m = _DURATION.match(str(text))
    if not m:
        raise UsageError(f"not an interval: {text!r} (use e.g. 30s, 5m, 1h)")
    seconds = float(m.group(1)) * _UNIT[(m.group(2) or "s").lower()]
    if 0 < seconds < 10:
        raise UsageError(f"interval {text!r} is too short; use at least 10s")
    return timedelta(seconds=seconds)


def backoff_delay(interval: timedelta, failures: int, *, first: timedelta = timedelta(seconds=30),
                  cap: timedelta = timedelta(hours=1)) -> timedelta:
    """How long to wait before the next sync after `failures` consecutive failures (0: the interval).

    30 s, 1 min, 2 min, 4 min, ... doubling, never past max(cap, interval).
    """
    if failures <= 0:
        return interval
    limit = max(cap, interval)
    exponent = min(failures - 1, 30)
    return min(limit, first * (2 ** exponent))


@dataclass(frozen=True)
class Beat:
    """One account's place in the heartbeat."""

    next_at: datetime | None = None  # None: due at once
    failures: int = 0


class OutcomeLike(Protocol):
    """What one account's sync returns (`steward.mail.live.Outcome` has this shape)."""

    @property
    def ok(self) -> bool:
        """Whether the sync succeeded."""

    @property
    def skipped(self) -> bool:
        """Whether another sync of the account was running."""

    def to_json(self) -> dict[str, object]:
        """The outcome as JSON."""


class SyncHeartbeat:
    """Runs each account's sync on its own schedule; `tick(now)` is one pass."""

    def __init__(self, accounts: Callable[[], Sequence[str]], run: Callable[[str], OutcomeLike],
                 interval: timedelta, *, cap: timedelta = timedelta(hours=1),
                 first_retry: timedelta = timedelta(seconds=30)) -> None:
        if interval <= timedelta(0):
            raise ValueError("a heartbeat needs a positive interval")
        self._accounts = accounts
        self._run = run
        self.interval = interval
        self.cap = cap
        self.first_retry = first_retry
        self.beats: dict[str, Beat] = {}

    def due(self, now: datetime) -> list[str]:
        """The accounts whose sync is due at `now`."""
        _require_aware(now)
        return [name for name in self._accounts()
                if (beat := self.beats.get(name)) is None or beat.next_at is None or beat.next_at <= now]

    def tick(self, now: datetime) -> list[dict[str, object]]:
        """Sync every due account; returns each outcome as JSON-ready data."""
        out: list[dict[str, object]] = []
        for name in self.due(now):
            outcome = self._run(name)
            beat = self.beats.get(name, Beat())
            if outcome.skipped:  # another process is syncing it right now: look again after a short wait
                self.beats[name] = Beat(now + self.first_retry, beat.failures)
            elif outcome.ok:
                self.beats[name] = Beat(now + self.interval, 0)
            else:
                failures = beat.failures + 1
                wait = backoff_delay(self.interval, failures, first=self.first_retry, cap=self.cap)
                self.beats[name] = Beat(now + wait, failures)
            data = outcome.to_json()
            data["next_at"] = self.beats[name].next_at
            out.append(data)
        return out

    def next_wakeup(self, now: datetime) -> datetime:
        """When the next account is due (now when one already is)."""
        _require_aware(now)
        names = list(self._accounts())
        times: list[datetime] = []
        for name in names:
            beat = self.beats.get(name)
            times.append(beat.next_at if beat is not None and beat.next_at is not None else now)
        return min(times, default=now + self.interval)


def _require_aware(now: datetime) -> None:
    if now.tzinfo is None:
        raise ValueError("the heartbeat needs an aware datetime")


def run_loop(heartbeat: SyncHeartbeat, now: Callable[[], datetime], stop: threading.Event,
             on_tick: Callable[[list[dict[str, object]]], None] | None = None,
             max_sleep: float = 60.0) -> None:
    """Tick until `stop` is set, sleeping until the next account is due (at most `max_sleep` s)."""
    while not stop.is_set():
        results = heartbeat.tick(now())
        if results and on_tick is not None:
            on_tick(results)
        wait = (heartbeat.next_wakeup(now()) - now()).total_seconds()
        stop.wait(min(max(wait, 0.5), max_sleep))
