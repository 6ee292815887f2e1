"""The days a nursery or a school is closed, and the day it opens again, asked in plain words: the sentence of the
place's own mail that says it, quoted with its day; a day its mail does not say it is closed is never said open,
and its fees are still its fees. A home in Manchester with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-12-01T08:00:00+00:00"  # Wednesday 1 December 2027
ZONE = ZoneInfo("Europe/London")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 11, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_mail(app_in_own_home("Europe/London", NOW), tmp_path_factory.mktemp("mail"), {
        "a-nursery": message("n1@sunflowerdays.example", ("Sunflower Day Nursery", "office@sunflowerdays.example"),
                             "Christmas opening times",
                             "Dear families,\n\nPlease note we are closed on Monday 6 December for staff training. Over "
                             "Christmas the nursery is closed from Friday 24 December to Monday 3 January. We reopen "
                             "on Tuesday 4 January at 7.30am.\n\nWarm wishes,\nThe Sunflower team", _sent(26)),
        "b-school": message("s1@brookfieldprimary.example", ("Brookfield Primary School",
                                                             "office@brookfieldprimary.example"),
                            "Dates for your diary",
                            "Dear Parents and Carers,\n\nFriday 10 December is an INSET day, so there is no school for "
                            "pupils. The Christmas jumper day is on Thursday 16 December.\n\nMrs Okoro\nSchool Office",
                            _sent(29)),
        "c-child": message("m1@homepost.example", ("Maya Clarke", "maya.clarke@homepost.example"), "lift",
                           "Mum can you pick me up from football on Thursday? Maya", _sent(30)),
    })


@pytest.mark.parametrize(("question", "said"), [
    ("which days is the nursery shut in december?", "Monday 6 December"),
    ("is nursery closed on the 6th", "staff training"),
    ("is there school on friday 10th?", "INSET day"),
    ("any school on the 10th of december?", "INSET day"),
    # asked of the child ("does she have school", "got school ... or not?", as Hong Kong English asks it)
    ("does Maya have school on friday 10th?", "INSET day"),
    ("Maya got school on the 10th or not?", "INSET day")])
def test_a_closing_day_is_the_places_own_sentence_that_says_it(home: App, question: str, said: str) -> None:
    reply = talk(home, question)[0]
    assert said in reply, reply


def test_the_day_a_place_opens_again_is_the_one_its_mail_gives(home: App) -> None:
    reply = talk(home, "when does the nursery reopen after christmas?")[0]
    assert "4 Jan" in reply and "We reopen" in reply, reply


def test_a_day_no_mail_says_closed_is_never_said_open(home: App) -> None:
    reply = talk(home, "is the nursery open on the 8th?")[0]
    assert "can't tell" in reply and "Yes" not in reply, reply
