"""A game, a match or a fixture a relative or a coach tells of in a sentence deep in their mail, past the part of it
Steward keeps ("our Kyle's got a cup match Saturday the 20th, kick off at 2"): asked on its day or as the next one,
that sentence is given with its day and time, never "none" because no booking was read from it; a sentence that
says there is none then ("no game this Saturday") tells of none. A game asked by the child it is for ("Ollie's next
fixture"), whose coach's mail names no child, is the game ahead, said to name no one. A home in Leeds with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2028-05-10T08:00:00+01:00"  # Wednesday 10 May 2028
ZONE = ZoneInfo("Europe/London")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Europe/London", NOW)
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "sister": message("k1@mailbox-demo.example", ("Janine Holt", "janine.holt@mailbox-demo.example"), "news",
                          "Hiya love, hope you're all well and the cold's gone. Mam's doing better since the new tablets "
                          "and she's been out in the garden most days, bless her. Work is mad as usual but I'm "
                          "managing. No football this Saturday as the pitch is being reseeded. Our Kyle's got a cup "
                          "match Saturday the 20th though, kick off at 2 at Bramley Park, if you fancy coming to "
                          "shout for him.\n\nJan x", datetime(2028, 5, 8, 19, 30, tzinfo=ZONE)),
        "coach": message("c1@mailbox-demo.example", ("Darren Pickles", "darren.pickles@mailbox-demo.example"),
                         "Fixtures", "Evening all,\n\nNext up is Sunday 28th May, away at Rodley Rovers, kick off 10.30. "
                         "Meet at the ground at ten to ten, full kit please.\n\nDarren\nU12s",
                         datetime(2028, 5, 9, 21, 0, tzinfo=ZONE)),
    })


@pytest.mark.parametrize("question", ["what time is the match on the 20th?", "is there a game saturday the 20th",
                                      "is there a match on the 20th?"])
def test_a_match_told_in_a_sentence_deep_in_a_mail_is_given_with_its_time(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "kick off at 2" in reply and "Janine Holt" in reply and "can't find any" in reply
    assert "reseeded" not in reply


def test_a_game_asked_by_the_child_it_is_for_is_the_one_ahead_said_to_name_no_one(home: App) -> None:
    reply = talk(home, "when is Ollie's next game?")[0]
    assert "Sun 28 May" in reply and "10:30" in reply and "names Ollie" in reply


def test_a_sentence_that_says_there_is_none_then_tells_of_no_match(home: App) -> None:
    reply = talk(home, "what time is the football this saturday?")[0]
    assert "kick off" not in reply
