"""The seed's commissioning run against a real Radicale, and a write whose outcome is unknown.

A model (the scripted server) names the right appointment but attaches a message id: nothing is
written. The id-free candidate resolves to one message and creates one event; a dry-run replay reports
one duplicate and no addition; a fresh read of the calendar holds exactly one event, also after ten
replays. A CalDAV write that times out is quarantined and found again by its marker before any retry.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import DENTAL, message, write_folder
from radicale_server import Radicale, use_caldav
from steward.llm.testing import ScriptedModelServer, say

pytestmark = [pytest.mark.server, pytest.mark.slow]

IST = ZoneInfo("Asia/Kolkata")
NOW = "2026-09-14T23:53:00+05:30"
SENT = datetime(2026, 9, 12, 10, 0, tzinfo=IST)
# no confirmation word: the patterns leave it to the model
SEEN = "Dr. Mehta will see you on Thursday 17 September at 4:30 PM for your cleaning."
RIGHT = {"provider": "Lakeside Dental", "start": "Thursday 17 September at 4:30 PM", "location": "",
         "excerpt": SEEN}


@pytest.fixture(autouse=True)
def quiet(no_semantic: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")


def inbox(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = write_folder(tmp_path / "mail", {
        "a-visit": message("visit-1@lakesidedental.example", DENTAL, "Your visit to Lakeside Dental", SEEN, SENT),
        # the nearby message the model wrongly names
        "b-invoice": message("invoice-1@lakesidedental.example", DENTAL, "Your Lakeside Dental invoice",
                             "Thank you for your payment for the visit in August.", SENT),
    })
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0


def on_server(url: str) -> list[object]:
    from caldav.davclient import DAVClient

    cal = DAVClient(url=url, username="me", password="x").calendar(url=url)
    return [obj.icalendar_component for obj in cal.events()]


def scan(cli, *args: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    r = cli("--now", NOW, "--json", "appointments", "scan", *args)
    assert r.code == 0, r.err
    return r.json()


def test_the_commissioning_run(tmp_path: Path, cli, radicale: Radicale,  # type: ignore[no-untyped-def]
                               monkeypatch: pytest.MonkeyPatch, tier2_model: ScriptedModelServer) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    inbox(tmp_path, cli)
    model = tier2_model
    # the right appointment, the wrong message: as a field, and written into the excerpt
    wrong_field = {**RIGHT, "message_id": "invoice-1@lakesidedental.example"}
    wrong_text = {**RIGHT, "excerpt": f"{SEEN} (from message invoice-1@lakesidedental.example)"}
    model.enqueue(say(json.dumps({"candidates": [wrong_field, wrong_text]})))
    first = scan(cli)
    assert [i["status"] for i in first["items"]] == ["rejected"]
    assert first["items"][0]["reason"] in ("no_source", "unsafe_evidence")
    assert on_server(url) == []
    # the model saw lines with no ids
    prompt = model.requests[-1].last_user
    assert "Lakeside Dental" in prompt and "visit-1@" not in prompt and "invoice-1@" not in prompt
    # the id-free candidate: one message holds it; one event
    model.enqueue(say(json.dumps({"candidates": [RIGHT]})))
    (made,) = scan(cli)["items"]
    assert made["status"] == "created" and made["origin"] == "model"
    (event,) = on_server(url)
    assert str(event["summary"]) == "Lakeside Dental appointment"
    assert event.decoded("dtstart").isoformat() == "2026-09-17T11:00:00+00:00"
    assert event.get("attendee") is None and event.get("location") is None
    assert str(event["x-steward-fingerprint"]) and str(event["x-steward-source"])
    assert "visit-1" not in str(event["x-steward-source"])  # a private hash, not the Message-ID
    # a dry-run replay: one duplicate, no addition
    model.enqueue(say(json.dumps({"candidates": [RIGHT]})))
    replay = scan(cli, "--dry-run")
    assert [i["status"] for i in replay["items"]] == ["duplicate"]
    assert len(on_server(url)) == 1
    for _ in range(10):
        model.enqueue(say(json.dumps({"candidates": [RIGHT]})))
        assert [i["status"] for i in scan(cli)["items"]] == ["duplicate"]
    assert len(on_server(url)) == 1


class StallingProxy:
    """Forwards to Radicale; while `stall` is set, a PUT gets no answer (after reaching Radicale when
    `forward` is set, or never reaching it otherwise), so the client times out not knowing."""

    def __init__(self, upstream_port: int) -> None:
        self.stall = False
        self.forward = True
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                return

            def _relay(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.command == "PUT" and owner.stall:
                    if owner.forward:
                        self._upstream(body)
                    time.sleep(2.5)  # past the client's timeout: the answer never arrives
                    self.close_connection = True
                    return
                status, headers, data = self._upstream(body)
                self.send_response(status)
                for k, v in headers:
                    if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _upstream(self, body: bytes) -> tuple[int, list[tuple[str, str]], bytes]:
                conn = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=10)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                conn.request(self.command, self.path, body=body or None, headers=headers)
                resp = conn.getresponse()
                out = (resp.status, resp.getheaders(), resp.read())
                conn.close()
                return out

            do_GET = do_PUT = do_PROPFIND = do_REPORT = do_DELETE = do_OPTIONS = do_MKCALENDAR = _relay  # noqa: N815

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize("reached", [True, False], ids=["stored-then-timeout", "never-stored"])
def test_a_write_whose_outcome_is_unknown_is_quarantined_then_reconciled_by_marker(
        tmp_path: Path, cli, radicale: Radicale, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
        reached: bool) -> None:
    direct = radicale.new_calendar()
    proxy = StallingProxy(radicale.port)
    try:
        url = direct.replace(f":{radicale.port}/", f":{proxy.port}/")
        use_caldav(monkeypatch, url)
        monkeypatch.setenv("STEWARD_CALENDAR_CALDAV_TIMEOUT", "1")
        folder = write_folder(tmp_path / "mail", {"a": message(
            "dental-9@lakesidedental.example", DENTAL, "Appointment confirmed: Lakeside Dental",
            "Your appointment at Lakeside Dental is confirmed for Thursday, 17 September 2026 at 04:30 PM.", SENT)})
        assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
        proxy.stall, proxy.forward = True, reached
        (item,) = scan(cli)["items"]
        assert (item["status"], item["reason"]) == ("quarantined", "unknown_outcome")
        assert len(on_server(direct)) == (1 if reached else 0)
        # the next scan looks the write up by its UID first: stored -> settled, not stored -> tried again
        (again,) = scan(cli)["items"]
        assert again["status"] == ("duplicate" if reached else "quarantined")
        assert len(on_server(direct)) == (1 if reached else 0)
        proxy.stall = False
        (settled,) = scan(cli)["items"]
        assert settled["status"] == ("duplicate" if reached else "created")
        assert len(on_server(direct)) == 1
        for _ in range(3):
            scan(cli)
        assert len(on_server(direct)) == 1
        listed = cli("--now", NOW, "--json", "appointments", "list").json()["items"]
        assert [i["status"] for i in listed] == ["created"]
    finally:
        proxy.close()


def test_a_cancelled_and_a_moved_booking_change_the_event_on_radicale_only_on_yes(
        tmp_path: Path, cli, radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from datetime import timedelta

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    garage = ("AutoFix Garage", "service@autofix.example")
    folder = write_folder(tmp_path / "mail", {
        "a-dental": message("d-1@lakesidedental.example", DENTAL, "Appointment confirmed: Lakeside Dental",
                            "Your appointment at Lakeside Dental is confirmed for Thursday, 17 September 2026 at "
                            "04:30 PM.", SENT),
        "b-garage": message("g-1@autofix.example", garage, "Car service confirmed at AutoFix Garage",
                            "Your car service at AutoFix Garage is booked for Wednesday, 16 September 2026 at "
                            "10:00 AM.", SENT)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    assert sorted(i["status"] for i in scan(cli)["items"]) == ["created", "created"]
    assert len(on_server(url)) == 2
    later = SENT + timedelta(days=1)
    write_folder(folder, {
        "c-cancel": message("d-2@lakesidedental.example", DENTAL, "Cancelled: your appointment at Lakeside Dental",
                            "Your appointment at Lakeside Dental on Thursday, 17 September 2026 at 04:30 PM has "
                            "been cancelled.", later),
        "d-move": message("g-2@autofix.example", garage, "Rescheduled: your car service at AutoFix Garage",
                          "Your car service at AutoFix Garage has been rescheduled from Wednesday, 16 September at "
                          "10:00 AM to Friday, 18 September 2026 at 11:00 AM.", later)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    changes = {i["reason"]: i for i in scan(cli)["items"] if i["change"]}
    assert set(changes) == {"cancellation", "reschedule"}
    assert len(on_server(url)) == 2  # shown, not done
    for change in changes.values():
        r = cli("--now", NOW, "appointments", "accept", str(change["id"]))
        assert r.code == 0, r.err
    (left,) = on_server(url)
    assert str(left.get("summary")) == "AutoFix Garage appointment"
    assert left.decoded("dtstart").astimezone(IST).isoformat() == "2026-09-18T11:00:00+05:30"
    assert left.decoded("dtend").astimezone(IST).isoformat() == "2026-09-18T12:00:00+05:30"
