"""How a date, a time, a sum and a zone are written for the person: one way, from their locale.

The page, the CLI and the brief all write through `Formats`, so "Sat 5 Dec" in one panel is never
"Mon, Nov 30" or "30 Nov 2026" in another, and a sum is "₹1,00,001.90" (en_IN's lakh grouping) or
"₹100,001.90" (en_US) everywhere alike. The patterns are CLDR's, through `babel`: a day is the
locale's abbreviated weekday, day and month ("Sat 5 Dec" in en_GB, "Sat, Dec 5" in en_US), a time its
short time ("09:15", "9:15 AM"), a sum its currency format with the currency's own symbol.

Loading babel and a locale's data takes longer than a command like `steward dues` spends on its own
work, so the few patterns, names and symbols used here are kept for the locales people use most in
`steward/formats_cldr.py`, written from babel by `python -m steward.formats` (tests/test_formats.py
keeps it equal to what babel gives, and every day, time and sum written from it equal to babel's own
writing). Any other locale, and a zone's name, are written by babel itself.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from functools import lru_cache

from steward.errors import ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from decimal import Decimal
    from typing import Any

DEFAULT_LOCALE = "en_GB"

# the locales whose table is kept in formats_cldr.py (write it again with `python -m steward.formats`)
KEPT_LOCALES = ("en_GB", "en_US", "en_IN", "en_AU", "en_CA", "en_IE", "en_NZ", "en_ZA", "en_SG", "de_DE",
                "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR")
TABLE_FILE = os.path.join(os.path.dirname(__file__), "formats_cldr.py")


def kept_table(locale: str) -> dict[str, Any] | None:
    """The kept patterns, names and symbols of `locale`, or None when babel writes for it."""
    from steward.formats_cldr import LOCALES

    return LOCALES.get(locale)


def check_locale(name: str) -> str:
    """A locale name as babel knows it (`en_GB`, `en-US` -> `en_US`), or a ConfigError that says so."""
    text = (name or DEFAULT_LOCALE).strip().replace("-", "_")
    if kept_table(text) is not None:
        return text
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(text))
    except (UnknownLocaleError, ValueError):
        raise ConfigError(f"unknown locale {name!r} (use a name like en_GB, en_US or en_IN)") from None


# -- which way a numeric date reads: "2/12" is 2 December in Berlin, Melbourne and Kolkata, February 12
# in New York. A country's order is CLDR's (`cldr_day_first`), kept in formats_cldr.py like the patterns.

@lru_cache(maxsize=1)
def _orders() -> tuple[frozenset[str], frozenset[str]]:
    from steward.formats_cldr import DAY_FIRST, MONTH_FIRST

    return frozenset(DAY_FIRST.split()), frozenset(MONTH_FIRST.split())


def country_day_first(country: str) -> bool | None:
    """Whether a country (an ISO code: "DE", "US") writes a day before its month, or None for a code of
    no country CLDR knows."""
    day_first, month_first = _orders()
    code = country.upper()
    return True if code in day_first else False if code in month_first else None


def zone_country(zone_name: str) -> str:
    """The ISO code of an IANA zone's country ("Australia/Melbourne": AU), or "" for a zone of none (UTC)."""
    from steward.formats_cldr import ZONE_COUNTRIES

    return ZONE_COUNTRIES.get(zone_name, "")


def locale_country(locale: str) -> str:
    """The country a locale names ("en_GB": GB, "zh_Hant_TW": TW), or "" for a locale of none ("en")."""
    for part in locale.replace("-", "_").split("_")[1:]:
        if len(part) == 2 and part.isalpha():
            return part.upper()
    return ""


def reads_day_first(zone_name: str, locale: str = "") -> bool:
    """Whether a person reads "2/12" as 2 December: as the country of their locale writes it when a locale
    is given and names a country, else as the country of their zone does; month first when neither names
    one (a zone such as UTC)."""
    for country in (locale_country(locale), zone_country(zone_name)):
        said = country_day_first(country) if country else None
        if said is not None:
            return said
    return False


