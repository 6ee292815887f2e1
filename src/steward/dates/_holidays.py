"""Named days ("thanksgiving", "christmas eve", "easter monday"): each a rule giving its date in a year.

Fixed dates, nth weekdays of a month, and days counted from Western or Orthodox Easter (computed, not
tabled). Holidays on lunar calendars (Eid, Diwali, Passover, Chinese New Year) are not here: their
dates depend on observation and tables Steward does not ship, and a wrong date is worse than none.
Where English names one day for two countries ("mother's day"), the US date is used.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import date, timedelta

DateRule = Callable[[int], date | None]


def easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def orthodox_easter(year: int) -> date:
    """Orthodox Easter Sunday (Julian computus, shown on the Gregorian calendar)."""
    a, b, c = year % 4, year % 7, year % 19
    d = (19 * c + 15) % 30
    e = (2 * a + 4 * b - d + 34) % 7
    month, day = divmod(d + e + 114, 31)
    julian = date(year, month, day + 1)
    return julian + timedelta(days=year // 100 - year // 400 - 2)


def nth_weekday(year: int, month: int, n: int, weekday: int) -> date:
    """The n-th (negative: from the end) given weekday of a month."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year, month, calendar.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - weekday) % 7 + 7 * (-n - 1))


def _fixed(month: int, day: int) -> DateRule:
    return lambda y: date(y, month, day)


def _nth(month: int, n: int, weekday: int) -> DateRule:
    return lambda y: nth_weekday(y, month, n, weekday)


def _from_easter(days: int) -> DateRule:
    return lambda y: easter(y) + timedelta(days=days)


def _from_orthodox_easter(days: int) -> DateRule:
    return lambda y: orthodox_easter(y) + timedelta(days=days)


def _nearest_weekday(month: int, day: int) -> DateRule:
    """A fixed date moved off a weekend: Saturday to Friday, Sunday to Monday."""
    def rule(y: int) -> date:
        d = date(y, month, day)
        if d.weekday() == 5:
            return d - timedelta(days=1)
        if d.weekday() == 6:
            return d + timedelta(days=1)
        return d
    return rule


def _kings_day(y: int) -> date:
    d = date(y, 4, 27)
    return d - timedelta(days=1) if d.weekday() == 6 else d


def _tax_day(y: int) -> date:
    """US tax day: April 15, moved past weekends and DC's Emancipation Day."""
    d = date(y, 4, 15)
    emancipation = _nearest_weekday(4, 16)(y)
    while d.weekday() >= 5 or d == emancipation:
        d += timedelta(days=1)
    return d


def _admin_day(y: int) -> date:
    """Wednesday of the last full Sunday-to-Saturday week of April."""
    last = date(y, 4, 30)
    saturday = last - timedelta(days=(last.weekday() - 5) % 7)
    return saturday - timedelta(days=3)


def _grandparents_day(y: int) -> date:
    return nth_weekday(y, 9, 1, 0) + timedelta(days=6)


def _military_spouse_day(y: int) -> date:
    return nth_weekday(y, 5, 2, 6) - timedelta(days=2)


