"""Structured data inside a message, read by code from the live body: iCalendar parts and schema.org.

* An iCalendar part (`text/calendar`, an `.ics` attachment), parsed with `icalendar`: `METHOD:PUBLISH`
  or `REQUEST` is a booking; `CANCEL` or `STATUS:CANCELLED` a cancellation; a `REQUEST` with
  `SEQUENCE` above 0 a reschedule; `STATUS:TENTATIVE` tentative; a `REQUEST` that asks an attendee to
  answer (RSVP, NEEDS-ACTION) or carries a conference link is an invitation.
* schema.org markup in an HTML part (JSON-LD or microdata, read with `extruct`): Event and the
  reservations (FoodEstablishment, Lodging, Flight, Train, Bus, Event, ...); `reservationStatus`
  Cancelled, Pending or Hold set the status; `reservationNumber` names the booking (as an iCalendar
  part's UID does) so a later change of it can be matched to the event made from it. Flights, trains,
  buses and hotel stays are travel: their times count only with a zone or offset.

Pure: bytes in, candidates out. Nothing here is stored.
"""

from __future__ import annotations

import email
import email.policy
import logging
import re
from collections.abc import Iterator, Mapping
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from steward.appointments.journeys import legs
from steward.appointments.model import Candidate, Status
from steward.appointments.places import airport_zone, country_zone, zone_in_text

log = logging.getLogger(__name__)

_CALENDAR_TYPES = {"text/calendar", "application/ics", "text/x-vcalendar", "application/x-ics"}
_CONFERENCE_PROPS = ("x-microsoft-skypeteamsmeetingurl", "x-google-conference", "x-microsoft-onlinemeetingconflink")
_TRAVEL = {"Flight": "flight", "TrainTrip": "train", "BusTrip": "bus", "Train": "train", "Bus": "bus",
           "BoatTrip": "ferry"}
_TRIP_KINDS = ("TrainReservation", "BusReservation", "BoatReservation")
_STATUS = {"cancelled": "cancelled", "canceled": "cancelled", "pending": "tentative", "hold": "tentative"}
_MAX_PART = 2 * 1024 * 1024  # a calendar or HTML part past this is not read (a booking is a few KB)


def _parts(raw: bytes) -> Iterator[email.message.Message]:
    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    for part in msg.walk():
        if not part.is_multipart():
            yield part


def _payload(part: email.message.Message) -> str:
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


# two airport codes with their times, as a ticket without labels writes a leg ("06:45 TXL 08:15 ZRH")
_FLIGHT_ROW = re.compile(r"\b\d{1,2}:\d{2}\s+[A-Z]{3}\s+\d{1,2}:\d{2}\s+[A-Z]{3}\b|"
                         r"\b[A-Z]{3}(?:\s*\(?T\d\w?\)?)?\s+\d{1,2}:\d{2}\s*(?:→|->|-|–|to)?\s*[A-Z]{3}\b|"
                         r"\([A-Z]{3}\)\s+\d{1,2}:\d{2}\s+\d{1,2}:\d{2}")
_ROUTE = re.compile(r"→|->|\bjourney\b|\bfrom\b.+\bto\b|\([A-Z]{3}\)\s+to\b", re.I)


def _is_trip(component: Any, summary: str) -> bool:
    """Whether a calendar event is a journey: filed under Travel, or its summary is a route."""
    found = component.get("categories")
    values = found if isinstance(found, list) else [found] if found is not None else []
    cats = " ".join(" ".join(str(c) for c in getattr(v, "cats", [v])) for v in values).lower()
    return "travel" in cats or bool(_ROUTE.search(summary))


