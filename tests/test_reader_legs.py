"""A trip's legs talked through: a word of travel ("land", "touch down", "get in") asks of the journey, never of a
stay whose name or address shares the place said; "the flight home", "and coming back?" ask of the leg back, and
"that" after it is that leg still; a way back that is read as no booking of its own is quoted from its ticket,
never answered with the journey out (London to Mumbai with a hotel named for Bombay, Oban to Barra by ferry,
Edinburgh to York by train with a York hotel)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import ics_event, message, schema_stay, with_bookings
from chat_helpers import talk
from steward.app import App


@pytest.fixture(scope="module")
def mumbai(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    sent = datetime(2026, 9, 1, 18, 0, tzinfo=ZoneInfo("Europe/London"))
    return with_bookings(app_in_own_home("Europe/London", "2026-09-14T07:00:00+01:00"),
                         tmp_path_factory.mktemp("mail"), {
        "flight": message("f1@marigoldair.example", ("Marigold Air", "noreply@marigoldair.example"),
                          "Booking confirmed: London to Mumbai (Q8ZT2L)",
                          "Thank you for booking with Marigold Air.\n\nBooking reference: Q8ZT2L\nPassenger: MR DEV "
                          "PATEL\n\nDEPART  MG 140  Mon, 21 Sep 2026\n  London Heathrow (LHR) T4  09:40  ->  Mumbai "
                          "(BOM) T2  23:55\n\nRETURN  MG 141  Mon, 28 Sep 2026\n  Mumbai (BOM) T2  02:10  ->  London "
                          "Heathrow (LHR) T4  07:35\n\nAll times are local. Fare: GBP 712.40.", sent),
        "news": message("n1@londonwalks.example", ("London Walks Weekly", "hello@londonwalks.example"),
                        "London Walks Weekly: the river at dusk", "This week: three walks along the Thames.", sent),
        "hotel": message("h1@staybird.example", ("Staybird", "stays@staybird.example"),
                         "Your stay at Bombay Palms Residency is confirmed",
                         "Your booking is confirmed.\nBombay Palms Residency, 14 Marine Drive, Mumbai\nCheck-in: "
                         "Tuesday 22 September 2026, from 14:00\nCheck-out: Sunday 27 September 2026, until 11:00",
                         sent, html=schema_stay("Bombay Palms Residency", "2026-09-22T14:00:00+05:30",
                                                "2026-09-27T11:00:00+05:30", "14 Marine Drive", "Mumbai", "IN")),
    })


def test_landing_in_a_city_said_by_its_other_name_is_the_flight_not_the_hotel_named_for_it(mumbai: App) -> None:
    out, land, home, there = talk(mumbai, "when's my flight", "what time do we touch down in bombay?",
                                  "and the flight home?", "what time does that get into heathrow")
    assert "MG 140" in out, out
    assert "MG 140" in land and "23:55" in land and "Bombay Palms" not in land, land
    assert "MG 141" in home and "02:10" in home and "MG 140" not in home, home
    assert "MG 141" in there and "07:35" in there and "Bombay Palms" not in there, there


def test_the_place_a_leg_back_gets_into_is_that_place_never_a_sender_named_for_it(mumbai: App) -> None:
    _, into, elsewhere = talk(mumbai, "when do I fly home?", "what time does that get into london",
                              "what time does that get into paris")
    assert "MG 141" in into and "07:35" in into and "London Walks" not in into, into
    assert "paris" in elsewhere and "07:35" not in elsewhere and "London Walks" not in elsewhere, elsewhere


def test_a_word_of_a_journeys_ends_said_with_no_kind_of_travel_asks_of_the_journey(mumbai: App) -> None:
    get_in, leave = talk(mumbai, "when do we get into mumbai?", "when do I leave for bombay")
    assert "MG 140" in get_in and "23:55" in get_in and "Bombay Palms" not in get_in, get_in
    assert "MG 140" in leave and "09:40" in leave and "Bombay Palms" not in leave, leave


def test_the_leg_back_asked_first_is_the_one_a_follow_up_asks_of(mumbai: App) -> None:
    back, lands = talk(mumbai, "what time is my flight back", "and when does it land?")
    assert "MG 141" in back and "MG 140" not in back, back
    assert "MG 141" in lands and "07:35" in lands and "MG 140" not in lands, lands


def test_the_arrival_asked_of_the_journey_out_is_asked_of_the_one_back_when_nothing_else_is(mumbai: App) -> None:
    lands, back, code = talk(mumbai, "what time do we land in mumbai?", "and the return?", "booking code for that?")
    assert "MG 140" in lands and "23:55" in lands, lands
    assert "MG 141" in back and "07:35" in back and "MG 140" not in back, back
    assert "Q8ZT2L" in code, code


def test_an_arrival_asked_after_the_trips_bookings_is_the_journeys_never_the_stays(mumbai: App) -> None:
    trip, gets_in = talk(mumbai, "what have I got booked for my trip to mumbai?", "what time does that get in?")
    assert "MG 140" in trip and "Bombay Palms" in trip, trip
    assert "MG 140" in gets_in and "23:55" in gets_in and "Bombay Palms" not in gets_in, gets_in


def test_coming_back_after_the_hotel_is_the_journey_home_never_the_stay_again(mumbai: App) -> None:
    stay, back = talk(mumbai, "when do I check in at the hotel?", "and coming back?")
    assert "Bombay Palms" in stay, stay
    assert "MG 141" in back and "Bombay Palms" not in back and "MG 140" not in back, back


def test_the_hotel_is_still_the_hotel_when_a_stay_is_asked(mumbai: App) -> None:
    reply = talk(mumbai, "when do I check in at the bombay palms?")[0]
    assert "Bombay Palms" in reply and "14:00" in reply and "MG 140" not in reply, reply


@pytest.fixture(scope="module")
def barra(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    sent = datetime(2026, 5, 30, 20, 15, tzinfo=ZoneInfo("Europe/London"))
    return with_bookings(app_in_own_home("Europe/London", "2026-06-08T08:00:00+01:00"),
                         tmp_path_factory.mktemp("mail"), {
        "ferry": message("s1@islesferries.example", ("Isles Ferries", "tickets@islesferries.example"),
                         "Your Isles Ferries e-ticket (IF-440917)",
                         "Thank you for sailing with Isles Ferries.\n\nBooking IF-440917: 2 adults, 1 car, return\nOutbound: Friday, 12 June 2026, 13:30 from "
                         "Oban to Castlebay (arrives 18:20)\nReturn: Monday, 15 June 2026, 07:55 from Castlebay pier"
                         "\nTotal paid: GBP 184.50\nCheck in at least 45 minutes before departure.", sent),
    })


def test_a_return_sailing_asked_outright_is_quoted_too(barra: App) -> None:
    reply = talk(barra, "what time do we sail back from castlebay?")[0]
    assert "07:55" in reply and "13:30" not in reply, reply


def test_the_way_back_read_as_no_booking_is_quoted_from_its_ticket_never_the_sailing_out(barra: App) -> None:
    out, back = talk(barra, "when's the ferry to castlebay?", "and coming back?")
    assert "12 Jun" in out and "13:30" in out, out
    assert "15 June 2026, 07:55" in back and "13:30" not in back, back
    assert "IF-440917" in back, back  # the ticket it is quoted from, to open


@pytest.fixture(scope="module")
def york(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    sent = datetime(2026, 3, 2, 12, 0, tzinfo=ZoneInfo("Europe/London"))
    return with_bookings(app_in_own_home("Europe/London", "2026-03-09T08:00:00+00:00"),
                         tmp_path_factory.mktemp("mail"), {
        "train": message("t1@northrail.example", ("North Rail", "tickets@northrail.example"),
                         "Your North Rail tickets, order NR-88213", "Your tickets are attached. Have a good journey.",
                         sent, ics=ics_event("Train Edinburgh - York", "20260313T091000Z", "20260313T113400Z",
                                             organizer="North Rail", location="Edinburgh Waverley")),
        "hotel": message("h2@roomroost.example", ("RoomRoost", "stays@roomroost.example"),
                         "Your stay at York Walls Inn is confirmed",
                         "Your booking is confirmed.\nYork Walls Inn, 3 Gillygate, York\nCheck-in: Friday 13 March "
                         "2026, from 15:00\nCheck-out: Sunday 15 March 2026, until 11:00", sent,
                         html=schema_stay("York Walls Inn", "2026-03-13T15:00:00+00:00", "2026-03-15T11:00:00+00:00",
                                          "3 Gillygate", "York", "GB")),
    })


def test_a_train_getting_into_a_town_is_the_train_not_the_inn_named_for_the_town(york: App) -> None:
    reply = talk(york, "what time does the train get into york?")[0]
    assert "11:34" in reply and "York Walls Inn" not in reply, reply


def test_a_journey_whose_mail_says_where_it_leaves_from_is_on_the_way_from_there() -> None:
    from steward.reader.answerers.trips import on_the_way

    said = "Your coach leaves from Ballarat at 10:15, platform 2"
    assert on_the_way("Ballarat", "Goldfields Coaches", "Coach booking", "", "bus", said)
    assert not on_the_way("Bendigo", "Goldfields Coaches", "Coach booking", "", "bus", said)
