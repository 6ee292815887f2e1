"""Turns and continuations: the SQL of the conversation engine."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime

from steward.records.assistant import StoredContinuation, StoredTurn


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def open_continuation(conn: sqlite3.Connection, session: str, now: datetime) -> StoredContinuation | None:
    """The session's open continuation, unless it has expired by `now`."""
    row = conn.execute("SELECT * FROM continuations WHERE session = ?", (session,)).fetchone()
    if row is None:
        return None
    expires = datetime.fromisoformat(row["expires_at"])
    if expires <= now:
        return None
    return StoredContinuation(
        session=row["session"], owner=row["owner"], question=row["question"],
        payload=json.loads(row["payload"]), opened_at=datetime.fromisoformat(row["opened_at"]),
        expires_at=expires, turn_id=row["turn_id"],
    )


def put_continuation(conn: sqlite3.Connection, c: StoredContinuation) -> None:
    """Open (or replace: one owner at a time) the session's continuation."""
    conn.execute(
        "INSERT INTO continuations (session, owner, question, payload, opened_at, expires_at, turn_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session) DO UPDATE SET owner = excluded.owner,"
        " question = excluded.question, payload = excluded.payload, opened_at = excluded.opened_at,"
        " expires_at = excluded.expires_at, turn_id = excluded.turn_id",
        (c.session, c.owner, c.question, json.dumps(dict(c.payload), sort_keys=True), _utc(c.opened_at),
         _utc(c.expires_at), c.turn_id),
    )


def drop_continuation(conn: sqlite3.Connection, session: str) -> None:
    """Close the session's open question, if any."""
    conn.execute("DELETE FROM continuations WHERE session = ?", (session,))


def record_turn(conn: sqlite3.Connection, turn: StoredTurn, zone: str) -> None:
    """Append a turn to its session's history."""
    conn.execute(
        "INSERT INTO turns (id, session, at, zone, text, reply, handled_by, trace) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (turn.id, turn.session, _utc(turn.at), zone, turn.text, turn.reply, turn.handled_by,
         json.dumps(dict(turn.trace), ensure_ascii=False, default=str)),
    )


def has_turns(conn: sqlite3.Connection, session: str) -> bool:
    """Whether the session has any recorded turn (read from the index: no trace is loaded)."""
    return conn.execute("SELECT 1 FROM turns WHERE session = ? LIMIT 1", (session,)).fetchone() is not None


def recent_turns(conn: sqlite3.Connection, session: str, limit: int = 20) -> list[StoredTurn]:
    """The session's last `limit` turns, oldest first."""
    rows = conn.execute(
        "SELECT * FROM turns WHERE session = ? ORDER BY at DESC, rowid DESC LIMIT ?", (session, limit)
    ).fetchall()
    return [
        StoredTurn(id=r["id"], session=r["session"], at=datetime.fromisoformat(r["at"]), text=r["text"],
                   reply=r["reply"], handled_by=r["handled_by"], trace=json.loads(r["trace"]))
        for r in reversed(rows)
    ]
