"""The approximate vector index: a faiss partition over the int8 vectors, kept in step with the store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from steward.search import partition
from steward.search.vectors import VectorIndex, decode, encode
from steward.store import connect

pytest.importorskip("faiss")

DIM = 384


def _clustered(n: int, seed: int = 0) -> np.ndarray:
    """Unit vectors around 60 topics, as mail is (statements, alerts, newsletters...); a different
    `seed` draws other vectors about the same topics."""
    topics = np.random.default_rng(0).standard_normal((60, DIM)).astype(np.float32)
    rng = np.random.default_rng(seed)
    rows = topics[rng.integers(0, 60, n)] + 0.6 * rng.standard_normal((n, DIM)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return rows


def _store(tmp_path: Path, rows: np.ndarray) -> sqlite3.Connection:
    """A real store with one message row per vector (ids 1..n)."""
    conn = connect(tmp_path / "steward.db")
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO messages (id, dedup_key, message_id, thread_key, sender, sender_name, recipients, subject,"
        " snippet, received_at, zone, has_pdf, attachments, category, account, source_kind, source_location,"
        " imported_at) VALUES (?, ?, ?, ?, 'a@example.com', 'A', '[]', 's', 'x', '2026-11-01T00:00:00+00:00',"
        " 'UTC', 0, '[]', 'other', 'local', 'eml', ?, '2026-11-01T00:00:00+00:00')",
        [(i, f"k{i}", f"m{i}", f"t{i}", f"/m/{i}.eml") for i in range(1, len(rows) + 1)])
    conn.executemany("INSERT INTO message_vectors (message_rowid, vector) VALUES (?, ?)",
                     list(zip(range(1, len(rows) + 1), encode(rows), strict=True)))
    conn.execute("COMMIT")
    return conn


def _recall(index: VectorIndex, exact: VectorIndex, queries: np.ndarray, **kw: object) -> float:
    hits = [len(set(index.search(q, 10, **kw).ids) & set(exact.search(q, 10, **kw).ids)) / 10  # type: ignore[arg-type]
            for q in queries]
    return float(np.mean(hits))


def test_above_the_size_search_probes_a_partition_and_finds_what_exact_search_finds(tmp_path: Path) -> None:
    rows = _clustered(6000)
    conn = _store(tmp_path, rows)
    exact = VectorIndex(DIM)
    exact.refresh(conn)
    index = VectorIndex(DIM, approximate_above=5000, path=tmp_path / "steward.db.partition.npz")
    index.refresh(conn)
    assert not index.approximate  # a command does not build one in the background
    assert index.build_partition() and index.approximate
    queries = _clustered(40, seed=1)
    assert _recall(index, exact, queries) >= 0.98
    # a filter: only the allowed ids come back, and they are the best of them
    allowed = np.arange(1, 6001, 3)
    got = index.search(queries[0], 10, allowed=allowed)
    assert set(got.ids) <= set(allowed.tolist()) and len(got.ids) == 10
    assert _recall(index, exact, queries[:10], allowed=allowed) >= 0.98
    few = np.array([17, 4242])
    assert set(index.search(queries[0], 10, allowed=few).ids) == {17, 4242}
    conn.close()


def test_the_partition_is_saved_beside_the_store_and_follows_deletions_and_new_mail(tmp_path: Path) -> None:
    rows = _clustered(6000)
    conn = _store(tmp_path, rows)
    saved = tmp_path / "steward.db.partition.npz"
    first = VectorIndex(DIM, approximate_above=5000, path=saved)
    first.refresh(conn)
    first.build_partition()
    assert saved.exists()
    # the file holds centroids, ids and list numbers only
    with np.load(saved) as data:
        assert sorted(data.files) == ["centroids", "generation", "ids", "lists"]

    conn.execute("DELETE FROM messages WHERE id IN (5, 6, 7)")  # their vectors go with them
    later = VectorIndex(DIM, approximate_above=5000, path=saved)
    later.refresh(conn)
    assert later.approximate and len(later) == 5997  # read back, without the deleted
    target = rows[5]  # message 6's vector: deleted, so never found again
    assert 6 not in later.search(target, 10).ids

    new = _clustered(1, seed=9)[0]
    matrix, scales = decode(encode(new[None, :]), DIM)
    conn.execute("BEGIN")
    conn.execute(
        "INSERT INTO messages (id, dedup_key, message_id, thread_key, sender, sender_name, recipients, subject,"
        " snippet, received_at, zone, has_pdf, attachments, category, account, source_kind, source_location,"
        " imported_at) VALUES (7001, 'k7001', 'm7001', 't7001', 'a@example.com', 'A', '[]', 's', 'x',"
        " '2026-11-01T00:00:00+00:00', 'UTC', 0, '[]', 'other', 'local', 'eml', '/m/7001.eml',"
        " '2026-11-01T00:00:00+00:00')")
    conn.execute("INSERT INTO message_vectors (message_rowid, vector) VALUES (7001, ?)", (encode(new[None, :])[0],))
    conn.execute("COMMIT")
    assert later.refresh(conn) == 1
    assert later.search(new, 1).ids == (7001,)  # new mail is searched before any rebuild
    conn.close()


def test_vectors_replaced_wholesale_drop_the_partition(tmp_path: Path) -> None:
    conn = _store(tmp_path, _clustered(6000))
    saved = tmp_path / "p.npz"
    index = VectorIndex(DIM, approximate_above=5000, path=saved)
    index.refresh(conn)
    index.build_partition()
    conn.execute("UPDATE vector_generation SET n = n + 1")  # what `mail index --rebuild` says
    index.refresh(conn)
    assert not index.approximate
    # and a later process does not read the stale file either
    other = VectorIndex(DIM, approximate_above=5000, path=saved)
    other.refresh(conn)
    assert not other.approximate
    conn.close()


def test_a_small_store_stays_exact_and_the_background_build_runs_in_a_thread(tmp_path: Path) -> None:
    conn = _store(tmp_path, _clustered(6000))
    small = VectorIndex(DIM, approximate_above=10_000, background=True)
    small.refresh(conn)
    small.wait()
    assert not small.approximate
    served = VectorIndex(DIM, approximate_above=5000, background=True)
    served.refresh(conn)
    served.wait(120)
    assert served.approximate
    assert partition.available()
    conn.close()


def test_probing_scores_as_exact_search_does_and_filters_reach_far_lists(tmp_path: Path) -> None:
    rows = _clustered(8000)
    conn = _store(tmp_path, rows)
    exact = VectorIndex(DIM)
    exact.refresh(conn)
    index = VectorIndex(DIM, approximate_above=5000)
    index.refresh(conn)
    index.build_partition()
    queries = _clustered(30, seed=2)
    for q in queries[:5]:
        got, truth = index.search(q, 50), exact.search(q, 50)
        # a vector found through the partition has the very score exact search gives it
        scored = dict(zip(truth.ids, truth.scores, strict=True))
        assert all(scored.get(i, s) == s for i, s in zip(got.ids, got.scores, strict=True))
        assert got.scores == tuple(sorted(got.scores, reverse=True))
    # a filter on messages of one topic (as a sender's are): the best of them, wherever their lists lie
    topic = np.random.default_rng(0).integers(0, 60, 8000)  # what _clustered drew for these rows
    for wanted_topic in (3, 41):
        allowed = np.flatnonzero(topic == wanted_topic) + 1
        assert _recall(index, exact, queries[:10], allowed=allowed) >= 0.98
        assert set(index.search(queries[0], 10, allowed=allowed).ids) <= set(allowed.tolist())
    # an id the index does not hold is no error, and never comes back
    assert 99_999 not in index.search(queries[0], 10, allowed=np.array([5, 99_999])).ids
    conn.close()


def test_a_first_load_and_a_laid_partition_hold_no_slack(tmp_path: Path) -> None:
    n = 6000
    conn = _store(tmp_path, _clustered(n))
    index = VectorIndex(DIM, approximate_above=5000)
    index.refresh(conn)
    per_row = DIM + 4 + 8 + 1  # int8 components, float32 scale, int64 id, category code
    assert index.nbytes == n * per_row  # sized to what is stored
    index.build_partition()
    # the rows laid out by list, exactly as many; the partition's own arrays are small beside them
    assert n * per_row <= index.nbytes <= n * per_row * 1.1
    conn.close()


def test_searches_in_threads_read_consistent_rows_while_the_partition_is_laid_and_mail_arrives(tmp_path: Path) -> None:
    import threading

    rows = _clustered(7000)
    conn = _store(tmp_path, rows[:6000])
    index = VectorIndex(DIM, approximate_above=5000)
    index.refresh(conn)
    exact = VectorIndex(DIM)
    matrix, scales = decode(encode(rows), DIM)
    exact.add(list(range(1, 7001)), matrix, scales)
    queries = _clustered(20, seed=3)
    errors: list[str] = []
    stop = threading.Event()

    def search() -> None:
        while not stop.is_set():
            for q in queries:
                got = index.search(q, 10, allowed=np.arange(1, 7001, 2) if q[0] > 0 else None)
                every = exact.search(q, 7000)
                truth = dict(zip(every.ids, every.scores, strict=True))
                if any(abs(truth[i] - s) > 1e-6 for i, s in zip(got.ids, got.scores, strict=True)):
                    errors.append("a score that is not the row's")
                if len(got.ids) != 10 or len(set(got.ids)) != 10:
                    errors.append(f"{len(got.ids)} results")

    threads = [threading.Thread(target=search) for _ in range(2)]
    for t in threads:
        t.start()
    index.build_partition()
    for start in range(6000, 7000, 100):  # mail arriving, appended after the laid rows
        index.add(list(range(start + 1, start + 101)), matrix[start:start + 100], scales[start:start + 100])
    stop.set()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    assert index.approximate and len(index) == 7000
    assert index.search(rows[6999], 1).ids == (7000,)
    conn.close()


def test_filters_find_rows_when_ids_are_far_apart(tmp_path: Path) -> None:
    # most mail deleted long ago: the ids left are sparse, and a filter still finds its rows
    rows = _clustered(6000)
    matrix, scales = decode(encode(rows), DIM)
    ids = np.arange(1, 6001, dtype=np.int64) * 1000
    index = VectorIndex(DIM, approximate_above=5000)
    index.add(ids.tolist(), matrix, scales)
    index.build_partition()
    exact = VectorIndex(DIM)
    exact.add(ids.tolist(), matrix, scales)
    allowed = ids[::7]
    queries = _clustered(10, seed=4)
    assert _recall(index, exact, queries, allowed=allowed) >= 0.98
    assert set(index.search(queries[0], 10, allowed=allowed).ids) <= set(allowed.tolist())
    assert index.search(rows[41], 1, allowed=ids[40:43]).ids == (ids[41],)


def test_a_category_filter_is_a_mask_over_the_rows_that_follows_the_layout_new_mail_and_deletions(
        tmp_path: Path) -> None:
    """Each row holds its message's category, so `categories=` finds the best of that category's
    messages, as scoring exactly the ids the store lists for it does: laid out by a partition, with
    mail appended after the layout, after deletions reload the index, and beside an exclusion."""
    rows = _clustered(7000)
    conn = _store(tmp_path, rows[:6000])
    names = ["newsletter", "statement", "personal", "order"]
    with conn:
        conn.execute("UPDATE messages SET category = CASE id % 4 WHEN 0 THEN 'newsletter' WHEN 1 THEN 'statement'"
                     " WHEN 2 THEN 'personal' ELSE 'order' END")
    index = VectorIndex(DIM, approximate_above=5000)
    index.refresh(conn)
    queries = _clustered(10, seed=5)

    def of(*wanted: str) -> np.ndarray:
        marks = ",".join("?" * len(wanted))
        return np.array([r[0] for r in conn.execute(f"SELECT id FROM messages WHERE category IN ({marks})", wanted)])

    def check(*wanted: str, excluded: np.ndarray | None = None) -> None:
        admitted = of(*wanted)
        if excluded is not None:
            admitted = np.setdiff1d(admitted, excluded)
        for q in queries:
            got = index.search(q, 10, categories=wanted, excluded=excluded)
            truth = index.search(q, 10, allowed=admitted, exact=True)
            assert set(got.ids) <= set(admitted.tolist()) and len(got.ids) == 10
            assert len(set(got.ids) & set(truth.ids)) >= 9  # probing, as every filter's recall

    assert index.filters_categories(names)
    check("newsletter")  # exact: nothing laid yet
    assert index.build_partition() and index.approximate
    check("statement")
    check("personal", "order")
    check("newsletter", excluded=np.arange(4, 6001, 8))
    assert index.search(queries[0], 10, categories=("no such category",)).ids == ()

    new = rows[6000:6010]
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO messages (id, dedup_key, message_id, thread_key, sender, sender_name, recipients, subject,"
        " snippet, received_at, zone, has_pdf, attachments, category, account, source_kind, source_location,"
        " imported_at) VALUES (?, ?, ?, ?, 'a@example.com', 'A', '[]', 's', 'x', '2026-11-01T00:00:00+00:00',"
        " 'UTC', 0, '[]', 'receipt', 'local', 'eml', ?, '2026-11-01T00:00:00+00:00')",
        [(i, f"k{i}", f"m{i}", f"t{i}", f"/m/{i}.eml") for i in range(6001, 6011)])
    conn.executemany("INSERT INTO message_vectors (message_rowid, vector) VALUES (?, ?)",
                     list(zip(range(6001, 6011), encode(new), strict=True)))
    conn.execute("COMMIT")
    assert index.refresh(conn) == 10  # the tail past the layout
    assert index.search(new[3], 1, categories=("receipt",)).ids == (6004,)
    assert set(index.search(new[3], 20, categories=("receipt",)).ids) == set(range(6001, 6011))
    check("statement")

    conn.execute("DELETE FROM messages WHERE id % 8 = 1")  # statements go: the index reloads whole
    index.refresh(conn)
    assert index.approximate and len(index) == conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    check("statement")
    check("order")
    conn.close()


def test_rows_added_without_their_categories_leave_category_filters_to_the_store() -> None:
    index = VectorIndex(DIM)
    matrix, scales = decode(encode(_clustered(10)), DIM)
    index.add(list(range(1, 11)), matrix, scales)  # no categories given
    assert not index.filters_categories(["newsletter"])
