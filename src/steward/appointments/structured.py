"""Structured data inside a message, read by code from the live body: iCalendar parts and schema.org.

* An iCalendar part (`text/calendar`, an `.ics` attachment), parsed with `icalendar`: `METHOD:PUBLISH`
  or `REQUEST` is a booking; `CANCEL` or `STATUS:CANCELLED` a cancellation; a `REQUEST` with
  `SEQUENCE` above 0 a reschedule; `STATUS:TENTATIVE` tentative; a `REQUEST` that asks an attendee to
  answer (RSVP, NEEDS-ACTION) or carries a conference link is an invitation. An event of whole days
  (`DTSTART;VALUE=DATE`) is those days. A journey's time without a zone is the local time of its
  `LOCATION`'s country or its `GEO` point. A part that carries the booking as schema.org JSON-LD
  (KDE Itinerary's `X-KDE-KITINERARY-RESERVATION`) is read for that, as markup is.
* schema.org markup in an HTML part (JSON-LD or microdata): `schema_org`.

Pure: bytes in, candidates out. Nothing here is stored.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from steward.appointments import schema_org
from steward.appointments.journeys import legs
from steward.appointments.model import Candidate, Status
from steward.appointments.places import geo_zone, zone_in_text

if TYPE_CHECKING:
    from email.message import Message

log = logging.getLogger(__name__)

_CALENDAR_TYPES = {"text/calendar", "application/ics", "text/x-vcalendar", "application/x-ics"}
_CONFERENCE_PROPS = ("x-microsoft-skypeteamsmeetingurl", "x-google-conference", "x-microsoft-onlinemeetingconflink")
_MAX_PART = 2 * 1024 * 1024  # a calendar or HTML part past this is not read (a booking is a few KB)


def _parts(raw: bytes) -> Iterator[Message]:
    import email.policy  # here: listing the appointments already found parses no mail

    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    for part in msg.walk():
        if not part.is_multipart():
            yield part


def _payload(part: Message) -> str:
    try:
        data = part.get_payload(decode=True)
    except (ValueError, LookupError, AssertionError):
        return ""
    if not isinstance(data, bytes) or len(data) > _MAX_PART:
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return data.decode(charset, "replace")
    except LookupError:
        return data.decode("utf-8", "replace")


def calendar_parts(raw: bytes) -> list[str]:
    """The text of every iCalendar part of a message."""
    out = []
    for part in _parts(raw):
        name = (part.get_filename() or "").lower()
        if part.get_content_type() in _CALENDAR_TYPES or name.endswith((".ics", ".ical", ".ifb")):
            text = _payload(part)
            if "BEGIN:VCALENDAR" in text.upper():
                out.append(text)
    return out


def _sender(raw: bytes) -> str:
    """The address a message is from ("" when it has none)."""
    import email.policy
    from email.utils import parseaddr

    return parseaddr(str(email.message_from_bytes(raw, policy=email.policy.compat32).get("From") or ""))[1]


def html_parts(raw: bytes) -> list[str]:
    """The text of every HTML part of a message."""
    return [t for p in _parts(raw) if p.get_content_type() == "text/html" and (t := _payload(p))]


# -- iCalendar -------------------------------------------------------------------------------------


def _text(component: Any, name: str) -> str:
    value = component.get(name)
    return " ".join(str(value).split()) if value is not None else ""


def _moment(value: Any) -> tuple[datetime | None, bool, bool]:
    """(the moment, floating, date only) of a DTSTART/DTEND value."""
    if isinstance(value, datetime):
        return value, value.tzinfo is None, False
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day), True, True
    return None, False, False


def _asks_for_answer(component: Any) -> bool:
    attendees = component.get("attendee")
    if attendees is None:
        return False
    for attendee in attendees if isinstance(attendees, list) else [attendees]:
        params = getattr(attendee, "params", {})
        if str(params.get("RSVP", "")).upper() == "TRUE" or str(params.get("PARTSTAT", "")).upper() == "NEEDS-ACTION":
            return True
    return False


def _ics_status(method: str, component: Any) -> Status:
    status = _text(component, "status").upper()
    if method == "CANCEL" or status == "CANCELLED":
        return "cancelled"
    if status == "TENTATIVE":
        return "tentative"
    if method in ("REQUEST", "COUNTER", "REPLY", "ADD", "REFRESH", "DECLINECOUNTER") and (
            _asks_for_answer(component) or any(component.get(p) is not None for p in _CONFERENCE_PROPS)):
        return "invitation"
    try:
        sequence = int(str(component.get("sequence") or 0))
    except ValueError:
        sequence = 0
    if method == "REQUEST" and sequence > 0:
        return "rescheduled"
    return "confirmed"


def _sequence(component: Any) -> int:
    try:
        return max(0, int(str(component.get("sequence") or 0)))
    except ValueError:
        return 0


def _organizer(component: Any) -> str:
    organizer = component.get("organizer")
    if organizer is None:
        return ""
    name = str(getattr(organizer, "params", {}).get("CN", "")).strip().strip('"')
    return " ".join(name.split())


_ROUTE = re.compile(r"→|->|\bjourney\b|\bfrom\b.+\bto\b|\([A-Z]{3}\)\s+to\b", re.I)


def _is_trip(component: Any, summary: str) -> bool:
    """Whether a calendar event is a journey: filed under Travel, or its summary is a route."""
    found = component.get("categories")
    values = found if isinstance(found, list) else [found] if found is not None else []
    cats = " ".join(" ".join(str(c) for c in getattr(v, "cats", [v])) for v in values).lower()
    return "travel" in cats or bool(_ROUTE.search(summary))


_VTIMEZONE = re.compile(r"^BEGIN:VTIMEZONE\r?$.*?^END:VTIMEZONE\r?\n?", re.M | re.S)


def from_ics(text: str, sender_name: str = "") -> list[Candidate]:
    """The events of one iCalendar part as candidates (the organizer, else the sender, as provider)."""
    from icalendar import Calendar

    try:
        calendars = Calendar.from_ical(text, multiple=True)
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        # a broken VTIMEZONE (one with no rules) stops the whole part; its events' TZIDs are mostly
        # IANA names, which resolve without it
        without = _VTIMEZONE.sub("", text)
        try:
            calendars = Calendar.from_ical(without, multiple=True) if without != text else []
        except (ValueError, KeyError, IndexError, TypeError):
            calendars = []
        if not calendars:
            log.debug("an iCalendar part could not be read: %s", exc)
            return []
    out: list[Candidate] = []
    for cal in calendars:
        method = _text(cal, "method").upper()
        for component in cal.walk("VEVENT"):
            out.extend(_carried(component, method) or _vevent(component, method, sender_name))
    return out


def _uid(component: Any) -> str | None:
    # one changed occurrence of a recurring event is not an update of the whole booking
    return None if component.get("recurrence-id") is not None else _text(component, "uid")[:300] or None


def _carried(component: Any, method: str) -> list[Candidate]:
    """The bookings a calendar event carries as schema.org JSON-LD, with the event's own status and UID."""
    found = component.get("x-kde-kitinerary-reservation")
    if found is None:
        return []
    said = _ics_status(method, component)
    # an unknown property's value comes as written: its commas, semicolons and newlines still escaped
    made = schema_org.from_json(re.sub(r"\\([,;\\nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1),
                                       str(found)))
    uid = _uid(component)
    return [replace(c, origin="ics", status=said if said != "confirmed" else c.status, sequence=_sequence(component),
                    uid=(f"{uid}#{n}" if len(made) > 1 else uid) if uid else None) for n, c in enumerate(made)]


