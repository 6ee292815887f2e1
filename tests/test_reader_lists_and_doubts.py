"""Kinds of question read with what came before them, or over a span gone by, on three sample homes
(Berlin, Melbourne and Cape Town; clocks pinned, no model), each in fresh words:

- a statement asked of a span gone by ("last month's") counts the bills paid since, by the day its mail
  came as much as the day it fell due, and never adds two statements of one card;
- a doubt or a correction said after a question Steward could not answer corrects nothing: a day alone
  gets one short question, a thing named is asked about on its own, never an older topic;
- one detail asked alone of an answer that listed several bookings is of the next one when the question
  before said its thing as one ("my flight"), else one short question which, whose answer picks it;
- a city a journey goes to is known by the other names people use for it (GeoNames'), and a journey asked
  by that name is the way there and back, not every journey;
- the short words for a chiropractor or an osteopath are kinds of appointment;
- the end of the month said as "month end" or "month's end" ends with that month's last day.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count

import pytest

from steward.app import App
from steward.demo import build_demo_home

_SESSIONS = count()


@pytest.fixture(scope="module")
def berlin(app_in_own_home: Callable[[str, str], App]) -> App:
    """The fourth sample home (Tomás in Berlin), with no model configured."""
    built = app_in_own_home("Europe/Berlin", "2026-12-10T07:30:00+01:00")
    build_demo_home(built, mailbox="fourth")
    return built


@pytest.fixture(scope="module")
def melbourne(app_in_own_home: Callable[[str, str], App]) -> App:
    """The second sample home (Noor in Melbourne), with no model configured."""
    built = app_in_own_home("Australia/Melbourne", "2026-12-03T19:40:00+11:00")
    build_demo_home(built, mailbox="second")
    return built


@pytest.fixture(scope="module")
def cape_town(app_in_own_home: Callable[[str, str], App]) -> App:
    """The sixth sample home (Lindiwe in Cape Town), with no model configured."""
    built = app_in_own_home("Africa/Johannesburg", "2027-01-21T07:20:00+02:00")
    build_demo_home(built, mailbox="sixth")
    return built


def talk(app: App, *turns: str) -> list[tuple[str, str]]:
    """Each turn's (handled_by, reply), said in one conversation whose turns are kept (so the next is read
    with what the last one answered, or could not)."""
    session = f"talk-{next(_SESSIONS)}"
    out = []
    for text in turns:
        trace = app.engine.turn(text, session=session)
        out.append((trace.handled_by, trace.reply))
    return out


# -- a statement of a span gone by ----------------------------------------------------------------------

def test_last_months_statement_is_found_though_it_was_paid(berlin: App) -> None:
    (_, reply), = talk(berlin, "what came to on the Spreeufer card statement last month?")
    assert "1,318.20" in reply and "paid" in reply, reply
    assert "Total" not in reply, reply  # two statements of one card are no sum


def test_a_paid_statement_of_last_month_in_other_words(cape_town: App) -> None:
    (_, reply), = talk(cape_town, "last month's Fynbos bill, what was it?")
    assert "9,812.75" in reply and "paid" in reply and "Nothing" not in reply, reply


def test_a_month_gone_by_in_another_home(melbourne: App) -> None:
    (_, reply), = talk(melbourne, "how big was my Wattle Bank statement last month")
    assert "1,902.33" in reply, reply


# -- a doubt after a question not answered ---------------------------------------------------------------

def test_a_day_doubted_after_a_refusal_is_asked_about_never_an_older_topic(cape_town: App) -> None:
    turns = talk(cape_town, "anything suspicious in my inbox?", "what's my credit rating", "wasn't it on Friday?")
    assert turns[1][0] == "offline", turns[1]
    handled_by, reply = turns[2]
    assert handled_by == "reader" and "couldn't answer" in reply, reply
    assert "phishing" not in reply and "suspicious" not in reply, reply


def test_a_thing_named_after_a_refusal_is_asked_about_on_its_own(melbourne: App) -> None:
    turns = talk(melbourne, "which bills are overdue", "how's my credit rating", "no sorry I meant the vet")
    handled_by, reply = turns[2]
    assert handled_by == "reader" and "Brunswick Vet" in reply, reply
    assert "OVERDUE" not in reply, reply


def test_a_doubt_after_an_answer_still_corrects_it(cape_town: App) -> None:
    turns = talk(cape_town, "when am I at the chiropractor?", "I had it down as Monday")
    assert "17:15" in turns[1][1] and "Monday" in turns[1][1], turns[1]


# -- one detail of a list --------------------------------------------------------------------------------

def test_a_detail_asked_of_my_flight_is_of_the_next_one(berlin: App) -> None:
    turns = talk(berlin, "what time's my flight", "where from?")
    assert "SK 431" in turns[0][1] and "SK 436" in turns[0][1], turns[0]
    assert "SK 431" in turns[1][1] and "SK 436" not in turns[1][1], turns[1]


def test_a_detail_asked_of_several_asks_which_and_the_answer_picks_it(berlin: App) -> None:
    turns = talk(berlin, "when are my flights", "where from?", "the second one")
    assert turns[1][1].startswith("Which one") and "SK 431" in turns[1][1] and "SK 436" in turns[1][1], turns[1]
    assert "SK 436" in turns[2][1] and "SK 431" not in turns[2][1], turns[2]


def test_the_next_flight_of_the_day_in_another_home(cape_town: App) -> None:
    turns = talk(cape_town, "when's my flight tomorrow?", "where from?")
    assert "KA 311" in turns[1][1] and "KA 328" not in turns[1][1], turns[1]


# -- a city by its other names ---------------------------------------------------------------------------

def test_a_city_nickname_is_the_place_the_journey_goes(cape_town: App) -> None:
    (_, reply), = talk(cape_town, "Joburg flight, which seat did I get?")
    assert "KA 311" in reply and "IW 218" not in reply, reply


def test_a_city_by_its_name_in_another_language(berlin: App) -> None:
    (_, reply), = talk(berlin, "when are we flying out to Edimburgo?")
    assert "SK 431" in reply and "10:40" in reply, reply


def test_a_city_written_with_an_apostrophe(cape_town: App) -> None:
    (_, reply), = talk(cape_town, "what's the booking reference for the Jo'burg trip?")
    assert "QX4R7T" in reply and "8HWD2K" not in reply, reply


# -- short words for a kind of place ---------------------------------------------------------------------

def test_the_chiro_is_the_chiropractor(cape_town: App) -> None:
    (handled_by, reply), = talk(cape_town, "what time is the chiro on?")
    assert handled_by == "reader" and "Spinewise" in reply and "17:15" in reply, reply


def test_no_chiro_is_said_plainly_where_there_is_none(melbourne: App) -> None:
    (_, reply), = talk(melbourne, "when's the chiro?")
    assert "nothing" in reply.casefold() and "Vet" not in reply, reply


# -- the end of the month --------------------------------------------------------------------------------

def test_month_end_keeps_the_months_last_day(cape_town: App) -> None:
    (_, reply), = talk(cape_town, "which bills fall due by month's end?")
    assert "Pirouette" in reply and "31 Jan" in reply and "Protea" not in reply, reply


def test_whats_on_before_the_end_of_the_month_starts_today(melbourne: App) -> None:
    (_, reply), = talk(melbourne, "what's on before the month end?")
    assert "Brunswick Vet" in reply, reply  # Saturday's booking, not only the month's last day


# -- a country as where a flight goes --------------------------------------------------------------------

def test_a_country_said_is_where_the_flight_lands(berlin: App) -> None:
    (_, reply), = talk(berlin, "what time do we fly over to Scotland?")
    assert "SK 431" in reply and "SK 436" not in reply, reply


def test_landing_in_a_country_after_flying_there_was_asked(cape_town: App) -> None:
    turns = talk(cape_town, "when are we flying to Mauritius?", "and what time do we land?")
    assert "IW 218" in turns[0][1] and "KA 311" not in turns[0][1], turns[0]
    assert "17:40" in turns[1][1], turns[1]


def test_the_way_back_from_a_country(berlin: App) -> None:
    (_, reply), = talk(berlin, "when's the flight back from Scotland?")
    assert "SK 436" in reply and "SK 431" not in reply, reply


# -- a yes or no said as a request -----------------------------------------------------------------------

def test_arrears_asked_as_a_request_to_confirm(melbourne: App) -> None:
    (handled_by, reply), = talk(melbourne, "could you confirm whether my Yarra Edge account is in arrears")
    assert handled_by == "reader" and "287.45" in reply and "OVERDUE" in reply, reply


def test_a_bill_not_in_arrears_is_said_so(cape_town: App) -> None:
    (_, reply), = talk(cape_town, "please check if the Fynbos card is in arrears")
    assert reply.startswith("No") and "14,386.20" in reply, reply


# -- who changed a thing -------------------------------------------------------------------------------

def test_who_moved_it_is_the_sender_of_the_mail_that_moved_it(melbourne: App) -> None:
    turns = talk(melbourne, "any mail from Clarity Optometrists?", "who moved it?")
    assert "Your appointment time has changed" in turns[1][1] and "Clarity" in turns[1][1], turns[1]


def test_who_rescheduled_it_in_another_home(berlin: App) -> None:
    turns = talk(berlin, "any emails from Physio am Kollwitzplatz?", "so who rescheduled that?")
    assert "Change to your appointment" in turns[1][1], turns[1]


# -- a short form of a first name, and a bill on a debit order -------------------------------------------

@pytest.fixture(scope="module")
def singapore(app_in_own_home: Callable[[str, str], App]) -> App:
    """The seventh sample home (Jasmine in Singapore), with no model configured."""
    built = app_in_own_home("Asia/Singapore", "2027-03-08T07:30:00+08:00")
    build_demo_home(built, mailbox="seventh")
    return built


def test_a_short_form_of_a_first_name_they_sign_with_names_them(singapore: App) -> None:
    (handled_by, reply), = talk(singapore, "how many mails did Ken send me?")
    assert handled_by == "reader" and "Kenneth Lau" in reply and "nothing called" not in reply, reply


def test_a_debit_order_is_autopay(cape_town: App) -> None:
    (_, reply), = talk(cape_town, "what goes off on debit order?")
    assert "Kelp Fibre" in reply and "Umoya" not in reply, reply
