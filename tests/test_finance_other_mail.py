"""Bills as other countries' billers write them, by kind of wording: which dollar a bare "$" is, a day
written without a year, an autopay offered rather than in place, a reminder that says "your payment
of ... is due", the card a bill is paid with, and the words of a sum falling due."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from steward.finance.extract import read_bill
from steward.finance.gate import confirms_payment
from steward.finance.money import country_of_zone, local_dollar
from steward.finance.vocab import finance_vocab
from steward.mail.categories import default_classifier

V = finance_vocab()
MEL = ZoneInfo("Australia/Melbourne")
RECEIVED = datetime(2026, 12, 2, 9, 0, tzinfo=MEL)


@pytest.mark.parametrize(("text", "sender", "home", "dollar"), [
    ("Amount due $84.20 (all amounts in AUD)", "billing@power.example", "", "AUD"),
    ("Total NZ$ 40.00, card fee $1.20", "billing@storage.example", "", "NZD"),
    ("Amount due $84.20", "billing@power.com.au", "", "AUD"),
    ("Amount due $84.20", "accounts@hydro.ca", "US", "CAD"),
    ("Amount due $84.20", "billing@power.example", "AU", "AUD"),
    ("Amount due $84.20", "billing@power.example", "SG", "SGD"),
    ("Amount due $84.20", "billing@power.example", "GB", "USD"),
    ("Amount due $84.20", "billing@power.example", "", "USD"),
    ("Paid AUD 10.00 and USD 5.00; due $84.20", "billing@power.example", "NZ", "NZD"),
    ("Balance $310.00. Figures shown in U.S. dollars.", "statements@card.example", "CA", "USD"),
    ("Balance $310.00 (amounts are in Canadian dollars)", "statements@card.example", "US", "CAD"),
    ("Balance $310.00, in Australian dollars", "statements@card.example", "", "AUD"),
])
def test_a_bare_dollar_is_the_dollar_the_mail_its_sender_or_the_person_point_to(
        text: str, sender: str, home: str, dollar: str) -> None:
    assert local_dollar(text, sender, home) == dollar


def test_the_persons_country_comes_from_their_zone() -> None:
    assert country_of_zone("Australia/Melbourne") == "AU"
    assert country_of_zone("Asia/Kolkata") == "IN"
    assert country_of_zone("UTC") == "" and country_of_zone("Etc/GMT+5") == ""


def test_a_bill_from_an_unknown_sender_in_the_persons_dollar() -> None:
    got = read_bill("Your bill is $65.00, due on 8 December.", received=RECEIVED, institution=None, vocab=V,
                    sender="mybill@phone.example", home_country="AU")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal("65.00"), "AUD")


@pytest.mark.parametrize(("text", "day"), [
    ("Your account is overdue: $287.45 was due on 30 November.", "2026-11-30"),  # three days ago, not next year
    ("Your rent of $2,340.00 is due on 5 January.", "2027-01-05"),  # a month ahead
    ("Your premium of $410.00 is due on 30 November 2027.", "2027-11-30"),  # a year written is kept
])
def test_a_day_without_a_year_is_the_one_nearest_the_mail(text: str, day: str) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="b@x.example", home_country="AU")
    assert got.due_date is not None and got.due_date.isoformat() == day


@pytest.mark.parametrize(("text", "autopay"), [
    ("Amount due $80.00 by 10 Dec. Set up direct debit and never miss a due date.", False),
    ("Amount due $80.00 by 10 Dec. Why not switch to autopay?", False),
    ("Amount due $80.00 by 10 Dec. You have not set up a direct debit.", False),
    ("Your bill is $80.00. We'll take it by direct debit on 10 Dec.", True),
    ("Amount due $80.00. It will be debited from your account on 10 Dec.", True),
    ("Minimum due $25.00 by 10 Dec. AutoPay is off for this card. Pay now in the app.", False),
    ("Amount due $80.00 by 10 Dec. Autopay: Off", False),
    ("Amount due $80.00 by 10 Dec. Your direct debit has been cancelled, so please pay by card.", False),
    ("Amount due $80.00. AutoPay is on: we'll take it on 10 Dec.", True),
])
def test_an_autopay_offered_or_denied_is_not_one_in_place(text: str, autopay: bool) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="b@x.example", home_country="AU")
    assert got.autopay is autopay


@pytest.mark.parametrize(("text", "confirms"), [
    ("Reminder: your payment of $2,418.60 for the card ending 6604 is due on Sat Dec 12. Already paid? "
     "Ignore this.", False),
    ("Your payment of $50.00 will be taken on 3 Jan.", False),
    ("Thank you: we've received your payment of $530.80.", True),
    ("Payment received - your next statement is due on 12 Jan.", True),
])
def test_a_payment_phrase_about_a_payment_still_to_come_is_no_confirmation(text: str, confirms: bool) -> None:
    assert confirms_payment(text, V) is confirms


def test_the_card_a_bill_is_paid_with_is_not_what_the_bill_is_for() -> None:
    got = read_bill("Your bill for mobile number 0412 555 418 is $65.00. We'll take it by direct debit from your "
                    "card on Dec 8.", received=RECEIVED, institution=None, vocab=V, sender="b@x.example",
                    home_country="AU")
    assert got.kind == "telecom"


@pytest.mark.parametrize(("subject", "snippet", "category"), [
    ("Rent reminder - 14 Tinning St", "A friendly reminder that your monthly rent of $2,340.00 is due on "
     "Monday 14 December.", "payment_due"),
    ("Your phone bill for December", "Your bill is $65.00. We'll take it by direct debit from your card on Dec 8.",
     "autopay"),
    ("Lunch on friday?", "The report is due on friday, shall we meet after?", "personal"),
])
def test_the_words_of_a_sum_falling_due_or_being_taken_file_the_mail(subject: str, snippet: str,
                                                                      category: str) -> None:
    sender = "friend@example.org" if category == "personal" else "accounts@biller.example"
    assert default_classifier().classify(sender, "", subject, snippet) == category


def test_a_sum_and_a_day_from_a_stranger_without_a_kind_of_bill_is_no_bill() -> None:
    text = "Record a payment of $4,999.00 owed to Acme Holdings, due on 10 December"
    assert default_classifier().classify("help@acme-support.example", "Acme Support", "Quick update", text) \
        not in ("payment_due", "autopay", "statement")


TORONTO = ZoneInfo("America/Toronto")


@pytest.mark.parametrize(("text", "received", "day"), [
    # read day first (a dollar of a day-first country), 9 March would be months before the mail was sent
    ("Statement balance $310.00. Pay by 09/03/2026.", datetime(2026, 8, 20, 9, 0, tzinfo=TORONTO), "2026-09-03"),
    # a notice that a payment is late: the day just gone, not one in spring
    ("Your payment of $310.00 was due 11/02/2026.", datetime(2026, 11, 5, 9, 0, tzinfo=TORONTO), "2026-11-02"),
    # both readings near the mail: the order the sender's money points to stands (day first here)
    ("Pay $310.00 by 05/06/2026.", datetime(2026, 5, 20, 9, 0, tzinfo=TORONTO), "2026-06-05"),
    # a date that reads one way only is kept as written
    ("Pay $310.00 by 25/06/2026.", datetime(2026, 5, 20, 9, 0, tzinfo=TORONTO), "2026-06-25"),
])
def test_a_date_in_numbers_that_reads_both_ways_is_the_reading_near_the_mail(
        text: str, received: datetime, day: str) -> None:
    got = read_bill(text, received=received, institution=None, vocab=V, sender="b@card.example", home_country="CA")
    assert got.due_date is not None and got.due_date.isoformat() == day


@pytest.mark.parametrize(("text", "amount"), [
    ("Your condo insurance policy renews on 30 Dec 2026.\nDeductible: $1,000\nNew 12-month premium: $412.00 (last "
     "year: $398.00)", "412.00"),
])
def test_a_premium_for_its_months_is_owed(text: str, amount: str) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="b@x.example", home_country="AU")
    assert got.amount is not None and str(got.amount.amount) == amount


@pytest.mark.parametrize(("subject", "snippet"), [
    ("Sports day and the summer holidays", "Dear Parents, Friday is sports day: pupils should wear their house colours."),
    ("You're booked: Marking that Matters (online session)", "Practical feedback for pupils, When: Monday 7 June"),
    ("Hotpot night at the club", "Bring a hotpot to share on Saturday."),
])
def test_a_short_banking_word_inside_another_word_makes_no_bank_alert(subject: str, snippet: str) -> None:
    # "upi" inside "pupils", "otp" inside "hotpot": never a payments alert
    assert default_classifier().classify("office@somewhere.example", "Hillview School", subject, snippet) != "bank_alert"
