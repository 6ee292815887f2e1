"""An evening's conversation with the reader on the second sample home (Jordan's mail, Melbourne, no model, the
clock pinned on Thu 3 Dec 2026, 19:40): a slot asked alone after a thing ("what's the address?", "where
from?", "what time?") is that thing's; a correction ("no sorry, I meant the other card", "I mean the vet")
asks the question before again of what it names now; "going back to the train, ..." returns to a thing asked
of earlier; "never mind that." before a question cancels nothing; a booking that was cancelled is never "still
on"; and an everyday word of a newsletter's name ("how long ...?") names no one.

Each conversation is one recorded session, read one turn at a time as `steward chat` reads it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conversation_turns import Say, misses
from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-12-03T19:40:00+11:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    """The second sample home, built once for the module, with no model configured."""
    built = app_in_own_home("Australia/Melbourne", NOW)
    build_demo_home(built, mailbox="second")
    return built


EVENING = (
    Say("hey", by="small_talk"),
    Say("what have I got on Saturday?", ("Brunswick Vet Clinic", "10:00")),
    # a slot asked alone is asked of the thing just named, never of the clock or of everything
    Say("the vet one, what time?", ("10:00", "Brunswick Vet Clinic")),
    Say("what's the address?", ("77 Lygon St",), ("Noor Haddad", "can't answer")),
    Say("ta", by="small_talk"),
    Say("when does my train leave?", ("07:05", "Sat 12 Dec")),
    Say("where from?", ("Southern Cross",), ("can't answer",)),
    Say("ok, how much do I owe Wattle Bank?", ("2,418.60",), ("Lyrebird",)),
    # a correction asks the question before of what it names now, and the next turn is about that one
    Say("no sorry, I meant the Lyrebird card", ("864.15",), ("Wattle", "can't answer")),
    Say("is that paid automatically?", ("Yes", "Lyrebird"), ("Wattle",)),
    Say("which of my bills are overdue?", ("Yarra Edge Energy", "Zuidkust Bank")),
    # "long" is an everyday word, not the newsletter called The Long Weekend
    Say("how long overdue is it?", ("OVERDUE",), ("The Long Weekend",)),
    # back to a thing asked of before, with a question of its own about it
    Say("let's go back to the train, what time does it get in?", ("10:32",), ("Wattle", "Yarra")),
    # a booking its mail cancelled is no booking still on
    Say("is the physio on Friday still on?", ("No", "cancelled"), ("Yes",)),
    Say("thanks mate", by="small_talk"),
    # "never mind that." closes what was said before; the question after it is read, nothing is cancelled
    Say("never mind that. anything from Noor today?", ("Noor Haddad", "Pistachio"), ("reminder",), by="reader"),
)


def test_an_evening_of_fragments_corrections_and_returns(second: App) -> None:
    assert misses(second, "evening", EVENING) == []


def test_a_correction_may_say_another_kind_of_booking_or_only_another_day(second: App) -> None:
    turns = (
        Say("what time's the dentist?", ("08:45", "Southbank Smiles")),
        Say("no, I meant the vet", ("10:00", "Brunswick Vet Clinic"), ("Southbank",)),
        Say("what's on tomorrow?", ("Tavola Nera",)),
        # only a day said in the correction: the question before, on that day
        Say("sorry, I mean Saturday", ("Brunswick Vet Clinic",), ("Tavola Nera",)),
    )
    assert misses(second, "corrections", turns) == []


def test_a_correction_that_reads_as_nothing_asks_what_was_meant(second: App) -> None:
    turns = (
        Say("how much do I owe Wattle Bank?", ("2,418.60",)),
        Say("no, I meant the thingy", ("What did you mean",), ("2,418.60",)),
    )
    assert misses(second, "vague", turns) == []


def test_the_journey_home_stays_the_one_pointed_at_and_a_moved_flight_says_its_old_time(second: App) -> None:
    turns = (
        Say("when do I fly to Auckland?", ("09:25", "Fri 18 Dec")),
        Say("what was it before?", ("06:55",)),
        Say("and coming home?", ("AP 422", "Mon 28 Dec"), ("I can't tell",)),
        # "that one" is the journey home just shown, never the flight out
        Say("what time does that one land?", ("AP 422", "19:00"), ("09:25",)),
    )
    assert misses(second, "journeys", turns) == []


def test_the_next_one_after_a_thing_picked_from_a_list_is_the_one_listed_after_it(second: App) -> None:
    turns = (
        Say("which bills are overdue?", ("Yarra Edge Energy", "Zuidkust Bank")),
        Say("the first one", ("Yarra Edge Energy",), ("Zuidkust",)),
        Say("and the next one?", ("Zuidkust Bank", "1,187.40"), ("Yarra Edge",)),
    )
    assert misses(second, "next", turns) == []


def test_a_reminder_set_between_leaves_the_bills_asked_about_and_another_kind_is_asked_of_itself(second: App) -> None:
    turns = (
        Say("when is the Corella Water bill due?", ("Tue 22 Dec", "198.30")),
        Say("remind me to pay that on the 20th", ("Sun, 20 Dec 2026", "Corella Water"), by="reminder_creation"),
        # the frame before the reminder still stands, and a kind of bill said alone is that kind, not the water
        Say("and the insurance?", ("Banksia Mutual", "1,146.20"), ("Corella",)),
    )
    assert misses(second, "reminder-between", turns) == []


def test_a_day_doubted_is_checked_against_the_thing_and_by_when_asks_its_day(second: App) -> None:
    turns = (
        Say("when's the vet?", ("Sat 5 Dec", "10:00")),
        # the day the person had in mind is said to hold nothing of it, and the day it is on is given
        Say("I had it down as Friday?", ("anything on Friday on", "Sat 5 Dec"), ("Tavola Nera",)),
        Say("what do I owe Wattle Bank?", ("2,418.60",)),
        Say("by when?", ("Sat 12 Dec",), ("It's",)),
    )
    assert misses(second, "doubted", turns) == []


def test_a_nod_before_a_change_to_a_reminder_is_no_part_of_it(second: App) -> None:
    turns = (
        Say("remind me to call the storage place at 5pm", ("17:00", "call the storage place")),
        Say("hmm, make it 5:30", ("17:30", "call the storage place"), by="reminder_management"),
        Say("ok, push it to 6", ("18:00",), by="reminder_management"),
        Say("never mind, cancel it", ("Cancelled", "call the storage place"), by="reminder_management"),
    )
    assert misses(second, "nods", turns) == []


def test_there_asked_after_a_day_is_the_place_of_the_one_thing_on_it(second: App) -> None:
    turns = (
        Say("anything on Saturday?", ("Brunswick Vet Clinic",)),
        Say("and how do I find the address there?", ("77 Lygon St",), ("Coming up",)),
    )
    assert misses(second, "there", turns) == []
