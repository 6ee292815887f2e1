"""Travel questions in plain words: the flight, the hotel or the rental car alone, each at the time its
mail gave on the clock of the place it is at, beside the person's own (London, travelling to India)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App

NOW = "2026-06-01T10:00:00+01:00"
SENT = datetime(2026, 6, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))


def _html(obj: object) -> str:
    return f'<html><head><script type="application/ld+json">{json.dumps(obj)}</script></head><body></body></html>'


def _hotel(name: str, checkin: str, checkout: str, country: str | None) -> str:
    address = {"@type": "PostalAddress", "addressLocality": "Mumbai", **({"addressCountry": country} if country else {})}
    return _html({"@context": "http://schema.org", "@type": "LodgingReservation", "reservationNumber": name[:3],
                  "checkinTime": checkin, "checkoutTime": checkout,
                  "reservationFor": {"@type": "LodgingBusiness", "name": name, "address": address}})


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/London", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "flight": message("t1@agency.example", ("Travel Desk", "itinerary@agency.example"), "Your itinerary",
                          "Flight: AI 865\nDate: 14 Jun 2026\nDeparture: 06:00 Delhi(DEL), India\n"
                          "Arrival: 08:10 Mumbai(BOM), India\n", SENT),
        "hotel": message("h1@booking.example", ("Booking.com", "noreply@booking.example"), "Your booking is confirmed",
                         "Taj Lands End, 14-16 June", SENT,
                         html=_hotel("Taj Lands End", "2026-06-14T15:00:00", "2026-06-16T11:00:00", "IN")),
        "dentist": message("d1@dental.example", ("Lakeside Dental", "desk@lakeside.example"), "Appointment confirmed",
                           "Your appointment at Lakeside Dental is confirmed for 10 June 2026 at 10:00.", SENT),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def ask(app: App, text: str) -> tuple[str, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


@pytest.mark.parametrize("question", ["when does my flight leave?", "what time is my flight?",
                                      # (a time asked "now" is the time after any change, never this minute's)
                                      "what time is my flight to Mumbai now?"])
def test_the_flight_is_answered_alone_at_the_airports_time_and_the_persons(home: App, question: str) -> None:
    handled_by, reply = ask(home, question)
    assert handled_by == "reader", reply
    # (an agent's mail: the flight is said to be booked with it, never that the agent flies it)
    assert "Flight AI 865 (booked with Travel Desk) DEL → BOM leaves Sun 14 Jun at 06:00 local time (01:30 your time)" \
        in reply
    assert "Taj" not in reply and "Lakeside" not in reply


@pytest.mark.parametrize("question", ["what time is check-in?", "when is my hotel check-in?"])
def test_check_in_is_the_hotels_time_and_nothing_else(home: App, question: str) -> None:
    _, reply = ask(home, question)
    assert "Hotel: Taj Lands End: check-in Sun 14 Jun at 15:00 local time (10:30 your time)" in reply
    assert "AI 865" not in reply and "Lakeside" not in reply


def test_a_question_about_appointments_still_lists_them_all(home: App) -> None:
    _, reply = ask(home, "any appointments next week?")
    assert "Lakeside Dental" in reply and "AI 865" in reply


def test_a_stay_whose_mail_gives_no_time_is_said_as_its_days(app_in_own_home: Callable[[str, str], App],
                                                            tmp_path: Path) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/London", NOW)
    folder = write_folder(tmp_path / "mail", {
        "hotel": message("h2@booking.example", ("Booking.com", "noreply@booking.example"), "Your booking is confirmed",
                         "Sea View Inn, 14-16 June", SENT, html=_hotel("Sea View Inn", "2026-06-14", "2026-06-16", None)),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    _, reply = ask(app, "what time is check-in?")
    assert "Hotel: Sea View Inn: Sun 14 Jun to Tue 16 Jun (no check-in time read from the mail)" in reply
    assert "00:00" not in reply


def test_a_rental_cars_pick_up_or_return_is_answered_at_the_desks_time(app_in_own_home: Callable[[str, str], App],
                                                                       tmp_path: Path) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    def desk(name: str, lat: float, lon: float) -> dict:  # type: ignore[type-arg]
        return {"@type": "Place", "name": name, "geo": {"@type": "GeoCoordinates", "latitude": lat, "longitude": lon}}

    car = _html({"@context": "http://schema.org", "@type": "RentalCarReservation", "reservationNumber": "546323",
                 "reservationFor": {"@type": "RentalCar", "rentalCompany": {"@type": "Organization", "name": "Hertz"}},
                 "pickupTime": "2026-06-15T16:00:00", "pickupLocation": desk("Hertz San Diego Airport", 32.73, -117.19),
                 "dropoffTime": "2026-06-18T20:00:00", "dropoffLocation": desk("Hertz LAX", 33.94, -118.40)})
    app = app_in_own_home("Europe/London", NOW)
    folder = write_folder(tmp_path / "mail", {
        "car": message("r1@hertz.example", ("Hertz", "reservations@hertz.example"), "Your reservation is confirmed",
                       "Hertz 546323", SENT, html=car)})
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    _, reply = ask(app, "when do I pick up the rental car?")
    assert "Rental car pick-up: Hertz Mon 15 Jun at 16:00 local time (00:00 your time, Tue 16 Jun)" in reply
    assert "return" not in reply
    _, back = ask(app, "when do I return the car hire?")
    assert "Rental car return: Hertz Thu 18 Jun at 20:00 local time (04:00 your time, Fri 19 Jun)" in back
    assert "pick-up" not in back


def test_a_trip_put_on_the_calendar_by_hand_is_answered_too(home: App) -> None:
    home.calendar.create_event("Train to Leeds", "2026-06-20T09:00", provenance={"via": "cli"})
    _, reply = ask(home, "when is my train?")
    assert "Train to Leeds" in reply and "Sat 20 Jun at 09:00" in reply and "AI 865" not in reply
    _, flight = ask(home, "when does my flight leave?")
    assert "Leeds" not in flight and flight.count("AI 865") == 1


def test_check_in_said_as_two_words_and_check_out_are_answered(home: App) -> None:
    _, reply = ask(home, "what time can I check in?")
    assert "check-in Sun 14 Jun at 15:00 local time (10:30 your time)" in reply
    _, leaving = ask(home, "when is check out at the hotel?")
    # 11:00 on the clock of the hotel's town (Mumbai, from its address), beside the person's own
    assert "Hotel: Taj Lands End: check-out Tue 16 Jun at 11:00 local time (06:30 your time)" in leaving and "check-in" not in leaving
