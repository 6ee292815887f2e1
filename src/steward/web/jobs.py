"""The scheduler host of `steward serve`: periodic jobs on one thread with its own App.

A job is a name, an interval and a function of the App (the calendar's reminder `tick`, the mail
sync heartbeat). A job that fails is logged in one line and retried with a doubling back-off, capped;
a success restores its interval. `stop()` lets the running job finish and then closes the App.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from steward.app import App
from steward.errors import StewardError
from steward.settings import Settings

if TYPE_CHECKING:
    from steward.mail.heartbeat import SyncHeartbeat

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Job:
    """Run `fn(app)` every `every` seconds (the first run at start, unless `delay` says otherwise)."""

    name: str
    every: float
    fn: Callable[[App], object]
    delay: float = 0.0
    max_backoff: float = 3600.0
    close: Callable[[], object] | None = None  # called once on stop, on the job thread


@dataclass
class JobState:
    """What the host knows about one job; `GET /health` shows it."""

    name: str
    next_at: float
    runs: int = 0
    failures: int = 0
    last_error: str | None = None
    last_ok: float | None = None
    backoff: float = field(default=0.0)


def next_delay(job: Job, failures_in_a_row: int) -> float:
    """Seconds until the next run: the interval, or a doubling back-off after failures (capped)."""
    if failures_in_a_row <= 0:
        return job.every
    return min(job.max_backoff, max(job.every, 5.0) * 2 ** (failures_in_a_row - 1))


class JobHost:
    """Runs jobs on a thread of its own until `stop()`."""

    def __init__(self, make_app: Callable[[], App], jobs: list[Job],
                 stale: Callable[[App], bool] | None = None) -> None:
        self._make_app = make_app
        self._stale = stale  # True for an App built on a clock the server has since turned from
        self.jobs = list(jobs)
        now = time.monotonic()
        self.state = {job.name: JobState(job.name, now + job.delay) for job in self.jobs}
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="steward-jobs", daemon=True)
        self._streak: dict[str, int] = {job.name: 0 for job in self.jobs}

    def start(self) -> None:
        """Start the job thread (nothing when there is no job)."""
        if self.jobs and not self._thread.is_alive():
            self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Let the running job finish, then stop the thread and close its App."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def run_now(self) -> None:
        """Ask every job to run at once (used after a write that may have made a reminder due)."""
        now = time.monotonic()
        for state in self.state.values():
            state.next_at = min(state.next_at, now)
        self._wake.set()

    def _loop(self) -> None:
        app: App | None = None
        try:
            while not self._stop.is_set():
                now = time.monotonic()
                for job in self.jobs:
                    state = self.state[job.name]
                    if self._stop.is_set() or state.next_at > now:
                        continue
                    if app is not None and self._stale is not None and self._stale(app):
                        app.close()  # the zone changed: the jobs run on the new clock from now on
                        app = None
                    if app is None:
                        app = self._make_app()
                    self._run(app, job, state)
                wait = min(s.next_at for s in self.state.values()) - time.monotonic()
                self._wake.wait(max(0.0, min(wait, 60.0)))
                self._wake.clear()
        finally:
            for job in self.jobs:
                if job.close is not None:
                    try:
                        job.close()
                    except Exception:  # noqa: BLE001 - closing one job must not keep the others open
                        log.exception("closing job %s", job.name)
            if app is not None:
                app.close()

    def _run(self, app: App, job: Job, state: JobState) -> None:
        state.runs += 1
        try:
            job.fn(app)
        except StewardError as exc:
            self._failed(job, state, exc.message)
        except Exception as exc:  # noqa: BLE001 - one broken job must not stop the others; logged in full
            log.exception("job %s crashed", job.name)
            self._failed(job, state, f"{type(exc).__name__}: {exc}")
        else:
            self._streak[job.name] = 0
            state.last_error = None
            state.last_ok = time.time()
            state.next_at = time.monotonic() + next_delay(job, 0)

    def _failed(self, job: Job, state: JobState, message: str) -> None:
        self._streak[job.name] += 1
        state.failures += 1
        state.last_error = message
        delay = next_delay(job, self._streak[job.name])
        state.next_at = time.monotonic() + delay
        log.warning("job %s failed (%s); next try in %.0f s", job.name, message, delay)


def parse_interval(text: str) -> float:
    """'30s', '5m', '1h', '90' (seconds) -> seconds; '0' or '' -> 0 (off)."""
    value = text.strip().lower()
    if not value:
        return 0.0
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    try:
        if value[-1] in units:
            return float(value[:-1]) * units[value[-1]]
        return float(value)
    except ValueError:
        from steward.errors import ConfigError

        raise ConfigError(f"interval {text!r}: write it like 30s, 5m or 1h") from None


def scheduled_jobs(settings: Settings) -> list[Job]:
    """The jobs `steward serve` runs: reminder notifications and the mail sync heartbeat."""
    jobs = [Job("reminders", settings.as_float("scheduler.interval"), send_due_reminders)]
    if settings.as_str("brief.morning_time"):
        jobs.append(Job("brief", settings.as_float("scheduler.interval"), morning_brief, delay=1.0))
    if settings.get("mail.accounts") and parse_interval(settings.as_str("mail.sync_every")) > 0:
        # looked at every 15 s; each account is synced on its own `mail.sync_every` schedule and backs
        # off on its own after failures (the heartbeat decides, so this job itself rarely fails)
        jobs.append(Job("mail-sync", 15.0, HeartbeatJob(), delay=2.0))
    # mail marked by older rules marked again (an upgrade): before the dues and appointments read it, then
    # hourly (a glance at the rules' stamp when nothing changed)
    jobs.append(Job("mail-marks", 3600.0, keep_marks_current, delay=3.0))
    # bills read and due-soon notices: after each sync (HeartbeatJob) and every few minutes
    jobs.append(Job("dues", 300.0, read_dues, delay=5.0))
    if settings.as_str("appointments.mode") != "off":
        # after each sync (HeartbeatJob) and hourly, so imported mail is read and the window moves on
        jobs.append(Job("appointments", 3600.0, scan_appointments, delay=10.0))
    # the newest messages' word index, which ranks searches in a large mailbox, takes mail an import
    # stopped before giving it (a finished import or a sync gives it at once)
    jobs.append(Job("mail-ranking", 60.0, catch_up_ranking, delay=15.0))
    if settings.as_bool("semantic_search"):
        # mail imported with --words-only (or an import stopped before its vectors) becomes searchable by
        # meaning here, a batch per transaction, while search says how many are still waiting
        jobs.append(Job("mail-vectors", 60.0, embed_pending, delay=20.0))
    return [job for job in jobs if job.every > 0]


def keep_marks_current(app: App) -> None:
    """The stored mail marked again when the rules that mark it changed (`mail.marks.ensure_current`)."""
    from steward.mail.marks import ensure_current

    report = ensure_current(app.db, app.mail_classifier)
    if report is not None:
        log.info("mail: %d stored message(s) marked again with the current rules (%d newly marked, %d cleared)",
                 report.checked, report.marked, report.cleared)


def catch_up_ranking(app: App) -> None:
    """The newest messages' word index catches up with the store (`mail.ingest.catch_up_recent_words`)."""
    from steward.mail.ingest import catch_up_recent_words

    catch_up_recent_words(app.db)


