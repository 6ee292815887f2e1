"""What a reminder says when the request is spoken: a wake word first ("hey olly"), a need said
before the event ("i need a call with the auditors"), and the request said again after what it is
for ("the school play set reminder for friday"). One test per kind, on sentences written for it."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from steward.calendar.reminders.dates import reminder_dates, subject_of
from steward.clock import Clock
from steward.vocab import load_vocab

V = load_vocab()
CLOCK = Clock(ZoneInfo("Europe/Dublin"), datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("Europe/Dublin")))


def subject(text: str) -> str:
    return subject_of(text, V, reminder_dates(text, CLOCK, V)).subject


@pytest.mark.parametrize(("text", "want"), [
    ("hey olly remind me to water the tomatoes at six", "water the tomatoes"),
    ("olly set a reminder for the car service on thursday", "car service"),
    ("alexa remind me about the book club tomorrow evening", "book club"),
])
def test_a_wake_word_is_not_the_subject(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("i need a call with the auditors on friday at ten", "call with the auditors"),
    ("we need a planning session next monday remind me", "planning session"),
])
def test_a_need_said_before_the_event_is_not_the_subject(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("there is a school play set reminder for friday at six", "school play"),
    ("i need to be reminded that the school play is on friday set a reminder", "school play"),
    ("the gas meter reading remind me on the first", "gas meter reading"),
])
def test_the_request_said_again_after_the_subject_is_cut(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("send me an alert for the recycling pickup on monday", "recycling pickup"),
    ("i want a notification for the pottery class at seven", "pottery class"),
    ("give me a heads up about the fire drill on wednesday", "fire drill"),
])
def test_the_kind_of_nudge_said_with_any_verb_is_not_the_subject(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("remind me in advance about the road tax on the ninth", "road tax"),
    ("remind me well in advance of the christening on the sixth", "christening"),
    ("remind me ahead of time about the window fitter on friday", "window fitter"),
])
def test_when_to_be_told_is_not_what_for(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("remind me at ten to turn the heating down", "turn the heating down"),
    ("remind me tonight to put the dishwasher on", "put the dishwasher on"),
    ("remind me to call the garage at nine on friday", "call the garage"),
])
def test_a_particle_that_ends_the_sentence_stays(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("remind me about the parents evening on tuesday", "parents evening"),
    ("remind me about games night at the club on friday", "games night at the club"),
])
def test_a_part_of_the_day_after_a_noun_is_the_events_name(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("remind me about dinner with the neighbours on sunday", "dinner with the neighbours"),
    ("remind me about evening prayers at the mosque", "evening prayers at the mosque"),
])
def test_about_a_meal_or_a_part_of_the_day_is_what_it_is_for(text: str, want: str) -> None:
    assert subject(text) == want


@pytest.mark.parametrize("text", ["make me a reminder", "set me up a reminder please"])
def test_a_request_for_a_reminder_that_names_nothing_has_no_subject(text: str) -> None:
    assert subject(text) == ""


def test_give_me_before_the_thing_is_the_request() -> None:
    assert subject("please give me an update on the bake sale totals at five") == "update on the bake sale totals"