def from_ics(text: str, sender_name: str = "") -> list[Candidate]:
    """The events of one iCalendar part as candidates (the organizer, else the sender, as provider)."""
    from icalendar import Calendar

    try:
        calendars = Calendar.from_ical(text, multiple=True)
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        log.debug("an iCalendar part could not be read: %s", exc)
        return []
    out: list[Candidate] = []
    for cal in calendars:
        method = _text(cal, "method").upper()
        for component in cal.walk("VEVENT"):
            try:
                start, floating, date_only = _moment(component.decoded("dtstart"))
                end = _moment(component.decoded("dtend"))[0] if component.get("dtend") is not None else None
            except (KeyError, ValueError, TypeError):
                continue
            if start is None:
                continue
            summary = _text(component, "summary")
            provider = _organizer(component) or " ".join(sender_name.split()) or summary
            if not provider or not summary:
                continue
            lowered = summary.lower()
            what = "flight" if lowered.startswith("flight") else "train" if lowered.startswith("train") else "event"
            trip = what != "event" or _is_trip(component, summary)
            if floating and trip and not date_only:
                # a journey's time without a zone is the local time where it starts
                zone = zone_in_text(_text(component, "location"), start)
                if zone:
                    start, floating = start.replace(tzinfo=ZoneInfo(zone)), False
                    end = end.replace(tzinfo=ZoneInfo(zone)) if isinstance(end, datetime) and end.tzinfo is None else end
            journey = Candidate(
                provider=provider, start="" if date_only else start.isoformat(), excerpt=summary,
                location=_text(component, "location") or None, status=_ics_status(method, component),
                origin="ics", travel=trip, start_at=None if date_only else start,
                end_at=end if isinstance(end, datetime) and not date_only else None, floating=floating,
                what=what if what != "event" else "appointment",
                # one changed occurrence of a recurring event is not an update of the whole booking
                uid=None if component.get("recurrence-id") is not None else _text(component, "uid")[:300] or None,
                sequence=_sequence(component),
            )
            # a rail journey of several trains is one event per train, as its description lists them
            split = legs(journey, str(component.get("description") or "")) if trip or what == "event" else []
            out.extend(split or [journey])
    return out


# -- schema.org ------------------------------------------------------------------------------------


def _flatten_microdata(item: Any) -> Any:
    """extruct's microdata shape ({"type": url, "properties": {...}}) as JSON-LD ({"@type": ..., ...})."""
    if isinstance(item, list):
        return [_flatten_microdata(i) for i in item]
    if not isinstance(item, Mapping):
        return item
    if "properties" in item and "type" in item:
        kind = item["type"]
        kind = kind[0] if isinstance(kind, list) and kind else kind
        out = {"@type": str(kind).rstrip("/").rsplit("/", 1)[-1]}
        out.update({k: _flatten_microdata(v) for k, v in dict(item["properties"]).items()})
        return out
    return {k: _flatten_microdata(v) for k, v in item.items()}


def _typed(items: Any) -> Iterator[Mapping[str, Any]]:
    """Every object with an @type, graphs and lists unwrapped."""
    if isinstance(items, list):
        for i in items:
            yield from _typed(i)
    elif isinstance(items, Mapping):
        if "@graph" in items:
            yield from _typed(items["@graph"])
        if "@type" in items:
            yield items


def _type(obj: Any) -> str:
    kind = obj.get("@type", "") if isinstance(obj, Mapping) else ""
    kind = kind[0] if isinstance(kind, list) and kind else kind
    return str(kind).rstrip("/").rsplit("/", 1)[-1]


def _str(value: Any) -> str:
    if isinstance(value, list):
        value = value[0] if value else ""
    if isinstance(value, Mapping):
        value = value.get("@value") or value.get("name") or ""
    if value is None:
        return ""  # a property written as null (or a missing address part) says nothing
    return " ".join(str(value).split())


def _when(value: Any) -> tuple[datetime | None, bool, bool]:
    text = _str(value)
    if not text:
        return None, False, False
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None, False, False
    return moment, moment.tzinfo is None, len(text) <= 10


