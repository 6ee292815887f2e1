"""Repeating dates in words become RFC 5545 rules, placed on the user's wall clock (steward.dates)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from steward.clock import make_clock
from steward.dates import describe_rule, find_recurrence, occurrences, parse_rule

NOW = "2026-12-01T10:00:00-05:00"  # a Tuesday in New York
CLOCK = make_clock("America/New_York", NOW)


@pytest.mark.parametrize(("text", "rule", "first"), [
    ("remind me every monday at 9 to water the plants", "FREQ=WEEKLY;BYDAY=MO", "2026-12-07T09:00:00-05:00"),
    ("every weekday at 8", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-12-02T08:00:00-05:00"),
    ("every other tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "2026-12-08T09:00:00-05:00"),
    ("on the 1st of every month", "FREQ=MONTHLY;BYMONTHDAY=1", "2027-01-01T09:00:00-05:00"),
    ("every year on 3 march", "FREQ=YEARLY;BYMONTHDAY=3;BYMONTH=3", "2027-03-03T09:00:00-05:00"),
    ("daily at 10 pm until friday", "FREQ=DAILY;UNTIL=20261205T045959Z", "2026-12-01T22:00:00-05:00"),
    ("every 2 hours", "FREQ=HOURLY;INTERVAL=2;UNTIL=20261202T045959Z", "2026-12-01T12:00:00-05:00"),
    ("every night at 11", "FREQ=DAILY", "2026-12-01T23:00:00-05:00"),
    ("every monday and thursday at 7:30 pm", "FREQ=WEEKLY;BYDAY=MO,TH", "2026-12-03T19:30:00-05:00"),
    ("mondays at 9", "FREQ=WEEKLY;BYDAY=MO", "2026-12-07T09:00:00-05:00"),
    ("the first monday of every month at 10", "FREQ=MONTHLY;BYDAY=+1MO", "2026-12-07T10:00:00-05:00"),
    ("the last day of every month", "FREQ=MONTHLY;BYMONTHDAY=-1", "2026-12-31T09:00:00-05:00"),
    ("every 2 weeks on friday at 4pm", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "2026-12-04T16:00:00-05:00"),
    ("every day at 10 pm for 2 weeks", "FREQ=DAILY;UNTIL=20261215T045959Z", "2026-12-01T22:00:00-05:00"),
    ("weekly on friday", "FREQ=WEEKLY;BYDAY=FR", "2026-12-04T09:00:00-05:00"),
])
def test_repeats_in_words(text: str, rule: str, first: str) -> None:
    found = find_recurrence(text, CLOCK)
    assert found is not None
    assert (found.rule, found.start.isoformat()) == (rule, first)


@pytest.mark.parametrize("text", ["remind me tomorrow at 5 to call mom", "the weekly report tomorrow at 9",
                                  "every minute", "my monthly review on friday", "each of them"])
def test_no_repeat_is_read_where_none_is_said(text: str) -> None:
    assert find_recurrence(text, CLOCK) is None


def test_the_words_of_the_repeat_are_its_parts() -> None:
    text = "remind me every monday at 9 to water the plants"
    found = find_recurrence(text, CLOCK)
    assert found is not None
    assert [text[b:e] for b, e in found.parts] == ["every monday", "at 9"]


def test_nine_stays_nine_across_both_dst_changes() -> None:
    for zone, start in (("America/New_York", "2026-10-26T09:00:00"), ("Europe/London", "2027-03-15T09:00:00")):
        first = datetime.fromisoformat(start).replace(tzinfo=ZoneInfo(zone))
        times = occurrences("FREQ=WEEKLY;BYDAY=MO", first, first, 6, inclusive=True)
        assert [t.hour for t in times] == [9] * 6
        assert len({t.utcoffset() for t in times}) == 2


def test_a_time_the_clocks_skip_is_the_same_instant_an_hour_later() -> None:
    first = datetime(2027, 3, 7, 2, 30, tzinfo=ZoneInfo("America/New_York"))
    times = occurrences("FREQ=WEEKLY;BYDAY=SU", first, first, 2, inclusive=True)
    assert [t.isoformat() for t in times] == ["2027-03-07T02:30:00-05:00", "2027-03-14T03:30:00-04:00"]


def test_rules_read_back_and_are_described() -> None:
    start = datetime(2026, 12, 8, 9, tzinfo=ZoneInfo("America/New_York"))
    assert parse_rule("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU").text() == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"
    assert describe_rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", start) == "every 2 weeks on Tuesday at 09:00"
    assert describe_rule("FREQ=MONTHLY;BYDAY=-1FR", start) == "every month on the last Friday at 09:00"
    for bad in ("FREQ=SOMETIMES", "BYDAY=MO", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;INTERVAL=0",
                "FREQ=DAILY;BYSETPOS=1", "FREQ=DAILY;UNTIL=tomorrow"):
        with pytest.raises(ValueError):
            parse_rule(bad)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["every monday at 9", "every weekday at 8", "every other tuesday", "on the 15th of every month",
                        "every year on 29 february", "every day at 2:30 am"]),
       st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2030, 12, 31)),
       st.sampled_from(["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata"]))
def test_occurrences_are_after_now_increasing_and_on_the_rule(text: str, now: datetime, zone: str) -> None:
    clock = make_clock(zone, now.replace(tzinfo=ZoneInfo(zone)).isoformat())
    found = find_recurrence(text, clock)
    assert found is not None
    times = found.next(clock.now(), 4)
    assert times and times[0] == found.start and found.start > clock.now()
    assert all(a < b for a, b in zip(times, times[1:], strict=False))
