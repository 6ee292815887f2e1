"""A large mailbox ranks common words in the newest messages' own word index: it ranks them as the
whole index does, and stays in step with new, edited and deleted mail."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from zoneinfo import ZoneInfo

import pytest

from steward.clock import Clock
from steward.mail.ingest import catch_up_recent_words, ingest, store_parsed
from steward.mail.parse import parse_message
from steward.mail.sources import Item
from steward.records.mail import FileSource
from steward.sample import generate
from steward.search import lexical
from steward.store import connect
from steward.store import messages as repo

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
CLOCK = Clock(ZoneInfo("Asia/Kolkata"), NOW)
WORDS = ["transaction", "statement", "card", "from:kaveribank.in", "payment"]


@pytest.fixture
def store(tmp_path, monkeypatch: pytest.MonkeyPatch) -> sqlite3.Connection:
    """1,200 sample messages; the newest 300 have their own index (ranking windows of 40 matches)."""
    monkeypatch.setattr(repo, "RECENT_ROWS", 300)
    monkeypatch.setattr(repo, "RECENT_FROM", 600)
    monkeypatch.setattr(repo, "RANK_WINDOW", 40)
    conn = connect(tmp_path / "steward.db")
    items = [Item(FileSource(f"/sample/{i}.eml"), _constant(m.raw))
             for i, m in enumerate(generate(NOW, count=1200))]
    ingest(conn, items)
    yield conn
    conn.close()


def _constant(raw: bytes):  # type: ignore[no-untyped-def]
    return lambda: raw


def _hits(conn: sqlite3.Connection, query: str) -> list[int]:
    return [h.id for h in lexical.search(conn, query, limit=20, clock=CLOCK).hits]


def _in_step(conn: sqlite3.Connection) -> None:
    """The newest messages' index holds exactly what the whole index holds from its floor on."""
    floor = repo.recent_floor(conn)
    assert floor is not None
    for word in ("transaction", "card", "statement", "receipt", "doctor", "zzunique"):
        whole = conn.execute("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ? AND rowid >= ?",
                             (word, floor)).fetchone()[0]
        recent = conn.execute("SELECT count(*) FROM messages_recent_fts WHERE messages_recent_fts MATCH ?",
                              (word,)).fetchone()[0]
        assert recent == whole, word
    rows = conn.execute("SELECT rows FROM messages_recent_range").fetchone()[0]
    assert rows == conn.execute("SELECT count(*) FROM messages WHERE id >= ?", (floor,)).fetchone()[0]


def _arrive(conn: sqlite3.Connection, subject: str, n: int = 1) -> list[int]:
    """New mail through a sync's path (one batch, one transaction)."""
    batch = []
    for i in range(n):
        msg = EmailMessage()
        msg["From"] = "Alerts <alerts@kaveribank.in>"
        msg["To"] = "me@example.com"
        msg["Subject"] = subject
        msg["Date"] = format_datetime(NOW + timedelta(minutes=i))
        msg["Message-ID"] = f"<new-{subject.replace(' ', '-')}-{i}@example.com>"
        msg.set_content(f"{subject}, message {i}.")
        batch.append((parse_message(msg.as_bytes()), FileSource(f"/new/{subject}/{i}.eml")))
    return list(store_parsed(conn, batch).added_ids)


def test_the_newest_messages_rank_as_the_whole_index_ranks_them(store: sqlite3.Connection) -> None:
    newest = repo.max_message_id(store)
    assert repo.recent_floor(store) == newest - 299  # built at the import's end: the newest 300
    _in_step(store)
    ranked = {q: _hits(store, q) for q in WORDS}
    assert all(ranked.values())
    # the common words' windows lie among the newest 300: those rank there
    assert [w for w in WORDS if repo._plan_inputs(store, lexical.parse_query(w, CLOCK).match(), repo.Filters(), 20,
                                                "rank")[2] == "messages_recent_fts"] == ["transaction", "card"]
    # one word: its weight is the same for every message, so the order is the whole index's order
    store.execute("DELETE FROM messages_recent_range")
    assert repo.recent_floor(store) is None
    assert {q: _hits(store, q) for q in WORDS} == ranked


