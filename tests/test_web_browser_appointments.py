"""The Today panel's appointments found in mail, in a real browser: one click adds one to the calendar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from serve_helpers import build_demo_home, serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-09-14T23:53:00+05:30"


def test_accept_a_booking_from_mail_and_see_it_under_tomorrow(browser: Any, tmp_path: Path) -> None:
    home = build_demo_home(tmp_path / "home", NOW)
    with serving(home, now=NOW, env={"STEWARD_SEMANTIC_SEARCH": "0", "STEWARD_SEMANTIC_ROUTER": "0"}) as s:
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(s.page)
        page.wait_for_selector("#tomorrow-items li:has-text('Nothing tomorrow yet')")
        vets = page.wait_for_selector(".brief-block[data-slot='appointments'] li:has-text('Pawsome Vets')")
        assert "proposed" in vets.inner_text()
        # nothing from the lookalike sender or the friend's invitation waits for a yes
        section = page.inner_text(".brief-block[data-slot='appointments']")
        priya = [line for line in section.splitlines() if "Priya" in line]
        assert all(line.startswith("rejected:") and "waiting" not in line for line in priya), priya
        assert not page.query_selector(".brief-block[data-slot='appointments'] li:has-text('Priya') button")
        assert not page.query_selector(".brief-block[data-slot='appointments'] li:has-text('suspicious') button")
        page.screenshot(path=str(tmp_path / "proposals.png"), full_page=True)
        page.click("button[aria-label='Accept Pawsome Vets']")
        row = page.wait_for_selector("#tomorrow-items li:has-text('Pawsome Vets')")
        assert "09:15" in row.inner_text()
        page.wait_for_selector(".brief-block[data-slot='appointments'] li:has-text('created: Pawsome Vets')")
        # another one turned down: it leaves the proposals and nothing is written
        page.click("button[aria-label='Reject Riverside Physio']")
        page.wait_for_selector(".brief-block[data-slot='appointments'] li:has-text('rejected: Riverside Physio')")
        with s.client() as http:
            proposals = http.get("/appointments").json()["proposals"]
            assert "Riverside Physio" not in [p["provider"] for p in proposals]
            assert "Pawsome Vets" not in [p["provider"] for p in proposals]
        page.screenshot(path=str(tmp_path / "accepted.png"), full_page=True)
        assert not errors, errors
