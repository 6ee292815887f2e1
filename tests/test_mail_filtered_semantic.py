"""A filtered semantic search finds what scoring only the messages its filters admit finds (dates,
categories, `from:` and `subject:` words, exclusions), through the partition's probing as through
exact search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.sample import generate, write_mbox
from steward.search import hybrid
from steward.search.query import free_text, parse_query
from steward.settings import load

if TYPE_CHECKING:
    import numpy as np

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
QUERIES = ["card payment after:2026-09-01", "statement subject:statement", "dinner plans before:2026-10-15",
           "money owed from:kaveribank.in", "my visit category:appointment", "anything about tax -refund",
           "money spent on my cards -statement"]


@pytest.fixture(scope="module")
def mbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_mbox(generate(NOW, count=600), tmp_path_factory.mktemp("filtered") / "sample.mbox")


@pytest.mark.parametrize("approximate_above", [0, 100])
def test_filtered_semantic_search_is_the_search_of_the_admitted(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        approximate_above: int) -> None:
    """0: every vector scored; 100: the 600 vectors are probed through a partition."""
    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", str(approximate_above))
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition() == (approximate_above > 0)
        for query in QUERIES:
            plan = parse_query(query, search.clock)
            admitted = search._allowed(plan)  # noqa: SLF001 - the reference needs the same filters
            assert admitted is not None
            vector = app.embedder.embed([free_text(query)])[0]
            ranked = search.index().search(vector, hybrid.CANDIDATES, admitted, exact=True)
            expected = [round(s, 5) for s in ranked.scores if s >= search.min_similarity][:10]
            hits = search.search(query, mode="semantic", limit=10).hits
            # the sample repeats texts: equal vectors tie, and which of them comes first is no difference
            assert [round(h.score, 5) for h in hits] == expected, query
            assert {h.message.id for h in hits} <= set(admitted.tolist())
    finally:
        app.close()


def _meaning_side_finds_the_admitted_best(app: object, search: hybrid.MailSearch, query: str, *,
                                          some: bool = True) -> np.ndarray:
    """Check that the meaning side of a hybrid search for `query` finds what scoring every message its
    filters admit finds (read whole, the old way), and something unless `some` is off; return those
    admitted ids."""
    plan = parse_query(query, search.clock)
    admitted = search._allowed(plan)  # noqa: SLF001
    assert admitted is not None and len(admitted) > 0, query
    vector = app.embedder.embed([free_text(query)])[0]  # type: ignore[attr-defined]
    ranked = search.index().search(vector, hybrid.CANDIDATES, admitted, exact=True)
    expected = [round(s, 5) for s in ranked.scores if s >= search.min_similarity]
    found, _ = search._start_semantic(free_text(query), plan, hybrid.CANDIDATES, overlap=True)()  # noqa: SLF001
    # the sample repeats texts: equal vectors tie, and which of them comes first is no difference
    assert [round(sc, 5) for _, sc in found] == expected, query
    assert (found or not some) and {i for i, _ in found} <= set(admitted.tolist()), query
    return admitted


def _store_handles(db_file: Path) -> int:
    """How many of this process's open files are the store's (its file, WAL and shared memory)."""
    names = {str(db_file), f"{db_file}-wal", f"{db_file}-shm"}
    fds = Path("/proc/self/fd")
    count = 0
    for fd in fds.iterdir():
        try:
            count += str(fd.readlink()) in names
        except OSError:
            continue  # closed while listed
    return count


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
def test_hybrid_reads_the_allowed_ids_beside_the_word_search_and_finds_the_same(
        cli: Callable[..., object], steward_home: Path, mbox: Path) -> None:
    """The filters' ids come from a second connection in a thread of its own; the hits are the ones the
    search's own connection gives, and closing the App closes that connection and ends its thread."""
    import threading

    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    search = app.mail_search
    one_connection = _store_handles(app.paths.db_file)
    alone = hybrid.MailSearch(app.db, search.clock, lambda: app.embedder, rrf_k=search.rrf_k,
                              min_similarity=search.min_similarity, semantic_weight=search.semantic_weight,
                              index=search.index)  # no reader: the allowed ids are read first, in this thread
    try:
        assert search.search("card payment", limit=10).hits
        assert _store_handles(app.paths.db_file) == one_connection  # no filter: nothing read beside
        for query in QUERIES:
            got = search.search(query, limit=10, explain=True).hits
            expected = alone.search(query, limit=10, explain=True).hits
            assert [(h.message.id, h.explain) for h in got] == [(h.message.id, h.explain) for h in expected], query
        readers = [t for t in threading.enumerate() if t.name.startswith("mail-search-reader")]
        assert readers, "the allowed ids were not read beside the word search"
        assert _store_handles(app.paths.db_file) > one_connection
    finally:
        alone.close()
        app.close()
    assert not any(t.is_alive() for t in readers)
    assert _store_handles(app.paths.db_file) == 0



