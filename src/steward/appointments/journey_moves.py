"""A journey's schedule change, said in words, read as the move of that journey.

An airline's schedule change often names the flight in words and its times in labelled lines ("Your flight
XY 123 has a new schedule", "Was: departs Lisbon 07:10, arrives Madrid 09:35", "Now: departs Lisbon
08:40, arrives Madrid 11:05"): read so, the move is of its sender's, not of a flight. Once the
booking it moves is found (the sender's journey that left at the time moved from), the move is that journey at
its new time: its number, its route and the place it leaves from are the journey's, and it lands when the new
line says it arrives, on the clock of the airport it lands at (no arrival said: none is made up).

Pure: decisions in, a decision out.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from steward.appointments.model import Accepted, Rejected, fingerprint

# the arrival a move's line gives ("arrives Madrid 11:05", "arr 2:40 PM")
_ARRIVES = re.compile(r"\barr(?:ives?|iving|ival|\.)?\b[^\d\n]{0,40}?(?<![\d:.])(?P<h>[01]?\d|2[0-3])[:.](?P<m>[0-5]\d)"
                      r"(?:\s?(?P<half>[ap])\.?m\b\.?)?", re.I)
JOURNEYS = frozenset(("flight", "train", "bus", "ferry"))


def as_the_journey(move: Accepted, moved: Accepted | Rejected) -> Accepted:
    """The move of a journey read as that journey at its new time (see the module's words); `moved` is the
    decision of the booking it moves."""
    was = moved.candidate
    if was.what not in JOURNEYS or moved.start is None or was.end_at is None or was.end_at.tzinfo is None:
        lands = None
    else:
        lands = _lands(move.candidate.excerpt, was.end_at + (move.start - moved.start), move.start)
    c = replace(move.candidate, provider=was.provider, what=was.what, route=was.route, travel=True,
                location=was.location, end_at=lands)
    end = lands if lands is not None else move.end
    return replace(move, candidate=c, end=end, location=was.location or move.location,
                   fingerprint=fingerprint(c.provider, move.start))


def _lands(line: str, near: datetime, leaves: datetime) -> datetime | None:
    """When a move's line says the journey arrives, on the clock of where it lands (`near`: the old arrival moved by
    as much as the departure, on that clock); None when it says no arrival, or one that is no flight's length."""
    said = _ARRIVES.search(line)
    if said is None:
        return None
    hour, minute = int(said["h"]), int(said["m"])
    if said["half"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if said["half"].casefold() == "p" else 0)
    at = near.replace(hour=hour, minute=minute, second=0, microsecond=0)
    # the day of the arrival nearest the moved one: an arrival after midnight is on the next day
    at = min((at + timedelta(days=d) for d in (-1, 0, 1)), key=lambda t: abs(t - near))
    return at if leaves < at < leaves + timedelta(hours=24) else None


def moved_journey(move: Accepted, decisions: list[Accepted | Rejected], said: datetime | None) -> Accepted | Rejected | None:
    """The one journey of the move's sender, read before it, that left at the time the move moves from; None
    when there is not exactly one."""
    if said is None or move.candidate.travel:
        return None
    found = [d for d in decisions if d is not move and d.candidate.travel and d.candidate.what in JOURNEYS
             and d.start == said and d.message is not None and d.message.sender == move.message.sender
             and d.message.received_at < move.message.received_at]
    return found[0] if len(found) == 1 else None

