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
from datetime import date, datetime, timedelta
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate
from steward.appointments.order import numeric_order, sender_day_first
from steward.appointments.places import city_zone, fare_zone
from steward.yamldata import load_yaml

_FIELDS = ("train", "departure", "arrival", "date", "boarding", "from", "to")
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
    bare = {"train": r"\s+(?=\d)", "departure": r"\s+(?=\S)", "arrival": r"\s+(?=\S)"}
    for field in _FIELDS:
        words = "|".join(re.escape(str(w)) for w in sorted(data[f"ticket_{field}"], key=len, reverse=True))
        # a mark after the label points to a note at the foot ("Departure*: 22:40 23-Apr-2027")
        gap = rf"(?:\s*\*?\s*:\s*|{bare[field]})" if field in bare else r"\s*\*?\s*:\s*"
        out[field] = re.compile(rf"^\s*(?:{words}){gap}(.*?)\s*,?\s*$", re.I)
    return out


# a gap between two columns of a ticket's line: two spaces or more, a tab, a bar
_GAP = re.compile(r"\s{2,}|\t|\s\|\s")


def _cells(line: str) -> list[str]:
    """A line's fields: a ticket printed in columns has two on a line ("From: KSR BENGALURU (SBC)    Departure*:
    22:40 23-Apr-2027"); a piece after a gap that starts no field belongs to the field before it."""
    out: list[str] = []
    for piece in _GAP.split(line):
        if out and not any((m := label.match(piece)) is not None and m.group(1) for label in _labels().values()):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def _fields(text: str) -> dict[str, str]:
    """The first value of each labelled field, one field a line or a column (a comma may end it)."""
    found: dict[str, str] = {}
    for chunk in (cell for line in text.splitlines() for cell in _cells(line)):
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


# the initials a station's name may open with, before the city it is in ("KSR BENGALURU", "CSMT MUMBAI")
_INITIALS = re.compile(r"^(?:[A-Z]{1,4}\.?\s+)+(?=[A-Z]{3})")


def _zone(station: str, at: datetime) -> str | None:
    """The zone of the city a station is named after, its name's initials aside; none for a station's code
    ("QLN": no place)."""
    if not station or re.fullmatch(r"[A-Z]{2,5}", station):
        return None
    found = city_zone(station, "", at)
    rest = _INITIALS.sub("", station)
    return found if found is not None or rest == station else city_zone(rest, "", at)


def _zones(stations: list[str], text: str, at: datetime) -> list[str | None]:
    """Each station's zone (`_zone`); a station that names no city known here is in the zone of the country
    the ticket's fares are written in (`places.fare_zone`: rupees are India's), when that country keeps one
    offset and no station of the ticket is named after a city on another clock."""
    found = [_zone(s, at) for s in stations]
    if None not in found:
        return found
    fallback = fare_zone(text, at)
    if fallback is None:
        return found
    offset = at.replace(tzinfo=ZoneInfo(fallback)).utcoffset()
    if any(z is not None and at.replace(tzinfo=ZoneInfo(z)).utcoffset() != offset for z in found):
        return found
    return [z or (fallback if s and not re.fullmatch(r"[A-Z]{2,5}", s) else None) for s, z in zip(stations, found, strict=True)]


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
    leaves = _station(fields.get("boarding")) or _named(departure, received, order) or _station(fields.get("from"))
    if number is None or clock is None or day is None or not leaves:
        return []
    train = " ".join(p for p in number.groups() if p)
    start = datetime(day.year, day.month, day.day, clock[0], clock[1])
    arrives = _station(fields.get("to")) or _named(fields.get("arrival", ""), received, order)
    zone, origin, end_zone = _zones([leaves, _station(fields.get("from")), arrives], text, start)
    if zone is None and origin is not None and origin == end_zone:
        zone = origin  # both ends in one zone: a station on the way between them is too
    start_at = start.replace(tzinfo=ZoneInfo(zone)) if zone else start
    return [Candidate(provider=f"Train {train}", start=start.isoformat(), excerpt=f"Train {train}", location=leaves,
                      origin="itinerary", travel=True, start_at=start_at, floating=zone is None, what="train",
                      end_at=_arrival(fields.get("arrival", ""), start_at, end_zone, received, order),
                      route=f"{leaves} → {arrives}" if arrives else None)]


def _named(value: str, received: datetime, order: bool | None) -> str:
    """The station a departure or an arrival field names once its time and date are taken out of it
    ("Arrives Washington - Union Station, DC 11:35 AM": "Washington")."""
    from steward.appointments.itinerary import _date, _time

    clock, written = _time(value), _date(value, received)
    spans = sorted(([(clock[2], clock[3])] if clock else []) + ([(written[1], written[2])] if written else []))
    for begin, end in reversed(spans):
        value = value[:begin] + " " + value[end:]
    value = _NUMERIC.sub(" ", value) if _day(value, order) else value
    return _station(re.sub(r"^\s*(?:le|am|el|il|on)\s+|\s+(?:le|am|el|il|on)\s*$", " ", " ".join(value.split()).strip(" ,")))


def _arrival(value: str, start_at: datetime, zone: str | None, received: datetime, order: bool | None) -> datetime | None:
    """When the train reaches the destination, from the arrival field ("05:15 24-Apr-2027"): at the
    destination's clock, on the day written, else the first such time after the departure (a night train
    arrives the next morning); None without the destination's zone, or for a time not after the departure
    within two days."""
    from steward.appointments.itinerary import _date, _time

    clock = _time(value)
    if clock is None or zone is None or start_at.tzinfo is None:
        return None
    written = _date(value, received)
    day = written[0] if written else _day(value, order) or start_at.astimezone(ZoneInfo(zone)).date()
    end = datetime(day.year, day.month, day.day, clock[0], clock[1], tzinfo=ZoneInfo(zone))
    if written is None and _day(value, order) is None and end <= start_at:
        end += timedelta(days=1)
    return end if start_at < end < start_at + timedelta(hours=48) else None
