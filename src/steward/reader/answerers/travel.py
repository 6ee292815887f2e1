"""Travel answers: "when does my flight leave?", "what time is check-in?", "when do I pick up the car?".

A question about a kind of travel (a flight, a train, a hotel, a rental car) is answered with the
bookings of that kind alone, each at the time the mail gave it on the clock of the place it is at (an
airport's, a hotel's) beside the person's own: "leaves Sun 14 Jun at 06:00 local time (01:30 your
time)". A stay whose check-in time is not read (no time, or no zone for it) is its days, said as
such. A question that names a provider, asks about cancelled or moved bookings, or finds no booking
of its kind is left to the appointments answerer (which also reads events made by hand). Through
`AppointmentsService`; a booking as a trip, and the places on its way, are `trips`'.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.errors import StewardError
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text
from steward.reader.answerers.trips import (
    FLIGHT_TITLE,
    JOURNEYS,
    PLACE,
    STARTS_AT,
    TRAVEL,
    Trip,
    folded,
    same_place,
)
from steward.reader.details import asks_arrival
from steward.reader.frame import Frame
from steward.reader.lists import SlotLists, kind_of
from steward.reader.views import bookings_view, window_words
from steward.reader.words import ReaderWords

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.calendar.service import CalendarService
    from steward.records.appointments import Item
    from steward.search.mailbox import Mailbox

_SAID = {"rental": "rental car"}
# a question about one end of a car rental: its pick-up, or its return
_PICK_UP = re.compile(r"\b(?:pick(?:ing)?[\s-]?up|collect(?:ing)?|get the car)\b", re.I)
_RETURN = re.compile(r"\b(?:return(?:ing)?|drop(?:ping)?[\s-]?off|give (?:it|the car) back|bring (?:it|the car) back)\b",
                     re.I)
_CHECK_OUT = re.compile(r"\bcheck[\s-]?out\b", re.I)
# a question about the start of a journey: "when do we depart?", "what time do I take off?"
_LEAVES = re.compile(r"\b(?:depart(?:s|ing|ure)?|take(?:s)?\s+off|fly(?:ing)?|flies|sail(?:s|ing)?|board(?:s|ing)?|"
                     r"leav(?:e|es|ing)\s+for)\b", re.I)
# the place a question says a journey goes to: "my flight back to Perth", "when do we get into Albury?"
_GOING_TO = re.compile(rf"\b(?:to|into|in)\s+(?P<p>{PLACE})")
_NOT_PLACES = frozenset(("january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                         "saturday", "sunday", "i"))
# the journey home after the one out: "and the way back?", "when do we come back?", "the flight home"
_WAY_BACK = re.compile(r"\b(?:way|trip|journey|flight|train|ferry|sailing|crossing|ride|leg)\s+(?:back|home)\b|"
                       r"\b(?:come|coming|get|getting|fly|flying|sail|sailing|head|heading|go|going|travel(?:l?ing)?)\s+"
                       r"(?:back|home)\b|\breturn\s+(?:flight|train|ferry|sailing|crossing|journey|trip|leg)\b|\bback home\b|\b(?:are we|am i|be|we're|i'm)\s+back\b|"
                       r"\bthe return\b", re.I)
_WHO = re.compile(r"\s*(?:and\s+|so\s+)?who(?:'s|\u2019s|\s|$)", re.I)
AHEAD = timedelta(days=365)
_STATUS = {"proposed": "found in your mail, waiting for your yes", "created": "on your calendar"}


# an airline's code said of a flight ("the BA flight", "my EK one"), as written: two capitals or a capital and a digit
_CODE_SAID = re.compile(r"\b(?P<code>[A-Z][A-Z0-9]|[0-9][A-Z])\s+(?:flights?|one|booking)\b")


def _codes_not_held(text: str, trips: list[Trip]) -> list[str]:
    """The airline codes a question says of a flight that no flight held carries ("BA" when the flights are KA)."""
    held = {m["code"] for t in trips if (m := FLIGHT_TITLE.match(t.title)) is not None}
    return [m["code"] for m in _CODE_SAID.finditer(text) if m["code"] not in held and m["code"] not in ("OK", "TV")]


# a frame's flag: the journey asked about is the one home ("how about the trip home?", then "when does that one land?")
WAY_BACK = "way_back"


def _arriving(frame: Frame) -> bool:
    """Whether a journey's arrival is asked: said now, or asked the turn before of the journey out ("and when
    do we pull in?", then "and the return?")."""
    return asks_arrival(frame.text) or "arrives" in frame.flags


