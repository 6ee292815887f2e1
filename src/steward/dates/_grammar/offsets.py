"""Offsets from now ("in 2 hours", "3 days ago", "1 year, 2 months"; "in an hour or two" is the nearer
count, "today in 2 hours" the offset alone) and ranges ("3-4pm", "July 13-15",
"from the 13th to the 15th of July")."""

from __future__ import annotations

import re
from dataclasses import replace

from steward.dates._grammar.common import (
    COUNT,
    COUNT_CORE,
    FRACTION,
    MON,
    MON2,
    MONTHS,
    UNIT,
    UNIT_CORE,
    UNIT_OFFSET,
    YEAR,
    E,
    Rule,
    after_a_day,
    before_a_part,
    clock_time,
    count_value,
    meridiem_of,
    piece,
    registrar,
    scale_offset,
    year_of,
)
from steward.dates._model import DayKind, DayRef, Offset, Piece

RULES: list[Rule] = []
rule = registrar(RULES)

# -- offsets from now --------------------------------------------------------------------------------------
# one item after another with one separator between them, matched atomically: a separator that could
# be read two ways made "1 year, 1 year, ... x" backtrack exponentially
_DUR_ITEM_CORE = r"(?:[+-]\s?)?(?:" + COUNT_CORE + r")\s?(?:more\s)?" + UNIT_CORE + r"(?:" + FRACTION + r")?"
_DUR_SEP = r"(?:,\s?|\s)(?:and\s)?(?=[+-]?\s?\d|an?\s|one\s|half\s|a\s)"
DURATION = (r"(?P<dur>(?>" + _DUR_ITEM_CORE + r"(?:" + _DUR_SEP + _DUR_ITEM_CORE + r")*)"
            r"(?:\s?(?:time|'s time|'\s?time))?)")
_DUR_ITEM = re.compile(
    r"(?P<sign>[+-])?\s?" + COUNT + r"\s?(?:more\s)?" + UNIT + E + r"(?P<frac>" + FRACTION + r")?")


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
        if m["frac"]:
            n += 0.5 if m["frac"].endswith("half") else 0.25
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
    return piece(m, offset=off, direction=direction, weak=weak)


@rule("in 2 hours", "#unit", r"(?:in|within|after)\s(?:about\s|around\s|approximately\s|another\s|just\s)?" + DURATION
      + r"(?:\s(?:from now|later|from today|time))?", also="in within after")
def _in_duration(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, 1)


_ABOUT = r"(?:about\s|around\s|approximately\s|another\s|just\s)?"


@rule("in an hour or two", "#unit", r"(?:in|within)\s" + _ABOUT
      + r"(?:(?P<n>an?|one|\d+)\s(?P<u1>" + UNIT_CORE + r")\sor\s(?:\d+|an?\sfew|few)(?!\s?" + UNIT_CORE + r")"
      + r"|(?P<n2>\d+)\sor\s\d+\s(?P<u2>" + UNIT_CORE + r"))", also="in within")
def _in_one_or_two(m: re.Match[str]) -> Piece | None:
    # "in an hour or two", "in 2 or 3 days": the nearer of the two, so a reminder comes early, not late
    off = parse_duration(f"{m['n'] or m['n2']} {m['u1'] or m['u2']}")
    return piece(m, offset=off, direction=1) if off is not None else None


@rule("today in 2 hours", "today", r"today\s(?:in|within)\s" + _ABOUT + DURATION + r"(?:\s(?:from now|later|time))?")
def _today_in_duration(m: re.Match[str]) -> Piece | None:
    # "today in 2 hours" is the offset; "today" adds nothing (a day or longer from today is not today)
    off = parse_duration(m["dur"])
    if off is None or off.calendar_only:
        return None
    return piece(m, offset=off, direction=1)


_CLOCK_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)"
_FOR_ITEM = r"(?:\d+|an?|one|a couple of|a few|half an)\s" + _CLOCK_UNIT


@rule("for 5 minutes", "#unit", r"for\s(?P<dur>" + _FOR_ITEM + r"(?:" + FRACTION + r")?"
      + r"(?:(?:,\s?|\s)(?:and\s)?\d+\s" + _CLOCK_UNIT + r")*)"
      + r"(?P<later>\s(?:from now|later))?", also="for")
def _for_minutes(m: re.Match[str]) -> Piece | None:
    # alone, "set a timer for 5 minutes" (or "for 1 hour, 5 minutes and 30 seconds") counts from now;
    # after a time ("4pm for 30 mins") it is a length
    found = _offset_piece(m, 1)
    return replace(found, lasting=not m["later"]) if found else None


@rule("the day after", "day", r"(?:the\s)?(?:very\s)?day\s(?P<rel>after|before|following|prior\sto)"
      r"(?P<alone>(?=\s?(?:$|[,.;:!?)]|(?:at|by|around|about|in\sthe)\s)))?(?=\s|$|[,.;:!?)])")
