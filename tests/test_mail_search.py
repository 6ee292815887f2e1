"""`steward mail search | analyze | read` over the sample mailbox."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from steward.clock import Clock
from steward.records.mail import FileSource, Message
from steward.sample import generate, write_maildir
from steward.search.analysis import group_by_sender
from steward.search.query import parse_query

NOW = datetime(2026, 9, 14, 23, 53, tzinfo=ZoneInfo("Asia/Kolkata"))
NOW_ARG = NOW.isoformat()


@pytest.fixture
def mailbox(cli, tmp_path: Path) -> Path:
    folder = write_maildir(generate(NOW), tmp_path / "Mail")
    assert cli("mail", "import", str(folder), "--now", NOW_ARG).code == 0
    return folder


def search(cli, *words: str) -> dict:
    # these tests pin FTS behaviour; hybrid search (the default) is tested in test_mail_hybrid.py
    r = cli("mail", "search", *words, "--mode", "lexical", "--now", NOW_ARG, "--json")
    assert r.code == 0, r.err
    return r.json()


def test_words_find_matching_mail_best_first(cli, mailbox: Path) -> None:
    data = search(cli, "statement", "ready")
    assert data["mode"] == "lexical" and data["broadened"] is False
    assert data["hits"] and all("statement" in h["subject"].lower() for h in data["hits"])
    hit = data["hits"][0]
    assert set(hit) >= {"id", "sender", "sender_name", "subject", "snippet", "received_at", "category", "score"}
    assert hit["received_at"].endswith("+05:30")
    scores = [h["score"] for h in data["hits"]]
    assert scores == sorted(scores, reverse=True)


def test_operators_from_subject_dates_and_phrases(cli, mailbox: Path) -> None:
    kaveri = search(cli, "from:kaveribank.in", "--limit", "200")["hits"]
    assert kaveri and {h["sender"].split("@")[1] for h in kaveri} == {"kaveribank.in"}
    subj = search(cli, "subject:autopay")["hits"]
    assert subj and all("autopay" in h["subject"].lower() for h in subj)
    since = (NOW - timedelta(days=10)).date().isoformat()
    recent = search(cli, "transaction", f"after:{since}", "--limit", "200")["hits"]
    assert recent and all(h["received_at"][:10] >= since for h in recent)
    older = search(cli, "transaction", f"before:{since}", "--limit", "200")["hits"]
    assert older and all(h["received_at"][:10] < since for h in older)
    phrase = search(cli, '"received your payment"')["hits"]
    loose = search(cli, "received", "payment", "--limit", "200")["hits"]
    assert phrase and len(phrase) <= len(loose)
    assert all("payment" in h["subject"].lower() for h in phrase)
    brief = search(cli, "from:morningbrief", "--limit", "100")["hits"]
    without = search(cli, "from:morningbrief -cricket", "--limit", "100")["hits"]
    assert any("cricket" in h["subject"] for h in brief)
    assert without and len(without) < len(brief) and not any("cricket" in h["subject"] for h in without)


def test_exclusions_work_as_separate_words_on_the_command_line(cli, mailbox: Path) -> None:
    """`steward mail search statement -harbor`: argparse would read `-harbor` as `-h arbor`."""
    every = search(cli, "statement", "--limit", "200")["hits"]
    assert any("harbor" in h["sender"].lower() for h in every)
    without = search(cli, "statement", "-harbor", "-vacation", "--limit", "200")["hits"]
    assert without and len(without) < len(every)
    assert not any("harbor" in h["sender"].lower() for h in without)
    r = cli("mail", "analyze", "statement", "-harbor", "--now", NOW_ARG, "--json")
    assert r.code == 0, r.err
    assert r.json()["query"] == "statement -harbor"
    assert not any("harbor" in g["sender"].lower() for g in r.json()["groups"])
    # an unknown --option is still an error, not a search word
    assert cli("mail", "search", "statement", "--bogus").code == 2


def test_a_miss_broadens_to_any_word_and_says_so(cli, mailbox: Path) -> None:
    data = search(cli, "dentist", "autopay")
    assert data["broadened"] is True and data["hits"]
    assert search(cli, "zzzqqq")["hits"] == []


def test_bad_dates_are_one_line_errors(cli, mailbox: Path) -> None:
    r = cli("mail", "search", "after:2026-13-45")
    assert r.code == 1 and "after:2026-13-45 is not a date" in r.err and r.err.count("\n") == 1


def test_odd_text_never_breaks_the_search(cli, mailbox: Path, steward_home: Path) -> None:
    store = steward_home / "steward.db"
    before = _store_state(store), search(cli, "statement")["hits"]
    for text in ('"unclosed', "a OR", "OR", "(", "NEAR(a b)", "*", "col:umn", "'; DROP TABLE messages; --",
                 "x'); DELETE FROM messages; --", 'subject:"a" OR 1=1'):
        r = cli("mail", "search", text, "--json")
        assert r.code == 0, (text, r.err)
    # the hostile searches changed nothing: the same tables and rows, and a search finds what it found before
    assert (_store_state(store), search(cli, "statement")["hits"]) == before
    assert before[0][1]["messages"] > 0 and before[1]


def _store_state(path: Path) -> tuple[list[str], dict[str, int]]:
    """The store's tables and the rows of the ones that hold mail."""
    conn = sqlite3.connect(path)
    try:
        tables = sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
        rows = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 (names from the store)
                for t in ("messages", "message_vectors", "audit_log") if t in tables}
        return tables, rows
    finally:
        conn.close()


