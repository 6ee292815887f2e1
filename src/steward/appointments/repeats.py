"""How often a booking repeats, as its mail says it: "Weekly piano lesson", "every Tuesday at 4pm",
"fortnightly", "once a month" -> an RRULE (RFC 5545) on the booking's own weekday.

The words are `repeats` in vocab.yaml (weekly, fortnightly, monthly) and a weekday said with "every",
"each", "every other" or "on ...s" ("on Tuesdays"). They are read in the sentence that gives the booking's
time, and in the subject only right before what is booked ("Weekly piano lesson", "Fortnightly cleaning
visit"): "Weekly update: your appointment" is how often mail comes, not the booking. A weekday that is not
the booking's own, two frequencies, or a word of `not_repeats` beside them ("one-off", "trial") say no
series; so does mail that names one time alone ("your next lesson is on Tuesday").

Pure: text and the first start in, an RRULE or None out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from importlib import resources

from steward.yamldata import load_yaml

_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_DAY = r"(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_EVERY_DAY = re.compile(rf"\b(?:every|each)\s+(other\s+|second\s+|alternate\s+)?{_DAY}\b|\bon\s+{_DAY}s\b", re.I)
_SUBJECT_REACH = 4  # how many words after a repeat word in a subject the thing booked may be named


@dataclass(frozen=True)
class RepeatWords:
    """The compiled `repeats` and `not_repeats` of vocab.yaml."""

    frequencies: tuple[tuple[str, re.Pattern[str]], ...]
    not_repeats: re.Pattern[str] | None


def _pattern(phrases: list[str]) -> re.Pattern[str]:
    ordered = sorted({str(p).strip().lower() for p in phrases if str(p).strip()}, key=lambda p: (-len(p), p))
    body = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.I)


@lru_cache(maxsize=1)
def repeat_words() -> RepeatWords:
    """The shipped words (read once)."""
    data = load_yaml((resources.files("steward.appointments") / "vocab.yaml").read_text(encoding="utf-8")) or {}
    table = data.get("repeats") or {}
    return RepeatWords(tuple((str(k), _pattern(list(v))) for k, v in table.items() if v),
                       _pattern(list(data["not_repeats"])) if data.get("not_repeats") else None)


def _day_index(short: str) -> int:
    return next(n for n, d in enumerate(("mon", "tue", "wed", "thu", "fri", "sat", "sun")) if short.lower()[:3] == d)


def repeat_said(text: str, start: datetime, words: RepeatWords | None = None) -> str | None:
    """The RRULE a sentence's words give a booking that starts at `start`, or None."""
    words = words or repeat_words()
    if words.not_repeats is not None and words.not_repeats.search(text):
        return None
    said = {kind for kind, pattern in words.frequencies if pattern.search(text)}
    days: set[int] = set()
    for m in _EVERY_DAY.finditer(text):
        days.add(_day_index(m.group(2) or m.group(3)))
        if m.group(1):
            said.add("fortnightly")
    if not days and said:
        days = {start.weekday()}
    if len(said) > 1 or days != {start.weekday()}:
        return None  # two frequencies, another weekday than the booking's, or none said
    kind = next(iter(said), "weekly")
    if kind == "monthly":
        return "FREQ=MONTHLY"
    day = _DAYS[start.weekday()]
    return f"FREQ=WEEKLY;INTERVAL=2;BYDAY={day}" if kind == "fortnightly" else f"FREQ=WEEKLY;BYDAY={day}"


def repeat_in_subject(subject: str, start: datetime, booked: re.Pattern[str],
                      words: RepeatWords | None = None) -> str | None:
    """The RRULE a subject gives, when its repeat word stands right before what is booked ("Weekly piano
    lesson": `booked` finds "lesson" within a few words after "weekly"), else None."""
    words = words or repeat_words()
    for _, pattern in words.frequencies:
        for m in pattern.finditer(subject):
            after = " ".join(subject[m.end():].split()[:_SUBJECT_REACH])
            if booked.search(after):
                return repeat_said(subject, start, words)
    return None
