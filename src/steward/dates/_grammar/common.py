"""What the grammar's rule families share: word tables, regex fragments, number helpers, the Rule type.

A rule is a pattern and a function that turns its match into a `Piece`. Its pattern is compiled on
first use, and a rule runs only when the text has one of the words (or kinds of word) it `needs`
(and, when it says `also`, one of those too: "in 2 hours" needs a unit and also "in", "within" or
"after"): `steward when tomorrow` compiles and runs the few rules that can match "tomorrow", not all
of them. Kinds of word: `#digit` (any digit: numbers arrive as digits, see `_text`), `#punct` (a digit
and one of `: . / -`, as in 17:00 or 3/9), `#digits4` (four digits in a row: 1730, 2026), `#oh` (a
space and a zero: "12 03"), `#sign` (a digit and a space and a sign: "10:00 +0530"), `#month`,
`#weekday`, `#unit` (a unit of time), `#part` (a part of the day), `#zone` (a time-zone abbreviation).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from steward.dates._model import Grain, Offset, Piece, TimeOfDay

MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "febr": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
    "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
    "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}
WEEKDAYS = {
    "mon": 0, "monday": 0, "tue": 1, "tues": 1, "tuesday": 1, "wed": 2, "weds": 2, "wednesday": 2,
    "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "fri": 4, "friday": 4, "sat": 5, "saturday": 5,
    "sun": 6, "sunday": 6,
}
MONTH_NAMES = sorted(MONTHS, key=len, reverse=True)
WEEKDAY_NAMES = sorted(WEEKDAYS, key=len, reverse=True)

# fragments -----------------------------------------------------------------------------------------
B = r"(?<![\w])"          # word start
E = r"(?![\w])"           # word end
MON = r"(?P<mon>" + "|".join(MONTH_NAMES) + r")\.?"
MON2 = r"(?P<mon2>" + "|".join(MONTH_NAMES) + r")\.?"
WD = r"(?P<wd>" + "|".join(WEEKDAY_NAMES) + r")s?\.?"
DAYN = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
DAYN2 = r"(?P<day2>[0-3]?\d)(?:st|nd|rd|th)?"
ORD = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)"
YEAR = r"(?P<year>\d{4}|'\d{2})"
# "a.m.", "am", "a m", and "a . m ." as speech recognisers write it
MER = r"(?P<mer>a\s?\.\s?m(?:\s?\.)?|p\s?\.\s?m(?:\s?\.)?|am|pm|a\sm|p\sm)"
MER_SHORT = r"(?P<mers>a|p)\.?"
H12 = r"(?P<h>1[0-2]|0?[1-9])"
H24 = r"(?P<h>[01]?\d|2[0-3])"
MM = r"(?P<mi>[0-5]\d)"
SS = r"(?P<s>[0-5]\d)"
REL = r"(?P<rel>this|next|nxt|last|coming|upcoming|past|previous|current|the following|following)"
COUNT_CORE = (r"\d+ and an? half|\d+ and a quarter|an? quarter of an?|quarter of an?|3-quarters of an?"
              r"|3 quarters of an?|an? couple(?: of)?|couple(?: of)?|an? pair of|an? few|few|several|an? half"
              r"|half an?|\d+/\d+|\d+(?:[.,]\d+)?|(?:an?|one)(?=\s)")
COUNT = r"(?P<n>" + COUNT_CORE + r")"
UNIT_CORE = (r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|fortnights?|months?|mons?|mo"
             r"|years?|yrs?|decades?|quarters?|qtrs?|s|m|'|\"|h|d|w|y)(?![\w])")
UNIT = r"(?P<unit>" + UNIT_CORE + r")"
# "an hour and a half", "2 days and a quarter": a fraction said after the unit belongs to that item
FRACTION = r"\sand\san?\s(?:half|quarter)(?![\w])"
# a bare hour after "at" is not the whole time when a meridiem or minutes follow
NO_MORE_TIME = r"(?!\s?(?:[ap]\.?\s?m(?![a-z])|[ap](?![a-z])|[:.h]\d|\s\d))"
NOT_A_NOUN = (r"(?!\s(?!(?:on|at|in|the|this|next|tomorrow|today|tonight|and|to|or|until|till|for|from|of|by|am|pm"
              r"|a\.m|p\.m|please|thanks|thank|ok|okay|then|so|sharp|o'?clock|every|each|daily|,)(?![\w]))[a-z])")
NOW_WORDS = (r"(?:right now|just now|now|at the moment|atm|this moment|immediately|asap|as soon as possible"
             r"|till date|to date|until now)")

UNIT_OFFSET: dict[str, Offset] = {}
for _names, _off in (
    (("second", "seconds", "sec", "secs", "s", '"'), Offset(seconds=1, grain="second")),
    (("minute", "minutes", "min", "mins", "m", "'"), Offset(seconds=60, grain="minute")),
    (("hour", "hours", "hr", "hrs", "h"), Offset(seconds=3600, grain="hour")),
    (("day", "days", "d"), Offset(days=1, grain="day")),
    (("week", "weeks", "wk", "wks", "w"), Offset(days=7, grain="week")),
    (("fortnight", "fortnights"), Offset(days=14, grain="week")),
    (("month", "months", "mon", "mons", "mo"), Offset(months=1, grain="month")),
    (("quarter", "quarters", "qtr", "qtrs"), Offset(months=3, grain="month")),
    (("year", "years", "yr", "yrs", "y"), Offset(years=1, grain="year")),
    (("decade", "decades"), Offset(years=10, grain="year")),
):
    for _n in _names:
        UNIT_OFFSET[_n] = _off


def count_value(text: str) -> float | None:
    """The number a count phrase stands for ("a couple of" -> 2, "3/4" -> 0.75)."""
    t = text.strip()
    if re.fullmatch(r"\d+", t):
        return float(int(t))
    if re.fullmatch(r"\d+[.,]\d+", t):
        return float(t.replace(",", "."))
    if re.fullmatch(r"\d+/\d+", t):
        num, den = t.split("/")
        return int(num) / int(den) if int(den) else None
    if t in ("a", "an", "one"):
        return 1.0
    if "couple" in t or "pair" in t:
        return 2.0
    if "few" in t:
        return 3.0
    if t == "several":
        return 3.0
    if "3-quarters" in t or "3 quarters" in t:
        return 0.75
    if "quarter" in t:
        return 0.25 if not t[0].isdigit() else int(t.split()[0]) + 0.25
    if "half" in t:
        return 0.5 if not t[0].isdigit() else int(t.split()[0]) + 0.5
    return None


_FINER: dict[str, Grain] = {"hour": "minute", "minute": "second", "second": "second"}


def scale_offset(unit: Offset, n: float) -> Offset | None:
    """`n` units. A month has no fixed length: a fraction of a year is whole months, half a month is
    15 days ("a month and a half" = 1 month 15 days), other fractions of months are refused.
    A fraction of a clock unit is precise to the next finer unit ("1.5 hours" is 90 minutes away)."""
    if unit.months or unit.years:
        if not float(n).is_integer():
            if unit.years and (n * 12).is_integer():
                return Offset(months=int(n * 12), grain="month")
            if unit.months and (n * 2).is_integer():
                return Offset(months=int(unit.months * n), days=15 * (2 * n % 2), grain="day")
            return None
        return Offset(years=int(unit.years * n), months=int(unit.months * n), grain=unit.grain)
    if unit.days and not float(n * unit.days).is_integer():
        return Offset(seconds=n * unit.days * 86400, grain="hour")
    grain = unit.grain if float(n).is_integer() else _FINER.get(unit.grain, unit.grain)
    return Offset(days=unit.days * n, seconds=unit.seconds * n, grain=grain)


def two_digit_year(y: int) -> int:
    """A two-digit year in the window 1950..2049 (dateparser and Duckling do the same)."""
    return 2000 + y if y < 50 else 1900 + y


def year_of(text: str | None) -> int | None:
    """A year as written (`'26`, `26`, `2026`) as a full year; None for no text."""
    if not text:
        return None
    text = text.lstrip("'")
    value = int(text)
    return two_digit_year(value) if len(text) == 2 else value


def meridiem_of(text: str | None) -> str | None:
    """`am` or `pm` from how it was written (`a.m.`, `PM`, `p`); None for no text."""
    if not text:
        return None
    return "am" if text[0] == "a" else "pm"



def mer_of(m: re.Match[str]) -> str | None:
    """The meridiem a match said, long ("pm") or short ("p")."""
    gd = m.groupdict()
    return meridiem_of(gd.get("mer") or gd.get("mers"))


def hhmm_not_year(text: str | None) -> bool:
    """True for four digits after a date that read as a 24-hour clock time, not a year: outside
    1900-2099 and a valid HHMM ("1815" is 18:15; "1999" and "2027" stay years)."""
    if not text or len(text) != 4 or not text.isdigit():
        return False
    n = int(text)
    return not 1900 <= n <= 2099 and n // 100 <= 23 and n % 100 <= 59


def clock_time(h: int, mi: int = 0, s: int = 0, mer: str | None = None, grain: str = "minute",
          fixed: bool = False) -> TimeOfDay | None:
    """A time of day from its parts (12-hour when `mer` is given); None when it is no valid time."""
    if mer is not None:
        if not 1 <= h <= 12 and not (h == 0 and mer == "am"):
            return None
    elif not 0 <= h <= 24:
        return None
    if h == 24:
        h, fixed = 0, True
    if mi > 59 or s > 59:
        return None
    return TimeOfDay(h, mi, s, mer, fixed or h == 0 or h > 12, grain)  # type: ignore[arg-type]


# rules ---------------------------------------------------------------------------------------------
Build = Callable[[re.Match[str]], Piece | None]


@cache
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


@dataclass(frozen=True)
class Rule:
    """A named pattern, the words it needs in the text (None: always tried), and its builder.

    `also`: words of which the text must hold one as well (None: no more is needed).
    """

    name: str
    source: str
    build: Build
    needs: frozenset[str] | None
    also: frozenset[str] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        """The rule's regular expression, compiled once."""
        return _compiled(self.source)


