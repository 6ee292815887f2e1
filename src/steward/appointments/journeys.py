"""A journey of several trains or coaches in one calendar event, split into its legs.

Rail booking sites put a whole journey into one event and list its legs in the description, a line
for each departure and arrival, in the language of the site:

    ab 10:26 Frankfurt(Main)Hbf - Gleis 19 (ICE   16)        fra 11:21 Stockholm Central  (X2   531)
    an 11:33 Köln Hbf - Gleis 6                              til 18:02 Hamburg Hbf - Spor 6D-E

    ICE 577 (1071)                                           Glasgow Central (GLC) to London Euston (EUS), dep 12:40
    ● ab 10:27 Berlin Hbf ▷ Gleis 14                         ...

Each departure line with a time is a leg, named by the train in brackets on its line or on the line
above it; a walk between stations (no time) is none. A leg is on the event's day (the day after, once
its time is earlier than the leg before), in the event's own zone. The description must agree with
the event: its first departure is the event's start, else nothing is split.

Pure: text in, candidates out. The words are in `itinerary.yaml` (`leg_departure`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta
from functools import lru_cache
from importlib import resources

from steward.appointments.model import Candidate
from steward.yamldata import load_yaml

# a train in brackets: its product and number ("(ICE 16)", "(X2   531)", "(Bus51016)"), or opening its line
_TRAIN = re.compile(r"\(\s*([A-Za-z]{1,5}\d?)\s+(\d{1,6})\s*\)|\(\s*([A-Za-z]{2,5})(\d{2,6})\s*\)|"
                    r"^\W*([A-Z]{1,5})\s+(\d{1,6})\b")
_BUS = re.compile(r"^(?:bus|coach|flixbus)$", re.I)


@lru_cache(maxsize=1)
def _departure() -> re.Pattern[str]:
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))
    words = "|".join(re.escape(str(w)) for w in sorted(data["leg_departure"], key=len, reverse=True))
    return re.compile(rf"(?:^|[\s,])(?:{words})\s+([01]?\d|2[0-3]):([0-5]\d)\b\s*(.*)$", re.I)


def _train(line: str) -> tuple[str, str] | None:
    found = _TRAIN.search(line)
    if found is None:
        return None
    at = next(n for n in (1, 3, 5) if found.group(n))
    return found.group(at), found.group(at + 1)


def legs(journey: Candidate, description: str) -> list[Candidate]:
    """The legs of a journey event, from its description; [] when it lists fewer than two, or disagrees."""
    start = journey.start_at
    if start is None or journey.floating or not description:
        return []
    lines = [line.strip() for line in description.replace("\\n", "\n").splitlines()]
    out: list[Candidate] = []
    previous: datetime | None = None
    for n, line in enumerate(lines):
        found = _departure().search(line)
        if found is None:
            continue
        hour, minute = int(found.group(1)), int(found.group(2))
        when = start.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if previous is not None and when < previous:
            when += timedelta(days=1)
        if previous is None and when != start:
            return []  # the description does not describe this event
        previous = when
        train = _train(line) or (_train(lines[n - 1]) if n else None)
        if train is None:
            continue
        kind, number = train
        name = f"{kind} {number}" if not _BUS.match(kind) else f"Bus {number}"
        station = re.split(r"\s+-\s+|\s+▷|\s*\(|,", found.group(3))[0].strip() or None
        out.append(replace(journey, provider=name, excerpt=name, start=when.isoformat(), start_at=when, end_at=None,
                           location=station, what="bus" if _BUS.match(kind) else "train", travel=True,
                           uid=f"{journey.uid}#{len(out)}" if journey.uid else None))
    return out if len(out) >= 2 else []