def test_inside_a_transaction_the_filters_see_its_own_writes(
        cli: Callable[..., object], steward_home: Path, mbox: Path) -> None:
    """A second connection sees only what is committed; a search run before its caller commits reads
    the allowed ids on the caller's connection, so meaning finds a message the transaction refiled."""
    from steward.store import write_txn

    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        row = next(r for r in app.db.execute("SELECT id, subject FROM messages WHERE category != 'appointment'")
                   if r["subject"].replace(" ", "").isalpha())
        query = f"{row['subject']} category:appointment"
        before = app.mail_search.search(query, limit=10, explain=True).hits
        assert row["id"] not in {h.message.id for h in before}
        with write_txn(app.db):
            app.db.execute("UPDATE messages SET category = 'appointment' WHERE id = ?", (row["id"],))
            hits = {h.message.id: h for h in app.mail_search.search(query, limit=10, explain=True).hits}
            assert row["id"] in hits
            assert hits[row["id"]].explain is not None and hits[row["id"]].explain.semantic_rank is not None
    finally:
        app.close()


@pytest.mark.parametrize("wide", [10, 10**9])
def test_a_filter_admitting_many_is_checked_on_the_nearest_and_finds_the_same(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        wide: int) -> None:
    """A date or category filter admitting more than `WIDE_FILTER` messages is not read whole: the
    nearest messages are checked against it. The hits are those of reading every admitted id, and each
    passes the filter (10: every filter here is wide; 10**9: none is)."""
    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", "100")
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    queries = ["card payment after:2026-09-01", "dinner plans before:2026-10-15",
               "my visit category:appointment subject:appointment", "card payment category:appointment from:kaveribank",
               "statement before:2026-08-20 after:2026-08-01"]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition()
        def nearest(query: str) -> list[tuple[int, float]]:
            plan = parse_query(query, search.clock)
            found, _ = search._start_semantic(free_text(query), plan, hybrid.CANDIDATES, overlap=True)()  # noqa: SLF001
            return found

        monkeypatch.setattr(hybrid, "WIDE_FILTER", 10**9)
        read_whole = {q: nearest(q) for q in queries}
        monkeypatch.setattr(hybrid, "WIDE_FILTER", wide)
        for query in queries:
            found = nearest(query)
            # the sample repeats texts: equal vectors tie, and which of them comes first is no difference
            assert [round(sc, 5) for _, sc in found] == [round(sc, 5) for _, sc in read_whole[query]], query
            admitted = set(search._allowed(parse_query(query, search.clock)).tolist())  # noqa: SLF001
            assert {i for i, _ in found} <= admitted, query
            assert {h.id for h in search.search(query, limit=10).hits} <= admitted, query
        assert sum(len(v) for v in read_whole.values()) >= 30
    finally:
        app.close()


