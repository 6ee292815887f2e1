"""What is owed in a week ahead and the time of a thing on a day, in a person's words: "what bills have I got going
out next week?" is the bills due then (a pay-later plan's part and a licence priced as options among them), "how
much to tax the van?" is the van's tax, "what time's the quiz on Thursday?" is looked for on that day (never the
clock), a thing no entry holds is said not found with that day's entries beside it, a massage no booking holds is
said not found, "what time does the ferry get back into Portsmouth?" is the sailing home, and a reminder counts
from a booking read from mail or a day a garage's mail says the MOT runs out. A home in Bristol with
mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-03-03T08:00:00+00:00"  # Wednesday 3 March 2027
ZONE = ZoneInfo("Europe/London")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 3, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Europe/London", NOW)
    app.calendar.create_event("Allotment society committee", datetime(2027, 3, 4, 18, 30, tzinfo=ZONE), minutes=90,
                              provenance={"via": "cli"})
    app.calendar.create_event("Pub quiz with Dev", datetime(2027, 3, 11, 20, 0, tzinfo=ZONE), minutes=120,
                              provenance={"via": "cli"})
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "plan": message("p1@payinfour.example", ("PayInFour", "hello@payinfour.example"),
                        "Your next PayInFour payment is coming up",
                        "Hey Sam, a quick reminder: payment 2 of 4 for your Tamar Home order (£96.00) is £24.00 and "
                        "we'll take it from your card ending 4410 on 10 March 2027.", _sent(1)),
        "licence": message("l1@waterways.gov.example", ("Waterways Licensing Office", "licensing@waterways.gov.example"),
                           "Van tax due for WX21 KPL",
                           "Dear SAM ROWE,\n\nThe vehicle tax for WX21 KPL (white van) runs out on 12 March 2027.\n\n"
                           "12 months: £142.00\n6 months: £78.10\nMonthly Direct Debit: £12.43 a month\n\nTax it "
                           "online with the reference below.\n\nReference: 5512 7740 2281 0093", _sent(1, 10)),
        "broadband": message("b1@kitenet.example", ("Kitenet Broadband", "billing@kitenet.example"),
                             "Your Kitenet bill is ready",
                             "Hi Sam, your Kitenet broadband bill is £31.40. Amount due: £31.40. Due date: 9 March "
                             "2027. We'll collect it by Direct Debit.", _sent(2)),
        "garage": message("g1@elmtreemotors.example", ("Elm Tree Motors", "service@elmtreemotors.example"),
                          "Your MOT is due",
                          "Morning Sam,\n\nJust a reminder that the MOT on WX21 KPL runs out on 30/03/2027. An MOT "
                          "with us is £54.85. Give us a ring to book it in.\n\nElm Tree Motors", _sent(1, 16)),
        "dentist": message("d1@harbourdental.example", ("Harbour Dental", "hello@harbourdental.example"),
                           "Your appointment is confirmed",
                           "Hello Sam,\n\nYour check-up with Dr. Ellis at Harbour Dental is confirmed for Friday 19 "
                           "March 2027 at 2:00pm.\n\nHarbour Dental, 8 Quay Street, Bristol", _sent(2, 11)),
        "ferry": message("f1@solentlink.example", ("Solent Link Ferries", "bookings@solentlink.example"),
                         "Your Solent Link booking: SLF-55310",
                         "SOLENT LINK FERRIES - BOOKING CONFIRMATION\nBooking reference: SLF-55310\n\n"
                         "Sailing 1: Portsmouth to Fishbourne Pier, Sat 20 March 2027\nCheck in by 09:00, departs "
                         "09:30, arrives 10:15\n\nSailing 2: Fishbourne Pier to Portsmouth, Sun 21 March 2027\nCheck "
                         "in by 16:15, departs 16:45, arrives 17:30\n\nPassengers: 2 adults\nVehicle: car\n"
                         "Total: £118.00", _sent(2, 19)),
    })


def test_the_bills_going_out_next_week_are_the_ones_due_then(home: App) -> None:
    reply = talk(home, "what bills have I got going out next week?")[-1]
    for amount in ("£24.00", "£31.40", "£142.00"):
        assert amount in reply, reply
    assert "money you owe or your schedule" not in reply, reply


def test_a_thing_paid_for_by_what_is_done_to_it_is_its_bill(home: App) -> None:
    reply = talk(home, "how much to tax the van for a year?")[-1]
    assert "£142.00" in reply, reply


def test_the_time_of_a_thing_on_a_day_is_looked_for_that_day_never_the_clock(home: App) -> None:
    reply = talk(home, "what time's the allotment society tmrw")[-1]
    assert "18:30" in reply and "offline" not in reply, reply


def test_a_thing_no_entry_holds_is_said_not_found_beside_that_days_entries(home: App) -> None:
    reply = talk(home, "what time's the darts on Thursday 11th?")[-1]
    assert "can't find any darts" in reply and "That day you have:" in reply and "20:00" in reply, reply


def test_a_massage_no_booking_holds_is_said_not_found(home: App) -> None:
    reply = talk(home, "what time's my massage on Thursday 11th?")[-1]
    assert "massage" in reply and "20:00" not in reply and "offline" not in reply, reply


def test_the_ferry_back_into_the_port_the_way_out_left_is_the_sailing_home(home: App) -> None:
    reply = talk(home, "what time does the ferry get back into Portsmouth?")[-1]
    assert "Fishbourne Pier → Portsmouth" in reply and "17:30" in reply, reply


def test_a_reminder_counts_from_the_day_a_mail_says_a_thing_falls_due(home: App) -> None:
    reply = talk(home, "remind me a week before the MOT runs out")[-1]
    assert "Tue, 23 Mar 2027" in reply and "When is" not in reply, reply


def test_a_reminder_counts_from_a_booking_read_from_mail(home: App) -> None:
    reply = talk(home, "remind me the day before the dentist")[-1]
    assert "Thu, 18 Mar 2027" in reply and "When is" not in reply, reply
