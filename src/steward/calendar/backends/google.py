"""A Google Calendar through the Calendar API v3 (plain REST over httpx, `steward.googleapi`).

Reading: events.list with singleEvents (a repeating event reads as its instances), in the person's
zone, page by page (nextPageToken), with showDeleted: a time of a repeating event skipped (in Steward
or in another app: its instance deleted) comes as a cancelled instance, and is read as a time of its
series that will not happen, as a CalDAV calendar's EXDATE is. The calendar is kept in step by incremental sync: a full listing
from a year back, then only what changed since its syncToken; a token Google no longer honours (410)
starts a full listing again. A span older than the synced year, or every span when a listing comes
without a sync token, is listed with timeMin/timeMax. An all-day event is its dates in the person's zone.

A repeating event is written with its RRULE in `recurrence`; each instance read carries its series'
rule. One time of it is skipped by deleting that instance and moved by patching it (Google keeps
either as an exception beside the series, found with events.instances by its original start); its
days, time or end are changed by patching the series' `recurrence` (its other lines kept). After such
a change the calendar is listed again in full, so no instance the series no longer has stays shown.

Writing (create, move, delete) uses the events-write credential only, never the read one, and changes
only events Steward made: each carries private extended properties (`steward_id`, its UID, and the
duplicate markers `steward_<name>`), and its Google id is derived from its UID, so a second insert of
the same event is refused by Google itself (409). Before an insert, the calendar is asked for an
event with each marker (privateExtendedProperty). An insert whose answer is lost (a timeout, a dropped
connection, a 5xx) is settled by looking its id up before it is sent again, once: a retry never makes
a second event. An event is made with the calendar's default reminders, no attendees, no conference,
and no notifications. A deleted event (404, 410) is gone, not an error.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any
from urllib.parse import quote

from steward.calendar.backends.base import Reading, Unreadable, same_event
from steward.errors import ConnectorError, Duplicate, UserError
from steward.googleapi import Credential, GoogleSession, OutcomeUnknown, load_credential
from steward.records.calendar import Event
from steward.settings import Settings

log = logging.getLogger(__name__)

READ_SCOPES = frozenset({"https://www.googleapis.com/auth/calendar.readonly",
                         "https://www.googleapis.com/auth/calendar.events.readonly",
                         "https://www.googleapis.com/auth/calendar.events",
                         "https://www.googleapis.com/auth/calendar"})
WRITE_SCOPES = frozenset({"https://www.googleapis.com/auth/calendar.events",
                          "https://www.googleapis.com/auth/calendar"})
ID_KEY = "steward_id"
MARKER_PREFIX = "steward_"
SYNC_BACK = timedelta(days=366)  # how far back the synced copy reaches (Google's own sync sample: a year)


def google_id(uid: str) -> str:
    """The Google event id of a Steward UID: base32hex characters (here hex), stable, 32 long."""
    return hashlib.sha256(uid.encode("utf-8")).hexdigest()[:32]


def _moment(side: Mapping[str, Any], zone: tzinfo) -> tuple[datetime, bool]:
    """An EventDateTime as an aware instant, and whether it is a date (all-day)."""
    if side.get("dateTime"):
        moment = datetime.fromisoformat(str(side["dateTime"]).replace("Z", "+00:00"))
        if moment.tzinfo is None:
            from steward.clock import get_zone

            moment = moment.replace(tzinfo=get_zone(str(side.get("timeZone"))) if side.get("timeZone") else zone)
        return moment, False
    if side.get("date"):
        return datetime.combine(date.fromisoformat(str(side["date"])), time(0), tzinfo=zone), True
    raise UserError("it has no start or end")


def _rule(series: Mapping[str, Any] | None) -> str | None:
    """The RRULE of a series' `recurrence` lines (without "RRULE:"), or None."""
    for line in (series or {}).get("recurrence") or []:
        if str(line).upper().startswith("RRULE:"):
            return str(line)[6:]
    return None


