"""Booking mail as North American businesses often write it: times with dots ("3:20 p.m."), a practice's
reminder of a visit already booked, a school's interview on labelled "Date:" and "Time:" lines, and a
move written "has moved your ... from <the old time> to <the new time>"."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import booked, message, scan_mail
from steward.appointments.patterns import sentences
from test_appointments_mail_kinds import html_only

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

CHI = ZoneInfo("America/Chicago")
ZONE = "America/Chicago"
NOW = "2026-10-01T18:00:00-05:00"
SENT = datetime(2026, 9, 29, 11, 0, tzinfo=CHI)


def _scan(tmp_path: Path, cli: Any, mails: dict[str, bytes]) -> list[dict[str, Any]]:
    return scan_mail(tmp_path, cli, mails, NOW, ZONE)


def _proposed(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return booked(items)


def test_a_stop_inside_a_time_a_title_or_a_date_does_not_end_a_sentence() -> None:
    said = ("Your hygiene visit with Dr. Moreau is on Fri. Oct. 9 at 8:45 a.m. at our Elm St. office. "
            "Please arrive early. Call us at 555-0142 with questions.")
    assert sentences(said) == ["Your hygiene visit with Dr. Moreau is on Fri. Oct. 9 at 8:45 a.m. at our Elm St. office.",
                               "Please arrive early.", "Call us at 555-0142 with questions."]
    assert sentences("We open at 9 a.m. Parking is free.") == ["We open at 9 a.m.", "Parking is free."]


def test_a_practices_reminder_in_html_alone_with_a_dotted_time_is_the_booking(tmp_path: Path, cli: Any) -> None:
    html = ("<html><body><p>Dear Sam,</p><p>This is a friendly reminder that <b>Pepper</b> (feline) is due for a "
            "dental cleaning appointment on <b>Thursday, October 8 at 3:20 p.m.</b> with Dr. Alvarez.</p>"
            "<p>Prairie Paws Veterinary Clinic, 88 Oak Park Ave</p><p>Reply Y to confirm.</p></body></html>")
    items = _scan(tmp_path, cli, {"a": html_only("pp-1@prairiepaws.example",
                                                 ("Prairie Paws Veterinary Clinic", "desk@prairiepaws.example"),
                                                 "Pepper's visit on Oct 8", html, SENT)})
    assert _proposed(items) == [("Prairie Paws Veterinary Clinic", "2026-10-08T15:20:00-05:00")]


def test_a_conference_on_labelled_date_and_time_lines_is_the_booking(tmp_path: Path, cli: Any) -> None:
    body = ("Hello,\n\nA parent-teacher conference for Maya Lindqvist has been scheduled.\n"
            "Teacher: Mr. Abara (Room 21)\nDate: Wednesday, October 7, 2026\nTime: 3:10 p.m. - 3:25 p.m.\n\n"
            "Please check in at the front office.\n\nWillow Creek Elementary")
    items = _scan(tmp_path, cli, {"a": message("wc-1@willowcreek.example",
                                               ("Willow Creek Elementary", "office@willowcreek.example"),
                                               "Conference confirmation", body, SENT)})
    assert _proposed(items) == [("Willow Creek Elementary", "2026-10-07T15:10:00-05:00")]
    r = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "scan")
    (item,) = [i for i in r.json()["items"] if i["status"] == "proposed"]
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(item["id"])).code == 0
    day = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2026-10-07").json()["items"]
    assert [e["title"] for e in day if e["kind"] == "event"] == ["Willow Creek Elementary appointment"]


def test_a_date_line_without_a_time_line_under_it_is_no_booking(tmp_path: Path, cli: Any) -> None:
    body = ("Hello,\n\nYour library card renewal is confirmed.\nDate: Wednesday, October 7, 2026\n"
            "Branch: Northside\n\nWillow Creek Public Library")
    items = _scan(tmp_path, cli, {"a": message("wl-1@wclib.example", ("Willow Creek Library", "desk@wclib.example"),
                                               "Renewal confirmation", body, SENT)})
    assert _proposed(items) == []


BOOKED = ("Hi Sam! You're booked in.\nService: Balayage (3 h)\nWhen: Friday, October 9 at 10:00 a.m.\n"
          "Where: Lumen Hair Bar, 1400 W Division St")
MOVED = ("Hi Sam, Kim has moved your Balayage from Fri Oct 9 at 10:00 a.m. to Monday, October 12 at 4:00 p.m.. "
         "Nothing else changes.")
SALON = ("Lumen Hair Bar", "hello@lumenhair.example")


def test_a_move_written_from_the_old_time_to_the_new_is_the_booking_at_the_new(tmp_path: Path, cli: Any) -> None:
    items = _scan(tmp_path, cli, {
        "a": message("lh-1@lumenhair.example", SALON, "Booking confirmed: Balayage", BOOKED, SENT - timedelta(days=9)),
        "b": message("lh-2@lumenhair.example", SALON, "Your booking was updated", MOVED, SENT)})
    assert _proposed(items) == [("Lumen Hair Bar", "2026-10-12T16:00:00-05:00")]


def test_that_move_without_the_booking_it_moves_proposes_nothing(tmp_path: Path, cli: Any) -> None:
    items = _scan(tmp_path, cli, {"b": message("lh-2@lumenhair.example", SALON, "Your booking was updated", MOVED,
                                               SENT)})
    assert _proposed(items) == []


def test_this_is_to_confirm_books_and_a_later_move_of_it_weeks_after_is_the_booking_at_the_new_time(
        tmp_path: Path, cli: Any) -> None:
    optician = ("Prairie Eye Care", "frontdesk@prairieeyecare.example")
    booked = ("Hello Sam,\n\nThis is to confirm your annual eye exam with Dr. Lindqvist on Tuesday, October 13, "
              "2026 at 2:15 PM.\nPrairie Eye Care, 88 Grand Ave.")
    moved = ("Hello Sam,\n\nDr. Lindqvist is away that week, so we have moved your eye exam from Tue Oct 13 at "
             "2:15 PM to Thursday, October 15, 2026 at 11:00 AM.")
    items = _scan(tmp_path, cli, {
        # the confirmation came three weeks before: older than the two weeks a scan reads
        "a": message("pe-1@prairieeyecare.example", optician, "Your eye exam", booked, SENT - timedelta(days=21)),
        "b": message("pe-2@prairieeyecare.example", optician, "Re: Your eye exam", moved, SENT)})
    assert _proposed(items) == [("Prairie Eye Care", "2026-10-15T11:00:00-05:00")]


def test_a_legs_departure_under_its_dated_flight_line_is_on_that_date_not_the_arrivals() -> None:
    from steward.appointments.itinerary import from_text

    body = ("Your trip with Aurora Pacific\n\nRecord locator: ZQ4M7T\n\n"
            "Flight AP 902  Fri 06 Nov 2026\n  Depart Vancouver (YVR) Main Terminal 23:40\n"
            "  Arrive Sydney Kingsford Smith (SYD) T1 Sun 08 Nov 09:05\n\n"
            "Flight AP 903  Sun 22 Nov 2026\n  Depart Sydney (SYD) T1 11:15\n  Arrive Vancouver (YVR) Sun 22 Nov 06:30\n")
    legs = from_text(body, datetime(2026, 10, 2, 9, 0, tzinfo=ZoneInfo("America/Vancouver")))
    assert [(c.provider, c.start_at.isoformat() if c.start_at else None) for c in legs] == [
        ("AP 902", "2026-11-06T23:40:00-08:00"), ("AP 903", "2026-11-22T11:15:00+11:00")]


ITINERARY = ("Thanks for flying with Solstice Airways.\n\nConfirmation code: HX72QD\n\n"
             "Flight SX 451  Sat 24 Oct 2026\n  Depart Chicago O'Hare (ORD) T5 18:05\n"
             "  Arrive Mexico City (MEX) T1 Sat 24 Oct 21:40\n\nAll times are local.")
DENTIST = "Your cleaning at Lakeview Dental is confirmed for Friday, October 23, 2026 at 9:00 a.m."


def test_a_flight_and_an_appointment_booked_long_before_the_window_are_still_read_while_ahead(
        tmp_path: Path, cli: Any) -> None:
    long_ago = SENT - timedelta(days=40)
    items = _scan(tmp_path, cli, {
        "a": message("sx-1@solstice.example", ("Solstice Airways", "itinerary@solstice.example"),
                     "Your trip to Mexico City - HX72QD", ITINERARY, long_ago),
        "b": message("ld-1@lakeview.example", ("Lakeview Dental", "desk@lakeviewdental.example"),
                     "Appointment confirmed", DENTIST, long_ago),
        # a check-up that old whose day has gone is stale: never read
        "c": message("ld-0@lakeview.example", ("Lakeview Dental", "desk@lakeviewdental.example"),
                     "Appointment confirmed", "Your cleaning at Lakeview Dental is confirmed for Friday, "
                     "September 25, 2026 at 9:00 a.m.", long_ago - timedelta(days=1))})
    assert _proposed(items) == [("Lakeview Dental", "2026-10-23T09:00:00-05:00"),
                                ("SX 451", "2026-10-24T18:05:00-05:00")]


def test_an_appointment_booked_long_ago_waits_for_a_yes_even_in_auto_mode(
        tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")
    items = _scan(tmp_path, cli, {
        "b": message("ld-1@lakeview.example", ("Lakeview Dental", "desk@lakeviewdental.example"),
                     "Appointment confirmed", DENTIST, SENT - timedelta(days=40))})
    assert booked(items, ("proposed",)) == [("Lakeview Dental", "2026-10-23T09:00:00-05:00")]
    assert booked(items, ("created",)) == []


def test_an_appointment_booked_long_ago_and_cancelled_long_ago_is_not_proposed(tmp_path: Path, cli: Any) -> None:
    items = _scan(tmp_path, cli, {
        "b": message("ld-1@lakeview.example", ("Lakeview Dental", "desk@lakeviewdental.example"),
                     "Appointment confirmed", DENTIST, SENT - timedelta(days=40)),
        "c": message("ld-2@lakeview.example", ("Lakeview Dental", "desk@lakeviewdental.example"),
                     "Appointment cancelled", "Your cleaning at Lakeview Dental on Friday, October 23, 2026 at "
                     "9:00 a.m. has been cancelled.", SENT - timedelta(days=30))})
    assert _proposed(items) == []


def test_the_travel_window_no_longer_than_the_window_reads_no_older_flight(
        tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_APPOINTMENTS_TRAVEL_WINDOW_DAYS", "14")
    items = _scan(tmp_path, cli, {"a": message("sx-1@solstice.example",
                                               ("Solstice Airways", "itinerary@solstice.example"),
                                               "Your trip to Mexico City - HX72QD", ITINERARY,
                                               SENT - timedelta(days=40))})
    assert _proposed(items) == []


def test_a_flight_booked_long_ago_and_moved_since_is_proposed_at_its_new_time_alone(tmp_path: Path, cli: Any) -> None:
    airline = ("Solstice Airways", "itinerary@solstice.example")
    items = _scan(tmp_path, cli, {
        "a": message("sx-1@solstice.example", airline, "Your trip to Mexico City - HX72QD", ITINERARY,
                     SENT - timedelta(days=40)),
        "b": message("sx-2@solstice.example", airline, "Schedule change to booking HX72QD",
                     "Hello Sam,\nThere has been a schedule change to flight SX451 on 24 Oct 2026.\n"
                     "Was: departs Chicago 18:05, arrives Mexico City 21:40\n"
                     "Now: departs Chicago 19:50, arrives Mexico City 23:25\n", SENT)})
    assert [i["start"] for i in items if i["status"] == "proposed"] == ["2026-10-24T19:50:00-05:00"]


def test_a_span_said_before_the_moment_of_a_cancellation_is_not_its_day(tmp_path: Path, cli: Any) -> None:
    # "the groomer is off sick this week, so we've cancelled ... on Mon 5 Oct at 2pm": the moment is the booking's
    items = _scan(tmp_path, cli, {"a": message(
        "pp-1@pawparlour.example", ("Paw Parlour", "desk@pawparlour.example"), "Booking cancelled - Paw Parlour",
        "Hi Sam, sorry but our groomer is off sick this week, so we've had to cancel Biscuit's wash and trim on "
        "Mon 5 Oct at 2pm. Call us to rebook.", SENT)})
    assert [(i["status"], i["start"]) for i in items] == [("rejected", "2026-10-05T14:00:00-05:00")], items


def test_a_flight_change_that_writes_its_new_times_above_the_old_ones_is_the_flight_at_its_new_time(
        tmp_path: Path, cli: Any) -> None:
    airline = ("Solstice Airways", "itinerary@solstice.example")
    items = _scan(tmp_path, cli, {
        "a": message("sx-1@solstice.example", airline, "Your trip to Mexico City - HX72QD", ITINERARY,
                     SENT - timedelta(days=20)),
        "b": message("sx-3@solstice.example", airline, "Your flight time has changed - SX 451",
                     "Dear passenger,\n\nYour flight time has changed.\n\nFlight SX 451, Sat 24 Oct 2026, Chicago "
                     "(ORD) to Mexico City (MEX)\n\nNEW: departs 19:35, arrives 23:10\nWAS: departs 18:05, arrives "
                     "21:40\n\nNothing else about your booking has changed.", SENT)})
    # the new line wins, never the old one; it lands when the new line says, on Mexico City's clock
    assert [(i["start"], i["end"]) for i in items if i["status"] == "proposed"] == [
        ("2026-10-24T19:35:00-05:00", "2026-10-24T23:10:00-06:00")]


@pytest.mark.parametrize("written", ["1745", "1745 hrs"])
def test_a_booking_whose_time_is_four_figures_of_a_24_hour_clock_is_at_that_time(tmp_path: Path, cli: Any,
                                                                                  written: str) -> None:
    items = _scan(tmp_path, cli, {"a": message(
        "bd-1@bayviewdental.example", ("Bayview Dental", "front@bayviewdental.example"),
        "Appointment confirmed: check-up", f"Dear Sam,\n\nYour appointment is confirmed.\n\nDate: Thursday 8 October "
        f"2026\nTime: {written}\nDentist: Dr. Ruiz\n\nBayview Dental", SENT)})
    assert _proposed(items) == [("Bayview Dental", "2026-10-08T17:45:00-05:00")]


def test_four_figures_that_are_no_time_of_day_are_no_booking_time(tmp_path: Path, cli: Any) -> None:
    items = _scan(tmp_path, cli, {"a": message(
        "bd-2@bayviewdental.example", ("Bayview Dental", "front@bayviewdental.example"),
        "Appointment confirmed: check-up", "Dear Sam,\n\nYour appointment is confirmed.\n\nDate: Thursday 8 October "
        "2026\nTime: 2590\nDentist: Dr. Ruiz\n\nBayview Dental", SENT)})
    assert _proposed(items) == []
