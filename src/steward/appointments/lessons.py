"""Classes that start again on a day, as a club or a school tells its members: the first class.

"Under-9 swimming lessons resume on Monday 8 March: Mondays from 16:00 to 16:45 at the town pool." A
sentence says classes (a word of `lessons` in vocab.yaml) start again (a word of `resume`) on a day; the
class's time is said in that sentence, after the day ("Mondays from 16:00 to 16:45") or in the next one
("Sessions run 9:30-11:00 every Saturday"). The first class is read as a booking at that time, with its
length when the mail gives its end. When the mail says plainly that it is weekly ("Mondays", "every
Monday", "weekly"), on the day's own weekday, the class is said to repeat; no end of the series is read
(the mail gives none). A weekday said for the class that is not the day's is a contradiction, and
nothing is read; so is more than one such day.

Pure: a message's text in, at most one class out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from steward.appointments.patterns import Cues, sentences
from steward.clock import Clock
from steward.records.appointments import MessageMeta

if TYPE_CHECKING:
    from steward.dates import DateOptions, Resolution

_HEAD_CHARS = 2000
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(r"\b(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(day)?(s)?\b", re.I)
_EVERY = re.compile(r"\b(?:every|each)\s+(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b|"
                    r"\bweekly\b|\bonce a week\b|\bevery week\b", re.I)
# the words before a class's noun that are no part of what it is called ("our", "the")
_NOT_NAME = frozenset(("a", "an", "the", "our", "your", "all", "this", "next", "and", "of", "for", "term's"))


@dataclass(frozen=True)
class Lesson:
    """The first class of a series: what it is called, its start as written (the day's phrase and the time's),
    the sentence that says the time, its length in minutes when said, and whether it is weekly."""

    name: str
    start: str
    parts: tuple[str, ...]
    excerpt: str
    minutes: int | None = None
    weekly: bool = False
    day: int | None = None  # the class's weekday (0 is Monday), when it is weekly

    @property
    def repeat(self) -> str | None:
        """The series as an RRULE on the class's weekday, when the mail says it is weekly."""
        days = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
        return f"FREQ=WEEKLY;BYDAY={days[self.day]}" if self.weekly and self.day is not None else None


def find_restart(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
                 options: DateOptions | None = None) -> Lesson | None:
    """The first class of classes the text says start again on a day, read on the clock of the mail's
    arrival; None when it says none, or more than one."""
    from steward import dates

    if cues.resume is None or cues.lessons is None:
        return None
    at = clock.at(meta.received_at)
    said = sentences(body[:_HEAD_CHARS])
    found: dict[object, Lesson] = {}
    for n, sentence in enumerate(said):
        again, noun = cues.resume.search(sentence), cues.lessons.search(sentence)
        if again is None or noun is None or cues.not_bookings.search(sentence):
            continue
        day = dates.find(sentence, at, options=options)
        if day is None or not day.has_date:
            continue
        rest = sentence[sentence.find(day.text) + len(day.text):] if day.text in sentence else ""
        for where in (rest, *said[n + 1:n + 2]):
            lesson = _lesson(sentence, noun.start(), noun.group(0), day, where, at, options)
            if lesson is not None:
                found.setdefault(lesson.start, lesson)
                break
    return next(iter(found.values())) if len(found) == 1 else None


def _lesson(sentence: str, at_noun: int, noun: str, day: Resolution, where: str, at: Clock,
            options: DateOptions | None) -> Lesson | None:
    """The class the day and a time said in `where` make, when the time is the day's (a weekday said there
    is the day's own)."""
    from steward import dates

    time_text, minutes = "", None
    if not day.has_time:
        hour = dates.find(where, at, options=options)
        if hour is None or not hour.has_time:
            return None
        start = hour.start
        time_text = f"{start:%H:%M}" if f"{start:%H:%M}" in where else _time_in(hour.text)
        if not time_text:
            return None
        minutes = int((hour.end - hour.start).total_seconds() // 60) if hour.end is not None else None
    weekdays = {_DAYS.index(_full(m.group(1))) for m in _WEEKDAY.finditer(where)}
    if weekdays and weekdays != {day.start.weekday()}:
        return None  # "Tuesdays at 5" beside a Wednesday: which is the class's day is not said
    plural = any(m.group(3) for m in _WEEKDAY.finditer(where)) or _EVERY.search(where) is not None
    weekly = bool(weekdays) and plural
    name = _name(sentence, at_noun, noun)
    if weekly:
        name = f"{name}, weekly on {_DAYS[day.start.weekday()].capitalize()}s"
    weekday = day.start.weekday()
    if day.has_time:
        return Lesson(name, day.text, (), sentence, None, weekly, weekday)
    return Lesson(name, f"{day.text} {time_text}", (day.text, time_text),
                  sentence if time_text in sentence else where, minutes if minutes and 0 < minutes <= 240 else None,
                  weekly, weekday)


def _time_in(text: str) -> str:
    """The clock time a phrase writes first ("16:00" of "Mondays 16:00-16:45", "4pm" of "at 4pm")."""
    found = re.search(r"\b\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?m\.?)?", text, re.I)
    return found.group(0).strip() if found and re.search(r"[:.h]\d{2}|[ap]\.?m", found.group(0), re.I) else ""


def _full(short: str) -> str:
    key = short.casefold()[:3]
    return next(d for d in _DAYS if d.startswith(key))


def _name(sentence: str, at: int, noun: str) -> str:
    """The class as the sentence calls it: the words right before its noun that say what it is ("Junior
    Ballet" of "Junior Ballet classes start again")."""
    kept: list[str] = []
    for word in reversed(sentence[:at].split()[-3:]):
        bare = word.strip(",;:()\"'").casefold()
        if not bare.isalpha() or bare in _NOT_NAME:
            break
        kept.insert(0, word.strip(",;:()\"'"))
    return " ".join(kept) if kept else noun