def event_of(item: Mapping[str, Any], calendar: str, zone: tzinfo,
             series: Mapping[str, Any] | None = None) -> Event:
    """A Calendar API event resource as an Event (all-day events on their dates in `zone`); an instance
    of a repeating event carries the rule of its `series` (and the time it had, when it was moved)."""
    start, all_day = _moment(item.get("start") or {}, zone)
    end, _ = _moment(item.get("end") or {}, zone)
    rule = _rule(item) or _rule(series)
    original = item.get("originalStartTime")
    had = _moment(original, zone)[0] if isinstance(original, Mapping) and item.get("recurringEventId") else None
    private = (item.get("extendedProperties") or {}).get("private") or {}
    uid = str(private.get(ID_KEY) or "")
    markers = tuple(sorted((k[len(MARKER_PREFIX):], str(v)) for k, v in private.items()
                           if k.startswith(MARKER_PREFIX) and k != ID_KEY))
    meant = str((item.get("start") or {}).get("timeZone") or getattr(zone, "key", "UTC"))
    return Event(id=uid or str(item.get("recurringEventId") or item.get("id", "")),
                 title=str(item.get("summary") or "(no title)"), start=start,
                 end=max(end, start), calendar=calendar, location=str(item["location"]) if item.get("location") else None,
                 zone=meant, all_day=all_day, steward=bool(uid), markers=markers if uid else (), rule=rule,
                 recurrence_id=had if had is not None and had != start else None)


def _skipped_time(item: Mapping[str, Any]) -> bool:
    """Whether a listed item is a time of a repeating event deleted on its own (a cancelled instance)."""
    return item.get("status") == "cancelled" and bool(item.get("recurringEventId")) and \
        isinstance(item.get("originalStartTime"), Mapping)


def _side(moment: datetime, all_day: bool, zone: str) -> dict[str, str]:
    if all_day:
        return {"date": moment.date().isoformat()}
    return {"dateTime": moment.isoformat(), "timeZone": zone}


