"""Rental cars in the text of a booking mail that carries no structured data: its pick-up and its return.

A rental company writes them as labelled lines, each a day, a time and the place:

    Pick-up: Tue, May 11, 6:30 PM - Phoenix Sky Harbor Airport (PHX), Rental Car Center
    Return: Thu, May 13, 4:15 PM - same location

A rental is read when the mail speaks of a car (a rental, a vehicle, "your car is reserved") and gives
exactly one pick-up line with a day and a time; its return line, when it gives one, is read the same way.
Each time is on the clock of its place: an airport named by its code or its name, else a city (a return
"same location" is at the pick-up's place). A place with no zone read from it is kept without one, and the
consumer turns it down (`travel_zone_missing`) rather than guess. The company is the sender.

Pure: text in, candidates out.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate, unsafe

# the mail is a car's: "your car is reserved", "rental car", "vehicle: compact SUV"
_A_CAR = re.compile(r"\b(?:car\s+rental|rental\s+car|rent-a-car|car\s+hire|hire\s+car|your\s+car\s+is|vehicle|car\s*:)",
                    re.I)
_PICK_UP = re.compile(r"^\s*(?:pick[\s-]?up|collection|pickup\s+date(?:\s+and\s+time)?)\s*:\s*(?P<rest>\S.*)$",
                      re.I | re.M)
_RETURN = re.compile(r"^\s*(?:return|drop[\s-]?off|dropoff|return\s+date(?:\s+and\s+time)?)\s*:\s*(?P<rest>\S.*)$",
                     re.I | re.M)
_TIME = re.compile(r"(?<![\d:])([01]?\d|2[0-3])(?:[:.]([0-5]\d))?\s*([ap])\.?m\.?(?![a-z])|(?<![\d:])([01]?\d|2[0-3])"
                   r"[:.]([0-5]\d)(?![\d:])", re.I)
_CODE = re.compile(r"\(([A-Z]{3})\)")
_SAME_PLACE = re.compile(r"^\s*(?:same\s+(?:location|place|branch|office|station)|as\s+above)\b", re.I)
# a weekday ending the place written before the day ("Christchurch Airport desk, Fri")
_WEEKDAY_LAST = re.compile(r"[\s,]*\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\.?,?\s*$", re.I)
# the counter at an airport named after it ("Christchurch Airport desk", "Airport counter, level 1")
_DESK = re.compile(r"(?<=airport)\s+(?:desk|counter|kiosk|office|branch|terminal)\b.*$", re.I)
# what follows the day and time: the place, after a dash or a comma ("6:30 PM - Phoenix Sky Harbor Airport")
_PLACE_AFTER = re.compile(r"^\s*(?:-|\u2013|\u2014|,|at|@)\s*(?P<place>\S.*)$")


def from_text(text: str, received: datetime, sender_name: str = "") -> list[Candidate]:
    """The pick-up and the return a car rental's text gives ([] when it is not one, or gives two pick-ups)."""
    if not _A_CAR.search(text) or unsafe(sender_name) or not sender_name.strip():
        return []
    picks = list(_PICK_UP.finditer(text))
    if len(picks) != 1:
        return []
    pick = _leg(picks[0].group("rest"), received, None)
    if pick is None:
        return []
    out = [_candidate(sender_name, "car pick-up", picks[0].group(0), *pick)]
    returns = list(_RETURN.finditer(text))
    back = _leg(returns[0].group("rest"), received, pick[1]) if len(returns) == 1 else None
    if back is not None and back[0] is not None and pick[0] is not None and back[0] > pick[0]:
        out.append(_candidate(sender_name, "car return", returns[0].group(0), *back))
    return out


def _candidate(company: str, what: str, line: str, moment: datetime | None, place: str, zone: str | None
               ) -> Candidate:
    start = moment.isoformat() if moment is not None else line
    return Candidate(provider=" ".join(company.split()), start=start, excerpt=" ".join(line.split()),
                     location=place if place and not unsafe(place) else None, origin="itinerary", travel=True,
                     start_at=moment, floating=moment is None, minutes=30, what=what, place_zone=zone)


def _leg(rest: str, received: datetime, same: str | None) -> tuple[datetime | None, str, str | None] | None:
    """(the moment on its place's clock, or None when no zone is read; the place; its zone) of one labelled
    line, or None when it gives no day and time."""
    from steward.appointments.itinerary import _date

    day = _date(rest, received)
    clock = _TIME.search(rest, day[2]) if day is not None else None
    if day is None or clock is None:
        return None
    when: date = day[0]
    if clock.group(3):
        hour = int(clock.group(1))
        if not 1 <= hour <= 12:
            return None
        hour, minute = hour % 12 + (12 if clock.group(3).lower() == "p" else 0), int(clock.group(2) or 0)
    else:
        hour, minute = int(clock.group(4)), int(clock.group(5))
    after = _PLACE_AFTER.match(rest[clock.end():])
    # the place after the day and time, else before them ("Pick up: Christchurch Airport desk, Fri 6 Aug 19:30")
    place = after.group("place").strip() if after is not None else _WEEKDAY_LAST.sub("", rest[:day[1]]).strip(
        " ,;-\u2013\u2014")
    if same is not None and (not place or _SAME_PLACE.match(place)):
        place = same
    zone = _zone(place, datetime(when.year, when.month, when.day, hour, minute))
    moment = datetime(when.year, when.month, when.day, hour, minute, tzinfo=ZoneInfo(zone)) if zone else None
    return moment, place, zone


def _zone(place: str, at: datetime) -> str | None:
    """The zone of a rental's place: an airport by its code or its name, else its city."""
    from steward.appointments.places import airport_place_zone, airport_zone, city_zone

    code = _CODE.search(place)
    if code is not None and (zone := airport_zone(code.group(1))):
        return zone
    head = _DESK.sub("", place.split(",")[0]).strip()
    return airport_place_zone(head, at) or city_zone(head, at=at, whole=True) if head else None
