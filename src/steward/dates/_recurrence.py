"""Repeating dates in the user's words, as RFC 5545 rules ("every monday at 9" -> FREQ=WEEKLY;BYDAY=MO).

    find_recurrence("remind me every monday at 9 to water the plants", clock)
        -> Recurrence(rule="FREQ=WEEKLY;BYDAY=MO", start=<next monday 09:00 in the clock's zone>, ...)

What is read: "every monday", "every monday and thursday", "mondays", "every weekday", "every
weekend", "every other tuesday", "every 3 days", "every 2 weeks on friday", "daily", "weekly",
"monthly", "yearly", "every morning", "on the 1st of every month", "the last day of every month",
"the first monday of every month", "every 15th", "every year on 3 march", "every march 3rd",
"every 2 hours", "every 30 minutes"; an end ("until friday", "for 4 weeks", "3 times") and a start
("starting next monday"). The clock time comes from the rest of the sentence ("at 9", "at 10 pm")
read as `steward.dates` reads it beside a day (a bare "9" is 09:00), else the part of the day
("every evening"), else the caller's default hour.

The rule is expanded on the wall clock of the zone of `start` (python-dateutil), so 09:00 stays
09:00 across a DST change; a rule in hours or minutes is counted on the instant. A rule in hours or
minutes with no end said stops at the end of the day it starts (so "every 2 hours" never runs
forever); `Recurrence.bounded` says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from itertools import islice
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from steward.clock import Clock
    from steward.dates import DateOptions

Span = tuple[int, int]

FREQS = ("YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY")
BYDAY_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
               "October", "November", "December")
# the shortest repeat a rule may have: a reminder every minute is noise, not a reminder
MIN_INTERVAL_MINUTES = 5

_WEEKDAY = {
    "mon": 0, "monday": 0, "tue": 1, "tues": 1, "tuesday": 1, "wed": 2, "weds": 2, "wednesday": 2,
    "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "fri": 4, "friday": 4, "sat": 5, "saturday": 5,
    "sun": 6, "sunday": 6,
}
_MONTH = {name.lower(): i + 1 for i, name in enumerate(MONTH_NAMES)} | {
    name.lower()[:3]: i + 1 for i, name in enumerate(MONTH_NAMES)} | {"sept": 9}
_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty five": 45,
           "other": 2, "second": 2, "third": 3, "fourth": 4, "a": 1, "an": 1}
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
_PART_HOURS = {"morning": "morning_hour", "afternoon": "afternoon_hour", "evening": "evening_hour",
               "night": "night_hour", "tonight": "night_hour"}

_WD = r"(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:s|nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
_WD_PLURAL = r"(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)"
_SEP = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*/\s*)"
_WD_LIST = rf"{_WD}(?:{_SEP}{_WD})*"
_WD_PLURAL_LIST = rf"{_WD_PLURAL}(?:{_SEP}{_WD_PLURAL})*"
_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAYNUM = r"(?:[12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_ORD_DAY = r"(?:[12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th)|first|last"
_COUNT = r"(?:\d{1,3}|other|second|third|fourth|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty five)"
_EVERY = r"(?:every|each)"
_PART = r"(?:morning|afternoon|evening|night)"
_DATE = rf"(?:(?P<d1>{_DAYNUM})\s+(?:of\s+)?(?P<m1>{_MON})|(?P<m2>{_MON})\s+(?:the\s+)?(?P<d2>{_DAYNUM}))"

# "(every month) on the last thursday": a weekday counted in its month, never a day of the month
_NTH_WD = rf"(?P<nth>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+(?P<nthday>{_WD})(?:\s+of\s+the\s+month)?"

_F = re.IGNORECASE
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("nth_weekday", re.compile(
        rf"\b(?:on\s+)?(?:the\s+)?(?P<ord>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+"
        rf"(?P<day>{_WD})\s+(?:of\s+|in\s+)?(?:every|each)\s+month\b", _F)),
    ("month_day", re.compile(
        rf"\b(?:on\s+)?(?:the\s+)?(?P<ord>{_ORD_DAY})(?:\s+day)?\s+(?:of\s+)?(?:every|each)\s+"
        rf"(?:(?P<n>{_COUNT})\s+)?months?\b", _F)),
    ("yearly_date", re.compile(
        rf"\b(?:{_EVERY}\s+year\s+on|(?:yearly|annually)\s+on|{_EVERY})\s+(?:the\s+)?{_DATE}\b", _F)),
    ("date_yearly", re.compile(rf"\b(?:on\s+)?(?:the\s+)?{_DATE}\s+(?:every|each)\s+year\b", _F)),
    ("workdays", re.compile(
        rf"\b(?:(?:every|each)\s+(?:week\s?day|work\s?day|working\s+day|business\s+day|weekday)s?"
        rf"|on\s+(?:week\s?days|workdays|working\s+days)|weekdays)(?:\s+(?P<part>{_PART})s?)?\b", _F)),
    ("weekends", re.compile(r"\b(?:(?:every|each)\s+weekend|on\s+weekends|weekends)\b", _F)),
    ("weekdays", re.compile(
        rf"\b{_EVERY}\s+(?:(?P<n>other|second|third|fourth)\s+)?(?P<days>{_WD_LIST})(?:\s+(?P<part>{_PART}))?\b",
        _F)),
    ("plural_weekdays", re.compile(rf"\b(?:on\s+)?(?P<days>{_WD_PLURAL_LIST})(?:\s+(?P<part>{_PART})s?)?\b", _F)),
    ("every_ordinal", re.compile(
        rf"\b{_EVERY}\s+(?P<ord>(?:[12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th))(?:\s+of\s+(?:the|each|every)\s+month)?\b",
        _F)),
    ("unit", re.compile(
        rf"\b{_EVERY}\s+(?:(?P<n>{_COUNT})\s+)?(?P<unit>minute|min|hour|hr|day|night|week|fortnight|month|year)s?"
        rf"(?:\s+on\s+(?:the\s+)?(?:{_NTH_WD}|(?P<days>{_WD_PLURAL_LIST}|{_WD_LIST})|(?P<ord>{_ORD_DAY})|{_DATE}))?\b", _F)),
    ("part", re.compile(rf"\b{_EVERY}\s+(?P<part>{_PART})\b", _F)),
    ("adverb", re.compile(
        rf"\b(?P<adv>daily|nightly|weekly|fortnightly|biweekly|monthly|yearly|annually|hourly|everyday)"
        rf"(?:\s+on\s+(?:the\s+)?(?:{_NTH_WD}|(?P<days>{_WD_PLURAL_LIST}|{_WD_LIST})|(?P<ord>{_ORD_DAY})|{_DATE}))?\b", _F)),
)

_UNTIL = re.compile(r"\b(?:until|till|til|through|thru|up\s+to|ending)\s+", _F)
_FOR = re.compile(rf"\bfor\s+(?:the\s+next\s+)?(?P<n>{_COUNT})\s+(?P<unit>day|week|month|year|time)s?\b", _F)
_TIMES = re.compile(rf"\b(?P<n>{_COUNT})\s+times\b", _F)
_FROM = re.compile(r"\b(?:starting|beginning|from|as\s+of|effective)\s+(?:on\s+|from\s+)?", _F)


@dataclass(frozen=True)
class Rule:
    """An RRULE's parts (the subset Steward writes and reads back)."""

    freq: str
    interval: int = 1
    byday: tuple[str, ...] = ()        # "MO", "+1MO", "-1FR"
    bymonthday: tuple[int, ...] = ()
    bymonth: tuple[int, ...] = ()
    count: int | None = None
    until: datetime | None = None      # aware (UTC when read back)

    def text(self) -> str:
        """The RRULE value, parts in a fixed order: FREQ=WEEKLY;INTERVAL=2;BYDAY=TU."""
        parts = [f"FREQ={self.freq}"]
        if self.interval != 1:
            parts.append(f"INTERVAL={self.interval}")
        if self.byday:
            parts.append("BYDAY=" + ",".join(self.byday))
        if self.bymonthday:
            parts.append("BYMONTHDAY=" + ",".join(str(d) for d in self.bymonthday))
        if self.bymonth:
            parts.append("BYMONTH=" + ",".join(str(m) for m in self.bymonth))
        if self.count is not None:
            parts.append(f"COUNT={self.count}")
        if self.until is not None:
            parts.append("UNTIL=" + self.until.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ"))
        return ";".join(parts)


def parse_rule(text: str) -> Rule:
    """An RRULE value ("FREQ=WEEKLY;BYDAY=MO", an optional "RRULE:" prefix) as a Rule; ValueError when
    it is not one Steward can keep (unknown or missing FREQ, a bad number, parts it does not keep)."""
    body = text.strip()
    if body.upper().startswith("RRULE:"):
        body = body[6:]
    found: dict[str, str] = {}
    for item in body.split(";"):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"{item!r} is not NAME=VALUE")
        found[key.strip().upper()] = value.strip()
    freq = found.pop("FREQ", "").upper()
    if freq not in FREQS:
        raise ValueError(f"FREQ must be one of {', '.join(FREQS)}")
    try:
        interval = int(found.pop("INTERVAL", "1"))
        count = int(found["COUNT"]) if "COUNT" in found else None
        bymonthday = tuple(int(d) for d in found.pop("BYMONTHDAY", "").split(",") if d)
        bymonth = tuple(int(m) for m in found.pop("BYMONTH", "").split(",") if m)
    except ValueError:
        raise ValueError("INTERVAL, COUNT, BYMONTHDAY and BYMONTH must be whole numbers") from None
    found.pop("COUNT", None)
    byday = tuple(d.strip().upper() for d in found.pop("BYDAY", "").split(",") if d.strip())
    for d in byday:
        if not re.fullmatch(r"[+-]?[1-5]?(MO|TU|WE|TH|FR|SA|SU)", d):
            raise ValueError(f"BYDAY {d!r} is not a day")
    until = _until(found.pop("UNTIL")) if "UNTIL" in found else None
    found.pop("WKST", None)
    if found:
        raise ValueError(f"{', '.join(sorted(found))} is not a part Steward keeps")
    if interval < 1 or (count is not None and count < 1):
        raise ValueError("INTERVAL and COUNT must be 1 or more")
    if any(not (1 <= abs(d) <= 31) for d in bymonthday) or any(not 1 <= m <= 12 for m in bymonth):
        raise ValueError("BYMONTHDAY is 1-31 (or -1 for the last day) and BYMONTH 1-12")
    return Rule(freq, interval, byday, bymonthday, bymonth, count, until)


