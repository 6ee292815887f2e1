"""Days and longer periods: "tomorrow", weekdays, dates in words and numbers, weeks, months, seasons,
quarters and years, "end of the month", "the first monday of october"."""

from __future__ import annotations

import re

from steward.dates._grammar.common import (
    DAYN,
    MON,
    MON2,
    MONTH_NAMES,
    MONTHS,
    NOT_A_NOUN,
    NOW_WORDS,
    ORD,
    REL,
    UNIT_OFFSET,
    WD,
    WEEKDAY_NAMES,
    WEEKDAYS,
    YEAR,
    Rule,
    after_a_day,
    before_a_part,
    clock_time,
    count_value,
    hhmm_not_year,
    piece,
    registrar,
    year_of,
)
from steward.dates._model import DayKind, DayRef, Piece

RULES: list[Rule] = []
rule = registrar(RULES)

# -- days ----------------------------------------------------------------------------------------------
@rule("today", "today todays tdy tomorrow tomorrows tmrw tmr tmw moro morrow tomorow tommorow tommorrow yesterday yday overmorrow next",
      # "next tomorrow": the day after tomorrow, as Nigerian and Indian English say it
      r"(?P<w>next\s(?:tomorrow|tmrw|tmr|2moro)|today|todays|tdy|tomorrow|tomorrows|tmrw|tmr|tmw|2moro|2morrow|tomorow|tommorow|tommorrow|yesterday|yday"
      r"|(?:the\s)?day after (?:tomorrow|tmrw|next)|(?:the\s)?day before yesterday|overmorrow)")
def _today(m: re.Match[str]) -> Piece:
    w = m["w"]
    if "after" in w or w == "overmorrow" or w.startswith("next"):
        n = 2
    elif "before" in w:
        n = -2
    elif w.startswith("to") and "m" in w[2:5] and w not in ("today", "todays") or w in ("tmrw", "tmr", "tmw") \
            or w.startswith("2m"):
        n = 1
    elif w.startswith("y"):
        n = -1
    else:
        n = 0
    return piece(m, day=DayRef(DayKind.REL_DAY, n))


@rule("now", "now moment atm immediately asap possible date", NOW_WORDS)
def _now(m: re.Match[str]) -> Piece:
    return piece(m, now=True)


_WD_REL = {"this": "", "coming": "", "upcoming": "", "next": "next", "nxt": "next", "following": "next",
           "the following": "next", "last": "last", "past": "last", "previous": "last", "current": ""}


@rule("weekday", "#weekday", r"(?:(?:on\s)?(?:this\s(?=coming\s|upcoming\s))?" + REL + r"\s|(?P<every>every|each)\s)?" + WD + r"(?P<after>\s(?:after next|after this(?:\s(?:one|1))?))?")
def _weekday(m: re.Match[str]) -> Piece:
    wd = WEEKDAYS[m["wd"]]
    mode = _WD_REL[m["rel"]] if m["rel"] else ""
    if m["after"]:
        mode = "after_next"
    weak = not (m["rel"] or m["every"]) and m["wd"] in ("sun", "sat", "wed", "mon")
    # "every monday": the next one, flagged so a caller can offer to repeat it
    return piece(m, day=DayRef(DayKind.WEEKDAY, wd, mode=mode), weak=weak, recurring=bool(m["every"]))


@rule("friday week", "#weekday", WD + r"\s(?P<u>week|fortnight)|a\s(?P<u2>week|fortnight)\son\s" + WD.replace("<wd>", "<wd2>"),
      also="week fortnight")
def _weekday_week_on(m: re.Match[str]) -> Piece:
    """British "friday week", "a week on tuesday", "tuesday fortnight": a week (a fortnight) after the
    coming such day ("friday week" is "friday after next")."""
    unit = m["u"] or m["u2"]
    wd = WEEKDAYS[m["wd"] or m["wd2"]]
    return piece(m, day=DayRef(DayKind.WEEKDAY, wd, mode="after_next" if unit == "week" else "fortnight"))


@rule("weekday of next week", "#weekday",
      WD + r"\s(?:of\s|from\s|in\s)?(?:the\s)?(?P<rel>this|next|last|previous|past|coming|current|the following|following)\s(?:week|wk)",
      also="week wk")
def _weekday_week(m: re.Match[str]) -> Piece:
    return piece(m, day=DayRef(DayKind.WEEKDAY, WEEKDAYS[m["wd"]], _week_rel(m["rel"]), mode="week"))


@rule("wednesday afternoon next week", "#weekday",
      WD + r"\s(?P<part>morning|afternoon|evening|night)\s(?:of\s|in\s)?(?:the\s)?"
      r"(?P<rel>this|next|last|previous|coming|the following|following)\s(?:week|wk)\b",
      also="week wk morning afternoon evening night")
def _weekday_part_week(m: re.Match[str]) -> Piece:
    """A weekday and its part of the day said before the week it is in ("wednesday afternoon next week")."""
    return piece(m, day=DayRef(DayKind.WEEKDAY, WEEKDAYS[m["wd"]], _week_rel(m["rel"]), mode="week"), part=m["part"])