def test_field_words_admitting_more_than_the_window_are_searched_among_their_newest(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`from:` and `subject:` words admitting more than `FIELD_WINDOW` messages: the meaning side of a
    hybrid search looks among the newest `FIELD_WINDOW` of them (reading every one grows with the
    mailbox); admitting fewer, among all of them, as before."""

    from steward.store.messages import Filters, filtered_ids

    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", "100")
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition()
        every = filtered_ids(app.db, "sender : kaveribank", Filters())
        assert len(every) > 20
        newest = filtered_ids(app.db, "sender : kaveribank", Filters(), newest=20)
        assert newest.tolist() == every[-20:].tolist()  # ascending, the highest ids

        query = "money owed from:kaveribank"
        plan = parse_query(query, search.clock)
        vector = app.embedder.embed([free_text(query)])[0]

        def nearest() -> list[tuple[int, float]]:
            found, _ = search._start_semantic(free_text(query), plan, hybrid.CANDIDATES, overlap=True)()  # noqa: SLF001
            return found

        def exact_among(ids: np.ndarray) -> list[float]:
            ranked = search.index().search(vector, hybrid.CANDIDATES, ids, exact=True)
            return [round(s, 5) for s in ranked.scores if s >= search.min_similarity]

        assert [round(s, 5) for _, s in nearest()] == exact_among(every)
        monkeypatch.setattr(hybrid, "FIELD_WINDOW", 20)
        found = nearest()
        assert found and {i for i, _ in found} <= set(every[-20:].tolist())
        assert [round(s, 5) for _, s in found] == exact_among(every[-20:])
        assert {h.id for h in search.search(query, limit=10).hits} <= set(every.tolist())
    finally:
        app.close()


@pytest.mark.parametrize("approximate_above", [0, 100])
def test_an_exclusion_without_field_words_skips_what_it_rules_out_and_finds_the_same(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        approximate_above: int) -> None:
    """`-subject:receipt` admits nearly every message, so the meaning side reads the messages it rules
    out and skips them. It finds what scoring every admitted message finds, and no hit is one the
    exclusion rules out; with a date filter too (checked on the nearest: every filter here is wide)."""
    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", str(approximate_above))
    monkeypatch.setattr(hybrid, "WIDE_FILTER", 10)
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    queries = ["money spent on my cards -statement", "card payment -subject:statement", "money owed -from:kaveribank",
               "dinner plans -dinner after:2026-09-01", "my visit -appointment -subject:dentist"]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition() == (approximate_above > 0)
        for query in queries:
            admitted = _meaning_side_finds_the_admitted_best(app, search, query)
            assert len(admitted) < len(search.index()), query
            assert {h.id for h in search.search(query, limit=10).hits} <= set(admitted.tolist()), query
    finally:
        app.close()


@pytest.mark.parametrize(("wide", "window"), [(10, 10**9), (10**9, 10**9), (10, 20), (10**9, 20)])
def test_field_words_with_a_filter_on_the_rows_find_what_scoring_every_admitted_message_finds(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        wide: int, window: int) -> None:
    """`from:` words with a date or category: the meaning side crosses the field words' newest matches
    with the filter (read whole, or checked on the nearest when it admits more than WIDE_FILTER), and
    when too few of those newest pass, scores every message both admit. Each way finds the same."""
    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", "100")
    monkeypatch.setattr(hybrid, "WIDE_FILTER", wide)
    monkeypatch.setattr(hybrid, "FIELD_WINDOW", window)
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    queries = ["money owed from:kaveribank after:2026-08-01", "my card from:kaveribank before:2026-10-01",
               "the bill subject:statement category:statement", "card payment from:kaveribank -statement after:2026-06-01",
               "money spent subject:transaction after:2026-06-01", "the news this week subject:week before:2026-10-20"]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition()
        for query in queries:
            _meaning_side_finds_the_admitted_best(app, search, query, some=False)
    finally:
        app.close()


@pytest.mark.parametrize("approximate_above", [0, 100])
def test_dates_alone_admit_runs_of_ids_and_find_what_scoring_every_admitted_message_finds(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        approximate_above: int) -> None:
    """A date filter reaches the meaning side as runs of ids whose blocks lie wholly within the dates,
    and the ids that pass where the dates cover a block in part; with an exclusion too, and crossed
    with the newest matches of field words. Blocks of 64 ids here, so 600 messages make ten."""
    import steward.store.messages as repo

    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", str(approximate_above))
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    queries = ["card payment after:2026-09-01", "dinner plans before:2026-10-15", "money owed after:2026-08-01 before:2026-10-01",
               "dinner plans -dinner after:2026-09-01", "money owed from:kaveribank after:2026-08-01",
               "the news this week subject:week before:2026-10-20"]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        monkeypatch.setattr(repo, "DATE_BLOCK", 6)
        with app.db:
            app.db.execute("DELETE FROM message_date_blocks")
            app.db.execute("INSERT INTO message_date_blocks SELECT id >> 6, min(received_at), max(received_at)"
                           " FROM messages GROUP BY 1")
        search = app.mail_search
        assert search.prepare_partition() == (approximate_above > 0)
        for query in queries:
            filters = replace(hybrid.filters_for(parse_query(query, search.clock)), exclude=None)
            runs, _ = repo.date_admitted(app.db, filters)
            assert runs, query  # most of what the dates admit is whole blocks
            admitted = _meaning_side_finds_the_admitted_best(app, search, query)
            assert len(admitted) < len(search.index()), query
    finally:
        app.close()


@pytest.mark.parametrize("approximate_above", [0, 100])
def test_categories_without_field_words_are_a_mask_over_the_index_and_find_what_scoring_every_admitted_message_finds(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        approximate_above: int) -> None:
    """The index holds each message's category, so `category:` (alone, with dates or an exclusion)
    reads no ids from the store for the meaning side: a category that holds a fifth of the mailbox
    costs what one that holds a handful does. It finds what scoring every admitted message finds."""
    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", str(approximate_above))
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    alone = ["dentist appointment confirmed category:appointment", "weekly newsletter category:newsletter",
             "credit card bill category:statement,payment_due", "card statement category:appointment"]
    beside = ["weekly newsletter category:newsletter after:2026-09-01", "card transaction -statement category:bank_alert",
              "credit card bill category:statement,payment_due before:2026-10-01 -autopay"]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition() == (approximate_above > 0)
        for query in alone + beside:
            admitted = _meaning_side_finds_the_admitted_best(app, search, query, some=query != alone[-1])
            assert {h.id for h in search.search(query, limit=10).hits} <= set(admitted.tolist()), query
        reads: list[str] = []
        for name in ("filtered_ids", "admitted_ids", "date_admitted"):
            def counted(*args: object, _name: str = name, _real: object = getattr(hybrid.messages_repo, name),
                        **kwargs: object) -> object:
                reads.append(_name)
                return _real(*args, **kwargs)  # type: ignore[operator]
            monkeypatch.setattr(hybrid.messages_repo, name, counted)
        for query in alone:
            search.search(query, limit=10)
        assert reads == []
    finally:
        app.close()