def _until(value: str) -> datetime:
    text = value.strip().upper()
    for fmt in ("%Y%m%dT%H%M%SZ", "%Y%m%dT%H%M%S", "%Y%m%d"):
        try:
            moment = datetime.strptime(text, fmt)
        except ValueError:
            continue
        if fmt == "%Y%m%d":
            moment = moment.replace(hour=23, minute=59, second=59)
        return moment.replace(tzinfo=UTC)
    raise ValueError(f"UNTIL {value!r} is not a date-time like 20261204T235959Z")


def _rrule(rule: str, start: datetime) -> Any:
    from dateutil.rrule import rrulestr

    parsed = parse_rule(rule)
    if parsed.freq in ("HOURLY", "MINUTELY"):
        start = start.astimezone(UTC)  # counted on the instant
    return rrulestr(parsed.text(), dtstart=start.replace(microsecond=0))


def occurrences(rule: str, start: datetime, after: datetime, count: int = 3,
                zone: tzinfo | None = None, inclusive: bool = False) -> list[datetime]:
    """The next `count` occurrences of `rule` (first one `start`) strictly after `after`
    (at or after with `inclusive`), aware in `zone` (default: `start`'s zone).

    The wall clock repeats: a weekly 09:00 is 09:00 on both sides of a DST change. A wall time that a
    DST change skips (02:30 on the spring-forward night) is the same instant an hour later on the clock.
    """
    return list(islice(iter_occurrences(rule, start, after, zone, inclusive), count))


