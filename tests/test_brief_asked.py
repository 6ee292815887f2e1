"""The brief asked for in a person's words: what sort of brief ("a quick rundown", "my daily digest") and
which day ("a digest for today", "my briefing for tomorrow") get that day's brief, never a refusal and never
a change to the brief's sections."""

from __future__ import annotations

from typing import Any

import pytest

from chat_helpers import ask
from steward.brief.manifest import load_manifest
from steward.brief.phrases import config_words, parse_config
from steward.vocab import load_vocab

NOW = "2026-03-10T07:30:00+13:00"
W = config_words(load_vocab().config_objects, load_vocab().config_object_breakers)


@pytest.fixture(scope="module")
def home(app_in_own_home: Any) -> Any:
    return app_in_own_home("Pacific/Auckland", NOW)


@pytest.mark.parametrize(("question", "day"), [
    ("quick rundown of today", "Tue 10 Mar 2026"),
    ("can I get a quick rundown of today", "Tue 10 Mar 2026"),
    ("short summary of today", "Tue 10 Mar 2026"),
    ("my daily digest", "Tue 10 Mar 2026"),
    ("give me a digest for today", "Tue 10 Mar 2026"),
    ("give me a quick digest for today", "Tue 10 Mar 2026"),
    ("give me my briefing for tomorrow", "Wed 11 Mar 2026"),
    # the brief gone through, as people ask to be taken through it
    ("run me through my digest", "Tue 10 Mar 2026"),
    ("take me through the summary for today", "Tue 10 Mar 2026"),
])
def test_the_brief_asked_for_in_any_words_is_that_days_brief(home: Any, question: str, day: str) -> None:
    handled_by, reply = ask(home, question)
    assert handled_by == "reader" and reply.startswith(f"Your brief for {day}"), (question, handled_by, reply)


@pytest.mark.parametrize("text", ["give me a digest for today", "give me my briefing for tomorrow",
                                  "show me the rundown of today"])
def test_a_day_said_of_the_brief_is_no_section_to_add(text: str) -> None:
    assert parse_config(text, load_manifest(), W) is None


def test_a_day_section_is_still_added_by_name() -> None:
    got = parse_config("add tomorrow to my brief", load_manifest(), W)
    assert got is not None and got.op in ("add", "move") and got.slot == "tomorrow"


@pytest.fixture(scope="module")
def afternoon(app_in_own_home: Any) -> Any:
    return app_in_own_home("Pacific/Auckland", "2026-03-10T15:30:00+13:00")


@pytest.mark.parametrize("question", ["the morning rundown please", "my morning briefing", "evening summary please"])
def test_a_part_of_the_day_said_of_the_brief_names_which_brief_not_another_day(afternoon: Any, question: str) -> None:
    # asked after noon, "morning" is the brief a morning gives: today's, never tomorrow morning's
    handled_by, reply = ask(afternoon, question)
    assert handled_by == "reader" and reply.startswith("Your brief for Tue 10 Mar 2026"), (question, reply)
