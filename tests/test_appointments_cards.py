"""Reservation cards, as table-booking services and hotels lay them out: one date on a line of its own."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

NY = ZoneInfo("America/New_York")
SENT = datetime(2026, 10, 1, 9, 0, tzinfo=NY)
NOW = "2026-10-01T09:05:00-04:00"


def scan(tmp_path: Path, cli, mails: dict[str, bytes]) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    folder = write_folder(tmp_path / "mail", mails)
    assert cli("--now", NOW, "--tz", "America/New_York", "mail", "import", str(folder)).code == 0
    r = cli("--now", NOW, "--tz", "America/New_York", "--json", "appointments", "scan")
    assert r.code == 0, r.err
    return r.json()["items"]  # type: ignore[no-any-return]


def test_table_bookings_and_a_hotel_check_in_laid_out_as_cards_are_proposed(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@opentable.example", ("OpenTable", "member_services@opentable.example"),
                     "Reservation Confirmation for Carbone",
                     "Hi Alex,\n\nYour reservation is confirmed.\n\nCarbone\nSaturday, October 10, 2026 at 7:30 PM\n"
                     "Party of 2\n\nNeed to cancel? See our cancellation policy: cancellation is free until 24 hours "
                     "before.", SENT),
        "b": message("b@resy.example", ("Resy", "hello@resy.example"), "You're going to Lilia",
                     "You're all set!\nLilia\nSat, Oct 10 at 8:15 PM · 2 guests", SENT),
        "c": message("c@hotel.example", ("Harbor Hotels", "reservations@harborhotels.example"),
                     "Your booking is confirmed at Harbor Inn Midtown",
                     "Thank you for booking with us.\nCheck-in: Friday, October 9, 2026 from 4:00 PM\n"
                     "Check-out: Sunday, October 11, 2026 by 11:00 AM\nAddress: 151 W 54th St, New York, NY 10019, "
                     "USA\nRefunds follow the rate's policy.", SENT),
    })
    got = sorted((i["provider"], i["start"]) for i in items if i["status"] == "proposed")
    assert got == [("Carbone", "2026-10-10T19:30:00-04:00"), ("Harbor Inn Midtown", "2026-10-09T16:00:00-04:00"),
                   ("Lilia", "2026-10-10T20:15:00-04:00")]


def test_a_hotel_cards_check_in_is_at_the_hotels_clock_and_without_an_address_its_days_alone(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@hotel.example", ("Alfama Hotels", "reservations@alfamahotels.example"),
                     "Your booking is confirmed at Alfama Garden Hotel",
                     "Thank you for booking with us.\nCheck-in: Monday, October 12, 2026 from 3:00 PM\n"
                     "Check-out: Thursday, October 15, 2026 by 11:00 AM\n"
                     "Rua dos Remédios 41, 1100-441 Lisboa, Portugal\n", SENT),
        "b": message("b@inn.example", ("Lakeside Hotels", "reservations@lakesidehotels.example"),
                     "Your booking is confirmed at Lakeside Lodge",
                     "Thank you for booking with us.\nCheck-in: Friday, October 16, 2026 from 4:00 PM\n"
                     "Check-out: Saturday, October 17, 2026 by 10:00 AM\n", SENT),
    })
    got = sorted((i["provider"], i["start"], i["end"]) for i in items if i["status"] == "proposed")
    assert [i["location"] for i in items if i["provider"] == "Alfama Garden Hotel"] == [
        "Rua dos Remédios, Lisboa, Portugal"]  # a postcode beside a house number is no phone number to keep
    assert got == [
        # 15:00 in Lisbon is 10:00 in New York; the stay runs to its check-out at 11:00 in Lisbon
        ("Alfama Garden Hotel", "2026-10-12T10:00:00-04:00", "2026-10-15T06:00:00-04:00"),
        # no address: the hotel's clock is not known, so its days alone, never 16:00 on the person's clock
        ("Lakeside Lodge", "2026-10-16T00:00:00-04:00", "2026-10-18T00:00:00-04:00")]


def test_cancelled_waitlisted_changed_receipts_parcels_and_delays_in_card_layout_propose_nothing(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@opentable.example", ("OpenTable", "member_services@opentable.example"),
                     "Your reservation has been cancelled",
                     "Your reservation has been cancelled.\nCarbone\nSaturday, October 10, 2026 at 7:30 PM", SENT),
        "b": message("b@resy.example", ("Resy", "hello@resy.example"), "You're on the waitlist",
                     "You're on the waitlist for Lilia\nSat, Oct 10 at 8:15 PM, 2 guests", SENT),
        "c": message("c@hotel.example", ("Harbor Hotels", "reservations@harborhotels.example"),
                     "Your reservation has been changed",
                     "Your reservation has been changed.\nCheck-in: Friday, October 9, 2026 from 4:00 PM", SENT),
        "d": message("d@shop.example", ("Shop", "orders@shop.example"), "Order confirmed",
                     "Thanks for your order! Your order is confirmed.\nEstimated delivery: Saturday, October 10, 2026 "
                     "by 8:00 PM", SENT),
        "e": message("e@ups.example", ("UPS", "pkginfo@ups.example"), "Your package is confirmed for delivery",
                     "Scheduled delivery\nSaturday, October 10, 2026 between 2:00 PM and 6:00 PM", SENT),
        "f": message("f@power.example", ("City Power", "billing@citypower.example"), "Payment confirmation",
                     "Thank you for your payment. Receipt\nPayment date: October 1, 2026 at 9:00 AM", SENT),
        "g": message("g@air.example", ("Lufthansa", "noreply@lufthansa.example"), "Flight delay: LH 400",
                     "Your booking is confirmed but your flight has been delayed.\n"
                     "New departure: Saturday, October 10, 2026 at 11:30 PM", SENT),
    })
    assert [i for i in items if i["status"] == "proposed"] == []


def test_a_card_with_two_dates_and_no_check_in_line_is_not_guessed(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@tickets.example", ("Ticket Desk", "tickets@venue.example"), "Your reservation for Hamlet",
                     "Thank you for your reservation.\nDoors: Saturday, October 10, 2026 at 6:30 PM\n"
                     "Curtain: Saturday, October 10, 2026 at 7:30 PM", SENT),
    })
    assert [i for i in items if i["status"] == "proposed"] == []


def test_cards_are_titled_by_what_they_book() -> None:
    from steward.appointments.patterns import find_in_card, load_cues
    from steward.clock import make_clock
    from steward.records.appointments import MessageMeta

    def card(subject: str, body: str) -> str:
        meta = MessageMeta(1, "k", "desk@venue.example", "Desk", subject, body[:200], SENT)
        (found,) = find_in_card(meta, body, load_cues(), make_clock("America/New_York", NOW))
        return found.title

    assert card("Reservation Confirmation for Carbone",
                "Your reservation is confirmed.\nSaturday, October 10, 2026 at 7:30 PM\nParty of 2") == "Table at Carbone"
    assert card("Your booking is confirmed at Harbor Inn", "Thank you for booking.\n"
                "Check-in: Friday, October 9, 2026 from 4:00 PM") == "Hotel: Harbor Inn"


def test_a_flight_with_airport_codes_is_titled_with_its_route() -> None:
    from steward.appointments.itinerary import from_text

    (leg,) = from_text("Flight: AI 865\nDate: 12 Oct 2026\nDeparture: 06:00 Delhi(DEL), India\n"
                       "Arrival: 08:10 Mumbai(BOM), India\n", SENT)
    assert leg.title == "Flight AI 865 DEL → BOM"
    assert leg.start_at == datetime(2026, 10, 12, 6, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


def test_a_card_proposal_accepted_is_proved_again_and_written_once_with_its_title(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@opentable.example", ("OpenTable", "member_services@opentable.example"),
                     "Reservation Confirmation for Carbone",
                     "Your reservation is confirmed.\n\nCarbone\nSaturday, October 10, 2026 at 7:30 PM\nParty of 2", SENT),
    })
    (item,) = [i for i in items if i["status"] == "proposed"]
    accepted = cli("--now", NOW, "--tz", "America/New_York", "--json", "appointments", "accept", str(item["id"]))
    assert accepted.code == 0, accepted.err
    day = cli("--now", NOW, "--tz", "America/New_York", "--json", "schedule", "2026-10-10").json()["items"]
    assert [(e["title"], e["start"]) for e in day if e["kind"] == "event"] == [
        ("Table at Carbone", "2026-10-10T19:30:00-04:00")]
    again = cli("--now", NOW, "--tz", "America/New_York", "--json", "appointments", "scan").json()["items"]
    assert not [i for i in again if i["status"] == "proposed"]  # the same booking is not proposed twice


def test_a_table_at_an_address_in_another_zone_is_not_read_on_the_persons_clock(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@tables.example", ("TableNow", "reservations@tablenow.example"),
                     "Reservation Confirmation for Bistro Lumière",
                     "Your reservation is confirmed.\n\nBistro Lumière\nSaturday, October 10, 2026 at 7:30 PM\n"
                     "Party of 2\nAddress: 14 Rue Mercière, Lyon, France", SENT),
        "b": message("b@tables.example", ("TableNow", "reservations@tablenow.example"),
                     "Reservation Confirmation for Hudson Grill",
                     "Your reservation is confirmed.\n\nHudson Grill\nSunday, October 11, 2026 at 7:30 PM\n"
                     "Party of 2\nAddress: 88 Hudson St, New York, NY, USA", SENT),
    })
    said = {i["provider"]: (i["status"], i["reason"], i["start"]) for i in items}
    # 7:30 PM in Lyon is not 7:30 PM in New York: turned down rather than proposed six hours off
    assert said["Bistro Lumière"][:2] == ("rejected", "foreign_zone")
    assert said["Hudson Grill"] == ("proposed", None, "2026-10-11T19:30:00-04:00")


def test_a_form_that_puts_the_day_and_the_time_on_lines_of_their_own_is_one_booking(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@tyres.example", ("Midtown Tyre & Auto", "bookings@midtowntyre.example"),
                     "Booking confirmation", "Thank you for booking your car service with us.\n\n"
                     "Date: Thursday, October 15, 2026\nTime: 8:30 AM\nCentre: 418 W 52nd St\n", SENT),
        "b": message("b@optics.example", ("Clearview Opticians", "noreply@clearview.example"),
                     "Your eye test is booked", "Your eye test is booked for Friday, October 16 at 11:15 AM at our "
                     "Hudson Yards store.", SENT),
        # two days, one time: which day is the booking's is not said
        "c": message("c@tyres.example", ("Midtown Tyre & Auto", "bookings@midtowntyre.example"),
                     "Booking confirmation", "Thank you for booking your car service with us.\n\n"
                     "Date: Thursday, October 15, 2026\nTime: 8:30 AM\nDate: Friday, October 16, 2026\n"
                     "Time: 9:30 AM\n", SENT),
        # a reservation service writing from its notification address is a business, not a friend's invitation
        "d": message("d@resy.example", ("Resy", "notify@resy.example"), "Your reservation at Via Carota",
                     "You're booked!\nVia Carota\nSat, Oct 17 at 6:45 PM\nParty of 2", SENT),
    })
    got = sorted((i["provider"], i["start"]) for i in items if i["status"] == "proposed")
    assert got == [("Clearview Opticians", "2026-10-16T11:15:00-04:00"), ("Midtown Tyre & Auto", "2026-10-15T08:30:00-04:00"),
                   ("Via Carota", "2026-10-17T18:45:00-04:00")]


def test_a_reservation_services_lookalike_is_not_believed(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan(tmp_path, cli, {
        "a": message("a@opentab1e.example", ("OpenTable", "reservations@opentab1e-secure.example"),
                     "Reservation Confirmation for Carbone",
                     "Your reservation is confirmed.\n\nCarbone\nSaturday, October 10, 2026 at 7:30 PM\nParty of 2\n"
                     "Confirm your card within 24 hours to keep it.", SENT),
    })
    assert [(i["status"], i["reason"]) for i in items] == [("rejected", "suspicious_sender")]


def test_a_practice_apps_booking_and_a_hospital_letter_and_the_letter_that_moves_it_are_read(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    clinic = ("Riverside Hospital Outpatients", "clinics@riverside-hospital.example")
    items = scan(tmp_path, cli, {
        # an app that books the person in says so in its own words, the time on a labelled line
        "a": message("a@carepoint.example", ("Harbour Lane Surgery", "noreply@carepoint.example"),
                     "Appointment booked: Harbour Lane Surgery",
                     "Hi Sam,\n\nYou booked an appointment in the CarePoint app.\n\nWith: Nurse Jo Pike\n"
                     "When: Tuesday 13 October 2026 at 09:40\nWhere: Harbour Lane Surgery, 4 Quay Street\n", SENT),
        # a hospital's letter makes the appointment for the person, its day and time on lines of their own
        "b": message("b@riverside.example", clinic, "Your clinic appointment",
                     "Dear Mr Reed,\n\nAn appointment has been made for you to see Dr Ana Ruiz in the Dermatology "
                     "Clinic.\n\nDate: Wednesday 14 October 2026\nTime: 10.20am\nPlace: Clinic 3\n", SENT - timedelta(days=3)),
        # and its next letter moves it: the clinic was cancelled, the appointment was not
        "c": message("c@riverside.example", clinic, "A change to your clinic appointment",
                     "Dear Mr Reed,\n\nUnfortunately we have had to change your appointment on Wednesday 14 October "
                     "at 10.20am as the clinic has been cancelled.\n\nYour new appointment is:\n"
                     "Date: Monday 19 October 2026\nTime: 1.45pm\n", SENT - timedelta(hours=2)),
    })
    got = sorted((i["provider"], i["start"]) for i in items if i["status"] == "proposed")
    assert got == [("Harbour Lane Surgery", "2026-10-13T09:40:00-04:00"),
                   ("Riverside Hospital Outpatients", "2026-10-19T13:45:00-04:00")]


def test_who_a_booking_is_with_is_read_from_a_forms_with_line_up_to_its_next_label() -> None:
    from steward.appointments.patterns import load_cues, person_in

    cues = load_cues()
    said = "With: Nurse Jo Pike When: Tuesday 13 October 2026 at 09:40 Where: Harbour Lane Surgery, 4 Quay Street"
    assert person_in(said, "Harbour Lane Surgery", cues) == "Nurse Jo Pike"
    assert person_in("your check-up with Dr Ana Ruiz on Monday", "Riverside Dental", cues) == "Dr Ana Ruiz"