@rule("last week's sunday", "#weekday", r"(?P<rel>this|next|last|previous|coming)\s(?:week's|weeks|week|wk)(?:\son)?,?\s" + WD,
      also="week weeks wk")
def _weeks_weekday(m: re.Match[str]) -> Piece:
    return piece(m, day=DayRef(DayKind.WEEKDAY, WEEKDAYS[m["wd"]], _week_rel(m["rel"]), mode="week"))


def _week_rel(word: str) -> int:
    if word in ("next", "nxt", "following", "the following", "coming"):
        return 1
    if word in ("last", "previous", "past"):
        return -1
    return 0


def _opt_wd(name: str) -> str:
    return r"(?:(?P<" + name + r">" + "|".join(WEEKDAY_NAMES) + r")\.?,?\s)?"


# a year after a date written with the month's name may have two digits ("Aug 7, 97", "4 Aug 97"),
# when nothing after them makes them an hour, a count or a day of the month
_YEAR_AFTER = (r"(?P<year>\d{4}|'\d{2}|\d{2}(?![\d:./-]|\s?(?:am|pm|a\.m|p\.m|[ap]\b|h\b|hrs?\b|hours?\b|mins?\b|"
               r"minutes?\b|days?\b|weeks?\b|o'?\s?clock|st\b|nd\b|rd\b|th\b|percent|%|people|of\b|to\b|-)))")
# a year may say its era: a year of up to three digits with AD or CE counts as written ("88 AD" is the
# year 88), with BC or BCE it is before any day Steward can place (no date, never this year's day); a year
# 2400-2699 with BE is the Buddhist era's, 543 years on. Longer years and other numbers keep those words
# as words ("the 5 june 2027 ad launch").
_ERA_YEAR = (r"(?:(?P<eyear>\d{1,3})\s?(?P<era>a\.?d\.?|c\.?e\.?|b\.?c\.?(?:e\.?)?)(?![\w])"
             r"|(?P<beyear>2[4-6]\d\d)\s?b\.?e\.?(?![\w])|" + _YEAR_AFTER + ")")


def _year_in_era(m: re.Match[str]) -> int | None:
    """The year said after a date, in its era when one is said (below the first year for BC)."""
    if m["beyear"]:
        return int(m["beyear"]) - 543
    if m["eyear"]:
        return int(m["eyear"]) * (-1 if m["era"].startswith("b") else 1)
    return year_of(m["year"])


# the number after a month's name is its day unless it is the hour of a clock time ("5 December 10:00am")
@rule("month day", "#month",
      _opt_wd("wd0") + MON + r",?\s?(?:the\s)?" + DAYN + r"(?!\d|[:.]\d\d(?!\d))(?:,?\s?(?P<wd1>" + "|".join(WEEKDAY_NAMES) + r")\.?)?"
      + r"(?:,?\s" + _ERA_YEAR + r")?")
def _month_day(m: re.Match[str]) -> Piece | None:
    return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), _year_in_era(m))


@rule("day month", "#month",
      _opt_wd("wd0") + r"(?:the\s)?" + DAYN + r"\s?(?:of\s|day of\s)?" + MON
      + r"(?:,?\s" + _ERA_YEAR + r"(?:\s(?:year|yr))?)?")
def _day_month(m: re.Match[str]) -> Piece | None:
    return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), _year_in_era(m))


@rule("d/mon/y", "#month", r"(?P<day>[0-3]?\d)[-/](?P<mon>" + "|".join(MONTH_NAMES) + r")[-/](?P<year>\d{4}|\d{2})")
def _d_mon_y(m: re.Match[str]) -> Piece | None:
    return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), year_of(m["year"]))


# a month name joined to numbers by "/" or "-": "Jun/14", "Sep-23-2027", "2027/Sep/23", "14-jun"
_JOINED_MON = r"(?P<mon>" + "|".join(MONTH_NAMES) + r")\.?"


@rule("mon/d/y", "#month", _JOINED_MON + r"\s?[-/]\s?(?P<day>[0-3]?\d)(?:\s?[-/]\s?(?P<year>\d{4}|\d{2}))?(?![\d:/])"
      r"|(?P<year2>\d{4})[-/]" + _JOINED_MON.replace("<mon>", "<mon2>") + r"[-/](?P<day2>[0-3]?\d)(?!\d)"
      r"|(?P<day3>[0-3]?\d)[-/]" + _JOINED_MON.replace("<mon>", "<mon3>") + r"(?![-/]?\d)")
def _joined_month(m: re.Match[str]) -> Piece | None:
    month = MONTHS[m["mon"] or m["mon2"] or m["mon3"]]
    day = int(m["day"] or m["day2"] or m["day3"])
    if not 1 <= day <= 31:
        return None
    # joined by a slash or a dash the words are a date, even "may/22"
    return piece(m, day=DayRef(DayKind.MONTH_DAY, month, day, year_of(m["year"] or m["year2"])))


