"""Writers killed with SIGKILL and restarted: nothing lost, nothing twice (bench/kills.py runs 20 each)."""

from __future__ import annotations

import io
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

IST = timezone(timedelta(hours=5, minutes=30))


@pytest.mark.slow
@pytest.mark.server
def test_forty_reminders_through_a_webhook_under_eight_kills_reach_the_receiver_once_each(tmp_path: Path) -> None:
    from kills import writer_reminders

    r = writer_reminders(tmp_path, 8, random.Random(11))
    assert r["fired"] == 40 and r["lost"] == 0
    assert r["twice"] == 0  # every repeat carried the same Idempotency-Key: a receiver that honours it shows one


@pytest.mark.slow
def test_dues_extract_killed_and_restarted_derives_the_same_dues(tmp_path: Path) -> None:
    from kills import writer_dues

    r = writer_dues(tmp_path, 3, random.Random(5))
    assert r["rows"] > 0 and r["lost"] == 0 and r["twice"] == 0


def test_a_console_send_cut_short_is_not_repeated_and_the_history_says_so() -> None:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.notify.sinks import ConsoleSink
    from steward.paths import resolve_paths
    from steward.scheduler import ReminderScheduler
    from steward.settings import load
    from steward.store import calendar as repo
    from steward.store import connect

    paths = resolve_paths()
    app = build_app(load(paths.config_file, environ={}), make_clock("", "2026-09-15T09:00:00+05:30"), paths)
    due = datetime(2026, 9, 15, 17, 0, tzinfo=IST)
    rid = app.calendar.create_reminder("call the bank", due, provenance={"via": "cli"}).id
    assert rid is not None
    app.close()
    conn = connect(paths.db_file)
    # a scheduler claimed it and began the console send, then was killed before recording it
    repo.claim(conn, rid, "elsewhere:999999:dead", due)
    repo.begin_delivery(conn, rid, "console", "steward-reminder-x", due)
    out = io.StringIO()
    s = ReminderScheduler(conn, [ConsoleSink(out)], IST, lease=timedelta(seconds=1))
    fired = s.tick(due + timedelta(minutes=5))
    assert [f["status"] for f in fired] == ["fired"] and out.getvalue() == ""  # at most once: not shown again
    row = conn.execute("SELECT status, last_error FROM reminders WHERE id = ?", (rid,)).fetchone()
    assert row["status"] == "fired" and "may not have been shown" in row["last_error"]
    conn.close()
