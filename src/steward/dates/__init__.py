"""Dates and times in the user's words, resolved on the user's clock.

Everything in Steward that needs a moment from text (reminders, the chat engine, the tool loop, brief
windows) calls this module; no model ever computes a date.

    resolve("tomorrow at 5 pm", clock)            the whole text is a date/time expression
    find("remind me tomorrow at 10 am to call", clock)   the expression inside a sentence
    find_all(text, clock)                          every separate expression in a sentence

A `Resolution` is aware (in the clock's zone), has a grain, and keeps the span of the text it came
from so a caller can cut the phrase out of a sentence.

`find` combines separate pieces of one sentence: "remind me tomorrow to call mom at 10 am" gives
tomorrow at 10:00 with `span` running from the first piece to the last, and `parts` holding each
piece's own span (cut those, not `span`, to keep the words in between). Pieces combine only when
they fit (a day and a clock time, not two days). `find_all` gives the separate pieces without
combining them.

The conventions (next/this friday, times without a day, DST gaps, holidays) are documented in
`_days`, `_place` and `_holidays` and in the README's "Dates" section. Holidays on lunar calendars
need the `holidays` extra; without it they give no date and `missing_calendars()` names what is
missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from steward.dates._calendars import missing as missing_calendars
from steward.dates._model import DayKind, Grain, quick_init
from steward.dates._place import Phrase, _Opts, glued, merge, phrases, place, whole
from steward.dates._text import Normalized, normalize

if TYPE_CHECKING:
    from steward.clock import Clock
    from steward.dates._recurrence import (
        Recurrence,
        find_recurrence,
        iter_occurrences,
        occurrences,
        parse_rule,
    )
    from steward.dates._recurrence import describe as describe_rule
    from steward.settings import Settings

# the repeat rules ("every other monday") are loaded on first use: most phrases ("tomorrow at 5") need none
_RECURRENCE = {"Recurrence": "Recurrence", "find_recurrence": "find_recurrence", "occurrences": "occurrences",
               "iter_occurrences": "iter_occurrences", "parse_rule": "parse_rule", "describe_rule": "describe"}


def __getattr__(name: str) -> object:
    """`Recurrence`, `find_recurrence`, `occurrences`, `iter_occurrences`, `parse_rule` and `describe_rule`, loaded on first use."""
    if name in _RECURRENCE:
        from steward.dates import _recurrence

        return getattr(_recurrence, _RECURRENCE[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["DateOptions", "Grain", "Resolution", "find", "find_all", "missing_calendars", "resolve", "PREFERENCES",
           "Recurrence", "describe_rule", "find_recurrence", "iter_occurrences", "occurrences", "parse_rule"]

PREFERENCES = ("future", "past", "current")


@dataclass(frozen=True)
class DateOptions:
    """How ambiguous phrases read: 3/9 day-first or month-first, the hours of the parts of the day, and
    the hour the working day ends ("by EOD", "close of business", "after work")."""

    day_first: bool = False
    morning_hour: int = 9
    afternoon_hour: int = 15
    evening_hour: int = 19
    night_hour: int = 21
    end_of_day_hour: int = 17

    @classmethod
    def from_settings(cls, settings: Settings, zone_name: str) -> DateOptions:
        """The options from the `dates.*` settings for a person whose clock is in `zone_name` (3/9 reads as
        their locale's or their zone's country writes it unless `dates.day_first` says; `Settings.day_first`);
        an hour outside 0-23 is a ConfigError naming it."""
        from steward.errors import ConfigError

        hours = {}
        for name in ("morning_hour", "afternoon_hour", "evening_hour", "night_hour", "end_of_day_hour"):
            hours[name] = settings.as_int(f"dates.{name}")
            if not 0 <= hours[name] <= 23:
                # out of range it would read every such phrase as no date at all, silently
                raise ConfigError(f"setting dates.{name} is {hours[name]}: an hour must be 0 to 23")
        return cls(day_first=settings.day_first(zone_name), **hours)

    @cached_property
    def _placing(self) -> _Opts:
        # built once for each options value (frozen), not once a call
        return _Opts(self.day_first, self.morning_hour, self.afternoon_hour, self.evening_hour, self.night_hour,
                     self.end_of_day_hour)


@dataclass(frozen=True)
class Resolution:
    """A date/time phrase placed on the user's clock.

    `start` is aware, in the clock's zone: the moment meant, or the first moment of the period meant
    (midnight for "tomorrow"; the configured hour for "this evening"). `end` is the exclusive end of a
    period (the next midnight for a day, Monday 00:00 for a weekend, the end of a part of the day) and
    None for a moment. `grain` is the unit the phrase was precise to. `span` is the character span in
    the caller's text; `parts` are the spans of the separate pieces it was combined from. `has_date`:
    the phrase named a day; `has_time`: the phrase named a clock time, a part of the day or an offset
    in hours/minutes (so `start`'s time of day means something). `recurring`: the phrase said a
    repeating day ("every monday at 9"); `start` is its next occurrence, and repeating it is the
    caller's business. `named`: the phrase named a day by its name (a holiday or observance:
    "valentine's day", "diwali"), which a sentence may also be about ("add valentine's day with her").
    """

    start: datetime
    end: datetime | None
    grain: Grain
    span: tuple[int, int]
    text: str
    has_date: bool
    has_time: bool
    parts: tuple[tuple[int, int], ...] = ()
    recurring: bool = False
    named: bool = False

    def to_json(self) -> dict[str, object]:
        """DESIGN.md's `when` shape plus the extra fields."""
        return {
            "text": self.text,
            "start": self.start.isoformat(),
            "end": self.end.isoformat() if self.end else None,
            "grain": self.grain,
            "span": list(self.span),
            "has_date": self.has_date,
            "has_time": self.has_time,
            "parts": [list(p) for p in self.parts],
            "recurring": self.recurring,
            "named": self.named,
        }


