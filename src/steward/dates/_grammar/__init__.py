"""The grammar: patterns over normalised text, each building one Piece.

Every rule is tried everywhere; overlapping matches are settled by length (the longest piece wins,
then the earliest), never by the order of this table, so adding a rule cannot silently shadow
another. Words are English; numbers arrive as digits (see `_text`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from steward.dates._grammar.holidays import scan_holidays
from steward.dates._model import DayRef, Offset, Piece, TimeOfDay

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
_MONTH_NAMES = sorted(MONTHS, key=len, reverse=True)
_WEEKDAY_NAMES = sorted(WEEKDAYS, key=len, reverse=True)

# fragments -----------------------------------------------------------------------------------------
B = r"(?<![\w])"          # word start
E = r"(?![\w])"           # word end
MON = r"(?P<mon>" + "|".join(_MONTH_NAMES) + r")\.?"
MON2 = r"(?P<mon2>" + "|".join(_MONTH_NAMES) + r")\.?"
WD = r"(?P<wd>" + "|".join(_WEEKDAY_NAMES) + r")s?\.?"
DAYN = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
DAYN2 = r"(?P<day2>[0-3]?\d)(?:st|nd|rd|th)?"
ORD = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)"
YEAR = r"(?P<year>\d{4}|'\d{2})"
MER = r"(?P<mer>a\.\s?m\.?|p\.\s?m\.?|am|pm|a\sm|p\sm)"
MER_SHORT = r"(?P<mers>a|p)\.?"
H12 = r"(?P<h>1[0-2]|0?[1-9])"
H24 = r"(?P<h>[01]?\d|2[0-3])"
MM = r"(?P<mi>[0-5]\d)"
SS = r"(?P<s>[0-5]\d)"
REL = r"(?P<rel>this|next|last|coming|upcoming|past|previous|current|the following|following)"
COUNT_CORE = (r"\d+ and an? half|\d+ and a quarter|an? quarter of an?|quarter of an?|3-quarters of an?"
              r"|3 quarters of an?|an? couple(?: of)?|couple(?: of)?|an? pair of|an? few|few|several|an? half"
              r"|half an?|\d+/\d+|\d+(?:[.,]\d+)?|(?:an?|one)(?=\s)")
COUNT = r"(?P<n>" + COUNT_CORE + r")"
UNIT_CORE = (r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|fortnights?|months?|mons?|mo"
             r"|years?|yrs?|decades?|quarters?|qtrs?|s|m|'|\"|h|d|w|y)(?![\w])")
UNIT = r"(?P<unit>" + UNIT_CORE + r")"
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


def scale_offset(unit: Offset, n: float) -> Offset | None:
    """`n` units; fractional months or years are refused (a month has no fixed length)."""
    if unit.months or unit.years:
        if not float(n).is_integer():
            if unit.years and (n * 12).is_integer():
                return Offset(months=int(n * 12), grain="month")
            return None
        return Offset(years=int(unit.years * n), months=int(unit.months * n), grain=unit.grain)
    if unit.days and not float(n * unit.days).is_integer():
        return Offset(seconds=n * unit.days * 86400, grain="hour")
    return Offset(days=unit.days * n, seconds=unit.seconds * n, grain=unit.grain)


def two_digit_year(y: int) -> int:
    """A two-digit year in the window 1950..2049 (dateparser and Duckling do the same)."""
    return 2000 + y if y < 50 else 1900 + y


def year_of(text: str | None) -> int | None:
    if not text:
        return None
    text = text.lstrip("'")
    value = int(text)
    return two_digit_year(value) if len(text) == 2 else value


def meridiem_of(text: str | None) -> str | None:
    if not text:
        return None
    return "am" if text[0] == "a" else "pm"


def _mer(m: re.Match[str]) -> str | None:
    gd = m.groupdict()
    return meridiem_of(gd.get("mer") or gd.get("mers"))


# rules ---------------------------------------------------------------------------------------------
Build = Callable[[re.Match[str]], Piece | None]


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    build: Build


RULES: list[Rule] = []


def rule(name: str, pattern: str) -> Callable[[Build], Build]:
    """Register a pattern and the function that turns its match into a Piece."""

    def wrap(fn: Build) -> Build:
        RULES.append(Rule(name, re.compile(B + "(?:" + pattern + ")" + E), fn))
        return fn

    return wrap


def _span(m: re.Match[str], **kw: object) -> Piece:
    return Piece(m.start(), m.end(), **kw)  # type: ignore[arg-type]


# -- times of day ---------------------------------------------------------------------------------------
def _time(h: int, mi: int = 0, s: int = 0, mer: str | None = None, grain: str = "minute",
          fixed: bool = False) -> TimeOfDay | None:
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


@rule("hh:mm", H24 + r"\s?[:.]\s?" + MM + r"(?::" + SS + r"(?:\.\d{1,6})?)?(?:\s?" + MER + r"|" + MER_SHORT + r")?(?:\s?h)?")
def _hh_mm(m: re.Match[str]) -> Piece | None:
    h, mi = int(m["h"]), int(m["mi"])
    s = int(m["s"]) if m["s"] else 0
    if "." in m.group() and not _mer(m) and not m["s"] and h < 13:
        return None  # 10.30 reads as a time only with a meridiem or a 24-hour hour; 3.15 is a number
    fixed = m["h"].startswith("0") and len(m["h"]) == 2
    t = _time(h, mi, s, _mer(m), "second" if m["s"] else "minute", fixed)
    return _span(m, time=t) if t else None


@rule("h mer", H12 + r"(?:\s?o'?\s?clock)?(?:\s?ish)?\s?" + MER)
def _h_mer(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), mer=meridiem_of(m["mer"]), grain="hour")
    return _span(m, time=t) if t else None


@rule("at h[ap]", r"(?:at|@)\s?" + H12 + MER_SHORT)
def _at_h_short(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), mer=_mer(m), grain="hour")
    return _span(m, time=t) if t else None


@rule("h mm mer", H12 + r"\s" + MM + r"\s?" + MER)
def _h_mm_mer(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), int(m["mi"]), mer=meridiem_of(m["mer"]))
    return _span(m, time=t) if t else None


@rule("12 03", r"(?P<h>1[0-2]|[1-9])\s0(?P<mi>[1-9])(?!\s?[:./-])")
def _h_oh_m(m: re.Match[str]) -> Piece | None:
    # "twelve oh three": the zero only comes from the spoken form; alone it is the whole text or nothing
    t = _time(int(m["h"]), int(m["mi"]))
    return _span(m, time=t, weak=True) if t else None


@rule("hmm mer", r"(?P<h>1[0-2]|[1-9])(?P<mi>[0-5]\d)\s?" + MER)
def _hmm_mer(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), int(m["mi"]), mer=meridiem_of(m["mer"]))
    return _span(m, time=t) if t else None


@rule("at hmm", r"(?:at|@|around|about|approximately|approx\.?)\s(?P<h>[01]?\d|2[0-3])(?P<mi>[0-5]\d)(?:\s?ish)?" + NO_MORE_TIME)
def _at_hmm(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), int(m["mi"]))
    return _span(m, time=t) if t else None


@rule("at h mm", r"(?:(?:at|@)\s" + H24 + r"\s" + MM + r"|for\s" + H24.replace("<h>", "<h2>") + r"\s"
      + MM.replace("<mi>", "<mi2>") + NOT_A_NOUN + r")" + NO_MORE_TIME)
def _at_h_mm(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"] or m["h2"]), int(m["mi"] or m["mi2"]))
    return _span(m, time=t) if t else None


@rule("15h30", r"(?P<h>[01]?\d|2[0-3])h(?P<mi>[0-5]\d)?")
def _h_h(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), int(m["mi"] or 0), fixed=True)
    return _span(m, time=t) if t else None


@rule("at h", r"(?:(?:at|@)\s?" + H24 + r"(?:\s?o'?\s?clock)?(?:\s?ish)?"
      r"|(?:around|about|approximately|by|until|till|til|for|before|after|from|since)\s" + H24.replace("<h>", "<h2>")
      + r"(?:\s?o'?\s?clock)?(?:\s?ish)?" + NOT_A_NOUN + r")" + NO_MORE_TIME)
def _at_h(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"] or m["h2"]), grain="hour")
    return _span(m, time=t) if t else None


@rule("h oclock", H24 + r"\s?o'?\s?clock")
def _h_oclock(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), grain="hour")
    return _span(m, time=t) if t else None


@rule("noon", r"(?:at\s)?(?:the\s)?(?P<w>noon|midday|mid day|mid-day|midnight|12 noon|12 midnight)")
def _noon(m: re.Match[str]) -> Piece | None:
    midnight = "midnight" in m["w"]
    return _span(m, time=TimeOfDay(0 if midnight else 12, 0, 0, None, True, "hour"))


_ANCHOR = (r"(?:(?P<ah>1[0-2]|0?[1-9])(?:\s?o'?\s?clock)?(?:\s?" + MER + r")?|(?P<ahh>1[3-9]|2[0-3])h?"
           r"|(?P<an>noon|midday|midnight))")


def _anchor_hour(m: re.Match[str]) -> tuple[int, str | None, bool] | None:
    if m["an"]:
        return (0 if m["an"] == "midnight" else 12), None, True
    if m["ahh"]:
        return int(m["ahh"]), None, True
    return int(m["ah"]), meridiem_of(m["mer"]), False


@rule("minutes past h",
      r"(?:at\s|for\s)?(?P<n>an? quarter|quarter|half|\d{1,2})(?:\s(?:minutes?|mins?))?\s(?P<dir>past|after|to|before|till|til|of)\s"
      + _ANCHOR)
def _minutes_past(m: re.Match[str]) -> Piece | None:
    anchor = _anchor_hour(m)
    if anchor is None:
        return None
    h, mer, fixed = anchor
    n = m["n"]
    minutes = 15 if "quarter" in n else 30 if n == "half" else int(n)
    if minutes >= 60 or (n == "half" and m["dir"] not in ("past", "after")):
        return None
    if m["dir"] in ("past", "after"):
        t = _time(h, minutes, mer=mer, fixed=fixed)
    else:
        hour = h - 1 if h != 0 else 23
        if mer and h == 12:
            mer = "am" if mer == "pm" else "pm"
            hour = 11
        elif mer is None and h == 12 and fixed:
            hour = 11
        if hour == 0 and mer:
            hour, mer = 12, ("pm" if mer == "am" else "am")
        t = _time(hour, 60 - minutes, mer=mer, fixed=fixed)
    return _span(m, time=t) if t else None


@rule("half h", r"half\s" + H12 + r"(?:\s?" + MER + r")?")
def _half_h(m: re.Match[str]) -> Piece | None:
    t = _time(int(m["h"]), 30, mer=meridiem_of(m["mer"]))
    return _span(m, time=t) if t else None


@rule("15 minutes from 1pm", r"(?P<n>\d{1,2})\s(?:minutes?|mins?)\s(?:from|after)\s" + _ANCHOR)
def _minutes_from(m: re.Match[str]) -> Piece | None:
    anchor = _anchor_hour(m)
    if anchor is None:
        return None
    h, mer, fixed = anchor
    t = _time(h, int(m["n"]), mer=mer, fixed=fixed)
    return _span(m, time=t) if t and int(m["n"]) < 60 else None


# -- parts of the day -------------------------------------------------------------------------------------
PARTS = {
    "morning": "morning", "mornings": "morning", "afternoon": "afternoon", "evening": "evening",
    "night": "night", "tonight": "night", "tonite": "night", "nite": "night", "lunch": "lunch",
    "lunchtime": "lunch", "lunch time": "lunch", "afternoonish": "afternoon", "eve": "evening",
}
_PART = r"(?P<part>morning|afternoonish|afternoon|evening|night|lunch ?time)"


@rule("tonight", r"(?P<late>late\s)?(?P<w>tonight|tonite)")
def _tonight(m: re.Match[str]) -> Piece:
    return _span(m, part="late night" if m["late"] else "night", part_today=True)


@rule("this morning", r"(?P<late>(?:early|late)\s)?(?P<this>this|today|today's|todays)\s" + _PART)
def _this_part(m: re.Match[str]) -> Piece:
    part = PARTS[m["part"].replace(" ", "")]
    return _span(m, part=_early_late(m["late"], part), part_today=True)


@rule("in the morning",
      r"(?P<late>(?:early|late)\s)?(?:(?:in|during|at|by)\s)?(?:the\s)?(?P<late2>(?:early|late)\s)?" + _PART
      + r"(?:\s(?:time|hours))?|at\s(?P<lunch>lunch)")
def _part(m: re.Match[str]) -> Piece:
    part = PARTS[(m["part"] or m["lunch"]).replace(" ", "")]
    return _span(m, part=_early_late(m["late"] or m["late2"], part))


@rule("in the early hours", r"(?:in\s)?the early hours(?: of the morning)?")
def _early_hours(m: re.Match[str]) -> Piece:
    return _span(m, part="early morning")


def _early_late(word: str | None, part: str) -> str:
    if word:
        return f"{word.strip()} {part}"
    return part


# -- days ----------------------------------------------------------------------------------------------
@rule("today", r"(?P<w>today|todays|tdy|tomorrow|tomorrows|tmrw|tmr|tomorow|tommorow|tommorrow|yesterday|yday"
               r"|(?:the\s)?day after (?:tomorrow|tmrw)|(?:the\s)?day before yesterday|overmorrow)")
def _today(m: re.Match[str]) -> Piece:
    w = m["w"]
    if "after" in w or w == "overmorrow":
        n = 2
    elif "before" in w:
        n = -2
    elif w.startswith("to") and "m" in w[2:5] and w not in ("today", "todays") or w in ("tmrw", "tmr"):
        n = 1
    elif w.startswith("y"):
        n = -1
    else:
        n = 0
    return _span(m, day=DayRef("rel_day", n))


@rule("now", NOW_WORDS)
def _now(m: re.Match[str]) -> Piece:
    return _span(m, now=True)


_WD_REL = {"this": "", "coming": "", "upcoming": "", "next": "next", "following": "next",
           "the following": "next", "last": "last", "past": "last", "previous": "last", "current": ""}


@rule("weekday", r"(?:(?:on\s)?" + REL + r"\s|(?P<every>every|each)\s)?" + WD + r"(?P<after>\s(?:after next|after this))?")
def _weekday(m: re.Match[str]) -> Piece:
    wd = WEEKDAYS[m["wd"]]
    mode = _WD_REL[m["rel"]] if m["rel"] else ""
    if m["after"]:
        mode = "after_next"
    weak = not (m["rel"] or m["every"]) and m["wd"] in ("sun", "sat", "wed", "mon")
    # "every monday": the next one, flagged so a caller can offer to repeat it
    return _span(m, day=DayRef("weekday", wd, mode=mode), weak=weak, recurring=bool(m["every"]))


@rule("weekday of next week",
      WD + r"\s(?:of\s|from\s|in\s)?(?:the\s)?(?P<rel>this|next|last|previous|past|coming|current|the following|following)\s(?:week|wk)")
def _weekday_week(m: re.Match[str]) -> Piece:
    return _span(m, day=DayRef("weekday", WEEKDAYS[m["wd"]], _week_rel(m["rel"]), mode="week"))


@rule("last week's sunday", r"(?P<rel>this|next|last|previous|coming)\s(?:week's|weeks)\s" + WD)
def _weeks_weekday(m: re.Match[str]) -> Piece:
    return _span(m, day=DayRef("weekday", WEEKDAYS[m["wd"]], _week_rel(m["rel"]), mode="week"))


def _week_rel(word: str) -> int:
    if word in ("next", "following", "the following", "coming"):
        return 1
    if word in ("last", "previous", "past"):
        return -1
    return 0


def _opt_wd(name: str) -> str:
    return r"(?:(?P<" + name + r">" + "|".join(_WEEKDAY_NAMES) + r")\.?,?\s)?"


@rule("month day",
      _opt_wd("wd0") + MON + r"\s?(?:the\s)?" + DAYN + r"(?:,?\s?(?P<wd1>" + "|".join(_WEEKDAY_NAMES) + r")\.?)?"
      + r"(?:,?\s" + YEAR + r")?")
def _month_day(m: re.Match[str]) -> Piece | None:
    return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), year_of(m["year"]))


@rule("day month",
      _opt_wd("wd0") + r"(?:the\s)?" + DAYN + r"\s?(?:of\s|day of\s)?" + MON + r"(?:,?\s" + YEAR + r"(?:\s(?:year|yr))?)?")
def _day_month(m: re.Match[str]) -> Piece | None:
    return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), year_of(m["year"]))


@rule("d/mon/y", r"(?P<day>[0-3]?\d)[-/](?P<mon>" + "|".join(_MONTH_NAMES) + r")[-/](?P<year>\d{4}|\d{2})")
def _d_mon_y(m: re.Match[str]) -> Piece | None:
    return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), year_of(m["year"]))


def _date_piece(m: re.Match[str], month: int, day: int, year: int | None) -> Piece | None:
    if not 1 <= day <= 31:
        return None
    weak = m["mon"] == "may" and not m["year"] and not m.group().endswith(("st", "nd", "rd", "th"))
    gd = m.groupdict()
    wd = gd.get("wd0") or gd.get("wd1")
    return _span(m, day=DayRef("month_day", month, day, year, mode=f"wd{WEEKDAYS[wd]}" if wd else ""), weak=weak)


@rule("iso date", r"(?P<y>\d{4})[-/.](?P<mo>[01]?\d)[-/.](?P<d>[0-3]?\d)")
def _iso_date(m: re.Match[str]) -> Piece | None:
    month, day = int(m["mo"]), int(m["d"])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return _span(m, day=DayRef("month_day", month, day, int(m["y"])))


@rule("numeric date", r"(?P<p1>[0-3]?\d)\s?(?P<sep>[/.-])\s?(?P<p2>[0-3]?\d)(?:\s?(?P=sep)\s?(?P<y>\d{4}|\d{2}))?"
      r"(?!\s?(?:[ap]\.?\s?m(?![a-z])|[ap](?![a-z])|[:h]\d|o'?clock))")
def _numeric_date(m: re.Match[str]) -> Piece | None:
    a, b = int(m["p1"]), int(m["p2"])
    y = year_of(m["y"]) if m["y"] else None
    if m["sep"] == "." and y is None:
        return None  # 3.15 is a number, not a date
    # which is the month is settled when the text is placed (the day_first option); keep both readings
    # "3-15" and "2 - 15" may be ranges of numbers: dates only when they are the whole text
    return _span(m, day=DayRef("numeric", a, b, y), weak=y is None and m["sep"] == "-")


@rule("spaced numeric date", r"(?P<p1>[0-3]?\d)\s(?P<p2>[0-3]?\d)\s(?P<y>\d{4})")
def _spaced_date(m: re.Match[str]) -> Piece | None:
    return _span(m, day=DayRef("numeric", int(m["p1"]), int(m["p2"]), int(m["y"])))


@rule("month/year", r"(?P<mo>[01]?\d)/(?P<y>\d{4})|(?P<y2>\d{4})[-/](?P<mo2>[01]?\d)")
def _month_year_num(m: re.Match[str]) -> Piece | None:
    month = int(m["mo"] or m["mo2"])
    if not 1 <= month <= 12:
        return None
    return _span(m, day=DayRef("month", month, year=int(m["y"] or m["y2"])))


@rule("the nth", r"(?:on\s)?the\s" + DAYN + r"(?:\sof\s(?:the\s)?(?P<rel>this|next|last|previous|current|the following|following)\smonth|"
      + NOT_A_NOUN + r"(?!\s?(?:[ap]\.?\s?m(?![a-z])|[:.]\d|o'?clock)))"
      + r"|(?:on\s)?" + ORD.replace("<day>", "<day2>") + r"(?:\s(?:day\s)?of\s(?:the\s)?(?P<rel2>this|next|last|previous|current|the following|following)\smonth|" + NOT_A_NOUN + r")"
      + r"|(?P<day3>[0-3]?\d)(?:st|nd|rd|th)?\s(?:day\s)?of\s(?:the\s)?(?P<rel3>this|next|last|previous|current|the following|following)\smonth")
def _the_nth(m: re.Match[str]) -> Piece | None:
    day = int(m["day"] or m["day2"] or m["day3"])
    if not 1 <= day <= 31:
        return None
    rel = m["rel"] or m["rel2"] or m["rel3"]
    if rel:
        return _span(m, day=DayRef("day_of_month", _week_rel(rel), day, mode="rel"))
    weak = not m.group().startswith(("the", "on"))
    return _span(m, day=DayRef("day_of_month", 0, day), weak=weak)


_SEASONS = {"spring": 0, "summer": 1, "fall": 2, "autumn": 2, "winter": 3}


@rule("this summer", r"(?:(?:in|during|by|over)\s)?(?:the\s)?(?:(?P<rel>this|next|last|coming|past|previous|current)\s)?"
      r"(?P<s>spring|summer|fall|autumn|winter)(?:\s(?:of\s)?(?P<year>\d{4}))?")
def _season(m: re.Match[str]) -> Piece:
    mode = {"next": "next", "coming": "", "last": "last", "past": "last", "previous": "last"}.get(m["rel"] or "", "")
    # "fall", "spring", "summer" are ordinary words too: alone they count only as the whole text
    weak = not (m["rel"] or m["year"] or m.group().startswith(("in ", "during ", "by ", "over ")))
    return _span(m, day=DayRef("season", _SEASONS[m["s"]], year=int(m["year"]) if m["year"] else None, mode=mode),
                 weak=weak)


@rule("month", r"(?:(?:in|during|of)\s)?(?:(?P<rel>this|next|last|coming|past|previous)\s)?" + MON
      + r"(?:,?\s" + YEAR + r"|(?P<after>\safter next))?")
def _month(m: re.Match[str]) -> Piece | None:
    if m["mon"] in ("mar", "jun", "jul", "sep", "oct", "nov", "dec", "jan", "feb", "apr", "aug") and m.group() == m["mon"]:
        weak = True
    else:
        weak = m["mon"] == "may" and not (m["rel"] or m["year"] or m.group().startswith(("in", "during", "of")))
    mode = "after_next" if m["after"] else {"next": "next", "coming": "next", "last": "last", "past": "last",
                                             "previous": "last"}.get(m["rel"] or "", "")
    return _span(m, day=DayRef("month", MONTHS[m["mon"]], year=year_of(m["year"]), mode=mode), weak=weak)


@rule("year", r"(?:(?P<in>in|of|during|for)\s)?(?:the\syear\s)?(?P<year>1[89]\d\d|2[01]\d\d)(?P<ad>\s?a\.?d\.?)?"
      r"|(?:(?P<in2>in|of|during|for)\s)?(?P<year2>\d{1,4})\s?(?P<ad2>a\.?d\.?|c\.?e\.?)")
def _year(m: re.Match[str]) -> Piece:
    year = int(m["year"] or m["year2"])
    return _span(m, day=DayRef("year", year=year), weak=not (m["in"] or m["in2"] or m["ad"] or m["ad2"]))


_QUARTERS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4}


@rule("third quarter", r"(?:the\s)?(?P<q>1st|2nd|second|3rd|4th)\s(?:quarter|qtr)(?:\s(?:of\s)?" + YEAR + r")?"
      r"|(?P<y2>\d{2}|\d{4})\s?q(?P<q2>[1-4])|q(?P<q3>[1-4])\s?(?P<y3>\d{4})")
def _quarter(m: re.Match[str]) -> Piece:
    if m["q"]:
        return _span(m, day=DayRef("quarter", _QUARTERS[m["q"]], year=year_of(m["year"])))
    year = year_of(m["y2"] or m["y3"])
    return _span(m, day=DayRef("quarter", int(m["q2"] or m["q3"]), year=year))


_UNIT_KIND = {"day": "rel_day", "days": "rel_day", "week": "week", "weeks": "week", "wk": "week", "wks": "week",
              "month": "month_rel", "months": "month_rel", "quarter": "quarter_rel", "quarters": "quarter_rel",
              "qtr": "quarter_rel", "qtrs": "quarter_rel", "year": "year_rel", "years": "year_rel", "yr": "year_rel",
              "yrs": "year_rel"}


@rule("upcoming two weeks", r"(?:upcoming|coming)\s(?P<n>\d+)\s(?P<u>days?|weeks?|wks?|months?|quarters?|qtrs?|years?|yrs?)"
      r"|(?P<n2>\d+)\s(?:upcoming|coming)\s(?P<u2>days?|weeks?|wks?|months?|quarters?|qtrs?|years?|yrs?)")
def _upcoming(m: re.Match[str]) -> Piece:
    n = int(m["n"] or m["n2"])
    return _span(m, day=DayRef(_UNIT_KIND[m["u"] or m["u2"]], n))


@rule("next 3 days", r"(?:the\s)?(?P<rel>next|last|past|previous|coming|upcoming)\s(?:(?P<n>\d+|few|couple(?: of)?)\s"
      r"(?P<u>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?)|(?P<u1>hour|minute|day))")
def _next_n_units(m: re.Match[str]) -> Piece | None:
    if m["u1"]:
        unit1 = UNIT_OFFSET[m["u1"]]
        sign1 = -1 if m["rel"] in ("last", "past", "previous") else 1
        return _span(m, day=DayRef("units", sign1, mode=unit1.grain))
    n = count_value(m["n"])
    unit = UNIT_OFFSET.get(m["u"])
    if n is None or unit is None:
        return None
    sign = -1 if m["rel"] in ("last", "past", "previous") else 1
    return _span(m, day=DayRef("units", sign * int(n), mode=unit.grain))


@rule("3 fridays from now", r"(?P<n>\d+)\s" + WD + r"\s(?P<dir>from now|from today|hence|ago|back|before)")
def _weekday_count(m: re.Match[str]) -> Piece:
    n = int(m["n"])
    sign = 1 if m["dir"] in ("from now", "from today", "hence") else -1
    return _span(m, day=DayRef("weekday_count", WEEKDAYS[m["wd"]], sign * n))


@rule("tuesday the 19th", WD + r",?\s(?:the\s)?(?P<day>[0-3]?\d)(?:st|nd|rd|th)")
def _weekday_dom(m: re.Match[str]) -> Piece | None:
    day = int(m["day"])
    if not 1 <= day <= 31:
        return None
    return _span(m, day=DayRef("day_of_month", 0, day, mode=f"wd{WEEKDAYS[m['wd']]}"))


@rule("last night", r"(?P<late>late\s)?last\s(?P<p>night|evening)|(?P<late2>late\s)?yesterday\s(?P<p2>night|evening)")
def _last_night(m: re.Match[str]) -> Piece:
    part = m["p"] or m["p2"]
    late = m["late"] or m["late2"]
    return _span(m, day=DayRef("rel_day", -1), part=("late " if late else "") + part)


# a bare hour ("3 in the morning", "8 tonight") or HMM ("tonight 815") counts only beside a part of the day
@rule("bare hour", r"(?P<h>[01]?\d|2[0-3])(?P<mi>[0-5]\d)?(?!\s?(?:[:./-]|[ap]\.?\s?m(?![a-z])))")
def _bare_hour(m: re.Match[str]) -> Piece | None:
    h = int(m["h"])
    if m["mi"] is None and len(m["h"]) == 2 and m["h"].startswith("0"):
        return None
    t = _time(h, int(m["mi"] or 0), grain="minute" if m["mi"] else "hour")
    return _span(m, time=t, dependent=True, weak=True) if t else None


@rule("in the am", r"in\sthe\s(?P<mer>am|pm|a\.m\.|p\.m\.)")
def _in_the_am(m: re.Match[str]) -> Piece:
    return _span(m, part="morning" if m["mer"].startswith("a") else "afternoon")


_WEEK_NTH = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4, "last": -1}


@rule("first week of october",
      r"(?:the\s)?(?:(?P<k>1st|2nd|second|3rd|4th|first|third|fourth)\s(?P<last>last\s)?|(?P<only_last>last)\s)"
      r"week\s(?:of|in)\s(?:" + MON + r"(?:\s" + YEAR + r")?|(?P<y2>\d{4}))")
def _nth_week(m: re.Match[str]) -> Piece:
    n = -1 if m["only_last"] else _WEEK_NTH[m["k"]] * (-1 if m["last"] else 1)
    if m["mon"]:
        return _span(m, day=DayRef("nth_week", n, 0, year_of(m["year"]), MONTHS[m["mon"]]))
    return _span(m, day=DayRef("nth_week", n, 0, int(m["y2"]), None))


_REL_N = {"this": 0, "current": 0, "next": 1, "coming": 1, "upcoming": 1, "following": 1, "the following": 1,
          "last": -1, "past": -1, "previous": -1}


@rule("this week", r"(?:(?:the|around)\s)?" + REL + r"\s(?P<what>week|wk|month|year|yr|quarter|qtr)")
def _this_week(m: re.Match[str]) -> Piece:
    kind = {"week": "week", "wk": "week", "month": "month_rel", "year": "year_rel", "yr": "year_rel",
            "quarter": "quarter_rel", "qtr": "quarter_rel"}[m["what"]]
    return _span(m, day=DayRef(kind, _REL_N[m["rel"]]))


@rule("the week", r"all\sweek|(?:(?:the\s)?(?:rest|remainder) of (?:the|this)\s(?P<what>week|day))")
def _the_week(m: re.Match[str]) -> Piece:
    if m["what"] == "day":
        return _span(m, day=DayRef("rel_day", 0))
    return _span(m, day=DayRef("week", 0, mode="rest" if m["what"] else ""))


@rule("weekend", r"(?:(?P<rel>this|next|last|coming|past|the|this past)\s)?(?:week-?\s?end|wkend)")
def _weekend(m: re.Match[str]) -> Piece:
    rel = m["rel"] or ""
    n = {"next": 1, "coming": 0, "last": -1, "past": -1, "this past": -1}.get(rel, 0)
    return _span(m, day=DayRef("weekend", n))


@rule("end of month",
      r"(?:(?:at|by|before|until|till)\s)?(?:the\s)?(?:(?P<eo>end|beginning|start)\sof\s(?:the\s)?(?:around\s)?"
      r"(?:(?P<rel>this|current|next|last|previous|past|coming|upcoming|the following|following)\s)?"
      r"(?P<what>month|week|year)|(?P<abbr>eom|eoy|eow|bom|boy))")
def _end_of(m: re.Match[str]) -> Piece:
    abbr = m["abbr"]
    if abbr:
        what = {"m": "month", "y": "year", "w": "week"}[abbr[-1]]
        begin = abbr[0] == "b"
    else:
        what = m["what"]
        begin = m["eo"] != "end"
    n = _REL_N.get(m["rel"] or "this", 0)
    return _span(m, day=DayRef(("begin_of_" if begin else "end_of_") + what, n))


@rule("end of month name", r"(?:(?:at|by)\s)?(?:the\s)?(?P<eo>end|beginning|start|early|mid|middle of|late)\s(?:of\s)?" + MON)
def _end_of_month_name(m: re.Match[str]) -> Piece:
    eo = {"end": "late", "beginning": "early", "start": "early", "middle of": "mid"}.get(m["eo"], m["eo"])
    return _span(m, day=DayRef("month_part", MONTHS[m["mon"]], mode=eo))


_NTH = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4, "5th": 5,
        "fifth": 5, "last": -1}


@rule("first monday of",
      r"(?:the\s)?(?P<nth>1st|2nd|second|3rd|4th|5th|last)\s" + WD + r"\s(?:of|in)\s(?:(?:the\s)?(?P<rel>this|next|last|the)\s?month|" + MON
      + r"(?:\s" + YEAR + r")?)")
def _nth_weekday(m: re.Match[str]) -> Piece:
    n = _NTH[m["nth"]]
    if m["mon"]:
        return _span(m, day=DayRef("nth_weekday", n, WEEKDAYS[m["wd"]], year_of(m["year"]), MONTHS[m["mon"]]))
    rel = {"this": 0, "the": 0, "next": 1, "last": -1}[m["rel"]]
    return _span(m, day=DayRef("nth_weekday", n, WEEKDAYS[m["wd"]], None, rel, mode="rel"))


@rule("last day of",
      r"(?:the\s)?(?P<nth>last|1st|first|(?P<k>\d+)(?:st|nd|rd|th)\slast|(?P<k2>\d+)(?:st|nd|rd|th))\sday\s(?:of|in)\s" + MON
      + r"(?:\s" + YEAR + r")?")
def _last_day_of(m: re.Match[str]) -> Piece:
    if m["nth"] == "last":
        n = -1
    elif m["k"]:
        n = -int(m["k"])
    elif m["k2"]:
        n = int(m["k2"])
    else:
        n = 1
    return _span(m, day=DayRef("day_in_month", n, 0, year_of(m["year"]), MONTHS[m["mon"]]))


# -- offsets from now --------------------------------------------------------------------------------------
# one item after another with one separator between them, matched atomically: a separator that could
# be read two ways made "1 year, 1 year, ... x" backtrack exponentially
_DUR_ITEM_CORE = r"(?:[+-]\s?)?(?:" + COUNT_CORE + r")\s?(?:more\s)?" + UNIT_CORE
_DUR_SEP = r"(?:,\s?|\s)(?:and\s)?(?=[+-]?\s?\d|an?\s|one\s|half\s|a\s)"
DURATION = (r"(?P<dur>(?>" + _DUR_ITEM_CORE + r"(?:" + _DUR_SEP + _DUR_ITEM_CORE + r")*)"
            r"(?:\s?(?:time|'s time|'\s?time))?)")
_DUR_ITEM = re.compile(
    r"(?P<sign>[+-])?\s?" + COUNT + r"\s?(?:more\s)?" + UNIT + E)


def parse_duration(text: str) -> Offset | None:
    """The total of "1 year, 2 months and 3 days" (signs allowed: "+1 decade -2 years")."""
    total: Offset | None = None
    sign = ""
    pos = 0
    for m in _DUR_ITEM.finditer(text):
        between = text[pos:m.start()]
        if between.strip(" ,") not in ("", "and"):
            return None
        pos = m.end()
        n = count_value(m["n"])
        if n is None:
            return None
        unit = UNIT_OFFSET.get(m["unit"])
        if unit is None:
            return None
        off = scale_offset(unit, n)
        if off is None:
            return None
        # an unsigned item takes the sign before it: "-1 decade 2 years" is minus 12 years
        sign = m["sign"] or sign
        if sign == "-":
            off = off.scaled(-1)
        total = off if total is None else total.plus(off)
    if text[pos:].strip(" ,'s") not in ("", "time"):
        return None
    return total


def _offset_piece(m: re.Match[str], direction: int, weak: bool = False) -> Piece | None:
    off = parse_duration(m["dur"])
    if off is None:
        return None
    return _span(m, offset=off, direction=direction, weak=weak)


@rule("in 2 hours", r"(?:in|within|after)\s(?:about\s|around\s|approximately\s|another\s|just\s)?" + DURATION
      + r"(?:\s(?:from now|later|from today|time))?")
def _in_duration(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, 1)


@rule("for 5 minutes", r"for\s(?P<dur>(?:\d+|an?|one|a couple of|a few|half an)\s(?:seconds?|secs?|minutes?|mins?|hours?|hrs?))"
      + r"(?:\s(?:from now|later))?")
def _for_minutes(m: re.Match[str]) -> Piece | None:
    # "set a timer for 5 minutes": a length in clock units, counted from now
    return _offset_piece(m, 1)


@rule("3 days after", DURATION + r"\s(?P<rel>after|before|from|following|prior to)(?=\s)")
def _duration_after(m: re.Match[str]) -> Piece | None:
    off = parse_duration(m["dur"])
    if off is None or not off.calendar_only:
        return None
    return _span(m, offset=off, direction=-1 if m["rel"] in ("before", "prior to") else 1, anchored=True)


@rule("2 hours from now", r"(?:about\s|around\s)?" + DURATION + r"\s(?:from now|from right now|from today|later|hence|after|afterwards|on|from this moment)")
def _duration_from_now(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, 1)


@rule("2 hours ago", r"(?:about\s|around\s)?" + DURATION + r"\s(?:ago|back|before|earlier|previously|before now|in the past)")
def _duration_ago(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, -1)


@rule("now + 2 hours", r"now\s?(?P<sign>[+-])\s?" + DURATION)
def _now_plus(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, 1 if m["sign"] == "+" else -1)


@rule("bare duration", DURATION)
def _bare_duration(m: re.Match[str]) -> Piece | None:
    text = m["dur"].lstrip()
    if text.startswith(("+", "-")):
        return _offset_piece(m, 1)  # signs carry their own direction
    return _offset_piece(m, 0, weak=True)


@rule("last decade", r"(?P<rel>last|next|past)\s(?P<unit>decade|fortnight)")
def _last_decade(m: re.Match[str]) -> Piece:
    off = UNIT_OFFSET[m["unit"]]
    return _span(m, offset=off, direction=1 if m["rel"] == "next" else -1)


@rule("in a day", r"(?:in|within)\s(?:(?P<n>a|an|one|1)\s)?(?P<unit>day|week|month|year|sec|second|minute|min|moment)")
def _in_a_unit(m: re.Match[str]) -> Piece | None:
    if m["unit"] == "moment":
        return None
    off = UNIT_OFFSET.get(m["unit"])
    return _span(m, offset=off, direction=1) if off else None


# -- ranges ("3-4pm", "July 13-15", "from the 13th to the 15th of July") ----------------------------------
_TO = r"\s?(?:-|–|to|till|til|until|untill|thru|through)\s?"
_T1 = r"(?P<h1>1[0-2]|0?[1-9]|1[3-9]|2[0-3])(?:[:.h](?P<m1>[0-5]\d)|h)?(?:\s?(?P<a1>a\.m\.|p\.m\.|am|pm|a|p)(?![a-z]))?"
_T2 = r"(?P<h2>1[0-2]|0?[1-9]|1[3-9]|2[0-3])(?:[:.h](?P<m2>[0-5]\d)|h)?(?:\s?(?P<a2>a\.m\.|p\.m\.|am|pm|a|p)(?![a-z]))?"


@rule("3-4pm", r"(?P<lead>from\s|between\s)?" + _T1 + r"(?P<to>" + _TO + r"|\sand\s)" + _T2 + r"(?:\s?ish)?")
def _time_range(m: re.Match[str]) -> Piece | None:
    if m["to"].strip() == "and" and m["lead"] != "between ":
        return None  # "2 and 4 pm" is a range only after "between"
    a1, a2 = meridiem_of(m["a1"]), meridiem_of(m["a2"])
    h1, h2 = int(m["h1"]), int(m["h2"])
    if not (a1 or a2 or m["m1"] or m["m2"] or "h" in m.group()) and "-" in m.group():
        return None  # "3-4" alone is a date or a number range
    if a1 is None and a2 is not None and h1 <= 12:
        # "3-4pm": the first hour takes the second's meridiem unless that would put it after the second
        a1 = a2 if (h1 % 12) <= (h2 % 12) else ("am" if a2 == "pm" else "pm")
    t1 = _time(h1, int(m["m1"] or 0), mer=a1, grain="minute" if m["m1"] else "hour")
    t2 = _time(h2, int(m["m2"] or 0), mer=a2, grain="minute" if m["m2"] else "hour")
    if t1 is None or t2 is None:
        return None
    weak = not (a1 or a2 or m["m1"] or m["m2"])
    return _span(m, time=t1, until=Piece(m.start(), m.end(), time=t2), weak=weak)


@rule("july 13-15", MON + r"\s?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?" + _TO + r"(?:" + MON2 + r"\s?)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?"
      + r"(?:,?\s" + YEAR + r")?")
def _day_range(m: re.Match[str]) -> Piece | None:
    return _range_piece(m, MONTHS[m["mon"]], MONTHS[m["mon2"]] if m["mon2"] else MONTHS[m["mon"]])


@rule("13 to 15 july", r"(?:from\s)?(?:the\s)?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?" + _TO + r"(?:the\s)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?"
      + r"\s(?:of\s)?" + MON + r"(?:,?\s" + YEAR + r")?")
def _day_range2(m: re.Match[str]) -> Piece | None:
    return _range_piece(m, MONTHS[m["mon"]], MONTHS[m["mon"]])


def _range_piece(m: re.Match[str], month1: int, month2: int) -> Piece | None:
    d1, d2 = int(m["d1"]), int(m["d2"])
    if not (1 <= d1 <= 31 and 1 <= d2 <= 31):
        return None
    year = year_of(m["year"])
    last = Piece(m.start(), m.end(), day=DayRef("month_day", month2, d2, year))
    return _span(m, day=DayRef("month_day", month1, d1, year), until=last)


ZONES = {
    "utc": 0, "gmt": 0, "z": 0, "wet": 0, "bst": 60, "west": 60, "cet": 60, "cest": 120, "eet": 120, "eest": 180,
    "msk": 180, "ist": 330, "sgt": 480, "hkt": 480, "jst": 540, "kst": 540, "aest": 600, "aedt": 660,
    "nzst": 720, "nzdt": 780, "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360,
    "pst": -480, "pdt": -420, "akst": -540, "hst": -600,
}


@rule("zone", r"\(?(?P<z>" + "|".join(sorted(ZONES, key=len, reverse=True)) + r")\)?"
      r"|(?:utc|gmt)\s?(?P<sign>[+-])(?P<oh>\d{1,2})(?::?(?P<om>\d{2}))?")
def _zone(m: re.Match[str]) -> Piece:
    if m["z"]:
        minutes = ZONES[m["z"]]
    else:
        minutes = int(m["oh"]) * 60 + int(m["om"] or 0)
        minutes = -minutes if m["sign"] == "-" else minutes
    return _span(m, zone_minutes=minutes, dependent=True, weak=True)


def scan(text: str) -> Iterator[Piece]:
    """Every piece any rule finds anywhere in the normalised text (overlaps included)."""
    for r in RULES:
        for m in r.pattern.finditer(text):
            try:
                piece = r.build(m)
            except (ValueError, KeyError):
                piece = None
            if piece is not None:
                yield piece
    yield from scan_holidays(text)


def with_span(piece: Piece, begin: int, end: int) -> Piece:
    return replace(piece, begin=begin, end=end)