def _local(start: datetime, component: Any) -> str | None:
    """The zone of a journey's floating time: its LOCATION's country, else its GEO point."""
    zone = zone_in_text(_text(component, "location"), start)
    geo = component.get("geo")
    if zone is None and geo is not None:
        zone = geo_zone(getattr(geo, "latitude", None), getattr(geo, "longitude", None))
    return zone


def _vevent(component: Any, method: str, sender_name: str) -> list[Candidate]:
    """One VEVENT as a candidate (or its journey's legs); [] without a start or a summary."""
    try:
        start, floating, date_only = _moment(component.decoded("dtstart"))
        end = _moment(component.decoded("dtend"))[0] if component.get("dtend") is not None else None
    except (KeyError, ValueError, TypeError):
        return []
    summary = _text(component, "summary")
    provider = _organizer(component) or " ".join(sender_name.split()) or summary
    if start is None or not provider or not summary:
        return []
    base = Candidate(provider=provider, start=start.isoformat(), excerpt=summary, origin="ics",
                     location=_text(component, "location") or None, status=_ics_status(method, component),
                     uid=_uid(component), sequence=_sequence(component))
    if date_only:  # whole days: DTEND is the day after the last
        last = end.date() - timedelta(days=1) if end is not None and end.date() > start.date() else start.date()
        return [replace(base, provider=summary, start=start.date().isoformat(), what="event",
                        days=(start.date(), last))]
    lowered = summary.lower()
    what = "flight" if lowered.startswith("flight") else "train" if lowered.startswith("train") else "event"
    trip = what != "event" or _is_trip(component, summary)
    if floating and trip and (zone := _local(start, component)):
        # a journey's time without a zone is the local time where it starts
        start, floating = start.replace(tzinfo=ZoneInfo(zone)), False
        end = end.replace(tzinfo=ZoneInfo(zone)) if isinstance(end, datetime) and end.tzinfo is None else end
    journey = replace(base, start=start.isoformat(), travel=trip, start_at=start,
                      end_at=end if isinstance(end, datetime) else None, floating=floating,
                      what=what if what != "event" else "appointment")
    # a rail journey of several trains is one event per train, as its description lists them
    split = legs(journey, str(component.get("description") or "")) if trip or what == "event" else []
    return split or [journey]


