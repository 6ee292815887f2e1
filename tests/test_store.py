import sqlite3
from pathlib import Path

from steward.store import connect, migrate
from steward.store.db import migration_files


def test_store_is_wal_with_foreign_keys_and_records_migrations(tmp_path: Path) -> None:
    conn = connect(tmp_path / "s.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    names = {r[0] for r in conn.execute("SELECT name FROM migrations")}
    assert names == {name for name, _ in migration_files()}
    assert migrate(conn) == []  # a second run applies nothing


def test_migrations_survive_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    connect(path).close()
    again = sqlite3.connect(path)
    assert again.execute("SELECT count(*) FROM migrations").fetchone()[0] == len(migration_files())


def test_init_creates_config_and_store(cli, steward_home: Path) -> None:
    r = cli("init", "--json")
    assert r.code == 0, r.err
    assert (steward_home / "config.toml").exists() and (steward_home / "steward.db").exists()
    assert cli("init", "--json").json()["created"] is False
