"""Account and card numbers are masked wherever mail text is shown or kept; a booking's own reference (a hotel's
confirmation number, a PNR, an order number) is shown whole, as a person reads it out at a desk."""

from __future__ import annotations

import pytest

from steward.mail.mask import mask_numbers


@pytest.mark.parametrize(("text", "shown"), [
    ("Card 4111 1111 1111 1234 was charged", "Card XXXX1234 was charged"),
    ("Account ID 7204518839", "Account ID XXXX8839"),
    ("Pay by BPAY: biller code 33118, reference 22904471", "Pay by BPAY: biller code 33118, reference XXXX4471"),
    ("UPI Ref No: 710512345678", "UPI Ref No: XXXX5678"),
    ("for account 50100234567890, your booking", "for account XXXX7890, your booking"),
])
def test_account_and_card_numbers_are_masked(text: str, shown: str) -> None:
    assert mask_numbers(text) == shown


@pytest.mark.parametrize("text", [
    "Reservation confirmation #88410273 - Riverside Suites",
    "Confirmation number: 88410273",
    "PNR No.: 4521873096",
    "Booking reference: 31770452",
    "Your itinerary 5520913377 is attached",
    "Order no. 700221934",
    "E-ticket number 1762218843",
    "Confirmation: HTR-55021984",  # the reference's own letters before its digits
    "Reference: PPT-KE-40918822",  # a reference opening with two groups of letters (a visa centre's)
])
def test_a_bookings_labelled_reference_is_shown_whole(text: str) -> None:
    assert mask_numbers(text) == text


def test_a_card_number_is_masked_whatever_label_stands_before_it() -> None:
    assert mask_numbers("Booking paid, confirmation 4111 1111 1111 1111") == "Booking paid, confirmation XXXX1111"
    assert mask_numbers("Order: card 4111-1111-1111-1234") == "Order: card XXXX1234"


def test_an_account_number_with_letters_before_it_is_still_masked() -> None:
    assert mask_numbers("Account: RL-55102288") == "Account: RL-XXXX2288"
