"""The connection and the migration runner.

Migrations are the `.sql` files in `steward/store/migrations/`, applied in name order and recorded by
name in the `migrations` table. A store already at the shipped schema is recognised by a stamp (a
checksum of the migration names, kept in SQLite's `user_version`), so opening it reads no migration file; each area owns a number range (0001 audit, 0100 mail, 0200 calendar and
reminders, 0300 assistant, 0400 mail accounts and sync, 0500 held writes, 0600 finance, 0700 appointments,
0800 brief, 0900 session names).
"""

from __future__ import annotations

import os
import sqlite3
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from steward.errors import ConfigError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from pathlib import Path

# the largest INTEGER SQLite stores; a bigger Python int raises OverflowError when bound
SQLITE_MAX_INT = 2**63 - 1


def utc_text(moment: datetime) -> str:
    """An aware moment as the stored UTC text (mail and money rows: `2026-12-05T09:15:00+00:00`)."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def from_utc_text(text: str) -> datetime:
    """Stored UTC text back to an aware datetime."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def storable_id(value: int) -> bool:
    """Whether `value` can be a row id at all (an id no row can have is simply not found)."""
    return 0 < value <= SQLITE_MAX_INT


@contextmanager
def write_txn(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """`with write_txn(conn):` BEGIN IMMEDIATE … COMMIT, rolled back on any exception (also Ctrl-C).

    The one transaction helper: every write that spans more than one statement runs inside it. The
    connection is in autocommit (`connect` opens it so), and IMMEDIATE takes the write lock at the
    start, so two writers wait for each other (busy_timeout) instead of failing half-way.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:  # SQLite may already have rolled back (e.g. a full disk)
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def rollback_if_open(conn: sqlite3.Connection) -> None:
    """End a transaction a failed step left open (its writes are dropped); nothing when none is."""
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def connect(path: Path | str, *, check_same_thread: bool = True) -> sqlite3.Connection:
    """Open (creating if needed) the store with WAL, foreign keys and a busy timeout, migrated."""
    try:
        if str(path) != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=30.0, check_same_thread=check_same_thread, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
    except (OSError, sqlite3.OperationalError, sqlite3.DatabaseError) as exc:
        # the home is a file, read-only, or the store is not an SQLite file: say which place, in one line
        reason = ("a file is in the way of its folder" if isinstance(exc, FileExistsError | NotADirectoryError)
                  else getattr(exc, "strerror", None) or str(exc))
        raise ConfigError(f"cannot open the store at {path}: {reason}; check STEWARD_HOME / --home") from None
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=30000")
    migrate(conn)
    return conn


def connect_reader(path: Path | str) -> sqlite3.Connection:
    """A second connection to a store `connect` has opened and migrated, for reads only (query_only):
    in WAL mode it reads beside the first and beside other readers, each at its own committed snapshot.
    It may be handed between threads, one at a time."""
    conn = sqlite3.connect(str(path), timeout=30.0, check_same_thread=False, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA query_only=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


MIGRATIONS = os.path.join(os.path.dirname(__file__), "migrations")


def migration_names() -> list[str]:
    """The name of every migration shipped with Steward, in the order they apply."""
    return sorted(entry.removesuffix(".sql") for entry in os.listdir(MIGRATIONS) if entry.endswith(".sql"))


def migration_files() -> list[tuple[str, str]]:
    """(name, sql) of every migration shipped with Steward, in the order they apply."""
    return [(name, _read(os.path.join(MIGRATIONS, f"{name}.sql"))) for name in migration_names()]


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


def schema_stamp() -> int:
    """A checksum of the shipped migrations' names: what `user_version` holds once they are all applied."""
    return zlib.crc32("\n".join(migration_names()).encode()) & 0x7FFFFFFF or 1


def migrate(conn: sqlite3.Connection) -> list[str]:
    """Apply every migration not yet recorded; return the names applied now.

    A store whose stamp matches the shipped migrations is left as it is without reading them (one
    PRAGMA); any other store is checked name by name, then stamped.
    """
    stamp = schema_stamp()
    if conn.execute("PRAGMA user_version").fetchone()[0] == stamp:
        return []
    conn.execute(
        "CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    done = {row[0] for row in conn.execute("SELECT name FROM migrations")}
    applied: list[str] = []
    for name, sql in migration_files():
        if name in done:
            continue
        with write_txn(conn):
            # re-check under the write lock: another process may have migrated meanwhile
            if conn.execute("SELECT 1 FROM migrations WHERE name = ?", (name,)).fetchone():
                continue
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO migrations (name, applied_at) VALUES (?, ?)",
                (name, datetime.now(UTC).isoformat()),
            )
        import logging  # only when a migration runs (a store at the stamped schema never gets here)

        logging.getLogger(__name__).debug("applied migration %s", name)
        applied.append(name)
    conn.execute(f"PRAGMA user_version = {stamp:d}")
    return applied


def _statements(sql: str) -> list[str]:
    """Split a migration into complete statements (triggers included)."""
    out: list[str] = []
    buf = ""
    for line in sql.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf)
            buf = ""
    if buf.strip():
        out.append(buf)
    return out