_ORDINAL_DAY = re.compile(r"\d(?:st|nd|rd|th)\b|\bof\s")


def _date_piece(m: re.Match[str], month: int, day: int, year: int | None) -> Piece | None:
    if not 1 <= day <= 31:
        return None
    if year is not None and hhmm_not_year(m["year"]):
        # "2 Nov 1815": the date, then a clock time the times grammar reads (18:15, not the year 1815)
        cut = m.string[m.start():m.start("year")].rstrip(" ,")
        return Piece(m.start(), m.start() + len(cut), day=DayRef(DayKind.MONTH_DAY, month, day))
    # "may 3" may be a verb and a number; "may 3rd", "the 3rd of may" are dates
    gd = m.groupdict()
    said_year = m["year"] or gd.get("eyear") or gd.get("beyear")
    weak = m["mon"] == "may" and not said_year and _ORDINAL_DAY.search(m.group()) is None and not _may_a_month(m)
    wd = gd.get("wd0") or gd.get("wd1")
    return piece(m, day=DayRef(DayKind.MONTH_DAY, month, day, year, weekday=WEEKDAYS[wd] if wd else None), weak=weak)


# the words that follow "may" the verb ("19 may be too late", "the 2 may need it")
_AFTER_THE_VERB = re.compile(r"\s+(?:be|have|not|need|want|come|go|get|take|also|well|still|just|never|only|help|"
                             r"cost|ask|arrive|leave|join|see|do|find|use|end|change|i|you|we|they)\b", re.I)
# the words before a day that say a date follows ("on 19 May", "due by May 19")
_BEFORE_A_DATE = re.compile(r"\b(?:on|by|until|till|til|before|after|from|since|due|for)\s+(?:the\s+)?$", re.I)


def _may_a_month(m: re.Match[str]) -> bool:
    """Whether "may" beside a day is the month: a day said before it with no verb's word after ("what's on
    19 May?"), or a word of dates before the pair ("on may 19", "due by May 19")."""
    day_first = m.start("day") < m.start("mon")
    if day_first and _AFTER_THE_VERB.match(m.string, m.end()) is None:
        return True
    return _BEFORE_A_DATE.search(m.string, 0, m.start()) is not None


@rule("iso date", "#punct", r"(?P<y>\d{4})[-/.](?P<mo>[01]?\d)[-/.](?P<d>[0-3]?\d)")
def _iso_date(m: re.Match[str]) -> Piece | None:
    month, day = int(m["mo"]), int(m["d"])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return piece(m, day=DayRef(DayKind.MONTH_DAY, month, day, int(m["y"])))


@rule("numeric date", "#punct", r"(?<!\d[/.-])(?P<p1>[0-3]?\d)\s?(?P<sep>[/.-])\s?(?P<p2>[0-3]?\d)(?:\s?(?P=sep)\s?(?P<y>\d{4}|\d{2}))?"
      # a time after it is not its year ("10-11:30"), but a year may take a time after a colon, as logs
      # write it ("06/30/2027:09:05")
      # nor is a longer run of numbers joined the same way ("4/15/2", "1/2/3/4")
      r"(?!\s?(?:[ap]\.?\s?m(?![a-z])|[ap](?![a-z])|(?(y)(?:h\d|:\d(?!\d:\d\d))|[:h]\d)|o'?clock|(?P=sep)\d))")
def _numeric_date(m: re.Match[str]) -> Piece | None:
    a, b = int(m["p1"]), int(m["p2"])
    y = year_of(m["y"]) if m["y"] else None
    if m["sep"] == "." and _VERSION_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return None  # "version 2.4.30", "v3.11.29": a version number, not a date
    if m["sep"] == ".":
        if y is None:
            return None  # 3.15 is a number, not a date ("14.06." with its closing dot is one: `_dotted`)
        return _dotted(m, a, b, y)
    if m["sep"] == "-" and y is None and a <= 12 and b <= 12 and (after_a_day(m) or before_a_part(m)):
        # "monday 9-5", "9 - 10 at night": beside a day or a part of the day, hours ("monday 9-17"
        # stays September 17)
        return None
    # which is the month is settled when the text is placed (the day_first option); keep both readings
    # "3-15" and "2 - 15" may be ranges of numbers: dates only when they are the whole text
    return piece(m, day=DayRef(DayKind.NUMERIC, a, b, y), weak=y is None and m["sep"] == "-")


_VERSION_BEFORE = re.compile(r"(?:\b(?:version|ver|release|build|rev)\.?:?\s?|\bv\.?\s?)$")


def _dotted(m: re.Match[str], a: int, b: int, year: int | None) -> Piece | None:
    """A dotted date is day first, as where it is written ("10.11.2027" is 10 November); a first part
    above 12 cannot be the month, a second part above 12 can only be the day ("10.31.1974")."""
    day, month = (b, a) if b > 12 >= a else (a, b)
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return piece(m, day=DayRef(DayKind.MONTH_DAY, month, day, year))


