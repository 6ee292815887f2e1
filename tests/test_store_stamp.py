"""A store already at the shipped schema is opened without reading a migration; any other is migrated
name by name and then stamped (SQLite's user_version holds a checksum of the migrations' names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from steward.store import connect
from steward.store import db as store_db


def test_a_stamped_store_opens_without_reading_its_migrations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "steward.db"
    connect(path).close()
    read: list[str] = []
    real = store_db.migration_files
    monkeypatch.setattr(store_db, "migration_files", lambda: read.append("read") or real())
    conn = connect(path)
    assert read == [] and conn.execute("PRAGMA user_version").fetchone()[0] == store_db.schema_stamp()


def test_a_store_from_before_the_stamp_is_checked_and_stamped(tmp_path: Path) -> None:
    path = tmp_path / "steward.db"
    conn = connect(path)
    conn.execute("PRAGMA user_version = 0")
    conn.execute("DROP TABLE session_names")
    conn.execute("DROP TABLE hook_log")
    conn.execute("DELETE FROM migrations WHERE name = '0900_session_names'")
    conn.close()
    conn = connect(path)
    assert conn.execute("SELECT count(*) FROM session_names").fetchone()[0] == 0  # made again
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store_db.schema_stamp()


def test_a_new_migration_changes_the_stamp(monkeypatch: pytest.MonkeyPatch) -> None:
    before = store_db.schema_stamp()
    names = store_db.migration_names()
    monkeypatch.setattr(store_db, "migration_names", lambda: [*names, "9999_later"])
    assert store_db.schema_stamp() != before
