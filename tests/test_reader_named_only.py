"""A question that names a thing is answered about that thing alone: every word that names something (a kind
of entry, a kind of place, a person, a place a journey comes from or goes to) is held by what the answer is
about, or the answer says what it looked for and did not find, with the nearest things held. A thing held
under another word ("the optician" for an eye-care practice) is answered, never said to be missing. Asked
of three sample homes (the demo's, the second mailbox's and the sixth's), no model."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home
from steward.reader import honesty
from steward.reader.answer import Answer
from steward.reader.frame import Frame, Named, SlotValue
from steward.reader.words import load_words

DEMO_NOW = "2026-12-02T08:30:00+05:30"
SECOND_NOW = "2026-12-03T19:40:00+11:00"
SIXTH_NOW = "2027-01-21T07:20:00+02:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(built, mailbox="second")
    return built


@pytest.fixture(scope="module")
def sixth(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Africa/Johannesburg", SIXTH_NOW)
    build_demo_home(built, mailbox="sixth")
    return built


def ask(app: App, text: str) -> str:
    return app.engine.turn(text, session=f"s-{text}", dry_run=True).reply


# -- the rule itself, on records built here ----------------------------------------------------------------

def _bookings(*lines: str) -> Answer:
    return Answer("\n".join(["Ahead:", *lines]), {"appointments": list(lines)})


def test_a_kind_of_entry_no_record_holds_is_unaccounted() -> None:
    rw = load_words()
    frame = Frame(text="when is the chess tournament?", domain="appointments", ask="when",
                  things=("tournament",))
    answer = _bookings("- Sat 9 Jan at 10:00 Fade Room Barbers appointment: on your calendar")
    assert honesty.unaccounted(frame, answer, rw) == ("tournament",)
    said = honesty.not_held(frame, ("tournament",), answer)
    assert said.reply.startswith("I can't find any tournament"), said.reply
    assert "Fade Room Barbers" in said.reply and "waiting" not in said.data


def test_a_thing_held_under_another_word_of_its_group_or_kind_is_accounted() -> None:
    rw = load_words()
    # "fixture" is a word of the group "match" belongs to; "dentist" is a word of a dental practice's kind
    fixture = Frame(text="when's the hockey match?", domain="appointments", ask="when", things=("match",))
    assert honesty.unaccounted(fixture, _bookings("- Sat 9 Jan at 08:00 Under-11 league fixture"), rw) == ()
    dentist = Frame(text="when's my dentist?", domain="appointments", ask="when", kinds=("dentist",))
    assert honesty.unaccounted(dentist, _bookings("- Mon 11 Jan at 09:00 Harbourside Dental Practice"), rw) == ()


def test_a_person_named_that_no_record_says_is_unaccounted() -> None:
    rw = load_words()
    tomasz = SlotValue("sender", "Tomasz Nowak", "Tomasz Nowak", (("tomasz", "nowak"), ("tomasz",)))
    frame = Frame(text="when's dinner with Tomasz?", domain="appointments", ask="when", kinds=("table",),
                  filters=(Named("Tomasz", (tomasz,), "words"),))
    answer = _bookings("- Fri 8 Jan at 19:00 Table at Olive Grove: found in your mail")
    assert honesty.unaccounted(frame, answer, rw) == ("Tomasz",)
    said = honesty.not_held(frame, ("Tomasz",), answer).reply
    # the table is shown as the nearest thing held, never as Tomasz's
    assert said.startswith("I can't find anything for Tomasz"), said
    assert "The nearest I hold:" in said and "Olive Grove" in said, said


def test_a_country_said_of_a_journey_is_held_by_its_airport() -> None:
    rw = load_words()
    frame = Frame(text="when do I fly to Portugal?", domain="appointments", ask="when", kinds=("flight",),
                  places=("Portugal",))
    assert honesty.unaccounted(frame, _bookings("- Flight TP 1351 LHR → LIS leaves Mon 4 Jan at 07:00"), rw) == ()
    assert honesty.unaccounted(frame, _bookings("- Flight BA 117 LHR → JFK leaves Mon 4 Jan at 07:00"), rw) \
        == ("Portugal",)


def test_an_answer_that_lists_no_records_is_left_alone() -> None:
    rw = load_words()
    frame = Frame(text="when is the chess tournament?", domain="appointments", ask="when", things=("tournament",))
    assert honesty.unaccounted(frame, Answer("Nothing ahead."), rw) == ()


# -- in the homes ---------------------------------------------------------------------------------------------

def test_a_child_s_game_is_never_answered_with_their_haircut(sixth: App) -> None:
    reply = ask(sixth, "Kabelo's rugby game, when is it?")
    assert reply.startswith("I can't find any"), reply
    assert "Shall I add" not in reply, reply


def test_the_way_back_from_a_country_is_the_journey_that_leaves_it(sixth: App) -> None:
    reply = ask(sixth, "when do we fly back from Mauritius?")
    assert "IW 219" in reply and "19:10" in reply, reply
    assert "KA 328" not in reply, reply


def test_a_journey_to_a_country_is_found_by_its_airport(sixth: App) -> None:
    reply = ask(sixth, "when's my flight to Mauritius?")
    assert "IW 218" in reply and "09:55" in reply, reply
    assert "KA 311" not in reply, reply


def test_a_meal_with_a_friend_is_never_answered_with_something_else_of_theirs(demo: App) -> None:
    reply = ask(demo, "when am I having lunch with Priya?")
    assert reply.startswith("I can't find any lunch"), reply
    assert "Book club planning" in reply, reply  # what is held of hers, shown as the nearest, not as the answer


def test_a_kind_of_place_asked_of_the_calendar_is_answered_with_its_booking(demo: App) -> None:
    # the calendar holds no entry for it; the booking found in mail, of a practice that calls itself eye care
    reply = ask(demo, "is the optician on my calendar?")
    assert "ClearSight Eye Care" in reply and "10:30" in reply, reply
    assert "can't find" not in reply and "nothing" not in reply.lower(), reply


def test_a_dental_practice_answers_a_question_about_the_dentist(second: App) -> None:
    reply = ask(second, "when is my dentist booked?")
    assert "Southbank Smiles Dental" in reply and "08:45" in reply, reply
    assert "can't find" not in reply, reply


def test_a_secret_is_never_answered_with_a_bill(sixth: App) -> None:
    trace = sixth.engine.turn("what's the password for the fibre router?", session="s-secret", dry_run=True)
    assert trace.handled_by != "reader", trace.reply
    assert "Kelp Fibre" not in trace.reply, trace.reply
