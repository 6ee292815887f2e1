"""A ticket that lists its trips as a table under a row of headings ("Trip  Date  From  To  Departs  Seat"), asked of
turn by turn: a coach out and back between two towns' terminals, each on its town's clock, its arrival from the line
below the table, its return and that trip's seat alone; an airline's table of flights whose dates could be read either
way, read as the person's country writes them, its schedule change read as that flight at its new time, and each
flight's baggage from the line of its add-on mail that names its way (a home in Jakarta; the mails are written for
these tests)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_bookings
from chat_helpers import talk
from steward.app import App
from steward.appointments import trip_rows

NOW = "2027-05-20T09:00:00+07:00"
SENT = datetime(2027, 5, 12, 20, 0, tzinfo=ZoneInfo("Asia/Jakarta"))
COACH = ("E-TICKET\n\nBooking code: PB-774120\nPassenger: SARI WULANDARI\n\n"
         "Trip  Date  From  To  Departs  Seat\n"
         "1  05/06/2027  Terminal Pulo Gebang Jakarta  Terminal Leuwipanjang Bandung  07:15  4B\n"
         "2  07/06/2027  Terminal Leuwipanjang Bandung  Terminal Pulo Gebang Jakarta  17:45  11D\n\n"
         "Estimated arrival in Bandung: 10:50\nFare: IDR 120,000 x 2\n\nPlease be at the terminal 30 minutes before "
         "departure.\n\nPrima Bhakti Trans")
FLIGHTS = ("Hi SARI WULANDARI,\n\nYour booking is confirmed.\n\nBooking number: QZ7HRM\n\n"
           "Flight  Date  From  To  Depart  Arrive\n"
           "LQ 612  04/07/2027  Jakarta (CGK) T2  Denpasar (DPS)  06:10  09:00\n"
           "LQ 619  08/07/2027  Denpasar (DPS)  Jakarta (CGK) T2  19:30  20:20\n\nLangit Air")
CHANGE = ("Hi SARI WULANDARI,\n\nThe schedule of your flight has changed.\n\nBooking number: QZ7HRM\n"
          "Flight: LQ 612 Jakarta (CGK) T2 to Denpasar (DPS), 04/07/2027\nOld time: depart 06:10, arrive 09:00\n"
          "New time: depart 07:25, arrive 10:15\n\nYour return flight LQ 619 is not affected.\n\nLangit Air")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_bookings(app_in_own_home("Asia/Jakarta", NOW), tmp_path_factory.mktemp("mail"), {
        "coach": message("c1@primabhakti.example", ("Prima Bhakti Trans", "eticket@primabhakti.example"),
                         "E-Ticket: Jakarta - Bandung (PB-774120)", COACH, SENT),
        # (booked weeks before, as flights are: older than the mail a scan reads, found again by the change)
        "flights": message("f1@langitair.example", ("Langit Air", "itinerary@langitair.example"),
                           "Your Langit Air booking is confirmed: QZ7HRM", FLIGHTS,
                           datetime(2027, 4, 20, 21, 0, tzinfo=ZoneInfo("Asia/Jakarta"))),
        "change": message("f2@langitair.example", ("Langit Air", "itinerary@langitair.example"),
                          "Important: schedule change for your flight LQ 612", CHANGE,
                          datetime(2027, 5, 18, 14, 0, tzinfo=ZoneInfo("Asia/Jakarta"))),
        "bags": message("f3@langitair.example", ("Langit Air", "itinerary@langitair.example"),
                        "Add-on confirmed for QZ7HRM", "Hi SARI WULANDARI,\n\nYour add-on has been added to booking "
                        "QZ7HRM.\n\nChecked baggage 20 kg (CGK - DPS): IDR 310,000\n\nYour return flight (DPS - CGK) "
                        "stays at 7 kg cabin baggage.\n\nLangit Air",
                        datetime(2027, 4, 28, 12, 0, tzinfo=ZoneInfo("Asia/Jakarta"))),
    })


def test_a_tickets_table_of_trips_is_each_trip_on_its_towns_clock_with_its_arrival_from_below() -> None:
    found = [(c.provider, c.what, c.start, c.end_at.isoformat() if c.end_at else None, c.route)
             for c in trip_rows.from_text(COACH, SENT, "eticket@primabhakti.example", "Prima Bhakti Trans", True)]
    assert found == [
        ("Prima Bhakti Trans", "bus", "2027-06-05T07:15:00+07:00", "2027-06-05T10:50:00+07:00",
         "Terminal Pulo Gebang Jakarta \u2192 Terminal Leuwipanjang Bandung"),
        ("Prima Bhakti Trans", "bus", "2027-06-07T17:45:00+07:00", None,
         "Terminal Leuwipanjang Bandung \u2192 Terminal Pulo Gebang Jakarta")]
    assert trip_rows.seats(COACH) == ["4B", "11D"]
    # a date that could be either way, where nothing says which: no trip is read, none guessed
    assert trip_rows.from_text(COACH, SENT, "eticket@primabhakti.example", "Prima Bhakti Trans") == []
    # a table that says neither a bus nor a train, between stations that are no terminals: nothing read
    plain = COACH.replace("Terminal ", "").replace("terminal", "office")
    assert trip_rows.from_text(plain, SENT, "eticket@primabhakti.example", "Prima Bhakti Trans", True) == []


def test_a_coach_out_and_back_asked_turn_by_turn(home: App) -> None:
    leaves, reach, back, seat = talk(home, "what time does my bus leave?", "what time do we reach Bandung?",
                                     "and the return bus?", "seat number for that one?")
    assert "Sat 5 Jun" in leaves and "07:15" in leaves, leaves
    assert "10:50" in reach, reach
    assert "Mon 7 Jun" in back and "17:45" in back and "07:15" not in back, back
    assert "11D" in seat and "4B" not in seat, seat


def test_a_flight_table_read_as_the_persons_country_writes_dates_and_its_schedule_change(home: App) -> None:
    now, land = talk(home, "is the Denpasar flight still at the same time?", "and when does that one land?")
    assert "Sun 4 Jul" in now and "07:25" in now and "06:10" not in now, now
    assert "10:15" in land, land


def test_the_flight_home_asked_after_a_stay_is_a_flight_never_the_coach(home: App) -> None:
    back = talk(home, "what time is check-in at the hotel?", "no, I meant the flight home")[1]
    assert "LQ 619" in back and "Prima Bhakti" not in back, back


def test_the_baggage_of_each_flight_is_the_line_of_its_mail_that_names_its_way(home: App) -> None:
    _, bags, back = talk(home, "when does my Denpasar flight land?", "do I have checked baggage on that one?",
                         "no, the other flight, the one coming back")
    assert "20 kg (CGK - DPS)" in bags, bags
    assert "7 kg" in back and "LQ 619" in back and "20 kg" not in back, back