def _place(obj: Any) -> str | None:
    if not isinstance(obj, Mapping):
        return _str(obj) or None
    name = _str(obj.get("name"))
    address = obj.get("address")
    if isinstance(address, Mapping):
        parts = [_str(address.get(k)) for k in ("streetAddress", "addressLocality")]
        street = ", ".join(p for p in parts if p)
    else:
        street = _str(address)
    joined = ", ".join(p for p in (name, street) if p)
    return joined or None


def _country(place: Any) -> str:
    if not isinstance(place, Mapping):
        return ""
    address = place.get("address")
    country = address.get("addressCountry") if isinstance(address, Mapping) else None
    if isinstance(country, Mapping):
        country = country.get("name") or country.get("identifier")
    return _str(country)


def _in_place(moment: datetime | None, place: Any, *, airport: bool = False) -> datetime | None:
    """A time written without an offset, in the zone of the place it is at (an airport by its IATA
    code, else the country of its address); None when that zone is not known."""
    if moment is None or moment.tzinfo is not None:
        return moment
    zone = airport_zone(_str(place.get("iataCode"))) if airport and isinstance(place, Mapping) else None
    zone = zone or (country_zone(_country(place), moment) if _country(place) else None)
    return moment.replace(tzinfo=ZoneInfo(zone)) if zone else None


def _placed(value: Any, place: Any, *, airport: bool = False) -> tuple[datetime | None, bool]:
    """(the moment, floating) of a travel time: without an offset it takes the place's zone when known."""
    moment, floating, _ = _when(value)
    placed = _in_place(moment, place, airport=airport) if floating else moment
    return (placed, False) if placed is not None else (moment, floating)


def _reservation(obj: Mapping[str, Any]) -> Candidate | None:
    kind = _type(obj)
    target = obj.get("reservationFor")
    target = target[0] if isinstance(target, list) and target else target
    if not isinstance(target, Mapping):
        return None
    target_kind = _type(target)
    route: str | None = None
    status_word = _str(obj.get("reservationStatus")).rsplit("/", 1)[-1].lower().removeprefix("reservation")
    status: Status = _STATUS.get(status_word, "confirmed")  # type: ignore[assignment]
    travel = target_kind in _TRAVEL or kind in ("FlightReservation", "LodgingReservation", *_TRIP_KINDS)
    if target_kind == "Flight" or kind == "FlightReservation":
        found = target.get("airline")
        airline: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
        code = _str(airline.get("iataCode")) or _str(airline.get("name"))
        provider = f"{code} {_str(target.get('flightNumber'))}".strip()
        start, floating = _placed(target.get("departureTime"), target.get("departureAirport"), airport=True)
        end = _placed(target.get("arrivalTime"), target.get("arrivalAirport"), airport=True)[0]
        place = _place(target.get("departureAirport"))
        what, excerpt = "flight", provider
        ends = [_str(_get(target.get(k), "iataCode")) for k in ("departureAirport", "arrivalAirport")]
        route = " → ".join(ends) if all(ends) else None
    elif target_kind in ("TrainTrip", "BusTrip", "Train", "Bus", "BoatTrip") or kind in _TRIP_KINDS:
        provider = _str(target.get("trainName") or target.get("busName")) or _str(
            target.get("trainNumber") or target.get("busNumber")) or _str(target.get("provider"))
        leaves = (target.get("departureStation") or target.get("departureBusStop")
                  or target.get("departureBoatTerminal"))
        arrives = target.get("arrivalStation") or target.get("arrivalBusStop") or target.get("arrivalBoatTerminal")
        if not provider and "Boat" in kind + target_kind:
            provider = " → ".join(p for p in (_str(_get(leaves, "name")), _str(_get(arrives, "name"))) if p)
        start, floating = _placed(target.get("departureTime"), leaves)
        end = _placed(target.get("arrivalTime"), arrives)[0]
        place = _place(leaves)
        what = "train" if "Train" in kind + target_kind else "ferry" if "Boat" in kind + target_kind else "bus"
        excerpt = provider
    elif kind == "LodgingReservation":
        provider = _str(target.get("name"))
        start, floating = _placed(obj.get("checkinTime") or obj.get("checkinDate"), target)
        end = None
        place = _place(target)
        what, excerpt = "stay", provider
    else:
        provider = _str(target.get("name"))
        start, floating, _ = _when(obj.get("startTime") or target.get("startDate") or target.get("startTime"))
        end = _when(target.get("endDate"))[0] if target.get("endDate") else None
        place = _place(target.get("location")) if target.get("location") else _place(target)
        what = "table" if kind == "FoodEstablishmentReservation" else (
            "event" if kind == "EventReservation" else "reservation")
        excerpt = provider
    if not provider or start is None:
        return None
    route = route if what == "flight" else None
    date_only = start.hour == 0 and start.minute == 0 and len(_str(obj.get("checkinDate") or "")) == 10
    number = _str(obj.get("reservationNumber"))[:200]
    return Candidate(provider=provider, start=start.isoformat(), excerpt=excerpt, location=place,
                     status=status, origin="schema", travel=travel, start_at=None if date_only else start,
                     end_at=end, floating=floating, what=what, route=route,
                     uid=f"schema.org:{provider}:{number}" if number else None)


