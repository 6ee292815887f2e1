"""Travel and reservations from other companies' mail: each time in the zone of the place it is at."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from appointment_mail import ics_event
from steward.appointments import itinerary, schema_org, structured
from steward.appointments.places import airport_zone, city_zone, country_zone, zone_in_text


def _html(obj: object) -> str:
    return f'<html><head><script type="application/ld+json">{json.dumps(obj)}</script></head><body></body></html>'


def _flight(departure: str, arrival: str) -> dict:  # type: ignore[type-arg]
    return {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "ABC123",
            "reservationFor": {"@type": "Flight", "flightNumber": "8462",
                               "airline": {"@type": "Airline", "iataCode": "4U"},
                               "departureAirport": {"@type": "Airport", "iataCode": "TXL", "name": "Berlin-Tegel"},
                               "arrivalAirport": {"@type": "Airport", "iataCode": "LHR"},
                               "departureTime": departure, "arrivalTime": arrival}}


def test_places_know_airports_and_single_zone_countries() -> None:
    assert airport_zone("TXL") == "Europe/Berlin" and airport_zone("del") == "Asia/Kolkata"
    assert airport_zone("XQZ1") is None
    assert country_zone("DE") == "Europe/Berlin" and country_zone("UK") == "Europe/London"
    assert country_zone("India") == "Asia/Kolkata"
    assert country_zone("US") is None  # several offsets: no guess
    assert zone_in_text("Glasgow Central Rail Station, UK") == "Europe/London"
    assert zone_in_text("Somewhere") is None


def test_a_city_far_larger_than_any_other_of_its_name_is_the_one_meant() -> None:
    assert city_zone("London", whole=True) == "Europe/London"  # never the town in Ontario
    assert city_zone("Alexandria", whole=True) == "Africa/Cairo"
    # two large cities of one name, neither many times the other, in other zones: no zone is guessed
    assert city_zone("Birmingham", whole=True) is None
    assert city_zone("Hyderabad", whole=True) is None


def test_a_flight_time_without_an_offset_is_the_departure_airports() -> None:
    (c,) = schema_org.from_html(_html(_flight("2017-06-15T12:55:00", "2017-06-15T13:50:00")))
    assert c.what == "flight" and not c.floating
    assert c.start_at == datetime(2017, 6, 15, 12, 55, tzinfo=ZoneInfo("Europe/Berlin"))
    assert c.end_at == datetime(2017, 6, 15, 13, 50, tzinfo=ZoneInfo("Europe/London"))  # the arrival's own zone


def test_a_flight_time_with_an_offset_keeps_it() -> None:
    (c,) = schema_org.from_html(_html(_flight("2017-06-15T12:55:00+02:00", "2017-06-15T13:50:00+01:00")))
    assert c.start_at is not None and c.start_at.utcoffset().total_seconds() == 7200  # type: ignore[union-attr]


def test_an_unknown_airport_leaves_the_time_without_a_zone() -> None:
    obj = _flight("2017-06-15T12:55:00", "2017-06-15T13:50:00")
    obj["reservationFor"]["departureAirport"] = {"@type": "Airport", "name": "Somewhere"}
    (c,) = schema_org.from_html(_html(obj))
    assert c.floating and c.travel  # the consumer turns it down (travel_zone_missing), never guesses


def test_a_ferry_and_a_train_take_the_zone_of_their_country() -> None:
    boat = {"@type": "BoatReservation", "reservationFor": {
        "@type": "BoatTrip", "departureTime": "2026-10-02T08:30:00",
        "departureBoatTerminal": {"@type": "BoatTerminal", "name": "Stena Terminal",
                                  "address": {"@type": "PostalAddress", "addressCountry": "NL"}},
        "arrivalBoatTerminal": {"@type": "BoatTerminal", "name": "Harwich"}}}
    train = {"@type": "TrainReservation", "reservationFor": {
        "@type": "TrainTrip", "trainNumber": "ICE 16", "departureTime": "2026-10-03T10:26:00",
        "departureStation": {"@type": "TrainStation", "name": "Frankfurt Hbf",
                             "address": {"@type": "PostalAddress", "addressCountry": "DE"}}}}
    ferry, rail = schema_org.from_html(_html([boat, train]))
    assert ferry.what == "ferry" and ferry.provider == "Stena Terminal → Harwich"
    assert ferry.start_at == datetime(2026, 10, 2, 8, 30, tzinfo=ZoneInfo("Europe/Amsterdam"))
    assert rail.what == "train" and rail.start_at == datetime(2026, 10, 3, 10, 26, tzinfo=ZoneInfo("Europe/Berlin"))


def test_a_journey_in_a_calendar_part_is_at_its_starting_place() -> None:
    text = ics_event("Journey Details: Glasgow Central (GLC) to London Kings Cross (KGX)", "20260220T124000",
                     "20260220T173200", organizer="National Rail Enquiries",
                     location="Glasgow Central Rail Station, UK")
    (c,) = structured.from_ics(text)
    assert c.travel and not c.floating
    assert c.start_at == datetime(2026, 2, 20, 12, 40, tzinfo=ZoneInfo("Europe/London"))


def test_a_journey_with_no_known_place_stays_without_a_zone() -> None:
    text = ics_event("Journey: Central to Kings Cross", "20260220T124000", "20260220T173200")
    (c,) = structured.from_ics(text)
    assert c.travel and c.floating


def test_a_subject_less_flight_mail_is_proposed_at_the_airports_time_and_a_cancelled_one_is_not(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    airline = ("Eurowings", "booking@booking.eurowings.example")
    sent = datetime(2026, 9, 10, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    html = _html(_flight("2026-09-15T12:55:00", "2026-09-15T13:50:00"))
    cancelled = ics_event("Canceled: Flight UA 110 from SFO to JFK", "TZID=America/Los_Angeles:20260916T201500",
                          "TZID=America/New_York:20260917T063000", organizer="United")
    cancelled = cancelled.replace("DTSTART:TZID=", "DTSTART;TZID=").replace("DTEND:TZID=", "DTEND;TZID=")
    folder = write_folder(tmp_path / "mail", {
        "flight": message("f1@eurowings.example", airline, "", "", sent, html=html),
        "cancelled": message("c1@united.example", ("United", "notify@united.example"), "Your trip", "Flight UA 110",
                             sent, ics=cancelled),
    })
    now = "2026-09-10T10:00:00+01:00"
    assert cli("--now", now, "--tz", "Europe/London", "mail", "import", str(folder)).code == 0
    r = cli("--now", now, "--tz", "Europe/London", "--json", "appointments", "scan")
    assert r.code == 0, r.err
    proposed = [i for i in r.json()["items"] if i["status"] == "proposed"]
    assert [(i["provider"], i["start"]) for i in proposed] == [("4U 8462", "2026-09-15T11:55:00+01:00")]
    assert any(i["status"] == "rejected" and i["reason"] == "cancellation" for i in r.json()["items"])


RECEIVED = datetime(2026, 6, 1, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def test_an_e_tickets_labelled_legs_are_read_each_at_its_airports_time() -> None:
    from steward.appointments.itinerary import from_text

    text = """Thank you for booking with us.
    FLIGHT DATA (TIMES ARE LOCAL TIMES)
    Flight: 15.06.2026 | 4U 8462 (X)
    Departure: 12:55  Berlin-Tegel
    Arrival:   13:50  London Heathrow

    Flight: 18.06.2026 | 4U 8465 (K)
    Departure: 19:10  London Heathrow
    Arrival:   22:00  Berlin-Tegel
    """
    out, back = from_text(text, RECEIVED)
    assert (out.provider, out.title) == ("4U 8462", "Flight 4U 8462")  # no codes written: no route
    assert out.start_at == datetime(2026, 6, 15, 12, 55, tzinfo=ZoneInfo("Europe/Berlin"))
    assert out.end_at == datetime(2026, 6, 15, 13, 50, tzinfo=ZoneInfo("Europe/London"))
    assert back.start_at == datetime(2026, 6, 18, 19, 10, tzinfo=ZoneInfo("Europe/London"))


def test_an_agencys_itinerary_with_codes_cities_and_a_year_less_date_is_read() -> None:
    from steward.appointments.itinerary import from_text

    text = """FLIGHT     DL 9520 - DELTA AIR LINES                         TUE 07 JULY
    DEPARTURE: BERLIN, DE (TEGEL)                                    07 JUL 12:10
    ARRIVAL:   AMSTERDAM, NL (SCHIPHOL AIRPORT)                      07 JUL 13:30
    Flight:                       BT212, Air Baltic
    Date:                         Sun 12 Jul 2026
    Departure:                    08:55 Tegel(TXL), Berlin, Germany
    """
    first, second = from_text(text, RECEIVED)
    assert first.start_at == datetime(2026, 7, 7, 12, 10, tzinfo=ZoneInfo("Europe/Berlin"))
    assert second.provider == "BT 212"
    assert second.start_at == datetime(2026, 7, 12, 8, 55, tzinfo=ZoneInfo("Europe/Berlin"))


def test_a_leg_from_an_airport_no_zone_is_known_for_is_kept_without_one() -> None:
    from steward.appointments.itinerary import from_text

    (leg,) = from_text("Flight: LH 123\nDate: 15.06.2026\nDeparture: 12:55 Berlin\n", RECEIVED)
    assert leg.floating  # Berlin, Germany or Berlin, New Hampshire: the consumer refuses, never guesses


def test_departure_lines_without_a_flight_number_are_not_a_flight() -> None:
    from steward.appointments.itinerary import from_text

    assert from_text("Departure: 12:55 Berlin-Tegel\nDate: 15.06.2026\nGate closes early.", RECEIVED) == []


def test_an_e_ticket_is_proposed_and_a_delay_notice_with_the_same_lines_is_not(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    airline = ("Eurowings", "booking@booking.eurowings.example")
    legs = ("Flight: 15.06.2026 | 4U 8462 (X)\nDeparture: 12:55  Berlin-Tegel\nArrival:   13:50  London Heathrow\n")
    folder = write_folder(tmp_path / "mail", {
        "a-ticket": message("t1@eurowings.example", airline, "Your booking confirmation",
                            "Many thanks for booking your flight with us.\n" + legs, RECEIVED),
        "b-delay": message("d1@eurowings.example", airline, "Your flight 4U 8460 is delayed",
                           "We are sorry.\nFlight: 16.06.2026 | 4U 8460\nDeparture: 14:30  Berlin-Tegel\n",
                           RECEIVED),
    })
    now = "2026-06-01T10:00:00+02:00"
    assert cli("--now", now, "--tz", "Europe/Berlin", "mail", "import", str(folder)).code == 0
    r = cli("--now", now, "--tz", "Europe/Berlin", "--json", "appointments", "scan")
    assert r.code == 0, r.err
    items = r.json()["items"]
    assert [(i["provider"], i["start"], i["end"]) for i in items if i["status"] == "proposed"] == [
        ("4U 8462", "2026-06-15T12:55:00+02:00", "2026-06-15T14:50:00+02:00")]
    assert any(i["provider"] == "4U 8460" and i["reason"] == "reschedule" for i in items)


def test_legs_written_as_rows_of_codes_and_times_are_read() -> None:
    from steward.appointments.itinerary import from_text

    swiss_like = ("Ihre Buchung ist bestätigt. Hinflug Berlin (TXL) - Zürich (ZRH) So 14.06.2026 06:45 TXL "
                  "08:15 ZRH Reisedauer 1h 30m LX 963 Classic")
    (leg,) = from_text(swiss_like, RECEIVED)
    assert leg.title == "Flight LX 963 TXL → ZRH"
    assert leg.start_at == datetime(2026, 6, 14, 6, 45, tzinfo=ZoneInfo("Europe/Berlin"))
    overnight = "Your booking is confirmed\nSun, 12 Jul 2026\n6E 2134\nDEL T1 22:30 → BOM T2 00:40\n"
    (night,) = from_text(overnight, RECEIVED)
    assert night.title == "Flight 6E 2134 DEL → BOM"
    assert night.start_at == datetime(2026, 7, 12, 22, 30, tzinfo=ZoneInfo("Asia/Kolkata"))
    assert night.end_at == datetime(2026, 7, 13, 0, 40, tzinfo=ZoneInfo("Asia/Kolkata"))


def test_hours_in_two_zones_and_a_quarter_are_not_a_flight() -> None:
    from steward.appointments.itinerary import from_text

    assert from_text("Your registration is confirmed.\nQ3 2026 webinar, 12 Jul 2026: 10:00 EST 11:00 PST\n",
                     RECEIVED) == []


def _journey(description: str, start: str = "20260726T102600") -> str:
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nMETHOD:PUBLISH\r\nBEGIN:VEVENT\r\n"
            "UID:20260726102600@rail\r\nDTSTAMP:20260701T000000Z\r\n"
            f"DTSTART;TZID=Europe/Berlin:{start}\r\nDTEND;TZID=Europe/Berlin:20260727T060500\r\n"
            "SUMMARY:Frankfurt(Main)Hbf -> Paris Nord\r\n"
            f"DESCRIPTION:{description}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def test_a_rail_journey_in_one_calendar_event_becomes_one_event_per_train() -> None:
    text = _journey("Reise: Frankfurt(Main)Hbf nach Paris Nord\\n-\\nab 10:26 Frankfurt(Main)Hbf - Gleis 19 (ICE   16)"
                    "\\nan 11:33 Köln Hbf - Gleis 6\\n\\nab 12:42 Köln Hbf - Gleis 8 (THA 9448)\\nan 16:05 Paris Nord"
                    "\\n\\nab Paris Nord  (Fussweg)\\nan Paris Est\\n\\nab 23:50 Paris Est (Bus 647)\\nan 01:05 Metz"
                    "\\n\\nab 01:41 Metz (NJ 40490)\\nan 06:05 Basel")
    legs = structured.from_ics(text)
    berlin = ZoneInfo("Europe/Berlin")
    assert [(c.title, c.start_at) for c in legs] == [
        ("Train ICE 16", datetime(2026, 7, 26, 10, 26, tzinfo=berlin)),
        ("Train THA 9448", datetime(2026, 7, 26, 12, 42, tzinfo=berlin)),
        ("Bus 647", datetime(2026, 7, 26, 23, 50, tzinfo=berlin)),
        ("Train NJ 40490", datetime(2026, 7, 27, 1, 41, tzinfo=berlin)),  # after midnight: the next day
    ]
    assert all(c.travel and c.origin == "ics" for c in legs)


def test_a_description_that_does_not_start_when_the_event_does_is_not_split() -> None:
    text = _journey("ab 09:00 Frankfurt Hbf (ICE 16)\\nan 11:33 Köln Hbf\\n\\nab 12:42 Köln Hbf (THA 9448)")
    (journey,) = structured.from_ics(text)
    assert journey.provider == "Frankfurt(Main)Hbf -> Paris Nord"


def test_legs_in_the_columns_of_a_flight_table_are_read() -> None:
    from steward.appointments.itinerary import from_text

    table = (" Origin/Destination        Flight            Departure    Arrival    Status\n"
             " From                      IB3677            20-Jul       20-Jul     Confirmed\n"
             " Berlin (TXL)                                12:25        15:35\n"
             " To                                                       Terminal 4\n"
             " Madrid (MAD)\n")
    (leg,) = from_text(table, RECEIVED)
    assert leg.title == "Flight IB 3677 TXL → MAD"
    assert leg.start_at == datetime(2026, 7, 20, 12, 25, tzinfo=ZoneInfo("Europe/Berlin"))
    assert leg.end_at == datetime(2026, 7, 20, 15, 35, tzinfo=ZoneInfo("Europe/Madrid"))


def test_an_e_ticket_leg_accepted_is_proved_again_and_written_at_its_airports_time(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    folder = write_folder(tmp_path / "mail", {
        "a": message("t1@agency.example", ("Travel Desk", "itinerary@agency.example"), "Your itinerary",
                     "Flight: AI 865\nDate: 12 Jun 2026\nDeparture: 06:00 Delhi(DEL), India\n"
                     "Arrival: 08:10 Mumbai(BOM), India\n", RECEIVED),
    })
    args = ("--now", "2026-06-01T10:00:00+01:00", "--tz", "Europe/London")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    (item,) = [i for i in cli(*args, "--json", "appointments", "scan").json()["items"] if i["status"] == "proposed"]
    assert item["start"] == "2026-06-12T01:30:00+01:00"  # 06:00 in Delhi, shown on the person's London clock
    assert cli(*args, "appointments", "accept", str(item["id"])).code == 0
    day = cli(*args, "--json", "schedule", "2026-06-12").json()["items"]
    assert [e["title"] for e in day if e["kind"] == "event"] == ["Flight AI 865 DEL → BOM"]


def test_an_overnight_flight_ends_the_next_day_and_a_leading_flight_number_names_its_leg() -> None:
    from steward.appointments.itinerary import from_text

    united = ("Flight 1 of 2: UA 110\nSat, Jul 4, 2026\nDeparts: 8:15 PM San Francisco, CA, US (SFO)\n"
              "Arrives: 6:30 AM New York, NY, US (JFK)\n")
    (leg,) = from_text(united, RECEIVED)
    assert leg.start_at == datetime(2026, 7, 4, 20, 15, tzinfo=ZoneInfo("America/Los_Angeles"))
    assert leg.end_at == datetime(2026, 7, 5, 6, 30, tzinfo=ZoneInfo("America/New_York"))
    indigo = ("6E 2134 | Delhi (DEL) to Mumbai (BOM)\nDeparture: 12 Oct 2026, 06:00 Delhi (DEL) T1\n"
              "Arrival: 12 Oct 2026, 08:10 Mumbai (BOM) T2\n")
    (six_e,) = from_text(indigo, RECEIVED)
    assert (six_e.title, six_e.start_at) == ("Flight 6E 2134 DEL → BOM",
                                             datetime(2026, 10, 12, 6, 0, tzinfo=ZoneInfo("Asia/Kolkata")))


def test_a_return_leg_under_a_heading_alone_on_its_line_is_read() -> None:
    from steward.appointments.itinerary import from_text

    card = ("Flight details\nDeparture\nBerlin, Tegel Airport, DE\nFri, 03 Jul 2026, 18:25\nSN 2588\n"
            "Return\nBrussels Airport, BE\nSun, 05 Jul 2026, 20:40\nSN 2591\n")
    out, back = from_text(card, RECEIVED)
    assert out.start_at == datetime(2026, 7, 3, 18, 25, tzinfo=ZoneInfo("Europe/Berlin"))
    assert (back.provider, back.start_at) == ("SN 2591", datetime(2026, 7, 5, 20, 40, tzinfo=ZoneInfo("Europe/Brussels")))


def test_a_reservation_systems_segment_lines_are_read_each_at_its_airports_time() -> None:
    text = ("Your itinerary\n\n1.1DOE/JANE MS\n"
            " 1. EY  289 E  09JAN AMDAUH TK1  0505   0700  O*\n"
            " 2. EY   84 V  16JAN FCOAUH HK1  2200  #0605  O*\n"
            " 3. EY  226 V  17JAN AUHAMD HX1  1000   1445  O*\n"
            " 4. EY  227 V  18JAN AUHAMD HL1  1000   1445  O*\n")
    first, second = itinerary.from_text(text, datetime(2027, 1, 1, 9, 0, tzinfo=ZoneInfo("Europe/Berlin")))
    assert (first.title, first.start_at) == ("Flight EY 289 AMD → AUH",
                                             datetime(2027, 1, 9, 5, 5, tzinfo=ZoneInfo("Asia/Kolkata")))
    assert first.end_at == datetime(2027, 1, 9, 7, 0, tzinfo=ZoneInfo("Asia/Dubai"))
    assert second.end_at == datetime(2027, 1, 17, 6, 5, tzinfo=ZoneInfo("Asia/Dubai"))  # "#": the day after
    # the cancelled (HX) and waitlisted (HL) segments are no flights; nor is a numbered list of codes
    assert itinerary.from_text(" 1. AB  12 C  09JAN ABCDEF GHI  0505 0700\n", datetime(2027, 1, 1, tzinfo=UTC)) == []


def test_a_tickets_table_of_legs_is_read_one_row_a_leg_at_each_airports_time() -> None:
    received = datetime(2026, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    table = ("Flight   From                  Date      Dep    To                     Arr\n"
             "QF 35    Singapore (SIN)       04SEP26   19:55  Melbourne (MEL)        05:10\n"
             "NZ124    Melbourne (MEL)       12SEP26   08:40  Christchurch (CHC)     14:05\n")
    out, back = itinerary.from_text(table, received)
    assert (out.title, out.start_at) == ("Flight QF 35 SIN → MEL",
                                         datetime(2026, 9, 4, 19, 55, tzinfo=ZoneInfo("Asia/Singapore")))
    assert out.end_at == datetime(2026, 9, 5, 5, 10, tzinfo=ZoneInfo("Australia/Melbourne"))  # lands the day after
    assert (back.title, back.start_at) == ("Flight NZ 124 MEL → CHC",
                                           datetime(2026, 9, 12, 8, 40, tzinfo=ZoneInfo("Australia/Melbourne")))
    assert back.end_at == datetime(2026, 9, 12, 14, 5, tzinfo=ZoneInfo("Pacific/Auckland"))
    # codes alone, the date above the rows, an arrow between the airports
    bare = "Your trip on 3 Oct 2026\nKL 1008  LHR 07:15 -> AMS 09:35\n"
    (leg,) = itinerary.from_text(bare, received)
    assert (leg.title, leg.start_at) == ("Flight KL 1008 LHR → AMS",
                                         datetime(2026, 10, 3, 7, 15, tzinfo=ZoneInfo("Europe/London")))


def test_rows_that_are_no_leg_of_a_flight_are_not_read() -> None:
    received = datetime(2026, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    assert itinerary.from_text("Order 12 Sep 2026\nAB 12  Tea (ENG) 10:00 and scones (GBR) 11:00\n", received) == []
    # a terminal beside a time is no flight number; one airport is no leg; nor is a time after both airports alone
    assert itinerary.from_text("12 Sep 2026\nT1 06:00 Heathrow (LHR)\n", received) == []
    assert itinerary.from_text("12 Sep 2026\nBA 117  LHR JFK 10:00\n", received) == []


def test_a_rail_tickets_table_of_stops_is_read_one_leg_a_pair_of_rows_at_the_stations_time() -> None:
    from steward.appointments import rail

    received = datetime(2026, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    ticket = ("Halt                        Datum   Zeit       Gleis   Produkte\n"
              "Hannover Hbf                14.03.  ab 10:31   8       ICE 571\n"
              "Kassel-Wilhelmshöhe         14.03.  an 11:26   3\n"
              "Kassel-Wilhelmshöhe         14.03.  ab 11:40   2       RE 4190\n"
              "Fulda                       14.03.  an 12:58   5\n")
    first, second = rail.from_text(ticket, received, "tickets@railway.de")
    berlin = ZoneInfo("Europe/Berlin")
    assert (first.title, first.start_at, first.end_at) == (
        "Train ICE 571 Hannover Hbf → Kassel-Wilhelmshöhe", datetime(2026, 3, 14, 10, 31, tzinfo=berlin),
        datetime(2026, 3, 14, 11, 26, tzinfo=berlin))
    assert (second.provider, second.start_at) == ("RE 4190", datetime(2026, 3, 14, 11, 40, tzinfo=berlin))
    # a station abroad is at its own city's time, whatever the operator's country
    czech = ("Stanice                  Odj. / Příj.\n"
             "Ostrava hl.n.            02.04. 06:14 SC 502\n"
             "Bratislava hl.st.        02.04. 08:55\n"
             "\n"
             "Bratislava hl.st.        02.04. 09:20 Bus 730114\n"
             "\n"
             "Senec                    02.04. 09:52\n")
    leg, bus = rail.from_text(czech, received, "jizdenky@railway.cz")
    assert leg.start_at == datetime(2026, 4, 2, 6, 14, tzinfo=ZoneInfo("Europe/Prague"))
    assert leg.end_at == datetime(2026, 4, 2, 8, 55, tzinfo=ZoneInfo("Europe/Bratislava"))
    assert (bus.title, bus.what) == ("Bus 730114 Bratislava hl.st. → Senec", "bus")  # a coach that follows the train


def test_a_train_named_above_its_row_and_a_day_written_with_slashes_by_a_day_first_sender() -> None:
    from steward.appointments import rail

    received = datetime(2026, 5, 2, 9, 0, tzinfo=ZoneInfo("Europe/Paris"))
    ticket = ("TRAIN N°8531\n"
              "  NANTES                         14/05 à 09h02     VOITURE 4 - PLACE 62\n"
              "  PARIS MONTPARNASSE 1 ET 2      14/05 à 11h08\n")
    (leg,) = rail.from_text(ticket, received, "billets@voyages.fr")
    assert (leg.provider, leg.start_at) == ("8531", datetime(2026, 5, 14, 9, 2, tzinfo=ZoneInfo("Europe/Paris")))
    # the same rows from a sender whose country writes the month first: "14/05" is not read as a guess
    assert rail.from_text(ticket.replace("14/05", "05/06"), received, "tickets@rail.example") == []


def test_a_station_no_zone_is_known_for_is_kept_without_one_and_an_unnamed_train_is_none() -> None:
    from steward.appointments import rail

    received = datetime(2026, 5, 2, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    rows = ("Origin Halt                14.05.  ab 09:15      IC 2311\n"
            "Other Halt                 14.05.  an 10:40\n")
    (leg,) = rail.from_text(rows, received, "tickets@rail.example")  # no city, no operator's country
    assert leg.floating and leg.start_at == datetime(2026, 5, 14, 9, 15)
    # an operator whose country keeps one offset gives its own stations' zone
    (home,) = rail.from_text(rows, received, "tickets@railway.de")
    assert home.start_at == datetime(2026, 5, 14, 9, 15, tzinfo=ZoneInfo("Europe/Berlin"))
    # but not when the journey crosses into another offset: the unknown station could be on either side
    (crossing,) = rail.from_text(rows.replace("Other Halt        ", "Edinburgh Waverley"), received, "tickets@railway.de")
    assert crossing.floating and crossing.end_at is None
    assert rail.from_text("Hannover Hbf      14.03.  ab 10:31\nFulda     14.03.  an 12:58\n", received) == []


def _table(name: str, start: str, **address: str) -> dict:  # type: ignore[type-arg]
    return {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": name[:3],
            "startTime": start, "partySize": 2,
            "reservationFor": {"@type": "FoodEstablishment", "name": name,
                               "address": {"@type": "PostalAddress", "streetAddress": "12 Market Row", **address}}}


def test_a_schema_org_time_is_never_read_an_hour_off(tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    sent = datetime(2026, 3, 20, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    tables = {
        # a wall-clock time at home, on a day after the clocks go forward: British Summer Time
        "home": _table("The Copper Pot", "2026-04-02T19:00:00", addressLocality="Leeds", addressCountry="GB"),
        # a wall-clock time at a table abroad: Lyon's 19:00, never the person's 19:00
        "abroad": _table("Bouchon Rouge", "2026-04-03T19:00:00", addressLocality="Lyon", addressCountry="FR"),
        # Munich's winter offset on a summer evening: the offset or the hour is wrong, nothing says which
        "clash": _table("Zum Hirschen", "2026-04-04T19:00:00+01:00", addressLocality="München", addressCountry="DE"),
        # a local time printed with "+00:00" in a British spring, the mail's text saying the hour: that hour
        "said": _table("Karoo Grill", "2026-04-05T19:30:00+00:00", addressLocality="York", addressCountry="GB"),
    }
    said = {"said": "Karoo Grill, party of 2, Sunday 5 April at 7:30 pm"}
    folder = write_folder(tmp_path / "mail", {
        key: message(f"{key}@tables.example", ("TableNow", "reservations@tablenow.example"),
                     "Your reservation is confirmed", said.get(key, f"{obj['reservationFor']['name']}, party of 2"),
                     sent, html=_html(obj)) for key, obj in tables.items()})
    args = ("--now", "2026-03-20T10:00:00+00:00", "--tz", "Europe/London")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    items = {i["provider"]: i for i in cli(*args, "--json", "appointments", "scan", "--dry-run").json()["items"]}
    assert (items["The Copper Pot"]["status"], items["The Copper Pot"]["start"]) == ("proposed",
                                                                                     "2026-04-02T19:00:00+01:00")
    assert (items["Bouchon Rouge"]["status"], items["Bouchon Rouge"]["reason"]) == ("rejected", "foreign_zone")
    assert (items["Zum Hirschen"]["status"], items["Zum Hirschen"]["reason"]) == ("rejected", "zone_clash")
    assert (items["Karoo Grill"]["status"], items["Karoo Grill"]["start"]) == ("proposed", "2026-04-05T19:30:00+01:00")


def test_a_ferry_bookings_sailings_are_read_at_each_ports_time() -> None:
    from steward.appointments import sailings

    received = datetime(2026, 5, 20, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    mail = ("Thank you for sailing with us. Your booking reference: NX44120\n\n"
            "Outbound sailing\n"
            "Departure: Fri 12 Jun 2026 17:00  Kiel, Germany\n"
            "Arrival:   Sat 13 Jun 2026 10:00  Oslo, Norway\n\n"
            "Return sailing\n"
            "Departure: Mon 15 Jun 2026 14:00  Oslo, Norway\n"
            "Arrival:   Tue 16 Jun 2026 10:00  Kiel, Germany\n"
            "Vehicle: car up to 1.85 m, Cabin: 2-berth inside\n")
    out, back = sailings.from_text(mail, received, "Baltic Night Ferries")
    assert (out.title, out.start_at) == ("Ferry Baltic Night Ferries Kiel → Oslo",
                                         datetime(2026, 6, 12, 17, 0, tzinfo=ZoneInfo("Europe/Berlin")))
    assert out.end_at == datetime(2026, 6, 13, 10, 0, tzinfo=ZoneInfo("Europe/Oslo"))
    assert back.start_at == datetime(2026, 6, 15, 14, 0, tzinfo=ZoneInfo("Europe/Oslo"))
    # a port no zone is known for: kept without one, for the consumer to turn down
    (far,) = sailings.from_text(mail.split("\n\nReturn")[0].replace("Kiel, Germany", "Skerry Quay"), received,
                                "Baltic Night Ferries")
    assert far.floating
    # a brochure that lists sailings gives no booking reference: nothing
    assert sailings.from_text(mail.replace("Your booking reference: NX44120", "Book now!"), received,
                              "Baltic Night Ferries") == []


def test_the_way_back_from_a_port_no_city_table_knows_keeps_the_clock_of_the_way_out() -> None:
    from steward.appointments import sailings

    received = datetime(2027, 3, 2, 19, 0, tzinfo=ZoneInfo("Europe/London"))
    mail = ("ISLE LINK FERRIES - YOUR BOOKING\nBooking reference: ILF-20931\n\n"
            "Sailing 1: Portsmouth to Fishbourne Pier, Sat 10 April 2027\nCheck in by 09:10, departs 09:55, arrives 10:45\n\n"
            "Sailing 2: Fishbourne Pier to Portsmouth, Mon 12 April 2027\nCheck in by 15:20, departs 16:05, arrives 16:55\n\n"
            "Passengers: 2 adults\nTotal: 64.20\n")
    out, back = sailings.from_text(mail, received, "Isle Link Ferries")
    london = ZoneInfo("Europe/London")
    assert out.start_at == datetime(2027, 4, 10, 9, 55, tzinfo=london)
    # each way lasts as long by the clocks' words: the pier keeps the clock of the port the way out left
    assert not back.floating
    assert (back.start_at, back.end_at) == (datetime(2027, 4, 12, 16, 5, tzinfo=london),
                                            datetime(2027, 4, 12, 16, 55, tzinfo=london))
    # longer one way than the other by the clocks' words: the pier's clock is not known, and none is guessed
    (_, unsure) = sailings.from_text(mail.replace("arrives 16:55", "arrives 17:55"), received, "Isle Link Ferries")
    assert unsure.floating


def test_a_ferry_booking_is_proposed_at_the_ports_time_and_its_delay_notice_is_not(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    sent = datetime(2026, 5, 20, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    body = ("Your booking reference: NX44120\nOutbound sailing\nDeparture: Fri 12 Jun 2026 17:00  Kiel, Germany\n"
            "Arrival: Sat 13 Jun 2026 10:00  Oslo, Norway\n")
    folder = write_folder(tmp_path / "mail", {
        "a": message("f1@ferry.example", ("Baltic Night Ferries", "bookings@balticnight.example"),
                     "Your ferry booking NX44120", body, sent),
        "b": message("f2@ferry.example", ("Baltic Night Ferries", "bookings@balticnight.example"),
                     "Your sailing has been delayed", "We are sorry: your sailing is delayed by two hours.\n" + body,
                     sent),
    })
    args = ("--now", "2026-05-20T10:00:00+01:00", "--tz", "Europe/London")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    items = cli(*args, "--json", "appointments", "scan", "--dry-run").json()["items"]
    assert [(i["provider"], i["start"], i["end"]) for i in items if i["status"] == "proposed"] == [
        ("Baltic Night Ferries", "2026-06-12T16:00:00+01:00", "2026-06-13T09:00:00+01:00")]  # Kiel's 17:00


def test_a_coach_tickets_rows_that_start_with_the_day_are_read_and_named_by_their_connection() -> None:
    from steward.appointments import rail

    received = datetime(2026, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/Prague"))
    ticket = ("Your coach ticket 88120455\n"
              "Date          Stop/Transfer                 Arrival   Departure Platf.    Connection              Seats\n"
              "Sat 14/03/26  Praha, ÚAN Florenc                        07:30     4         Praha → Dresden (FX)    12\n"
              "              Dresden, Hbf                  09:45\n"
              "Please be at the coach 15 minutes before departure.\n")
    (leg,) = rail.from_text(ticket, received, "tickets@coachline.cz")
    assert (leg.title, leg.what, leg.location) == ("Bus Praha → Dresden (FX)", "bus", "Praha, ÚAN Florenc")
    assert leg.start_at == datetime(2026, 3, 14, 7, 30, tzinfo=ZoneInfo("Europe/Prague"))
    assert leg.end_at == datetime(2026, 3, 14, 9, 45, tzinfo=ZoneInfo("Europe/Berlin"))


def test_a_rail_ticket_written_as_labelled_fields_is_one_train_at_its_boarding_stations_time() -> None:
    from steward.appointments import tickets

    received = datetime(2026, 3, 10, 9, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
    ticket = ("PNR No.:4410029387,\nTrain No.:16526,\nTrain Name:ISLAND EXP,\n"
              "Scheduled Departure:21:40 18-Mar-2026,\nDate Of Journey:18-Mar-2026,\n"
              "Boarding Station:Kollam Jn - QLN,\nFrom:Bengaluru - SBC,\nTo:Nagercoil Jn - NCJ,\n")
    (train,) = tickets.from_text(ticket, received)
    assert train.what == "train" and train.travel and not train.floating
    assert train.start_at == datetime(2026, 3, 18, 21, 40, tzinfo=ZoneInfo("Asia/Kolkata"))
    assert train.title == "Train 16526 Kollam Jn → Nagercoil Jn"
    # a boarding station of no known city, between two ends of one zone, is in that zone
    (between,) = tickets.from_text(ticket.replace("Kollam Jn - QLN", "Paravur Halt - PVU"), received)
    assert between.start_at == datetime(2026, 3, 18, 21, 40, tzinfo=ZoneInfo("Asia/Kolkata"))
    # stations written by their codes alone name no place: kept without a zone, turned down later
    codes = "Train No.:16526,\nDeparture:21:40 18-Mar-2026,\nFrom:QLN,\nTo:NCJ,\n"
    (floating,) = tickets.from_text(codes, received)
    assert floating.floating
    # without a train's number, or with a day that could be either month, nothing
    assert tickets.from_text(ticket.replace("Train No.:16526,\n", ""), received) == []
    assert tickets.from_text("Train No.:16526,\nDeparture:21:40 03-04-2026,\nFrom:Kollam Jn,\n", received) == []


def test_a_journeys_trains_named_with_a_digit_or_without_a_space_are_legs() -> None:
    text = _journey("Resa: Göteborg C till Hamburg Hbf\\n-\\nab 10:26 Frankfurt(Main)Hbf (X2   417)\\nan 13:30 Malmö C"
                    "\\n\\nab 13:52 Malmö C (Bus40211)\\nan 16:40 Hamburg Hbf")
    legs = structured.from_ics(text)
    assert [(c.title, c.what) for c in legs] == [("Train X2 417", "train"), ("Bus 40211", "bus")]


def test_an_e_tickets_row_of_cells_and_a_departure_line_below_its_route_are_read_at_the_airports_time() -> None:
    received = datetime(2026, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    # a table row flattened into one line, its airport named with its terminal
    cells = ("Flight: BA0287 | Depart: London Heathrow Terminal 5, 21 Mar 2026 16:10 | "
             "Arrive: San Francisco SFO Terminal I, 21 Mar 2026 19:05")
    (leg,) = itinerary.from_text(cells, received)
    assert (leg.provider, leg.start_at) == ("BA 287", datetime(2026, 3, 21, 16, 10, tzinfo=ZoneInfo("Europe/London")))
    assert leg.end_at == datetime(2026, 3, 21, 19, 5, tzinfo=ZoneInfo("America/Los_Angeles"))
    # the airports on a route line, the times on a departure line that names no place
    routed = ("Flight FR 8342\nBristol (BRS) → Faro (FAO)\nSat, 21 Mar 26\nDepart 06:55 Arrive 10:35")
    (leg,) = itinerary.from_text(routed, received)
    assert (leg.start_at, leg.route) == (datetime(2026, 3, 21, 6, 55, tzinfo=ZoneInfo("Europe/London")), "BRS → FAO")


def test_a_train_and_its_departure_labelled_without_colons_are_read_at_the_stations_city() -> None:
    from steward.appointments import tickets

    received = datetime(2026, 3, 1, 9, 0, tzinfo=ZoneInfo("America/Chicago"))
    ticket = ("Train 303 Lincoln Service\nDeparts Chicago - Union Station, IL 9:25 AM, Saturday, March 21, 2026\n"
              "Arrives St. Louis - Gateway Station, MO 2:55 PM")
    (train,) = tickets.from_text(ticket, received)
    assert (train.provider, train.start_at) == ("Train 303", datetime(2026, 3, 21, 9, 25,
                                                                      tzinfo=ZoneInfo("America/Chicago")))
    # words after "Departure" that give no time are no departure
    assert tickets.from_text("Train 303\nDeparture is from the main hall.\n", received) == []


def test_a_trains_one_leg_written_as_a_row_of_stations_and_times_is_read_with_the_tickets_one_date() -> None:
    from steward.appointments import tickets

    received = datetime(2026, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/Paris"))
    ticket = "Booking reference: KQ7RZT\nTrain 9321\nParis Gare du Nord 10:13 → Bruxelles-Midi 11:35\n21/03/2026\n"
    (train,) = tickets.from_text(ticket, received)
    assert train.start_at == datetime(2026, 3, 21, 10, 13, tzinfo=ZoneInfo("Europe/Paris"))
    # two dates in the ticket: which is the leg's is not said
    assert tickets.from_text(ticket + "Return: 24/03/2026\n", received) == []


def test_a_train_from_a_city_whose_name_several_zones_share_is_the_one_in_the_persons_zone(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    sent = datetime(2026, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    ticket = "Your e-ticket\nTrain 9024\nLondon St Pancras 12:31 → Paris Gare du Nord 15:47\n21/03/2026\n"
    folder = write_folder(tmp_path / "mail", {"a": message("a@rail.example", ("Rail Tickets", "tickets@rail.example"),
                                                           "Your e-ticket", ticket, sent)})
    found = {}
    for zone in ("Europe/London", "Europe/Berlin"):
        home = ("--home", str(tmp_path / zone.replace("/", "-")), "--now", "2026-03-01T09:05:00+00:00", "--tz", zone)
        assert cli(*home, "mail", "import", str(folder)).code == 0
        (found[zone],) = cli(*home, "--json", "appointments", "scan", "--dry-run").json()["items"]
    # London, England for a person in London; for a person in Berlin too, England's London being many times the size
    # of Ontario's
    for zone in ("Europe/London", "Europe/Berlin"):
        assert datetime.fromisoformat(found[zone]["start"]) == datetime(2026, 3, 21, 12, 31,
                                                                       tzinfo=ZoneInfo("Europe/London"))
        assert found[zone]["status"] == "proposed"


def test_a_departure_takes_the_date_above_it_not_the_next_days_arrival_below_it() -> None:
    received = datetime(2026, 11, 2, 9, 0, tzinfo=ZoneInfo("America/Toronto"))
    ticket = ("Flight NV 204  Fri 18 Dec 2026\n  Depart Montreal Trudeau (YUL) 21:40\n"
              "  Arrive Lisbon Humberto Delgado (LIS) Sat 19 Dec 09:25\n")
    (leg,) = itinerary.from_text(ticket, received)
    assert leg.start_at == datetime(2026, 12, 18, 21, 40, tzinfo=ZoneInfo("America/Toronto"))
    assert leg.end_at == datetime(2026, 12, 19, 9, 25, tzinfo=ZoneInfo("Europe/Lisbon"))


def test_both_legs_of_a_return_ticket_go_on_the_calendar(tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    folder = write_folder(tmp_path / "mail", {
        "a": message("rt1@agency.example", ("Travel Desk", "itinerary@agency.example"), "Your e-ticket",
                     "FLIGHT DATA (TIMES ARE LOCAL TIMES)\nFlight: 15.06.2026 | 4U 8462 (X)\n"
                     "Departure: 12:55  Berlin-Tegel\nArrival:   13:50  London Heathrow\n\n"
                     "Flight: 18.06.2026 | 4U 8465 (K)\nDeparture: 19:10  London Heathrow\n"
                     "Arrival:   22:00  Berlin-Tegel\n", RECEIVED),
    })
    args = ("--now", "2026-06-01T10:00:00+01:00", "--tz", "Europe/London")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    proposed = [i for i in cli(*args, "--json", "appointments", "scan").json()["items"] if i["status"] == "proposed"]
    assert len(proposed) == 2, cli(*args, "--json", "appointments", "scan").json()["items"]
    for item in proposed:
        assert cli(*args, "--json", "appointments", "accept", str(item["id"])).json()["status"] == "created"
    titles = [e["title"] for day in ("2026-06-15", "2026-06-18")
              for e in cli(*args, "--json", "schedule", day).json()["items"] if e["kind"] == "event"]
    assert titles == ["Flight 4U 8462", "Flight 4U 8465"]
    # scanned again, neither leg is proposed a second time
    again = cli(*args, "--json", "appointments", "scan").json()["items"]
    assert not [i for i in again if i["status"] == "proposed"]


STACKED = """Obrigado por voar connosco!

