"""Calendar, reminders and notifications: write path, schedule, scheduler, start-up, local vs CalDAV.

    .venv/bin/python bench/reminders.py

Each figure is measured in this run, on a temporary home; the CalDAV column talks to a real Radicale
on loopback (skipped when radicale is not installed), side by side with the local SQLite backend.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import summary, time_calls  # noqa: E402
from steward.app import build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.notify.sinks import ConsoleSink  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.scheduler import ReminderScheduler  # noqa: E402
from steward.settings import load  # noqa: E402
from steward.store import connect  # noqa: E402

IST = timezone(timedelta(hours=5, minutes=30))
NOW = datetime(2026, 9, 14, 23, 53, tzinfo=IST)


def app_at(home: Path, env: dict[str, str] | None = None):
    settings = load(None, environ=env or {})
    return build_app(settings, make_clock("", NOW), Paths(home, home))


def startup(home: Path) -> None:
    env = {**os.environ, "STEWARD_HOME": str(home)}
    def run(args: list[str]) -> list[float]:
        return time_calls(lambda: subprocess.run([sys.executable, *args], env=env, check=True,
                                                 capture_output=True), 10)
    print(f"start-up  python -c pass           {summary(run(['-c', 'pass']))}")
    print(f"start-up  steward --help           {summary(run(['-m', 'steward', '--help']))}")
    print(f"start-up  steward reminders list   {summary(run(['-m', 'steward', 'reminders', 'list']))}")


def write_path(home: Path) -> None:
    app = app_at(home)
    n = iter(range(10**6))

    def one() -> None:
        i = next(n)
        app.calendar.create_reminder(f"task {i}", NOW + timedelta(minutes=10 + i), provenance={"via": "cli"})

    print(f"create_reminder (aware time)       {summary(time_calls(one, 500))}")
    words = iter(range(10**6))

    def spoken() -> None:
        i = next(words)
        app.calendar.create_reminder(f"spoken {i}", "tomorrow at 5 pm", provenance={"via": "cli"})

    print(f"create_reminder ('tomorrow 5 pm')  {summary(time_calls(spoken, 200))}")
    for i in range(2000):
        app.calendar.create_event(f"event {i}", NOW + timedelta(hours=1 + i), provenance={"via": "cli"})
    day = (NOW + timedelta(days=1)).date()
    print(f"schedule(day): 700 reminders + 24 events that day, 2,000 events stored  "
          f"{summary(time_calls(lambda: app.calendar.schedule(day), 100))}")
    app.close()


def scheduler(home: Path) -> None:
    app = app_at(home)
    conn = connect(app.paths.db_file)
    due_at = NOW + timedelta(days=30)
    for i in range(300):
        app.calendar.create_reminder(f"due {i}", due_at - timedelta(seconds=i), provenance={"via": "cli"})
    s = ReminderScheduler(conn, [ConsoleSink(io.StringIO())], IST)
    t0 = time.perf_counter()
    fired = s.tick(due_at + timedelta(days=400))  # everything pending is due (incl. earlier benches)
    ms = (time.perf_counter() - t0) * 1000
    print(f"scheduler tick firing {len(fired)} reminders (console)  {ms:.0f} ms, "
          f"{ms / max(1, len(fired)):.2f} ms per reminder")
    print(f"scheduler idle tick (nothing due)  {summary(time_calls(lambda: s.tick(due_at + timedelta(days=400)), 200))}")
    app.close()


def backends(home: Path) -> None:
    try:
        import radicale  # noqa: F401
    except ImportError:
        print("local vs caldav: radicale not installed, skipped")
        return
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    store = tempfile.mkdtemp()
    proc = subprocess.Popen([sys.executable, "-m", "radicale", "--config", "", "--server-hosts",
                             f"127.0.0.1:{port}", "--auth-type", "none", "--storage-filesystem-folder", store],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        from caldav.davclient import DAVClient

        DAVClient(url=f"http://127.0.0.1:{port}/", username="me", password="x").principal().make_calendar(
            name="bench", cal_id="bench")
        url = f"http://127.0.0.1:{port}/me/bench/"
        for name, env in (("local", {}), ("caldav", {"STEWARD_CALENDAR_BACKENDS": "caldav",
                                                     "STEWARD_CALENDAR_WRITE_TO": "caldav",
                                                     "STEWARD_CALENDAR_CALDAV_URL": url,
                                                     "STEWARD_CALENDAR_CALDAV_USER": "me"})):
            app = app_at(home / name, env)
            n = iter(range(10**6))

            def add(app=app, n=n) -> None:
                i = next(n)
                app.calendar.create_event(f"meeting {i}", NOW + timedelta(hours=2 + i % 200, minutes=i // 200),
                                          provenance={"via": "cli"})

            writes = time_calls(add, 60)
            day = (NOW + timedelta(days=1)).date()
            reads = time_calls(lambda app=app, day=day: app.calendar.schedule(day), 30)
            print(f"{name:6}  create_event (dup check + write)  {summary(writes)};  schedule(day)  {summary(reads)}")
            app.close()
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        startup(root / "startup")
        write_path(root / "write")
        scheduler(root / "write")
        backends(root / "backends")


if __name__ == "__main__":
    main()
