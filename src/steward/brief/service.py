"""`BriefService`: the daily brief's one home. Its intercepts, loop tool, CLI command, HTTP routes and
the morning routine are thin adapters over it.

* `build(now)` renders the sections the prefs choose, in their order, from the sources it was given.
* `configure(request)` is the one write path for the prefs: it applies the request, writes the prefs
  file and its audit entry together, and keeps the step for `undo`.
* `morning_tick(now)` sends the morning brief once `brief.morning_time` has passed on the user's
  clock, exactly once per local day across restarts (the claim is a row per day in the store);
  `send_now()` sends one at once.

How a brief is sent, like a reminder (the state is in `brief_deliveries`, so any process can pick up):
each sink that accepts it is recorded at once; a failed sink is tried again after `retry_waits`
(the others are not sent it twice); a claim whose process died (same host, pid gone) or went silent
past `lease` is taken over.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import sqlite3
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from pathlib import Path
from time import perf_counter
from typing import Any

from steward.brief import collect
from steward.brief.config import WRITES, ConfigRequest, ConfigResult, apply, option_label
from steward.brief.manifest import Manifest, load_manifest
from steward.brief.model import Brief, Item, Section
from steward.brief.morning import due_day, morning_instant
from steward.brief.prefs import Prefs, PrefsFile, Saved
from steward.brief.render import heading, to_html, to_text
from steward.brief.sources import AppointmentsSource, DuesSource, MailHealthSource, ScheduleSource
from steward.clock import Clock
from steward.errors import ConnectorError, UserError
from steward.notify import Notification, Notifier
from steward.records.brief import Delivery
from steward.store import brief as repo

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SendResult:
    """One delivery attempt: which sinks took the brief now, which failed and why."""

    delivery: Delivery
    sinks: tuple[str, ...]
    errors: tuple[str, ...]
    brief: Brief

    def to_json(self) -> dict[str, Any]:
        """The send as JSON: the delivery, the sinks it reached, the errors, and the brief."""
        return {"delivery": self.delivery.to_json(), "sinks": list(self.sinks), "errors": list(self.errors),
                "brief": self.brief.to_json()}


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _claim_is_stale(owner: str | None, started: datetime, now: datetime, lease: timedelta) -> bool:
    """A claim may be taken over when its lease ran out or its process (on this host) is gone."""
    if owner is None or now - started > lease:
        return True
    parts = owner.split(":")
    if len(parts) < 2 or not parts[1].isdigit():
        return True
    if parts[0] != socket.gethostname():
        return False  # another machine's process: only its lease can say it is gone
    try:
        os.kill(int(parts[1]), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


class BriefService:
    """The daily brief: prefs, render, and delivery through the notification sinks."""

    def __init__(
        self,
        *,
        db: Callable[[], sqlite3.Connection],
        clock: Clock,
        prefs_path: Path,
        manifest: Manifest | None = None,
        schedule: ScheduleSource | None = None,
        dues: DuesSource | None = None,
        appointments: AppointmentsSource | None = None,
        mail_health: MailHealthSource | None = None,
        sinks: Callable[[], Sequence[Notifier]] | None = None,
        morning_time: time | None = time(7),
        inbox_limit: int = 2000,
        retry_waits: Sequence[int] = (60, 300, 900, 3600),
        lease: timedelta = timedelta(minutes=10),
    ) -> None:
        self._db = db
        self.clock = clock
        self.manifest = manifest or load_manifest()
        self.prefs_file = PrefsFile(prefs_path, self.manifest)
        self.sources = collect.Sources(db=db, schedule=schedule, dues=dues, appointments=appointments,
                                       mail_health=mail_health, inbox_limit=inbox_limit)
        self._sinks = sinks
        self.morning_time = morning_time
        self.retry_waits = tuple(int(w) for w in retry_waits)
        self.lease = lease
        self.owner = _owner()

    # -- prefs ----------------------------------------------------------------------------------------

    def prefs(self) -> Prefs:
        """The prefs in force (the full brief until the user changes something)."""
        return self.prefs_file.load().prefs

    def configure(self, request: ConfigRequest, *, provenance: Mapping[str, Any],
                  dry_run: bool = False) -> ConfigResult:
        """Apply a config request: the prefs file and the audit entry are written together (or neither).

        `undo` steps back one change; `show` changes nothing. A UserError says what cannot be done.
        A write reads the prefs under the store's write lock, so two writers (chat and the web page)
        never lose each other's change.
        """
        if dry_run or request.op not in WRITES:
            return self._decide(self.prefs_file.load(), request, dry_run)[0]
        conn = self._db()
        with repo.write_txn(conn):
            result, new = self._decide(self.prefs_file.load(), request, dry_run)
            if result.changed:
                repo.record_audit(conn, f"brief.config.{request.op}", request.slot, provenance,
                                  {"request": request.to_json(), "before": result.before.to_json(),
                                   "after": result.after.to_json(), "message": result.message})
                self.prefs_file.save(new)  # inside the transaction: a failed write leaves no audit entry
        log.debug("brief prefs %s %s: %s", request.op, request.slot, result.message)
        return result

    def _decide(self, saved: Saved, request: ConfigRequest, dry_run: bool) -> tuple[ConfigResult, Saved]:
        """What `request` does to the saved prefs (pure): the result, and the file's content after it."""
        before = saved.prefs
        if request.op == "undo":
            if not saved.history:
                raise UserError("there is nothing to undo in your brief")
            after, undone = saved.history[-1]
            new = Saved(after, saved.history[:-1])
            what = re.sub(r" \(now \d+\w* of \d+\)", "", undone).rstrip(".")
            message = f"Undone ({what}): your brief is as it was before." if what else \
                "Undone: your brief is as it was before."
        else:
            after, message = apply(before, request, self.manifest)
            new = Saved(after, (*saved.history, (before, message)))
        changed = after != before and request.op in WRITES
        return ConfigResult(request, changed, message, before, after, after.sections(self.manifest), dry_run), new

    # -- render ---------------------------------------------------------------------------------------

    def build(self, now: datetime | None = None, prefs: Prefs | None = None) -> Brief:
        """The brief for the local day of `now` (the clock's now by default), in the prefs' order."""
        moment = now or self.clock.now()
        clock = self.clock.at(moment)
        today = clock.today()
        prefs = prefs if prefs is not None else self.prefs()
        since = clock.local(repo.last_sent_before(self._db(), today) or moment - timedelta(days=1))
        day = collect.Day(clock, moment, today, since)
        sections: list[Section] = []
        timings: dict[str, float] = {}
        for placed in prefs.sections(self.manifest):
            spec = self.manifest.get(placed.slot)
            collector = collect.COLLECTORS.get(placed.slot)
            started = perf_counter()
            items: tuple[Item, ...] = ()
            empty: str | None = "this section is not available in this version of Steward"
            if collector is not None:
                items, empty = collector(spec, placed.options, day, self.sources)
            timings[placed.slot] = (perf_counter() - started) * 1000
            sections.append(Section(placed.slot, spec.title, items, empty, placed.options,
                                    option_label(spec.options, placed.options)))
        return Brief(today, moment, clock.zone_name, since, tuple(sections), prefs, timings)

    # -- delivery -------------------------------------------------------------------------------------

    def sinks(self) -> list[Notifier]:
        """The notification sinks the brief goes to; a ConfigError when none are configured."""
        if self._sinks is None:
            from steward.errors import ConfigError

            raise ConfigError("no notification sinks are configured for the brief (notify.sinks)")
        return list(self._sinks())

    def morning_due(self, now: datetime) -> datetime | None:
        """The instant of today's morning brief on the user's clock (07:00 local, DST or not)."""
        if self.morning_time is None:
            return None
        return morning_instant(now.astimezone(self.clock.zone).date(), self.morning_time, self.clock.zone)

    def morning_tick(self, now: datetime) -> SendResult | None:
        """Send today's morning brief when it is due and not yet sent (or a retry's time has come)."""
        if self.morning_time is None:
            return None  # brief.morning_time is empty: no morning brief
        day = due_day(now, self.morning_time, self.clock.zone)
        if day is None:
            return None
        sinks = self.sinks()  # a sink that is not set up is one error now, before the day is claimed
        conn = self._db()
        with repo.write_txn(conn):
            row = repo.morning_delivery(conn, day)
            if row is None:
                delivery_id = repo.start_delivery(conn, day, "morning", self.clock.zone_name, self.owner, now)
                claimed = delivery_id is not None
            elif row.status == "sending" and row.owner != self.owner and \
                    _claim_is_stale(row.owner, row.started_at, now, self.lease):
                delivery_id, claimed = row.id, repo.take_over(conn, row.id, row.owner, "sending", self.owner, now)
            elif row.status == "retry" and (row.next_attempt_at is None or row.next_attempt_at <= now):
                delivery_id, claimed = row.id, repo.take_over(conn, row.id, row.owner, "retry", self.owner, now)
            else:
                return None
        if not claimed or delivery_id is None:
            return None
        return self._send(delivery_id, now, sinks, retries=True)

    def send_now(self, now: datetime | None = None) -> SendResult:
        """Send the brief now (`steward brief --send`), whatever the morning routine has done."""
        moment = now or self.clock.now()
        sinks = self.sinks()
        conn = self._db()
        with repo.write_txn(conn):
            delivery_id = repo.start_delivery(conn, self.clock.at(moment).today(), "manual", self.clock.zone_name,
                                              self.owner, moment)
        assert delivery_id is not None  # only the morning brief is one per day
        return self._send(delivery_id, moment, sinks, retries=False)

    def deliveries(self, limit: int = 20) -> list[Delivery]:
        """The newest deliveries first."""
        return repo.deliveries(self._db(), limit)

    def _send(self, delivery_id: int, now: datetime, sinks: Sequence[Notifier], *, retries: bool) -> SendResult:
        conn = self._db()
        try:
            brief = self.build(now)
        except BaseException:
            # the claim must not outlive a brief that could not be made: the next pass tries again
            first_wait = timedelta(seconds=self.retry_waits[0] if self.retry_waits else 60)
            with repo.write_txn(conn):
                repo.finish_delivery(conn, delivery_id, self.owner, "retry", now, "the brief could not be made",
                                     now + first_wait)
            raise
        delivery = repo.get_delivery(conn, delivery_id)
        assert delivery is not None
        note = Notification(delivery_id, to_text(brief), now, kind="brief", subject=heading(brief),
                            html=to_html(brief), ref=f"{delivery.kind}-{brief.date.isoformat()}-{delivery_id}")
        already = repo.delivered_sinks(conn, delivery_id)
        sent: list[str] = []
        errors: list[str] = []
        for sink in sinks:
            if sink.name in already:
                continue
            try:
                sink.send(note)
            except ConnectorError as exc:
                log.warning("brief %s: %s", delivery_id, exc.message)
                errors.append(exc.message)
                continue
            repo.record_sink(conn, delivery_id, sink.name, now)  # at once: a crash now repeats nothing
            sent.append(sink.name)
        error = "; ".join(errors) or None
        wait = self.retry_waits[delivery.attempts - 1] if retries and delivery.attempts - 1 < len(self.retry_waits) \
            else None
        with repo.write_txn(conn):
            if error is None or (wait is None and (already or sent)):
                status = "sent"
                repo.finish_delivery(conn, delivery_id, self.owner, "sent", now, error)
            elif wait is not None:
                status = "retry"
                repo.finish_delivery(conn, delivery_id, self.owner, "retry", now, error, now + timedelta(seconds=wait))
            else:
                status = "failed"
                repo.finish_delivery(conn, delivery_id, self.owner, "failed", now, error)
            if status != "retry":
                repo.record_audit(conn, "brief.deliver", str(delivery_id), {"via": "scheduler" if retries else "cli"},
                                  {"day": brief.date.isoformat(), "kind": delivery.kind, "status": status,
                                   "sinks": sorted(already | set(sent)), "error": error,
                                   "sections": [s.slot for s in brief.sections]})
        final = repo.get_delivery(conn, delivery_id)
        assert final is not None
        log.debug("brief %s (%s %s): %s via %s", delivery_id, delivery.kind, brief.date, status, sent)
        return SendResult(final, tuple(sent), tuple(errors), brief)
