"""Hotel stays, rental cars and bookings of whole days from other companies' mail, and places found by
their coordinates."""

from __future__ import annotations

import json
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.appointments import schema_org, structured
from steward.appointments.places import geo_zone


def _html(obj: object) -> str:
    return f'<html><head><script type="application/ld+json">{json.dumps(obj)}</script></head><body></body></html>'


def _hotel(checkin: str, checkout: str, **place: object) -> dict:  # type: ignore[type-arg]
    return {"@context": "http://schema.org", "@type": "LodgingReservation", "reservationNumber": "1234567890",
            "checkinTime": checkin, "checkoutTime": checkout,
            "reservationFor": {"@type": "LodgingBusiness", "name": "Glo Hotel Sello",
                               "address": {"@type": "PostalAddress", "streetAddress": "Leppävaarankatu 1",
                                           "addressLocality": "Espoo", **place}}}


def test_a_place_by_its_coordinates_is_in_the_zone_drawn_there() -> None:
    assert geo_zone(43.832291, 4.365845) == "Europe/Paris"  # Nîmes station
    assert geo_zone("40.7128", "-74.0060") == "America/New_York"
    assert geo_zone(0, 0) is None and geo_zone("north", 3) is None and geo_zone(95, 0) is None


def test_a_stay_is_its_days_with_the_check_in_time_at_the_hotel() -> None:
    (c,) = schema_org.from_html(_html(_hotel("2026-09-19T15:00:00", "2026-09-21T12:00:00", addressCountry="FI")))
    assert c.what == "stay" and c.title == "Hotel: Glo Hotel Sello"
    assert c.days == (date(2026, 9, 19), date(2026, 9, 21))
    assert c.start_at == datetime(2026, 9, 19, 15, 0, tzinfo=ZoneInfo("Europe/Helsinki"))
    assert c.end_at == datetime(2026, 9, 21, 12, 0, tzinfo=ZoneInfo("Europe/Helsinki"))


def test_a_stay_whose_hotel_gives_no_zone_keeps_its_days_and_no_time() -> None:
    (c,) = schema_org.from_html(_html(_hotel("2026-09-19T15:00:00", "2026-09-21T12:00:00",
                                             addressLocality="Leppävaara Block")))
    assert c.days == (date(2026, 9, 19), date(2026, 9, 21)) and c.start_at is None
    # a city the address names is enough: Espoo keeps Helsinki's clock
    (espoo,) = schema_org.from_html(_html(_hotel("2026-09-19T15:00:00", "2026-09-21T12:00:00")))
    assert espoo.start_at == datetime(2026, 9, 19, 15, 0, tzinfo=ZoneInfo("Europe/Helsinki"))
    (dated,) = schema_org.from_html(_html(_hotel("2026-09-19", "2026-09-21", addressCountry="FI")))
    assert dated.days == (date(2026, 9, 19), date(2026, 9, 21)) and dated.start_at is None


def test_a_rental_car_is_its_pick_up_and_its_return_each_at_its_place() -> None:
    def desk(name: str, lat: float, lon: float) -> dict:  # type: ignore[type-arg]
        return {"@type": "Place", "name": name, "geo": {"@type": "GeoCoordinates", "latitude": lat, "longitude": lon}}

    obj = {"@context": "http://schema.org", "@type": "RentalCarReservation", "reservationNumber": "546323",
           "reservationFor": {"@type": "RentalCar", "name": "Economy Class Car",
                              "rentalCompany": {"@type": "Organization", "name": "Hertz"}},
           "pickupTime": "2026-08-05T16:00:00", "pickupLocation": desk("Hertz San Diego Airport", 32.73, -117.19),
           "dropoffTime": "2026-08-06T20:00:00", "dropoffLocation": desk("Hertz Denver", 39.85, -104.67)}
    pickup, back = schema_org.from_html(_html(obj))
    la, denver = ZoneInfo("America/Los_Angeles"), ZoneInfo("America/Denver")
    assert (pickup.title, pickup.start_at) == ("Rental car pick-up: Hertz", datetime(2026, 8, 5, 16, 0, tzinfo=la))
    assert (back.title, back.start_at) == ("Rental car return: Hertz", datetime(2026, 8, 6, 20, 0, tzinfo=denver))
    assert pickup.location and pickup.location.startswith("Hertz San Diego Airport")


