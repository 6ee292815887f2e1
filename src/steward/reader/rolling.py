"""Spans people mean otherwise than the calendar does. A span counted back from now ("in the last 10 days",
"over the past week", "the past few days") runs from the start of the day that many days, weeks or months ago
up to now, the way people mean it of what came in or what was spent, not the calendar week or month before
this one (bare "last week" and "last month" are those). "This week" asked on its last day is the week ahead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from steward.clock import Clock

# a span counted back from now ("the last 10 days", "the past week", "over the past few days"): "the" or "this"
# before it, a count in it, or "past" said of it make it run up to now; bare "last week" is the calendar week before
_ROLLING = re.compile(r"^(?P<the>(?:the|this)\s+)?(?P<rel>last|past)\s+(?:(?P<n>\d+|few|couple(?:\s+of)?|a\s+couple"
                      r"(?:\s+of)?|two|three|four|five|six|seven|eight|nine|ten)\s+)?(?P<unit>days?|weeks?|fortnight|months?)$",
                      re.I)
_COUNTS = {"few": 3, "couple": 2, "couple of": 2, "a couple": 2, "a couple of": 2, "two": 2, "three": 3, "four": 4,
           "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def rolling_back(said: str, before: Sequence[str], clock: Clock) -> tuple[datetime, datetime] | None:
    """(from the start of the day that many units ago, now) for a span counted back from now; None for any
    other span (bare "last week" and "last month" stay the calendar's)."""
    m = _ROLLING.match(" ".join(said.split()))
    if m is None:
        return None
    count = m["n"]
    the = bool(m["the"]) or bool(set(before) & {"the", "this"})
    if not count and not the and m["rel"].lower() != "past":
        return None
    n = int(count) if count and count.isdigit() else _COUNTS.get((count or "").lower(), 1)
    unit = m["unit"].lower().rstrip("s")
    today = clock.today()
    if unit == "month":
        year, month = divmod(today.year * 12 + today.month - 1 - n, 12)
        first = today.replace(year=year, month=month + 1, day=min(today.day, 28))
    else:
        first = today - timedelta(days=n * {"day": 1, "week": 7, "fortnight": 14}[unit])
    return datetime.combine(first, datetime.min.time(), clock.zone), clock.now()


# the week under way, said as such ("this week", "the current week")
_THIS_WEEK = re.compile(r"^\s*(?:(?:on|for|in|during)\s+)?(?:this|the\s+current|the)\s+week\s*$", re.I)


def week_ahead(said: str, grain: str | None, end: datetime, clock: Clock) -> tuple[datetime, datetime, str] | None:
    """(today, a week on, how to say it) for "this week" asked on the week's last day, when nothing of it is left
    to ask about but today ("what have I got on this week?" on a Sunday asks about the days ahead); None otherwise."""
    if grain != "week" or not _THIS_WEEK.match(said) or clock.local(end - timedelta(microseconds=1)).date() != clock.today():
        return None
    start = datetime.combine(clock.today(), datetime.min.time(), clock.zone)
    return start, start + timedelta(days=7), "in the week ahead"
