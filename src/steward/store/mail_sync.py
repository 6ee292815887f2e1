"""The SQL of live mail sync: IMAP pointers per folder, removing what the server no longer has, and
each account's last-sync status.

An IMAP pointer is a `message_sources` row (or a `rejected_messages` row, for a message that could
not be parsed) of kind 'imap' whose location is `ImapSource.location()`. Those rows are the sync
position: they commit with the messages they cover.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from steward.records.mail import AccountStatus, ImapSource, Pointer
from steward.store.db import write_txn
from steward.store.messages import from_utc_text, utc_text

_ACCOUNT = "json_extract(location, '$.account')"
_FOLDER = "json_extract(location, '$.folder')"


def imap_pointers(conn: sqlite3.Connection, account: str, folder: str) -> list[Pointer]:
    """Every IMAP pointer (stored or rejected) of one account's folder."""
    out: list[Pointer] = []
    for table, col in (("message_sources", "message_rowid"), ("rejected_messages", "NULL")):
        rows = conn.execute(
            f"SELECT {col}, location FROM {table} WHERE kind = 'imap' AND {_ACCOUNT} = ? AND {_FOLDER} = ?",
            (account, folder),
        )
        for rowid, location in rows:
            data = json.loads(location)
            out.append(Pointer(int(data["uidvalidity"]), int(data["uid"]), None if rowid is None else int(rowid)))
    return out


@dataclass(frozen=True)
class Removal:
    """What removing pointers did: pointers dropped, and messages that had no other source left."""

    pointers: int = 0
    messages: int = 0


def remove_imap_pointers(conn: sqlite3.Connection, account: str, folder: str,
                         keys: Iterable[tuple[int, int]], *, delete: bool = True) -> Removal:
    """Drop the pointers (uidvalidity, uid) of a folder in one transaction. A message left with other
    sources points at the next one; one left with none is deleted (its FTS row goes with it), unless
    `delete` is False: then `delete_orphans` removes it later (after the other folders had their say)."""
    return remove_pointers(conn, [ImapSource(account, folder, v, u).location() for v, u in keys], kind="imap",
                           delete=delete)


def remove_pointers(conn: sqlite3.Connection, locations: Sequence[str], *, kind: str,
                    delete: bool = True) -> Removal:
    """Drop these pointers of one kind (and their rejections) in one transaction; settle their messages."""
    if not locations:
        return Removal()
    touched: set[int] = set()
    dropped = 0
    with write_txn(conn):
        for location in locations:
            for (rowid,) in conn.execute(
                "DELETE FROM message_sources WHERE kind = ? AND location = ? RETURNING message_rowid",
                (kind, location),
            ).fetchall():
                touched.add(int(rowid))
                dropped += 1
            dropped += conn.execute("DELETE FROM rejected_messages WHERE kind = ? AND location = ?",
                                    (kind, location)).rowcount
        deleted = _settle(conn, touched, delete=delete)
    return Removal(dropped, deleted)


def _settle(conn: sqlite3.Connection, rowids: Iterable[int], *, delete: bool = True) -> int:
    """Delete messages without a source (when `delete`); re-point the others at a source they still have."""
    deleted = 0
    for rowid in sorted(rowids):
        left = conn.execute(
            "SELECT kind, location FROM message_sources WHERE message_rowid = ? ORDER BY rowid", (rowid,)
        ).fetchall()
        if not left:
            if delete:
                conn.execute("DELETE FROM messages WHERE id = ?", (rowid,))
                deleted += 1
            continue
        current = conn.execute("SELECT source_kind, source_location FROM messages WHERE id = ?", (rowid,)).fetchone()
        if current is not None and (current[0], current[1]) not in {(k, loc) for k, loc in left}:
            conn.execute("UPDATE messages SET source_kind = ?, source_location = ? WHERE id = ?",
                         (left[0][0], left[0][1], rowid))
    return deleted


def delete_orphans(conn: sqlite3.Connection) -> int:
    """Delete every message no source holds any more (left by `remove_imap_pointers(delete=False)`, or
    by a sync that stopped before its end); returns how many."""
    with write_txn(conn):
        gone = conn.execute(
            "DELETE FROM messages WHERE NOT EXISTS"
            " (SELECT 1 FROM message_sources s WHERE s.message_rowid = messages.id) RETURNING id").fetchall()
    return len(gone)


def forget_account_mail(conn: sqlite3.Connection, account: str) -> int:
    """Drop every pointer of `account` (IMAP and Gmail); returns the messages no other source held."""
    touched: set[int] = set()
    with write_txn(conn):
        for kind in ("imap", "gmail"):
            for (rowid,) in conn.execute(
                f"DELETE FROM message_sources WHERE kind = ? AND {_ACCOUNT} = ? RETURNING message_rowid",
                (kind, account),
            ).fetchall():
                touched.add(int(rowid))
            conn.execute(f"DELETE FROM rejected_messages WHERE kind = ? AND {_ACCOUNT} = ?", (kind, account))
        deleted = _settle(conn, touched)
    return deleted


