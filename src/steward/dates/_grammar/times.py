"""Times of day ("5 pm", "17:00", "half past four", "noon"), parts of the day ("tonight", "in the
morning") and time zones said with a time ("4 pm CET")."""

from __future__ import annotations

import re

from steward.dates._grammar.common import (
    H12,
    H24,
    MER,
    MER_SHORT,
    MM,
    MONTH_NAMES,
    MONTHS,
    NO_MORE_TIME,
    NOT_A_NOUN,
    SS,
    WEEKDAY_NAMES,
    Rule,
    after_a_day,
    clock_time,
    hhmm_not_year,
    mer_of,
    meridiem_of,
    piece,
    registrar,
)
from steward.dates._model import END_OF_DAY, FIRST_THING, DayKind, DayRef, Piece, TimeOfDay

RULES: list[Rule] = []
rule = registrar(RULES)

# -- times of day ---------------------------------------------------------------------------------------
@rule("hh:mm", "#punct", H24 + r"\s?[:.]\s?" + MM + r"(?::" + SS + r"(?:\.\d{1,6})?)?(?:\s?" + MER + r"|" + MER_SHORT + r")?"
      r"(?:\s?(?:hrs|hours|h)(?![\w]))?")
def _hh_mm(m: re.Match[str]) -> Piece | None:
    h, mi = int(m["h"]), int(m["mi"])
    s = int(m["s"]) if m["s"] else 0
    fixed = m["h"].startswith("0") and len(m["h"]) == 2
    t = clock_time(h, mi, s, mer_of(m), "second" if m["s"] else "minute", fixed)
    if t is None:
        return None
    if "." in m.group() and not mer_of(m) and not m["s"] and h < 13 and not _AT_BEFORE.search(m.string, 0, m.start()):
        # 10.30 alone may be a number (3.15); after "at" or after a day ("friday 12.30") it is the time
        return piece(m, time=t, after_day=True)
    return piece(m, time=t)


_AT_BEFORE = re.compile(r"(?:\bat|@)\s?$")


@rule("h mer", "am pm a p amish pmish", H12 + r"(?:\s?o'?\s?clock)?(?:\s?ish)?\s?" + MER + r"(?:\s?-?ish)?")
def _h_mer(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), mer=meridiem_of(m["mer"]), grain="hour")
    return piece(m, time=t) if t else None


@rule("5ish", "ish", r"(?:(?:at|@|around|about|approximately|approx\.?)\s?)?" + H24 + r"(?:[:.]" + MM + r")?\s?-?ish"
      r"(?:\s?" + MER + r")?" + NOT_A_NOUN)
def _ish(m: re.Match[str]) -> Piece | None:
    # "5ish", "5:30-ish": an approximate time is the time itself (the "ish" says the user will not mind)
    t = clock_time(int(m["h"]), int(m["mi"] or 0), mer=meridiem_of(m["mer"]), grain="minute" if m["mi"] else "hour")
    return piece(m, time=t) if t else None


@rule("at h[ap]", "at @", r"(?:at|@)\s?" + H12 + MER_SHORT)
def _at_h_short(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), mer=mer_of(m), grain="hour")
    return piece(m, time=t) if t else None


_AFTER_MONTH = re.compile(r"\b(?:" + "|".join(MONTH_NAMES) + r")\.?\s$")


@rule("h mm mer", "am pm a p", H12 + r"\s" + MM + r"\s?" + MER)
def _h_mm_mer(m: re.Match[str]) -> Piece | None:
    if _AFTER_MONTH.search(m.string, 0, m.start()):
        return None  # "aug 9 10am": the first number is the day of the month, not the hour
    t = clock_time(int(m["h"]), int(m["mi"]), mer=meridiem_of(m["mer"]))
    return piece(m, time=t) if t else None


@rule("12 03", "#oh", r"(?P<h>1[0-2]|[1-9])\s0(?P<mi>[1-9])(?!\s?[:./-])")
def _h_oh_m(m: re.Match[str]) -> Piece | None:
    # "twelve oh three": the zero only comes from the spoken form; alone it is the whole text or nothing
    t = clock_time(int(m["h"]), int(m["mi"]))
    return piece(m, time=t, weak=True) if t else None


