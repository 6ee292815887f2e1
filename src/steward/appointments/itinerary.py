"""Flights in the text of airline e-tickets and itinerary mail, when the mail carries no structured data.

Airlines and travel agencies write each leg as labelled lines, in one of a few layouts:

    Flight: 15.06.2017 | 4U 8462 (X)              FLIGHT     DL 9520 - DELTA AIR LINES
    Departure: 12:55  Berlin-Tegel                DEPARTURE: BERLIN, DE (TEGEL)       07 JUN 12:10
    Arrival:   13:50  London Heathrow             ARRIVAL:   AMSTERDAM, NL (SCHIPHOL)  07 JUN 13:30

    Flight:     BT212, Air Baltic                 Departure
    Date:       Sun 5 Nov 2017                    Berlin, Tegel Airport, DE
    Departure:  08:55 Tegel(TXL), Berlin, Germany Fri, 03 Feb 2017, 18:25
                                                  ...  SN 2588

A leg is a departure label ("Departure", "Departs", "Depart") with a time on its line or the two lines
after it, a date on those lines or the nearest one above it (not past the leg before), a flight number
(two-character airline code and 1-4 digits) on a line that says "flight" or stands alone, nearest to
the label within the leg, and the place it leaves from. The time is that place's local time: an
airport's zone from its IATA code, its name ("London Heathrow") or its city and country
(`places.airport_place_zone`). A leg whose place gives no zone is kept without one, and the consumer
turns it down (`travel_zone_missing`) rather than guess. The arrival, when its label is there, ends it.

Pure: text in, candidates out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

import yaml

from steward.appointments.model import Candidate
from steward.appointments.places import airport_place_zone


def _label(words: list[str]) -> re.Pattern[str]:
    body = "|".join(re.escape(w) for w in sorted({str(w).lower() for w in words}, key=len, reverse=True))
    return re.compile(rf"^\s*(?:{body})(?![\w])\s*(?:time)?\s*[:\-]?\s*(.*)$", re.I)


@lru_cache(maxsize=1)
def _labels() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(departure, arrival, flight) label patterns from itinerary.yaml beside this module."""
    data = yaml.safe_load((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))
    words = "|".join(re.escape(w) for w in sorted({str(w).lower() for w in data["flight"]}, key=len, reverse=True))
    return _label(data["departure"]), _label(data["arrival"]), re.compile(rf"(?<![\w])(?:{words})(?![\w])", re.I)


def departure_label(line: str) -> re.Match[str] | None:
    """The departure label at the start of a line, and what follows it."""
    return _labels()[0].match(line)


def _arrival_label(line: str) -> re.Match[str] | None:
    return _labels()[1].match(line)


_DESIGNATOR = re.compile(r"(?<![A-Za-z0-9])((?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z]))\s?([0-9]{1,4})(?![0-9])")
_TIME = re.compile(r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?:\s*([ap])\.?\s?m\b\.?)?", re.I)
_MONTHS = {m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                            "nov", "dec"))}
_MON = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE_DOTTED = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.])")
_DATE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_DATE_DAY_MON = re.compile(rf"(?<![\d])(\d{{1,2}})[\s-]*{_MON}(?:[\s,-]+(\d{{4}}))?(?![a-z])", re.I)
_DATE_MON_DAY = re.compile(rf"(?<![a-z]){_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?(?!\d)", re.I)
_LOOK_AHEAD = 2  # lines after a label that may hold its place, date and time


@dataclass(frozen=True)
class _Found:
    line: int
    value: str


def _date(text: str, received: datetime) -> tuple[date, int, int] | None:
    """The first date a line writes, with its span; a year-less one is the next such day from `received`."""
    found: list[tuple[int, int, int, int, int | None]] = []  # (start, end, day, month, year)
    for m in _DATE_DOTTED.finditer(text):
        found.append((m.start(), m.end(), int(m.group(1)), int(m.group(2)), int(m.group(3))))
    for m in _DATE_ISO.finditer(text):
        found.append((m.start(), m.end(), int(m.group(3)), int(m.group(2)), int(m.group(1))))
    for m in _DATE_DAY_MON.finditer(text):
        found.append((m.start(), m.end(), int(m.group(1)), _MONTHS[m.group(2).lower()[:3]],
                      int(m.group(3)) if m.group(3) else None))
    for m in _DATE_MON_DAY.finditer(text):
        found.append((m.start(), m.end(), int(m.group(2)), _MONTHS[m.group(1).lower()[:3]],
                      int(m.group(3)) if m.group(3) else None))
    for start, end, day, month, year in sorted(found):
        try:
            if year is not None:
                return date(year, month, day), start, end
            guess = date(received.year, month, day)
            if guess < received.date() - timedelta(days=2):
                guess = date(received.year + 1, month, day)
            return guess, start, end
        except ValueError:
            continue
    return None


