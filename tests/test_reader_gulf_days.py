"""A day in Doha read from its mail, as Gulf and Pakistani English say it: a visit an insurer pre-approves and an
appointment a typing centre books with an application it files are bookings; a birthday party a wife has said yes to,
a colleague's site inspection and a school's family iftar (with the meal's time inside it) are events on their days;
"anything left on my calendar today?" asks the day, never a loan; "the medical for the visa" is no card; a day said
alone after a booking's cost asks that day; "what's that in Doha time?" after a landing abroad is the same moment on
the person's clock; a hotel's check-out in London is given on London's clock. No model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, schema_stay, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-02-17T12:00:00+03:00"  # Wednesday 17 February 2027, in Ramadan
ZONE = ZoneInfo("Asia/Qatar")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 2, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Asia/Qatar", NOW)
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "insurer": message("i1@cedarcare.example", ("Cedar Care Insurance", "approvals@cedarcare.example"),
                           "Pre-approval granted - consultation at Palmgrove Clinic",
                           "Dear Member,\n\nYour pre-approval has been granted.\nProvider: Palmgrove Clinic, Al Sadd\n"
                           "Service: General Practitioner consultation, Dr. Noura Haddad\nAppointment: 18/02/2027 at "
                           "09:15 AM\nYour co-payment: AED 40.00\n\nCedar Care Insurance", _sent(16, 10)),
        "typing": message("t1@qamartyping.example", ("Qamar Typing Centre", "desk@qamartyping.example"),
                          "Family visa application - medical appointment",
                          "Dear Sir,\n\nYour family visa application (ref QT-55-2071) has been submitted. Your "
                          "current visa expires on 30/03/2027.\n\nMedical appointment: Tuesday 23 February 2027, "
                          "9:00 AM\nPlace: Al Rayyan Medical Commission\n\nPlease bring your passport.\n\nQamar Typing "
                          "Centre", _sent(15, 13)),
        "wife": message("w1@mailbox-demo.example", ("Hiba Siddiqui", "hiba.siddiqui@mailbox-demo.example"),
                        "Saturday",
                        "Omar, Maryam's birthday party is this Saturday 3 to 5 pm at Funland in the mall. Yusuf wants "
                        "to go so I said yes. Can you drop us?\n\nHiba", _sent(17, 8)),
        "colleague": message("c1@gulfbuild.example", ("Tariq Aziz", "tariq.aziz@gulfbuild.example"),
                             "Block B",
                             "Omar, the client is coming for the facade inspection at Block B tomorrow at 11. Please "
                             "have the shop drawings ready in the site office by 10.30am.\n\nTariq", _sent(17, 9)),
        "school": message("s1@cedarhill.example", ("Cedar Hill School", "office@cedarhill.example"),
                          "Family Iftar today",
                          "Dear Parents,\n\nOur Grade 2 Family Iftar is on Wednesday 17 February, from 5:15 pm in "
                          "the school hall. Iftar will be at Maghrib, about 5:50 pm.\n\nCedar Hill School",
                          _sent(17, 7)),
        "flight": message("f1@pearlair.example", ("Pearl Air", "itinerary@pearlair.example"),
                          "Booking confirmed - Doha to London (PA7Q2X)",
                          "Dear Mr OMAR SIDDIQUI,\n\nThank you for booking with Pearl Air.\n\nBooking reference: "
                          "PA7Q2X\n\nFlight  Date  From  To  Departs  Arrives\nPA 11  20/03/2027  Doha (DOH)  London "
                          "Heathrow (LHR) T4  08:00  12:40\n\nAll times are local.\nPassenger: MR OMAR SIDDIQUI\nTotal "
                          "fare: QAR 2,900.00\n\nPearl Air", _sent(10, 20)),
        "hotel": message("h1@mayfaircourt.example", ("The Mayfair Court Hotel", "stay@mayfaircourt.example"),
                         "Your reservation MCH-20417",
                         "Thank you for your reservation.\n\nConfirmation: MCH-20417\nArrival: 20 March 2027 (check-in "
                         "from 2pm)\nDeparture: 24 March 2027 (check-out by 12pm)\nTotal: GBP 760.00\n\nThe Mayfair "
                         "Court Hotel", _sent(11, 12),
                         html=schema_stay("The Mayfair Court Hotel", "2027-03-20T14:00:00+00:00",
                                          "2027-03-24T12:00:00+00:00", "4 Brook Lane", "London", "GB")),
        "cricket": message("k1@mailbox-demo.example", ("Faisal Khan", "faisal.khan@mailbox-demo.example"),
                           "Friday match",
                           "Lads, Friday night match vs Wakra Falcons at the Aspire ground, 9pm start after taraweeh. "
                           "Reach by 8.30 for nets. Omar you are keeping wicket.\n\nFaisal", _sent(16, 23)),
        "parcel": message("p1@qatarparcel.example", ("Qatar Parcel Express", "track@qatarparcel.example"),
                          "Your parcel is on its way", "Your parcel QP-4471 is on its way and will arrive in 2 days.",
                          _sent(14, 10)),
        "forward": message("w2@mailbox-demo.example", ("Hiba Siddiqui", "hiba.siddiqui@mailbox-demo.example"),
                           "Fwd: Sports day kit",
                           "Omar, see below, Yusuf needs his house T-shirt.\n\n---------- Forwarded message ---------\n"
                           "From: Cedar Hill School <office@cedarhill.example>\nDate: Mon, 15 Feb 2027 at 10:00\n"
                           "Subject: Sports day kit\nTo: Hiba Siddiqui <hiba.siddiqui@mailbox-demo.example>\n\nDear "
                           "Parents, children should wear their house T-shirt on sports day.\n", _sent(15, 18)),
    })


def test_what_is_left_of_today_is_the_schedule_never_a_loan(home: App) -> None:
    reply = talk(home, "salam! anything left on my calendar today?")[-1]
    assert "17:15" in reply and "Family Iftar" in reply and "owe" not in reply, reply
    assert "17:50" not in reply, reply  # the meal's time is inside the gathering, no second event


def test_bookings_an_insurer_and_a_typing_centre_made_are_found(home: App) -> None:
    reply = talk(home, "when is my medical for the visa?")[-1]
    assert "23 Feb" in reply and "09:00" in reply and "owe" not in reply, reply
    reply = talk(home, "clinic appointment kab hai?")[-1]
    assert "Palmgrove Clinic" in reply and "09:15" in reply, reply


def test_a_day_said_alone_after_a_bookings_cost_asks_that_day(home: App) -> None:
    reply = talk(home, "what does the clinic visit cost?", "acha, and tomorrow?")[-1]
    assert "09:15" in reply and "11:00" in reply, reply


def test_events_told_in_plain_words_are_on_their_days(home: App) -> None:
    reply = talk(home, "what's on Saturday?")[-1]
    assert "15:00" in reply and "birthday party" in reply, reply
    reply = talk(home, "when is the facade inspection?")[-1]
    assert "11:00" in reply, reply


def test_a_landing_abroad_asked_on_the_home_clock(home: App) -> None:
    reply = talk(home, "when does my flight to London land?", "what's that in Doha time?")[-1]
    assert "12:40 local time" in reply and "15:40 your time" in reply, reply


def test_a_hotel_check_out_is_on_the_hotels_clock(home: App) -> None:
    reply = talk(home, "check-out time at the hotel?")[-1]
    assert "12:00 local time" in reply and "15:00 your time" in reply, reply


def test_the_time_to_reach_a_game_by_and_who_it_is_against(home: App) -> None:
    reply = talk(home, "what's on Friday?", "what time must we reach for the match?")[-1]
    assert "20:30" in reply and "21:00" in reply, reply  # "by 8.30" before a 9pm start is the evening's
    reply = talk(home, "what's on Friday?", "who is it against?")[-1]
    assert "Wakra Falcons" in reply, reply
    reply = talk(home, "by what time do I need the shop drawings ready?")[-1]
    assert "10.30am" in reply, reply


def test_an_identity_card_called_by_its_country_names_no_sender(home: App) -> None:
    reply = talk(home, "qatar id medical appointment kab hai?")[-1]
    assert "23 Feb" in reply and "09:00" in reply and "parcel" not in reply.casefold(), reply


def test_mail_a_person_forwarded_is_asked_as_mail(home: App) -> None:
    reply = talk(home, "did Hiba forward me something from the school?")[-1]
    assert "Sports day kit" in reply and "owe" not in reply, reply
