"""When the morning brief is due, on the user's clock (pure).

`brief.morning_time` (07:00) is a wall-clock time in the user's zone, so the instant moves with the
zone's offset: 07:00 is 07:00 on the day after a DST change too. A time that does not exist that day
(inside a spring-forward gap) is the first moment after the gap; a time that happens twice (autumn)
is its first occurrence.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, tzinfo

from steward.errors import ConfigError


def parse_time(text: str, setting: str = "brief.morning_time") -> time:
    """`07:00`, `7:30`, `6` -> a time; a ConfigError naming the setting otherwise."""
    raw = text.strip()
    try:
        if raw.isdigit():
            return time(int(raw))
        hours, minutes = raw.split(":", 1)
        return time(int(hours), int(minutes))
    except ValueError:
        raise ConfigError(f"setting {setting}: {text!r} is not a time of day; write it like 07:00") from None


def morning_instant(day: date, at: time, zone: tzinfo) -> datetime:
    """The aware instant of wall-clock `at` on local `day` in `zone`."""
    naive = datetime.combine(day, at)
    first = naive.replace(tzinfo=zone, fold=0)
    # a wall time inside a gap does not survive the round trip through UTC: it lands after the gap
    return first.astimezone(UTC).astimezone(zone)


def due_day(now: datetime, at: time, zone: tzinfo) -> date | None:
    """The local day whose morning brief is due at `now` (today once `at` has passed), else None."""
    today = now.astimezone(zone).date()
    return today if now >= morning_instant(today, at, zone) else None
