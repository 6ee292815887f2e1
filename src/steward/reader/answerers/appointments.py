"""Appointment answers: by provider or kind, with the status the mail gives (waiting for a yes, on the
calendar, cancelled, moved, from a forged sender); a booking counts while its date is ahead, however old
the mail that confirmed it. Through `AppointmentsService` (and the calendar for events made by hand)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader import honesty
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text, moment_text
from steward.reader.answerers.costs import Priced, cost_answer
from steward.reader.answerers.things import (
    address_in,
    booking_words,
    fitting,
    forwarded_by,
    initials,
    invitation_title,
    moves_to_its_start,
    no_street_titles,
    party_size,
    said_in_capitals,
    stem,
    text_words,
    thing_terms,
    who_in,
)
from steward.reader.frame import Frame, SlotValue
from steward.reader.lists import SlotLists, kind_of, specialty_of
from steward.reader.match import travel_number
from steward.reader.views import bookings_view, window_words
from steward.reader.words import ReaderWords
from steward.vocab import words

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.calendar.service import CalendarService
    from steward.records.appointments import Item
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

AHEAD = timedelta(days=365)
MOVED = "moved"
MOVED_HERE = "moved to this time by a later mail"
_MOVED_TO_TIME = "moved to this time"  # a booking at the time a mail moved it to, found or not
_STATUS = {
    "proposed": "found in your mail, waiting for your yes",
    "created": "on your calendar",
    "duplicate": "on your calendar",
}
_REJECTED = {
    "cancellation": "cancelled",
    "reschedule": "moved",
    "offer": "offered to you, not booked until you say yes to them",
    "suspicious_sender": "from a sender that looks forged: not trusted",
    "user": "you turned it down",
    "invitation": "an invitation, not on your calendar (I can't see whether you replied to it)",
}


@dataclass(frozen=True)
class Booking:
    """One appointment as an answer shows it."""

    provider: str
    title: str
    start: datetime
    status: str
    location: str | None
    kind: str
    number: int | None = None
    via: str = ""  # who the booking's mail came from, when its provider reads otherwise
    message_id: int | None = None  # the mail it was read from
    forwarded: bool = False  # its mail was forwarded to the person by `via`
    excerpt: str = ""  # the words of its mail it was read from (a ticket's route, when no field holds it)
    specialty: str = ""  # the kind of doctor its mail says a doctor's visit is with ("Orthopaedics": ortho)
    end: datetime | None = None  # when it ends, of an entry made on the calendar (a booking's is read from its mail)
    by: str = ""  # whose mail, of which day, says what its status is (" by Tom's mail of Sun 9 May"), when known

    def of_kinds(self, kinds: Sequence[str]) -> bool:
        """Whether it is of one of the kinds said: a doctor's visit is of "doctor" and of its specialty."""
        return self.kind in kinds or bool(self.specialty) and self.specialty in kinds

    def line(self, clock: Clock) -> str:
        """`- Fri 18 Sep at 20:00 Saffron Table (3 Curry Lane): waiting for your yes (#2)`."""
        if self.status == MOVED:
            return (f"- {self.title}: your mail from {self.provider} moves this booking, and I can't tell the new "
                    "time from it (read that mail: `steward mail search from:` the provider)")
        where = f" ({self.location})" if self.location else ""
        if self.forwarded:
            where += f", forwarded by {self.via}"
        elif self.via and self.via.casefold() not in self.title.casefold():
            where += f", from {self.via}"
        number = f" (#{self.number})" if self.number is not None and self.status.startswith("found") else ""
        return f"- {moment_text(self.start, clock)}{self.window(clock)} {self.title}{where}: {self.status}{self.by}{number}"

    def window(self, clock: Clock) -> str:
        """" (arriving between 08:00 and 12:00)": the hours a visit to the home arrives within, as its mail says them
        ("an arrival window between 8 and 12"); "" for a booking at one time."""
        from steward.reader.details import end_said

        if not _WINDOW.search(self.excerpt):
            return ""
        at = clock.local(self.start)
        found = end_said(self.excerpt, (at.hour, at.minute))
        if found is None:
            return ""
        hour, minute = found[1]
        return (f" (arriving between {clock.formats.time(at)} and "
                f"{clock.formats.time(at.replace(hour=hour, minute=minute))})")


# the words of a visit that comes within a window of hours ("an arrival window between 8 and 12")
_WINDOW = re.compile(r"\b(?:window|between)\b", re.I)


def _bookings(items: tuple[Item, ...], rw: ReaderWords, vias: dict[str, str],
              kinds: dict[str, str] | None = None) -> list[Booking]:
    """The items as bookings: one per appointment, the newest message's word on a moved one; a booking whose
    names say no kind has the one `kinds` gives its provider (what its mail says was booked)."""
    kinds = kinds or {}
    out: list[Booking] = []
    moved: dict[str, Item] = {}
    for item in items:
        if item.start is None:
            continue
        if item.status == "rejected" and item.reason == "reschedule":
            old = moved.get(item.provider)
            if old is None or (item.message_id or 0) > (old.message_id or 0):
                moved[item.provider] = item
            continue
        status = _STATUS.get(item.status)
        if item.status == "rejected":
            status = _REJECTED.get(item.reason or "")
        if item.status == "quarantined":
            status = _REJECTED["suspicious_sender"]
        if status is None:
            continue
        if item.change:
            status = f"your mail says {item.change}"
        elif item.reason == "reschedule" and item.status == "proposed":
            status = f"found in your mail, {MOVED_HERE}, waiting for your yes"
        elif item.reason == "reschedule" and status is not None and item.status in _STATUS:
            status = f"{MOVED_HERE}, {status}"
        via = vias.get(item.provider, "")
        kind = kind_of(f"{item.provider} {item.title} {via}", rw.provider_kinds) or kinds.get(item.provider, "")
        out.append(Booking(item.provider, item.title or item.provider, item.start, status, item.location,
                           kind, item.id, via, item.message_id, excerpt=item.excerpt or "",
                           specialty=specialty_of(kind, item.excerpt or "", rw)))
    for item in moved.values():
        assert item.start is not None
        if any(b.provider == item.provider and _MOVED_TO_TIME in b.status for b in out):
            continue  # the mail that moved it gave its new time: that booking is listed
        newer = [n for n, b in enumerate(out) if b.provider == item.provider and b.start != item.start
                 and (b.message_id or 0) > (item.message_id or 0) and (
                     (item.origin == "ics" and (b.excerpt or "").casefold() == (item.excerpt or "").casefold())
                     or (bool(item.title) and b.title.casefold() == item.title.casefold()))]
        if newer:
            # a calendar update gave the event its new time, or a later mail of whoever told of it ("the lunch is at
            # 1.30 now"): listed at that time, said moved there
            for n in newer:
                out[n] = replace(out[n], status=f"{MOVED_HERE} ({out[n].status})")
            continue
        if moves_to_its_start(item, items):
            # "practice is moving from 5:30 to 6:15 this Wednesday": plans a person's mail moves, at the time it
            # says (no booking of theirs was read before it: its start is the new time, not the old)
            kind = kind_of(f"{item.provider} {item.title}", rw.provider_kinds) or kinds.get(item.provider, "")
            out.append(Booking(item.provider, item.title or item.provider, item.start,
                               f"{_MOVED_TO_TIME} by {item.provider}'s mail", item.location, kind, item.id,
                               message_id=item.message_id, excerpt=item.excerpt or ""))
            continue
        kind = kind_of(f"{item.provider} {item.title}", rw.provider_kinds) or kinds.get(item.provider, "")
        # the booking this item read was moved by a later mail whose new time was not read: say so, no time
        out.append(Booking(item.provider, item.title or item.provider, item.start,
                           MOVED, item.location, kind, item.id,
                           specialty=specialty_of(kind, item.excerpt or "", rw)))
    return sorted(out, key=lambda b: (b.start, b.title))