def extract(raw: bytes, sender_name: str = "", received: datetime | None = None,
            day_first: bool | None = None) -> list[Candidate]:
    """Every structured candidate in a message: its iCalendar parts, then its schema.org markup; with
    neither, the flights its text lists as an e-ticket does, else a rail ticket's trains (its table of
    stops, else its labelled fields, else its table of trips under a heading row), else a ferry's sailings, else the stay a hotel's text gives by its
    arrival and departure days, else a rental car's pick-up and return, else a show a ticket seller's card gives
    (`received` dates a year-less day; `day_first` orders a numeric date neither the mail nor its sender's country
    settles, as the person's country writes it). A message forwarded inline is read
    below the forward's header, as mail from its first sender."""
    out: list[Candidate] = []
    for text in calendar_parts(raw):
        out.extend(from_ics(text, sender_name))
    for html in html_parts(raw):
        if "schema.org" in html:
            out.extend(schema_org.from_html(html))
    if out and received is not None and all(c.travel and c.what == "train" for c in out):
        out.extend(_legs_beside(out, raw, received, sender_name))
    if out and received is not None and all(c.what == "stay" for c in out):
        out.extend(_flights_beside(raw, received))
    if not out and received is not None:
        from steward.appointments import rail, rentals, sailings, shows, stays, tickets, trip_rows
        from steward.appointments.itinerary import (
            departure_label,
            flight_rows_in,
            from_text,
            segment_line,
            split_cells,
            stacked_leg,
            table_row,
        )
        from steward.mail.forwarded import unwrap
        from steward.mail.parse import read_body

        body, sender = read_body(raw).text, _sender(raw)
        inner = unwrap(body)
        if inner is not None and inner.sender != sender.lower():
            # a ticket forwarded inline is its first sender's: read below the forward's header, as theirs
            body, sender, sender_name = inner.text, inner.sender, inner.sender_name or sender_name
            received = min(received, inner.sent) if inner.sent is not None else received
        lines = split_cells(body)
        if any(departure_label(line) or segment_line(line) or table_row(line) or stacked_leg(lines, n)
               for n, line in enumerate(lines)) or flight_rows_in(body):
            out.extend(from_text(body, received, day_first))
        if not out:
            out.extend(rail.from_text(body, received, sender, sender_name))
        if not out:
            out.extend(trip_rows.from_text(body, received, sender, sender_name, day_first))
        if not out:
            out.extend(tickets.from_text(body, received, sender))
        if not out:
            out.extend(sailings.from_text(body, received, sender_name))
        if not out:
            out.extend(stays.from_text(body, received, sender_name))
        if not out:
            out.extend(rentals.from_text(body, received, sender_name))
        if not out:
            out.extend(shows.from_text(body, received, sender_name))
    return list(dict.fromkeys(out))  # an invitation often comes twice: inline and as an attachment


def _flights_beside(raw: bytes, received: datetime) -> list[Candidate]:
    """The flights a package holiday's text lists beside the hotel its markup holds: a tour operator marks up the
    stay and prints the flights as rows ("Outbound: Sat 23rd Oct 2027  SWD4412  Leeds Bradford (LBA) 06:15 -
    Lanzarote (ACE) 10:35")."""
    from steward.appointments.itinerary import flight_rows_in, from_text
    from steward.mail.parse import read_body

    body = read_body(raw).text
    return from_text(body, received) if flight_rows_in(body) else []


def _legs_beside(held: list[Candidate], raw: bytes, received: datetime, sender_name: str) -> list[Candidate]:
    """The trains a ticket's text lists beside the ones its calendar part holds: an operator's invitation often
    holds the way out alone while the ticket's rows give the way back too. Only a leg on a known clock at a time
    no held one starts is added."""
    from steward.appointments import rail
    from steward.mail.parse import read_body

    starts = {c.start_at for c in held if c.start_at is not None and c.start_at.tzinfo is not None}
    if not starts:
        return []
    legs = rail.from_text(read_body(raw).text, received, _sender(raw), sender_name)
    return [c for c in legs if not c.floating and c.start_at is not None and c.start_at not in starts]