@rule("hmm mer", "am pm a p", r"(?P<h>1[0-2]|[1-9])(?P<mi>[0-5]\d)\s?" + MER)
def _hmm_mer(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), int(m["mi"]), mer=meridiem_of(m["mer"]))
    return piece(m, time=t) if t else None


@rule("at hmm", "at @ around about approximately approx", r"(?:at|@|around|about|approximately|approx\.?)\s(?P<h>[01]?\d|2[0-3])(?P<mi>[0-5]\d)(?:\s?ish)?" + NO_MORE_TIME
      + NOT_A_NOUN + r"(?![,.]\d)")
def _at_hmm(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), int(m["mi"]))
    return piece(m, time=t) if t else None


@rule("at h mm", "at @ for", r"(?:(?:at|@)\s" + H24 + r"\s" + MM + r"|for\s" + H24.replace("<h>", "<h2>") + r"\s"
      + MM.replace("<mi>", "<mi2>") + NOT_A_NOUN + r")" + NO_MORE_TIME)
def _at_h_mm(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"] or m["h2"]), int(m["mi"] or m["mi2"]))
    return piece(m, time=t) if t else None


@rule("15h30", "h", r"(?P<h>[01]?\d|2[0-3])h(?P<mi>[0-5]\d)?")
def _h_h(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), int(m["mi"] or 0), fixed=True)
    return piece(m, time=t) if t else None


@rule("at h", "at @ around about approximately by until till til for before after from since", r"(?:(?:at|@)\s?" + H24 + r"(?:\s?o'?\s?clock)?(?:\s?ish)?"
      r"|(?:around|about|approximately|by|until|till|til|for|before|after|from|since)\s" + H24.replace("<h>", "<h2>")
      + r"(?:\s?o'?\s?clock)?(?:\s?ish)?" + NOT_A_NOUN + r")" + NO_MORE_TIME)
def _at_h(m: re.Match[str]) -> Piece | None:
    if m.group().startswith("for") and _FOR_A_COUNT.search(m.string, max(0, m.start() - 16), m.start()):
        return None  # "a table for four", "tickets for 2": how many, not when
    if _DATE_GOES_ON.match(m.string, m.end()):
        return None  # "for 12/18": the number starts a date
    t = clock_time(int(m["h"] or m["h2"]), grain="hour")
    return piece(m, time=t) if t else None


_FOR_A_COUNT = re.compile(r"\b(?:table|booking|reservation|room|rooms|tickets?|seats?|places?|party|people|guests?"
                          r"|covers|dinner|lunch|breakfast)\s$")
_DATE_GOES_ON = re.compile(r"[/.-]\d")


@rule("h oclock", "clock oclock", H24 + r"\s?o'?\s?clock")
def _h_oclock(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), grain="hour")
    return piece(m, time=t) if t else None


@rule("noon", "noon midday mid midnight noonish middayish", r"(?:at\s)?(?:the\s)?(?P<w>noon|midday|mid day|mid-day|midnight|12 noon|12 midnight)"
      r"(?:\s?-?ish)?")
def _noon(m: re.Match[str]) -> Piece | None:
    midnight = "midnight" in m["w"]
    return piece(m, time=TimeOfDay(0 if midnight else 12, 0, 0, None, True, "hour"))


_ANCHOR = (r"(?:(?P<ah>1[0-2]|0?[1-9])(?:\s?o'?\s?clock)?(?:\s?" + MER + r")?|(?P<ahh>1[3-9]|2[0-3])h?"
           r"|(?P<an>noon|midday|midnight))")


def _anchor_hour(m: re.Match[str]) -> tuple[int, str | None, bool] | None:
    if m["an"]:
        return (0 if m["an"] == "midnight" else 12), None, True
    if m["ahh"]:
        return int(m["ahh"]), None, True
    return int(m["ah"]), meridiem_of(m["mer"]), False


