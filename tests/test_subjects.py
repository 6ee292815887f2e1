"""Reminder subjects: what a reminder is for, in the user's own words (ADR-0112 §1-3)."""

import pytest

from steward.calendar.reminders.subjects import extract_subject, parse_subject
from steward.vocab import load_vocab

V = load_vocab()


def span(text: str, part: str) -> tuple[int, int]:
    i = text.index(part)
    return i, i + len(part)


def test_the_adr_sentence_saves_ai_training() -> None:
    text = "can you remind me tomorrow at 10 am for a AI training ?"
    assert extract_subject(text, V, [span(text, "tomorrow at 10 am")]) == "AI training"


@pytest.mark.parametrize("text,when,expected", [
    ("remind me to call Mom at 5 pm", "at 5 pm", "call Mom"),
    ("Remind me at 5 pm to call Mom", "at 5 pm", "call Mom"),
    ("could you please remind me tomorrow to renew the car insurance, thanks", "tomorrow",
     "renew the car insurance"),
    ("set a reminder for the dentist on friday", "on friday", "dentist"),
    ("I'd like you to remind me about my biology test on friday", "on friday", "biology test"),
    ("add a to-do to pay the electricity bill at 5 pm", "at 5 pm", "pay the electricity bill"),
    ("i have a checkup tomorrow remind me", "tomorrow", "checkup"),
    ("don't forget that Sam's party is saturday at 7", "saturday at 7", "Sam's party"),
    ("remind me to call Ravi tomorrow about the rent", "tomorrow", "call Ravi about the rent"),
    ("add lunch with Chris to my calendar at noon", "at noon", "lunch with Chris"),
])
def test_subjects(text: str, when: str, expected: str) -> None:
    assert extract_subject(text, V, [span(text, when)]) == expected


@pytest.mark.parametrize("text,when", [
    ("remind me about it tomorrow at 9", "tomorrow at 9"),
    ("can you remind me tomorrow at 10 am ?", "tomorrow at 10 am"),
    ("set a reminder for this tomorrow", "tomorrow"),
    ("remind me", ""),
])
def test_nothing_left_means_no_subject(text: str, when: str) -> None:
    spans = [span(text, when)] if when else []
    parsed = parse_subject(text, V, spans)
    assert parsed.subject == ""
    assert parsed.trigger is not None


def test_the_trigger_is_reported() -> None:
    assert parse_subject("please set a reminder for the gym", V).trigger == "set a reminder"
    assert parse_subject("buy milk", V).trigger is None


def test_the_core_is_the_events_name_and_the_reminder_keeps_who_and_where() -> None:
    parsed = parse_subject("schedule a meeting with Chelsea at the office", V)
    assert parsed.subject == "meeting with Chelsea at the office"
    assert parsed.core == "meeting"
    text = "remind me about Sally's birthday on saturday"
    sally = parse_subject(text, V, [span(text, "on saturday")])
    assert (sally.subject, sally.core) == ("Sally's birthday", "birthday")


@pytest.mark.parametrize("text,when,expected", [
    # a preposition after the time starts something else: it stays with what follows it
    ("remind me to call mom at 5 pm in the car", "at 5 pm", "call mom in the car"),
    ("remind me to pick up the kids at 3 pm from school", "at 3 pm", "pick up the kids from school"),
    # ... and one before the time leads into it
    ("remind me from monday to take the pills", "monday", "take the pills"),
    ("remind me about the meeting i have tomorrow", "tomorrow", "meeting"),
])
def test_what_stands_beside_the_time(text: str, when: str, expected: str) -> None:
    assert extract_subject(text, V, [span(text, when)]) == expected


@pytest.mark.parametrize("text,when,subject,core", [
    ("remember to fix a meeting with the team tomorrow", "tomorrow", "fix a meeting with the team", "meeting"),
    ("add to the calendar a farewell event for this afternoon", "this afternoon", "farewell event", "farewell"),
    ("set calendar info for the school concert", "", "info for the school concert", "school concert"),
    ("put the daily standup on my calendar at 10 am", "at 10 am", "daily standup", "standup"),
    ("i want to go to the open air concert tonight", "tonight", "go to the open air concert", "open air concert"),
])
def test_the_events_name(text: str, when: str, subject: str, core: str) -> None:
    parsed = parse_subject(text, V, [span(text, when)] if when else [])
    assert (parsed.subject, parsed.core) == (subject, core)
