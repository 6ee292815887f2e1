"""`steward backup` / `steward restore`, the upgrade of older stores, and `steward doctor`."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from pathlib import Path

import pytest

from steward.store import connect
from steward.store.backup import backup, integrity, restore
from steward.store.db import _statements, migration_files


def _audit_rows(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM audit_log").fetchone()[0])
    finally:
        conn.close()


def test_backup_is_consistent_while_another_connection_writes(tmp_path: Path) -> None:
    db = tmp_path / "steward.db"
    writer = connect(db, check_same_thread=False)
    stop = threading.Event()
    written = [0]

    def write() -> None:
        while not stop.is_set():
            writer.execute("INSERT INTO audit_log (at, kind, provenance) VALUES ('t', 'test.write', '{}')")
            written[0] += 1

    thread = threading.Thread(target=write)
    thread.start()
    try:
        while written[0] < 200:
            stop.wait(0.01)
        reader = connect(db)
        result = backup(reader, tmp_path / "copy.db")
        reader.close()
    finally:
        stop.set()
        thread.join()
    copy = sqlite3.connect(result.path)
    assert integrity(copy) == []
    assert 200 <= _audit_rows(result.path) <= written[0]
    assert result.migrations == len(migration_files())
    copy.close()
    writer.close()


def test_restore_brings_back_the_backup_and_keeps_the_replaced_store(tmp_path: Path, cli, steward_home: Path) -> None:
    r = cli("init")
    assert r.code == 0, r.err
    home = steward_home
    conn = connect(home / "steward.db")
    conn.execute("INSERT INTO audit_log (at, kind, provenance) VALUES ('t', 'before.backup', '{}')")
    conn.close()
    r = cli("backup", str(tmp_path / "b.db"))
    assert r.code == 0, r.err
    conn = connect(home / "steward.db")
    conn.execute("DELETE FROM audit_log")
    conn.close()
    r = cli("restore", str(tmp_path / "b.db"), "--json")
    assert r.code == 0, r.err
    assert _audit_rows(home / "steward.db") == 1
    kept = Path(r.json()["kept"])
    assert kept.exists() and _audit_rows(kept) == 0  # the store it replaced, as it was


@pytest.mark.parametrize("content", [b"not a database at all", b""])
def test_restore_refuses_a_file_that_is_not_a_store_and_changes_nothing(tmp_path: Path, cli, content: bytes,
                                                                          steward_home: Path) -> None:
    assert cli("init").code == 0
    home = steward_home
    conn = connect(home / "steward.db")
    conn.execute("INSERT INTO audit_log (at, kind, provenance) VALUES ('t', 'keep.me', '{}')")
    conn.close()
    bad = tmp_path / "bad.db"
    bad.write_bytes(content)
    r = cli("restore", str(bad))
    assert r.code == 1 and len(r.err.strip().splitlines()) == 1, r.err
    assert _audit_rows(home / "steward.db") == 1
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    r = cli("restore", str(other))
    assert r.code == 1 and "not a Steward store" in r.err
    assert _audit_rows(home / "steward.db") == 1


def test_backup_refuses_to_overwrite(tmp_path: Path, cli) -> None:
    assert cli("init").code == 0
    target = tmp_path / "b.db"
    target.write_text("mine")
    r = cli("backup", str(target))
    assert r.code == 1 and "already exists" in r.err
    assert target.read_text() == "mine"


def _fill_every_table(conn: sqlite3.Connection) -> dict[str, int]:
    """One row in every table that takes a generic row; the row count of each table afterwards."""
    conn.execute("PRAGMA foreign_keys=OFF")
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name != 'migrations' AND sql NOT LIKE 'CREATE VIRTUAL%'")]
    for table in tables:
        cols = [c for c in conn.execute(f"PRAGMA table_info({table})") if c[3] and c[4] is None and not c[5]]
        names = ", ".join(c[1] for c in cols)
        values = ", ".join("1" if "INT" in (c[2] or "").upper() else "'x1'" for c in cols)
        sql = (f"INSERT INTO {table} ({names}) VALUES ({values})" if cols
               else f"INSERT INTO {table} DEFAULT VALUES")
        # a table whose checks no generic row passes keeps its count of 0: still compared below
        with contextlib.suppress(sqlite3.DatabaseError):
            conn.execute(sql)
    return {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}


@pytest.mark.parametrize("upto", range(1, len(migration_files())))
def test_a_store_from_every_earlier_migration_set_upgrades_with_nothing_lost(tmp_path: Path, upto: int) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path, isolation_level=None)
    old.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    for name, sql in migration_files()[:upto]:
        for statement in _statements(sql):
            old.execute(statement)
        old.execute("INSERT INTO migrations VALUES (?, 't')", (name,))
    before = _fill_every_table(old)
    old.close()
    assert sum(before.values()) > 0
    upgraded = connect(path)
    names = {r[0] for r in upgraded.execute("SELECT name FROM migrations")}
    assert names == {name for name, _ in migration_files()}
    for table, count in before.items():
        assert upgraded.execute(f"SELECT count(*) FROM {table}").fetchone()[0] >= count, table
    assert integrity(upgraded) == []
    upgraded.close()


def test_restore_of_an_older_backup_migrates_it(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = sqlite3.connect(path, isolation_level=None)
    old.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    for name, sql in migration_files()[:1]:
        for statement in _statements(sql):
            old.execute(statement)
        old.execute("INSERT INTO migrations VALUES (?, 't')", (name,))
    old.execute("INSERT INTO audit_log (at, kind, provenance) VALUES ('t', 'old', '{}')")
    old.close()
    from datetime import UTC, datetime

    result = restore(path, tmp_path / "home" / "steward.db", datetime(2026, 12, 1, tzinfo=UTC))
    assert result.migrations == len(migration_files())
    assert _audit_rows(result.path) == 1


def test_doctor_reports_each_check_in_one_line_and_fails_on_a_loose_secret(cli, steward_home: Path) -> None:
    assert cli("init").code == 0
    r = cli("doctor")
    assert r.code == 0, r.out + r.err
    names = [line.split(":")[0].split()[-1] for line in r.out.strip().splitlines()]
    assert names == ["config", "zone", "home", "store", "secrets", "keyring", "models", "calendars", "disk", "mail"]
    secret = steward_home / "secrets" / "mail-x.secret"
    secret.parent.mkdir()
    secret.write_text("pw")
    secret.chmod(0o644)
    r = cli("--json", "doctor")
    assert r.code == 1
    failed = [c for c in r.json()["checks"] if c["level"] == "fail"]
    assert [c["name"] for c in failed] == ["home", "secrets"] and "chmod 600" in failed[1]["detail"]


def test_doctor_fails_when_a_configured_model_cannot_be_reached(cli, steward_home: Path) -> None:
    from loopback import free_port

    assert cli("init").code == 0
    config = steward_home / "config.toml"
    config.write_text(f'[llm]\ntier1 = "openai http://127.0.0.1:{free_port()} m"\n')
    r = cli("--json", "doctor")
    assert r.code == 1
    models = next(c for c in r.json()["checks"] if c["name"] == "models")
    assert models["level"] == "fail" and "cannot reach tier1" in models["detail"]
