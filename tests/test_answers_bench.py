"""bench/answers.py: its scorer reads an answer however it is written, and the development set, asked of
both sample homes, gets no more wrong answers than it did (the target is none)."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest
import yaml

from parallel import shared_folder

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import answers  # noqa: E402

TODAY = date(2026, 12, 2)


@pytest.mark.parametrize("written", ["INR 43,891.53", "₹43891.53", "43 891,53", "Rs. 43,891.53 due"])
def test_an_amount_is_read_however_it_is_written(written: str) -> None:
    assert answers.has_amount(written.replace("43 891,53", "43.891,53"), "43891.53")


def test_an_amount_is_not_found_in_another_amount() -> None:
    assert not answers.has_amount("INR 4,206.05", "206.05") and not answers.has_amount("2,418.60", "418.60")


@pytest.mark.parametrize("written", ["2026-12-08", "Tue 8 Dec 2026", "8th December", "Dec 8", "December 8th",
                                     "08/12/2026"])
def test_a_date_is_read_in_any_common_form(written: str) -> None:
    assert answers.has_date(written, "2026-12-08", TODAY)


def test_today_and_tomorrow_are_dates_and_a_near_day_is_not() -> None:
    assert answers.has_date("tomorrow at 09:15", "2026-12-03", TODAY)
    assert not answers.has_date("Fri 18 Dec", "2026-12-08", TODAY)


@pytest.mark.parametrize(("written", "hhmm"), [("at 19:00", "19:00"), ("7 pm", "19:00"), ("7:30pm", "19:30"),
                                               ("09:15", "09:15"), ("9.15 a.m.", "09:15"), ("noon", "12:00")])
def test_a_time_is_read_on_either_clock(written: str, hhmm: str) -> None:
    assert answers.has_time(written, hhmm)


def test_a_morning_time_is_not_the_evening_one() -> None:
    assert not answers.has_time("9:15 pm", "09:15") and not answers.has_time("INR 5,795.85", "05:79")


def test_a_count_and_none() -> None:
    assert answers.has_count("8 messages from Mum", 8) and answers.has_count("two bookings", 2)
    assert answers.has_count("Nothing is open for Kaveri Bank", 0) and not answers.has_count("18 messages", 8)


CASE = {"id": "x", "capability": "money", "mailbox": "demo", "answerable": True,
        "expect": {"amounts": ["5795.85"], "names": ["Kaveri Bank"]}, "forbid": {"names": ["Meridian Bank"]}}


def test_right_wrong_and_refused() -> None:
    right = answers.score(CASE, "Kaveri Bank card XXXX4821: INR 5,795.85", "reader", False, TODAY)
    wrong = answers.score(CASE, "Kaveri Bank INR 5,795.85; Meridian Bank INR 4,206.05", "dues_request", False, TODAY)
    refused = answers.score(CASE, "I can't answer that offline (no language model is connected).", "offline", False,
                            TODAY)
    assert (right.verdict, wrong.verdict, refused.verdict) == ("right", "wrong", "refused")


def test_an_expected_thing_the_reply_denies_is_missing() -> None:
    lure = {"id": "n", "capability": "mail", "mailbox": "demo", "expect": {"names": ["phishing"]}}
    assert answers.score(lure, "I have not marked that mail as phishing.", "reader", False, TODAY).verdict == "wrong"
    assert answers.score(lure, "Marked as phishing: the parcel fee mail.", "reader", False, TODAY).verdict == "right"
    day = {"id": "d", "capability": "schedule", "mailbox": "demo", "expect": {"dates": ["2026-12-20"], "times": ["19:00"]}}
    assert answers.score(day, "Nothing on your schedule for Sun 20 Dec at 19:00.", "reader", False, TODAY).verdict == \
        "wrong"
    # what a reply says of a thing after it ("not on your calendar") denies nothing of its day or time
    assert answers.score(day, "- Sun 20 Dec at 19:00 dinner (an invitation, not on your calendar)", "reader", False,
                         TODAY).verdict == "right"
    paid = {"id": "p", "capability": "money", "mailbox": "demo", "expect": {"amounts": ["1233.96"]}}
    assert answers.score(paid, "No, AED1,233.96 is still owed.", "reader", False, TODAY).verdict == "right"
    assert answers.score(paid, "You don't owe AED1,233.96 any more.", "reader", False, TODAY).verdict == "wrong"
    # a mail's own words, quoted, deny nothing of Steward's
    stop = {"id": "s", "capability": "mail", "mailbox": "demo", "expect": {"names": ["Harbour Road"]}}
    assert answers.score(stop, "- Mon 7 Jun Metro: \u201cNo buses stop at Harbour Road on Sunday\u201d", "reader", False,
                         TODAY).verdict == "right"
    none = {"id": "c", "capability": "mail", "mailbox": "demo", "expect": {"count": 0}}
    assert answers.score(none, "No messages from them.", "reader", False, TODAY).verdict == "right"
    # an answer of none denies what it names: the name it was asked of is still said
    nothing = {"id": "e", "capability": "mail", "mailbox": "demo", "expect": {"names": ["Harbour Gym"], "count": 0}}
    assert answers.score(nothing, "Nothing from Harbour Gym this week.", "reader", False, TODAY).verdict == "right"


def test_the_offline_refusal_is_refused_even_when_its_examples_hold_the_expected_words() -> None:
    case = {**CASE, "expect": {"names": ["Kaveri"], "amounts": ["5,795.85"]}}
    reply = "I can answer that with a model connected. Offline, try: 'what do I owe Kaveri, 5,795.85?'"
    assert answers.score(case, reply, "offline", False, TODAY).verdict == "refused"


def test_an_unanswerable_question_is_right_only_when_it_says_so() -> None:
    case = {"id": "y", "capability": "money", "mailbox": "demo", "answerable": False, "expect": {}}
    said = answers.score(case, "I have nothing called ‘Zephyr’ among your cards. The nearest: Kaveri Bank.",
                         "reader", False, TODAY)
    other = answers.score(case, "What you owe on your cards: Kaveri Bank INR 5,795.85", "reader", False, TODAY)
    assert (said.verdict, other.verdict) == ("right", "wrong")


@pytest.mark.parametrize("reply", [
    "I read no journey or stay ahead that takes you to Perth.",
    "Nothing is open on your insurance bills: nothing to pay.",
    "I see no piano recital in the next month. What is on:\n- Sat 12 Dec at 10:00 Vet appointment"])
def test_each_way_steward_says_it_holds_no_such_thing_is_right_for_an_unanswerable_question(reply: str) -> None:
    case = {"id": "z", "capability": "appointments", "mailbox": "demo", "answerable": False, "expect": {}}
    assert answers.score(case, reply, "reader", False, TODAY).verdict == "right"


# what the development set scored when this test was last tightened: no wrong answer in any capability (a
# change that makes one wrong answer fails here; a refusal is the honest answer where one is not known).
WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the third set (a development set over the third sample mailbox, tuned on by kind) scored when this
# test was last tightened: a change that adds a wrong answer in any capability fails here
THIRD_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the fourth set (a development set over the fourth sample mailbox, tuned on by kind) scored when this
# test was last tightened: a change that adds a wrong answer in any capability fails here
FOURTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the fifth set (a development set over the fifth sample mailbox, written blind to the rules, then tuned
# on by kind) scored when this test was last tightened: a change that adds a wrong answer in any capability
# fails here
FIFTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the days set (two conversations of a day over the second and third sample mailboxes, written blind to
# the rules) scores: 5 money, 2 appointments and 2 reminders wrong on its first run, before any tuning; none
# once a booking's and a bill's details were read from their mail (65 right, 6 refused of 71): a change that
# adds a wrong answer in any capability fails here
DAYS_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the sixth set (a conversation of a morning and single questions over the sixth sample mailbox, written
# blind to the rules) scores: 46 right, 25 wrong, 21 refused before any tuning, 88 / 0 / 4 now
SIXTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the seventh set (a conversation of a Monday morning and single questions over the seventh sample
# mailbox, written blind to the rules) scores: 52 right, 24 wrong, 11 refused before any tuning, 82 / 0 / 5 now
SEVENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the eighth set (a conversation of a Thursday morning and single questions over the eighth sample mailbox,
# written blind to the rules) scores: 41 right, 15 wrong, 19 refused before any tuning, no wrong answer now.
# Each ceiling above and here is a set's wrong answers per capability when it was last measured: a change
# that adds a wrong answer in any capability fails here
EIGHTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the ninth set (a conversation of a Tuesday morning and single questions over the ninth sample mailbox,
# written blind to the rules and frozen before its first run) scored on that first run, before any tuning:
# 47 right, 19 wrong, 9 refused of 75; since then a toll lure is marked, a hotel's confirmation number is shown
# whole and "Leo's school" is looked up by kind and by the child's name (appointments 3 wrong, mail 0); then a
# ticket's legs as rows, a boarding time and a gate change read from the journey's mail (appointments 1 wrong); an
# owners' association's past-due notice, a loan's principal, "the mortgage" with none held and a payment app's
# receipt are read (money 0 wrong); a thing at a person's home or done with someone is said not found with the
# mail that speaks of it (schedule 1); then a team's game told past a coach's first lines is read (schedule 0)
NINTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the tenth set (a conversation of a Thursday morning and single questions over the tenth sample mailbox,
# Aoife Brennan's in Dublin, written blind to the rules and frozen before its first run) scored on that first run,
# before any tuning: 44 right, 13 wrong, 18 refused of 75; after a place's event asked WHEN of (not its bill), a
# journey's online check-in, a move that names no earlier time, a direct debit "on or after" a day, a loan's next
# repayment, a booking confirmed before the scan's window and a kind of insurance by its cover: 61 right, 3 wrong,
# 11 refused; then a family dinner told in plain words and moved by a correction ("at 7.30, not 7"), a payment a
# card's mail confirms, an operator's eTicket that numbers no train, a ferry's legs "A - B" on one line, a visit's
# "Fee:", a card's credit limit, "me sister", a lookalike sender never tied with the real one and a city's name for
# its tram: 75 right, 0 wrong, 0 refused
TENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the eleventh set (a conversation of a Wednesday morning and single questions over the eleventh sample mailbox,
# Kristine Villanueva-Reyes's in Quezon City, written blind to the rules and frozen before its first run) scored on
# that first run, before any tuning: 42 right, 14 wrong, 19 refused of 75; then Taglish's function words said in
# English, a peso typed as "P", e-bills and a past-due notice's penalty read, a manager's meeting asked for in
# words, a parcel asked of by its shop and "the COD", a child's name said short: 58 right, 4 wrong, 13 refused;
# then a mail's cut start no signature ("Mama" is her mother), money sent to and received from a person by
# pronoun, a reminder asked for in Taglish: 62 right, 2 wrong, 11 refused; then a move said of someone's visit,
# "the pedia", a name said short, a kind of booking said as someone's and how many it is for: 68 right, 1 wrong,
# 6 refused (the conversation 33 right, 0 wrong, 2 refused of 35); then a show's tickets and a coach line's e-ticket read
# from mail older than the scan's window, a bus asked of as a journey, a town that is also a hotel's word held by the
# flight that goes there, and times written "1745H": 75 right, 0 wrong, 0 refused
ELEVENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the twelfth set (a conversation of a Tuesday morning and single questions over the twelfth sample mailbox,
# Rebecca Walsh's in Auckland, written blind to the rules and frozen before its first run) scored on that first run,
# before any tuning: 43 right, 9 wrong, 23 refused of 75; then a clinic's "we've moved you to Monday at 4pm" read as
# the booking's move (appointments 0, schedule 0) and a power bill from a biller named "Energy" no gas bill: 51
# right, 3 wrong, 21 refused; then "no, the other card" after one card answered for "my visa" (money 0): 53 right,
# 2 wrong, 20 refused; then flights, stays, rentals and a cancellation read from mail of those shapes, "since then"
# after what one message said, "then" closing a question that says its day and a tag with no comma: 59 right, 0
# wrong, 16 refused; then a rates instalment owed its instalment (not the year's total), a loan's new repayment
# after a refix, "us" said for "me", a card a courier left, and a check-in time told by a later mail that writes
# the flight's number without its space: 68 right, 0 wrong, 7 refused; then a thing said as the car's and a coach by
# their club's address: 73 right, 0 wrong, 2 refused
TWELFTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the thirteenth set (a conversation of a Wednesday morning and single questions over the thirteenth sample
# mailbox, Claire Haigh's in Leeds, written blind to the rules and frozen before its first run) scored on that first
# run, before any tuning: 30 right, 23 wrong, 22 refused of 75 (appointments 8/7/10, brief 0/1/1, mail 3/3/3, money
# 13/7/4, reminders 3/0/1, schedule 3/5/3); then, with practice and hospital letters, British bills and "before we go
# away on Saturday" read, 42 right, 13 wrong, 20 refused (appointments 13/3/9, brief 1/0/1, mail 3/3/3, money 17/4/3,
# reminders 3/0/1, schedule 5/3/3); with a British e-ticket's trains read too, 45 right, 11 wrong, 19 refused; then
# with a holiday's reference, meals and transfer, a card's charge in another currency, what a changing Direct Debit
# was, a penalty-charge lure, someone said as whose a thing is and a note said whole, 55 right, 2 wrong, 18 refused;
# with a lure's borrowed name answered from the genuine letter and a bill priced as options named whole, 57 right,
# 1 wrong, 17 refused; with a package holiday's flights, a rail ticket's seats, way back and total, a parent's train
# in her mail, the courier's card and a noun typed with two letters swapped, 67 right, 1 wrong, 7 refused; with a
# club's hours said in the sentence after its day ("6 till half 7"), 70 right, 0 wrong, 5 refused; with "the surgery"
# a GP's, 71 right, 0 wrong, 4 refused
THIRTEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the fourteenth set (a conversation of a Wednesday morning and single questions over the fourteenth sample
# mailbox, Megan Castellano's in Jersey City, written blind to the rules and frozen before its first run) scored on
# that first run, before any tuning: 27 right, 16 wrong, 32 refused of 75 (appointments 6/4/18, brief 2/0/0, mail
# 1/3/6, money 12/6/4, reminders 4/1/0, schedule 2/2/4); with US trains and an airline's DEPART rows read, a moved
# cleaning, a pet "all set for" its visit, a policy renewing, "AutoPay is off", "DC", "conf #" and "the friday
# before" read, and what a person wrote said whole, 47 right, 5 wrong, 23 refused (appointments 18/0/10, brief 2/0/0,
# mail 2/2/6, money 18/2/2, reminders 5/0/0, schedule 2/1/5); with a person's note answered by what it says, a
# budget-billed bill's actual charges and a card's line in another currency read from their mail, 51 right, 1 wrong,
# 23 refused (mail 4/0/6, money 20/0/2); with a coach's practice days and game, a teacher's conference slot and a
# weekday in a holiday's mail read (or, where two weeks fit, not read), schedule 0 wrong; with a parcel's notices
# and what it holds, what someone owes the person and when they will pay it back, and a rent reminder read, 57
# right, 0 wrong, 18 refused (appointments 18/0/10, brief 2/0/0, mail 7/0/3, money 22/0/0, reminders 5/0/0,
# schedule 3/0/5); with a follow-up read as one more thing asked of the booking before it (who it is with, where,
# what is on straight after, the journey home's seat), 71 right, 0 wrong, 4 refused (appointments 28/0/0, schedule
# 5/0/3), its conversation 35 of 35
FOURTEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the fifteenth set (a conversation of a Monday morning and single questions over the fifteenth sample mailbox,
# Chidinma Okafor's in Lagos, written blind to the rules and frozen before its first run) scored on that first run,
# before any tuning: 29 right, 19 wrong, 27 refused of 75 (appointments 11/7/7, brief 2/0/0, mail 4/1/2, money
# 6/7/15, reminders 3/1/0, schedule 3/3/3); since then: mail 0 (a sum written "30k" read; a provider's notice is
# never a lure for its footer): 74 right, 0 wrong, 1 refused
FIFTEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the sixteenth set (a conversation of a Friday evening and single questions over the sixteenth sample mailbox,
# Shanice Campbell-Reid's in Kingston, written blind to the rules and frozen before its first run) scored on that
# first run, before any tuning: 37 right, 19 wrong, 19 refused of 75 (appointments 14/3/0, brief 1/2/1, mail 4/3/2,
# money 8/8/10, reminders 5/0/0, schedule 5/3/6); with Jamaican dollars, a disconnection notice, a balance asked in
# full, a duty to clear and a plan charged to a card read as owed: 52 right, 10 wrong, 13 refused (money 20/3/3,
# brief 3/0/1); since then: mail 0 (a lottery's win claimed for a fee marked a lure; mail about sports day gives its
# day), appointments 0 (a cancelled visit's deposit, the hotel in a state, the flight back to home's town), schedule
# 2 (a church's service on "Sunday week" and its concert that evening), money 1 (a customs duty asked as its own line,
# a vehicle's fitness certificate never a gym)
SIXTEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the seventeenth set (a conversation of a Wednesday afternoon and iftar evening and single questions over the
# seventeenth sample mailbox, Farhan Qureshi's in Dubai, written blind to the rules and frozen before its first run)
# scored on that first run, before any tuning: 32 right, 18 wrong, 25 refused of 75 (appointments 10/5/4, brief 1/0/1,
# mail 4/1/0, money 12/8/13, reminders 4/0/1, schedule 1/4/6); after its days, bookings, mail and talk were read by kind
# (and the scorer reads an expected thing the reply denies as missing): 47 / 9 / 19 (appointments 0, schedule 1: a
# cousin's dinner abroad on "Sunday the 28th", mail 0) beside its money read by kind (money 1)
SEVENTEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 1, "mail": 0, "brief": 0, "reminders": 0}

# what the eighteenth set (a conversation of a Tuesday morning and afternoon and single questions over the eighteenth
# sample mailbox, Frank Kowalczyk's in Chicago, written blind to the rules and frozen before its first run) scored on
# that first run, before any tuning: 35 right, 14 wrong, 26 refused of 75 (appointments 9/5/4, brief 2/0/0, mail
# 4/1/4, money 16/5/10, reminders 3/0/0, schedule 1/3/8); after its days, bookings and talk were read by kind
# (appointments 15/0/3, schedule 7/2/3, before its money was); after a surgeon's visits under labels, a time to leave
# a reply gives and a booking's price were read: 67 right, 0 wrong, 8 refused (appointments 16/0/2, schedule 11/0/1)
EIGHTEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the nineteenth set (a conversation of a Friday evening and night and single questions over the nineteenth
# sample mailbox, Tan Wei Ling's in Petaling Jaya, written blind to the rules and frozen before its first run) scored
# on that first run, before any tuning: 41 right, 11 wrong, 23 refused of 75 (appointments 9/4/7, brief 2/1/0, mail
# 6/1/0, money 16/5/10, reminders 3/0/0, schedule 5/0/6); after its money, its lures, a parcel's notices and a court
# booked in an app were read by kind: 52 right, 4 wrong, 19 refused (money 0, mail 0, brief 0); after a ticket's table
# of trips, a flight's schedule change, a move's reason and a journey's baggage were read: 63 right, 0 wrong, 12 refused
NINETEENTH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the twentieth set (a conversation of a Friday from the school-day morning to bedtime and single questions over the
# twentieth sample mailbox, Kirsty Fraser's in Glasgow, written blind to the rules and frozen before its first run)
# scored on that first run, before any tuning: 35 right, 21 wrong, 19 refused of 75 (appointments 10/4/9, brief 1/0/1,
# mail 4/4/1, money 11/8/2, reminders 5/0/0, schedule 4/5/6); after its money, mail and lures were read by kind:
# 46 right, 10 wrong, 19 refused (money 19/0/2); after a coach's game, a disco's sittings, a day's time in a person's
# words, a relative's consultant and clipped words were read by kind: 64 right, 1 wrong, 10 refused (schedule 12/1/2,
# mail 8/0/1)
TWENTIETH_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 1, "mail": 0, "brief": 0, "reminders": 0}

# what the twenty-first set (a conversation of a Sunday evening planning the week ahead and single questions over the
# twenty-first sample mailbox, Mandy Chan's in Hong Kong, written blind to the rules and frozen before its first run)
# scored on that first run, before any tuning: 36 right, 18 wrong, 21 refused of 75 (appointments 10/5/9, brief
# 2/1/0, mail 8/0/1, money 8/8/6, reminders 4/0/1, schedule 4/4/4); after a government's demand for payment, the
# lures of an unpaid toll and a tax refund were read by kind, beside the days round: 56 right, 6 wrong, 13 refused
# (money 17/1/4)
TWENTY_FIRST_WRONG_AT_MOST = {"money": 1, "appointments": 2, "schedule": 3, "mail": 0, "brief": 0, "reminders": 0}

# what the twenty-second set (a conversation of a Tuesday from the lunch break in the van to the evening and single
# questions over the twenty-second sample mailbox, Darnell Carter's in Decatur, Georgia, written blind to the rules and
# frozen before its first run) scored on that first run, before any tuning: 24 right, 22 wrong, 29 refused of 75
# (appointments 8/1/12, brief 0/4/0, mail 3/1/3, money 7/8/8, reminders 4/0/0, schedule 2/8/6)
TWENTY_SECOND_WRONG_AT_MOST = {"money": 5, "appointments": 0, "schedule": 8, "mail": 1, "brief": 2, "reminders": 0}

# what the talk set (four conversations of a person's day over the second, fifth, sixth and seventh sample
# mailboxes, written blind to the rules and frozen before its first run) scored on that first run, before any
# tuning: 92 right, 16 wrong, 12 refused of 120
# since then: money 3 wrong, appointments 7 ("what's the address there?" after a day is the place of the thing on
# it), reminders 0 ("remind me about the car service the night before" is the day before the thing it names),
# appointments 4 (a flight's number, a hotel asked by its city), money 0 ("the Dutch one" after another card is the
# card in euros, "what's overdue?" asks of every bill)
TALK_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

# what the talk2 set (four conversations of a person's day over the demo, third, eighth and ninth sample
# mailboxes, written blind to the rules and frozen before its first run) scored on that first run, before any
# tuning: 91 right, 16 wrong, 13 refused of 120; after a day asked how it looks, "anything else on that day",
# corrections that say what is not meant, a booking's fee and a kind of insurance: 98 right, 11 wrong, 11 refused
# measured again after the work above: talk 112/0/8, talk2 105/7/8, ninth 66/1/8, tenth 48/9/18; then a fee asked
# by a purpose no bill holds shows no other bill's figure (money 0), a stay's check-out asked at a day and time
# (appointments 0), plans a person's mail moves shown at their new time and a team's game read (schedule 3):
# talk2 109/3/8, ninth 70/0/5; then plans moved by a mail that tells of another event too, a booking's address
# further down its mail and "dinner at hers" (schedule 1): talk2 113/1/6, ninth 71/0/4; then a colleague's mail
# asking to meet at a time read as an invitation, a rental car's labelled lines, a meeting a calendar update moved
# (schedule 0): talk2 117/0/3
TALK2_WRONG_AT_MOST = {"money": 0, "appointments": 0, "schedule": 0, "mail": 0, "brief": 0, "reminders": 0}

WRONG_LIMITS = {"dev": WRONG_AT_MOST, "third": THIRD_WRONG_AT_MOST, "fourth": FOURTH_WRONG_AT_MOST,
                "fifth": FIFTH_WRONG_AT_MOST, "days": DAYS_WRONG_AT_MOST, "sixth": SIXTH_WRONG_AT_MOST,
                "seventh": SEVENTH_WRONG_AT_MOST, "eighth": EIGHTH_WRONG_AT_MOST, "ninth": NINTH_WRONG_AT_MOST,
                "tenth": TENTH_WRONG_AT_MOST, "eleventh": ELEVENTH_WRONG_AT_MOST, "twelfth": TWELFTH_WRONG_AT_MOST,
                "thirteenth": THIRTEENTH_WRONG_AT_MOST, "fourteenth": FOURTEENTH_WRONG_AT_MOST,
                "fifteenth": FIFTEENTH_WRONG_AT_MOST, "sixteenth": SIXTEENTH_WRONG_AT_MOST,
                "seventeenth": SEVENTEENTH_WRONG_AT_MOST, "eighteenth": EIGHTEENTH_WRONG_AT_MOST,
                "nineteenth": NINETEENTH_WRONG_AT_MOST, "twentieth": TWENTIETH_WRONG_AT_MOST,
                "twentyfirst": TWENTY_FIRST_WRONG_AT_MOST, "twentysecond": TWENTY_SECOND_WRONG_AT_MOST,
                "talk": TALK_WRONG_AT_MOST, "talk2": TALK2_WRONG_AT_MOST}


@pytest.mark.slow
@pytest.mark.timeout(900)  # a whole set: its homes built and embedded, then every case asked
@pytest.mark.parametrize("name", list(WRONG_LIMITS))
def test_a_set_gets_no_more_wrong_answers_than_it_did(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    data = yaml.safe_load((answers.DATA / answers.SETS[name]).read_text(encoding="utf-8"))
    results = answers.run_set(data, shared_folder(tmp_path_factory, "answer-homes"))  # each home built once a run
    wrong: dict[str, int] = {}
    for r in results:
        wrong[r.capability] = wrong.get(r.capability, 0) + (r.verdict == "wrong")
    over = {c: n for c, n in wrong.items() if n > WRONG_LIMITS[name].get(c, 0)}
    assert not over, f"more wrong answers than before: {over}\n{answers.table(results)}"


@pytest.mark.parametrize("name", ["dev", "third", "fourth", "fifth", "sixth", "sixth_blind", "seventh", "seventh_blind",
                                  "eighth", "eighth_blind", "ninth", "ninth_blind", "tenth", "tenth_blind", "eleventh",
                                  "eleventh_blind", "twelfth", "twelfth_blind", "thirteenth", "thirteenth_blind", "fourteenth",
                                  "fourteenth_blind", "fifteenth", "fifteenth_blind", "sixteenth",
                                  "sixteenth_blind", "seventeenth", "seventeenth_blind", "eighteenth",
                                  "eighteenth_blind", "nineteenth", "nineteenth_blind", "twentieth",
                                  "twentieth_blind", "twentyfirst", "twentyfirst_blind", "twentysecond",
                                  "twentysecond_blind", "days",
                                  "days_blind", "talk", "talk2"])
def test_every_case_asks_a_home_its_set_builds_about_a_known_capability(name: str) -> None:
    data = yaml.safe_load((answers.DATA / answers.SETS[name]).read_text(encoding="utf-8"))
    capabilities = {"money", "appointments", "schedule", "mail", "brief", "reminders"}
    ids = [c["id"] for c in data["cases"]]
    assert len(ids) == len(set(ids))
    for case in data["cases"]:
        assert case["mailbox"] in data["homes"] and case["mailbox"] in answers.ZONES, case["id"]
        assert case["capability"] in capabilities and case["turns"], case["id"]
        assert case.get("answerable", True) or not case.get("expect"), case["id"]


def test_a_kenyan_amount_is_read_with_its_currency() -> None:
    assert answers.has_amount("Ksh 6,840.00", "6840.00") and answers.has_currency("KShs. 2,315/=", "KES")


def test_a_brazilian_and_a_canadian_amount_are_read_with_their_currency() -> None:
    assert answers.has_amount("R$ 1.870,90", "1870.90") and answers.has_currency("R$ 1.870,90", "BRL")
    assert answers.has_currency("CA$742.19", "CAD")


def test_a_philippine_amount_is_read_with_its_currency() -> None:
    assert answers.has_amount("₱38,452.17", "38452.17") and answers.has_currency("₱4,286.35", "PHP")
    assert answers.has_currency("PHP 1,899.00", "PHP")


def test_a_nigerian_amount_is_read_with_its_currency() -> None:
    assert answers.has_amount("NGN63,500.00 due Wed 15 Dec", "63500.00")
    assert answers.has_currency("₦312,450.75", "NGN")
    assert answers.has_currency("19,800 naira", "NGN") and not answers.has_currency("US$486.30", "NGN")


def test_an_amount_in_thousands_or_millions_is_read_as_people_write_it() -> None:
    assert answers.has_amount("she says the fabric is 40k, due Friday", "40000.00")
    assert answers.has_amount("Rent went up to ₦1.5m a year", "1500000.00") and answers.has_amount("12K each", "12000")
    assert not answers.has_amount("the 40km drive", "40000.00") and not answers.has_amount("at 7.30pm", "7300000")


def test_a_jamaican_amount_is_read_with_its_currency() -> None:
    assert answers.has_amount("J$16,482.75 by Wed 24 Feb", "16482.75") and answers.has_currency("J$2,400.00", "JMD")
    assert answers.has_currency("JMD 5,940.00", "JMD") and not answers.has_currency("US$612.48", "JMD")
