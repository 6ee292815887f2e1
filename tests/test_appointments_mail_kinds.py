"""Kinds of booking mail, each read the way its kind needs: a confirmation in HTML alone, a booking named
after the person seen rather than the practice, a date written 04/10/2026, an offer of a time (not a
booking), a move to a new time (the booking moved when the mail that made it is found, never a new one
from nothing), and a cancellation that names no provider, from the practice itself."""

from __future__ import annotations

from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import ME, message, write_folder
from steward.appointments.order import mail_day_first, numeric_order, sender_day_first, zone_day_first
from steward.records.appointments import MessageMeta

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

SYD = ZoneInfo("Australia/Sydney")
ZONE = "Australia/Sydney"
NOW = "2026-10-01T18:00:00+10:00"
SENT = datetime(2026, 9, 29, 11, 0, tzinfo=SYD)
VET = ("Harbourside Animal Hospital", "desk@harbourside-animals.example")
DENTAL = ("Riverside Dental Care", "hello@riversidedental.example")
EYES = ("Northside Eyecare", "bookings@northside-eyecare.example")


def html_only(mid: str, sender: tuple[str, str], subject: str, html: str, sent: datetime) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = formataddr(sender), formataddr(ME), subject
    msg["Date"], msg["Message-ID"] = format_datetime(sent), f"<{mid}>"
    msg.set_content(html, subtype="html")
    return bytes(msg)


def home_with(tmp_path: Path, cli: Any, mails: dict[str, bytes], now: str = NOW, zone: str = ZONE) -> Path:
    folder = write_folder(tmp_path / "mail", mails)
    r = cli("--now", now, "--tz", zone, "mail", "import", str(folder))
    assert r.code == 0, r.err
    return folder


def scan(cli: Any, *args: str, now: str = NOW, zone: str = ZONE) -> list[dict[str, Any]]:
    r = cli("--now", now, "--tz", zone, "--json", "appointments", "scan", *args)
    assert r.code == 0, r.err
    items: list[dict[str, Any]] = r.json()["items"]
    return items


def proposed(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(i["provider"], i["start"]) for i in items if i["status"] == "proposed" and not i["change"]]


# -- a confirmation written in HTML alone, its time on a labelled line ------------------------------------------

def test_an_html_only_confirmation_is_read_at_its_time(tmp_path: Path, cli: Any) -> None:
    html = ("<html><body><p>Hello Alex,</p><p>Your booking is confirmed.</p><table>"
            "<tr><td><b>Pet</b></td><td>Miso (dog)</td></tr>"
            "<tr><td><b>Date and time</b></td><td>Wednesday 7 October, 9:15am</td></tr>"
            "<tr><td><b>Address</b></td><td>4 Quay St, Pyrmont</td></tr></table></body></html>")
    home_with(tmp_path, cli, {"a": html_only("vet-1@h.example", VET, "Miso's check-up booking", html, SENT)})
    assert proposed(scan(cli)) == [("Harbourside Animal Hospital", "2026-10-07T09:15:00+11:00")]


# -- a booking's reference code beside its time (letters, a hyphen, digits) is no phone number ------------------

def test_a_court_booked_in_an_app_is_read_at_the_start_of_its_time_range(tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {"a": message(
        "c-1@p.example", ("PlayCourt", "noreply@playcourt.example"), "Court booking confirmed - Eastside Sports Hall",
        "Booking ID: PC-55190283\n\nEastside Sports Hall\nCourt 3 (squash)\nSat 10 Oct 2026, 08:00 - 09:00\n"
        "Total paid: 24.00\n\nFree cancellation up to 24 hours before.", SENT)})
    assert proposed(scan(cli)) == [("PlayCourt", "2026-10-10T08:00:00+11:00")]


