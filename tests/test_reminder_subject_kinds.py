"""What a reminder says, by kind of phrasing: the list named after the thing ("add X to my
reminders"), filler nouns ("a reminder notification"), possessive dates on the reminder's own day,
a named day right after the trigger, words a cut date leaves dangling."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from steward.calendar.reminders.dates import reminder_dates, subject_of
from steward.clock import Clock
from steward.vocab import load_vocab

V = load_vocab()
CLOCK = Clock(ZoneInfo("Asia/Kolkata"), datetime(2026, 9, 14, 10, 0, tzinfo=ZoneInfo("Asia/Kolkata")))


def said(text: str) -> tuple[str, str | None]:
    found = reminder_dates(text, CLOCK, V)
    when = found.when.start.strftime("%a %d %H:%M") if found.when else None
    return subject_of(text, V, found).subject, when


@pytest.mark.parametrize(("text", "subject", "when"), [
    ("add conference call at four pm to my reminders for today", "conference call", "Mon 14 16:00"),
    ("add pick up dry cleaning to my reminders for tomorrow at 5", "pick up dry cleaning", "Tue 15 17:00"),
    ("put call the plumber on my reminders for monday morning", "call the plumber", "Mon 21 09:00"),
    ("add to my reminders: pay rent on the 20th", "pay rent", "Sun 20 00:00"),
])
def test_the_list_named_after_the_thing(text: str, subject: str, when: str) -> None:
    assert said(text) == (subject, when)


@pytest.mark.parametrize(("text", "subject"), [
    ("set a reminder notification on friday for the dentist", "dentist"),
    ("create a reminder alert for bin day on thursday at 7", "bin day"),
    ("set an alert for 5 pm to call mum", "call mum"),
])
def test_filler_nouns_name_nothing(text: str, subject: str) -> None:
    assert said(text)[0] == subject


@pytest.mark.parametrize(("text", "subject"), [
    ("remind me about tomorrow's meeting", "meeting"),
    ("remind me about today's standup at 9:45", "standup"),
    ("remind me of friday's dentist appointment on thursday", "friday's dentist appointment"),
    ("remind me of tomorrow's meeting tonight", "tomorrow's meeting"),
])
def test_a_possessive_date_stays_only_when_it_is_another_day(text: str, subject: str) -> None:
    assert said(text)[0] == subject


@pytest.mark.parametrize(("text", "subject"), [
    ("remind me nye 11pm call dad", "call dad"),
    ("remind me xmas eve wrap presents", "wrap presents"),
    ("remind me about valentine's day", "valentine's day"),  # after "about" it is what, not when
])
def test_a_named_day_right_after_the_trigger_is_when(text: str, subject: str) -> None:
    assert said(text)[0] == subject


@pytest.mark.parametrize(("text", "subject"), [
    ("remind me to book the dentist before christmas", "book the dentist"),
    ("remind me to queue for the post office at 9 sharp", "queue for the post office"),
    ("remind me to submit the leave application today itself", "submit the leave application"),
    ("remind me to pay the school fees before 10th", "pay the school fees"),
    ("remind me about the parents' evening on thursday", "parents' evening"),
])
def test_words_a_cut_date_leaves_behind(text: str, subject: str) -> None:
    assert said(text)[0] == subject


@pytest.mark.parametrize(("text", "subject"), [
    ("remind me 30 minutes before my meeting with dana", "meeting with dana"),
    ("twenty four hours before my friday meeting remind me to print the slides", "print the slides"),
    ("remind me one hour before my flight to Bangalore", "flight to Bangalore"),
    ("remind me to stretch 10 minutes after the standup", "stretch"),
])
def test_a_time_from_another_event_is_not_in_the_text(text: str, subject: str) -> None:
    found = reminder_dates(text, CLOCK, V)
    assert found.relative is not None and subject_of(text, V, found).subject == subject
