"""Who does a thing for the person that family arranges in their mail ("who's picking me up from the airport?"): the
sentence of that mail, quoted with whose it is, in whatever words the mail says the lift; a business's offer of a
pick-up is no one's, and a place no mail speaks of gets no other place's lift. A home in Brisbane with mail written
here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-08-02T07:30:00+10:00"  # Monday 2 August 2027
ZONE = ZoneInfo("Australia/Brisbane")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 7, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_mail(app_in_own_home("Australia/Brisbane", NOW), tmp_path_factory.mktemp("mail"), {
        "a-brother": message("b1@wattlemail.example", ("Mick Daly", "mick.daly@wattlemail.example"), "Cairns trip",
                             "G'day sis, all sorted for when you land in Cairns on Friday arvo. Jono reckons he'll "
                             "come and get you from the airport in the ute, so no need for a cab. Bring your boardies."
                             "\n\nMick", _sent(29, 20)),
        "c-partner": message("s1@wattlemail.example", ("Sam Whitlock", "sam.whitlock@wattlemail.example"), "tonight",
                             "Table's booked for 8.30pm at the Thai place on James St. I'll collect you at 7.40 outside your "
                             "work, don't be late!\n\nSam", _sent(31, 15)),
        "d-husband": message("d1@wattlemail.example", ("Dave Daly", "dave.daly@wattlemail.example"), "arvo",
                             "Stuck on site till late, can you pick up Ollie from footy at 5:30? Ta.\n\nD",
                             _sent(31, 16)),
        "b-hotel": message("h1@reefview.example", ("Reefview Lodge", "stay@reefview.example"),
                           "Your stay at Reefview Lodge",
                           "Thank you for booking with Reefview Lodge. A shuttle pick-up from the airport is available "
                           "on request for $25 per person.", _sent(30)),
    })


@pytest.mark.parametrize("question", ["who's picking me up from the airport?", "who is collecting us at the airport",
                                      "who's getting me from the airport on friday?"])
def test_a_lift_family_arranges_is_their_mails_sentence(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "Jono" in reply and "Mick Daly" in reply, reply
    assert "Reefview" not in reply, reply


def test_a_place_no_mail_gives_a_lift_from_gets_none_of_another_places(home: App) -> None:
    reply = talk(home, "who's picking me up from the station?")[0]
    assert "Jono" not in reply, reply


@pytest.mark.parametrize("question", ["what time is Sam collecting me?", "when's Sam picking me up tonight",
                                      "what time Sam fetch me ah?"])
def test_when_someone_fetches_the_person_is_their_mails_sentence(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "7.40" in reply and "Sam Whitlock" in reply, reply
    assert "19:40" in reply, reply  # (a time said bare, before the evening one its mail names)
    assert "Jono" not in reply, reply  # (another's lift, when the one named wrote of theirs)


@pytest.mark.parametrize("question", ["what time do I need to pick up Ollie?", "when do I gotta grab Ollie",
                                      "what time should we collect Ollie?"])
def test_when_the_person_fetches_someone_is_the_mail_that_asks_it(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "5:30" in reply and "Dave Daly" in reply, reply


def test_a_shuttles_pick_up_is_no_ones_lift(home: App) -> None:
    reply = talk(home, "what time does the shuttle pick us up?")[0]
    assert "Jono" not in reply and "Sam Whitlock" not in reply, reply
