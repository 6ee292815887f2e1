"""The scheduler fires each due reminder exactly once, through real sinks and real servers."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from loopback import HttpRecorder, SilentListener, SmtpServer, wait_for
from steward.app import build_app
from steward.clock import make_clock
from steward.notify.sinks import ConsoleSink, DesktopSink, EmailSink, WebhookSink, build_sinks
from steward.paths import resolve_paths
from steward.scheduler import ReminderScheduler
from steward.settings import load
from steward.store import connect

pytestmark = pytest.mark.server

IST = timezone(timedelta(hours=5, minutes=30))
CREATED = "2026-09-15T09:00:00+05:30"
DUE = datetime(2026, 9, 15, 17, 0, tzinfo=IST)


@pytest.fixture
def http() -> Iterator[HttpRecorder]:
    server = HttpRecorder()
    yield server
    server.close()


def add_reminder(text: str = "Python training", due: datetime = DUE) -> int:
    paths = resolve_paths()
    settings = load(paths.config_file, environ={})
    app = build_app(settings, make_clock("", CREATED), paths)
    try:
        made = app.calendar.create_reminder(text, due, provenance={"via": "cli"})
        assert made.id is not None
        return made.id
    finally:
        app.close()


def db_file() -> Path:
    return resolve_paths().db_file


def scheduler(*sinks, **kw) -> ReminderScheduler:
    """A scheduler as a fresh process would build it: its own connection to the store."""
    return ReminderScheduler(connect(db_file()), list(sinks), IST, **kw)


def row(reminder_id: int) -> sqlite3.Row:
    conn = connect(db_file())
    try:
        return conn.execute("SELECT * FROM reminders WHERE id = ?", (reminder_id,)).fetchone()
    finally:
        conn.close()


def test_a_restart_around_the_due_time_fires_it_once_and_never_early(http: HttpRecorder) -> None:
    rid = add_reminder()
    before = scheduler(WebhookSink(http.url))
    assert before.tick(DUE - timedelta(seconds=1)) == []
    before.close()  # Steward stops a second before the reminder is due ...
    after = scheduler(WebhookSink(http.url))  # ... and starts again just after
    fired = after.tick(DUE + timedelta(seconds=5))
    assert [(f["id"], f["status"], f["late"]) for f in fired] == [(rid, "fired", False)]
    assert after.tick(DUE + timedelta(seconds=20)) == []
    after.close()
    again = scheduler(WebhookSink(http.url))
    assert again.tick(DUE + timedelta(hours=1)) == []
    assert len(http.received) == 1
    body = json.loads(http.received[0].body)
    assert body["text"] == "Python training" and body["due"] == "2026-09-15T17:00:00+05:30"
    key = http.received[0].headers["X-Steward-Key"]
    assert key.startswith(f"steward-reminder-{rid}-") and http.received[0].headers["Idempotency-Key"] == key


def test_a_reminder_that_came_due_while_down_fires_at_start_marked_late(cli, http: HttpRecorder,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    rid = add_reminder()
    monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "console,webhook")
    monkeypatch.setenv("STEWARD_NOTIFY_WEBHOOK_URL", http.url)
    r = cli("--now", "2026-09-15T19:30:00+05:30", "scheduler", "run", "--once")
    assert r.code == 0, r.err
    assert "Python training" in r.out and "late: was due Tue 15 Sept, 17:00" in r.out
    assert json.loads(http.received[0].body)["late"] is True
    listed = cli("--now", "2026-09-15T19:31:00+05:30", "--json", "reminders", "list", "--all").json()
    assert [(x["id"], x["status"], x["late"]) for x in listed] == [(rid, "fired", True)]
    assert cli("--now", "2026-09-15T19:32:00+05:30", "scheduler", "run", "--once").out == ""
    assert len(http.received) == 1


def _steward_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEWARD_")}
    env["STEWARD_HOME"] = str(resolve_paths().data_dir)
    env.update(extra)
    return env


def test_sigkill_between_claim_and_send_neither_loses_nor_repeats_it() -> None:
    rid = add_reminder()
    hang = SilentListener()  # an SMTP server that never answers: the scheduler is stuck before sending
    env = _steward_env(STEWARD_NOTIFY_SINKS="email", STEWARD_NOTIFY_EMAIL_TO="me@example.org",
                       STEWARD_NOTIFY_SMTP_PORT=str(hang.port), STEWARD_NOTIFY_TIMEOUT="120")
    proc = subprocess.Popen(
        [sys.executable, "-m", "steward", "--now", "2026-09-15T17:00:30+05:30", "scheduler", "run",
         "--interval", "0.2"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        assert wait_for(lambda: row(rid)["status"] == "firing", timeout=60), "the scheduler never claimed it"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        hang.close()
    assert row(rid)["status"] == "firing" and row(rid)["attempts"] == 1
    smtp = SmtpServer()
    try:
        env["STEWARD_NOTIFY_SMTP_PORT"] = str(smtp.port)
        for at in ("2026-09-15T17:01:00+05:30", "2026-09-15T17:02:00+05:30"):
            done = subprocess.run([sys.executable, "-m", "steward", "--now", at, "scheduler", "run", "--once"],
                                  env=env, capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr
        assert len(smtp.messages) == 1
        mail = message_from_bytes(smtp.messages[0], policy=policy.default)
        assert "Python training" in mail["Subject"] and mail["To"] == "me@example.org"
        assert row(rid)["status"] == "fired" and row(rid)["attempts"] == 2
    finally:
        smtp.close()


def test_two_schedulers_on_one_store_send_each_reminder_once(http: HttpRecorder) -> None:
    ids = [add_reminder(f"task {n}", DUE + timedelta(minutes=n)) for n in range(15)]
    workers = [scheduler(WebhookSink(http.url)) for _ in range(3)]
    start = threading.Barrier(len(workers))

    def run(s: ReminderScheduler) -> None:
        # each thread opens its own connection, as a separate process would
        s.conn = connect(db_file())
        start.wait()
        s.tick(DUE + timedelta(hours=1))

    threads = [threading.Thread(target=run, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    keys = sorted(r.headers["X-Steward-Key"].rsplit("-", 1)[0] for r in http.received)
    assert keys == sorted(f"steward-reminder-{i}" for i in ids)


def test_a_failing_sink_is_retried_later_without_repeating_the_others(http: HttpRecorder) -> None:
    rid = add_reminder()
    console = io.StringIO()
    http.status = 500
    s = scheduler(ConsoleSink(console), WebhookSink(http.url), retry_waits=(60, 300))
    first = s.tick(DUE)
    assert first[0]["status"] == "retry" and first[0]["sinks"] == ["console"]
    assert "HTTP 500" in row(rid)["last_error"] and row(rid)["status"] == "pending"
    assert s.tick(DUE + timedelta(seconds=30)) == []  # not before the retry time
    http.status = 200
    second = scheduler(ConsoleSink(console), WebhookSink(http.url), retry_waits=(60, 300)).tick(
        DUE + timedelta(seconds=61))
    assert second[0]["status"] == "fired" and second[0]["sinks"] == ["webhook"]
    assert console.getvalue().count("Python training") == 1
    assert len(http.received) == 1


def test_a_sink_that_never_works_gives_up_with_the_reason(http: HttpRecorder, cli) -> None:
    only_webhook = add_reminder("only webhook")
    http.status = 503
    s = scheduler(WebhookSink(http.url), retry_waits=(60,))
    s.tick(DUE)
    s.tick(DUE + timedelta(seconds=61))
    r = row(only_webhook)
    assert r["status"] == "failed" and r["attempts"] == 2 and "HTTP 503" in r["last_error"]
    listed = cli("--now", "2026-09-15T18:00:00+05:30", "reminders", "list").out
    assert "only webhook" in listed and "[failed" in listed
    # with a console that worked, the user has it: fired, with the sink that never got it noted
    both = add_reminder("console and webhook", DUE + timedelta(minutes=5))
    console = io.StringIO()
    s2 = scheduler(ConsoleSink(console), WebhookSink(http.url), retry_waits=(60,))
    s2.tick(DUE + timedelta(minutes=5))
    s2.tick(DUE + timedelta(minutes=7))
    assert row(both)["status"] == "fired" and "HTTP 503" in row(both)["last_error"]
    assert console.getvalue().count("console and webhook") == 1


def test_a_claim_held_by_a_live_scheduler_is_taken_over_only_after_its_lease(http: HttpRecorder) -> None:
    rid = add_reminder()
    conn = connect(db_file())
    # a scheduler in this (live) process claimed it and then went silent
    conn.execute("UPDATE reminders SET status='firing', claimed_by=?, claimed_at='2026-09-15T11:30:00Z', "
                 "attempts=1 WHERE id=?", (f"{os.uname().nodename}:{os.getpid()}:abc", rid))
    s = scheduler(WebhookSink(http.url), lease=timedelta(minutes=10))
    assert s.tick(DUE + timedelta(minutes=5)) == [] and row(rid)["status"] == "firing"
    assert [f["id"] for f in s.tick(DUE + timedelta(minutes=11))] == [rid]
    assert len(http.received) == 1


def test_a_cancelled_reminder_never_fires(cli, http: HttpRecorder) -> None:
    rid = add_reminder()
    assert cli("--now", CREATED, "reminders", "cancel", str(rid)).code == 0
    assert scheduler(WebhookSink(http.url)).tick(DUE + timedelta(hours=1)) == []
    assert http.received == []


def test_ntfy_gets_the_text_with_a_title(http: HttpRecorder) -> None:
    add_reminder("Water the plants")
    scheduler(WebhookSink(http.url, "ntfy")).tick(DUE + timedelta(minutes=30))
    got = http.received[0]
    assert got.body.decode() == "Water the plants"
    assert got.headers["Title"] == "Late reminder (was due 17:00)" and got.headers["Priority"] == "high"


def test_email_sink_through_a_real_smtp_server() -> None:
    smtp = SmtpServer()
    try:
        add_reminder("Pay the electricity bill")
        done = scheduler(EmailSink("127.0.0.1", smtp.port, "steward@localhost", "me@example.org")).tick(DUE)
        assert done[0]["sinks"] == ["email"]
        mail = message_from_bytes(smtp.messages[0], policy=policy.default)
        assert mail["Subject"] == "Reminder · 17:00: Pay the electricity bill"
        assert "Pay the electricity bill" in mail.get_content()
    finally:
        smtp.close()
    # the server is gone now: the failure is one clear line and the reminder waits for a retry
    rid = add_reminder("Second one", DUE + timedelta(minutes=1))
    res = scheduler(EmailSink("127.0.0.1", smtp.port, "s@localhost", "me@example.org")).tick(
        DUE + timedelta(minutes=1))
    assert res[0]["status"] == "retry" and f"SMTP 127.0.0.1:{smtp.port} failed" in res[0]["error"]
    assert row(rid)["status"] == "pending"


def test_desktop_sink_runs_the_notify_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "calls.txt"
    fake = tmp_path / "notify-send"
    fake.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> {log}\necho >> {log}\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    add_reminder("Stretch")
    scheduler(DesktopSink(str(fake))).tick(DUE)
    assert log.read_text().strip() == "--app-name=Steward|Reminder · 17:00|Stretch|"
    # configured but not installed: the other sinks still work and the user is told once
    monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "desktop,console")
    monkeypatch.setenv("STEWARD_NOTIFY_DESKTOP_COMMAND", str(tmp_path / "missing-notify-send"))
    sinks = build_sinks(load(None))
    assert [s.name for s in sinks] == ["console"]


def test_serve_runs_the_reminder_job_on_its_own_app(http: HttpRecorder, monkeypatch: pytest.MonkeyPatch) -> None:
    from steward.web.jobs import scheduled_jobs

    rid = add_reminder()
    monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "webhook")
    monkeypatch.setenv("STEWARD_NOTIFY_WEBHOOK_URL", http.url)
    settings = load(None)
    job = {j.name: j for j in scheduled_jobs(settings)}["reminders"]
    assert job.every == settings.as_float("scheduler.interval")
    app = build_app(settings, make_clock("", "2026-09-15T17:00:10+05:30"), resolve_paths())
    try:
        job.fn(app)
        job.fn(app)
    finally:
        app.close()
    assert [json.loads(r.body)["id"] for r in http.received] == [rid]