quick_init(Resolution)
_DEFAULT_OPTIONS = DateOptions()  # immutable: shared by every call that gives none


def _check(prefer: str) -> None:
    if prefer not in PREFERENCES:
        raise ValueError(f"prefer must be one of {', '.join(PREFERENCES)}, not {prefer!r}")


_LEAD_IN = re.compile(r"(?:\b(?:at|on|by|@)\s+)$")


def _resolution(text: str, norm: Normalized, phrase: Phrase, now: datetime, prefer: str,
                options: DateOptions, lead_in: bool = False) -> Resolution | None:
    placed = place(phrase, now, prefer, options._placing)
    if placed is None:
        return None
    # the spans of the pieces, with pieces that stand side by side ("tomorrow at 5 pm") kept as one
    runs: list[list[int]] = []
    for p in phrase.pieces:
        if runs and glued(norm.text[runs[-1][1]:p.begin]):
            runs[-1][1] = p.end
        else:
            runs.append([p.begin, p.end])
    if lead_in:
        # "remind me at 5 pm": the "at" belongs to the phrase a caller cuts out
        for run in runs:
            window = max(0, run[0] - 8)  # a lead-in is a few characters: never search the whole prefix
            m = _LEAD_IN.search(norm.text, window, run[0])
            if m is not None:
                run[0] = m.start()
    parts = tuple(norm.span(b, e) for b, e in runs)
    begin, end = parts[0][0], parts[-1][1]
    return Resolution(placed.start, placed.end, placed.grain, (begin, end), text[begin:end],
                      placed.has_date, placed.has_time, parts, any(p.recurring for p in phrase.pieces),
                      any(p.day is not None and p.day.kind is DayKind.HOLIDAY for p in phrase.pieces))


@lru_cache(maxsize=256)
def _read(text: str) -> tuple[Normalized, tuple[Phrase, ...]]:
    # the text normalised and its phrases depend on the text alone (placing them needs the clock): a
    # turn's text is read by several intercepts (`find` and `find_all` of the same sentence), parsed once
    norm = normalize(text)
    return norm, tuple(phrases(norm.text))


_QUOTED = re.compile(r"\s*([\"“‘'])(?=\S).*\S([\"”’'])\s*", re.DOTALL)
_PAIRS = {'"': '"', "“": "”", "‘": "’", "'": "'"}


