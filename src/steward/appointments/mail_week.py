"""Which day a weekday named alone in a person's mail is ("Aunt Jo is coming Thursday at 2").

A weekday with nothing else of its day ("Thursday", "on Saturday at 10") is read from the day the mail was
sent, on the person's clock: the next one. A mail that names a later day before it ("can't wait to see you
on the 24th!", a subject that names a holiday) may be speaking of that day's week instead: two readings
prove nothing, and the weekday is not read. One reading is taken from the mail's own words when every later
day it names reads the weekday as one (a month named is no day: "can we meet on Monday about the August roster?"
is the next Monday), and one of them is a holiday on that very weekday ("Thanksgiving!! ...
see you on the 24th ... Thursday at 2" is Thanksgiving's Thursday) or a day said with its weekday ("see you
Friday the 6th. Lunch on Saturday is at 12.30" is the Saturday after it).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from steward.clock import Clock
    from steward.dates import DateOptions, Resolution

_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
_THIS_WEEK = re.compile(r"(?:is\s+)?this\s+week", re.I)
_JOINED = re.compile(r"\s*(?:,|&|and|,\s*and)\s*", re.I)
_WEEKDAYS = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")
# a day of the month, a month or a numeric date: a day said whole
_DATE_SAID = re.compile(
    r"\b\d{1,2}(?:st|nd|rd|th)\b|\bthe\s+\d{1,2}\b|\b\d{1,2}/\d{1,2}\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|ember|ober)?\b", re.I)
# what says a weekday's week beside its name: a date, or a word that counts from today ("next Tuesday", "this
# Friday", "the following Saturday")
_WEEK_SAID = re.compile(rf"\b(?:this|next|following|last|tomorrow|today|tonight|week|weekend)\b|{_DATE_SAID.pattern}",
                        re.I)


def bare_weekday(text: str) -> int | None:
    """The weekday (Monday 0) a date phrase names with nothing else of its day ("Thursday at 2", "coming
    Saturday 10am"); None when it names none, two, or says its week ("next Tuesday", "Friday the 6th")."""
    named = {m.group(1).casefold() for m in _WEEKDAY.finditer(text)}
    if len(named) != 1 or _WEEK_SAID.search(text):
        return None
    return _WEEKDAYS.index(named.pop())


def weekday_day(day: Resolution, before: str, at: Clock,
                options: DateOptions | None = None) -> tuple[date, str | None] | None:
    """The day a phrase of a mail means, read on `at` (the mail's sent day on the person's clock), when the
    mail said `before` first (its subject, and its text up to the phrase's sentence): the phrase's own day
    unless it is a weekday alone that a later day named before it may put in another week; then the day of
    a holiday named on that weekday, or None (two readings); with the words of the day that placed it, when one
    did."""
    from steward import dates

    read = day.start.date()
    weekday = bare_weekday(day.text)
    if weekday is None:
        return read, None
    # the later days the mail names by their date or their name ("the 24th", "Thanksgiving"); a weekday alone
    # is read from the sent day as this one is, and moves no week
    later = [r for r in dates.find_all(before, at, options=options)
             if r.has_date and not r.recurring and r.start.date() > read and _one_day(r)
             and (r.named or _DATE_SAID.search(r.text))]
    readings = {_from(r.start.date(), weekday) for r in later}
    if not readings or readings == {read}:
        return read, None
    placing = [r for r in later if (r.named and r.start.date().weekday() == weekday) or _WEEKDAY.search(r.text)]
    if len(readings) == 1 and placing:
        # the week of a holiday on that weekday, or of a day said with its weekday ("see you Friday the 6th.
        # Lunch on Saturday is at 12.30"): the mail speaks of that week
        return readings.pop(), placing[0].text
    return None


def _one_day(day: Resolution) -> bool:
    """Whether a phrase names one day: a month named ("the August roster", "in December") is no day, and puts no
    weekday in its week."""
    return day.end is None or day.end - day.start <= timedelta(days=1)


def _from(day: date, weekday: int) -> date:
    """The first `weekday` on or after `day` (the weekday as read by one who stands on that day)."""
    return day + timedelta(days=(weekday - day.weekday()) % 7)


def listed_weekdays(sentence: str, at: Clock, options: DateOptions | None = None) -> list[Resolution]:
    """Each weekday of a list said at one time ("practice this week is Tuesday and Thursday 5:30 to 7"), read
    at that time; empty unless the sentence lists two or more weekdays alone, the time after the last, and
    names no other day than this week (then only the days of the sent day's week are kept)."""
    from steward import dates

    found = dates.find_all(sentence, at, options=options)
    days = [r for r in found if bare_weekday(r.text) is not None]
    if len(days) < 2 or not days[-1].has_time or any(r.has_time for r in days[:-1]):
        return []
    others = [r for r in found if r not in days]
    if any(_THIS_WEEK.fullmatch(r.text.strip()) is None for r in others):
        return []
    if any(_JOINED.fullmatch(sentence[one.span[1]:two.span[0]]) is None for one, two in zip(days, days[1:], strict=False)):
        return []
    name = _WEEKDAY.search(days[-1].text)
    hour = days[-1].text[name.end():] if name is not None else ""
    out: list[Resolution] = []
    for day in days:
        weekday = _WEEKDAY.search(day.text)
        one = dates.find(f"{weekday.group(0)} {hour}", at, options=options) if weekday is not None else None
        if one is None or not (one.has_date and one.has_time):
            return []
        out.append(one)
    if others:
        sent = at.today()
        week = {sent + timedelta(days=n - sent.weekday()) for n in range(7)}
        out = [one for one in out if one.start.date() in week]
    return out
