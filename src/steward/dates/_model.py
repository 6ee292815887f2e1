"""The pieces a phrase is made of, before they are placed on the user's clock.

A phrase like "next friday at 5 pm" is read as pieces (a day reference, a time of day, a part of the
day, an offset from now); `_place` combines the pieces of one phrase and resolves them on a clock.
Everything here is plain data: frozen, hashable, no clock, no zone.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Literal

Grain = Literal["second", "minute", "hour", "day", "week", "month", "year"]

# the part of the day "by EOD", "close of business" and "after work" name: a moment at the
# `end_of_day_hour` setting, not a period
END_OF_DAY = "end of day"
# "first thing (tomorrow)": a moment at the `morning_hour` setting
FIRST_THING = "first thing"

GRAIN_ORDER: dict[str, int] = {"second": 0, "minute": 1, "hour": 2, "day": 3, "week": 4, "month": 5, "year": 6}


def quick_init(cls: type) -> None:
    """Give a frozen dataclass an `__init__` that fills the instance's `__dict__` directly.

    The generated one calls `object.__setattr__` once a field, which makes a 19-field `Piece` cost
    three times as much to build; the grammar builds several for every phrase it reads. The class
    stays frozen (setting a field afterwards raises), hashable and comparable as before.
    """
    params, lines, defaults = [], [], {}
    for f in fields(cls):
        if f.default_factory is not MISSING or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields and defaults can be filled directly")
        if f.default is MISSING:
            params.append(f.name)
        else:
            defaults[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        lines.append(f"    d[{f.name!r}] = {f.name}\n")
    source = f"def __init__(self, {', '.join(params)}):\n    d = self.__dict__\n{''.join(lines)}"
    exec(source, defaults)  # noqa: S102 - built from the field names alone, as dataclasses does
    init = defaults["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]


@dataclass(frozen=True)
class TimeOfDay:
    """A clock time as said: `meridiem` is "am"/"pm" when said; `fixed` when written on a 24-hour clock."""

    hour: int
    minute: int = 0
    second: int = 0
    meridiem: str | None = None
    fixed: bool = False
    grain: Grain = "hour"


class DayKind(StrEnum):
    """What a day reference names; `_days` has one resolver per kind.

    The meaning of `a`, `b`, `month`, `year` and `mode` for each kind:

    - REL_DAY: a = days from today. MONTHS_AHEAD: today's day of the month, a months from now
      ("this time next month").
    - WEEKDAY: a = 0 Monday .. 6 Sunday; mode "" (the next), "next" (next calendar week), "last",
      "after_next", "fortnight", "week" (b = weeks from this one).
    - WEEKDAY_COUNT: a = weekday, b = the nth one from today (negative: back).
    - MONTH_DAY: a = month, b = day, year optional. NUMERIC: a and b as written ("3/4"), their order
      settled by the day_first option. DAY_OF_MONTH: b = day; mode "rel" takes a as months from this one.
    - MONTH: a = month, year optional; mode "", "next", "last", "after_next". MONTH_PART: a = month,
      mode "early", "mid", "late". MONTH_WEEKEND: the weekend of the a-th Saturday of `month`.
      DAY_IN_MONTH: day a of `month` (negative from its end).
    - YEAR: `year`. WEEK, MONTH_REL, YEAR_REL, QUARTER_REL, WEEKEND: a = periods from this one (WEEK
      mode "rest": from today to Sunday). QUARTER: a = 1..4, year optional.
    - UNITS: a = count (negative: back) of the unit in mode ("day" .. "year"; "second", "minute",
      "hour" and "top_of_hour" are placed from the clock, not here).
    - NTH_WEEK: the a-th whole week of `month` (or of `year`). WEEK_PART: a = weeks from this one,
      mode "early", "mid", "late". NTH_WEEKDAY: the a-th (negative: from the end) weekday b of `month`;
      mode "rel" takes month as months from this one.
    - START_OF_* / END_OF_*: the first or last day of the week, month or year a periods from this one
      (or of `year`). SEASON: a = 0 spring .. 3 winter, or -1 for the season under way (b = seasons on).
    - WORKDAY: a = working days (Monday to Friday) from today, negative back ("next business day" 1).
    - HOLIDAY: the named day `name`; a = occurrences from the next (-1 the latest), b = years
      (mode "years") or months (mode "months") from now to the year it falls in.
    """

    REL_DAY = "rel_day"
    MONTHS_AHEAD = "months_ahead"
    WEEKDAY = "weekday"
    WEEKDAY_COUNT = "weekday_count"
    MONTH_DAY = "month_day"
    NUMERIC = "numeric"
    DAY_OF_MONTH = "day_of_month"
    MONTH = "month"
    MONTH_PART = "month_part"
    MONTH_WEEKEND = "month_weekend"
    DAY_IN_MONTH = "day_in_month"
    YEAR = "year"
    WEEK = "week"
    MONTH_REL = "month_rel"
    YEAR_REL = "year_rel"
    QUARTER_REL = "quarter_rel"
    QUARTER = "quarter"
    WEEKEND = "weekend"
    UNITS = "units"
    NTH_WEEK = "nth_week"
    WEEK_PART = "week_part"
    NTH_WEEKDAY = "nth_weekday"
    START_OF_WEEK = "start_of_week"
    START_OF_MONTH = "start_of_month"
    START_OF_YEAR = "start_of_year"
    END_OF_WEEK = "end_of_week"
    END_OF_MONTH = "end_of_month"
    END_OF_YEAR = "end_of_year"
    SEASON = "season"
    HOLIDAY = "holiday"
    WORKDAY = "workday"


@dataclass(frozen=True)
class DayRef:
    """A reference to a day or a longer period, resolved against today (the fields per kind: `DayKind`).

    `weekday` is a weekday said with a date that the date must fall on ("Sunday, Feb 10", "tuesday the
    19th"); `weekend_of` asks for the (long) weekend the day belongs to ("labor day weekend", "july 4th
    weekend").
    """

    kind: DayKind
    a: int = 0
    b: int = 0
    year: int | None = None
    month: int | None = None
    mode: str = ""
    weekday: int | None = None
    name: str = ""
    weekend_of: bool = False
    week_of: bool = False  # "the week of october 6th": the Monday-to-Sunday week the day falls in


@dataclass(frozen=True)
class Offset:
    """A duration from now; calendar units move the wall clock, clock units move the instant."""

    years: int = 0
    months: int = 0
    days: float = 0
    seconds: float = 0
    grain: Grain = "day"

    def scaled(self, sign: int) -> Offset:
        """The offset with every part multiplied by `sign` (1 or -1)."""
        return Offset(self.years * sign, self.months * sign, self.days * sign, self.seconds * sign, self.grain)

    def plus(self, other: Offset) -> Offset:
        """The sum of two offsets, at the finer grain of the two."""
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
    zone_name: str | None = None  # a zone whose offset follows its daylight saving ("ET": America/New_York)
    anchored: bool = False  # an offset counted from the day that follows ("3 days after easter")
    recurring: bool = False  # said as a repeating day ("every monday")
    lasting: bool = False  # a length ("for 30 minutes"): beside a time it sets the end, alone it counts from now
    after_day: bool = False  # counts only after a day in the same phrase ("30.09.22 12.12", "friday 12.30")
    same_time: bool = False  # the clock time it is now, on the day said beside it ("this time tomorrow")

    @property
    def length(self) -> int:
        """How many characters the piece covers."""
        return self.end - self.begin


for _cls in (TimeOfDay, DayRef, Offset, Piece):
    quick_init(_cls)
