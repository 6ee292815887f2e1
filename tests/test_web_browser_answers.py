"""Answers drawn as things on the page (dues as a table, days, mail that opens, bookings with Accept),
the search box in the header, the chat opening at its latest turn: in headless Chromium at a desktop's
and a phone's size, on the demo home on a Saturday."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from serve_helpers import Served

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-12-05T10:00:00+00:00"  # Saturday 5 December 2026, London
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
DOCS = Path(__file__).resolve().parent.parent / "docs"
SIZES = [(1280, 800), (390, 844)]
# what a page must never show a person: code quotes, commands, the pipeline's handler names
NOT_FOR_PEOPLE = re.compile(r"`|\bsteward [a-z]|\b(?:dues_request|schedule_query|reminder_creation|handled_by|"
                            r"answered by|intent \w+|config\.toml)\b")


@pytest.fixture
def served(served_demo: Served) -> Served:
    return served_demo


def shot(answer: Any, size: tuple[int, int], kind: str) -> None:
    """docs/page-<kind>-<width>.png: one answer as the page draws it (scripts/page-screenshots.sh)."""
    answer.screenshot(path=str(DOCS / f"page-{kind}-{size[0]}.png"), animations="disabled")


def ask(page: Any, text: str) -> Any:
    """Type a turn, send it, wait for its whole answer; the answer's list item."""
    page.wait_for_selector("#send:enabled")  # a turn sent while one is under way is not taken
    before = page.locator("li.msg.bot:not(.streaming)").count()
    page.fill("#text", text)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('li.msg.bot:not(.streaming)').length > {before}")
    return page.locator("li.msg.bot").last


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0 \
        and box["x"] + box["width"] <= size["width"] + 1


def violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))"
                          ".slice(0, 3)}))")
    return [f"{v['impact']}: {v['id']} at {v['nodes']}" for v in found]


@pytest.mark.parametrize("size", SIZES, ids=["1280", "390"])
def test_each_kind_of_answer_is_drawn_as_its_things(browser: Any, served: Served, size: tuple[int, int]) -> None:
    # bypass_csp: the page allows only its own scripts, and axe is injected as an inline script
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(served.page)
    assert in_view(page, "#q"), "the search box is in the first screen"
    assert "· UTC" in page.inner_text("header") and "Etc/UTC" not in page.inner_text("header")

    # asked first: a schedule question right after a money one is read as its follow-on
    week = ask(page, "what's coming up this week?")
    strip = week.locator("svg.strip")
    assert strip.count() == 1, week.inner_html()[:600]
    assert "Sun 6 Dec: 09:15 Pawsome Vets" in strip.get_attribute("aria-label")
    shot(week, size, "week")

    page.wait_for_selector("#money-groups li.money-row")
    assert "inr: ₹10,001.90 to pay" in page.inner_text("#money-groups").lower()  # the sum written as the chat writes it
    tall = page.evaluate("() => [...document.querySelectorAll('#money-groups li.money-row')]"
                         ".map(r => r.getBoundingClientRect().height).filter(h => h > 90)")
    assert tall == [], "every money row fits in two lines"
    chart = page.locator("#money-chart-img")
    page.wait_for_function("() => { const i = document.querySelector('#money-chart-img'); return i.complete && i.naturalWidth > 0; }")
    assert chart.get_attribute("alt").startswith("What falls due from Sat 5 Dec")

    dues = ask(page, "what do I owe?")
    rows = dues.locator(".dues-table tbody tr")
    assert rows.count() >= 2
    first = rows.first.inner_text()
    assert re.search(r"[£₹$€]\s?[\d,]+\.\d\d", first) and dues.locator(".chip-overdue").count() >= 1
    assert "[#" not in dues.inner_text()
    shot(dues, size, "dues")

    day = ask(page, "what's on tomorrow?")
    assert day.locator(".view-schedule .day-name").first.inner_text().lower().startswith("sun 6 dec")
    assert "tomorrow: Sun 6 Dec" in day.locator(".window").inner_text()
    vet = day.locator(".day-items li", has_text="Pawsome Vets")
    assert "09:15" in vet.inner_text() and vet.locator("button", has_text="Accept").count() == 1
    shot(day, size, "schedule")

    mail = ask(page, "any mail from Kaveri Bank?")
    hits = mail.locator(".mail-list li")
    assert hits.count() >= 3
    shot(mail, size, "mail")
    opener = hits.first.locator("button.mail-open")
    opener.click()
    assert opener.get_attribute("aria-expanded") == "true"
    page.wait_for_function("() => { const b = [...document.querySelectorAll('.mail-list .body')]"
                           ".find(x => !x.hidden); return b && !b.textContent.startsWith('Fetching'); }")

    booking = ask(page, "when is my vet appointment?")
    row = booking.locator(".bookings li").first
    assert "Sun 6 Dec" in row.inner_text() and "09:15" in row.inner_text()
    shot(booking, size, "bookings")
    height = row.bounding_box()["height"]
    row.locator("button", has_text="Accept").click()
    page.wait_for_function("() => [...document.querySelectorAll('.bookings .act-status')]"
                           ".some(s => /Added|Not added/.test(s.textContent))")
    assert abs(row.bounding_box()["height"] - height) < 30, "the row keeps its shape after Accept"
    page.wait_for_function("() => /Pawsome/.test(document.querySelector('#tomorrow-items').textContent)")
    assert page.inner_text("#tomorrow-items").startswith("09:15"), "the panel writes a time as the answers do"

    brief = ask(page, "show my brief")
    sections = brief.locator(".brief-sections .brief-section")
    assert sections.count() >= 3 and "dues" in brief.locator(".brief-sections").inner_text().lower()
    shot(brief, size, "brief")

    senders = ask(page, "how many emails did I get this month?")
    rows = senders.locator(".senders li")
    assert rows.count() >= 5 and "Tue 1 Dec – Thu 31 Dec" in senders.locator(".window").inner_text()
    assert re.match(r"\d+\s*Zoë Müller · Tue 1 Dec – Fri 4 Dec", rows.first.inner_text()), rows.first.inner_text()
    shot(senders, size, "senders")
    rows.first.locator("button", has_text="Show").click()
    page.wait_for_function("() => /message/.test(document.querySelector('#search-status').textContent)")
    assert page.locator("#hits li").count() == 3  # this month's three from her, not all of hers

    offline = ask(page, "summarise what the landlord said about the deposit")
    assert "language model" in offline.inner_text()
    guide = offline.locator("a", has_text="the Models guide")
    assert guide.get_attribute("href") == "/guides/models.md"
    opened = page.request.get(served.base + "/guides/models.md")  # the page's cookie carries the token
    assert opened.status == 200 and "<h1>Models</h1>" in opened.text()
    offline.locator("button", has_text="Search mail for these words").click()
    assert page.input_value("#q") == "summarise what the landlord said about the deposit"
    page.wait_for_selector("#hits li")
    shot(offline, size, "offline")
    page.screenshot(path=str(DOCS / f"page-{size[0]}.png"))

    text = page.inner_text("body")
    found = NOT_FOR_PEOPLE.search(text)
    assert not found, text[max(0, found.start() - 120):found.end() + 60] if found else ""
    assert violations(page) == []
    assert not errors, errors


