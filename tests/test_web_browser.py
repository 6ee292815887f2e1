"""The web page in a real browser (Debian's Chromium, headless, driven by Playwright)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from serve_helpers import Served, serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-09-14T23:53:00+05:30"


@pytest.fixture
def served(served_demo: Served) -> Served:
    return served_demo


def test_remind_me_in_the_page_and_see_it_under_tomorrow(browser: Any, served: Served, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(served.page)
    assert "Monday, 14 September 2026" in page.inner_text("header")
    page.wait_for_selector("#tomorrow-items li:has-text('Nothing tomorrow yet')")
    page.fill("#text", "remind me tomorrow at 10 am for AI training")
    page.keyboard.press("Enter")
    reply = page.wait_for_selector("li.msg.bot:not(.streaming) .text")
    assert "AI training" in reply.inner_text()
    assert page.input_value("#text") == ""
    row = page.wait_for_selector("#tomorrow-items li:has-text('AI training')")
    assert "10:00" in row.inner_text()
    assert "AI training" in page.inner_text("#next-items")
    page.click("details.trace summary")
    assert "reminder_creation" in page.inner_text("details.trace pre")
    page.screenshot(path=str(tmp_path / "page.png"), full_page=True)
    assert not errors, errors


def test_search_highlights_the_words_it_matched(browser: Any, served: Served, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.goto(served.page)
    page.fill("#q", "statement")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hits li")
    marks = page.locator("#hits mark").all_inner_texts()
    assert marks and all(m.lower() == "statement" for m in marks)
    assert "message" in page.inner_text("#search-status")
    page.screenshot(path=str(tmp_path / "search.png"), full_page=True)


def test_keyboard_only(browser: Any, served: Served, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.goto(served.page)
    page.wait_for_selector("#next-items li")
    # Tab from the top: the skip link comes first and takes focus to the message box
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "text"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    page.keyboard.type("remind me tomorrow at 5 pm to call the bank")
    page.keyboard.press("Enter")
    page.wait_for_selector("#next-items li:has-text('call the bank')")
    assert page.evaluate("document.activeElement.id") == "text"  # focus back in the box after the answer
    # Tab on to the reminder's Cancel button and press it with the keyboard
    for _ in range(30):
        page.keyboard.press("Tab")
        label = page.evaluate("document.activeElement.getAttribute('aria-label') || ''")
        if label == "Cancel the reminder “call the bank”":
            break
    else:
        pytest.fail("the reminder's Cancel button cannot be reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#next-items li:has-text('Nothing pending')")
    page.screenshot(path=str(tmp_path / "keyboard.png"), full_page=True)


def test_narrow_screen(browser: Any, served: Served, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    page.goto(served.page)
    page.wait_for_selector("#today-items li")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    chat = page.locator("section.chat").bounding_box()
    side = page.locator("aside.side").bounding_box()
    assert side["y"] >= chat["y"] + chat["height"] - 1  # one column: the panels come after the chat
    send = page.locator("#send").bounding_box()
    assert send["x"] + send["width"] <= 360
    page.fill("#text", "what's my schedule tomorrow?")
    page.click("#send")
    page.wait_for_selector("li.msg.bot:not(.streaming)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "narrow.png"), full_page=True)


@contextmanager
def chatting(browser: Any, model: Any, home: Path, protocol: str, text: str, axe: bool = False) -> Iterator[Any]:
    """Serve `home` with the scripted model as tier 2 (`protocol`: ollama or openai), open the page and
    send `text`; the page, while the server runs. `axe`: the page lets the axe checker be injected."""
    with serving(home, now=NOW, env={"STEWARD_LLM_TIER2": model.tier(protocol)}) as s:
        page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=axe)
        page.goto(s.page)
        page.fill("#text", text)
        page.keyboard.press("Enter")
        yield page


def test_a_held_write_is_a_card_with_confirm(browser: Any, model_server: Any, tmp_path: Path) -> None:
    from steward.llm.testing import call, say

    model_server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow", time="5 pm"), say("Shall I?"))
    with chatting(browser, model_server, tmp_path / "home", "ollama",
                  "I should call Sam tomorrow at 5, can you help") as page:
        card = page.wait_for_selector(".card")
        assert "Call Sam" in card.inner_text() and "17:00" in card.inner_text()
        assert "Nothing tomorrow yet" in page.inner_text("#tomorrow-items")  # held: nothing written yet
        page.screenshot(path=str(tmp_path / "held.png"), full_page=True)
        page.click(".card button:has-text('Confirm')")
        page.wait_for_selector(".card.answered")
        page.wait_for_selector("#tomorrow-items li:has-text('Call Sam')")
        assert "Done" in page.locator("li.msg.bot .text").last.inner_text()
        page.screenshot(path=str(tmp_path / "confirmed.png"), full_page=True)


def test_a_write_asked_about_waits_beside_a_later_answer_and_its_confirm_there_saves_it(
        browser: Any, model_server: Any, tmp_path: Path) -> None:
    from steward.llm.testing import call, say

    model_server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow", time="5 pm"), say("Shall I?"))
    with chatting(browser, model_server, tmp_path / "home", "ollama",
                  "I should call Sam tomorrow at 5, can you help", axe=True) as page:
        page.wait_for_selector(".card button:has-text('Confirm')")
        page.fill("#text", "what's on tomorrow?")  # the person goes on to something else
        page.keyboard.press("Enter")
        waiting = page.wait_for_selector("li.msg.bot:last-child .held-waiting")
        assert "Still waiting for your yes" in waiting.inner_text() and "Call Sam" in waiting.inner_text()
        assert page.query_selector(".card.closed") is None  # the card keeps its buttons too
        axe = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
        page.add_script_tag(path=str(axe))
        found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                              ".map(v => v.id + ' ' + v.nodes.map(n => n.target.join(' ')).join(','))")
        assert found == []
        row = page.locator(".held-waiting li").first
        height = row.bounding_box()["height"]
        row.locator("button", has_text="Confirm").click()
        page.wait_for_function("() => /Saved/.test(document.querySelector('.held-waiting .act-status').textContent)")
        assert abs(row.bounding_box()["height"] - height) < 2, "the row keeps its height"
        page.wait_for_selector("#tomorrow-items li:has-text('Call Sam')")
        assert "Confirmed" in page.inner_text(".card.closed")


def test_a_card_whose_question_a_later_model_turn_replaced_says_so_and_has_no_buttons(
        browser: Any, model_server: Any, tmp_path: Path) -> None:
    from steward.llm.testing import call, say

    model_server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow", time="5 pm"), say("Shall I?"))
    with chatting(browser, model_server, tmp_path / "home", "ollama",
                  "I should call Sam tomorrow at 5, can you help") as page:
        page.wait_for_selector(".card button:has-text('Confirm')")
        model_server.enqueue(say("I can't see the weather from here."))
        page.fill("#text", "what's the weather like?")  # a new request to the model replaces the card's question
        page.keyboard.press("Enter")
        closed = page.wait_for_selector(".card.closed")
        assert "replaced this question" in closed.inner_text()
        assert page.query_selector(".card button") is None and page.query_selector(".held-waiting") is None
        assert "Nothing tomorrow yet" in page.inner_text("#tomorrow-items")
        page.screenshot(path=str(tmp_path / "superseded.png"), full_page=True)


def test_a_model_answer_appears_word_by_word(browser: Any, model_server: Any, tmp_path: Path) -> None:
    from steward.llm.testing import call, say

    answer = ("Your card statements come from three banks. Kaveri Bank sends one early in the month, "
              "Meridian Bank in the second week, and Harbor Credit Union near the end; none is overdue.")
    model_server.enqueue(call("search_inbox", query="card statement"), say(answer, pause=0.05))
    with chatting(browser, model_server, tmp_path / "home", "openai",
                  "can you help me make sense of my card statements") as page:
        # part of the answer is on the page while the model is still writing the rest
        seen = page.wait_for_function("() => { const t = document.querySelector('li.msg.bot.streaming .text');"
                                      " return t !== null && t.textContent.length > 0 && t.textContent; }")
        partial = seen.json_value()
        assert answer.startswith(partial) and len(partial) < len(answer)
        done = page.wait_for_selector("li.msg.bot:not(.streaming) .text")
        assert done.inner_text() == answer
        page.screenshot(path=str(tmp_path / "streamed.png"), full_page=True)


DOCS = Path(__file__).resolve().parent.parent / "docs"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
                          " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3)}))")
    return [f"{v['impact']}: {v['id']} ({v['help']}) at {v['nodes']}" for v in found
            if v["impact"] in ("serious", "critical")]


def ask(page: Any, text: str) -> str:
    """Type a turn, send it, and wait for its whole answer."""
    page.wait_for_selector("#send:enabled")  # a turn sent while one is under way is not taken
    before = page.locator("li.msg.bot").count()
    page.fill("#text", text)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('li.msg.bot:not(.streaming)').length > {before}")
    return str(page.locator("li.msg.bot .text").last.inner_text())


def test_the_conversation_survives_a_reload(browser: Any, served: Served) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(served.page)
    assert "AI training" in ask(page, "remind me tomorrow at 10 am for AI training")
    assert "I can't tell jokes" in ask(page, "tell me a joke")
    page.reload()
    page.wait_for_selector("li.msg.user")
    said = [" ".join(t.split()) for t in page.locator("li.msg.user").all_inner_texts()]
    assert said == ["You: remind me tomorrow at 10 am for AI training", "You: tell me a joke"]
    assert "AI training" in page.locator("li.msg.bot .text").first.inner_text()
    assert page.locator("#chat-empty").count() == 0
    assert page.evaluate("localStorage.getItem('steward.session')") == "2026-09-14"
    ask(page, "what's my schedule tomorrow?")  # the conversation goes on in the same session
    again = context.new_page()
    again.goto(served.base + "/")  # the context keeps the cookie
    again.wait_for_function("() => document.querySelectorAll('li.msg.user').length === 3")
    assert "AI training" in again.locator("li.msg.bot").last.inner_text()  # the answer drawn as its day
    context.close()


def placeholder_fits(page: Any, selector: str) -> bool:
    """Whether the field's placeholder is shown whole (its text is no wider than the field's inside)."""
    return bool(page.evaluate("""(sel) => {
        const f = document.querySelector(sel), s = getComputedStyle(f);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const inside = f.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
        return ctx.measureText(f.placeholder).width <= inside;
    }""", selector))


def test_phone_width_has_no_sideways_scroll_and_passes_axe(browser: Any, served: Served) -> None:
    # bypass_csp: the page allows only its own scripts, and axe is injected as an inline script
    page = browser.new_page(viewport={"width": 375, "height": 812}, device_scale_factor=2, bypass_csp=True)
    page.goto(served.page)
    page.wait_for_selector("#today-items li:not(.muted), #today-items li.muted:not(:has-text('Loading'))")
    assert placeholder_fits(page, "#text") and placeholder_fits(page, "#q")
    assert serious_violations(page) == []  # the empty page
    ask(page, "remind me tomorrow at 10 am for AI training")
    ask(page, "what do I owe this week?")
    page.fill("#q", "statement")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hits li")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    assert serious_violations(page) == []  # with answers, a reminder and search hits


def test_the_page_with_the_demo_data_passes_axe_and_is_the_readme_screenshot(browser: Any, served: Served) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    page.goto(served.page)
    page.wait_for_selector("#next-items li:not(:has-text('Loading'))")
    ask(page, "what do I owe this week?")
    ask(page, "remind me tomorrow at 10 am for AI training")
    page.wait_for_selector("#tomorrow-items li:has-text('AI training')")
    assert serious_violations(page) == []
    page.screenshot(path=str(DOCS / "steward.png"))