@dataclass(frozen=True)
class Formats:
    """The person's way of writing a day, a time and a sum; `locale` is a CLDR name such as `en_GB`."""

    locale: str = DEFAULT_LOCALE

    def day(self, day: date, *, year: bool = False) -> str:
        """`Sat 5 Dec` (en_GB), `Sat, Dec 5` (en_US); `Sat 5 Dec 2026` with `year`."""
        moment = datetime(day.year, day.month, day.day)
        table = kept_table(self.locale)
        if table is not None:
            return _write_moment(table, "day_year" if year else "day", moment)
        from babel.dates import format_skeleton

        return format_skeleton("yMMMEd" if year else "MMMEd", moment, locale=self.locale)

    def day_long(self, day: date) -> str:
        """`Saturday 5 December 2026` (en_GB), `Saturday, December 5, 2026` (en_US): the day in full."""
        table = kept_table(self.locale)
        if table is not None:
            return _write_moment(table, "day_long", datetime(day.year, day.month, day.day))
        from babel.dates import format_date

        return format_date(day, "full", locale=self.locale)

    def day_near(self, day: date, today: date) -> str:
        """`Sat 5 Dec` within today's year, `Thu 5 Dec 2024` outside it."""
        return self.day(day, year=day.year != today.year)

    def time(self, moment: datetime | time) -> str:
        """`09:15` (en_GB), `9:15 AM` (en_US): the locale's short time, on the moment's own clock."""
        clock = moment.timetz() if isinstance(moment, datetime) else moment
        table = kept_table(self.locale)
        if table is not None:
            return _write_moment(table, "time", datetime(2000, 1, 3, clock.hour, clock.minute, clock.second))
        from babel.dates import format_time

        return format_time(clock.replace(tzinfo=None), "short", locale=self.locale)

    def moment(self, moment: datetime, *, year: bool = False) -> str:
        """`Sat 5 Dec, 09:15`: the day and the time."""
        return f"{self.day(moment.date(), year=year)}, {self.time(moment)}"

    def when(self, moment: datetime, *, year: bool = True) -> str:
        """`Tue, 15 Sept 2026 at 10:00` (en_GB), `Tue, Sep 15, 2026 at 10:00 AM` (en_US): a moment in a reply,
        on the moment's own clock."""
        return f"{self.day(moment.date(), year=year)} at {self.time(moment)}"

    def when_until(self, start: datetime, end: datetime) -> str:
        """`Tue, 15 Sept 2026 at 10:00–11:00`: a moment and the time it ends (on the same clock)."""
        return f"{self.when(start)}\u2013{self.time(end.astimezone(start.tzinfo) if start.tzinfo else end)}"

    def number(self, count: int) -> str:
        """`1,234` (en_GB), `1,00,000` (en_IN), `1.234` (de_DE): a count with the locale's grouping."""
        table = kept_table(self.locale)
        if table is not None:
            from decimal import Decimal  # here: a command that writes no sum or count loads no decimal

            return _write_number(table, "decimal", Decimal(str(count)), None)
        from babel.numbers import format_decimal

        return format_decimal(count, locale=self.locale)

    def money(self, amount: Decimal | str | float, currency: str) -> str:
        """`£312.50`, `₹1,00,001.90` (en_IN), `US$1,842.17` (en_GB): the currency's symbol, two decimals."""
        from decimal import Decimal, InvalidOperation

        try:
            value = Decimal(str(amount))
        except (InvalidOperation, ValueError):
            return f"{currency} {amount}"
        table = kept_table(self.locale)
        if table is not None and value.is_finite():
            return _write_number(table, "currency", value, currency.upper())
        from babel.numbers import format_currency

        return format_currency(value, currency.upper(), locale=self.locale)

    def span(self, first: date, last: date) -> str:
        """`Sat 5 – Sun 6 Dec` style: the first and the last day of a window, both inclusive."""
        if first == last:
            return self.day(first)
        return f"{self.day(first)} – {self.day(last)}"

    def zone(self, zone: tzinfo) -> str:
        """A zone as a person knows it: `London`, `Kolkata`, `UTC`, or `UTC+05:30` for a fixed offset."""
        key = getattr(zone, "key", None)
        if key in (None, "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z"):
            offset = zone.utcoffset(None) if key is None else timedelta(0)
            return "UTC" if not offset else f"UTC{_offset(offset)}"
        from babel.dates import get_timezone_location

        try:
            return str(get_timezone_location(key, locale=self.locale, return_city=True))
        except (LookupError, ValueError):
            return str(key).rsplit("/", 1)[-1].replace("_", " ")