def iter_occurrences(rule: str, start: datetime, after: datetime, zone: tzinfo | None = None,
                     inclusive: bool = False) -> Iterator[datetime]:
    """The occurrences of `rule` after `after`, soonest first, as `occurrences` gives them, read lazily
    in one pass over the rule (a caller stops at the end of the window it shows)."""
    if start.tzinfo is None or after.tzinfo is None:
        raise ValueError("occurrences needs aware datetimes")
    shown = zone or start.tzinfo
    assert shown is not None
    for nxt in _rrule(rule, start).xafter(after.astimezone(start.tzinfo), inc=inclusive):
        yield nxt.astimezone(UTC).astimezone(shown)  # normalises a wall time inside a DST gap


@dataclass(frozen=True)
class Recurrence:
    """A repeating date said in a sentence.

    `rule` is the RRULE value (RFC 5545, without "RRULE:"); `start` the first occurrence (DTSTART),
    aware in the clock's zone. `span` runs from the first word of the repeat to the last; `parts` are
    the separate spans (the repeat, its end or start, the clock time) a caller cuts from the text.
    `has_time`: a clock time or part of the day was said. `bounded`: a repeat in hours or minutes said
    without an end, stopped at the end of its day.
    """

    rule: str
    start: datetime
    span: Span
    text: str
    parts: tuple[Span, ...] = ()
    has_time: bool = False
    bounded: bool = False
    until: datetime | None = field(default=None, compare=False)

    def next(self, after: datetime, count: int = 3) -> list[datetime]:
        """The next `count` occurrences strictly after `after` (the first is `start` when it is later)."""
        return occurrences(self.rule, self.start, after, count, inclusive=True) if after < self.start \
            else occurrences(self.rule, self.start, after, count)

    def describe(self) -> str:
        """The rule in words: "every Monday at 09:00", "every 2 weeks on Tuesday at 09:00"."""
        return describe(self.rule, self.start)

    def to_json(self) -> dict[str, object]:
        """The repeat as JSON: its RFC 5545 rule, first start, text and span."""
        return {"rule": self.rule, "start": self.start.isoformat(), "text": self.text, "span": list(self.span),
                "parts": [list(p) for p in self.parts], "has_time": self.has_time, "bounded": self.bounded,
                "repeats": self.describe()}


