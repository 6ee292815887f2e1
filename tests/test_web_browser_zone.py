"""The time zone changed from the page, and the panels in the order a person uses them: in headless
Chromium on the demo home on a Saturday morning (10:00 UTC)."""

from __future__ import annotations

from typing import Any

import pytest

from serve_helpers import Served
from test_web_browser_answers import DOCS, SIZES, ask, violations

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-12-05T10:00:00+00:00"


@pytest.fixture
def served(served_demo: Served) -> Served:
    return served_demo


@pytest.mark.parametrize("size", SIZES, ids=["1280", "390"])
def test_the_zone_changes_from_the_header_and_the_day_and_answers_follow(
        browser: Any, served: Served, size: tuple[int, int]) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(served.page)
    page.wait_for_selector("#today-items li:not(.muted), #today-items li.muted:not(:has-text('Loading'))")
    page.click("#zone-button")
    assert page.is_visible("#zone-form") and page.evaluate("document.activeElement.id") == "zone-input"
    page.wait_for_function("() => document.querySelectorAll('#zone-list option').length > 300")
    assert violations(page) == []

    page.fill("#zone-input", "Mars/Base")
    page.keyboard.press("Enter")
    page.wait_for_function("() => /unknown time zone/.test(document.querySelector('#zone-status').textContent)")
    page.locator("header").screenshot(path=str(DOCS / f"page-zone-{size[0]}.png"), animations="disabled")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "nothing scrolls sideways"
    assert page.inner_text("#zone-status").count("\n") == 0
    assert page.inner_text("#zone-label") == "UTC" and page.get_attribute("#zone-input", "aria-invalid") == "true"

    # Kiritimati is 14 hours ahead of UTC: Saturday 10:00 there is Sunday 00:00
    page.fill("#zone-input", "Kiritimati")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#zone-label').textContent === 'Kiritimati'")
    assert page.is_hidden("#zone-form")
    assert page.inner_text("#today-long") == "Sunday, 6 December 2026"
    assert page.text_content("#today-label") == "Sunday, 6 December 2026"
    tomorrow = ask(page, "what's on tomorrow?")
    assert "Mon 7 Dec" in tomorrow.inner_text()  # tomorrow on the new clock
    page.reload()
    assert page.inner_text("#zone-label") == "Kiritimati"  # saved: the page opens on it again
    assert not errors, errors


def test_the_panel_used_most_comes_first_on_the_next_visit(browser: Any, served: Served) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(served.page)
    order = "() => [...document.querySelectorAll('.side > .panel')].map(p => p.id)"
    assert page.evaluate(order) == ["today", "money"]
    page.wait_for_selector("#money-groups li.money-row")
    page.click("#money-refresh")
    ask(page, "what do I owe?")  # an answer about money uses the Money panel too
    assert page.evaluate(order) == ["today", "money"], "nothing moves while the page is open"
    page.reload()
    assert page.evaluate(order) == ["money", "today"]
    context.close()


@pytest.fixture
def served_en_us(demo_home_at: Any, tmp_path: Any) -> Any:
    """The demo home with `locale = "en_US"`, served."""
    import shutil

    from serve_helpers import serving
    from steward.paths import resolve_paths

    home = tmp_path / "home-us"
    shutil.copytree(demo_home_at(NOW), home)
    config = resolve_paths(str(home)).config_file
    config.write_text((config.read_text() if config.exists() else "") + 'locale = "en_US"\n')
    with serving(home, now=NOW) as running:
        yield running


def test_in_en_us_the_page_writes_every_day_and_time_one_way(browser: Any, served_en_us: Served) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served_en_us.page)
    assert page.inner_text("#today-long") == "Saturday, December 5, 2026"
    said = ask(page, "remind me tomorrow at 5 pm to call Sam").inner_text().replace("\u202f", " ")
    assert "at 5:00 PM: call Sam" in said
    page.wait_for_function("() => /call Sam/.test(document.querySelector('#next-items').textContent)")
    panel = page.inner_text("#next-items").replace("\u202f", " ")
    assert "Sun, Dec 6 5:00 PM" in panel, panel
    page.wait_for_function("() => /call Sam/.test(document.querySelector('#tomorrow-items').textContent)")
    assert "5:00 PM" in page.inner_text("#tomorrow-items").replace("\u202f", " ")
    dues = ask(page, "what do I owe?")
    assert "Tue, Dec 8" in dues.locator(".dues-table").inner_text()