def _time(text: str) -> tuple[int, int, int, int] | None:
    """(hour, minute, span) of the first clock time a line writes."""
    m = _TIME.search(text)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    if m.group(3):
        if hour > 12 or hour == 0:
            return None
        hour = hour % 12 + (12 if m.group(3).lower() == "p" else 0)
    return hour, minute, m.start(), m.end()


def _designator(line: str) -> str | None:
    stripped = line.strip()
    if not (_labels()[2].search(line) or _DESIGNATOR.fullmatch(stripped)):
        return None
    m = _DESIGNATOR.search(line)
    return f"{m.group(1)} {int(m.group(2))}" if m else None


def _place(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " + text[end:]
    return " ".join(text.replace("|", " ").split()).strip(" ,:-")


@dataclass(frozen=True)
class _Moment:
    when: datetime | None
    place: str


def _moment(lines: list[str], at: int, rest: str, floor: int, received: datetime) -> _Moment:
    """The date, time and place a label at line `at` gives (its own line, then the lines after it)."""
    window = [rest, *lines[at + 1: at + 1 + _LOOK_AHEAD]]
    clock = day = None
    place = ""
    for n, text in enumerate(window):
        t = _time(text) if clock is None else None
        d = _date(text, received) if day is None else None
        spans: list[tuple[int, int]] = []
        if t is not None:
            clock, spans = t, [*spans, (t[2], t[3])]
        if d is not None:
            day, spans = d, [*spans, (d[1], d[2])]
        left = _place(text, spans)
        if not place and left and (n == 0 or not (departure_label(text) or _arrival_label(text))):
            place = left
        if clock is not None and (day is not None or n >= 1):
            break
    if day is None:
        for back in range(at - 1, floor - 1, -1):  # the nearest date above, within this leg
            day = _date(lines[back], received)
            if day is not None:
                break
    if clock is None or day is None:
        return _Moment(None, place)
    return _Moment(datetime(day[0].year, day[0].month, day[0].day, clock[0], clock[1]), place)


def _zoned(moment: datetime | None, place: str) -> tuple[datetime | None, bool]:
    if moment is None:
        return None, False
    zone = airport_place_zone(place, moment)
    return (moment.replace(tzinfo=ZoneInfo(zone)), False) if zone else (moment, True)


def _code(place: str) -> str | None:
    found = re.search(r"\(\s*([A-Z]{3})\s*\)", place)
    return found.group(1) if found else None


def from_text(text: str, received: datetime) -> list[Candidate]:
    """The flights an e-ticket's text lists, one candidate per leg (none without a flight number)."""
    lines = text.splitlines()
    departures = [i for i, line in enumerate(lines) if departure_label(line)]
    out: list[Candidate] = []
    for k, at in enumerate(departures):
        floor = departures[k - 1] + 1 if k else 0
        ceiling = departures[k + 1] if k + 1 < len(departures) else len(lines)
        flights = [(abs(i - at), f) for i in range(floor, ceiling) if (f := _designator(lines[i]))]
        if not flights:
            continue
        flight = min(flights)[1]
        match = departure_label(lines[at])
        assert match is not None
        leaves = _moment(lines, at, match.group(1), floor, received)
        start, floating = _zoned(leaves.when, leaves.place)
        if start is None:
            continue
        end = None
        arrives = _Moment(None, "")
        arrival = next((i for i in range(at + 1, ceiling) if _arrival_label(lines[i])), None)
        if arrival is not None:
            found = _arrival_label(lines[arrival])
            assert found is not None
            arrives = _moment(lines, arrival, found.group(1), floor, received)
            end, _ = _zoned(arrives.when, arrives.place)
            if end is not None and (floating or end.tzinfo is None or not start < end < start + timedelta(hours=24)):
                end = None
        codes = [_code(leaves.place), _code(arrives.place) if arrival is not None else None]
        candidate = Candidate(provider=flight, start=start.isoformat(), excerpt=flight,
                              location=leaves.place[:120] or None, origin="itinerary", travel=True, start_at=start,
                              end_at=end, floating=floating, what="flight",
                              route=f"{codes[0]} → {codes[1]}" if codes[0] and codes[1] else None)
        if candidate not in out:
            out.append(candidate)
    return out