def embed_pending(app: App) -> None:
    """Vectors for the messages that have none yet (`search.semantic.backfill`; nothing when no model)."""
    if app.mail_on_batch is None:
        return
    from steward.search.semantic import backfill

    report = backfill(app.db, app.embedder, refresh_stale=False)
    if report.indexed:
        log.info("mail: %d message(s) made searchable by meaning", report.indexed)


def morning_brief(app: App) -> None:
    """The morning brief, once a day at `brief.morning_time` on the user's clock (`scheduler.send_morning_brief`)."""
    from steward.scheduler import send_morning_brief

    send_morning_brief(app.brief, app.clock.now())


def read_dues(app: App) -> None:
    """New bill mail read for dues, then the due-soon notices (`scheduler.dues_pass`)."""
    from datetime import timedelta

    from steward.notify.sinks import build_sinks
    from steward.scheduler import dues_pass

    dues_pass(app.dues, build_sinks(app.settings), timedelta(days=app.settings.as_int("finance.since_days")))


def scan_appointments(app: App) -> None:
    """One appointment scan (`AppointmentsService.scan`): proposals in ask mode, events in auto mode."""
    if app.settings.as_str("appointments.mode") == "off":
        return
    report = app.appointments.scan()
    for item in report.items:
        if item.status in ("proposed", "created", "quarantined"):
            # who and when come from mail: named at debug only
            log.info("appointment %s (message %s)", item.status, item.message_id)
            log.debug("appointment %s: %s %s", item.status, item.provider, item.start)


def send_due_reminders(app: App) -> None:
    """The calendar's pass over due reminders (`scheduler.fire_due_reminders`), logged in one line each."""
    from steward.scheduler import fire_due_reminders

    for fired in fire_due_reminders(app.db, app.settings, app.clock, read_back=app.calendar.reconcile_reminders):
        log.info("reminder %s %s", fired["id"], fired["status"])
        log.debug("reminder %s: %s", fired["id"], fired["text"])


class HeartbeatJob:
    """The mail-sync job for `steward serve`'s job host: call it with the App every few seconds.

    Each call is one `SyncHeartbeat.tick`: an account is synced when its own schedule says so
    (`mail.sync_every`, with per-account backoff after failures), so calling often costs nothing.
    Accounts are read when the job first runs; a restart picks up accounts added since.
    """

    def __init__(self) -> None:
        self._beat: SyncHeartbeat | None = None
        self._built = False

    def __call__(self, app: App) -> list[dict[str, object]]:
        """One tick of the heartbeat (built from the App on the first call)."""
        from datetime import UTC, datetime

        if not self._built:
            self._beat = app.mail_heartbeat()
            self._built = True
        if self._beat is None:
            return []
        results = self._beat.tick(datetime.now(UTC))
        for item in results:
            if item.get("error"):
                log.warning("%s (next try %s)", item["error"], item.get("next_at"))
            else:
                log.info("mail sync %s: %s new, %s removed", item["account"], item.get("added"), item.get("removed"))
        if any(item.get("ok") and item.get("added") for item in results):
            scan_appointments(app)  # new mail may confirm an appointment
            read_dues(app)  # or bring a bill
        return results
