"""A booking its business moves in a reply of plain sentences: a practice that names only the new appointment ("Your
new appointment is ...") after the day it moves from, and a ferry company that retimes one sailing in one sentence
("the 08:15 sailing ... on Sat 20 Mar will now depart at 09:05 and arrive ... at 10:10"). The booking is at its new
time alone; a sailing's ports are read apart from its times ("Ardrossan dep 08:15  Brodick arr 09:10")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from appointment_mail import booked, message, scan_mail

ZONE = "Europe/London"
NOW = "2027-03-12T08:00:00+00:00"
LONDON = ZoneInfo(ZONE)
PRACTICE = ("Hillhead Dental Care", "desk@hillheaddental.example")
FERRY = ("Clydeway Ferries", "bookings@clydeway.example")


def test_a_practices_reply_that_names_only_the_new_appointment_moves_the_booking(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    first = message("hd-1@hillheaddental.example", PRACTICE, "Appointment reminder - Hillhead Dental Care",
                    "Dear Sam,\n\nThis is to confirm your check-up with Dr Ian Ross on Monday 22 March at 3.30pm."
                    "\n\nHillhead Dental Care", datetime(2027, 3, 1, 10, 0, tzinfo=LONDON))
    reply = message("hd-2@hillheaddental.example", PRACTICE, "Re: Appointment reminder - Hillhead Dental Care",
                    "Dear Sam,\n\nWe are sorry, but Dr Ross is away on a course and we have had to move your "
                    "check-up on Monday 22 March. Your new appointment is Wednesday 24 March at 10.15am. If this "
                    "time doesn't suit, please phone us.\n\nHillhead Dental Care",
                    datetime(2027, 3, 10, 16, 0, tzinfo=LONDON))
    items = scan_mail(tmp_path, cli, {"a": first, "b": reply}, NOW, ZONE)
    assert booked(items) == [("Hillhead Dental Care", "2027-03-24T10:15:00+00:00")], items


def _ticket() -> bytes:
    return message("cw-1@clydeway.example", FERRY, "Booking confirmation CW-220417",
                   "Dear Sam Reid,\n\nThank you for booking with Clydeway Ferries.\n\nBooking reference: CW-220417\n\n"
                   "Outward: Sat 20 Mar 2027  Ardrossan dep 08:15  Brodick arr 09:10\n"
                   "Return: Sun 21 Mar 2027  Brodick dep 17:40  Ardrossan arr 18:35\n\n"
                   "Passengers: 2 adults\nTotal paid: £48.20\n\nClydeway Ferries",
                   datetime(2027, 3, 1, 20, 0, tzinfo=LONDON))


def test_a_sailing_written_port_beside_time_is_read_both_ways(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    items = scan_mail(tmp_path, cli, {"a": _ticket()}, NOW, ZONE)
    sailings = {(i["start"], i["end"], i["location"]) for i in items if i["status"] == "proposed"}
    assert sailings == {("2027-03-20T08:15:00+00:00", "2027-03-20T09:10:00+00:00", "Ardrossan"),
                        ("2027-03-21T17:40:00+00:00", "2027-03-21T18:35:00+00:00", "Brodick")}, items


def test_a_sailing_retimed_in_one_sentence_is_at_its_new_time_and_arrival(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    retimed = message("cw-2@clydeway.example", FERRY, "Re: Booking confirmation CW-220417 - sailing time change",
                      "Dear Sam Reid,\n\nWe're writing about booking CW-220417. Because of a change to our timetable, "
                      "the 08:15 sailing from Ardrossan to Brodick on Sat 20 Mar will now depart at 09:05 and arrive "
                      "in Brodick at 10:10. Please check in by 08:35.\n\nYour return sailing is unchanged.\n\n"
                      "Clydeway Ferries", datetime(2027, 3, 10, 15, 0, tzinfo=LONDON))
    items = scan_mail(tmp_path, cli, {"a": _ticket(), "b": retimed}, NOW, ZONE)
    sailings = {(i["start"], i["end"]) for i in items if i["status"] == "proposed"}
    assert sailings == {("2027-03-20T09:05:00+00:00", "2027-03-20T10:10:00+00:00"),
                        ("2027-03-21T17:40:00+00:00", "2027-03-21T18:35:00+00:00")}, items
