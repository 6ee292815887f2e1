"""Flights in the text of airline e-tickets and itinerary mail, when the mail carries no structured data.

Airlines and travel agencies write each leg as labelled lines, in one of a few layouts (or paste a
reservation system's segment lines: " 2. EY   83 E  09JAN AUHFCO HK1  0850   1300", a segment whose
status holds no seat, cancelled or waitlisted, being none):

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
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate
from steward.appointments.order import numeric_order
from steward.appointments.places import airport_place_zone, airport_zone, city_zone
from steward.yamldata import load_yaml


def _label(words: list[str]) -> re.Pattern[str]:
    body = "|".join(re.escape(w) for w in sorted({str(w).lower() for w in words}, key=len, reverse=True))
    return re.compile(rf"^\s*(?:{body})(?![\w])\s*(?:time)?\s*[:\-]?\s*(.*)$", re.I)


@lru_cache(maxsize=1)
def _labels() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(departure, arrival, flight) label patterns from itinerary.yaml beside this module."""
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))
    words = "|".join(re.escape(w) for w in sorted({str(w).lower() for w in data["flight"]}, key=len, reverse=True))
    return _label(data["departure"]), _label(data["arrival"]), re.compile(rf"(?<![\w])(?:{words})(?![\w])", re.I)


def departure_label(line: str) -> re.Match[str] | None:
    """The departure label at the start of a line (or a leg's heading alone on it), and what follows it."""
    return _labels()[0].match(line) or _heading().fullmatch(line)


@lru_cache(maxsize=1)
def _heading() -> re.Pattern[str]:
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))
    words = "|".join(re.escape(str(w)) for w in sorted(data["leg_heading"], key=len, reverse=True))
    return re.compile(rf"\s*(?:{words})\s*[:\-]?()\s*", re.I)


def _arrival_label(line: str) -> re.Match[str] | None:
    return _labels()[1].match(line)


_DESIGNATOR = re.compile(r"(?<![A-Za-z0-9])((?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z]))\s?([0-9]{1,4})(?![0-9])")
_TIME = re.compile(r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?:\s*([ap])\.?\s?m\b\.?)?", re.I)
_MONTHS = {m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                            "nov", "dec"))}
_MON = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATE_DOTTED = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.])")
_DATE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
# "15 Jun 2026", "15-Jun", and a ticket's "15JUN26" or "06Feb2027" (the year written against the month)
# (a day said with its ordinal, as British and Irish tickets write it: "Fri 5th Nov 2027")
_DATE_DAY_MON = re.compile(rf"(?<![\d])(\d{{1,2}})(?:st|nd|rd|th)?[\s-]*{_MON}(?:[\s,-]*((?:19|20)\d{{2}})(?!\d)|(\d{{2}})(?![\d:]))?"
                           r"(?![a-z])", re.I)
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
                      int(m.group(3)) if m.group(3) else 2000 + int(m.group(4)) if m.group(4) else None))
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


def date_in(text: str, received: datetime) -> date | None:
    """The first date a line writes ("Fri, Jun 4, 2027", "04.06.2027"); a year-less one is the next such day."""
    found = _date(text, received)
    return found[0] if found else None


def clock_in(text: str) -> tuple[int, int] | None:
    """(hour, minute) of the first clock time a text writes ("2:00 PM", "20:05")."""
    found = _time(text)
    return (found[0], found[1]) if found else None


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
    """The flight number of a line that says "flight", that is the number alone, or that starts with it."""
    stripped = line.strip()
    if not (_labels()[2].search(line) or _DESIGNATOR.fullmatch(stripped) or _DESIGNATOR.match(stripped)):
        return None
    return _flight_number(_DESIGNATOR.search(line))


def _flight_number(m: re.Match[str] | None) -> str | None:
    """A flight number from a designator match; a quarter and its year ("Q3 2026") is none."""
    if m is None or (m.group(1)[0] == "Q" and m.group(1)[1] in "1234" and len(m.group(2)) == 4):
        return None
    return f"{m.group(1)} {int(m.group(2))}"


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
        if n and (departure_label(text) or _arrival_label(text)):
            break  # the next label's line is its own: an arrival's date is not the departure's
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


# a terminal named after an airport ("London Heathrow Terminal 5", "JFK T4"): not part of its name
_TERMINAL = re.compile(r"[,\s]+(?:terminal|term\.?|t)\s*[0-9A-Z]{1,2}\b.*$", re.I)


