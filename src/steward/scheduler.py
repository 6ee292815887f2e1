"""Background jobs. Today: firing due reminders exactly once.

How a reminder fires (the state lives in the `reminders` row, so any process can pick up):

    pending ──claim──► firing ──every sink delivered──► fired
       ▲                  │
       │                  ├──a sink failed, retries left──► pending (next_attempt_utc = now + wait)
       │                  └──a sink failed, none left─────► fired (some sink had it; last_error says
       │                                                     which did not) or failed (none had it)
       └──release── a claim whose scheduler died (same host, its pid gone) or went silent past
                    `scheduler.lease_seconds`

* Claiming is one conditional UPDATE (pending -> firing, attempts + 1) in its own transaction, so two
  schedulers on one database never both send a reminder.
* Each send is recorded in `reminder_deliveries` as attempted before it is made and as delivered once
  the sink took it; a retry or a restart sends only to the sinks that have not had it. A send a crash
  cut short is made again with the same key to the sinks whose receivers drop a repeat by it
  (webhook and ntfy: `Idempotency-Key`, ntfy's `X-Sequence-ID`; email: a fixed Message-ID), so the
  receiver sees it once; console and desktop cannot be asked, so they get it at most once and the
  reminder's history says it may not have been shown.
* A repeating reminder is one pending row at a time (`calendar.recurring`): the next occurrence
  after both this one and now is written in the transaction that marks this one fired, so a restart
  fires nothing twice and a machine that was off fires the occurrence it missed once.
* A reminder is sent only once `due <= now` (never early). One that came due while Steward was down
  is sent on the first pass after start, marked late when more than `notify.late_after` seconds
  have passed since it was due.
"""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any, TextIO

from steward.calendar import recurring
from steward.clock import Clock
from steward.errors import ConnectorError
from steward.formats import DEFAULT_LOCALE
from steward.notify import Notification, Notifier
from steward.store import calendar as repo

if TYPE_CHECKING:
    from pathlib import Path

    from steward.brief.service import BriefService
    from steward.finance.service import DuesService
    from steward.settings import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Fired:
    """What one pass did with one reminder."""

    id: int
    text: str
    due: datetime
    status: str  # fired | retry | failed
    late: bool
    sinks: tuple[str, ...]  # the sinks that delivered it on this pass
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """What the pass did with the reminder, as JSON."""
        return {"id": self.id, "text": self.text, "due": self.due.isoformat(), "status": self.status,
                "late": self.late, "sinks": list(self.sinks), "error": self.error}


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def claim_is_stale(owner: str, claimed_at: datetime, now: datetime, lease: timedelta,
                   host: str | None = None) -> bool:
    """A claim may be taken over when its lease ran out, or its process on this host is gone."""
    if now - claimed_at > lease:
        return True
    parts = owner.split(":")
    if len(parts) < 2 or not parts[1].isdigit():
        return True
    if parts[0] != (host or socket.gethostname()):
        return False
    return not _pid_alive(int(parts[1]))


def retry_wait(attempts: int, waits: Sequence[int]) -> timedelta | None:
    """The wait before attempt `attempts + 1`, or None when no retry is left."""
    if attempts - 1 < len(waits):
        return timedelta(seconds=int(waits[attempts - 1]))
    return None


class ReminderScheduler:
    """Sends every due reminder to the sinks, exactly once per sink. `tick(now)` is one pass."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        sinks: Sequence[Notifier],
        zone: tzinfo,
        *,
        late_after: timedelta = timedelta(minutes=2),
        retry_waits: Sequence[int] = (60, 300, 900, 3600),
        lease: timedelta = timedelta(minutes=10),
        owner: str | None = None,
        read_back: Callable[[], object] | None = None,
        locale: str = DEFAULT_LOCALE,
    ) -> None:
        self.conn = conn
        self.locale = locale  # how a notification writes its day and time
        # reads back what other calendar apps changed (CalendarService.reconcile_reminders) before each
        # pass, so a reminder moved or deleted on the phone does not fire at its old time
        self.read_back = read_back
        self.sinks = list(sinks)
        self.zone = zone
        self.late_after = late_after
        self.retry_waits = tuple(int(w) for w in retry_waits)
        self.lease = lease
        self.owner = owner or _owner()

    def recover(self, now: datetime) -> list[int]:
        """Put back to pending the claims of schedulers that died or went silent."""
        released = []
        for reminder_id, owner, claimed_at in repo.firing_claims(self.conn):
            if owner == self.owner or not claim_is_stale(owner, claimed_at, now, self.lease):
                continue
            if repo.release_claim(self.conn, reminder_id, owner):
                log.info("reminder %s: took over the claim of %s (claimed %s)", reminder_id, owner, claimed_at)
                released.append(reminder_id)
        return released

    def tick(self, now: datetime) -> list[dict[str, Any]]:
        """One pass: recover dead claims, then send every reminder due at `now`."""
        if now.tzinfo is None:
            raise ValueError("tick needs an aware datetime")
        self.recover(now)
        if self.read_back is not None:
            self.read_back()
        done = []
        for reminder_id in repo.due_for_firing(self.conn, now):
            with repo.write_txn(self.conn):
                claimed = repo.claim(self.conn, reminder_id, self.owner, now)
            if not claimed:
                continue  # another scheduler has it
            done.append(self._send(reminder_id, now).to_json())
        return done

    def _send(self, reminder_id: int, now: datetime) -> Fired:
        reminder = repo.get_reminder(self.conn, reminder_id)
        assert reminder is not None  # we hold its claim; reminders are never deleted
        late = now - reminder.due > self.late_after
        note = Notification(reminder_id, reminder.text, reminder.due.astimezone(self.zone), late, locale=self.locale)
        already = repo.delivered_sinks(self.conn, reminder_id)
        interrupted = repo.attempted_sinks(self.conn, reminder_id)
        sent: list[str] = []
        errors: list[str] = []
        unsure: list[str] = []
        for sink in self.sinks:
            if sink.name in already:
                continue
            if sink.name in interrupted and not getattr(sink, "dedupes", False):
                # a send that began before a crash, to a sink that cannot drop a repeat: at most once
                repo.record_delivery(self.conn, reminder_id, sink.name, now, state="unknown")
                unsure.append(f"{sink.name}: may not have been shown (Steward stopped while showing it)")
                continue
            # the attempt is on record before the send: after a crash the same key goes out again
            repo.begin_delivery(self.conn, reminder_id, sink.name, note.key, now)
            try:
                sink.send(note)
            except ConnectorError as exc:
                log.warning("reminder %s: %s", reminder_id, exc.message)
                errors.append(exc.message)
                continue
            repo.record_delivery(self.conn, reminder_id, sink.name, now)  # at once: a crash now repeats nothing
            sent.append(sink.name)
        error = "; ".join(errors) or None
        history = "; ".join(unsure) or None  # what the reminder's history says about a send a crash cut short
        with repo.write_txn(self.conn):
            if error is None:
                repo.mark_fired(self.conn, reminder_id, self.owner, now, late, history)
                status = "fired"
            else:
                wait = retry_wait(repo.reminder_attempts(self.conn, reminder_id), self.retry_waits)
                if wait is not None:
                    repo.mark_retry(self.conn, reminder_id, self.owner, now + wait, error, late)
                    status = "retry"
                elif already or sent or unsure:
                    # the user has it from some sink; record which one never got it
                    repo.mark_fired(self.conn, reminder_id, self.owner, now, late,
                                    "; ".join(filter(None, (error, history))))
                    status = "fired"
                else:
                    repo.mark_retry(self.conn, reminder_id, self.owner, None, error, late)
                    status = "failed"
            if status != "retry":
                # a repeating reminder's next occurrence is written with this one's end: never twice
                recurring.roll_forward(self.conn, reminder_id, now)
        log.debug("reminder %s: %s via %s", reminder_id, status, sent)
        return Fired(reminder_id, reminder.text, note.due, status, late, tuple(sent), error)

    def close(self) -> None:
        """Close the scheduler's connection."""
        self.conn.close()


