"""SQL for session names and the hook log (migration 0900). The rest of Steward calls these, not SQL."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime

from steward.records.sessions import LogEntry, SessionName, SessionSummary


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def get_name(conn: sqlite3.Connection, session: str) -> SessionName | None:
    """The session's name row, or None when it has none yet."""
    row = conn.execute("SELECT * FROM session_names WHERE session = ?", (session,)).fetchone()
    if row is None:
        return None
    return SessionName(
        session=row["session"], title=row["title"], task=row["task"],
        requested_for=row["session_name_display_requested_for"],
        reminders=int(row["session_name_display_reminders"]), displayed_for=row["displayed_for"],
        displayed_at=datetime.fromisoformat(row["displayed_at"]) if row["displayed_at"] else None,
    )


def put_name(conn: sqlite3.Connection, name: SessionName, now: datetime) -> None:
    """Insert or replace the session's name row."""
    conn.execute(
        "INSERT INTO session_names (session, title, task, session_name_display_requested_for,"
        " session_name_display_reminders, displayed_for, displayed_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(session) DO UPDATE SET title = excluded.title, task = excluded.task,"
        " session_name_display_requested_for = excluded.session_name_display_requested_for,"
        " session_name_display_reminders = excluded.session_name_display_reminders,"
        " displayed_for = excluded.displayed_for, displayed_at = excluded.displayed_at,"
        " updated_at = excluded.updated_at",
        (name.session, name.title, name.task, name.requested_for, name.reminders, name.displayed_for,
         _utc(name.displayed_at) if name.displayed_at else None, _utc(now)),
    )


def add_log(conn: sqlite3.Connection, entries: Iterable[LogEntry], now: datetime) -> None:
    """Append lines to the hook log."""
    conn.executemany(
        "INSERT INTO hook_log (at, session, event, hook, kind, detail) VALUES (?, ?, ?, ?, ?, ?)",
        [(_utc(e.at or now), e.session, e.event, e.hook, e.kind, e.detail[:500]) for e in entries],
    )


def hook_log(conn: sqlite3.Connection, session: str | None = None, limit: int = 50) -> list[LogEntry]:
    """The last `limit` lines of the hook log (of one session, when given), oldest first."""
    if session is None:
        rows = conn.execute("SELECT * FROM hook_log ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
    else:
        rows = conn.execute("SELECT * FROM hook_log WHERE session = ? ORDER BY id DESC LIMIT ?",
                            (session, limit)).fetchall()
    return [LogEntry(r["session"], r["event"], r["hook"], r["kind"], r["detail"], datetime.fromisoformat(r["at"]))
            for r in reversed(rows)]


def list_sessions(conn: sqlite3.Connection, limit: int = 50) -> list[SessionSummary]:
    """Sessions with turns or a name, most recent first, with their titles."""
    rows = conn.execute(
        "SELECT s.session AS session, n.title AS title, s.turns AS turns, s.last_at AS last_at FROM ("
        " SELECT session, COUNT(*) AS turns, MAX(at) AS last_at FROM turns GROUP BY session"
        " UNION ALL SELECT session, 0, updated_at FROM session_names"
        "  WHERE session NOT IN (SELECT session FROM turns)"
        ") s LEFT JOIN session_names n ON n.session = s.session ORDER BY s.last_at DESC LIMIT ?",
        (limit,),
    ).fetchall()
    return [SessionSummary(r["session"], r["title"], int(r["turns"]), datetime.fromisoformat(r["last_at"]))
            for r in rows]
