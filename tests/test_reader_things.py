"""Bookings and invitations asked about by what their mail calls them, not by their provider: "my
physical", "the work summer party", "the parent-teacher meeting", a table's party size, who a booking is
with; invitations shown on the days they fall on; a greeting that opens a question; a part of today said
by today's name. A thing no booking is called is said so, never answered with every booking (Dublin)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import ics_event, message, with_bookings
from steward.app import App

NOW = "2026-06-08T08:00:00+01:00"  # a Monday morning
ZONE = ZoneInfo("Europe/Dublin")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2026, 6 if day > 0 else 5, day if day > 0 else 31 + day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    clinic = ("Liffeyside Medical Practice", "desk@liffeyside.example")
    return with_bookings(app_in_own_home("Europe/Dublin", NOW), tmp_path_factory.mktemp("mail"), {
        "a-physical": message("p1@liffeyside.example", clinic, "Appointment confirmed - Thu, Jun 18",
                              "Hi Noor,\n\nYour annual physical with Dr. Aoife Brennan is booked for Thursday, June 18 "
                              "at 9:40 a.m.\nLiffeyside Medical Practice, 7 Quay St.", _sent(2)),
        "b-cancelled": message("p2@liffeyside.example", clinic, "Your appointment has been cancelled",
                               "Hi Noor,\n\nWe have had to cancel your appointment on Thursday, June 18 at 9:40 a.m. "
                               "Please call us to rebook.", _sent(6)),
        "c-invite": message("i1@partypost.example", ("PartyPost", "hello@partypost.example"),
                            "You're invited to Otto's 6th Birthday Celebration!",
                            "Greta Lindqvist invited you and Nils.\n\nOtto's 6th Birthday Celebration\nSaturday, June "
                            "13, 3:00 - 5:00 PM\nAquaDome Leisure Centre, 12 Harbour Rd\nPlease RSVP by Thursday.",
                            _sent(3)),
        "d-social": message("i2@fernhill.example", ("Saoirse Kenny", "saoirse.kenny@fernhill.example"),
                            "Invitation: Fernhill summer social @ Fri Jun 19, 6pm - 9pm",
                            "Hi all, our summer social is on Friday, June 19 from 6 to 9 p.m. at the Mill Loft. Please "
                            "accept the invite.", _sent(-12),
                            ics=ics_event("Fernhill summer social", "20260619T170000Z", "20260619T200000Z",
                                          method="REQUEST", organizer="Saoirse Kenny", rsvp=True,
                                          location="The Mill Loft, 4 Bridge St")),
        "e-school": message("s1@kowhai.example", ("Kowhai National School", "office@kowhai.example"),
                            "Parent-teacher meeting confirmation",
                            "Dear Parent/Guardian of Nils,\n\nYour parent-teacher meeting has been scheduled.\nTeacher: "
                            "Mr. Tane Rawiri (Class 2)\nDate: Tuesday, June 16, 2026\nTime: 3:20 p.m. - 3:30 p.m.\n",
                            _sent(1)),
        "f-table": message("r1@tablebook.example", ("TableBook", "reservations@tablebook.example"),
                           "Your reservation at Casa Brava is confirmed",
                           "You're all set.\n\nCasa Brava\nFriday, June 12 at 8:15 PM\nTable for 4\nConfirmation "
                           "#CB-55120\n9 Dame Lane, Dublin", _sent(4)),
        "g-ticket": message("t1@dalkeyrovers.example", ("Dalkey Rovers Ticket Office", "tickets@dalkeyrovers.example"),
                            "Your tickets: Dalkey Rovers v Bray Harbour",
                            "Order DR-448120 confirmed\n\nDalkey Rovers v Bray Harbour\nCastle Park, Dalkey\nSat 20th "
                            "Jun 2026, kick-off 7.45pm. Turnstiles open at 6.30pm.\n\n1 x Adult, North Stand, Block B, "
                            "Row 4, Seat 11: €18.00\n1 x Adult, North Stand, Block B, Row 4, Seat 12: €18.00\nBooking "
                            "fee: €1.50\nTotal: €37.50\n\nYour tickets are on your phone in the Rovers app.", _sent(2)),
    })


def ask(app: App, *turns: str) -> str:
    trace = None
    for text in turns:
        trace = app.engine.turn(text, session=f"s-{'/'.join(turns)}", dry_run=True)
    assert trace is not None
    return trace.reply


@pytest.mark.parametrize("question", ["is my physical still on?", "is my annual physical still happening?"])
def test_a_physical_is_the_doctors_booking_and_it_is_said_cancelled(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "Liffeyside Medical Practice" in reply and "cancelled" in reply
    assert "Casa Brava" not in reply and "Kowhai" not in reply


def test_a_party_asked_by_its_kind_finds_the_invitation_its_mail_calls_a_celebration(home: App) -> None:
    reply = ask(home, "where's the birthday party on saturday?")
    assert "AquaDome Leisure Centre, 12 Harbour Rd" in reply
    assert "Casa Brava" not in reply


def test_a_work_party_is_the_invitation_titled_with_the_company_name(home: App) -> None:
    reply = ask(home, "when is the work summer party?")
    assert "Fernhill summer social" in reply and "Fri 19 Jun at 18:00" in reply
    assert "Otto" not in reply


def test_invitations_are_on_the_days_they_fall_on(home: App) -> None:
    reply = ask(home, "what's on saturday?")
    assert "Otto's 6th Birthday Celebration" in reply and "15:00" in reply and "invitation" in reply


def test_who_a_booking_is_with_and_who_invited_are_read_from_its_stored_mail(home: App) -> None:
    assert "Mr. Tane Rawiri" in ask(home, "who is the parent teacher meeting with?")
    assert "Greta Lindqvist" in ask(home, "who invited Nils to a party?")


@pytest.mark.parametrize("question", ["for how many is the Casa Brava table?", "how many people is the table at Casa Brava for"])
def test_a_tables_party_size_is_the_number_its_mail_gives(home: App, question: str) -> None:
    reply = ask(home, question)
    assert reply.startswith("For 4"), reply


@pytest.mark.parametrize("question", ["is the recital still on?", "is my colonoscopy still on?"])
def test_a_thing_no_booking_is_called_is_said_so_never_every_booking(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "I can't tell which booking" in reply
    assert "Casa Brava" not in reply and "Kowhai" not in reply and "Liffeyside" not in reply


def test_a_greeting_is_no_part_of_the_day(home: App) -> None:
    reply = ask(home, "Morning! what's on friday?")
    assert "Casa Brava" in reply and "20:15" in reply


def test_a_part_of_today_said_by_todays_name_is_today() -> None:
    from steward.clock import make_clock
    from steward.reader.read import _window

    clock = make_clock("Europe/Dublin", NOW)
    window, _ = _window("is Monday evening free?", clock, None)
    assert window is not None and window.start.date().isoformat() == "2026-06-08"
    later = make_clock("Europe/Dublin", "2026-06-08T13:30:00+01:00")
    window, _ = _window("is Monday morning free?", later, None)
    assert window is not None and window.start.date().isoformat() == "2026-06-15"
    window, _ = _window("next Monday evening", clock, None)
    assert window is not None and window.start.date().isoformat() == "2026-06-15"


def test_physical_therapy_is_no_doctors_booking() -> None:
    from steward.reader.read import _kinds
    from steward.reader.words import load_words

    kinds = load_words().provider_kinds
    assert _kinds(["my", "physical", "therapy", "session"], kinds) == ["physio"]
    assert _kinds(["my", "physical"], kinds) == ["doctor"]


def test_a_bus_is_a_journey_and_a_coach_alone_is_no_kind() -> None:
    from steward.reader.answerers.trips import JOURNEYS
    from steward.reader.read import _kind_words, _kinds
    from steward.reader.words import load_words

    rw = load_words()
    assert _kinds(["when", "does", "the", "bus", "get", "in"], rw.provider_kinds) == ["bus"]
    assert "bus" in JOURNEYS and "bus" in rw.widen(["travel"])
    # the coach of a child's team is a person, not a kind of booking; a school's bus and its fee are no journey
    assert _kinds(["did", "the", "coach", "email"], rw.provider_kinds) == []
    said = _kind_words(["has", "the", "school", "bus", "fee", "gone", "up"], rw)
    assert _kinds(said, rw.provider_kinds) == []


@pytest.mark.parametrize("question", ["when's the match?", "when's the football?"])
def test_a_ticket_whose_mail_gives_a_kickoff_is_the_match(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "Dalkey Rovers v Bray Harbour" in reply and "19:45" in reply
    assert "Casa Brava" not in reply
