"""Hotel stays in the text of a booking mail that carries no structured data: its arrival and departure days.

Hotels and hostels write a stay's days as labelled dates, in a table or on lines of their own:

    Booking no.    AOI-XX-1234567     Arrival            Check-in:   Fri 19 Sep 2026 (from 15:00)
      10.08.2018     Departure    18.08.2018           Check-out:  Sun 21 Sep 2026 (until 11:00)

A stay is read when the mail speaks of lodging (a hotel, a hostel, a room, nights) and gives exactly
one arrival date and one departure date after it (a label's date within a few characters of it, on its
line or the next), at most 60 nights apart. The stay is those days, as an all-day booking: days need
no zone, so a clock time beside them is read only where the hotel's address says its zone. The
hotel is named by a line that labels it ("Hotel:", "Your booked house"), else by the name on the line
above its address (a booking service's "Casa Limonero" above "Agiou Nikolaou Street, Oia, Greece"),
else by the sender.

A hotel's reservation card ("Check-in: Friday, October 9, 2026 from 4:00 PM", `patterns.find_in_card`)
gives its check-in time on the hotel's clock: the zone of the address the card gives (its country when
that keeps one offset, else its city), or, with no address that says it, the check-in day alone: a time
read on the person's clock would be a guess for a hotel abroad. A check-out hour written beside the
departure's date ("Check-out: Sunday 21 Sep 2026, until 11:00") is read the same way, on the same clock:
a stay with both hours goes on the calendar from check-in to check-out, else over its whole days.

Pure: text in, candidates out. The words are in `itinerary.yaml` (`stay_*`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, tzinfo
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo

import yaml

from steward.appointments.model import Candidate, unsafe

_NEAR = 40  # characters after a label where its date may start
_MAX_NIGHTS = 60


@lru_cache(maxsize=1)
def _words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(lodging, arrival label, departure label, hotel label) patterns from itinerary.yaml."""
    data = yaml.safe_load((resources.files("steward.appointments") / "itinerary.yaml").read_text(encoding="utf-8"))

    def words(key: str) -> str:
        return "|".join(re.escape(str(w)) for w in sorted(data[key], key=len, reverse=True))

    return (re.compile(rf"(?<![\w])(?:{words('stay_lodging')})(?![\w])", re.I),
            re.compile(rf"(?<![\w-])(?:{words('stay_arrival')})(?![\w-])\s*[:\-]?", re.I),
            re.compile(rf"(?<![\w-])(?:{words('stay_departure')})(?![\w-])\s*[:\-]?", re.I),
            re.compile(rf"^\s*(?:{words('stay_hotel')})\s*[:\-]?\s+(\S.{{2,60}}?)\s*$", re.I | re.M))


def _dated(text: str, label: re.Pattern[str], received: datetime) -> list[date]:
    """The dates written right after each label (within a few characters, across a line break)."""
    from steward.appointments.itinerary import _date

    out = []
    for m in label.finditer(text):
        found = _date(text[m.end(): m.end() + _NEAR + 30], received)
        if found is not None and found[1] <= _NEAR and found[0] not in out:
            out.append(found[0])
    return out


def from_text(text: str, received: datetime, sender_name: str = "") -> list[Candidate]:
    """The stay a lodging booking's text gives by its arrival and departure dates ([] when it is not one)."""
    lodging, arrival, departure, hotel = _words()
    if not lodging.search(text):
        return []
    arrives, leaves = _dated(text, arrival, received), _dated(text, departure, received)
    if len(arrives) != 1 or len(leaves) != 1:
        return []  # none, or several stays or legs: not guessed
    first, last = arrives[0], leaves[0]
    if not first < last <= first + timedelta(days=_MAX_NIGHTS):
        return []
    named = hotel.search(text)
    provider = " ".join((named.group(1) if named else _named_above(text) or sender_name).split()).strip(" .,:")
    if not provider or unsafe(provider):
        return []
    start_at = _check_in_at(text, arrival, first)
    end_at = _hour_at(text, departure, last, _UNTIL_HOUR, start_at.tzinfo) if start_at is not None else None
    address = _address(text[:_ADDRESS_CHARS])  # where it is, so its hours can be told on its own clock
    return [Candidate(provider=provider, start=start_at.isoformat() if start_at else first.isoformat(),
                      excerpt=provider, origin="itinerary", travel=True, what="stay", days=(first, last),
                      start_at=start_at, end_at=end_at,
                      location=address if address is not None and not unsafe(address) else None)]


# the hour check-in opens, written after the arrival's date ("(from 15:00)", "from 3:00 pm", "(3:00pm)", "ab 14 Uhr")
_FROM_HOUR = re.compile(r"(?:\b(?:from|after|ab|dès|à partir de|dalle|desde|vanaf)\s+|\(\s*)([01]?\d|2[0-3])(?:[:.h]([0-5]\d))?"
                        r"\s*(?:(a|p)\.?m\.?|uhr|h\b)?", re.I)


# the hour check-out closes, written after the departure's date ("until 11:00", "by 11:00 AM", "(11:00)", "bis 10 Uhr")
_UNTIL_HOUR = re.compile(r"(?:\b(?:until|till|by|before|no later than|bis|avant|jusqu'à|entro le|entro|hasta las|hasta|"
                         r"tot|vóór|voor)\s+|\(\s*)([01]?\d|2[0-3])(?:[:.h]([0-5]\d))?\s*(?:(a|p)\.?m\.?|uhr|h\b)?", re.I)