def head_kinds(trips: list[Trip], kinds: list[str]) -> str:
    """What the trips are called in a reply ("flight", "train and flight")."""
    said = sorted({t.kind for t in trips}) if len(kinds) > 1 else kinds
    return " and ".join(_SAID.get(k, k) for k in said)


def _way_back(trips: list[Trip], going: str, what: str, clock: Clock, arriving: bool = False,
              mailbox: Callable[[], Mailbox] | None = None, text: str = "", within: list[Trip] | None = None) -> Answer:
    """The journey back from where the one out went (said before, else where the first one ends): those that
    start there after it (and among `within`, the journeys of the days said); said plainly when no journey back
    was read, with the mail the journey out was read from (a ticket's return leg is often only in its text) to
    open."""
    trips = sorted(trips, key=lambda t: (t.start, t.title))
    into = _arrival_place(text) if arriving else ""
    if going and into and same_place(into, going):
        # "when does the boat get back into Holyhead?": the way back to where the journey out left from
        left = [t for t in trips if any(same_place(going, s) for s in t.starts())]
        home = [t for t in trips if left and t.start > left[0].start and any(same_place(going, e) for e, _ in t.ends())
                and (within is None or t in within)]
        if home:
            lines = [t.arrival(clock) if t.kind in JOURNEYS else t.line(clock) for t in home]
            return Answer("\n".join([f"Your {what} back:", *lines]), {"appointments": lines, "accounted": True})
    # a place said may be a country its airports are in ("home from Mauritius"); a place read from a route is
    # its city alone, so a trip within one country never finds its way back among the others
    out = [t for t in trips if going and any(same_place(going, p) for p in (*(e for e, _ in t.ends()),
                                                                           *t.countries()[1]))] or trips[:1]
    there = [going] if going else [p for p, _ in out[0].ends()]
    back = [t for t in trips if t.start > out[0].start and any(
        same_place(p, s) for p in there for s in (*t.starts(), *(t.countries()[0] if going else ())))
            and (within is None or t in within)]
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
    if into and not any(same_place(into, p) for t in back for p in (*(e for e, _ in t.ends()), *t.countries()[1])):
        # "what time does that get into Perth?" of a way back that goes elsewhere: said, never its arrival
        return Answer("\n".join([f"I can't tell when you get into {into}: none of the journeys back I read from your "
                                 "mail goes there. The ones I read:", *[t.line(clock) for t in back]]),
                      {"appointments": []})
    lines = [t.arrival(clock) if arriving and t.kind in JOURNEYS else t.line(clock) for t in back]
    if " and " in what:
        what = head_kinds(back, [what, what])  # (every kind of travel was asked: the kinds of the ones back)
    # (the way back is the one from where the journey out went, by its own route: the place is accounted for)
    return Answer("\n".join([f"Your {what} back:", *lines]), {"appointments": lines, "accounted": bool(place)})


# a question of a journey's number: "flight number?", "what's my flight no.", "which train number is it"
_NUMBER_ASKED = re.compile(r"\b(?:flight|train|ferry)\s*(?:number|no\b|nr\b|num\b|#)", re.I)


def _number_written(trip: Trip, mailbox: Callable[[], Mailbox]) -> str:
    """A journey's number as the mail it was read from writes it ("TP1327", "TP 1327"), or "" when it does not."""
    m = re.search(r"\b(?:Flight|Train|Ferry)\s+([A-Z0-9]{1,4})\s?(\d{1,5}[A-Z]?)\b", trip.title)
    if m is None or trip.message is None:
        return ""
    kept = mailbox().stored([trip.message]).get(trip.message)
    written = re.compile(rf"\b{m.group(1)}\s?0*{m.group(2)}\b")
    found = written.search(f"{kept.subject}\n{kept.snippet}") if kept is not None else None
    return " ".join(found.group().split()) if found else ""


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
_INTO = re.compile(r"\b(?:get(?:s|ting)?\s+(?:back\s+)?(?:in\s*to|into)|land(?:s|ing)?\s+(?:in|at)|arriv(?:e|es|ing)\s+(?:in|at|into)|"
                   r"touch(?:es|ing)?\s+down\s+(?:in|at)|reach(?:es|ing)?)\s+(?:the\s+)?(?P<p>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3})",
                   re.I)