class GoogleBackend:
    """One Google calendar (`primary` by default); connects on first use."""

    name = "google"

    def __init__(self, calendar_id: str = "primary", *, read: str = "", write: str = "",
                 api_url: str = "https://www.googleapis.com/", zone: tzinfo = UTC, timeout: float = 30.0,
                 retries: int = 4, backoff: float = 1.0, environ: Mapping[str, str] | None = None,
                 transport: Any = None, now: Callable[[], datetime] | None = None) -> None:
        self.calendar_id = calendar_id or "primary"
        self._where = {"read": read, "write": write}
        self.api_url = api_url
        self.zone = zone
        self._options = {"timeout": timeout, "retries": retries, "backoff": backoff, "transport": transport}
        self.environ = environ
        self._sessions: dict[str, GoogleSession] = {}
        self._now = now or (lambda: datetime.now(UTC))
        self._cache: dict[str, dict[str, Any]] = {}
        self._token = ""
        self._floor: datetime | None = None
        self._sync_ok = True

    @classmethod
    def from_settings(cls, settings: Settings, zone: tzinfo | None = None,
                      now: Callable[[], datetime] | None = None) -> GoogleBackend:
        """A backend for `calendar.google_*` and `appointments.google_write_credentials`."""
        return cls(settings.as_str("calendar.google_calendar_id"),
                   read=settings.as_str("calendar.google_credentials"),
                   write=settings.as_str("appointments.google_write_credentials"),
                   api_url=settings.as_str("calendar.google_api_url"), zone=zone or UTC,
                   timeout=settings.as_float("calendar.google_timeout"),
                   retries=settings.as_int("google.retries"), backoff=settings.as_float("google.backoff"),
                   environ=os.environ, now=now)

    def close(self) -> None:
        """Close the HTTP connections."""
        for session in self._sessions.values():
            session.close()
        self._sessions.clear()

    # -- sessions ---------------------------------------------------------------------------------

    def _session(self, kind: str) -> GoogleSession:
        """The read session (the read credential, else the write one) or the write session (only the write one)."""
        if kind not in self._sessions:
            credential = self._credential(kind)
            scopes = WRITE_SCOPES if kind == "write" else READ_SCOPES
            label = "calendar.events" if kind == "write" else "calendar.readonly"
            self._sessions[kind] = GoogleSession(credential, api_url=self.api_url, who=f"Google Calendar {self.calendar_id}",
                                                 scopes=scopes, scope_label=label, **self._options)
        return self._sessions[kind]

    def _credential(self, kind: str) -> Credential:
        if kind == "write":
            return load_credential(self._where["write"], "appointments.google_write_credentials", self.environ)
        if self._where["read"] or not self._where["write"]:
            return load_credential(self._where["read"], "calendar.google_credentials", self.environ)
        return load_credential(self._where["write"], "appointments.google_write_credentials", self.environ)

    def _events(self, event_id: str | None = None) -> str:
        path = f"calendar/v3/calendars/{quote(self.calendar_id, safe='')}/events"
        return path + (f"/{quote(event_id, safe='')}" if event_id else "")

    # -- reading ----------------------------------------------------------------------------------

    def _pages(self, params: list[tuple[str, str]]) -> tuple[list[dict[str, Any]], str] | None:
        """Every page of an events.list; (items, nextSyncToken), or None when Google answers 410."""
        items: list[dict[str, Any]] = []
        token = ""
        while True:
            page = self._session("read").json("reading events from", "GET", self._events(),
                                              params=[*params, *([("pageToken", token)] if token else [])],
                                              gone=(410,))
            if page is None:
                return None
            items.extend(page.get("items") or [])
            token = str(page.get("nextPageToken") or "")
            if not token:
                return items, str(page.get("nextSyncToken") or "")

    def _base(self) -> list[tuple[str, str]]:
        return [("singleEvents", "true"), ("showDeleted", "true"), ("maxResults", "2500"),
                ("timeZone", getattr(self.zone, "key", "UTC"))]

    def sync(self) -> int:
        """Bring the synced copy up to date (a full listing first, then changes); how many events changed."""
        if self._token:
            got = self._pages([*self._base(), ("syncToken", self._token)])
            if got is not None:
                items, self._token = got
                for item in items:
                    if item.get("status") == "cancelled" and not _skipped_time(item):
                        self._cache.pop(str(item.get("id")), None)
                    else:
                        self._cache[str(item.get("id"))] = item
                return len(items)
            log.info("google calendar: the sync token expired; listing the calendar again")
        floor = self._now() - SYNC_BACK
        got = self._pages([*self._base(), ("timeMin", floor.astimezone(UTC).isoformat())])
        if got is None:
            raise ConnectorError(f"Google Calendar {self.calendar_id}: a full listing was refused (HTTP 410)")
        items, self._token = got
        self._cache = {str(i.get("id")): i for i in items if i.get("status") != "cancelled" or _skipped_time(i)}
        self._floor = floor
        return len(items)

    def _synced(self, start: datetime) -> list[dict[str, Any]] | None:
        """The synced copy, brought up to date, when it covers `start`; None when the span is older, or
        when Google gave no sync token (then every read asks for its span)."""
        if not self._sync_ok or start < self._now() - SYNC_BACK:
            return None
        self.sync()
        if not self._token:
            log.info("google calendar: no sync token came with the listing; reading each span as asked")
            self._sync_ok = False
            return None
        return list(self._cache.values())

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """The readable events overlapping [start, end)."""
        return self.read(start, end).events

    def read(self, start: datetime, end: datetime) -> Reading:
        """The span's events (each time of a repeating one on its own); one that cannot be read is named;
        apart, the times of repeating events in the span that will not happen (their instances deleted)."""
        items = self._synced(start)
        if items is None:
            got = self._pages([*self._base(), ("timeMin", start.astimezone(UTC).isoformat()),
                               ("timeMax", end.astimezone(UTC).isoformat())])
            items = got[0] if got is not None else []
        events: list[Event] = []
        skipped: list[Unreadable] = []
        gone: list[Event] = []
        series: dict[str, dict[str, Any] | None] = {}
        for item in items:
            if item.get("status") == "cancelled" and not _skipped_time(item):
                continue  # a one-off event deleted
            try:
                master = None
                if item.get("recurringEventId"):
                    key = str(item["recurringEventId"])
                    if key not in series:
                        series[key] = self._get("read", key)
                    master = series[key]
                if item.get("status") == "cancelled":
                    if master is not None:  # the whole series deleted: none of its times is shown
                        off = self._skipped(item, master)
                        if off.start < end and off.end > start:
                            gone.append(off)
                    continue
                event = event_of(item, self.name, self.zone, master)
            except (UserError, ValueError, TypeError, KeyError) as exc:
                reason = exc.message if isinstance(exc, UserError) else str(exc) or type(exc).__name__
                skipped.append(Unreadable(self.name, str(item.get("id", ""))[:120],
                                          " ".join(str(item.get("summary") or "").split())[:120], reason[:200]))
                continue
            if event.start < end and event.end > start:
                events.append(event)
        return Reading(sorted(events, key=lambda e: (e.start, e.id)), tuple(skipped),
                       tuple(sorted(gone, key=lambda e: (e.start, e.id))))

    def _skipped(self, item: Mapping[str, Any], master: Mapping[str, Any]) -> Event:
        """A cancelled instance as the time of its series it would have been (the series' length; Google
        keeps little more of a deleted instance than the start it had)."""
        whole = event_of(master, self.name, self.zone)
        at = _moment(item["originalStartTime"], self.zone)[0]
        return replace(whole, start=at, end=at + (whole.end - whole.start), recurrence_id=None)

    def find_duplicate(self, title: str, start: datetime) -> Event | None:
        """An event with the same normalised title and start, if any."""
        return same_event(self.between(start, start + timedelta(seconds=1)), title, start)

    def _get(self, session: str, gid: str) -> dict[str, Any] | None:
        item = self._session(session).json("looking up an event in", "GET", self._events(gid), gone=(404, 410))
        return None if item is None or item.get("status") == "cancelled" else item

    def find(self, event_id: str) -> Event | None:
        """The event with this UID (one Steward made) or this Google id, if the calendar has it."""
        item = self._get("read", google_id(event_id))
        if item is None and not event_id.startswith("steward-"):
            item = self._get("read", event_id)
        return event_of(item, self.name, self.zone) if item is not None else None

    def find_marked(self, name: str, value: str) -> Event | None:
        """An event Steward made that carries this private marker (privateExtendedProperty), if any."""
        page = self._session("read").json("looking up a marker in", "GET", self._events(), params=[
            ("privateExtendedProperty", f"{MARKER_PREFIX}{name}={value}"), ("maxResults", "5"),
            ("singleEvents", "true")]) or {}
        for item in page.get("items") or []:
            if item.get("status") != "cancelled":
                return event_of(item, self.name, self.zone)
        return None

    # -- writing ----------------------------------------------------------------------------------

    def check_write(self) -> None:
        """Trade the events-write credential for a token now (what `steward doctor` asks)."""
        self._session("write").authorize()

    def add(self, event: Event) -> Event:
        """Insert one event Steward made (create-only); Duplicate when a marker says it is there already."""
        for name, value in (("id", event.id), *event.markers):
            twin = self.find_marked(name, value)
            if twin is not None:
                raise Duplicate(f"google calendar already has {twin.title!r} (the same {name} marker); nothing was saved")
        private = {ID_KEY: event.id, **{f"{MARKER_PREFIX}{k}": v for k, v in event.markers}}
        body: dict[str, Any] = {"id": google_id(event.id), "summary": event.title,
                                "start": _side(event.start, event.all_day, event.zone),
                                "end": _side(event.end, event.all_day, event.zone),
                                "reminders": {"useDefault": True}, "extendedProperties": {"private": private}}
        if event.location:
            body["location"] = event.location
        if event.rule:
            body["recurrence"] = [f"RRULE:{event.rule}"]
        for attempt in (1, 2):
            try:
                item = self._insert(body, event)
                break
            except OutcomeUnknown as exc:
                # the answer was lost, not necessarily the event: look for it before sending it again
                found = self._get("write", body["id"])
                if found is not None:
                    log.debug("google calendar: %s was stored although its answer was lost", event.id)
                    item = found
                    break
                if attempt == 2:
                    raise exc from None
        log.debug("google calendar: inserted %s", event.id)
        return replace(event_of(item, self.name, self.zone), markers=event.markers, zone=event.zone)

    def _insert(self, body: dict[str, Any], event: Event) -> dict[str, Any]:
        resp = self._session("write").request(f"saving {event.title!r} to", "POST", self._events(),
                                              params=[("sendUpdates", "none")], json_body=body, write=True)
        if resp.status_code == 409:
            raise Duplicate(f"google calendar already has the event {event.id}; nothing was saved")
        if resp.status_code != 200:
            from steward.googleapi import error_text

            raise self._session("write").fail(f"saving {event.title!r} to", f"HTTP {resp.status_code} {error_text(resp)}")
        item: dict[str, Any] = resp.json()
        return item

    def _ours(self, event_id: str, doing: str) -> dict[str, Any] | None:
        """The stored resource of an event Steward made; UserError for an event it did not make."""
        item = self._get("write", google_id(event_id))
        if item is not None:
            return item
        other = None if event_id.startswith("steward-") else self._get("write", event_id)
        if other is not None:
            raise UserError(f"Steward did not make {other.get('summary') or 'that event'!r} and never {doing} "
                            "an event it did not make; nothing was changed")
        return None

    def remove(self, event_id: str, if_match: str | None = None) -> bool:
        """Delete an event Steward made (False when it is gone already)."""
        if self._ours(event_id, "deletes") is None:
            return False
        resp = self._session("write").request("deleting an event from", "DELETE", self._events(google_id(event_id)),
                                              params=[("sendUpdates", "none")])
        if resp.status_code in (404, 410):
            return False
        if resp.status_code not in (200, 204):
            from steward.googleapi import error_text

            raise self._session("write").fail("deleting an event from", f"HTTP {resp.status_code} {error_text(resp)}")
        return True

    def move(self, event_id: str, start: datetime, end: datetime, if_match: str | None = None) -> Event | None:
        """Give an event Steward made new times (None when it is gone)."""
        item = self._ours(event_id, "moves")
        if item is None:
            return None
        zone = str((item.get("start") or {}).get("timeZone") or getattr(self.zone, "key", "UTC"))
        body = {"start": _side(start, False, zone), "end": _side(end, False, zone)}
        moved = self._session("write").json("moving an event in", "PATCH", self._events(google_id(event_id)),
                                            params=[("sendUpdates", "none")], json_body=body, gone=(404, 410))
        return event_of(moved, self.name, self.zone) if moved is not None else None


    # -- repeating events -------------------------------------------------------------------------

    def _instance(self, event_id: str, occurrence: datetime) -> dict[str, Any] | None:
        """The instance of a series Steward made that had `occurrence` as its start (events.instances)."""
        page = self._session("write").json("looking up a time of an event in", "GET",
                                           self._events(google_id(event_id)) + "/instances",
                                           params=[("originalStart", occurrence.astimezone(UTC).isoformat()),
                                                   ("maxResults", "5")], gone=(404, 410)) or {}
        return next((i for i in page.get("items") or [] if i.get("status") != "cancelled"), None)

    def _changed_instance(self, event_id: str, occurrence: datetime, verb: str, body: dict[str, Any] | None,
                          doing: str) -> Event | None:
        if self._ours(event_id, "changes") is None:
            return None
        one = self._instance(event_id, occurrence)
        if one is None:
            raise UserError("that time of the event is not on the Google calendar (skipped or moved already); "
                            "nothing was changed")
        path = self._events(str(one["id"]))
        if verb == "DELETE":
            resp = self._session("write").request(doing, "DELETE", path, params=[("sendUpdates", "none")])
            if resp.status_code not in (200, 204, 404, 410):
                from steward.googleapi import error_text

                raise self._session("write").fail(doing, f"HTTP {resp.status_code} {error_text(resp)}")
        else:
            self._session("write").json(doing, "PATCH", path, params=[("sendUpdates", "none")], json_body=body,
                                        gone=(404, 410))
        self._token = ""  # list again: the series' instances changed
        return self.find(event_id)

    def skip(self, event_id: str, occurrence: datetime, if_match: str | None = None) -> Event | None:
        """Skip one time of a series Steward made: its instance deleted (None when the series is gone)."""
        return self._changed_instance(event_id, occurrence, "DELETE", None, "skipping a time of an event in")

    def move_one(self, event_id: str, occurrence: datetime, start: datetime, end: datetime,
                 if_match: str | None = None) -> Event | None:
        """Move one time of a series Steward made: its instance patched (None when the series is gone)."""
        item = self._ours(event_id, "changes")
        if item is None:
            return None
        zone = str((item.get("start") or {}).get("timeZone") or getattr(self.zone, "key", "UTC"))
        body = {"start": _side(start, False, zone), "end": _side(end, False, zone)}
        return self._changed_instance(event_id, occurrence, "PATCH", body, "moving a time of an event in")

    def set_rule(self, event_id: str, rule: str, start: datetime, end: datetime,
                 if_match: str | None = None) -> Event | None:
        """A series Steward made given a new RRULE and first time (its other recurrence lines kept)."""
        item = self._ours(event_id, "changes")
        if item is None:
            return None
        zone = str((item.get("start") or {}).get("timeZone") or getattr(self.zone, "key", "UTC"))
        kept = [str(line) for line in item.get("recurrence") or [] if not str(line).upper().startswith("RRULE:")]
        body = {"recurrence": [f"RRULE:{rule}", *kept], "start": _side(start, False, zone),
                "end": _side(end, False, zone)}
        changed = self._session("write").json("changing the repeat of an event in", "PATCH",
                                              self._events(google_id(event_id)), params=[("sendUpdates", "none")],
                                              json_body=body, gone=(404, 410))
        self._token = ""
        return event_of(changed, self.name, self.zone) if changed is not None else None
