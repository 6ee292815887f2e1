"""Kinds of question the reader answered with something else, or with the offline refusal: what another app
holds, the calendar's own state, a bill's cycle, the subjects and senders of a span's mail (the demo home,
its clock pinned, no model). Each sentence is written for Steward."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-09-14T09:00:00+05:30"


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], App]) -> App:
    """The demo home, built once for the module, with no model configured."""
    built = app_in_own_home("Asia/Kolkata", NOW)
    build_demo_home(built)
    return built


def ask(app: App, text: str) -> tuple[str, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


@pytest.mark.parametrize(("text", "app_name"), [("got any fresh matches on bumble?", "Bumble"),
                                                ("how many people liked my instagram post", "Instagram"),
                                                ("any new connection requests on linkedin", "Linkedin")])
def test_what_another_app_holds_is_said_plainly_never_read_from_the_calendar(demo: App, text: str,
                                                                            app_name: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "outside" and reply.startswith(f"I can't see inside {app_name}"), reply
    assert f'"mail from {app_name}"' in reply and "What is on" not in reply, reply


def test_an_app_said_with_a_word_of_mail_asks_of_its_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "has facebook emailed me lately?")
    assert handled_by == "reader" and "facebook" in reply.lower() and "can't see inside" not in reply, reply


@pytest.mark.parametrize("text", ["is my calendar synced?", "is the diary shared with my partner",
                                  "are the calendar entries correct"])
def test_the_calendars_own_state_is_not_answered_with_what_is_on(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "reader" and "Coming up" not in reply and "What is on" not in reply, reply


@pytest.mark.parametrize("text", ["is my diary clear on friday?", "is my schedule packed this week"])
def test_how_full_the_calendar_is_still_asks_what_is_on(demo: App, text: str) -> None:
    handled_by, _ = ask(demo, text)
    assert handled_by == "reader"


def test_a_bills_cycle_is_said_not_read_with_the_due_days(demo: App) -> None:
    handled_by, reply = ask(demo, "when does the billing cycle end on my cards?")
    assert handled_by == "reader" and reply.startswith("Steward reads no billing cycle from your mail"), reply
    assert "due" in reply, reply


def test_the_subjects_and_senders_of_a_spans_mail_are_listed_not_searched_for(demo: App) -> None:
    handled_by, reply = ask(demo, "give me the senders and subject lines of every email this month")
    assert handled_by == "reader" and "No emails match" not in reply and "searched for" not in reply, reply


def test_the_highlights_of_a_game_are_the_news_not_the_brief(demo: App) -> None:
    handled_by, reply = ask(demo, "what were the highlights of last night's derby game")
    assert handled_by == "outside" and reply.startswith("I can't fetch the news"), reply
