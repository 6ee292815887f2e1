"""A trip talked through turn by turn: the journey to a place said in lower case, then "what time do we
land?" (that flight, at the airport's clock and the person's), "the booking ref?" (from what the store keeps
of its mail), "and when do we come back?" (the flight from there); a journey back that no mail gives is said
so, never the one out again (Dublin, flying to Lisbon)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import ics_event, message, schema_stay, with_bookings
from chat_helpers import talk
from steward.app import App

NOW = "2026-06-08T08:00:00+01:00"
SENT = datetime(2026, 5, 20, 19, 0, tzinfo=ZoneInfo("Europe/Dublin"))


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_bookings(app_in_own_home("Europe/Dublin", NOW), tmp_path_factory.mktemp("mail"), {
        "flight": message("f1@skerryair.example", ("Skerry Air", "bookings@skerryair.example"),
                          "Your trip to Lisbon - ZP4K7Q",
                          "Thanks for flying Skerry Air.\n\nBooking reference (PNR): ZP4K7Q\nPassengers: QUINN/ROISIN MS\n\n"
                          "Flight SK 402  Fri 19 Jun 2026\n  Depart Dublin (DUB) T1 06:05\n  Arrive Lisbon (LIS) T1 "
                          "Fri 19 Jun 09:40\n\nFlight SK 403  Sun 28 Jun 2026\n  Depart Lisbon (LIS) 18:20\n  Arrive "
                          "Dublin (DUB) Sun 28 Jun 20:55\n\nAll times are local.", SENT),
        "train": message("r1@greenline.example", ("Greenline Rail", "tickets@greenline.example"),
                         "Your Greenline ticket, order GL-7Q42X9", "Your ticket for Friday is attached. Have a good "
                         "journey.", SENT,
                         ics=ics_event("Train Dublin - Dún Laoghaire", "20260612T073000Z", "20260612T095500Z",
                                       organizer="Greenline Rail", location="Heuston Station, Dublin")),
        "hotel": message("h1@roomroost.example", ("RoomRoost", "stays@roomroost.example"),
                         "Your stay at Sol Menor Hotel is confirmed",
                         "Hi Roisin, your booking is confirmed.\nSol Menor Hotel, 12 Calle Mayor, Madrid\nCheck-in: "
                         "Monday 22 June 2026, from 15:00\nCheck-out: Wednesday 24 June 2026, until 11:00\n2 nights",
                         SENT, html=schema_stay("Sol Menor Hotel", "2026-06-22T15:00:00+02:00",
                                                "2026-06-24T11:00:00+02:00", "12 Calle Mayor", "Madrid", "ES")),
    })


def test_a_flight_to_a_place_said_in_lower_case_then_its_landing_reference_and_way_back(home: App) -> None:
    out, land, ref, back = talk(home, "when are we flying to lisbon?", "what time do we land", "booking ref?",
                                "and when do we come back?")
    assert "SK 402" in out and "SK 403" not in out, out
    # the landing at Lisbon's clock beside the person's own (the same here: both on UTC+1 in June)
    assert "SK 402" in land and "09:40" in land and "SK 403" not in land, land
    assert "ZP4K7Q" in ref, ref
    assert "SK 403" in back and "18:20" in back and "SK 402" not in back, back


def test_a_place_with_its_accent_left_off_is_that_place(home: App) -> None:
    reply = talk(home, "what time does the train get into dun laoghaire?")[0]
    assert "Greenline" in reply and "10:55" in reply, reply


def test_a_journey_back_no_mail_gives_is_said_so_never_the_one_out(home: App) -> None:
    _, back = talk(home, "when does my train leave on friday?", "and the way back?")
    assert back.startswith("I can't tell when you come back"), back


def test_a_train_named_by_the_town_it_goes_to_and_its_order_number(home: App) -> None:
    arrive, ref = talk(home, "what time does the dun laoghaire train get in", "what's the booking number?")
    assert "Greenline" in arrive and "10:55" in arrive, arrive
    assert "GL-7Q42X9" in ref, ref


def test_a_hotels_check_in_is_at_the_clock_of_its_town(home: App) -> None:
    reply = talk(home, "when do I check in at the Sol Menor?")[0]
    assert "15:00 local time (14:00 your time)" in reply, reply
