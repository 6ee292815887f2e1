"""Ferry crossings in the text of a ferry company's booking mail, when it carries no structured data.

Ferry companies label each sailing as airlines label a leg, with a port instead of an airport:

    Outbound sailing                              Your booking reference: FX82311
    Departure: Sat 14 Jun 2026 08:55  Holyhead, UK
    Arrival:   Sat 14 Jun 2026 12:10  Dublin, Ireland

A mail that speaks of a crossing (a ferry, a sailing, a vessel) and gives a booking reference yields
one sailing per departure label (the labels and words are in `itinerary.yaml`), with its date and
time read as `itinerary` reads a leg's. The time is the port's local time: the zone of the city the
port is named after (GeoNames' cities, `places.city_zone`), in the country its line ends with when it
names one, else that country's when it keeps one offset. A terminal named by no city ("Quay 5, the
waterfront") is on the clock of the country whose money the ticket is sold in, when that currency names
one country of one offset (`places.fare_zone`) and the arrival port says no other. A port whose zone is
still not known leaves the sailing without one, and the consumer turns it down (`travel_zone_missing`)
rather than guess. The sailing is named by the company that sent the mail (a forward's first sender).

Pure: text in, candidates out.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

from steward.appointments.itinerary import _arrival_label, _moment, departure_label
from steward.appointments.model import Candidate, unsafe
from steward.appointments.places import city_zone, country_code, fare_zone, zone_in_text
from steward.yamldata import load_yaml


@lru_cache(maxsize=1)
def _words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(a crossing by sea, a booking reference's label, a leg's heading that its line goes on after: "Outbound:
    Sat 20 Mar 2027, 08:10 from ...") from itinerary.yaml."""
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))

    def words(key: str) -> re.Pattern[str]:
        body = "|".join(re.escape(str(w)) for w in sorted(data[key], key=len, reverse=True))
        return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.I)

    legs = "|".join(re.escape(str(w)) for w in sorted(data["leg_heading"], key=len, reverse=True))
    # (or numbered: "Sailing 1: Wellington to Picton, Saturday 25 September 2027")
    headed = re.compile(rf"^\s*(?:(?:{legs})(?:\s+(?:sailing|crossing|ferry|trip|journey))?|"
                        r"(?:sailing|crossing|leg|journey|trip)\s*\d{1,2})\s*:\s*(\S.*)$", re.I)
    return words("ferry"), words("booking_reference"), headed


def _departure(line: str) -> re.Match[str] | None:
    """A departure's label, or a leg's heading with the sailing on its line ("Outbound: ...")."""
    return departure_label(line) or _words()[2].match(line)


def port_zone(place: str, at: datetime | None = None) -> str | None:
    """The zone of a port as a booking writes it ("Holyhead, UK", "Dublin Port", "Calais (FR)")."""
    chunks = [c.strip() for c in re.split(r"[,(]", place.replace(")", ",")) if c.strip()]
    if not chunks:
        return None
    country = country_code(chunks[-1]) if len(chunks) > 1 else ""
    return city_zone(chunks[0], country, at) or zone_in_text(place, at)


# a weekday left beside the date a line gave ("Fri 12 Jun 2026 17:00 Kiel": "Fri Kiel")
_WEEKDAY = re.compile(r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday)?\b\.?,?\s*", re.I)


# the words a departure line puts before its place ("at 11:00 from the Quay 5 terminal")
_LEAD = re.compile(r"^(?:(?:at|from|on|the|departing|leaving|ab|de|depuis)\s+)+", re.I)
# a booking's code written after what it is, with no label word ("Booking HIF-20931", "Reservation #88213")
_CODE = re.compile(r"\b(?:booking|reservation|confirmation|ticket|order)\s*(?:#|no\.?|nr\.?)?\s*:?\s*"
                   r"(?=[A-Z0-9-]*\d)[A-Z0-9]{2,}(?:-[A-Z0-9]+)*\b", re.I)


