"""Hotel stays in the text of a booking mail that carries no structured data: its arrival and departure days.

Hotels and hostels write a stay's days as labelled dates, in a table or on lines of their own:

    Booking no.    AOI-XX-1234567     Arrival            Check-in:   Fri 19 Sep 2026 (from 15:00)
      10.08.2018     Departure    18.08.2018           Check-out:  Sun 21 Sep 2026 (until 11:00)

A stay is read when the mail speaks of lodging (a hotel, a hostel, a room, nights) and gives exactly
one arrival date and one departure date after it (a label's date within a few characters of it, on its
line or the next), at most 60 nights apart. The stay is those days, as an all-day booking: days need
no zone, so a clock time beside them is not read (the hotel's zone is not known from text). The
hotel is named by a line that labels it ("Hotel:", "Your booked house"), else by the sender.

Pure: text in, candidates out. The words are in `itinerary.yaml` (`stay_*`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from importlib import resources

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
    provider = " ".join((named.group(1) if named else sender_name).split()).strip(" .,:")
    if not provider or unsafe(provider):
        return []
    return [Candidate(provider=provider, start=first.isoformat(), excerpt=provider, origin="itinerary", travel=True,
                      what="stay", days=(first, last))]
