"""A roster told in plain words: the person's own working times, as a ward sister, a shop manager or a
scheduling system writes them ("Monday and Tuesday you are on days, 7 to 3. Wednesday off. Then nights
Thursday, Friday and Saturday, 7pm to 7am.", "Your shifts: Mon 9-5, Sat 10 to 6").

A mail is a roster when its subject or its opening says so (a word of `rosters` in rosters.yaml). Each of its
sentences that names weekdays and one span of hours gives a shift on each of those days; a kind of shift said
beside them (`kinds`: "days", "nights", "earlies") tells how bare hours are read ("nights, 7 to 7" starts at
19:00 and ends the next morning). The days are those of the week the mail speaks of: "next week" is the week
after the one it was sent in, "this week" that one, and with neither, the days after the mail was sent.
A sentence that names two spans of hours, or days with no hours, gives nothing: its days cannot be told.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from importlib import resources

from steward.yamldata import load_yaml

_HEAD_CHARS = 4000  # a roster gives its week in its first paragraphs
_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
# a weekday, whole or short as rosters write it ("Thursday", "Thurs", "Thu", "Sat")
_WEEKDAY = re.compile(r"\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|"
                      r"sat(?:urday)?|sun(?:day)?)s?\b\.?", re.I)
# a short name is a weekday only when written with a capital ("Sun" and "Sat" are words too)
_SHORT = re.compile(r"^(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?$")
# days joined into a run ("Thursday to Saturday", "Mon-Fri", "Tuesday through Thursday")
_RUN = re.compile(r"^\s*(?:to|through|thru|till|until|-|–|—)\s*$", re.I)
_HOUR = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\b\.?)?|noon|midday|midnight)"
# one span of hours ("7 to 3", "7pm to 7am", "07:00-15:00", "9am - 5:30pm", "from 10 till 6")
_SPAN = re.compile(rf"(?<![\d:./])({_HOUR})\s*(?:to|-|–|—|till|until|through)\s*({_HOUR})(?![\d:/])", re.I)
# a day of the month beside a weekday ("Mon 22 Feb", "Monday the 22nd", "Mon 22/2"): a date, never an hour
_DAY_NUMBER = re.compile(r"^\s*,?\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:[:.]\d|[ap]\.?m\b|to\b|-|–))", re.I)
_NEXT_WEEK = re.compile(r"\b(?:next\s+week|the\s+week\s+after|following\s+week)\b", re.I)
_THIS_WEEK = re.compile(r"\bthis\s+week\b", re.I)


@dataclass(frozen=True)
class Shift:
    """One shift a roster gives: its day, its start and end on the person's wall clock (a night shift ends the
    next morning), what kind of shift it is ("night shift"), and the sentence that says it."""

    day: date
    start: datetime  # naive: the person's own clock
    end: datetime
    name: str
    excerpt: str


@dataclass(frozen=True)
class RosterWords:
    """The words of rosters.yaml, each list compiled to one whole-word pattern."""

    rosters: re.Pattern[str]
    kinds: tuple[tuple[str, re.Pattern[str]], ...]
    off: re.Pattern[str]
    working: re.Pattern[str]


def _phrases(words: list[str]) -> re.Pattern[str]:
    parts = sorted({" ".join(str(w).split()).casefold() for w in words if str(w).strip()}, key=len, reverse=True)
    body = "|".join(r"\s+".join(re.escape(p).replace("'", "['’]") for p in part.split()) for part in parts)
    return re.compile(rf"(?<![\w'’-])(?:{body})(?![\w'’-])", re.I)


@lru_cache(maxsize=1)
def roster_words() -> RosterWords:
    """The roster words (rosters.yaml beside this module)."""
    data = load_yaml((resources.files("steward.appointments") / "rosters.yaml").read_text(encoding="utf-8")) or {}
    kinds = data.get("kinds") or {}
    return RosterWords(_phrases(data["rosters"]), tuple((str(k), _phrases(v)) for k, v in kinds.items()),
                       _phrases(data["days_off"]), _phrases(data["working"]))


SHIFT_NAMES = frozenset(("shift", "day shift", "night shift", "early shift", "late shift"))


def is_shift(name: str) -> bool:
    """Whether what an event is called is a shift a roster gave ("night shift")."""
    return name.strip().casefold() in SHIFT_NAMES


def a_roster(subject: str, opening: str) -> bool:
    """Whether a mail says it is a roster: its subject or its first lines name one."""
    return roster_words().rosters.search(f"{subject}\n{opening[:300]}") is not None


def find_shifts(subject: str, body: str, sent: date) -> list[Shift]:
    """The shifts a roster's text gives the person, on the days of the week it speaks of (read from the day it was
    sent, `sent`, on the person's clock); empty when it gives none it can tell."""
    from steward.appointments.patterns import sentences

    words = roster_words()
    text = body[:_HEAD_CHARS]
    week = _week_start(f"{subject}\n{text}", sent)
    out: list[Shift] = []
    for sentence in sentences(text):
        days = _days_named(sentence, sent, week)
        if not days:
            continue
        spans = list(_SPAN.finditer(sentence))
        kind = next((k for k, said in words.kinds if said.search(sentence)), None)
        if not spans:
            continue  # "Wednesday off", "nights Thursday to Saturday" with no hours: nothing to put on a day
        if len(spans) > 1 or (kind is None and words.working.search(sentence) is None and not _listed(sentence)):
            continue  # two spans of hours for the days, or hours that need not be the person's work ("the rota
            # meeting is on Monday from 2 to 3")
        hours = _hours(spans[0].group(1), spans[0].group(2), kind)
        if hours is None:
            continue
        begin, finish = hours
        name = f"{kind} shift" if kind is not None else "shift"
        for day in days:
            start = datetime.combine(day, begin)
            end = datetime.combine(day if finish > begin else day + timedelta(days=1), finish)
            out.append(Shift(day, start, end, name, sentence.strip()))
    return out


