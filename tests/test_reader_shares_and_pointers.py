"""A day and its money asked as people follow on in talk: "and the total with the fee?" after money sent abroad is
that transfer's receipt, never every bill's sum; a table priced by the guest says its price a head ("how much is it
per person?", and asked what it costs, the price a head said as such); "the 9:45 one, which doctor's that with?"
after a day's list asks of the one thing listed at that time; a thing asked by another form of its mail's word ("the
speeding fine" of a mail that says the speed limit, "the renewal" of a plan that renews) is that thing; "brief me on
Thursday" is that day's schedule (the brief is today's); "when will my residence permit expire?" is the day its mail
says it runs out. No model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, schema_table, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-05-11T10:00:00+03:00"  # Tuesday 11 May 2027
ZONE = ZoneInfo("Asia/Riyadh")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 5, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Asia/Riyadh", NOW)
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "transfer": message("x1@desertlink.example", ("Desert Link Exchange", "receipts@desertlink.example"),
                            "Your transfer to India is complete",
                            "Dear YUSUF RAHMAN,\n\nYour money transfer has been paid.\n\nBeneficiary: ZUBAIR RAHMAN\n"
                            "Bank: Malabar Coast Bank, Kochi\nAmount sent: SAR 2,000.00\nAmount received: INR "
                            "44,300.00\nFee: SAR 18.00\nTotal paid: SAR 2,018.00\nDate: 09/05/2027\n\nDesert Link "
                            "Exchange", _sent(9, 18)),
        "bill": message("b1@najdpower.example", ("Najd Power Company", "billing@najdpower.example"),
                        "Your electricity bill", "Your electricity bill for April is SAR 412.60, due by 20/05/2027.",
                        _sent(3, 8)),
        "fine": message("f1@citytraffic.example", ("City Traffic Directorate", "fines@citytraffic.example"),
                        "Traffic fine issued - plate 7731",
                        "Dear Vehicle Owner,\n\nA traffic fine has been issued against your vehicle.\n\nViolation: "
                        "Driving above the speed limit\nLocation: King Fahd Road\nFine: SAR 300.00\n\nPlease pay by "
                        "25/05/2027.\n\nCity Traffic Directorate", _sent(6, 9)),
        "plan": message("p1@cloudnest.example", ("CloudNest", "billing@cloudnest.example"),
                        "Your CloudNest plan renews soon",
                        "Hi Yusuf,\n\nYour CloudNest Family storage plan will automatically renew on 24/05/2027.\n\n"
                        "Amount: SAR 99.00\nPayment method: card on file\n\nThe CloudNest Team", _sent(4, 7)),
        "iqama": message("q1@sanadservices.example", ("Sanad Services", "desk@sanadservices.example"),
                         "Residence permit renewal - application received",
                         "Dear Sir,\n\nWe have received your residence permit renewal application (ref SN-2291). Your "
                         "current permit expires on 02/06/2027.\n\nPlease keep your passport with you.\n\nSanad "
                         "Services", _sent(5, 14)),
        "table": message("t1@dinehub.example", ("DineHub", "noreply@dinehub.example"),
                         "Booking confirmed: Olive Terrace",
                         "Hi Yusuf,\n\nYour table is booked!\n\nOlive Terrace\nTahlia Street, Riyadh\nThursday 13 May "
                         "at 20:30\nGuests: 6\nSet menu: SAR 120.00 per person\n\nWe hold tables for 15 minutes.",
                         _sent(8, 12),
                         html=schema_table("Olive Terrace", "2027-05-13T20:30:00+03:00")),
        "insurer": message("i1@oasiscare.example", ("Oasis Care Insurance", "approvals@oasiscare.example"),
                           "Pre-approval granted - consultation at Jasmine Clinic",
                           "Dear Member,\n\nYour pre-approval has been granted.\nProvider: Jasmine Clinic, Olaya\n"
                           "Service: General Practitioner consultation, Dr. Huda Sabri\nAppointment: 13/05/2027 at "
                           "09:45 AM\nYour co-payment: SAR 40.00\n\nOasis Care Insurance", _sent(10, 10)),
        "dentist": message("d1@pearlsmile.example", ("Pearl Smile Dental", "desk@pearlsmile.example"),
                           "Appointment confirmed",
                           "Dear Yusuf, your appointment with Dr. Kareem Aziz is confirmed for Thursday 13 May 2027 at "
                           "4:00 PM.\n\nPearl Smile Dental", _sent(7, 11)),
    })


def test_the_total_with_the_fee_after_money_sent_is_that_transfer(home: App) -> None:
    replies = talk(home, "did the money I sent reach Zubair?", "and the total with the fee?")
    assert "Total paid: SAR 2,018.00" in replies[0], replies[0]
    assert "Total paid: SAR 2,018.00" in replies[1] and "412.60" not in replies[1], replies[1]
    reply = talk(home, "did the money I sent reach Zubair?", "what did that cost me all in?")[-1]
    assert "SAR 2,018.00" in reply and "Najd Power" not in reply, reply


def test_a_table_priced_by_the_guest_says_its_price_a_head(home: App) -> None:
    reply = talk(home, "how many guests is the Olive Terrace table for?", "and how much per head?")[-1]
    assert "SAR 120.00" in reply and "a person" in reply, reply
    reply = talk(home, "what does the Olive Terrace booking cost?")[-1]
    assert "SAR 120.00 a person" in reply, reply  # a head's price, never said as the whole


def test_a_thing_asked_by_another_form_of_its_mails_word(home: App) -> None:
    reply = talk(home, "how much is the speeding fine?")[-1]  # its mail says "speed"
    assert "SAR300.00" in reply.replace(" ", "") and "412.60" not in reply, reply
    reply = talk(home, "when is the CloudNest renewal?")[-1]  # its mail says it "renews"
    assert "24 May" in reply and "412.60" not in reply, reply


def test_one_thing_of_a_day_pointed_at_by_its_time(home: App) -> None:
    replies = talk(home, "what's on Thursday?", "the 9:45 one, which doctor's that with?")
    assert "09:45" in replies[0] and "16:00" in replies[0], replies[0]
    assert "Huda Sabri" in replies[1] and "Kareem" not in replies[1], replies[1]
    reply = talk(home, "what's on Thursday?", "the 4pm one, who's it with?")[-1]
    assert "Kareem Aziz" in reply and "Huda" not in reply, reply


def test_a_brief_asked_of_another_day_is_that_days_schedule(home: App) -> None:
    reply = talk(home, "could you brief me on Thursday?")[-1]
    assert "09:45" in reply and "16:00" in reply and "20:30" in reply, reply


def test_the_day_a_thing_held_runs_out_is_its_mails_sentence(home: App) -> None:
    reply = talk(home, "when will my residence permit expire?")[-1]
    assert "2 Jun" in reply and "expires on 02/06/2027" in reply, reply
    reply = talk(home, "what's the expiry date of my permit?")[-1]
    assert "2 Jun" in reply, reply
