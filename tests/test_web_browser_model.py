"""A model's answer on the page: its words, and under them what its tools read drawn as things (here
the dues it listed, as the table the reader's money answers have), in headless Chromium."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from serve_helpers import Served, serving
from steward.llm.testing import ScriptedModelServer, call, say
from test_web_browser_answers import NOT_FOR_PEOPLE, SIZES, ask, shot, violations

pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-12-05T10:00:00+00:00"
REPLY = "Pay Avalon Mutual first: it is overdue. The others can wait a little."


@pytest.fixture
def served(demo_home_at: Callable[[str], Path], tmp_path: Path, model_server: ScriptedModelServer) -> Iterator[Served]:
    home = tmp_path / "home"
    shutil.copytree(demo_home_at(NOW), home)
    with serving(home, now=NOW, env={"STEWARD_LLM_TIER2": model_server.tier("ollama")}) as running:
        yield running


@pytest.mark.parametrize("size", SIZES, ids=["1280", "390"])
def test_a_model_answer_shows_its_words_and_the_dues_it_read_as_a_table(
        browser: Any, served: Served, model_server: ScriptedModelServer, size: tuple[int, int]) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    page.goto(served.page)
    served.settle()  # the scheduled jobs' first runs (which may ask the model too) are over
    model_server.enqueue(call("list_dues"), say(REPLY))
    answer = ask(page, "write me a short poem about my sunday")
    assert answer.locator(".text").inner_text() == REPLY
    table = answer.locator(".view.of-tools .dues-table")
    assert table.count() == 1 and "Avalon Mutual" in table.inner_text(), answer.locator("pre").inner_text()[-2500:]
    assert answer.locator(".chip-overdue").count() >= 1
    shot(answer, size, "model")
    found = NOT_FOR_PEOPLE.search(answer.inner_text())
    assert not found, answer.inner_text()
    assert violations(page) == []