def _zoned(moment: datetime | None, place: str) -> tuple[datetime | None, bool]:
    if moment is None:
        return None, False
    zone = airport_place_zone(place, moment) or airport_place_zone(_TERMINAL.sub("", place), moment)
    if zone is None:
        # an airport's code among its words ("New York JFK"), when exactly one word is an airport's code
        zones = {z for word in re.findall(r"(?<![\w-])[A-Z]{3}(?![\w-])", _TERMINAL.sub("", place))
                 if (z := airport_zone(word))}
        zone = zones.pop() if len(zones) == 1 else None
    return (moment.replace(tzinfo=ZoneInfo(zone)), False) if zone else (moment, True)


def _code(place: str) -> str | None:
    found = re.search(r"\(\s*([A-Z]{3})\s*\)", place)
    return found.group(1) if found else None


# a terminal written after an airport's code in brackets: "(SIN) T3", "(LHR) Terminal 5", and the terminal an
# airport of one domestic and one international terminal names by its kind ("(AKL) Domestic", "(SYD) Intl T1")
_BESIDE = (r"(?:\s*(?:(?:T|Terminal\s*)\d\w?(?![\w:])|(?:Domestic|International|Intl\.?|Dom\.?)"
           r"(?:\s+(?:Terminal|T\d\w?)(?![\w:]))?))?")
# a clock time in a row, in 24 hours or 12 with its half of the day ("08:40", "8:40 PM", "8:40 p.m.")
HM = r"\d{1,2}:\d{2}(?:\s?[AaPp]\.?[Mm]\b\.?)?"
_CODE_TIME = rf"([A-Z]{{3}})(?:\s*\(?T\d\w?\)?)?\s+({HM})"
_TIME_CODE = rf"({HM})\s+([A-Z]{{3}})(?![A-Za-z])"
# what stands between a row's departure and its arrival: an arrow, a dash, "to", or an arrival's word
# ("dep Bengaluru (BLR) 8:40 AM, arr Delhi (DEL) 11:25 AM")
_UNTIL = r"(?:→|->|–|-|\bto\b|,?\s*\b(?i:arr\.?|arrives?|arriving|arrival)(?![\w])\s*:?)"
_ROWS = (re.compile(_TIME_CODE + r"\s+" + _TIME_CODE),  # "06:45 TXL 08:15 ZRH"
         re.compile(_CODE_TIME + rf"\s*{_UNTIL}?\s*" + _CODE_TIME),  # "DEL T1 06:00 → BOM T2 08:10"
         # "Cape Town (CPT)  06:50  ->  Johannesburg (JNB)  08:55": each airport named, its code in brackets, a
         # terminal beside it or not ("Lisbon (LIS) T1  06:15  ->  Porto (OPO)  07:10")
         re.compile(r"\(([A-Z]{3})\)" + _BESIDE + rf"\s+({HM})\s*{_UNTIL}\s*[^()\n]{{0,60}}?"
                    r"\(([A-Z]{3})\)" + _BESIDE + rf"\s+({HM})"))
# the same rows anywhere in a mail's text, as a ticket without labels writes a leg ("06:45 TXL 08:15 ZRH",
# "Chennai (MAA) 8:40 PM, arr Hyderabad (HYD) 10:05 PM"): whether to read it as a ticket at all
_ROWS_IN_TEXT = re.compile(rf"\b{HM}\s+[A-Z]{{3}}\s+{HM}\s+[A-Z]{{3}}\b|"
                           rf"\b[A-Z]{{3}}(?:\s*\(?T\d\w?\)?)?\s+{HM}\s*{_UNTIL}?\s*[A-Z]{{3}}\b|"
                           r"\([A-Z]{3}\)\s+\d{1,2}:\d{2}\s+\d{1,2}:\d{2}|"
                           rf"\([A-Z]{{3}}\){_BESIDE}\s+{HM}\s*{_UNTIL}\s*[^()\n]{{0,60}}?\([A-Z]{{3}}\){_BESIDE}\s+{HM}")


def flight_rows_in(text: str) -> bool:
    """Whether a mail's text writes a leg as a row of airport codes and times (`_rows` reads them)."""
    return _ROWS_IN_TEXT.search(text) is not None


