"""Masking account and card numbers: keep the last four digits, hide the rest.

"4111 1111 1111 1234", "4111-1111-1111-1234" and "50100234567890" become "XXXX1234" / "XXXX7890".
Forms that already show only the last four ("XXXX1234", "ending 1234", "xx1234") are left alone.
Amounts ("1,23,456.00") and dates ("2026-09-14") are not touched: a run of 8 or more digits counts
as an account number, and so does a run grouped by single spaces or dashes with 12 or more digits.
"""

from __future__ import annotations

import re

# 8+ digits, possibly in groups of 2-6 separated by a single space or dash; not part of a longer
# alphanumeric word and not glued to a decimal point (amounts) or another digit.
_NUMBER = re.compile(r"(?<![\w.,])(?:\d[ -]?){7,}\d(?![\w]|[.,]\d)")


def mask_numbers(text: str) -> str:
    """Replace every account/card-like number in `text` with XXXX + its last four digits."""
    if not text:
        return text
    return _NUMBER.sub(_mask_one, text)


def _mask_one(match: re.Match[str]) -> str:
    raw = match.group(0)
    digits = re.sub(r"\D", "", raw)
    if len(digits) < (8 if raw == digits else 12):
        return match.group(0)
    return "XXXX" + digits[-4:]
