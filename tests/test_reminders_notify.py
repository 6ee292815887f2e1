"""Snooze and Done from a notification (ntfy's action buttons) and from the web page's card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from loopback import HttpRecorder
from serve_helpers import in_process
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.scheduler import reminder_scheduler
from steward.settings import load
from steward.store import connect

pytestmark = pytest.mark.server

ZONE = "America/New_York"
CREATED = "2026-12-01T08:00:00-05:00"
FIRED_AT = datetime.fromisoformat("2026-12-01T09:00:30-05:00")
SERVER_NOW = "2026-12-01T09:01:00-05:00"
BASE = "http://127.0.0.1:8765"
TOKEN = "a-long-server-token"


@pytest.fixture
def ntfy(monkeypatch: pytest.MonkeyPatch) -> Iterator[HttpRecorder]:
    server = HttpRecorder()
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    monkeypatch.setenv("STEWARD_NOTIFY_SINKS", "ntfy")
    monkeypatch.setenv("STEWARD_NOTIFY_WEBHOOK_URL", server.url)
    monkeypatch.setenv("STEWARD_NOTIFY_ACTION_URL", BASE)
    yield server
    server.close()


def fire(text: str = "call the dentist", when: str = "today at 9") -> int:
    """A reminder set at 08:00 and sent by the scheduler at 09:00:30 through the configured sinks."""
    paths = resolve_paths()
    settings = load(paths.config_file)
    app = build_app(settings, make_clock(ZONE, CREATED), paths)
    try:
        made = app.calendar.create_reminder(text, when, provenance={"via": "cli"})
    finally:
        app.close()
    scheduler = reminder_scheduler(connect(paths.db_file), settings, make_clock(ZONE).zone)
    try:
        assert [f["status"] for f in scheduler.tick(FIRED_AT)] == ["fired"]
    finally:
        scheduler.close()
    assert made.id is not None
    return made.id


def buttons(header: str) -> dict[str, dict[str, str]]:
    """ntfy's `Actions` header read as ntfy reads it: label -> its url, headers and body."""
    out = {}
    for action in header.split("; "):
        kind, label, url, *params = [p.strip() for p in action.split(", ")]
        assert kind == "http"
        fields = dict(p.split("=", 1) for p in params)
        out[label] = {"url": url, **fields}
    return out


def press(client: TestClient, button: dict[str, str]):  # noqa: ANN201
    """What the ntfy app sends when the button is tapped (no token, no cookie, no Origin)."""
    headers = {k.removeprefix("headers."): v for k, v in button.items() if k.startswith("headers.")}
    return client.post(button["url"].removeprefix(BASE), content=button["body"], headers=headers)


def test_ntfy_buttons_snooze_and_finish_that_one_reminder_without_the_token(ntfy: HttpRecorder,
                                                                         steward_home: Path) -> None:
    rid = fire()
    other = fire("pay the rent", "today at 9:00:10")
    header = ntfy.received[0].headers["Actions"]
    found = buttons(header)
    assert set(found) == {"Snooze 10 min", "Done"}
    assert found["Snooze 10 min"]["url"] == f"{BASE}/reminders/{rid}/snooze"
    assert json.loads(found["Snooze 10 min"]["body"]) == {"minutes": 10}
    assert TOKEN not in header
    with TestClient(in_process(steward_home, SERVER_NOW, token=TOKEN), base_url=BASE) as client:  # type: ignore[arg-type]
        # the key is for one reminder: pressed against another it changes nothing
        forged = dict(found["Done"], url=f"{BASE}/reminders/{other}/done")
        refused = press(client, forged)
        assert refused.status_code == 400 and "not for reminder" in refused.json()["message"]
        # without a key, the token is needed as for every other request
        assert client.post(f"/reminders/{rid}/done", json={}).status_code == 401
        snoozed = press(client, found["Snooze 10 min"])
        assert snoozed.status_code == 200, snoozed.text
        assert snoozed.json()["text"] == "call the dentist" and snoozed.json()["due"] == "2026-12-01T09:11:00-05:00"
        done = press(client, buttons(ntfy.received[1].headers["Actions"])["Done"])
        assert done.status_code == 200 and done.json()["done_at"] is not None
        auth = {"Authorization": f"Bearer {TOKEN}"}
        upcoming = client.get("/reminders", headers=auth).json()["reminders"]
        assert [(r["text"], r["due"]) for r in upcoming] == [("call the dentist", "2026-12-01T09:11:00-05:00")]


def test_the_page_card_lists_what_just_fired_and_snoozes_or_finishes_it(ntfy: HttpRecorder,
                                                                        steward_home: Path) -> None:
    rid = fire()
    with TestClient(in_process(steward_home, SERVER_NOW), base_url=BASE) as client:  # type: ignore[arg-type]
        recent = client.get("/reminders/recent").json()["reminders"]
        assert [(r["id"], r["text"]) for r in recent] == [(rid, "call the dentist")]
        r = client.post(f"/reminders/{rid}/snooze", json={"minutes": 30})
        assert r.status_code == 200 and r.json()["due"] == "2026-12-01T09:31:00-05:00"
        assert client.get("/reminders/recent").json()["reminders"] == []  # the snoozed copy is what counts now
        assert client.post(f"/reminders/{rid}/done", json={}).status_code == 400  # already handled
        bad = client.post(f"/reminders/{rid}/snooze", json={"minutes": 0})
        assert bad.status_code == 422


def test_the_page_has_the_card() -> None:
    page = (Path(__file__).resolve().parent.parent / "src/steward/web/templates/index.html").read_text()
    script = (Path(__file__).resolve().parent.parent / "src/steward/web/static/app.js").read_text()
    assert 'id="fired-items"' in page and "/reminders/recent" in script and "Snooze 10 min" in script


def test_delete_cancels_one_time_or_with_series_every_time(steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    paths = resolve_paths()
    app = build_app(load(paths.config_file), make_clock(ZONE, CREATED), paths)
    try:
        made = app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
    finally:
        app.close()
    with TestClient(in_process(steward_home, CREATED), base_url=BASE) as client:  # type: ignore[arg-type]
        once = client.delete(f"/reminders/{made.id}")
        assert once.status_code == 200 and once.json()["next"] == "2026-12-14T09:00:00-05:00"
        [nxt] = client.get("/reminders").json()["reminders"]
        assert (nxt["due"], nxt["rule"]) == ("2026-12-14T09:00:00-05:00", "FREQ=WEEKLY;BYDAY=MO")
        assert client.delete(f"/reminders/{nxt['id']}", params={"series": "true"}).status_code == 200
        assert client.get("/reminders").json()["reminders"] == []
