"""The approximate vector index: a faiss partition over the int8 vectors, kept in step with the store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from steward.mail import partition
from steward.mail.vectors import VectorIndex, decode, encode
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
