"""The reader answers about the thing a question names, or says it cannot: kinds said with a possessive
or by what is done there, a business's offer waiting on the person, travel said as a whole, a long name
written by ear, an autopay arrangement carried to the next statement, and a fee only a lure asks for.
Asked of the two sample homes (the demo's and the second mailbox), no model."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.app import App
from steward.demo import build_demo_home
from steward.reader.frame import SlotValue
from steward.reader.lists import SlotLists, name_phrases
from steward.reader.match import find_names, name_tokens
from steward.reader.words import load_words

DEMO_NOW = "2026-12-02T08:30:00+05:30"
SECOND_NOW = "2026-12-03T19:40:00+11:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    built = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(built, mailbox="second")
    return built


def ask(app: App, text: str) -> str:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.reply


def test_a_card_whose_autopay_was_set_up_last_month_is_said_to_be_taken_this_month(demo: App) -> None:
    reply = ask(demo, "which of my bills come out on their own?")
    assert "Harbor Credit Union" in reply and "1,461.17" in reply and "Thameside Energy" in reply, reply
    assert "Meridian" not in reply and "Avalon" not in reply, reply


def test_a_kind_said_with_a_possessive_keeps_to_that_kind(demo: App) -> None:
    reply = ask(demo, "is the doctor's visit on Saturday going ahead?")
    assert "CityCare Clinic" in reply and "Sharp Cuts" not in reply, reply


def test_a_dental_visit_said_by_what_is_done_there(second: App) -> None:
    reply = ask(second, "when's my scale and polish booked for?")
    assert "Southbank Smiles Dental" in reply and "08:45" in reply, reply
    assert "Tavola Nera" not in reply and "Brunswick Vet" not in reply, reply


def test_an_offer_waiting_on_the_person_is_told_apart_from_bookings_found_in_mail(second: App) -> None:
    reply = ask(second, "is any place waiting on me to confirm a time?")
    assert "Fitzroy Physio" in reply and "11 Dec" in reply and "07:30" in reply, reply
    assert "Tavola Nera" not in reply and "Southbank" not in reply and "Brunswick Vet" not in reply, reply


def test_travel_said_as_a_whole_is_every_kind_of_journey_and_nothing_else(second: App) -> None:
    reply = ask(second, "do I have any journeys coming up?")
    assert "Murray Line Rail" in reply and "07:05" in reply, reply
    assert "Tavola Nera" not in reply and "Brunswick Vet" not in reply and "Pitstop" not in reply, reply


def test_a_long_name_written_by_ear_finds_it(second: App) -> None:
    reply = ask(second, "how much is on the zeidcoust card?")
    assert "Zuidkust Bank" in reply and "1,187.40" in reply, reply
    assert "Wattle" not in reply and "Lyrebird" not in reply, reply


def test_a_fee_only_a_lure_asks_for_is_never_money_owed(second: App) -> None:
    reply = ask(second, "should I pay the redelivery charge for my parcel?")
    assert "ParcelLink Delivery" in reply and "suspicious" in reply.lower(), reply
    assert "What you owe" not in reply and "Wattle Bank" not in reply, reply
    # a bill the person does owe is still answered as owed
    water = ask(second, "how much is the water bill?")
    assert "Corella Water" in water and "198.30" in water, water


def _lists(*names: str) -> SlotLists:
    words = load_words()
    return SlotLists.of([SlotValue("issuer", n, n, name_phrases(n, words.generic)) for n in names])


def test_a_word_near_two_long_names_keeps_both_so_the_answer_asks() -> None:
    lists = _lists("Castlemaine Energy", "Castlemont Bank")
    low, raw, _ = name_tokens("what do I owe castlmone")
    found = find_names(low, raw, lists, load_words().known)
    assert {v.value for n in found.named for v in n.values} == {"Castlemaine Energy", "Castlemont Bank"}


def test_a_short_word_three_letters_off_is_no_name() -> None:
    lists = _lists("Harbor Credit Union")
    low, raw, _ = name_tokens("what about the hover bill")
    assert not find_names(low, raw, lists, load_words().known).named


def test_the_last_word_of_a_name_held_ending_another_name_said_names_nothing_held() -> None:
    lists = _lists("Eastbrook District Council", "Dr Nadia Pope")
    known = load_words().known
    low, raw, _ = name_tokens("any letters from Westfield County Council?")
    found = find_names(low, raw, lists, known)
    assert not found.named and found.unmatched, found
    # the name's own words, or a title before a surname, still name it
    for said, held in (("what do I owe Eastbrook Council?", "Eastbrook District Council"),
                       ("when do I see Dr Pope?", "Dr Nadia Pope"),
                       ("anything new from Ate Nadia?", "Dr Nadia Pope"),
                       ("did Coach Nadia write?", "Dr Nadia Pope")):
        low, raw, _ = name_tokens(said)
        assert {v.value for n in find_names(low, raw, lists, known).named for v in n.values} == {held}, said


def test_where_a_booking_is_comes_from_its_mail_or_is_said_to_be_unknown(second: App) -> None:
    reply = ask(second, "what's the address for friday night's dinner?")
    assert "19 Gertrude St" in reply and "Brunswick Vet" not in reply, reply
    trace = second.engine.turn("when am I at the optometrist?", session="where-next", dry_run=True)
    assert "Clarity Optometrists" in trace.reply, trace.reply
    after = second.engine.turn("sorry, where's that?", session="where-next", dry_run=True).reply
    # the booking was read with no place, and the mail it came from writes the address: that address
    assert "402 Sydney Rd" in after and "Clarity Optometrists" in after and "Tavola" not in after, after


def test_a_train_asked_when_it_pulls_in_says_its_arrival(second: App) -> None:
    reply = ask(second, "what time does my train pull in?")
    assert "Murray Line Rail" in reply and "10:32" in reply, reply
    # another's journey is none of the person's own bookings
    reply = ask(second, "what time does his train pull in?")
    assert "I can't tell" in reply and "10:32" not in reply, reply


def test_a_visit_in_a_month_gone_by_is_looked_for_in_the_mail_of_that_time(second: App) -> None:
    reply = ask(second, "did I have a dentist visit back in October?")
    assert "Southbank Smiles Dental" in reply and "3 October" in reply, reply
    assert "can't say for sure" in reply and "8 Dec" not in reply, reply


def test_a_journey_asked_about_by_where_it_goes_is_that_one_or_none(second: App) -> None:
    reply = ask(second, "what time do we touch down in Auckland?")
    assert "Austral Pacific Airways" in reply and "14:40" in reply, reply
    other = ask(second, "when's my train to Geelong?")
    assert "can't tell which booking takes you to Geelong" in other, other


def test_who_is_meeting_the_person_is_not_answered_with_a_flight(second: App) -> None:
    reply = ask(second, "who's collecting me at the airport?")
    assert "leaves Fri 18 Dec" not in reply and "Austral Pacific Airways appointment" not in reply, reply


def test_a_booking_reference_is_read_from_the_mail_of_the_booking_just_asked_about(second: App) -> None:
    first = second.engine.turn("what time is the train on the 12th?", session="ref", dry_run=True).reply
    assert "Murray Line Rail" in first, first
    reply = second.engine.turn("and the confirmation number?", session="ref", dry_run=True).reply
    assert "MLR-5521907" in reply and "Tavola" not in reply and "Brunswick Vet" not in reply, reply


def test_a_sender_is_named_without_accents_by_an_address_word_or_as_family(demo: App, second: App) -> None:
    jose = ask(demo, "anything from Jose Alvarez lately?")
    assert "José Álvarez" in jose and "Priya" not in jose, jose
    yuki = ask(demo, "show me what yuki wrote")
    assert "田中 ゆき" in yuki, yuki
    mother = ask(second, "has mom emailed me?")
    assert "Mama" in mother and "Maqluba" in mother, mother


def test_a_few_words_naming_a_sender_are_a_request_and_a_remark_is_not(second: App) -> None:
    reply = ask(second, "messages from Kiri")
    assert "Kiri Ngata" in reply and "Airport pick-up" in reply, reply
    assert "Austral Pacific" not in ask(second, "Kiri's flight")
    assert "Kiri" not in ask(second, "thanks, that helps")


def test_totals_asked_by_currency_or_in_dollars(demo: App, second: App) -> None:
    euros = ask(second, "the total in euros?")
    assert "Zuidkust Bank" in euros and "1,187.40" in euros and "Wattle" not in euros, euros
    usd = ask(demo, "how much do I owe in dollars?")
    assert "Harbor Credit Union" in usd and "1,461.17" in usd and "Meridian" not in usd, usd
    # two dollars owed in: asked which, never one picked
    both = second.engine.turn("how much in dollars altogether?", session="dollars", dry_run=True)
    assert both.continuation is not None and "AUD or NZD" in both.reply, both.reply


def test_a_kind_of_bill_asked_a_sum_is_money_whatever_else_it_says(second: App) -> None:
    reply = ask(second, "how much is the car insurance this year?")
    assert "Banksia Mutual" in reply and "1,146.20" in reply, reply
    # the one insurance held is a car's: a house's is said not held, never answered with the car's
    reply = ask(second, "how much is the house insurance this year?")
    assert "no home insurance" in reply and "car insurance" in reply and "1,146.20" not in reply, reply


def test_mail_asked_about_by_its_topic_is_found_by_its_words_or_left_alone(demo: App) -> None:
    reply = ask(demo, "can you find me the mail about the concert tickets?")
    assert "José Álvarez" in reply and "Concert tickets" in reply, reply
    assert "Kaveri" not in reply and "Pawsome" not in reply, reply
    # words no mail says, and no mail near them in meaning: said plainly, never other mail
    other = demo.engine.turn("find the email about the yacht regatta", session="regatta", dry_run=True)
    assert other.reply.startswith("I can't find any mail about \u2018yacht regatta\u2019"), other.reply
    assert "\n-" not in other.reply and "Harbor" not in other.reply, other.reply


def test_a_thing_said_before_the_word_mail_is_mail_asked_for(demo: App) -> None:
    reply = ask(demo, "find book club email")
    assert "Book club next month" in reply and "Is that about" not in reply, reply
    nobody = ask(demo, "find the email from Bartholomew about the garden")
    assert "nothing called \u2018Bartholomew\u2019" in nobody and "message" not in nobody, nobody
    hike = ask(demo, "show me the messages about the weekend hike")
    assert "Weekend hike" in hike and "Zoë Müller" in hike, hike


def test_a_day_asked_of_a_booking_is_the_bookings_and_of_nothing_is_the_calendars(demo: App) -> None:
    reply = ask(demo, "what day is the physio session?")
    assert "Riverside Physio" in reply, reply
    plain = demo.engine.turn("what day is it?", session="day", dry_run=True)
    assert plain.data["answerer"] == "clock" and plain.reply.startswith("Today is "), plain.reply


def test_a_card_named_by_its_network_and_product_is_the_one_whose_mail_says_so(demo: App, second: App) -> None:
    reply = ask(second, "how much is on the Visa Platinum?")
    assert "Lyrebird Credit Union" in reply and "864.15" in reply, reply
    assert "Wattle" not in reply and "Zuidkust" not in reply and "Corella" not in reply, reply
    none = ask(demo, "when's my american express due?")
    assert "nothing called" in none.lower() and "What you owe" not in none, none
    # no card of another network is offered as the nearest to the one said
    assert "nearest" not in none.lower(), none
    assert "1,461.17" not in none and "43,891.53" not in none, none


def test_a_card_named_by_its_country_or_currency_keeps_to_that_currency(demo: App, second: App) -> None:
    american = ask(demo, "what do I owe on my american card?")
    assert "Harbor Credit Union" in american and "1,461.17" in american, american
    assert "Meridian" not in american and "Kaveri" not in american and "Thameside" not in american, american
    dollars = ask(demo, "how much do I owe in US dollars")
    assert "Harbor Credit Union" in dollars and "Meridian" not in dollars and "Avalon" not in dollars, dollars
    reais = ask(second, "how much is owing in reais?")
    assert "Nothing is open" in reais and "Wattle" not in reais and "2,418.60" not in reais, reais


def test_a_kind_of_bill_is_found_by_the_word_its_billers_country_uses() -> None:
    from steward.reader.answerers.money import _bill_issuers
    from steward.reader.frame import Frame

    rw = load_words()
    issuers = {"Fraser Valley Hydro", "Prairie Natural Gas", "Kestrel Bank"}
    power = Frame(text="how much is my power bill?", domain="money", ask="how_much", bills=("electricity",))
    heat = Frame(text="when's the gas due?", domain="money", ask="when", bills=("gas",))
    assert _bill_issuers(power, rw, issuers) == {"Fraser Valley Hydro"}
    assert _bill_issuers(heat, rw, issuers) == {"Prairie Natural Gas"}


def test_a_gas_bill_asked_of_a_home_that_has_none_is_said_not_found(second: App) -> None:
    reply = ask(second, "what's the heating bill come to?")
    assert ("found no" in reply or "Yarra Edge Energy" in reply) and "Wattle" not in reply, reply


def test_did_i_pay_a_sender_whose_bill_was_not_read_shows_what_its_mail_says_of_money() -> None:
    from steward.reader.answerers.mail import money_sentence

    said = money_sentence("Thanks! We got your payment of $61.40 for account 99318274. Nothing more is owed.")
    assert said is not None and "$61.40" in said and "99318274" not in said and "XXXX8274" in said, said
    bill = money_sentence("Your plan renews soon. Account: KT-551 Total (incl. GST): $38.00 Due: Jan. 9")
    assert bill is not None and bill.startswith("Account: KT-551 Total (incl. GST): $38.00"), bill
    assert money_sentence("See you at the reunion next week. Bring photos!") is None


def test_whether_a_mail_is_genuine_is_its_verdict_and_why_never_the_senders_bills(demo: App, second: App) -> None:
    lure = ask(second, "did Wattle Bank really suspend my card?")
    assert "phishing" in lure and "wattlebank-verify" in lure, lure
    assert "2,418.60" not in lure and "What you owe" not in lure, lure
    plain = ask(second, "is the Lyrebird statement email legit?")
    assert "not marked" in plain and "no proof" in plain and "Lyrebird Credit Union" in plain, plain
    assert "864.15" not in plain and "Wattle" not in plain, plain
    owed = ask(second, "how much do I owe Wattle Bank?")
    assert "2,418.60" in owed and "phishing" not in owed, owed


def test_a_fragment_after_a_named_card_keeps_the_card(second: App) -> None:
    first = second.engine.turn("what's owing on the Lyrebird card?", session="frag", dry_run=True).reply
    assert "864.15" in first, first
    reply = second.engine.turn("minimum?", session="frag", dry_run=True).reply
    assert "25.92" in reply and "Wattle" not in reply and "Corella" not in reply, reply


def test_a_worry_question_is_the_brief_not_the_schedule(second: App) -> None:
    reply = ask(second, "is there anything I should be worrying about today?")
    assert "Your brief" in reply and "Zuidkust Bank" in reply and "overdue" in reply, reply


def test_autopay_asked_of_one_bill_is_answered_yes_or_no_first(second: App) -> None:
    yes = ask(second, "does the Lyrebird card come out automatically?")
    assert yes.startswith("Yes") and "864.15" in yes and "Wattle" not in yes, yes
    no = ask(second, "is the Wattle card paid by direct debit?")
    assert no.startswith("No") and "2,418.60" in no and "Lyrebird" not in no, no


def test_a_thing_said_first_and_then_the_question_is_a_question_about_it(second: App) -> None:
    reply = ask(second, "the Lyrebird card, how much is on it")
    assert "864.15" in reply and "Wattle" not in reply, reply


@pytest.mark.parametrize("question", ["when is Tamsin's recital", "how much is Zawadi's school trip",
                                      "did Rozi email me"])
def test_a_persons_name_is_not_taken_for_a_business_a_letter_away(question: str) -> None:
    """A name written with care (a possessive, a capital mid-sentence) with another first letter is
    another name: "Rozi" is not "Bozi Couriers", "Tamsin's" is not "Ramsin Tiles"."""
    lists = _lists("Ramsin Tiles", "Bawadi Travel", "Bozi Couriers")
    low, raw, _ = name_tokens(question)
    assert not find_names(low, raw, lists, load_words().known).named


def test_a_slip_in_a_name_keeps_finding_it() -> None:
    lists = _lists("Bozi Couriers", "Ramsin Tiles")
    for question in ("did Ramsni email me", "any mail from ramsn"):
        low, raw, _ = name_tokens(question)
        assert find_names(low, raw, lists, load_words().known).named, question


def test_mail_shown_in_place_of_an_answer_is_dated_on_the_persons_clock(
        cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a note sent at half past nine in the evening in New York is stored on the next day's UTC clock
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/New_York")
    mail = tmp_path / "mail"
    eml(mail, "r1", "ruth.okoye@example.net", "Saturday plans", "Hey! Are we still on for the farmers market "
        "on Saturday? Let me know.", "2027-03-09T21:30:00-05:00", "Ruth Okoye")
    for n in range(3):  # enough other mail that the person's address is plainly theirs
        eml(mail, f"x{n}", "hello@readmore.example", f"New arrivals {n}", "New titles are in.",
            f"2027-02-2{n}T10:00:00-05:00", "ReadMore Books")
    now = "2027-03-10T08:00:00-05:00"
    assert cli("--now", now, "mail", "import", str(mail)).code == 0
    reply = cli("--now", now, "--json", "chat", "--session", "r", "how much do I owe Ruth?").json()["reply"]
    assert "Tue 9 Mar 2027 Ruth Okoye" in reply and "10 Mar" not in reply, reply


def test_a_garage_is_known_by_its_autos_and_a_carol_service_is_no_car() -> None:
    from steward.reader.lists import kind_of

    kinds = load_words().provider_kinds
    assert kind_of("Quickturn Autos Service booking confirmed", kinds) == "car"
    assert kind_of("Harbourside Auto Services", kinds) == "car"
    assert kind_of("St Jude's Parish Christmas Carol Service", kinds) != "car"


def test_a_record_that_writes_a_hotels_name_holds_it_said_without_its_the() -> None:
    from steward.reader import honesty

    rw = load_words()
    hotel = SlotValue("provider", "The Juniper Row Hotel", "The Juniper Row Hotel",
                      (("the", "juniper", "row", "hotel"), ("juniper", "row")), kind="hotel")
    pool = honesty._pool("- Hotel: The Juniper Row Hotel: check-out Sat 4 Mar at 11:00", rw)
    assert honesty._name_held([hotel], pool, rw)