@rule("minutes past h", "past after to before till til of",
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
    if m["dir"] in ("to", "till", "til") and n.isdigit() and minutes % 5 and "min" not in m.group():
        return None  # "9 to 5", "3 till 5pm" are ranges; minutes before the hour are said in fives ("10 to 5")
    if m["dir"] in ("to", "till", "til") and n.isdigit() and m["an"] in ("noon", "midday") and "min" not in m.group():
        return None  # "10 to noon", "11 till midday" in digits are the hours up to noon (ten to twelve is 11:50)
    if m["dir"] in ("past", "after"):
        t = clock_time(h, minutes, mer=mer, fixed=fixed)
    else:
        hour = h - 1 if h != 0 else 23
        if mer and h == 12:
            mer = "am" if mer == "pm" else "pm"
            hour = 11
        elif mer is None and h == 12 and fixed:
            hour = 11
        if hour == 0 and mer:
            hour, mer = 12, ("pm" if mer == "am" else "am")
        t = clock_time(hour, 60 - minutes, mer=mer, fixed=fixed)
    return piece(m, time=t) if t else None


@rule("half h", "half", r"half\s" + H12 + r"(?:\s?" + MER + r")?")
def _half_h(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), 30, mer=meridiem_of(m["mer"]))
    return piece(m, time=t) if t else None


@rule("15 minutes from 1pm", "minute minutes min mins", r"(?P<n>\d{1,2})\s(?:minutes?|mins?)\s(?:from|after)\s" + _ANCHOR)
def _minutes_from(m: re.Match[str]) -> Piece | None:
    anchor = _anchor_hour(m)
    if anchor is None:
        return None
    h, mer, fixed = anchor
    t = clock_time(h, int(m["n"]), mer=mer, fixed=fixed)
    return piece(m, time=t) if t and int(m["n"]) < 60 else None


# -- parts of the day -------------------------------------------------------------------------------------
PARTS = {
    "morning": "morning", "mornings": "morning", "afternoon": "afternoon", "evening": "evening",
    "night": "night", "tonight": "night", "tonite": "night", "nite": "night", "lunch": "lunch",
    "lunchtime": "lunch", "lunch time": "lunch", "afternoonish": "afternoon", "eve": "evening", "arvo": "afternoon",
    "dinner": "dinner", "dinnertime": "dinner", "dinner time": "dinner", "morn": "morning",
    "teatime": "teatime", "tea time": "teatime",
}
_PART = r"(?P<part>morning|afternoonish|afternoon|arvo|evening|night|lunch ?time|dinner ?time|tea ?time)"


@rule("tonight", "tonight tonite", r"(?P<late>late\s)?(?P<w>tonight|tonite)")
def _tonight(m: re.Match[str]) -> Piece:
    return piece(m, part="late night" if m["late"] else "night", part_today=True)


@rule("this morning", "#part", r"(?P<late>(?:early|late)\s)?(?P<this>this|today|today's|todays)\s" + _PART)
def _this_part(m: re.Match[str]) -> Piece:
    part = PARTS[m["part"].replace(" ", "")]
    return piece(m, part=_early_late(m["late"], part), part_today=True)


_POSSESSIVE_BEFORE = re.compile(r"(?:'s?|’s?)\s$")
_WORD_BEFORE = re.compile(r"([\w']+)\s$")
# words after which a bare part of the day is still a time ("friday evening", "every night", "7 pm tonight")
_TIME_BEFORE = frozenset(["this", "that", "next", "last", "every", "each", "same", "one", "all", "a", "the", "on", "in", "at", "by", "for", "and", "or", "from", "to", "till", "until", "through", "during", "over", "per", "past", "previous", "following", "late", "early", "eve", "weekend", "week", "tomorrow", "tmrw", "tmr", "today", "tonight", "yesterday", "am", "pm", "o'clock", "oclock", "ish", "me", "us", "it", "them", "him", "her", "you", "we", "they", "do", "go", "be", "is", "are", "was", "were", "will", "can", "should", "must", "please", "then", "also", "just", "still", "again",
                          "around", "approximately", "approx", "roughly", "circa", "towards", "toward",
                          "near", "before", "after", "since", "between", "sometime", "anytime", "later", "earlier"])


