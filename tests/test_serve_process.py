"""`steward serve` as a real process: start, answer, refuse, log safely, stop cleanly."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from serve_helpers import serving

pytestmark = pytest.mark.server


def test_serves_and_stops_cleanly_on_sigterm(steward_home: Path) -> None:
    with serving(steward_home, now="2026-09-14T23:53:00+05:30") as s:
        assert httpx.get(s.base + "/health").json()["zone"] == "+05:30"
        assert "steward: serving http://127.0.0.1:" in s.log()
        s.proc.send_signal(signal.SIGTERM)
        assert s.proc.wait(20) == 0
    log = s.log()
    assert "steward: stopped" in log
    assert re.search(r'"GET /health" 200', log)


def test_off_loopback_a_token_is_generated_printed_once_and_never_logged(steward_home: Path) -> None:
    with serving(steward_home, host="0.0.0.0", ready_path="/static/style.css") as s:
        match = re.search(r"open (http://\S+)\?token=(\S+) once", s.log())
        assert match, s.log()
        token = match.group(2)
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
    assert sum(token in line for line in log_lines) == 2  # the notice: the token, and the URL to open


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