def test_analyze_groups_every_match_by_sender_with_numbers_masked(cli, mailbox: Path) -> None:
    r = cli("mail", "analyze", "credit", "card", "--now", NOW_ARG, "--json")
    assert r.code == 0, r.err
    data = r.json()
    assert data["total"] > 20 and data["broadened"] is False
    assert sum(g["count"] for g in data["groups"]) == data["total"]
    senders = [g["sender"] for g in data["groups"]]
    assert len(senders) == len(set(senders))
    for g in data["groups"]:
        assert set(g) >= {"sender", "sender_name", "count", "first", "last", "categories", "examples"}
        assert len(g["examples"]) <= 3 and len(set(g["examples"])) == len(g["examples"])
        assert g["first"] <= g["last"]
    text = r.out
    assert "4147 2000" not in text and "4147200012347730" not in text
    human = cli("mail", "analyze", "credit", "card", "--now", NOW_ARG)
    assert "sender(s) match" in human.out


def test_analyze_reads_more_than_a_search_page(cli, mailbox: Path) -> None:
    data = cli("mail", "analyze", "this week", "--now", NOW_ARG, "--json").json()
    assert data["total"] >= 100  # every newsletter, not a top-20


def test_read_fetches_the_body_live_and_fails_cleanly_when_gone(cli, mailbox: Path) -> None:
    hit = search(cli, "statement", "ready")["hits"][0]
    shown = cli("mail", "read", str(hit["id"]), "--json")
    assert shown.code == 0, shown.err
    body = shown.json()["body"]
    assert "Minimum amount due" in body and "automatically generated" in body
    for path in mailbox.rglob("*"):
        if path.is_file():
            path.unlink()
    gone = cli("mail", "read", str(hit["id"]))
    assert gone.code == 1 and "gone" in gone.err and gone.err.count("\n") == 1
    missing = cli("mail", "read", "999999")
    assert missing.code == 1 and "no message with id 999999" in missing.err


def _message(i: int, sender: str, subject: str, day: int, category: str = "other") -> Message:
    return Message(i, f"{i}@x", f"{i}@x", sender, sender.split("@")[0].title(), (), subject, "",
                   datetime(2026, 9, day, tzinfo=ZoneInfo("UTC")), "UTC", False, (), category, "local",
                   FileSource("/x"))


def test_grouping_is_pure_and_orders_by_count_then_recency() -> None:
    msgs = [
        _message(1, "a@x.org", "Card 4111 1111 1111 1234 statement", 1, "statement"),
        _message(2, "a@x.org", "card 4111 1111 1111 1234 STATEMENT", 2, "statement"),
        _message(3, "a@x.org", "Payment due", 3, "payment_due"),
        _message(4, "a@x.org", "Another", 4),
        _message(5, "a@x.org", "Fifth", 5),
        _message(6, "b@y.org", "Hello", 9),
    ]
    groups = group_by_sender(msgs)
    assert [g.sender for g in groups] == ["a@x.org", "b@y.org"]
    a = groups[0]
    assert a.count == 5 and a.first.day == 1 and a.last.day == 5
    assert a.examples == ("Fifth", "Another", "Payment due")
    assert a.categories == ("other", "payment_due", "statement")
    masked = group_by_sender(msgs[:2])[0].examples
    assert masked == ("card XXXX1234 STATEMENT",)


def test_query_plan_understands_operators() -> None:
    clock = Clock(ZoneInfo("Asia/Kolkata"), NOW)
    plan = parse_query('from:bank "amount due" card OR statement -spam after:2026-09-01 any emails', clock)
    assert plan.match() == 'sender : "bank" AND "amount due" AND ("card" OR "statement")'
    assert plan.exclusion() == '"spam"'
    assert plan.after == datetime(2026, 9, 1, tzinfo=ZoneInfo("Asia/Kolkata"))
    assert plan.match(broaden=True) == 'sender : "bank" OR "amount due" OR "card" OR "statement"'


