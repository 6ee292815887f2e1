"""Day references resolved against a calendar day: pure date arithmetic, no clock, no zone.

Conventions (README "Dates"):
- A weekday alone, "on friday" and "this friday" mean the next such day after today; "next friday"
  is the friday of next calendar week (weeks start on Monday); "last friday" the latest one before
  today; "friday after next" the one a week after "friday", as are the British "friday week" and "a
  week on friday"; "tuesday fortnight" (and "a fortnight on tuesday") two weeks after "tuesday".
- A date without a year is its next occurrence, today included (prefer="past": its latest, today
  included); a day of the month alone ("the 3rd") likewise in this or the next month.
- A month alone is the current month or the next one of that name; "next march" the next one after
  this month.
- prefer="current" reads an open phrase in the period it names under way, past or not: a weekday in
  this Monday-to-Sunday week ("friday" on a Sunday is two days ago), a date or a month in this year,
  a day of the month in this month (the next one when this month has no such day).
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from datetime import MAXYEAR, MINYEAR, date, timedelta

from steward.clock import FIRST_YEAR, LAST_YEAR
from steward.dates._holidays import Span, occurrences
from steward.dates._model import DayKind, DayRef, Grain

DaySpan = tuple[date, date, Grain]   # first day, the day after the last, grain
Resolver = Callable[["DayRef", date, str, bool], "DaySpan | None"]  # (ref, today, prefer, day_first)


def add_months(d: date, n: int) -> date:
    """The same day `n` months later, clamped to the month's last day (Jan 31 + 1 month = Feb 28)."""
    total = d.year * 12 + d.month - 1 + n
    year, month = divmod(total, 12)
    month += 1
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year out of range")
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def first_of_month(d: date, n: int = 0) -> date:
    """The first day of the month `n` months after d's."""
    return add_months(d.replace(day=1), n)


def monday_of(d: date) -> date:
    """The Monday of d's week."""
    return d - timedelta(days=d.weekday())


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _month_year(month: int, today: date, prefer: str, strict: bool = False) -> int:
    """The year of the next (or, preferring the past, the latest; the current: this year's) month of that number."""
    if prefer == "current" and not strict:
        return today.year
    if prefer == "past":
        if month < today.month or (month == today.month and not strict):
            return today.year
        return today.year - 1
    if month > today.month or (month == today.month and not strict):
        return today.year
    return today.year + 1


def _next_date(month: int, day: int, today: date, prefer: str, weekday: int | None = None) -> date | None:
    """The next (or latest) date with this month and day; with a weekday, the next one on that weekday."""
    if prefer == "current" and weekday is None and (this_year := _safe_date(today.year, month, day)) is not None:
        return this_year
    step = -1 if prefer == "past" else 1
    year = today.year
    for _ in range(60):  # Feb 29 and weekday matches recur within 28 years
        d = _safe_date(year, month, day)
        if d is not None and (d >= today if step > 0 else d <= today) and (weekday is None or d.weekday() == weekday):
            return d
        year += step
    return None


def _with_weekday(month: int, day: int, today: date, prefer: str, weekday: int) -> date | None:
    """A year-less date said with its weekday ("Sunday, Feb 10"): the year where they agree next to its
    usual occurrence (the one before or after it too), else the usual occurrence itself: a weekday
    that no nearby year agrees with is a slip ("wednesday april sixth" is the coming 6 April), not a
    date years away."""
    usual = _next_date(month, day, today, prefer)
    if usual is None:
        return None
    for year in (usual.year, usual.year - 1, usual.year + 1):
        d = _safe_date(year, month, day)
        if d is not None and d.weekday() == weekday:
            return d
    return usual


def _full_weeks(first: date, after: date) -> list[date]:
    """The Mondays of the Monday-to-Sunday weeks that lie wholly inside [first, after)."""
    monday = first + timedelta(days=(7 - first.weekday()) % 7)
    out = []
    while monday + timedelta(days=7) <= after:
        out.append(monday)
        monday += timedelta(days=7)
    return out


