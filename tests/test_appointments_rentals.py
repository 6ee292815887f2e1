"""A rental car told in labelled lines, with no structured data: its pick-up and its return on their places' clocks."""

from __future__ import annotations

from datetime import UTC, datetime

from steward.appointments.rentals import from_text

RECEIVED = datetime(2027, 3, 2, 18, 0, tzinfo=UTC)
MAIL = ("Hi Sam,\n\nYour car is reserved.\n\nConfirmation: RZ1193\n"
        "Pick-up: Fri, Mar 19, 9:45 AM - Seattle-Tacoma International Airport (SEA), Rental Car Facility\n"
        "Return: Sun, Mar 21, 5:00 PM - same location\nCar: Midsize or similar\n")


def test_pick_up_and_return_are_read_on_the_airports_clock() -> None:
    found = from_text(MAIL, RECEIVED, "Cedar Car Rental")
    assert [c.what for c in found] == ["car pick-up", "car return"]
    pick, back = found
    assert pick.provider == "Cedar Car Rental" and pick.travel
    assert pick.start_at == datetime(2027, 3, 19, 9, 45, tzinfo=pick.start_at.tzinfo)
    assert str(pick.start_at.tzinfo) == "America/Los_Angeles"
    assert back.start_at is not None and (back.start_at.hour, back.start_at.minute) == (17, 0)
    assert back.location == pick.location


def test_a_mail_with_no_car_or_two_pick_ups_is_no_rental() -> None:
    parcel = "Your parcel is waiting.\nPick-up: Fri, Mar 19, 9:45 AM - Post office, 12 Main St\n"
    assert from_text(parcel, RECEIVED, "Parcel Depot") == []
    twice = MAIL + "Pick-up: Sat, Mar 20, 9:00 AM - Portland International Airport (PDX)\n"
    assert from_text(twice, RECEIVED, "Cedar Car Rental") == []


def test_a_pick_up_at_a_place_with_no_zone_is_kept_without_a_time() -> None:
    found = from_text(MAIL.replace("Seattle-Tacoma International Airport (SEA), Rental Car Facility",
                                   "Branch 4471"), RECEIVED, "Cedar Car Rental")
    assert found and found[0].start_at is None


def test_a_pick_up_line_that_gives_no_day_is_no_rental() -> None:
    undated = MAIL.replace("Pick-up: Fri, Mar 19, 9:45 AM", "Pick-up: at the desk by the lifts, 9:45 AM")
    assert from_text(undated, RECEIVED, "Cedar Car Rental") == []


def test_a_place_written_before_the_day_is_the_pick_ups_and_gives_its_clock() -> None:
    # "Collection: Brisbane Airport counter, Mon 22 Mar 2027 08:15": the place first, the day and time after it
    mail = ("Vehicle: Small SUV (or similar)\nConfirmation: KB-4410\n"
            "Pick-up: Brisbane Airport counter, Mon 22 Mar 2027 08:15\nDrop-off: Gold Coast, Thu 25 Mar 2027 16:40\n")
    pick, back = from_text(mail, RECEIVED, "Wattle Car Hire")
    assert (pick.location, str(pick.start_at)) == ("Brisbane Airport counter", "2027-03-22 08:15:00+10:00")
    assert (back.location, str(back.start_at)) == ("Gold Coast", "2027-03-25 16:40:00+10:00")
