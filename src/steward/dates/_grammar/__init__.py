"""The grammar: patterns over normalised text, each building one Piece.

Four rule families, one module each: times of day and parts of the day (`times`), days and longer
periods (`days`), offsets from now and ranges (`offsets`), named days (`holidays`, matched word by
word). Every rule is tried everywhere its words appear; overlapping matches are settled by length
(the longest piece wins, then the earliest), never by the order of these tables, so adding a rule
cannot silently shadow another. Words are English; numbers arrive as digits (see `_text`).

Start-up: a rule's pattern is compiled the first time a text has a word the rule needs (see
`common`), so a process that reads "tomorrow at 5 pm" compiles a handful of patterns, not all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache, lru_cache

from steward.dates._grammar import days, offsets, times
from steward.dates._grammar.common import MONTHS, WEEKDAYS, Rule
from steward.dates._grammar.holidays import scan_holidays
from steward.dates._model import Piece

RULES: tuple[Rule, ...] = (*times.RULES, *days.RULES, *offsets.RULES)

_WORD = re.compile(r"[a-z]+")
_DIGIT = re.compile(r"\d")
_DIGITS4 = re.compile(r"\d{4}")
_WEEKDAY_WORDS = frozenset([*WEEKDAYS, *(w + "s" for w in WEEKDAYS)])  # "monday", "mondays"
_QUOTE_UNIT = re.compile(r"\d\s?['\"]")  # 5' (minutes), 30" (seconds)
_UNIT_WORDS = frozenset(
    ["second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day", "days", "week", "weeks", "wk", "wks", "fortnight", "fortnights", "month", "months", "mon", "mons", "mo", "year", "years", "yr", "yrs", "decade", "decades", "quarter", "quarters", "qtr", "qtrs", "s", "m", "h", "d", "w", "y"])
_PART_WORDS = frozenset(["morning", "mornings", "afternoon", "afternoonish", "arvo", "evening", "night", "lunch", "lunchtime",
                         "dinner", "dinnertime", "teatime", "tea"])


def features(text: str) -> frozenset[str]:
    """The words of a normalised text (and "@"), plus the kinds of word rules ask for (`#digit` ...)."""
    words = set(_WORD.findall(text))
    kinds = {"@"} if "@" in text else set()
    if _DIGIT.search(text) is not None or (not text.isascii() and any(c.isdigit() for c in text)):
        kinds.add("#digit")
        if any(c in text for c in ":./-–"):
            kinds.add("#punct")
        if _DIGITS4.search(text) is not None:
            kinds.add("#digits4")
        if " 0" in text:
            kinds.add("#oh")
        if " +" in text or " -" in text:
            kinds.add("#sign")
    if not words.isdisjoint(MONTHS):
        kinds.add("#month")
    if not words.isdisjoint(_WEEKDAY_WORDS):
        kinds.add("#weekday")
    if not words.isdisjoint(_UNIT_WORDS) or _QUOTE_UNIT.search(text):
        kinds.add("#unit")
    if not words.isdisjoint(_PART_WORDS):
        kinds.add("#part")
    if not words.isdisjoint(times.ZONE_WORDS):
        kinds.add("#zone")
    return frozenset(words | kinds)


@cache
def _plan() -> tuple[frozenset[int], dict[str, tuple[int, ...]], frozenset[str]]:
    """The rules tried on every text, for each word or kind of word the rules that need it, and every
    word or kind any rule asks for."""
    always = frozenset(i for i, r in enumerate(RULES) if r.needs is None)
    by_need: dict[str, list[int]] = {}
    asked: set[str] = set()
    for i, r in enumerate(RULES):
        for word in r.needs or ():
            by_need.setdefault(word, []).append(i)
        asked |= (r.needs or frozenset()) | (r.also or frozenset())
    return always, {word: tuple(ids) for word, ids in by_need.items()}, frozenset(asked)


@lru_cache(maxsize=1024)
def _runs_for(asked: frozenset[str]) -> tuple[int, ...]:
    always, by_need, _ = _plan()
    chosen = set(always)
    for word in asked:
        ids = by_need.get(word)
        if ids is not None:
            chosen.update(ids)
    return tuple(i for i in sorted(chosen) if (also := RULES[i].also) is None or not also.isdisjoint(asked))


def _runs(have: frozenset[str]) -> tuple[int, ...]:
    """The rules (by position) a text with these words and kinds of word can match, in order.

    Only the words some rule asks for decide it, and texts share few sets of those: the answer is kept
    for each set.
    """
    return _runs_for(have & _plan()[2])


# each rule's compiled pattern, filled the first time the rule runs (a per-call look-up by position
# costs less than one by the pattern's text)
_PATTERNS: list[re.Pattern[str] | None] = [None] * len(RULES)


def scan(text: str, *, every_rule: bool = False) -> Iterator[Piece]:
    """Every piece any rule finds anywhere in the normalised text (overlaps included).

    A rule runs only when the text has a word it needs; `every_rule` runs them all (the tests check
    that it finds nothing more). Rules run in the order of `RULES` either way.
    """
    run = range(len(RULES)) if every_rule else _runs(features(text))
    for i in run:
        pattern = _PATTERNS[i]
        if pattern is None:
            pattern = _PATTERNS[i] = RULES[i].pattern
        build = RULES[i].build
        for m in pattern.finditer(text):
            try:
                piece = build(m)
            except (ValueError, KeyError):
                piece = None
            if piece is not None:
                yield piece
    yield from scan_holidays(text)


def with_span(piece: Piece, begin: int, end: int) -> Piece:
    """The piece moved to cover [begin, end)."""
    return replace(piece, begin=begin, end=end)
