"""The stored mail's marks: which rules made them, and the categories a re-check changes."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from steward.store.db import write_txn


@dataclass(frozen=True)
class StoredMark:
    """What the store keeps of a message that a re-check reads (no body: none is kept)."""

    id: int
    sender: str
    sender_name: str
    recipients: tuple[str, ...]
    subject: str
    snippet: str
    attachments: tuple[str, ...]
    category: str
    received_at: str = ""  # the stored UTC text


def marks_version(conn: sqlite3.Connection) -> str | None:
    """The version of the rules the stored marks follow (None: older than the stamp, or never stamped)."""
    row = conn.execute("SELECT version FROM mail_marks_version WHERE id = 1").fetchone()
    return str(row[0]) if row else None


def set_marks_version(conn: sqlite3.Connection, version: str, at: str) -> None:
    """Record that the stored marks follow the rules of `version`."""
    conn.execute("INSERT INTO mail_marks_version (id, version, marked_at) VALUES (1, ?, ?) "
                 "ON CONFLICT (id) DO UPDATE SET version = excluded.version, marked_at = excluded.marked_at",
                 (version, at))


def any_message(conn: sqlite3.Connection) -> bool:
    """Whether the store holds any message."""
    return conn.execute("SELECT 1 FROM messages LIMIT 1").fetchone() is not None


def message_count(conn: sqlite3.Connection) -> int:
    """How many messages the store holds."""
    return int(conn.execute("SELECT count(*) FROM messages").fetchone()[0])


def stored_marks(conn: sqlite3.Connection, batch: int = 2000) -> Iterator[list[StoredMark]]:
    """Every stored message's marked fields, in batches by id."""
    last = 0
    while True:
        rows = conn.execute("SELECT id, sender, sender_name, recipients, subject, snippet, attachments, category, "
                            "received_at FROM messages WHERE id > ? ORDER BY id LIMIT ?", (last, batch)).fetchall()
        if not rows:
            return
        yield [StoredMark(int(r[0]), r[1], r[2], tuple(json.loads(r[3] or "[]")), r[4], r[5],
                          tuple(json.loads(r[6] or "[]")), r[7], r[8]) for r in rows]
        last = int(rows[-1][0])


def set_categories(conn: sqlite3.Connection, changes: Sequence[tuple[int, str]], version: str, at: str) -> None:
    """Give messages their new categories and stamp the rules' version, in one transaction."""
    with write_txn(conn):
        conn.executemany("UPDATE messages SET category = ? WHERE id = ?", [(c, i) for i, c in changes])
        set_marks_version(conn, version, at)


def first_unmarked(conn: sqlite3.Connection, sender: str, before: str) -> str | None:
    """When the first mail from `sender` (an address) not marked as phishing came, of the mail received
    before `before` (stored UTC text); None when there is none."""
    row = conn.execute("SELECT min(received_at) FROM messages INDEXED BY messages_sender "
                       "WHERE sender = ? AND received_at < ? AND category != 'phishing_suspect'",
                       (sender.lower(), before)).fetchone()
    return str(row[0]) if row and row[0] else None


def first_unmarked_from_domain(conn: sqlite3.Connection, domain: str, before: str) -> str | None:
    """Likewise for any address at `domain` or under it (a scan of the senders: asked of few mails)."""
    escaped = domain.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    row = conn.execute("SELECT min(received_at) FROM messages WHERE (sender LIKE ? ESCAPE '\\' OR sender LIKE ? "
                       "ESCAPE '\\') AND received_at < ? AND category != 'phishing_suspect'",
                       (f"%@{escaped}", f"%.{escaped}", before)).fetchone()
    return str(row[0]) if row and row[0] else None
