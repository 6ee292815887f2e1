"""Travel mail read as bookings in the shapes airlines, agents and railways write it: a flight's legs as
lines (a label, pipes between the cells, arrows, "dep" and "arr", a terminal beside the airport, the date in
words or digits, 12- and 24-hour times), each leg its own booking at its airports' clocks; a rail ticket
printed in columns (PNR, coach and berth, an arrival the next morning); a flight's schedule change read as
the move of that flight. The mails are written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import booked, message, scan_mail
from chat_helpers import ask, demo_home_at
from sample_homes import EIGHTH
from steward.app import App
from steward.appointments import structured, tickets
from steward.appointments.itinerary import from_text

RECEIVED = datetime(2027, 4, 4, 10, 0, tzinfo=UTC)


def _legs(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [(c.provider, c.start_at.isoformat() if c.start_at else "", c.end_at.isoformat() if c.end_at else None,
             c.route) for c in from_text(text, RECEIVED)]


def _mail(body: str, sender: str = "noreply@airline.example") -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, "me@home.example", "Your booking"
    msg.set_content(body)
    return msg.as_bytes()


def test_legs_written_as_labelled_cells_between_pipes_are_each_a_flight_with_its_return() -> None:
    body = ("Your booking is confirmed.\n\nPNR: QX7M4K\n\n"
            "Onward: XX 2417 | Mon, 19 Apr | Pune (PNQ) 08:40 -> Kolkata (CCU) 11:25\n"
            "Return: XX 2418 | Tue, 20 Apr | Kolkata (CCU) 19:10 -> Pune (PNQ) 21:55\n")
    found = [(c.provider, c.start_at.isoformat() if c.start_at else "", c.route)
             for c in structured.extract(_mail(body), "", RECEIVED)]
    assert found == [("XX 2417", "2027-04-19T08:40:00+05:30", "PNQ → CCU"),
                     ("XX 2418", "2027-04-20T19:10:00+05:30", "CCU → PNQ")]


@pytest.mark.parametrize(("text", "leg"), [
    # cells between pipes, each airport's terminal beside its code
    ("Onward: XX 2417 | Mon, 19 Apr | Pune (PNQ) T1 08:40 -> Kolkata (CCU) T2 11:25",
     ("XX 2417", "2027-04-19T08:40:00+05:30", "2027-04-19T11:25:00+05:30", "PNQ → CCU")),
    # a date in digits that can only be day first
    ("6E 512  19/04/2027  BLR 06:10 → DEL 09:00",
     ("6E 512", "2027-04-19T06:10:00+05:30", "2027-04-19T09:00:00+05:30", "BLR → DEL")),
    # "DEP" and "ARR" labels on lines of their own
    ("Your flight EK 501 on 24.04.2027\nDEP  BOM (BOM) 04:25\nARR  DXB (DXB) 06:00",
     ("EK 501", "2027-04-24T04:25:00+05:30", "2027-04-24T06:00:00+04:00", "BOM → DXB")),
    # the arrival's label in a column of the departure's line
    ("Flight: AI 504\nDepart: Chennai (MAA) 19 Apr 08:40    Arrive: Delhi (DEL) 19 Apr 11:25",
     ("AI 504", "2027-04-19T08:40:00+05:30", "2027-04-19T11:25:00+05:30", "MAA → DEL")),
    # "dep" and "arr" inside the line, 12-hour times, the date after the row
    ("Flight QZ 804: dep Chennai (MAA) 8:40 PM, arr Hyderabad (HYD) 10:05 PM, Mon 19 Apr 2027",
     ("QZ 804", "2027-04-19T20:40:00+05:30", "2027-04-19T22:05:00+05:30", "MAA → HYD")),
    # cells between pipes, a dash between the airports, the date in words at the end
    ("UK 816 | GOI 08:40 - BOM 09:55 | 19 April 2027",
     ("UK 816", "2027-04-19T08:40:00+05:30", "2027-04-19T09:55:00+05:30", "GOI → BOM")),
    # each time before its airport, the arrival in another zone the next day
    ("SQ 403  Tue 20 Apr 2027  Departs 23:55 Delhi (DEL)  Arrives 08:10 +1 Singapore (SIN)",
     ("SQ 403", "2027-04-20T23:55:00+05:30", "2027-04-21T08:10:00+08:00", "DEL → SIN")),
    # an overnight leg that lands after midnight
    ("Flight QZ 2417, 19 Apr 2027: DEL 23:30 → BLR 02:15 (+1)",
     ("QZ 2417", "2027-04-19T23:30:00+05:30", "2027-04-20T02:15:00+05:30", "DEL → BLR")),
    # a US agent's line: the month first, 12-hour times, each airport in its own zone
    ("UA 1234 — Sat, Apr 24, 2027 — Departs SFO 7:05 AM, Arrives ORD 1:22 PM",
     ("UA 1234", "2027-04-24T07:05:00-07:00", "2027-04-24T13:22:00-05:00", "SFO → ORD")),
])
def test_a_leg_line_in_each_shape_is_read_at_its_airports_clocks(text: str, leg: tuple[str, ...]) -> None:
    assert _legs(text) == [leg]


def test_a_time_written_before_its_airport_is_never_taken_for_the_other_airports() -> None:
    # two times before the first airport: whose is whose the row does not say
    assert _legs("SQ 403  20 Apr 2027  23:55 00:10 Delhi (DEL)  Singapore (SIN) 08:10") == []


def test_a_date_in_digits_that_could_be_either_way_round_is_not_read() -> None:
    assert _legs("6E 512  03/04/2027  BLR 06:10 → DEL 09:00") == []
    # another date of the mail that can only be day first settles it
    assert _legs("Booked on 28/03/2027\n6E 512  03/04/2027  BLR 06:10 → DEL 09:00")[0][1] == "2027-04-03T06:10:00+05:30"


def _ticket(columns: str) -> str:
    return ("Electronic Reservation Slip (ERS)\n\nPNR No.: 4521873096\nTrain No./Name: 12658 / CHENNAI MAIL\n"
            "Class: SLEEPER (SL)\nQuota: TATKAL (TQ)\n\n" + columns +
            "\n\nPassenger Details:\n1. A KUMAR, 41, M: CNF/S4/17/UPPER\n\nTotal Fare: ₹1,215.00\n")


@pytest.mark.parametrize(("columns", "start", "end"), [
    # two fields on a line, a mark after the label, the arrival the next day with its date
    ("From: KSR BENGALURU (SBC)    Departure*: 22:40 23-Apr-2027\n"
     "To: MGR CHENNAI CENTRAL (MAS)    Arrival*: 05:15 24-Apr-2027\nBoarding at: KSR BENGALURU (SBC)",
     "2027-04-23T22:40:00+05:30", "2027-04-24T05:15:00+05:30"),
    # the arrival without its date: the first such time after the departure
    ("From: HOWRAH JN (HWH)\tDeparture: 23:55 23-Apr-2027\nTo: BHUBANESWAR (BBS)\tArrival: 07:20",
     "2027-04-23T23:55:00+05:30", "2027-04-24T07:20:00+05:30"),
])
def test_an_indian_rail_ticket_in_columns_is_its_train_at_the_stations_clock(columns: str, start: str,
                                                                          end: str) -> None:
    (train,) = tickets.from_text(_ticket(columns), RECEIVED, "eticket@rail.example")
    assert (train.provider, train.what) == ("Train 12658", "train")
    assert train.start_at is not None and train.start_at.isoformat() == start
    assert train.end_at is not None and train.end_at.isoformat() == end


def test_a_station_named_after_no_known_city_is_on_the_clock_of_the_country_whose_money_the_fare_is_in() -> None:
    columns = "From: H NIZAMUDDIN (NZM)    Departure: 06:10 23-Apr-2027\nTo: AGRA CANTT (AGC)    Arrival: 08:05"
    (train,) = tickets.from_text(_ticket(columns), RECEIVED, "eticket@rail.example")
    assert train.start_at is not None and train.start_at.isoformat() == "2027-04-23T06:10:00+05:30"
    # fares in a currency of no one clock say nothing: the station stays without a zone
    (floating,) = tickets.from_text(_ticket(columns).replace("₹1,215.00", "USD 14.60"), RECEIVED,
                                    "eticket@rail.example")
    assert floating.floating and floating.end_at is None


@pytest.mark.parametrize(("sender", "text", "leg"), [
    ("tickets@bahn.de", "Ihre Fahrkarte\nZug: ICE 571\nAbfahrt: 10:31 Hannover Hbf, 14.04.2027\n"
     "Ankunft: 11:26 Kassel-Wilhelmshöhe\nWagen 12, Platz 45\n",
     ("Train ICE 571", "2027-04-14T10:31:00+02:00", "2027-04-14T11:26:00+02:00", "Hannover Hbf → Kassel-Wilhelmshöhe")),
    ("billets@rail.example", "Train n° 8531\nDépart : 09:02 Nantes, le 14/04/2027\nArrivée : 11:08 Paris Montparnasse\n"
     "Voiture 14 - Place 52\n",
     ("Train 8531", "2027-04-14T09:02:00+02:00", "2027-04-14T11:08:00+02:00", "Nantes → Paris Montparnasse")),
    ("biglietti@rail.example", "Treno: FR 9612\nPartenza: 14/04/2027 08:10 Roma Termini\nArrivo: 11:20 Milano Centrale\n"
     "Carrozza 5 Posto 7A\n",
     ("Train FR 9612", "2027-04-14T08:10:00+02:00", "2027-04-14T11:20:00+02:00", "Roma Termini → Milano Centrale")),
    ("tickets@rail.example", "Train 171 Northeast Regional\nDeparts New York - Penn Station, NY 8:05 AM, Wednesday, "
     "April 14, 2027\nArrives Washington - Union Station, DC 11:35 AM\nCar 4 Seat 12\n",
     ("Train 171", "2027-04-14T08:05:00-04:00", "2027-04-14T11:35:00-04:00", "New York → Washington")),
])
def test_european_and_us_rail_tickets_are_their_train_from_departure_to_arrival(sender: str, text: str,
                                                                                leg: tuple[str, ...]) -> None:
    (train,) = tickets.from_text(text, RECEIVED, sender)
    assert (train.provider, train.start_at.isoformat() if train.start_at else "",
            train.end_at.isoformat() if train.end_at else "", train.route) == leg


def test_a_us_rail_ticket_in_columns_is_read_at_its_stations_clock() -> None:
    text = ("Amtrak eTicket\nReservation Number: 4B5C6D\nTrain 171  Northeast Regional\n"
            "From: New York Penn Station    Departure: 8:05 AM 03-14-2027\n"
            "To: Washington Union Station    Arrival: 11:35 AM\nCoach Class, Car 4 Seat 12\n")
    (train,) = tickets.from_text(text, RECEIVED, "tickets@rail.example")
    assert train.start_at is not None and train.start_at.isoformat() == "2027-03-14T08:05:00-04:00"
    assert train.end_at is not None and train.end_at.isoformat() == "2027-03-14T11:35:00-04:00"


@pytest.fixture(scope="module")
def eighth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Deepa's home in Bengaluru: her night train to Chennai."""
    return demo_home_at(app_in_own_home, EIGHTH.zone, EIGHTH.now, "eighth")


