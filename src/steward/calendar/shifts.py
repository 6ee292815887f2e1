"""A change of time said as a shift from the thing's own time, and a length (pure, words only).

    "an hour later", "back by half an hour", "a day earlier", "bring it forward 30 minutes",
    "by two hours" (after delay, push)           -> Shift(span, +/- timedelta)
    "for 90 minutes", "two hours long"           -> a length in minutes (`LENGTH`, `minutes_of`)

A shift moves an event or a reminder from where it is, never from now: "push it two hours later" on a
5 pm reminder is 6 pm.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

_N = r"(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five|six|half an|an hour and a half)"
_UNIT = r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?)"
LENGTH = re.compile(rf"\b(?:for\s+)?{_N}\s+{_UNIT}(?:\s+long)?\b", re.IGNORECASE)
_WAY = r"later|earlier|back|forward|sooner|ahead"
_SHIFT = re.compile(rf"\b(?:(?P<pre>{_WAY})\s+)?(?:by\s+)?(?:another\s+)?{_N}\s+{_UNIT}(?:\s+(?P<way>{_WAY}))?\b",
                    re.IGNORECASE)
_SHIFT_SAID = re.compile(rf"\b(?:{_WAY}|by)\b", re.IGNORECASE)
_EARLIER = frozenset(("earlier", "forward", "sooner", "ahead"))
_LATER = frozenset(("later", "back"))
# verbs whose way is earlier whatever follows: "bring it an hour", "prepone it by 20 minutes" (Indian
# English), "advance the call by a day", "move it up by an hour", "pull the meeting in by 15 minutes"
_BRING = re.compile(r"\b(?:br(?:ing|ought)|prepon\w*|advanc\w*|mov(?:e[sd]?|ing)\s+(?:\w+\s+){0,3}?up|pull(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?in)\b",
                    re.IGNORECASE)
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "half an": 0.5,
           "an hour and a half": 1.5}


@dataclass(frozen=True)
class Shift:
    """A shift said in the text: where it was said and by how much (negative: earlier)."""

    span: tuple[int, int]
    delta: timedelta


def minutes_of(m: re.Match[str]) -> float:
    """The minutes of a matched length or shift ("half an hour": 30, "a day": 1440)."""
    n = m["n"].lower()
    amount = float(n) if n[0].isdigit() else float(_NUMBER[" ".join(n.split())])
    unit = m["unit"].lower()
    scale = 1 if unit.startswith("m") else 60 if unit.startswith("h") else 1440 if unit.startswith("d") else 10080
    return amount * scale


def find_shift(text: str) -> Shift | None:
    """The shift `text` says ("an hour later", "back by a day"), or None: a bare length ("30 minutes")
    is no shift unless a way ("later", "back", "forward") or "by" says it is one."""
    m = next((m for m in _SHIFT.finditer(text) if m["pre"] or m["way"] or _SHIFT_SAID.search(m[0])), None)
    if m is None or not (m["pre"] or m["way"]) and not re.match(r"\s*by\s+", m[0]):
        return None
    delta = timedelta(minutes=minutes_of(m))
    way = {(m["pre"] or "").lower(), (m["way"] or "").lower()}
    if way & _EARLIER or not way & _LATER and _BRING.search(text):
        delta = -delta
    return Shift(m.span(), delta)