# (aliases as regex alternatives, rule); names are matched lower-case, apostrophes optional
HOLIDAYS: dict[str, tuple[str, DateRule]] = {
    "christmas": (r"christmas day|christmas|xmas day|xmas|x-mas", _fixed(12, 25)),
    "christmas eve": (r"christmas eve|xmas eve", _fixed(12, 24)),
    "new year's eve": (r"new ?year'?s'? eve", _fixed(12, 31)),
    "new year's day": (r"new ?year'?s'? day", _fixed(1, 1)),
    "valentine's day": (r"valentine'?s'? day|valentines|valentine day", _fixed(2, 14)),
    "halloween": (r"hallowe'?en", _fixed(10, 31)),
    "st patrick's day": (r"(?:st\.?|saint) (?:patrick|paddy)'?s'? day|st\.? patricks", _fixed(3, 17)),
    "groundhog day": (r"groundhog'?s'? day", _fixed(2, 2)),
    "independence day": (r"independence day|(?:the )?4th of july|july 4th", _fixed(7, 4)),
    "veterans day": (r"veterans?'?s? day|armistice day", _fixed(11, 11)),
    "loyalty day": (r"loyalty day|law day|lei day|may day", _fixed(5, 1)),
    "lincoln's birthday": (r"(?:abraham )?lincoln'?s'? birthday|lincoln birthday", _fixed(2, 12)),
    "siblings day": (r"(?:national )?siblings? day", _fixed(4, 10)),
    "guy fawkes day": (r"guy fawkes(?: day| night)?|bonfire night", _fixed(11, 5)),
    "world vegan day": (r"world vegan day", _fixed(11, 1)),
    "boss's day": (r"boss'?s'? day|bosses'? day|boss day|boss's", _nearest_weekday(10, 16)),
    "thanksgiving": (r"thanksgiving day|thanksgiving", _nth(11, 4, 3)),
    "black friday": (r"black friday", lambda y: nth_weekday(y, 11, 4, 3) + timedelta(days=1)),
    "cyber monday": (r"cyber monday", lambda y: nth_weekday(y, 11, 4, 3) + timedelta(days=4)),
    "martin luther king day": (r"(?:mlk|martin luther king)(?: jr\.?)?(?:'s|s'|s)? day|civil rights day", _nth(1, 3, 0)),
    "presidents' day": (r"presidents?'?s? day|george washington day|washington'?s birthday"
                        r"|daisy gatson bates day", _nth(2, 3, 0)),
    "memorial day": (r"memorial day|decoration day", _nth(5, -1, 0)),
    "labor day": (r"labou?r day", _nth(9, 1, 0)),
    "columbus day": (r"columbus day|indigenous peoples'? day", _nth(10, 2, 0)),
    "mother's day": (r"mother'?s'? day", _nth(5, 2, 6)),
    "father's day": (r"father'?s'? day", _nth(6, 3, 6)),
    "national grandparents day": (r"(?:national )?grandparents'? day", _grandparents_day),
    "military spouse day": (r"military spouse'?s? day", _military_spouse_day),
    "mothering sunday": (r"mothering sunday", _from_easter(-21)),
    "easter": (r"easter sunday|easter", _from_easter(0)),
    "easter monday": (r"easter mon(?:day)?", _from_easter(1)),
    "good friday": (r"good friday", _from_easter(-2)),
    "maundy thursday": (r"maundy thursday|covenant thu(?:rsday)?|thu(?:rsday)? of mysteries", _from_easter(-3)),
    "palm sunday": (r"palm sunday|branch sunday", _from_easter(-7)),
    "pentecost": (r"pentecost|whit ?sunday|white sunday", _from_easter(49)),
    "whit monday": (r"whit ?monday|monday of the holy spirit", _from_easter(50)),
    "trinity sunday": (r"trinity sunday", _from_easter(56)),
    "shrove tuesday": (r"shrove tuesday|mardi gras|pancake day|pancake tuesday", _from_easter(-47)),
    "ash wednesday": (r"ash wednesday", _from_easter(-46)),
    "ascension day": (r"ascension day|ascension thursday", _from_easter(39)),
    "orthodox easter": (r"orthodox easter(?: sunday)?", _from_orthodox_easter(0)),
    "orthodox good friday": (r"orthodox (?:good|great) friday", _from_orthodox_easter(-2)),
    "clean monday": (r"clean monday|orthodox shrove monday", _from_orthodox_easter(-48)),
    "lazarus saturday": (r"lazarus saturday", _from_orthodox_easter(-8)),
    "tax day": (r"tax day", _tax_day),
    "emancipation day": (r"emancipation day", _nearest_weekday(4, 16)),
    "king's day": (r"king'?s day|koningsdag", _kings_day),
    "administrative professionals' day": (r"administrative professionals?'?(?:'s)? day|secretaries'? day"
                                          r"|admins? day", _admin_day),
    "daylight saving start": (r"daylight savings? start(?: day)?", _nth(3, 2, 6)),
    "daylight saving end": (r"daylight savings? end(?: day)?", _nth(11, 1, 6)),
    "august bank holiday": (r"(?:late )?(?:august|summer) bank holiday", _nth(8, -1, 0)),
    "emsc day": (r"emsc day", lambda y: nth_weekday(y, 5, 3, 6) + timedelta(days=3)),
}

def _top_level(pattern: str) -> list[str]:
    """The alternatives of a pattern, split at the `|` outside any group."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(pattern):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
    out.append(pattern[start:])
    return out


# longest first, so "easter monday" is tried before "easter"
ALIASES = sorted(((alias, key) for key, (pattern, _) in HOLIDAYS.items() for alias in _top_level(pattern)),
                 key=lambda item: -len(item[0]))


def holiday_date(key: str, year: int) -> date | None:
    """The date of a named day in a year, or None when it has no date that year."""
    if not 1 <= year <= 9998:
        return None
    try:
        return HOLIDAYS[key][1](year)
    except ValueError:
        return None
