"""A thing of a person's asked about ("dinner at her house", "the game with my brother"), a kind no booking is
of: answered from a booking only when its mail is of that person or that kind,
else said not found with the mail that speaks of it, never with another booking's time. On the ninth sample
home (Rachel's mail, Denver, no model)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conversation_turns import Say, misses
from steward.app import App
from steward.demo import build_demo_home
from steward.reader.honesty import someones_home, without_times
from steward.reader.words import load_words

NOW = "2027-05-11T07:25:00-06:00"


@pytest.fixture(scope="module")
def ninth(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("America/Denver", NOW)
    build_demo_home(built, mailbox="ninth")
    return built


def test_a_home_said_is_a_persons_never_a_providers() -> None:
    rw = load_words()
    assert someones_home("supper at his house on friday?", rw) == "his house"
    assert someones_home("is lunch at my gran's tomorrow?", rw) == "my gran's"
    assert someones_home("brunch at Leo's flat", rw) == "leo's flat"
    assert someones_home("a table at Nando's tonight", rw) == ""  # a restaurant's name, no family word
    assert someones_home("dinner at the Larder", rw) == ""
    assert someones_home("what time is dinner at hers?", rw) == "hers"  # a home said as people say it
    assert someones_home("drinks at theirs on friday", rw) == "theirs"
    assert someones_home("is it at his office?", rw) == ""  # a place of theirs that is no home


def test_another_things_time_is_left_out_of_what_is_held_instead() -> None:
    assert without_times("- Mon 15 Mar at 08:45 Clinic appointment") == "- Mon 15 Mar Clinic appointment"
    assert without_times("- Sat 19 Dec 7:30 pm Gala") == "- Sat 19 Dec Gala"


def test_dinner_at_a_relatives_house_is_no_restaurant_booking(ninth: App) -> None:
    turns = (
        Say("anything from my mother?", ("Linda Ortega",)),
        Say("what time's dinner at her house?", ("I can't find any dinner at her house", "Linda Ortega"),
            ("19:30", "Osteria")),
    )
    assert misses(ninth, "home", turns) == []


def test_a_thing_done_with_a_relative_is_not_when_their_mail_came(ninth: App) -> None:
    turns = (Say("when is the ballgame with my brother?", ("I can't", "Chris Ortega"), ("2 messages",)),)
    assert misses(ninth, "with", turns) == []
