"""A question that names a thing is answered about that thing or not at all. Every word that names something
(a kind of entry, a kind of place, a person, a place a journey comes from or goes to) is held by what the
answer is about, or the answer says what it looked for and did not find, with the nearest things held; a
thing held under another word ("the optician" for an eye-care practice) is answered, never said to be
missing. A thing named in words the reader does not know ("the blender", "my travel claims", "Dad's 70th")
is answered about that thing: a bill or a message the answer shows holds its words, or the reply says what
was looked for and shows the mail that says it, else what is held instead; never every bill, or a person's
other mail, as if it were the thing asked. Words that name nothing ("the card ending ...", "the storage
mob", "abeg") are no things. Asked of several sample homes (the demo's, the second, fifth, sixth and
seventh mailboxes'), no model."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chat_helpers import demo_home_at
from steward.app import App
from steward.reader import honesty
from steward.reader.answer import Answer
from steward.reader.frame import Frame, Named, SlotValue
from steward.reader.words import load_words

DEMO_NOW = "2026-12-02T08:30:00+05:30"
SECOND_NOW = "2026-12-03T19:40:00+11:00"
FIFTH_NOW = "2026-12-15T07:45:00+03:00"
SIXTH_NOW = "2027-01-21T07:20:00+02:00"
SEVENTH_NOW = "2027-03-08T07:30:00+08:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Australia/Melbourne", SECOND_NOW, "second")


@pytest.fixture(scope="module")
def fifth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Africa/Nairobi", FIFTH_NOW, "fifth")


@pytest.fixture(scope="module")
def sixth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Africa/Johannesburg", SIXTH_NOW, "sixth")


@pytest.fixture(scope="module")
def seventh(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Asia/Singapore", SEVENTH_NOW, "seventh")


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


# -- what the answer holds, on records built here ------------------------------------------------------------

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


def test_a_town_that_is_also_a_word_of_a_providers_name_is_held_by_a_journey_going_there() -> None:
    rw = load_words()
    inn = SlotValue("provider", "Casa do Mar Faro", "Casa do Mar Faro", (("casa", "do", "mar", "faro"), ("faro",)))
    frame = Frame(text="which gate for the flight to Faro?", domain="appointments", ask="which", kinds=("flight",),
                  filters=(Named("Faro", (inn,), "words"),))
    # the flight lands at FAO, Faro's airport: the town said is where it goes, not the guesthouse's name
    assert honesty.unaccounted(frame, _bookings("- Flight FR 8042 STN → FAO leaves Sat 9 Jan at 06:10"), rw) == ()
    # a table on a street of the same name is no answer about the guesthouse
    assert honesty.unaccounted(frame, _bookings("- Sat 9 Jan at 19:00 Table at Faro Street Grill"), rw) == ("Faro",)


def test_a_name_said_with_a_thing_is_held_by_a_record_whose_words_say_both() -> None:
    rw = load_words()
    it = SlotValue("sender", "Harbourview IT", "Harbourview IT", (("harbourview", "it"), ("harbourview",)))
    frame = Frame(text="when's the Harbourview picnic?", domain="schedule", ask="when", things=("picnic",),
                  filters=(Named("Harbourview", (it,), "words"),))
    assert honesty.unaccounted(frame, _bookings("- Sat 9 Jan at 12:00 Harbourview summer picnic"), rw) == ()
    # a record that says the name alone, of no picnic, is no answer about it: the picnic is what it leaves unsaid
    assert "picnic" in honesty.unaccounted(frame, _bookings("- Sat 9 Jan at 12:00 Harbourview Dental"), rw)


def test_an_answer_that_lists_no_records_is_left_alone() -> None:
    rw = load_words()
    frame = Frame(text="when is the chess tournament?", domain="appointments", ask="when", things=("tournament",))
    assert honesty.unaccounted(frame, Answer("Nothing ahead."), rw) == ()


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


def test_an_orthodontist_is_no_family_dentists_booking(second: App) -> None:
    # the practice is a dentist's: a specialist of braces asked about is not it
    reply = ask(second, "when do I see the orthodontist?")
    assert "08:45" not in reply, reply
