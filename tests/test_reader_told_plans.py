"""Plans a family's mail tells of in plain words, asked after as people in Britain and Ireland ask: a coach's game
(where it is played, the time to be there for, "half 10" before its kick-off, asked after a sport's name and whose
game it is: "what's the story wi Aoife's football on Saturday?"), a school's evening in sittings by class (each sitting
on the day), and a sister's "be there about 3" said with the time it gives when her mail is asked after. No model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-05-05T08:00:00+01:00"  # Wednesday 5 May 2027, morning
ZONE = ZoneInfo("Europe/Belfast")


def _sent(day: int, hour: int = 19) -> datetime:
    return datetime(2027, 5, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Europe/Belfast", NOW)
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "coach": message("cn-1@homepost.example", ("Ciaran Nolan", "ciaran.nolan@homepost.example"), "Saturday",
                         "Hi all,\n\nGame on Saturday against Dunmurry Colts at Falls Park, pitch 2. Kick-off 11, get "
                         "there for half 10 please. Green socks and gumshields.\n\nCiaran", _sent(3)),
        "council": message("pc-7@stbrigids-pc.example", ("St Brigid's Parent Council", "events@stbrigids-pc.example"),
                           "Summer Disco this Friday",
                           "Dear families,\n\nThe Summer Disco is this Friday in the assembly hall:\nP1-P4: 5pm to "
                           "6pm\nP5-P7: 6.30pm to 8pm\n\nTickets £3 at the door.\n\nSt Brigid's Parent Council",
                           _sent(4, 16)),
        "sister": message("nq-2@familypost.example", ("Niamh Quinn", "niamh.quinn@familypost.example"), "Sunday",
                          "Hiya, we'll call over on Sunday, be there about 3. The girls are dying to see the puppy. "
                          "I'll bring a tart.\n\nNiamh x", _sent(3, 21)),
    })


def test_a_game_asked_by_its_sport_and_whose_it_is_then_the_time_to_be_there(home: App) -> None:
    first, when, where = talk(home, "what's the story wi Aoife's football on Saturday?",
                              "what time do we have to be there?", "which park is that at?")
    assert "11:00" in first and "Aoife" in first, first  # said not named in the coach's mail, and the game still
    assert "10:30" in when and "half 10" in when, when  # "half 10" before an 11 o'clock kick-off
    assert "Falls Park" in where, where


def test_the_time_to_get_there_for_is_asked_in_other_words(home: App) -> None:
    reply = talk(home, "when's the game on saturday?", "what time should we get there?")[-1]
    assert "10:30" in reply, reply
    reply = talk(home, "when's the game on saturday?", "where is it?")[-1]
    assert "Falls Park" in reply, reply


def test_a_school_evening_in_sittings_is_each_sitting(home: App) -> None:
    reply = talk(home, "what's on Friday?")[-1]
    assert "17:00" in reply and "18:30" in reply and "P5-P7" in reply, reply


def test_what_a_sister_said_of_a_day_gives_its_time(home: App) -> None:
    reply = talk(home, "what did Niamh say about Sunday?")[-1]
    assert "about 3" in reply and "15:00" in reply, reply