def test_a_station_with_coordinates_gives_a_train_its_zone_and_one_without_gives_none() -> None:
    trip = {"@context": "http://schema.org", "@type": "TrainReservation",
            "reservationFor": {"@type": "TrainTrip", "trainNumber": "TGV 5186", "departureTime": "2026-09-29T18:26:00",
                               "departureStation": {"@type": "TrainStation", "name": "Nîmes Gare",
                                                    "geo": {"latitude": 43.832291, "longitude": 4.365845}}}}
    (c,) = schema_org.from_html(_html(trip))
    assert not c.floating and c.start_at == datetime(2026, 9, 29, 18, 26, tzinfo=ZoneInfo("Europe/Paris"))
    del trip["reservationFor"]["departureStation"]["geo"]  # type: ignore[index]
    (bare,) = schema_org.from_html(_html(trip))
    assert bare.floating  # refused later (travel_zone_missing), never guessed


def test_an_event_that_fills_whole_days_is_those_days() -> None:
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:c-1@test\r\n"
            "DTSTAMP:20260901T000000Z\r\nDTSTART;VALUE=DATE:20261227\r\nDTEND;VALUE=DATE:20261231\r\n"
            "SUMMARY:Chaos Congress\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    (c,) = structured.from_ics(text)
    assert c.days == (date(2026, 12, 27), date(2026, 12, 30)) and c.title == "Chaos Congress"
    event = {"@context": "http://schema.org", "@type": "Event", "name": "FOSDEM", "startDate": "2027-02-06T00:00:00+01:00",
             "endDate": "2027-02-07T23:59:59+01:00"}
    (fosdem,) = schema_org.from_html(_html(event))
    assert fosdem.days == (date(2027, 2, 6), date(2027, 2, 7))
    event["startDate"], event["endDate"] = "2027-02-06T09:30:00+01:00", "2027-02-06T18:00:00+01:00"
    (talk,) = schema_org.from_html(_html(event))
    assert talk.days is None  # a day's hours are a timed event


def test_a_calendar_part_that_carries_its_booking_as_json_ld_is_read_for_it() -> None:
    booking = json.dumps([_hotel("2026-09-19T15:00:00+03:00", "2026-09-21T12:00:00+03:00")])
    folded = booking.replace(",", "\\,")  # as an iCalendar text value escapes its commas
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTIMEZONE\r\nTZID:UTC+03:00\r\n"
            "END:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:KIT-1@test\r\nDTSTAMP:20260901T000000Z\r\n"
            "DTSTART;VALUE=DATE:20260919\r\nDTEND;VALUE=DATE:20260922\r\nSUMMARY:Hotel reservation: Glo Hotel Sello\r\n"
            f"X-KDE-KITINERARY-RESERVATION:{folded}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    # an empty VTIMEZONE does not stop the part from being read
    (c,) = structured.from_ics(text)
    assert (c.what, c.provider, c.origin, c.uid) == ("stay", "Glo Hotel Sello", "ics", "KIT-1@test")
    assert c.start_at == datetime(2026, 9, 19, 15, 0, tzinfo=ZoneInfo("Europe/Helsinki"))


