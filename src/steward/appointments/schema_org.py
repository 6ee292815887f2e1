"""schema.org reservations and events, as JSON-LD or microdata in an HTML part (read with `extruct`) or
as the JSON-LD a calendar part carries (KDE Itinerary's `X-KDE-KITINERARY-RESERVATION`).

* Flights, trains, buses and ferries are journeys: their times count only with a zone or an offset,
  or at a place whose zone is known (an airport by its IATA code; any place by its `geo` coordinates;
  else the country of its address when that country keeps one offset).
* A hotel stay (`LodgingReservation`) is its days, from the check-in day to the check-out day, with
  the check-in and check-out times when the markup gives them at a known place.
* A rental car (`RentalCarReservation`) is its pick-up and its return, each at its own place's time.
* A table, a ticket or an event is at its place's time too: a time written without an offset at a
  place whose zone is known (its coordinates, its country, its city) is that place's, never the
  person's; a time whose offset is not the one its place keeps that day ("+01:00" on a July evening in
  Berlin, a wall-clock time written with "Z") carries the place's zone with it and is turned down by
  the consumer (`zone_clash`) rather than read an hour off.
* An event that fills whole days (a date alone, or midnight to the end of a day) is those days.
* `reservationStatus` Cancelled, Pending or Hold set the status; `reservationNumber` names the booking
  (as an iCalendar part's UID does) so a later change of it can be matched to the event made from it.

Pure: text in, candidates out.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator, Mapping
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from steward.appointments.model import Candidate, Status
from steward.appointments.places import airport_zone, city_zone, country_code, country_zone, geo_zone

log = logging.getLogger(__name__)

_TRAVEL = {"Flight": "flight", "TrainTrip": "train", "BusTrip": "bus", "Train": "train", "Bus": "bus",
           "BoatTrip": "ferry"}
_TRIP_KINDS = ("TrainReservation", "BusReservation", "BoatReservation")
_STATUS = {"cancelled": "cancelled", "canceled": "cancelled", "pending": "tentative", "hold": "tentative"}
# an offset written with a one-digit hour ("+0:00"), which ISO 8601 readers refuse
_SHORT_OFFSET = re.compile(r"([+-])(\d):(\d\d)$")


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


def typed_objects(items: Any) -> Iterator[Mapping[str, Any]]:
    """Every object with an @type, graphs and lists unwrapped."""
    if isinstance(items, list):
        for i in items:
            yield from typed_objects(i)
    elif isinstance(items, Mapping):
        if "@graph" in items:
            yield from typed_objects(items["@graph"])
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


def _get(obj: Any, key: str) -> Any:
    return obj.get(key) if isinstance(obj, Mapping) else None


def _when(value: Any) -> tuple[datetime | None, bool, bool]:
    """(the moment, floating, date only) a schema.org date or date-time writes."""
    text = _SHORT_OFFSET.sub(r"\g<1>0\2:\3", _str(value))
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


def place_zone(place: Any, at: datetime | None = None, *, airport: bool = False) -> str | None:
    """The zone of a schema.org place: its coordinates, an airport's IATA code, its country when that
    keeps one offset, else the city of its address (in its country)."""
    if not isinstance(place, Mapping):
        return None
    geo = place.get("geo")
    zone = geo_zone(geo.get("latitude"), geo.get("longitude")) if isinstance(geo, Mapping) else None
    if zone is None and airport:
        zone = airport_zone(_str(place.get("iataCode")))
    if zone is None and _country(place):
        zone = country_zone(_country(place), at)
    address = place.get("address")
    city = _str(address.get("addressLocality")) if isinstance(address, Mapping) else ""
    if zone is None and city:
        zone = city_zone(city, country_code(_country(place)), at, whole=True)
    return zone


def _placed(value: Any, place: Any, *, airport: bool = False) -> tuple[datetime | None, bool]:
    """(the moment, floating) of a travel time: without an offset it takes the place's zone when known."""
    moment, floating, _ = _when(value)
    if moment is None or not floating:
        return moment, floating
    zone = place_zone(place, moment, airport=airport)
    return (moment.replace(tzinfo=ZoneInfo(zone)), False) if zone else (moment, True)


def _clashes(moment: datetime | None, place: Any) -> bool:
    """Whether a time's offset is not the one its place keeps at that moment."""
    zone = _local_zone(moment, place)
    return bool(moment is not None and moment.tzinfo is not None and zone
                and moment.utcoffset() != moment.astimezone(ZoneInfo(zone)).utcoffset())


def _local_zone(moment: datetime | None, place: Any, *, airport: bool = False) -> str | None:
    """The zone of the place a time is at, when the markup says where that is."""
    return place_zone(place, moment.replace(tzinfo=None), airport=airport) if moment is not None else None


def _status(obj: Mapping[str, Any]) -> Status:
    word = _str(obj.get("reservationStatus")).rsplit("/", 1)[-1].lower().removeprefix("reservation")
    return _STATUS.get(word, "confirmed")  # type: ignore[return-value]


