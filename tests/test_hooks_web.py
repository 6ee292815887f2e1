"""The web page shows the session's title: the chat trace carries it and the page has a place for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from steward.web import sse

NOW = "2026-09-14T10:00:00+05:30"


def test_a_turn_carries_the_session_title(client: TestClient, cli) -> None:  # type: ignore[no-untyped-def]
    before = client.post("/chat", json={"text": "what's my schedule tomorrow?", "session": "offsite"}).json()
    assert before["session_title"] is None
    assert cli("session", "set-task", "--session", "offsite", "plan the team offsite").code == 0
    after = client.post("/chat", json={"text": "what's my schedule tomorrow?", "session": "offsite"}).json()
    assert after["session_title"] == "Plan the team offsite"
    with client.stream("POST", "/chat/stream", json={"text": "what's my schedule today?", "session": "offsite"}) as r:
        events = list(sse.parse(r.iter_lines()))
    [trace] = [e.data for e in events if e.name == "trace"]
    assert trace["session_title"] == "Plan the team offsite"
    other = client.post("/chat", json={"text": "what's my schedule tomorrow?", "session": "other"}).json()
    assert other["session_title"] is None


def test_the_page_has_a_place_for_the_title(client: TestClient) -> None:
    page = client.get("/").text
    assert '<p id="session-title" class="session-title" hidden></p>' in page
    script = client.get("/static/app.js").text
    assert "showTitle(trace.session_title)" in script


@pytest.mark.server
@pytest.mark.slow
def test_the_page_shows_the_title_in_a_browser(tmp_path: Path, cli, browser) -> None:  # type: ignore[no-untyped-def]
    from serve_helpers import serving

    home = tmp_path / "served"
    # the page's conversation is the day's default session on the user's clock
    assert cli("--home", str(home), "--now", NOW, "session", "set-task", "plan the team offsite").code == 0
    with serving(home, now=NOW) as served:
        page = browser.new_page()
        page.goto(served.page)
        assert page.is_hidden("#session-title")
        page.fill("#text", "what's my schedule tomorrow?")
        page.keyboard.press("Enter")
        page.wait_for_selector("li.msg.bot:not(.streaming) .text")
        assert page.inner_text("#session-title") == "Plan the team offsite"
        assert page.title() == "Plan the team offsite · Steward"
        page.close()
