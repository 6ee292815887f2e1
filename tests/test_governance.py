"""Governance: consent is an ask after an attempt at that same tool, answered yes."""

from __future__ import annotations

import pytest

from steward.assistant.governance import Step, claims_write, load_consent_words, read_answer, run_asked_user

WORDS = load_consent_words()
CALL = Step("call", "create_reminder", held=True)
ASK = Step("ask")


def test_an_ask_after_the_held_attempt_is_consent_evidence() -> None:
    assert run_asked_user([CALL, ASK], "create_reminder")
    assert run_asked_user([Step("call", "search_inbox"), CALL, Step("call", "list_schedule"), ASK], "create_reminder")


def test_a_clarifying_question_before_the_attempt_is_not() -> None:
    # ADR-0112: "What task or event are you checking for 5 PM?" then the write
    assert not run_asked_user([ASK, CALL], "create_reminder")
    assert not run_asked_user([CALL], "create_reminder")


def test_consent_to_one_tool_is_not_consent_to_another() -> None:
    steps = [Step("call", "create_event", held=True), ASK]
    assert run_asked_user(steps, "create_event")
    assert not run_asked_user(steps, "create_reminder")


def test_an_attempt_that_was_not_held_does_not_count() -> None:
    # a write refused by validation (past moment, model-computed date) was never held: nothing to consent to
    assert not run_asked_user([Step("call", "create_reminder", held=False), ASK], "create_reminder")


@pytest.mark.parametrize("text", ["yes", "Yes!", "yes please", "ok, go ahead", "sure thanks", "Yep, do it.",
                                  "that's right", "y"])
def test_yes(text: str) -> None:
    assert read_answer(text, WORDS) == "yes"


@pytest.mark.parametrize("text", ["no", "No thanks", "nope", "don't", "cancel it", "never mind"])
def test_no(text: str) -> None:
    assert read_answer(text, WORDS) == "no"


@pytest.mark.parametrize("text", ["Python training", "yes but at 6 pm", "ok no", "what's on tomorrow?",
                                  "remind me to call mom", ""])
def test_anything_else_is_not_an_answer(text: str) -> None:
    assert read_answer(text, WORDS) is None


@pytest.mark.parametrize("text", ["I've set a reminder for 5 PM.", "Done! You're all set.",
                                  "Your reminder has been created for tomorrow.", "I'll remind you at 5.",
                                  "I have scheduled Python training for 5 PM", "The reminder is set."])
def test_write_claims(text: str) -> None:
    assert claims_write(text, WORDS)


@pytest.mark.parametrize("text", ["Shall I set a reminder for 5 PM?", "You have two reminders tomorrow.",
                                  "What should I remind you about?", "I can set that for you if you like."])
def test_not_claims(text: str) -> None:
    assert not claims_write(text, WORDS)
