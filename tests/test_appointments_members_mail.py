"""Kinds of mail a club, a school or a family sends that book something without a booking's words: a club's
fixture (the match at its kick-off, filed under the club), a notice that weekly classes start again (the
first class, said to repeat when the mail says it is weekly, with no end made up), a ticket forwarded inline
the Outlook way (its "Original Message" or its line of underscores) or the Gmail way (the ferry company's, never the forwarder's, on the clock its fare proves or
not at all), and invitations, which `steward schedule` and GET /schedule show on their day as waiting for an
answer, never as accepted."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from email.utils import format_datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient

from appointment_mail import booked, ics_event, message, scan_mail, write_folder
from serve_helpers import in_process

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

ZONE = "Europe/Dublin"
DUB = ZoneInfo(ZONE)
NOW = "2027-03-01T08:00:00+00:00"  # a Monday morning
SENT = datetime(2027, 2, 26, 18, 30, tzinfo=DUB)
DEIRDRE = ("Deirdre Nolan", "deirdre.nolan@homepost.example")
PADRAIG = ("Padraig Nolan", "padraig.nolan@homepost.example")


def _scan(tmp_path: Path, cli: Any, mails: dict[str, bytes]) -> list[dict[str, Any]]:
    return scan_mail(tmp_path, cli, mails, NOW, ZONE)


# -- a club's fixture -------------------------------------------------------------------------------------

HOCKEY = ("Clontarf Hockey Club", "u12@clontarfhockeyclub.example")
FIXTURE = ("Hi U12 parents\n\nOur cup match against Malahide is on Sunday 7 March 2027 at Castle Avenue, pitch 1. "
           "Start time 10:15; please have the girls there by 9:45 for the warm-up. Training stays on Thursdays at "
           "17:30.\n\nCoach Sinéad\nClontarf Hockey Club")


def test_a_clubs_fixture_is_the_match_at_its_start_filed_under_the_club(tmp_path: Path, cli: Any) -> None:
    items = _scan(tmp_path, cli, {"a": message("hc-1@clontarf.example", HOCKEY, "U12 cup: Sun 7 Mar v Malahide",
                                               FIXTURE, SENT)})
    assert booked(items) == [("Clontarf Hockey Club", "2027-03-07T10:15:00+00:00")]  # never the 9:45 arrival


def test_a_friendly_is_read_as_a_fixture_is(tmp_path: Path, cli: Any) -> None:
    body = ("Dear U9 parents,\n\nWe have a friendly against Rathfarnham on Saturday 13 March 2027 at St Anne's "
            "Park. Kick-off 11:00 AM; please have the boys there by 10:30 AM with shin guards.\n\nCoach Liam\n"
            "Raheny Juniors FC")
    items = _scan(tmp_path, cli, {"a": message("rj-1@raheny.example", ("Raheny Juniors FC", "u9@rahenyjuniors.example"),
                                               "U9 friendly this Saturday", body, SENT)})
    assert booked(items) == [("Raheny Juniors FC", "2027-03-13T11:00:00+00:00")]


def test_a_clubs_fixture_in_its_newsletter_books_nothing(tmp_path: Path, cli: Any) -> None:
    body = FIXTURE + "\n\nUnsubscribe from these emails: https://clontarfhockeyclub.example/unsubscribe"
    mail = message("hc-2@clontarf.example", ("Clontarf Hockey Club News", "news@clontarfhockeyclub.example"),
                   "Club newsletter: cup weekend, the bar quiz and new kit", body, SENT)
    raw = mail.replace(b"Subject:", b"List-Unsubscribe: <https://clontarfhockeyclub.example/u>\nSubject:", 1)
    assert booked(_scan(tmp_path, cli, {"a": raw})) == []


# -- classes that start again -----------------------------------------------------------------------------

SWIM = ("Dolphin Swimming Club", "lessons@dolphinswimming.example")


def test_classes_that_start_again_are_the_first_class_said_weekly(tmp_path: Path, cli: Any) -> None:
    body = ("Dear parents,\n\nTerm 2 stroke lessons resume on Monday 8 March 2027: Mondays from 17:00 to 17:45 at "
            "the Markievicz pool. Goggles and a swim hat, please.\n\nOrla, head coach")
    items = _scan(tmp_path, cli, {"a": message("sw-1@dolphin.example", SWIM, "Lessons are back!", body, SENT)})
    assert booked(items) == [("Dolphin Swimming Club", "2027-03-08T17:00:00+00:00")]
    (first,) = [i for i in items if i["status"] == "proposed"]
    assert first["end"] == "2027-03-08T17:45:00+00:00"  # one class long: the series has no end made up


def test_classes_whose_weekday_is_not_the_days_book_nothing(tmp_path: Path, cli: Any) -> None:
    body = ("Dear parents,\n\nTerm 2 stroke lessons resume on Monday 8 March 2027: Tuesdays from 17:00 to 17:45."
            "\n\nOrla")
    assert booked(_scan(tmp_path, cli, {"a": message("sw-2@dolphin.example", SWIM, "Lessons are back!", body,
                                                     SENT)})) == []


def test_the_first_class_is_on_her_day_and_says_it_repeats(tmp_path: Path, cli: Any) -> None:
    body = ("Hello everyone,\n\nAdult pottery classes start again on Wednesday 10 March 2027, every Wednesday at "
            "19:30 in the back studio.\n\nMaeve\nRathmines Pottery Society")
    folder = write_folder(tmp_path / "mail", {"a": message(
        "po-1@pottery.example", ("Rathmines Pottery Society", "hello@rathminespottery.example"), "Back to the wheel",
        body, SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "scan").code == 0
    (proposal,) = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "list").json()["items"]
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(proposal["id"])).code == 0
    (event,) = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2027-03-10").json()["items"]
    assert event["start"] == "2027-03-10T19:30:00+00:00" and "weekly on Wednesdays" in event["title"]


# -- tickets forwarded inline -----------------------------------------------------------------------------

FERRY = ("Fjordline Express", "tickets@fjordline-express.example")


def _ticket(fare: str) -> str:
    return ("Reservation FX-88213: 2 adults, 1 car\nDeparture: Friday 19 March 2027 at 09:40 from the Pier 2 terminal"
            f"\nReturn sailing: 17:10 from the harbour ferry quay\nTotal paid: {fare}\n"
            "Check-in closes 45 minutes before the ferry leaves.")


def _outlook(ticket: str) -> str:
    return ("Our tickets for the fjord trip, D. keep them in your phone. P\n\n-----Original Message-----\n"
            f"From: {FERRY[0]} <{FERRY[1]}>\nSent: {format_datetime(datetime(2027, 2, 25, 11, 4, tzinfo=DUB))}\n"
            f"To: {PADRAIG[0]} <{PADRAIG[1]}>\nSubject: Your Fjordline Express e-tickets\n\n{ticket}")


def _gmail(ticket: str) -> str:
    return ("fwd so you have them too\n\n---------- Forwarded message ---------\n"
            f"From: {FERRY[0]} <{FERRY[1]}>\nDate: Thu, Feb 25, 2027 at 11:04 AM\n"
            f"Subject: Your Fjordline Express e-tickets\nTo: {PADRAIG[0]} <{PADRAIG[1]}>\n\n{ticket}")


def _outlook_lined(ticket: str) -> str:
    return ("For the trip, from the office. Regards, Travel Desk\n\n________________________________\n"
            f"From: {FERRY[0]} <{FERRY[1]}>\nSent: Thursday, February 25, 2027 11:04 AM\n"
            f"To: {PADRAIG[0]} <{PADRAIG[1]}>\nSubject: Your Fjordline Express e-tickets\n\n{ticket}")


@pytest.mark.parametrize("forward", [_outlook, _gmail, _outlook_lined])
def test_a_forwarded_ferry_ticket_is_the_companys_on_the_clock_of_its_fare(tmp_path: Path, cli: Any,
                                                                          forward: Any) -> None:
    mail = message("fw-1@homepost.example", PADRAIG, "Fwd: Your Fjordline Express e-tickets",
                   forward(_ticket("NOK 2 390,00")), SENT)
    items = _scan(tmp_path, cli, {"a": mail})
    # sold in Norwegian kroner: the terminal is on Norway's clock, an hour ahead of hers
    assert booked(items) == [("Fjordline Express", "2027-03-19T08:40:00+00:00")]


def test_a_forwarded_ticket_whose_clock_nothing_proves_is_not_guessed(tmp_path: Path, cli: Any) -> None:
    mail = message("fw-2@homepost.example", PADRAIG, "Fwd: Your Fjordline Express e-tickets",
                   _outlook(_ticket("EUR 212.00")), SENT)  # the euro is the money of many countries
    items = _scan(tmp_path, cli, {"a": mail})
    assert booked(items) == []
    assert [(i["provider"], i["reason"]) for i in items] == [("Fjordline Express", "travel_zone_missing")]


def test_a_sailing_headed_outbound_is_on_the_fares_clock_and_the_way_back_is_not_guessed(tmp_path: Path,
                                                                                        cli: Any) -> None:
    ticket = ("Booking FX-41007: 2 adults\nOutbound: Friday 19 March 2027, 09:40 from Pier 2 to Skagen Havn "
              "(arrives 12:55 local time)\nReturn: Sunday 21 March 2027, 16:00 from Skagen Havn\n"
              "Total paid: NOK 1 980,00\nBe at the ferry 45 minutes before it sails.")
    items = _scan(tmp_path, cli, {"a": message("fw-3@homepost.example", PADRAIG, "Fwd: Your Fjordline Express e-tickets",
                                               _gmail(ticket), SENT)})
    assert booked(items) == [("Fjordline Express", "2027-03-19T08:40:00+00:00")]
    assert [(i["start"], i["reason"]) for i in items if i["status"] == "rejected"] == [
        (None, "travel_zone_missing")]  # the way back leaves Denmark: the kroner say nothing of its clock


# -- a booking passed on by the family -----------------------------------------------------------------------

SCHOOL = ("Hollybrook National School", "enrol@hollybrookns.example")
INTERVIEW = ("Dear Mr Nolan,\n\nThank you for your application. Your daughter NOLAN AOIFE is invited to an "
             "interview.\n\nDate: 06/03/2027 (Saturday)\nTime: 11:20\nPlace: Hollybrook National School, "
             "Hollybrook Road\n\nPlease arrive 10 minutes early and bring her birth certificate.\n\nHollybrook "
             "National School")


def _interview_passed_on() -> bytes:
    note = ("Deirdre, the Hollybrook interview is Saturday morning. I'm at the match Sat, can you bring Aoife?\n\n"
            f"---------- Forwarded message ---------\nFrom: {SCHOOL[0]} <{SCHOOL[1]}>\n"
            f"Date: Tue, Feb 23, 2027 at 12:30 PM\nSubject: Interview invitation - HB-2027-311\n"
            f"To: {PADRAIG[0]} <{PADRAIG[1]}>\n\n{INTERVIEW}")
    return message("fw-4@homepost.example", PADRAIG, "Fwd: Interview invitation - HB-2027-311", note, SENT)


def test_an_interview_invitation_forwarded_by_the_family_is_the_schools_at_its_own_time(tmp_path: Path,
                                                                                       cli: Any) -> None:
    items = _scan(tmp_path, cli, {"a": _interview_passed_on()})
    # the school's time, never the forward's "Saturday morning", and the school's booking, never Padraig's
    assert booked(items) == [("Hollybrook National School", "2027-03-06T11:20:00+00:00")]


def test_the_name_of_who_forwarded_a_booking_asks_nothing_of_it(app_in_own_home: Any, tmp_path: Path) -> None:
    from appointment_mail import with_mail
    from chat_helpers import talk

    home = with_mail(app_in_own_home(ZONE, NOW), tmp_path / "mail", {"a": _interview_passed_on()})
    assert "11:20" in talk(home, "when is Aoife's Hollybrook interview?")[0]
    reply = talk(home, "can Padraig come with us or not?")[0]
    assert "Hollybrook National School appointment" not in reply, reply


# -- invitations on their day -----------------------------------------------------------------------------

BOSS = ("Gráinne Keane", "grainne.keane@liffeydesign.example")


def _invitations(tmp_path: Path, cli: Any) -> None:
    request = ics_event("Quarterly planning", "20270303T140000Z", "20270303T153000Z", method="REQUEST",
                        organizer=BOSS[0], rsvp=True, location="Room 4")
    party = ("Hi Deirdre!\n\nWe're having a barbecue at ours on Saturday 6 March from 3pm. Do come, and bring "
             "Padraig!\n\nSíle")
    folder = write_folder(tmp_path / "mail", {
        "a": message("inv-1@liffeydesign.example", BOSS, "Invitation: Quarterly planning @ Wed 3 Mar 14:00",
                     "Let's plan the quarter.", SENT, ics=request),
        "b": message("inv-2@homepost.example", ("Síle Murphy", "sile.murphy@homepost.example"),
                     "saturday!!", party, SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "scan").code == 0


def test_schedule_shows_an_invitation_on_its_day_waiting_for_an_answer(tmp_path: Path, cli: Any) -> None:
    _invitations(tmp_path, cli)
    (meeting,) = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2027-03-03").json()["items"]
    assert (meeting["kind"], meeting["title"], meeting["start"]) == (
        "invitation", "Quarterly planning", "2027-03-03T14:00:00+00:00")
    assert meeting["invitation"] == {"from": "Gráinne Keane", "answer": "waiting"}
    (barbecue,) = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2027-03-06").json()["items"]
    assert (barbecue["kind"], barbecue["title"]) == ("invitation", "barbecue")
    said = cli("--now", NOW, "--tz", ZONE, "schedule", "2027-03-06").out
    assert "15:00-16:00  barbecue (an invitation from Síle Murphy, not answered)" in said
    listed = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "list").json()["items"]
    assert {(i["status"], i["reason"]) for i in listed} == {("rejected", "invitation")}  # nothing accepted


@pytest.fixture
def client(steward_home: Path, tmp_path: Path, cli: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    _invitations(tmp_path, cli)
    with TestClient(in_process(steward_home, NOW), base_url="http://127.0.0.1:8765") as c:  # type: ignore[arg-type]
        yield c


def test_the_today_panel_shows_the_invitation_not_as_accepted(client: TestClient) -> None:
    day = client.get("/schedule", params={"when": "2027-03-03"})
    assert day.status_code == 200, day.text
    (meeting,) = day.json()["items"]
    assert meeting["kind"] == "invitation" and meeting["invitation"]["answer"] == "waiting"
    assert meeting["over"] is False
