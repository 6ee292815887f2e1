"""Trains on tickets written as labelled fields, one field a line (or fields separated by commas):

    Train No.:16526,                      Train number:  4711
    Scheduled Departure:21:40 18-Mar-2026 Departure time: 06:05
    Boarding Station:SHORANUR JN - SRR    Date of journey: 14-Mar-2026
    From:ERNAKULAM JN - ERS               From: Salzburg Hbf
    To:CHENNAI CENTRAL - MAS              To: Linz Hbf

A ticket is one train: its number, a departure time and a date (on the departure's field or its own),
and the station it leaves from (the boarding station, else the origin; "NAME - CODE" is named by its
name). The time is that station's local time: the zone of the city it is named after (GeoNames via
`places.city_zone`), else the one zone both the origin and the destination share (a boarding station
on the way between two cities of one zone). A ticket whose station gives no zone is kept without one,
and the consumer turns it down (`travel_zone_missing`) rather than guess. A ticket that writes only
stations' codes ("NDLS TO FDB") names no place to read a zone from.

Pure: text in, candidates out. The labels are in `itinerary.yaml` (`ticket_*`).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate
from steward.appointments.order import numeric_order, sender_day_first
from steward.appointments.places import city_zone
from steward.yamldata import load_yaml

_FIELDS = ("train", "departure", "date", "boarding", "from", "to")
_TIME = re.compile(r"(?<![\d:.])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d:])")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DAY_MON = re.compile(r"(?<!\d)(\d{1,2})[-\s/.]+([a-z]{3})[a-z]*\.?[-\s/.]+(\d{4})(?!\d)", re.I)
_NUMERIC = re.compile(r"(?<![\d.])(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?!\d)")
_NUMBER = re.compile(r"^\s*([A-Za-z]{0,4})\s*(\d{2,6})\b")


@lru_cache(maxsize=1)
def _labels() -> dict[str, re.Pattern[str]]:
    """Each field's label, matched at the start of a field and followed by a colon."""
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))
    out = {}
    # a train's number and its departure may follow their label without a colon ("Train 171 Northeast
    # Regional", "Departs New York - Penn Station, NY 8:05 AM, Saturday, March 14, 2026")
    bare = {"train": r"\s+(?=\d)", "departure": r"\s+(?=\S)"}
    for field in _FIELDS:
        words = "|".join(re.escape(str(w)) for w in sorted(data[f"ticket_{field}"], key=len, reverse=True))
        gap = rf"(?:\s*:\s*|{bare[field]})" if field in bare else r"\s*:\s*"
        out[field] = re.compile(rf"^\s*(?:{words}){gap}(.*?)\s*,?\s*$", re.I)
    return out


def _fields(text: str) -> dict[str, str]:
    """The first value of each labelled field, one field a line (a comma may end it)."""
    found: dict[str, str] = {}
    for chunk in text.splitlines():
        for field, label in _labels().items():
            m = label.match(chunk)
            if m is not None and m.group(1) and field not in found:
                found[field] = m.group(1)
                break
    return found


def _day(text: str, day_first: bool | None) -> date | None:
    try:
        if (m := _DAY_MON.search(text)) and m.group(2).lower()[:3] in _MONTHS:
            return date(int(m.group(3)), _MONTHS.index(m.group(2).lower()[:3]) + 1, int(m.group(1)))
        if m := _NUMERIC.search(text):
            first, second = int(m.group(1)), int(m.group(2))
            if day_first is None and first <= 12 and second <= 12 and first != second:
                return None  # "03-04-2026": which is the month only the mail or its sender says
            day, month = (first, second) if day_first is not False or first > 12 else (second, first)
            return date(int(m.group(3)), month, day)
    except ValueError:
        return None
    return None


def _station(value: str | None) -> str:
    return re.split(r"\s+-\s+|\s*\(", value or "")[0].strip(" ,") if value else ""


def _zone(station: str, at: datetime) -> str | None:
    """The zone of the city a station is named after; none for a station's code ("QLN": no place)."""
    return None if re.fullmatch(r"[A-Z]{2,5}", station) else city_zone(station, "", at)


# a leg written as one row, each station with its time, joined by an arrow ("London St Pancras 08:31 →
# Paris Gare du Nord 11:47", "09:00 Leeds → 11:14 Newcastle")
_STOP = r"(?:(?P<{0}>[^\W\d][^→>\n]*?)\s+(?P<{0}t>\d{{1,2}}[:.]\d{{2}})|(?P<{0}t2>\d{{1,2}}[:.]\d{{2}})\s+(?P<{0}2>[^\W\d][^→>\n]*?))"
_ROW = re.compile(r"^\s*" + _STOP.format("a") + r"\s*(?:→|->)\s*" + _STOP.format("b") + r"\s*$", re.M)


def _row(text: str, received: datetime, order: bool | None) -> dict[str, str]:
    """The departure and the destination of a ticket's one leg written as a row, with the ticket's one
    date when the row gives none; {} without exactly one such row and one date."""
    from steward.appointments.itinerary import _date

    rows = list(_ROW.finditer(text))
    if len(rows) != 1:
        return {}
    row = rows[0]
    days = {found for line in text.splitlines()
            if (found := (written[0] if (written := _date(line, received)) else _day(line, order))) is not None}
    if len(days) != 1:
        return {}
    day = days.pop()
    station, hour = row.group("a") or row.group("a2"), row.group("at") or row.group("at2")
    return {"departure": f"{station} {hour} {day.isoformat()}", "to": row.group("b") or row.group("b2")}


def from_text(text: str, received: datetime, sender: str = "") -> list[Candidate]:
    """The train a labelled rail ticket names, as one candidate; [] when a field it needs is missing."""
    from steward.appointments.itinerary import _date, _time

    fields = _fields(text)
    said = numeric_order(text)
    order = said if said is not None else sender_day_first(sender)
    if "train" in fields and "departure" not in fields:
        fields.update(_row(text, received, order))
    number = _NUMBER.match(fields.get("train", ""))
    departure = fields.get("departure", "")
    clock = _time(departure)
    written = _date(departure, received)
    day = written[0] if written else _day(departure, order) or _day(fields.get("date", ""), order)
    # the station the departure names, once its time and date are taken out of it
    spans = sorted(([(clock[2], clock[3])] if clock else []) + ([(written[1], written[2])] if written else []))
    named = departure
    for begin, end in reversed(spans):
        named = named[:begin] + " " + named[end:]
    leaves = _station(fields.get("boarding")) or _station(" ".join(named.split()).strip(" ,")) or _station(
        fields.get("from"))
    if number is None or clock is None or day is None or not leaves:
        return []
    train = " ".join(p for p in number.groups() if p)
    start = datetime(day.year, day.month, day.day, clock[0], clock[1])
    zone = _zone(leaves, start)
    ends = {_zone(_station(fields.get(k)), start) for k in ("from", "to")}
    if zone is None and len(ends) == 1 and None not in ends:
        zone = ends.pop()  # both ends in one zone: a station on the way between them is too
    arrives = _station(fields.get("to"))
    return [Candidate(provider=f"Train {train}", start=start.isoformat(), excerpt=f"Train {train}", location=leaves,
                      origin="itinerary", travel=True, start_at=start.replace(tzinfo=ZoneInfo(zone)) if zone else start,
                      floating=zone is None, what="train",
                      route=f"{leaves} → {arrives}" if arrives else None)]
