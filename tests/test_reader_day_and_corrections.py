"""Kinds of talk about a day and its bookings, on three sample homes with no model: a day asked how it looks
is that day's schedule (not the whole brief); "anything else on that day?" after a booking is every thing on
that day; a correction that says what is not meant is asked of the one meant only; a fee asked after a
booking is that booking's fee from its mail; a kind of insurance asked is that kind only, or said not held.

Each conversation is one recorded session, read one turn at a time as `steward chat` reads it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conversation_turns import Say, misses
from steward.app import App
from steward.demo import build_demo_home


@pytest.fixture(scope="module")
def eighth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Deepa's home in Bengaluru on Thu 15 Apr 2027, 07:45: a review invitation at 11:00 that day."""
    built = app_in_own_home("Asia/Kolkata", "2027-04-15T07:45:00+05:30")
    build_demo_home(built, mailbox="eighth")
    return built


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], App]) -> App:
    """Alex's home on Wed 9 Dec 2026, 08:05: an eye test and a book club invitation on Mon 14 Dec."""
    built = app_in_own_home("Asia/Kolkata", "2026-12-09T08:05:00+05:30")
    build_demo_home(built, mailbox="demo")
    return built


@pytest.fixture(scope="module")
def third(app_in_own_home: Callable[[str, str], App]) -> App:
    """Ines's home in Toronto on Mon 7 Dec 2026: one insurance bill, a home insurance renewal."""
    built = app_in_own_home("America/Toronto", "2026-12-07T07:40:00-05:00")
    build_demo_home(built, mailbox="third")
    return built


@pytest.mark.parametrize("asked", ["how's my day looking?", "what does my day look like today?",
                                   "how is my day shaping up?"])
def test_a_day_asked_how_it_looks_is_its_schedule(eighth: App, asked: str) -> None:
    assert misses(eighth, f"looks-{asked}", (Say(asked, ("Business Review", "11:00"), ("Your brief",)),)) == []


def test_a_day_named_is_that_days_schedule_and_the_brief_asked_by_name_is_the_brief(eighth: App) -> None:
    assert misses(eighth, "looks-tomorrow", (
        Say("what does my day look like tomorrow?", ("Sprint", "14:30"), ("Your brief", "Business Review")),)) == []
    assert misses(eighth, "catch-up", (Say("catch me up on my day", ("Your brief",)),)) == []


def test_anything_else_that_day_is_every_thing_on_the_day_of_the_booking(demo: App) -> None:
    assert misses(demo, "else-that-day", (
        Say("when is the eye test?", ("10:30",)),
        Say("what else is on that day?", ("Book club", "11:00")),
    )) == []


def test_a_correction_that_says_what_is_not_meant_is_asked_of_the_one_meant(demo: App, eighth: App) -> None:
    assert misses(demo, "physio-not-restaurant", (
        Say("when is the Saffron Table booking?", ("20:00",)),
        Say("no, I meant the physio rather than the restaurant. what time is that?", ("18:00",), ("Saffron",)),
    )) == []
    assert misses(eighth, "not-dentist-doctor", (
        Say("when's the dentist?", ("17:30",)),
        Say("no no, not the dentist, I meant the doctor", ("19:15",), ("Smile Arc",)),
    )) == []


def test_a_fee_asked_after_a_booking_is_that_bookings_fee_from_its_mail(eighth: App) -> None:
    assert misses(eighth, "doctor-fee", (
        Say("when do I see the doctor?", ("19:15",)),
        Say("how much are the fees?", ("800",), ("18,600", "What you owe")),
    )) == []


def test_a_kind_of_insurance_is_answered_about_that_kind_only(third: App) -> None:
    assert misses(third, "car-insurance", (
        Say("what's my auto insurance premium?", ("no car insurance", "home insurance"), ("1,384", "Trillium")),
    )) == []
    assert misses(third, "home-insurance", (Say("how much is the home insurance?", ("1,384",)),)) == []