_NEAR = 90  # characters around a row where its date and flight number are looked for
# time zone abbreviations that are also airport codes: beside a time they name a zone
_ZONE_NAMES = frozenset({"UTC", "GMT", "BST", "IST", "CET", "EET", "WET", "MSK", "EST", "EDT", "CST", "CDT", "MST",
                         "MDT", "PST", "PDT", "AST", "ADT", "HST", "JST", "KST", "SGT", "HKT", "AET", "ACT", "AWT",
                         "NZT", "SST", "WIB", "PKT", "SAST", "CAT", "EAT", "WAT", "ART", "BRT"})


def _rows(text: str, received: datetime) -> list[Candidate]:
    """Legs written as one row of airport codes and times, the layout of tickets without labels: the
    date is the nearest one before the row, the flight number the nearest one beside it."""
    out: list[Candidate] = []
    lines = text.splitlines()
    for line_no, line in enumerate(lines):
        column = _COLUMN.search(line)
        if column is not None and table_row(line):
            # "KE 1342  07/05/2027  Kuala Lumpur (KUL) T2  Penang (PEN)  19:05  20:00": both airports on the row, the
            # last one's times are the leg's, never a column whose arrival is below
            if (leg := _table_row(lines, line_no, received)) is not None and leg not in out:
                out.append(leg)
            continue
        if column is not None:  # "Berlin (TXL)   12:25   15:35", the arrival's code on a line below
            leg = _column_leg(lines, line_no, column, received)
            if leg is not None and leg not in out:
                out.append(leg)
            continue
        before = len(out)
        for k, pattern in enumerate(_ROWS):
            for m in pattern.finditer(line):
                if k == 0:
                    t1, a, t2, b = m.group(1), m.group(2), m.group(3), m.group(4)
                else:
                    a, t1, b, t2 = m.group(1), m.group(2), m.group(3), m.group(4)
                leg = _row_leg(text.splitlines(), line_no, line, m.start(), m.end(), (a, t1, b, t2), received)
                if leg is not None and leg not in out:
                    out.append(leg)
        if len(out) == before and (leg := _table_row(lines, line_no, received)) is not None and leg not in out:
            out.append(leg)
        if len(out) == before and (leg := _stacked_leg(lines, line_no, received)) is not None and leg not in out:
            out.append(leg)
    return out


def _stop(line: str) -> tuple[str, str] | None:
    """(airport code, time) of a line that is one airport and one clock time, nothing else of note
    ("  Lisbon (LIS) T1  06:15", "06:15  LIS"): a stop of a leg written one stop a line."""
    times = list(_TIME.finditer(line))
    if len(times) != 1 or departure_label(line) or _arrival_label(line) or _DESIGNATOR.search(
            _TERMINAL_MARK.sub(" ", line)):
        return None
    bracketed = [m.group(1) for m in _ROW_CODE.finditer(line) if m.group(1)]
    codes = bracketed or [m.group(2) for m in _ROW_CODE.finditer(line) if m.group(2)]
    codes = [c for c in codes if c not in _ZONE_NAMES and airport_zone(c)]
    if len(set(codes)) != 1 or re.search(r"\d", _TIME.sub(" ", _TERMINAL_MARK.sub(" ", line))):
        return None
    return codes[0], times[0].group(0)


# a terminal beside an airport ("T1", "Terminal 2"): not a flight number, not a figure of the stop
_TERMINAL_MARK = re.compile(r"(?<![\w])(?:T|Terminal\s*)\d\w?(?![\w])", re.I)


def stacked_leg(lines: list[str], line_no: int) -> bool:
    """Whether a leg starts at this line written one stop a line: the departure's airport and time, and
    the arrival's airport and time on the next line (`_stacked_leg` reads it)."""
    return (line_no + 1 < len(lines) and (a := _stop(lines[line_no])) is not None
            and (b := _stop(lines[line_no + 1])) is not None and a[0] != b[0])


def _stacked_leg(lines: list[str], line_no: int, received: datetime) -> Candidate | None:
    """A leg written one stop a line under the line naming it ("OUTBOUND  TP 1327  Fri 8 Jan 2027", then
    "  Lisbon (LIS) T1  06:15" and "  Madrid (MAD) T4  08:40"): the flight number and date from the one
    or two lines above the departure, never from the leg before it."""
    if not stacked_leg(lines, line_no) or (line_no and _stop(lines[line_no - 1]) is not None):
        return None
    a, b = _stop(lines[line_no]), _stop(lines[line_no + 1])
    assert a is not None and b is not None
    above = [line for line in reversed(lines[max(0, line_no - 2):line_no]) if line.strip()][:2]
    name = next((f for line in above if (f := _flight_number(_DESIGNATOR.search(line)))), None)
    day = next((d[0] for line in above if (d := _date(line, received)) is not None), None)
    return _leg((a[0], a[1], b[0], b[1]), day, name)