# "2026-12-09T16:20:00Z", "2026-12-09 16:20+05:30": ISO 8601 / RFC 3339, the day, the time and the offset
@rule("iso datetime", "#punct", r"(?P<y>\d{4})-(?P<mo>[01]\d)-(?P<d>[0-3]\d)[t\s](?P<h>[01]\d|2[0-3]):(?P<mi>[0-5]\d)"
      r"(?::(?P<s>[0-5]\d)(?:[.,]\d{1,9})?)?(?:\s?(?P<z>z)|(?P<sign>[+-])(?P<oh>[01]\d):?(?P<om>[0-5]\d))?")
def _iso_datetime(m: re.Match[str]) -> Piece | None:
    month, day = int(m["mo"]), int(m["d"])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    t = clock_time(int(m["h"]), int(m["mi"]), int(m["s"] or 0), grain="second" if m["s"] else "minute", fixed=True)
    zone = None
    if m["z"]:
        zone = 0
    elif m["sign"]:
        zone = (int(m["oh"]) * 60 + int(m["om"])) * (-1 if m["sign"] == "-" else 1)
    return piece(m, day=DayRef(DayKind.MONTH_DAY, month, day, int(m["y"])), time=t, zone_minutes=zone)


@rule("14.06.", "#punct", r"(?P<p1>[0-3]?\d)\.(?P<p2>[01]?\d)\.(?=\s|$|[,;:!?)])")
def _dotted_no_year(m: re.Match[str]) -> Piece | None:
    return _dotted(m, int(m["p1"]), int(m["p2"]), None)


@rule("this 5/12", "this", r"this\s(?P<p1>[0-3]?\d)/(?P<p2>[0-3]?\d)(?![\d/])")
def _this_numeric(m: re.Match[str]) -> Piece:
    # "this 5/12": the one in this year, even when it has passed
    return piece(m, day=DayRef(DayKind.NUMERIC, int(m["p1"]), int(m["p2"]), mode="this"))


@rule("monday 21", "#weekday", WD + r",?\s(?:the\s)?(?P<day>1[3-9]|2\d|3[01])"
      r"(?![\d:./]|\s?(?:[ap]\.?\s?m(?![a-z])|o'?clock|h\b|hrs?\b|hours?\b|(?:st|nd|rd|th)\b))", also="#digit")
def _weekday_bare_dom(m: re.Match[str]) -> Piece:
    # "Monday 21": the next 21st that is a Monday (13 and above cannot be a clock time on a 12-hour clock)
    return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, 0, int(m["day"]), weekday=WEEKDAYS[m["wd"]]))


# "next month 5th", "this month's 20th" (Indian English puts the month first)
@rule("next month 5th", "month", r"(?P<rel>this|next|coming|last|previous)\smonth(?:'s)?\s(?:on\s)?(?:the\s)?"
      r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)")
def _month_then_day(m: re.Match[str]) -> Piece | None:
    day = int(m["day"])
    if not 1 <= day <= 31:
        return None
    return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, _week_rel(m["rel"]), day, mode="rel"))


@rule("the 20th of the month", "month", r"(?:on\s)?the\s(?P<day>[0-3]?\d)(?:st|nd|rd|th)?\sof\sthe\smonth")
def _nth_of_the_month(m: re.Match[str]) -> Piece | None:
    # "the 20th of the month": this month's
    day = int(m["day"])
    return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, 0, day, mode="rel")) if 1 <= day <= 31 else None


# "25th morning", "21st evening": a day of the month said with a part of the day
@rule("25th morning", "#part", r"(?:on\s)?(?:the\s)?(?P<day>[0-3]?\d)(?:st|nd|rd|th)(?=\s(?:morning|afternoon|evening|night)\b)")
def _nth_before_part(m: re.Match[str]) -> Piece | None:
    day = int(m["day"])
    return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, 0, day)) if 1 <= day <= 31 else None


@rule("spaced numeric date", "#digits4", r"(?P<p1>[0-3]?\d)\s(?P<p2>[0-3]?\d)\s(?P<y>\d{4})")
def _spaced_date(m: re.Match[str]) -> Piece | None:
    return piece(m, day=DayRef(DayKind.NUMERIC, int(m["p1"]), int(m["p2"]), int(m["y"])))


# "2014-08-32" has no such day: a third part after the month is no month-and-year either
@rule("month/year", "#punct", r"(?P<mo>[01]?\d)/(?P<y>\d{4})|(?P<y2>\d{4})[-/](?P<mo2>[01]?\d)(?![-/.]?\d)")
def _month_year_num(m: re.Match[str]) -> Piece | None:
    month = int(m["mo"] or m["mo2"])
    if not 1 <= month <= 12:
        return None
    return piece(m, day=DayRef(DayKind.MONTH, month, year=int(m["y"] or m["y2"])))


