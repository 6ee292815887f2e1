"""Whether a place got back to the person about a booking ("has the vet got back to me about Pistachio?", "did
the physio reply?") is that booking's status from the place's mail, with its time: confirmed, offered and
waiting for a yes, cancelled. Asked of the mail in so many words ("has the vet emailed me back?"), it is
their mail."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home

SECOND_NOW = "2026-12-03T19:40:00+11:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(built, mailbox="second")
    return built


def ask(app: App, text: str) -> str:
    return app.engine.turn(text, session=f"s-{text}", dry_run=True).reply


@pytest.mark.parametrize("asked", ["has the vet got back to me about Pistachio?", "did the vet reply?",
                                   "Has Brunswick Vet Clinic answered yet?"])
def test_a_place_getting_back_about_a_booking_is_the_booking_s_status(second: App, asked: str) -> None:
    reply = ask(second, asked)
    assert "Sat 5 Dec" in reply and "10:00" in reply, reply
    assert "message" not in reply.split("\n")[0], reply  # the booking, not a count of mail


def test_a_booking_offered_and_one_cancelled_are_said_as_such(second: App) -> None:
    reply = ask(second, "did the physio get back to me?")
    assert "cancelled" in reply and "not booked until you say yes" in reply, reply


def test_mail_asked_for_in_so_many_words_is_the_mail(second: App) -> None:
    reply = ask(second, "has the vet emailed me back?")
    assert "Brunswick Vet Clinic" in reply and "message" in reply, reply