# an airport in a row of a ticket's table of legs: its code in brackets ("Melbourne (MEL)") or alone
_ROW_CODE = re.compile(r"\(\s*([A-Z]{3})\s*\)|(?<![\w-])([A-Z]{3})(?![\w-])")
# the flight number that opens such a row ("QF 35", "NZ124"); a terminal beside a time ("T1 06:00") is none
_ROW_FLIGHT = re.compile(r"\s*(?:\d{1,2}[.)]\s+)?((?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z]))\s?([0-9]{1,4})(?![0-9:])")


# a time of four digits right after an airport's code, as an airline's own rows write it ("CPT 0955")
_ROW_HHMM = re.compile(r"(?<=[A-Z]{3}\s)\s*([01]\d|2[0-3])([0-5]\d)(?![\d:])")


def table_row(line: str) -> bool:
    """Whether a line is one leg of a ticket's table: a flight number first, then two airport codes and a time."""
    return _table_parts(line) is not None


def _table_parts(line: str) -> tuple[str, tuple[str, str, str, str]] | None:
    """(flight number, (from, departure time, to, arrival time)) of a
    row that opens with a flight number and names two airports in order, the departure time after the
    first and the arrival time after that (on a row that gives one time, the arrival is "")."""
    lead = _ROW_FLIGHT.match(line)
    name = _flight_number(lead)
    if lead is None or name is None:
        return None
    codes: list[tuple[int, str]] = []
    bracketed = [(m.start(), m.group(1)) for m in _ROW_CODE.finditer(line, lead.end()) if m.group(1)]
    found = bracketed if len(bracketed) >= 2 else [(m.start(), m.group(2)) for m in _ROW_CODE.finditer(line, lead.end())
                                                   if m.group(2)]
    for at, code in found:
        if code not in _ZONE_NAMES and airport_zone(code) and code not in (c for _, c in codes):
            codes.append((at, code))
    times = [(m.start(), m.group(0)) for m in _TIME.finditer(line, lead.end())]
    if not times:  # an airline's own rows write the time as four digits ("CPT 0955  MRU 1740")
        times = [(m.start(), f"{m.group(1)}:{m.group(2)}") for m in _ROW_HHMM.finditer(line, lead.end())]
    if len(codes) != 2 or not times:
        return None
    (at_a, a), (at_b, b) = codes
    if any(at < at_a for at, _ in times):
        # each time written before its airport ("Departs 23:55 Delhi (DEL)  Arrives 08:10 Singapore (SIN)"):
        # one before the first, at most one between the two, none after the second
        before, between = [t for at, t in times if at < at_a], [t for at, t in times if at_a < at < at_b]
        if len(before) != 1 or len(between) > 1 or any(at > at_b for at, _ in times):
            return None
        return name, (a, before[0], b, between[0] if between else "")
    leaves = next(((at, t) for at, t in times if at > at_a), None)
    if leaves is None:
        return None
    later = [(at, t) for at, t in times if at > max(leaves[0], at_b)]
    arrives = later[0][1] if later else ""
    if leaves[0] > at_b and not arrives:
        return None  # one time after both airports: whose it is the row does not say
    return name, (a, leaves[1], b, arrives)


def _table_row(lines: list[str], line_no: int, received: datetime) -> Candidate | None:
    """A leg written as one row of a ticket's table of legs, its date the first on the row or the
    nearest one above it."""
    parts = _table_parts(lines[line_no])
    if parts is None:
        return None
    name, (a, t1, b, t2) = parts
    day = _date(lines[line_no], received)
    found = day[0] if day is not None else next(
        (d for above in reversed(lines[max(0, line_no - 3):line_no]) if (d := _last_date(above, received))), None)
    leg = _leg((a, t1, b, t2 or t1), found, name)
    if leg is not None and not t2:
        leg = replace(leg, end_at=None)
    return leg


_COLUMN = re.compile(r"\(([A-Z]{3})\)\s+(\d{1,2}:\d{2})\s+(\d{1,2}:\d{2})(?!\d)")
_IN_BRACKETS = re.compile(r"\(([A-Z]{3})\)")