class RuleMaker(Protocol):
    """The `@rule(name, needs, pattern, also="")` decorator."""

    def __call__(self, name: str, needs: str, pattern: str, also: str = "") -> Callable[[Build], Build]: ...


def registrar(table: list[Rule]) -> RuleMaker:
    """The `@rule(name, needs, pattern, also="")` decorator of one rule family, adding to its table."""

    def rule(name: str, needs: str, pattern: str, also: str = "") -> Callable[[Build], Build]:
        def wrap(fn: Build) -> Build:
            table.append(Rule(name, B + "(?:" + pattern + ")" + E, fn, frozenset(needs.split()) or None,
                              frozenset(also.split()) or None))
            return fn
        return wrap

    return rule


_DAY_BEFORE = re.compile(r"\b(?:today|tonight|tomorrow|tmrw|yesterday|" + "|".join(WEEKDAY_NAMES)
                         + r")s?\.?,?\s(?:from\s|between\s)?$")


def after_a_day(m: re.Match[str]) -> bool:
    """True when a day word stands just before the match ("monday 9-5", "tomorrow from 3-5")."""
    return _DAY_BEFORE.search(m.string, max(0, m.start() - 24), m.start()) is not None


_PART_AFTER = re.compile(r"\s(?:(?:at|in)\s(?:the\s)?|this\s)?(?:morning|afternoon|evening|night)(?![\w])"
                         r"|\stonight(?![\w])")


def before_a_part(m: re.Match[str]) -> bool:
    """True when a part of the day follows the match ("9 - 10 at night", "7-8 in the morning")."""
    return _PART_AFTER.match(m.string, m.end()) is not None


def piece(m: re.Match[str], **kw: object) -> Piece:
    """A piece spanning the match."""
    return Piece(m.start(), m.end(), **kw)  # type: ignore[arg-type]
