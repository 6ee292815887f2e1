"""`steward serve` as a real process: start, answer, refuse, log safely, stop cleanly."""

from __future__ import annotations

import re
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from serve_helpers import Served, serving

pytestmark = pytest.mark.server


def test_serves_and_stops_cleanly_on_sigterm(steward_home: Path) -> None:
    with serving(steward_home, now="2026-09-14T23:53:00+05:30") as s:
        assert s.get("/health").json()["zone"] == "+05:30"
        assert "steward: serving http://127.0.0.1:" in s.log()
        s.proc.send_signal(signal.SIGTERM)
        assert s.proc.wait(20) == 0
    log = s.log()
    assert "steward: stopped" in log
    assert re.search(r'"GET /health" 200', log)


def test_a_token_is_made_once_kept_in_the_home_printed_in_the_url_and_never_logged(steward_home: Path) -> None:
    with serving(steward_home, host="0.0.0.0", ready_path="/static/style.css") as s:
        token = s.token
        assert token and (steward_home / "serve-token").read_text().strip() == token
        assert stat.S_IMODE((steward_home / "serve-token").stat().st_mode) == 0o600
        local = s.base.replace("0.0.0.0", "127.0.0.1")
        assert httpx.get(local + "/health").status_code == 401
        assert httpx.get(local + "/health", headers={"authorization": f"Bearer {token}"}).status_code == 200
        with httpx.Client(follow_redirects=True) as browser:
            visit = browser.get(local + f"/?token={token}")
        assert visit.status_code == 200 and "Message Steward" in visit.text  # cookie set, redirected to the page
    log_lines = s.log().splitlines()
    access = [line for line in log_lines if "steward.web.access" in line]
    assert any("token=***" in line for line in access)
    assert not any(token in line for line in access)
    assert [line for line in log_lines if token in line] == [
        f"steward: open http://0.0.0.0:{s.base.rsplit(':', 1)[1]}/?token={token} (once in a browser: it sets a "
        f"cookie); programs send 'Authorization: Bearer TOKEN'; it is made now and kept in {steward_home / 'serve-token'}"]
    # loopback is no exception, and the next start uses the same token
    with serving(steward_home) as again:
        assert again.token == token
        assert httpx.get(again.base + "/health").status_code == 401
        assert again.get("/health").status_code == 200


def test_serve_token_none_is_an_opt_out_for_loopback_only(steward_home: Path, cli_process) -> None:  # type: ignore[no-untyped-def]
    with serving(steward_home, env={"STEWARD_SERVE_TOKEN": "none"}) as s:
        assert s.token is None and httpx.get(s.base + "/health").status_code == 200
        assert "any program or person on this machine can read your mail" in s.log()
    off = cli_process("--home", str(steward_home), "serve", "--host", "0.0.0.0", "--port", "0",
                      env={"STEWARD_SERVE_TOKEN": "none"})
    assert off.returncode == 1 and off.stderr.count("\n") == 1
    assert off.stderr.startswith('steward: serve.token = "none" serves without a token, which is for loopback only')


def test_serve_url_prints_the_url_that_carries_the_home_token(cli, steward_home: Path) -> None:  # type: ignore[no-untyped-def]
    first = cli("serve", "--url", "--port", "8765")
    token = (steward_home / "serve-token").read_text().strip()
    assert first.code == 0 and first.out.strip() == f"http://127.0.0.1:8765/?token={token}"
    assert cli("serve", "--url", "--port", "8765").out == first.out


def test_port_in_use_is_one_clear_line(steward_home: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "steward", "--home", str(steward_home), "serve",
                               "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == f"steward: port {port} on 127.0.0.1 is already in use; choose another with --port"


def test_help_stays_light(cli_process) -> None:  # type: ignore[no-untyped-def]
    code = ("import sys; from steward.cli import build_parser; build_parser(); "
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette', 'pydantic') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]"


def _answering(s: Served, want: int = 2, tries: int = 200) -> dict[int, dict[str, object]]:
    """`GET /health` over new connections until `want` server processes have answered: each one's answer."""
    seen: dict[int, dict[str, object]] = {}
    for _ in range(tries):
        with s.client() as fresh:  # a new connection each time
            data = fresh.get("/health").json()
        seen[int(data["process"])] = data
        if len(seen) >= want:
            break
    return seen


def _stopped(pid: int) -> bool:
    """Whether process `pid` has ended (gone, or a zombie nobody has reaped yet)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_two_processes_share_the_port_one_runs_the_jobs_and_a_stop_stops_both(steward_home: Path) -> None:
    """`serve.processes = 2`: both processes answer on the one port, only the first runs the scheduled
    jobs, what one writes the other reads (one store), and SIGTERM stops both."""
    with serving(steward_home, now="2026-09-14T23:53:00+05:30", env={"STEWARD_SERVE_PROCESSES": "2"}) as s:
        seen = _answering(s)
        first = s.proc.pid
        assert set(seen) >= {first} and len(seen) == 2, seen
        helper = next(pid for pid in seen if pid != first)
        assert all(answer["jobs_in"] == first for answer in seen.values())
        assert seen[first]["jobs"] and seen[helper]["jobs"] == []
        assert "in 2 processes" in s.log()
        reply = httpx.post(s.base + "/chat", json={"text": "remind me tomorrow at 9 am to call the bank"},
                           headers=s.auth, timeout=60).json()
        assert reply["handled_by"] == "reminder_creation" and reply["writes"], reply
        listed = set()
        for _ in range(200):  # the reminder, read back through each process
            with s.client() as fresh:
                reminders = fresh.get("/reminders").json()
                process = fresh.get("/health").json()["process"]
            if any("call the bank" in r["text"] for r in reminders["reminders"]):
                listed.add(process)
            if len(listed) == 2:
                break
        assert listed == {first, helper}
        s.proc.send_signal(signal.SIGTERM)
        assert s.proc.wait(30) == 0
    assert _stopped(helper)
    assert "steward: stopped" in s.log()


def test_connections_held_open_are_spread_evenly_over_the_processes(steward_home: Path) -> None:
    """Twelve clients keeping their connections open (a household's browsers and apps) are served six
    by each process, however their ports fall; after they close, the next twelve are spread the same,
    and a connection's requests all stay with the process that took it."""
    with serving(steward_home, env={"STEWARD_SERVE_PROCESSES": "2", "STEWARD_SEMANTIC_SEARCH": "0"}) as s:
        assert len(_answering(s)) == 2  # both serving
        for _ in range(2):
            clients = [s.client() for _ in range(12)]
            try:
                answered = [client.get("/health").json()["process"] for client in clients]
                again = [client.get("/health").json()["process"] for client in clients]
            finally:
                for client in clients:
                    client.close()
            assert again == answered
            assert sorted(answered.count(p) for p in set(answered)) == [6, 6], answered
            time.sleep(0.5)  # the helper says it has finished with its six


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_helper_process_stops_when_the_first_is_killed(steward_home: Path) -> None:
    """Killed outright, the first process cannot stop the others; each notices it has gone and stops,
    so no orphan keeps the port."""
    import time

    with serving(steward_home, env={"STEWARD_SERVE_PROCESSES": "2"}) as s:
        helper = next(pid for pid in _answering(s) if pid != s.proc.pid)
        s.proc.kill()
        s.proc.wait(10)
        deadline = time.monotonic() + 30
        while not _stopped(helper) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _stopped(helper), s.log()
    assert "the first server process has gone" in s.log()
