"""The page's Today panel after a change made with Steward, in a real browser: a moved event says where
it was, a skipped time of a repeating event stays in its day, struck through, and an event that has
ended offers no change."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from serve_helpers import serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-12-01T08:00:00-05:00"  # a Tuesday morning
ZONE = "America/New_York"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


def _run(cli: Callable[..., Any], *args: str) -> Any:
    """`steward ARGS` at the test's clock, which must succeed."""
    r = cli("--now", NOW, "--tz", ZONE, *args)
    assert r.code == 0, r.err
    return r


@contextmanager
def _today(browser: Any, home: Path, size: tuple[int, int] = (1280, 860), *,
           bypass_csp: bool = False) -> Iterator[tuple[Any, list[str]]]:
    """The page served for `home` at the test's clock, open in the browser, and the errors it raises."""
    with serving(home, now=NOW, env={"STEWARD_TIMEZONE": ZONE}) as served:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]}, bypass_csp=bypass_csp)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(served.page)
        yield page, errors


def _open_change(item: Any) -> None:
    """Open an item's change form (its Change button), as a person does once the panel has loaded (a
    panel still fetching draws its list again, closing what was opened)."""
    item.page.wait_for_load_state("networkidle")
    item.locator("button.change").click()


def _answer(item: Any, ask: str, yes: str) -> None:
    """Open an item's change form, press `ask` and then `yes` on the question it puts, as a person does: a panel
    that draws its list again meanwhile (a change made just before is still being fetched) closes the form, and
    the person opens it again."""
    not_shown = pytest.importorskip("playwright.sync_api").TimeoutError
    for _ in range(3):
        _open_change(item)
        item.locator("button", has_text=ask).click()
        try:
            item.locator("button", has_text=yes).wait_for(state="visible", timeout=5000)
            break
        except not_shown:  # the list was drawn again and the form closed with it
            continue
    item.locator("button", has_text=yes).click()


def _axe_violations(page: Any) -> list[str]:
    """What axe-core finds wrong for people using assistive technology on the page as it stands."""
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id + ' ' + v.nodes.map(n => n.target.join(' ')).join(','))")
    return found


def test_the_today_panel_shows_a_moved_event_and_a_skipped_time(browser: Any, steward_home: Path,
                                                                 cli: Callable[..., Any], tmp_path: Path) -> None:
    _run(cli, "calendar", "add", "2026-12-01T11:00", "dentist")
    _run(cli, "calendar", "add", "every wednesday at 9", "standup", "--minutes", "15")
    _run(cli, "calendar", "move", "the dentist", "3 pm")
    _run(cli, "calendar", "skip", "standup", "tomorrow")
    early = cli("--now", "2026-12-01T05:00:00-05:00", "--tz", ZONE,
                "calendar", "add", "2026-12-01T06:00", "early swim", "--minutes", "45")
    assert early.code == 0, early.err
    with _today(browser, steward_home) as (page, errors):
        moved = page.wait_for_selector("#today-items li.moved")
        skipped = page.wait_for_selector("#tomorrow-items li.skipped")
        assert "dentist" in moved.inner_text() and "15:00" in moved.inner_text()
        assert "moved from today 11:00" in moved.inner_text()
        assert moved.query_selector("button.change") is not None
        over = page.locator("#today-items li", has_text="early swim")
        assert over.count() == 1 and over.locator("button.change").count() == 0  # over: nothing to change
        assert "standup" in skipped.inner_text() and "skipped" in skipped.inner_text()
        style = page.eval_on_selector("#tomorrow-items li.skipped .what", "e => getComputedStyle(e).textDecorationLine")
        assert style == "line-through"
        page.screenshot(path=str(tmp_path / "today.png"), full_page=True)
        assert not errors, errors


@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["1280", "390"])
def test_an_event_is_moved_skipped_and_cancelled_from_the_today_panel(
        browser: Any, steward_home: Path, cli: Callable[..., Any], size: tuple[int, int]) -> None:
    _run(cli, "calendar", "add", "2026-12-01T11:00", "dentist")
    _run(cli, "calendar", "add", "2026-12-01T16:00", "haircut")
    _run(cli, "calendar", "add", "every wednesday at 9", "standup", "--minutes", "15")
    with _today(browser, steward_home, size, bypass_csp=True) as (page, errors):
        dentist = page.locator("#today-items li", has_text="dentist")
        _open_change(dentist)
        assert dentist.locator("button.change").get_attribute("aria-expanded") == "true"
        dentist.get_by_label("Move to").fill("3 pm")
        assert _axe_violations(page) == []
        dentist.locator("button", has_text="Move").click()
        moved = page.wait_for_selector("#today-items li.moved")  # the panel draws the day again
        assert "dentist" in moved.inner_text() and "15:00" in moved.inner_text()
        assert "moved from today 11:00" in moved.inner_text()

        standup = page.locator("#tomorrow-items li", has_text="standup")
        _answer(standup, "Skip this time", "Yes, skip it")
        page.wait_for_selector("#tomorrow-items li.skipped:has-text('standup')")

        haircut = page.locator("#today-items li", has_text="haircut")
        _open_change(haircut)
        haircut.locator("button", has_text="Cancel it").click()
        haircut.locator("button", has_text="Keep it").click()
        assert "Kept as it is." in haircut.inner_text()
        page.reload()
        haircut = page.locator("#today-items li", has_text="haircut")
        _answer(haircut, "Cancel it", "Yes, cancel it")
        page.wait_for_function("() => !/haircut/.test(document.querySelector('#today-items').textContent)")
        assert "dentist" in page.inner_text("#today-items")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert not errors, errors