Booking code: K7PW2R

OUTBOUND  TP 1327  Fri 8 Jan 2027
  Lisbon (LIS) T1  06:15
  Madrid (MAD) T4  08:40

RETURN  TP 1030  Mon 11 Jan 2027
  Madrid (MAD) T4  19:05
  Lisbon (LIS) T1  19:30

All times are local."""


def test_legs_written_one_stop_a_line_under_their_flight_are_read_at_each_airports_time() -> None:
    from steward.appointments.itinerary import from_text

    out, back = from_text(STACKED, RECEIVED)
    assert (out.provider, out.start_at, out.end_at, out.route) == (
        "TP 1327", datetime(2027, 1, 8, 6, 15, tzinfo=ZoneInfo("Europe/Lisbon")),
        datetime(2027, 1, 8, 8, 40, tzinfo=ZoneInfo("Europe/Madrid")), "LIS → MAD")
    assert (back.provider, back.start_at) == ("TP 1030", datetime(2027, 1, 11, 19, 5, tzinfo=ZoneInfo("Europe/Madrid")))
    # two stops with no flight named above them are no flight
    assert from_text("Shuttle times\n  Lisbon (LIS)  06:15\n  Madrid (MAD)  08:40\n", RECEIVED) == []


def test_a_flight_and_a_hotel_booked_weeks_ahead_are_proposed_from_mail_older_than_the_scan_window(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    booked = datetime(2026, 12, 1, 20, 0, tzinfo=ZoneInfo("Europe/Lisbon"))
    stay = {"@context": "https://schema.org", "@type": "LodgingReservation", "reservationNumber": "GH-5512",
            "checkinTime": "2027-01-08T14:00:00+01:00", "checkoutTime": "2027-01-11T11:00:00+01:00",
            "reservationFor": {"@type": "LodgingBusiness", "name": "Hostal Prado Sur",
                               "address": {"@type": "PostalAddress", "streetAddress": "Calle de Atocha 40",
                                           "addressLocality": "Madrid", "addressCountry": "ES"}}}
    folder = write_folder(tmp_path / "mail", {
        "flight": message("k7@flyluso.example", ("FlyLuso", "reservas@flyluso.example"),
                          "Your FlyLuso booking K7PW2R", STACKED, booked),
        "stay": message("gh@roomhop.example", ("RoomHop", "stays@roomhop.example"), "Your stay in Madrid is confirmed",
                        "Hostal Prado Sur, Madrid: 8 - 11 January, 3 nights.", booked, html=_html(stay)),
    })
    args = ("--now", "2027-01-04T09:00:00+00:00", "--tz", "Europe/Lisbon")  # 34 days after the booking mail
    assert cli(*args, "mail", "import", str(folder)).code == 0
    items = cli(*args, "--json", "appointments", "scan").json()["items"]
    assert sorted((i["provider"], i["start"]) for i in items if i["status"] == "proposed") == [
        ("Hostal Prado Sur", "2027-01-08T13:00:00+00:00"), ("TP 1030", "2027-01-11T18:05:00+00:00"),
        ("TP 1327", "2027-01-08T06:15:00+00:00")]


def test_a_domestic_train_between_large_cities_with_small_namesakes_elsewhere_is_on_the_persons_clock_in_their_zone(
        tmp_path, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import message, write_folder

    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    sent = datetime(2027, 3, 1, 9, 0, tzinfo=ZoneInfo("America/New_York"))
    ticket = ("Empire Lakes Rail eTicket\n\nReservation number: ELR-44QX\n\nDEPART  Tue, Mar 9, 2027\n"
              "Train 281  Syracuse Station 07:15 -> Buffalo Depot 09:40\nCar 2, Seat 11A\n")
    folder = write_folder(tmp_path / "mail", {"a": message("a@rail.example", ("Empire Lakes Rail", "tickets@rail.example"),
                                                           "Your eTicket", ticket, sent)})
    found = {}
    for zone in ("America/New_York", "America/Los_Angeles"):
        home = ("--home", str(tmp_path / zone.replace("/", "-")), "--now", "2027-03-01T14:05:00+00:00", "--tz", zone)
        assert cli(*home, "mail", "import", str(folder)).code == 0
        (found[zone],) = cli(*home, "--json", "appointments", "scan", "--dry-run").json()["items"]
    # Syracuse, New York for a person on New York's clock (the country has smaller Syracuses on other clocks);
    # for a person in Los Angeles the ticket does not say which
    assert datetime.fromisoformat(found["America/New_York"]["start"]) == datetime(
        2027, 3, 9, 7, 15, tzinfo=ZoneInfo("America/New_York"))
    assert found["America/New_York"]["status"] == "proposed"
    assert found["America/Los_Angeles"]["reason"] == "travel_zone_missing"
