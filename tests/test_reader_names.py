"""Every thing a home holds, asked by the names a person uses for it (bench/names.py's kinds of failure): an event
a club or a school told of, by its title's words; one of a provider's several things, by the words of its title;
a name a bill and a booking share, the booking's when WHEN or WHERE or a kind of event is asked, the bill's
in a word of money, else asked which; a sender's mail by their whole name,
never every mail holding one of the question's words; "is it still on?" and "where is it?" after the journey to a
place, of that journey alone; "what time?" after a kind of event said, that event's time. Asked of the second,
fifth, sixth and tenth sample homes, no model."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chat_helpers import demo_home_at, last_turn
from sample_homes import EIGHTH, TWELFTH
from steward.app import App


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Australia/Melbourne", "2026-12-03T19:40:00+11:00", "second")


@pytest.fixture(scope="module")
def fifth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Africa/Nairobi", "2026-12-15T07:45:00+03:00", "fifth")


@pytest.fixture(scope="module")
def sixth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Africa/Johannesburg", "2027-01-21T07:20:00+02:00", "sixth")


@pytest.fixture(scope="module")
def tenth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Europe/Dublin", "2027-06-10T07:35:00+01:00", "tenth")


@pytest.mark.parametrize("turns", [("when is the early closing",), ("when is the early closing", "what time?")])
def test_a_told_event_is_named_by_its_titles_words(tenth: App, turns: tuple[str, ...]) -> None:
    by, reply = last_turn(tenth, *turns)
    assert by == "reader" and "early closing" in reply and "18 Jun" in reply and "13:00" in reply
    assert "Picnic" not in reply


@pytest.mark.parametrize("turns", [("when is the teddy bears picnic",),
                                   ("what is the schedule of the next little acorns creche picnic",)])
def test_one_of_a_providers_things_is_named_by_the_words_of_its_title(tenth: App, turns: tuple[str, ...]) -> None:
    by, reply = last_turn(tenth, *turns)
    assert "Teddy Bears Picnic" in reply and "11 Jun" in reply
    assert "early closing" not in reply and "886" not in reply


def test_a_shows_name_that_holds_a_bills_word_is_the_show(tenth: App) -> None:
    # "lights" is a word of the electricity bill, here inside the name of the show the tickets are for
    by, reply = last_turn(tenth, "what date is harbour lights on?")
    assert by == "reader" and "19 Jun" in reply and "Lumen" not in reply, reply
    by, reply = last_turn(tenth, "what date is harbour lights on?", "and where's that?")
    assert "Marrowbone Lane" in reply and "Lumen" not in reply, reply


def test_a_name_a_bill_and_a_booking_share_is_asked_which(tenth: App) -> None:
    # WHEN asked of it is the booking's (and of its things, the one whose title the question says); money asked
    # is the bill's; neither, it is asked which
    reply = last_turn(tenth, "when is the little acorns creche closing")[1]
    assert "early closing" in reply and "18 Jun" in reply and "886" not in reply and "Picnic" not in reply
    assert "886" in last_turn(tenth, "how much do I owe little acorns creche")[1]
    by, reply = last_turn(tenth, "what about little acorns creche?")
    assert reply.endswith("?") and "886" not in reply and "Jun" not in reply


def test_a_word_spelled_near_another_name_is_held_by_the_title_that_says_it(sixth: App) -> None:
    for turns in (("when will the junior ballet start",), ("when will the junior ballet start", "what time?")):
        reply = last_turn(sixth, *turns)[1]
        assert "Junior Ballet" in reply and "15:30" in reply
        assert "Observatory" not in reply and "league" not in reply


@pytest.mark.parametrize("text", ["check all emails from banksia mutual", "check for all emails from tavola nera"])
def test_a_senders_mail_is_theirs_alone(second: App, text: str) -> None:
    by, reply = last_turn(second, text)
    assert by == "reader" and "any of them" not in reply
    named = text.rsplit("from ", 1)[1]
    assert named.split()[0] in reply.casefold() and "Southbank" not in reply


@pytest.mark.parametrize("follow", ["is it still on?", "where is it?", "what time?"])
def test_after_the_flight_to_a_place_it_is_that_flight(second: App, follow: str) -> None:
    reply = last_turn(second, "when is the flight to melbourne", follow)[1]
    assert "AP 422" in reply and "AP 417" not in reply


def test_what_time_after_a_kind_of_event_is_its_time(fifth: App) -> None:
    reply = last_turn(fifth, "when is the gala", "what time?")[1]
    assert "08:30" in reply and "It's 07:45" not in reply
    assert last_turn(fifth, "when is the gala", "what time is it?")[1].startswith("It's")


@pytest.fixture(scope="module")
def third(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "America/Toronto", "2026-12-07T07:40:00-05:00", "third")


def test_a_name_said_after_the_is_also_the_one_without_it(third: App) -> None:
    # The Leslieville Ledger (a newsletter) and Leslieville Animal Hospital (the vet): "the leslieville" is either
    by, reply = last_turn(third, "when is the leslieville appointment scheduled")
    assert "Animal Hospital" in reply and "17:15" in reply and "Ledger" not in reply
    by, reply = last_turn(third, "what did the leslieville send?")
    assert reply.endswith("?") and "Ledger" in reply and "Animal Hospital" in reply
    assert "Ledger" in last_turn(third, "anything from the leslieville ledger?")[1]


@pytest.fixture(scope="module")
def seventh(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, "Asia/Singapore", "2027-03-08T07:30:00+08:00", "seventh")


@pytest.fixture(scope="module")
def eighth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, EIGHTH.zone, EIGHTH.now, "eighth")


def test_a_game_no_league_counts_is_an_event(seventh: App) -> None:
    # "the friendly": a club's match by the word its title says, and its hour asked next
    for turns in (("when's the friendly?",), ("when's the friendly?", "what time?")):
        reply = last_turn(seventh, *turns)[1]
        assert "13 Mar" in reply and "08:30" in reply and "It's" not in reply


def test_a_status_asked_in_a_phrase_that_holds_a_calendar_word_is_a_status(eighth: App) -> None:
    # "still happening" asks whether a thing stands; "happening" alone would be what the calendar holds
    by, reply = last_turn(eighth, "is the workshop still happening?")
    assert "19 Apr" in reply and "15:00" in reply and not reply.endswith("your schedule?")


def test_a_kind_of_place_with_a_calendar_word_is_its_booking(third: App) -> None:
    reply = last_turn(third, "when's the vet meeting?")[1]
    assert "Leslieville Animal Hospital" in reply and "7 Dec" in reply and "17:15" in reply
    assert "client meeting" not in reply and "School" not in reply


def test_a_flight_is_named_by_its_number_whatever_its_letters_spell(eighth: App) -> None:
    reply = last_turn(eighth, "when is the flight ng 2418 scheduled")[1]
    assert "NG 2418" in reply and "20 Apr" in reply and "NG 2417" not in reply


@pytest.fixture(scope="module")
def twelfth(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, TWELFTH.zone, TWELFTH.now, "twelfth")


def test_a_short_word_of_a_billers_name_names_its_bill(twelfth: App) -> None:
    # "Tui Energy": "tui" is no English word, so "the tui bill" is its bill, not its mail
    for text in ("when is the tui bill due?", "when is the tui bill scheduled"):
        by, reply = last_turn(twelfth, text)
        assert "286.41" in reply and "12 Aug" in reply and "message" not in reply