def appointments_answerer(appointments: Callable[[], AppointmentsService], calendar: Callable[[], CalendarService],
                          rw: ReaderWords, lists: Callable[[], SlotLists],
                          mailbox: Callable[[], Mailbox] | None = None) -> Answerer:
    """The appointments answerer over the appointment service and the calendar."""
    bookings_ahead = _ahead_reader(appointments, calendar, rw, lists)

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        named = frame.values("provider")
        now = clock.now()
        service = appointments()
        by_mail = _named_in_mail(frame, service, mailbox, clock) if not named and mailbox is not None else None
        kinds_said = frame.kinds
        if by_mail is not None:
            # "when is Biscuit's jab?", "when's BA283?": a name no provider has, said in the mail of a booking
            moment = frame.window is not None and frame.window.start == frame.window.end
            # "what time does BA283 leave now?": "now" says the latest word, not a moment to look in
            frame = replace(frame, unmatched=(), kinds=(), window=None if moment else frame.window)
        elif not named:
            # a name said that matches no provider: said plainly, never another provider's booking; a name
            # mail says that no booking was read from is said as such ("Biscuit" in a vet's reminder)
            for u in frame.unmatched:
                said = _said_in_mail(u.said, mailbox, clock) if mailbox is not None else []
                if said:
                    return Answer("\n".join([f"I can't tell from your mail when \u2018{u.said}\u2019 is: I read no "
                                             "booking with a time from the mail that says it. That mail:", *said]),
                                  {"unmatched": u.said})
                return Answer(honesty.no_such(u, "appointments and bookings"), {"unmatched": u.said})
        if frame.window is not None and frame.window.start == frame.window.end and (
                frame.ask == "when" or _WHO.match(frame.text)) and (named or frame.kinds):
            # "when's the fitting now?": the latest word on that booking, not what is on this very minute (and so
            # is "who's it with?" said after it)
            frame = replace(frame, window=None)
        if frame.window is not None and frame.window.start < frame.window.end <= now and (named or frame.kinds):
            return _gone_by(frame, service, clock, rw, lists(), mailbox)
        ahead = every = bookings_ahead(now)
        if by_mail is not None and kinds_said:
            # "the Kigali flight": of the bookings whose mail says the name, the ones of the kind said
            # (none of that kind: none is, never another kind of booking whose mail says the name, a dinner's
            # mail that speaks of the place a flight goes)
            ahead = [b for b in ahead if b.message_id in by_mail[1] and b.of_kinds(kinds_said)]
            if not ahead:
                # (nor the person's own booking of that kind: "Leo's dentist" is never her dentist)
                kind = " or ".join(kinds_said)
                return Answer(f"I can't tell from your mail when the {kind} whose mail says \u2018{by_mail[0]}\u2019 "
                              f"is: I read no {kind} booking ahead from the mail that says it.",
                              {"unmatched": by_mail[0]})
            frame = replace(frame, kinds=kinds_said)
        # "how much was the Paris ticket?", "the tickets to Lisbon": a journey's price, asked by the place it goes
        ticket = bool((frame.values("trip") or frame.places) and not named and not frame.kinds and by_mail is None
                      and frame.ask == "how_much" and _A_TICKET.search(frame.text))
        terms = thing_terms(frame, rw) if not named and not frame.kinds and not ticket and not (
            by_mail is not None and kinds_said) else ()
        thing = _by_thing(frame, terms, ahead, rw, mailbox, clock) if terms else None
        if thing is not None:
            return thing
        if terms and frame.ask != "count" and not frame.flags & {"cancelled", "moved", "offered", "invited"}:
            # a thing said that no booking's words hold: said so, never every booking (nor one picked)
            return _not_found(terms, mailbox, clock)
        if by_mail is not None:
            ahead = [b for b in ahead if b.message_id in by_mail[1]]
        elif named:
            # (the words the names were said by count too: the hour asked alone after "the junior ballet" is its hour)
            words_said = " ".join((frame.text, *(n.said for n in frame.filters)))
            ahead = _by_title_words(words_said, [b for b in ahead if any(
                b.provider == v.value or v.value.casefold() in b.title.casefold() for v in named)], named, rw)
        elif frame.kinds:
            ahead = [b for b in ahead if b.of_kinds(frame.kinds)] or _saying_the_kind(frame, ahead, rw)
        if kinds_said and not named:
            ahead = _called_by_the_word_said(frame.text, kinds_said, ahead, rw)
        places = [v.value for v in frame.values("trip")]
        # the journey home asked ("and the leg home?" after the seat on the train to a place): the journeys from there
        back_from = list(frame.places or places) if frame.kinds and not named and by_mail is None \
            and "way_back" in frame.flags else []
        if places and not named and by_mail is None and not back_from:
            # "the booking ref for the Jo'burg flight": the journeys there and back, not every flight
            from steward.reader.answerers.trips import goes_to, on_the_way

            # (its place asked after the flight out to São Paulo: the one that goes there, before the one back)
            going = [b for b in ahead if any(goes_to(p, b.provider, b.title, b.location or "", b.kind, b.excerpt)
                                             for p in frame.places)] if frame.places else []
            ahead = going or [b for b in ahead if any(on_the_way(p, b.provider, b.title, b.location or "", b.kind,
                                                                 b.excerpt) for p in places)] or ahead
        elif back_from:
            # "and the one home?" after the seat on the train to London: the journeys that leave there
            from steward.reader.answerers.trips import goes_to, origins, same_place

            ahead = [b for b in ahead if not any(goes_to(p, b.provider, b.title, b.location or "", b.kind, b.excerpt)
                                                 for p in back_from)
                     and any(same_place(p, o) for p in back_from
                             for o in origins(b.provider, b.title, b.excerpt, b.location or ""))] or ahead
        elif frame.places and frame.kinds and not named and by_mail is None:
            # the place asked after the flight out to Melbourne: the journeys that go there, not the one back
            from steward.reader.answerers.trips import goes_to

            ahead = [b for b in ahead if any(goes_to(p, b.provider, b.title, b.location or "", b.kind, b.excerpt)
                                             for p in frame.places)] or ahead
        if ticket:
            # the journeys' own ticket (a flight out and back read from one mail is one booking), never the hotel's
            # bill beside it; of the journeys there and back when the place is said as where they go
            from steward.reader.answerers.trips import JOURNEYS, on_the_way

            ahead = [b for b in ahead if b.kind in JOURNEYS] or ahead
            if frame.places and not places:
                ahead = [b for b in ahead if any(on_the_way(p, b.provider, b.title, b.location or "", b.kind,
                                                            b.excerpt) for p in frame.places)] or ahead
        invited = "invited" in frame.flags
        # an invitation is no booking: listed only when invitations are asked about, and then alone (or when
        # the question names it: "what time is Tomasz's christening?")
        listed = [b for b in ahead if (b.status == _REJECTED["invitation"]) == invited
                  or (not invited and (named or by_mail is not None))]
        if not listed and not invited and frame.things:
            # or when it is named by the thing its own words say ("the birthday lunch" of an aunt's "Appa's seventieth
            # birthday lunch is on Saturday 22nd"), when no booking is
            listed = [b for b in ahead if b.status == _REJECTED["invitation"]
                      and all(_holds(b, t) for t in frame.things)]
        ahead = listed
        ahead = _with_titles(ahead, mailbox, clock)
        standing = ahead if (named or frame.kinds or by_mail is not None) and frame.window is None else []
        if "cancelled" in frame.flags:
            ahead = [b for b in ahead if b.status == "cancelled"]
        elif "offered" in frame.flags:
            # a time a business holds until the person answers; a booking found in mail waits on Steward's
            # own question (add it to the calendar?), not on the business
            ahead = [b for b in ahead if b.status == _REJECTED["offer"]]
        elif "moved" in frame.flags:
            ahead = [b for b in ahead if b.status == MOVED or b.status.startswith("your mail says")
                     or _MOVED_TO_TIME in b.status]
        answered = [v for v in named if any(b.provider == v.value or v.value.casefold() in b.title.casefold()
                                            for b in ahead)] or named
        what = ("the tickets" if ticket else "") or " and ".join(v.value for v in answered) or (f"the bookings whose mail says \u2018{by_mail[0]}\u2019"
                                                         + (f" ({frame.kinds[0]})" if len(frame.kinds) == 1 else "")
                                                         if by_mail else "") or \
            " or ".join(f"the {honesty.kind_said(frame.text, k, rw)}" for k in frame.kinds) or (
            "invitations" if invited else "appointments")
        if not ahead and standing and frame.flags & {"cancelled", "moved"} and "offered" not in frame.flags:
            # "is the flight cancelled?" of a booking ahead that no mail cancels or moves: no, and the booking
            change = "cancels" if "cancelled" in frame.flags else "moves"
            lines = [b.line(clock) for b in standing[:4]]
            return Answer("\n".join([f"No: no mail Steward has read {change} {what}. As it stands:", *lines]),
                          {"appointments": lines})
        if not ahead and standing and "offered" in frame.flags and not frame.flags & {"cancelled", "moved"}:
            # "do I need to confirm the table?" of a booking its mail confirms: no, it stands (a booking found in
            # mail waits only for Steward's own question, whether to add it to the calendar)
            lines = [b.line(clock) for b in standing[:4]]
            return Answer("\n".join([f"No: the mail I read confirms {what}; none asks you to confirm it. As it stands:",
                                     *lines]), {"appointments": lines})
        if not ahead:
            # "the ENT" when only a knee surgeon's visit is held: said not held, with the doctors' visits there are
            doctors = [b.line(clock) for b in every if b.kind == "doctor"] if set(frame.kinds) & set(rw.specialties) \
                and "doctor" not in frame.kinds and not named and by_mail is None else []
            return _none_ahead(frame, service, clock, what, rw, lists(), mailbox, doctors)
        if "why" in frame.flags and mailbox is not None and (named or frame.kinds or by_mail is not None):
            # "why did they move it?": the reason the mail that moved it gives, quoted, or said that it gives none
            return _why_moved(ahead, what, mailbox(), clock)
        if "earlier" in frame.flags and (named or frame.kinds or by_mail is not None):
            # "and when was it originally?": the time before the move, as the mail that moved it says
            return _before_the_move(ahead, what, service, clock)
        if frame.window is not None:
            inside = [b for b in ahead if frame.window.start <= b.start < max(frame.window.end, frame.window.start
                                                                              + timedelta(minutes=1))]
            if not inside and (named or frame.kinds):
                return Answer(honesty.elsewhere(what, frame.window.said, [b.line(clock) for b in ahead],
                                                frame.ask == "is_there"),
                              # (it says what it did not find then: the honesty rules leave it as it is; what it
                              # is about is the thing named, on the days it holds, not the day asked)
                              {"appointments": [b.line(clock) for b in ahead], "missing": [what], "elsewhere": True})
            if not inside:
                return Answer(f"No appointments {frame.window.said}.", {"appointments": []})
            ahead = inside
        if "detail" in frame.flags and mailbox is not None:
            from steward.reader.answerers.booking_details import asked_detail, details_answer, of_its_kind
            from steward.reader.details import points_back

            # "the door code for the flat?", "which terminal?", "do I need to bring anything?": in the booking's
            # mail's own words, or that mail to open (a terminal is asked of the flights when none is named)
            kind = asked_detail(frame.text)
            if kind and len(ahead) > 1 and not (named or frame.kinds or by_mail is not None or frame.window) \
                    and points_back(frame.text):
                # "what's this booking for?" after a bill or a mail, "who's doing it?" with nothing asked before: no
                # booking was pointed at
                return None
            if kind == "person":
                # "who's the tutor?": the person its mail says it is with (a label, "with Dr ..."), by name
                return _with_view(_who_with(ahead, what, mailbox(), clock, live=True), ahead, clock)
            if kind == "place" and (placed := _which_place(ahead, what, frame.text, clock)) is not None:
                return _with_view(placed, ahead, clock)
            if kind:
                held = ahead if named or frame.kinds or by_mail is not None else of_its_kind(ahead, kind)
                held = _way_back(held) if "way_back" in frame.flags else held
                return _with_view(details_answer(held, what, kind, mailbox(), clock, every), held, clock)
        if "ends" in frame.flags and mailbox is not None and (named or frame.kinds or by_mail is not None
                                                              or frame.window is not None):
            return _with_view(_ends(ahead, what, mailbox(), clock), ahead, clock)
        if frame.ask == "where":
            return _with_view(_where(ahead, what, clock, mailbox), ahead, clock)
        if frame.ask == "count" and _HOW_MANY_PEOPLE.search(frame.text):
            return _with_view(_party_sizes(ahead, what, clock, mailbox), ahead, clock)
        if "seat" in frame.flags and mailbox is not None and frame.ask != "how_much":
            # ("how much were the seats?" asks what they cost)
            held = _way_back(ahead) if "way_back" in frame.flags else ahead
            return _with_view(_seats(held, what, mailbox(), clock, every), held, clock)
        if "reference" in frame.flags and mailbox is not None:
            return _with_view(_references(ahead, what, mailbox(), clock), ahead, clock)
        if frame.ask == "how_much" and mailbox is not None and (named or frame.kinds or by_mail is not None or ticket):
            # "how much is the hotel?": what the booking's own mail says it costs, never a guess
            return cost_answer([Priced(b.title, b.start, b.message_id, b.kind) for b in ahead], what, mailbox(), clock,
                               frame.text)
        if _WHO.match(frame.text) and not any(" with " in b.title for b in ahead):
            if (named or frame.kinds) and mailbox is not None and not _OF_THE_PERSON.search(frame.text):
                # "who's the instructor?" of a booking: the person its mail says it is with, or said it names none;
                # "who's meeting us at the port?" asks of someone who does something to the person, no booking's
                # (a letter forwarded names the doctor below the note above it: its body is read when what is kept
                # names no one)
                return _who_with(ahead, what, mailbox(), clock, live=True)
            return None  # "who's collecting me from the station?": a person no booking names

        # "is it still on?", "the haircut, still going ahead?": asked whether it is on
        called_off = (frame.ask == "is_there" or "still" in words(frame.text)) \
            and not frame.flags & {"cancelled", "offered"} \
            and all(b.status in (_REJECTED["cancellation"], _REJECTED["offer"], _REJECTED["user"]) for b in ahead)
        head = _not_on(ahead) if called_off else "Yes:" if frame.ask == "is_there" and (
            frame.window is not None or named) else (
            f"{what[:1].upper()}{what[1:]}" + (f" ({frame.window.said})" if frame.window else " ahead") + ":")
        lines = [b.line(clock) for b in ahead]
        view = bookings_view(head.rstrip(":"), ahead, clock, window_words(frame, clock))
        waiting = [{"proposal": b.number, "title": b.title, "start": b.start.isoformat(),
                    "change": b.status.removeprefix("your mail says ") if b.status.startswith("your mail says")
                    else None} for b in ahead if _waiting(b) and b.number is not None]
        return Answer("\n".join([head, *lines]), {"appointments": lines, "view": view, "waiting": waiting})

    return Answerer("appointments", "appointments", answer)