def _uid(provider: str, obj: Mapping[str, Any]) -> str | None:
    number = _str(obj.get("reservationNumber"))[:200]
    return f"schema.org:{provider}:{number}" if number else None


def _flight(obj: Mapping[str, Any], target: Mapping[str, Any]) -> Candidate | None:
    found = target.get("airline")
    airline: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    code = _str(airline.get("iataCode")) or _str(airline.get("name"))
    provider = f"{code} {_str(target.get('flightNumber'))}".strip()
    start, floating = _placed(target.get("departureTime"), target.get("departureAirport"), airport=True)
    end = _placed(target.get("arrivalTime"), target.get("arrivalAirport"), airport=True)[0]
    ends = [_str(_get(target.get(k), "iataCode")) for k in ("departureAirport", "arrivalAirport")]
    if not provider or start is None:
        return None
    return Candidate(provider=provider, start=start.isoformat(), excerpt=provider,
                     location=_place(target.get("departureAirport")), status=_status(obj), origin="schema",
                     travel=True, start_at=start, end_at=end, floating=floating, what="flight",
                     route=" → ".join(ends) if all(ends) else None, uid=_uid(provider, obj),
                     place_zone=_local_zone(start, target.get("departureAirport"), airport=True))


def _trip(obj: Mapping[str, Any], target: Mapping[str, Any], kind: str) -> Candidate | None:
    provider = _str(target.get("trainName") or target.get("busName")) or _str(
        target.get("trainNumber") or target.get("busNumber")) or _str(target.get("provider"))
    leaves = target.get("departureStation") or target.get("departureBusStop") or target.get("departureBoatTerminal")
    arrives = target.get("arrivalStation") or target.get("arrivalBusStop") or target.get("arrivalBoatTerminal")
    if not provider and "Boat" in kind:
        provider = " → ".join(p for p in (_str(_get(leaves, "name")), _str(_get(arrives, "name"))) if p)
    start, floating = _placed(target.get("departureTime"), leaves)
    end = _placed(target.get("arrivalTime"), arrives)[0]
    if not provider or start is None:
        return None
    what = "train" if "Train" in kind else "ferry" if "Boat" in kind else "bus"
    return Candidate(provider=provider, start=start.isoformat(), excerpt=provider, location=_place(leaves),
                     status=_status(obj), origin="schema", travel=True, start_at=start, end_at=end,
                     floating=floating, what=what, uid=_uid(provider, obj), place_zone=_local_zone(start, leaves))


def _day(moment: datetime | None) -> date | None:
    """The local day a date or date-time writes (in its own zone or offset: the place's day)."""
    return moment.date() if moment is not None else None


def _stay(obj: Mapping[str, Any], target: Mapping[str, Any]) -> Candidate | None:
    """A hotel stay: its days from check-in to check-out, and the check-in time when it is at a known place."""
    provider = _str(target.get("name"))
    checkin = obj.get("checkinTime") or obj.get("checkinDate")
    checkout = obj.get("checkoutTime") or obj.get("checkoutDate")
    first, last = _day(_when(checkin)[0]), _day(_when(checkout)[0])
    if not provider or first is None:
        return None
    if last is None or not first <= last <= first + timedelta(days=366):
        last = first
    start, floating = _placed(checkin, target)
    end, _ = _placed(checkout, target)
    # a check-in written with an offset its hotel does not keep that day ("14:00+00:00" in a London June)
    # gives the day, not the hour
    timed = start is not None and not floating and not _when(checkin)[2] and not _clashes(start, target)
    return Candidate(provider=provider, start=start.isoformat() if timed and start else first.isoformat(),
                     excerpt=provider, location=_place(target), status=_status(obj), origin="schema", travel=True,
                     start_at=start if timed else None,
                     end_at=end if timed and end is not None and end.tzinfo is not None else None,
                     what="stay", days=(first, last), uid=_uid(provider, obj))


def _rental(obj: Mapping[str, Any], target: Mapping[str, Any]) -> list[Candidate]:
    """A rental car: its pick-up and its return, each at its own place's local time."""
    company = target.get("rentalCompany") or obj.get("provider")
    provider = _str(_get(company, "name") or company) or _str(target.get("name"))
    out = []
    for what, time_key, place_key in (("car pick-up", "pickupTime", "pickupLocation"),
                                      ("car return", "dropoffTime", "dropoffLocation")):
        place = obj.get(place_key)
        moment, floating = _placed(obj.get(time_key), place)
        if not provider or moment is None or _when(obj.get(time_key))[2]:
            continue
        out.append(Candidate(provider=provider, start=moment.isoformat(), excerpt=provider, location=_place(place),
                             status=_status(obj), origin="schema", travel=True, start_at=moment, floating=floating,
                             minutes=30, what=what, uid=f"{_uid(provider, obj)}#{what}" if _uid(provider, obj) else None,
                             place_zone=_local_zone(moment, place)))
    return out