def _the_day_after(m: re.Match[str]) -> Piece:
    # "the day after christmas" counts from the day said beside it; "the day after" said alone counts
    # from today (the day after the one the speaker stands in)
    sign = -1 if m["rel"] in ("before", "prior to") else 1
    if m["alone"] is not None:
        return piece(m, day=DayRef(DayKind.REL_DAY, sign))
    return piece(m, offset=Offset(days=1), direction=sign, anchored=True)


@rule("3 days after", "#unit", DURATION + r"\s(?P<rel>after|before|from|following|prior to)(?=\s)",
      also="after before from following prior")
def _duration_after(m: re.Match[str]) -> Piece | None:
    # "3 days after easter" counts from a day; "4 hours after noon", "an hour before thursday" and
    # "10 minutes before now" from the moment said after them (see `_place`)
    off = parse_duration(m["dur"])
    if off is None or not (off.calendar_only or _MOMENT_NEXT.match(m.string, m.end())):
        return None  # "30 minutes before the call": an event, which the reminder looks up
    return piece(m, offset=off, direction=-1 if m["rel"] in ("before", "prior to") else 1, anchored=True)


# what may follow "5 hours before" for it to count from a moment said in the text
_MOMENT_NEXT = re.compile(r"\s(?:now|noon|midday|midnight|today|tonight|tomorrow|yesterday|\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)")


@rule("2 days before yesterday", "yesterday tomorrow", r"(?P<n>" + COUNT_CORE + r")\s?days?\s(?P<rel>before\syesterday|after\stomorrow)")
def _days_beyond(m: re.Match[str]) -> Piece | None:
    # counted from yesterday or tomorrow, not from today: "2 days after tomorrow" is in 3 days
    n = count_value(m["n"])
    if n is None or not float(n).is_integer():
        return None
    sign = -1 if m["rel"].startswith("before") else 1
    return piece(m, day=DayRef(DayKind.REL_DAY, sign * (int(n) + 1)))


@rule("2 hours from now", "#unit", r"(?:about\s|around\s)?" + DURATION + r"\s(?:from now|from right now|from today|later|hence|after|afterwards|on(?=\s?(?:$|[,.;:!?]))|out(?=\s?(?:$|[,.;:!?]))|from this moment)",
      also="from later hence after afterwards on out")
def _duration_from_now(m: re.Match[str]) -> Piece | None:
    # "a week on" ends its clause: "a week on the beach" is a stay and "a week on friday" a day; so
    # does "15 minutes out" (from arriving: "we're 15 minutes out"), not "a day out at the zoo"
    return _offset_piece(m, 1)


@rule("2 hours ago", "#unit", r"(?:about\s|around\s)?" + DURATION + r"\s(?:before now|in the past|ago|back|before|earlier|previously)",
      also="before in ago back earlier previously")
def _duration_ago(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, -1)


@rule("now + 2 hours", "#unit", r"now\s?(?P<sign>[+-])\s?" + DURATION, also="now")
def _now_plus(m: re.Match[str]) -> Piece | None:
    return _offset_piece(m, 1 if m["sign"] == "+" else -1)


@rule("bare duration", "#unit", DURATION)
def _bare_duration(m: re.Match[str]) -> Piece | None:
    text = m["dur"].lstrip()
    if text.startswith(("+", "-")):
        return _offset_piece(m, 1)  # signs carry their own direction
    return _offset_piece(m, 0, weak=True)


@rule("last decade", "decade fortnight", r"(?P<rel>last|next|past)\s(?P<unit>decade|fortnight)")
def _last_decade(m: re.Match[str]) -> Piece:
    off = UNIT_OFFSET[m["unit"]]
    return piece(m, offset=off, direction=1 if m["rel"] == "next" else -1)


@rule("in a day", "#unit", r"(?:in|within)\s(?:(?P<n>a|an|one|1)\s)?(?P<unit>day|week|month|year|sec|second|minute|min|moment)",
      also="in within")
def _in_a_unit(m: re.Match[str]) -> Piece | None:
    if m["unit"] == "moment":
        return None
    off = UNIT_OFFSET.get(m["unit"])
    return piece(m, offset=off, direction=1) if off else None


# -- ranges ("3-4pm", "July 13-15", "from the 13th to the 15th of July") ----------------------------------
_TO = r"\s?(?:-|–|to|till|til|until|untill|thru|through)\s?"
# "6 till half 7", "half 6 to 8": "half" before an hour is half past it, as British English says it
_T1 = r"(?:(?P<noon1>noon|midday)|(?P<half1>half\s(?:past\s)?)?(?P<h1>1[0-2]|0?[1-9]|1[3-9]|2[0-3])(?:[:.h](?P<m1>[0-5]\d)|h)?(?:\s?(?P<a1>a\.m\.|p\.m\.|am|pm|a|p)(?![a-z]))?)"
_T2 = r"(?:(?P<noon2>noon|midday)|(?P<half2>half\s(?:past\s)?)?(?P<h2>1[0-2]|0?[1-9]|1[3-9]|2[0-3])(?:[:.h](?P<m2>[0-5]\d)|h)?(?:\s?(?P<a2>a\.m\.|p\.m\.|am|pm|a|p)(?![a-z]))?)"


