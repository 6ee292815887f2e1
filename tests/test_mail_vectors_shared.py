"""One vector index per server process: every worker's App searches the same copy, and the server's
background job embeds what an import left without vectors."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from steward.app import App, build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.sample import generate, write_mbox
from steward.settings import load

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


def _app(home: Path, **kw: object) -> App:
    env = {"STEWARD_HOME": str(home)}
    return build_app(load(environ=env), make_clock("Asia/Kolkata", NOW), resolve_paths(environ=env), **kw)  # type: ignore[arg-type]


@pytest.fixture
def words_only(cli, tmp_path: Path, steward_home: Path) -> Path:  # type: ignore[no-untyped-def]
    mbox = write_mbox(generate(NOW), tmp_path / "sample.mbox")
    r = cli("mail", "import", str(mbox), "--no-progress", "--words-only", "--now", NOW.isoformat())
    assert r.code == 0, r.err
    return steward_home


def test_workers_share_one_index_and_the_background_job_embeds_what_import_left(words_only: Path) -> None:
    from steward.web.jobs import embed_pending, scheduled_jobs

    first = _app(words_only)
    shared = first.vector_index(background=True)
    before = _app(words_only, shared_vectors=shared)
    pending = before.mail_search.search("any pending payments?")
    assert pending.unindexed > 400 and "mail index" in (pending.note or "")  # none has a vector yet
    before.close()

    assert "mail-vectors" in [job.name for job in scheduled_jobs(first.settings)]
    embed_pending(first)  # what `steward serve` runs in its job thread
    conn = sqlite3.connect(words_only / "steward.db")
    messages = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    assert conn.execute("SELECT count(*) FROM message_vectors").fetchone()[0] == messages
    conn.close()

    # two workers, each its own App and connection in its own thread, search the one index
    results: dict[int, tuple[object, object]] = {}

    def run(n: int) -> None:
        app = _app(words_only, shared_vectors=shared)
        results[n] = (app.mail_search.search("any pending payments?", mode="semantic"), app.mail_search.index())
        app.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0][1] is results[1][1] is shared
    assert len(shared) == messages and shared.unindexed == 0
    hits = [[h.message.id for h in r.hits] for r, _ in results.values()]  # type: ignore[attr-defined]
    assert hits[0] == hits[1] and hits[0]
    assert "unindexed" not in results[0][0].to_json()  # type: ignore[attr-defined]
    first.close()