def test_the_rank_window_keeps_old_matches_a_filter_asks_for(cli, mailbox: Path, monkeypatch) -> None:
    import steward.store.messages as repo

    monkeypatch.setattr(repo, "RANK_WINDOW", 5)
    early = (NOW - timedelta(days=60)).date().isoformat()
    old = search(cli, "transaction", f"before:{early}", "--limit", "50")["hits"]
    # the window is taken after the filter: the newest 5 *old* matches, not the newest 5 overall
    assert len(old) == 5 and all(h["received_at"][:10] < early for h in old)
    common = search(cli, "transaction", "--limit", "50")["hits"]
    assert len(common) == 5  # without filters only the newest window of a common word is ranked
    assert search(cli, "category:newsletter", "python", "--limit", "50")["hits"]


def test_an_exclusion_beside_words_finds_what_excluding_each_message_finds(cli, mailbox: Path,
                                                                          steward_home: Path) -> None:
    """`card -refund` runs as one word-index expression (`(card) NOT (refund)`): the same messages,
    scores and order as reading the excluded messages and leaving them out, in every way the store reads."""
    import json
    import sqlite3

    from steward.store import messages as repo

    conn = sqlite3.connect(steward_home / "steward.db")
    try:
        cases = [('"card"', '"refund"'), ('"statement"', 'subject : "ready"'), ('"payment"', '"due" OR "autopay"'),
                 ('sender : "kaveribank"', '"statement"')]
        checked = 0
        for match, excluded in cases:
            filters = repo.Filters(exclude=excluded)
            left_out = {r[0] for r in conn.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?",
                                                   (excluded,))}
            every = [r[0] for r in conn.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?"
                                                " ORDER BY rowid", (match,)) if r[0] not in left_out]
            assert repo.filtered_ids(conn, match, filters).tolist() == every
            ranked = conn.execute(
                "SELECT rowid, -bm25(messages_fts, 4.0, 2.0, 1.0) AS s FROM messages_fts WHERE messages_fts MATCH ?"
                " ORDER BY s DESC", (match,)).fetchall()
            expected = [(i, round(s, 6)) for i, s in ranked if i not in left_out][:30]
            got = [(i, round(s, 6)) for i, s in repo.ranked_ids(conn, match, filters, 30)]
            assert [s for _, s in got] == [s for _, s in expected], (match, excluded)  # equal scores may swap
            assert {i for i, _ in got} <= set(every)
            newest = [r[0] for r in conn.execute(
                "SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))"
                " ORDER BY received_at DESC, id DESC LIMIT 10", (json.dumps(every),))]
            assert [r.id for r in repo.summary_rows(conn, match, filters, 10)] == newest
            assert [m.id for m, _ in repo.search_rows(conn, match, filters, 10, order="recent")] == newest
            checked += len(every) > 0 and len(left_out) > 0
        assert checked >= 3
    finally:
        conn.close()


def _passing(conn, match: str, filters, order: str) -> list[int]:
    """The reference: every message matching `match` that passes `filters`, in `order`, by plain SQL."""
    from steward.store import messages as repo

    where, args = repo._where(filters)  # noqa: SLF001 - the reference reads the same filters
    return [r[0] for r in conn.execute(
        f"SELECT m.id FROM messages m WHERE m.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)"
        f" AND {' AND '.join(where)} ORDER BY {order}", [match, *args])]


