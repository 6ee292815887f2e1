"""Pieces combined into phrases, and phrases placed on the user's clock.

Placement rules (README "Dates"):
- A time with no day is its next occurrence (prefer="past": its latest; prefer="current": today's);
  an hour said without am/pm and without a part of the day is whichever of its two readings comes
  first (preferring the current day: the next one today, else today's later one).
- A day with a time keeps that day even when the moment has passed (the caller refuses a past moment).
  An hour without am/pm on a named day reads 1-6 as afternoon, 7-11 as morning, 12 as noon, unless a
  part of the day says otherwise ("tomorrow morning at 5").
- Offsets in hours, minutes and seconds move the instant ("in 2 hours" is 7200 s away even across a
  DST change); days, weeks, months and years move the wall clock ("in 3 days" is the same local time).
- A local time that does not exist (02:30 on a spring-forward day) is moved forward by the length of
  the gap (03:30); a local time that happens twice (fall-back) is its first occurrence. This is RFC
  5545's rule for iCalendar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

from steward.dates._days import add_months, resolve_day
from steward.dates._grammar import scan
from steward.dates._model import (
    END_OF_DAY,
    FIRST_THING,
    GRAIN_ORDER,
    DayKind,
    DayRef,
    Grain,
    Offset,
    Piece,
    TimeOfDay,
    quick_init,
)

# words that may stand between the pieces of one phrase ("tomorrow at 5 pm", "friday, 3 sept")
# ("May/22 (Tue) - 11:30 AM": a weekday in brackets and a dash before the time are glue too)
# (a service's window of hours after its day: "monday, march 22, with an arrival window between 8 and 12")
_GLUE = re.compile(r"(?:[\s,@()]|-(?!\d)|\b(?:at|on|in|the|of|for|around|about|approximately|approx|from|by)\b"
                   r"|\b(?:with\s)?(?:an?\s|the\s|your\s)?(?:arrival|delivery|service|time)\swindow(?:\s(?:of|is))?\b)*")
# words around a whole phrase given to `resolve` ("by friday", "at 5 pm?")
_LEAD = re.compile(
    r"(?:[\s,;:@(]|\b(?:at|on|by|for|around|about|approximately|approx|in|during|sometime|some time|until|till|til"
    r"|through|thru|after|from|since|before|starting|the|of|@|no later than|not later than|later than|due|between"
    r"|anytime|any time|sometimes|is|it|its|it's|set|remind me|due date|deadline|later|over)\b)*")
_TRAIL = re.compile(r"(?:[\s,.;:!?)]|\b(?:ish|approximately|approx|or so|sharp|exactly|then|please)\b|-ish)*")


@dataclass(frozen=True)
class Phrase:
    """One or more pieces that together make one date/time expression."""

    pieces: tuple[Piece, ...]
    until: Phrase | None = None

    @property
    def begin(self) -> int:
        """Where the phrase starts in the normalised text."""
        return self.pieces[0].begin

    @property
    def end(self) -> int:
        """Where the phrase ends (its `until` part included)."""
        return self.until.end if self.until is not None else self.pieces[-1].end

    @property
    def weak(self) -> bool:
        """Whether every piece is weak ("may", a bare year): a date only when it is the whole text."""
        return all(p.weak for p in self.pieces)


quick_init(Phrase)


def glued(gap: str) -> bool:
    """True when only glue words stand between two pieces."""
    return _GLUE.fullmatch(gap) is not None


def _slots(p: Piece) -> set[str]:
    s = set()
    if p.day is not None or p.offset is not None or p.now:
        s.add("day")
    if p.time is not None or p.same_time:
        s.add("time")
    if p.part is not None:
        s.add("part")
    if p.part_today:
        s.add("day")
    if p.zone_minutes is not None or p.zone_name is not None:
        s.add("zone")
    return s


def _needs(p: Piece) -> str | None:
    """The slot a dependent piece needs beside it: a zone needs a clock time, a bare hour a part of day."""
    if p.zone_minutes is not None or p.zone_name is not None:
        return "time"
    if p.same_time:
        return "day"
    if p.dependent:
        return "part"
    return None


def _drop_orphans(ph: Phrase) -> Phrase | None:
    if not any(q.dependent or q.after_day for q in ph.pieces):
        return ph  # nothing that needs another piece beside it
    slots: set[str] = set()
    for q in ph.pieces:
        if not q.dependent:
            slots |= _slots(q)
    kept = tuple(q for i, q in enumerate(ph.pieces)
                 if (not q.dependent or _needs(q) in slots)
                 and (not q.after_day or any(not r.dependent and "day" in _slots(r) for r in ph.pieces[:i])))
    return Phrase(kept) if kept else None


# a part of the day that narrows a wider one said beside it ("tonight after dinner", "first thing monday morning")
_NARROWS = {
    FIRST_THING: ("morning",), "before lunch": ("morning",), "after lunch": ("afternoon",),
    "dinner": ("evening", "night"), "before dinner": ("evening", "night"), "after dinner": ("evening", "night"),
}


def _refining(parts: tuple[str | None, ...]) -> str | None:
    """The narrower of two parts of the day when one narrows the other, else None."""
    if len(parts) != 2:
        return None
    a, b = parts
    for narrow, wide in ((a, b), (b, a)):
        if narrow in _NARROWS and wide in _NARROWS[narrow]:
            return narrow
    return None


def _compatible(a: Phrase, p: Piece) -> bool:
    if p.lasting:
        # "4pm for 30 mins", "tomorrow morning for an hour": a length joins a time or a part of the day
        return not any(q.lasting or q.offset is not None or q.now for q in a.pieces) and \
            any(q.time is not None or q.part is not None for q in a.pieces)
    if any(q.lasting for q in a.pieces):
        rest = tuple(q for q in a.pieces if not q.lasting)
        if p.offset is not None or p.now:
            return False
        if not rest:
            return p.time is not None or p.part is not None  # "for 30 minutes at 4pm"
        return _compatible(Phrase(rest), p)
    taken: set[str] = set()
    for q in a.pieces:
        taken |= _slots(q)
    new = _slots(p)
    last = a.pieces[-1]
    if last.anchored and p.day is not None and not any(q.day is not None for q in a.pieces):
        return True  # "3 days after" + "easter"
    if last.anchored and last.offset is not None and not last.offset.calendar_only and len(a.pieces) == 1 \
            and (p.time is not None or p.now):
        return True  # "5 hours after" + "noon", "5 minutes before" + "now"
    if taken & new == {"part"} and _refining(tuple(q.part for q in a.pieces if q.part) + (p.part,)) is not None:
        return True  # "first thing monday morning", "tonight after dinner": one part narrows the other
    if taken & new:
        # "tonight at 7" has a day twice over only through the part: let a clock time join a part
        return False
    if p.offset is not None and "time" in taken:
        return p.offset.calendar_only and p.direction != 0
    if any(q.offset is not None for q in a.pieces) and "time" in new:
        return all(q.offset is None or (q.offset.calendar_only and q.direction != 0) for q in a.pieces)
    return not (p.now or any(q.now for q in a.pieces))


def _with_year(ph: Phrase, p: Piece) -> Phrase | None:
    """ "Wed Aug 05 12:00:00 2015": a year said after the rest of a date completes that date."""
    if p.day is None or p.day.kind is not DayKind.YEAR or p.day.year is None:
        return None
    for i, q in enumerate(ph.pieces):
        if q.day is not None and q.day.kind in (DayKind.MONTH_DAY, DayKind.NUMERIC) and q.day.year is None:
            dated = replace(q, day=replace(q.day, year=p.day.year), weak=False)
            pieces = ph.pieces[:i] + (dated,) + ph.pieces[i + 1:]
            return Phrase(pieces + (replace(p, day=None, weak=False, dependent=False),))
    return None


# a weekday and a date side by side: only spaces, commas, brackets or a dash between them ("the 25th on
# friday" is two days: a task for the 25th, done on friday)
_BESIDE = re.compile(r"[\s,()\-]*")
_DATED = (DayKind.MONTH_DAY, DayKind.NUMERIC, DayKind.DAY_OF_MONTH)


def _plain_weekday(p: Piece) -> bool:
    return p.day is not None and p.day.kind is DayKind.WEEKDAY and p.day.mode == "" and not p.recurring \
        and p.time is None and p.part is None and p.offset is None


def _plain_date(p: Piece) -> bool:
    return p.day is not None and p.day.kind in _DATED and p.day.weekday is None and not p.day.weekend_of \
        and p.time is None and p.part is None and p.until is None


def _with_weekday(ph: Phrase, p: Piece) -> Phrase | None:
    """ "Thursday 21/10/2027", "May/22 (Tue)", "Friday 2027-7-9": a weekday said beside a date names
    that date (the date must fall on it where the text leaves the choice open), not a second day."""
    last = ph.pieces[-1]
    if _plain_weekday(last) and _plain_date(p):
        weekday, dated = last, p
    elif _plain_date(last) and _plain_weekday(p):
        weekday, dated = p, last
    else:
        return None
    assert weekday.day is not None and dated.day is not None
    joined = replace(dated, begin=last.begin, end=p.end, weak=False,
                     day=replace(dated.day, weekday=weekday.day.a))
    return Phrase(ph.pieces[:-1] + (joined,))


def choose(text: str) -> list[Piece]:
    """Non-overlapping pieces, the longest first (then the earliest), in text order."""
    found = sorted(scan(text), key=lambda p: (p.begin - p.end, p.begin, p.dependent, p.weak))
    taken = bytearray(len(text) + 1)
    chosen: list[Piece] = []
    for p in found:
        if taken.find(1, p.begin, p.end) < 0:
            taken[p.begin:p.end] = b"\x01" * (p.end - p.begin)
            chosen.append(p)
    return sorted(chosen, key=lambda p: p.begin)


def phrases(text: str) -> list[Phrase]:
    """The phrases of a text: adjacent compatible pieces with only glue words between them."""
    out: list[Phrase] = []
    for p in choose(text):
        p = _week_of(text, p)
        if out and (joined_weekend := _day_weekend(text, out[-1], p)) is not None:
            out[-1] = joined_weekend
            continue
        if out and (moved := _day_moved(text, out[-1], p)) is not None:
            out[-1] = moved
            continue
        if out:
            last = out[-1]
            gap = text[last.end:p.begin]
            if "," in gap and (p.same_time or last.pieces[-1].same_time):
                pass  # "at the same time, tomorrow ..." is the idiom ("meanwhile"), not tomorrow at this time
            elif _GLUE.fullmatch(gap) and _compatible(last, p):
                out[-1] = Phrase(last.pieces + (p,))
                continue
            if _GLUE.fullmatch(gap) and (joined := _with_year(last, p)) is not None:
                out[-1] = joined
                continue
            if _BESIDE.fullmatch(gap) and (dated := _with_weekday(last, p)) is not None:
                out[-1] = dated
                continue
        out.append(Phrase((p,)))
    kept = [k for ph in out if (k := _drop_orphans(ph)) is not None]
    return _ranges(text, kept)


def _day_moved(text: str, ph: Phrase, p: Piece) -> Phrase | None:
    """ "next friday +3 days", "2027-03-01 -2wks": a signed length right after a day moves that day."""
    if p.offset is None or p.anchored or text[p.begin:p.begin + 1] not in ("+", "-") or \
            text[ph.end:p.begin] not in ("", " "):
        return None
    if not any(q.day is not None for q in ph.pieces) or any(q.offset is not None or q.now for q in ph.pieces):
        return None
    return Phrase(ph.pieces + (replace(p, anchored=True),))


_WEEKEND_WORDS = ("weekend", "week-end", "week end", "wkend")


def _is_a_weekend(text: str, p: Piece, the: bool = False) -> bool:
    """True for the word "weekend" itself (not "this weekend", "next weekend")."""
    if p.day is None or p.day.kind is not DayKind.WEEKEND or p.day.a != 0:
        return False
    said = text[p.begin:p.end]
    if the:
        said = said.removeprefix("the ")
    return said in _WEEKEND_WORDS


def _weekend_of(q: Piece) -> Piece | None:
    """A day piece as the weekend it belongs to: "labor day" -> its long weekend, "july 4th" likewise."""
    if q.day is None or q.time is not None or q.part is not None or q.offset is not None or q.until is not None:
        return None
    if q.day.kind in (DayKind.HOLIDAY, DayKind.MONTH_DAY, DayKind.NUMERIC, DayKind.DAY_OF_MONTH):
        return replace(q, day=replace(q.day, weekend_of=True), weak=False)
    return None


_WEEK_OF = re.compile(r"(?:\b(?:the\s)?week\s(?:of|beginning|starting|commencing)\s(?:the\s)?|\bw/c\s)$")


def _week_of(text: str, p: Piece) -> Piece:
    """ "the week of october 6th", "week commencing the 14th": the week that day falls in."""
    if p.day is None or p.day.kind not in (*_DATED, DayKind.HOLIDAY) or p.time is not None or p.until is not None:
        return p
    m = _WEEK_OF.search(text, max(0, p.begin - 28), p.begin)
    if m is None:
        return p
    return replace(p, begin=m.start(), day=replace(p.day, week_of=True), weak=False)


def _day_weekend(text: str, ph: Phrase, p: Piece) -> Phrase | None:
    """ "labor day weekend", "july 4th weekend", "the weekend of the 4th of july": the (long) weekend
    that day belongs to (the rule is in `_days._long_weekend`)."""
    last = ph.pieces[-1]
    gap = text[last.end:p.begin]
    if _is_a_weekend(text, p) and gap in (" ", "'s ", "-"):
        day_piece = _weekend_of(last)
    elif len(ph.pieces) == 1 and _is_a_weekend(text, last, the=True) and gap == " of ":
        day_piece = _weekend_of(p)
    else:
        return None
    if day_piece is None:
        return None
    joined = replace(day_piece, begin=last.begin, end=p.end)
    return Phrase(ph.pieces[:-1] + (joined,))


# "9:30 - 11:00 on thursday", "between 3:30pm and 6 pm", "later than 3:30pm but before 6pm"
_CONNECT = re.compile(r"\s*(?:-|–|/|to|till|til|until|untill|thru|through|and|but before|but earlier than)\s*")


def _ranges(text: str, found: list[Phrase]) -> list[Phrase]:
    out: list[Phrase] = []
    for ph in found:
        if out and out[-1].until is None and _CONNECT.fullmatch(text[out[-1].end:ph.begin]) and \
                _kind(out[-1]) == _kind(ph):
            first = out[-1]
            if first.weak and not ph.weak and _months_only(first) and _months_only(ph):
                # "from may to september": a month's name that is also a word ("may") is the month when
                # another month ends its range
                first = Phrase(tuple(replace(p, weak=False) for p in first.pieces))
            out[-1] = Phrase(first.pieces, ph)
            continue
        out.append(ph)
    return out


def _months_only(ph: Phrase) -> bool:
    """True when every piece of a phrase names a month, or a day of one."""
    return all(p.day is not None and p.day.kind in (DayKind.MONTH, DayKind.MONTH_DAY) for p in ph.pieces)


def _kind(ph: Phrase) -> str:
    """What a side of a range names: a clock time, or a day."""
    return "time" if any(p.time is not None for p in ph.pieces) else "day"


def whole(text: str) -> Phrase | None:
    """The one phrase that makes up the whole text, lead-in and trailing filler words aside."""
    found = phrases(text)
    if len(found) != 1:
        return None
    ph = found[0]
    if not _LEAD.fullmatch(text[:ph.begin]) or not _TRAIL.fullmatch(text[ph.end:]):
        return None
    return ph


def merge(a: Phrase, b: Phrase) -> Phrase | None:
    """Two separate phrases of one sentence as one ("tomorrow ... at 10 am"), when they fit together."""
    merged = a
    for p in b.pieces:
        if not _compatible(merged, p):
            return None
        merged = Phrase(merged.pieces + (p,))
    return merged


# placing on the clock -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Placed:
    """A phrase placed on the clock: start, end, grain, and whether it named a day and a time."""

    start: datetime
    end: datetime | None
    grain: Grain
    has_date: bool
    has_time: bool


quick_init(Placed)


def _utc(moment: datetime) -> datetime:
    # aware datetimes sharing a tzinfo compare by wall time in Python; compare instants instead
    return moment.astimezone(UTC)


def localize(day: date, clock_time: time, zone: tzinfo) -> datetime:
    """The aware moment for a local date and time: gaps move forward, repeated times take the first."""
    naive = datetime.combine(day, clock_time)
    aware = naive.replace(tzinfo=zone, fold=0)
    # a round trip through UTC turns a time inside a spring-forward gap into the real time after it
    return aware.astimezone(UTC).astimezone(zone)


def _part_hours(part: str, opts: _Opts) -> tuple[int, int, int]:
    """(start hour, start minute, end hour) of a part of the day; end 24 is midnight after."""
    table = {
        "morning": (opts.morning_hour, 0, 12), "early morning": (max(opts.morning_hour - 2, 0), 0, 9),
        "late morning": (11, 0, 12), "afternoon": (opts.afternoon_hour, 0, 18),
        "early afternoon": (13, 0, 15), "late afternoon": (17, 0, 18), "evening": (opts.evening_hour, 0, 24),
        "early evening": (18, 0, 20), "late evening": (21, 0, 24), "night": (opts.night_hour, 0, 24),
        "late night": (23, 0, 24), "early night": (opts.night_hour, 0, 24), "lunch": (12, 0, 14),
        "early lunch": (12, 0, 14), "late lunch": (13, 0, 14), "teatime": (17, 0, 18),
        # lunch is 12:00-14:00: "before lunch" is the hour before it, "after lunch" the rest of the afternoon
        "before lunch": (11, 0, 12), "after lunch": (14, 0, 18), "after school": (15, 0, 18),
        # dinner is the hour from `evening_hour`: "before dinner" the hour before, "after dinner" the rest of the evening
        "dinner": (opts.evening_hour, 0, min(opts.evening_hour + 1, 24)),
        "before dinner": (max(opts.evening_hour - 1, 0), 0, max(opts.evening_hour, 1)),
        "after dinner": (min(opts.evening_hour + 1, 23), 0, 24),
    }
    return table.get(part, (opts.morning_hour, 0, 12))


class _Opts:
    """The option values placement reads (a structural copy, so this module needs no import cycle)."""

    def __init__(self, day_first: bool, morning: int, afternoon: int, evening: int, night: int,
                 end_of_day: int) -> None:
        self.day_first = day_first
        self.morning_hour = morning
        self.afternoon_hour = afternoon
        self.evening_hour = evening
        self.night_hour = night
        self.end_of_day_hour = end_of_day


def _settle_hour(t: TimeOfDay, part: str | None, named_day: bool) -> list[int]:
    """The 24-hour readings of a time as said, most likely first."""
    h = t.hour
    if t.meridiem == "am":
        return [0 if h == 12 else h]
    if t.meridiem == "pm":
        return [12 if h == 12 else h + 12]
    if t.fixed or h > 12 or h == 0:
        return [h]
    if part is not None:
        base = part.split()[-1]
        if base == "morning":
            return [0 if h == 12 else h]
        if base in ("afternoon", "evening", "night", "lunch", "dinner"):
            if base == "night" and h in (1, 2, 3, 4):  # "tonight at 1", "2 in the night": after midnight
                return [h]
            return [12 if h == 12 else h + 12]
    if named_day:
        if h == 12:
            return [12]
        return [h + 12] if 1 <= h <= 6 else [h]
    return [h, h + 12] if h != 12 else [12]  # "12:30" with no am/pm is half past noon


def _add_offset(now: datetime, off: Offset, sign: int) -> datetime:
    zone = now.tzinfo
    assert zone is not None
    moment = now
    if off.years or off.months:
        d = add_months(now.date(), sign * (off.years * 12 + off.months))
        moment = localize(d, now.timetz().replace(tzinfo=None), zone)
    whole_days = int(off.days)
    if whole_days:
        d = moment.date() + timedelta(days=sign * whole_days)
        moment = localize(d, moment.timetz().replace(tzinfo=None), zone)
    seconds = off.seconds + (off.days - whole_days) * 86400
    if seconds:
        moment = (moment.astimezone(UTC) + timedelta(seconds=sign * seconds)).astimezone(zone)
    return moment


def _inherit(a: Phrase, b: Phrase) -> Phrase:
    """`a` with what only `b` says (the day, the part of the day, the zone) for the two ends of a range."""
    have: set[str] = set()
    for p in a.pieces:
        have |= _slots(p)
    extra = tuple(p for p in b.pieces if p.time is None and not (_slots(p) & have))
    return Phrase(a.pieces + extra)


_YEARED = (DayKind.MONTH, DayKind.MONTH_DAY, DayKind.NUMERIC)


def _year_said(ph: Phrase) -> int | None:
    return next((p.day.year for p in ph.pieces if p.day is not None and p.day.year is not None), None)


def _in_year(ph: Phrase, year: int) -> Phrase:
    return Phrase(tuple(replace(p, day=replace(p.day, year=year)) if p.day is not None and p.day.kind in _YEARED
                        else p for p in ph.pieces))


def _month_of(first: Phrase, second: Phrase) -> Phrase:
    """ "between the 3rd and the 7th of next month": a day of the month at the start takes the month
    said with the end."""
    end_day = next((p.day for p in second.pieces if p.day is not None), None)
    if end_day is None or end_day.kind not in (DayKind.MONTH_DAY, DayKind.DAY_OF_MONTH) or \
            (end_day.kind is DayKind.DAY_OF_MONTH and end_day.mode != "rel"):
        return first
    out = []
    for p in first.pieces:
        day = p.day
        if day is not None and day.kind is DayKind.DAY_OF_MONTH and day.mode == "" and day.a == 0:
            back = 1 if day.b > end_day.b else 0  # "from the 28th to the 3rd of next month" starts this month
            if end_day.kind is DayKind.MONTH_DAY:
                month, year = end_day.a - back, end_day.year
                if month == 0:
                    month, year = 12, (year - 1 if year is not None else None)
                p = replace(p, day=DayRef(DayKind.MONTH_DAY, month, day.b, year))
            else:
                p = replace(p, day=replace(day, a=end_day.a - back, mode="rel"))
        out.append(p)
    return Phrase(tuple(out))


def _place_range(phrase: Phrase, now: datetime, prefer: str, opts: _Opts) -> Placed | None:
    assert phrase.until is not None
    first = _month_of(Phrase(phrase.pieces), phrase.until)
    second = phrase.until
    year = _year_said(second)
    if year is not None and _year_said(first) is None and any(p.day is not None and p.day.kind in _YEARED
                                                              for p in first.pieces):
        # "from october to february 2031": the year said at the end is the start's too, or the year before
        # when the start's month comes after the end's
        placed = _place_range(Phrase(_in_year(first, year).pieces, second), now, prefer, opts)
        if placed is not None and placed.end is not None and placed.start.year == year:
            stop = place(second, now, prefer, opts)
            if stop is not None and _utc(placed.start) > _utc(stop.start):
                return _place_range(Phrase(_in_year(first, year - 1).pieces, second), now, prefer, opts)
        return placed
    start = place(_inherit(first, second), now, prefer, opts)
    if start is None:
        return None
    begin_day = next((p for p in first.pieces if p.day is not None or p.part_today or p.offset is not None), None)
    if begin_day is not None and not any(p.day is not None or p.offset is not None for p in second.pieces):
        second = Phrase(second.pieces + (begin_day,))
    second = _inherit(second, first)
    end = _range_end(second, start.start, now, prefer, opts)
    if end is None:
        return None
    if _utc(end) <= _utc(start.start):
        # an end before the start is the next day's ("22:00 to 06:00"); a clock time said without am or pm
        # may also be its other half of the day: "thursday 5:30 to 7" ends that evening, "10pm to 6" the next
        # morning, whichever comes first after the start
        ends = [end]
        other = _other_half(second)
        if other is not None:
            alt = _range_end(other, start.start, now, prefer, opts)
            if alt is not None:
                ends.append(alt)
        end = min((e if _utc(e) > _utc(start.start) else e + timedelta(days=1) for e in ends), key=_utc)
    return Placed(start.start, end, start.grain, start.has_date, start.has_time)


def _range_end(second: Phrase, begun: datetime, now: datetime, prefer: str, opts: _Opts) -> datetime | None:
    """Where the end of a range falls, once its start is placed at `begun`."""
    if not any(p.day is not None or p.part_today or p.offset is not None for p in second.pieces):
        # a clock time with no day ends the range at its first occurrence after the start: "from 3 to 5"
        # at 04:30 is 15:00-17:00, not 15:00 to 05:00 the next morning
        stop = place(second, begun, "future", opts)
    else:
        stop = place(second, now, prefer, opts)
    if stop is None:
        return None
    return stop.end if stop.end is not None else stop.start


def _other_half(ph: Phrase) -> Phrase | None:
    """The phrase with its clock time said without am or pm read in the other half of the day, or None
    when its time is fixed (said with am/pm, on a 24-hour clock, or by a part of the day)."""
    pieces = ph.pieces
    timed = [p for p in pieces if p.time is not None]
    if len(timed) != 1 or any(p.part for p in pieces):
        return None
    t = timed[0].time
    assert t is not None
    if t.meridiem is not None or t.fixed or not 1 <= t.hour <= 12:
        return None
    first = _settle_hour(t, None, any(p.day is not None for p in pieces))[0]
    flipped = replace(t, meridiem="am" if first >= 12 else "pm")
    return Phrase(tuple(replace(p, time=flipped) if p is timed[0] else p for p in pieces))


def place(phrase: Phrase, now: datetime, prefer: str, opts: _Opts) -> Placed | None:
    """Where a phrase falls on the clock whose current moment is `now` (aware, in the user's zone)."""
    if phrase.until is not None:
        return _place_range(phrase, now, prefer, opts)
    # what the pieces say, in one pass (the first piece saying each thing)
    inner = lasting = named = offset_piece = None
    day_ref: DayRef | None = None
    t: TimeOfDay | None = None
    same_time = part_today = False
    parts: list[str] = []
    for p in phrase.pieces:
        if inner is None and p.until is not None:
            inner = p
        if lasting is None and p.lasting and p.offset is not None:
            lasting = p
        if named is None and (p.zone_minutes is not None or p.zone_name is not None):
            named = p
        if day_ref is None and p.day is not None:
            day_ref = p.day
        if offset_piece is None and p.offset is not None:
            offset_piece = p
        if t is None and p.time is not None:
            t = p.time
        same_time = same_time or p.same_time
        part_today = part_today or p.part_today
        if p.part:
            parts.append(p.part)
    if inner is not None and inner.until is not None:
        # a range said in one piece ("3-4pm", "July 13-15"): the same as two phrases joined by "to"
        rest = tuple(p for p in phrase.pieces if p is not inner)
        first = Phrase(tuple(sorted(rest + (replace(inner, until=None),), key=lambda p: p.begin)))
        return _place_range(Phrase(first.pieces, Phrase((inner.until,))), now, prefer, opts)
    if lasting is not None and lasting.offset is not None and len(phrase.pieces) > 1:
        # "4pm for 30 mins": the rest of the phrase is the start, the length sets the end
        begun = place(Phrase(tuple(p for p in phrase.pieces if p is not lasting)), now, prefer, opts)
        if begun is None:
            return None
        return replace(begun, end=_add_offset(begun.start, lasting.offset, 1))
    if named is not None:
        # "8:00 PST", "23:00 ET": place the phrase on that zone's clock, then show it on the user's
        # (a piece that also says the day or the time, "2026-12-09T16:20Z", keeps them)
        there_zone: tzinfo = ZoneInfo(named.zone_name) if named.zone_name is not None else \
            timezone(timedelta(minutes=named.zone_minutes or 0))
        there = place(Phrase(tuple(replace(p, zone_minutes=None, zone_name=None) for p in phrase.pieces)),
                      now.astimezone(there_zone), prefer, opts)
        if there is None:
            return None
        user_zone = now.tzinfo
        return Placed(there.start.astimezone(user_zone), there.end.astimezone(user_zone) if there.end else None,
                      there.grain, there.has_date, there.has_time)
    zone = now.tzinfo
    assert zone is not None
    if t is None and same_time:
        # "this time tomorrow": the clock time it is now, to the minute
        t = TimeOfDay(now.hour, now.minute, 0, None, True, "minute")
    part = None
    if parts:
        narrower = _refining(tuple(parts))
        part = next((q for q in parts if narrower is None or q == narrower), None)
    today = now.date()

    if offset_piece is not None and offset_piece.offset is not None and offset_piece.anchored \
            and not offset_piece.offset.calendar_only:
        # "4 hours after noon", "an hour before thursday": that long from the moment the rest names
        rest = tuple(p for p in phrase.pieces if p is not offset_piece)
        anchor = place(Phrase(rest), now, prefer, opts) if rest else None
        if anchor is None:
            return None
        moved = _add_offset(anchor.start, offset_piece.offset, offset_piece.direction)
        return Placed(moved, None, offset_piece.offset.grain, has_date=anchor.has_date, has_time=True)

    if offset_piece is not None and offset_piece.offset is not None and offset_piece.anchored:
        if day_ref is None:
            return None
        span = resolve_day(day_ref, today, prefer, opts.day_first)
        if span is None:
            return None
        base = localize(span[0], time(0), zone)
        moved = _add_offset(base, offset_piece.offset, offset_piece.direction)
        if t is not None or part is not None:
            return _on_day(moved.date(), t, part, zone, opts, has_date=True)
        return Placed(moved, localize(moved.date() + timedelta(days=1), time(0), zone), "day",
                      has_date=True, has_time=False)

    if offset_piece is not None and offset_piece.offset is not None:
        off = offset_piece.offset
        sign = offset_piece.direction or (-1 if prefer == "past" else 1)
        moment = _add_offset(now, off, sign)
        if t is not None or part is not None:
            return _on_day(moment.date(), t, part, zone, opts, has_date=True)
        has_time = off.seconds != 0 or not float(off.days).is_integer()
        return Placed(moment, None, off.grain, has_date=not has_time or off.days != 0, has_time=has_time)

    if any(p.now for p in phrase.pieces):
        return Placed(now, None, "second", has_date=False, has_time=True)

    if day_ref is not None and day_ref.kind is DayKind.UNITS and day_ref.mode == "top_of_hour":
        # "at the top of the hour": the moment the next whole hour starts
        return replace(_units_from_now(1, "hour", now), end=None, grain="minute")

    if day_ref is not None and day_ref.kind is DayKind.UNITS and day_ref.mode in ("second", "minute", "hour"):
        return _units_from_now(day_ref.a, day_ref.mode, now)

    if day_ref is not None:
        span = resolve_day(day_ref, today, prefer, opts.day_first)
        if span is None:
            return None
        first_day, after, grain = span
        if t is not None or part is not None:
            return _on_day(first_day, t, part, zone, opts, has_date=True)
        return Placed(localize(first_day, time(0), zone), localize(after, time(0), zone), grain,
                      has_date=True, has_time=False)

    if part_today:
        return _on_day(today, t, part, zone, opts, has_date=True)

    if t is not None:
        return _next_time(t, part, now, prefer, zone)

    if part is not None:
        placed = _on_day(today, None, part, zone, opts, has_date=False)
        if placed is not None and _utc(placed.start) < _utc(now) and prefer == "future":
            placed = _on_day(today + timedelta(days=1), None, part, zone, opts, has_date=False)
        return placed
    return None


def _units_from_now(n: int, unit: str, now: datetime) -> Placed:
    """ "next 3 hours" (from the next whole hour) and "last 2 minutes" (up to this one)."""
    size = {"second": 1, "minute": 60, "hour": 3600}[unit]
    utc = now.astimezone(UTC)
    whole = utc.replace(microsecond=0)
    if unit != "second":
        whole = whole.replace(second=0)
    if unit == "hour":
        whole = whole.replace(minute=0)
    step = timedelta(seconds=size)
    if n > 0:
        start, end = whole + step, whole + step * (n + 1)
    else:
        start, end = whole + step * n, whole
    zone = now.tzinfo
    return Placed(start.astimezone(zone), end.astimezone(zone), unit, has_date=False, has_time=True)  # type: ignore[arg-type]


def _on_day(day: date, t: TimeOfDay | None, part: str | None, zone: tzinfo, opts: _Opts,
            has_date: bool) -> Placed | None:
    if t is not None:
        hour = _settle_hour(t, part, named_day=True)[0]
        if part and part.endswith("night") and hour < 5 and t.meridiem != "pm":
            day = day + timedelta(days=1)  # "tonight at 1 am" is after midnight
        start = localize(day, time(hour, t.minute, t.second), zone)
        return Placed(start, None, t.grain, has_date=has_date, has_time=True)
    assert part is not None
    if part in (END_OF_DAY, FIRST_THING):
        # "by EOD", "close of business", "after work", "first thing": a moment (a deadline), not a period
        hour = opts.end_of_day_hour if part == END_OF_DAY else opts.morning_hour
        start = localize(day, time(hour), zone)
        return Placed(start, None, "hour", has_date=has_date, has_time=True)
    h, mi, end_h = _part_hours(part, opts)
    start = localize(day, time(h, mi), zone)
    end_day = day + timedelta(days=1) if end_h == 24 else day
    end = localize(end_day, time(end_h % 24), zone)
    return Placed(start, end, "hour", has_date=has_date, has_time=True)


def _next_time(t: TimeOfDay, part: str | None, now: datetime, prefer: str, zone: tzinfo) -> Placed:
    """The next (or latest, or today's) moment showing this clock time."""
    today = now.date()
    if prefer == "current":
        readings = [localize(today, time(hour, t.minute, t.second), zone) for hour in _settle_hour(t, part, False)]
        ahead = [r for r in readings if _utc(r) >= _utc(now)]
        chosen = min(ahead, key=_utc) if ahead else max(readings, key=_utc)
        return Placed(chosen, None, t.grain, has_date=False, has_time=True)
    best: datetime | None = None
    for hour in _settle_hour(t, part, named_day=False):
        for delta in ((0, 1) if prefer != "past" else (0, -1)):
            d = today + timedelta(days=delta)
            cand = localize(d, time(hour, t.minute, t.second), zone)
            ok = _utc(cand) >= _utc(now) if prefer != "past" else _utc(cand) <= _utc(now)
            if ok:
                if best is None or (_utc(cand) < _utc(best) if prefer != "past" else _utc(cand) > _utc(best)):
                    best = cand
                break
    assert best is not None
    return Placed(best, None, t.grain, has_date=False, has_time=True)


def finer(a: Grain, b: Grain) -> Grain:
    """The finer of two grains."""
    return a if GRAIN_ORDER[a] <= GRAIN_ORDER[b] else b