def _weekday(ref: DayRef, today: date, prefer: str) -> date:
    wd = ref.a
    if ref.mode == "next":
        return monday_of(today) + timedelta(days=7 + wd)
    if ref.mode == "week" or (ref.mode == "" and prefer == "current"):
        return monday_of(today) + timedelta(days=7 * ref.b + wd)
    if ref.mode == "last" or (ref.mode == "" and prefer == "past"):
        back = (today.weekday() - wd) % 7 or 7
        return today - timedelta(days=back)
    ahead = (wd - today.weekday()) % 7 or 7
    d = today + timedelta(days=ahead)
    return d + timedelta(days={"after_next": 7, "fortnight": 14}.get(ref.mode, 0))


def _nth_weekday(year: int, month: int, n: int, wd: int) -> date | None:
    days = [date(year, month, day) for day in range(1, calendar.monthrange(year, month)[1] + 1)
            if date(year, month, day).weekday() == wd]
    if n > 0:
        return days[n - 1] if n <= len(days) else None
    return days[n] if -n <= len(days) else None


_ONE = timedelta(days=1)


def _one_day(d: date | None) -> DaySpan | None:
    return (d, d + _ONE, "day") if d is not None else None


def _rel_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    return _one_day(today + timedelta(days=ref.a))


def _workday(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    """The a-th working day (Monday to Friday) from today; public holidays are not known here."""
    day, step, left = today, (1 if ref.a >= 0 else -1), abs(ref.a)
    while left:
        day += timedelta(days=step)
        if day.weekday() < 5:
            left -= 1
    return _one_day(day)


def _weekday_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    return _one_day(_weekday(ref, today, prefer))


def _numeric_order(ref: DayRef, today: date, day_first: bool) -> tuple[int, int]:
    """(month, day) of a numeric date: the day_first option, unless a part above 12 can only be the day,
    or a weekday said with it agrees with the other reading only ("Friday 9/7" on 9 July, a Friday)."""
    month, day = (ref.b, ref.a) if day_first else (ref.a, ref.b)
    if month > 12 and day <= 12:
        return day, month
    if ref.weekday is not None and month != day and day <= 12:
        said, other = _reading(ref, month, day, today), _reading(ref, day, month, today)
        agree = [d for d in (said, other) if d is not None and d.weekday() == ref.weekday]
        # the reading on the weekday said; when both are, the nearer ("fri 11/12" on 1 Dec is the 11th)
        if other in agree and (said not in agree or abs((other - today).days) < abs((said - today).days)):
            return day, month
    return month, day


def _reading(ref: DayRef, month: int, day: int, today: date) -> date | None:
    """The day one reading of a numeric date names: in its year, or its next occurrence."""
    if ref.year is not None:
        return _safe_date(ref.year, month, day)
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return _next_date(month, day, today, "future")


def _month_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    month, day = ref.a, ref.b
    if ref.kind is DayKind.NUMERIC:
        month, day = _numeric_order(ref, today, day_first)
    if ref.mode == "this":
        prefer = "current"  # "this 5/12": this year's, even when it has passed
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    if ref.year is not None:
        return _one_day(_safe_date(ref.year, month, day))
    if ref.weekday is not None:
        return _one_day(_with_weekday(month, day, today, prefer, ref.weekday))
    return _one_day(_next_date(month, day, today, prefer))


def _day_of_month(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    if ref.mode == "rel":
        return _one_day(_safe_date(*_ym(first_of_month(today, ref.a)), ref.b))
    step = -1 if prefer == "past" else 1
    base = first_of_month(today)
    weekday = ref.weekday
    if prefer == "current" and weekday is None and (found := _safe_date(*_ym(base), ref.b)) is not None:
        return _one_day(found)
    for i in range(0, 13 if weekday is None else 400):
        cand = _safe_date(*_ym(add_months(base, i * step)), ref.b)
        if cand is not None and (cand >= today if step > 0 else cand <= today) and \
                (weekday is None or cand.weekday() == weekday):
            return _one_day(cand)
    return None


def _month(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    if ref.year is not None:
        start = date(ref.year, ref.a, 1)
    else:
        strict = ref.mode in ("next", "last", "after_next")
        direction = "past" if ref.mode == "last" or (ref.mode == "" and prefer == "past") else \
            "current" if ref.mode == "" and prefer == "current" else "future"
        year = _month_year(ref.a, today, direction, strict)
        if ref.mode == "after_next":
            year += 1
        start = date(year, ref.a, 1)
    return start, first_of_month(start, 1), "month"


def _year(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    if ref.year is None or not FIRST_YEAR <= ref.year <= LAST_YEAR:
        return None
    return date(ref.year, 1, 1), date(ref.year + 1, 1, 1), "year"


def _week(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    start = monday_of(today) + timedelta(days=7 * ref.a)
    if ref.mode == "rest":
        return today, start + timedelta(days=7), "day"
    return start, start + timedelta(days=7), "week"


def _month_rel(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    start = first_of_month(today, ref.a)
    return start, first_of_month(start, 1), "month"


def _year_rel(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    start = date(today.year + ref.a, 1, 1)
    return start, date(start.year + 1, 1, 1), "year"


def _quarter_rel(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    q0 = date(today.year, (today.month - 1) // 3 * 3 + 1, 1)
    start = add_months(q0, 3 * ref.a)
    return start, add_months(start, 3), "month"


def _quarter(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    year = ref.year if ref.year is not None else today.year
    start = date(year, 3 * (ref.a - 1) + 1, 1)
    return start, add_months(start, 3), "month"


def _holiday_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    period = _holiday(ref, today, prefer)
    return (period[0], period[1], "day") if period else None


def _units_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    return _units(ref.a, ref.mode, today)


def _months_ahead(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    return _one_day(add_months(today, ref.a))


def _weekday_count(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    n = ref.b
    if n > 0:
        return _one_day(today + timedelta(days=((ref.a - today.weekday()) % 7 or 7) + 7 * (n - 1)))
    return _one_day(today - timedelta(days=((today.weekday() - ref.a) % 7 or 7) + 7 * (-n - 1)))


def _nth_week(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    if ref.month:
        year = ref.year if ref.year is not None else _month_year(ref.month, today, prefer)
        first = date(year, ref.month, 1)
        weeks = _full_weeks(first, first_of_month(first, 1))
    else:
        year = ref.year if ref.year is not None else today.year
        weeks = _full_weeks(date(year, 1, 1), date(year + 1, 1, 1))
    index = ref.a - 1 if ref.a > 0 else ref.a
    if not -len(weeks) <= index < len(weeks):
        return None
    return weeks[index], weeks[index] + timedelta(days=7), "week"


def _week_part(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    # the working week in parts: early Monday-Tuesday, mid Wednesday-Thursday, late Thursday-Friday
    monday = monday_of(today) + timedelta(days=7 * ref.a)
    skip, length = {"early": (0, 2), "mid": (2, 2), "late": (3, 2)}[ref.mode]
    return monday + timedelta(days=skip), monday + timedelta(days=skip + length), "day"


def _weekend(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    saturday = monday_of(today) + timedelta(days=5 + 7 * ref.a)
    return saturday, saturday + timedelta(days=2), "day"


def _month_part(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    year = ref.year if ref.year is not None else _month_year(ref.a, today, prefer)
    first = date(year, ref.a, 1)
    last = first_of_month(first, 1)
    if ref.mode == "early":
        return first, first + timedelta(days=10), "day"
    if ref.mode == "mid":
        return first + timedelta(days=10), first + timedelta(days=20), "day"
    return first + timedelta(days=20), last, "day"


def _nth_weekday_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    if ref.mode == "rel":
        year, month = _ym(first_of_month(today, ref.month or 0))
    else:
        month = ref.month or today.month
        year = ref.year if ref.year is not None else _month_year(month, today, prefer)
    return _one_day(_nth_weekday(year, month, ref.a, ref.b))


def _month_weekend(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    # "last weekend of october": the weekend (Saturday and Sunday) of that month's nth Saturday
    month = ref.month or today.month
    year = ref.year if ref.year is not None else _month_year(month, today, prefer)
    first_saturday = _nth_weekday(year, month, ref.a, 5)
    return (first_saturday, first_saturday + timedelta(days=2), "day") if first_saturday else None


def _day_in_month(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    month = ref.month or today.month
    year = ref.year if ref.year is not None else _month_year(month, today, prefer)
    length = calendar.monthrange(year, month)[1]
    return _one_day(_safe_date(year, month, ref.a if ref.a > 0 else length + 1 + ref.a))


def _season_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    return _season(ref, today, prefer)


def _edge(what: str, end: bool) -> Resolver:
    """The resolver of the first (or last working) day of a week, month or year."""

    def resolve(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
        if what == "month":
            first = first_of_month(today, ref.a)
            d = first_of_month(first, 1) - _ONE if end else first
        elif what == "week":
            monday = monday_of(today) + timedelta(days=7 * ref.a)
            d = monday + timedelta(days=4) if end else monday
        else:
            year = ref.year if ref.year is not None else today.year + ref.a
            d = date(year, 12, 31) if end else date(year, 1, 1)
        return _one_day(d)

    return resolve


_RESOLVERS: dict[DayKind, Resolver] = {
    DayKind.REL_DAY: _rel_day, DayKind.MONTHS_AHEAD: _months_ahead, DayKind.WEEKDAY: _weekday_day,
    DayKind.WEEKDAY_COUNT: _weekday_count, DayKind.MONTH_DAY: _month_day, DayKind.NUMERIC: _month_day,
    DayKind.DAY_OF_MONTH: _day_of_month, DayKind.MONTH: _month, DayKind.MONTH_PART: _month_part,
    DayKind.MONTH_WEEKEND: _month_weekend, DayKind.DAY_IN_MONTH: _day_in_month, DayKind.YEAR: _year,
    DayKind.WEEK: _week, DayKind.MONTH_REL: _month_rel, DayKind.YEAR_REL: _year_rel,
    DayKind.QUARTER_REL: _quarter_rel, DayKind.QUARTER: _quarter, DayKind.WEEKEND: _weekend,
    DayKind.UNITS: _units_day, DayKind.NTH_WEEK: _nth_week, DayKind.WEEK_PART: _week_part,
    DayKind.NTH_WEEKDAY: _nth_weekday_day, DayKind.SEASON: _season_day, DayKind.HOLIDAY: _holiday_day,
    DayKind.START_OF_WEEK: _edge("week", False), DayKind.START_OF_MONTH: _edge("month", False),
    DayKind.START_OF_YEAR: _edge("year", False), DayKind.END_OF_WEEK: _edge("week", True),
    DayKind.END_OF_MONTH: _edge("month", True), DayKind.END_OF_YEAR: _edge("year", True),
    DayKind.WORKDAY: _workday,
}


def resolve_day(ref: DayRef, today: date, prefer: str, day_first: bool) -> DaySpan | None:
    """The span of days a reference means, seen from `today`."""
    span = _RESOLVERS[ref.kind](ref, today, prefer, day_first)
    if span is not None and ref.weekend_of:
        # "july 4th weekend", "labor day weekend": the weekend of the day said
        return _long_weekend(span[0])
    if span is not None and ref.week_of:
        monday = monday_of(span[0])
        return monday, monday + timedelta(days=7), "week"
    return span


def _long_weekend(day: date) -> DaySpan:
    """The weekend a day belongs to: a Monday or Tuesday joins the weekend before it ("labor day
    weekend" is Saturday to Monday), a Wednesday to Friday the weekend after it ("thanksgiving weekend"
    is Thursday to Sunday), a Saturday or Sunday is its own weekend."""
    saturday = monday_of(day) + timedelta(days=5)
    if day.weekday() <= 1:
        return saturday - timedelta(days=7), day + timedelta(days=1), "day"
    return min(day, saturday), saturday + timedelta(days=2), "day"


def _units(n: int, unit: str, today: date) -> DaySpan | None:
    """ "next 3 days" (from tomorrow), "last 3 weeks" (the three whole weeks before this one)."""
    if unit == "day":
        return (today + timedelta(days=1), today + timedelta(days=1 + n), "day") if n > 0 else \
            (today + timedelta(days=n), today, "day")
    if unit == "week":
        monday = monday_of(today)
        return (monday + timedelta(days=7), monday + timedelta(days=7 * (n + 1)), "week") if n > 0 else \
            (monday + timedelta(days=7 * n), monday, "week")
    if unit == "month":
        first = first_of_month(today)
        return (first_of_month(first, 1), first_of_month(first, n + 1), "month") if n > 0 else \
            (first_of_month(first, n), first, "month")
    if unit == "year":
        return (date(today.year + 1, 1, 1), date(today.year + 1 + n, 1, 1), "year") if n > 0 else \
            (date(today.year + n, 1, 1), date(today.year, 1, 1), "year")
    return None


def _holiday(ref: DayRef, today: date, prefer: str) -> Span | None:
    key, how = ref.name, ref.mode
    if ref.year is not None:
        year = ref.year
    elif how == "years":
        year = today.year + ref.b
    elif how == "months":
        # "thanksgiving in 9 months": the one in the year nine months from now
        year = add_months(today, ref.b).year
    else:
        backwards = ref.a < 0 or (ref.a == 0 and prefer == "past")
        if ref.a == 0 and prefer == "current" and (this_year := occurrences(key, today.year)):
            return this_year[0]
        spans = [s for y in range(today.year - 3, today.year + 4) for s in occurrences(key, y)]
        if backwards:
            # the latest that began before today
            return max((s for s in spans if s[0] < today), default=None)
        # the next one, or the one under way ("ramadan" during Ramadan)
        ahead = sorted(s for s in spans if s[1] > today)
        return ahead[0] if ahead else None
    found = occurrences(key, year)
    return found[0] if found else None


# where the seasons start (northern hemisphere; the equinoxes and solstices, to the usual day)
_SEASON_START = ((3, 20), (6, 21), (9, 23), (12, 21))


def _season_span(index: int, year: int) -> Span:
    start = date(year, *_SEASON_START[index])
    following = _SEASON_START[(index + 1) % 4]
    return start, date(year + (1 if index == 3 else 0), *following)


def _season(ref: DayRef, today: date, prefer: str) -> DaySpan | None:
    """ "this summer" is the one under way or the next; "next summer" the next one not begun; "last" the latest ended.

    "this season" (a = -1) is the season under way; "next season" (b = 1) the one after it.
    """
    if ref.a < 0:
        spans = sorted(_season_span(i, y) for i in range(4) for y in range(today.year - 2, today.year + 2))
        now = next(i for i, s in enumerate(spans) if s[0] <= today < s[1])
        first, after = spans[now + ref.b]
        return first, after, "day"
    if ref.year is not None:
        first, after = _season_span(ref.a, ref.year)
        return first, after, "day"
    spans = [_season_span(ref.a, y) for y in range(today.year - 2, today.year + 2)]
    if ref.mode == "next":
        found = min((s for s in spans if s[0] > today), default=None)
    elif ref.mode == "last" or prefer == "past":
        under_way = next((s for s in spans if s[0] <= today < s[1]), None)
        found = under_way if ref.mode != "last" and under_way else max((s for s in spans if s[1] <= today), default=None)
    else:
        found = min((s for s in spans if s[1] > today), default=None)
    return (found[0], found[1], "day") if found else None


def _ym(d: date) -> tuple[int, int]:
    return d.year, d.month

