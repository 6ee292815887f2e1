"""A retired couple's week in Connecticut, asked in their own words: a surgeon's letter that books two visits under
labels in capitals (each read, and what it says of arriving is the visit's it names); a daughter's reply that says
when to leave for her child's recital (said on the clock, before the recital starts); a lure signed with the
grandchild's first name (never whose the recital is); what a garage's reminder says the work costs."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2027-05-10T09:00:00-04:00"  # a Monday
ZONE = ZoneInfo("America/New_York")
LINDA = ("Linda Ferreira", "linda.ferreira@nutmegmail-demo.example")


def _sent(day: int, hour: int) -> datetime:
    return datetime(2027, 5, day, hour, 0, tzinfo=ZONE)


def _in_reply_to(first: str, raw: bytes) -> bytes:
    return raw.replace(b"Message-ID:", f"In-Reply-To: <{first}>\nMessage-ID:".encode(), 1)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return with_mail(app_in_own_home("America/New_York", NOW), tmp_path_factory.mktemp("mail"), {
        "knee": message("knee-1@riversideortho.example", ("Riverside Orthopedic Surgeons",
                                                          "scheduling@riversideortho.example"),
                        "Your knee procedure: consultation and surgery date",
                        "Dear Ms. Ferreira,\n\nDr. Alan Whitford has scheduled your knee arthroscopy (left knee).\n\n"
                        "CONSULTATION: Tuesday, May 18 at 2:15 PM (x-rays and a talk with the surgeon)\n"
                        "PROCEDURE: Wednesday, June 2 at 7:00 AM at Riverside Surgical Pavilion, 88 Mill Road\n\n"
                        "On the day of the procedure please arrive 60 minutes early, at 6:00 AM. Nothing to eat "
                        "after midnight. Someone must drive you home.\n\nRiverside Orthopedic Surgeons",
                        _sent(3, 11)),
        "recital": message("recital-1@nutmegmail-demo.example", LINDA, "Maya's dance recital",
                           "Hi Mom,\n\nMaya's spring dance recital is Friday the 14th! Doors open at 5, the show "
                           "starts at 5:45, in the Eastfield High auditorium. She's in the tap number. Hope you and Dad can come!\n\n"
                           "Love, Linda",
                           _sent(6, 19)),
        # (her answer to the person's question, in the same thread)
        "recital-2": _in_reply_to("recital-1@nutmegmail-demo.example", message(
            "recital-2@nutmegmail-demo.example", LINDA, "Re: Maya's dance recital",
            "Mom, the parkway is a mess on Friday afternoons, so head out by 4:15 to be safe. The school lot fills "
            "up, park on Elm.\n\n> When should we leave? Dad wants to know.\n\nLinda", _sent(9, 8))),
        # (a friend's plain words of when they get there)
        "breakfast": message("breakfast-1@nutmegmail-demo.example", ("Walt Brody", "walt.brody@nutmegmail-demo.example"),
                             "barbecue Saturday",
                             "Rosa - the Lions barbecue is this Saturday at the firehouse, 12 to 3. Bev and I "
                             "are getting there around 11:45 before the crowd, come along and we'll share a table.\n\nWalt",
                             _sent(9, 18)),
        "lure": message("lure-1@fastmail-lure.example", ("Maya", "maya.needs.help@fastmail-lure.example"),
                        "Grandma please help me",
                        "Grandma it's me Maya. I lost my phone and I'm in trouble, please don't tell Mom. I need "
                        "$400 in gift cards today. Buy Google Play cards at the store and send me photos of the "
                        "codes on the back. Please hurry.", _sent(9, 23)),
        "garage": message("garage-1@maplestreetgarage.example", ("Maple Street Garage",
                                                                 "service@maplestreetgarage.example"),
                          "Appointment reminder: tire rotation",
                          "Hello Rosa,\n\nThis is a reminder of your appointment at Maple Street Garage.\n\n"
                          "Vehicle: 2014 Toyota Camry\nService: tire rotation and brake check\nDate: May 12, 2027\n"
                          "Time: 8:30 AM\nEstimate: $64.50\n\nReply C to confirm.\n\nMaple Street Garage",
                          _sent(8, 16)),
    })


def test_a_surgeons_letter_books_each_visit_it_gives_under_a_label(home: App) -> None:
    week = talk(home, "anything on next week?")[0]
    assert "18 May" in week and "14:15" in week and "Riverside Orthopedic" in week, week
    surgery = talk(home, "when do i go in for the knee surgery")[0]
    assert "2 Jun" in surgery and "07:00" in surgery, surgery


def test_what_the_letter_says_of_arriving_is_the_procedures_alone(home: App) -> None:
    reply = talk(home, "when do i go in for the knee surgery", "how early do I have to get there for the surgery?")[1]
    assert "at 6:00 AM" in reply, reply
    consult = next(line for line in reply.splitlines() if "18 May" in line)
    assert "6:00 AM" not in consult, reply  # the arrival is the procedure day's, never the consultation's


def test_the_time_to_leave_a_reply_gives_is_on_the_clock_before_the_start(home: App) -> None:
    _, leave = talk(home, "what time does the recital start friday?", "and what time should we head out?")
    assert "4:15" in leave and "16:15" in leave and "17:45" in leave, leave


def test_a_lure_signed_with_a_grandchilds_name_is_never_whose_the_event_is(home: App) -> None:
    reply = talk(home, "What time does Maya's recital start?")[0]
    assert "17:45" in reply and "14 May" in reply, reply
    assert "gift" not in reply.casefold(), reply


def test_what_a_garage_says_the_work_costs(home: App) -> None:
    reply = talk(home, "how much r they gonna charge me for the tire rotation?")[0]
    assert "$64.50" in reply, reply


def test_a_kind_of_doctor_said_as_a_doc_and_a_fast_asked_in_texting_words(home: App) -> None:
    knee = talk(home, "when's the knee doc?")[0]
    assert "Riverside Orthopedic" in knee and "18 May" in knee, knee
    fast = talk(home, "do i gotta fast for the knee surgery?")[0]
    assert "Nothing to eat after midnight" in fast, fast


@pytest.mark.parametrize("question", ["what time do I gotta be there for the knee surgery?",
                                      "what time must we be there for the knee surgery?",
                                      "when must I reach for the knee surgery?"])
def test_when_to_be_there_asked_with_what_the_person_must_do(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "6:00 AM" in reply, reply


def test_when_a_friend_gets_there_is_their_sentence(home: App) -> None:
    reply = talk(home, "what time should we get to the barbecue?")[0]
    assert "11:45" in reply, reply


def test_a_journeys_arrival_is_never_when_to_be_there() -> None:
    from steward.reader.details import asked_detail

    assert asked_detail("when do we reach Hartford?") == ""
    assert asked_detail("when's my parcel supposed to show up?") == ""
    assert asked_detail("what time do they meet for the match on Sunday?") == "arrive"
