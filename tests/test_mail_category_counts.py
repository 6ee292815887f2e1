"""How many messages each category holds is kept as mail arrives and leaves (migration 0171), and a
store from before gets the counts when it is opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import steward.store.messages as repo
from steward.store.db import connect


def _add(conn: sqlite3.Connection, categories: list[str]) -> None:
    first = int(conn.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]) + 1
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO messages (dedup_key, thread_key, subject, received_at, category, source_kind,"
                     " source_location, imported_at) VALUES (?, ?, 'hello', '2026-01-01T00:00:00+00:00', ?, 'eml',"
                     " '{}', '')", [(f"k{n}", f"t{n}", c) for n, c in enumerate(categories, first)])
    conn.execute("COMMIT")


def _grouped(conn: sqlite3.Connection) -> dict[str, int]:
    return {r[0]: r[1] for r in conn.execute("SELECT category, count(*) FROM messages GROUP BY category")}


def test_the_category_counts_follow_mail_in_and_out_and_are_made_for_a_store_from_before(tmp_path: Path) -> None:
    conn = connect(tmp_path / "steward.db")
    try:
        _add(conn, ["newsletter"] * 5 + ["receipt"] * 3 + ["personal"])
        assert repo.count_by_category(conn) == _grouped(conn) == {"newsletter": 5, "receipt": 3, "personal": 1}
        conn.execute("DELETE FROM messages WHERE category = 'personal' OR id = 1")
        assert repo.count_by_category(conn) == _grouped(conn) == {"newsletter": 4, "receipt": 3}
        assert repo.category_messages(conn, ("newsletter", "receipt", "unknown")) == 7
        for dropped in ("TRIGGER messages_category_count_insert", "TRIGGER messages_category_count_delete",
                        "TRIGGER messages_category_count_update", "TABLE message_category_counts"):
            conn.execute(f"DROP {dropped}")
        conn.execute("DELETE FROM migrations WHERE name = '0171_message_category_counts'")
        conn.execute("PRAGMA user_version = 0")  # a store from before the schema stamp
    finally:
        conn.close()
    again = connect(tmp_path / "steward.db")
    try:
        assert repo.count_by_category(again) == {"newsletter": 4, "receipt": 3}
        # a category the filter names but that holds more than asked for is not read at all
        assert repo.admitted_ids(again, repo.Filters(categories=("newsletter",)), at_most=3) is None
        assert list(repo.admitted_ids(again, repo.Filters(categories=("receipt",)), at_most=3)) == [6, 7, 8]
    finally:
        again.close()
