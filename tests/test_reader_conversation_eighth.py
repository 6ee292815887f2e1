"""Deepa's Thursday morning with the reader on the eighth sample home (Bengaluru, no model, the clock pinned on
Thu 15 Apr 2027, 07:45): a kind of doctor asked ("the eye doctor", "my ortho appointment") is answered by the
visits of that kind alone, a doctor's visit taking the specialty its own mail says, or said not held with the
doctor's visits there are.

Each conversation is one recorded session, read one turn at a time as `steward chat` reads it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conversation_turns import Say, misses
from steward.app import App
from steward.demo import build_demo_home

NOW = "2027-04-15T07:45:00+05:30"


@pytest.fixture(scope="module")
def eighth(app_in_own_home: Callable[[str, str], App]) -> App:
    """The eighth sample home, built once for the module, with no model configured."""
    built = app_in_own_home("Asia/Kolkata", NOW)
    build_demo_home(built, mailbox="eighth")
    return built


def test_a_kind_of_doctor_is_answered_by_its_visits_alone(eighth: App) -> None:
    # the orthopaedic visit is a doctor's by its name and an orthopaedic one by its mail ("Orthopaedics")
    assert misses(eighth, "kinds-ortho", (
        Say("when is my ortho appointment?", ("Kulkarni", "19:15"), ("Smile Arc",)),)) == []
    assert misses(eighth, "kinds-doctor", (
        Say("when do I see the doctor?", ("Kulkarni", "19:15"), ("Smile Arc",)),)) == []
    # a kind of doctor no visit is of: said not held, with the doctor's visits there are, never as the one asked
    for asked in ("do I have an appointment with the eye doctor?", "is my gynae appointment this week?",
                  "any appointment with the ENT?", "when's the paediatrician?"):
        assert misses(eighth, f"kinds-{asked}", (
            Say(asked, ("I found nothing ahead for the", "The doctor's visits I hold", "Kulkarni"),
                ("Smile Arc", "The eye or the doctor")),)) == []


def test_a_slot_asked_next_is_of_the_booking_just_named(eighth: App) -> None:
    # "which clinic", "the fee there", "where is it": the place and the fee its own mail says, never another
    # booking of a kind the place's noun is a word of ("clinic" is no doctor's visit of its own)
    assert misses(eighth, "ortho-slots", (
        Say("when is my ortho appointment?", ("19:15",), ("Smile Arc",)),
        Say("which clinic", ("Arogya Multispeciality Clinic",), ("Smile Arc",)),
        Say("what's the consultation fee there?", ("800",), ("18,600",)),
        Say("where is it?", ("Arogya Multispeciality Clinic",), ("I can't tell",)),
    )) == []
    assert misses(eighth, "dentist-slots", (
        Say("when's the dentist", ("17:30",), ("Kulkarni",)),
        Say("which clinic is it at?", ("Smile Arc Dental Clinic",), ("Kulkarni", "Arogya")),
    )) == []
    # "with which teacher": the person its mail names by role and title ("the class teacher ..., Mrs. Shobha Iyer")
    assert misses(eighth, "ptm-teacher", (
        Say("when is the parent-teacher meeting?", ("09:40",)),
        Say("with which teacher", ("Mrs. Shobha Iyer",), ("Smile Arc",)),
    )) == []


def test_the_end_of_a_thing_just_listed_is_the_span_its_mail_says(eighth: App) -> None:
    # "till what time does the review go on?": the span the invitation gives from its start, never an hour assumed
    assert misses(eighth, "review-ends", (
        Say("good morning! what's on my plate today?", ("Q1 Business Review", "11:00")),
        Say("till what time does the review go on?", ("until 12:00", "11:00 - 12:00"), ("workshop",)),
    )) == []
    # a mail that gives no end for the time booked says none (the school's day runs to 12:30, not the slot)
    assert misses(eighth, "ptm-ends", (
        Say("when is the parent-teacher meeting?", ("09:40",)),
        Say("when does it end?", ("gives no end time",), ("12:30", "10:40")),
    )) == []


def test_a_parcel_asked_after_is_the_courier_notice_of_the_day(eighth: App) -> None:
    # "parcel" is no sender's name (a lure's "Desh Post Parcel Services"); a courier's notice filed with the
    # newsletters is still the person's parcel when its subject says so ("Out for delivery: your ... shipment")
    assert misses(eighth, "parcel", (
        Say("is some parcel getting delivered today?", ("SwiftShip", "11 AM and 3 PM"), ("Desh Post",)),)) == []


def test_a_thing_said_by_its_initials_is_the_one_its_mail_writes_in_full(eighth: App) -> None:
    # "the PTM": the school's "Parent-Teacher Meeting", and the husband's note that says "PTM"; one time, both said
    assert misses(eighth, "ptm", (
        Say("when's the PTM", ("Sat 17 Apr at 09:40", "Parent-Teacher Meeting"), ("Kaapi", "Kulkarni")),)) == []
    # initials no mail writes: said not found, never another thing
    assert misses(eighth, "agm", (Say("when is the AGM?", ("I can't find any",), ("The AGM (",)),)) == []


def test_the_occasion_of_a_message_just_shown_is_asked_of_that_message(eighth: App) -> None:
    # "when is the do?" after a relative's mail: the day that mail gives, as "when is it?" would be
    assert misses(eighth, "occasion", (
        Say("anything from amma?", ("nichayathartham",)),
        Say("when's the do?", ("Sun 25 Apr at 10:00",), ("can't answer",)),
    )) == []
