"""A weekly repeat on several days moved to another day ("move yoga to thursday" of a yoga on Tuesdays and
Fridays): which of its days moves is not said, so the question offers each of them, or all of it, or the
one time asked about. Pure: RRULE text and the person's clock in, the choices out.

    every_on(rule, moved_to)          the repeat moved whole: on the new day alone ("every thursday")
    day_choices(rule, was, moved_to)  each of its days moved there instead, its other days kept
    picked_day(answer, choices)       the choice an answer names ("the tuesdays", "friday's", "tue")
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True)
class DayChoice:
    """One of a repeat's days moved to the new day: which (`day`, "tuesday"), the repeat that makes and its
    first time from now on."""

    day: str
    rule: str
    first: datetime


def _weekly_days(rule: str) -> tuple[str, ...] | None:
    """The days of a weekly repeat on two or more weekdays ("TU", "FR"), else None."""
    from steward.dates import parse_rule

    parsed = parse_rule(rule)
    if parsed.freq != "WEEKLY" or len(parsed.byday) < 2 or not all(d in CODES for d in parsed.byday):
        return None
    return parsed.byday


def every_on(rule: str, moved_to: datetime) -> str | None:
    """The weekly repeat on several days moved whole to `moved_to`'s weekday alone; None for any other repeat."""
    from steward.dates import parse_rule

    if _weekly_days(rule) is None:
        return None
    return replace(parse_rule(rule), byday=(CODES[moved_to.weekday()],)).text()


def day_choices(rule: str, was: datetime, moved_to: datetime, now: datetime) -> tuple[DayChoice, ...]:
    """Each day of a weekly repeat on several days moved to `moved_to`'s weekday, its other days kept, with
    the first time of the repeat that makes from `now` on (at the time of day it has). None offered when
    the new day is already one of its days, when the time of day changes too (one repeat keeps one time
    for all its days) or when it repeats every other week or less often (its weeks are not counted here)."""
    from steward.dates import parse_rule

    days = _weekly_days(rule)
    target = CODES[moved_to.weekday()]
    if days is None or target in days or parse_rule(rule).interval != 1:
        return ()
    zone = was.tzinfo
    wall = was.astimezone(zone).time()
    if moved_to.astimezone(zone).time() != wall:
        return ()
    out = []
    for day in days:
        kept = tuple(sorted({*(d for d in days if d != day), target}, key=CODES.index))
        local = now.astimezone(zone)
        first = next(t for k in range(8)
                     if (t := datetime.combine(local.date() + timedelta(days=k), wall, zone)) >= now
                     and CODES[t.weekday()] in kept)
        out.append(DayChoice(NAMES[CODES.index(day)], replace(parse_rule(rule), byday=kept).text(), first))
    return tuple(out)


def picked_day(answer: str, days: list[str]) -> str | None:
    """The one of `days` ("tuesday", "friday") an answer names, by its name, plural or short ("the
    tuesdays", "friday's", "tue"); None when it names none of them, or more than one."""
    said = {d for d in days if re.search(rf"\b{d[:3]}(?:{d[3:-3]}(?:day(?:s|'s|’s)?)?)?\b", answer, re.IGNORECASE)}
    return next(iter(said)) if len(said) == 1 else None