def test_an_event_in_an_answers_days_is_moved_from_there_and_the_panel_follows(
        browser: Any, steward_home: Path, cli: Callable[..., Any]) -> None:
    _run(cli, "calendar", "add", "2026-12-01T11:00", "dentist")
    with _today(browser, steward_home) as (page, _):
        page.wait_for_selector("#today-items li:has-text('dentist')")
        page.fill("#text", "what's coming up this week?")
        page.keyboard.press("Enter")
        entry = page.locator("li.msg.bot .day-items li", has_text="dentist")
        _open_change(entry)
        entry.get_by_label("Move to").fill("4 pm")
        entry.locator("button", has_text="Move").click()
        page.wait_for_function("() => /Moved to/.test(document.querySelector('.day-items .event-change .act-status')"
                               ".textContent)")
        moved = page.wait_for_selector("#today-items li.moved")
        assert "dentist" in moved.inner_text() and "16:00" in moved.inner_text()


def test_one_time_of_a_repeating_event_is_moved_from_the_today_panel_and_says_so(
        browser: Any, steward_home: Path, cli: Callable[..., Any]) -> None:
    _run(cli, "calendar", "add", "every wednesday at 9", "standup", "--minutes", "15")
    with _today(browser, steward_home) as (page, errors):
        standup = page.locator("#tomorrow-items li", has_text="standup")
        _open_change(standup)
        standup.get_by_label("Move to").fill("11 am")
        standup.locator("button", has_text="Move this time").click()
        moved = page.wait_for_selector("#tomorrow-items li.moved")
        assert "standup" in moved.inner_text() and "11:00" in moved.inner_text()
        assert "moved from" in moved.inner_text() and "09:00" in moved.inner_text()
        assert not errors, errors
    # the other times stay
    week = _run(cli, "--json", "schedule", "december 9").json()["items"]
    assert [(i["title"], i["start"][11:16], i.get("state")) for i in week] == [("standup", "09:00", None)]


def test_a_time_of_a_repeating_reminder_moved_or_skipped_says_so_in_the_today_panel(
        browser: Any, steward_home: Path, cli: Callable[..., Any]) -> None:
    fish = _run(cli, "--json", "remind", "every day at 6 pm", "feed the fish").json()
    _run(cli, "--json", "reminders", "move", str(fish["id"]), "7:30 pm")           # today's time alone
    stretch = _run(cli, "--json", "remind", "every day at 7 am", "stretch").json()  # its first is tomorrow's
    _run(cli, "--json", "reminders", "cancel", str(stretch["id"]))                   # skipped on its own
    with _today(browser, steward_home) as (page, errors):
        moved = page.wait_for_selector("#today-items li.moved")
        assert "feed the fish" in moved.inner_text() and "19:30" in moved.inner_text()
        assert "moved from today 18:00" in moved.inner_text()
        skipped = page.wait_for_selector("#tomorrow-items li.skipped")
        assert "stretch" in skipped.inner_text() and "skipped" in skipped.inner_text()
        assert not errors, errors


@pytest.mark.parametrize("size", [(1280, 860), (390, 844)], ids=["1280", "390"])
def test_a_reminder_is_moved_skipped_and_cancelled_from_the_today_panel(
        browser: Any, steward_home: Path, cli: Callable[..., Any], size: tuple[int, int]) -> None:
    _run(cli, "remind", "every day at 6 pm", "feed the fish")
    _run(cli, "remind", "tomorrow at 5 pm", "call mum")
    with _today(browser, steward_home, size, bypass_csp=True) as (page, errors):
        fish = page.locator("#today-items li", has_text="feed the fish")
        # tomorrow's time is not the next yet: it is changed once it is
        page.wait_for_selector("#tomorrow-items li:has-text('feed the fish')")
        assert page.locator("#tomorrow-items li", has_text="feed the fish").locator("button.change").count() == 0
        # in the reminders due next, a repeating one is skipped this time, a one-off cancelled
        page.wait_for_selector("#next-items li:has-text('feed the fish')")
        assert page.locator("#next-items li", has_text="feed the fish").locator("button").inner_text() == "Skip this time"
        assert page.locator("#next-items li", has_text="call mum").locator("button").inner_text() == "Cancel"
        _open_change(fish)
        assert fish.locator("button.change").get_attribute("aria-expanded") == "true"
        # a repeat is not one time: said so, and nothing moves
        fish.get_by_label("Move to").fill("every tuesday")
        fish.locator("button", has_text="Move this time").click()
        page.wait_for_function("() => /is a repeat, not one time/.test(document.querySelector("
                               "'#today-items .event-change .act-status').textContent)")
        fish.get_by_label("Move to").fill("7:30 pm")
        assert _axe_violations(page) == []
        fish.locator("button", has_text="Move this time").click()
        moved = page.wait_for_selector("#today-items li.moved")  # the panel draws the day again
        assert "feed the fish" in moved.inner_text() and "19:30" in moved.inner_text()
        assert "moved from today 18:00" in moved.inner_text()

        fish = page.locator("#today-items li", has_text="feed the fish")
        _answer(fish, "Skip this time", "Yes, skip it")
        page.wait_for_selector("#today-items li.skipped:has-text('feed the fish')")
        # the next time is tomorrow's now, and can be changed
        page.wait_for_selector("#tomorrow-items li:has-text('feed the fish') button.change")

        mum = page.locator("#tomorrow-items li", has_text="call mum")
        _answer(mum, "Cancel it", "Yes, cancel it")
        page.wait_for_function("() => !/call mum/.test(document.querySelector('#tomorrow-items').textContent)")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert not errors, errors
    day = _run(cli, "--json", "schedule", "tomorrow").json()["items"]
    assert [(i["text"], i["due"][11:16], i.get("state")) for i in day] == [("feed the fish", "18:00", None)]