@pytest.mark.parametrize(("check_in", "check_out", "shown"), [
    # both hours on the hotel's clock: from 15:00 in Espoo (14:00 in Berlin) to 12:00 there (11:00 in Berlin)
    ("2026-09-19T15:00:00", "2026-09-21T12:00:00", ("2026-09-19T14:00:00+02:00", "2026-09-21T11:00:00+02:00", False)),
    # days alone: the whole of each day from check-in day to check-out day
    ("2026-09-19", "2026-09-21", ("2026-09-19T00:00:00+02:00", "2026-09-22T00:00:00+02:00", True)),
])
def test_a_hotel_stay_accepted_is_one_event_from_check_in_to_check_out_or_over_its_whole_days(  # type: ignore[no-untyped-def]
        tmp_path, cli, monkeypatch, check_in: str, check_out: str, shown: tuple[str, str, bool]) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    sent = datetime(2026, 9, 10, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    html = _html(_hotel(check_in, check_out, addressCountry="FI"))
    folder = write_folder(tmp_path / "mail", {
        "stay": message("s1@booking.example", ("Booking.com", "noreply@booking.example"), "Your booking is confirmed",
                        "Glo Hotel Sello, 19-21 September", sent, html=html),
    })
    args = ("--now", "2026-09-10T10:00:00+02:00", "--tz", "Europe/Berlin")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    (item,) = [i for i in cli(*args, "--json", "appointments", "scan").json()["items"] if i["status"] == "proposed"]
    assert item["start"] == shown[0]
    assert cli(*args, "appointments", "accept", str(item["id"])).code == 0
    for day in ("2026-09-19", "2026-09-20", "2026-09-21"):
        events = [e for e in cli(*args, "--json", "schedule", day).json()["items"] if e["kind"] == "event"]
        assert [(e["title"], e["start"], e["end"], e["all_day"]) for e in events] == [
            ("Hotel: Glo Hotel Sello", *shown)], day
    assert cli(*args, "--json", "schedule", "2026-09-22").json()["items"] == []


HOSTEL = """Booking confirmation                 Thank you for booking through our website.
 Your travel details      Booking no.   AB-1234567     Arrival
  {arrive}     Departure    {leave}     Details    {nights} nights
 Persons   1 adult     Room   1 single room
 Your booked house     Harbour Hostel Central
 12 Quay Street
"""


def test_a_hostels_text_gives_its_stay_by_arrival_and_departure_days() -> None:
    from steward.appointments.stays import from_text

    received = datetime(2026, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/Vienna"))
    (c,) = from_text(HOSTEL.format(arrive="10.08.2026", leave="18.08.2026", nights=8), received, "Hostel Desk")
    assert (c.what, c.provider, c.days, c.start_at) == ("stay", "Harbour Hostel Central",
                                                        (date(2026, 8, 10), date(2026, 8, 18)), None)
    # a departure before the arrival, two stays in one mail, or no lodging at all: nothing is guessed
    assert from_text(HOSTEL.format(arrive="18.08.2026", leave="10.08.2026", nights=8), received) == []
    assert from_text(HOSTEL.format(arrive="10.08.2026", leave="18.08.2026", nights=8) + "\nArrival 20.09.2026",
                     received) == []
    assert from_text("Your tour: arrival 10.08.2026, departure 18.08.2026. See you!", received) == []


def test_a_hostel_stay_in_text_is_proposed_as_its_days_and_its_cancellation_is_not(tmp_path, cli,  # type: ignore[no-untyped-def]
                                                                                    monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    sent = datetime(2026, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/Vienna"))
    hostel = ("Hostel Desk", "bookings@harbourhostel.example")
    folder = write_folder(tmp_path / "mail", {
        "a": message("h1@harbourhostel.example", hostel, "Booking confirmation AB-1234567",
                     HOSTEL.format(arrive="10.08.2026", leave="18.08.2026", nights=8), sent),
        "b": message("h2@harbourhostel.example", hostel, "Your booking has been cancelled",
                     HOSTEL.format(arrive="20.09.2026", leave="22.09.2026", nights=2), sent),
    })
    args = ("--now", "2026-08-01T10:00:00+02:00", "--tz", "Europe/Vienna")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    items = cli(*args, "--json", "appointments", "scan").json()["items"]
    assert [(i["provider"], i["start"], i["end"]) for i in items if i["status"] == "proposed"] == [
        ("Harbour Hostel Central", "2026-08-10T00:00:00+02:00", "2026-08-19T00:00:00+02:00")]
    assert any(i["status"] == "rejected" and i["reason"] == "cancellation" for i in items)


def test_a_stay_whose_later_mail_gives_other_days_is_not_proposed_at_the_old_days(tmp_path, cli,  # type: ignore[no-untyped-def]
                                                                                  monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    booking = ("Booking.com", "noreply@booking.example")
    first = datetime(2026, 9, 1, 9, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    folder = write_folder(tmp_path / "mail", {
        "a": message("s1@booking.example", booking, "Your booking is confirmed", "Glo Hotel Sello", first,
                     html=_html(_hotel("2026-09-19", "2026-09-21"))),
        "b": message("s2@booking.example", booking, "Your booking is confirmed", "Glo Hotel Sello, new dates",
                     first.replace(day=3), html=_html(_hotel("2026-09-26", "2026-09-28"))),
    })
    args = ("--now", "2026-09-04T10:00:00+02:00", "--tz", "Europe/Berlin")
    assert cli(*args, "mail", "import", str(folder)).code == 0
    items = cli(*args, "--json", "appointments", "scan").json()["items"]
    assert [i["start"] for i in items if i["status"] == "proposed"] == ["2026-09-26T00:00:00+02:00"]
    assert any(i["status"] == "rejected" and i["reason"] == "reschedule" and i["start"] == "2026-09-19T00:00:00+02:00"
               for i in items)


def test_a_journey_in_a_calendar_part_without_a_zone_takes_its_geo_points_zone() -> None:
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:t-1@test\r\n"
            "DTSTAMP:20260901T000000Z\r\nDTSTART:20260929T182600\r\nDTEND:20260929T195200\r\n"
            "SUMMARY:Train 5186 from Nîmes Gare to Lyon Part-Dieu\r\nLOCATION:Nîmes Gare\r\nGEO:43.832291;4.365845\r\n"
            "END:VEVENT\r\nEND:VCALENDAR\r\n")
    (c,) = structured.from_ics(text)
    assert not c.floating and c.start_at == datetime(2026, 9, 29, 18, 26, tzinfo=ZoneInfo("Europe/Paris"))
    (bare,) = structured.from_ics(text.replace("GEO:43.832291;4.365845\r\n", ""))
    assert bare.floating  # no place known: refused later, never guessed


def test_a_check_in_written_with_an_offset_its_hotel_does_not_keep_gives_its_days_alone() -> None:
    # 14:00 "+00:00" on a June day in Edinburgh, which keeps +01:00 then: the hour is in doubt, the days are not
    obj = _hotel("2026-06-15T14:00:00+00:00", "2026-06-18T11:00:00+00:00", addressLocality="Edinburgh",
                 addressCountry="GB")
    (c,) = schema_org.from_html(_html(obj))
    assert c.days == (date(2026, 6, 15), date(2026, 6, 18)) and c.start_at is None
    # the same hotel's offset in winter is its own: the check-in time stands
    (winter,) = schema_org.from_html(_html(_hotel("2026-12-15T14:00:00+00:00", "2026-12-18T11:00:00+00:00",
                                                  addressLocality="Edinburgh", addressCountry="GB")))
    assert winter.start_at == datetime(2026, 12, 15, 14, 0, tzinfo=ZoneInfo("Europe/London"))


def test_a_stays_check_in_hour_is_read_at_the_hotels_address_and_without_one_its_days_alone() -> None:
    from steward.appointments.stays import from_text

    received = datetime(2026, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    text = ("Thanks, your room is booked.\nHotel: Pension Sonnhof\nArrival: 10.08.2026, from 3:00 pm\n"
            "Departure: 13.08.2026, until 10:00\n{address}Two nights are charged if you do not arrive.")
    (placed,) = from_text(text.format(address="Lindengasse 4, 5020 Salzburg, Austria\n"), received)
    assert placed.start_at == datetime(2026, 8, 10, 15, 0, tzinfo=ZoneInfo("Europe/Vienna"))
    assert placed.days == (date(2026, 8, 10), date(2026, 8, 13))
    (unplaced,) = from_text(text.format(address=""), received)
    assert unplaced.start_at is None and unplaced.days == (date(2026, 8, 10), date(2026, 8, 13))


def test_a_check_in_hour_in_brackets_and_an_address_with_its_postcode_before_the_country_are_read() -> None:
    from steward.appointments.stays import from_text

    received = datetime(2026, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    text = ("Your reservation is booked.\nHotel: Albergo Ponte\nRiva del Vin 12, Venice, 30125 Italy\n"
            "Check-in: Mon, Aug 10 (2:00pm)\nCheck-out: Thu, Aug 13 (11:00am)\nYour room: double, 3 nights\n")
    (stay,) = from_text(text, received)
    assert stay.start_at == datetime(2026, 8, 10, 14, 0, tzinfo=ZoneInfo("Europe/Rome"))


def test_a_stays_check_out_hour_is_read_on_the_hotels_clock_beside_its_check_in_hour() -> None:
    from steward.appointments.stays import from_text

    received = datetime(2027, 5, 2, 9, 0, tzinfo=ZoneInfo("Asia/Singapore"))
    head = ("Your stay is confirmed.\n\nRiverside Loft Hanoi\n14 Hang Bac, Hoan Kiem, Hanoi, Vietnam\n"
            "Check-in: Friday, 21 May 2027, from 15:00\n")
    (c,) = from_text(head + "Check-out: Sunday, 23 May 2027, until 11:00\n2 nights, 1 room\n", received)
    hanoi = ZoneInfo("Asia/Ho_Chi_Minh")
    assert (c.start_at, c.end_at) == (datetime(2027, 5, 21, 15, 0, tzinfo=hanoi), datetime(2027, 5, 23, 11, 0, tzinfo=hanoi))
    assert c.location == "14 Hang Bac, Hoan Kiem, Hanoi, Vietnam"  # where its hours are told on its own clock
    # no hour beside the check-out: the stay keeps its days, and no check-out time is made up
    (c,) = from_text(head + "Check-out: Sunday, 23 May 2027\n2 nights, 1 room\n", received)
    assert c.end_at is None and c.days == (date(2027, 5, 21), date(2027, 5, 23))


def test_a_package_holidays_flights_are_read_beside_the_hotel_its_markup_holds() -> None:
    # a tour operator marks up the stay alone and prints the flights as rows, each with the airline's three-letter code
    body = ("Your package is confirmed.\n\nFLIGHTS\n"
            "Outbound: Tue 14th Sep 2027  TOM2150  Manchester (MAN) 07:40 - Faro (FAO) 10:25\n"
            "Return: Tue 21st Sep 2027  TOM2151  Faro (FAO) 11:20 - Manchester (MAN) 13:15\n\n"
            "ACCOMMODATION\nGlo Hotel Sello, 7 nights\n")
    raw = message("pkg-1@test", ("Suncrest Holidays", "bookings@suncrest.example"), "Your holiday is confirmed",
                  body, datetime(2027, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/London")),
                  html=_html(_hotel("2027-09-14T15:00:00", "2027-09-21T11:00:00")))
    found = structured.extract(raw, "Suncrest Holidays", datetime(2027, 8, 1, 9, 0, tzinfo=ZoneInfo("Europe/London")))
    flights = sorted((c for c in found if c.what == "flight"), key=lambda c: c.start)
    assert [c.what for c in found].count("stay") == 1
    assert [(c.provider, c.route) for c in flights] == [("TOM 2150", "MAN → FAO"), ("TOM 2151", "FAO → MAN")]
    assert flights[0].start_at == datetime(2027, 9, 14, 7, 40, tzinfo=ZoneInfo("Europe/London"))
    assert flights[1].end_at == datetime(2027, 9, 21, 13, 15, tzinfo=ZoneInfo("Europe/London"))


def test_a_town_named_alone_is_the_one_far_larger_than_every_other_of_its_name() -> None:
    from steward.appointments.places import city_zone

    assert city_zone("London", whole=True) == "Europe/London"  # never London, Ontario
    assert city_zone("Birmingham", whole=True) is None  # England's is not ten times Alabama's: not told apart