def _names_an_event(m: re.Match[str]) -> bool:
    """A bare part of the day right after a word that is no date word is part of a name."""
    before = _WORD_BEFORE.search(m.string, max(0, m.start() - 24), m.start())
    if before is None:
        return False
    word = before.group(1)
    if word in _TIME_BEFORE or word.endswith(("day", "days")) or word.rstrip("s") in WEEKDAY_NAMES \
            or word.rstrip("'s") in WEEKDAY_NAMES or word.rstrip(".") in MONTHS \
            or re.fullmatch(r"\d+(?:st|nd|rd|th)?", word) is not None:
        return False
    from steward.dates._grammar.holidays import scan_holidays  # a named day before it: "christmas morning"

    return not any(h.end == before.end(1) for h in scan_holidays(m.string[:before.end(1)]))


@rule("in the morning", "#part",
      r"(?P<late>(?:early|late)\s)?(?:(?:in|during|at|by)\s)?(?:the\s)?(?P<late2>(?:early|late)\s)?" + _PART
      + r"(?:\s(?:time|hours))?|(?:at|by|over|during|around)\s(?P<lunch>lunch|dinner)|(?P<lunch2>lunch|dinner)")
def _part(m: re.Match[str]) -> Piece | None:
    if _POSSESSIVE_BEFORE.search(m.string, max(0, m.start() - 3), m.start()):
        return None  # "the parents' evening", "the kids' night": an event, not a time
    if m.group() == m["part"] and _names_an_event(m):
        return None  # "parents evening", "quiz night", "good night": a noun before it makes it a name
    if m["lunch2"] and not after_a_day(m):
        return None  # "lunch" alone is a meal ("lunch with ann"); after a day ("friday lunch") it is the time
    part = PARTS[(m["part"] or m["lunch"] or m["lunch2"]).replace(" ", "")]
    return piece(m, part=_early_late(m["late"] or m["late2"], part))


_DAY_WORDS = r"today|tonight|tomorrow|tmrw|tmr|" + "|".join(WEEKDAY_NAMES)
# an abbreviation ("EOD") is a noun's modifier when a noun follows ("the EOD report"): only a day, a
# lead word or the end of the sentence may follow it
_NOT_A_MODIFIER = (r"(?!\s(?!(?:" + _DAY_WORDS + r"|on|at|in|the|this|next|and|or|to|for|please|pls|thanks|then|so"
                   r"|latest|at the latest)(?![\w]))[a-z])")
_DETERMINER = re.compile(r"(?:\b(?:the|a|an|my|our|your|their|his|her|its)|'s)\s$")


@rule("end of day", "eod eob cob close end workday",
      r"(?P<lead>(?:by|at|before|until|till|til|for|around)\s)?(?:(?P<abbr>eod|eob|cob|c\.o\.b\.?)" + _NOT_A_MODIFIER
      + r"|(?P<the>the\s)?(?:close|end)\sof\s(?P<what>business(?:\sday)?|play|(?:the\s)?(?:business\s|working\s|work\s)?day"
      r"|(?:the\s)?workday))")
def _end_of_day(m: re.Match[str]) -> Piece | None:
    """ "by EOD", "end of day friday", "COB tomorrow", "close of business": the end of a working day.

    The abbreviations count unless a noun's determiner stands before them or a noun after them ("the EOD
    report"). "(at) the end of the day" alone is also an idiom ("at the end of the day, it's your call"):
    in a sentence it counts after "by"/"before"/"until" or beside a day, and always as the whole text.
    """
    if m["abbr"] and not m["lead"] and _DETERMINER.search(m.string, max(0, m.start() - 8), m.start()):
        return None
    idiom = bool(m["what"]) and m["what"] in ("the day", "day") and m["the"] is not None and \
        m["lead"] in (None, "at ")
    return piece(m, part=END_OF_DAY, weak=idiom)