def test_the_eighth_homes_night_train_leaves_at_its_time_and_arrives_the_next_morning(eighth: App) -> None:
    _, reply = ask(eighth, "what time does my train leave?")
    assert "Fri 23 Apr" in reply and "22:40" in reply
    _, arrives = ask(eighth, "when does the train get in?")
    assert "Sat 24 Apr" in arrives and "05:15" in arrives


def test_the_eighth_homes_flight_with_terminals_beside_its_airports_is_read_with_its_return_and_its_new_time(
        eighth: App) -> None:
    # legs written 'City (AAA) T1 08:40 -> City (BBB) T1 11:25', the departure later revised to 09:25
    _, out = ask(eighth, "when is my flight?")
    assert "09:25" in out and "08:40" not in out
    _, lands = ask(eighth, "when do I land in delhi?")
    assert "12:10" in lands
    _, back = ask(eighth, "when do I fly back?")
    assert "Tue 20 Apr" in back and "19:10" in back


CHANGED = ("Dear Customer,\n\nDue to operational reasons, the schedule of your flight SX 451 on Sat, 24 Oct 2026 from "
           "{place} to Mexico City has been revised.\n\nRevised departure: 19:50 (earlier 18:05)\n"
           "Revised arrival: 23:25 (earlier 21:40)\n\nYour return flight is unchanged.\n")
