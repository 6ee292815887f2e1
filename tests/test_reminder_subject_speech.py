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