def test_a_phone_number_in_a_bookings_lines_still_keeps_it_off_the_calendar() -> None:
    from steward.appointments.model import unsafe

    assert unsafe("Court 3, Sat 10 Oct 2026, 08:00 - 09:00. Questions? Call 02 9555 0142.")
    assert not unsafe("Booking ID: PC-55190283 Court 3, Sat 10 Oct 2026, 08:00 - 09:00.")


# -- a trade's job cards from a scheduling app: the arrival window is the job's time, a move by the customer moves it --

CREW = ("CrewSlot Dispatch", "jobs@crewslot.example")
US_NOW, US_ZONE = "2026-09-30T18:00:00-05:00", "America/Chicago"
US_SENT = datetime(2026, 9, 28, 19, 0, tzinfo=ZoneInfo(US_ZONE))


def test_a_tradespersons_job_card_is_booked_at_its_window_and_moved_where_the_customer_moved_it(
        tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {
        "a": message("j-1@c.example", CREW, "New job booked: Drain clearing - Fri 10/2",
                     "Hollis Electric & Drain, you have a new job.\n\nService call: drain clearing, Ms. Ferreira\n"
                     "Window: Fri 10/2 9:00-11:00 AM\nAddress: 31 Pecan Grove Dr, Waco TX\nCustomer note: gate code "
                     "is on the post.\n\nCrewSlot Dispatch", US_SENT),
        "b": message("j-2@c.example", CREW, "New job booked: Hot water service - Mon 10/5",
                     "Hollis Electric & Drain, you have a new job.\n\nService call: hot water service, Mr. Lindqvist\n"
                     "Window: Mon 10/5 1:00-3:00 PM\nAddress: 7 Bent St, Waco TX\n\nCrewSlot Dispatch", US_SENT),
        "c": message("j-3@c.example", CREW, "Job rescheduled by customer: Hot water service - now Wed 10/7",
                     "Your customer Mr. Lindqvist rescheduled this job.\n\nService call: hot water service\nWas: Mon "
                     "10/5 1:00-3:00 PM\nNow: Wed 10/7 8:00 AM-10:00 AM\nAddress: 7 Bent St, Waco TX\n\nCrewSlot "
                     "Dispatch", US_SENT + timedelta(days=1))}, US_NOW, US_ZONE)
    found = scan(cli, "--dry-run", now=US_NOW, zone=US_ZONE)
    assert sorted(proposed(found)) == [("CrewSlot Dispatch", "2026-10-02T09:00:00-05:00"),
                                       ("CrewSlot Dispatch", "2026-10-07T08:00:00-05:00")]
    # the time it was is no booking of its own
    assert not [i for i in found if i["start"] == "2026-10-05T13:00:00-05:00" and i["status"] == "proposed"]
    # a street's "Dr" in a job's address is no doctor the person is seeing
    scan(cli, now=US_NOW, zone=US_ZONE)
    r = cli("--now", US_NOW, "--tz", US_ZONE, "chat", "--dry-run", "when is my appointment with dr okafor")
    assert r.code == 0 and "CrewSlot" not in r.out, r.out


# -- the practice, not the person seen there --------------------------------------------------------------------

def test_a_booking_with_a_practitioner_is_the_practices(tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {
        "a": message("d-1@r.example", DENTAL, "See you soon",
                     "Your hygiene appointment with Dr Priya Nair is confirmed for Thursday 8 October 2026 at 2:30pm.", SENT),
        "b": message("p-1@b.example", ("Bookings", "noreply@bookeasy.example"), "Appointment confirmed",
                     "Your appointment with Sam Ortiz at Glebe Physio Studio is confirmed for Friday 9 October 2026 "
                     "at 8:00am.", SENT)})
    assert sorted(proposed(scan(cli))) == [("Glebe Physio Studio", "2026-10-09T08:00:00+11:00"),
                                           ("Riverside Dental Care", "2026-10-08T14:30:00+11:00")]


# -- 04/10/2026: which part is the day --------------------------------------------------------------------------

def _meta(sender: str, subject: str, snippet: str) -> MessageMeta:
    return MessageMeta(1, "k", sender, "", subject, snippet, SENT)