BOOKED = ("Thanks for flying with Solstice Airways.\n\nConfirmation code: HX72QD\n\n"
          "Flight SX 451  Sat 24 Oct 2026\n  Depart {place} ({code}) T5 18:05\n"
          "  Arrive Mexico City (MEX) T1 Sat 24 Oct 21:40\n\nAll times are local.")


def _moved(tmp_path: Path, cli: Any, place: str, code: str) -> list[tuple[str, str]]:
    airline = ("Solstice Airways", "itinerary@solstice.example")
    sent = datetime(2026, 9, 29, 11, 0, tzinfo=ZoneInfo("America/Chicago"))
    items = scan_mail(tmp_path, cli, {
        "a": message("sx-1@solstice.example", airline, "Your trip to Mexico City - HX72QD",
                     BOOKED.format(place=place, code=code), sent - timedelta(days=10)),
        "b": message("sx-2@solstice.example", airline, "Important: schedule change for SX 451 (PNR HX72QD)",
                     CHANGED.format(place=place), sent)}, "2026-10-01T09:00:00-05:00", "America/Chicago")
    return booked(items)


def test_a_revised_departure_with_the_time_it_replaces_in_brackets_moves_the_flight(tmp_path: Path, cli: Any) -> None:
    assert _moved(tmp_path, cli, "Chicago", "ORD") == [("SX 451", "2026-10-24T19:50:00-05:00")]


