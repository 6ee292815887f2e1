"""Real mail written elsewhere: notmuch's test corpora (broken ones included) and imap_tools' messages."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from pathlib import Path

import pytest

from steward.mail.sources import scan

ROOT = Path(__file__).resolve().parent.parent


def _files(folder: Path) -> int:
    return sum(1 for _ in scan([folder]))


@pytest.mark.slow
def test_notmuch_corpora_import_whole_and_match_the_manifest(cli, shared_data: Path, steward_home: Path) -> None:
    corpora = shared_data / "notmuch-corpora" / "test" / "corpora"
    found = _files(corpora)
    r = cli("mail", "import", str(corpora), "--json", "--no-progress")
    assert r.code == 0, r.err
    data = r.json()
    # every item is accounted for: stored, a duplicate of a stored one, or rejected with a reason
    assert data["added"] + data["duplicates"] + data["rejected"] == found
    assert all(x["reason"] for x in data["rejections"])
    assert data["rejected"] <= 3  # README and the like, not mail
    conn = sqlite3.connect(steward_home / "steward.db")
    stored = {row[0]: row[1] for row in conn.execute("SELECT message_id, subject FROM messages")}
    manifest = [json.loads(line) for line in (shared_data / "notmuch-corpora" / "manifest.jsonl").read_text().splitlines()]
    ids = [m["message_id"].strip("<>") for m in manifest]
    assert {i for i in ids if i in stored} == set(ids)
    agree = sum(1 for m in manifest
                if " ".join(stored.get(m["message_id"].strip("<>"), "").split()) == " ".join(m["subject"].split()))
    assert agree / len(manifest) >= 0.98
    # the duplicate/ corpus holds the same message in several files: one message each
    dupes = corpora / "duplicate"
    dup_ids = {p.name.split("-")[1] for p in dupes.iterdir()}
    assert conn.execute("SELECT count(*) FROM message_sources WHERE location LIKE ?",
                        (f"%{dupes}%",)).fetchone()[0] == sum(1 for _ in dupes.iterdir())
    assert len(dup_ids) >= 2
    again = cli("mail", "import", str(corpora), "--json", "--no-progress").json()
    assert again["added"] == 0


def test_imap_tools_messages_import_and_search(cli, shared_data: Path, steward_home: Path) -> None:
    messages = shared_data / "imap_tools" / "tests" / "messages"
    r = cli("mail", "import", str(messages), "--json", "--no-progress")
    assert r.code == 0, r.err
    data = r.json()
    # 113 files; some are variants of one message (same Message-ID), stored once
    assert data["added"] + data["duplicates"] == 113 and data["added"] >= 80 and data["rejected"] == 0
    hits = cli("mail", "search", "from:sender.com", "--json").json()["hits"]
    assert any(h["subject"] == "Daily" for h in hits)


def test_parse_agreement_with_imap_tools_is_at_least_98_percent(shared_data: Path) -> None:
    spec = importlib.util.spec_from_file_location("parse_eval", ROOT / "bench" / "parse_eval.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.evaluate(shared_data / "imap_tools")
    assert result["total"] == 113
    for field, rate in result["rates"].items():
        assert rate >= 0.98, (field, rate, [m for m in result["misses"] if m["field"] in (field, "all")])
