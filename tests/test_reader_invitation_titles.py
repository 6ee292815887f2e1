"""Invitations asked of by what they invite to: a calendar request's own summary names it ("the site
review" of "Northgate site review"), so a question about it finds that invitation, not every invitation of
the colleague who sent it, and its room is the one its request gives; a plural's apostrophe is said or left out
("governors' forum", "governors forum")."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import ics_event, message, with_bookings
from steward.app import App

NOW = "2027-04-12T08:00:00+01:00"  # a Monday morning in Lisbon
ZONE = ZoneInfo("Europe/Lisbon")
MANAGER = ("Beatriz Carvalho", "beatriz.carvalho@tejoworks.example")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    sent = datetime(2027, 4, 8, 16, 0, tzinfo=ZONE)
    return with_bookings(app_in_own_home("Europe/Lisbon", NOW), tmp_path_factory.mktemp("mail"), {
        "a-review": message("rv-1@tejoworks.example", MANAGER, "Invitation: Northgate site review @ Tue 13 Apr 11:00",
                            "Walking through the Northgate plans before they go out.", sent,
                            ics=ics_event("Northgate site review", "20270413T100000Z", "20270413T110000Z",
                                          method="REQUEST", organizer=MANAGER[0], rsvp=True,
                                          location="Meeting room Alder, 2nd floor")),
        "b-kickoff": message("ko-1@tejoworks.example", MANAGER, "Invitation: Q3 budget kick-off @ Thu 15 Apr 15:00",
                             "Starting the budget round.", sent,
                             ics=ics_event("Q3 budget kick-off", "20270415T140000Z", "20270415T150000Z",
                                           method="REQUEST", organizer=MANAGER[0], rsvp=True,
                                           location="Boardroom, 5th floor")),
        "c-governors": message("gv-1@tejoworks.example", MANAGER, "Invitation: Staff governors' forum @ Fri 16 Apr 16:00",
                               "The termly forum.", sent,
                               ics=ics_event("Staff governors' forum", "20270416T150000Z", "20270416T160000Z",
                                             method="REQUEST", organizer=MANAGER[0], rsvp=True,
                                             location="Library, ground floor")),
    })


def ask(app: App, *turns: str) -> str:
    reply = ""
    for text in turns:
        reply = app.engine.turn(text, session=f"s-{'|'.join(turns)}", dry_run=True).reply
    return reply


@pytest.mark.parametrize("question", ["where's the site review?", "which room is my site review in?"])
def test_an_invitation_asked_by_its_summarys_last_words_gives_its_own_room(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "Alder" in reply, reply
    assert "Boardroom" not in reply, reply


def test_an_invitation_asked_when_is_that_one_alone(home: App) -> None:
    reply = ask(home, "when is my site review?")
    assert "Tue 13 Apr" in reply and "11:00" in reply, reply
    assert "kick-off" not in reply, reply


def test_the_room_asked_after_the_invitation_is_its_own(home: App) -> None:
    reply = ask(home, "is the budget kick-off on thursday?", "which room?")
    assert "Boardroom" in reply and "Alder" not in reply, reply


@pytest.mark.parametrize("question", ["when is the governors forum?", "what time's the staff governors' forum"])
def test_an_invitation_whose_summary_says_a_plurals_apostrophe_is_asked_without_it(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "Fri 16 Apr" in reply and "16:00" in reply, reply
    assert "kick-off" not in reply and "site review" not in reply, reply
