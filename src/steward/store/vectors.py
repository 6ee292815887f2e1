"""The `message_vectors` table: message ids and their encoded vectors, nothing else."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence


def put_vectors(conn: sqlite3.Connection, rows: Sequence[tuple[int, bytes]]) -> None:
    """Store (message id, encoded vector) pairs, replacing any older vector. Call inside a transaction."""
    conn.executemany("INSERT OR REPLACE INTO message_vectors (message_rowid, vector) VALUES (?, ?)", rows)


def put_vectors_if_present(conn: sqlite3.Connection, rows: Sequence[tuple[int, bytes]]) -> None:
    """Like `put_vectors`, skipping messages deleted meanwhile (a backfill embeds outside the transaction)."""
    conn.executemany(
        "INSERT OR REPLACE INTO message_vectors (message_rowid, vector)"
        " SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM messages WHERE id = ?1)", rows)


def count_vectors(conn: sqlite3.Connection) -> int:
    """How many messages have a vector."""
    return int(conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0])


def count_unindexed(conn: sqlite3.Connection) -> int:
    """How many messages have no vector yet."""
    return int(conn.execute(
        "SELECT count(*) FROM messages m WHERE NOT EXISTS"
        " (SELECT 1 FROM message_vectors v WHERE v.message_rowid = m.id)").fetchone()[0])


def unindexed(conn: sqlite3.Connection, after_id: int, limit: int) -> list[int]:
    """Ids of messages past `after_id` with no vector, in id order."""
    return [int(r[0]) for r in conn.execute(
        "SELECT m.id FROM messages m WHERE m.id > ? AND NOT EXISTS (SELECT 1 FROM message_vectors v WHERE v.message_rowid = m.id)"
        " ORDER BY m.id LIMIT ?", (after_id, limit))]


def iter_vectors(conn: sqlite3.Connection, after_id: int = 0, batch: int = 20_000
                 ) -> Iterator[list[tuple[int, bytes]]]:
    """Every (message id, encoded vector) past `after_id`, in id order, a batch at a time."""
    last = after_id
    while True:
        rows = conn.execute("SELECT message_rowid, vector FROM message_vectors WHERE message_rowid > ?"
                            " ORDER BY message_rowid LIMIT ?", (last, batch)).fetchall()
        if not rows:
            return
        yield rows
        last = int(rows[-1][0])


def data_version(conn: sqlite3.Connection) -> int:
    """SQLite's data_version: changes when another connection commits a change to the database."""
    return int(conn.execute("PRAGMA data_version").fetchone()[0])