@rule("the nth", "the st nd rd th month", r"(?:on\s)?the\s" + DAYN + r"(?:\sof\s(?:the\s)?(?P<rel>this|next|last|previous|current|the following|following)\smonth|"
      + NOT_A_NOUN + r"(?!\s?(?:[ap]\.?\s?m(?![a-z])|[:.]\d|o'?clock)))"
      + r"|(?:(?:on|before|after|by|until|till|from|since)\s)?" + ORD.replace("<day>", "<day2>") + r"(?:\s(?:day\s)?of\s(?:the\s)?(?P<rel2>this|next|last|previous|current|the following|following)\smonth|" + NOT_A_NOUN + r")"
      + r"|(?P<day3>[0-3]?\d)(?:st|nd|rd|th)?\s(?:day\s)?of\s(?:the\s)?(?P<rel3>this|next|last|previous|current|the following|following)\smonth")
def _the_nth(m: re.Match[str]) -> Piece | None:
    day = int(m["day"] or m["day2"] or m["day3"])
    if not 1 <= day <= 31:
        return None
    rel = m["rel"] or m["rel2"] or m["rel3"]
    if rel:
        return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, _week_rel(rel), day, mode="rel"))
    weak = not m.group().startswith(("the", "on", "before", "after", "by", "until", "till", "from", "since"))
    return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, 0, day), weak=weak)


_SEASONS = {"spring": 0, "summer": 1, "fall": 2, "autumn": 2, "winter": 3}


@rule("this summer", "spring summer fall autumn winter", r"(?:(?:in|during|by|over)\s)?(?:the\s)?(?:(?P<rel>this|next|last|coming|past|previous|current)\s)?"
      r"(?P<s>spring|summer|fall|autumn|winter)(?:\s(?:of\s)?(?P<year>\d{4}))?")
def _season(m: re.Match[str]) -> Piece:
    mode = {"next": "next", "coming": "", "last": "last", "past": "last", "previous": "last"}.get(m["rel"] or "", "")
    # "fall", "spring", "summer" are ordinary words too: alone they count only as the whole text
    weak = not (m["rel"] or m["year"] or m.group().startswith(("in ", "during ", "by ", "over ")))
    return piece(m, day=DayRef(DayKind.SEASON, _SEASONS[m["s"]], year=int(m["year"]) if m["year"] else None, mode=mode),
                 weak=weak)


@rule("this season", "season seasons", r"(?:the\s)?(?P<rel>this|next|last|coming|past|previous|current)\sseasons?")
def _this_season(m: re.Match[str]) -> Piece:
    n = {"next": 1, "coming": 1, "last": -1, "past": -1, "previous": -1}.get(m["rel"], 0)
    return piece(m, day=DayRef(DayKind.SEASON, -1, n))


# a month's name with a two-digit number that cannot be its day is a month of that year ("Sep 97"), unless
# the number counts something ("dec 45 minutes")
_YEAR_NOT_DAY = r"(?P<yy>3[2-9]|[4-9]\d)" + _YEAR_AFTER[len(r"(?P<year>\d{4}|'\d{2}|\d{2}"):-1]


@rule("month", "#month", r"(?:(?:in|during|of)\s)?(?:(?P<rel>this|next|last|coming|past|previous)\s)?" + MON
      + r"(?:,?\s" + YEAR + r"|\s" + _YEAR_NOT_DAY + r"|(?P<after>\safter next))?")
def _month(m: re.Match[str]) -> Piece | None:
    if hhmm_not_year(m["year"]):
        return None  # "nov 1815" after a day is the 2nd of November at 18:15
    if m["yy"] and m["mon"] == "may":
        return None  # "may 50 ..." is a verb and a count
    if m["mon"] in ("mar", "jun", "jul", "sep", "oct", "nov", "dec", "jan", "feb", "apr", "aug") and m.group() == m["mon"]:
        weak = True
    else:
        weak = m["mon"] == "may" and not (m["rel"] or m["year"] or m.group().startswith(("in", "during", "of")))
    mode = "after_next" if m["after"] else {"next": "next", "coming": "next", "last": "last", "past": "last",
                                             "previous": "last"}.get(m["rel"] or "", "")
    return piece(m, day=DayRef(DayKind.MONTH, MONTHS[m["mon"]], year=year_of(m["year"] or m["yy"]), mode=mode),
                 weak=weak)


# a year beside a month's name, in any order and joined any way: "Sep-2012", "June of 2022",
# "2024 August", "2024/Aug", and with the day after it, "2018 March 18"
@rule("year month", "#month", r"(?P<year>1[89]\d\d|2[01]\d\d)(?:\s|[-/])" + MON + r"(?:\s" + DAYN + r")?(?![\d:/-])"
      r"|" + MON2 + r"(?:\s?-\s?|\sof\s)(?P<y2>1[89]\d\d|2[01]\d\d)(?!\d)")
def _year_month(m: re.Match[str]) -> Piece | None:
    year = int(m["year"] or m["y2"])
    if m["y2"]:
        return piece(m, day=DayRef(DayKind.MONTH, MONTHS[m["mon2"]], year=year))
    if m["day"]:
        return _date_piece(m, MONTHS[m["mon"]], int(m["day"]), year)
    return piece(m, day=DayRef(DayKind.MONTH, MONTHS[m["mon"]], year=year))


