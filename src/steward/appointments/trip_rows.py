"""Trips a ticket lists as a table under a row of headings, one trip a row, as coach and rail operators print a
ticket for a way out and a way back:

    Trip  Date        From                    To                      Departs  Seat
    1     24/04/2027  Terminal Bas Damansara  Terminal Ipoh Selatan   08:30    12A
    2     25/04/2027  Terminal Ipoh Selatan   Terminal Bas Damansara  16:00    9C

The headings name the columns (`itinerary.yaml`, `trip_*`): a row is read only under a heading row that names its
date, where it leaves from, where it goes and when it leaves, and only when it has as many cells as the headings
(cells are parted by two spaces or more, or a tab). A date in numbers is read the way the mail's own dates write it,
else the way the person's country does (`day_first`); one that could be either is not read. An arrival column gives
the trip's end; else a line below the table that says an arrival at one of its stations' towns with a time ("Estimated
arrival in Ipoh: 11:15") gives the end of the trip that goes there.

What the trips are: a bus when the ticket speaks of coaches more than of trains, or runs from a terminal to a terminal;
a train when it speaks of trains; else nothing is read. A station's time is its town's clock, else the clock of the
one country the ticket's towns are in (`rail` finds it), never a guess.

Pure: text in, candidates out.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate
from steward.appointments.order import numeric_order
from steward.yamldata import load_yaml

_GAP = re.compile(r"\s{2,}|\t")
_TIME = re.compile(r"^\s*([01]?\d|2[0-3])[:.]([0-5]\d)(?:\s*([ap])\.?m\.?)?\s*$", re.I)
_NUMERIC = re.compile(r"^\s*(?:[^\W\d_]{2,3}\.?,?\s+)?(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\s*$")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_SPELLED = re.compile(r"^\s*(?:[^\W\d_]{2,3}\.?,?\s+)?(\d{1,2})\s+([^\W\d_]{3,9})\.?\s+(\d{4})\s*$")
_COLUMNS = ("date", "from", "to", "departs", "arrives", "seat")
# the word a station is called by beside its town's name ("Terminal Ipoh Selatan": Ipoh)
_STATION_KIND = re.compile(r"\b(?:terminal|terminus|bus|bas|coach|stand|depot|station|stesen)\b\.?", re.I)
_BUS_WORDS = re.compile(r"\b(?:bus|buses|coach|coaches|autobus\w*|fernbus\w*)\b", re.I)
_RAIL_WORDS = re.compile(r"\b(?:train|trains|rail\w*|zug|bahn|treno|tren|trein)\b", re.I)
_TERMINAL = re.compile(r"\b(?:terminal|terminus|bus\s+(?:station|stand|depot)|coach\s+station)\b", re.I)


@lru_cache(maxsize=1)
def _headings() -> dict[str, frozenset[str]]:
    """Each column's headings, lower case, from itinerary.yaml beside this module."""
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))
    return {column: frozenset(str(w).lower() for w in data[f"trip_{column}"]) for column in _COLUMNS}


def _header(line: str) -> dict[str, int] | None:
    """Which cell of a heading row is which column, when it names a date, a from, a to and a departure."""
    cells = [c.strip().lower().rstrip(":") for c in _GAP.split(line.strip())]
    found: dict[str, int] = {}
    for k, cell in enumerate(cells):
        column = next((c for c, words in _headings().items() if cell in words), None)
        if column is not None and column not in found:
            found[column] = k
    if not {"date", "from", "to", "departs"} <= found.keys():
        return None
    found["cells"] = len(cells)
    return found


def _day(cell: str, day_first: bool | None) -> date | None:
    try:
        if (m := _SPELLED.match(cell)) is not None and m.group(2).lower()[:3] in _MONTHS:
            return date(int(m.group(3)), _MONTHS.index(m.group(2).lower()[:3]) + 1, int(m.group(1)))
        if (m := _NUMERIC.match(cell)) is None:
            return None
        first, second, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
        year += 2000 if year < 100 else 0
        if first > 12:
            day_first = True
        elif second > 12:
            day_first = False
        elif first == second:
            day_first = True
        if day_first is None:
            return None  # "03/04/2027": which is the month only the mail or the person's country says
        return date(year, second, first) if day_first else date(year, first, second)
    except ValueError:
        return None


def _clock(cell: str) -> tuple[int, int] | None:
    m = _TIME.match(cell)
    if m is None:
        return None
    hour = int(m.group(1)) % 12 + (12 if (m.group(3) or "").lower() == "p" else 0) if m.group(3) else int(m.group(1))
    return hour, int(m.group(2))


def _what(text: str, sender_name: str, stations: list[str]) -> str | None:
    """A bus or a train, by what the ticket says; None when it says neither."""
    said = f"{sender_name}\n{text}"
    bus, rail = len(_BUS_WORDS.findall(said)), len(_RAIL_WORDS.findall(said))
    if bus or rail:
        return "bus" if bus > rail else "train"
    return "bus" if stations and all(_TERMINAL.search(s) for s in stations) else None