def thing_answers(appointments: Callable[[], AppointmentsService], calendar: Callable[[], CalendarService],
                  rw: ReaderWords, lists: Callable[[], SlotLists], mailbox: Callable[[], Mailbox] | None = None
                  ) -> Callable[[Frame, Clock], Answer | None]:
    """The answer about the booking or invitation a question names by what its mail calls it ("when is the
    parent-teacher interview?" asked of the schedule), or None when no booking is called that."""
    ahead = _ahead_reader(appointments, calendar, rw, lists)

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        terms = thing_terms(frame, rw)
        if not terms or frame.names_something and frame.filters:
            return None
        if kind_of(frame.text, rw.provider_kinds) in _JOURNEYS:
            return None  # "when does the Leeds train get in?": a journey, asked of the travel answers

        return _by_thing(frame, terms, ahead(clock.now()), rw, mailbox, clock)

    return answer


_JOURNEYS = frozenset(("flight", "train", "ferry", "bus", "hotel", "rental"))
# what a journey's price is called by a person ("the Paris ticket", "the fare to Accra")
_A_TICKET = re.compile(r"\b(?:tickets?|fares?|airfares?)\b", re.I)


def _ahead_reader(appointments: Callable[[], AppointmentsService], calendar: Callable[[], CalendarService],
                  rw: ReaderWords, lists: Callable[[], SlotLists]) -> Callable[[datetime], list[Booking]]:
    """The bookings ahead of a moment (found in mail, and made by hand on the calendar), one line each."""

    def events(start: datetime, end: datetime) -> list[Booking]:
        return [Booking(e.title, e.title, e.start.astimezone(start.tzinfo), "on your calendar", e.location,
                        kind_of(e.title, rw.provider_kinds), end=None if e.all_day else e.end)
                for e in calendar().events_between(start, end)]

    def bookings_ahead(now: datetime) -> list[Booking]:
        providers = lists().of_slot("provider")
        vias = {v.value: v.issuer for v in providers if v.issuer}
        service = appointments()
        found = _bookings(service.between(now, now + AHEAD) + service.recent(limit=200), rw, vias,
                          {v.value: v.kind for v in providers if v.kind})
        seen: set[tuple[str, datetime]] = set()
        ahead = []
        # of one booking found twice (the event made from it, and a change its mail asks), the one waiting
        # for a yes is said
        found.sort(key=lambda b: not _waiting(b))
        for b in found + events(now, now + AHEAD):
            if (b.title.casefold(), b.start) not in seen:
                seen.add((b.title.casefold(), b.start))
                ahead.append(b)
        ahead.sort(key=lambda b: (b.start, b.title))
        return ahead

    return bookings_ahead


def _by_thing(frame: Frame, terms: Sequence[str], ahead: list[Booking], rw: ReaderWords,
              mailbox: Callable[[], Mailbox] | None, clock: Clock) -> Answer | None:
    """The booking (or invitation) the words of the question name by what its mail calls it: answered about it
    alone; several that fit equally are asked about; None when none fits. Its records hold every word said
    by their mail (`accounted`, see `honesty.unaccounted`)."""
    found = _by_its_words(frame, terms, ahead, rw, mailbox, clock)
    return None if found is None else replace(found, data={**found.data, "accounted": True})