@rule("year", "#digit", r"(?:(?P<in>in|of|during|for)\s)?(?:the\syear\s)?(?P<year>1[89]\d\d|2[01]\d\d)(?P<ad>\s?a\.?d\.?)?"
      r"|(?:(?P<in2>in|of|during|for)\s)?(?P<year2>\d{1,4})\s?(?P<ad2>a\.?d\.?|c\.?e\.?)")
def _year(m: re.Match[str]) -> Piece:
    year = int(m["year"] or m["year2"])
    return piece(m, day=DayRef(DayKind.YEAR, year=year), weak=not (m["in"] or m["in2"] or m["ad"] or m["ad2"]))


_QUARTERS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4}


@rule("third quarter", "quarter qtr q", r"(?:the\s)?(?P<q>1st|2nd|second|3rd|4th)\s(?:quarter|qtr)(?:\s(?:of\s)?" + YEAR + r")?"
      r"|(?P<y2>\d{2}|\d{4})\s?q(?P<q2>[1-4])|q(?P<q3>[1-4])\s?(?P<y3>\d{4})")
def _quarter(m: re.Match[str]) -> Piece:
    if m["q"]:
        return piece(m, day=DayRef(DayKind.QUARTER, _QUARTERS[m["q"]], year=year_of(m["year"])))
    year = year_of(m["y2"] or m["y3"])
    return piece(m, day=DayRef(DayKind.QUARTER, int(m["q2"] or m["q3"]), year=year))


_UNIT_KIND = {"day": DayKind.REL_DAY, "days": DayKind.REL_DAY, "week": DayKind.WEEK, "weeks": DayKind.WEEK,
              "wk": DayKind.WEEK, "wks": DayKind.WEEK, "month": DayKind.MONTH_REL, "months": DayKind.MONTH_REL,
              "quarter": DayKind.QUARTER_REL, "quarters": DayKind.QUARTER_REL, "qtr": DayKind.QUARTER_REL,
              "qtrs": DayKind.QUARTER_REL, "year": DayKind.YEAR_REL, "years": DayKind.YEAR_REL,
              "yr": DayKind.YEAR_REL, "yrs": DayKind.YEAR_REL}


@rule("upcoming two weeks", "upcoming coming", r"(?:upcoming|coming)\s(?P<n>\d+)\s(?P<u>days?|weeks?|wks?|months?|quarters?|qtrs?|years?|yrs?)"
      r"|(?P<n2>\d+)\s(?:upcoming|coming)\s(?P<u2>days?|weeks?|wks?|months?|quarters?|qtrs?|years?|yrs?)")
def _upcoming(m: re.Match[str]) -> Piece:
    n = int(m["n"] or m["n2"])
    return piece(m, day=DayRef(_UNIT_KIND[m["u"] or m["u2"]], n))


@rule("next 3 days", "#unit", r"(?:the\s)?(?P<rel>next|last|past|previous|coming|upcoming)\s(?:(?P<n>\d+|few|couple(?: of)?)\s"
      r"(?P<u>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?)|(?P<u1>hour|minute|day))",
      also="next last past previous coming upcoming")
def _next_n_units(m: re.Match[str]) -> Piece | None:
    if m["u1"]:
        unit1 = UNIT_OFFSET[m["u1"]]
        sign1 = -1 if m["rel"] in ("last", "past", "previous") else 1
        return piece(m, day=DayRef(DayKind.UNITS, sign1, mode=unit1.grain))
    n = count_value(m["n"])
    unit = UNIT_OFFSET.get(m["u"])
    if n is None or unit is None:
        return None
    sign = -1 if m["rel"] in ("last", "past", "previous") else 1
    return piece(m, day=DayRef(DayKind.UNITS, sign * int(n), mode=unit.grain))


@rule("3 fridays from now", "#weekday", r"(?P<n>\d+)\s" + WD + r"\s(?P<dir>from now|from today|hence|ago|back|before)",
      also="#digit")
def _weekday_count(m: re.Match[str]) -> Piece:
    n = int(m["n"])
    sign = 1 if m["dir"] in ("from now", "from today", "hence") else -1
    return piece(m, day=DayRef(DayKind.WEEKDAY_COUNT, WEEKDAYS[m["wd"]], sign * n))


@rule("tuesday the 19th", "#weekday", WD + r",?\s(?:the\s)?(?P<day>[0-3]?\d)(?:st|nd|rd|th)", also="#digit")
def _weekday_dom(m: re.Match[str]) -> Piece | None:
    day = int(m["day"])
    if not 1 <= day <= 31:
        return None
    return piece(m, day=DayRef(DayKind.DAY_OF_MONTH, 0, day, weekday=WEEKDAYS[m["wd"]]))


