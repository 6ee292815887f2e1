"""Bookings asked after by the kind of place they are with and the person they are with (Glasgow): a gym's
session is "the gym" and its coach the one its mail names ("Coach: Ines", "with Ines"); a plumber's visit
is "the plumber"; a booking whose mail names no one is said so, never another booking's person."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_bookings
from chat_helpers import talk
from steward.app import App

NOW = "2026-11-16T08:00:00+00:00"
GLA = ZoneInfo("Europe/London")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_bookings(app_in_own_home("Europe/London", NOW), tmp_path_factory.mktemp("mail"), {
        "gym": message("cw-1@clydewall.example", ("Clydewall Climbing Gym", "app@clydewall.example"),
                       "Booked: Bouldering session with Ines",
                       "You're booked! Bouldering session (90 min), Coach: Ines. Your appointment is confirmed for "
                       "Monday 16 November 2026 at 7:00 pm. Cancel up to 12 hours before.",
                       datetime(2026, 11, 12, 20, 0, tzinfo=GLA)),
        "plumber": message("mc-1@mcleanplumbing.example", ("McLean Plumbing & Heating", "jobs@mcleanplumbing.example"),
                           "Your appointment is confirmed", "Hello, your boiler repair appointment is confirmed for "
                           "Friday 20 November 2026 at 9:00 am. Our engineer will call when on the way.",
                           datetime(2026, 11, 13, 9, 0, tzinfo=GLA)),
    })


@pytest.mark.parametrize(("when", "who", "place", "at", "elsewhere", "opens", "never"), [
    pytest.param("what time is the gym today?", "and who's taking it?", "Clydewall", "19:00", "McLean",
                 "Ines, as its mail says", None, id="the gym's session, its coach the one its mail names"),
    pytest.param("is the plumber still coming on friday?", "who's coming?", "McLean", "09:00", "Clydewall",
                 "", "Ines", id="the plumber's visit, whose mail names no one"),
])
def test_a_kind_of_place_is_its_booking_and_its_person_the_one_its_mail_names(
        home: App, when: str, who: str, place: str, at: str, elsewhere: str, opens: str, never: str | None) -> None:
    booking, person = talk(home, when, who)
    assert place in booking and at in booking and elsewhere not in booking, booking
    assert person.startswith(opens) and (never is None or never not in person), person


@pytest.fixture(scope="module")
def family(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    """A home whose mother signs "Mum", with a table booked for her birthday and a child's check-up."""
    return with_bookings(app_in_own_home("Europe/London", NOW), tmp_path_factory.mktemp("family"), {
        "mum": message("mum-1@mailbox.example", ("Morag Kerr", "morag.kerr@mailbox.example"), "Saturday",
                       "Can't wait for Saturday, pet! Don't bring a present.\n\nLove, Mum",
                       datetime(2026, 11, 13, 19, 0, tzinfo=GLA)),
        "table": message("tb-1@tablebook.example", ("TableBook", "bookings@tablebook.example"),
                         "Reservation confirmed: The Ubiquitous Chip",
                         "Your table at The Ubiquitous Chip is confirmed for Saturday, 21 November 2026 at 7:30 pm, "
                         "9 guests. Occasion: Mum's 70th birthday. Reservation no.: TB-4410.",
                         datetime(2026, 11, 10, 9, 0, tzinfo=GLA)),
        "gp": message("gp-1@hyndlandgp.example", ("Hyndland Children's Clinic", "appointments@hyndlandgp.example"),
                      "Appointment confirmed: Isobel Kerr", "Isobel's check-up with Dr. Fraser Lamb is confirmed for "
                      "Thursday 19 November 2026 at 9:40 am. Hyndland Children's Clinic.",
                      datetime(2026, 11, 9, 9, 0, tzinfo=GLA)),
    })


def test_a_booking_said_as_someones_is_the_one_whose_mail_names_them(family: App) -> None:
    reply = talk(family, "what time is Mum's birthday dinner on Saturday?", "how many guests?")
    assert "19:30" in reply[0] and "Ubiquitous Chip" in reply[0], reply
    assert "9 guests" in reply[1], reply
    # a person no booking's mail names: said so, never her booking
    other = talk(family, "what time is Morag's dinner on Saturday?")[0]
    assert "19:30" not in other or "Mum" in other, other


def test_a_name_said_short_is_the_booking_for_the_one_it_opens(family: App) -> None:
    reply = talk(family, "when is Isobel's check-up?")[0]
    assert "19 Nov" in reply and "09:40" in reply, reply
    short = talk(family, "when is Isob's check-up?")[0]
    assert "19 Nov" in short and "09:40" in short, short