def _column_leg(lines: list[str], line_no: int, column: re.Match[str], received: datetime) -> Candidate | None:
    """A leg in the columns of a ticket's flight table: the departure airport with both times on one
    line, the flight number and date on the line above, the arrival airport on one of the next three."""
    above = lines[line_no - 1] if line_no else ""
    arrival = next((m.group(1) for other in lines[line_no + 1:line_no + 4] if (m := _IN_BRACKETS.search(other))),
                   None)
    day = _date(above, received)
    if arrival is None or day is None:
        return None
    return _leg((column.group(1), column.group(2), arrival, column.group(3)), day[0],
                _flight_number(_DESIGNATOR.search(above)))


def _row_leg(lines: list[str], line_no: int, line: str, start: int, end: int, row: tuple[str, str, str, str],
             received: datetime) -> Candidate | None:
    """A row's leg: its date the nearest before it, its flight number the nearest beside it."""
    before = [line[max(0, start - _NEAR):start], *reversed(lines[max(0, line_no - 3):line_no])]
    day = next((d for chunk in before for d in [_last_date(chunk, received)] if d is not None), None)
    if day is None and (after := _date(line[end:end + _NEAR], received)) is not None:
        day = after[0]  # the date written after the row on its line ("..., arr Delhi (DEL) 11:25, Mon 19 Apr")
    # a terminal beside the row ("T3 15:20") is no flight number
    near = _TERMINAL_MARK.sub(" ", f"{line[end:end + _NEAR]} \n {line[max(0, start - _NEAR):start]}")
    name = _flight_number(_DESIGNATOR.search(near)) or next(
        (found for other in [*lines[line_no + 1:line_no + 3], *reversed(lines[max(0, line_no - 2):line_no])]
         if (found := _designator(other))), None) or next(
        (found for other in reversed(lines[max(0, line_no - 2):line_no]) if (found := _headed(other))), None) or \
        _flight_number(_ICAO_DESIGNATOR.search(near))
    return _leg(row, day, name)


# an airline's three-letter (ICAO) code and its number written together, as tour operators and charter airlines
# print a package's flights ("SWD4412", "TOM2150", "EZY8012"); read only beside a row of airports and times, where
# nothing else of that shape (a booking reference has a dash or more letters) stands
_ICAO_DESIGNATOR = re.compile(r"(?<![A-Za-z0-9-])([A-Z]{3})([0-9]{2,4})(?![0-9A-Za-z-])")


def _headed(line: str) -> str | None:
    """The flight number a leg's heading line gives before the row ("RETURN  KA 328  Fri 22 Jan 2027")."""
    stripped = line.strip()
    heading = _heading().match(stripped)
    return _flight_number(_DESIGNATOR.match(stripped, heading.end())) if heading is not None else None


def _leg(row: tuple[str, str, str, str], day: date | None, name: str | None) -> Candidate | None:
    """A flight from (departure code, time, arrival code, time), its day and its number; None when a
    part is missing or a code is no airport's."""
    a, t1, b, t2 = row
    if a in _ZONE_NAMES or b in _ZONE_NAMES:
        return None  # "10:00 EST 11:00 PST" is a meeting's hours in two zones, not two airports
    leaves, arrives = airport_zone(a), airport_zone(b)
    clock1, clock2 = _time(t1), _time(t2)
    if not leaves or not arrives or a == b or day is None or name is None or clock1 is None or clock2 is None:
        return None
    start_at = datetime(day.year, day.month, day.day, clock1[0], clock1[1], tzinfo=ZoneInfo(leaves))
    end_at = datetime(day.year, day.month, day.day, clock2[0], clock2[1], tzinfo=ZoneInfo(arrives))
    if end_at <= start_at:
        end_at += timedelta(days=1)  # lands the next day
    return Candidate(provider=name, start=start_at.isoformat(), excerpt=name, location=a, origin="itinerary",
                     travel=True, start_at=start_at, end_at=end_at if end_at - start_at < timedelta(hours=24) else None,
                     what="flight", route=f"{a} → {b}")


def _last_date(text: str, received: datetime) -> date | None:
    """The last date a piece of text writes."""
    found = None
    while (d := _date(text, received)) is not None:
        found, text = d[0], text[d[2]:]
    return found


