"""A day with the invitations that fall on it: asked in mail, not answered, never on the calendar.

A scan of the mail sets an invitation aside (a meeting request's calendar part, a friend's party told in
plain words): it is no booking, so nothing is written. The person still wants to see it on its day beside
what the calendar holds, marked as an invitation waiting for an answer; an event of the calendar at that
time that shares a word of its name (the person said yes in another app) stands for it.

Pure: a schedule and the invitations in, a schedule out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from steward.calendar.service import Schedule, ScheduleItem
from steward.records.calendar import Event, Invitation

_WORD = re.compile(r"[^\W_]{3,}")


def with_invitations(schedule: Schedule, invitations: Sequence[Invitation]) -> Schedule:
    """The schedule with each invitation on its day (kind "invitation": who asks, waiting for an answer),
    unless an event of the day at that time shares a word of its name."""
    added: list[ScheduleItem] = []
    for invite in invitations:
        start = invite.start
        if _on_calendar(schedule, start, invite.title) or any(
                a.at == start and a.event is not None and a.event.title == invite.title for a in added):
            continue  # one request read twice (inline and attached) is one invitation
        end = invite.end if invite.end > start else start + timedelta(hours=1)
        event = Event(id=f"invitation-{invite.id}", title=invite.title, start=start, end=end,
                      calendar="invitations", location=invite.location, zone=schedule.zone, steward=False)
        added.append(ScheduleItem("invitation", start, event=event, invited_by=invite.invited_by))
    if not added:
        return schedule
    return replace(schedule, items=tuple(sorted((*schedule.items, *added), key=lambda i: (i.at, i.kind))))


def _on_calendar(schedule: Schedule, start: datetime, title: str) -> bool:
    words = {w.casefold() for w in _WORD.findall(title)}
    return any(i.kind == "event" and i.event is not None and i.at == start
               and words & {w.casefold() for w in _WORD.findall(i.event.title)} for i in schedule.items)
