"""Masking account and card numbers: keep the last four digits, hide the rest.

"4111 1111 1111 1234", "4111-1111-1111-1234" and "50100234567890" become "XXXX1234" / "XXXX7890".
Forms that already show only the last four ("XXXX1234", "ending 1234", "xx1234") are left alone.
Amounts ("1,23,456.00") and dates ("2026-09-14") are not touched: a run of 8 or more digits counts
as an account number, and so does a run grouped by single spaces or dashes with 12 or more digits.

A booking's own reference is not an account number and is shown whole: a number the mail labels as a
confirmation, reservation, booking, itinerary, ticket or order number, a reference with its own letters
("Reference: PPT-KE-40918822"), or a PNR ("Confirmation number: 88410273", "Reservation confirmation
#88410273", "PNR No.: 4521873096"), is what a person reads out at a desk. A number that is a valid card number (13 to 19 digits passing the Luhn check) is masked whatever
label stands before it.
"""

from __future__ import annotations

import re

# 8+ digits, possibly in groups of 2-6 separated by a single space or dash; not part of a longer
# alphanumeric word and not glued to a decimal point (amounts) or another digit.
_NUMBER = re.compile(r"(?<![\w.,])(?:\d[ -]?){7,}\d(?![\w]|[.,]\d)")

# a booking's label just before its number: the label word, then only the words that name its number
# ("confirmation number:", "reservation confirmation #", "booking ref", "PNR No.:", "order ID") — never an
# account's or a card's word between them
_REFERENCE_LABEL = re.compile(
    r"\b(?:confirmation|conf|reservation|booking|itinerary|pnr|locator|e-?ticket|ticket|order)"
    r"(?:[\s:#.()/-]|\b(?:number|numbers|no|nr|code|id|is|reference|ref|pnr|confirmation)\b)*$", re.I)
_PLAIN_REFERENCE = re.compile(r"\b(?:reference|ref)(?:[\s:#.()/-]|\b(?:number|no|code|id)\b)*$", re.I)
_LOOK_BACK = 40  # characters before a number where its label may stand (on its own line)


def mask_numbers(text: str) -> str:
    """Replace every account/card-like number in `text` with XXXX + its last four digits (a booking's
    labelled reference is left whole)."""
    if not text:
        return text
    return _NUMBER.sub(_mask_one, text)


def _mask_one(match: re.Match[str]) -> str:
    raw = match.group(0)
    digits = re.sub(r"\D", "", raw)
    if len(digits) < (8 if raw == digits else 12):
        return match.group(0)
    if _booking_reference(match) and not _card_number(digits):
        return raw
    return "XXXX" + digits[-4:]


def _booking_reference(match: re.Match[str]) -> bool:
    """Whether the mail labels this number as a booking's (a confirmation, reservation, ticket, order number)."""
    before = match.string[max(0, match.start() - _LOOK_BACK):match.start()]
    # a reference's own letters before its digits are part of it ("Confirmation: SCR-40377162")
    whole = before.rsplit("\n", 1)[-1]
    line = _OWN_PREFIX.sub("", whole)
    if _REFERENCE_LABEL.search(line) is not None:
        return True
    # a plain "Reference: 22904471" may be an account's (a biller's customer reference); one with its own
    # letters ("Reference: PPT-KE-40918822") is a booking's, as a visa centre or a clinic writes it
    return line != whole and _PLAIN_REFERENCE.search(line) is not None


# the letters a booking's reference opens with, joined to its digits by a dash ("SCR-", "HTL-", "PPT-KE-")
_OWN_PREFIX = re.compile(r"(?<=[\s:#])(?:[A-Z]{2,5}-){1,3}$")


def _card_number(digits: str) -> bool:
    """Whether the digits are a card number: 13 to 19 of them, passing the Luhn check."""
    if not 13 <= len(digits) <= 19:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0