@rule("last night", "night evening", r"(?P<late>late\s)?last\s(?P<p>night|evening)|(?P<late2>late\s)?yesterday\s(?P<p2>night|evening)")
def _last_night(m: re.Match[str]) -> Piece:
    part = m["p"] or m["p2"]
    late = m["late"] or m["late2"]
    return piece(m, day=DayRef(DayKind.REL_DAY, -1), part=("late " if late else "") + part)



_WEEK_NTH = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4, "last": -1}


@rule("first week of october", "week",
      r"(?:the\s)?(?:(?P<k>1st|2nd|second|3rd|4th|first|third|fourth)\s(?P<last>last\s)?|(?P<only_last>last)\s)"
      r"week\s(?:of|in)\s(?:" + MON + r"(?:\s" + YEAR + r")?|(?P<y2>\d{4}))")
def _nth_week(m: re.Match[str]) -> Piece:
    n = -1 if m["only_last"] else _WEEK_NTH[m["k"]] * (-1 if m["last"] else 1)
    if m["mon"]:
        return piece(m, day=DayRef(DayKind.NTH_WEEK, n, 0, year_of(m["year"]), MONTHS[m["mon"]]))
    return piece(m, day=DayRef(DayKind.NTH_WEEK, n, 0, int(m["y2"]), None))


_REL_N = {"this": 0, "current": 0, "next": 1, "nxt": 1, "coming": 1, "upcoming": 1, "following": 1, "the following": 1,
          "last": -1, "past": -1, "previous": -1}


@rule("this week", "week wk month year yr quarter qtr", r"(?:(?:the|around)\s)?(?:this\s(?=coming\s|upcoming\s))?" + REL + r"\s(?P<what>week|wk|month|year|yr|quarter|qtr)")
def _this_week(m: re.Match[str]) -> Piece:
    kind = _UNIT_KIND[m["what"]]
    return piece(m, day=DayRef(kind, _REL_N[m["rel"]]))


# "the week after next" is two weeks on, "the month after this one" one: counted from the one under way
@rule("the week after next", "week month year", r"(?:the\s)?(?P<what>week|month|year)\safter\s(?P<which>next|this\s(?:one|1)|this(?=\s?[,.;!?]?$))"
      r"(?![a-z\d])")
def _period_after(m: re.Match[str]) -> Piece:
    return piece(m, day=DayRef(_UNIT_KIND[m["what"]], 2 if m["which"] == "next" else 1))


@rule("early next week", "week wk midweek",
      r"(?:(?:in|by|during)\s)?(?:the\s)?(?P<p>early|mid|late|middle of(?:\sthe)?|beginning of|start of)[\s-]?"
      r"(?:(?P<rel>this|next|last|coming|the following|following)\s)(?:week|wk)|(?P<mid>mid-?\s?week)")
def _week_part(m: re.Match[str]) -> Piece:
    """ "early next week" (Monday-Tuesday), "mid next week" (Wednesday-Thursday), "late this week"
    (Thursday-Friday): a part of the working week, at day grain."""
    if m["mid"]:
        return piece(m, day=DayRef(DayKind.WEEK_PART, 0, mode="mid"))
    p = m["p"]
    mode = "mid" if p.startswith(("mid", "middle")) else "early" if p in ("early", "beginning of", "start of") else "late"
    return piece(m, day=DayRef(DayKind.WEEK_PART, _week_rel(m["rel"]), mode=mode))


@rule("the week", "week day", r"all\sweek|(?:(?:the\s)?(?:rest|remainder) of (?:the|this)\s(?P<what>week|day))")
def _the_week(m: re.Match[str]) -> Piece:
    if m["what"] == "day":
        return piece(m, day=DayRef(DayKind.REL_DAY, 0))
    return piece(m, day=DayRef(DayKind.WEEK, 0, mode="rest" if m["what"] else ""))


@rule("weekend", "weekend wkend week", r"(?:(?P<rel>this|next|last|coming|past|the|this past)\s)?(?:week-?\s?end|wkend)"
      r"(?P<after>\safter (?:next|this\s(?:one|1)|this(?=\s?[,.;!?]?$)))?")
def _weekend(m: re.Match[str]) -> Piece:
    rel = m["rel"] or ""
    n = {"next": 1, "coming": 0, "last": -1, "past": -1, "this past": -1}.get(rel, 0)
    if m["after"]:
        n = 1  # "the weekend after next": a week after "the weekend", as "friday after next" is after "friday"
    return piece(m, day=DayRef(DayKind.WEEKEND, n))


@rule("top of the hour", "top", r"(?:at\s)?(?:the\s)?top\sof\sthe\shour")
def _top_of_the_hour(m: re.Match[str]) -> Piece:
    # a moment, the next whole hour (where "the next hour" starts), not the hour-long period after it
    return piece(m, day=DayRef(DayKind.UNITS, 1, mode="top_of_hour"))