# an arrival said on the departure's own line ("Rosslare - Fishguard, Mon 6 Sep 2027, depart 09:10, arrive 12:40")
_ARRIVES_ON_LINE = re.compile(r"\barr(?:ive|ives|iving|ival|\.)?\s*:?\s*(?:at\s+)?([01]?\d|2[0-3])[:.h]([0-5]\d)\b", re.I)
# a departure's time said by its word on the sailing's lines, after a check-in time ("Check in by 07:45, departs 08:45")
_DEPARTS_AT = re.compile(r"\bdep(?:arts?|arting|arture|\.)?\s*:?\s*(?:at\s+)?([01]?\d|2[0-3])[:.h]([0-5]\d)\b", re.I)
# the two ports of a leg written each beside its time ("Largs dep 08:15  Cumbrae arr 08:25"), its times read apart
_DEP_ARR = re.compile(r"^(.+?)\s+dep(?:arts?|\.)?\s+(.+?)(?:\s+arr(?:ives?|ival|\.)?(?![\w-]).*)?$", re.I)
# the two ports of a leg written "A - B" ("Fishguard - Rosslare")
_BETWEEN = re.compile(r"\s+[-\u2013\u2014]\s+")


def _where(place: str) -> str:
    return _LEAD.sub("", " ".join(_WEEKDAY.sub(" ", place).split()).strip(" ,:-"))


def _port(place: str) -> str:
    return re.split(r"[,(]", place)[0].strip()


