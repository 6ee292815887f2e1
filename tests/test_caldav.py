"""The CalDAV backend against a real Radicale started by the test suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from loopback import free_port, wait_for
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-09-14T23:53:00+05:30"


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


@pytest.fixture(scope="module")
def radicale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    server = Radicale(tmp_path_factory.mktemp("radicale"))
    yield server
    server.stop()


def use_caldav(monkeypatch: pytest.MonkeyPatch, url: str, write_to: str = "caldav") -> None:
    monkeypatch.setenv("STEWARD_CALENDAR_BACKENDS", "local,caldav")
    monkeypatch.setenv("STEWARD_CALENDAR_WRITE_TO", write_to)
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_URL", url)
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_USER", "me")
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_PASSWORD_ENV", "TEST_CALDAV_PASSWORD")
    monkeypatch.setenv("TEST_CALDAV_PASSWORD", "x")
    monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_TIMEOUT", "5")


def server_object(url: str, uid: str):
    from caldav.davclient import DAVClient

    cal = DAVClient(url=url, username="me", password="x").calendar(url=url)
    return cal.object_by_uid(uid).icalendar_component


def test_an_event_round_trips_through_radicale_with_its_marker(cli, radicale: Radicale,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    r = cli("--now", NOW, "--json", "calendar", "add", "2026-09-15T17:00", "Python training",
            "--location", "Hall B")
    assert r.code == 0, r.err
    made = r.json()
    assert made["calendar"] == "caldav"
    on_server = server_object(url, made["id"])
    assert str(on_server["summary"]) == "Python training"
    assert str(on_server["x-steward-id"]) == made["id"]
    assert on_server.decoded("dtstart").isoformat() == "2026-09-15T11:30:00+00:00"
    # read back through Steward, in local time, next to a local reminder
    cli("--now", NOW, "remind", "2026-09-15T09:00", "Pack the laptop")
    day = cli("--now", NOW, "--json", "schedule", "2026-09-15").json()
    assert [(i["kind"], i["at"], i.get("calendar")) for i in day["items"]] == [
        ("reminder", "2026-09-15T09:00:00+05:30", None),
        ("event", "2026-09-15T17:00:00+05:30", "caldav"),
    ]
    assert day["items"][1]["location"] == "Hall B" and day["items"][1]["id"] == made["id"]
    # an exact duplicate is found on the server and refused
    dup = cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "python training")
    assert dup.code == 1 and "caldav calendar already has" in dup.err
    log = entries(build_app(load(None), make_clock("", NOW), resolve_paths()).db, "event.create")
    assert [e["object_id"] for e in log] == [made["id"]]


def test_events_made_by_other_clients_show_in_the_schedule(cli, radicale: Radicale,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    cal = DAVClient(url=url, username="me", password="x").calendar(url=url)
    wrap = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n{}END:VCALENDAR\r\n"
    cal.add_event(wrap.format(
        "BEGIN:VEVENT\r\nUID:other-1\r\nDTSTAMP:20260901T000000Z\r\nDTSTART;VALUE=DATE:20260916\r\n"
        "DTEND;VALUE=DATE:20260917\r\nSUMMARY:Team offsite\r\nEND:VEVENT\r\n"))
    cal.add_event(wrap.format(
        "BEGIN:VEVENT\r\nUID:other-2\r\nDTSTAMP:20260901T000000Z\r\nDTSTART:20260916T050000Z\r\n"
        "DTEND:20260916T060000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n"))
    day = cli("--now", NOW, "--json", "schedule", "2026-09-16").json()
    assert [(i["title"], i["all_day"], i["start"]) for i in day["items"]] == [
        ("Team offsite", True, "2026-09-16T00:00:00+05:30"),
        ("Dentist", False, "2026-09-16T10:30:00+05:30"),
    ]
    # the all-day event belongs to the 16th only, in the user's zone
    assert cli("--now", NOW, "--json", "schedule", "2026-09-17").json()["items"] == []
    assert cli("--now", NOW, "--json", "schedule", "2026-09-15").json()["items"] == []


def test_a_server_that_is_down_gives_one_line_and_writes_nothing(cli, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    own = Radicale(tmp_path / "down")
    url = own.new_calendar()
    own.stop()  # the server goes away after it was set up
    use_caldav(monkeypatch, url)
    cli("--now", NOW, "remind", "2026-09-15T09:00", "Pack the laptop")
    r = cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "Python training")
    assert r.code == 1 and r.out == ""
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and "CalDAV server" in lines[0] and "connection refused" in lines[0]
    app = build_app(load(None), make_clock("", NOW), resolve_paths())
    assert entries(app.db, "event.create") == []
    assert app.db.execute("SELECT count(*) FROM events").fetchone()[0] == 0
    # the schedule still shows what it can, and says which calendar it could not read
    day = cli("--now", NOW, "--json", "schedule", "2026-09-15")
    assert day.code == 0
    assert [i["text"] for i in day.json()["items"]] == ["Pack the laptop"]
    assert day.json()["unavailable"][0]["calendar"] == "caldav"
    assert "caldav calendar not shown" in day.err
    shutil.rmtree(tmp_path / "down", ignore_errors=True)


def test_a_wrong_caldav_url_is_a_clear_error(cli, radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    use_caldav(monkeypatch, f"http://127.0.0.1:{radicale.port}/me/no-such-calendar/")
    r = cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "Python training")
    assert r.code == 1 and len(r.err.strip().splitlines()) == 1 and "CalDAV server" in r.err
