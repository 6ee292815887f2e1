"""Properties that hold for any "now" in any zone, DST changes and odd offsets included."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from steward.clock import Clock
from steward.dates import find, resolve

ZONES: list[tzinfo] = [
    ZoneInfo(name) for name in (
        "UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "America/New_York", "Europe/London",
        "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Apia", "America/Sao_Paulo",
        "Asia/Tehran", "Pacific/Kiritimati", "Pacific/Niue", "America/Santiago", "Africa/Casablanca",
    )
] + [timezone(timedelta(hours=5, minutes=30)), timezone(timedelta(hours=5, minutes=45)),
     timezone(-timedelta(hours=3, minutes=30))]

# instants anywhere, plus instants within a day of a DST change in the zones that have one
instants = st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(2037, 12, 1), timezones=st.just(UTC))


def _transitions() -> list[datetime]:
    out = []
    for name in ("America/New_York", "Europe/London", "Australia/Lord_Howe", "America/St_Johns",
                 "Pacific/Chatham", "America/Santiago"):
        zone = ZoneInfo(name)
        for year in (2024, 2025, 2026, 2030):
            moment = datetime(year, 1, 1, tzinfo=UTC)
            while moment.year == year:
                nxt = moment + timedelta(hours=1)
                if zone.utcoffset(nxt.replace(tzinfo=None)) != zone.utcoffset(moment.replace(tzinfo=None)):
                    out.append(nxt)
                moment = nxt
    return out


TRANSITIONS = _transitions()
near_change = st.builds(lambda t, minutes: t + timedelta(minutes=minutes),
                        st.sampled_from(TRANSITIONS), st.integers(-36 * 60, 36 * 60))
any_now = st.one_of(instants, near_change)
zones = st.sampled_from(ZONES)


@settings(max_examples=300, deadline=None)
@given(any_now, zones)
def test_tomorrow_at_5pm_is_the_next_local_day_at_17(now: datetime, zone: tzinfo) -> None:
    clock = Clock(zone, now)
    local_now = clock.now()
    found = resolve("tomorrow at 5 pm", clock)
    assert found is not None
    assert found.start.tzinfo is not None
    assert found.start.date() == local_now.date() + timedelta(days=1)
    assert (found.start.hour, found.start.minute, found.start.second) == (17, 0, 0)
    assert found.start.utcoffset() == zone.utcoffset(found.start.replace(tzinfo=None))


PHRASES = ["today", "tonight", "this evening", "tomorrow", "day after tomorrow", "monday", "next friday",
           "this friday", "the 3rd", "the 31st", "Sept 3", "Feb 29", "3/9", "5 pm", "17:00", "noon", "midnight",
           "half past four", "quarter to nine", "ten am", "in 2 hours", "in twenty minutes", "in 3 days",
           "in 1 month", "morning", "this weekend", "end of the month", "2:30 am", "tomorrow at 2:30 am",
           "next week", "3 days ago", "at 7", "last friday", "in an hour and a half", "5ish", "by EOD",
           "COB tomorrow", "after lunch", "tomorrow before lunch", "same time tomorrow", "this time next week",
           "july 4th weekend", "first thing tomorrow", "early next week"]


@settings(max_examples=300, deadline=None)
@given(any_now, zones, st.sampled_from(PHRASES), st.sampled_from(["future", "past", "current"]))
def test_never_naive_and_always_the_same_answer(now: datetime, zone: tzinfo, text: str, prefer: str) -> None:
    clock = Clock(zone, now)
    first = resolve(text, clock, prefer)
    assert first is not None, text
    assert first.start.tzinfo is not None and first.start.utcoffset() is not None
    assert first.end is None or (first.end.tzinfo is not None and first.end > first.start)
    assert resolve(text, clock, prefer) == first
    assert resolve(text, Clock(zone, now), prefer) == first
    inside = find(f"please do it {text} thanks", clock, prefer)
    assert inside is not None and inside.start == first.start


@settings(max_examples=300, deadline=None)
@given(any_now, zones, st.integers(0, 23), st.integers(0, 59))
def test_a_time_with_no_day_is_the_next_one_with_that_reading(now: datetime, zone: tzinfo, hour: int,
                                                              minute: int) -> None:
    clock = Clock(zone, now)
    found = resolve(f"{hour:02d}:{minute:02d}", clock)
    assert found is not None
    local_now = clock.now()
    start_utc, now_utc = found.start.astimezone(UTC), local_now.astimezone(UTC)
    assert start_utc >= now_utc
    assert start_utc - now_utc <= timedelta(hours=26)  # a day, plus a DST change
    # on the clock face the time shown is the one asked for (10:00 may be read as 22:00), unless it
    # fell into a DST gap
    shown = (found.start.hour, found.start.minute)
    readings = {(hour, minute)} | ({(hour + 12, minute)} if 10 <= hour <= 11 else set())
    if shown not in readings:
        naive = found.start.replace(tzinfo=None)
        assert zone.utcoffset(naive - timedelta(hours=3)) != zone.utcoffset(naive + timedelta(hours=3))


@settings(max_examples=200, deadline=None)
@given(any_now, zones, st.integers(1, 600))
def test_offsets_in_minutes_are_exact_elapsed_time(now: datetime, zone: tzinfo, minutes: int) -> None:
    clock = Clock(zone, now)
    found = resolve(f"in {minutes} minutes", clock)
    assert found is not None
    # (aware datetimes sharing a zone subtract by wall time in Python: compare in UTC)
    assert found.start.astimezone(UTC) - clock.now().astimezone(UTC) == timedelta(minutes=minutes)


def test_nonexistent_local_times_move_forward_by_the_gap() -> None:
    # Lord Howe springs forward by 30 minutes at 02:00: 02:15 does not exist there and becomes 02:45
    zone = ZoneInfo("Australia/Lord_Howe")
    clock = Clock(zone, datetime(2026, 10, 3, 12, 0, tzinfo=zone))
    found = resolve("tomorrow at 2:15 am", clock)
    assert found is not None and found.start.isoformat() == "2026-10-04T02:45:00+11:00"


@settings(max_examples=300, deadline=None)
@given(any_now, zones)
def test_same_time_tomorrow_is_the_next_local_day_at_this_minute(now: datetime, zone: tzinfo) -> None:
    clock = Clock(zone, now)
    local_now = clock.now()
    found = resolve("same time tomorrow", clock)
    assert found is not None and found.grain == "minute"
    assert found.start.date() == local_now.date() + timedelta(days=1)
    if found.start.utcoffset() == local_now.utcoffset():
        # the same wall-clock minute (unless tomorrow's clock skips it in a DST gap)
        assert (found.start.hour, found.start.minute, found.start.second) == (local_now.hour, local_now.minute, 0)


@settings(max_examples=200, deadline=None)
@given(any_now, zones, st.integers(0, 9))
def test_an_hour_and_a_half_is_exact_elapsed_time(now: datetime, zone: tzinfo, hours: int) -> None:
    clock = Clock(zone, now)
    text = f"in {hours} and a half hours" if hours else "in an hour and a half"
    found = resolve(text, clock)
    assert found is not None
    expected = timedelta(minutes=90) if hours == 0 else timedelta(minutes=60 * hours + 30)
    assert found.start.astimezone(UTC) - clock.now().astimezone(UTC) == expected