def _by_its_words(frame: Frame, terms: Sequence[str], ahead: list[Booking], rw: ReaderWords,
                  mailbox: Callable[[], Mailbox] | None, clock: Clock) -> Answer | None:
    """The answer `_by_thing` gives, before it is marked as holding every word said."""
    if frame.window is not None:
        ahead = [b for b in ahead if frame.window.start <= b.start < max(frame.window.end,
                                                                       frame.window.start + timedelta(minutes=1))]
    said = booking_words(ahead, mailbox, clock, lambda b: (b.title, b.provider, b.via, b.location or ""),
                         lambda b: b.message_id)
    head = stem(frame.things[-1]) if frame.things else None
    caps = said_in_capitals(frame.text) & set(terms)

    def own_texts(i: int) -> list[str]:
        m = said[i].message
        return [ahead[i].title, ahead[i].provider, ahead[i].location or "", *((m.subject, m.snippet) if m else ())]

    # a thing said by its initials ("the AGM") is held by a booking whose own mail writes the name in full
    pools = [s.words | (initials(own_texts(i)) & caps if caps else frozenset()) for i, s in enumerate(said)]
    fit = fitting(terms, pools, rw, head if head in terms else None)
    if not fit:
        return None
    found = [_titled(ahead[i], said[i].message, clock) for i in fit]
    if len(found) > 1:
        # of several that fit by their mail's words, the ones whose own title and mail hold them (not only the other
        # mail of the one who sent it: "the board meeting" is that meeting, not the offsite its organiser also wrote of)
        own = [b for b, i in zip(found, fit, strict=True)
               if fitting(terms, [text_words(own_texts(i)) | (initials(own_texts(i)) & caps if caps else frozenset())],
                          rw, head if head in terms else None)]
        if own:
            found, fit = own, [i for b, i in zip(found, fit, strict=True) if b in own]
    what = "the " + " ".join(t.upper() if t in caps else t for t in terms)
    if "ends" in frame.flags and mailbox is not None and len(found) == 1:
        return _with_view(_ends(found, what, mailbox(), clock), found, clock)
    if "detail" in frame.flags and mailbox is not None:
        from steward.reader.answerers.booking_details import asked_detail, details_answer

        kind = asked_detail(frame.text)
        if kind == "person":
            # "which tutor is it with?" of the piano lesson: the person its mail says it is with, by name
            return _with_view(_who_with(found, what, mailbox(), clock, live=True), found, clock)
        if kind:
            # "do I need to bring anything?" of the parent-teacher evening: in its mail's own words
            return _with_view(details_answer(found, what, kind, mailbox(), clock, ahead), found, clock)
    if mailbox is not None and frame.flags & {"reference", "seat"} and not (frame.ask == "how_much"
                                                                            and "reference" not in frame.flags):
        # its reference or seat, read from its mail; of bookings that share a trip (a flight and its hotel): each
        # one's, labelled, not a question
        return (_references if "reference" in frame.flags else _seats)(found, what, mailbox(), clock)
    if frame.ask == "how_much" and mailbox is not None:
        # "how much were the tickets to London?": what its mail says it costs (a flight out and back read from one
        # mail is one booking, never a question of which)
        return cost_answer([Priced(b.title, b.start, b.message_id, b.kind) for b in found], what, mailbox(), clock,
                           frame.text)
    if len(found) > 1 and len({b.start for b in found}) == 1 and frame.ask in ("when", "is_there"):
        # one thing at one time, said by two mails (the club's and a friend's note about it): when it is, from both
        lines = [b.line(clock) for b in found[:4]]
        return Answer("\n".join([f"{what[:1].upper()}{what[1:]} ({len(found)} mails say it, at the same time):",
                                  *lines]), {"appointments": lines})
    if len(found) > 1:
        lines = [b.line(clock) for b in found[:4]]
        return Answer("\n".join([f"More than one booking in your mail could be {what}:", *lines]),
                      {"appointments": lines}, question="Which one do you mean?")
    b, message = found[0], said[fit[0]].message
    kept = f"{message.subject} {message.snippet}" if message is not None else ""
    if frame.ask == "where":
        if b.location:
            return Answer(f"{b.title}: {b.location}\n{b.line(clock)}", {"appointments": [b.line(clock)]})
        place = address_in(kept) or (_address_in_body(message, mailbox(), clock)
                                     if message is not None and mailbox is not None else "")
        if not place and MOVED_HERE in b.status and message is not None and mailbox is not None:
            place = _address_before_the_move(message, mailbox(), clock)
        if place:
            return Answer(f"{b.title}: its mail gives {place}\n{b.line(clock)}", {"appointments": [b.line(clock)]})
        return Answer(f"I can't tell where {b.title} is: I read no address for it in your mail.\n{b.line(clock)}",
                      {"appointments": [b.line(clock)]})
    if _WHO.match(frame.text) and b.by and _OFF_ASKED.search(frame.text):
        # "who cancelled the workshop?": the one whose mail called it off
        return Answer(f"It was cancelled{b.by}:\n{b.line(clock)}", {"appointments": [b.line(clock)]})
    if _WHO.match(frame.text):
        who = who_in(kept)
        if not who and b.status == _REJECTED["invitation"] and message is not None:
            who = message.sender_name or message.sender  # an invitation that names no host is its sender's
        if not who:
            return Answer(f"I can't tell who {b.title} is with: its mail names no one I can read.\n{b.line(clock)}",
                          {"appointments": [b.line(clock)]})
        line = f"{who} invited you" if b.status == _REJECTED["invitation"] else f"{b.title} is with {who}"
        return Answer(f"{line}, as its mail says:\n{b.line(clock)}", {"appointments": [b.line(clock)]})
    if b.status == _REJECTED["cancellation"] and "cancelled" in frame.flags:
        # "has the workshop been cancelled?" of one a later mail calls off: yes, and whose mail says so
        return Answer("\n".join(["Yes: it was cancelled.", b.line(clock)]), {"appointments": [b.line(clock)]})
    if b.status == _REJECTED["cancellation"] and (frame.ask == "is_there" or "still" in words(frame.text)):
        # "is the workshop still on?" of one a later mail calls off: no, and whose mail says so
        return Answer("\n".join([_not_on([b]), b.line(clock)]), {"appointments": [b.line(clock)]})
    return Answer("\n".join([f"{what[:1].upper()}{what[1:]}:", b.line(clock)]), {"appointments": [b.line(clock)]})


# words that say no one thing of a provider's ("when is my next appointment with them scheduled?")
_NO_TITLE_WORDS = frozenset(("appointment", "appointments", "booking", "bookings", "reservation", "next", "schedule",
                             "scheduled", "start", "starts", "when", "what", "time", "day", "week", "calendar"))


def _holds(b: Booking, thing: str) -> bool:
    """Whether a booking's own words (its title, its provider, its mail's excerpt) say a thing asked of."""
    from steward.reader.lists import name_words

    have = set(name_words(f"{b.title} {b.provider} {b.excerpt}"))
    return bool(said := name_words(thing)) and all(w in have or f"{w}s" in have for w in said)


def _called_by_the_word_said(text: str, kinds: Sequence[str], bookings: list[Booking], rw: ReaderWords) -> list[Booking]:
    """Of the bookings of a kind, those whose place is called by the very word the question says it by ("the
    hospital" of St Bede's Hospital, not of the GP's surgery, both a doctor's), when some are; else all of them."""
    from steward.reader.lists import name_words

    have = name_words(text)
    said = {p for k in kinds if (p := tuple(honesty.kind_said(text, k, rw).split()))
            and any(have[i:i + len(p)] == p for i in range(len(have)))}  # (a kind's own name only when said)

    def called(b: Booking) -> bool:
        own = name_words(b.provider)
        return any(p and any(own[i:i + len(p)] == p for i in range(len(own))) for p in said)

    kept = [b for b in bookings if called(b)]
    return kept if kept else bookings


def _by_title_words(text: str, ahead: list[Booking], named: Sequence[SlotValue], rw: ReaderWords) -> list[Booking]:
    """Of a provider's things, the ones whose own title holds the most words the question says beyond the
    provider's name ("the teddy bears picnic" of the creche's picnic and its early closing, "the harvest concert"
    of a church's harvest service and its concert, "the design review" of one colleague's two invitations); all of them when the words fit every one equally or none."""
    if len(ahead) < 2:
        return ahead
    own = {w for v in named for w in _title_words(v.value)}
    said = _title_words(text) - own - _NO_TITLE_WORDS - rw.generic - rw.common
    # (an invitation is called by what it invites to: a calendar request's own summary, kept as its excerpt)
    held = [len(said & (_title_words(f"{b.title} {b.excerpt}" if _REJECTED["invitation"] in b.status else b.title)
                        - own)) for b in ahead]
    fit = [b for b, n in zip(ahead, held, strict=True) if n and n == max(held)]
    return fit if fit and len(fit) < len(ahead) else ahead


def _title_words(text: str) -> set[str]:
    """A text's words, each without a plural's "s" ("bears" and "bear" are one word)."""
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in re.findall(r"[a-z0-9]+(?:[-'][a-z0-9]+)*", text.casefold())}


def _with_titles(ahead: list[Booking], mailbox: Callable[[], Mailbox] | None, clock: Clock) -> list[Booking]:
    """The bookings, each invitation named by what its mail invites to, each one read from a forward said
    to be passed on by whoever forwarded it."""
    ids = [b.message_id for b in ahead if (_REJECTED["invitation"] in b.status or b.via or _called_off(b))
           and b.message_id is not None]
    if not ids or mailbox is None:
        return ahead
    stored = mailbox().stored(ids)
    return [_titled(b, stored.get(b.message_id), clock) if b.message_id is not None else b for b in ahead]


# the words of a sentence that call a thing off ("the workshop is cancelled", "the barbecue's off this week")
_CALLS_OFF = re.compile(r"\b(?:cancel+ed|cancellation|called\s+off|scrapped|won't\s+go\s+ahead|not\s+going\s+ahead|"
                        r"(?:is|are|'s|\u2019s)\s+(?:now\s+)?off)\b", re.I)


# a question of who called a thing off ("who cancelled the workshop?", "who called it off?", "who scrapped it?")
_OFF_ASKED = re.compile(r"\b(?:cancel\w*|call(?:ed|s)?\s+(?:\w+\s+){0,3}off|scrap\w*)", re.I)


def _called_off(b: Booking) -> bool:
    """Whether a cancelled booking was read from the mail that calls it off: its own words say so (a booking
    a later mail cancels keeps the words of the mail that confirmed it)."""
    return b.status == _REJECTED["cancellation"] and _CALLS_OFF.search(b.excerpt) is not None


def _titled(b: Booking, message: Message | None, clock: Clock) -> Booking:
    """An invitation named by what its mail invites to ("Priya's Roller Disco"), not by who sent it; a
    booking read from a forward is the forwarder's news ("forwarded by Ana"); one called off by the mail it was
    read from, said so with that mail's sender and day."""
    if message is not None and b.via and (by := forwarded_by(message.subject, message.sender_name)):
        return replace(b, via=by, forwarded=True)
    if message is not None and _called_off(b) and not b.by:
        # "cancelled by Tom Whitaker's mail of Sun 9 May": who called it off, and when, as that mail says
        return replace(b, by=f" by {message.sender_name or message.sender}'s mail of "
                             f"{day_text(clock.local(message.received_at).date(), clock)}")
    if _REJECTED["invitation"] not in b.status or message is None:  # (an invitation moved since is one too)
        return b
    title = invitation_title(message.subject, b.title, b.provider)
    return replace(b, title=f"{title} (invitation from {message.sender_name or message.sender})") if title else b


