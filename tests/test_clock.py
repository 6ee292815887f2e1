from datetime import datetime, timedelta

import pytest

from steward.clock import make_clock, parse_instant
from steward.errors import ConfigError, UsageError


def test_now_offset_becomes_the_users_zone_when_none_is_set() -> None:
    clock = make_clock("", "2026-09-14T23:53:00+05:30")
    assert clock.now().utcoffset() == timedelta(hours=5, minutes=30)
    assert clock.today().isoformat() == "2026-09-14"


def test_tz_option_wins_and_shows_the_same_instant_locally() -> None:
    clock = make_clock("Asia/Kolkata", "2026-09-14T18:23:00+00:00", tz="America/New_York")
    assert clock.zone_name == "America/New_York"
    assert clock.now().isoformat() == "2026-09-14T14:23:00-04:00"


def test_naive_now_and_unknown_zone_are_refused() -> None:
    with pytest.raises(UsageError, match="needs an offset"):
        parse_instant("2026-09-14T23:53:00")
    with pytest.raises(ConfigError, match="unknown time zone"):
        make_clock("Mars/Olympus")


def test_fixed_offsets_are_accepted_as_zones() -> None:
    clock = make_clock("+05:45", "2026-01-01T00:00:00+00:00")
    assert clock.now().isoformat() == "2026-01-01T05:45:00+05:45"
    assert clock.zone_name == "+05:45"


def test_unpinned_clock_is_aware() -> None:
    now = make_clock("Europe/Berlin").now()
    assert now.tzinfo is not None and abs(now - datetime.now(now.tzinfo)) < timedelta(seconds=5)
