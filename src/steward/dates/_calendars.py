"""Dates on calendars Steward does not compute itself: Islamic, Hindu, Chinese, Buddhist and Hebrew.

A thin adapter over two maintained libraries, both in the `holidays` extra (`pip install
'steward[holidays]'`, included in `dev`):

- `holidays` (vacanza/holidays) for the Islamic (Umm al-Qura), Hindu, Chinese and Buddhist lunar and
  lunisolar calendars: its tables are the observed dates (Umm al-Qura 1924-2077, Hindu 2001-2035),
  not an arithmetic approximation, which is what made a computed Islamic calendar come out a day off.
- `pyluach` for the Hebrew calendar, which is fully arithmetic (any year).

Each library is imported on the first date asked of it, never at start-up: only a text that names one
of these holidays pays for the import. Without the extra, or outside a table's years, a rule gives no
date (never a guessed one) and `missing()` says which library is absent.

The rules return every occurrence in a Gregorian year (an Islamic holiday can happen twice in one).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from datetime import date, timedelta
from functools import cache
from typing import Any

from steward.clock import FIRST_YEAR, LAST_YEAR

YearDates = Callable[[int], list[date]]

_LIBRARY = {"islamic": "holidays", "hindu": "holidays", "chinese": "holidays", "buddhist": "holidays",
            "hebrew": "pyluach"}
_CLASS = {"islamic": "_IslamicLunar", "hindu": "_HinduLunisolar", "chinese": "_ChineseLunisolar",
          "buddhist": "_BuddhistLunisolar"}
_missing: set[str] = set()


def missing() -> list[str]:
    """The libraries a rule needed this process and could not import (install `steward[holidays]`)."""
    return sorted(_missing)


@cache
def _calendar(kind: str) -> Any:
    """The library's calendar object for `kind`, or None when the library is not installed."""
    try:
        if kind == "hebrew":
            return importlib.import_module("pyluach.dates")
        module = importlib.import_module("holidays.calendars")
        return getattr(module, _CLASS[kind])()
    except (ImportError, AttributeError):
        _missing.add(_LIBRARY[kind])
        return None


def _dates(found: object) -> Iterable[date]:
    """The dates in a library answer: a date, (date, estimated), or an iterable of either."""
    if found is None:
        return
    if isinstance(found, date):
        yield found
    elif isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], bool):
        yield from _dates(found[0])
    elif isinstance(found, Iterable):
        for item in found:
            yield from _dates(item)


def lunar(kind: str, event: str, shift: int = 0) -> YearDates:
    """An event of the `holidays` library's calendar ("islamic", "eid_al_fitr"), moved by `shift` days."""

    def rule(year: int) -> list[date]:
        cal = _calendar(kind)
        method = getattr(cal, f"{event}_dates", None) or getattr(cal, f"{event}_date", None)
        if method is None:
            return []
        try:
            found = sorted(set(_dates(method(year))))
        except (KeyError, ValueError, TypeError):
            return []
        return [d + timedelta(days=shift) for d in found if d.year == year]

    return rule


def hebrew(month: int, day: int, *, shift: int = 0, moved: Callable[[date], date] | None = None) -> YearDates:
    """A day of the Hebrew calendar (months counted from Nisan = 1; 13 is Adar II) in a Gregorian year.

    Adar (12) in a leap year is read as Adar II, where Purim falls. `moved` applies a postponement
    rule to the day itself before `shift` (the eve is shift=-1).
    """

    def rule(year: int) -> list[date]:
        dates = _calendar("hebrew")
        if dates is None or not FIRST_YEAR <= year <= LAST_YEAR:
            return []
        out = []
        # a Gregorian year holds the end of one Hebrew year and the start of the next
        for hyear in (year + 3760, year + 3761):
            m = month
            if m == 12 and _hebrew_leap(hyear):
                m = 13
            try:
                d = dates.HebrewDate(hyear, m, day).to_pydate()
            except ValueError:
                continue
            if moved is not None:
                d = moved(d)
            d += timedelta(days=shift)
            if d.year == year:
                out.append(d)
        return sorted(out)

    return rule


def _hebrew_leap(hyear: int) -> bool:
    return (7 * hyear + 1) % 19 < 7


def sunday_if_shabbat(d: date) -> date:
    """A fast that falls on Shabbat is kept on Sunday (Tisha B'Av)."""
    return d + timedelta(days=1) if d.weekday() == 5 else d


def yom_haatzmaut(d: date) -> date:
    """5 Iyar moved off the Sabbath's edges (Israeli law since 2004): Fri/Sat to Thursday, Monday to Tuesday."""
    if d.weekday() == 4:
        return d - timedelta(days=1)
    if d.weekday() == 5:
        return d - timedelta(days=2)
    if d.weekday() == 0:
        return d + timedelta(days=1)
    return d


def yom_hashoah(d: date) -> date:
    """27 Nisan moved off the Sabbath's edges: Friday to Thursday, Sunday to Monday."""
    if d.weekday() == 4:
        return d - timedelta(days=1)
    if d.weekday() == 6:
        return d + timedelta(days=1)
    return d


def parsi_new_year(year: int) -> list[date]:
    """Navroz on the Shahenshahi calendar: 365 days a year, no leap day, so it drifts a day every 4 years.

    The same arithmetic as `holidays` (August 28 in 1972, Y.Z. 1341).
    """
    if not 1900 <= year <= LAST_YEAR:
        return []
    return [date(year, 8, 28) - timedelta(days=(year - 1972) // 4)]
