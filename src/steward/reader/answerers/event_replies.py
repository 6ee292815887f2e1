"""What event changes said in words answer with besides their writes: whether an answer to "every time,
or just that one?" picks one, which of the events a question offered an answer picks (by its time, its
day or its words), the question a later turn is read with after a write, and a message as a sentence.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import TYPE_CHECKING

from steward.calendar.event_find import label
from steward.calendar.reminders.targets import Candidate
from steward.formats import Formats
from steward.reader.frame import Frame, Named, SlotValue, Window
from steward.vocab import words

if TYPE_CHECKING:
    from steward.records.calendar import Event


_ONCE = re.compile(r"\b(?:just|only)\b|\b(?:this|that)\s+(?:one|once|time|week|day)\b|\bonce\b|"
                   r"\bone\s+(?:time|off)\b|\bnot\s+(?:all|every)", re.IGNORECASE)
_EVERY = re.compile(r"\b(?:every|all|each|always|whole|series|permanently|for\s+good|"
                    r"from\s+now\s+on|going\s+forward|onwards?)\b", re.IGNORECASE)


def every_or_once(text: str) -> str | None:
    """What an answer to "every time, or just that one?" picks: "once" ("just this week", "only that
    one"), "every" ("every week", "all of them", "from now on"), or None (neither said, or both)."""
    once, every = bool(_ONCE.search(text)), bool(_EVERY.search(text))
    if once == every:
        return None
    return "once" if once else "every"


def about(event: Event, kind: str, fmt: Formats) -> Frame | None:
    """The question a later turn is read with after a write: about the event written, by its title (none
    after a cancel: the event is gone)."""
    if kind == "event.cancel":
        return None
    said = SlotValue("event", event.title, event.title, ())
    # its time, so "am I free after that?" is after it; an all-day one or a series is no one time
    window = None if event.all_day or event.rule else \
        Window(event.start, event.end, f"on {fmt.when(event.start)}", "minute")
    return Frame(text=event.title, domain="schedule", ask="when", filters=(Named(event.title, (said,), "words"),),
                 window=window)


_LATER = frozenset(("later", "latter", "latest", "last"))
_EARLIER = frozenset(("earlier", "earliest", "sooner", "soonest", "former", "first"))


def by_time(answer: str, events: list[Event]) -> Event | None:
    """The event an answer picks by its time among those offered: "the latest", "the earliest one"
    (None when the answer says neither, or says more than that)."""
    said = [w for w in words(answer) if w not in ("the", "one", "please", "i", "mean", "meant", "pls")]
    if len(said) != 1 or len(events) < 2 or said[0] not in _LATER | _EARLIER:
        return None
    ordered = sorted(events, key=lambda e: e.start)
    return ordered[-1] if said[0] in _LATER else ordered[0]


def offered(events: list[Event], today: date, fmt: Formats) -> list[Candidate]:
    """The events offered in a question, each with the words an answer may name it by (its day, "the
    19th" too)."""
    out = []
    for k, e in enumerate(events):
        days = {today: "today", today + timedelta(days=1): "tomorrow"}
        nth = f"{e.start.day}{'th' if 10 <= e.start.day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(e.start.day % 10, 'th')}"
        said = f"{e.title} {e.location or ''} {e.start:%A} {days.get(e.start.date(), '')} {e.start:%B} {e.start.day} {nth}"
        out.append(Candidate(k, " ".join(said.split()), label(e, fmt)))
    return out


def sentence(message: str) -> str:
    """A message as a sentence of its own: a capital first and a full stop last."""
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
