"""A word of the title of something the person holds, said with a day or alone, finds that thing however everyday
the word ("committee" of an allotment society's committee); a meeting however it is titled, and "the session" of a
day, find the day's meetings and classes; a cancelled booking that day is never the answer to what time the
thing is. A home in Cardiff with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import ics_event, message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-05-11T08:00:00+01:00"  # Tuesday 11 May 2027
ZONE = ZoneInfo("Europe/London")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 5, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    barber = ("Clip Joint Barbers", "bookings@clipjoint.example")
    return with_mail(app_in_own_home("Europe/London", NOW), tmp_path_factory.mktemp("mail"), {
        "a-invite": message("c1@pontcanna-plots.example", ("Gwen Parry", "gwen.parry@pontcanna-plots.example"),
                            "Invitation: Pontcanna Allotment Society Committee @ Wed 12 May 7pm - 8:30pm",
                            "Hello all, the committee meets on Wednesday in the pavilion. Please accept so I know the "
                            "numbers.\n\nGwen", _sent(3),
                            ics=ics_event("Pontcanna Allotment Society Committee", "20270512T180000Z",
                                          "20270512T193000Z", method="REQUEST", organizer="Gwen Parry", rsvp=True,
                                          location="The Pavilion, Pontcanna Fields")),
        "b-booked": message("b1@clipjoint.example", barber, "Your booking is confirmed",
                            "Hi Rhys,\n\nYour skin fade at Clip Joint Barbers is booked for Wednesday 12 May 2027 at "
                            "5:30pm.\n\nClip Joint Barbers, 8 Cathedral Road", _sent(4)),
        "c-cancelled": message("b2@clipjoint.example", barber, "Your booking has been cancelled",
                               "Hi Rhys,\n\nSorry, we have had to cancel your appointment on Wednesday 12 May 2027 at "
                               "5:30pm. Book again any time.\n\nClip Joint Barbers", _sent(10)),
    })


@pytest.mark.parametrize("question", ["what time's the committee tomorrow?", "committee tmrw what time",
                                      "when's committee?", "is the committee still on for tomorrow?"])
def test_a_word_of_a_things_title_finds_it_however_everyday_the_word(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "Committee" in reply and "19:00" in reply, reply
    assert "Clip Joint" not in reply, reply


@pytest.mark.parametrize("question", ["what time is the meeting tomorrow?", "what time is the session tomorrow?",
                                      "when's my session tomorrow"])
def test_a_meeting_or_a_session_of_a_day_is_the_days_meeting_never_a_cancelled_booking(home: App,
                                                                                      question: str) -> None:
    reply = talk(home, question)[0]
    assert "Committee" in reply and "19:00" in reply, reply
    assert "Clip Joint" not in reply and "17:30" not in reply, reply


def test_a_title_word_said_of_a_day_that_holds_no_such_thing_is_said_not_found(home: App) -> None:
    reply = talk(home, "what time is the committee on thursday?")[0]
    assert "can't find" in reply and "19:00" not in reply.split("\n")[0], reply


def test_the_barber_asked_by_its_own_name_is_said_cancelled(home: App) -> None:
    reply = talk(home, "what time is the barber tomorrow?")[0]
    assert "cancel" in reply.lower(), reply

