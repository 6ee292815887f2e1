"""A day with the invitations that fall on it: asked in mail, not answered, never on the calendar.

A scan sets an invitation aside (a meeting request's calendar part, a friend's party told in plain words):
it is no booking, so nothing is written. The person still wants to see it on its day, beside what the
calendar holds, marked as an invitation waiting for an answer; an event already on the calendar at that
time under the same name (the person said yes in another app) stands for it.

Pure: a schedule and the stored items in, a schedule out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from steward.calendar.service import Schedule, ScheduleItem
from steward.records.appointments import Item
from steward.records.calendar import Event

_WORD = re.compile(r"[^\W_]{3,}")


def invitation_title(item: Item) -> str:
    """What the invitation is to: a calendar part's own summary, else what the mail calls the event
    ("braai" of "Chantelle Adams: braai"), else its provider's line."""
    summary = " ".join(item.excerpt.split())
    if item.origin == "ics" and summary and len(summary) <= 120:
        return summary
    return item.title.removeprefix(f"{item.provider}: ") if item.title else item.provider


def with_invitations(schedule: Schedule, invitations: Sequence[Item]) -> Schedule:
    """The schedule with each invitation on its day (kind "invitation", who asks, waiting for an answer),
    unless an event of the day at that time shares a word of its name."""
    added: list[ScheduleItem] = []
    for item in invitations:
        if item.start is None:
            continue
        title = invitation_title(item)
        if _on_calendar(schedule, item.start, title) or any(a.at == item.start and a.event is not None
                                                            and a.event.title == title for a in added):
            continue
        start = item.start
        end = item.end if item.end is not None and item.end > start else start + timedelta(hours=1)
        event = Event(id=f"invitation-{item.id}" if item.id is not None else f"invitation-{start.isoformat()}",
                      title=title, start=start, end=end, calendar="invitations", location=item.location,
                      zone=schedule.zone, steward=False)
        added.append(ScheduleItem("invitation", start, event=event, invited_by=item.provider))
    if not added:
        return schedule
    items = sorted((*schedule.items, *added), key=lambda i: (i.at, i.kind))
    return replace(schedule, items=tuple(items))


def _on_calendar(schedule: Schedule, start: datetime, title: str) -> bool:
    words = {w.casefold() for w in _WORD.findall(title)}
    return any(i.kind == "event" and i.event is not None and i.at == start
               and words & {w.casefold() for w in _WORD.findall(i.event.title)} for i in schedule.items)
