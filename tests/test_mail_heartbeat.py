"""The sync heartbeat: intervals, exponential backoff per account, and a real run against Dovecot."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dovecot_server import configure, make_message
from steward.errors import UsageError
from steward.mail.heartbeat import SyncHeartbeat, backoff_delay, parse_interval

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def test_intervals_read_like_people_write_them() -> None:
    assert parse_interval("5m") == timedelta(minutes=5)
    assert parse_interval("30s") == timedelta(seconds=30)
    assert parse_interval("1h") == timedelta(hours=1)
    assert parse_interval("2d") == timedelta(days=2)
    assert parse_interval("90") == timedelta(seconds=90)
    assert parse_interval("0") == timedelta(0)
    for bad in ("soon", "5 parsecs", "-5m", ""):
        with pytest.raises(UsageError, match="not an interval"):
            parse_interval(bad)
    with pytest.raises(UsageError, match="too short"):
        parse_interval("2s")


def test_backoff_retries_soon_then_doubles_up_to_a_cap() -> None:
    five = timedelta(minutes=5)
    assert backoff_delay(five, 0) == five
    assert [backoff_delay(five, n).total_seconds() for n in range(1, 9)] == [
        30, 60, 120, 240, 480, 960, 1920, 3600]
    assert backoff_delay(five, 500) == timedelta(hours=1)
    day = timedelta(days=1)
    assert backoff_delay(day, 30) == day  # never waits longer than a healthy interval would


@dataclass(frozen=True)
class Ran:
    ok: bool
    skipped: bool = False
    account: str = ""

    def to_json(self) -> dict[str, object]:
        return {"account": self.account, "ok": self.ok, "error": None if self.ok else "down"}


def test_each_account_backs_off_on_its_own_and_recovers() -> None:
    script = {"work": [False, False, True, True], "home": [True, True, True]}
    calls: list[str] = []

    def run(name: str) -> Ran:
        calls.append(name)
        return Ran(script[name].pop(0), account=name)

    beat = SyncHeartbeat(lambda: ["work", "home"], run, timedelta(minutes=5))
    assert [r["account"] for r in beat.tick(T0)] == ["work", "home"]  # both due at once
    assert beat.beats["work"].next_at == T0 + timedelta(seconds=30) and beat.beats["work"].failures == 1
    assert beat.beats["home"].next_at == T0 + timedelta(minutes=5)
    assert beat.tick(T0 + timedelta(seconds=10)) == []  # nothing due, nothing run
    assert beat.next_wakeup(T0 + timedelta(seconds=10)) == T0 + timedelta(seconds=30)
    beat.tick(T0 + timedelta(seconds=30))  # work fails again: waits a minute now
    assert beat.beats["work"].failures == 2 and beat.beats["work"].next_at == T0 + timedelta(seconds=90)
    beat.tick(T0 + timedelta(seconds=90))  # work recovers: back to the interval
    assert beat.beats["work"].failures == 0
    assert beat.beats["work"].next_at == T0 + timedelta(seconds=90, minutes=5)
    beat.tick(T0 + timedelta(minutes=5))
    assert calls == ["work", "home", "work", "work", "home"]
    with pytest.raises(ValueError, match="aware"):
        beat.tick(datetime(2026, 3, 1, 9, 0))


def test_a_sync_already_running_elsewhere_is_looked_at_again_soon() -> None:
    beat = SyncHeartbeat(lambda: ["work"], lambda name: Ran(False, skipped=True, account=name),
                         timedelta(minutes=5))
    beat.tick(T0)
    assert beat.beats["work"].failures == 0 and beat.beats["work"].next_at == T0 + timedelta(seconds=30)


@pytest.mark.server
def test_the_app_heartbeat_syncs_backs_off_while_the_server_is_down_and_catches_up(
        cli, dovecot, steward_home, monkeypatch) -> None:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    monkeypatch.setenv("IMAP_TEST_PW", "secret-pw")
    dovecot.append([make_message(1), make_message(2)])
    configure(steward_home, dovecot, extra='[mail]\nsync_every = "5m"\n')
    paths = resolve_paths()
    app = build_app(load(paths.config_file), make_clock("UTC"), paths)
    beat = app.mail_heartbeat()
    assert beat is not None and beat.interval == timedelta(minutes=5)
    [first] = beat.tick(T0)
    assert first["ok"] and first["added"] == 2
    dovecot.stop()
    [down] = beat.tick(T0 + timedelta(minutes=5))
    assert not down["ok"] and str(down["error"]).startswith("mail account home: connecting to")
    assert down["next_at"] == T0 + timedelta(minutes=5, seconds=30)
    dovecot.start()
    dovecot.append([make_message(3)])
    [back] = beat.tick(T0 + timedelta(minutes=5, seconds=30))
    assert back["ok"] and back["added"] == 1
    status = cli("mail", "status", "--json").json()[0]
    assert status["messages"] == 3 and status["last_error"] is None
    app.close()


@pytest.mark.server
def test_sync_every_runs_until_interrupted(dovecot, steward_home: Path) -> None:
    dovecot.append([make_message(1)])
    configure(steward_home, dovecot)
    env = {**os.environ, "IMAP_TEST_PW": "secret-pw", "STEWARD_HOME": str(steward_home)}
    # Ctrl-C as in a terminal: a disposition of SIGINT ignored earlier in the test process would be
    # inherited, and Python then never raises KeyboardInterrupt (the full suite hung here, alone it passed)
    proc = subprocess.Popen([sys.executable, "-m", "steward", "mail", "sync", "--every", "10m", "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "home: 1 new, 0 removed" in line
        proc.send_signal(signal.SIGINT)
        # communicate, not wait: it drains stderr, which a child blocked on a full pipe could never exit past
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "syncing home every 10m" in err


@pytest.mark.server
def test_the_serve_job_syncs_on_its_own_schedule(dovecot, steward_home, monkeypatch) -> None:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load
    from steward.web.jobs import HeartbeatJob

    monkeypatch.setenv("IMAP_TEST_PW", "secret-pw")
    dovecot.append([make_message(1)])
    configure(steward_home, dovecot, extra='[mail]\nsync_every = "1h"\n')
    paths = resolve_paths()
    app = build_app(load(paths.config_file), make_clock("UTC"), paths)
    job = HeartbeatJob()
    [first] = job(app)
    assert first["ok"] and first["added"] == 1
    assert job(app) == []  # called again at once: nothing is due for an hour
    app.close()


def test_serve_schedules_the_mail_job_only_with_accounts_and_an_interval(steward_home) -> None:
    from steward.settings import load
    from steward.web.jobs import scheduled_jobs

    steward_home.mkdir(parents=True, exist_ok=True)
    config = steward_home / "config.toml"
    assert "mail-sync" not in {j.name for j in scheduled_jobs(load(config))}  # no account configured
    config.write_text('[[mail.accounts]]\nname = "home"\nhost = "127.0.0.1"\nuser = "alice"\n')
    assert "mail-sync" in {j.name for j in scheduled_jobs(load(config))}
    config.write_text('[mail]\nsync_every = "0"\n\n[[mail.accounts]]\nname = "home"\nhost = "127.0.0.1"\nuser = "a"\n')
    assert "mail-sync" not in {j.name for j in scheduled_jobs(load(config))}
