"""A show's tickets in the text of a ticket seller's mail (a concert, a play, a match), when it carries no
structured data. Ticket sellers lay an order out as a card: the show's name, its venue (with the venue's
address) on the line below, then its day and the show's time, often beside the time the doors or gates open:

    Tala at Alon: Liwanag Tour                          Harbour Lights - live
    Quezon Dome Arena, Cubao, Quezon City               The Maltings, Marrowbone Lane, Dublin 8
    Fri, Jul 30, 2027 | Show 8:00 PM | Gates open 6:00 PM    Wednesday, June 9 2027
                                                        Doors 19:00 / Show 20:00

A mail that speaks of an order of tickets (its number, "your tickets", "confirmed") and gives a day with a time on the line after the venue's (or on the line
after that) yields one event: the venue's, named by the show, at the show's time (the time labelled as the
show's or the start, else the one time that is not the doors'). The time is the venue's local time: its
address's country's zone when the address ends with a country, else the person's own clock. A day with
no time, two shows, or no venue above is no card of this kind, and nothing is read.

Pure: text in, candidates out.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from steward.appointments.itinerary import date_in
from steward.appointments.model import Candidate, unsafe
from steward.appointments.places import address_zone

# the words of a seller's mail of tickets ("Your e-tickets", "2 x General Admission", "mobile tickets")
_TICKETS = re.compile(r"\b(?:e-?)?tickets?\b", re.I)
# the words of an order of them ("Order no. TB-0920447 - CONFIRMED", "Your tickets", "Booking reference: ...")
_ORDERED = re.compile(r"\byour\s+(?:mobile\s+|e-?)?tickets\b|\border\s*(?:no\.?|number|#|ref\w*|:)?\s*[A-Z]*-?\d|"
                      r"\bbooking\s+(?:no\.?|number|ref\w*|confirm\w*)|\bconfirmed\b", re.I)
_CLOCK = r"(?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s?[ap]\.?m\.?)?|(?:1[0-2]|[1-9])\s?[ap]\.?m\.?"
# the show's own time by its label ("Show 8:00 PM", "Starts: 19:30", "Kick-off 15:00", "Curtain up 7.30pm")
_SHOW = re.compile(rf"\b(?:show(?:\s+starts?|\s+time)?|starts?|start\s+time|event\s+starts?|kick-?off|"
                   rf"performance|curtain(?:\s+up)?|concert)\s*(?::|at)?\s*({_CLOCK})", re.I)
# the time the doors or gates open ("Doors 19:00", "Gates open 6:00 PM", "Doors open at 7pm")
_DOORS = re.compile(rf"\b(?:doors|gates)(?:\s+open)?\s*(?::|at)?\s*({_CLOCK})", re.I)
_ANY_CLOCK = re.compile(rf"(?<![\d:.])({_CLOCK})(?![\d])", re.I)
# a show's name said with what it is ("Harbour Lights - live", "Gig: ..."): the name is the words before
_NAME_TAIL = re.compile(r"\s*[-\u2013\u2014:]\s*(?:live|in concert|on tour|the concert|concert|gig)\s*$", re.I)


def from_text(text: str, received: datetime, sender_name: str = "") -> list[Candidate]:
    """The show a ticket seller's card gives, as one event at its venue; [] when the mail is no such card."""
    if not _TICKETS.search(text) or not _ORDERED.search(text):
        return []  # (a promoter's news of a show sells tickets too: only an order of them is a booking)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for n, line in enumerate(lines):
        if not line or len(line) > 120:
            continue
        day = date_in(line, received)
        if day is None:
            continue
        timed = _show_time(line) or (_show_time(lines[n + 1]) if n + 1 < len(lines) and lines[n + 1] else None)
        above = [k for k in range(n - 1, -1, -1) if lines[k]][:2]
        if timed is None or len(above) < 2:
            return []  # the first day the card gives is the show's: with no time or venue, no show is read
        venue_line, name = lines[above[0]], _NAME_TAIL.sub("", lines[above[1]]).strip()
        venue = venue_line.split(",")[0].strip()
        if not _a_name(venue) or not _a_name(name, 12) or unsafe(venue) or unsafe(name):
            return []
        hour, minute = timed
        start = datetime(day.year, day.month, day.day, hour, minute)
        zone = address_zone(venue_line, start)
        start_at = start.replace(tzinfo=ZoneInfo(zone)) if zone else start
        return [Candidate(provider=venue, start=start_at.isoformat(), excerpt=line, location=venue_line,
                          origin="itinerary", start_at=start_at, floating=zone is None, what="event", name=name,
                          place_zone=zone)]
    return []


def _show_time(line: str) -> tuple[int, int] | None:
    """The show's time a line gives: the one labelled the show's, else its one time that is not the doors'."""
    labelled = _SHOW.search(line)
    if labelled is not None:
        return _clock(labelled.group(1))
    doors = {m.group(1) for m in _DOORS.finditer(line)}
    times = [m.group(1) for m in _ANY_CLOCK.finditer(line) if m.group(1) not in doors]
    return _clock(times[0]) if len(times) == 1 and not doors else None


def _clock(said: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"(\d{1,2})(?:[:.](\d{2}))?\s?([ap])?\.?m?\.?", said.strip(), re.I)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m.group(3).lower() == "p" else 0)
    return (hour, minute) if hour < 24 and minute < 60 else None


def _a_name(text: str, words: int = 6) -> bool:
    """Whether a line's words can be a venue's or a show's name: short, with a letter, not a sentence."""
    return (bool(text) and len(text) <= 80 and len(text.split()) <= words and re.search(r"[^\W\d_]", text) is not None
            and not text.endswith((".", "!", "?")) and not re.match(r"(?i)^(?:order|booking|dear|hi|hello)\b", text))
