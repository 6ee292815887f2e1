"""Fragments and corrections in a conversation on the demo home (Alex Morgan's mail, no model, the clock pinned
on Wed 2 Dec 2026, 08:30 in Kolkata): "what time?", "where?" and "who with?" said alone after a booking are
that booking's (the clock's time only when asked "what time is it?"); "I mean the Meridian one" asks the
question before of another card; "actually I meant ..." after a name asks again of the one meant; a booking
its mail cancelled is "No: it was cancelled", never a yes.

Every turn is recorded (no dry run): the next turn is read with the last one's frame and view.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-12-02T08:30:00+05:30"


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], App]) -> App:
    """The demo home, built once for the module, with no model configured."""
    built = app_in_own_home("Asia/Kolkata", NOW)
    build_demo_home(built)
    return built


def talk(app: App, session: str, *turns: str) -> list[tuple[str, str]]:
    """Each turn's (handled_by, reply), in one recorded session."""
    out = []
    for text in turns:
        trace = app.engine.turn(text, session=session)
        out.append((trace.handled_by, trace.reply))
    return out


def test_a_slot_said_alone_is_asked_of_the_booking_before_never_of_the_clock(demo: App) -> None:
    physio, when, where, clock = talk(demo, "slots", "and the physio, is that booked?", "what time?", "where?",
                                      "what time is it?")
    assert "Riverside Physio" in physio[1], physio
    assert "18:00" in when[1] and "Riverside Physio" in when[1] and "It's 08:30" not in when[1], when
    assert "5 River Walk" in where[1] and when[0] == where[0] == "reader", where
    assert clock[1].startswith("It's 08:30"), clock


def test_a_correction_asks_the_question_before_of_the_name_meant(demo: App) -> None:
    harbor, meridian, due, kaveri = talk(demo, "meant", "what's outstanding on the Harbor card?",
                                         "I mean the Meridian one", "when?", "actually I meant Kaveri")
    assert "1,461.17" in harbor[1], harbor
    assert "43,891.53" in meridian[1] and "Harbor" not in meridian[1], meridian
    assert "Tue 1 Dec" in due[1] and "Harbor" not in due[1], due
    assert "Kaveri Bank" in kaveri[1] and "Meridian" not in kaveri[1] and "Harbor" not in kaveri[1], kaveri


def test_a_cancelled_booking_is_not_still_on(demo: App) -> None:
    [(by, reply)] = talk(demo, "cancelled", "my haircut on saturday, is it still going ahead?")
    assert by == "reader" and reply.startswith("No: it was cancelled"), reply
    assert "Sharp Cuts Salon" in reply and not reply.startswith("Yes"), reply


def test_anything_else_asks_more_of_the_day_or_what_more_is_wanted(demo: App) -> None:
    eye, more, owed, what = talk(demo, "more", "is the eye test on Monday?", "anything else?",
                                 "what do I owe Meridian?", "anything else?")
    assert "ClearSight" in eye[1], eye
    # one thing asked of on a day: "anything else?" is the rest of that day
    assert "Book club planning" in more[1] and "ClearSight" in more[1], more
    assert "43,891.53" in owed[1], owed
    assert what[1].startswith("Anything else about what?"), what


def test_a_new_kind_of_place_is_asked_of_itself_and_the_later_of_two_is_picked(demo: App) -> None:
    vet, garage, later = talk(demo, "garage", "what about the vet, is it tomorrow?", "and what day is the garage?",
                              "the later one")
    assert "Pawsome Vets" in vet[1], vet
    assert "AutoFix Garage" in garage[1] and "Pawsome" not in garage[1], garage
    assert later[1].startswith("AutoFix Garage") and "Fri 11 Dec" in later[1] and "Tue 8 Dec" not in later[1], later


def test_a_reaction_said_between_is_small_talk(demo: App) -> None:
    said = talk(demo, "reactions", "ugh, annoying", "great stuff, cheers")
    assert [by for by, _ in said] == ["small_talk", "small_talk"], said


def test_the_day_a_bill_is_due_asked_in_a_word_is_of_the_bill_before(demo: App) -> None:
    bill, deadline = talk(demo, "deadline", "how much is the Thameside bill?", "deadline?")
    assert "Thameside" in bill[1], bill
    assert deadline[0] == "reader" and "Thameside" in deadline[1] and "due" in deadline[1], deadline
