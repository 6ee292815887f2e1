"""Questions over events read from plain words: a friend's invitation is said as hers, on its day, named
by what she invites to and found by the name she signs with; a club's event forwarded by someone in the
family is said as passed on by them ("forwarded by ..."), and a question naming it is answered about it
alone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App

NOW = "2027-03-01T08:00:00+00:00"  # a Monday morning
ZONE = ZoneInfo("Europe/Dublin")
AOIFE = ("Aoife Byrne", "aoife.byrne@homepost.example")
DEE = ("Deirdre Lynch", "deirdre.lynch@homepost.example")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/Dublin", NOW)
    regatta = ("Dear junior parents,\n\nour spring regatta is on Saturday 6 March. Please have rowers at the "
               "boathouse by 8:15; the first heat starts at 9:00.\nPlace: Islandbridge Boathouse, South Circular "
               "Road\n\nBest,\nCiarán\nLiffey Rowing Club - Juniors")
    forward = ("Can you drive Cian on Saturday? A\n\n---------- Forwarded message ---------\nFrom: Ciarán Walsh "
               "<juniors@liffeyrowingclub.example>\nDate: Fri, 26 Feb 2027 17:02:00 +0000\nSubject: Spring regatta\n"
               f"To: {AOIFE[0]} <{AOIFE[1]}>\n\n{regatta}")
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a-forward": message("fw-9@homepost.example", AOIFE, "Fwd: Spring regatta", forward,
                             datetime(2027, 2, 27, 9, 0, tzinfo=ZONE)),
        "b-dee": message("dl-1@homepost.example", DEE, "sun!!",
                         "Hiya,\n\nthe sun is forecast at last, so we're doing a barbecue on Sunday 7 March from 2pm "
                         "in the garden at 9 Harold's Cross Road. Come along, and bring a chair!\n\nCheers, Dee",
                         datetime(2027, 2, 26, 20, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def ask(app: App, text: str) -> str:
    return app.engine.turn(text, session=f"s-{text}", dry_run=True).reply


def test_a_friends_invitation_is_on_its_day_named_by_what_she_invites_to(home: App) -> None:
    reply = ask(home, "what's on sunday?")
    assert "barbecue (an invitation from Deirdre Lynch, not on your calendar)" in reply and "14:00" in reply
    assert "sun!!" not in reply


def test_an_invitation_is_found_by_the_name_its_sender_signs_with(home: App) -> None:
    reply = ask(home, "is Dee's barbecue on sunday?")
    assert reply.startswith("Yes") and "14:00" in reply and "Deirdre Lynch" in reply


def test_who_invited_is_the_sender_when_the_invitation_names_no_host(home: App) -> None:
    assert ask(home, "who invited me to a barbecue?").startswith("Deirdre Lynch invited you")


def test_a_forwarded_event_is_said_as_passed_on_by_who_forwarded_it(home: App) -> None:
    reply = ask(home, "what's on saturday?")
    assert "Liffey Rowing Club: spring regatta" in reply and "09:00" in reply
    assert "forwarded by Aoife Byrne" in reply


def test_a_question_naming_an_event_is_answered_about_it_alone(home: App) -> None:
    reply = ask(home, "when is the regatta?")
    assert "spring regatta" in reply and "barbecue" not in reply
    assert "Islandbridge Boathouse" in ask(home, "where's the regatta?")