@rule("after lunch", "lunch lunchtime dinner dinnertime work school",
      r"(?P<ba>before|after)\s(?:(?:the|my|your|our)\s)?(?P<what>lunch(?:\s?time)?(?:\sbreak)?|dinner(?:\s?time)?|work|school)")
def _around_lunch(m: re.Match[str]) -> Piece:
    if m["what"] == "school":
        return piece(m, part="early morning" if m["ba"] == "before" else "after school")
    if m["what"] == "work":
        if m["ba"] == "before":
            return piece(m, part="early morning")
        return piece(m, part=END_OF_DAY)  # "after work": when the working day ends
    meal = "dinner" if m["what"].startswith("dinner") else "lunch"
    return piece(m, part=f"{m['ba']} {meal}")


@rule("first thing", "thing", r"(?:first|1st) thing(?P<morning>\s(?:in\s)?(?:the\s)?morning)?")
def _first_thing(m: re.Match[str]) -> Piece:
    # "first thing tomorrow": when the working morning starts; "first thing" alone is also a noun phrase
    # ("the first thing I do"), so alone it counts only as the whole text or beside a day
    return piece(m, part=FIRST_THING, weak=not m["morning"])


_SAME_TIME = r"(?:(?:at|around|about|by)\s)?(?:this|the same|same)\stime(?:\sof\s(?:the\s)?day)?"


@rule("same time", "time", _SAME_TIME)
def _same_time(m: re.Match[str]) -> Piece:
    # "this time tomorrow", "tomorrow same time": counts only beside a day ("this time I mean it" is not one)
    return piece(m, same_time=True, dependent=True, weak=True)


_SHIFT = {"week": (7, 0), "month": (0, 1), "year": (0, 12)}


@rule("this time next week", "time", _SAME_TIME + r"\s(?P<rel>next|last)\s(?P<u>week|month|year)"
      r"|(?P<rel2>next|last)\s(?P<u2>week|month|year)\s" + _SAME_TIME)
def _same_time_next(m: re.Match[str]) -> Piece:
    # "this time next week" is a week from now, not next week's Monday
    days, months = _SHIFT[m["u"] or m["u2"]]
    sign = -1 if (m["rel"] or m["rel2"]) == "last" else 1
    day = DayRef(DayKind.REL_DAY, sign * days) if days else DayRef(DayKind.MONTHS_AHEAD, sign * months)
    return piece(m, day=day, same_time=True)


@rule("in the early hours", "early", r"(?:in\s)?the early hours(?: of the morning)?")
def _early_hours(m: re.Match[str]) -> Piece:
    return piece(m, part="early morning")


def _early_late(word: str | None, part: str) -> str:
    if word:
        return f"{word.strip()} {part}"
    return part


# a bare hour ("3 in the morning", "8 tonight") or HMM ("tonight 815") counts only beside a part of the day
@rule("bare hour", "#digit", r"(?P<h>[01]?\d|2[0-3])(?P<mi>[0-5]\d)?(?!\s?(?:[:./-]|[ap]\.?\s?m(?![a-z])))")
def _bare_hour(m: re.Match[str]) -> Piece | None:
    h = int(m["h"])
    if m["mi"] is None and len(m["h"]) == 2 and m["h"].startswith("0"):
        return None
    t = clock_time(h, int(m["mi"] or 0), grain="minute" if m["mi"] else "hour")
    return piece(m, time=t, dependent=True, weak=True) if t else None


_DAY_WORD = r"(?:today|tomorrow|tmrw|tonight|" + "|".join(WEEKDAY_NAMES) + r")"
_DAY_BEFORE = re.compile(r"\b" + _DAY_WORD + r"\.?,?\s$")