def from_text(text: str, received: datetime, day_first: bool | None = None) -> list[Candidate]:
    """The flights an e-ticket's text lists, one candidate per leg (none without a flight number):
    labelled legs, else a reservation system's segment lines, else legs written as rows of airport
    codes and times. A date written in digits with slashes or dashes ("19/04/2027") is read when the mail
    says which way round it goes (a day above 12, or another date of the mail that can only be one way), else as
    `day_first` says (the person's country's way, when it is known)."""
    text = _spelled(text, day_first)
    return _moved_rows(text, _labelled(text, received) or _segments(text, received) or _rows(text, received))


@lru_cache(maxsize=1)
def _row_labels() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(new, was) patterns of the label a schedule change writes at the start of a leg's row (itinerary.yaml)."""
    data = load_yaml((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))

    def label(words: list[str]) -> re.Pattern[str]:
        body = "|".join(re.escape(str(w)) for w in sorted(words, key=len, reverse=True))
        return re.compile(rf"^\s*(?:{body})\s*:", re.I)
    return label(data["row_new"]), label(data["row_was"])


def _moved_rows(text: str, legs: list[Candidate]) -> list[Candidate]:
    """A schedule change that writes the new row of a leg and the row it replaces, each under its label ("NEW: ...",
    "WAS: ..."): the new row is the leg moved from the old one's time (and the old row no booking of its own). A
    leg is paired only with the one replaced row of its route."""
    new_label, was_label = _row_labels()
    rows = [re.sub(r"\s+", "", line) for line in text.splitlines()]

    def labelled(leg: Candidate, pattern: re.Pattern[str]) -> bool:
        number = re.sub(r"\s+", "", leg.provider)
        return any(number in row and pattern.match(line) for row, line in zip(rows, text.splitlines(), strict=True))

    olds = [leg for leg in legs if leg.route and leg.start_at is not None and labelled(leg, was_label)]
    if not olds:
        return legs
    out: list[Candidate] = []
    replaced: list[Candidate] = []
    for leg in legs:
        was = [o for o in olds if o.route == leg.route and o is not leg]
        if leg not in olds and len(was) == 1 and labelled(leg, new_label) and leg.start_at != was[0].start_at:
            out.append(replace(leg, status="rescheduled", moved_to=True, was=was[0].start))
            replaced.append(was[0])
        else:
            out.append(leg)
    return [leg for leg in out if not any(leg is o for o in replaced)]


_SLASHED = re.compile(r"(?<![\d/.-])(\d{1,2})([/-])(\d{1,2})\2((?:19|20)\d{2})(?![\d/.-])")
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _spelled(text: str, day_first: bool | None = None) -> str:
    """The text with each numeric date whose order is known ("19/04/2027", "04-19-2027") written with its
    month's name ("19 Apr 2027"); one that could be either ("03/04/2027") is left as it is, and not read."""
    said = numeric_order(text)
    said = said if said is not None else day_first

    def one(m: re.Match[str]) -> str:
        first, second = int(m.group(1)), int(m.group(3))
        day_first = True if first > 12 else False if second > 12 else said if first != second else True
        if day_first is None:
            return m.group(0)
        day, month = (first, second) if day_first else (second, first)
        return f"{day} {_MONTH_NAMES[month - 1]} {m.group(4)}" if 1 <= month <= 12 and 1 <= day <= 31 else m.group(0)

    return _SLASHED.sub(one, text)


# a reservation system's itinerary line (Galileo, Amadeus, Sabre), as agencies paste it into mail:
# " 2. EY   83 E  09JAN AUHFCO HK1  0850   1300  O*" (number, airline and flight, class, day, the two
# airports run together, status and seats, departure, arrival; "#" or "+1" before an arrival the day after)
_SEGMENT = re.compile(r"^\s*\d{1,2}\.?\s+([A-Z0-9]{2})\s*(\d{1,4})\s+[A-Z]\s+(\d{1,2}[A-Z]{3})\s+([A-Z]{3})([A-Z]{3})"
                      r"\s+([A-Z]{2})\d{1,2}\s+(\d{2})(\d{2})\s+([#+]1?)?(\d{2})(\d{2})(?!\d)")
# the segment statuses that hold a seat (held, ticketed, confirmed, sold); a cancelled (HX, XX), refused
# (UN, NO, UC) or waitlisted (HL) segment is no flight to go on
_HELD = frozenset({"HK", "TK", "KK", "RR", "HS", "SS", "KL"})