def from_text(text: str, received: datetime, sender_name: str = "") -> list[Candidate]:
    """The sailings a ferry booking's text lists, one candidate per departure label."""
    sea, reference, _ = _words()
    provider = " ".join(sender_name.split())
    if not provider or unsafe(provider) or not sea.search(text) or not (reference.search(text) or _CODE.search(text)):
        return []
    lines = text.splitlines()
    departures = [i for i, line in enumerate(lines) if _departure(line)]
    out: list[Candidate] = []
    legs: list[tuple[str, str, str | None, timedelta | None]] = []  # (from, to, from's zone, as long as the clock says)
    unknown: list[tuple[int, datetime, str]] = []  # (a sailing whose port of arrival has no clock yet, arrival, port)
    for k, at in enumerate(departures):
        floor = departures[k - 1] + 1 if k else 0
        ceiling = departures[k + 1] if k + 1 < len(departures) else len(lines)
        label = _departure(lines[at])
        assert label is not None
        leaves = _moment(lines, at, label.group(1), floor, received)
        below = " ".join(lines[at + 1:min(ceiling, at + 3)])  # the lines a heading's sailing goes on in
        departs = None if departure_label(lines[at]) else _DEPARTS_AT.search(below)
        if leaves.when is not None and departs is not None:
            # "Check in by 07:45, departs 08:45": the departure's own time, never the first the lines give
            leaves = replace(leaves, when=leaves.when.replace(hour=int(departs.group(1)), minute=int(departs.group(2))))
        place, _, onward = _where(leaves.place).partition(" to ")  # "from A to B" on one line
        if not onward and _BETWEEN.search(place):
            place, onward = _BETWEEN.split(place, maxsplit=1)  # "A - B, Mon 6 Sep 2027, depart 09:10"
        if not onward and (ports := _DEP_ARR.match(place)):
            place, onward = ports.group(1), ports.group(2)  # "Sat 5 Jun 2027  A dep 08:15  B arr 08:25"
        if leaves.when is None or not place:
            continue
        zone = port_zone(place, leaves.when)
        end, route, there, there_place = None, None, None, ""
        arrival = next((i for i in range(at + 1, ceiling) if _arrival_label(lines[i])), None)
        found = _arrival_label(lines[arrival]) if arrival is not None else None
        arrives = _moment(lines, arrival, found.group(1), floor, received) if arrival is not None and found else None
        same = (_ARRIVES_ON_LINE.search(lines[at], label.start(1)) or (
            _ARRIVES_ON_LINE.search(below, departs.end()) if departs is not None else None)) if arrives is None else None
        if arrives is not None:
            there_place = _where(arrives.place)
            there = port_zone(there_place, arrives.when) if arrives.when is not None else None
        elif onward.strip():
            there_place = re.split(r"[(,]", onward)[0].strip()
            # named whole ("Bandar Bentan Telani" is no "Bandar"): a port of a known city says its clock, or the
            # clock an earlier sailing of the ticket left it on
            there = (city_zone(there_place, "", leaves.when, whole=True) or zone_in_text(onward, leaves.when)
                     or next((z for f, _, z, _ in legs if z and f == _port(there_place).casefold()), None))
        if zone is None and k == 0 and (paid := fare_zone(text, leaves.when)) and there in (None, paid):
            # a terminal named by no city: the clock of the country the ticket is sold in (the way back
            # leaves from the other end, whose clock the fare says nothing of)
            zone = paid
        clock_says = _as_long_as(leaves.when, arrives.when if arrives is not None else None, same)
        if zone is None and there is not None and clock_says is not None:
            zone = _way_back_zone(legs, place, there_place, there, clock_says)
        legs.append((_port(place).casefold(), _port(there_place).casefold() if there_place else "", zone, clock_says))
        start = leaves.when.replace(tzinfo=ZoneInfo(zone)) if zone else leaves.when
        if arrives is not None and arrives.when is not None and there and zone:
            end = arrives.when.replace(tzinfo=ZoneInfo(there))
            end = end if start < end < start + timedelta(hours=48) else None
        elif same is not None and there and zone:
            # "depart 09:10, arrive 12:40" on the sailing's own line: the arrival port's clock, the same day or the next
            end = leaves.when.replace(hour=int(same.group(1)), minute=int(same.group(2)), tzinfo=ZoneInfo(there))
            end = end if end > start else end + timedelta(days=1)
            end = end if start < end < start + timedelta(hours=48) else None
        route = f"{_port(place)} → {_port(there_place)}" if there_place else None
        candidate = Candidate(provider=provider, start=start.isoformat(), excerpt=provider, origin="itinerary",
                              travel=True, start_at=start, end_at=end, floating=zone is None, what="ferry",
                              location=place[:120], route=route)
        if candidate not in out:
            out.append(candidate)
            if end is None and zone and clock_says is not None and there_place:
                unknown.append((len(out) - 1, leaves.when + clock_says, _port(there_place).casefold()))
    # a port no city table knows, that a later sailing of the ticket leaves on a clock found for it (the way back):
    # the crossing to it arrives on that clock
    for n, arrives_at, there_port in unknown:
        there = next((z for f, _, z, _ in legs if z and f == there_port), None)
        if there is not None and (start_at := out[n].start_at) is not None:
            end = arrives_at.replace(tzinfo=ZoneInfo(there))
            if start_at < end < start_at + timedelta(hours=48):
                out[n] = replace(out[n], end_at=end)
    return out


def _as_long_as(leaves: datetime, arrives: datetime | None, same: re.Match[str] | None) -> timedelta | None:
    """How long a crossing lasts by the clocks' words alone (each end's own clock), or None when no arrival is said."""
    if arrives is None and same is not None:
        arrives = leaves.replace(hour=int(same.group(1)), minute=int(same.group(2)))
        arrives = arrives if arrives > leaves else arrives + timedelta(days=1)
    return arrives - leaves if arrives is not None else None


def _way_back_zone(legs: list[tuple[str, str, str | None, timedelta | None]], place: str, there_place: str,
                   there: str, clock_says: timedelta) -> str | None:
    """The clock of a port no city table knows, from the crossing out to it: the way back from it to a port of a
    known clock, when the way out left that port and each way lasts as long by the clocks' words ("departs 08:45,
    arrives 12:15" out, "departs 14:00, arrives 17:30" back): two ports of one clock, as a crossing whose ends kept
    different clocks would seem longer one way than the other by twice their difference. None otherwise."""
    for start, end, zone, out_says in legs:
        if (start, end) == (_port(there_place).casefold(), _port(place).casefold()) and zone == there \
                and out_says is not None and out_says == clock_says:
            return zone
    return None