def _not_found(terms: Sequence[str], mailbox: Callable[[], Mailbox] | None, clock: Clock) -> Answer:
    """A thing said that no booking ahead is called by: said plainly, with recent mail that says it."""
    what = " ".join(terms)
    said = _said_in_mail(terms[0], mailbox, clock) if mailbox is not None else []
    head = (f"I can't tell which booking you mean by \u2018{what}\u2019: none I read from your mail or your "
            "calendar is called that")
    if said:
        return Answer("\n".join([f"{head}. Mail that says \u2018{terms[0]}\u2019:", *said]), {"unmatched": what})
    return Answer(f"{head}.", {"unmatched": what})


def _named_in_mail(frame: Frame, service: AppointmentsService, mailbox: Callable[[], Mailbox], clock: Clock
                   ) -> tuple[str, frozenset[int]] | None:
    """(what was said, the mail it names) when a name no provider has ("Biscuit's", a flight's number) is a
    word of the mail that some booking ahead was read from; None when no booking's mail says it."""
    said = [u.said for u in frame.unmatched] + [t for t in frame.unknown if travel_number(t)]
    if not said:
        return None
    now = clock.now()
    sources = {i.message_id for i in service.between(now, now + AHEAD) + service.recent(limit=200)
               if i.message_id is not None and i.start is not None and i.start >= now}
    if not sources:
        return None
    box = mailbox()
    for name in said:
        term = re.sub(r"['\u2019]s$", "", name).strip()
        if len(term) < 3:
            continue
        hits = box.search(f'"{term}"', limit=200, clock=clock).hits
        # the name as a word of the mail, never letters inside another word ("Ate" in "private")
        whole = re.compile(rf"(?<![\w'\u2019-]){re.escape(term)}(?![\w-])", re.I)
        found = frozenset(h.id for h in hits if whole.search(f"{h.message.subject}\n{h.message.snippet}")) & sources
        if found:
            return term, found
    return None


def _saying_the_kind(frame: Frame, ahead: Sequence[Booking], rw: ReaderWords) -> list[Booking]:
    """The bookings whose provider or own line of mail says the word a kind was asked by, or a word of its stem,
    when none is of that kind by its provider ("when's my surgery?" of an eye surgeon's "SURGERY: Thursday, April 8
    at 8:00 AM", of Riverside Orthopedic Surgeons' "PROCEDURE:" line); a word every booking's mail may say
    ("appointment", "visit") names none."""
    said = {w.casefold() for k in frame.kinds for w in [honesty.kind_said(frame.text, k, rw)]
            if w and " " not in w and w.casefold() not in rw.generic | rw.common}
    # ("surgery", "surgeons", "surgical": one stem, its word's letters less an ending of up to three)
    stems = {w[:max(4, len(w) - 3)] for w in said}
    # (a word shorter than a stem is said whole: "dr" is no "drain" or "drive"; nor is a street's "Dr" a doctor)
    return [b for b in ahead if any(t.startswith(s) if len(s) >= 4 else t == s for t in re.findall(
        r"[a-z]+", no_street_titles(f"{b.provider} {b.title} {b.excerpt}").casefold()) for s in stems)]


def _none_ahead(frame: Frame, service: AppointmentsService, clock: Clock, what: str, rw: ReaderWords,
                lists: SlotLists, mailbox: Callable[[], Mailbox] | None, nearest: Sequence[str] = ()) -> Answer:
    """Nothing ahead: say the last one there was, never a bare "none" while the mail shows one; `nearest`, the
    bookings of a kind near the one asked (a doctor's visits, of a kind of doctor asked), said as what there is."""
    now = clock.now()
    providers = {v.value for v in frame.values("provider")} or {
        i.provider for i in service.between(now - timedelta(days=365), now)
        if kind_of(f"{i.provider} {i.title}", rw.provider_kinds) in frame.kinds}
    past = [i for i in service.between(now - timedelta(days=365), now) if i.provider in providers and i.start]
    if past:
        last = max(past, key=lambda i: i.start or now)
        assert last.start is not None
        return Answer(f"Nothing ahead with {last.provider}. The last one was {moment_text(last.start, clock)}.",
                      {"appointments": []})
    senders = [v for v in lists.of_slot("sender") if (frame.kinds and kind_of(v.value, rw.provider_kinds)
                                                       in frame.kinds) or v in frame.values("sender")]
    if senders and mailbox is not None:
        # mail of that kind holds something Steward could not read as a booking: never "nothing ahead"
        box = mailbox()
        hits = [h for s in senders[:3] for a in s.addresses for h in box.from_sender(a, limit=3, clock=clock).hits]
        hits.sort(key=lambda h: h.message.received_at, reverse=True)
        # a lure dressed as their mail ("Appointment confirmed" from a lookalike address) is shown as one
        lines = [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name}: \u201c{h.message.subject}\u201d"
                 + (f" (looks like phishing, from {h.message.sender}: not evidence of a booking)"
                    if h.message.category == "phishing_suspect" else "")
                 for h in hits[:3]]
        return Answer("\n".join([f"I can't tell from your mail when {what} is: I read no booking ahead from "
                                 f"{', '.join(s.value for s in senders[:3])} with a time. Their latest mail:", *lines]),
                      {"appointments": []})
    mentions = _mail_mentioning(frame, rw, mailbox, clock) if mailbox is not None else []
    if mentions:
        # mail of that kind that Steward read no booking from: never "nothing ahead" while it may say one
        head = (f"I can't tell from your mail when {what} is: I read no booking of that kind with a time" if frame.kinds
                else "I can't tell from your mail which bookings changed: I read no change with a new time")
        return Answer("\n".join([f"{head}. The latest mail that mentions it:", *mentions]), {"appointments": []})
    head = f"I found nothing ahead for {what} in your mail or on your calendar."
    if nearest:
        # said by day and name: beside "nothing ahead for the dentist", the GP's time would read as the answer
        near = [honesty.without_times(line) for line in nearest[:4]]
        return Answer("\n".join([f"{head} The doctor's visits I hold:", *near]), {"appointments": [], "nearest": near})
    return Answer(head, {"appointments": []})


# the words of a change a booking's mail uses
_CHANGES = {"moved": ("rescheduled", "changed", "moved", "postponed"), "cancelled": ("cancelled", "canceled", "cancellation")}
# how far back mail that mentions a kind of booking is looked at, and the categories that book nothing
MENTIONS_BACK = timedelta(days=90)
_NOT_BOOKINGS = ("newsletter", "phishing_suspect", "receipt", "statement", "bank_alert", "payment_due")


def _said_in_mail(name: str, mailbox: Callable[[], Mailbox], clock: Clock) -> list[str]:
    """The newest few recent messages (not newsletters, lures or bills) that say a name."""
    term = re.sub(r"['\u2019]s$", "", name).strip()
    if len(term) < 3:
        return []
    since = (clock.now() - MENTIONS_BACK).date().isoformat()
    hits = [h for h in mailbox().search(f'"{term}" after:{since}', limit=20, clock=clock).hits
            if (h.message.category or "") not in _NOT_BOOKINGS]
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    return [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}: "
            f"\u201c{h.message.subject}\u201d" for h in hits[:3]]


def _mail_mentioning(frame: Frame, rw: ReaderWords, mailbox: Callable[[], Mailbox], clock: Clock) -> list[str]:
    """The newest few messages (not newsletters, lures or bills) whose words name a kind asked about."""
    said = sorted({p[0] for k in frame.kinds for p in rw.provider_kinds.get(k, ()) if len(p) == 1 and len(p[0]) > 2}
                  | {w for f in frame.flags & {"moved", "cancelled"} for w in _CHANGES[f]})
    if not said:
        return []
    since = (clock.now() - MENTIONS_BACK).date().isoformat()
    hits = mailbox().search(" OR ".join(said) + f" after:{since}", limit=20, clock=clock).hits
    hits = sorted((h for h in hits if (h.message.category or "") not in _NOT_BOOKINGS),
                  key=lambda h: h.message.received_at, reverse=True)
    return [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}: "
            f"\u201c{h.message.subject}\u201d" for h in hits[:3]]


def _gone_by(frame: Frame, service: AppointmentsService, clock: Clock, rw: ReaderWords, lists: SlotLists,
             mailbox: Callable[[], Mailbox] | None) -> Answer:
    """A span wholly gone by, asked about a provider or a kind: the bookings kept for it, else that
    provider's (or kind's) mail from around then with the sentence that gives a day, said as such: the
    bookings Steward keeps are the ones ahead, so it never says "none" of a past span."""
    assert frame.window is not None
    start, end, said = frame.window.start, frame.window.end, frame.window.said
    named = {v.value for v in frame.values("provider")}

    def asked(who: str) -> bool:
        return who in named if named else kind_of(who, rw.provider_kinds) in frame.kinds

    what = " and ".join(sorted(named)) or " or ".join(f"the {k}" for k in frame.kinds)
    kept = [i for i in service.between(start, end) if i.start is not None and asked(f"{i.provider} {i.title}")]
    if kept:
        lines = [f"- {moment_text(i.start, clock)} {i.title or i.provider}" for i in kept if i.start is not None]
        return Answer("\n".join([f"{what[:1].upper()}{what[1:]} {said}:", *lines]), {"appointments": lines})
    senders = [v for v in lists.of_slot("sender") if asked(v.value)]
    lines = []
    if senders and mailbox is not None:
        box = mailbox()
        span = f"after:{(start - timedelta(days=30)).date().isoformat()} before:{end.date().isoformat()}"
        hits = [h for v in senders[:3] for a in v.addresses for h in box.from_sender(a, span, limit=5, clock=clock).hits]
        hits.sort(key=lambda h: h.message.received_at)
        for h in hits:
            m = h.message
            day = _dated_sentence(m.snippet, clock.at(m.received_at), start, end)
            if day:
                lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name}: "
                             f"\u201c{m.subject}\u201d \u2014 \u201c{day}\u201d")
    head = (f"I can't say for sure what was on {said} with {what}: the bookings I keep are the ones ahead. ")
    if not lines:
        return Answer(head + f"Your mail from {what} names no day {said}.", {"appointments": []})
    return Answer("\n".join([head + f"Your mail from {what} that names a day {said}:", *lines[:5]]),
                  {"appointments": []})