def _unquoted(text: str) -> str:
    """A whole text in a pair of quotes ('"11 pm"') without them: blanked, so spans keep their places."""
    m = _QUOTED.fullmatch(text)
    if m is None or _PAIRS[m.group(1)] != m.group(2):
        return text
    a, b = m.start(1), m.start(2)
    return text[:a] + " " + text[a + 1:b] + " " + text[b + 1:]


def resolve(text: str, clock: Clock, prefer: str = "future",
            options: DateOptions | None = None) -> Resolution | None:
    """The whole text as one date/time expression ("at", "on", "by" and similar lead-ins allowed), or None."""
    _check(prefer)
    options = options or _DEFAULT_OPTIONS
    norm = normalize(_unquoted(text))
    phrase = whole(norm.text)
    if phrase is None:
        return None
    try:
        return _resolution(text, norm, phrase, clock.now(), prefer, options)
    except (ValueError, OverflowError):
        return None  # a year out of range: not a date Steward can show


def find_all(text: str, clock: Clock, prefer: str = "future",
             options: DateOptions | None = None) -> list[Resolution]:
    """Every separate date/time expression in a sentence, in order, each placed on its own."""
    _check(prefer)
    options = options or _DEFAULT_OPTIONS
    norm, found = _read(text)
    now = clock.now()
    out = []
    for ph in found:
        if ph.weak:
            continue
        try:
            res = _resolution(text, norm, ph, now, prefer, options, lead_in=True)
        except (ValueError, OverflowError):
            res = None
        if res is not None:
            out.append(res)
    return out


# the words that go on from a holiday's name to say a day of it ("Christmas Eve", "Easter Sunday", "Christmas at 10am"):
# any other word after it makes the name a thing's ("the Christmas party", "an Easter egg hunt")
_OF_THE_DAY = frozenset(("eve", "day", "morning", "afternoon", "evening", "night", "weekend", "week", "holiday",
                         "holidays", "break", "period", "season", "time", "at", "on", "in", "by", "from", "to",
                         "until", "till", "and", "or", "this", "next", "last", "of", "is", "was", "will", "falls"))
_NEXT_WORD = re.compile(r"\s*([a-z]+)")


def _holiday_alone(ph: Phrase) -> bool:
    """Whether a phrase is only a holiday's name, with no time ("Christmas", "Eid")."""
    return all(p.day is not None and p.day.kind == DayKind.HOLIDAY and p.time is None and p.part is None
               for p in ph.pieces) and ph.until is None


def _a_day_of_its_own(ph: Phrase) -> bool:
    """Whether a phrase names a day ("this Thursday", "3 April", "Christmas Eve at 7pm"), not a time alone."""
    return any(p.day is not None for p in ph.pieces)


def _names_a_thing(norm: str, ph: Phrase) -> bool:
    """Whether a holiday's name is said as part of a thing's name: followed by a word that is no day's."""
    m = _NEXT_WORD.match(norm, ph.end)
    return _holiday_alone(ph) and m is not None and m.group(1) not in _OF_THE_DAY


def find(text: str, clock: Clock, prefer: str = "future",
         options: DateOptions | None = None) -> Resolution | None:
    """The date/time expression inside a sentence, its separate pieces combined when they fit."""
    _check(prefer)
    options = options or _DEFAULT_OPTIONS
    norm, read = _read(text)
    found = [ph for ph in read if not ph.weak]
    if not found:
        return None
    if len(found) > 1 and _names_a_thing(norm.text, found[0]) and any(_a_day_of_its_own(ph) for ph in found[1:]):
        # "our Christmas carol service holds this Thursday by 10am": the holiday names the thing, the day is Thursday
        # ("the Christmas party is on Christmas Eve at 7pm" too; a time alone after it, "Christmas Day Masses hold
        # by 7am", is the holiday's)
        found = found[1:]
    combined = found[0]
    for other in found[1:]:
        joined = merge(combined, other)
        if joined is not None:
            combined = joined
    try:
        res = _resolution(text, norm, combined, clock.now(), prefer, options, lead_in=True)
        if res is None and combined is not found[0]:
            res = _resolution(text, norm, found[0], clock.now(), prefer, options, lead_in=True)
        return res
    except (ValueError, OverflowError):
        return None
