"""The offline answer: with no model, a turn nothing handles names things to say that work now,
chosen for what was asked, and every phrase it suggests really is answered without a model."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from steward.app import App, build_app
from steward.assistant.offline import shipped_suggestions
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load

NOW = "2026-12-01T10:00:00-05:00"


@pytest.fixture(scope="module")
def app(app_in_own_home: Callable[[str, str], App]) -> App:
    """One Steward with no model configured, in a home of its own."""
    return app_in_own_home("America/New_York", NOW)


def suggested(app: App, text: str) -> list[str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    assert trace.handled_by == "offline", f"{text!r} was handled by {trace.handled_by}"
    return list(trace.data["suggestions"])


@pytest.mark.parametrize("phrase", shipped_suggestions().all_phrases(), ids=lambda s: s.say)
def test_every_suggested_phrase_is_answered_by_its_intercept_without_a_model(app: App, phrase) -> None:
    assert app.tier_for("general") is None
    trace = app.engine.turn(phrase.say, session=f"check-{phrase.say}", dry_run=True)
    by = trace.handled_by if trace.handled_by != "reader" or phrase.by == "reader" else trace.data["answerer"]
    assert by == phrase.by, f"{phrase.say!r}: {trace.handled_by} {by}: {trace.reply}"


def test_a_money_question_suggests_what_you_owe(app: App) -> None:
    said = suggested(app, "what's my credit score?")
    assert said and all(("owe" in s or "overdue" in s or "cards" in s) for s in said)


def test_a_calendar_question_suggests_the_schedule_and_appointments(app: App) -> None:
    # a calendar request Steward cannot carry out offline ("my next flight" is answered: none ahead)
    said = suggested(app, "share my calendar appointments with Sam")
    assert any("appointment" in s for s in said) and not any("owe" in s for s in said)


def test_an_errand_is_told_what_steward_does_instead(app: App) -> None:
    trace = app.engine.turn("book me a flight to goa", session="goa", dry_run=True)
    assert trace.handled_by == "outside" and trace.reply.startswith("I can't book, buy or pay for anything")


def test_a_mail_request_suggests_the_mail_questions(app: App) -> None:
    said = suggested(app, "summarise my emails from amazon")
    assert len(said) == 3 and all("email" in s for s in said)


def test_a_change_to_the_brief_suggests_the_brief_phrasings(app: App) -> None:
    trace = app.engine.turn("turn my brief into a poem", session="poem", dry_run=True)
    assert trace.reply.startswith("That asks for a change I can't make offline")
    assert trace.data["suggestions"][:2] == ["show my brief", "add the dues section to my brief"]


def test_out_of_scope_is_told_plainly_with_what_steward_does(app: App) -> None:
    trace = app.engine.turn("walk the dog", session="dog", dry_run=True)
    assert trace.handled_by == "offline"
    assert trace.route is not None and trace.route.intent == "out_of_scope"
    assert trace.reply.startswith("That is not something Steward does.")
    assert "mail, calendar, reminders, money owed and daily brief" in trace.reply
    assert "tier2" not in trace.reply  # a model would not make it something Steward does
    assert 2 <= len(trace.data["suggestions"]) <= 3


def test_different_questions_get_different_suggestions(app: App) -> None:
    answers = {tuple(suggested(app, t)) for t in (
        "what's my credit score?", "sync my calendar with outlook",
        "summarise my emails from amazon", "share my calendar appointments with Sam")}
    assert len(answers) == 4


def test_a_phrase_whose_answerer_is_off_is_not_suggested(steward_home: Path) -> None:
    settings = load(None, environ={**os.environ, "STEWARD_READER_DUES": "0"})
    built = build_app(settings, make_clock("America/New_York", NOW), resolve_paths(str(steward_home)))
    try:
        said = suggested(built, "what's my credit score?")
        assert said == ["which cards do I have?"]
        help_reply = built.engine.turn("what can you do?", session="help", dry_run=True).reply
        assert "what do I owe" not in help_reply and "which cards do I have?" in help_reply
    finally:
        built.close()


def test_the_answerer_registrys_examples_are_suggested_and_answered_by_the_reader(app: App) -> None:
    examples = [(e, a.name if a.writes else "reader") for a in app.answerers.answerers for e in a.examples]
    assert len(examples) >= 8
    for phrase, door in examples:
        # a question is the reader's; a write (an event added or moved) is its write answerer's, without a model
        trace = app.engine.turn(phrase, session=f"reg-{phrase}", dry_run=True)
        assert trace.handled_by == door, f"{phrase!r}: {trace.handled_by}: {trace.reply}"
    help_reply = app.engine.turn("what can you do?", session="help-registry", dry_run=True).reply
    assert "show me anything suspicious" in help_reply and "when am I at the vet?" in help_reply
