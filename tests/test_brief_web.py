"""The brief over HTTP and on the page: GET /brief, POST /brief/config, and the Today panel in a real browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from loopback import wait_for
from serve_helpers import Served, in_process

NOW = "2026-12-01T07:30:00+05:30"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def client(steward_home: Path) -> Iterator[TestClient]:
    steward_home.mkdir(parents=True, exist_ok=True)
    with TestClient(in_process(steward_home, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        yield c


def slots(client: TestClient) -> list[str]:
    return [s["slot"] for s in client.get("/brief").json()["sections"]]


def test_get_brief_is_the_cli_shape(client: TestClient) -> None:
    data = client.get("/brief").json()
    assert data["date"] == "2026-12-01"
    assert slots(client) == ["schedule", "tomorrow", "dues", "inbox", "appointments", "mail_health"]
    config = client.get("/brief/config").json()
    assert [m["slot"] for m in config["manifest"]] == slots(client)
    assert config["manifest"][2]["options"]["window_days"] == {"kind": "days", "default": 14, "help": config[
        "manifest"][2]["options"]["window_days"]["help"], "low": 1, "high": 366}


def test_post_config_moves_sets_removes_and_undoes(client: TestClient) -> None:
    r = client.post("/brief/config", json={"op": "move", "section": "dues", "position": "first"})
    assert r.status_code == 200 and r.json()["message"].startswith("Moved Dues first")
    assert slots(client)[0] == "dues"
    r = client.post("/brief/config", json={"op": "options", "section": "dues", "window_days": 7,
                                           "categories": ["insurance", "rent"]})
    assert r.status_code == 200
    dues = client.get("/brief").json()["sections"][0]
    assert dues["options"] == {"window_days": 7, "categories": ["insurance", "rent"]}
    assert dues["subtitle"] == "next 7 days, only insurance and rent"
    assert client.post("/brief/config", json={"op": "remove", "section": "bills"}).status_code == 200
    assert "dues" not in slots(client)
    assert client.post("/brief/config", json={"op": "undo"}).status_code == 200
    assert slots(client)[0] == "dues"


def test_bad_config_requests_are_one_clear_error(client: TestClient) -> None:
    r = client.post("/brief/config", json={"op": "add", "section": "weather"})
    assert r.status_code == 400 and r.json()["error"] == "config_error" and "no brief section 'weather'" in r.json()[
        "message"]
    r = client.post("/brief/config", json={"op": "explode", "section": "dues"})
    assert r.status_code == 422 and r.json()["error"] == "invalid_request"
    r = client.post("/brief/config", json={"op": "options", "section": "dues", "window_days": 9999})
    assert r.status_code == 422
    r = client.post("/brief/config", json={"op": "undo"})
    assert r.status_code == 400 and r.json()["message"] == "there is nothing to undo in your brief"


@pytest.fixture
def served(served_demo: Served) -> Served:
    return served_demo


@pytest.mark.server
@pytest.mark.slow
def test_the_today_panel_is_the_brief_and_chat_or_a_click_reorders_it(browser: Any, served: Served) -> None:
    page = browser.new_page()
    page.goto(served.page)
    page.wait_for_selector('#brief .brief-block[data-slot="dues"] h3')
    order = lambda: page.eval_on_selector_all(  # noqa: E731
        "#brief .brief-block:not([hidden])", "els => els.map(e => e.dataset.slot)")
    assert order() == ["schedule", "tomorrow", "dues", "inbox", "appointments", "mail_health"]
    assert "people who wrote" in page.inner_text('#brief .brief-block[data-slot="inbox"]').lower()
    # chat changes the brief; the panel follows
    page.fill("#text", "put the dues first in my brief")
    page.keyboard.press("Enter")
    assert wait_for(lambda: order()[0] == "dues", timeout=30), order()
    # a click in the editor moves a section, another takes it out
    page.click("#brief-edit summary")
    page.click('.brief-row[data-slot="inbox"] button:has-text("Up")')
    assert wait_for(lambda: order().index("inbox") == 2, timeout=30), order()
    page.click('.brief-row[data-slot="mail_health"] button:has-text("Remove")')
    assert wait_for(lambda: "mail_health" not in order(), timeout=30), order()
    assert order() == ["dues", "schedule", "inbox", "tomorrow", "appointments"]
    # options: dues for the next 7 days, only cards
    row = '.brief-row[data-slot="dues"]'
    page.fill(f'{row} input[name="window_days"]', "7")
    page.check(f'{row} input[name="categories"][value="card"]')
    page.click(f'{row} button:has-text("Save")')
    page.wait_for_selector('#brief .brief-block[data-slot="dues"] .brief-sub:has-text("next 7 days, only card")')
    page.close()