def _check_in_at(text: str, arrival: re.Pattern[str], first: date) -> datetime | None:
    """The check-in's hour on the hotel's clock: the hour written beside the arrival's date, in the zone
    of the hotel's address (its country when that keeps one offset, else its city); None when either
    is missing (the stay is then its days alone)."""
    from steward.appointments.places import address_zone

    address = _address(text[:_ADDRESS_CHARS])
    zone = address_zone(address, datetime.combine(first, datetime.min.time())) if address else None
    return _hour_at(text, arrival, first, _FROM_HOUR, ZoneInfo(zone)) if zone is not None else None


def _hour_at(text: str, label: re.Pattern[str], day: date, hour_words: re.Pattern[str],
             zone: tzinfo | None) -> datetime | None:
    """The hour written beside a label's date on its line ("Check-out: Thu 11 Mar 2027, until 12:00"), on
    `day` in `zone`; None when the line writes no hour (a bare "from 3" is none) or no zone is known."""
    for m in label.finditer(text):
        line = text[m.end():].split("\n", 1)[0][:80]
        hour = hour_words.search(line)
        if hour is None or (hour.group(2) is None and hour.group(3) is None and "uhr" not in hour.group(0).lower()):
            continue
        h = int(hour.group(1))
        if hour.group(3):  # "3:00 pm": a 12-hour clock
            if not 1 <= h <= 12:
                continue
            h = h % 12 + (12 if hour.group(3).lower() == "p" else 0)
        if zone is None:
            return None
        return datetime(day.year, day.month, day.day, h, int(hour.group(2) or 0), tzinfo=zone)
    return None


_ADDRESS_CHARS = 3000


# a line of a card that gives the hotel's address: labelled, or a street line ending with its country
_ADDRESS = re.compile(r"^\s*(?:address|adresse|anschrift|dirección|direccion|indirizzo|location)\s*:\s*(.{5,120})$",
                      re.I | re.M)


def _address(head: str) -> str | None:
    from steward.appointments.places import country_code

    found = _ADDRESS.search(head)
    if found is not None:
        return found.group(1)
    # an unlabelled line with a number (a street, a postcode), or of three parts or more ("Agiou Nikolaou Street, Oia,
    # Greece"), whose last part is a country by name
    return next((line.strip() for line in head.splitlines()
                 if (re.search(r"\d", line) or line.count(",") >= 2) and len(line) <= 120
                 and (last := re.search(r",\s*(?:\d[\d -]{2,9}\s+)?([A-Za-zÀ-ÿ .]{4,})\s*$", line))
                 and country_code(last.group(1))),
                None)


# a place's name on a line of its own: a few capitalised words, with the small words names keep between
# them ("Quinta das Oliveiras", "Villa de la Mer"), no digits, no sentence
_NAME_LINE = re.compile(r"\s*([A-ZÀ-Ý][\w'’&-]*(?:\s(?:(?:de|do|da|das|dos|di|del|du|la|le|van|von|of|the|and|&)\s){0,2}"
                        r"[A-ZÀ-Ý][\w'’&-]*){0,4})\s*")


def _named_above(text: str) -> str | None:
    """The name on the line right above the stay's address line, as a booking service writes the place
    it booked ("Casa Limonero" above "Agiou Nikolaou Street, Oia, Greece"); None when there is none."""
    address = _address(text[:_ADDRESS_CHARS])
    if address is None:
        return None
    lines = [line for line in text[:_ADDRESS_CHARS].splitlines()]
    at = next((i for i, line in enumerate(lines) if line.strip() == address), None)
    above = next((line for line in reversed(lines[:at]) if line.strip()), "") if at else ""
    found = _NAME_LINE.fullmatch(above)
    return found.group(1).strip() if found and len(found.group(1).split()) >= 2 else None


def from_card(provider: str, excerpt: str, check_in: datetime, head: str, received: datetime) -> Candidate:
    """A stay from a hotel's reservation card: the check-in (a wall-clock time, as the card writes it) in
    the hotel's zone when its address gives one, else its days alone; the last day is the check-out's."""
    from steward.appointments.places import address_zone

    wall = check_in.replace(tzinfo=None)
    first = wall.date()
    _, _, departure, _ = _words()
    leaves = [d for d in _dated(head, departure, received) if first < d <= first + timedelta(days=_MAX_NIGHTS)]
    days = (first, leaves[0] if len(leaves) == 1 else first)
    address = _address(head)
    zone = address_zone(address, wall) if address else None
    if address and unsafe(address):  # a postcode beside a house number reads as a phone number: keep the words
        address = ", ".join(kept for p in address.split(",") if (kept := " ".join(re.sub(r"[\d-]+", " ", p).split())))
    if zone is None:
        return Candidate(provider=provider, start=first.isoformat(), excerpt=excerpt, origin="pattern", travel=True,
                         what="stay", days=days, location=address)
    start_at = wall.replace(tzinfo=ZoneInfo(zone))
    end_at = _hour_at(head, departure, days[1], _UNTIL_HOUR, start_at.tzinfo) if days[1] > first else None
    return Candidate(provider=provider, start=start_at.isoformat(), excerpt=excerpt, origin="pattern", travel=True,
                     what="stay", days=days, start_at=start_at, end_at=end_at, location=address)
