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
