"""Named days found by their words ("thanksgiving", "eid al-fitr 2018", "next yom kippur").

Names are matched word by word through an index of first words, not through one regular expression
of every name: a text without a holiday's first word costs one dictionary look-up a word, and adding
a name costs nothing at start-up. Apostrophes are dropped and hyphens and dots split words on both
sides ("new year's eve" = "new years eve", "x-mas" = "x mas"). A name may be preceded by this/next/
last and followed by a year ("diwali 2019", "in 2019", "of next year", "in 5 years", "3 years ago").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import product

from steward.dates._holidays import HOLIDAYS
from steward.dates._model import DayKind, DayRef, Piece

_TOKEN = re.compile(r"[a-z0-9]+(?:['’][a-z0-9]+)*(?:(?<=s)['’])?")  # "presidents' day", not "king' day"
_GAP = re.compile(r"[\s.\-–]+")
_ITEM = re.compile(r"\([^)]*\)|\S+")
_REL = re.compile(r"(?<![\w])(?P<rel>this|next|last|coming|previous|past)\s$")
_REL_N = {"next": 1, "coming": 1, "last": -1, "previous": -1, "past": -1}


def canon(word: str) -> str:
    """A word as names are indexed: lower case, without apostrophes."""
    return word.replace("'", "").replace("’", "")


def expand(name: str) -> set[tuple[str, ...]]:
    """Every word sequence a name stands for: `a/b` alternatives, `(words)` optional."""
    options: list[list[tuple[str, ...]]] = []
    for item in _ITEM.findall(name):
        if item.startswith("("):
            options.append([(), *expand(item[1:-1])])
        else:
            options.append([tuple(canon(w) for w in _split(alt)) for alt in item.split("/")])
    return {tuple(w for part in combo for w in part) for combo in product(*options)}


def _split(word: str) -> list[str]:
    return [w for w in re.split(r"[.\-–]+", word) if w]


@cache
def index() -> dict[str, list[tuple[tuple[str, ...], str, bool]]]:
    """First word -> (the whole name's words, holiday key, weak), longest names first.

    A name written "~name" is weak: it is also an ordinary word ("lent"), so it counts only as the
    whole text given to `resolve`, never inside a sentence.
    """
    out: dict[str, list[tuple[tuple[str, ...], str, bool]]] = {}
    for key, holiday in HOLIDAYS.items():
        for name in holiday.names:
            weak = name.startswith("~")
            for words in expand(name.lstrip("~")):
                if words:
                    out.setdefault(words[0], []).append((words, key, weak))
    for entries in out.values():
        entries.sort(key=lambda e: -len(e[0]))
    return out


@cache
def _suffix() -> re.Pattern[str]:
    return re.compile(
        r"(?:,?\s(?:of\s|in\s)?(?P<year>\d{4})"
        r"|\s(?:of\s)?(?P<yrel>this|next|last|previous)\syear"
        r"|\s(?:in|within)\s(?P<in_n>\d+|an?|one)\s(?P<in_u>years?|yrs?|months?)(?:\s(?:from now|time))?"
        r"|\s(?P<ago_n>\d+|an?|one)\s(?P<ago_u>years?|yrs?|months?)\s(?P<dir>ago|from now|hence))?(?![\w])")


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(canon(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def scan_holidays(text: str) -> Iterator[Piece]:
    """Every named day in the normalised text, with its relative word or year when one is said."""
    idx = index()
    said: list[str] = _TOKEN.findall(text)
    if "'" in text or "’" in text:
        said = [canon(w) for w in said]
    if idx.keys().isdisjoint(said):
        return  # no name starts in this text
    tokens = _tokens(text)
    for i, (word, begin, _) in enumerate(tokens):
        for words, key, weak in idx.get(word, ()):
            n = len(words)
            if i + n > len(tokens) or any(tokens[i + k][0] != words[k] for k in range(1, n)):
                continue
            if any(not _GAP.fullmatch(text[tokens[k][2]:tokens[k + 1][1]]) for k in range(i, i + n - 1)):
                continue
            piece = _piece(text, key, begin, tokens[i + n - 1][2], weak)
            if piece is not None:
                yield piece
            break


def _piece(text: str, key: str, begin: int, end: int, weak: bool) -> Piece | None:
    rel_m = _REL.search(text, max(0, begin - 9), begin)
    rel = _REL_N.get(rel_m["rel"], 0) if rel_m else 0
    start = rel_m.start() if rel_m else begin
    m = _suffix().match(text, end)
    if m is None:  # the optional suffix always matches, unless the name runs into a word
        return None
    stop = m.end()
    weak = weak and not (rel_m or m.group())
    if m["year"]:
        return Piece(start, stop, day=DayRef(DayKind.HOLIDAY, 0, year=int(m["year"]), name=key))
    if m["yrel"]:
        return Piece(start, stop, day=DayRef(DayKind.HOLIDAY, 0, {"this": 0, "next": 1}.get(m["yrel"], -1),
                                             name=key, mode="years"))
    n_text, unit, sign = m["in_n"], m["in_u"], 1
    if m["ago_n"]:
        n_text, unit, sign = m["ago_n"], m["ago_u"], (-1 if m["dir"] == "ago" else 1)
    if n_text:
        n = 1 if n_text in ("a", "an", "one") else int(n_text)
        months = n * (12 if unit.startswith("y") else 1) * sign
        return Piece(start, stop, day=DayRef(DayKind.HOLIDAY, 0, months, name=key, mode="months"))
    return Piece(start, stop, day=DayRef(DayKind.HOLIDAY, rel, name=key), weak=weak)
