"""A booking's reference is read from its mail and shown whole: a hotel's confirmation number of digits alone,
a PNR, a code of capitals and digits; never a masked card or account number, and never a date or an amount
that happens to follow a word for a booking. The mail here is written for these tests."""

from __future__ import annotations

import pytest

from steward.mail.mask import mask_numbers
from steward.reader.answerers.appointments import _reference_in


@pytest.mark.parametrize(("text", "reference"), [
    ("Reservation confirmation #88410273 - Riverside Suites", "88410273"),
    ("Dear guest,\nConfirmation number: 88410273\nCheck-in: June 3", "88410273"),
    ("PNR No.: 4521873096\nTrain No./Name: 12627", "4521873096"),
    ("Booking reference (PNR): QK7R2M", "QK7R2M"),
    ("Confirmation: CR55820917\nPick-up: June 3", "CR55820917"),
    ("Order confirmation #FS-2210483", "FS-2210483"),
    ("Date: Friday 3 March\nTime: 9:30am\nAuthorisation code: HX-7730215\nCo-payment: Nil", "HX-7730215"),
    ("Your visit is approved. Approval number: AP-5501287", "AP-5501287"),
])
def test_a_bookings_reference_is_read_whole_from_its_mail(text: str, reference: str) -> None:
    assert _reference_in(mask_numbers(text)) == reference


@pytest.mark.parametrize("text", [
    "Your booking was paid with card 4111 1111 1111 1234",
    "Your order was charged to account 50100234567890",
    "booking for 2 on 12 May 2027 at 7:30",
    "reservation total 1250000 VND",
])
def test_no_reference_is_made_of_an_account_a_date_or_an_amount(text: str) -> None:
    assert _reference_in(mask_numbers(text)) == ""
