"""A large import leaves the word index merged into one segment; a small one into a big store does not."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from steward.sample import generate, write_mbox

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


def _segments(home: Path) -> int:
    conn = sqlite3.connect(home / "steward.db")
    try:
        return int(conn.execute("SELECT count(DISTINCT segid) FROM messages_fts_idx").fetchone()[0])
    finally:
        conn.close()


def _import(cli: Callable[..., object], path: Path) -> None:
    r = cli("mail", "import", str(path), "--words-only", "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]


@pytest.mark.parametrize("merge_after", [100, 10**9])
def test_an_import_of_much_of_the_store_merges_the_word_index(
        cli: Callable[..., object], steward_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        merge_after: int) -> None:
    import steward.cli.mail

    monkeypatch.setattr(steward.cli.mail, "MERGE_AFTER", merge_after)
    _import(cli, write_mbox(generate(NOW, count=1200), tmp_path / "a.mbox"))
    # merged: one segment; left to automerge: the several its batches of 500 wrote
    assert (_segments(steward_home) == 1) == (merge_after == 100)
    assert _segments(steward_home) >= 1
