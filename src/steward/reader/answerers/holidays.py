"""Holidays asked of a span ("is there a holiday next month?", "any bank holidays coming up?"): the public
holidays of the person's country in it, from the `holidays` library's tables (the country is the one
the person's time zone is in), and what the person's own data holds then. Steward does not know a
person's leave or their employer's days off, and says so rather than "no holiday".

Pure but for the library's tables: no store is read here; the schedule answerer hands in what is on.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from datetime import date, timedelta
from functools import lru_cache

from steward.clock import Clock, zone_name
from steward.reader.answerers.common import day_text

# the words of a question about days off that no entry holds ("bank holiday", "public holidays"); a word besides
# them ("the holiday party", "Ana's holiday") names a thing of the person's, asked of their own data
_DAYS_OFF = frozenset(("holiday", "holidays", "hols", "vacation", "vacations"))
_OF_DAYS_OFF = _DAYS_OFF | frozenset(("bank", "public", "national", "federal", "stat", "statutory", "official"))


def asks_holidays(missing: Sequence[str]) -> bool:
    """Whether the words no entry held ask about holidays, and nothing else."""
    return bool(set(missing) & _DAYS_OFF) and set(missing) <= _OF_DAYS_OFF


@lru_cache(maxsize=32)
def _table(country: str, years: tuple[int, ...]) -> dict[date, str] | None:
    """The country's public holidays in those years, or None when the library is not installed or has no
    table for that country."""
    try:
        library = importlib.import_module("holidays")
        return dict(library.country_holidays(country, years=list(years)))
    except (ImportError, NotImplementedError, KeyError, AttributeError):
        return None


def public_holidays(country: str, first: date, last: date) -> list[tuple[date, str]] | None:
    """The public holidays from `first` to `last` (both kept), or None when no table says."""
    table = _table(country, tuple(range(first.year, last.year + 1)))
    if table is None:
        return None
    return sorted((d, name) for d, name in table.items() if first <= d <= last)


def holidays_reply(first: date, last: date, said: str, clock: Clock, on: Sequence[str], *, next_one: bool = False
                   ) -> str:
    """What is held about holidays from `first` to `last`: the public ones of the person's country, that their
    own time off is not known to Steward, and what is on then (`on`: the schedule's lines). `next_one` ("when
    is the next bank holiday?"): the first public holiday from `first`, looked for up to a year on."""
    from steward.formats import zone_country
    from steward.reader.timeasks import country_name

    country = zone_country(zone_name(clock.zone))
    lines: list[str] = []
    found = public_holidays(country, first, last if not next_one else first + timedelta(days=366)) if country else None
    if next_one and found:
        d, name = found[0]
        return (f"The next public holiday in {country_name(country)} is {name}, on {day_text(d, clock)} (a national "
                "one; a region may add its own). Your own leave or days off aren't something I know.")
    if not country:
        lines.append(f"I can't tell which country's public holidays are yours: your time zone ({clock.zone}) "
                     "is no one country's.")
    elif found is None:
        lines.append(f"I hold no table of public holidays for {country_name(country)}.")
    elif not found:
        lines.append(f"No public holiday in {country_name(country)} {said}.")
    else:
        lines.append(f"Public holidays in {country_name(country)} {said} (national ones; a region may add its own):")
        lines.extend(f"- {day_text(d, clock)} {name}" for d, name in found)
    lines.append("Your own leave or days off aren't something I know: nothing on your calendar or in your bookings "
                 f"is called a holiday{'.' if not on else '. What is on then:'}")
    return "\n".join([*lines, *on])