def _listed(sentence: str) -> bool:
    """Whether a line is a roster's own line of a day and its hours ("Mon 22 Feb: 07:00-15:00")."""
    return re.match(rf"^\W*{_WEEKDAY.pattern}", sentence, re.I) is not None and len(sentence) <= 60


def _week_start(text: str, sent: date) -> date | None:
    """The Monday of the week a roster speaks of, when it says ("next week", "this week"); else None."""
    monday = sent - timedelta(days=sent.weekday())
    if _NEXT_WEEK.search(text):
        return monday + timedelta(days=7)
    if _THIS_WEEK.search(text):
        return monday
    return None


def _days_named(sentence: str, sent: date, week: date | None) -> list[date]:
    """The days a sentence names by their weekdays (runs like "Thursday to Saturday" filled in), on the week the
    roster speaks of; with no week said, each the first such day after the one before it (the first after the
    day the mail was sent)."""
    found: list[tuple[int, int, int, int | None]] = []  # (weekday, start, end, day of the month said)
    for m in _WEEKDAY.finditer(sentence):
        word = m.group(0)
        if not word.lower().rstrip(".s").endswith("day") and not _SHORT.match(word):
            continue
        said = _DAY_NUMBER.match(sentence, m.end())
        found.append((_DAYS.index(word[:3].lower()), m.start(), m.end(), int(said.group(1)) if said else None))
    if not found:
        return []
    weekdays: list[tuple[int, int | None]] = []
    for i, (weekday, _, _, number) in enumerate(found):
        if i and _RUN.match(sentence[found[i - 1][2]:found[i][1]]) and weekdays:
            last = weekdays[-1][0]
            step = (weekday - last) % 7
            weekdays.extend(((last + n) % 7, None) for n in range(1, step))
        weekdays.append((weekday, number))
    out: list[date] = []
    after = sent
    for weekday, number in weekdays:
        if number is not None:
            day = _dated(weekday, number, sent)
            if day is None:
                return []
        elif week is not None:
            day = week + timedelta(days=weekday)
        else:
            day = after + timedelta(days=(weekday - after.weekday()) % 7 or 7)
        if day not in out:
            out.append(day)
        after = day
    return out


def _dated(weekday: int, number: int, sent: date) -> date | None:
    """The day of the month `number` that falls on `weekday`, within eight weeks either side of the sent day."""
    for offset in range(-7, 57):
        day = sent + timedelta(days=offset)
        if day.day == number and day.weekday() == weekday:
            return day
    return None


def _hours(first: str, second: str, kind: str | None) -> tuple[time, time] | None:
    """The start and end of a span of hours, bare hours read by the kind of shift ("nights, 7 to 7" is 19:00 to
    07:00; "days, 7 to 3" is 07:00 to 15:00; "3 to 11" with no kind is 15:00 to 23:00)."""
    start = _clock(first)
    end = _clock(second)
    if start is None or end is None:
        return None
    (h, m, fixed) = start
    if not fixed:
        evening = kind in ("night", "late") if kind is not None else h <= 5
        h = h % 12 + (12 if evening else 0)
    begin = time(h % 24, m)
    (eh, em, efixed) = end
    if efixed:
        return begin, time(eh % 24, em)
    # a bare end is the first of its two readings after the start ("7 to 3" ends at 15:00, "7pm to 7" at 07:00)
    readings = sorted(((eh % 12) * 60 + em, (eh % 12 + 12) * 60 + em), key=lambda t: (t - (h * 60 + m)) % 1440)
    minutes = next((r for r in readings if (r - (h * 60 + m)) % 1440 != 0), readings[0])
    return begin, time((minutes // 60) % 24, minutes % 60)


def _clock(text: str) -> tuple[int, int, bool] | None:
    """An hour as written: (hour, minute, whether its half of the day is said)."""
    said = text.strip().lower().replace(".", ":").replace(" ", "")
    if said in ("noon", "midday"):
        return 12, 0, True
    if said == "midnight":
        return 0, 0, True
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?(?::?([ap])m?:?)?", said)
    if m is None:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if hour > 23 or minute > 59:
        return None
    if half is not None:
        if hour > 12 or hour == 0:
            return None
        return hour % 12 + (12 if half == "p" else 0), minute, True
    # "07:00", "19:00": a clock of 24 hours says its half of the day
    return hour, minute, hour > 12 or hour == 0 or (m.group(1).startswith("0") and len(m.group(1)) == 2)
