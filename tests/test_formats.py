"""One way to write a day, a time, a sum and a zone, from the person's locale (CLDR through babel)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from steward.clock import make_clock
from steward.errors import ConfigError
from steward.formats import Formats, check_locale

SATURDAY = date(2026, 12, 5)


@pytest.mark.parametrize(("locale", "expected"), [
    ("en_GB", "Sat 5 Dec"),
    ("en_US", "Sat, Dec 5"),
    ("en_IN", "Sat, 5 Dec"),
])
def test_a_day_is_written_the_locales_way(locale: str, expected: str) -> None:
    assert Formats(locale).day(SATURDAY) == expected


def test_a_day_in_another_year_carries_its_year() -> None:
    assert Formats("en_GB").day_near(date(2025, 12, 5), SATURDAY) == "Fri, 5 Dec 2025"
    assert Formats("en_GB").day_near(date(2026, 12, 7), SATURDAY) == "Mon 7 Dec"


@pytest.mark.parametrize(("locale", "expected"), [
    ("en_GB", "09:15"),
    ("en_US", "9:15\u202fAM"),
    ("en_IN", "9:15\u202fAM"),
])
def test_a_time_is_written_the_locales_way(locale: str, expected: str) -> None:
    got = Formats(locale).time(datetime(2026, 12, 5, 9, 15, tzinfo=ZoneInfo("Europe/London")))
    assert got.replace(" ", "\u202f") == expected.replace(" ", "\u202f")
    assert Formats(locale).time(time(9, 15)) == got


@pytest.mark.parametrize(("locale", "expected"), [
    ("en_IN", "₹1,00,001.90"),
    ("en_US", "₹100,001.90"),
    ("en_GB", "₹100,001.90"),
])
def test_a_sum_is_grouped_the_locales_way(locale: str, expected: str) -> None:
    assert Formats(locale).money(Decimal("100001.90"), "INR") == expected


def test_a_sum_keeps_two_decimals_and_its_own_currency() -> None:
    fmt = Formats("en_GB")
    assert fmt.money("312.5", "GBP") == "£312.50"
    assert fmt.money(Decimal("1842.17"), "usd") == "US$1,842.17"
    assert fmt.money("not a number", "GBP") == "GBP not a number"


def test_a_zone_is_named_as_a_person_knows_it() -> None:
    fmt = Formats("en_GB")
    assert fmt.zone(ZoneInfo("Europe/London")) == "London"
    assert fmt.zone(ZoneInfo("Asia/Kolkata")) == "Kolkata"
    assert fmt.zone(ZoneInfo("Etc/UTC")) == "UTC"
    assert fmt.zone(ZoneInfo("UTC")) == "UTC"
    assert fmt.zone(timezone(timedelta(hours=5, minutes=30))) == "UTC+05:30"


def test_the_clock_carries_the_locale_setting() -> None:
    clock = make_clock("Europe/London", "2026-12-05T10:00:00+00:00", locale="en-US")
    assert clock.locale == "en_US"
    assert clock.formats.day(clock.today()) == "Sat, Dec 5"
    assert clock.at(clock.now()).locale == "en_US"
    assert clock.zone_label == "London"


def test_an_unknown_locale_is_a_one_line_error() -> None:
    with pytest.raises(ConfigError, match="unknown locale 'xx_QQ'"):
        check_locale("xx_QQ")


# -- the kept tables (formats.json) write exactly as babel writes --------------------------------

def _babel(locale: str) -> dict[str, object]:
    from babel.dates import format_date, format_skeleton, format_time
    from babel.numbers import format_currency, format_decimal

    return {"day": lambda d, year=False: format_skeleton("yMMMEd" if year else "MMMEd",
                                                          datetime(d.year, d.month, d.day), locale=locale),
            "day_long": lambda d: format_date(d, "full", locale=locale),
            "time": lambda t: format_time(t, "short", locale=locale),
            "number": lambda n: format_decimal(n, locale=locale),
            "money": lambda v, c: format_currency(Decimal(str(v)), c, locale=locale)}


def test_the_kept_tables_are_babels_own() -> None:
    """formats_cldr.py is what babel gives today; after a babel upgrade, write it again with
    `python -m steward.formats`."""
    from steward.formats import TABLE_FILE, cldr_module, cldr_tables

    with open(TABLE_FILE, encoding="utf-8") as file:
        assert file.read() == cldr_module(cldr_tables())


@pytest.mark.parametrize("locale", ["en_GB", "en_US", "en_IN", "en_ZA", "de_DE", "fr_FR", "es_ES", "nl_NL", "pt_BR"])
def test_a_kept_locale_writes_every_day_time_and_sum_as_babel_does(locale: str) -> None:
    from steward.formats import kept_table

    assert kept_table(locale) is not None
    fmt, babel = Formats(locale), _babel(locale)
    for offset in range(0, 800, 3):  # every weekday and month, a leap day, two year ends
        day = date(2023, 12, 1) + timedelta(days=offset)
        assert fmt.day(day) == babel["day"](day)  # type: ignore[operator]
        assert fmt.day(day, year=True) == babel["day"](day, True)  # type: ignore[operator]
        assert fmt.day_long(day) == babel["day_long"](day)  # type: ignore[operator]
    for minute in range(0, 24 * 60, 7):
        moment = time(minute // 60, minute % 60)
        assert fmt.time(moment) == babel["time"](moment)  # type: ignore[operator]
    assert fmt.time(time(0, 0)) == babel["time"](time(0, 0))  # type: ignore[operator]
    assert fmt.time(time(12, 0)) == babel["time"](time(12, 0))  # type: ignore[operator]
    for count in (0, 7, -3, 999, 1000, 12345, 100000, 1234567, -98765432):
        assert fmt.number(count) == babel["number"](count)  # type: ignore[operator]
    for amount in ("0", "0.005", "0.015", "1", "312.5", "1842.17", "-45.5", "100001.90", "12345678.999",
                   "1e3", "0.00", "7.125"):
        for currency in ("GBP", "USD", "EUR", "INR", "JPY", "BHD", "CHF", "ZAR", "BRL", "XYZ"):
            assert fmt.money(amount, currency) == babel["money"](amount, currency), (amount, currency)


def test_a_locale_without_a_kept_table_is_written_by_babel() -> None:
    from steward.formats import kept_table

    assert kept_table("sv_SE") is None
    assert check_locale("sv-SE") == "sv_SE"
    assert Formats("sv_SE").money("1234.5", "SEK") == _babel("sv_SE")["money"]("1234.5", "SEK")  # type: ignore[operator]
