"""The date and the time: the time now (here or in a place), today's date, the weekday of a day, this week's
number, the days to or since a day. Read from the person's clock (`steward.clock`, `--now` pins it), written in their
formats (`steward.formats`); the frames come from `reader/timeasks.py`."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from steward.clock import Clock
from steward.reader.answer import Answer, Answerer
from steward.reader.frame import Frame


def clock_answerer() -> Answerer:
    """The clock answerer: needs no service, only the person's clock."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        asked = frame.flags
        if "time" in asked:
            return _time(frame, clock)
        if "date" in asked and (frame.filters or frame.unmatched):
            return _time(frame, clock, date_first=True)
        if "date" in asked:
            today = clock.today()
            return Answer(f"Today is {clock.formats.day_long(today)}.", {"date": today.isoformat()})
        if "week" in asked:
            return _week(clock)
        if frame.window is None:
            return None
        day = clock.local(frame.window.start).date()
        if "weekday" in asked and frame.ask == "is_there" and frame.things:
            return _is_weekday(day, frame.things[0], clock)
        if "weekday" in asked:
            verb = "was" if day < clock.today() else "is"
            return Answer(f"{_said(frame)} {verb} {clock.formats.day_long(day)}.", {"date": day.isoformat()})
        if asked & {"until", "since"}:
            return _count(frame, day, clock)
        return None

    return Answerer("clock", "clock", answer, asks=("when", "which", "is_there", "count"))


def _week(clock: Clock) -> Answer:
    """ "It's week 49 of 2026 (Monday 30 November to Sunday 6 December)": the ISO 8601 week, from Monday."""
    today = clock.today()
    year, week, weekday = today.isocalendar()
    monday = today - timedelta(days=weekday - 1)
    fmt = clock.formats
    return Answer(f"It's week {week} of {year} ({fmt.day_long(monday)} to {fmt.day_long(monday + timedelta(days=6))}).",
                  {"week": week, "year": year, "from": monday.isoformat()})


def _said(frame: Frame) -> str:
    """The day as the question said it, opening the reply ("The 14th", "Diwali")."""
    said = frame.window.said.strip() if frame.window is not None else ""
    for lead in ("on ", "for ", "at "):
        if said.casefold().startswith(lead):
            said = said[len(lead):]
    return said[:1].upper() + said[1:] if said else "That day"


def _time(frame: Frame, clock: Clock, *, date_first: bool = False) -> Answer:
    now = clock.now()
    fmt = clock.formats
    if frame.unmatched:
        said = frame.unmatched[0].said
        if frame.unmatched[0].what == "zones":
            name = said.strip().upper() if len(said.strip()) <= 3 else said.strip().title()
            return Answer(f"{name} has more than one time zone: ask for a city there.",
                          {"place": said, "found": False})
        if frame.unmatched[0].what == "places":
            return Answer(f"\u2018{said}\u2019 names places on different clocks: say the city with its state or "
                          "country.", {"place": said, "found": False})
        return Answer(f"I don't know a place called \u2018{said}\u2019: ask for a city, a country or a time zone.",
                      {"place": said, "found": False})
    places = frame.values("place")
    if not places:
        return Answer(f"It's {fmt.time(now)} on {fmt.day_long(now.date())}.", {"now": now.isoformat()})
    from zoneinfo import ZoneInfo

    place = places[0]
    there = now.astimezone(ZoneInfo(place.value))
    ahead = (there.utcoffset() or timedelta(0)) - (now.utcoffset() or timedelta(0))
    day = "" if there.date() == now.date() else f" on {fmt.day_long(there.date())}"
    said = f"{fmt.day_long(there.date())}, {fmt.time(there)}" if date_first else f"{fmt.time(there)}{day}"
    return Answer(f"In {place.label} it's {said} ({_difference(ahead)}).",
                  {"place": place.label, "zone": place.value, "now": there.isoformat()})


def _difference(ahead: timedelta) -> str:
    """ "5 hours 30 minutes ahead of you", "1 hour behind you", "the same time as you"."""
    minutes = int(ahead.total_seconds() // 60)
    if not minutes:
        return "the same time as you"
    hours, rest = divmod(abs(minutes), 60)
    parts = [f"{hours} hour{'s' if hours != 1 else ''}"] if hours else []
    if rest:
        parts.append(f"{rest} minutes")
    return f"{' '.join(parts)} {'ahead of' if minutes > 0 else 'behind'} you"


def _is_weekday(day: date, weekday: str, clock: Clock) -> Answer:
    """ "Yes, it's a Saturday (Saturday 23 April 2027)." / "No, today is Wednesday (...)"."""
    name = datetime(day.year, day.month, day.day).strftime("%A")
    yes = name.casefold() == weekday.casefold()
    subject = "today is" if day == clock.today() else "it was a" if day < clock.today() else "it's a"
    return Answer(f"{'Yes' if yes else 'No'}, {subject} {name} ({clock.formats.day_long(day)}).",
                  {"date": day.isoformat(), "yes": yes})


def _count(frame: Frame, day: date, clock: Clock) -> Answer:
    today = clock.today()
    days = (day - today).days
    what, long = _said(frame), clock.formats.day_long(day)
    data = {"date": day.isoformat(), "days": days}
    if days == 0:
        return Answer(f"{what} is today, {long}.", data)
    n = abs(days)
    span = f"{clock.formats.number(n)} day{'s' if n != 1 else ''}"
    if frame.things[:1] == ("weeks",) and n >= 7:
        weeks, rest = divmod(n, 7)
        span = f"{weeks} week{'s' if weeks != 1 else ''}" + (f" and {rest} day{'s' if rest != 1 else ''}"
                                                            if rest else "")
    if days > 0:
        return Answer(f"{what} is in {span}, on {long}.", data)
    return Answer(f"{what} was {span} ago, on {long}.", data)
