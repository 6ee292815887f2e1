"""The calendar over HTTP: a day's schedule, upcoming reminders, cancelling, and the scheduler in serve."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from serve_helpers import in_process, serving

NOW = "2026-09-14T23:53:00+05:30"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def home_with_reminders(steward_home: Path, cli: Callable[..., object]) -> Path:
    for when, text in (("tomorrow at 5 pm", "Python training"), ("tomorrow at 10 am", "AI training"),
                       ("friday at 9 am", "call the bank")):
        r = cli("--now", NOW, "remind", when, text)
        assert r.code == 0, r.err  # type: ignore[attr-defined]
    return steward_home


@pytest.fixture
def client(home_with_reminders: Path) -> Iterator[TestClient]:
    with TestClient(in_process(home_with_reminders, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        yield c


def test_schedule_of_tomorrow_in_local_time_sorted(client: TestClient) -> None:
    data = client.get("/schedule", params={"when": "tomorrow"}).json()
    assert data["day"] == "2026-09-15"
    assert [(i["text"], i["due"]) for i in data["items"]] == [
        ("AI training", "2026-09-15T10:00:00+05:30"),
        ("Python training", "2026-09-15T17:00:00+05:30"),
    ]
    assert client.get("/schedule").json()["items"] == []  # today (the 14th) has nothing


def test_schedule_of_a_day_it_cannot_read_is_one_clear_400(client: TestClient) -> None:
    r = client.get("/schedule", params={"when": "the day after the heat death"})
    assert r.status_code == 400
    assert r.json()["error"] == "user_error" and "\n" not in r.json()["message"]


def test_upcoming_reminders_soonest_first_and_limited(client: TestClient) -> None:
    texts = [r["text"] for r in client.get("/reminders").json()["reminders"]]
    assert texts == ["AI training", "Python training", "call the bank"]
    assert [r["text"] for r in client.get("/reminders?limit=1").json()["reminders"]] == ["AI training"]
    r = client.get("/reminders?limit=0")
    assert r.status_code == 422 and r.json()["message"].startswith("'limit'")


def test_cancel_a_reminder_once(client: TestClient) -> None:
    first = client.get("/reminders").json()["reminders"][0]
    r = client.delete(f"/reminders/{first['id']}")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    assert first["id"] not in [x["id"] for x in client.get("/reminders").json()["reminders"]]
    again = client.delete(f"/reminders/{first['id']}")
    assert again.status_code == 400 and "already cancelled" in again.json()["message"]
    missing = client.delete("/reminders/9999")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    bad = client.delete("/reminders/abc")
    assert bad.status_code == 422 and "reminder_id" in bad.json()["message"]


def test_a_cross_site_delete_changes_nothing(client: TestClient) -> None:
    first = client.get("/reminders").json()["reminders"][0]
    r = client.delete(f"/reminders/{first['id']}", headers={"origin": "https://evil.example"})
    assert r.status_code == 403
    r = client.delete(f"/reminders/{first['id']}", headers={"sec-fetch-site": "cross-site"})
    assert r.status_code == 403
    assert client.get("/reminders").json()["reminders"][0]["status"] == "pending"


@pytest.mark.server
def test_serve_fires_a_reminder_that_came_due_while_it_was_down(home_with_reminders: Path) -> None:
    # the server starts two days later: the reminders of the 15th fire at start, marked late, once each
    with serving(home_with_reminders, now="2026-09-16T08:00:00+05:30") as s:
        deadline = time.monotonic() + 30
        while True:
            got = {r["text"]: r for r in s.get("/reminders?all=true").json()["reminders"]}
            if got["AI training"]["status"] == "fired" and got["Python training"]["status"] == "fired":
                break
            assert time.monotonic() < deadline, s.log()
            time.sleep(0.2)
        assert got["AI training"]["late"] is True
        assert got["call the bank"]["status"] == "pending"  # friday the 18th: not yet
        jobs = {j["name"]: j for j in s.get("/health").json()["jobs"]}
        assert jobs["reminders"]["runs"] >= 1 and jobs["reminders"]["failures"] == 0
    # the console sink printed it exactly once (log lines aside)
    printed = [line for line in s.log().splitlines() if "AI training" in line and " steward." not in line]
    assert len(printed) == 1, s.log()


def test_an_event_that_has_ended_is_marked_over_and_a_later_one_is_not(home_with_reminders: Path,
                                                                       cli: Callable[..., object]) -> None:
    morning = "2026-09-14T07:00:00+05:30"   # both added in the morning; the page is read at 23:53
    for when, title in (("today at 9 am", "standup"), ("today at 11:55 pm", "call with Lisbon")):
        r = cli("--now", morning, "calendar", "add", when, title)
        assert r.code == 0, r.err  # type: ignore[attr-defined]
    with TestClient(in_process(home_with_reminders, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        items = {i["title"]: i["over"] for i in c.get("/schedule").json()["items"] if i["kind"] == "event"}
    assert items == {"standup": True, "call with Lisbon": False}
