"""Events told in plain words, as the schedule says them: a school's meeting that the family's mail reminds
of by its initials ("the AGM on Saturday at 10:30") is one event, listed once; a workshop a colleague
tells of is said as told in their mail, never as an invitation from them; an event told for a day already
past is no day ahead."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App

NOW = "2027-05-10T08:00:00+10:00"  # a Monday morning in Brisbane
ZONE = ZoneInfo("Australia/Brisbane")
SCHOOL = ("Wattle Grove State School", "office@wattlegroveschool.example")
PARTNER = ("Hamish Doyle", "hamish.doyle@homepost.example")
COLLEAGUE = ("Priyanka Das", "priyanka.das@kestrelworks.example")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Australia/Brisbane", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a-school": message("agm-1@wattlegroveschool.example", SCHOOL, "Annual General Meeting on 15th May",
                            "Dear Parents,\n\nThe Annual General Meeting of the P&C will be held on Saturday, 15th "
                            "May from 10:00 AM to 12:00 PM in the school hall. Your slot with the committee is at "
                            "10:30 AM. Please bring your questions.\n\nPrincipal\nWattle Grove State School",
                            datetime(2027, 5, 5, 15, 0, tzinfo=ZONE)),
        "b-partner": message("hd-1@homepost.example", PARTNER, "this week",
                             "I'll take Maisie to swimming on Wednesday. Also don't forget the AGM on Saturday at "
                             "10:30, I have footy then.\n\nH", datetime(2027, 5, 9, 19, 0, tzinfo=ZONE)),
        "c-colleague": message("pd-1@kestrelworks.example", COLLEAGUE, "Sydney visit on Tuesday",
                               "Hi,\n\nFor Tuesday's visit: the workshop with Redgum Foods is at their Parramatta "
                               "office from 2 PM to 5 PM on Tue, 18 May. Please carry the pricing deck.\n\nPriyanka",
                               datetime(2027, 5, 8, 11, 0, tzinfo=ZONE)),
        "d-partner": message("hd-2@homepost.example", PARTNER, "dishwasher",
                             "The plumber is coming on Thursday at 3 pm to look at the dishwasher. I'll be home."
                             "\n\nH", datetime(2027, 5, 4, 12, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def ask(app: App, text: str) -> str:
    return app.engine.turn(text, session=f"s-{text}", dry_run=True).reply


def test_a_meeting_reminded_of_by_its_initials_is_the_schools_one_listed_once(home: App) -> None:
    reply = ask(home, "what's on saturday?")
    assert "Annual General Meeting" in reply and "10:30" in reply, reply
    assert "AGM" not in reply and reply.count("10:30") == 1, reply


def test_a_workshop_a_colleague_tells_of_is_no_invitation_from_her(home: App) -> None:
    reply = ask(home, "what's on next week?")
    assert "workshop (told in Priyanka Das's mail, not on your calendar)" in reply and "14:00" in reply, reply
    assert "invitation from Priyanka" not in reply


def test_an_event_told_for_a_day_already_past_is_no_day_ahead(home: App) -> None:
    kept = [i for i in home.appointments.recent() if "plumber" in i.title]
    assert [(i.status, i.reason) for i in kept] in ([], [("rejected", "past_start")])