def _get(obj: Any, key: str) -> Any:
    return obj.get(key) if isinstance(obj, Mapping) else None


def _event(obj: Mapping[str, Any]) -> Candidate | None:
    name = _str(obj.get("name"))
    start, floating, date_only = _when(obj.get("startDate"))
    if not name or start is None:
        return None
    status_word = _str(obj.get("eventStatus")).rsplit("/", 1)[-1].lower()
    status: Status = ("cancelled" if "cancelled" in status_word else
                      "rescheduled" if "rescheduled" in status_word or "moved" in status_word else "confirmed")
    end = _when(obj.get("endDate"))[0] if obj.get("endDate") else None
    return Candidate(provider=name, start="" if date_only else start.isoformat(), excerpt=name,
                     location=_place(obj.get("location")), status=status, origin="schema",
                     start_at=None if date_only else start, end_at=end, floating=floating, what="event")


def from_schema_org(html: str) -> list[Candidate]:
    """The reservations and events schema.org markup (JSON-LD or microdata) in an HTML part states."""
    from extruct.jsonld import JsonLdExtractor
    from extruct.w3cmicrodata import MicrodataExtractor

    found: list[Any] = []
    try:
        found.extend(JsonLdExtractor().extract(html))
    except (ValueError, TypeError) as exc:  # broken JSON in a script tag: the microdata may still be there
        log.debug("JSON-LD not readable: %s", exc)
    try:
        found.extend(_flatten_microdata(MicrodataExtractor().extract(html)))
    except (ValueError, TypeError, AttributeError) as exc:
        log.debug("microdata not readable: %s", exc)
    out: list[Candidate] = []
    for obj in _typed(found):
        kind = _type(obj)
        made = _reservation(obj) if kind.endswith("Reservation") else _event(obj) if kind.endswith("Event") else None
        if made is not None and made not in out:
            out.append(made)
    return out


def extract(raw: bytes, sender_name: str = "", received: datetime | None = None) -> list[Candidate]:
    """Every structured candidate in a message: its iCalendar parts, then its schema.org markup; with
    neither, the flights its text lists as an e-ticket does (`received` dates a year-less day)."""
    out: list[Candidate] = []
    for text in calendar_parts(raw):
        out.extend(from_ics(text, sender_name))
    for html in html_parts(raw):
        if "schema.org" in html:
            out.extend(from_schema_org(html))
    if not out and received is not None:
        from steward.appointments.itinerary import departure_label, from_text
        from steward.mail.parse import read_body

        body = read_body(raw).text
        if any(departure_label(line) for line in body.splitlines()) or _FLIGHT_ROW.search(body):
            out.extend(from_text(body, received))
    return list(dict.fromkeys(out))  # an invitation often comes twice: inline and as an attachment
