"""Events a school, a cousin and a colleague tell of in plain words as Nigerian English says them ("holds this
Thursday by 9am": "by" an hour is at it), a health insurer's approval of a hospital visit, and the doctor asked of
"there" after a booking: a day with them is never said free, each is on its own day at its own hour (a time said
alone is on the day the sentence before gave), the visit is the hospital's, and the doctor is the one seen at the
booking before. A home in Ibadan with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-12-13T07:30:00+01:00"  # Monday 13 December 2027
ZONE = ZoneInfo("Africa/Lagos")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2027, 12, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Africa/Lagos", NOW)
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "school": message("s1@mailbox-demo.example", ("Funke Adeyemo", "funke.adeyemo@mailbox-demo.example"),
                          "End of year concert and PTA",
                          "Dear Parents,\n\nSeason's greetings. Our Christmas carol concert holds this Thursday by 9am "
                          "in the assembly hall; Primary 3 will sing, so Tobi should come in white. Right after, by "
                          "11am, there will be a parents' meeting with the proprietress about next term.\n\nWarm "
                          "regards,\nMrs Funke Adeyemo\nPrimary 3 Class Teacher", _sent(10, 15)),
        "wedding": message("w1@mailbox-demo.example", ("Yetunde Bello", "yetunde.bello@mailbox-demo.example"),
                           "Kemi & Dapo's wedding",
                           "Hello my dear! You know Kemi and Dapo's wedding is on Saturday 18th. The church wedding "
                           "is by 11am at Christ Church, Mapo, and the reception is by 3pm at Diamond Hall, Bodija. "
                           "Please come!\n\nYetunde", _sent(6, 20)),
        "auditor": message("a1@mailbox-demo.example", ("Segun Alabi", "segun.alabi@mailbox-demo.example"),
                           "Audit visit",
                           "Good evening ma. The auditor called, she will come on Friday. Can we meet in the "
                           "conference room by 9am that day to go through the files before she arrives?\n\nSegun",
                           _sent(12, 19)),
        "hmo": message("h1@bluecresthmo.example", ("Bluecrest HMO", "care@bluecresthmo.example"),
                       "Appointment Approved - Harmony Specialist Hospital",
                       "Dear Enrollee,\n\nYour request has been approved.\n\nProvider: Harmony Specialist Hospital, "
                       "12 Ring Road, Ibadan\nSpecialist: Dr. Seun Akande (Cardiology)\nDate: Wednesday, 15 December, "
                       "2027\nTime: 9:30 AM\nAuthorization code: PA-55120\n\nKindly present your HMO ID card at the "
                       "front desk.\n\nBluecrest HMO Care Team", _sent(9, 16)),
        "dentist": message("d1@brightsmile.example", ("Brightsmile Dental", "hello@brightsmile.example"),
                           "Your appointment is confirmed",
                           "Hello,\n\nYour check-up with Dr. Ngozi Eke at Brightsmile Dental is confirmed for Friday 17 "
                           "December 2027 at 2:00pm.\n\nBrightsmile Dental, 4 Awolowo Avenue, Bodija", _sent(8, 11)),
    })


def test_a_morning_with_an_event_told_by_the_hour_is_never_free(home: App) -> None:
    reply = talk(home, "am I free on Thursday morning?")[-1]
    assert "09:00" in reply and "carol concert" in reply.casefold(), reply
    assert "you're free" not in reply, reply


def test_a_time_said_alone_is_on_the_day_the_sentence_before_gave(home: App) -> None:
    reply = talk(home, "when is the parents' meeting?")[-1]
    line = next((one for one in reply.splitlines() if "parents" in one.casefold()), "")
    assert "Thu 16 Dec" in line and "11:00" in line, reply
    reply = talk(home, "anything on Saturday?")[-1]
    assert "wedding" in reply and "11:00" in reply, reply
    reply = talk(home, "what do I have on Friday?")[-1]
    assert "09:00" in reply and "14:00" in reply, reply


def test_an_insurers_approved_visit_is_the_hospitals(home: App) -> None:
    reply = talk(home, "what's on Wednesday?")[-1]
    assert "09:30" in reply and "Harmony Specialist Hospital" in reply, reply
    reply = talk(home, "my hospital appointment on Wednesday, what time?")[-1]
    assert "09:30" in reply, reply


def test_the_doctor_asked_of_there_is_the_one_at_the_booking_before(home: App) -> None:
    reply = talk(home, "is my dentist appointment still on Friday?", "who is the doctor there?")[-1]
    assert "Ngozi Eke" in reply and "Seun Akande" not in reply, reply


CHICAGO = ZoneInfo("America/Chicago")


@pytest.fixture(scope="module")
def family_home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    """A retired man's mail in Chicago: his son's call said on the son's own clock, his granddaughter's recital
    told by his daughter, friends who asked them over on a holiday told by his wife (Monday 1 March 2027)."""
    app = app_in_own_home("America/Chicago", "2027-03-01T09:00:00-06:00")
    sent = datetime(2027, 2, 27, 19, 0, tzinfo=CHICAGO)
    return with_mail(app, tmp_path_factory.mktemp("family"), {
        "son": message("pk1@mailbox-demo.example", ("Pat Kehoe", "pat.kehoe@mailbox-demo.example"), "Saturday",
                       "Hi Dad,\n\nI'll call Saturday at 2 my time, you're two hours ahead of me out here. The kids "
                       "say hello.\n\nPat", sent),
        "daughter": message("mk1@mailbox-demo.example", ("Maura Kehoe", "maura.kehoe@mailbox-demo.example"),
                            "Ella's recital",
                            "Hi Dad,\n\nElla's piano recital is Friday the 5th! Doors open at 5, starts 5:30 at the "
                            "community center. We'll save you seats.\n\nMaura", sent),
        "wife": message("nk1@mailbox-demo.example", ("Nora Kehoe", "nora.kehoe@mailbox-demo.example"), "Easter",
                        "Love, the Dunnes asked us over for ham on Easter Sunday, around 1. I said yes, so don't "
                        "book golf that day.\nNora", sent),
    })


def test_a_call_said_on_anothers_clock_is_given_on_the_persons(family_home: App) -> None:
    reply = talk(family_home, "what time is the call?")[-1]
    assert "Sat 6 Mar" in reply and "16:00" in reply, reply


def test_a_sender_whose_first_name_is_also_a_word_is_still_named_by_it(family_home: App) -> None:
    reply = talk(family_home, "did Pat write?")[-1]
    assert "Pat Kehoe" in reply and "nothing called" not in reply, reply


def test_a_new_subject_announced_first_asks_only_its_question(family_home: App) -> None:
    reply = talk(family_home, "Moving on. What time does Ella's recital start on Friday?")[-1]
    assert "17:30" in reply, reply


def test_being_asked_over_on_a_holiday_is_on_that_day_at_its_hour(family_home: App) -> None:
    # a named holiday is its date (Easter Sunday 2027 is 28 March); asked over by friends, told by his wife
    reply = talk(family_home, "what have we got on the 28th?")[-1]
    assert "13:00" in reply and "Dunnes" in reply, reply
