"""Date filters bound the ids a search walks: the dates each block of message ids spans
(store.messages.date_span, migration 0170) are kept as mail arrives, and a search bounded by them
finds what reading every match would."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import steward.store.messages as repo
from steward.store.db import connect

START = datetime(2024, 1, 1, tzinfo=UTC)
BLOCK = 1 << repo.DATE_BLOCK


def _add(conn: sqlite3.Connection, days: list[float], word: str = "transaction") -> None:
    """Messages received `days` after START, in that order (ids follow it), each holding `word`; every
    third one also says "statement"."""
    first = int(conn.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]) + 1
    rows = []
    for n, day in enumerate(days, first):
        words = f"{word} {'statement' if n % 3 == 0 else 'note'} {n}"
        rows.append((f"k{n}", f"t{n}", "bank@example.com", words, words,
                     (START + timedelta(days=day)).isoformat(), "bank_alert" if n % 2 else "personal"))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO messages (dedup_key, thread_key, sender, subject, snippet, received_at, category,"
                     " source_kind, source_location, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'eml', '{}', '')", rows)
    conn.execute("COMMIT")


@pytest.fixture
def store(tmp_path: Path) -> sqlite3.Connection:
    conn = connect(tmp_path / "steward.db")
    # four blocks of mail in date order (a message every 0.1 day), an old one imported late, then three
    # blocks more in date order
    _add(conn, [n / 10 for n in range(4 * BLOCK)])
    _add(conn, [-30.0])
    _add(conn, [n / 10 for n in range(4 * BLOCK, 7 * BLOCK)])
    yield conn
    conn.close()


def _blocks(conn: sqlite3.Connection) -> list[tuple[int, str, str]]:
    return [tuple(r) for r in conn.execute("SELECT block, earliest, latest FROM message_date_blocks ORDER BY block")]


def test_the_blocks_dates_are_kept_as_mail_arrives_and_made_for_a_store_from_before(store: sqlite3.Connection,
                                                                                      tmp_path: Path) -> None:
    expected = [tuple(r) for r in store.execute(
        "SELECT id >> ?, min(received_at), max(received_at) FROM messages GROUP BY 1 ORDER BY 1", (repo.DATE_BLOCK,))]
    assert _blocks(store) == expected
    # the old message imported late widens its block back to its date
    assert _blocks(store)[4][1] == (START - timedelta(days=30)).isoformat()
    # a store made before the blocks existed gets them when it is opened
    for dropped in ("TRIGGER messages_date_block_insert", "TRIGGER messages_date_block_update", "TABLE message_date_blocks"):
        store.execute(f"DROP {dropped}")
    store.execute("DELETE FROM migrations WHERE name = '0170_message_date_blocks'")
    store.execute("PRAGMA user_version = 0")  # a store from before the schema stamp
    store.close()
    again = connect(tmp_path / "steward.db")
    try:
        assert _blocks(again) == expected
    finally:
        again.close()


def test_a_date_filter_spans_the_ids_its_messages_can_have(store: sqlite3.Connection) -> None:
    def passing(filters: repo.Filters) -> list[int]:
        where, args = repo._where(filters)  # noqa: SLF001 - the same rows, read the slow way
        return [r[0] for r in store.execute(f"SELECT id FROM messages m WHERE {' AND '.join(where)}", args)]

    newest = int(store.execute("SELECT max(id) FROM messages").fetchone()[0])
    day = START + timedelta(days=BLOCK / 10)  # the start of the second block
    for filters in (repo.Filters(after=day.isoformat()), repo.Filters(before=day.isoformat()),
                    repo.Filters(after=day.isoformat(), before=(day + timedelta(days=3)).isoformat()),
                    repo.Filters(before=(START - timedelta(days=10)).isoformat())):
        span = repo.date_span(store, filters)
        assert span is not None
        ids = passing(filters)
        assert ids and all(span[0] <= i <= span[1] for i in ids), filters
    # in date order, a filter of three days spans one or two blocks, not the store
    later = START + timedelta(days=600)
    low, high = repo.date_span(store, repo.Filters(after=later.isoformat(), before=(later + timedelta(days=3)).isoformat()))
    assert high - low < 2 * BLOCK < newest
    # dates no message has: nothing can pass; no date: no bound
    low, high = repo.date_span(store, repo.Filters(after=(START + timedelta(days=900)).isoformat()))
    assert low > high
    assert repo.date_span(store, repo.Filters(categories=("personal",))) is None


@pytest.mark.parametrize("order", ["rank", "recent"])
def test_a_search_bounded_by_the_dates_finds_what_reading_every_match_finds(store: sqlite3.Connection,
                                                                            monkeypatch, order: str) -> None:
    """The rank window (the newest matches that pass, ranked) and newest-first order, with dates the
    newest matches fail: the same messages, the late-imported old one included."""
    monkeypatch.setattr(repo, "RANK_WINDOW", 50)
    monkeypatch.setattr(repo, "RANK_WALK", 100)
    day = (START + timedelta(days=BLOCK / 10)).isoformat()
    for match, filters in (('"transaction"', repo.Filters(before=day)),
                           ('"statement"', repo.Filters(before=day, categories=("personal",))),
                           ('"statement"', repo.Filters(after=day, before=(START + timedelta(days=250)).isoformat())),
                           ('"transaction"', repo.Filters(before=(START - timedelta(days=1)).isoformat())),
                           ('"transaction"', repo.Filters(after=(START + timedelta(days=900)).isoformat()))):
        where, args = repo._where(filters)  # noqa: SLF001
        passing = [r[0] for r in store.execute(
            f"SELECT m.id FROM messages m WHERE m.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)"
            f" AND {' AND '.join(where)} ORDER BY m.id DESC", [match, *args])]
        if order == "rank":
            window = set(passing[:50])
            ranked = store.execute("SELECT rowid, -bm25(messages_fts, 4.0, 2.0, 1.0) AS s FROM messages_fts"
                                   " WHERE messages_fts MATCH ? ORDER BY s DESC, rowid DESC", (match,)).fetchall()
            got = repo.ranked_ids(store, match, filters, 20)
            assert {i for i, _ in got} <= window, (match, filters)
            assert [round(s, 6) for _, s in got] == [round(s, 6) for i, s in ranked if i in window][:20]
        else:
            got = [m.id for m in repo.summary_rows(store, match, filters, 20)]
            dates = {r[0]: r[1] for r in store.execute("SELECT id, received_at FROM messages")}
            assert got == sorted(passing, key=lambda i: (dates[i], i), reverse=True)[:20], (match, filters)
    # the old message imported late passes `before:` a date older than all the rest
    assert [i for i, _ in repo.ranked_ids(store, '"transaction"', repo.Filters(before=START.isoformat()), 5)] == [
        4 * BLOCK + 1]