def test_with_filters_the_rank_window_is_the_newest_matches_that_pass_them(cli, mailbox: Path, steward_home: Path,
                                                                           monkeypatch) -> None:
    """Ranking with a filter on the rows ranks the newest RANK_WINDOW matches that pass it, whether they
    are found by walking the newest matches (the filter passes most), among every match (the newest
    RANK_WALK mostly fail it: read from the indexes and crossed, or collected by SQLite for a filter
    admitting more than half the store or one on recipients, which have no index) or not at all (none
    passes)."""
    import json
    import sqlite3

    import steward.store.messages as repo

    monkeypatch.setattr(repo, "RANK_WINDOW", 5)
    monkeypatch.setattr(repo, "RANK_WALK", 10)
    early = (NOW - timedelta(days=60)).astimezone(UTC).isoformat()
    conn = sqlite3.connect(steward_home / "steward.db")
    try:
        cases = [('"transaction"', repo.Filters(after=early)), ('"transaction"', repo.Filters(before=early)),
                 ('"statement" OR "payment"', repo.Filters(categories=("statement", "payment_due"))),
                 ('"statement" OR "payment"', repo.Filters(categories=("appointment",))),
                 ('"transaction"', repo.Filters(categories=("newsletter",))),
                 ('"transaction"', repo.Filters(before=early, to=("alex@",)))]
        sizes = []
        for match, filters in cases:
            passing = _passing(conn, match, filters, "m.id DESC")
            window = set(passing[:5])
            ranked = conn.execute(
                "SELECT rowid, -bm25(messages_fts, 4.0, 2.0, 1.0) AS s FROM messages_fts WHERE messages_fts MATCH ?"
                " ORDER BY s DESC", (match,)).fetchall()
            expected = [round(s, 6) for i, s in ranked if i in window]
            got = repo.ranked_ids(conn, match, filters, 30)
            assert [round(s, 6) for _, s in got] == expected, (match, filters)  # equal scores may swap
            assert {i for i, _ in got} <= window
            walked = conn.execute("SELECT count(*) FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?"
                                  " ORDER BY rowid DESC LIMIT 10) WHERE rowid IN (SELECT value FROM json_each(?))",
                                  (match, json.dumps(passing))).fetchone()[0]
            sizes.append((len(passing), walked))
        # the cases cover each way: the window found in the walk, found past it, and no match passing
        assert any(walked >= 5 for _, walked in sizes)
        assert any(n >= 5 and walked < 5 for n, walked in sizes)
        assert any(n == 0 for n, _ in sizes)
    finally:
        conn.close()


@pytest.mark.parametrize("candidates", [0, 10_000])
def test_newest_first_with_a_filter_few_matches_pass_finds_the_newest_that_pass(
        cli, mailbox: Path, steward_home: Path, monkeypatch, candidates: int) -> None:
    """Newest first (`mail analyze`, a search of field words alone) with a category most of a common
    word's newest matches fail: the candidates are found among every match and read by id (10,000), or
    the date index is walked (0: too many candidates). Either way the newest that pass, in date order."""
    import sqlite3

    import steward.store.messages as repo

    monkeypatch.setattr(repo, "RANK_WALK", 10)
    monkeypatch.setattr(repo, "RECENT_CANDIDATES", candidates)
    conn = sqlite3.connect(steward_home / "steward.db")
    try:
        early = (NOW - timedelta(days=60)).astimezone(UTC).isoformat()
        cases = [('"transaction"', repo.Filters(categories=("newsletter",))),
                 ('"statement" OR "payment" OR "transaction"', repo.Filters(categories=("statement",))),
                 ('"statement" OR "payment" OR "transaction"', repo.Filters(categories=("bank_alert",))),
                 ('"transaction"', repo.Filters(categories=("bank_alert",), before=early))]
        seen = []
        for match, filters in cases:
            expected = _passing(conn, match, filters, "m.received_at DESC, m.id DESC")[:5]
            assert [r.id for r in repo.summary_rows(conn, match, filters, 5)] == expected, (match, filters)
            assert [m.id for m, _ in repo.search_rows(conn, match, filters, 5, order="recent")] == expected
            seen.append(len(expected))
        assert 0 in seen and 5 in seen
    finally:
        conn.close()


def test_a_senders_latest_mail_is_its_newest_from_that_address_alone(mailbox: Path, steward_home: Path) -> None:
    from steward.clock import make_clock
    from steward.search.lexical import from_sender, sender_count
    from steward.store.db import connect

    conn = connect(steward_home / "steward.db")
    clock = make_clock("Asia/Kolkata", NOW_ARG)
    address, count = conn.execute("SELECT sender, count(*) AS n FROM messages GROUP BY sender ORDER BY n DESC"
                                  ).fetchone()
    assert count > 10
    newest = [r[0] for r in conn.execute("SELECT id FROM messages WHERE sender = ? ORDER BY received_at DESC,"
                                         " id DESC LIMIT 3", (address,))]
    latest = from_sender(conn, address, limit=3, clock=clock).hits
    assert [h.id for h in latest] == newest  # the newest, not the three the words rank best
    since = (NOW - timedelta(days=30)).date().isoformat()
    recent = from_sender(conn, address, f"after:{since}", limit=500, clock=clock).hits
    assert recent and all(h.message.sender == address and h.to_json()["received_at"][:10] >= since for h in recent)
    assert sender_count(conn, address, clock=clock) == count  # every one counted, however many
    assert sender_count(conn, address, f"after:{since}", clock=clock) == len(recent)
