"""The pieces a phrase is made of, before they are placed on the user's clock.

A phrase like "next friday at 5 pm" is read as pieces (a day reference, a time of day, a part of the
day, an offset from now); `_place` combines the pieces of one phrase and resolves them on a clock.
Everything here is plain data: frozen, hashable, no clock, no zone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Grain = Literal["second", "minute", "hour", "day", "week", "month", "year"]

# the part of the day "by EOD", "close of business" and "after work" name: a moment at the
# `end_of_day_hour` setting, not a period
END_OF_DAY = "end of day"
# "first thing (tomorrow)": a moment at the `morning_hour` setting
FIRST_THING = "first thing"

GRAIN_ORDER: dict[str, int] = {"second": 0, "minute": 1, "hour": 2, "day": 3, "week": 4, "month": 5, "year": 6}


@dataclass(frozen=True)
class TimeOfDay:
    """A clock time as said: `meridiem` is "am"/"pm" when said; `fixed` when written on a 24-hour clock."""

    hour: int
    minute: int = 0
    second: int = 0
    meridiem: str | None = None
    fixed: bool = False
    grain: Grain = "hour"


@dataclass(frozen=True)
class DayRef:
    """A reference to a day or a longer period, resolved against today.

    kind is one of: rel_day (a = days from today), weekday (a = 0 Monday .. 6 Sunday, mode = "",
    "next", "last", "after_next", "week" with b = weeks from this week), month_day (a = month,
    b = day, year optional), day_of_month (b = day; a = months from this one when mode == "rel"),
    month (a = month, year optional; mode "", "next", "last", "after_next"), year, week (a = weeks
    from this one), month_rel, year_rel, quarter_rel (a = offset), quarter (a = 1..4, year optional),
    weekend (a = weekends from this one), end_of_month (a = months from this one), end_of_week,
    end_of_year, nth_weekday (a = n, negative from the end; b = weekday; month, year optional,
    mode "rel" takes month as an offset), last_day (a = month offset or month, mode), date (the exact
    day in year/month/day), months_ahead (today's day of the month, a months from now: "this time next
    month").
    """

    kind: str
    a: int = 0
    b: int = 0
    year: int | None = None
    month: int | None = None
    mode: str = ""


@dataclass(frozen=True)
class Offset:
    """A duration from now; calendar units move the wall clock, clock units move the instant."""

    years: int = 0
    months: int = 0
    days: float = 0
    seconds: float = 0
    grain: Grain = "day"

    def scaled(self, sign: int) -> Offset:
        return Offset(self.years * sign, self.months * sign, self.days * sign, self.seconds * sign, self.grain)

    def plus(self, other: Offset) -> Offset:
        finer = self.grain if GRAIN_ORDER[self.grain] < GRAIN_ORDER[other.grain] else other.grain
        return Offset(self.years + other.years, self.months + other.months, self.days + other.days,
                      self.seconds + other.seconds, finer)

    @property
    def calendar_only(self) -> bool:
        """True when the offset counts whole days or longer (a time of day can then be set on it)."""
        return self.seconds == 0 and float(self.days).is_integer()


@dataclass(frozen=True)
class Piece:
    """One recognised piece of a phrase, with its span in the normalised text.

    `direction` is +1 / -1 for an offset said with "in"/"ago", 0 for a bare duration that takes its
    direction from the caller's preference. `weak` pieces ("may", a bare year, a bare duration) count
    only when they are the whole text given to `resolve`, never inside a sentence. `dependent` pieces
    (a bare "8") count only beside a part of the day ("8 tonight"). `zone_minutes` is the UTC offset a
    phrase names ("4 pm CET").
    """

    begin: int
    end: int
    day: DayRef | None = None
    time: TimeOfDay | None = None
    part: str | None = None
    part_today: bool = False
    offset: Offset | None = None
    direction: int = 1
    now: bool = False
    until: Piece | None = None
    weak: bool = False
    dependent: bool = False
    zone_minutes: int | None = None
    anchored: bool = False  # an offset counted from the day that follows ("3 days after easter")
    recurring: bool = False  # said as a repeating day ("every monday")
    lasting: bool = False  # a length ("for 30 minutes"): beside a time it sets the end, alone it counts from now
    after_day: bool = False  # counts only after a day in the same phrase ("30.09.22 12.12", "friday 12.30")
    same_time: bool = False  # the clock time it is now, on the day said beside it ("this time tomorrow")

    @property
    def length(self) -> int:
        return self.end - self.begin