# an hour said right beside a day at the end of what is said: "tomorrow 9", "friday 10:30", "9 tomorrow",
# "5 on friday" (the day's rule for the hour: 1-6 the afternoon, 7-11 the morning); with more after
# it ("tomorrow 3 people") it is a count
@rule("day h", "#digit", r"(?<![\d:.])(?P<h>1[0-2]|[1-9])(?::?(?P<mi>[0-5]\d))?(?=\s?[,.;!?]?\s*$)"
      r"|^(?P<h2>1[0-2]|[1-9])(?::?(?P<mi2>[0-5]\d))?(?=\s(?:on\s)?" + _DAY_WORD + r"\s?[.!?]?$)")
def _day_h(m: re.Match[str]) -> Piece | None:
    if m["h"] and not _DAY_BEFORE.search(m.string, max(0, m.start() - 14), m.start()):
        return None
    h, mi = (m["h"], m["mi"]) if m["h"] else (m["h2"], m["mi2"])
    t = clock_time(int(h), int(mi or 0), grain="minute" if mi else "hour")
    return piece(m, time=t) if t else None


# four digits after a day are a 24-hour clock time ("Sunday 1925", "2 Nov 1815", "wed 0930 hrs")
@rule("day hhmm", "#digits4", r"(?P<h>[01]\d|2[0-3])(?P<mi>[0-5]\d)(?![\d:./-]|\s?(?:hrs|hours|h)\b)")
def _day_hhmm(m: re.Match[str]) -> Piece | None:
    if not (hhmm_not_year(m.group()[:4]) or after_a_day(m)):
        return None  # "since 2014" is a year
    if _HHMM_ALONE.fullmatch(m.string):
        return None  # said alone, it is "hhmm alone"
    t = clock_time(int(m["h"]), int(m["mi"]), grain="minute", fixed=True)
    return piece(m, time=t, after_day=True) if t else None


_HHMM_ALONE = re.compile(r"\s*\d{4,6}\s*[.!?]?\s*")


# four digits said as the whole text are a 24-hour clock time ("1730", "0730am"), unless they can be
# a year (1900-2099: "2020" alone is a year); in a sentence they are a number ("at 1730" is `at hmm`)
@rule("hhmm alone", "#digits4", r"^(?P<h>[01]\d|2[0-3])(?P<mi>[0-5]\d)(?P<s>[0-5]\d)?(?:\s?" + MER + r")?(?=\s?[.!?]?$)")
def _hhmm_alone(m: re.Match[str]) -> Piece | None:
    if not m["mer"] and not m["s"] and not hhmm_not_year(m.group()[:4]):
        return None
    t = clock_time(int(m["h"]), int(m["mi"]), int(m["s"] or 0), mer=meridiem_of(m["mer"]), grain="minute",
                   fixed=not m["mer"])
    return piece(m, time=t) if t else None


# "7ampm", "7 am/pm": a speech recogniser unsure of the half of the day; the hour is its next occurrence
@rule("h ampm", "ampm am pm", H12 + r"\s?(?:am\s?/?\s?pm|a\.m\.\s?/?\s?p\.m\.)")
def _hour_ampm(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), grain="hour")
    return piece(m, time=t) if t else None


# "end of tomorrow", "by the end of friday": when that working day ends
@rule("end of tomorrow", "end", r"(?:(?:by|at|before|until|till)\s)?(?:the\s)?end\sof(?:\sthe\sday)?(?:\son)?"
      r"(?=\s(?:today|tomorrow|tmrw|" + "|".join(WEEKDAY_NAMES) + r")\b)")
def _end_of_a_day(m: re.Match[str]) -> Piece:
    return piece(m, part=END_OF_DAY)


# "thurs eve", "mon morn", "tmrw am": short for the part of that day, only right after a day word
@rule("day am", "am pm eve morn", r"(?P<w>am|pm|a\.m\.|p\.m\.|eve|morn)")
def _day_part_short(m: re.Match[str]) -> Piece | None:
    if not after_a_day(m):
        return None
    w = m["w"]
    part = {"eve": "evening", "morn": "morning"}.get(w) or ("morning" if w.startswith("a") else "afternoon")
    return piece(m, part=part)


