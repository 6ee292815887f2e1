"""Kinds of question once refused whole, now answered from the person's own data (the demo home and the
second sample home, clocks pinned, no model), each in fresh words: invitations not yet answered, a week
said loosely, a booking named by a word of its mail (a pet's name, a flight's number), "remind me when
..." asked to be told now, and a topic said in words no message uses (found by meaning, or left to a
model: never other mail)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chat_helpers import ask
from steward.app import App
from steward.demo import build_demo_home
from steward.reader.match import travel_number
from steward.reader.read import remind_me_asks

NOW = "2026-12-02T08:30:00+05:30"
SECOND_NOW = "2026-12-03T19:40:00+11:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    """The second sample home (other names, country and providers), with no model configured."""
    built = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(built, mailbox="second")
    return built


@pytest.mark.parametrize("text", ["did anybody send me an invite?", "any invitations still waiting on an answer from me?",
                                  "anything I need to RSVP to?"])
def test_an_invitation_is_listed_when_invitations_are_asked_about(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Priya Sharma" in reply and "invitation" in reply, reply
    assert "Pawsome" not in reply, reply  # a booking is no invitation


def test_an_invitation_is_no_booking(demo: App) -> None:
    _, reply = ask(demo, "which bookings have I got coming up?")
    assert "Pawsome Vets" in reply and "Priya Sharma" not in reply, reply


@pytest.mark.parametrize("text", ["how is my week shaping up?", "what does the week ahead hold?",
                                  "anything on in the days ahead"])
def test_a_week_said_loosely_is_the_next_seven_days(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "next 7 days" in reply, reply
    assert "Pawsome Vets" in reply and "Saffron Table" in reply and "Riverside Physio" not in reply, reply


@pytest.mark.parametrize("text", ["when is Biscuit booked in?", "what time is biscuit's appointment"])
def test_a_booking_named_by_a_word_of_its_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Pawsome Vets" in reply and "09:15" in reply, reply
    assert "Saffron" not in reply, reply


def test_a_name_in_no_bookings_mail_is_still_said_not_found(demo: App) -> None:
    _, reply = ask(demo, "when is Bartholomew booked in?")
    assert "nothing called" in reply and "Pawsome" not in reply, reply


@pytest.mark.parametrize(("token", "number"), [("AP417", True), ("ba283", True), ("9W123", True), ("U21234", True),
                                               ("Q4", False), ("2026", False), ("10am", False), ("mp3", False)])
def test_a_travel_number_is_shaped_like_one(token: str, number: bool) -> None:
    assert travel_number(token) is number


def test_a_flight_named_by_its_number(second: App) -> None:
    handled_by, reply = ask(second, "what time is AP417 leaving?")
    assert handled_by == "reader" and ("AP 417" in reply or "Austral" in reply), reply
    assert not {"Tavola", "Brunswick", "Murray"} & set(reply.split()), reply  # that flight alone
    _, reply = ask(second, "has QZ902 been moved?")
    assert "nothing called \u2018QZ902\u2019" in reply, reply  # a number no booking's mail says names none


@pytest.mark.parametrize(("text", "question"), [
    ("could you remind me what time the vet is?", "what time the vet is?"),
    ("remind me where the physio is", "where the physio is?"),
    ("remind me when I get to the office to ring the plumber", None),
    ("remind me tomorrow at 9 to water the ferns", None)])
def test_remind_me_asking_to_be_told_now(text: str, question: str | None) -> None:
    assert remind_me_asks(text) == question


def test_remind_me_when_a_booking_is_is_answered_now(demo: App) -> None:
    handled_by, reply = ask(demo, "can you remind me when the vet is?")
    assert handled_by == "reader" and "Pawsome Vets" in reply, reply
    handled_by, _ = ask(demo, "remind me when I get to the office to ring the plumber")
    assert handled_by == "reminder_creation"


@pytest.mark.parametrize(("text", "found"), [("the email about the supply being cut off", "City Water Board"),
                                             ("the email about the tenancy agreement", "lease")])
def test_a_topic_in_words_no_message_uses_is_found_by_meaning(demo: App, text: str, found: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and found in reply and "nearest in meaning" in reply, reply


def test_a_topic_nothing_is_near_is_never_answered_with_other_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "the email about the unicorn farm")
    # searched by its words and its meaning, it is said plainly not found: no other mail is shown for it
    assert reply.startswith("I can't find any mail about \u2018unicorn farm\u2019") and "\n-" not in reply, reply


def _lone_names(app: App, slot: str, value: str) -> set[str]:
    return {p[0] for v in app.slot_lists.lists().of_slot(slot) if v.value == value for p in v.names if len(p) == 1}


def test_an_everyday_word_is_no_name_alone(demo: App) -> None:
    # "Book club planning" in an invitation, "Sharp" of Sharp Cuts Salon: words, not names, alone
    assert "book" not in _lone_names(demo, "provider", "Priya Sharma") and "priya" in _lone_names(
        demo, "provider", "Priya Sharma")
    assert not {"sharp", "cuts"} & (_lone_names(demo, "provider", "Sharp Cuts Salon")
                                    | _lone_names(demo, "sender", "Sharp Cuts Salon"))
    handled_by, reply = ask(demo, "how sharp is the new kitchen knife?")
    assert handled_by != "reader" and "Sharp Cuts" not in reply, reply


@pytest.mark.parametrize(("text", "who"), [("anything from sharp cuts lately?", "Sharp Cuts Salon"),
                                           ("show me emails from the library", "City Library")])
def test_a_business_is_still_named_by_its_own_words(demo: App, text: str, who: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and who in reply, reply


@pytest.mark.parametrize(("text", "topic"), [("any emails about the school trip?", "school trip"),
                                             ("messages about the party this week", "party")])
def test_a_topic_asked_of_an_empty_mailbox_is_said_of_that_topic(app_in_own_home: Callable[[str, str], App],
                                                                 text: str, topic: str) -> None:
    empty = app_in_own_home("Europe/London", "2026-12-02T09:00:00+00:00")
    handled_by, reply = ask(empty, text)
    assert handled_by == "reader" and f"No mail is about \u2018{topic}\u2019" in reply, reply
    assert "came in" not in reply, reply


THIRD_NOW = "2026-12-07T07:40:00-05:00"


@pytest.fixture(scope="module")
def third(app_in_own_home: Callable[[str, str], App]) -> App:
    """The third sample home (Toronto), whose mail holds bookings Steward reads no time from."""
    built = app_in_own_home("America/Toronto", THIRD_NOW)
    build_demo_home(built, mailbox="third")
    return built


@pytest.mark.parametrize(("text", "sender"), [("what have I got on sunday the 13th?", "Invitely"),
                                              ("am I free on the evening of the 17th", "Aisling Byrne")])
def test_a_day_is_never_said_empty_or_free_while_mail_gives_a_time_in_it(third: App, text: str, sender: str) -> None:
    # the mail is an invitation, read as one: shown on its day as an invitation, never "nothing on" or "free"
    handled_by, reply = ask(third, text)
    assert handled_by == "reader" and "invitation" in reply and sender in reply, reply
    assert "Nothing on" not in reply and "you're free" not in reply, reply


def test_a_day_whose_mail_was_read_as_a_cancelled_booking_is_still_empty(third: App) -> None:
    _, reply = ask(third, "what have I got on wednesday the 9th?")
    assert "can't say" not in reply and "Danforth" not in reply.split("\n")[0], reply


def test_a_thing_mail_mentions_that_no_booking_was_read_from_is_never_said_missing(third: App) -> None:
    handled_by, reply = ask(third, "when is Maya's birthday party?")
    # read as an invitation since: that invitation, said as one
    assert handled_by == "reader" and "Sun 13 Dec at 14:00" in reply and "invitation" in reply, reply


def test_a_bill_due_makes_no_part_of_a_day_busy(third: App) -> None:
    # a bill is due on a day, at no hour: asked of an evening, it is not what is on then
    _, reply = ask(third, "am I free on the evening of the 14th?")
    assert "bill due" not in reply, reply
    _, whole = ask(third, "what's on monday the 14th?")
    assert "bill due" in whole, whole
