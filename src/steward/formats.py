"""How a date, a time, a sum and a zone are written for the person: one way, from their locale.

The page, the CLI and the brief all write through `Formats`, so "Sat 5 Dec" in one panel is never
"Mon, Nov 30" or "30 Nov 2026" in another, and a sum is "₹1,00,001.90" (en_IN's lakh grouping) or
"₹100,001.90" (en_US) everywhere alike. The patterns are CLDR's, through `babel`: a day is the
locale's abbreviated weekday, day and month ("Sat 5 Dec" in en_GB, "Sat, Dec 5" in en_US), a time its
short time ("09:15", "9:15 AM"), a sum its currency format with the currency's own symbol.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from decimal import Decimal, InvalidOperation

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton, format_time, get_timezone_location
from babel.numbers import format_currency, format_decimal

from steward.errors import ConfigError

DEFAULT_LOCALE = "en_GB"


def check_locale(name: str) -> str:
    """A locale name as babel knows it (`en_GB`, `en-US` -> `en_US`), or a ConfigError that says so."""
    text = (name or DEFAULT_LOCALE).strip().replace("-", "_")
    try:
        return str(Locale.parse(text))
    except (UnknownLocaleError, ValueError):
        raise ConfigError(f"unknown locale {name!r} (use a name like en_GB, en_US or en_IN)") from None


@dataclass(frozen=True)
class Formats:
    """The person's way of writing a day, a time and a sum; `locale` is a CLDR name such as `en_GB`."""

    locale: str = DEFAULT_LOCALE

    def day(self, day: date, *, year: bool = False) -> str:
        """`Sat 5 Dec` (en_GB), `Sat, Dec 5` (en_US); `Sat 5 Dec 2026` with `year`."""
        moment = datetime(day.year, day.month, day.day)
        return format_skeleton("yMMMEd" if year else "MMMEd", moment, locale=self.locale)

    def day_long(self, day: date) -> str:
        """`Saturday 5 December 2026` (en_GB), `Saturday, December 5, 2026` (en_US): the day in full."""
        return format_date(day, "full", locale=self.locale)

    def day_near(self, day: date, today: date) -> str:
        """`Sat 5 Dec` within today's year, `Thu 5 Dec 2024` outside it."""
        return self.day(day, year=day.year != today.year)

    def time(self, moment: datetime | time) -> str:
        """`09:15` (en_GB), `9:15 AM` (en_US): the locale's short time, on the moment's own clock."""
        clock = moment.timetz() if isinstance(moment, datetime) else moment
        return format_time(clock.replace(tzinfo=None), "short", locale=self.locale)

    def moment(self, moment: datetime, *, year: bool = False) -> str:
        """`Sat 5 Dec, 09:15`: the day and the time."""
        return f"{self.day(moment.date(), year=year)}, {self.time(moment)}"

    def number(self, count: int) -> str:
        """`1,234` (en_GB), `1,00,000` (en_IN), `1.234` (de_DE): a count with the locale's grouping."""
        return format_decimal(count, locale=self.locale)

    def money(self, amount: Decimal | str | float, currency: str) -> str:
        """`£312.50`, `₹1,00,001.90` (en_IN), `US$1,842.17` (en_GB): the currency's symbol, two decimals."""
        try:
            value = Decimal(str(amount))
        except (InvalidOperation, ValueError):
            return f"{currency} {amount}"
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
        try:
            return str(get_timezone_location(key, locale=self.locale, return_city=True))
        except (LookupError, ValueError):
            return str(key).rsplit("/", 1)[-1].replace("_", " ")


def _offset(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"
