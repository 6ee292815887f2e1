"""The `message_vectors` table: message ids, their encoded vectors and which embedder made them; no text.

An embedder is stored once by name in `vector_embedders` and each vector names it by number (0: a
vector stored before names were kept). `vector_generation` counts the times stored vectors were replaced
or dropped wholesale, so an index kept in memory knows when appending new rows is not enough.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from typing import NamedTuple


def embedder_id(conn: sqlite3.Connection, name: str) -> int:
    """The number that stands for the embedder `name` in `message_vectors` (registered on first use)."""
    conn.execute("INSERT OR IGNORE INTO vector_embedders (name) VALUES (?)", (name,))
    return int(conn.execute("SELECT id FROM vector_embedders WHERE name = ?", (name,)).fetchone()[0])


# an older vector is updated in place, not deleted and inserted again (INSERT OR REPLACE), so the
# count kept by triggers (message_vectors_total) stays exact
_REPLACING = " ON CONFLICT (message_rowid) DO UPDATE SET vector = excluded.vector, embedder = excluded.embedder"


def put_vectors(conn: sqlite3.Connection, rows: Sequence[tuple[int, bytes]], embedder: int) -> None:
    """Store (message id, encoded vector) pairs made by `embedder`, replacing any older vector. Call
    inside a transaction."""
    conn.executemany("INSERT INTO message_vectors (message_rowid, vector, embedder) VALUES (?, ?, ?)" + _REPLACING,
                     [(i, blob, embedder) for i, blob in rows])


def put_vectors_if_present(conn: sqlite3.Connection, rows: Sequence[tuple[int, bytes]], embedder: int) -> None:
    """Like `put_vectors`, skipping messages deleted meanwhile (a backfill embeds outside the transaction)."""
    conn.executemany(
        "INSERT INTO message_vectors (message_rowid, vector, embedder)"
        " SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM messages WHERE id = ?1)" + _REPLACING,
        [(i, blob, embedder) for i, blob in rows])


def delete_all(conn: sqlite3.Connection) -> None:
    """Drop every vector (`mail index --rebuild`). Call inside a transaction."""
    conn.execute("DELETE FROM message_vectors")
    bump_generation(conn)


def generation(conn: sqlite3.Connection) -> int:
    """How many times stored vectors were replaced or dropped wholesale."""
    return int(conn.execute("SELECT n FROM vector_generation").fetchone()[0])


def bump_generation(conn: sqlite3.Connection) -> None:
    """Say that stored vectors were replaced (not only added). Call inside the transaction that did it."""
    conn.execute("UPDATE vector_generation SET n = n + 1")


class VectorState(NamedTuple):
    """The counters that tell a copy of the vectors in memory whether it is still in step."""

    generation: int  # times vectors were replaced or dropped wholesale
    vectors: int  # how many messages have one
    newest: int  # the highest message id with one (0: none)
    newest_message: int  # the highest message id (0: no mail)


def vector_state(conn: sqlite3.Connection) -> VectorState:
    """The stored vectors' counters, in one statement (a few index probes)."""
    row = conn.execute(
        "SELECT (SELECT n FROM vector_generation), (SELECT n FROM message_vectors_total),"
        " (SELECT coalesce(max(message_rowid), 0) FROM message_vectors),"
        " (SELECT coalesce(max(id), 0) FROM messages)").fetchone()
    return VectorState(*(int(v) for v in row))


def count_stale(conn: sqlite3.Connection, embedder: int) -> int:
    """How many stored vectors another embedder made."""
    return int(conn.execute("SELECT count(*) FROM message_vectors WHERE embedder != ?", (embedder,)).fetchone()[0])


def stale_embedders(conn: sqlite3.Connection, embedder: int) -> list[str]:
    """The names of the other embedders that made stored vectors ("" for vectors from before names were kept)."""
    return [str(r[0] or "") for r in conn.execute(
        "SELECT DISTINCT e.name FROM message_vectors v LEFT JOIN vector_embedders e ON e.id = v.embedder"
        " WHERE v.embedder != ? ORDER BY e.name", (embedder,))]


def count_vectors(conn: sqlite3.Connection) -> int:
    """How many messages have a vector (kept by triggers: one row read)."""
    return int(conn.execute("SELECT n FROM message_vectors_total").fetchone()[0])


def count_unindexed(conn: sqlite3.Connection) -> int:
    """How many messages have no vector yet."""
    return int(conn.execute(
        "SELECT count(*) FROM messages m WHERE NOT EXISTS"
        " (SELECT 1 FROM message_vectors v WHERE v.message_rowid = m.id)").fetchone()[0])


def unindexed(conn: sqlite3.Connection, after_id: int, limit: int, embedder: int | None
              ) -> list[tuple[int, bool]]:
    """(id, has an older vector) of messages past `after_id` with no vector or one another embedder made
    (None: with no vector only), in id order."""
    if embedder is None:
        return [(int(r[0]), False) for r in conn.execute(
            "SELECT m.id FROM messages m WHERE m.id > ? AND NOT EXISTS"
            " (SELECT 1 FROM message_vectors v WHERE v.message_rowid = m.id) ORDER BY m.id LIMIT ?",
            (after_id, limit))]
    return [(int(r[0]), bool(r[1])) for r in conn.execute(
        "SELECT m.id, v.message_rowid IS NOT NULL FROM messages m"
        " LEFT JOIN message_vectors v ON v.message_rowid = m.id"
        " WHERE m.id > ? AND (v.message_rowid IS NULL OR v.embedder != ?) ORDER BY m.id LIMIT ?",
        (after_id, embedder, limit))]


def iter_vectors(conn: sqlite3.Connection, after_id: int = 0, batch: int = 20_000
                 ) -> Iterator[list[tuple[int, bytes, str | None]]]:
    """Every (message id, encoded vector, the message's category) past `after_id`, in id order, a
    batch at a time."""
    last = after_id
    while True:
        rows = conn.execute("SELECT v.message_rowid, v.vector, m.category FROM message_vectors v"
                            " LEFT JOIN messages m ON m.id = v.message_rowid WHERE v.message_rowid > ?"
                            " ORDER BY v.message_rowid LIMIT ?", (last, batch)).fetchall()
        if not rows:
            return
        yield rows
        last = int(rows[-1][0])


def data_version(conn: sqlite3.Connection) -> int:
    """SQLite's data_version: changes when another connection commits a change to the database."""
    return int(conn.execute("PRAGMA data_version").fetchone()[0])