def test_a_reload_with_many_turns_opens_at_the_latest_with_the_box_in_view(browser: Any, served: Served) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(served.page)
    for _ in range(6):
        ask(page, "what do I owe?")
        ask(page, "what's coming up this week?")
    page.reload()
    page.wait_for_selector("li.msg.bot:not(.streaming)")
    page.wait_for_function("() => !document.querySelector('#log').hasAttribute('aria-busy')")
    assert in_view(page, "#text"), "the message box is in view"
    assert in_view(page, "#q"), "the search box is in view"
    last = page.locator("li.msg.bot").last.bounding_box()
    log = page.locator("#log").bounding_box()
    assert last["y"] < log["y"] + log["height"], "the latest answer is in view"
    context.close()


def test_slash_puts_the_cursor_in_the_search_box_and_results_show_in_place(browser: Any, served: Served) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(served.page)
    page.locator("body").click(position={"x": 5, "y": 300})
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "q"
    page.keyboard.type("statement")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hits li")
    assert in_view(page, "#search-status")


@pytest.mark.parametrize("size", SIZES, ids=["1280", "390"])
def test_on_a_saturday_this_week_says_so_what_the_next_seven_days_add_and_what_waits(
        browser: Any, served: Served, size: tuple[int, int]) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    page.goto(served.page)
    weekend = ask(page, "what do I owe this week?")
    assert "Sat 5 Dec – Sun 6 Dec" in weekend.locator(".window").inner_text()
    assert "Harbor Credit Union US$290.09 due Tue 8 Dec" in weekend.locator(".also").inner_text()
    # the vet found in mail for Sunday morning waits for a yes: said with the bills, Accept beside it
    waiting = weekend.locator(".waiting")
    assert "Also waiting for your yes" in waiting.inner_text()
    vet = waiting.locator("li", has_text="Pawsome Vets")
    assert "Sun 6 Dec, 09:15" in vet.inner_text()
    assert vet.locator("button", has_text="Accept").count() == 1
    shot(weekend, size, "waiting")
    assert violations(page) == []
    vet.locator("button", has_text="Reject").click()
    page.wait_for_function("() => [...document.querySelectorAll('.waiting .act-status')]"
                           ".some(s => /Turned down/.test(s.textContent))")


@pytest.mark.parametrize("size", SIZES, ids=["1280", "390"])
def test_the_cards_answer_is_a_table_of_issuers_their_numbers_masked_and_what_falls_due_next(
        browser: Any, served: Served, size: tuple[int, int]) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    page.goto(served.page)
    cards = ask(page, "which cards do I have?")
    rows = cards.locator(".accounts-table tbody tr")
    assert rows.count() >= 3, cards.inner_html()[:600]
    kaveri = cards.locator(".accounts-table tbody tr", has_text="Kaveri Bank")
    line = kaveri.inner_text()
    # the last four only, masked; the next bill in the person's way of writing a sum and a day, with its chip
    assert "•••• 4821" in line and "XXXX" not in line, line
    assert "₹5,795.85" in line and "Wed 23 Dec" in line and kaveri.locator(".chip").count() == 1, line
    assert not re.search(r"\d{5,}", line.replace(",", "")), "no full account number on the page"
    shot(cards, size, "accounts")
    assert violations(page) == []
