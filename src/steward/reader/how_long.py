"""How long until the thing an answer shows: "how long until my flight?", "how many days till the dentist?".

The answer of the thing asked about (a booking, a day's entry) is given as its domain gives it; this says,
on top of it, how far off the first of its things still ahead is, counted on the person's clock (days by
their calendar dates, hours under a day). An answer that shows no time ahead is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from steward.clock import Clock
from steward.reader.answer import Answer

# "how long until", "how many days till", "how long before", "how long is it to", "how many sleeps until"
_HOW_LONG = re.compile(r"\bhow\s+(?:long|many\s+(?:more\s+)?(?:days|weeks|hours|nights|sleeps))\b"
                       r"(?:\s+(?:is\s+it|have\s+i\s+got|do\s+i\s+have|left|to\s+go|now))?"
                       r"\s+(?:until|till|til|'til|before|to)\b"
                       # ("how long have I got to say yes?" asks a time to answer by, not how far off a thing is)
                       r"(?!\s+(?:say|reply|respond|answer|confirm|accept|decide|book|rsvp|let|get\s+back|take|grab|"
                       r"cancel|change|make\s+up)\b)", re.I)


# "how far is that from now?", "how far off is it?", "how far away is the flight?", "how long from now is it?",
# "how soon is that?", "how many days away is it?": how far off in time the thing is
_HOW_FAR = re.compile(r"\bhow\s+(?:far\s+(?:off|away|out|ahead)\b|(?:far|long)\b(?=.*\bfrom\s+(?:now|today)\b)|"
                      r"soon\s+(?:is|are|will)\b|many\s+(?:more\s+)?(?:days|weeks|hours|nights|sleeps)\s+"
                      r"(?:away|off|left|to\s+go)\b|many\s+(?:more\s+)?(?:days|weeks|hours|nights|sleeps)\s+(?:is|are)\s+"
                      r"(?:it|that|this|they|those)\s+(?:away|off)\b)", re.I)
# the words such a question may say about the thing pointed at ("how long till that one?")
UNTIL_WORDS = frozenset(("how", "long", "far", "off", "away", "out", "ahead", "until", "till", "til", "'til", "from",
                         "now", "today", "many", "more", "days", "weeks", "hours", "nights", "sleeps", "left", "go",
                         "soon", "before", "got", "have", "i", "is", "it", "to", "will", "be"))


def asks_how_long(text: str) -> bool:
    """Whether the question asks how long until something ("how long until", "how far off is it")."""
    return _HOW_LONG.search(text) is not None or _HOW_FAR.search(text) is not None


def _starts(view: Mapping[str, object]) -> Iterator[datetime]:
    items = view.get("items")
    for item in items if isinstance(items, list) else ():
        if isinstance(item, Mapping) and isinstance(item.get("start"), str):
            yield datetime.fromisoformat(str(item["start"]))
    days = view.get("days")
    for day in days if isinstance(days, list) else ():
        for item in day.get("items") or () if isinstance(day, Mapping) else ():
            if isinstance(item, Mapping) and isinstance(item.get("at"), str):
                yield datetime.fromisoformat(str(item["at"]))


def how_far(at: datetime, clock: Clock) -> str:
    """`in 3 days`, `tomorrow`, `in 5 hours`, `in 40 minutes` from now, on the person's clock."""
    now = clock.now()
    days = (clock.local(at).date() - clock.today()).days
    if days >= 2:
        weeks = f" (about {round(days / 7)} weeks)" if days >= 14 else ""
        return f"in {days} days{weeks}"
    minutes = int((at - now).total_seconds() // 60)
    if days == 1 and minutes >= 12 * 60:
        return "tomorrow"
    if minutes >= 60:
        hours = minutes // 60
        return f"in {hours} hour{'s' if hours != 1 else ''}"
    return f"in {max(minutes, 1)} minute{'s' if minutes != 1 else ''}"


def with_how_long(text: str, answer: Answer, clock: Clock) -> Answer:
    """The answer led by how far off its first thing still ahead is, when the question asks how long until it."""
    view = answer.data.get("view")
    if not asks_how_long(text) or not isinstance(view, Mapping):
        return answer
    ahead = sorted(at for at in _starts(view) if at > clock.now())
    if not ahead:
        return answer
    first = ahead[0]
    when = clock.formats.moment(clock.local(first))
    lead = f"{how_far(first, clock).capitalize()}: {when}."
    return replace(answer, reply=f"{lead}\n{answer.reply}", data={**answer.data, "until": first.isoformat()})


def until_lines(items: Sequence[Mapping[str, object]], clock: Clock) -> list[str]:
    """How far off each thing pointed at is ("In 8 days: Mon 14 Dec, 18:00."), or that it is past; a thing
    with no time of its own says nothing."""
    out = []
    for item in items:
        start = item.get("start") or item.get("at")
        if not isinstance(start, str):
            continue
        at = datetime.fromisoformat(start)
        when = clock.formats.moment(clock.local(at))
        if "cancel" in str(item.get("status") or ""):
            out.append(f"It was cancelled: it would have been {how_far(at, clock)}, {when}." if at > clock.now()
                       else f"It was cancelled; it was {when}.")
            continue
        out.append(f"{how_far(at, clock).capitalize()}: {when}." if at > clock.now() else f"That was {when}: it is past.")
    return out