def test_a_flight_from_another_zone_is_not_moved_on_the_persons_clock(tmp_path: Path, cli: Any) -> None:
    # the new time is Denver's, not Chicago's: no move is read on the person's clock
    assert not [start for _, start in _moved(tmp_path, cli, "Denver", "DEN") if "T19:50" in start]


ROWS_BOOKED = ("Thank you for flying Bluewater Air.\n\nConfirmation code: ZP8R2L\nPassengers: ANNA MORA\n\n"
               "BW 210  Sat, May 8  Denver (DEN) 6:50 AM  ->  Orlando (MCO) 12:35 PM\n"
               "BW 215  Sun, May 16  Orlando (MCO) 3:20 PM  ->  Denver (DEN) 5:30 PM\n\nAll times are local.\n")
ROWS_CHANGED = ("Dear ANNA MORA,\n\nWe've changed your trip (confirmation ZP8R2L). Your new flight is:\n\n"
                "NEW: BW 218  Sat, May 8  Denver (DEN) 9:15 AM  ->  Orlando (MCO) 3:00 PM\n"
                "WAS: BW 210  Sat, May 8  DEN 6:50 AM  ->  MCO 12:35 PM\n\nYour return flight BW 215 is unchanged. If "
                "the new time does not suit you, you may pick another flight or ask for a refund.\n\nBluewater Air")


def test_a_schedule_change_that_writes_the_new_row_above_the_old_one_replaces_the_flight(tmp_path: Path,
                                                                                        cli: Any) -> None:
    # the new flight (another number) is the booking at its new time; the one it replaces is no longer proposed
    air = ("Bluewater Air", "trips@bluewater.example")
    sent = datetime(2027, 4, 20, 19, 0, tzinfo=ZoneInfo("America/Denver"))
    items = scan_mail(tmp_path, cli, {
        "a": message("bw-1@bluewater.example", air, "Your trip confirmation - Denver to Orlando (ZP8R2L)", ROWS_BOOKED,
                     sent - timedelta(days=20)),
        "b": message("bw-2@bluewater.example", air, "Schedule change to your trip ZP8R2L", ROWS_CHANGED, sent)},
        "2027-04-25T09:00:00-06:00", "America/Denver")
    assert booked(items) == [("BW 215", "2027-05-16T13:20:00-06:00"), ("BW 218", "2027-05-08T09:15:00-06:00")]
    (new,) = [i for i in items if i["provider"] == "BW 218"]
    assert new["end"] is not None and new["end"].startswith("2027-05-08T13:00")  # 3:00 PM in Orlando