_INTO_ENDS = frozenset(("on", "at", "in", "by", "and", "or", "then", "now", "tonight", "today", "tomorrow", "please",
                        "around", "about", "what", "when", "roughly", "approximately", "ah", "lah",
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
    for m in STARTS_AT.finditer(text):
        place = m.group("g") or ""
        if place and place.split()[0].casefold() not in _NOT_PLACES:
            return place
    return ""


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


def _in_window(trips: list[Trip], frame: Frame, clock: Clock) -> list[Trip]:
    """The trips the frame's window holds; a stay's check-out, when that is asked ("check out is thursday at
    noon, right?"), is held by the day of the window's moment (the stay's own time then answers it)."""
    window = frame.window
    assert window is not None
    if window.start == window.end:
        # "is the hire car pick-up at 9:15?": a moment said of a trip abroad is on that place's clock or the
        # person's own
        said = clock.local(window.start).replace(tzinfo=None)
        at = [t for t in trips if t.start == window.start or (
            t.local is not None and t.local.replace(tzinfo=None) == said)]
        if at:
            return at
    if _CHECK_OUT.search(frame.text) is None:
        return [t for t in trips if window.start <= t.start < window.end]
    out: list[Trip] = []
    for t in trips:
        leaves = (t.end or t.last_day) if t.kind == "hotel" else None
        if leaves is None:
            if window.start <= t.start < window.end:
                out.append(t)
        elif (window.start <= leaves < window.end or (
                window.start == window.end and clock.local(leaves).date() == clock.local(window.start).date())):
            out.append(t)
    return out


# a window said as a clock time alone ("at 7:05", "6:15pm"): the time a question says a journey is at
_CLOCK_ONLY = re.compile(r"^(?:(?:at|by)\s+)?(\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?|[ap])?)$", re.I)


# a journey said to be another's ("her train", "his flight", "their coach"): none of the person's own bookings
_SOMEONE_ELSES = re.compile(r"\b(her|his|their)\s+(train|flight|plane|coach|bus|ferry|boat|sailing|journey)s?\b", re.I)


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
        if to_place and not frame.kinds and (_arriving(frame) or _LEAVES.search(frame.text)
                                             or re.search(r"\bget(?:s|ting)?\s+to\b", frame.text, re.I)):
            # "when do I get into Saigon?": a word of a journey's ends asks of the journeys there, never of a stay
            kinds = [k for k in kinds if k in JOURNEYS]
        named = {v.value for v in frame.values("provider")}
        if not kinds or frame.flags & {"cancelled", "moved", "reference", "seat", "earlier", "detail"} or \
                _WHO.match(frame.text):
            return None  # "who's meeting me at the airport?" asks after a person, not when the flight is
        theirs = _SOMEONE_ELSES.search(frame.text)
        if theirs is not None and not named:
            # "what time does her train get in?": another's journey, which no booking of the person's own is
            return Answer(f"I can't tell that from your bookings: the journeys I read are your own, not "
                          f"{theirs.group(1).lower()} {theirs.group(2).lower()}.", {"theirs": theirs.group(0)})
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
        # the journeys a place said is on ("Lisbon": the flight TP 1327 there), named by the same words as the place
        by_place = {v.value for f in frame.filters if f.of("trip") for v in f.of("provider")}
        if named and named <= by_place and frame.kinds and not any(t.provider in named for t in trips):
            # "any hotel booked in Lisbon?": a place the flight there is named by, asked of a kind that flight is
            # not, is where the kind asked is looked for (never the flight itself)
            named = set()
        if named:
            # a journey named by its operator or by a place on it ("the train to Ballarat"): that one alone
            trips = [t for t in trips if t.provider in named]
            if not trips:
                return None  # a name of someone else's (a person whose invitations read as bookings): not a journey
        checked = ""
        if frame.window is not None:
            held = _in_window(trips, frame, clock)
            if not held and trips and (to_place or named) and _CLOCK_ONLY.match(frame.window.said):
                # "the ferry to Arran's still 9:40, right?": a time said of a journey named by its place or its
                # operator is checked against the journey's own time, never the journey dropped for it
                checked = _CLOCK_ONLY.sub(r"\1", frame.window.said)
            else:
                trips = held
        # a name that is part of the place the question says it goes to ("Paulo" of "São Paulo") is that place
        said = [u.said for u in frame.unmatched
                if not any(set(folded(u.said).split()) <= set(folded(p).split()) for p in frame.places)]
        if said and not all(any(same_place(one, p) for t in trips for p in (*(e for e, _ in t.ends()), *t.starts()))
                            for one in said):
            return None  # a name that is no place of these journeys: the appointments answer says what it is
        going = to_place[0] if to_place else frame.places[0] if frame.places else (
            _destination(frame.text) or (said[0] if said else ""))
        if (WAY_BACK in frame.flags or _WAY_BACK.search(frame.text)) and trips and set(kinds) & JOURNEYS:
            # "the flight home from Zanzibar": the way back from the place said
            going = going or _coming_from(frame.text)
            # (a moment said, "is my flight home at 6:15?", is checked against the way back's own time)
            # ("and coming home on Sunday?": the journey out is found among them all, the one back on the day said)
            span = frame.window is not None and frame.window.start != frame.window.end
            return _way_back(every, going,
                             "journey" if to_place and not frame.kinds else head_kinds(trips, kinds), clock,
                             _arriving(frame), mailbox, frame.text, within=trips if span else None)
        if going and named and any(set(folded(going).split()) <= set(folded(n).split()) for n in named):
            going = ""  # "the ferry to Bintan" of Bintan Seaways: the operator named for where it goes, said by name
        placed = False
        if going and trips:
            there = [t for t in trips if any(same_place(going, place) for place in (*(e for e, _ in t.ends()),
                                                                                     *t.countries()[1]))]
            placed = bool(there)
            if not there:
                # never another journey for the one asked about: say which were read, where they go, and that none
                # goes there (their times are no answer to when the one asked about is)
                lines = [f"- {t.named()}" + (f" ({t.location})" if t.kind == "hotel" and t.location else "")
                         for t in sorted(trips, key=lambda t: (t.start, t.title))]
                return Answer("\n".join([f"I can't tell which booking takes you to {going}: none I read from your "
                                         "mail says it goes there. The ones I read:", *lines]), {"appointments": []})
            trips = there
        # "what time do I get to Leeds?": the arrival at the place said
        arriving = _arriving(frame) or any(
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
        if not trips and to_place and frame.kinds and set(kinds) <= {"hotel", "rental"}:
            # "any hotel booked in Lisbon?" with no stay read there: said so, never another booking for it
            return Answer(f"I found no {head_kinds([], kinds)} in {to_place[0]} in your mail or on your calendar"
                          + (f" {frame.window.said}" if frame.window else "") + ".", {"appointments": []})
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
        if checked:
            said_at = clock.local(frame.window.start) if frame.window else clock.now()
            # a time said without its half of the day ("6:12") is either half's
            half = 24 if re.search(r"[ap]", checked, re.I) else 12
            at_it = [t for t in trips if (t.local or clock.local(t.start)).minute == said_at.minute
                     and (t.local or clock.local(t.start)).hour % half == said_at.hour % half]
            trips = at_it or trips
            head = ("Yes, at" if at_it else "Not at") + f" {checked}: your {what}" + (
                " leaves:" if len(trips) == 1 else " bookings, the next first:")
        head = head[:1].upper() + head[1:]
        leaving = _CHECK_OUT.search(frame.text) is not None
        lines = [t.check_out(clock) if leaving and t.kind == "hotel" else
                 t.arrival(clock) if arriving and t.kind in JOURNEYS else t.line(clock) for t in trips]
        if _NUMBER_ASKED.search(frame.text) and mailbox is not None:
            # "flight number?": each journey's number as its own mail writes it ("TP1327"), before its line
            lines = [f"- {_number_written(t, mailbox)}: {line[2:]}" if _number_written(t, mailbox) else line
                     for t, line in zip(trips, lines, strict=True)]
        view = bookings_view(head.rstrip(":"), trips, clock, window_words(frame, clock))
        # (the journeys that go to the place said, by their own routes and their airports' names: accounted for)
        return Answer("\n".join([head, *lines]), {"appointments": lines, "view": view,
                                                  **({"accounted": True} if placed and not frame.things else {})})

    return Answerer("travel", "appointments", answer, asks=("when", "is_there", "which", "show", "list"))