def describe(rule: str, start: datetime) -> str:
    """An RRULE (with its first occurrence) in words a person reads."""
    r = parse_rule(rule)
    at = f"at {start:%H:%M}"
    unit = {"YEARLY": "year", "MONTHLY": "month", "WEEKLY": "week", "DAILY": "day", "HOURLY": "hour",
            "MINUTELY": "minute"}[r.freq]
    every = f"every {unit}" if r.interval == 1 else f"every {r.interval} {unit}s"
    days = [d for d in r.byday]
    if r.freq == "WEEKLY" and days:
        names = [DAY_NAMES[BYDAY_CODES.index(d[-2:])] for d in days]
        if sorted(days) == sorted(BYDAY_CODES[:5]) and r.interval == 1:
            head = "every weekday (Monday to Friday)"
        elif sorted(days) == ["SA", "SU"] and r.interval == 1:
            head = "every Saturday and Sunday"
        else:
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            head = f"every {listed}" if r.interval == 1 else f"{every} on {listed}"
    elif r.freq == "MONTHLY" and days:
        n = int(days[0][:-2] or 1)
        which = "last" if n == -1 else ("first", "second", "third", "fourth", "fifth")[n - 1]
        head = f"{every} on the {which} {DAY_NAMES[BYDAY_CODES.index(days[0][-2:])]}"
    elif r.freq == "MONTHLY" and r.bymonthday:
        d = r.bymonthday[0]
        head = f"{every} on the last day" if d == -1 else f"{every} on the {_ordinal(d)}"
    elif r.freq == "YEARLY" and r.bymonth and r.bymonthday:
        head = f"{every} on {r.bymonthday[0]} {MONTH_NAMES[r.bymonth[0] - 1]}"
    else:
        head = every
    text = f"{head} from {start:%H:%M}" if r.freq in ("HOURLY", "MINUTELY") else f"{head} {at}"
    if r.until is not None:
        end = r.until.astimezone(start.tzinfo)
        text += f" until {end:%a} {end.day} {end:%b %Y}" + (f" {end:%H:%M}" if r.freq in ("HOURLY", "MINUTELY")
                                                            else "")
    if r.count is not None:
        text += f", {r.count} time{'s' if r.count != 1 else ''}"
    return text


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- reading a sentence ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Said:
    kind: str
    match: re.Match[str]