def imap_sources_of_message(conn: sqlite3.Connection, location: str) -> list[ImapSource]:
    """Every IMAP place the message stored at `location` is known at (that one first)."""
    row = conn.execute("SELECT message_rowid FROM message_sources WHERE kind = 'imap' AND location = ?",
                       (location,)).fetchone()
    if row is None:
        return []
    out: list[ImapSource] = []
    for (loc,) in conn.execute(
        "SELECT location FROM message_sources WHERE message_rowid = ? AND kind = 'imap' "
        "ORDER BY location = ? DESC, rowid", (row[0], location)
    ):
        data = json.loads(loc)
        out.append(ImapSource(data["account"], data["folder"], int(data["uidvalidity"]), int(data["uid"])))
    return out


def message_id_at(conn: sqlite3.Connection, location: str) -> str:
    """The Message-ID of the message stored at an IMAP pointer ('' when none)."""
    row = conn.execute(
        "SELECT m.message_id FROM message_sources s JOIN messages m ON m.id = s.message_rowid"
        " WHERE s.kind = 'imap' AND s.location = ?", (location,)).fetchone()
    return str(row[0]) if row and row[0] else ""


def account_message_count(conn: sqlite3.Connection, account: str) -> int:
    """How many stored messages this account's server holds."""
    row = conn.execute(
        f"SELECT count(DISTINCT message_rowid) FROM message_sources WHERE kind = 'imap' AND {_ACCOUNT} = ?",
        (account,),
    ).fetchone()
    gmail = conn.execute(
        f"SELECT count(DISTINCT message_rowid) FROM message_sources WHERE kind = 'gmail' AND {_ACCOUNT} = ?",
        (account,),
    ).fetchone()
    return int(row[0]) + int(gmail[0])


# -- Gmail -------------------------------------------------------------------------------------


def gmail_ids(conn: sqlite3.Connection, account: str) -> list[str]:
    """Every Gmail message id of `account` Steward knows (stored or rejected)."""
    out: list[str] = []
    for table in ("message_sources", "rejected_messages"):
        out += [str(r[0]) for r in conn.execute(
            f"SELECT json_extract(location, '$.id') FROM {table} WHERE kind = 'gmail' AND {_ACCOUNT} = ?", (account,))]
    return out


def gmail_history_id(conn: sqlite3.Connection, account: str) -> str:
    """The history id the last complete Gmail sync reached ('' before the first)."""
    row = conn.execute("SELECT history_id FROM gmail_sync WHERE account = ?", (account,)).fetchone()
    return str(row[0]) if row else ""


def set_gmail_history_id(conn: sqlite3.Connection, account: str, history_id: str) -> None:
    """Keep the history id a sync reached, once everything it covers is stored."""
    if not history_id:
        return
    conn.execute(
        "INSERT INTO gmail_sync (account, history_id) VALUES (?, ?)"
        " ON CONFLICT(account) DO UPDATE SET history_id = excluded.history_id",
        (account, history_id),
    )


# -- status ------------------------------------------------------------------------------------


def _when(text: str | None) -> datetime | None:
    return from_utc_text(text) if text else None


def account_status(conn: sqlite3.Connection, account: str) -> AccountStatus:
    """The recorded status of one account (never synced: all empty)."""
    row = conn.execute(
        "SELECT last_attempt_at, last_success_at, last_error, last_error_at, failures, last_added, last_removed"
        " FROM mail_sync_accounts WHERE account = ?", (account,)).fetchone()
    if row is None:
        return AccountStatus(account, None, None, "", None, 0, 0, 0)
    return AccountStatus(account, _when(row[0]), _when(row[1]), str(row[2]), _when(row[3]), int(row[4]),
                         int(row[5]), int(row[6]))


def record_attempt(conn: sqlite3.Connection, account: str, at: datetime) -> None:
    """A sync of `account` starts now."""
    conn.execute(
        "INSERT INTO mail_sync_accounts (account, last_attempt_at) VALUES (?, ?)"
        " ON CONFLICT(account) DO UPDATE SET last_attempt_at = excluded.last_attempt_at",
        (account, utc_text(at)),
    )


def record_success(conn: sqlite3.Connection, account: str, at: datetime, added: int, removed: int) -> None:
    """A sync of `account` finished; its error (if any) is cleared."""
    conn.execute(
        "INSERT INTO mail_sync_accounts (account, last_attempt_at, last_success_at, last_added, last_removed)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT(account) DO UPDATE SET last_success_at = excluded.last_success_at,"
        " last_error = '', failures = 0, last_added = excluded.last_added, last_removed = excluded.last_removed",
        (account, utc_text(at), utc_text(at), added, removed),
    )


def record_failure(conn: sqlite3.Connection, account: str, at: datetime, error: str) -> int:
    """A sync of `account` failed with `error`; returns the consecutive failure count."""
    row = conn.execute(
        "INSERT INTO mail_sync_accounts (account, last_attempt_at, last_error, last_error_at, failures)"
        " VALUES (?, ?, ?, ?, 1) ON CONFLICT(account) DO UPDATE SET last_error = excluded.last_error,"
        " last_error_at = excluded.last_error_at, failures = failures + 1 RETURNING failures",
        (account, utc_text(at), error, utc_text(at)),
    ).fetchone()
    return int(row[0])


def forget_account(conn: sqlite3.Connection, account: str) -> None:
    """Drop an account's sync status and position (its messages are removed by `forget_account_mail`)."""
    conn.execute("DELETE FROM mail_sync_accounts WHERE account = ?", (account,))
    conn.execute("DELETE FROM gmail_sync WHERE account = ?", (account,))
