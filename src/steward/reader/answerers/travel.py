"""Travel answers: "when does my flight leave?", "what time is check-in?", "when do I pick up the car?".

A question about a kind of travel (a flight, a train, a hotel, a rental car) is answered with the
bookings of that kind alone, each at the time the mail gave it on the clock of the place it is at (an
airport's, a hotel's) beside the person's own: "leaves Sun 14 Jun at 06:00 local time (01:30 your
time)". A stay whose check-in time is not read (no time, or no zone for it) is its days, said as
such. A question that names a provider, asks about cancelled or moved bookings, or finds no booking
of its kind is left to the appointments answerer (which also reads events made by hand). Through
`AppointmentsService`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from steward.appointments.places import (
    address_zone,
    airport_country,
    airport_names,
    airport_zone,
    city_other_names,
    city_zone,
    country_code,
)
from steward.clock import Clock
from steward.errors import StewardError
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame
from steward.reader.lists import SlotLists, kind_of
from steward.reader.views import bookings_view, window_words
from steward.reader.words import ReaderWords

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.calendar.service import CalendarService
    from steward.records.appointments import Item
    from steward.search.mailbox import Mailbox

# the kinds of `provider_kinds` (words.yaml) that are travel, and what their time is called
TRAVEL = {"flight": "leaves", "train": "leaves", "ferry": "leaves", "hotel": "check-in", "rental": ""}
# the kinds that are a journey from one place to another (a leg), not a stay or a car
JOURNEYS = frozenset(("flight", "train", "ferry"))
_SAID = {"rental": "rental car"}
# a question about one end of a car rental: its pick-up, or its return
_PICK_UP = re.compile(r"\b(?:pick(?:ing)?[\s-]?up|collect(?:ing)?|get the car)\b", re.I)
_RETURN = re.compile(r"\b(?:return(?:ing)?|drop(?:ping)?[\s-]?off|give (?:it|the car) back|bring (?:it|the car) back)\b",
                     re.I)
_CHECK_OUT = re.compile(r"\bcheck[\s-]?out\b", re.I)
# a question about the end of a journey: "when do we land?", "what time does the train get in?"
_ARRIVE = re.compile(r"\b(?:arriv(?:e|es|ing|al)|lands?|landing|get(?:s|ting)? (?:in|into)|reach(?:es|ing)?|"
                     r"pull(?:s|ing)? in|touch(?:es|ing)? down|due in)\b", re.I)
# a question about the start of a journey: "when do we depart?", "what time do I take off?"
_LEAVES = re.compile(r"\b(?:depart(?:s|ing|ure)?|take(?:s)?\s+off|fly(?:ing)?|flies|sail(?:s|ing)?|board(?:s|ing)?|"
                     r"leav(?:e|es|ing)\s+for)\b", re.I)
# where a journey ends, as its mail's words say it: "arrives Auckland 14:40", "Melbourne - Albury", "to Perth"
_PLACE = r"[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*"
_ENDS_AT = re.compile(rf"\barriv\w*\s+(?:in\s+|at\s+)?(?P<a>{_PLACE})(?:,?\s+(?:at\s+)?(?P<t>\d{{1,2}}[:.]\d{{2}}"
                      rf"(?:\s*[ap]\.?m\.?)?))?|\s[-\u2192>]+\s*(?P<b>{_PLACE})|\bto\s+(?P<c>{_PLACE})")
# the place a question says a journey goes to: "my flight back to Perth", "when do we get into Albury?"
_GOING_TO = re.compile(rf"\b(?:to|into|in)\s+(?P<p>{_PLACE})")
_NOT_PLACES = frozenset(("january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                         "saturday", "sunday", "i"))
# where a journey starts, as its words say it: "Toronto - Montréal", "from Leeds"
_STARTS_AT = re.compile(rf"(?P<f>{_PLACE})\s[-\u2192>]+\s*{_PLACE}|\bfrom\s+(?P<g>{_PLACE})")
# the journey home after the one out: "and the way back?", "when do we come back?", "the flight home"
_WAY_BACK = re.compile(r"\b(?:way|trip|journey|flight|train|ferry|sailing|crossing|ride|leg)\s+(?:back|home)\b|"
                       r"\b(?:come|coming|get|getting|fly|flying|sail|sailing|head|heading|go|going|travel(?:l?ing)?)\s+"
                       r"(?:back|home)\b|\breturn\s+(?:flight|train|ferry|sailing|crossing|journey|trip|leg)\b|\bback home\b|\b(?:are we|am i|be|we're|i'm)\s+back\b|"
                       r"\bthe return\b", re.I)
_WHO = re.compile(r"\s*(?:and\s+|so\s+)?who(?:'s|\u2019s|\s|$)", re.I)
AHEAD = timedelta(days=365)
_STATUS = {"proposed": "found in your mail, waiting for your yes", "created": "on your calendar"}


@dataclass(frozen=True)
class Trip:
    """One travel booking as an answer shows it."""

    provider: str
    title: str
    start: datetime
    status: str
    location: str | None
    kind: str
    number: int | None
    local: datetime | None
    last_day: datetime | None  # whole days: the last of them
    end: datetime | None = None  # a timed stay's check-out
    arrives: datetime | None = None  # a journey's arrival, when its mail gives one
    said: str = ""  # the words of its mail it was read from
    message: int | None = None  # the mail it was read from
    sender: str = ""  # who its mail came from (a flight's airline, or the agent it was booked through)

    def named(self) -> str:
        """Its title, a flight's with the airline its mail came from beside the number ("Flight KA 311 (Kestrel
        Air) CPT → JNB"), or the agent it was booked through ("... (booked with Tripmate)")."""
        if self.kind != "flight" or not self.sender or self.sender.casefold() in self.title.casefold():
            return self.title
        m = _FLIGHT_TITLE.match(self.title)
        if m is None:
            return self.title
        who = self.sender if _an_airline(self.sender, m["code"]) else f"booked with {self.sender}"
        return f"{m['head']} ({who}){m['rest']}"

    def codes(self) -> list[str]:
        """The airports its route names by their codes, first to last ("YYZ → GRU")."""
        route = self.title.split(" ", 3)[-1] if "\u2192" in self.title else ""
        return re.findall(r"\b[A-Z]{3}\b", route)

    def starts(self) -> list[str]:
        """Where the journey starts, by every name its mail and its first airport give."""
        out = [self.location] if self.location else []
        codes = self.codes()
        if codes:
            out += _airport_said(codes[0])
        out += [m.group("f") for m in _STARTS_AT.finditer(f"{self.title} | {self.said}")]
        return out

    def countries(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The names of the countries its route starts and ends in, by its airports' codes (() when it names none)."""
        codes = self.codes()
        if len(codes) < 2:
            return (), ()
        return airport_country(codes[0]), airport_country(codes[-1])

    def end_zone(self) -> str | None:
        """The zone of the airport it lands at, when its route names one."""
        codes = self.codes()
        return airport_zone(codes[-1]) if len(codes) >= 2 else None

    def _place_zone(self) -> str | None:
        """The zone of the place the booking starts at, when the booking kept no local time: a stay's town
        (the last part of its address, "..., Edinburgh", when that town is in one zone), a flight's first
        airport (a flight's times are its airports' clocks); None otherwise."""
        if self.kind == "hotel" and self.location:
            town = self.location.rsplit(",", 1)[-1].strip()
            # an address that ends with its country ("..., District 1, Ho Chi Minh City, Vietnam") says it too
            return (city_zone(town, whole=True) if town else None) or address_zone(self.location, self.start)
        codes = self.codes()
        if self.kind == "flight" and len(codes) >= 2:
            return airport_zone(codes[0])
        return None

    def _at_the_place(self, moment: datetime | None = None) -> datetime | None:
        """A moment of the booking (its start unless said) on the clock of the place it is at (see
        `_place_zone`); None when that place's zone is not known."""
        zone = self._place_zone()
        return (moment or self.start).astimezone(ZoneInfo(zone)) if zone else None

    def ends(self) -> list[tuple[str, str]]:
        """Where the journey ends as its words say it, each with the local time they give ("" for none)."""
        codes = self.codes()
        out = [(name, "") for name in _airport_said(codes[-1])] if len(codes) >= 2 else []
        if self.kind == "hotel" and self.location:
            # a stay is in the town its address names ("..., 14 Castle Wynd North, Edinburgh")
            out += [(part.strip(), "") for part in self.location.split(",")[1:] if part.strip()]
            # and by the other names of its town ("Saigon" of "..., Ho Chi Minh City, Vietnam")
            out += [(other, "") for town in _stay_towns(self.location)[:1] for other in city_other_names(town)]
        for m in _ENDS_AT.finditer(f"{self.title} | {self.said}"):
            place = m.group("a") or m.group("b") or m.group("c") or ""
            if place:
                out.append((place, m.group("t") or ""))
        return out

    def line(self, clock: Clock) -> str:
        """`- Flight AI 865 DEL → BOM leaves Sun 14 Jun at 06:00 local time (01:30 your time), ...`."""
        where = f", {self.location}" if self.location and self.location.casefold() not in self.title.casefold() else ""
        number = f" (#{self.number})" if self.number is not None and self.status.startswith("found") else ""
        return f"- {self.named()}{self._when(clock)}{where}: {self.status}{number}"

    def arrival(self, clock: Clock) -> str:
        """`- Train …: arrives Sat 12 Dec at 10:32 your time`, or said plainly that no arrival was read."""
        number = f" (#{self.number})" if self.number is not None and self.status.startswith("found") else ""
        if self.arrives is None:
            said = next(((place, t) for place, t in self.ends() if t), None)
            if said is not None:
                return (f"- {self.named()}{self._when(clock)}, arrives {said[0]} at {said[1]} local time (as its mail "
                        f"says): {self.status}{number}")
            return f"- {self.named()}{self._when(clock)}: I can't tell when it arrives (no arrival time read from its mail)"
        mine = clock.local(self.arrives)
        zone = self.end_zone()
        there = self.arrives.astimezone(ZoneInfo(zone)) if zone else None
        if there is not None and there.utcoffset() != mine.utcoffset():
            # the arrival on the clock of the airport it lands at, as its mail gives it, beside the person's own
            return (f"- {self.named()}{self._when(clock)}, arrives {day_text(there.date(), clock)} at "
                    f"{clock.formats.time(there)} local time ({clock.formats.time(mine)} your time"
                    f"{', ' + day_text(mine.date(), clock) if mine.date() != there.date() else ''}): {self.status}{number}")
        return (f"- {self.named()}{self._when(clock)}, arrives {day_text(mine.date(), clock)} at "
                f"{clock.formats.time(mine)} your time: {self.status}{number}")

    def check_out(self, clock: Clock) -> str:
        """`- Hotel: …: check-out Tue 22 Dec at 11:00 local time (12:00 your time)` (on the clock of the
        hotel's town when its address names one, beside the person's own; else on the person's clock
        alone), or the last day of a stay of whole days."""
        number = f" (#{self.number})" if self.number is not None and self.status.startswith("found") else ""
        if self.last_day is not None:
            when = f"the last day is {day_text(self.last_day.date(), clock)} (no check-out time read from the mail)"
        elif self.end is not None:
            mine = clock.local(self.end)
            there = self._at_the_place(self.end)
            if there is not None and there.utcoffset() != mine.utcoffset():
                # on the hotel's clock, as its mail gives it, beside the person's own
                when = (f"check-out {day_text(there.date(), clock)} at {clock.formats.time(there)} local time "
                        f"({clock.formats.time(mine)} your time"
                        f"{', ' + day_text(mine.date(), clock) if mine.date() != there.date() else ''})")
            else:
                when = f"check-out {day_text(mine.date(), clock)} at {clock.formats.time(mine)} your time"
        else:
            return self.line(clock)
        return f"- {self.title}: {when}: {self.status}{number}"

    def _when(self, clock: Clock) -> str:
        fmt = clock.formats
        if self.last_day is not None:
            first, last = clock.local(self.start).date(), self.last_day.date()
            days = day_text(first, clock) if last <= first else f"{day_text(first, clock)} to {day_text(last, clock)}"
            return f": {days} (no check-in time read from the mail)" if self.kind == "hotel" else f": {days}"
        mine = clock.local(self.start)
        local = self.local or self._at_the_place()
        verb = TRAVEL.get(self.kind, "")
        head = f" {verb}" if verb == "leaves" else f": {verb}" if verb else ""
        if local is not None and local.utcoffset() != mine.utcoffset():
            return (f"{head} {day_text(local.date(), clock)} at {fmt.time(local)} local time "
                    f"({fmt.time(mine)} your time{', ' + day_text(mine.date(), clock) if mine.date() != local.date() else ''})")
        return f"{head} {day_text(mine.date(), clock)} at {fmt.time(mine)}"


# the words of an airport's own name that say only what it is ("Singapore Changi International Airport": Changi)
_AIRPORT_WORDS = frozenset(("international", "intl", "airport", "airfield", "aeroporto", "aeropuerto", "aeroport",
                            "flughafen", "regional", "municipal", "domestic", "terminal"))


def _airport_said(code: str) -> list[str]:
    """Every name people give an airport by its code: its city, its own name, its region, the city's other names
    ("Saigon" for Ho Chi Minh City, GeoNames') and its own name without its city and the words that say it is an
    airport ("Changi", "Heathrow", "Tan Son Nhat")."""
    names = list(airport_names(code))
    if not names:
        return []
    city = names[0]
    out = [*names, *city_other_names(city)]
    if len(names) > 1:
        own = [w for w in re.findall(r"[\w'-]+", names[1]) if w.casefold() not in _AIRPORT_WORDS
               and _folded(w) not in _folded(city).split()]
        if own and len(own) <= 3:
            out.append(" ".join(own))
    return out


# a flight's title: "Flight KA 311" (the airline's IATA code and the number), then its route
_FLIGHT_TITLE = re.compile(r"^(?P<head>Flight\s+(?P<code>[A-Z0-9]{2})\s?\d{1,4}[A-Z]?)(?P<rest>.*)$")
# the words of an airline's name ("Kestrel Air", "Indigo Wing Airways"); an agent's name has none of them
_AIRLINE_WORDS = frozenset(("air", "airways", "airline", "airlines", "aviation", "jet", "wings", "aero", "airlink",
                            "flyer", "fly"))


def _an_airline(name: str, code: str) -> bool:
    """Whether a sender's name is an airline's: a word of airlines in it, or its initials are the flight's code."""
    said = re.findall(r"[A-Za-z]+", name)
    initials = "".join(w[0] for w in said[:2]).upper()
    return bool({w.casefold() for w in said} & _AIRLINE_WORDS) or initials == code.upper()


# an airline's code said of a flight ("the BA flight", "my EK one"), as written: two capitals or a capital and a digit
_CODE_SAID = re.compile(r"\b(?P<code>[A-Z][A-Z0-9]|[0-9][A-Z])\s+(?:flights?|one|booking)\b")


def _codes_not_held(text: str, trips: list[Trip]) -> list[str]:
    """The airline codes a question says of a flight that no flight held carries ("BA" when the flights are KA)."""
    held = {m["code"] for t in trips if (m := _FLIGHT_TITLE.match(t.title)) is not None}
    return [m["code"] for m in _CODE_SAID.finditer(text) if m["code"] not in held and m["code"] not in ("OK", "TV")]


# a frame's flag: the journey asked about is the one home ("how about the trip home?", then "when does that one land?")
WAY_BACK = "way_back"


def destinations(provider: str, title: str, excerpt: str, location: str, rw: ReaderWords) -> tuple[str, ...]:
    """The places a travel booking takes the person to, by the names a question uses: the city of a
    flight's last airport, where a train's or a coach's words say it arrives ("Berlin - Hamburg"), the town
    of a stay's address; () for a booking that is no journey or stay."""
    kind = kind_of(f"{provider} {title}", rw.provider_kinds)
    if kind not in TRAVEL:
        return ()
    trip = Trip(provider, title, datetime.min, "", location or None, kind, None, None, None, said=excerpt)
    codes = trip.codes()
    if kind == "flight" and len(codes) >= 2:
        # an airport's city is named whole, however many words it has ("Ho Chi Minh City")
        return tuple(airport_names(codes[-1])[:1])
    if kind == "hotel":
        return _stay_towns(location)
    out = [m.group("a") or m.group("b") or m.group("c") or "" for m in _ENDS_AT.finditer(f"{title} | {excerpt}")]
    return tuple(dict.fromkeys(p for p in out if p and not any(c.isdigit() for c in p) and len(p.split()) <= 3))


def _stay_towns(location: str) -> tuple[str, ...]:
    """The town a stay's address ends with, and its country when the address ends with one ("..., District 1,
    Ho Chi Minh City, Vietnam": the city, then Vietnam); () for an address of one part."""
    parts = [p.strip() for p in location.split(",")[1:] if p.strip()] if "," in location else []
    countries = []
    while parts and country_code(parts[-1]):
        countries.append(parts.pop())
    town = parts[-1:] if parts and not any(c.isdigit() for c in parts[-1]) else []
    return tuple(dict.fromkeys(p for p in (*town, *countries) if len(p.split()) <= 4))


def on_the_way(place: str, provider: str, title: str, location: str, kind: str, excerpt: str = "") -> bool:
    """Whether a journey goes to or leaves from `place` ("the Johannesburg flight" is the one there and the one
    back), by the names its words, its mail's words and its airports give."""
    trip = Trip(provider, title, datetime.min, "", location or None, kind, None, None, None, said=excerpt)
    return any(_same_place(place, p) for p in (*(e for e, _ in trip.ends()), *trip.starts()))


def origins(provider: str, title: str, excerpt: str, location: str) -> tuple[str, ...]:
    """Where a journey starts, by every name its mail and its first airport give (the person's home, for the
    first journey out)."""
    trip = Trip(provider, title, datetime.min, "", location or None, "", None, None, None, said=excerpt)
    return tuple(trip.starts())


def head_kinds(trips: list[Trip], kinds: list[str]) -> str:
    """What the trips are called in a reply ("flight", "train and flight")."""
    said = sorted({t.kind for t in trips}) if len(kinds) > 1 else kinds
    return " and ".join(_SAID.get(k, k) for k in said)


def _way_back(trips: list[Trip], going: str, what: str, clock: Clock, arriving: bool = False,
              mailbox: Callable[[], Mailbox] | None = None, text: str = "") -> Answer:
    """The journey back from where the one out went (said before, else where the first one ends): those that
    start there after it; said plainly when no journey back was read, with the mail the journey out was read
    from (a ticket's return leg is often only in its text) to open."""
    trips = sorted(trips, key=lambda t: (t.start, t.title))
    # a place said may be a country its airports are in ("home from Mauritius"); a place read from a route is
    # its city alone, so a trip within one country never finds its way back among the others
    out = [t for t in trips if going and any(_same_place(going, p) for p in (*(e for e, _ in t.ends()),
                                                                           *t.countries()[1]))] or trips[:1]
    there = [going] if going else [p for p, _ in out[0].ends()]
    back = [t for t in trips if t.start > out[0].start and any(
        _same_place(p, s) for p in there for s in (*t.starts(), *(t.countries()[0] if going else ())))]
    place = going or (there[0] if there else "")
    if not back:
        lines = [t.line(clock) for t in trips]
        said, ticket = _mail_of(out[0], mailbox, clock)
        if said:
            # the way back as the ticket's own words give it ("Return: Sunday, 21 March, 16:00 (Bintan time)"): a
            # leg read as no booking of its own (its clock not known), quoted, never made into a time of Steward's
            return Answer("\n".join([f"Your {what} back{' from ' + place if place else ''}, as the mail of the one "
                                     f"out says it (read as no booking of its own, so not on your calendar):",
                                     f"- \u201c{said}\u201d", *ticket]),
                          {"appointments": [], "messages": [out[0].message], "accounted": True})
        return Answer("\n".join([f"I can't tell when you come back{' from ' + place if place else ''}: I read no "
                                 f"{what} back in your mail. The ones I read:", *lines, *ticket]),
                      {"appointments": [], "messages": [out[0].message] if ticket else []})
    into = _arrival_place(text) if arriving else ""
    if into and not any(_same_place(into, p) for t in back for p in (*(e for e, _ in t.ends()), *t.countries()[1])):
        # "what time does that get into Perth?" of a way back that goes elsewhere: said, never its arrival
        return Answer("\n".join([f"I can't tell when you get into {into}: none of the journeys back I read from your "
                                 "mail goes there. The ones I read:", *[t.line(clock) for t in back]]),
                      {"appointments": []})
    lines = [t.arrival(clock) if arriving and t.kind in JOURNEYS else t.line(clock) for t in back]
    if " and " in what:
        what = head_kinds(back, [what, what])  # (every kind of travel was asked: the kinds of the ones back)
    # (the way back is the one from where the journey out went, by its own route: the place is accounted for)
    return Answer("\n".join([f"Your {what} back:", *lines]), {"appointments": lines, "accounted": bool(place)})


def _mail_of(trip: Trip, mailbox: Callable[[], Mailbox] | None, clock: Clock) -> tuple[str, list[str]]:
    """The return leg as the mail a booking was read from says it ("Return: ..."; "" when it says none), and the
    lines that point at that mail (its sender, day and subject, and how to open it): what it says beyond the
    booking is only in its text, which Steward does not keep (the body is read live)."""
    if mailbox is None or trip.message is None:
        return "", []
    m = mailbox().stored([trip.message]).get(trip.message)
    if m is None:
        return "", []
    opens = (f"{day_text(clock.local(m.received_at).date(), clock)}, {m.sender_name or m.sender}: \u201c{m.subject}"
             f"\u201d [#{m.id}] (`steward mail read {m.id}` opens it).")
    try:
        back = _return_leg(mailbox().read(m.id, clock=clock).body)
    except StewardError:
        # the source is gone or unreachable: the start the store keeps, which may stop inside the leg
        kept = _RETURN_LEG.search(m.snippet)
        says = f" It says: \u201c{kept.group(0).strip()}\u2026\u201d" if kept else ""
        return "", [f"Its mail may say more (Steward keeps only its start; open it to read it all): {opens}{says}"]
    return back, [f"Its mail: {opens}"]


def _return_leg(body: str) -> str:
    """The return leg as a ticket's text gives it: its labelled line and the indented lines under it ("Return: Thu,
    17 Dec 2026" then "  NB 1789  Hamburg Hbf dep 18:06 -> ..."), as one line; "" when it gives none."""
    lines = body.splitlines()
    for at, line in enumerate(lines):
        found = _RETURN_LEG.search(line)
        if found is None:
            continue
        said = [found.group(0)]
        for more in lines[at + 1:at + 4]:
            if not more.strip() or not more[:1].isspace():
                break
            said.append(more)
        return " ".join(" ".join(said).split()).rstrip(" .,;")[:240]
    return ""


# the return leg as a ticket's own words give it ("Return: Thu, 17 Dec ... dep 18:06"), quoted from what is kept
_RETURN_LEG = re.compile(r"\b(?:return(?:\s+(?:journey|sailing|crossing|leg|trip|flight|train|ferry))?|inbound|"
                         r"way back|r\u00fcckfahrt|r\u00fcckreise|vuelta|regreso|retour)\s*:\s*.{10,140}", re.I)


# the place a question says a journey arrives at, in any case: "what time does the train get into york", "land in perth"
_INTO = re.compile(r"\b(?:get(?:s|ting)?\s+(?:in\s*to|into)|land(?:s|ing)?\s+(?:in|at)|arriv(?:e|es|ing)\s+(?:in|at|into)|"
                   r"touch(?:es|ing)?\s+down\s+(?:in|at))\s+(?:the\s+)?(?P<p>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3})",
                   re.I)
_INTO_ENDS = frozenset(("on", "at", "in", "by", "and", "or", "then", "now", "tonight", "today", "tomorrow", "please",
                        "airport", "station", "terminal", "port", "again", "exactly", "roughly", "local", "time"))


def _arrival_place(text: str) -> str:
    """The place a question says a journey arrives at ("york" of "what time does the train get into york?"), or ""."""
    m = _INTO.search(text)
    if m is None:
        return ""
    kept: list[str] = []
    for w in m.group("p").split():
        if w.casefold() in _INTO_ENDS:
            break
        kept.append(w)
    return " ".join(kept) if kept and kept[0].casefold() not in _NOT_PLACES | {"it", "there", "that"} else ""


def _destination(text: str) -> str:
    """The place a question says a journey goes to, or ""."""
    for m in _GOING_TO.finditer(text):
        place = m.group("p")
        if place.split()[0].casefold() not in _NOT_PLACES:
            return place
    return ""


def _coming_from(text: str) -> str:
    """The place a question says a journey comes back from ("the train home from Leeds"), or ""."""
    for m in _STARTS_AT.finditer(text):
        place = m.group("g") or ""
        if place and place.split()[0].casefold() not in _NOT_PLACES:
            return place
    return ""


def _same_place(said: str, written: str) -> bool:
    a, b = _folded(said), _folded(written)
    return bool(a and b) and (a == b or a.startswith(b + " ") or b.startswith(a + " "))


def _folded(name: str) -> str:
    """A place's name without accents, case or punctuation ("Montréal (Gare Centrale)" -> "montreal gare centrale")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(re.findall(r"[a-z0-9]+", plain.casefold()))


def _trip(item: Item, kind: str, assumed: timedelta, sender: str = "") -> Trip | None:
    """A booking as a trip; `assumed` is the length given to a booking whose mail says no end (such an
    end is no arrival)."""
    status = _STATUS.get(item.status)
    if status is None or item.start is None:
        return None
    last = (item.end - timedelta(days=1)) if item.all_day and item.end is not None else None
    if item.all_day and last is None:
        last = item.start
    arrives = item.end if kind in JOURNEYS and item.end is not None and item.end - item.start != assumed \
        else None
    return Trip(item.provider, item.title or item.provider, item.start, status, item.location, kind, item.id,
                item.local_start, last, item.end if kind == "hotel" and not item.all_day else None, arrives,
                item.excerpt, item.message_id, sender)


def _events(calendar: Callable[[], CalendarService] | None, start: datetime, end: datetime, kinds: list[str],
            rw: ReaderWords) -> list[Trip]:
    """Calendar events of those kinds (made by hand, or by another app), on the person's clock."""
    if calendar is None:
        return []
    out = []
    for e in calendar().events_between(start, end):
        kind = kind_of(e.title, rw.provider_kinds)
        if kind in kinds:
            last = e.end - timedelta(days=1) if e.all_day else None
            out.append(Trip(e.title, e.title, e.start, "on your calendar", e.location, kind, None, None, last))
    return out


def travel_answerer(appointments: Callable[[], AppointmentsService], rw: ReaderWords,
                    calendar: Callable[[], CalendarService] | None = None,
                    mailbox: Callable[[], Mailbox] | None = None,
                    lists: Callable[[], SlotLists] | None = None) -> Answerer:
    """The travel answerer over the appointment service and the calendar (and the mail, to point at the
    ticket that holds what no booking read from it says; the slot lists: who each booking's mail came from)."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        kinds = [k for k in frame.kinds if k in TRAVEL]
        # a place the person's journeys or stays go to, said with no kind of travel ("when do I leave for
        # Porto?"): every kind of travel, narrowed to those that go there
        to_place = [v.value for v in frame.values("trip")]
        kinds = kinds or (list(TRAVEL) if to_place and not frame.kinds else [])
        if to_place and not frame.kinds and (_ARRIVE.search(frame.text) or _LEAVES.search(frame.text)
                                             or re.search(r"\bget(?:s|ting)?\s+to\b", frame.text, re.I)):
            # "when do I get into Saigon?": a word of a journey's ends asks of the journeys there, never of a stay
            kinds = [k for k in kinds if k in JOURNEYS]
        named = {v.value for v in frame.values("provider")}
        if not kinds or frame.flags & {"cancelled", "moved", "reference", "seat", "earlier", "detail"} or \
                _WHO.match(frame.text):
            return None  # "who's meeting me at the airport?" asks after a person, not when the flight is
        now = clock.now()
        seen: set[int | None] = set()
        trips: list[Trip] = []
        service = appointments()
        assumed = timedelta(minutes=service.minutes)
        senders = {v.value: v.issuer for v in lists().of_slot("provider") if v.issuer} if lists is not None else {}
        # a stay under way started on an earlier day: it counts while its last day is ahead
        for item in service.between(now - timedelta(days=30), now + AHEAD):
            kind = kind_of(f"{item.provider} {item.title}", rw.provider_kinds)
            trip = _trip(item, kind, assumed, senders.get(item.provider, "")) \
                if kind in kinds and item.id not in seen else None
            if trip is None or (trip.last_day or trip.start) < (now - timedelta(days=1) if trip.last_day else now):
                continue
            seen.add(item.id)
            trips.append(trip)
        made = {(t.title.casefold(), t.start) for t in trips}
        # the events the bookings became are the same trips; other events of the kind are added
        trips += [e for e in _events(calendar, now, now + AHEAD, kinds, rw) if (e.title.casefold(), e.start) not in made
                  and not any(e.title.casefold() == t.title.casefold() for t in trips)]
        every = list(trips)  # the journey home may be with another operator than the one out
        unheld = _codes_not_held(frame.text, trips) if "flight" in kinds and not named else []
        if unheld:
            # "the BA flight" when no flight read carries BA: said plainly, with the flights there are
            lines = [t.line(clock) for t in sorted(trips, key=lambda t: (t.start, t.title)) if t.kind == "flight"]
            head = f"I found no {unheld[0]} flight in your mail or on your calendar"
            return Answer("\n".join([f"{head}. Your flights:", *lines]) if lines else f"{head}.",
                          {"appointments": [], "unmatched": unheld[0]})
        if named:
            # a journey named by its operator or by a place on it ("the train to Ballarat"): that one alone
            trips = [t for t in trips if t.provider in named]
        if frame.window is not None:
            trips = [t for t in trips if frame.window.start <= t.start < frame.window.end]
        # a name that is part of the place the question says it goes to ("Paulo" of "São Paulo") is that place
        said = [u.said for u in frame.unmatched
                if not any(set(_folded(u.said).split()) <= set(_folded(p).split()) for p in frame.places)]
        if said and not all(any(_same_place(one, p) for t in trips for p in (*(e for e, _ in t.ends()), *t.starts()))
                            for one in said):
            return None  # a name that is no place of these journeys: the appointments answer says what it is
        going = to_place[0] if to_place else frame.places[0] if frame.places else (
            _destination(frame.text) or (said[0] if said else ""))
        if (WAY_BACK in frame.flags or _WAY_BACK.search(frame.text)) and trips and set(kinds) & JOURNEYS:
            # "the flight home from Zanzibar": the way back from the place said
            going = going or _coming_from(frame.text)
            return _way_back(every if frame.window is None else trips, going,
                             "journey" if to_place and not frame.kinds else head_kinds(trips, kinds), clock,
                             _ARRIVE.search(frame.text) is not None, mailbox, frame.text)
        if going and named and any(set(_folded(going).split()) <= set(_folded(n).split()) for n in named):
            going = ""  # "the ferry to Bintan" of Bintan Seaways: the operator named for where it goes, said by name
        placed = False
        if going and trips:
            there = [t for t in trips if any(_same_place(going, place) for place in (*(e for e, _ in t.ends()),
                                                                                     *t.countries()[1]))]
            placed = bool(there)
            if not there:
                # never another journey for the one asked about: say which were read, and that none goes there
                lines = [t.line(clock) for t in sorted(trips, key=lambda t: (t.start, t.title))]
                return Answer("\n".join([f"I can't tell which booking takes you to {going}: none I read from your "
                                         "mail says it goes there. The ones I read:", *lines]), {"appointments": []})
            trips = there
        # "what time do I get to Leeds?": the arrival at the place said
        arriving = _ARRIVE.search(frame.text) is not None or any(
            re.search(rf"\bget(?:s|ting)?\s+(?:to|into)\s+{re.escape(p)}\b", frame.text, re.I)
            for p in (*to_place, *frame.places))
        end = "pick-up" if _PICK_UP.search(frame.text) else "return" if _RETURN.search(frame.text) else ""
        if (arriving or _LEAVES.search(frame.text)) and not _CHECK_OUT.search(frame.text) \
                and any(t.kind in JOURNEYS for t in trips) \
                and kind_of(frame.text, rw.provider_kinds) in ("", "travel", *JOURNEYS):
            # "what time does that get in?" after the trip's bookings: the journeys arrive, a stay does not
            trips = [t for t in trips if t.kind in JOURNEYS]
        if end and any(t.kind == "rental" for t in trips):
            trips = [t for t in trips if t.kind != "rental" or f"rental car {end}" in t.title.casefold()]
        if not trips and to_place:
            return Answer(f"I read no journey or stay ahead that takes you to {to_place[0]}"
                          + (f" {frame.window.said}" if frame.window else "") + ".", {"appointments": []})
        if not trips:
            return None  # the appointments answerer says what there is instead (and reads the calendar)
        trips.sort(key=lambda t: (t.start, t.title))
        said = sorted({t.kind for t in trips}) if len(kinds) > 1 else kinds
        what = " and ".join(_SAID.get(k, k) for k in said)
        head = ("Yes, " if frame.ask == "is_there" else "") + (
            f"your {what}" if len(trips) == 1 else f"your {what} bookings, the next first") + (
            f" ({frame.window.said}):" if frame.window else ":")
        head = head[:1].upper() + head[1:]
        leaving = _CHECK_OUT.search(frame.text) is not None
        lines = [t.check_out(clock) if leaving and t.kind == "hotel" else
                 t.arrival(clock) if arriving and t.kind in JOURNEYS else t.line(clock) for t in trips]
        view = bookings_view(head.rstrip(":"), trips, clock, window_words(frame, clock))
        # (the journeys that go to the place said, by their own routes and their airports' names: accounted for)
        return Answer("\n".join([head, *lines]), {"appointments": lines, "view": view,
                                                  **({"accounted": True} if placed and not frame.things else {})})

    return Answerer("travel", "appointments", answer, asks=("when", "is_there", "which", "show", "list"))