def _town(station: str) -> str:
    """A station's name without the word for a station: its town's words ("Terminal Ipoh Selatan": "Ipoh Selatan")."""
    return " ".join(_STATION_KIND.sub(" ", station).split()) or station


def _zones(stations: list[str], sender: str, at: datetime) -> dict[str, str | None]:
    from steward.appointments.order import sender_country
    from steward.appointments.rail import _zones as station_zones

    named = {s: _named_town(s, at) for s in stations}
    zones = station_zones(list(dict.fromkeys(named.values())), sender_country(sender), at)
    return {s: zones.get(named[s]) for s in stations}


def _arrival_below(lines: list[str], town: str) -> tuple[int, int] | None:
    """The time a line below the table gives for the arrival at a town ("Estimated arrival in Ipoh: 11:15")."""
    for line in lines:
        low = line.lower()
        if "arriv" in low and town and re.search(rf"\b{re.escape(town.lower())}\b", low):
            times = re.findall(r"(?<![\d:.])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d:])", line)
            if len(times) == 1:
                return int(times[0][0]), int(times[0][1])
    return None


def _tables(lines: list[str]) -> tuple[list[tuple[dict[str, int], list[str]]], int]:
    """Each row under a heading row, with the headings' columns, and the line after the last table."""
    out: list[tuple[dict[str, int], list[str]]] = []
    end_of_table = 0
    for n, line in enumerate(lines):
        header = _header(line)
        if header is None:
            continue
        end_of_table = len(lines)
        for k in range(n + 1, len(lines)):
            cells = [c.strip() for c in _GAP.split(lines[k].strip())]
            if len(cells) != header["cells"]:
                end_of_table = k
                break
            out.append((header, cells))
    return out, end_of_table


def seats(text: str) -> list[str]:
    """The seat each trip of a ticket's table has, in its rows' order ("12A", "9C"); [] when it has no seat column
    or a row leaves it empty."""
    rows, _ = _tables(text.splitlines())
    found = [cells[header["seat"]] for header, cells in rows if "seat" in header]
    return found if len(found) == len(rows) and all(re.fullmatch(r"[A-Za-z0-9-]{1,6}", s) for s in found) else []


def from_text(text: str, received: datetime, sender: str = "", sender_name: str = "",
              day_first: bool | None = None) -> list[Candidate]:
    """The trips a ticket's table lists under its heading row, one candidate a row (none when the ticket does not
    say whether its trips are by bus or by train)."""
    lines = text.splitlines()
    said = numeric_order(text)
    order = said if said is not None else day_first
    rows: list[tuple[str, str, datetime, tuple[int, int] | None, str]] = []
    table, end_of_table = _tables(lines)
    for header, cells in table:
        day, leaves = _day(cells[header["date"]], order), _clock(cells[header["departs"]])
        a, b = cells[header["from"]], cells[header["to"]]
        if day is None or leaves is None or not a or not b or a == b:
            continue
        arrives = _clock(cells[header["arrives"]]) if "arrives" in header else None
        rows.append((a, b, datetime(day.year, day.month, day.day, *leaves), arrives, "  ".join(cells)))
    if not rows:
        return []
    what = _what(text, sender_name, [s for r in rows for s in r[:2]])
    if what is None:
        return []
    zones = _zones([s for r in rows for s in r[:2]], sender, rows[0][2])
    name = " ".join(sender_name.split()) or what.capitalize()
    out: list[Candidate] = []
    for a, b, start, arrives, line in rows:
        zone, end_zone = zones.get(a), zones.get(b)
        start_at = start.replace(tzinfo=ZoneInfo(zone)) if zone else start
        arrives = arrives or _arrival_below(lines[end_of_table:], _named_town(b, start))
        end_at = None
        if arrives is not None and zone and end_zone:
            end_at = datetime(start.year, start.month, start.day, *arrives, tzinfo=ZoneInfo(end_zone))
            if end_at <= start_at:
                end_at += timedelta(days=1)  # arrives after midnight
            if end_at - start_at > timedelta(hours=48):
                end_at = None
        candidate = Candidate(provider=name, start=start_at.isoformat(), excerpt=line, location=a, origin="itinerary",
                              travel=True, start_at=start_at, end_at=end_at, floating=zone is None, what=what,
                              route=f"{a} \u2192 {b}")
        if candidate not in out:
            out.append(candidate)
    return out


def _named_town(station: str, at: datetime) -> str:
    """The town a station is named after, as written ("Terminal Ipoh Selatan": Ipoh); else its words."""
    from steward.appointments.places import city_zone

    words = _town(station).split()
    for k in range(len(words)):
        for size in range(len(words) - k, 0, -1):
            if city_zone(" ".join(words[k:k + size]), "", at, whole=True) is not None:
                return " ".join(words[k:k + size])
    return _town(station)
