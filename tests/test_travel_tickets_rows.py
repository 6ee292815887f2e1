"""Travel mail in more of the shapes companies write it, and what a question of a journey's detail is answered
with: legs written as rows under a DEPART / RETURN label, a rail ticket's rows under the train's line with its
stations on their region's clock, a schedule change said in words read as the move of that flight, a seat and
a berth read per leg, a boarding time from a later mail. The mails are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from steward.appointments import rail
from steward.appointments.itinerary import from_text
from steward.appointments.journey_moves import as_the_journey, moved_journey
from steward.appointments.model import Accepted, Candidate, Rejected
from steward.appointments.places import region_zone
from steward.reader.answerers.appointments import _seat_in
from steward.reader.answerers.trips import station_names
from steward.reader.details import asked_detail, detail_in
from steward.records.appointments import MessageMeta

RECEIVED = datetime(2027, 5, 2, 10, 0, tzinfo=UTC)


def _legs(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [(c.provider, c.start_at.isoformat() if c.start_at else "", c.end_at.isoformat() if c.end_at else None,
             c.route) for c in from_text(text, RECEIVED)]


def test_legs_written_as_rows_under_depart_and_return_labels_are_each_a_flight_with_its_arrival() -> None:
    text = ("Confirmation code: ZZ9Q2W\n\n"
            "DEPART  Fri, Jun 4  Flight XY 501  Chicago, IL (ORD) 7:15 AM - Boston, MA (BOS) 10:40 AM\n"
            "RETURN  Mon, Jun 7  Flight XY 530  Boston, MA (BOS) 6:05 PM - Chicago, IL (ORD) 8:00 PM\n")
    assert _legs(text) == [("XY 501", "2027-06-04T07:15:00-05:00", "2027-06-04T10:40:00-04:00", "ORD → BOS"),
                           ("XY 530", "2027-06-07T18:05:00-04:00", "2027-06-07T20:00:00-05:00", "BOS → ORD")]


def test_a_rail_tickets_rows_under_the_trains_line_are_trains_on_their_regions_clock() -> None:
    text = ("eTicket - Reservation Number Q7Z2KD\n\n"
            "OUTBOUND: Fri, Jun 4, 2027\nTrain 7 Lakeshore\n"
            "Chicago Union Station, IL (CHI) 2:00 PM -> Galesburg, IL (GBB) 5:10 PM\n\n"
            "INBOUND: Sun, Jun 6, 2027\nTrain 8 Lakeshore\n"
            "Galesburg, IL (GBB) 9:30 AM -> Chicago Union Station, IL (CHI) 12:45 PM\n")
    found = [(c.title, c.start_at.isoformat() if c.start_at else "", c.end_at.isoformat() if c.end_at else None,
              c.floating) for c in rail.from_text(text, RECEIVED, "tickets@rail.example")]
    assert found == [
        ("Train 7 Chicago Union Station, IL → Galesburg, IL", "2027-06-04T14:00:00-05:00",
         "2027-06-04T17:10:00-05:00", False),
        ("Train 8 Galesburg, IL → Chicago Union Station, IL", "2027-06-06T09:30:00-05:00",
         "2027-06-06T12:45:00-05:00", False)]


def test_a_row_whose_airport_names_its_terminal_by_kind_is_a_flight() -> None:
    # "(SYD) Domestic 07:05": the terminal said by its kind stands between the airport's code and its time
    text = ("Your trip is confirmed. Booking reference: WB4Q7Z\n\nSydney to Brisbane\n"
            "Mon 7 Jun 2027  ZV612  Depart Sydney (SYD) Domestic 07:05  Arrive Brisbane (BNE) 08:35\n\n"
            "Brisbane to Sydney\nThu 10 Jun 2027  ZV641  Depart Brisbane (BNE) 19:10  Arrive Sydney (SYD) Domestic "
            "21:40\n")
    assert _legs(text) == [("ZV 612", "2027-06-07T07:05:00+10:00", "2027-06-07T08:35:00+10:00", "SYD → BNE"),
                           ("ZV 641", "2027-06-10T19:10:00+10:00", "2027-06-10T21:40:00+10:00", "BNE → SYD")]


def test_an_operators_eticket_that_numbers_no_train_is_its_legs_named_by_the_operator() -> None:
    text = ("Northern Rail eTicket\nBooking reference: NR-2210-448\n\n"
            "OUT: Fri 4 Jun 2027\nManchester Piccadilly 08:12 -> Leeds 09:05\nCoach D, Seat 41\n\n"
            "RETURN: Sun 6 Jun 2027\nLeeds 18:40 -> Manchester Piccadilly 19:33\nCoach A, Seat 7\n")
    found = [(c.provider, c.what, c.start_at.isoformat() if c.start_at else "", c.route)
             for c in rail.from_text(text, RECEIVED, "tickets@northern.example", "Northern Rail")]
    assert found == [("Northern Rail", "train", "2027-06-04T08:12:00+01:00", "Manchester Piccadilly → Leeds"),
                     ("Northern Rail", "train", "2027-06-06T18:40:00+01:00", "Leeds → Manchester Piccadilly")]
    # a coach company's, whose mail speaks of coaches
    coach = ("Your coach eTicket\nTicket reference: CX-88120\n\nOUT: Fri 4 Jun 2027\nLeeds 07:00 -> Manchester "
             "09:10\n\nBoard the coach 15 minutes before departure.")
    assert [c.what for c in rail.from_text(coach, RECEIVED, "go@coachline.example", "Coachline")] == ["bus"]
    # no ticket, no operator: no journey read
    assert rail.from_text(text.replace("eTicket", "news").replace("Booking reference", "Ref"), RECEIVED,
                          "tickets@northern.example", "Northern Rail") == []
    assert rail.from_text(text, RECEIVED, "tickets@northern.example", "") == []


def test_a_coach_lines_eticket_from_terminal_to_terminal_is_a_bus_with_its_estimated_arrival() -> None:
    # no word of a bus or a train: its stations are terminals, and the arrival is said as an estimate
    text = ("SIERRA MOUNTAIN LINES - E-TICKET\nBooking no.: SML-4471\n\n"
            "GOING: Fri, Jun 4, 2027\nPasay Terminal 9:15 PM -> Sagada Terminal, est. arrival 5:40 AM\nSeats 3, 4\n\n"
            "Total fare: PHP 2,150.00\n")
    found = [(c.provider, c.what, c.start_at.isoformat() if c.start_at else "", c.route)
             for c in rail.from_text(text, RECEIVED, "tix@sierramountain.example", "Sierra Mountain Lines")]
    assert found == [("Sierra Mountain Lines", "bus", "2027-06-04T21:15:00+08:00", "Pasay Terminal → Sagada Terminal")]
    # stations named by no word of a terminal: no kind to say, no journey read
    plain = text.replace("Pasay Terminal", "Pasay").replace("Sagada Terminal", "Sagada")
    assert rail.from_text(plain, RECEIVED, "tix@sierramountain.example", "Sierra Mountain Lines") == []


def test_a_row_that_starts_with_its_train_and_ends_with_its_seat_is_that_train() -> None:
    text = ("Booking number: 7RT210\n\nOUTBOUND  Fri Jun 04, 2027\n"
            "  Train 31  Ottawa (Central Station) 07:15  ->  Kingston (VIA Station) 09:20   Car 2, Seat 4C\n"
            "RETURN    Sun Jun 06, 2027\n"
            "  Train 48  Kingston (VIA Station) 16:05  ->  Ottawa (Central Station) 18:11   Car 5, Seat 9A\n")
    found = [(c.provider, c.start_at.isoformat() if c.start_at else "")
             for c in rail.from_text(text, RECEIVED, "tickets@lakeshorerail.example", "Lakeshore Rail")]
    assert found == [("Train 31", "2027-06-04T07:15:00-04:00"), ("Train 48", "2027-06-06T16:05:00-04:00")]


def test_the_way_back_a_tickets_rows_give_beside_a_calendar_part_of_the_way_out() -> None:
    from appointment_mail import ics_event, message
    from steward.appointments.structured import extract

    text = ("Booking number: 7RT210\n\nOUTBOUND  Fri Jun 04, 2027\n"
            "  Train 31  Ottawa (Central Station) 07:15  ->  Kingston (VIA Station) 09:20   Car 2, Seat 4C\n"
            "RETURN    Sun Jun 06, 2027\n"
            "  Train 48  Kingston (VIA Station) 16:05  ->  Ottawa (Central Station) 18:11   Car 5, Seat 9A\n")
    out = ics_event("Train Ottawa - Kingston", "20270604T111500Z", "20270604T132000Z", organizer="Lakeshore Rail",
                    location="Central Station, Ottawa")
    raw = message("t-1@test", ("Lakeshore Rail", "tickets@lakeshorerail.example"), "Your e-ticket 7RT210", text,
                  RECEIVED, ics=out)
    found = sorted(c.start_at.isoformat() for c in extract(raw, "Lakeshore Rail", RECEIVED) if c.start_at)
    # the way out once (its calendar part's), the way back from the rows
    assert found == ["2027-06-04T11:15:00+00:00", "2027-06-06T16:05:00-04:00"], found


def test_a_tickets_day_written_with_its_ordinal_is_the_legs_day_on_its_clock_after_the_clocks_go_back() -> None:
    text = ("Your Pennine Trains e-tickets\nBooking reference: PT55X1\n\nOUTWARD  Tue 2nd Nov 2027\n"
            "York 06:50 -> London King's Cross 08:44\nCoach F, Seat 12\n\nRETURN  Wed 3rd Nov 2027\n"
            "London King's Cross 18:03 -> York 19:58\n")
    found = [(c.start_at.isoformat() if c.start_at else "", c.route)
             for c in rail.from_text(text, RECEIVED, "tickets@penninetrains.example", "Pennine Trains")]
    # (British summer time has ended by November: the station's clock is on GMT)
    assert found == [("2027-11-02T06:50:00+00:00", "York → London King's Cross"),
                     ("2027-11-03T18:03:00+00:00", "London King's Cross → York")]


def test_a_sailing_written_port_to_port_on_one_line_is_read() -> None:
    from steward.appointments import sailings

    text = ("Booking number: 77120\nOutward: Rosslare - Cherbourg, Fri 4 Jun 2027, depart 16:00, arrive 11:30\n"
            "Passengers: 2 adults. Have your booking number ready at the ferry terminal.")
    (one,) = sailings.from_text(text, RECEIVED, "Celtic Sailings")
    assert (one.route, one.location, one.start_at.isoformat() if one.start_at else "") == (
        "Rosslare → Cherbourg", "Rosslare", "2027-06-04T16:00:00")


def test_a_numbered_sailing_whose_check_in_time_comes_first_leaves_at_its_departure() -> None:
    from steward.appointments import sailings

    text = ("ISLAND LINK FERRIES\nBooking reference: IL-55012\n\n"
            "Sailing 1: Auckland to Waiheke Island, Friday 4 June 2027\nCheck in by 09:15, departs 09:45, arrives 10:25\n")
    (one,) = sailings.from_text(text, RECEIVED, "Island Link Ferries")
    assert (one.route, one.start_at.isoformat() if one.start_at else "") == (
        "Auckland → Waiheke Island", "2027-06-04T09:45:00+12:00")


def test_a_region_code_alone_gives_no_zone() -> None:
    # "CO" may be Colorado's or Colombia's: only a place of the same ticket known to be in Colorado says which
    assert region_zone("Galesburg, IL", {"Galesburg, IL": None}) is None
    assert region_zone("Galesburg, IL", {"Galesburg, IL": None, "Peoria, IL": "America/Chicago"}) == "America/Chicago"
    assert region_zone("Galesburg, IL", {"Galesburg, IL": None, "Tulsa, OK": "America/Chicago"}) is None


def _meta(n: int, at: datetime) -> MessageMeta:
    return MessageMeta(id=n, sender="news@airline.example", sender_name="Airline", subject="", snippet="",
                       received_at=at, key=f"k{n}")


def test_a_schedule_change_said_in_words_is_the_move_of_that_flight_with_its_new_arrival() -> None:
    booked = _meta(1, datetime(2027, 4, 1, tzinfo=UTC))
    changed = _meta(2, datetime(2027, 5, 1, tzinfo=UTC))
    leaves = datetime.fromisoformat("2027-06-04T07:15:00-05:00")
    lands = datetime.fromisoformat("2027-06-04T10:40:00-04:00")
    flight = Candidate(provider="XY 501", start=leaves.isoformat(), excerpt="XY 501", location="ORD", travel=True,
                       start_at=leaves, end_at=lands, what="flight", route="ORD → BOS", origin="itinerary")
    moved = Rejected(flight, "reschedule", booked, leaves, lands)
    new = datetime.fromisoformat("2027-06-04T09:15:00-05:00")
    words = Candidate(provider="Airline", start="4 Jun 2027 09:15", excerpt="Now: departs Chicago 09:15, arrives "
                      "Boston 12:45", status="rescheduled", was="4 Jun 2027 07:15")
    move = Accepted(words, changed, new, new, None, "fp", "m")
    assert moved_journey(move, [moved, move], leaves) is moved
    journey = as_the_journey(move, moved)
    assert (journey.candidate.title, journey.end.isoformat()) == ("Flight XY 501 ORD → BOS",
                                                                  "2027-06-04T12:45:00-04:00")


def test_a_seat_is_read_per_leg_and_never_another_journeys() -> None:
    checked_in = "XY 501 Fri 4 Jun, departs 07:15\nSeat: 17F (aisle)\nYour return, XY 530 on 7 Jun: seat 31C."
    assert _seat_in(checked_in, "XY501", about="XY501") == "seat 17F"
    assert _seat_in(checked_in, "XY530", about="XY501") == "seat 31C"
    both = "Passenger: A PERSON  Seat 22A / 7C"
    assert [_seat_in(both, "XY501", (0, 2)), _seat_in(both, "XY530", (1, 2))] == ["seat 22A", "seat 7C"]
    assert _seat_in("Seat 12A", "XY530", (1, 2)) == ""  # one seat for a ticket of two legs: whose it does not say
    blocks = "OUT: Fri 4 Jun\nLeeds 07:00 -> York 07:25\nCoach C, Seat 24\n\nRETURN: Sun 6 Jun\nYork 18:00 -> Leeds 18:25\nCoach B, Seat 11"
    assert [_seat_in(blocks, "", (0, 2)), _seat_in(blocks, "", (1, 2))] == ["coach C, seat 24", "coach B, seat 11"]
    assert _seat_in("1. A PERSON, 40, F: CNF/S4/21/UPPER") == "coach S4, berth 21 (upper)"


def test_a_boarding_time_is_asked_and_read_as_the_mail_says_it() -> None:
    assert [asked_detail(q) for q in ("when do we board?", "boarding starts when?", "what time does the ferry board",
                                      "when is the board meeting?", "where's my boarding pass?",
                                      # a board that meets, said as a noun, is no boarding
                                      "when's the board on friday?", "what time does the plane board?",
                                      "what time's the boarding?")] == [
        "boarding", "boarding", "boarding", "", "", "", "boarding", "boarding"]
    assert detail_in("New gate: C9 (was C2)\nBoarding begins: 6:25 PM CT\n", "boarding") == "Boarding begins: 6:25 PM CT"
    assert detail_in("Boarding closes 20 minutes before departure. Enjoy.", "boarding") == \
        "Boarding closes 20 minutes before departure."


def test_a_trains_station_is_said_by_its_town() -> None:
    assert station_names("CST MUMBAI CENTRAL", "train") == ["CST MUMBAI CENTRAL", "MUMBAI"]
    assert station_names("NEW DELHI", "train") == ["NEW DELHI"]
    assert station_names("Mumbai (BOM)", "flight") == ["Mumbai (BOM)"]
