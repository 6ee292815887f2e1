"""Backup and restore of the store with SQLite's online backup API.

`backup` copies a consistent snapshot while other connections (a running `steward serve`) keep
writing: SQLite copies pages under a read transaction and restarts a step when a writer changed a
page it had copied. `restore` checks that the file is a Steward store that passes
`PRAGMA integrity_check` before anything is replaced, keeps the store it replaces beside it, and
migrates the restored copy to today's schema.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from steward.errors import UserError
from steward.store.db import connect, migrate

PAGES_PER_STEP = 1024


@dataclass(frozen=True)
class BackupResult:
    """What a backup or restore wrote: where, how large, and how many migrations it holds."""

    path: Path
    bytes: int
    migrations: int
    kept: Path | None = None


def integrity(conn: sqlite3.Connection) -> list[str]:
    """The problems `PRAGMA integrity_check` reports; empty when the store is sound."""
    rows = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
    return [] if rows == ["ok"] else rows


def _migration_count(conn: sqlite3.Connection) -> int:
    try:
        return int(conn.execute("SELECT count(*) FROM migrations").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0


def backup(conn: sqlite3.Connection, target: Path) -> BackupResult:
    """Copy the open store `conn` to `target` (a new file; an existing one is refused)."""
    target = target.expanduser()
    if target.exists():
        raise UserError(f"backup: {target} already exists; choose a new file name")
    if not target.parent.is_dir():
        raise UserError(f"backup: the folder {target.parent} does not exist")
    partial = target.with_name(target.name + ".partial")
    try:
        out = sqlite3.connect(str(partial))
        try:
            conn.backup(out, pages=PAGES_PER_STEP)
            out.execute("PRAGMA journal_mode=DELETE")
            count = _migration_count(out)
        finally:
            out.close()
        # a backup interrupted half way never looks like a finished one
        partial.replace(target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise UserError(f"backup: cannot write {target}: {exc.strerror or exc}") from None
    return BackupResult(target, target.stat().st_size, count)


def _open_source(source: Path) -> sqlite3.Connection:
    if not source.is_file():
        raise UserError(f"restore: {source} is not a file")
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        problems = integrity(src)
        tables = {row[0] for row in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise UserError(f"restore: {source} is not an SQLite store ({exc})") from None
    if problems:
        src.close()
        raise UserError(f"restore: {source} fails the integrity check: {problems[0]}")
    if "migrations" not in tables:
        src.close()
        raise UserError(f"restore: {source} is not a Steward store (it has no migrations table)")
    return src


def restore(source: Path, db_file: Path, now: datetime) -> BackupResult:
    """Replace the store at `db_file` with the backup `source`; the replaced store is kept beside it.

    Nothing is replaced unless `source` is a sound Steward store; the restored store is migrated to
    today's schema, so a backup from an older Steward restores into a newer one.
    """
    source = source.expanduser()
    src = _open_source(source)
    kept: Path | None = None
    try:
        if db_file.exists():
            kept = db_file.with_name(f"{db_file.name}.before-restore-{now:%Y%m%d-%H%M%S}")
            current = connect(db_file)
            try:
                backup(current, kept)
            finally:
                current.close()
        dest = connect(db_file)
        try:
            # the backup API writes through the live store's own pager: readers see old or new, never half
            src.backup(dest, pages=PAGES_PER_STEP)
            migrate(dest)
            count = _migration_count(dest)
        finally:
            dest.close()
    finally:
        src.close()
    return BackupResult(db_file, db_file.stat().st_size, count, kept)
