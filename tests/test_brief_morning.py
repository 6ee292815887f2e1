"""The morning brief: sent at brief.morning_time on the user's clock, once per local day, across restarts
and DST changes, through the real notification sinks, with the prefs chat wrote."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from loopback import HttpRecorder
from steward.app import App, build_app
from steward.clock import make_clock
from steward.paths import Paths
from steward.scheduler import send_morning_brief
from steward.settings import load
from steward.store import audit, connect
from steward.store import brief as repo

pytestmark = pytest.mark.server


@pytest.fixture
def http() -> Iterator[HttpRecorder]:
    server = HttpRecorder()
    yield server
    server.close()


def make_app(home: Path, zone: str, at: datetime, **env: str) -> App:
    settings = load(None, environ={"STEWARD_SEMANTIC_ROUTER": "0", "STEWARD_SEMANTIC_SEARCH": "0",
                                   "STEWARD_TIMEZONE": zone, **env})
    return build_app(settings, make_clock(zone, at), Paths(home, home))


def briefs(http: HttpRecorder) -> list[dict]:
    return [json.loads(r.body) for r in http.received]


@pytest.mark.parametrize(("zone", "first_day", "change_day", "offsets"), [
    ("America/New_York", datetime(2026, 10, 29), datetime(2026, 11, 1), ("-04:00", "-05:00")),  # autumn: back
    ("Europe/London", datetime(2026, 3, 26), datetime(2026, 3, 29), ("+00:00", "+01:00")),  # spring: forward
])
def test_once_a_day_at_seven_over_a_week_with_a_restart_and_a_dst_change(
        steward_home: Path, http: HttpRecorder, zone: str, first_day: datetime, change_day: datetime,
        offsets: tuple[str, str]) -> None:
    tz = ZoneInfo(zone)
    start = first_day.replace(tzinfo=tz)
    env = {"STEWARD_NOTIFY_SINKS": "webhook", "STEWARD_NOTIFY_WEBHOOK_URL": http.url}
    app = make_app(steward_home, zone, start, **env)
    # the prefs the morning brief must use are the ones chat wrote
    assert app.engine.turn("remove the inbox from my brief").handled_by == "brief_config"
    assert app.engine.turn("put the dues first in my brief").handled_by == "brief_config"
    restart = change_day.replace(hour=0, minute=7, tzinfo=tz)  # the night of the change
    moment, restarted = start, False
    while moment < start + timedelta(days=7):
        if not restarted and moment >= restart:
            app.close()
            app = make_app(steward_home, zone, moment, **env)  # a new process: a new owner, the same store
            restarted = True
        send_morning_brief(app.brief, moment)
        moment = (moment.astimezone(ZoneInfo("UTC")) + timedelta(minutes=15)).astimezone(tz)
    app.close()

    sent = briefs(http)
    assert len(sent) == 7
    due = [datetime.fromisoformat(b["due"]) for b in sent]
    assert [d.astimezone(tz).strftime("%H:%M") for d in due] == ["07:00"] * 7
    assert [d.astimezone(tz).date() for d in due] == [(first_day + timedelta(days=i)).date() for i in range(7)]
    # the UTC instant moves with the offset: 07:00 local is still 07:00 after the change
    seen = [d.astimezone(tz).isoformat()[-6:] for d in due]
    assert seen[:3] == [offsets[0]] * 3 and seen[3:] == [offsets[1]] * 4
    for body in sent:
        assert body["kind"] == "brief" and body["title"].startswith("Your brief for")
        assert "Inbox" not in body["text"] and body["text"].index("Dues") < body["text"].index("Today")
    assert len({r.headers["X-Steward-Key"] for r in http.received}) == 7
    conn = connect(steward_home / "steward.db")
    rows = repo.deliveries(conn)
    assert sorted(r.status for r in rows) == ["sent"] * 7 and {r.kind for r in rows} == {"morning"}
    assert len([e for e in audit.entries(conn, "brief.deliver")]) == 7
    conn.close()


def test_nothing_before_the_morning_time_and_nothing_twice_after(steward_home: Path, http: HttpRecorder) -> None:
    tz = ZoneInfo("Asia/Kolkata")
    env = {"STEWARD_NOTIFY_SINKS": "webhook", "STEWARD_NOTIFY_WEBHOOK_URL": http.url,
           "STEWARD_BRIEF_MORNING_TIME": "06:30"}
    at = datetime(2026, 12, 1, 6, 29, tzinfo=tz)
    app = make_app(steward_home, "Asia/Kolkata", at, **env)
    assert send_morning_brief(app.brief, at) is None and http.received == []
    assert send_morning_brief(app.brief, at + timedelta(minutes=1)) is not None
    # a restart later the same day sends nothing; Steward off at 06:30 the next day sends it late, once
    app.close()
    app = make_app(steward_home, "Asia/Kolkata", at, **env)
    assert send_morning_brief(app.brief, at + timedelta(hours=5)) is None
    late = at + timedelta(days=1, hours=4)
    assert send_morning_brief(app.brief, late) is not None and send_morning_brief(app.brief, late) is None
    assert len(http.received) == 2
    app.close()


def test_a_failed_sink_is_retried_and_the_other_is_not_sent_it_twice(
        steward_home: Path, http: HttpRecorder, capsys: pytest.CaptureFixture[str]) -> None:
    tz = ZoneInfo("Asia/Kolkata")
    at = datetime(2026, 12, 1, 7, 0, tzinfo=tz)
    app = make_app(steward_home, "Asia/Kolkata", at, STEWARD_NOTIFY_SINKS="console,webhook",
                   STEWARD_NOTIFY_WEBHOOK_URL=http.url, STEWARD_NOTIFY_RETRY_SECONDS="60,300")
    http.status = 500
    first = send_morning_brief(app.brief, at)
    assert first is not None and first["delivery"]["status"] == "retry" and first["sinks"] == ["console"]
    assert "answered HTTP 500" in first["errors"][0]
    assert send_morning_brief(app.brief, at + timedelta(seconds=30)) is None  # not before the wait
    http.status = 200
    second = send_morning_brief(app.brief, at + timedelta(seconds=61))
    assert second is not None and second["delivery"]["status"] == "sent" and second["sinks"] == ["webhook"]
    assert capsys.readouterr().out.count("Your brief for Tue 1 Dec 2026") == 1
    assert len(http.received) == 1
    app.close()


def test_a_claim_left_by_a_dead_process_is_taken_over(steward_home: Path, http: HttpRecorder) -> None:
    import socket

    tz = ZoneInfo("Asia/Kolkata")
    at = datetime(2026, 12, 1, 7, 0, tzinfo=tz)
    app = make_app(steward_home, "Asia/Kolkata", at, STEWARD_NOTIFY_SINKS="webhook",
                   STEWARD_NOTIFY_WEBHOOK_URL=http.url)
    conn = app.db
    with repo.write_txn(conn):  # a scheduler that claimed today's brief and died before sending
        repo.start_delivery(conn, at.date(), "morning", "Asia/Kolkata", f"{socket.gethostname()}:999999999:dead", at)
    sent = send_morning_brief(app.brief, at + timedelta(minutes=1))
    assert sent is not None and sent["delivery"]["status"] == "sent" and sent["delivery"]["attempts"] == 2
    assert len(http.received) == 1
    app.close()


def test_brief_send_delivers_now_and_the_morning_brief_still_comes(cli, http: HttpRecorder, steward_home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "webhook")
    monkeypatch.setenv("STEWARD_NOTIFY_WEBHOOK_URL", http.url)
    r = cli("--now", "2026-12-01T06:00:00+05:30", "brief", "--send")
    assert r.code == 0, r.err
    assert r.out.strip() == "Sent your brief for Tue 1 Dec to webhook."
    assert briefs(http)[0]["kind"] == "brief"
    data = cli("--now", "2026-12-01T06:01:00+05:30", "--json", "brief", "--send").json()
    assert data["delivery"]["kind"] == "manual" and data["sinks"] == ["webhook"]
    assert "sections" in data["brief"]
    assert len(http.received) == 2
    # the morning routine is its own: it still sends at 07:00
    at = datetime(2026, 12, 1, 7, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
    app = make_app(steward_home, "Asia/Kolkata", at, STEWARD_NOTIFY_SINKS="webhook",
                   STEWARD_NOTIFY_WEBHOOK_URL=http.url)
    assert send_morning_brief(app.brief, at) is not None and len(http.received) == 3
    app.close()


def test_a_sink_that_cannot_deliver_makes_send_fail_in_one_line(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from loopback import free_port

    monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "webhook")
    monkeypatch.setenv("STEWARD_NOTIFY_WEBHOOK_URL", f"http://127.0.0.1:{free_port()}/gone")
    r = cli("--now", "2026-12-01T06:00:00+05:30", "brief", "--send")
    assert r.code == 1 and "Not sent: webhook: cannot reach" in r.out


def test_a_morning_time_steward_cannot_read_is_one_line(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_BRIEF_MORNING_TIME", "seven-ish")
    r = cli("brief")
    assert r.code == 1 and r.err.strip() == ("steward: setting brief.morning_time: 'seven-ish' is not a time of day; "
                                             "write it like 07:00")


def test_serve_runs_the_brief_job_unless_the_morning_time_is_empty() -> None:
    from steward.web.jobs import scheduled_jobs

    assert "brief" in [j.name for j in scheduled_jobs(load(None, environ={}))]
    off = load(None, environ={"STEWARD_BRIEF_MORNING_TIME": ""})
    assert "brief" not in [j.name for j in scheduled_jobs(off)]


def test_the_email_sink_sends_the_brief_as_text_and_html(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from email import message_from_bytes, policy

    from loopback import SmtpServer

    smtp = SmtpServer()
    try:
        monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "email")
        monkeypatch.setenv("STEWARD_NOTIFY_EMAIL_TO", "me@example.org")
        monkeypatch.setenv("STEWARD_NOTIFY_SMTP_PORT", str(smtp.port))
        assert cli("--now", "2026-12-01T07:00:00+05:30", "brief", "--send").code == 0
        [raw] = smtp.messages
    finally:
        smtp.close()
    mail = message_from_bytes(raw, policy=policy.default)
    assert mail["Subject"] == "Your brief for Tue 1 Dec 2026" and mail["X-Steward-Key"].startswith("steward-brief-")
    text = mail.get_body(("plain",)).get_content()
    html = mail.get_body(("html",)).get_content()
    assert text.startswith("Your brief for Tue 1 Dec 2026") and "Dues" in text
    assert '<section class="brief-section" data-slot="dues">' in html


def test_sinks_that_are_not_set_up_are_one_error_and_the_day_is_not_lost(steward_home: Path,
                                                                          http: HttpRecorder) -> None:
    from steward.errors import ConfigError

    tz = ZoneInfo("Asia/Kolkata")
    at = datetime(2026, 12, 1, 7, 0, tzinfo=tz)
    app = make_app(steward_home, "Asia/Kolkata", at, STEWARD_NOTIFY_SINKS="webhook")  # no webhook_url
    with pytest.raises(ConfigError, match="notify.webhook_url is empty"):
        send_morning_brief(app.brief, at)
    app.close()
    app = make_app(steward_home, "Asia/Kolkata", at, STEWARD_NOTIFY_SINKS="webhook",
                   STEWARD_NOTIFY_WEBHOOK_URL=http.url)
    assert send_morning_brief(app.brief, at + timedelta(minutes=1)) is not None and len(http.received) == 1
    app.close()
