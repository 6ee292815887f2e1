"""Small talk: a greeting, thanks, a goodbye, "who are you?", "what can you do?" are answered in a line
without a model, never with the offline refusal; a turn with anything else in it is no small talk."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.errors import ConfigError
from steward.reader.talk import parse_words, shipped_words, small_talk

NOW = "2026-03-10T18:45:00+00:00"


@pytest.fixture(scope="module")
def app(app_in_own_home: Callable[[str, str], App]) -> App:
    """An empty home, no model configured."""
    return app_in_own_home("Europe/London", NOW)


def ask(app: App, text: str) -> tuple[str, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


@pytest.mark.parametrize(("text", "said"), [
    ("Hey Steward!", "Hey!"), ("good evening", "Good evening!"), ("hiya", "Hiya!"),
    ("cheers, that's really useful", "You're welcome."), ("thank you for all your help", "You're welcome."),
    ("ta very much", "You're welcome."), ("right, I'm off to bed", "Good night."),
    ("how are things?", "All well here"), ("what's your name?", "I'm Steward"),
    ("are you a bot?", "I'm Steward"), ("oops, never mind", "No problem."), ("okay", "Okay."),
    ("see you tomorrow", "Bye for now."),
])
def test_small_talk_is_answered_in_a_line_never_refused(app: App, text: str, said: str) -> None:
    handled_by, reply = ask(app, text)
    assert handled_by == "small_talk", reply
    assert said in reply and "can't" not in reply and "language model" not in reply, reply


def test_kinds_said_together_are_each_answered_in_the_order_said(app: App) -> None:
    _, reply = ask(app, "thanks a lot, nighty night")
    assert reply.index("You're welcome.") < reply.index("Good night."), reply
    _, reply = ask(app, "ok bye then")
    assert reply.startswith("Bye for now.") and "Okay." not in reply, reply  # "okay" beside a goodbye adds nothing


@pytest.mark.parametrize("text", ["what can you help me with?", "what sort of things can I ask you", "help"])
def test_what_can_you_do_lists_what_works_now(app: App, text: str) -> None:
    handled_by, reply = ask(app, text)
    assert handled_by == "small_talk", reply
    assert "You can say:" in reply and "remind me" in reply and "what do i owe" in reply.lower(), reply


@pytest.mark.parametrize("text", ["hi, what's on tomorrow?", "thanks, and what do I owe?", "good morning, any mail?",
                                  "thank the plumber", "hello from the garage", "help me find the lease email"])
def test_a_turn_with_anything_else_in_it_is_no_small_talk(text: str) -> None:
    assert small_talk(text, shipped_words()) == ()


def test_the_small_talk_words_are_checked_when_read() -> None:
    with pytest.raises(ConfigError, match="greeting"):
        parse_words("kinds:\n  greeting: {phrases: hello, reply: Hi}\n")


def test_the_flag_turns_small_talk_off(app_on: Callable[[str, str], App], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SMALL_TALK_INTERCEPT", "0")
    handled_by, _ = ask(app_on("Europe/London", NOW), "thanks!")
    assert handled_by == "offline"