_SEGMENT_IN_TEXT = re.compile(r"\b[A-Z0-9]{2}\s*\d{1,4}\s+[A-Z]\s+\d{1,2}[A-Z]{3}\s+[A-Z]{6}\s+[A-Z]{2}\d")


def mentions_segments(text: str) -> bool:
    """Whether a text (a snippet: lines run together) holds a reservation system's flight segment."""
    return _SEGMENT_IN_TEXT.search(text) is not None


def segment_line(line: str) -> bool:
    """Whether a line is a reservation system's flight segment."""
    return _SEGMENT.match(line) is not None


def _segments(text: str, received: datetime) -> list[Candidate]:
    """The legs of a reservation system's segment lines, each at its airports' times."""
    out: list[Candidate] = []
    for line in text.splitlines():
        m = _SEGMENT.match(line)
        day = _date(m.group(3), received) if m else None
        if m is None or day is None:
            continue
        airline, number, a, b, status = m.group(1), m.group(2), m.group(4), m.group(5), m.group(6)
        if airline.isdigit() or status not in _HELD:
            continue
        leg = _leg((a, f"{m.group(7)}:{m.group(8)}", b, f"{m.group(10)}:{m.group(11)}"), day[0],
                   f"{airline} {int(number)}")
        if leg is not None and m.group(9) and leg.end_at is not None and leg.end_at.date() == day[0]:
            later = leg.end_at + timedelta(days=1)  # "#": the arrival is the day after
            leg = replace(leg, end_at=later if later - leg.start_at < timedelta(hours=24) else None)  # type: ignore[operator]
        if leg is not None and leg not in out:
            out.append(leg)
    return out


# cells of a table row flattened into one line ("Flight: BA0117 | Depart: ... | Arrive: ..."): one a line
_CELLS = re.compile(r"\s+\|\s+")
# a route line naming the two airports by their codes: "Dublin (DUB) → London Stansted (STN)", "(LGW) to (NCE)"
_ROUTE_CODES = re.compile(r"\(\s*([A-Z]{3})\s*\)[^()\n]{0,60}?(?:→|->|–|-|\bto\b)[^()\n]{0,60}?\(\s*([A-Z]{3})\s*\)")


def split_cells(text: str) -> list[str]:
    """A text's lines, a table row's cells flattened into one line with " | " each a line of its own, and an
    arrival's label two spaces or more after its departure's ("Depart: BLR 19 Apr 08:40    Arrive: DEL ...")
    starting a line of its own."""
    return [part for line in text.splitlines() for cell in _CELLS.split(line) for part in _columns(cell)]


def _columns(cell: str) -> list[str]:
    if not departure_label(cell):
        return [cell]
    gaps = [m.end() for m in re.finditer(r"\s{2,}", cell) if _arrival_label(cell[m.end():])]
    return [cell[:gaps[0]].rstrip(), cell[gaps[0]:]] if gaps else [cell]


def _route(lines: list[str]) -> tuple[str, str] | None:
    """The two airport codes the last route line among `lines` names, leaving and arriving."""
    for line in reversed(lines):
        found = _ROUTE_CODES.search(line)
        if found is not None:
            return found.group(1), found.group(2)
    return None


def _at_airport(moment: datetime | None, code: str | None) -> datetime | None:
    zone = airport_zone(code) if moment is not None and code else None
    return moment.replace(tzinfo=ZoneInfo(zone)) if moment is not None and zone else None


def _a_row(line: str) -> bool:
    """Whether a line holds a whole leg as a row: both airports by their codes, each with its time."""
    return any(pattern.search(line) for pattern in _ROWS)


def _heads_a_row(lines: list[str], at: int) -> bool:
    """Whether a departure label holds no time of its own and the next line with words is a whole leg's row
    ("DEPART  Thursday, June 3, 2027" over "Flight TR 402  Boise (BOI) 6:40 AM -> Denver (DEN) 8:05 AM")."""
    if _TIME.search(lines[at]) is not None:
        return False
    below = next((line for line in lines[at + 1:at + 3] if line.strip()), "")
    return _a_row(below)


