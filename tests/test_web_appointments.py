"""Appointments found in mail over HTTP: the proposals, accept and reject by id, errors in one line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from serve_helpers import in_process
from test_appointments_service import NOW, mailbox, scan

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

BASE = "http://127.0.0.1:8765"


@pytest.fixture
def client(steward_home: Path, tmp_path: Path, cli) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    mailbox(tmp_path, cli)
    scan(cli)
    with TestClient(in_process(steward_home, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        yield c


def test_the_proposal_is_listed_and_accepting_it_puts_it_on_the_calendar(client: TestClient) -> None:
    data = client.get("/appointments").json()
    (proposal,) = data["proposals"]
    assert proposal["provider"] == "Lakeside Dental" and proposal["title"] == "Lakeside Dental appointment"
    assert proposal["start"] == "2026-09-17T16:30:00+05:30" and proposal["status"] == "proposed"
    assert [i["id"] for i in data["recent"]] == [proposal["id"]]
    assert client.get("/schedule", params={"when": "2026-09-17"}).json()["items"] == []
    made = client.post(f"/appointments/{proposal['id']}/accept", json={})
    assert made.status_code == 200, made.text
    assert made.json()["status"] == "created" and made.json()["event_id"].startswith("steward-appt-")
    (event,) = client.get("/schedule", params={"when": "2026-09-17"}).json()["items"]
    assert event["title"] == "Lakeside Dental appointment" and event["start"] == "2026-09-17T16:30:00+05:30"
    assert client.get("/appointments").json()["proposals"] == []
    again = client.post(f"/appointments/{proposal['id']}/accept", json={})
    assert again.status_code == 400 and "already on your calendar" in again.json()["message"]


def test_reject_and_the_errors_a_person_reads(client: TestClient) -> None:
    (proposal,) = client.get("/appointments").json()["proposals"]
    turned = client.post(f"/appointments/{proposal['id']}/reject", json={})
    assert turned.status_code == 200 and (turned.json()["status"], turned.json()["reason"]) == ("rejected", "user")
    assert client.get("/appointments").json()["proposals"] == []
    missing = client.post("/appointments/999/accept", json={})
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    assert "\n" not in missing.json()["message"]
    bad = client.post("/appointments/0/accept", json={})
    assert bad.status_code == 422 and bad.json()["error"] == "invalid_request"
    form = client.post(f"/appointments/{proposal['id']}/accept", content=b"x=1",
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415
