"""What a short turn points at in the answer before (reader/pointing.py), and a greeting said before a
question (reader/read.py `without_aside`): pure, on views written here."""

from __future__ import annotations

from steward.reader.frame import Frame
from steward.reader.pointing import item_view, pointed, points_there, reply, the_other_listed
from steward.reader.read import follow_on, without_aside
from steward.reader.words import load_words

MAIL = {"kind": "mail", "head": "2 messages from Orchard Lane Bakery", "items": [
    {"id": 7, "sender": "orders@orchardlane.example", "sender_name": "Orchard Lane Bakery",
     "subject": "Your cake is ready", "day_text": "Tue 1 Dec", "time_text": "10:05",
     "snippet": "The lemon cake you ordered can be collected from noon.", "suspicious": False},
    {"id": 3, "sender": "orders@orchardlane.example", "sender_name": "Orchard Lane Bakery",
     "subject": "Order received", "day_text": "Fri 27 Nov", "time_text": "16:40", "snippet": "", "suspicious": False},
]}
DAYS = {"kind": "schedule", "head": "Coming up", "days": [
    {"day_text": "Thu 3 Dec", "items": [{"title": "Choir practice", "time_text": "19:00", "what": "event"}]},
    {"day_text": "Fri 4 Dec", "items": [{"title": "Gas bill due", "time_text": "", "what": "due",
                                         "amount_text": "£41.20"},
                                        {"title": "Pottery class", "time_text": "18:30", "what": "event"}]},
]}


def test_a_place_said_names_that_thing_of_the_list() -> None:
    second = pointed("the second one", DAYS)
    assert second is not None and reply(second) == "Gas bill due: Fri 4 Dec: £41.20."
    last = pointed("and the last one?", DAYS)
    assert last is not None and reply(last).startswith("Pottery class: Fri 4 Dec 18:30")
    oldest = pointed("the oldest one", MAIL)
    assert oldest is not None and "Order received" in reply(oldest)


def test_a_pronoun_asks_of_the_only_or_the_newest_thing_and_says_which() -> None:
    who = pointed("who sent it?", MAIL)
    assert who is not None and reply(who) == "All 2 came from Orchard Lane Bakery <orders@orchardlane.example>."
    about = pointed("what was that about?", MAIL)
    assert about is not None and reply(about).startswith("The newest of the 2 I listed: \u201cYour cake is ready\u201d")
    assert "lemon cake" in reply(about)
    when = pointed("when did it come in?", MAIL)
    assert when is not None and "Tue 1 Dec 10:05" in reply(when)


def test_a_pronoun_after_a_few_entries_answers_each_of_them() -> None:
    when = pointed("when is it?", DAYS)
    assert when is not None and reply(when).count("\n") == 2


def test_what_is_not_a_pointer_points_at_nothing() -> None:
    assert pointed("what time is it?", DAYS) is None  # the clock
    assert pointed("what about the 2nd?", DAYS) is None  # a day of the month, beside a list of days
    assert pointed("the second", DAYS) is None
    assert pointed("when does it get in?", DAYS) is None  # an arrival, for the travel answerer
    assert pointed("who sent the invoice from the plumber?", MAIL) is None  # names a thing of its own
    assert pointed("what was it about?", {"kind": "brief", "sections": []}) is None


def test_there_said_of_a_place_asked_points_at_the_thing_listed() -> None:
    one = {"kind": "schedule", "head": "Coming up", "days": [{"day_text": "Thu 3 Dec", "items": [
        {"title": "Choir practice", "time_text": "19:00", "what": "event", "location": "St Mary's Hall"}]}]}
    there = pointed("what's the address there?", one)
    assert there is not None and "St Mary's Hall" in reply(there)
    assert points_there("how do I get there?") and points_there("what's the address there?")
    # "there" that says something exists points at nothing
    assert not points_there("is there anything on where I live?") and not points_there("where is there parking?")
    assert pointed("is there anything else?", one) is None


def test_the_other_of_two_is_the_one_not_picked() -> None:
    first = pointed("the first one", MAIL)
    assert first is not None
    view = item_view(first, MAIL)
    other = the_other_listed("and the other one?", view)
    assert other is not None and other.items[0]["subject"] == "Order received"
    assert pointed("the last one", view) is not None  # a place still counts in the whole list


def test_a_greeting_or_a_nod_before_the_question_is_left_out() -> None:
    rw = load_words()
    assert without_aside("Morning! what's on today?", rw) == "what's on today?"
    assert without_aside("ok thanks, and the water bill?", rw) == "and the water bill?"
    assert without_aside("thanks!", rw) == "thanks!"
    assert without_aside("morning meetings this week?", rw) == "morning meetings this week?"
    assert without_aside("Ravi, did you see the invoice?", rw) == "Ravi, did you see the invoice?"


def test_what_the_question_before_asked_for_is_not_what_a_new_ask_wants() -> None:
    rw = load_words()
    before = Frame(text="what's the booking code for the ferry?", domain="appointments", ask="list",
                   kinds=("ferry",), flags=frozenset({"reference"}))
    after = follow_on("and when do we sail home?", before, None, rw)
    assert after is not None and after.ask == "when" and "reference" not in after.flags
    again = follow_on("and for the ferry back?", before, None, rw)
    assert again is not None and "reference" in again.flags