# "weekly" before a noun names a thing ("the weekly report"), not a repeat; as a repeat it ends a clause
# or is followed by one of these ("weekly on friday", "daily at 9", "remind me daily to ...")
_ADVERB_FOLLOWERS = frozenset({"at", "on", "to", "from", "until", "till", "starting", "beginning", "for", "in",
                               "and", "please", "about", "around", "by", "before", "after", "that", "so"})
_ADJECTIVE_BEFORE = re.compile(r"\b(?:the|my|our|your|a|an|this|that|his|her|their)\s+$", _F)


def _adverb_is_repeat(text: str, m: re.Match[str]) -> bool:
    if m.groupdict().get("adv") is None or m.group().lower().strip() != m["adv"].lower():
        return True  # "every ...", or an adverb with its "on ..."
    if _ADJECTIVE_BEFORE.search(text, 0, m.start()):
        return False
    after = re.match(r"\s*([A-Za-z']+|[^\sA-Za-z]|$)", text[m.end():])
    word = after.group(1).lower() if after else ""
    return word == "" or not word[0].isalpha() or word in _ADVERB_FOLLOWERS


def _first_pattern(text: str) -> _Said | None:
    best: _Said | None = None
    for kind, pattern in _PATTERNS:
        m = next((x for x in pattern.finditer(text) if kind != "adverb" or _adverb_is_repeat(text, x)), None)
        if m is None:
            continue
        if best is None or m.start() < best.match.start() or (
                m.start() == best.match.start() and m.end() > best.match.end()):
            best = _Said(kind, m)
    return best


def _number(word: str | None) -> int:
    if not word:
        return 1
    w = " ".join(word.lower().split())
    return int(w) if w.isdigit() else _NUMBER.get(w, 1)


def _ordinal_day(word: str) -> int:
    w = word.lower()
    if w in _ORDINAL:
        return _ORDINAL[w]
    return int(re.sub(r"\D", "", w))


def _weekdays(listed: str) -> tuple[int, ...]:
    out: list[int] = []
    for name in re.findall(r"[a-z]+", listed.lower()):
        day = _WEEKDAY.get(name.removesuffix("s") if name.endswith("days") else name)
        if day is not None and day not in out:
            out.append(day)
    return tuple(out)


def _date_parts(m: re.Match[str]) -> tuple[int, int] | None:
    groups = m.groupdict()
    day, month = groups.get("d1") or groups.get("d2"), groups.get("m1") or groups.get("m2")
    if not day or not month:
        return None
    return _MONTH[month.lower()[:3]], int(re.sub(r"\D", "", day))


@dataclass(frozen=True)
class _Shape:
    """The repeat before it is placed: a Rule without its start, and the part of the day said in it."""

    rule: Rule
    part: str | None = None


def _shape(said: _Said, today: date) -> _Shape | None:
    m, kind = said.match, said.kind
    g = m.groupdict()
    part = (g.get("part") or "").lower() or None
    if kind == "nth_weekday":
        n = _ORDINAL.get(g["ord"].lower()) or int(g["ord"][0])
        day = _weekdays(g["day"])[0]
        return _Shape(Rule("MONTHLY", byday=(f"{'-1' if n == -1 else f'+{n}'}{BYDAY_CODES[day]}",)))
    if kind == "month_day":
        return _Shape(Rule("MONTHLY", interval=_number(g.get("n")), bymonthday=(_ordinal_day(g["ord"]),)))
    if kind in ("yearly_date", "date_yearly"):
        found = _date_parts(m)
        if found is None:
            return None
        month, day = found
        return _Shape(Rule("YEARLY", bymonth=(month,), bymonthday=(day,)))
    if kind == "workdays":
        return _Shape(Rule("WEEKLY", byday=BYDAY_CODES[:5]), part)
    if kind == "weekends":
        return _Shape(Rule("WEEKLY", byday=BYDAY_CODES[5:]))
    if kind in ("weekdays", "plural_weekdays"):
        days = _weekdays(g["days"])
        return _Shape(Rule("WEEKLY", interval=_number(g.get("n")), byday=tuple(BYDAY_CODES[d] for d in days)),
                      part)
    if kind == "every_ordinal":
        return _Shape(Rule("MONTHLY", bymonthday=(_ordinal_day(g["ord"]),)))
    if kind == "part":
        return _Shape(Rule("DAILY"), part)
    if kind == "unit":
        unit = g["unit"].lower()
        n = _number(g.get("n"))
        if unit in ("minute", "min"):
            return _Shape(Rule("MINUTELY", interval=n))
        if unit in ("hour", "hr"):
            return _Shape(Rule("HOURLY", interval=n))
        if unit == "night":
            return _Shape(Rule("DAILY", interval=n), "night")
        if unit == "day":
            return _Shape(Rule("DAILY", interval=n))
        if unit == "fortnight":
            return _on(Rule("WEEKLY", interval=2 * n), m, today)
        freq = {"week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"}[unit]
        return _on(Rule(freq, interval=n), m, today)
    if kind == "adverb":
        adv = g["adv"].lower()
        if adv in ("daily", "everyday"):
            return _Shape(Rule("DAILY"))
        if adv == "nightly":
            return _Shape(Rule("DAILY"), "night")
        if adv == "hourly":
            return _Shape(Rule("HOURLY"))
        freq, interval = {"weekly": ("WEEKLY", 1), "fortnightly": ("WEEKLY", 2), "biweekly": ("WEEKLY", 2),
                          "monthly": ("MONTHLY", 1), "yearly": ("YEARLY", 1), "annually": ("YEARLY", 1)}[adv]
        return _on(Rule(freq, interval=interval), m, today)
    return None


