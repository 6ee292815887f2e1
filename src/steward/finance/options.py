"""A bill priced as options, not one sum: a vehicle tax or licence ("rego") letter, a TV licence, a
membership renewal that lists "12 months: £190.00", "6 months: £104.50", "Monthly Direct Debit: £16.63 a
month". Which one the person will take is theirs to choose, so an answer names every option and picks none.

An option is a line (or a run of a normalised snippet) whose label is a span of time or a way of paying by
instalments, followed by a colon and an amount with its currency mark. Two or more options with different
amounts make a priced-options mail; one labelled amount alone is an ordinary bill.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "12 months", "6-month", "one year", "annual", "monthly Direct Debit", "quarterly", "per year", "1 yr"
_PERIOD = (r"(?:(?:\d{1,2}|one|two|three|four|six|twelve)[\s-]*(?:months?|mths?|years?|yrs?|weeks?|days?)"
           r"|annual(?:ly)?|yearly|monthly|quarterly|half[\s-]yearly|weekly|fortnightly|per\s+(?:year|month)"
           r"|full\s+year|single\s+payment|pay\s+in\s+full)")
# the label: a period, perhaps with a way of paying after it ("Monthly Direct Debit", "12 months by card")
_OPTION = re.compile(r"(?:^|(?<=[\s.;,]))(?P<label>" + _PERIOD + r"(?:[ \t]+(?:by[ \t]+)?[A-Za-z][\w -]{0,24}?)?)"
                     r"[ \t]*:[ \t]*(?P<amount>(?:[£$€]|NZ\$|A\$|AU\$|US\$|GBP\s?|NZD\s?|AUD\s?|EUR\s?|USD\s?)"
                     r"\d[\d,]*(?:\.\d{2})?)(?P<per>[ \t]+(?:a|per)[ \t]+(?:month|year|week|quarter))?", re.I)


@dataclass(frozen=True)
class Option:
    """One priced option as its mail writes it."""

    label: str   # "12 months", "Monthly Direct Debit"
    amount: str  # "£190.00"
    per: str     # " a month" when the amount is an instalment, else ""

    def text(self) -> str:
        """The option as said: "12 months: £190.00", "Monthly Direct Debit: £16.63 a month"."""
        return f"{self.label}: {self.amount}{self.per}"


def priced_options(text: str) -> list[Option]:
    """The options a bill's text prices, in its order; [] unless two or more with different amounts."""
    found: list[Option] = []
    for m in _OPTION.finditer(text):
        option = Option(" ".join(m.group("label").split()), m.group("amount").strip(),
                        f" {' '.join(m.group('per').split())}" if m.group("per") else "")
        if option not in found:
            found.append(option)
    return found if len({o.amount for o in found}) >= 2 else []


def options_line(options: list[Option]) -> str:
    """The options said in one line, none of them chosen."""
    return ("It's priced as options, and which one is yours to choose: "
            + "; ".join(o.text() for o in options) + ".")


# how many months a period label covers ("12 months" 12, "annual" 12, "6-month" 6, "monthly" 1); a year said whole
_WHOLE_YEAR = re.compile(r"\b(?:annual(?:ly)?|yearly|full\s+year|one\s+year|1\s*(?:years?|yrs?)|per\s+year|"
                         r"single\s+payment|pay\s+in\s+full)\b", re.I)
_MONTHS = re.compile(r"\b(\d{1,2}|one|two|three|four|six|twelve)[\s-]*(?:months?|mths?)\b", re.I)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "twelve": 12}


def _months(label: str) -> int:
    """The months an option's label covers; 0 for an instalment or a span it does not say in months or years."""
    if _WHOLE_YEAR.search(label):
        return 12
    m = _MONTHS.search(label)
    if m is None:
        return 0
    said = m.group(1).casefold()
    return _NUMBERS.get(said) or int(said)


def full_term(text: str) -> tuple[int, int] | None:
    """Where a bill priced as options writes the one that pays for the longest term at once ("12 months: £190.00"
    of a vehicle tax letter that also offers 6 months and a monthly Direct Debit): (the label's start, the amount's
    end); None when the text prices no options or none of them is a term paid whole."""
    if not priced_options(text):
        return None
    best: tuple[int, int, int] | None = None
    for m in _OPTION.finditer(text):
        months = 0 if m.group("per") else _months(m.group("label"))
        if months and (best is None or months > best[0]):
            best = (months, m.start("label"), m.end("amount"))
    return (best[1], best[2]) if best is not None else None
