"""Trips: a travel booking as an answer shows it (`Trip`), and the places on its way: where a journey starts
and ends by its mail's words and its airports' names (a city, an airport's own name, the city's other names),
the town of a stay, and whether a place a person says is one of them. The travel answerer answers with these;
the slot lists (`reader.lists`) read a booking's destinations and origins as the places a question may name.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from steward.appointments.places import (
    address_zone,
    airport_country,
    airport_names,
    airport_zone,
    city_in_region,
    city_other_names,
    city_short_names,
    city_zone,
    country_code,
)
from steward.clock import Clock
from steward.reader.answerers.common import day_text
from steward.reader.lists import kind_of
from steward.reader.words import ReaderWords

# the kinds of `provider_kinds` (words.yaml) that are travel, and what their time is called
TRAVEL = {"flight": "leaves", "train": "leaves", "ferry": "leaves", "bus": "leaves", "hotel": "check-in", "rental": ""}
# the kinds that are a journey from one place to another (a leg), not a stay or a car
JOURNEYS = frozenset(("flight", "train", "ferry", "bus"))
# a place's name as mail writes it: capitalised words ("Auckland", "Ho Chi Minh City")
PLACE = r"[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)*"
# where a journey ends, as its mail's words say it: "arrives Auckland 14:40", "Melbourne - Albury", "to Perth"
_ENDS_AT = re.compile(rf"\barriv\w*\s+(?:in\s+|at\s+)?(?P<a>{PLACE})(?:,?\s+(?:at\s+)?(?P<t>\d{{1,2}}[:.]\d{{2}}"
                      rf"(?:\s*[ap]\.?m\.?)?))?|\s[-\u2192>]+\s*(?P<b>{PLACE})|\bto\s+(?P<c>{PLACE})")
# where a journey starts, as its words say it: "Toronto - Montréal", "from Leeds"
STARTS_AT = re.compile(rf"(?P<f>{PLACE})\s[-\u2192>]+\s*{PLACE}|\bfrom\s+(?P<g>{PLACE})")


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
        m = FLIGHT_TITLE.match(self.title)
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
        out += [name for m in STARTS_AT.finditer(f"{self.title} | {self.said}")
                for name in station_names(m.group("f") or m.group("g"), self.kind)]
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
                out += [(name, m.group("t") or "") for name in station_names(place, self.kind)]
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
    out = [*names, *city_other_names(city), *city_short_names(city)]
    if len(names) > 1:
        own = [w for w in re.findall(r"[\w'-]+", names[1]) if w.casefold() not in _AIRPORT_WORDS
               and folded(w) not in folded(city).split()]
        if own and len(own) <= 3:
            out.append(" ".join(own))
        if len(own) == 2:
            # an airport named for the island and the city it serves ("Mactan Cebu", "Sultan Hasanuddin"): each,
            # so a flight "to Cebu" is the one that lands there though the airport's town is another
            out += [w for w in own if len(w) >= 4]
    return out


# a flight's title: "Flight KA 311" (the airline's IATA code and the number), then its route
FLIGHT_TITLE = re.compile(r"^(?P<head>Flight\s+(?P<code>[A-Z0-9]{2})\s?\d{1,4}[A-Z]?)(?P<rest>.*)$")
# the words of an airline's name ("Kestrel Air", "Indigo Wing Airways"); an agent's name has none of them
_AIRLINE_WORDS = frozenset(("air", "airways", "airline", "airlines", "aviation", "jet", "wings", "aero", "airlink",
                            "flyer", "fly"))


def _an_airline(name: str, code: str) -> bool:
    """Whether a sender's name is an airline's: a word of airlines in it, or its initials are the flight's code."""
    said = re.findall(r"[A-Za-z]+", name)
    initials = "".join(w[0] for w in said[:2]).upper()
    return bool({w.casefold() for w in said} & _AIRLINE_WORDS) or initials == code.upper()


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
    out = [name for m in _ENDS_AT.finditer(f"{title} | {excerpt}")
           for name in station_names(m.group("a") or m.group("b") or m.group("c") or "", kind)]
    return tuple(dict.fromkeys(p for p in out if p and not any(c.isdigit() for c in p) and len(p.split()) <= 3))


# the words of a station's name that say it is a station, not where ("CST Mumbai Central", "Chicago Union Station")
_STATION_WORDS = frozenset(("central", "junction", "jn", "jct", "station", "terminus", "terminal", "cantt", "hbf",
                            "union", "city", "main", "halt", "road"))


# the first words of towns' own names, never initials before a station's ("NEW DELHI", "SAN JOSE", "ST ALBANS")
_NAME_HEADS = frozenset(("new", "old", "san", "sao", "st", "ste", "sta", "los", "las", "el", "la", "le", "les", "de",
                         "del", "dos", "das", "mt", "ft", "bad", "den", "het", "ter", "al", "port", "fort", "big",
                         "red", "the", "ban", "bay"))


def station_names(place: str, kind: str) -> list[str]:
    """The names a place a journey's words give is said by: itself, and of a train's station the town it is in
    without the initials before it and the words that say it is a station ("Mumbai" of "CST MUMBAI CENTRAL",
    "Pune" of "PNQ PUNE JN")."""
    if kind != "train" or not place:
        return [place] if place else []
    words = place.split()
    while len(words) > 1 and words[0].isupper() and len(words[0]) <= 3 and words[0].isalpha() \
            and words[0].casefold() not in _NAME_HEADS:
        words = words[1:]  # "CST", "LTT": a person's initials the station is named for
    while len(words) > 1 and words[-1].casefold().strip(",.") in _STATION_WORDS:
        words = words[:-1]
    town = " ".join(words).strip(" ,")
    # and the initials people call the town by ("DC" of "Washington Union Station")
    return [place, town, *city_short_names(town)] if town and town != place else [place, *city_short_names(place)]


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
    return any(same_place(place, p) for p in (*(e for e, _ in trip.ends()), *trip.starts()))


def goes_to(place: str, provider: str, title: str, location: str, kind: str, excerpt: str = "") -> bool:
    """Whether a journey ends at `place` (the flight out to Melbourne is the one that lands there, not the one leaving it)."""
    trip = Trip(provider, title, datetime.min, "", location or None, kind, None, None, None, said=excerpt)
    return any(same_place(place, p) for p, _ in trip.ends())


def origins(provider: str, title: str, excerpt: str, location: str) -> tuple[str, ...]:
    """Where a journey starts, by every name its mail and its first airport give (the person's home, for the
    first journey out)."""
    trip = Trip(provider, title, datetime.min, "", location or None, "", None, None, None, said=excerpt)
    return tuple(trip.starts())


def same_place(said: str, written: str) -> bool:
    """Whether two names are of one place: the same words, the one the first words of the other
    ("Johannesburg" and "Johannesburg OR Tambo"), or a city written in the region said ("Fort Lauderdale" of
    "Florida")."""
    a, b = folded(said), folded(written)
    return bool(a and b) and (a == b or a.startswith(b + " ") or b.startswith(a + " ") or city_in_region(written, said))


def folded(name: str) -> str:
    """A place's name without accents, case or punctuation ("Montréal (Gare Centrale)" -> "montreal gare centrale")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(re.findall(r"[a-z0-9]+", plain.casefold()))