def reminder_scheduler(conn: sqlite3.Connection, settings: Settings, zone: tzinfo,
                       out: TextIO | None = None) -> ReminderScheduler:
    """A scheduler on `conn` with the configured sinks, retries and lease (`notify.*`, `scheduler.*`)."""
    from steward.notify.sinks import build_sinks

    secret = repo.action_secret(conn) if settings.as_str("notify.action_url").strip() else ""
    return ReminderScheduler(
        conn,
        build_sinks(settings, out, action_secret=secret),
        zone,
        late_after=timedelta(seconds=settings.as_int("notify.late_after")),
        retry_waits=[int(w) for w in settings.as_list("notify.retry_seconds")],
        lease=timedelta(seconds=settings.as_int("scheduler.lease_seconds")),
        locale=settings.as_str("locale"),
    )


def build_reminder_scheduler(settings: Settings, zone: tzinfo, db_file: Path,
                             out: TextIO | None = None) -> ReminderScheduler:
    """A scheduler on its own connection (so `serve` can run it in a thread) with the configured sinks."""
    from steward.store import connect

    return reminder_scheduler(connect(db_file, check_same_thread=False), settings, zone, out)


def fire_due_reminders(conn: sqlite3.Connection, settings: Settings, clock: Clock,
                       out: TextIO | None = None,
                       read_back: Callable[[], object] | None = None) -> list[dict[str, Any]]:
    """One pass on `conn` at the clock's now: the job `steward serve` runs every `scheduler.interval`."""
    scheduler = reminder_scheduler(conn, settings, clock.zone, out)
    scheduler.read_back = read_back
    return scheduler.tick(clock.now())


def send_morning_brief(brief: BriefService, now: datetime) -> dict[str, Any] | None:
    """The morning routine's pass: today's brief to the sinks once `brief.morning_time` has passed on the
    user's clock, once per local day across restarts (`BriefService.morning_tick`); None when not due."""
    sent = brief.morning_tick(now)
    if sent is None:
        return None
    log.info("morning brief %s: %s via %s", sent.brief.date, sent.delivery.status, ", ".join(sent.sinks) or "-")
    return sent.to_json()


def dues_pass(dues: DuesService, sinks: Sequence[Notifier], since: timedelta | None) -> dict[str, Any]:
    """After a sync: read the new bill mail for dues, then tell each sink once about each due coming up
    within `finance.notify_days_before` days (the notices sent are kept in the store, so a restart
    repeats none)."""
    report = dues.extract(since)
    for item in report.items:
        if item.outcome != "skipped":
            log.info("due %s from message %s: %s", item.due_id, item.message_id, item.outcome)
            log.debug("due %s: %s", item.due_id, item.summary)  # an issuer and an amount read from mail
    sent = dues.notify_due_soon(sinks)
    return {"derived": report.count("derived"), "paid": report.count("paid"), "notices": sent}


def run_loop(scheduler: ReminderScheduler, clock: Clock, interval: float,
             stop: threading.Event | None = None) -> None:
    """Pass after pass until `stop` is set (or Ctrl-C); a failing pass is logged, not fatal."""
    stop = stop or threading.Event()
    while not stop.is_set():
        try:
            scheduler.tick(clock.now())
        except sqlite3.OperationalError as exc:  # e.g. the store locked for longer than busy_timeout
            log.warning("scheduler pass failed: %s", exc)
        stop.wait(interval)