# spoken "seven thirty", "four forty five": an hour and its minutes in words; alone, or beside a day
@rule("h mm spoken", "#digit", r"(?P<h>1[0-2]|[1-9])\s(?P<mi>[1-5]\d)(?![\d:./]|\s?(?:%|percent|people|minutes?|mins?|hours?|hrs?|days?|weeks?|years?))")
def _h_mm_spoken(m: re.Match[str]) -> Piece | None:
    t = clock_time(int(m["h"]), int(m["mi"]), grain="minute")
    return piece(m, time=t, weak=True) if t else None


_NUMBERED_BEFORE = re.compile(r"\b(?:room|rm|unit|flat|apt|suite|no|number|block|bldg|lot|#)\.?\s?$")


# "1700 hrs", "1745H": four digits said with hours (or their "H", as airlines and schools in many countries
# write a time) are a 24-hour clock time
@rule("hhmm hrs", "#digits4", r"(?P<h>[01]\d|2[0-3])(?P<mi>[0-5]\d)\s?(?:hrs|hours|h(?![\w]))")
def _hhmm_hrs(m: re.Match[str]) -> Piece | None:
    if m.group().endswith("h") and _NUMBERED_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return None  # "room 1204h" is a number
    t = clock_time(int(m["h"]), int(m["mi"]), grain="minute", fixed=True)
    return piece(m, time=t) if t else None


@rule("in the am", "am pm a p", r"in\sthe\s(?P<mer>am|pm|a\.m\.|p\.m\.)")
def _in_the_am(m: re.Match[str]) -> Piece:
    return piece(m, part="morning" if m["mer"].startswith("a") else "afternoon")

ZONES = {
    "utc": 0, "gmt": 0, "z": 0, "wet": 0, "bst": 60, "west": 60, "cet": 60, "cest": 120, "eet": 120, "eest": 180,
    "msk": 180, "ist": 330, "sgt": 480, "hkt": 480, "jst": 540, "kst": 540, "aest": 600, "aedt": 660,
    "nzst": 720, "nzdt": 780, "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360,
    "pst": -480, "pdt": -420, "akst": -540, "hst": -600,
}
# the generic North American zones, whose offset follows daylight saving on the day said
NAMED_ZONES = {"et": "America/New_York", "ct": "America/Chicago", "mt": "America/Denver", "pt": "America/Los_Angeles"}
ZONE_WORDS = frozenset(ZONES) | frozenset(NAMED_ZONES)


# an offset is tried before a bare zone name at the same place: "utc+02:45" is one zone, not "utc"
@rule("zone", "#zone", r"\(?(?:utc|gmt)\s?(?P<sign>[+-])(?P<oh>\d{1,2})(?::?(?P<om>\d{2}))?(?!\d)\)?"
      r"|\(?(?P<z>" + "|".join(sorted(ZONES, key=len, reverse=True)) + r")\)?"
      r"|(?<=[\dm]\s)(?P<named>et|ct|mt|pt)\b(?!\s?al\b)")
def _zone(m: re.Match[str]) -> Piece | None:
    if m["named"]:
        # only right after a clock time ("23:00 ET"): "et" and "pt" are words elsewhere
        return piece(m, zone_name=NAMED_ZONES[m["named"]], dependent=True, weak=True)
    if m["z"]:
        minutes = ZONES[m["z"]]
    else:
        minutes = int(m["oh"]) * 60 + int(m["om"] or 0)
        if minutes > 14 * 60:
            return None
        minutes = -minutes if m["sign"] == "-" else minutes
    return piece(m, zone_minutes=minutes, dependent=True, weak=True)


# "16:20:00 +0000", "09:30 -0500": the offset after a clock time, as a mail's Date header writes it
@rule("numeric offset", "#sign", r"(?<=\d\s)(?P<sign>[+-])(?P<oh>[01]\d):?(?P<om>[0-5]\d)")
def _numeric_offset(m: re.Match[str]) -> Piece:
    minutes = int(m["oh"]) * 60 + int(m["om"])
    return piece(m, zone_minutes=-minutes if m["sign"] == "-" else minutes, dependent=True, weak=True)
