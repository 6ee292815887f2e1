"""A one-off reminder's copy on the CalDAV calendar: kept in step both ways (and one time of a
repeating reminder moved on its own: written there as that time's override).

Part of `CalendarService` (through `ReminderManagement`). Steward's own changes (a move, a cancel) go
to the reminder's VTODO with If-Match and the ETag last seen, inside the same transaction as the local
change, so a calendar that refuses leaves nothing changed here; a refusal because another app changed
the to-do (HTTP 412) is read back and said. `reconcile_reminders` reads every to-do back in one request
and keeps what another app did (moved, deleted, ticked off) before anything fires; a repeating
reminder's to-do given new days or a new time there (its RRULE or DTSTART) is kept too: its next
time is the new rule's, never the old one's; so is its next time skipped or moved there on its own.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import datetime

from steward.clock import Clock
from steward.errors import Conflict, ConnectorError, NotFound, UserError
from steward.records.calendar import Reminder, Series, normalise
from steward.store import audit
from steward.store import calendar as repo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    import logging
    from typing import Any

    from steward.calendar.repeat_ical import TodoState


class ReminderTodos:
    """The CalDAV to-do of each one-off reminder (mixed into CalendarService)."""

    conn: sqlite3.Connection
    clock: Clock
    backends: dict[str, Any]

    def _todo_home(self) -> Any:
        """The CalDAV calendar reminders were written to (None when there is none)."""
        backend = self.backends.get("caldav")
        return backend if backend is not None and hasattr(backend, "move_todo") else None

    def _todo_moved(self, current: Reminder, due: datetime) -> None:
        home = self._todo_home()
        if current.caldav_uid is None or current.id is None or home is None:
            return
        etag = home.move_todo(current.caldav_uid, due, current.caldav_etag)
        repo.set_reminder_caldav(self.conn, current.id, current.caldav_uid, etag)

    def _todo_time_moved(self, current: Reminder, due: datetime | None) -> None:
        """One time of a repeating reminder kept on the CalDAV calendar moved on its own there too: an
        override of the time it had (the series' other times stay); `due` None: that time is skipped."""
        home = self._todo_home()
        if current.series_id is None or current.id is None or home is None or not hasattr(home, "move_todo_time"):
            return
        series = repo.get_series(self.conn, current.series_id)
        if series is None or series.caldav_uid is None:
            return
        home.move_todo_time(series.caldav_uid, repo.occurrence_of(self.conn, current.id) or current.due, due)

    def _todo_gone(self, current: Reminder) -> None:
        home = self._todo_home()
        if current.caldav_uid is None or home is None:
            return
        home.remove_todo(current.caldav_uid, current.caldav_etag)

    def _reread(self, current: Reminder, exc: Conflict | NotFound, doing: str) -> UserError:
        """After the calendar refused a change (another app changed or deleted the reminder): read its
        copy again, keep what the other app did, and say so."""
        if current.caldav_uid is None or current.id is None:
            return exc
        self.reconcile_reminders()
        now_is = repo.get_reminder(self.conn, current.id)
        if now_is is None or now_is.status == "cancelled":
            return NotFound(f"{current.text!r} was deleted or ticked off in another calendar app; nothing was {doing}")
        when = now_is.due.astimezone(self.clock.zone)
        return Conflict(f"{current.text!r} was changed in another calendar app (it is now due {self.clock.formats.moment(when)}); "
                        f"nothing was {doing}")

    _read_back_at: float | None = None

    def reconcile_reminders(self, max_age: float = 0.0) -> list[Reminder]:
        """Read back the pending reminders kept on the CalDAV calendar and keep what another app did:
        deleted or ticked off there is cancelled here, moved there is moved here (audit-logged, via
        "calendar"), so nothing fires at a time the person changed. The reminders changed, as they are
        now; when the server cannot be reached, nothing changes (they fire at the times known here).
        With `max_age`, nothing is asked when the last read back was that many seconds ago or less (a
        day's schedule read often, with a server that answers slowly, waits once, not every time)."""
        home = self._todo_home()
        mine = repo.caldav_reminders(self.conn)
        repeating = repo.caldav_series(self.conn)
        if home is None or not (mine or repeating):
            return []
        if max_age and self._read_back_at is not None and time.monotonic() - self._read_back_at <= max_age:
            return []
        self._read_back_at = time.monotonic()
        try:
            states = home.todos()
        except ConnectorError as exc:
            _log().warning("reminders not read back from the CalDAV calendar: %s", exc.message)
            return []
        prov = {"via": "calendar", "command": "read back"}
        changed: list[Reminder] = []
        for current in mine:
            state = states.get(current.caldav_uid or "")
            if current.id is None or (state is not None and state.etag and state.etag == current.caldav_etag):
                continue
            with repo.write_txn(self.conn):
                if state is None or state.closed:
                    why = "deleted" if state is None else "ticked off" if state.status == "COMPLETED" else "cancelled"
                    if not repo.set_reminder_status(self.conn, current.id, "cancelled", expect="pending"):
                        continue
                    if state is not None and state.status == "COMPLETED":
                        repo.mark_done(self.conn, current.id, self.clock.now())
                    audit.record(self.conn, "reminder.cancel", str(current.id), prov,
                                 {"text": current.text, "why": f"{why} in another calendar app"})
                elif state.due != current.due:
                    repo.move_reminder(self.conn, current.id, state.due.replace(microsecond=0))
                    audit.record(self.conn, "reminder.move", str(current.id), prov,
                                 {"text": current.text, "from": current.due.isoformat(),
                                  "due": state.due.isoformat(), "why": "moved in another calendar app"})
                repo.set_reminder_caldav(self.conn, current.id, current.caldav_uid or "", state.etag if state else None)
            now_is = repo.get_reminder(self.conn, current.id)
            if now_is is not None and (now_is.status, now_is.due) != (current.status, current.due):
                changed.append(now_is.shown_in(self.clock.zone))
        for series in repeating:
            moved = self._series_read_back(series, states.get(series.caldav_uid or ""), prov)
            if moved is not None:
                changed.append(moved.shown_in(self.clock.zone))
        return changed

    def _series_read_back(self, series: Series, state: TodoState | None, prov: dict[str, str]) -> Reminder | None:
        """Keep what another app did to a repeating reminder's to-do: deleted or ticked off there ends it
        here; new days or a new time there (RRULE, DTSTART) move its next time to the new rule's next.
        The open reminder as it now is (None when nothing changed)."""
        from steward.dates import occurrences, parse_rule

        current = repo.open_occurrence(self.conn, series.id)
        later: list[datetime] = []
        rule, start = series.rule, series.start
        if state is not None and not state.closed:
            if state.rule is None or state.start is None:
                return None
            try:
                rule = parse_rule(state.rule).text()
                known = parse_rule(series.rule).text()
            except ValueError as exc:
                _log().warning("a repeating reminder's to-do has a rule Steward cannot keep: %s", exc)
                return None
            start = state.start.astimezone(series.start.tzinfo).replace(microsecond=0)
            if (rule, start) == (known, series.start):
                return self._one_time_read_back(series, current, state, prov)
            later = occurrences(rule, start, self.clock.now().replace(microsecond=0), 1)
        with repo.write_txn(self.conn):
            if state is None or state.closed or not later:
                why = "deleted" if state is None else "ended" if not state.closed else \
                    "ticked off" if state.status == "COMPLETED" else "cancelled"
                repo.set_series_status(self.conn, series.id, "ended" if why == "ended" else "cancelled")
                if current is not None and current.id is not None:
                    repo.set_reminder_status(self.conn, current.id, "cancelled", expect="pending")
                audit.record(self.conn, "reminder.cancel", str(current.id if current else series.id), prov,
                             {"text": series.text, "series": series.id, "why": f"{why} in another calendar app"})
                return repo.get_reminder(self.conn, current.id) if current is not None and current.id else None
            repo.set_series_rule(self.conn, series.id, rule, start)
            due = later[0]
            if current is not None and current.due == due:
                return None
            if current is not None and current.id is not None:
                repo.set_reminder_status(self.conn, current.id, "cancelled", expect="pending")
            new_id = repo.insert_occurrence(self.conn, series.id, series.text, normalise(series.text), due,
                                            series.zone)
            audit.record(self.conn, "reminder.move", str(new_id), prov,
                         {"text": series.text, "series": series.id, "rule": rule,
                          "from": current.due.isoformat() if current is not None else None, "due": due.isoformat(),
                          "why": "its repeat changed in another calendar app"})
        return repo.get_reminder(self.conn, new_id)


    def _one_time_read_back(self, series: Series, current: Reminder | None, state: TodoState,
                            prov: dict[str, str]) -> Reminder | None:
        """Keep what another app did to the open time of a repeating reminder on its own: skipped there
        (an EXDATE) is cancelled here and the next time written; moved there (an override of that time)
        is moved here. The reminder as it now is (None when nothing changed)."""
        if current is None or current.id is None or current.status != "pending":
            return None
        from steward.calendar import recurring

        had = repo.occurrence_of(self.conn, current.id) or current.due
        moved_to = dict(state.moved).get(had)
        if had not in state.skipped and (moved_to is None or moved_to == current.due):
            return None
        with repo.write_txn(self.conn):
            if had in state.skipped:
                if not repo.set_reminder_status(self.conn, current.id, "cancelled", expect="pending"):
                    return None
                recurring.roll_forward(self.conn, current.id, self.clock.now())
                audit.record(self.conn, "reminder.cancel", str(current.id), prov,
                             {"text": series.text, "series": series.id, "due": current.due.isoformat(),
                              "why": "skipped in another calendar app"})
            else:
                assert moved_to is not None
                repo.move_reminder(self.conn, current.id, moved_to.replace(microsecond=0))
                audit.record(self.conn, "reminder.move", str(current.id), prov,
                             {"text": series.text, "series": series.id, "from": current.due.isoformat(),
                              "due": moved_to.isoformat(), "why": "moved in another calendar app"})
        return repo.get_reminder(self.conn, current.id)

def _log() -> logging.Logger:
    """This module's logger (logging is loaded by the first line written: reading a schedule writes none)."""
    import logging

    return logging.getLogger(__name__)
