"""SQL for the daily brief: its deliveries (the morning brief once per local day), the audit of prefs
changes, and the inbox figures it shows. The rest of Steward calls these, not SQL."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from steward.records.brief import Delivery
from steward.store import audit
from steward.store.db import write_txn
from steward.store.messages import Filters, MessageSummary, from_utc_text, summary_rows, utc_text

__all__ = ["write_txn"]


_COLS = "id, day, kind, zone, status, owner, started_at, sent_at, attempts, next_attempt_at, error"


def _delivery(row: Sequence[Any]) -> Delivery:
    return Delivery(int(row[0]), date.fromisoformat(row[1]), row[2], row[3], row[4], row[5], from_utc_text(row[6]),
                    from_utc_text(row[7]) if row[7] else None, int(row[8]),
                    from_utc_text(row[9]) if row[9] else None, row[10])


def morning_delivery(conn: sqlite3.Connection, day: date) -> Delivery | None:
    """The morning brief's delivery for a local day, if one was started."""
    row = conn.execute(f"SELECT {_COLS} FROM brief_deliveries WHERE kind = 'morning' AND day = ?",
                       (day.isoformat(),)).fetchone()
    return _delivery(row) if row else None


def get_delivery(conn: sqlite3.Connection, delivery_id: int) -> Delivery | None:
    """The brief delivery with this id, or None."""
    row = conn.execute(f"SELECT {_COLS} FROM brief_deliveries WHERE id = ?", (delivery_id,)).fetchone()
    return _delivery(row) if row else None


def start_delivery(conn: sqlite3.Connection, day: date, kind: str, zone: str, owner: str, now: datetime) -> int | None:
    """Claim a delivery (one transaction); None when the morning brief of `day` is already claimed."""
    try:
        cur = conn.execute(
            "INSERT INTO brief_deliveries (day, kind, zone, status, owner, started_at) VALUES (?, ?, ?, 'sending', ?, ?)",
            (day.isoformat(), kind, zone, owner, utc_text(now)))
    except sqlite3.IntegrityError:
        return None
    return int(cur.lastrowid or 0)


def take_over(conn: sqlite3.Connection, delivery_id: int, old_owner: str | None, status: str, owner: str,
              now: datetime) -> bool:
    """Claim a delivery another process left (`sending` and stale, or `retry` whose time has come)."""
    cur = conn.execute(
        "UPDATE brief_deliveries SET status = 'sending', owner = ?, attempts = attempts + 1, next_attempt_at = NULL"
        " WHERE id = ? AND status = ? AND owner IS ?", (owner, delivery_id, status, old_owner))
    return cur.rowcount == 1


def delivered_sinks(conn: sqlite3.Connection, delivery_id: int) -> set[str]:
    """The sinks that delivery `delivery_id` has already reached."""
    return {r[0] for r in conn.execute("SELECT sink FROM brief_delivery_sinks WHERE delivery_id = ?", (delivery_id,))}


def record_sink(conn: sqlite3.Connection, delivery_id: int, sink: str, now: datetime) -> None:
    """A sink accepted the brief (written at once, so a crash after it repeats nothing to that sink)."""
    conn.execute("INSERT OR IGNORE INTO brief_delivery_sinks (delivery_id, sink, at) VALUES (?, ?, ?)",
                 (delivery_id, sink, utc_text(now)))


def finish_delivery(conn: sqlite3.Connection, delivery_id: int, owner: str, status: str, now: datetime,
                    error: str | None, next_attempt: datetime | None = None) -> None:
    """Record how a delivery ended (`sent`, `failed`) or when it is tried again (`retry`)."""
    conn.execute(
        "UPDATE brief_deliveries SET status = ?, sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END,"
        " error = ?, next_attempt_at = ? WHERE id = ? AND owner = ?",
        (status, status, utc_text(now), error, utc_text(next_attempt) if next_attempt else None, delivery_id, owner))


def last_sent_before(conn: sqlite3.Connection, day: date) -> datetime | None:
    """When the last brief for a day before `day` was sent (the inbox section counts from there)."""
    row = conn.execute("SELECT max(sent_at) FROM brief_deliveries WHERE status = 'sent' AND day < ?",
                       (day.isoformat(),)).fetchone()
    return from_utc_text(row[0]) if row and row[0] else None


def deliveries(conn: sqlite3.Connection, limit: int = 100) -> list[Delivery]:
    """The newest deliveries first."""
    rows = conn.execute(f"SELECT {_COLS} FROM brief_deliveries ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
    return [_delivery(r) for r in rows]


def record_audit(conn: sqlite3.Connection, kind: str, object_id: str | None, provenance: Mapping[str, Any],
                 detail: Mapping[str, Any]) -> int:
    """An audit entry for the brief (a prefs change, a delivery)."""
    return audit.record(conn, kind, object_id, provenance, detail)


# -- the inbox figures -------------------------------------------------------------------------------


def inbox_counts(conn: sqlite3.Connection, after: datetime, before: datetime) -> dict[str, int]:
    """Messages received in [after, before), counted by category."""
    rows = conn.execute("SELECT category, count(*) FROM messages WHERE received_at >= ? AND received_at < ?"
                        " GROUP BY category", (utc_text(after), utc_text(before))).fetchall()
    return {str(r[0]): int(r[1]) for r in rows}


def inbox_rows(conn: sqlite3.Connection, after: datetime, before: datetime, categories: Sequence[str],
               limit: int) -> list[MessageSummary]:
    """The newest `limit` messages of `categories` received in [after, before) (the fields analysis reads)."""
    return summary_rows(conn, None, Filters(after=utc_text(after), before=utc_text(before),
                                            categories=tuple(categories)), limit)