def _on(rule: Rule, m: re.Match[str], today: date) -> _Shape:
    """A weekly/monthly/yearly repeat with its "on ..." (or, when none was said, today's day)."""
    g = m.groupdict()
    if rule.freq == "WEEKLY":
        days = _weekdays(g["days"]) if g.get("days") else (today.weekday(),)
        return _Shape(Rule("WEEKLY", rule.interval, byday=tuple(BYDAY_CODES[d] for d in days)))
    if rule.freq == "MONTHLY":
        if g.get("nth"):
            n = _ORDINAL.get(g["nth"].lower()) or int(g["nth"][0])
            day_code = BYDAY_CODES[_weekdays(g["nthday"])[0]]
            return _Shape(Rule("MONTHLY", rule.interval, byday=(f"{'-1' if n == -1 else f'+{n}'}{day_code}",)))
        if g.get("days"):
            return _Shape(Rule("MONTHLY", rule.interval, byday=(f"+1{BYDAY_CODES[_weekdays(g['days'])[0]]}",)))
        day = _ordinal_day(g["ord"]) if g.get("ord") else today.day
        return _Shape(Rule("MONTHLY", rule.interval, bymonthday=(day,)))
    found = _date_parts(m)
    month, day = found if found is not None else (today.month, today.day)
    return _Shape(Rule("YEARLY", rule.interval, bymonth=(month,), bymonthday=(day,)))


def _mask(text: str, spans: list[Span]) -> str:
    chars = list(text)
    for b, e in spans:
        chars[b:e] = "_" * (e - b)
    return "".join(chars)


def _phrase_at(text: str, begin: int, clock: Clock, options: DateOptions | None, masked: list[Span]) -> Any:
    """The date phrase that starts right at `begin` ("until *friday*"), or None."""
    from steward.dates import find

    hidden = _mask(text, [*masked, (0, max(0, begin - 1))])  # the space before it stays: no glued word
    found = find(hidden, clock, options=options)
    if found is None or found.span[0] > begin + 4:
        return None
    return found


