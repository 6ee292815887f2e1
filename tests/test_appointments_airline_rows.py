"""Travel written the way its services write it. Flights the way airlines' own e-tickets write them, each leg its own flight: a row with the
date against its month and four-digit times after each airport ("ZB 512  14Mar2027  LHR 0820  DUB 0935"),
and legs under OUTBOUND / RETURN headings with each airport named and its code in brackets ("Leeds
Bradford (LBA)  07:05  ->  Amsterdam Schiphol (AMS)  09:20"), a day trip's way back included; and a stay
booked through a service, named by the place on the line above its address, at its check-in hour on the
place's clock. The mails are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from steward.appointments.itinerary import from_text

RECEIVED = datetime(2027, 2, 20, 10, 0, tzinfo=UTC)


def _legs(text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [(c.provider, c.start_at.isoformat() if c.start_at else "", c.end_at.isoformat() if c.end_at else None,
             c.route) for c in from_text(text, RECEIVED)]


def test_an_e_tickets_rows_with_four_digit_times_are_two_flights_on_their_airports_clocks() -> None:
    text = ("Zephyr Blue e-ticket receipt\nBooking reference: 7TQX2M\n\n"
            "ZB 512  14Mar2027  LHR 0820  DUB 0935\nZB 519  21Mar2027  DUB 1850  LHR 2005\n\nTimes are local.")
    assert _legs(text) == [
        ("ZB 512", "2027-03-14T08:20:00+00:00", "2027-03-14T09:35:00+00:00", "LHR → DUB"),
        ("ZB 519", "2027-03-21T18:50:00+00:00", "2027-03-21T20:05:00+00:00", "DUB → LHR"),
    ]


def test_a_day_trips_outbound_and_return_legs_are_both_read_with_their_own_numbers() -> None:
    text = ("Booking reference: LK82QW\n\nOUTBOUND  PX 204  Tue 9 Mar 2027\n"
            "  Leeds Bradford (LBA)  07:05  ->  Amsterdam Schiphol (AMS)  09:20\n  Seat 12A\n\n"
            "RETURN  PX 219  Tue 9 Mar 2027\n  Amsterdam Schiphol (AMS)  19:40  ->  Leeds Bradford (LBA)  20:05\n"
            "  Seat 14C\n")
    assert _legs(text) == [
        ("PX 204", "2027-03-09T07:05:00+00:00", "2027-03-09T09:20:00+01:00", "LBA → AMS"),
        ("PX 219", "2027-03-09T19:40:00+01:00", "2027-03-09T20:05:00+00:00", "AMS → LBA"),
    ]


def test_a_year_against_the_month_is_never_a_time_and_a_number_after_a_code_needs_its_row() -> None:
    # four digits after a code are a time only in a row that opens with a flight number
    assert _legs("Your gate: LHR 0820 opens at noon") == []
    assert _legs("Order 4471 shipped from LHR 0820") == []


def test_a_stay_booked_through_a_service_is_the_places_at_its_check_in_hour_on_its_clock() -> None:
    from steward.appointments.stays import from_text as stays_from_text

    text = ("Hi Ana\n\nYour stay is confirmed.\n\nCasa Limonero\nAgiou Nikolaou Street, Oia, Greece\n"
            "Check-in: Friday 16 April 2027, from 16:00\nCheck-out: Monday 19 April 2027, by 10:00\n"
            "3 nights, 2 adults\n")
    [stay] = stays_from_text(text, RECEIVED, "Stayly")
    assert (stay.provider, stay.start) == ("Casa Limonero", "2027-04-16T16:00:00+03:00")


def test_a_stay_whose_lines_name_no_place_above_an_address_is_the_services() -> None:
    from steward.appointments.stays import from_text as stays_from_text

    text = ("Your stay is confirmed.\nCheck-in: Friday 16 April 2027\nCheck-out: Monday 19 April 2027\n"
            "3 nights, 2 adults\n")
    [stay] = stays_from_text(text, RECEIVED, "Stayly")
    assert (stay.provider, stay.start) == ("Stayly", "2027-04-16")


def _meta(subject: str, sender_name: str, snippet: str):  # type: ignore[no-untyped-def]
    from steward.records.appointments import MessageMeta

    return MessageMeta(id=1, key="k", sender="bookings@tablio.example", sender_name=sender_name, subject=subject,
                       snippet=snippet, received_at=RECEIVED, category="appointment")


def test_a_table_booked_through_a_service_is_the_restaurants_the_subject_and_text_name() -> None:
    from steward.appointments.patterns import venue_in_subject

    snippet = "Hi Sam, your table is booked. Olive & Fig Friday 5 March 2027, 20:00 Table for 2"
    assert venue_in_subject(_meta("Table booked: Olive & Fig, 2 people", "Tablio", snippet)) == "Olive & Fig"
    # the restaurant's own mail, or a subject whose words the text does not repeat, names no other place
    assert venue_in_subject(_meta("Booking confirmed: Olive & Fig", "Olive & Fig", snippet)) is None
    assert venue_in_subject(_meta("Booking confirmed: Cut and blow-dry with Rui", "Tablio", snippet)) is None
    # a business's own subject naming the service booked: the text labels it so, and says where
    salon = "You're booked in. Service: Gel manicure (1 h) When: Tuesday 9 March at 11:00 Where: Nailed It, 3 Elm St"
    assert venue_in_subject(_meta("Booking confirmed: Gel manicure", "Nailed It", salon)) is None
    where = "Your table is booked. When: Friday 5 March 2027, 20:00 Where: Olive & Fig, 12 Quay St Table for 2"
    assert venue_in_subject(_meta("Table booked: Olive & Fig", "Tablio", where)) == "Olive & Fig"


def test_legs_under_depart_and_return_lines_with_a_terminal_beside_the_code_are_each_on_their_airports_clock() -> None:
    # a terminal written after the bracketed code ("(KUL) T2") is neither a flight number nor part of the time
    text = ("Thanks for flying with Pelangi Air.\nBooking reference: Q7MZ4R\n\n"
            "DEPART  PG 731  Fri, 9 Apr 2027\n  Kuala Lumpur (KUL) T2 09:05  ->  Bangkok Don Mueang (DMK)  10:05\n\n"
            "RETURN  PG 736  Mon, 12 Apr 2027\n  Bangkok Don Mueang (DMK)  18:40  ->  Kuala Lumpur (KUL) Terminal 2  "
            "21:50\n\nAll times are local.")
    assert _legs(text) == [
        ("PG 731", "2027-04-09T09:05:00+08:00", "2027-04-09T10:05:00+07:00", "KUL → DMK"),
        ("PG 736", "2027-04-12T18:40:00+07:00", "2027-04-12T21:50:00+08:00", "DMK → KUL"),
    ]


def test_outbound_and_inbound_lines_name_their_own_legs() -> None:
    text = ("OUTBOUND  PG 88  Sat 3 Jul 2027\n  Penang (PEN)  07:10  ->  Singapore Changi (SIN) T4  08:35\n\n"
            "INBOUND  PG 89  Sun 4 Jul 2027\n  Singapore Changi (SIN) T4  20:00  ->  Penang (PEN)  21:25\n")
    assert [(name, start) for name, start, _, _ in _legs(text)] == [
        ("PG 88", "2027-07-03T07:10:00+08:00"), ("PG 89", "2027-07-04T20:00:00+08:00")]


def test_legs_under_a_departure_label_with_terminals_after_the_codes_are_each_read() -> None:
    text = ("Booking reference: R4MZ8P\n\nDEPART  VQ 311  Fri 12 Mar 2027\n"
            "  Lisbon Humberto Delgado (LIS) T1  06:40  ->  Madrid Barajas (MAD) T4  08:55\n\n"
            "RETURN  VQ 318  Sun 14 Mar 2027\n  Madrid Barajas (MAD) T4  21:10  ->  Lisbon Humberto Delgado (LIS) T1  "
            "21:35\n\nAll times are local.")
    assert _legs(text) == [
        ("VQ 311", "2027-03-12T06:40:00+00:00", "2027-03-12T08:55:00+01:00", "LIS → MAD"),
        ("VQ 318", "2027-03-14T21:10:00+01:00", "2027-03-14T21:35:00+00:00", "MAD → LIS"),
    ]


def test_a_departure_label_that_gives_only_the_day_over_its_legs_row_is_read_as_that_row() -> None:
    text = ("Thanks for flying with us!\n\nConfirmation code: Q7RW4T\n\nDEPART  Friday, April 9, 2027\n"
            "Flight TR 402  Boise (BOI) 6:40 AM -> Denver (DEN) 8:05 AM  Nonstop\n\nRETURN  Monday, April 12, 2027\n"
            "Flight TR 417  Denver (DEN) 5:50 PM -> Boise (BOI) 7:20 PM  Nonstop\n")
    assert _legs(text) == [
        ("TR 402", "2027-04-09T06:40:00-06:00", "2027-04-09T08:05:00-06:00", "BOI → DEN"),
        ("TR 417", "2027-04-12T17:50:00-06:00", "2027-04-12T19:20:00-06:00", "DEN → BOI"),
    ]
