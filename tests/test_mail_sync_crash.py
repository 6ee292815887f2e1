"""Kill `steward mail sync` with SIGKILL at random points, over and over, while mail arrives, is deleted
and the folder is renumbered; one more sync must leave every server message stored exactly once."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from dovecot_server import configure, make_message
from steward.mail.imap_proto import parse_fetch

pytestmark = [pytest.mark.server, pytest.mark.slow]

KILLS = 20  # runs killed mid-sync before the final sync
MAX_TRIALS = 80


def server_message_ids(server) -> list[str]:  # type: ignore[no-untyped-def]
    """Every Message-ID in alice's INBOX, read straight from the server."""
    conn = server.client()
    try:
        conn.select("INBOX", readonly=True)
        typ, data = conn.uid("FETCH", "1:*", "(UID BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])")
        out = []
        for item in parse_fetch(data):
            header = item.get_bytes("BODY[HEADER.FIELDS (MESSAGE-ID)]") or b""
            out.append(header.decode().split("<", 1)[1].split(">", 1)[0])
        return sorted(out)
    finally:
        conn.logout()


def _count(home: Path) -> int:
    if not (home / "steward.db").exists():
        return 0
    conn = sqlite3.connect(home / "steward.db", timeout=30)
    try:
        return int(conn.execute("SELECT count(*) FROM message_sources").fetchone()[0])
    except sqlite3.OperationalError:  # killed before the first migration committed
        return 0
    finally:
        conn.close()


def _wait_for_a_stored_batch(proc: subprocess.Popen[bytes], home: Path, before: int) -> None:
    """Until the running sync has stored a batch beyond `before` messages, or has ended."""
    deadline = time.monotonic() + 120
    while proc.poll() is None and _count(home) == before and time.monotonic() < deadline:
        time.sleep(0.05)


def store_view(home: Path) -> dict[str, object]:
    conn = sqlite3.connect(home / "steward.db")
    try:
        mids = [r[0] for r in conn.execute("SELECT message_id FROM messages")]
        ids = {r[0] for r in conn.execute("SELECT id FROM messages")}
        fts = {r[0] for r in conn.execute("SELECT rowid FROM messages_fts")}
        pointers = conn.execute("SELECT count(*) FROM message_sources WHERE kind = 'imap'").fetchone()[0]
        per_message = conn.execute(
            "SELECT max(n) FROM (SELECT count(*) AS n FROM message_sources GROUP BY message_rowid)").fetchone()[0]
        vectors: set[int] | None = None
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%vec%'"):
            # the semantic index, when it is on main: whichever column of it points at messages(id)
            for fk in conn.execute(f"PRAGMA foreign_key_list({table})"):
                if fk[2] == "messages":
                    vectors = {r[0] for r in conn.execute(f"SELECT {fk[3]} FROM {table}")}
        return {"mids": sorted(mids), "ids": ids, "fts": fts, "pointers": pointers, "per_message": per_message,
                "vectors": vectors}
    finally:
        conn.close()


def test_sigkill_at_random_points_then_one_sync_stores_every_message_exactly_once(dovecot, steward_home) -> None:
    rng = random.Random(20260301)
    dovecot.write_maildir([make_message(i, body=f"Message {i}. " + "words " * 60) for i in range(1, 2501)])
    configure(steward_home, dovecot)
    env = {**os.environ, "IMAP_TEST_PW": "secret-pw", "STEWARD_HOME": str(steward_home),
           "STEWARD_MAIL_SYNC_BATCH": "25"}
    cmd = [sys.executable, "-m", "steward", "mail", "sync", "--no-progress"]
    killed = finished = killed_mid_batch = 0
    finished_last = False
    finished_streak = 0
    refill = 300
    next_n = 2501
    trial = 0
    while killed < KILLS and trial < MAX_TRIALS:
        trial += 1
        if finished_last:  # the last run caught up before its kill: give the next one plenty to do,
            # more each time in a row (a fast machine syncs and embeds 300 messages in about a second)
            refill = min(refill * 2, 4800) if finished_streak > 1 else 300
            dovecot.write_maildir([make_message(n) for n in range(next_n, next_n + refill)])
            next_n += refill
        if trial % 5 == 2:  # new mail arrives between runs
            dovecot.append([make_message(n) for n in range(next_n, next_n + 15)])
            next_n += 15
        if trial % 7 == 4:  # and some is deleted
            conn = dovecot.client()
            conn.select("INBOX", readonly=True)
            uids = [int(x) for x in conn.uid("SEARCH", "ALL")[1][0].split()]
            conn.logout()
            dovecot.expunge(rng.sample(uids, 5))
        if trial == 13:  # the server renumbers the folder: everything is fetched again
            dovecot.change_uidvalidity()
        before = _count(steward_home)
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # the semantic index is on (the default): loading the model and embedding each batch take a
        # while, so the moments chosen reach well past start-up into the batches. Every third run is
        # killed at a moment counted from its start (start-up, the migration, the first fetch); the
        # others at a moment counted from their first stored batch, so a slow or busy machine, whose
        # start-up alone can outlast seconds, still kills runs between batches
        if trial % 3 == 0:
            time.sleep(rng.uniform(0.5, 4.0))
        else:
            _wait_for_a_stored_batch(proc, steward_home, before)
            time.sleep(rng.uniform(0.0, 1.5))
        if proc.poll() is None:
            proc.kill()
            killed += 1
            killed_mid_batch += _count(steward_home) != before
            finished_last = False
            finished_streak = 0
        else:
            finished += 1
            finished_last = True
            finished_streak += 1
        proc.wait(timeout=30)
    assert killed >= KILLS, f"only {killed} of {trial} runs were killed mid-sync"
    assert killed_mid_batch >= 3, f"only {killed_mid_batch} kills came after a stored batch"

    final = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert final.returncode == 0, final.stderr
    expected = server_message_ids(dovecot)
    view = store_view(steward_home)
    duplicates = [m for m, n in Counter(view["mids"]).items() if n > 1]  # type: ignore[arg-type]
    assert duplicates == []
    assert view["mids"] == expected  # none lost, none left over from deletions
    assert view["pointers"] == len(expected) and view["per_message"] == 1
    assert view["fts"] == view["ids"]  # search agrees with the messages table
    if view["vectors"] is not None:
        assert view["vectors"] == view["ids"]
    print(f"{trial} trials: {killed} killed ({killed_mid_batch} after storing some batches), {finished} finished; "
          f"{len(expected)} messages on the server, all stored once")
