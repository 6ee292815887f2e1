"""A journey asked by its place alone, and mail asked for by a topic in known words (the third and fourth
sample homes, clocks pinned, no model), each in fresh words: the places the bookings go to are a slot
built from the store (a flight's city, a train's arrival, a stay's town, never home); a topic is looked
for by its words and its meaning together, or said plainly not found."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home

THIRD_NOW = "2026-12-07T07:40:00-05:00"
FOURTH_NOW = "2026-12-10T07:30:00+01:00"


@pytest.fixture(scope="module")
def third(app_in_own_home: Callable[[str, str], App]) -> App:
    """The third sample home (Toronto), with no model configured."""
    built = app_in_own_home("America/Toronto", THIRD_NOW)
    build_demo_home(built, mailbox="third")
    return built


@pytest.fixture(scope="module")
def fourth(app_in_own_home: Callable[[str, str], App]) -> App:
    """The fourth sample home (Berlin), with no model configured."""
    built = app_in_own_home("Europe/Berlin", FOURTH_NOW)
    build_demo_home(built, mailbox="fourth")
    return built


def ask(app: App, text: str) -> tuple[str, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


def test_the_places_of_the_journeys_are_a_slot_and_home_is_not_one(fourth: App) -> None:
    places = {v.value for v in fourth.slot_lists.lists().of_slot("trip")}
    assert {"Edinburgh", "Hamburg"} <= places and "Berlin" not in places, places


@pytest.mark.parametrize("text", ["when are we off to Edinburgh", "Edinburgh trip - what day do we go?",
                                  "when's our trip to edinburgh?"])
def test_a_trip_asked_by_its_place_is_the_journey_there(fourth: App, text: str) -> None:
    handled_by, reply = ask(fourth, text)
    assert handled_by == "reader" and "SK 431" in reply and "10:40" in reply, reply
    assert "SK 436" not in reply and "Nordbahn" not in reply, reply  # not the way home, not the other trip


def test_arriving_at_a_place_is_the_arrival_of_the_journey_there(fourth: App) -> None:
    _, reply = ask(fourth, "what time do we get to Edinburgh on the 19th?")
    assert "SK 431" in reply and "arrives" in reply, reply


def test_a_train_asked_by_its_town_alone(fourth: App) -> None:
    handled_by, reply = ask(fourth, "when do I go to Hamburg?")
    assert handled_by == "reader" and "Train Nordbahn" in reply and "07:04" in reply, reply
    assert "Freight Letter" not in reply, reply  # a newsletter that names the town is no journey


def test_a_place_with_an_accent_said_without_it(third: App) -> None:
    handled_by, reply = ask(third, "what time do I reach Montreal?")
    assert handled_by == "reader" and "Corridor Rail" in reply and "NV 118" not in reply, reply


def test_the_way_back_from_a_place_said_alone(third: App) -> None:
    _, reply = ask(third, "when do we come home from sao paulo?")
    assert "NV 119" in reply and "NV 118" not in reply, reply


def test_the_clock_of_a_place_is_still_the_clock(fourth: App) -> None:
    _, reply = ask(fourth, "what's the time in Edinburgh right now?")
    assert "SK 431" not in reply and "Edinburgh" in reply, reply


def test_a_topic_in_known_words_is_found_by_words_and_meaning(fourth: App) -> None:
    handled_by, reply = ask(fourth, "could you dig out the mail about the football tournament")
    assert handled_by == "reader" and "U9 indoor tournament" in reply and "Lena Vogt" in reply, reply


def test_a_topic_nothing_matches_is_said_plainly_with_no_other_mail(fourth: App) -> None:
    handled_by, reply = ask(fourth, "show me the email about the pension statement")
    assert handled_by == "reader" and reply.startswith("I can't find any mail about"), reply
    assert "\n-" not in reply, reply


def test_the_child_a_booking_is_for_is_a_name_of_it(fourth: App) -> None:
    names = {p for v in fourth.slot_lists.lists().of_slot("provider") if v.value == "SV Kastanie 1921" for p in v.names}
    assert ("mateo",) in names, names


@pytest.mark.parametrize("text", ["what time does Mateo's tournament start", "Mateo's game on saturday - when is it?"])
def test_a_booking_asked_by_the_child_it_is_for(fourth: App, text: str) -> None:
    handled_by, reply = ask(fourth, text)
    assert handled_by == "reader" and "SV Kastanie 1921" in reply and "10:00" in reply, reply
    assert "SK 431" not in reply, reply  # a flight whose passengers he is among is not his game


def test_a_talk_asked_by_the_child_it_is_about(fourth: App) -> None:
    _, reply = ask(fourth, "when is Sofía's development talk?")
    assert "Kita Sonnenblume" in reply and "08:15" in reply, reply


def test_mail_from_a_child_a_booking_is_for_is_not_the_booking(fourth: App) -> None:
    _, reply = ask(fourth, "any emails from Mateo?")
    assert "SV Kastanie 1921: indoor tournament" not in reply and "Shall I add" not in reply, reply


def test_a_way_back_only_the_ticket_holds_points_at_the_ticket(fourth: App) -> None:
    session = "ticket-back"
    fourth.engine.turn("what time is my Hamburg train?", session=session, dry_run=True)
    reply = fourth.engine.turn("and coming home, what time?", session=session, dry_run=True).reply
    # no journey back was read from it as a booking: its ticket's own words of the return leg, and that mail
    assert "as the mail of the one out says it" in reply and "Your Nordbahn ticket" in reply, reply
    assert "18:06" in reply and "steward mail read" in reply, reply


@pytest.mark.parametrize(("text", "kind", "said"), [
    ("Arrival: the key safe code is 4471, by the blue door. Enjoy!", "code", "the key safe code is 4471"),
    ("Wi-Fi network: Harbourview-Guest, password sunset22. Check-out by 10.", "wifi", "password sunset22"),
    ("Use promo code SPRING for 10% off your next stay.", "code", ""),
    ("Our postcode is 10437 and parking is free.", "code", "")])
def test_a_detail_is_quoted_from_the_sentence_that_gives_it(text: str, kind: str, said: str) -> None:
    from steward.reader.answerers.booking_details import detail_in

    found = detail_in(text, kind)
    assert (said in found) if said else found == "", found


def test_a_detail_no_booking_mail_gives_points_at_the_mail_never_a_made_up_one(fourth: App) -> None:
    handled_by, reply = ask(fourth, "what's the wifi password for the hotel in Edinburgh?")
    assert handled_by == "reader" and "Castle Wynd Hotel" in reply and "steward mail read" in reply, reply
    assert "password" not in reply.split("\n")[0].casefold(), reply  # nothing quoted that the mail does not say


def test_an_airport_named_for_the_city_it_serves_is_that_citys() -> None:
    from steward.reader.answerers.trips import _airport_said, same_place

    said = _airport_said("CEB")  # Mactan Cebu International, whose town is Lapu-Lapu City
    assert any(same_place("Cebu City", name) for name in said) and any(same_place("Cebu", name) for name in said)


def test_a_city_is_said_by_the_initials_people_call_it_never_by_its_airports_code() -> None:
    from steward.appointments.places import city_short_names
    from steward.reader.answerers.trips import _airport_said, same_place, station_names

    assert "DC" in city_short_names("Washington") and "NOLA" in city_short_names("New Orleans")
    assert "LAX" not in city_short_names("Los Angeles") and "LON" not in city_short_names("London")
    assert any(same_place("DC", name) for name in station_names("Washington Union Station", "train"))
    assert any(same_place("LA", name) for name in _airport_said("LAX"))
    assert not any(same_place("DC", name) for name in station_names("Baltimore Penn Station", "train"))


@pytest.mark.parametrize(("text", "verdict"), [("the Edinburgh flight's still 9:15, yeah?", "Not at 9:15"),
                                               ("is our flight to Edinburgh still at 10:40?", "Yes, at 10:40"),
                                               # "by" a time is at it in Nigerian English
                                               ("the Edinburgh flight is by 9:15, abi?", "Not at 9:15")])
def test_a_time_said_of_a_journey_named_by_its_place_is_checked_against_its_own_time(
        fourth: App, text: str, verdict: str) -> None:
    handled_by, reply = ask(fourth, text)
    assert handled_by == "reader" and reply.startswith(verdict) and "SK 431" in reply and "10:40" in reply, reply


def test_a_city_is_in_the_state_a_person_names_it_by() -> None:
    from steward.reader.answerers.trips import same_place

    assert same_place("Florida", "Fort Lauderdale") and same_place("FL", "Orlando")
    assert not same_place("Georgia", "Fort Lauderdale") and not same_place("Florida", "Kingston")