def _whole_days(start: datetime, end: datetime | None, date_only: bool) -> tuple[date, date] | None:
    """The days an event fills: a date alone, or from a midnight to the end of a day (00:00 or 23:59)."""
    if date_only:
        last = end.date() if end is not None and end.date() >= start.date() else start.date()
        return start.date(), last
    if end is None or (start.hour, start.minute) != (0, 0) or end <= start:
        return None
    if (end.hour, end.minute) == (0, 0):
        return start.date(), end.date() - timedelta(days=1)
    if (end.hour, end.minute) == (23, 59):
        return start.date(), end.date()
    return None


def _reservation(obj: Mapping[str, Any]) -> list[Candidate]:
    kind = _type(obj)
    target = obj.get("reservationFor")
    target = target[0] if isinstance(target, list) and target else target
    if not isinstance(target, Mapping):
        return []
    target_kind = _type(target)
    if target_kind == "Flight" or kind == "FlightReservation":
        made = _flight(obj, target)
    elif target_kind in ("TrainTrip", "BusTrip", "Train", "Bus", "BoatTrip") or kind in _TRIP_KINDS:
        made = _trip(obj, target, kind + target_kind)
    elif kind == "LodgingReservation":
        made = _stay(obj, target)
    elif kind == "RentalCarReservation":
        return _rental(obj, target)
    else:
        made = _booking(obj, target, kind)
    return [made] if made is not None else []


def _booking(obj: Mapping[str, Any], target: Mapping[str, Any], kind: str) -> Candidate | None:
    """A table, a ticket to an event or another reservation: in the person's zone unless it says one."""
    provider = _str(target.get("name"))
    written = obj.get("startTime") or target.get("startDate") or target.get("startTime")
    where = target.get("location") or target
    start, floating, date_only = _when(written)
    zone = _local_zone(start, where)
    if floating and zone and not date_only and start is not None:
        start, floating = _placed(written, where)  # the place's time, not the person's
    end = _when(target.get("endDate"))[0] if target.get("endDate") else None
    if end is not None and end.tzinfo is None and start is not None and start.tzinfo is not None:
        end = end.replace(tzinfo=start.tzinfo)
    if not provider or start is None:
        return None
    place = _place(target.get("location")) if target.get("location") else _place(target)
    what = "table" if kind == "FoodEstablishmentReservation" else "event" if kind == "EventReservation" else "reservation"
    days = _whole_days(start, end, date_only)
    return Candidate(provider=provider, start=start.date().isoformat() if date_only else start.isoformat(),
                     excerpt=provider, location=place, status=_status(obj), origin="schema",
                     start_at=None if days is not None else start, end_at=None if days is not None else end,
                     floating=floating, what=what, days=days,
                     uid=_uid(provider, obj), place_zone=zone)


def _event(obj: Mapping[str, Any]) -> Candidate | None:
    name = _str(obj.get("name"))
    start, floating, date_only = _when(obj.get("startDate"))
    zone = _local_zone(start, obj.get("location"))
    if floating and zone and not date_only and start is not None:
        start, floating = _placed(obj.get("startDate"), obj.get("location"))  # the place's time
    if not name or start is None:
        return None
    status_word = _str(obj.get("eventStatus")).rsplit("/", 1)[-1].lower()
    status: Status = ("cancelled" if "cancelled" in status_word else
                      "rescheduled" if "rescheduled" in status_word or "moved" in status_word else "confirmed")
    end = _when(obj.get("endDate"))[0] if obj.get("endDate") else None
    if end is not None and end.tzinfo is None and start.tzinfo is not None:
        end = end.replace(tzinfo=start.tzinfo)
    days = _whole_days(start, end, date_only)
    return Candidate(provider=name, start=start.date().isoformat() if date_only else start.isoformat(), excerpt=name,
                     location=_place(obj.get("location")), status=status, origin="schema",
                     start_at=None if days is not None else start, end_at=None if days is not None else end,
                     floating=floating, what="event", days=days, place_zone=zone)


def from_objects(found: Any) -> list[Candidate]:
    """The reservations and events among schema.org objects (JSON-LD as parsed)."""
    out: list[Candidate] = []
    for obj in typed_objects(found):
        kind = _type(obj)
        made = _reservation(obj) if kind.endswith("Reservation") else (
            [e] if kind.endswith("Event") and (e := _event(obj)) is not None else [])
        out.extend(m for m in made if m not in out)
    return out


def from_json(text: str) -> list[Candidate]:
    """The reservations and events of a JSON-LD text ([] when it is not JSON)."""
    try:
        return from_objects(json.loads(text))
    except ValueError as exc:
        log.debug("JSON-LD not readable: %s", exc)
        return []


def from_html(html: str) -> list[Candidate]:
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
    return from_objects(found)
