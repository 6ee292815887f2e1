"""Everyday questions about one thing a person's mail names, answered about that thing (no model): a child
named beside a biller ("Orla's piano invoice": the music school's invoice for her lessons), a friend by the
short name they sign with, what someone asked for in their mail (the message that asks it, shown), whether
a biller got a payment, "due this week" early in the week (the week alone), the references of a trip's
flight and hotel (each one's, not a question back), and "is it cancelled?" of a booking no mail cancels.
A home with mail written here (Dublin), the demo home and the fourth sample home (Berlin)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-03-04T09:00:00+00:00"
ZONE = ZoneInfo("Europe/Dublin")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2026, 3, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/Dublin", NOW)
    bart = ("Bartholomew Keane", "b.keane@postbox.example")
    siobhan = ("Siobhan Daly", "siobhan.daly@postbox.example")
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "music": message("m1@allegro.example", ("Allegro Music School", "accounts@allegro-music.example"),
                         "Invoice AMS-2207: spring term piano lessons for Orla",
                         "Dear parent,\n\nPlease find invoice AMS-2207 for Orla's spring term piano lessons "
                         "(10 lessons).\n\nAmount due: EUR 240.00\nDue date: 20 March 2026\n\nAllegro Music School",
                         _sent(1)),
        "power": message("p1@liffey.example", ("Liffey Power", "billing@liffeypower.example"),
                         "Your Liffey Power bill is ready",
                         "Your electricity bill is ready.\nAmount due: EUR 88.10\nDue date: 18 March 2026\n"
                         "Account LP-55120", _sent(2)),
        "bart": message("b1@postbox.example", bart, "quiz on thursday",
                        "Hey! Quiz night at the Stag's Head on Thursday, we need a fourth. Are you in?\n\nBart",
                        _sent(2, 18)),
        "paint": message("s1@postbox.example", siobhan, "on your way over",
                         "Hiya, could you grab a tin of white paint on your way over Saturday? The hall needs a "
                         "second coat.\n\nSiobhan", _sent(1, 12)),
        "photos": message("s2@postbox.example", siobhan, "photos from Sunday",
                          "The photos from Sunday's walk are up in the shared album. Lovely day!\n\nSiobhan",
                          _sent(3, 20)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def ask(app: App, text: str) -> tuple[str, bool]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.reply, trace.continuation is not None


@pytest.mark.parametrize("question", ["how much is Orla's piano invoice?", "what do I owe for Orla's lessons"])
def test_a_child_named_beside_a_biller_is_that_billers_invoice(home: App, question: str) -> None:
    reply, _ = ask(home, question)
    assert "240.00" in reply and "Allegro" in reply, reply
    assert "Liffey" not in reply and "88.10" not in reply, reply


def test_a_child_named_with_a_kind_no_bill_of_theirs_has_is_not_found(home: App) -> None:
    reply, _ = ask(home, "how much is Orla's swimming bill?")
    assert "240.00" not in reply and "88.10" not in reply, reply
    assert "nothing called" in reply.casefold(), reply


def test_a_friend_is_found_by_the_short_name_they_sign_with(home: App) -> None:
    reply, _ = ask(home, "anything from Bart lately?")
    assert "Bartholomew Keane" in reply and "quiz on thursday" in reply, reply


def test_what_someone_asked_for_is_the_message_that_asks_it(home: App) -> None:
    reply, _ = ask(home, "what did Siobhan want me to pick up?")
    first = reply.splitlines()[0]
    assert first.startswith("What Siobhan Daly asked") and "white paint" in first, reply


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], App]) -> App:
    """The demo home on a Wednesday (2 Dec 2026), with no model configured."""
    built = app_in_own_home("Asia/Kolkata", "2026-12-02T08:30:00+05:30")
    build_demo_home(built)
    return built


def test_due_this_week_early_in_the_week_is_the_week_alone(demo: App) -> None:
    reply, _ = ask(demo, "which bills fall due this week?")
    assert "Meridian" in reply, reply
    assert "Harbor" not in reply, reply  # due next Tuesday: past the week asked about


def test_whether_a_biller_got_a_payment_is_its_bill_paid(demo: App) -> None:
    reply, _ = ask(demo, "did my Rheinblick payment go through?")
    assert "40.27" in reply and "paid" in reply and "Meridian" not in reply, reply


@pytest.fixture(scope="module")
def fourth(app_in_own_home: Callable[[str, str], App]) -> App:
    """The fourth sample home (Berlin, Thu 10 Dec 2026), with no model configured."""
    built = app_in_own_home("Europe/Berlin", "2026-12-10T07:30:00+01:00")
    build_demo_home(built, mailbox="fourth")
    return built


@pytest.mark.parametrize("text", ["what's the confirmation number for the Edinburgh flight?",
                                  "Edinburgh flight conf #?"])
def test_the_reference_of_a_trips_flight_is_the_flights_alone(fourth: App, text: str) -> None:
    reply, asked = ask(fourth, text)
    assert "QX7T4M" in reply and not asked, reply
    assert "SN-2207719" not in reply and "Castle Wynd" not in reply, reply


def test_the_references_of_a_trip_are_each_bookings_labelled(fourth: App) -> None:
    reply, asked = ask(fourth, "what are the booking codes for our Edinburgh trip?")
    assert not asked, reply
    lines = reply.splitlines()
    assert any("Flight" in line and "QX7T4M" in line for line in lines), reply
    assert any("Castle Wynd" in line and "SN-2207719" in line for line in lines), reply


def test_a_booking_no_mail_cancels_is_not_cancelled(fourth: App) -> None:
    reply, _ = ask(fourth, "has my train been cancelled?")
    assert reply.startswith("No") and "Nordbahn" in reply, reply
    assert "Augenblick" not in reply, reply


def test_what_someone_said_about_a_thing_is_their_message_that_says_it(home: App) -> None:
    reply, _ = ask(home, "what did Siobhan say about the paint?")
    first = reply.splitlines()[0]
    assert first.startswith("From Siobhan Daly") and "white paint" in first, reply


@pytest.mark.parametrize("question", ["what time should I drop the car off at the garage?",
                                      "which garage did I book the car into?"])
def test_a_question_with_a_verb_of_doing_is_asked_not_done(demo: App, question: str) -> None:
    trace = demo.engine.turn(question, session=f"s-{question}", dry_run=True)
    assert trace.handled_by == "reader" and "AutoFix" in trace.reply, trace.reply
    assert not trace.writes, trace.writes


def test_confirm_whether_is_a_question(demo: App) -> None:
    reply, _ = ask(demo, "kindly confirm whether my Avalon bill is overdue.")
    assert "312.50" in reply and "OVERDUE" in reply, reply


def test_before_the_end_of_the_month_holds_its_last_day(demo: App) -> None:
    frame = demo.reader.read("any bills to pay before the end of the month?", demo.clock)
    assert frame is not None and frame.window is not None, frame
    assert frame.window.end.date().isoformat() == "2027-01-01", frame.window


def test_before_someone_does_something_on_a_day_ends_the_span_where_that_day_starts(demo: App) -> None:
    frame = demo.reader.read("anything booked before I fly out on Friday?", demo.clock)
    assert frame is not None and frame.window is not None, frame
    assert frame.window.start <= demo.clock.now() and frame.window.end.weekday() == 4, frame.window
    assert frame.window.end.hour == 0 and frame.window.said == "before Friday", frame.window