def test_new_mail_joins_at_once_and_deleted_mail_leaves(store: sqlite3.Connection) -> None:
    (new,) = _arrive(store, "transaction transaction transaction alert")
    assert repo.recent_floor(store) is not None  # taken in the sync's own transaction
    _in_step(store)
    assert _hits(store, "transaction")[0] == new
    with store:
        store.execute("DELETE FROM messages WHERE id = ?", (new,))
    _in_step(store)
    assert new not in _hits(store, "transaction")
    # the newest id is given again: that message is found too, not taken for the deleted one
    (again,) = _arrive(store, "transaction transaction statement")
    assert again == new
    _in_step(store)
    assert _hits(store, "transaction")[0] == again


def test_edited_mail_is_ranked_by_its_new_words(store: sqlite3.Connection) -> None:
    newest = repo.max_message_id(store)
    with store:
        store.execute("UPDATE messages SET subject = 'zzunique transaction transaction' WHERE id = ?", (newest,))
    _in_step(store)
    assert _hits(store, "transaction")[0] == newest
    assert _hits(store, "zzunique") == [newest]


def test_the_range_grows_then_drops_its_oldest(store: sqlite3.Connection) -> None:
    floor = repo.recent_floor(store)
    for i in range(2):
        _arrive(store, f"card statement {i}", n=30)
    assert repo.recent_floor(store) == floor  # 360 rows: within 1.25 x 300
    _arrive(store, "card statement again", n=30)
    assert store.execute("SELECT rows FROM messages_recent_range").fetchone()[0] == 300
    assert repo.recent_floor(store) == repo.max_message_id(store) - 299
    _in_step(store)


def test_a_small_store_has_none_until_it_grows(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(repo, "RECENT_ROWS", 300)
    monkeypatch.setattr(repo, "RECENT_FROM", 600)
    conn = connect(tmp_path / "steward.db")
    items = [Item(FileSource(f"/s/{i}.eml"), _constant(m.raw)) for i, m in enumerate(generate(NOW, count=500))]
    ingest(conn, items)
    assert repo.recent_floor(conn) is None and not catch_up_recent_words(conn)
    # an import stopped part way: its batches are in, its end (which updates the index) never came
    batch = [(parse_message(m.raw), FileSource(f"/t/{i}.eml"))
             for i, m in enumerate(generate(NOW, seed=11, count=400))]
    store_parsed(conn, batch, recent=False)
    assert repo.recent_floor(conn) is None
    assert catch_up_recent_words(conn)  # what `steward serve` does each minute
    assert not catch_up_recent_words(conn)
    _in_step(conn)
    conn.close()


def test_a_sender_counted_over_the_latest_days_is_counted_in_the_newest_index(store: sqlite3.Connection) -> None:
    """"How many from Kaveri Bank this week?": dates only the newest messages can pass are searched in their own
    index, and every message of those dates is counted, as the whole index counts them."""
    from steward.search.mailbox import analyze

    floor = repo.recent_floor(store)
    assert floor is not None
    newest = repo.max_message_id(store)
    since = CLOCK.local(repo.get_message(store, newest - 100).received_at).date()  # type: ignore[union-attr]
    query = f"from:kaveri* after:{since.isoformat()}"
    plan = lexical.parse_query(query, CLOCK)
    filters = lexical.filters_for(plan)
    assert repo._plan_inputs(store, plan.match(), filters, 1001, "recent")[2] == "messages_recent_fts"
    counted = analyze(store, query, clock=CLOCK).total
    assert counted > 0
    store.execute("DELETE FROM messages_recent_range")  # the whole index alone
    assert repo._plan_inputs(store, plan.match(), filters, 1001, "recent")[2] == "messages_fts"
    assert analyze(store, query, clock=CLOCK).total == counted