def _labelled(text: str, received: datetime) -> list[Candidate]:
    lines = split_cells(text)
    departures = [i for i, line in enumerate(lines) if departure_label(line)]
    if departures and all(_a_row(lines[i]) or _heads_a_row(lines, i) for i in departures):
        # "DEPART  Tue, May 11  Flight PA 2211  Denver, CO (DEN) 4:50 PM - Phoenix, AZ (PHX) 5:58 PM": each leg is
        # a row under a label, read as rows (a "RETURN" row beside it is no departure label's); so is a label
        # that gives only the day, the leg's row on the line under it
        return []
    out: list[Candidate] = []
    used: set[int] = set()  # the lines whose flight number a leg above took
    for k, at in enumerate(departures):
        floor = departures[k - 1] + 1 if k else 0
        ceiling = departures[k + 1] if k + 1 < len(departures) else len(lines)
        flights = [(abs(i - at), i, f) for i in range(floor, ceiling) if i not in used and (f := _designator(lines[i]))]
        if not flights:
            continue
        _, taken, flight = min(flights)
        used.add(taken)
        match = departure_label(lines[at])
        assert match is not None
        leaves = _moment(lines, at, match.group(1), floor, received)
        start, floating = _zoned(leaves.when, leaves.place)
        # a departure line with a time and no airport: the route line of its leg names the airports
        route = _route(lines[floor:at + 1]) if floating else None
        if route is not None and (placed := _at_airport(leaves.when, route[0])) is not None:
            start, floating = placed, False
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
            if route is not None and end is not None and end.tzinfo is None:
                end = _at_airport(arrives.when, route[1])
            if end is not None and end.tzinfo is not None and start.tzinfo is not None and end <= start:
                end += timedelta(days=1)  # an overnight flight lands the day after the date it is listed under
            if end is not None and (floating or end.tzinfo is None or not start < end < start + timedelta(hours=24)):
                end = None
        codes = [_code(leaves.place), _code(arrives.place) if arrival is not None else None]
        if route is not None and not any(codes):
            codes = list(route)
        candidate = Candidate(provider=flight, start=start.isoformat(), excerpt=flight,
                              location=leaves.place[:120] or None, origin="itinerary", travel=True, start_at=start,
                              end_at=end, floating=floating, what="flight",
                              route=f"{codes[0]} → {codes[1]}" if codes[0] and codes[1] else None)
        if candidate not in out:
            out.append(candidate)
    return out


# where a flight goes, as a change of it says in words: "from Bengaluru to Delhi", "from Lisbon (LIS) to Porto"
_PLACE_WORDS = r"[A-Z][\w'.-]*(?:[ -][A-Z][\w'.-]*){0,2}"
_FROM_TO = re.compile(rf"\bfrom\s+({_PLACE_WORDS})(?:\s*\(([A-Z]{{3}})\))?\s+to\s+({_PLACE_WORDS})(?:\s*\(([A-Z]{{3}})\))?")
_NAMED_FLIGHT = re.compile(r"\bflight\s+(?:no\.?\s*|number\s*)?((?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z])\s?[0-9]{1,4})(?![\w])",
                           re.I)


@dataclass(frozen=True)
class ChangedFlight:
    """The flight a change of schedule is about: its number, the zone its times are in, its route in words."""

    number: str
    zone: str
    route: str
    lands_zone: str | None  # the zone of the airport it lands at, when its place gives one


def changed_flight(lines: list[str], at: datetime) -> ChangedFlight | None:
    """The flight a mail's lines change the time of: the line that names one flight by its number and where
    it flies from and to ("the schedule of your flight NG 2417 on Mon, 19 Apr 2027 from Bengaluru to Delhi");
    its times are its departure airport's clock (by the code beside the place, else the place's airports, when
    they keep one offset at `at`, else the city's). None when no line names both, or the place gives no zone."""
    for line in lines:
        numbers = {_flight_number(_DESIGNATOR.search(m.group(1))) for m in _NAMED_FLIGHT.finditer(line)}
        route = _FROM_TO.search(line)
        if len(numbers) != 1 or route is None:
            continue
        (number,) = numbers
        zone, lands = (_place_zone(route.group(n), route.group(n + 1), at) for n in (1, 3))
        if number is None or zone is None:
            return None
        return ChangedFlight(number, zone, f"{route.group(1)} → {route.group(3)}", lands)
    return None


def _place_zone(place: str, code: str | None, at: datetime) -> str | None:
    """The zone of an airport named by its code, else by its place's airports or its city."""
    if code:
        return airport_zone(code)
    return airport_place_zone(place, at) or city_zone(place, at=at, whole=True)
