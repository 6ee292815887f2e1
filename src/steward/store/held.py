"""The held-calls repository: write tools the model proposed, waiting for the user's yes."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from steward.records.assistant import HeldCall

OPEN = ("held", "asked", "waiting")  # a call not yet decided (waiting: set aside beside later answers)


def _row(r: sqlite3.Row) -> HeldCall:
    return HeldCall(
        id=r["id"], session=r["session"], tool=r["tool"], args=json.loads(r["args"]), summary=r["summary"],
        fields=json.loads(r["fields"]), resolved=json.loads(r["resolved"]), steps=tuple(json.loads(r["steps"])),
        status=r["status"], question=r["question"], created_at=datetime.fromisoformat(r["created_at"]),
        decided_at=datetime.fromisoformat(r["decided_at"]) if r["decided_at"] else None,
        result=json.loads(r["result"]) if r["result"] else None,
    )


def insert(conn: sqlite3.Connection, call: HeldCall) -> None:
    """Keep a tool call waiting for the user's answer."""
    conn.execute(
        "INSERT INTO held_calls (id, session, tool, args, summary, fields, resolved, steps, status, question, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (call.id, call.session, call.tool, json.dumps(dict(call.args)), call.summary,
         json.dumps(dict(call.fields), default=str), json.dumps(dict(call.resolved), default=str),
         json.dumps([dict(s) for s in call.steps]), call.status, call.question,
         call.created_at.astimezone(UTC).isoformat()),
    )


def get(conn: sqlite3.Connection, held_id: str) -> HeldCall | None:
    """The held call with this id, or None."""
    row = conn.execute("SELECT * FROM held_calls WHERE id = ?", (held_id,)).fetchone()
    return _row(row) if row else None


def open_for(conn: sqlite3.Connection, session: str, statuses: Sequence[str] = OPEN) -> list[HeldCall]:
    """The session's held calls in `statuses`, oldest first."""
    marks = ",".join("?" * len(statuses))
    rows = conn.execute(
        f"SELECT * FROM held_calls WHERE session = ? AND status IN ({marks}) ORDER BY created_at, rowid",
        (session, *statuses),
    ).fetchall()
    return [_row(r) for r in rows]


def mark_asked(conn: sqlite3.Connection, held_id: str, question: str, steps: Sequence[Mapping[str, Any]]) -> None:
    """The user has been asked about this call; `steps` is the run's full record, ask included."""
    conn.execute("UPDATE held_calls SET status = 'asked', question = ?, steps = ? WHERE id = ? AND status = 'held'",
                 (question, json.dumps([dict(s) for s in steps]), held_id))


def claim(conn: sqlite3.Connection, held_id: str, now: datetime) -> bool:
    """Take an asked call for writing; only one caller ever gets True for a given id."""
    cur = conn.execute(
        "UPDATE held_calls SET status = 'written', decided_at = ? WHERE id = ? AND status = 'asked'",
        (now.astimezone(UTC).isoformat(), held_id),
    )
    return cur.rowcount == 1


def settle(conn: sqlite3.Connection, held_id: str, status: str, now: datetime,
           result: Mapping[str, Any] | None = None) -> None:
    """Record how a held call ended (written with its result, declined, dropped, expired, failed)."""
    conn.execute(
        "UPDATE held_calls SET status = ?, decided_at = COALESCE(decided_at, ?), result = ? WHERE id = ?",
        (status, now.astimezone(UTC).isoformat(), json.dumps(dict(result), default=str) if result else None,
         held_id),
    )


def close_open(conn: sqlite3.Connection, session: str, status: str, now: datetime,
               older_than: datetime | None = None) -> int:
    """Close every open call of a session, those waiting beside later answers too (or only those created
    before `older_than`)."""
    sql = ("UPDATE held_calls SET status = ?, decided_at = ? WHERE session = ? "
           "AND status IN ('held', 'asked', 'waiting')")
    args: list[Any] = [status, now.astimezone(UTC).isoformat(), session]
    if older_than is not None:
        sql += " AND created_at < ?"
        args.append(older_than.astimezone(UTC).isoformat())
    return conn.execute(sql, args).rowcount


def _others(conn: sqlite3.Connection, session: str, statuses: Sequence[str], keep: Sequence[str]) -> list[str]:
    """The ids of the session's calls in `statuses` other than `keep`, oldest first."""
    spare = f" AND id NOT IN ({','.join('?' * len(keep))})" if keep else ""
    rows = conn.execute(
        f"SELECT id FROM held_calls WHERE session = ? AND status IN ({','.join('?' * len(statuses))}){spare} "
        "ORDER BY created_at, rowid", (session, *statuses, *keep),
    ).fetchall()
    return [r[0] for r in rows]


def supersede(conn: sqlite3.Connection, session: str, keep: Sequence[str], now: datetime) -> list[str]:
    """Mark the session's open calls other than `keep` superseded (a later turn replaced their
    question); the ids marked, oldest first."""
    ids = _others(conn, session, ("held", "asked"), keep)
    for held_id in ids:
        conn.execute("UPDATE held_calls SET status = 'superseded', decided_at = ? WHERE id = ? "
                     "AND status IN ('held', 'asked')", (now.astimezone(UTC).isoformat(), held_id))
    return ids


def park(conn: sqlite3.Connection, session: str, keep: Sequence[str]) -> list[str]:
    """Set aside the session's asked calls other than `keep` (a later turn went on to something else):
    they wait beside later answers for a yes given on their own card, never for a yes typed in the chat.
    The ids set aside, oldest first."""
    ids = _others(conn, session, ("asked",), keep)
    for held_id in ids:
        conn.execute("UPDATE held_calls SET status = 'waiting' WHERE id = ? AND status = 'asked'", (held_id,))
    return ids


def waiting_for(conn: sqlite3.Connection, session: str) -> list[HeldCall]:
    """The session's calls set aside to wait beside later answers, oldest first."""
    rows = conn.execute("SELECT * FROM held_calls WHERE session = ? AND status = 'waiting' "
                        "ORDER BY created_at, rowid", (session,)).fetchall()
    return [_row(r) for r in rows]


def reopen(conn: sqlite3.Connection, ids: Sequence[str]) -> list[str]:
    """Ask again the calls of `ids` that wait beside later answers (their card was answered); those reopened."""
    return [i for i in ids if conn.execute("UPDATE held_calls SET status = 'asked' WHERE id = ? AND status = 'waiting'",
                                           (i,)).rowcount == 1]


def with_status(conn: sqlite3.Connection, ids: Sequence[str], status: str) -> list[str]:
    """Those of `ids` whose call is now in `status`, in the order given."""
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    found = {r[0] for r in conn.execute(f"SELECT id FROM held_calls WHERE status = ? AND id IN ({marks})",
                                        (status, *ids))}
    return [i for i in ids if i in found]


def mark_superseded(conn: sqlite3.Connection, held_id: str, now: datetime) -> bool:
    """Mark one open call superseded (its question was replaced); False when it was not open."""
    cur = conn.execute("UPDATE held_calls SET status = 'superseded', decided_at = ? WHERE id = ? "
                       "AND status IN ('held', 'asked')", (now.astimezone(UTC).isoformat(), held_id))
    return cur.rowcount == 1