@rule("end of month", "end beginning start eom eoy eow bom boy",
      r"(?:(?:at|by|before|until|till)\s)?(?:the\s)?(?:(?P<eo>end|beginning|start)\sof\s(?:the\s)?(?:around\s)?"
      r"(?:(?P<rel>this|current|next|last|previous|past|coming|upcoming|the following|following)\s)?"
      r"(?P<what>month|week|year)|(?P<abbr>eom|eoy|eow|bom|boy)"
      r"|(?P<eo2>end|beginning|start)\sof\s(?:the\syear\s)?(?P<year>1[89]\d\d|2[01]\d\d)"
      # "by month end", "before the month's end", "year-end" (never "week end": that is the weekend)
      r"|(?:(?P<rel2>this|next|last|coming)\s)?(?P<what2>month|year)(?:['\u2019]s)?[\s-]end)")
def _end_of(m: re.Match[str]) -> Piece:
    if m["year"]:
        # "end of 2012", "at the beginning of 2017": that year's last or first day
        return piece(m, day=DayRef(DayKind.START_OF_YEAR if m["eo2"] != "end" else DayKind.END_OF_YEAR, year=int(m["year"])))
    abbr = m["abbr"]
    if abbr:
        what = {"m": "month", "y": "year", "w": "week"}[abbr[-1]]
        begin = abbr[0] == "b"
    elif m["what2"]:
        what, begin = m["what2"], False
    else:
        what = m["what"]
        begin = m["eo"] != "end"
    n = _REL_N.get(m["rel"] or m["rel2"] or "this", 0)
    return piece(m, day=DayRef(DayKind(("start_of_" if begin else "end_of_") + what), n))


@rule("last weekend of october", "weekend wkend week",
      r"(?:the\s)?(?P<nth>1st|first|2nd|second|3rd|third|4th|fourth|last)\s(?:week-?\s?end|wkend)\s(?:of|in)\s" + MON
      + r"(?:\s" + YEAR + r")?")
def _nth_weekend(m: re.Match[str]) -> Piece:
    n = {"third": 3, "fourth": 4}.get(m["nth"]) or _NTH[m["nth"]]
    return piece(m, day=DayRef(DayKind.MONTH_WEEKEND, n, 0, year_of(m["year"]), MONTHS[m["mon"]]))


@rule("end of month name", "#month", r"(?:(?:at|by)\s)?(?:the\s)?(?P<eo>end|beginning|start|early|mid|middle of|late)[\s-](?:of\s)?" + MON)
def _end_of_month_name(m: re.Match[str]) -> Piece:
    eo = {"end": "late", "beginning": "early", "start": "early", "middle of": "mid"}.get(m["eo"], m["eo"])
    return piece(m, day=DayRef(DayKind.MONTH_PART, MONTHS[m["mon"]], mode=eo))


_NTH = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4, "5th": 5,
        "fifth": 5, "last": -1}


@rule("first monday of", "#weekday",
      r"(?:the\s)?(?P<nth>1st|2nd|second|3rd|4th|5th|last)\s" + WD + r"\s(?:of|in)\s(?:(?:the\s)?(?P<rel>this|next|last|the)\s?month|" + MON
      + r"(?:\s" + YEAR + r")?)", also="#digit second last")
def _nth_weekday(m: re.Match[str]) -> Piece:
    n = _NTH[m["nth"]]
    if m["mon"]:
        return piece(m, day=DayRef(DayKind.NTH_WEEKDAY, n, WEEKDAYS[m["wd"]], year_of(m["year"]), MONTHS[m["mon"]]))
    rel = {"this": 0, "the": 0, "next": 1, "last": -1}[m["rel"]]
    return piece(m, day=DayRef(DayKind.NTH_WEEKDAY, n, WEEKDAYS[m["wd"]], None, rel, mode="rel"))


# working days: "next business day", "the previous working day", "in 3 business days", "last weekday"
@rule("next business day", "business working weekday work", r"(?:the\s)?(?:(?P<rel>next|last|previous|following|prior)\s"
      r"(?:business|working|work|week)\s?day|(?:in|within|after)\s(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
      r"\s(?:business|working|work)\sdays?(?:\stime)?)(?![a-z])")
def _business_day(m: re.Match[str]) -> Piece | None:
    if m["rel"]:
        n = -1 if m["rel"] in ("last", "previous", "prior") else 1
    else:
        count = count_value(m["n"])
        if count is None or not float(count).is_integer():
            return None
        n = int(count)
    return piece(m, day=DayRef(DayKind.WORKDAY, n))


@rule("the last day of the month", "month", r"(?:the\s)?(?P<nth>last|first|1st)\sday\s(?:of|in)\s(?:the\s)?"
      r"(?:(?P<rel>this|current|next|last|previous|coming|following)\s)?month")
def _last_day_of_the_month(m: re.Match[str]) -> Piece:
    kind = DayKind.END_OF_MONTH if m["nth"] == "last" else DayKind.START_OF_MONTH
    return piece(m, day=DayRef(kind, _REL_N.get(m["rel"] or "this", 0)))


@rule("last day of", "#month",
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
    return piece(m, day=DayRef(DayKind.DAY_IN_MONTH, n, 0, year_of(m["year"]), MONTHS[m["mon"]]))
