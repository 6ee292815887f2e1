"""A real Radicale CalDAV server for the tests (the `radicale` fixture in conftest.py starts one per
session), and the settings that point Steward's calendar at one of its calendars."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from loopback import free_port, wait_for


class Radicale:
    """`radicale --config "" --auth-type none` on a free loopback port, storing in a tmp dir."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--config", "", "--server-hosts", f"127.0.0.1:{self.port}",
             "--auth-type", "none", "--storage-filesystem-folder", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        if not wait_for(self._up, timeout=60):
            self.stop()
            raise RuntimeError("radicale did not start")

    def _up(self) -> bool:
        import socket

        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", self.port)) == 0

    def new_calendar(self) -> str:
        """A fresh calendar collection; its URL."""
        from caldav.davclient import DAVClient

        client = DAVClient(url=f"http://127.0.0.1:{self.port}/", username="me", password="x", timeout=10)
        cal_id = f"cal-{uuid.uuid4().hex[:8]}"
        client.principal().make_calendar(name="Steward test", cal_id=cal_id)
        return f"http://127.0.0.1:{self.port}/me/{cal_id}/"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def use_caldav(monkeypatch: pytest.MonkeyPatch, url: str, write_to: str = "caldav") -> None:
    monkeypatch.setenv("STEWARD_CALENDAR_BACKENDS", "local,caldav")
    monkeypatch.setenv("STEWARD_CALENDAR_WRITE_TO", write_to)
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_URL", url)
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_USER", "me")
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_PASSWORD_ENV", "TEST_CALDAV_PASSWORD")
    monkeypatch.setenv("TEST_CALDAV_PASSWORD", "x")
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_TIMEOUT", "5")
