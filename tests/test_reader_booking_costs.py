"""A trip's facts asked turn by turn (Vienna, a winter week in Lisbon, an hour behind): what the hotel costs
and when check-out is, on the hotel's clock beside the person's; the flight back, at the clock of the
airport it leaves from; what the flights cost (one booking for both legs); a mail that labels two
amounts alike is said so, never one of them picked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, schema_stay, with_bookings
from chat_helpers import talk
from steward.app import App
from steward.reader.answerers.costs import the_cost

NOW = "2027-01-11T08:00:00+01:00"
SENT = datetime(2027, 1, 4, 20, 15, tzinfo=ZoneInfo("Europe/Vienna"))


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_bookings(app_in_own_home("Europe/Vienna", NOW), tmp_path_factory.mktemp("mail"), {
        "flights": message("f1@tejoair.example", ("Tejo Air", "trips@tejoair.example"),
                           "Booking confirmed: Vienna - Lisbon, ref LX9P2D",
                           "Olá Marta,\n\nyour booking LX9P2D is confirmed.\n\n"
                           "OUTBOUND  TJ 211  Fri 22 Jan 2027\n  Vienna (VIE)  08:15\n  Lisbon (LIS)  11:05\n\n"
                           "RETURN  TJ 218  Mon 25 Jan 2027\n  Lisbon (LIS)  16:40\n  Vienna (VIE)  21:10\n\n"
                           "Times shown are local. Seats 14A, 14B. Amount charged: €318.40 to your Visa.\n", SENT),
        # seats bought later for both legs, by the airline's own mail about the booking
        "extras": message("f2@tejoair.example", ("Tejo Air", "trips@tejoair.example"),
                          "Extras added to booking LX9P2D",
                          "Olá Marta,\n\nyou added extras to booking LX9P2D.\n\nSeat selection 14A, 14B (both "
                          "flights): €19.98\nPaid with your Visa.\n", datetime(2027, 1, 6, 19, 0,
                                                                                 tzinfo=ZoneInfo("Europe/Vienna"))),
        "hotel": message("h1@staywell.example", ("StayWell", "hello@staywell.example"),
                         "Casa do Azulejo: your reservation", "Dear Marta,\n\nthanks for booking Casa do Azulejo, "
                         "Rua da Rosa 41, Lisbon.\nArrive: Friday 22 January from 14:00\nLeave: Monday 25 January "
                         "by 12:00\nRoom: €96.50 per night\nCity tax: €6.00\nTotal: €295.50, paid on arrival\n",
                         SENT, html=schema_stay("Casa do Azulejo", "2027-01-22T14:00:00", "2027-01-25T12:00:00",
                                                "Rua da Rosa 41", "Lisbon", "PT", number="AZ-55102")),
        # a practice's portal names the practice by the care it gives, and what the visit costs as its copay
        "visit": message("v1@portal-care.example", ("Alpenblick Family Medicine", "noreply@portal-care.example"),
                         "Appointment confirmed - Alpenblick Family Medicine",
                         "Hello Marta,\n\nYour appointment is confirmed.\n\nDate: Wednesday, 13 January 2027\n"
                         "Time: 9:40 AM\nVisit type: Annual physical\nLocation: Alpenblick Family Medicine, "
                         "Ringstrasse 12\nCopay due at check-in: €25.00\n", SENT),
    })


def test_a_visits_copay_is_what_it_costs_and_a_family_medicine_practice_is_the_doctor(home: App) -> None:
    cost, when = talk(home, "what's my co-pay for the physical on wednesday?", "when's the doctor?")
    assert "€25.00" in cost and "13 Jan" in cost, cost
    assert "13 Jan" in when and "09:40" in when and "Alpenblick" in when, when


def test_the_hotels_cost_is_its_total_never_a_nightly_rate_or_a_tax(home: App) -> None:
    _, cost = talk(home, "where are we staying in lisbon", "and what does that cost us?")
    assert "Casa do Azulejo: €295.50, as its mail says" in cost, cost
    assert "96.50" not in cost and "6.00" not in cost, cost


def test_check_out_is_on_the_hotels_clock_beside_the_persons(home: App) -> None:
    reply = talk(home, "what time do we have to leave the hotel by? check out")[0]
    assert "check-out Mon 25 Jan at 12:00 local time (13:00 your time)" in reply, reply


def test_the_flight_back_leaves_at_the_clock_of_the_airport_it_leaves_from(home: App) -> None:
    _, back = talk(home, "when do we fly to lisbon", "and the flight back?")
    assert "TJ 218" in back and "16:40 local time (17:40 your time)" in back, back
    assert "TJ 211" not in back, back


def test_both_legs_of_one_booking_cost_what_their_one_mail_says(home: App) -> None:
    reply = talk(home, "how much were the flights?")[0]
    assert "€318.40, as its mail says" in reply and len(reply.splitlines()) == 2, reply
    assert "TJ 211" in reply and "TJ 218" in reply, reply


@pytest.mark.parametrize("question", ["how much was the Lisbon ticket?", "how much were the tickets to Lisbon?"])
def test_a_journeys_ticket_is_its_one_booking_never_the_hotel_beside_it(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "€318.40, as its mail says" in reply and "295.50" not in reply, reply
    assert "Which one" not in reply, reply


@pytest.mark.parametrize(("text", "cost"), [
    ("Your tickets\nAdult: 2 x €12.00\nTotal to pay: €24.00\n", "€24.00"),
    ("Gesamtpreis: 84,90 €\nDarin enthalten: MwSt. 13,56 €", "84,90 €"),
    ("Fare: £31.20 (off-peak return)", "£31.20"),
    # a visit's own fee, the label alone on its line
    ("Where: 4 Mill Lane\nFee: £48.00, to pay at the desk", "£48.00"),
    # an aside in brackets after the total tells of something else
    ("3 nights at €70.00 per night\nTotal: €210.00 (a deposit of €70.00 taken today)", "€210.00"),
])
def test_a_booking_mails_cost_is_the_amount_labelled_as_its_whole_sum(text: str, cost: str) -> None:
    found, _ = the_cost(text)
    assert found is not None and found.amount == cost


def test_two_amounts_labelled_alike_are_not_chosen_between() -> None:
    found, read = the_cost("Adult fare: €19.00\nChild fare: €9.50\n")
    assert found is None and len(read) == 2
    assert the_cost("Room: €80.00 per night\nDeposit: €40.00")[0] is None
    assert the_cost("Booking fee: €4.50\nService fee: €2.00")[0] is None  # a fee with a word before it is a share


def test_the_way_back_asked_without_a_word_of_travel_is_the_flight_home(home: App) -> None:
    _, back = talk(home, "when do we fly to lisbon", "what time are we back then")
    assert "TJ 218" in back and "TJ 211" not in back, back


def test_a_visits_fee_labelled_inside_its_sentence_is_what_it_costs_in_a_letter_written_currency() -> None:
    text = "Dear Parent,\n\nPlease bring her health card. Fee: N18,000.00, payable at the clinic.\n"
    found, _ = the_cost(text, letter=("N", "NGN"))
    assert found is not None and found.value == "18000.00 NGN"
    assert the_cost("Please arrive early. Booking fee: €4.50\n")[0] is None  # a fee with a word before it is a share


def test_an_add_on_asked_by_its_name_is_its_own_line_never_the_fare(home: App) -> None:
    # the seats picked after booking cost what the airline's later mail says, never the flights' €318.40
    reply = talk(home, "what did the seats on the lisbon flights cost?")[0]
    assert "€19.98" in reply and "318.40" not in reply, reply
    # an add-on no mail prices is said so, never answered with the fare
    reply = talk(home, "what did the extra suitcase cost on the lisbon flight?")[0]
    assert reply.startswith("I can't") and "318.40" not in reply, reply