def test_a_numeric_dates_order_comes_from_the_mail_then_its_country_then_the_persons_zone() -> None:
    assert numeric_order("Due 14/10/2026, booked 05/10/2026") is True
    assert numeric_order("10/14/2026") is False and numeric_order("05/10/2026") is None
    assert sender_day_first("desk@clinic.com.au") is True and sender_day_first("desk@clinic.co.uk") is True
    assert sender_day_first("desk@clinic.io") is None and sender_day_first("desk@clinic.example") is None
    assert zone_day_first("Australia/Sydney") is True and zone_day_first("America/New_York") is False
    # the mail's own unambiguous date wins over the zone; then the sender's country; then the zone
    assert mail_day_first(_meta("a@b.example", "Booked", "Date: 05/10/2026. Invoice 14/09/2026"),
                          "America/New_York", False) is True
    assert mail_day_first(_meta("a@b.co.uk", "Booked", "Date: 05/10/2026"), "America/New_York", False) is True
    assert mail_day_first(_meta("a@b.example", "Booked", "Date: 05/10/2026"), "America/New_York", False) is False
    assert mail_day_first(_meta("a@b.example", "Booked", "Date: 05/10/2026"), "America/New_York", True) is True
    assert mail_day_first(_meta("a@b.example", "Booked", "Date: 05/10/2026"), "Australia/Sydney", False) is True


def test_a_numeric_date_in_a_booking_card_reads_day_first_where_the_person_lives(tmp_path: Path, cli: Any) -> None:
    body = ("Booking confirmed\nService: Remedial massage, 45 min\nTherapist: Jo Park\nDate: 06/10/2026\n"
            "Time: 5:30pm\nLocation: 12 King St, Newtown")
    home_with(tmp_path, cli, {"a": message("m-1@k.example", ("Kingston Massage Clinic", "book@kingston.example"),
                                           "Booking confirmation: Remedial massage", body, SENT)})
    assert proposed(scan(cli)) == [("Kingston Massage Clinic", "2026-10-06T17:30:00+11:00")]


# -- an offer of a time is not a booking ------------------------------------------------------------------------

def test_an_offer_of_a_time_is_not_proposed_as_booked(tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {"a": message(
        "o-1@r.example", DENTAL, "A sooner time for you?",
        "Hi Alex, we can offer you Tuesday 6 October at 10:40am with Dr Nair, in place of the visit we cancelled "
        "last week. It is not booked until you reply.", SENT)})
    items = scan(cli)
    assert proposed(items) == []
    (offer,) = [i for i in items if i["reason"] == "offer"]
    assert offer["status"] == "rejected" and offer["start"] == "2026-10-06T10:40:00+11:00"
    assert offer["provider"] == "Riverside Dental Care"


# -- a move to a new time ---------------------------------------------------------------------------------------

CONFIRM_EYES = "Your eye test at Northside Eyecare is booked for Monday 5 October 2026 at 11:00am."
MOVE_EYES = ("Hi Alex, as requested your eye test has been moved from Mon 5 Oct at 11:00am to Thursday 15 October "
             "2026 at 3:20pm.")


def test_a_move_of_a_booking_confirmed_long_ago_is_the_booking_at_its_new_time(tmp_path: Path, cli: Any) -> None:
    # the confirmation is older than the scan's window: the move is read with it, not as a booking from nothing
    home_with(tmp_path, cli, {
        "a": message("e-1@n.example", EYES, "Eye test booked", CONFIRM_EYES, SENT - timedelta(days=20)),
        "b": message("e-2@n.example", EYES, "Your appointment time has changed", MOVE_EYES, SENT)})
    items = scan(cli)
    assert proposed(items) == [("Northside Eyecare", "2026-10-15T15:20:00+11:00")]
    (item,) = [i for i in items if i["status"] == "proposed"]
    assert item["reason"] == "reschedule"
    r = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "accept", str(item["id"]))
    assert r.code == 0, r.err
    assert scan(cli, "--dry-run")[0]["status"] == "duplicate"  # the same mail again adds nothing