def find_recurrence(text: str, clock: Clock, options: DateOptions | None = None,
                    default_hour: int = 9) -> Recurrence | None:
    """The repeating date said in `text`, placed on the clock (its first occurrence after now), or None."""
    from steward.dates import DateOptions, resolve

    said = _first_pattern(text)
    if said is None:
        return None
    now = clock.now().replace(microsecond=0)
    zone = now.tzinfo
    assert zone is not None
    shape = _shape(said, now.date())
    if shape is None:
        return None
    options = options or DateOptions()
    spans: list[Span] = [said.match.span()]
    rule = shape.rule

    # an end: "until friday", "for 4 weeks", "3 times"; a start: "starting next monday"
    until: datetime | None = None
    count: int | None = None
    anchor: datetime | None = None
    m = _UNTIL.search(text, said.match.end()) or _UNTIL.search(text)
    if m is not None:
        found = _phrase_at(text, m.end(), clock, options, spans)
        if found is not None:
            spans.append((m.start(), found.span[1]))
            until = found.start if found.has_time and found.end is None else \
                (found.end or found.start + timedelta(days=1)) - timedelta(seconds=1)
    m = _FOR.search(text)
    if m is not None:
        spans.append(m.span())
        n, unit = _number(m["n"]), m["unit"].lower()
        if unit == "time":
            count = n
        else:
            from steward.dates._days import add_months

            day = now.date()
            end_day = {"day": lambda: day + timedelta(days=n), "week": lambda: day + timedelta(weeks=n),
                       "month": lambda: add_months(day, n), "year": lambda: add_months(day, 12 * n)}[unit]()
            until = datetime.combine(end_day, time(0), tzinfo=zone) - timedelta(seconds=1)
    m = _TIMES.search(text)
    if m is not None and count is None and not any(b <= m.start() < e for b, e in spans):
        spans.append(m.span())
        count = _number(m["n"])
    m = _FROM.search(text)
    if m is not None:
        found = _phrase_at(text, m.end(), clock, options, spans)
        if found is not None and found.has_date:
            spans.append((m.start(), found.span[1]))
            anchor = found.start

    # the clock time: the rest of the sentence read beside a day ("at 9" is 09:00, as in "monday at 9")
    at: time | None = None
    time_span: Span | None = None
    rest = _find_date(_mask(text, spans), clock, options)
    if rest is not None and rest.has_time and not rest.has_date and rest.end is None \
            and rest.grain in ("hour", "minute", "second"):
        beside = (resolve(f"tomorrow {shape.part} {rest.text}", clock, options=options) if shape.part else None) \
            or resolve(f"tomorrow {rest.text}", clock, options=options)
        if beside is not None and beside.has_time:
            at = beside.start.timetz().replace(tzinfo=None)
            time_span = rest.span
    elif rest is not None and rest.has_time and rest.has_date and anchor is None and rest.end is None \
            and not rest.recurring:
        anchor, at, time_span = rest.start, rest.start.time(), rest.span  # "every week from tomorrow 9 am"
    if time_span is not None:
        spans.append(time_span)
    has_time = at is not None or shape.part is not None
    if at is None:
        hour = getattr(options, _PART_HOURS[shape.part]) if shape.part else default_hour
        at = time(hour)

    sub_daily = rule.freq in ("HOURLY", "MINUTELY")
    bounded = False
    if sub_daily:
        step = rule.interval * (60 if rule.freq == "HOURLY" else 1)
        if step < MIN_INTERVAL_MINUTES:
            return None
        if time_span is not None or anchor is not None:
            first = _wall(anchor.date() if anchor else now.date(), at, zone)
            while first <= now:
                first += timedelta(minutes=step)
        else:
            first = now.replace(second=0) + timedelta(minutes=step)
        if until is None and count is None:
            bounded = True
            until = _wall(first.date(), time(23, 59, 59), zone)
    else:
        day = (anchor or now).astimezone(zone).date()
        first = _wall(day, at, zone)
    rule = Rule(rule.freq, rule.interval, rule.byday, rule.bymonthday, rule.bymonth, count, until)
    if not sub_daily:
        probe = Rule(rule.freq, 1, rule.byday, rule.bymonthday, rule.bymonth)
        after = max(now, first - timedelta(seconds=1))
        found_first = occurrences(probe.text(), first, after, 1, zone)
        if not found_first:
            return None
        first = found_first[0]
        if until is not None and first > until:
            return None
    spans.sort()
    begin, end = spans[0][0], max(e for _, e in spans)
    return Recurrence(rule.text(), first, (begin, end), text[begin:end], tuple(spans), has_time, bounded, until)


def _wall(day: date, at: time, zone: tzinfo) -> datetime:
    """`at` on `day` on the wall clock of `zone` (a time inside a DST gap moves on with the clock)."""
    naive = datetime.combine(day, at.replace(tzinfo=None))
    return naive.replace(tzinfo=zone).astimezone(UTC).astimezone(zone)


def _find_date(text: str, clock: Clock, options: DateOptions | None) -> Any:
    from steward.dates import find as find_date

    return find_date(text, clock, options=options)
