"""The page's Today panel after a change made with Steward, in a real browser: a moved event says where
it was, a skipped time of a repeating event stays in its day, struck through."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from serve_helpers import serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-12-01T08:00:00-05:00"  # a Tuesday morning


def test_the_today_panel_shows_a_moved_event_and_a_skipped_time(browser: Any, steward_home: Path,
                                                                 cli: Callable[..., Any], tmp_path: Path) -> None:
    def run(*args: str) -> None:
        r = cli("--now", NOW, "--tz", "America/New_York", *args)
        assert r.code == 0, r.err

    run("calendar", "add", "2026-12-01T11:00", "dentist")
    run("calendar", "add", "every wednesday at 9", "standup", "--minutes", "15")
    run("calendar", "move", "the dentist", "3 pm")
    run("calendar", "skip", "standup", "tomorrow")
    with serving(steward_home, now=NOW, env={"STEWARD_TIMEZONE": "America/New_York"}) as served:
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(served.page)
        moved = page.wait_for_selector("#today-items li.moved")
        skipped = page.wait_for_selector("#tomorrow-items li.skipped")
        assert "dentist" in moved.inner_text() and "15:00" in moved.inner_text()
        assert "moved from today 11:00" in moved.inner_text()
        assert "standup" in skipped.inner_text() and "skipped" in skipped.inner_text()
        style = page.eval_on_selector("#tomorrow-items li.skipped .what", "e => getComputedStyle(e).textDecorationLine")
        assert style == "line-through"
        page.screenshot(path=str(tmp_path / "today.png"), full_page=True)
        assert not errors, errors