_WHO = re.compile(r"\s*(?:and\s+|so\s+)?who(?:'s|\u2019s|\s|$)", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _dated_sentence(snippet: str, clock: Clock, start: datetime, end: datetime) -> str:
    """The first sentence of a snippet that gives a day in [start, end) (read on the clock of the mail's
    arrival), cut short; "" when none does."""
    from steward import dates

    for sentence in _SENTENCE_END.split(snippet):
        found = dates.find(sentence, clock)
        if found is not None and found.start is not None and start <= found.start < end:
            return sentence.strip()[:160]
    return ""


# a booking's code as its mail writes it: "Booking reference: QK7R2M", "your booking QK7R2M", "Ref MLR-5521907"
# (and a health insurer's code for a visit it approved: "Authorization code: PA-228417")
_REFERENCE = re.compile(r"\b(?:reference|ref|booking|reservation|confirmation|pnr|locator|order|ticket|"
                        r"authori[sz]ation|approval)\b", re.I)
# a code as bookings write it: capitals and digits (at least one of each), five or more, dashes inside
_CODE = re.compile(r"(?<![\w-])[A-Z0-9][A-Z0-9-]{3,}[A-Z0-9](?![\w-])")


# what may stand between a word for a reference and a number that is one ("Confirmation number: 88410273",
# "PNR No.: 4521873096", "reservation #88410273"): a number of digits alone is a reference only so labelled
_LABEL_TO_NUMBER = re.compile(r"(?:[\s:#.()/-]|\b(?:number|no|nr|code|id|is)\b)*", re.I)
# a number shown masked ("XXXX1234"): an account's or a card's, never a booking's reference
_MASKED = re.compile(r"X{2,}\d+")


def _reference_in(text: str) -> str:
    """The first booking code a text gives just after a word for one ("Booking reference (PNR): QK7R2M",
    "Confirmation #TT-6613092", "your booking QK7R2M", "Confirmation number: 88410273"), or "" (a masked
    account number is none)."""
    for m in _REFERENCE.finditer(text):
        for found in _CODE.finditer(text, m.end()):
            if found.start() > m.end() + 40:
                break
            code = found.group()
            if _MASKED.fullmatch(code):
                continue
            if any(c.isdigit() for c in code) and any(c.isalpha() for c in code):
                return code
            digits = code.replace("-", "")
            if digits.isdigit() and len(digits) >= 6 and _LABEL_TO_NUMBER.fullmatch(text[m.end():found.start()]):
                return code
    return ""


def _references(ahead: list[Booking], what: str, mailbox: Mailbox, clock: Clock) -> Answer:
    """Each booking's reference, read from the mail it came from (its body fetched live, nothing kept)."""
    from steward.errors import StewardError

    lines = []
    stored = mailbox.stored([b.message_id for b in ahead[:5] if b.message_id is not None])
    for b in ahead[:5]:
        kept = stored.get(b.message_id) if b.message_id is not None else None
        code = _reference_in(f"{kept.subject}\n{kept.snippet}") if kept is not None else ""
        if not code and b.message_id is not None:
            try:
                shown = mailbox.read(b.message_id, clock=clock)
                code = _reference_in(f"{shown.message.subject}\n{shown.body}")
            except StewardError:
                code = ""
        lines.append(f"- {moment_text(b.start, clock)} {b.title}: "
                     + (f"reference {code}" if code else "no reference read from its mail"))
    if not any("reference " in line for line in lines):
        return Answer("\n".join([f"I can't find a booking reference for {what} in your mail.", *lines]),
                      {"appointments": lines})
    return Answer("\n".join([f"References for {what}:", *lines]), {"appointments": lines})


# a seat as tickets write it: "Coach 7, Seat 45", "Wagen 7, Platz 45", "Seat 12A", a berth ("Coach B2, Berth 34"), a
# seat for each leg of a ticket ("Seat 22A / 7C"), and a theatre's row of seats side by side ("Row K, Seats 101-102")
_SEAT = re.compile(r"\b(?:(?P<carword>coach|car|carriage|wagen|row)\s+(?P<car>[A-Z]?\d{1,3}|[A-Z]{1,2})\s*[,/;]?\s*)?"
                   r"(?P<what>seats?|sitzplatz|platz|berths?)\s*(?:no\.?\s*)?:?\s*(?P<seat>\d{1,3}[A-K]?)\b"
                   r"(?P<more>(?:\s*(?:/|,|&|and)\s*\d{1,3}[A-K]?\b)*)(?:\s*[-\u2013]\s*(?P<last>\d{1,3})\b)?",
                   re.I)
# a berth as Indian Railways' reservation slip gives each passenger's ("CNF/S4/21/UPPER": confirmed, coach S4, berth 21)
_BERTH = re.compile(r"\b(?:CNF|RAC|RLWL|PQWL|GNWL|WL)\s*/\s*(?P<car>[A-Z]{1,2}\d{1,2})\s*/\s*(?P<berth>\d{1,3})"
                    r"(?:\s*/\s*(?P<where>side\s+lower|side\s+upper|lower|middle|upper|LB|MB|UB|SL|SU))?\b", re.I)
# a journey's number in a sentence ("XY 124", "AB2238"): a seat in a sentence naming another journey is that one's
_JOURNEY = re.compile(r"\b(?:[A-Z]{2,3}|[A-Z]\d|\d[A-Z])\s?\d{2,4}\b")


def _car_word(m: re.Match[str]) -> str:
    """What a seat's row or coach is called in an answer: a theatre's row, else a train's coach."""
    return "row" if (m["carword"] or "").casefold() == "row" else "coach"


def _seat_in(text: str, number: str = "", leg: tuple[int, int] = (0, 1), about: str = "") -> str:
    """The seats a ticket's text gives ("coach 7, seat 45"), each once and in order, or "". With `number` (the
    journey's, "XY123"), a sentence that names other journeys and not this one gives none of its seats, nor does
    one that names none in a mail `about` another journey (a check-in for the flight out); with `leg` (this
    journey's place among the `leg[1]` journeys its mail books), a seat written for each leg ("Seat 22A / 7C")
    gives this leg's alone, and one seat written once for them all is no one leg's."""
    from steward.reader.details import sentences

    found: list[str] = []
    current: set[str] = set()  # the journeys the lines above name, in this block of lines (a leg and its seat)
    # a seat written once in each leg's block of lines ("OUT: ... Coach F, Seat 62" then "RETURN: ... Coach A, Seat
    # 9"), in the legs' order: (the block it is in, the seat as said)
    blocks: list[tuple[int, str]] = []
    block = 0
    for sentence in (s for line in text.splitlines() for s in (sentences(line) or [""])):
        block += not sentence.strip()
        named = {re.sub(r"\s+", "", m.group()) for m in _JOURNEY.finditer(sentence)}
        current = named or (current if sentence.strip() else set())
        if number and (current and number not in current or not current and about and about != number):
            continue  # "Return flight XY 124 on 9 Jun: seat 31F." is the return's seat
        for m in _SEAT.finditer(sentence):
            seats = [m["seat"], *re.findall(r"\d{1,3}[A-K]?", m["more"] or "")]
            if leg[1] > 1 and not current:
                if len(seats) == 1:
                    blocks.append((block, (f"{_car_word(m)} {m['car']}, " if m["car"] else "") + f"seat {seats[0]}"))
                if len(seats) != leg[1]:
                    continue  # seats for legs that are not the ones read: whose is whose it does not say
                seats = [seats[leg[0]]]
            berth = m["what"].casefold().startswith("berth")
            car = f"{_car_word(m)} {m['car']}, " if m["car"] else ""
            if m["last"] and len(seats) == 1:
                said = f"{car}seats {seats[0]}-{m['last']}"  # a run of seats side by side, as the ticket gives it
            else:
                said = car + ", ".join(f"{'berth' if berth else 'seat'} {one}" for one in seats)
            if said not in found:
                found.append(said)
        for m in _BERTH.finditer(sentence):
            said = f"coach {m['car'].upper()}, berth {m['berth']}" + (f" ({m['where'].casefold()})" if m["where"] else "")
            if said not in found:
                found.append(said)
    if not found and len(blocks) == leg[1] > 1 and len({b for b, _ in blocks}) == leg[1]:
        return blocks[leg[0]][1]
    return "; ".join(found)


def _way_back(ahead: list[Booking]) -> list[Booking]:
    """The journeys home of a trip out and back, asked of after the journey home ("and the return?", then "which
    seat?"): the ones after the first that leave from where it goes ("PEN → KUL" after "KUL → PEN"), else the legs
    its mail books after it; all of them when none is."""
    first = min(ahead, key=lambda b: b.start, default=None)
    if first is None:
        return ahead
    there = first.title.rpartition("\u2192")[2].strip() if "\u2192" in first.title else ""
    back = [b for b in ahead if b.start > first.start and there and f"{there} \u2192" in b.title] or [
        b for b in ahead if b.message_id == first.message_id and b.start > first.start]
    return back or ahead


def _row_seat(text: str, leg: tuple[int, int]) -> str:
    """The seat a ticket's table of trips gives this leg in its seat column ("Trip  Date ...  Seat"), the legs in the
    rows' order; "" when the table's rows are not the legs read."""
    from steward.appointments.trip_rows import seats

    found = seats(text)
    return f"seat {found[leg[0]]}" if found and len(found) == leg[1] else ""


def _seats(ahead: list[Booking], what: str, mailbox: Mailbox, clock: Clock,
           every: Sequence[Booking] = ()) -> Answer:
    """Each booking's seat, read from the mail it came from, or from a later mail of its sender that names the
    journey (a check-in, a gate change: "Seat: 17F"); each body fetched live, nothing kept. `every`: all the
    bookings ahead, among them the other legs of a ticket of which one is asked."""
    from steward.errors import StewardError
    from steward.reader.answerers.booking_details import about, its_mail, journey_number

    lines = []
    shown = ahead[:5]
    stored = mailbox.stored([b.message_id for b in shown if b.message_id is not None])
    for b in shown:
        kept = stored.get(b.message_id) if b.message_id is not None else None
        number = journey_number(b.title) if b.kind in ("flight", "train") else ""
        # the journeys its mail books, in order (a ticket out and back): a seat written for each is this leg's
        legs = sorted((o for o in (every or ahead) if o.message_id == b.message_id and o.kind == b.kind),
                      key=lambda o: o.start)
        seat = ""
        if kept is not None:
            later, _ = its_mail(b, kept, mailbox, clock) if number else ([], [])
            for m in [*later, kept]:
                own = m.id == kept.id
                leg = (legs.index(b), len(legs)) if own and b in legs else (0, 1)
                # a later mail is about the journey its subject names, else the first it names
                of = "" if own else about(m)
                try:
                    # its body, line by line (what the store keeps runs its lines together: a check-in's seat beside
                    # the return's)
                    body = mailbox.read(m.id, clock=clock).body
                    seat = _seat_in(body, number, leg, of) or (_row_seat(body, leg) if own else "")
                except StewardError:
                    seat = _seat_in(m.snippet, number, leg, of)
                if seat:
                    break
        lines.append(f"- {moment_text(b.start, clock)} {b.title}: " + (seat or "no seat read from its mail"))
    if all(line.endswith("no seat read from its mail") for line in lines):  # none read: said so, none made up
        return Answer("\n".join([f"I can't find a seat for {what} in your mail.", *lines]), {"appointments": lines})
    # the bookings that have a seat are the ones asked about (a meeting that mentions the town has none)
    seated = [(b, line) for b, line in zip(shown, lines, strict=False) if not line.endswith("no seat read from its mail")]
    view = bookings_view(f"Seats for {what}", [b for b, _ in seated], clock)
    return Answer("\n".join([f"Seats for {what}:", *(line for _, line in seated)]),
                  {"appointments": [line for _, line in seated], "view": view})


def _with_view(answer: Answer, ahead: list[Booking], clock: Clock) -> Answer:
    """A detail of the bookings (their place, reference, seat, party) with the bookings it is about as its
    view, so the next turn points at them ("and the day before?", "who's it with?")."""
    if "view" in answer.data:
        return answer
    return replace(answer, data={**answer.data, "view": bookings_view(answer.reply.split("\n", 1)[0].rstrip(":"),
                                                                       ahead[:5], clock)})


# "how many people is the table for?", "for how many is the booking?", "what's the party size?"
_HOW_MANY_PEOPLE = re.compile(r"\bhow many (?:people|persons|guests|of us|seats|covers|diners|adults)\b|"
                              r"\bhow many (?:are|will|were) (?:we|us|there|coming|going)\b|\bhow many (?:are )?coming\b|"
                              r"\bfor how many\b|\bparty size\b|\bhow many\b.*\bfor\s*\??\s*$", re.I)


def _party_sizes(ahead: list[Booking], what: str, clock: Clock, mailbox: Callable[[], Mailbox] | None) -> Answer:
    """How many each booking is for, as its stored mail says (else its body, fetched live and dropped); said
    plainly when it says no number."""
    from steward.errors import StewardError

    ids = [b.message_id for b in ahead[:5] if b.message_id is not None]
    stored = mailbox().stored(ids) if mailbox is not None and ids else {}
    lines, sizes = [], []
    for b in ahead[:5]:
        m = stored.get(b.message_id or -1)
        size = party_size(f"{m.subject} {m.snippet}") if m is not None else None
        if size is None and m is not None and mailbox is not None:
            try:
                size = party_size(mailbox().read(m.id, clock=clock).body)
            except StewardError:
                size = None  # the source is gone: said as giving no number
        sizes.append(size)
        lines.append(f"{b.line(clock)} \u2014 " + (f"for {size}" if size else "its mail gives no number of people"))
    if not any(sizes):
        return Answer("\n".join([f"I can't tell how many people {what} is for: its mail gives no number.", *lines]),
                      {"appointments": lines})
    if len(ahead) == 1:
        return Answer(f"For {sizes[0]}, as its mail says:\n{ahead[0].line(clock)}",
                      {"appointments": lines, "count": sizes[0]})
    return Answer("\n".join([f"How many people {what} is for:", *lines]), {"appointments": lines})


def _ends(ahead: Sequence[Booking], what: str, mailbox: Mailbox, clock: Clock) -> Answer:
    """When each booking ends: an entry's end on the calendar, else the span its mail says from its start ("14:00 -
    15:30"), read from what the store keeps or its body fetched live; said plainly when its mail gives no end (a
    length Steward assumed for the calendar is never told as the end)."""
    from steward.errors import StewardError
    from steward.reader.details import end_said

    stored = mailbox.stored([b.message_id for b in ahead[:4] if b.message_id is not None])
    lines, told = [], 0
    for b in ahead[:4]:
        at = clock.local(b.start)
        if b.end is not None and b.end > b.start:
            told += 1
            lines.append(f"- {moment_text(b.start, clock)} {b.title}: until {clock.formats.time(clock.local(b.end))}")
            continue
        m = stored.get(b.message_id) if b.message_id is not None else None
        found = end_said(f"{m.subject}\n{m.snippet}", (at.hour, at.minute)) if m is not None else None
        if found is None and m is not None:
            try:
                found = end_said(mailbox.read(m.id, clock=clock).body, (at.hour, at.minute))
            except StewardError:
                found = None  # the source is gone: said as giving no end
        if found is None:
            lines.append(f"- {moment_text(b.start, clock)} {b.title}: its mail gives no end time")
            continue
        told += 1
        span, (hour, minute) = found
        until = clock.formats.time(at.replace(hour=hour, minute=minute))
        lines.append(f"- {moment_text(b.start, clock)} {b.title}: until {until} (its mail says \u201c{span.rstrip('.')}\u201d)")
    if not told:
        return Answer("\n".join([f"I can't tell when {what} ends: its mail gives no end time.", *lines]),
                      {"appointments": lines})
    return Answer("\n".join([f"When {what} ends:", *lines]), {"appointments": lines})


def _which_place(ahead: list[Booking], what: str, text: str, clock: Clock) -> Answer | None:
    """ "which practice is it?": the place each booking is at, as read with it, or the place its provider is
    ("Harbour Dental Practice"); None when one of them has neither (its mail's words are looked in)."""
    from steward.reader.details import place_asked
    from steward.reader.lists import name_words

    noun = place_asked(text)
    if not noun or not all(b.location or noun in name_words(b.provider) for b in ahead[:5]):
        return None
    lines = [f"- {moment_text(b.start, clock)} {b.title}: {b.location or b.provider}" for b in ahead[:5]]
    return Answer("\n".join([f"Where {what} {'is' if len(ahead) == 1 else 'are'}:", *lines]), {"appointments": lines})


def _address_in_body(m: Message, box: Mailbox, clock: Clock) -> str:
    """The street address a booking's mail writes past what the store keeps of it ("Highlands Paw & Claw
    Veterinary, 3300 W 32nd Ave, Denver" under the first lines), read from its body fetched live and dropped
    after; "" when it writes none or its source is gone."""
    from steward.errors import StewardError

    try:
        return address_in(box.read(m.id, clock=clock).body[:3000])
    except StewardError:
        return ""


_BEFORE_THE_MOVE = 5  # the most earlier mails of a move's sender read for the address it booked at


def _address_before_the_move(m: Message, box: Mailbox, clock: Clock) -> str:
    """The address a booking's earlier mail gave, for a move whose own mail gives none ("we moved your cleaning
    ... New date:, New time:" after "Grove Dental, 302 Grove St"): the one street address its sender's earlier
    mail writes; "" when they write none, or several (which one the move is at is never guessed)."""
    from steward.errors import StewardError

    earlier = [h.message for h in box.from_sender(m.sender, limit=_BEFORE_THE_MOVE + 1, clock=clock).hits
               if h.message.id != m.id and h.message.received_at < m.received_at][:_BEFORE_THE_MOVE]
    found: set[str] = set()
    for e in earlier:
        place = address_in(f"{e.subject} {e.snippet}")
        if not place:
            try:
                place = address_in(box.read(e.id, clock=clock).body[:3000])
            except StewardError:
                place = ""
        if place:
            found.add(place)
    return next(iter(found)) if len(found) == 1 else ""


def _place_said(m: Message, box: Mailbox, clock: Clock) -> str:
    """The place a booking's mail names by a label or as where it is; never its subject line ("Re: Your check-up
    at Lakeside Dental" names the practice, not where it is)."""
    from steward.reader.answerers.booking_details import said_in

    said = said_in(m, "place", box, clock)
    return "" if said and said.strip() in m.subject else said


def _where(ahead: list[Booking], what: str, clock: Clock, mailbox: Callable[[], Mailbox] | None = None) -> Answer:
    """Where the bookings are: each with the place its mail gives (read as the booking was, else an address its
    stored mail writes, else the place its mail names by a label: "Venue: Hall B, 12 Quay Road"), or said
    plainly that none was read."""
    unplaced = [b.message_id for b in ahead if not b.location and b.message_id is not None]
    if unplaced and mailbox is not None:
        box = mailbox()
        stored = box.stored(unplaced)
        ahead = [replace(b, location=address_in(f"{m.subject} {m.snippet}") or _place_said(m, box, clock)
                         or _address_in_body(m, box, clock)
                         or (_address_before_the_move(m, box, clock) if MOVED_HERE in b.status else "") or None)
                 if not b.location and (m := stored.get(b.message_id or -1)) is not None else b for b in ahead]
    placed = [b for b in ahead if b.location]
    if len(ahead) <= 2:
        # ("The Maltings: Harbour Lights" is said with its own article)
        what = " and ".join(b.title if b.title.casefold().startswith("the ") else f"the {b.title}" for b in ahead)
    if not placed:
        lines = [f"- {moment_text(b.start, clock)} {b.title}" for b in ahead[:5]]
        return Answer("\n".join([f"I can't tell where {what} is: I read no address for it in your mail.", *lines]),
                      {"appointments": lines})
    lines = [f"- {moment_text(b.start, clock)} {b.title}: {b.location}" for b in placed]
    lines += [f"- {moment_text(b.start, clock)} {b.title}: no address read from its mail" for b in ahead
              if not b.location]
    return Answer("\n".join([f"Where {what} {'is' if len(ahead) == 1 else 'are'}:", *lines]),
                  {"appointments": lines})


# the person as the one acted on ("who's picking me up", "who is meeting us"): not who a booking is with
_OF_THE_PERSON = re.compile(r"\b(?:me|us)\b", re.IGNORECASE)


def _who_with(ahead: list[Booking], what: str, mailbox: Mailbox, clock: Clock, live: bool = False) -> Answer:
    """Who each booking is with, as what the store keeps of its mail says (its subject and first lines), or,
    `live`, its body fetched (and dropped) when those name no one."""
    from steward.errors import StewardError
    from steward.reader.lists import name_words

    stored = mailbox.stored([b.message_id for b in ahead[:5] if b.message_id is not None])
    lines, told = [], []
    for b in ahead[:5]:
        m = stored.get(b.message_id) if b.message_id is not None else None
        own = frozenset(name_words(f"{b.provider} {m.sender_name}")) if m else frozenset()
        who = who_in(f"{m.subject}. {m.snippet}", own) if m else ""
        if not who and live and m is not None:
            try:
                who = who_in(mailbox.read(m.id, clock=clock).body, own)
            except StewardError:
                who = ""  # the source is gone: said as naming no one
        if not who and m is not None and (b.status == MOVED or _MOVED_TO_TIME in b.status):
            # a booking a later mail moved is with whom the mail that booked it says ("Dr. Reyes will be away:
            # we have moved your check-up to ..." after "your check-up with Dr. Ana Reyes is on ...")
            who = next((w for h in mailbox.search(f'from:{m.sender}', limit=10, clock=clock).hits
                        if h.message.received_at < m.received_at
                        and (w := who_in(f"{h.message.subject}. {h.message.snippet}", own))), "")
        if who:
            told.append(who)
        lines.append(f"{b.line(clock)} \u2014 " + (f"with {who}, as its mail says" if who else "its mail names no one"))
    if not told:
        return Answer("\n".join([f"I can't tell who {what} is with: its mail names no one I can read.", *lines]),
                      {"appointments": lines})
    if len(ahead) == 1:
        return Answer(f"{told[0]}, as its mail says:\n{ahead[0].line(clock)}", {"appointments": lines})
    return Answer("\n".join([f"Who {what} is with:", *lines]), {"appointments": lines})


def _the_moved(ahead: list[Booking], what: str, clock: Clock) -> tuple[list[Booking], Answer | None]:
    """The bookings a mail moved, and the answer that says no move was read when none was (None when one was)."""
    moved = [b for b in ahead if b.status == MOVED or _MOVED_TO_TIME in b.status
             or b.status.startswith("your mail says moved")]
    if moved:
        return moved, None
    lines = [b.line(clock) for b in ahead[:5]]
    return moved, Answer("\n".join([f"I read no move of {what} in your mail; as booked:", *lines]),
                         {"appointments": lines})


def _before_the_move(ahead: list[Booking], what: str, service: AppointmentsService, clock: Clock) -> Answer:
    """The time each moved booking had before its move, as the mail that moved it says; said plainly when no
    move was read, or when the mail that moved it names no earlier time."""
    moved, none = _the_moved(ahead, what, clock)
    if none is not None:
        return none
    lines, told = [], 0
    for b in moved[:5]:
        was = service.moved_from(b.number) if b.number is not None else None
        if was is not None and b.status != MOVED:
            told += 1
            lines.append(f"- {b.title}: {moment_text(was, clock)} before it was moved (now {moment_text(b.start, clock)})")
        else:
            lines.append(f"- {b.title}: I can't tell from the mail that moved it what time it was before")
    head = "Before the move:" if told else f"I can't tell from your mail what time {what} was before it moved."
    return Answer("\n".join([head, *lines]), {"appointments": lines})


# a sentence that says a move ("we have moved your scaling to ...", "your flight has been rescheduled")
_MOVE_SAID = re.compile(r"\b(?:mov(?:e|ed|ing)|reschedul(?:e|ed|ing)|postpon(?:e|ed|ing)|shift(?:ed|ing)?|"
                        r"chang(?:e|ed|ing)|push(?:ed)?\s+(?:back|forward)|brought\s+forward|delay(?:ed)?)\b", re.I)
# what gives a reason beside it: "because", "due to", someone away or unwell, a course, a closure, the weather
_REASON = re.compile(r"\b(?:because|due\s+to|owing\s+to|on\s+account\s+of|as\s+a\s+result\s+of|away|on\s+leave|unwell|"
                     r"sick|ill|emergency|course|training|conference|closed|closure|maintenance|renovations?|"
                     r"unavailable|not\s+available|double[\s-]booked|clash(?:es)?|weather|strike|operational|technical)\b",
                     re.I)


def _why_moved(ahead: list[Booking], what: str, mailbox: Mailbox, clock: Clock) -> Answer:
    """Why each moved booking was moved, as the mail that moved it says: its sentence that says the move with a
    reason in it (or the one just before it), quoted; said plainly when no move was read or its mail gives no
    reason (never one made up). Each body is fetched live and dropped."""
    from steward.errors import StewardError
    from steward.reader.answerers.booking_details import mail_line
    from steward.reader.details import sentences

    moved, none = _the_moved(ahead, what, clock)
    if none is not None:
        return none
    stored = mailbox.stored([b.message_id for b in moved[:3] if b.message_id is not None])
    lines, told = [], 0
    for b in moved[:3]:
        kept = stored.get(b.message_id) if b.message_id is not None else None
        said = ""
        if kept is not None:
            try:
                body = mailbox.read(kept.id, clock=clock).body
            except StewardError:
                body = kept.snippet
            said_all = [x.strip() for line in body.splitlines() for x in sentences(line) if x.strip()]
            for n, sentence in enumerate(said_all):
                if _MOVE_SAID.search(sentence):
                    said = next((x for x in (sentence, *said_all[max(0, n - 1):n]) if _REASON.search(x)), "")
                    if said:
                        break
        if said and kept is not None:
            told += 1
            lines.append(f"- {b.title} (now {moment_text(b.start, clock)}): its mail ({mail_line(kept, clock)}) says "
                         f"\u201c{said}\u201d")
        else:
            where = f" ({mail_line(kept, clock)})" if kept is not None else ""
            lines.append(f"- {b.title} (now {moment_text(b.start, clock)}): the mail that moved it{where} gives no "
                         "reason I can read")
    head = f"Why {what} was moved, as the mail that moved it says:" if told else \
        f"I can't find a reason for the move of {what} in your mail."
    return Answer("\n".join([head, *lines]), {"appointments": lines})


def _not_on(ahead: Sequence[Booking]) -> str:
    """The head of an answer to "is it still on?" when nothing asked of is on: cancelled, only offered, or
    turned down (never a "Yes" over a booking that is off)."""
    if all(b.status == _REJECTED["cancellation"] for b in ahead):
        return "No: it was cancelled." if len(ahead) == 1 else "No: they were cancelled."
    if all(b.status == _REJECTED["offer"] for b in ahead):
        return "Not yet: it is only offered to you, not booked until you say yes to them."
    if {b.status for b in ahead} == {_REJECTED["cancellation"], _REJECTED["offer"]}:
        return "No: it was cancelled, and another time is only offered to you (not booked until you say yes):"
    return "No: none of it is booked."


def _waiting(b: Booking) -> bool:
    """Whether a booking waits for the person's yes: found in mail, or a change its mail asks for."""
    return "waiting for your yes" in b.status or b.status.startswith("your mail says")
