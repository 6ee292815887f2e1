"""Events told in plain words, as the schedule says them and as they are asked of: a school's meeting that
the family's mail reminds of by its initials ("the AGM on Saturday at 10:30") is one event, listed once, and
asked of by those initials ("when's the AGM?", "AGM is on saturday right, what time?"), with the person its
mail names beside their role ("with which teacher?"); a workshop a colleague tells of is said as told in
their mail, never as an invitation from them, and asked when it ends, the span its mail gives; a family's
ceremony is what Indian English calls "the function"; a lunch a relative tells of is asked of by what it is for ("the
birthday lunch") when no restaurant is booked; an event told for a day already past is no day ahead."""

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
AUNTY = ("Meenakshi Sundaram", "meenakshi.s@homepost.example")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Australia/Brisbane", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a-school": message("agm-1@wattlegroveschool.example", SCHOOL, "Annual General Meeting on 15th May",
                            "Dear Parents,\n\nThe Annual General Meeting of the P&C will be held on Saturday, 15th "
                            "May from 10:00 AM to 12:00 PM in the school hall. Your slot with the class teacher of "
                            "Year 4, Ms. Fiona Hartley, is at 10:30 AM. Please bring your questions.\n\nPrincipal\nWattle Grove State School",
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
        "e-aunty": message("ms-1@homepost.example", AUNTY, "Kavya's griha pravesh",
                           "Dear all,\n\nKavya's gruhapravesam is fixed for Sunday, 23rd May at 9 AM at their new "
                           "flat in Indooroopilly. Do come with the children.\n\nMeenakshi aunty",
                           datetime(2027, 5, 7, 20, 0, tzinfo=ZONE)),
        "f-aunty": message("ms-2@homepost.example", AUNTY, "Appa's 70th",
                           "Hi kanna, Appa's seventieth birthday lunch is on Saturday 22nd May, 12.30pm at Saffron "
                           "Leaf in Toowong. Come early if you can.\n\nMeenakshi aunty",
                           datetime(2027, 5, 6, 21, 0, tzinfo=ZONE)),
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


def test_a_meeting_is_asked_of_by_its_initials(home: App) -> None:
    reply = ask(home, "when's the AGM?")
    assert "Annual General Meeting" in reply and "10:30" in reply and "Sat 15 May" in reply, reply
    reply = ask(home, "ok. AGM is on saturday right, what time?")
    assert "Annual General Meeting" in reply and "10:30" in reply, reply


def test_the_person_beside_their_role_in_its_mail_is_who_it_is_with(home: App) -> None:
    session = "s-teacher"
    home.engine.turn("when's the AGM?", session=session, dry_run=True)
    reply = home.engine.turn("with which teacher", session=session, dry_run=True).reply
    assert "Fiona Hartley" in reply, reply


def test_when_a_told_event_ends_is_the_span_its_mail_gives(home: App) -> None:
    reply = ask(home, "till what time does the workshop go on?")
    assert "17:00" in reply and "workshop" in reply, reply
    # a reminder of a meeting that gives no span gives no end: never the hour a setting guesses
    reply = ask(home, "when does the AGM end?")
    assert "no end time" in reply and "11:30" not in reply, reply


def test_a_familys_ceremony_is_the_function(home: App) -> None:
    reply = ask(home, "when is the function?")
    assert "23 May" in reply and "09:00" in reply, reply


OTHER_COLLEAGUE = ("Tom Whitaker", "tom.whitaker@kestrelworks.example")


@pytest.fixture(scope="module")
def moved_home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Australia/Brisbane", NOW)
    folder = write_folder(tmp_path_factory.mktemp("moved"), {
        "a-colleague": message("pd-1@kestrelworks.example", COLLEAGUE, "Sydney visit on Tuesday",
                               "Hi,\n\nFor Tuesday's visit: the workshop with Redgum Foods is at their Parramatta "
                               "office from 2 PM to 5 PM on Tue, 18 May. Please carry the pricing deck.\n\nPriyanka",
                               datetime(2027, 5, 6, 11, 0, tzinfo=ZONE)),
        "b-other": message("tw-1@kestrelworks.example", OTHER_COLLEAGUE, "Redgum workshop moved",
                           "Hi all,\n\nRedgum asked for more time, so the workshop has been moved to Thursday, 20 May "
                           "at 2 PM. Same office.\n\nTom", datetime(2027, 5, 9, 9, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def test_a_later_mail_that_moves_a_told_event_by_its_name_moves_it(moved_home: App) -> None:
    reply = ask(moved_home, "what's on next week?")
    assert "Thu 20 May" in reply and "14:00" in reply and "workshop" in reply, reply
    assert "Tue 18 May" not in reply, reply
    session = "s-moved"
    moved_home.engine.turn("wasn't the workshop on tuesday?", session=session, dry_run=True)
    reply = moved_home.engine.turn("who moved it", session=session, dry_run=True).reply
    assert "Tom Whitaker" in reply, reply


def test_a_move_of_the_writers_own_meeting_moves_nothing_of_the_persons(
        app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Australia/Brisbane", NOW)
    folder = write_folder(tmp_path_factory.mktemp("own"), {
        "a-colleague": message("pd-2@kestrelworks.example", COLLEAGUE, "Board meeting",
                               "Hi,\n\nThe board meeting is on Wednesday, 19 May at 10 AM in the Level 3 room."
                               "\n\nPriyanka", datetime(2027, 5, 6, 11, 0, tzinfo=ZONE)),
        "b-other": message("tw-2@kestrelworks.example", OTHER_COLLEAGUE, "clash",
                           "Hi,\n\nI have moved my meeting to Thursday, 20 May at 3 PM, so I can't do lunch then."
                           "\n\nTom", datetime(2027, 5, 9, 9, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    reply = ask(app, "what's on next week?")
    assert "Wed 19 May" in reply and "10:00" in reply and "Thu 20 May" not in reply, reply


NEIGHBOUR = ("Siobhan Kelly", "siobhan.kelly@homepost.example")


@pytest.fixture(scope="module")
def called_off_home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Australia/Brisbane", NOW)
    folder = write_folder(tmp_path_factory.mktemp("off"), {
        "a-colleague": message("pd-3@kestrelworks.example", COLLEAGUE, "Sydney visit on Tuesday",
                               "Hi,\n\nFor Tuesday's visit: the workshop with Redgum Foods is at their Parramatta "
                               "office from 2 PM to 5 PM on Tue, 18 May. Please carry the pricing deck.\n\nPriyanka",
                               datetime(2027, 5, 6, 11, 0, tzinfo=ZONE)),
        "b-other": message("tw-3@kestrelworks.example", OTHER_COLLEAGUE, "Redgum",
                           "Hi all,\n\nRedgum have pulled out for now, so Tuesday's workshop is cancelled. I'll let "
                           "you know when they're ready.\n\nTom", datetime(2027, 5, 9, 9, 0, tzinfo=ZONE)),
        "c-neighbour": message("sk-1@homepost.example", NEIGHBOUR, "street barbecue",
                               "Hi both,\n\nWe're having a street barbecue on Saturday 22 May from 4pm at number 12. "
                               "Do come, and bring the kids!\n\nSiobhan", datetime(2027, 5, 5, 18, 0, tzinfo=ZONE)),
        "d-partner": message("hd-3@homepost.example", PARTNER, "plumber",
                             "The plumber is coming on Friday 21 May at 9 am about the hot water. I'll be home."
                             "\n\nH", datetime(2027, 5, 8, 12, 0, tzinfo=ZONE)),
        "e-neighbour": message("sk-2@homepost.example", NEIGHBOUR, "barbecue",
                               "Hi both,\n\nSorry, with all the rain forecast the barbecue is off. We'll try again "
                               "next month.\n\nSiobhan", datetime(2027, 5, 9, 17, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def test_an_event_a_later_mail_calls_off_is_no_longer_ahead(called_off_home: App) -> None:
    reply = ask(called_off_home, "what's on next week?")
    assert "Fri 21 May" in reply and "plumber" in reply, reply
    assert "workshop" not in reply and "barbecue" not in reply, reply


def test_is_it_still_on_of_an_event_called_off_says_whose_mail_called_it_off(called_off_home: App) -> None:
    reply = ask(called_off_home, "is the workshop still on?")
    assert reply.startswith("No") and "cancelled by Tom Whitaker's mail of Sun 9 May" in reply, reply
    reply = ask(called_off_home, "is the barbecue still on?")
    assert reply.startswith("No") and "Siobhan Kelly" in reply, reply


def test_an_event_moved_to_a_day_with_no_time_keeps_its_time_and_says_so(
        app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Australia/Brisbane", NOW)
    folder = write_folder(tmp_path_factory.mktemp("day"), {
        "a-colleague": message("pd-4@kestrelworks.example", COLLEAGUE, "Sydney visit on Tuesday",
                               "Hi,\n\nFor Tuesday's visit: the workshop with Redgum Foods is at their Parramatta "
                               "office from 2 PM to 5 PM on Tue, 18 May. Please carry the pricing deck.\n\nPriyanka",
                               datetime(2027, 5, 6, 11, 0, tzinfo=ZONE)),
        "b-colleague": message("pd-5@kestrelworks.example", COLLEAGUE, "Redgum",
                               "Hi,\n\nSmall change: the workshop has been moved to Wednesday 19th May. Same office."
                               "\n\nPriyanka", datetime(2027, 5, 9, 9, 0, tzinfo=ZONE)),
        "c-partner": message("hd-4@homepost.example", PARTNER, "school",
                             "Don't forget the PTM on Thursday 20th May at 9:20 am, I can't make it.\n\nH",
                             datetime(2027, 5, 7, 19, 0, tzinfo=ZONE)),
        "d-partner": message("hd-5@homepost.example", PARTNER, "school again",
                             "They've moved the PTM to Friday, the note says.\n\nH",
                             datetime(2027, 5, 9, 19, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    reply = ask(app, "what's on next week?")
    assert "Wed 19 May at 14:00" in reply and "the time is the one it had before" in reply, reply
    assert "Tue 18 May" not in reply, reply
    # "moved to Friday" said eleven days before: this Friday, or the one of its week? never guessed
    assert "PTM" not in reply and "Thu 20 May" not in reply and "Fri" not in reply, reply


def test_a_plan_told_in_words_is_asked_of_by_its_kind_and_the_thing_it_is_for(home: App) -> None:
    # no restaurant is booked: the lunch a relative's mail tells of, by what it is for
    when = ask(home, "when is the birthday lunch?")
    assert "Sat 22 May at 12:30" in when and "Saffron Leaf" in when, when
    # a kind said with a thing no plan is for is still not found, never another plan of that kind
    assert "Sat 22 May" not in ask(home, "when is the anniversary lunch?")