def test_a_move_of_a_booking_never_seen_proposes_nothing(tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {"b": message("e-2@n.example", EYES, "Your appointment time has changed", MOVE_EYES, SENT)})
    items = scan(cli)
    assert proposed(items) == []
    assert [i["reason"] for i in items] == ["unmatched_move"]


def test_a_move_withdraws_the_proposal_at_the_old_time(tmp_path: Path, cli: Any) -> None:
    folder = home_with(tmp_path, cli, {"a": message("e-1@n.example", EYES, "Eye test booked", CONFIRM_EYES,
                                                    SENT - timedelta(days=1))})
    assert proposed(scan(cli)) == [("Northside Eyecare", "2026-10-05T11:00:00+11:00")]
    write_folder(folder, {"b": message("e-2@n.example", EYES, "Your appointment time has changed", MOVE_EYES, SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    scan(cli)
    r = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "list")
    assert r.code == 0, r.err
    waiting = [(i["provider"], i["start"]) for i in r.json()["items"] if i["status"] == "proposed"]
    assert waiting == [("Northside Eyecare", "2026-10-15T15:20:00+11:00")]


def test_a_move_that_names_only_the_new_time_moves_the_one_booking_ahead(tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {
        "a": message("e-1@n.example", EYES, "Eye test booked", CONFIRM_EYES, SENT - timedelta(days=20)),
        "b": message("e-2@n.example", EYES, "Change to your appointment",
                     "Hi Alex, your eye test has been rescheduled to Thursday 15 October 2026 at 3:20pm.", SENT)})
    assert proposed(scan(cli)) == [("Northside Eyecare", "2026-10-15T15:20:00+11:00")]


def test_a_move_of_an_event_on_the_calendar_is_proposed_as_that_move(tmp_path: Path, cli: Any) -> None:
    folder = home_with(tmp_path, cli, {"a": message("e-1@n.example", EYES, "Eye test booked", CONFIRM_EYES,
                                                    SENT - timedelta(days=1))})
    (item,) = scan(cli)
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(item["id"])).code == 0
    write_folder(folder, {"b": message("e-2@n.example", EYES, "Your appointment time has changed", MOVE_EYES, SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    items = scan(cli)
    assert proposed(items) == []  # not a second event
    (change,) = [i for i in items if i["change"]]
    assert change["reason"] == "reschedule" and change["start"] == "2026-10-15T15:20:00+11:00"
    assert change["change"].startswith("moved: Northside Eyecare appointment is now Thu 15 Oct, 15:20")


# -- a cancellation from the practice that names no one ---------------------------------------------------------

def test_a_cancellation_from_the_practice_is_proposed_as_a_change_of_the_event(tmp_path: Path, cli: Any) -> None:
    folder = home_with(tmp_path, cli, {"a": message("e-1@n.example", EYES, "Eye test booked", CONFIRM_EYES,
                                                    SENT - timedelta(days=1))})
    (item,) = scan(cli)
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(item["id"])).code == 0
    write_folder(folder, {"b": message(
        "e-3@n.example", EYES, "Your appointment has been cancelled",
        "Hi Alex, our optometrist is away, so we've had to cancel your eye test on Monday 5 October 2026 at 11:00am. "
        "Call us to book another time.", SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    (change,) = [i for i in scan(cli) if i["change"]]
    assert change["status"] == "proposed" and change["reason"] == "cancellation"
    assert change["change"] == "cancelled: remove Northside Eyecare appointment on Mon 5 Oct, 11:00 from your calendar"
    day = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2026-10-05").json()["items"]
    assert [i["kind"] for i in day].count("event") == 1  # shown, not done: the event stays until a yes


def test_a_cancellation_of_an_event_added_by_hand_is_proposed_as_its_removal(tmp_path: Path, cli: Any) -> None:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    folder = home_with(tmp_path, cli, {})
    app = build_app(load(None), make_clock(ZONE, NOW), resolve_paths())
    try:  # the person put it on their calendar themselves: no mail of Steward's made it
        app.calendar.create_event("Eye test at Northside Eyecare", datetime(2026, 10, 5, 11, 0, tzinfo=SYD),
                                  minutes=30, provenance={"via": "cli"})
    finally:
        app.close()
    write_folder(folder, {"b": message(
        "e-3@n.example", EYES, "Your appointment has been cancelled",
        "Hi Alex, we've had to cancel your eye test on Monday 5 October 2026 at 11:00am. Sorry!", SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    assert [i for i in scan(cli, "--dry-run") if i["change"]][0]["reason"] == "cancellation"
    (change,) = [i for i in scan(cli) if i["change"]]
    assert change["change"] == "cancelled: remove Eye test at Northside Eyecare on Mon 5 Oct, 11:00 from your calendar"
    day = lambda: [i for i in cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2026-10-05").json()["items"]  # noqa: E731
                   if i["kind"] == "event"]
    assert len(day()) == 1  # shown, not done
    r = cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(change["id"]))
    assert r.code == 0, r.err
    assert day() == []


def test_a_cancellation_withdraws_a_proposal_whose_confirmation_is_older_than_the_window(
        tmp_path: Path, cli: Any) -> None:
    folder = home_with(tmp_path, cli, {"a": message(
        "e-1@n.example", EYES, "Eye test booked",
        "Your eye test at Northside Eyecare is booked for Monday 26 October 2026 at 11:00am.", SENT)})
    assert proposed(scan(cli)) == [("Northside Eyecare", "2026-10-26T11:00:00+11:00")]
    later = "2026-10-17T09:00:00+11:00"  # the confirmation is 18 days old: out of the scan's window
    write_folder(folder, {"b": message(
        "e-3@n.example", EYES, "Your appointment has been cancelled",
        "Hi Alex, we've had to cancel your eye test on Monday 26 October 2026 at 11:00am.",
        datetime(2026, 10, 16, 15, 0, tzinfo=SYD))})
    assert cli("--now", later, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    scan(cli, now=later)
    r = cli("--now", later, "--tz", ZONE, "--json", "appointments", "list")
    assert r.code == 0, r.err
    assert [(i["status"], i["reason"]) for i in r.json()["items"] if i["provider"] == "Northside Eyecare"] == [
        ("rejected", "cancellation")]


GARAGE = ("Inner West Motors", "service@innerwestmotors.example")


@pytest.mark.parametrize("body", [
    "Hi Alex,\nThere has been a schedule change to your car service on Monday 12 October 2026.\n"
    "Was: drop-off 8:00am, pick-up 4:00pm\nNow: drop-off 10:30am, pick-up 5:00pm\nSee you then.",
    "Hi Alex,\nYour appointment has been rescheduled.\nPrevious appointment: Monday 12 October 2026, 8:00am\n"
    "New appointment: Monday 12 October 2026, 10:30am\nSee you then.",
])
def test_a_move_in_labelled_lines_is_the_booking_at_its_new_time(tmp_path: Path, cli: Any, body: str) -> None:
    home_with(tmp_path, cli, {
        "a": message("g-1@i.example", GARAGE, "Service booking confirmed",
                     "Your car service at Inner West Motors is booked for Monday 12 October 2026 at 8:00am.",
                     SENT - timedelta(days=20)),
        "b": message("g-2@i.example", GARAGE, "Schedule change to your booking", body, SENT)})
    items = scan(cli)
    assert proposed(items) == [("Inner West Motors", "2026-10-12T10:30:00+11:00")], items


def test_a_move_in_labelled_lines_of_a_booking_never_seen_proposes_nothing(tmp_path: Path, cli: Any) -> None:
    home_with(tmp_path, cli, {"b": message(
        "g-2@i.example", GARAGE, "Schedule change to your booking",
        "Hi Alex,\nThere has been a schedule change to your car service on Monday 12 October 2026.\n"
        "Was: drop-off 8:00am\nNow: drop-off 10:30am\n", SENT)})
    items = scan(cli)
    assert proposed(items) == []
    assert [(i["reason"], i["start"]) for i in items] == [("unmatched_move", "2026-10-12T10:30:00+11:00")]


AIRLINE = ("Coral Sea Air", "itinerary@coralsea-air.example")


def test_an_airlines_schedule_change_moves_the_flight_made_from_its_e_ticket(tmp_path: Path, cli: Any) -> None:
    booked = "2026-09-02T09:00:00+10:00"
    folder = home_with(tmp_path, cli, {"a": message(
        "cs-1@c.example", AIRLINE, "Your e-ticket CX4P9Q",
        "Thanks for flying Coral Sea Air.\n\nCS 301  Sydney (SYD)  19Oct26  07:40  Brisbane (BNE)  08:50\n"
        "CS 308  Brisbane (BNE)  23Oct26  18:15  Sydney (SYD)  21:20\n", datetime(2026, 9, 1, 20, 0, tzinfo=SYD))},
        now=booked)
    (leg,) = [i for i in scan(cli, now=booked) if i["provider"] == "CS 301"]
    assert leg["start"] == "2026-10-19T07:40:00+11:00"  # Sydney's summer time; Brisbane keeps none
    assert cli("--now", booked, "--tz", ZONE, "appointments", "accept", str(leg["id"])).code == 0
    write_folder(folder, {"b": message(
        "cs-2@c.example", AIRLINE, "Schedule change to booking CX4P9Q",
        "Dear Alex,\nThere has been a schedule change to flight CS301 on 19 Oct 2026.\n"
        "Was: departs Sydney 07:40, arrives Brisbane 08:50\nNow: departs Sydney 10:05, arrives Brisbane 11:15\n",
        SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    proposed = scan(cli)
    (move,) = [i for i in proposed if i["status"] == "proposed" and i.get("change")]
    # the way back is still its own booking, waiting for a yes
    assert [i["provider"] for i in proposed if i["status"] == "proposed" and not i.get("change")] == ["CS 308"]
    # the airline signs the change, the e-ticket named the leg: the same sender and the time it moves from
    assert (move["provider"], move["start"], move["change"]) == (
        "CS 301", "2026-10-19T10:05:00+11:00",
        "moved: Flight CS 301 SYD → BNE is now Mon 19 Oct, 10:05 (it was Mon 19 Oct, 07:40)")
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(move["id"])).code == 0
    day = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2026-10-19").json()["items"]
    assert [(e["title"], e["start"], e["end"]) for e in day if e["kind"] == "event"] == [
        ("Flight CS 301 SYD → BNE", "2026-10-19T10:05:00+11:00", "2026-10-19T12:15:00+11:00")]


def test_a_tradespersons_visit_with_an_arrival_window_is_booked_from_the_windows_start(tmp_path: Path,
                                                                                       cli: Any) -> None:
    # a subject that says the visit is scheduled, the visit's day and the hours it may arrive within
    home_with(tmp_path, cli, {"a": message(
        "hv-1@i.example", ("Harbour Heating", "service@harbourheating.example"), "Your boiler tune-up is scheduled",
        "Hi Alex,\n\nThanks for calling Harbour Heating. Your annual boiler tune-up is scheduled for Monday, October 12, "
        "with an arrival window between 8 and 12. Our technician will ring about 30 minutes before arriving.\n\n"
        "Price: $149.00, due at the visit\n\nHarbour Heating", SENT)})
    items = scan(cli)
    assert proposed(items) == [("Harbour Heating", "2026-10-12T08:00:00+11:00")], items
    (visit,) = [i for i in items if i["status"] == "proposed"]
    assert visit["end"].startswith("2026-10-12T12:00"), visit