# (not from a number's decimals: "10.2 - 10.15" is two numbers, not 2 to 10:15)
@rule("3-4pm", "#punct to till til until untill thru through and", r"(?<!\d[.,])(?P<lead>from\s|between\s)?" + _T1 + r"(?P<to>" + _TO + r"|\sand\s)" + _T2 + r"(?:\s?ish)?")
def _time_range(m: re.Match[str]) -> Piece | None:
    if m["to"].strip() == "and" and m["lead"] != "between ":
        return None  # "2 and 4 pm" is a range only after "between"
    a1, a2 = meridiem_of(m["a1"]), meridiem_of(m["a2"])
    h1, h2 = (12 if m["noon1"] else int(m["h1"])), (12 if m["noon2"] else int(m["h2"]))
    if m["noon2"]:
        if m["noon1"] or m["a1"] and meridiem_of(m["a1"]) == "pm" or not 5 <= h1 <= 11:
            return None  # "noon to noon", "3pm to noon", "2 to noon" is no morning up to noon
        a2 = "pm"  # "9 to noon", "from 10 till midday": the morning up to noon
    if m["noon1"]:
        a1 = "pm"  # "noon to 2": the second hour follows noon
        a2 = a2 or ("pm" if h2 < 12 else None)
    elif not (a1 or a2 or m["m1"] or m["m2"] or "h" in m.group()) and "-" in m.group() and \
            not (h1 <= 12 and h2 <= 12 and (after_a_day(m) or before_a_part(m))):
        return None  # "3-4" alone is a date or a number range; after a day ("monday 9-5") or before a
        # part of the day ("9 - 10 at night") hours
    if a1 is None and a2 is not None and h1 <= 12:
        # "3-4pm": the first hour takes the second's meridiem unless that would put it after the second
        a1 = a2 if (h1 % 12) <= (h2 % 12) else ("am" if a2 == "pm" else "pm")
    if (m["half1"] and (m["m1"] or h1 > 12)) or (m["half2"] and (m["m2"] or h2 > 12)):
        return None  # "half 7:15" or "half 19" is no clock time
    mi1 = 30 if m["half1"] else int(m["m1"] or 0)
    mi2 = 30 if m["half2"] else int(m["m2"] or 0)
    t1 = clock_time(h1, mi1, mer=a1, grain="minute" if m["m1"] or m["half1"] else "hour")
    t2 = clock_time(h2, mi2, mer=a2, grain="minute" if m["m2"] or m["half2"] else "hour")
    if t1 is None or t2 is None:
        return None
    weak = not (a1 or a2 or m["m1"] or m["m2"] or m["half1"] or m["half2"])
    return piece(m, time=t1, until=Piece(m.start(), m.end(), time=t2), weak=weak)


@rule("july 13-15", "#month", MON + r"\s?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?" + _TO + r"(?:" + MON2 + r"\s?)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?"
      + r"(?:,?\s" + YEAR + r")?")
def _day_range(m: re.Match[str]) -> Piece | None:
    return _range_piece(m, MONTHS[m["mon"]], MONTHS[m["mon2"]] if m["mon2"] else MONTHS[m["mon"]])


@rule("13 to 15 july", "#month", r"(?:from\s)?(?:the\s)?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?" + _TO + r"(?:the\s)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?"
      + r"\s(?:of\s)?" + MON + r"(?:,?\s" + YEAR + r")?")
def _day_range2(m: re.Match[str]) -> Piece | None:
    return _range_piece(m, MONTHS[m["mon"]], MONTHS[m["mon"]])


def _range_piece(m: re.Match[str], month1: int, month2: int) -> Piece | None:
    d1, d2 = int(m["d1"]), int(m["d2"])
    if not (1 <= d1 <= 31 and 1 <= d2 <= 31):
        return None
    year = year_of(m["year"])
    if month1 == month2 and d1 > d2:
        # "from the 29th to the 2nd of january": the month said is the end's, the start is the month before
        month1 = 12 if month2 == 1 else month2 - 1
    last = Piece(m.start(), m.end(), day=DayRef(DayKind.MONTH_DAY, month2, d2, year))
    # "nov 3 to jan 5 2024": the year is the end's; a start later in the year is in the year before
    first_year = year - 1 if year is not None and (month1, d1) > (month2, d2) else year
    return piece(m, day=DayRef(DayKind.MONTH_DAY, month1, d1, first_year), until=last)