def _offset(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


# -- writing from a kept table: the parts of CLDR's date and number patterns these formats use --------

def _write_moment(table: dict[str, Any], pattern: str, moment: datetime) -> str:
    """`moment` written with one of the table's date patterns (its tokens: text, or [field, width])."""
    out = []
    for token in table["dates"][pattern]:
        if isinstance(token, str):
            out.append(token)
            continue
        field, width = token
        if field in ("E", "a") or (field == "M" and width >= 3):
            index = moment.weekday() if field == "E" else moment.month - 1 if field == "M" else moment.hour >= 12
            out.append(table["names"][f"{field}{width}"][int(index)])
        elif field == "y":
            year = str(moment.year)
            out.append(year[-2:] if width == 2 else year.zfill(width))
        else:
            value = {"d": moment.day, "M": moment.month, "H": moment.hour, "h": moment.hour % 12 or 12,
                     "m": moment.minute}[field]
            out.append(str(value).zfill(width))
    return "".join(out)


def _write_number(table: dict[str, Any], kind: str, value: Decimal, currency: str | None) -> str:
    """A finite number written as babel's NumberPattern.apply writes it (a currency's own decimals)."""
    from decimal import Decimal

    pattern = table["numbers"][kind]
    negative = int(value.is_signed())
    value = abs(value).normalize()
    low, high = pattern["frac"]
    if currency is not None:
        from steward.formats_cldr import DEFAULT_DIGITS, DIGITS

        low = high = DIGITS.get(currency, DEFAULT_DIGITS)
    whole, _, fraction = f"{value.quantize(Decimal(10) ** -high):f}".partition(".")
    whole = whole.zfill(pattern["int_min"])
    size, group, grouped = pattern["grouping"][0], table["numbers"]["group_sign"], ""
    while len(whole) > size:
        grouped = group + whole[-size:] + grouped
        whole = whole[:-size]
        size = pattern["grouping"][1]
    fraction = (fraction or "0").ljust(low, "0")
    if high == 0 or (low == 0 and int(fraction) == 0):
        fraction = ""
    else:
        while len(fraction) > low and fraction[-1] == "0":
            fraction = fraction[:-1]
        fraction = table["numbers"]["decimal_sign"] + fraction
    text = pattern["prefix"][negative] + whole + grouped + fraction + pattern["suffix"][negative]
    if currency is not None and "¤" in text:
        text = text.replace("¤¤", currency).replace("¤", table["symbols"].get(currency, currency))
    if "'" in text:
        import re

        text = re.sub(r"'([^']*)'", lambda m: m.group(1) or "'", text)
    return text


# -- building the kept tables from babel -------------------------------------------------------------

DATE_PATTERNS = {"day": "skeleton:MMMEd", "day_year": "skeleton:yMMMEd", "day_long": "date:full",
                 "time": "time:short"}
NUMERIC_FIELDS = {"d", "M", "y", "H", "h", "m"}


def cldr_table(locale: str) -> dict[str, Any]:
    """The patterns, names and symbols `Formats` uses for `locale`, read from babel; a ValueError when a
    pattern uses a field the writers above do not know (that locale is then left to babel)."""
    from babel import Locale
    from babel.dates import format_datetime, tokenize_pattern

    loc = Locale.parse(locale)
    dates: dict[str, list[Any]] = {}
    names: dict[str, list[str]] = {}
    for key, source in DATE_PATTERNS.items():
        kind, name = source.split(":")
        pattern = {"skeleton": loc.datetime_skeletons, "date": loc.date_formats, "time": loc.time_formats}[kind][name]
        tokens: list[Any] = []
        for sort, value in tokenize_pattern(pattern.pattern):
            if sort == "chars":
                tokens.append(value)
                continue
            field, width = value  # type: ignore[str-unpack]
            assert isinstance(field, str) and isinstance(width, int)
            named = field in ("E", "a") or (field == "M" and width >= 3)
            if not named and field not in NUMERIC_FIELDS:
                raise ValueError(f"{locale}: the {key} pattern {pattern.pattern!r} uses {field!r}")
            if named:
                samples = ([datetime(2024, 1, 1 + i) for i in range(7)] if field == "E"
                           else [datetime(2024, 1 + i, 1) for i in range(12)] if field == "M"
                           else [datetime(2024, 1, 1, 9), datetime(2024, 1, 1, 15)])
                names[f"{field}{width}"] = [format_datetime(s, field * width, locale=loc) for s in samples]
            tokens.append(list(value))
        dates[key] = tokens
    numbers: dict[str, Any] = {"group_sign": loc.number_symbols["latn"]["group"],
                               "decimal_sign": loc.number_symbols["latn"]["decimal"]}
    for kind, pattern in (("decimal", loc.decimal_formats[None]), ("currency", loc.currency_formats["standard"])):
        if pattern.scale or pattern.exp_prec or "@" in pattern.pattern or "¤¤¤" in pattern.pattern:
            raise ValueError(f"{locale}: the {kind} pattern {pattern.pattern!r} is not a plain one")
        numbers[kind] = {"prefix": list(pattern.prefix), "suffix": list(pattern.suffix),
                         "grouping": list(pattern.grouping), "int_min": pattern.int_prec[0],
                         "frac": list(pattern.frac_prec)}
    symbols = {code: symbol for code, symbol in loc.currency_symbols.items() if symbol != code}
    return {"dates": dates, "names": names, "numbers": numbers, "symbols": symbols}


def cldr_day_first(territory: str) -> bool | None:
    """Whether the country writes a day before its month, read from babel (None: a country CLDR has no
    locale for). Its short date pattern says it ("dd/MM/y", "M/d/yy"); one that leads with the year
    ("y-MM-dd", Sweden's, Canada's) says nothing of a day and a month written alone, and then the
    pattern of a month and day with no year does ("d/M" in Sweden, "M/d" in Japan)."""
    from babel.core import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(f"und_{territory}")
        short = locale.date_formats["short"].pattern
    except (UnknownLocaleError, ValueError, KeyError):
        return None
    pattern = locale.datetime_skeletons["Md"].pattern if short.lstrip("'").startswith("y") else short
    day, month = pattern.find("d"), pattern.find("M")
    return None if day < 0 or month < 0 else day < month


def cldr_tables(locales: tuple[str, ...] = KEPT_LOCALES) -> dict[str, Any]:
    """What formats_cldr.py holds: babel's version, the tables of `locales`, each currency's decimals
    (where they are not the usual two), the countries that write a day before its month and those that
    write the month first, and the country of each time zone (its other names too)."""
    from babel import Locale
    from babel.core import get_global

    fractions = get_global("currency_fractions")
    default = fractions["DEFAULT"][0]
    digits = {code: f[0] for code, f in sorted(fractions.items()) if code != "DEFAULT" and f[0] != default}
    countries = sorted(str(code) for code in Locale("en").territories
                       if len(str(code)) == 2 and str(code).isalpha() and code != "ZZ")  # ZZ: "unknown region"
    order = {code: cldr_day_first(code) for code in countries}
    territories = get_global("zone_territories")
    aliases = get_global("zone_aliases")
    zones = {zone: str(territories.get(zone, territories.get(aliases.get(zone, ""), "")))
             for zone in sorted(set(territories) | set(aliases))}
    import babel

    return {"BABEL": babel.__version__, "DEFAULT_DIGITS": default, "DIGITS": digits,
            "LOCALES": {name: cldr_table(name) for name in locales},
            "DAY_FIRST": " ".join(code for code in countries if order[code] is True),
            "MONTH_FIRST": " ".join(code for code in countries if order[code] is False),
            # a zone of no country (Etc/UTC is "ZZ", EST5EDT "001") is left out: it says no order
            "ZONE_COUNTRIES": {zone: code for zone, code in zones.items() if code in order}}


def cldr_module(tables: dict[str, Any]) -> str:
    """The text of formats_cldr.py for `tables` (a Python module: read at import, with no parser)."""
    lines = ['"""CLDR\'s patterns, names and symbols for `steward.formats`, written from babel by',
             '`python -m steward.formats`; tests/test_formats.py keeps them equal to babel\'s. Do not edit."""', ""]
    for name, value in tables.items():
        if name in ("LOCALES", "ZONE_COUNTRIES"):
            lines.append(f"{name} = {{")
            lines += [f"    {key!r}: {table!r}," for key, table in value.items()]
            lines.append("}")
        else:
            lines.append(f"{name} = {value!r}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(TABLE_FILE, "w", encoding="utf-8") as out:
        out.write(cldr_module(cldr_tables()))
