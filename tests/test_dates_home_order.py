"""Which way "2/12" reads follows the home: day first where the person's country writes the day first
(Germany, Australia, India, the UK ...), month first in the US; a locale that is set says it before the
zone does, and `dates.day_first` on or off says it before either. One reading serves the reminders, the
events said in words and the bills read from mail, and a reply writes the day with its month's name."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from steward.errors import ConfigError
from steward.settings import load

NOW = "2026-11-20T09:00:00+00:00"  # a Friday: 2 December is a Wednesday, 12 February next year a Friday


@pytest.mark.parametrize(("zone", "day_first"), [
    ("Asia/Kolkata", True),         # the demo home
    ("Australia/Melbourne", True),  # the second sample home
    ("Europe/Berlin", True),        # the fourth
    ("Europe/London", True),
    ("America/New_York", False),
    ("America/Los_Angeles", False),
    ("Asia/Manila", False),
    ("Asia/Calcutta", True),        # an older name of a zone is its country's too
    ("UTC", False),                 # a zone of no country: month first, as before
])
def test_the_zones_country_says_the_order_when_nothing_else_does(zone: str, day_first: bool) -> None:
    assert load(None, environ={}).day_first(zone) is day_first


def test_a_locale_that_is_set_says_the_order_before_the_zone() -> None:
    assert load(None, environ={"STEWARD_LOCALE": "en_GB"}).day_first("America/Toronto") is True
    assert load(None, environ={"STEWARD_LOCALE": "en_US"}).day_first("Europe/Berlin") is False
    assert load(None, environ={"STEWARD_LOCALE": "en_IN"}).day_first("UTC") is True
    # a locale that names no country leaves it to the zone
    assert load(None, environ={"STEWARD_LOCALE": "de"}).day_first("America/Chicago") is False


def test_the_setting_said_outright_wins_and_a_wrong_value_is_named() -> None:
    assert load(None, environ={"STEWARD_DATES_DAY_FIRST": "off"}).day_first("Europe/Berlin") is False
    assert load(None, environ={"STEWARD_DATES_DAY_FIRST": "1"}).day_first("America/New_York") is True
    assert load(None, environ={"STEWARD_DATES_DAY_FIRST": "auto"}).day_first("Australia/Melbourne") is True
    with pytest.raises(ConfigError, match="dates.day_first"):
        load(None, environ={"STEWARD_DATES_DAY_FIRST": "sometimes"}).day_first("UTC")


@pytest.mark.parametrize(("zone", "due"), [
    ("Europe/Berlin", "2026-12-02T09:00:00+01:00"),
    ("Australia/Melbourne", "2026-12-02T09:00:00+11:00"),
    ("Asia/Kolkata", "2026-12-02T09:00:00+05:30"),
    ("America/New_York", "2027-02-12T09:00:00-05:00"),
])
def test_a_reminder_on_2_12_is_set_on_the_day_the_home_means(cli: Callable[..., Any], zone: str, due: str) -> None:
    r = cli("--now", NOW, "--tz", zone, "--json", "remind", "2/12 at 9am", "renew the parking permit")
    assert r.code == 0, r.err
    assert r.json()["due"] == due


def test_a_reply_writes_an_ambiguous_day_with_its_months_name(cli: Callable[..., Any]) -> None:
    r = cli("--now", NOW, "--tz", "Europe/Berlin", "chat", "remind me on 2/12 at 9am to renew the parking permit")
    assert r.code == 0, r.err
    assert "Wed, 2 Dec 2026" in r.out and "2/12" not in r.out


def test_an_event_said_with_2_12_goes_on_the_homes_day(cli: Callable[..., Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Australia/Melbourne")
    r = cli("--now", NOW, "--json", "chat", "add a haircut on 2/12 at 4pm")
    assert r.code == 0, r.err
    written = [w for w in r.json()["writes"] if w["kind"] == "event"]
    assert written and written[0]["fields"]["start"].startswith("2026-12-02T16:00")


def test_a_bill_that_names_no_currency_reads_its_due_day_as_the_home_does() -> None:
    from steward.finance.extract import read_bill
    from steward.finance.vocab import finance_vocab

    received = datetime(2026, 11, 20, 8, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
    text = "Your society maintenance statement is ready. Amount due: 4,200.00. Please pay by 2/12."
    home = load(None, environ={}).day_first("Asia/Kolkata")
    bill = read_bill(text, received=received, institution=None, vocab=finance_vocab(), user_day_first=home)
    assert bill.due_date is not None and bill.due_date.isoformat() == "2026-12-02"
