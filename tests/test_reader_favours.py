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
