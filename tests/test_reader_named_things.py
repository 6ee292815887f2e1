"""A question that names a thing in words the reader does not know ("the blender", "my travel claims", "Dad's
70th") is answered about that thing or not at all: a bill or a message the answer shows holds its words, or
the reply says what was looked for and shows the mail that says it, else what is held instead; never every
bill, or a person's other mail, as if it were the thing asked. Words that name nothing ("the card ending
...", "the storage mob", "abeg") are no things. Asked of several sample homes, no model."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home
from steward.reader import honesty
from steward.reader.answer import Answer
from steward.reader.frame import Frame, Named, SlotValue
from steward.reader.words import load_words

SECOND_NOW = "2026-12-03T19:40:00+11:00"
FIFTH_NOW = "2026-12-15T07:45:00+03:00"
SEVENTH_NOW = "2027-03-08T07:30:00+08:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(built, mailbox="second")
    return built


@pytest.fixture(scope="module")
def fifth(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Africa/Nairobi", FIFTH_NOW)
    build_demo_home(built, mailbox="fifth")
    return built


@pytest.fixture(scope="module")
def seventh(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Asia/Singapore", SEVENTH_NOW)
    build_demo_home(built, mailbox="seventh")
    return built


def ask(app: App, text: str) -> str:
    return app.engine.turn(text, session=f"s-{text}", dry_run=True).reply


# -- which words name a thing --------------------------------------------------------------------------------

def _frame(text: str, *unknown: str, domain: str = "money", filters: tuple[Named, ...] = ()) -> Frame:
    return Frame(text=text, domain=domain, ask="how_much", unknown=unknown, filters=filters)


@pytest.mark.parametrize(("text", "unknown", "things"), [
    ("what did the blender cost me?", ("blender",), ("blender",)),
    ("how much were my travel claims?", ("travel", "claims"), ("travel claims",)),
    ("what was the cost of our garden hose", ("garden", "hose"), ("garden hose",)),
    ("when is Dad's 70th?", ("70th",), ("70th",)),
    ("any news about the marathon?", ("marathon",), ("marathon",)),
])
def test_words_said_in_a_phrase_that_names_a_thing_are_things(text: str, unknown: tuple[str, ...],
                                                              things: tuple[str, ...]) -> None:
    assert honesty.named_things(_frame(text, *unknown), load_words()) == things


@pytest.mark.parametrize(("text", "unknown"), [
    ("have I forgotten paying something?", ("forgotten", "paying")),   # a verb, in no phrase of a thing
    ("what's owed on the card ending 4471?", ("ending",)),              # how a card is said
    ("what does the council mob want from me", ("mob",)),              # a word for a business's people
    ("abeg, what's my phone bill", ("abeg",)),                         # a word said before the question
    ("what's the minimum on my mastercard?", ("mastercard",)),         # a card's network, the answerer's own
    ("how much is left on the Platinum", ("platinum",)),               # a card's tier
])
def test_words_that_name_nothing_are_no_things(text: str, unknown: tuple[str, ...]) -> None:
    assert honesty.named_things(_frame(text, *unknown), load_words()) == ()


def test_a_name_looked_up_is_no_thing_of_its_own() -> None:
    mum = SlotValue("sender", "Teo Siew Lan", "Teo Siew Lan", (("mum",),))
    frame = _frame("what did mum's neighbour say", "neighbour", domain="mail",
                   filters=(Named("mum's", (mum,), "words"),))
    assert honesty.named_things(frame, load_words()) == ("neighbour",)
    frame = _frame("anything from Priyanka?", "priyanka", domain="mail")
    assert honesty.named_things(frame, load_words()) == ()  # said after "from": a name, looked up by the answerer


def test_a_thing_is_held_by_a_record_holding_all_its_words_or_its_group() -> None:
    rw = load_words()
    texts = ["- Orbit Telecom telecom: $60.00 due Fri 4 Dec", "Renewal notice: home policy, no claim discount"]
    assert honesty.unheld(("travel claims",), texts, rw) == ("travel claims",)  # "claim" alone is not enough
    assert honesty.unheld(("renewal",), texts, rw) == ()
    assert honesty.unheld(("booster",), ["Time for Biscuit's vaccination"], rw) == ()  # a word of its group


# -- answered over the sample homes --------------------------------------------------------------------------

@pytest.mark.parametrize(("home", "text", "amount"), [
    ("seventh", "what did the rice cooker cost?", "129.00"),
    ("seventh", "how much were the children's books", "42.80"),
    ("second", "how much did the headphones come to?", "312.00"),
    ("second", "what did I pay for the cast iron pan", "89.95"),
    ("fifth", "how much was the blender", "7,450"),
])
def test_a_purchase_asked_of_money_is_found_in_the_mail_that_says_it(home: str, text: str, amount: str,
                                                                     request: pytest.FixtureRequest) -> None:
    reply = ask(request.getfixturevalue(home), text)
    assert amount in reply, reply
    assert "What you owe" not in reply and "Total:" not in reply, reply  # never every bill in its place


@pytest.mark.parametrize(("home", "text"), [
    ("seventh", "how much was the lawnmower?"),
    ("second", "when is my snorkelling gear due"),
    ("fifth", "how much did the trampoline cost me"),
])
def test_a_thing_no_bill_or_mail_says_is_said_not_found(home: str, text: str, request: pytest.FixtureRequest) -> None:
    reply = ask(request.getfixturevalue(home), text)
    assert reply.startswith("I can't find"), reply
    assert "What you owe" not in reply, reply


def test_a_thing_asked_of_one_persons_mail_that_anothers_mail_names_is_shown_there(seventh: App) -> None:
    # the birthday is in the brother's mail, not the mother's: shown from his, with its day
    reply = ask(seventh, "when's mum's 60th party?")
    assert ("2 April" in reply or "2 Apr" in reply) and "60th" in reply, reply
    assert not reply.startswith("2 messages from"), reply


@pytest.mark.parametrize(("home", "text", "held"), [
    ("seventh", "what's owed on the card ending 6038?", "3,482.16"),
    ("seventh", "abeg, how much is my phone bill", "68.90"),
    ("second", "how much is the Wattle Mastercard bill", "Wattle"),
])
def test_words_that_name_nothing_leave_the_answer_as_it_is(home: str, text: str, held: str,
                                                           request: pytest.FixtureRequest) -> None:
    reply = ask(request.getfixturevalue(home), text)
    assert held in reply and not reply.startswith("I can't find"), reply


def test_a_thing_of_a_booking_said_in_words_no_vocabulary_holds_is_looked_for_in_the_bookings() -> None:
    rw = load_words()
    lines = ["- Sat 9 Jan at 10:00 Clayworks Pottery Studio: on your calendar",
             "- Mon 11 Jan at 09:00 Harbourside Dental Practice"]
    answer = Answer("\n".join(["Ahead:", *lines]), {"appointments": lines})
    held = Frame(text="when's the pottery class?", domain="appointments", ask="when", things=("class",),
                 unknown=("pottery",))
    assert "pottery" not in honesty.unaccounted(held, answer, rw)
    kiln = Frame(text="when's the kiln firing?", domain="appointments", ask="when", unknown=("kiln", "firing"))
    assert honesty.unaccounted(kiln, answer, rw) == ("kiln firing",)
    said = honesty.not_held(kiln, ("kiln firing",), answer).reply
    assert said.startswith("I can't find any kiln firing"), said
