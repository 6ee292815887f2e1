"""A CalDAV calendar collection (Radicale, Nextcloud, Fastmail, iCloud …) through the `caldav` library.

Events Steward writes carry `X-STEWARD-ID` (equal to their UID) so they can be found again. Every
failure to reach or use the server becomes one ConnectorError line; `add` either leaves the event on
the server or raises, and the service records nothing unless it returned.

A change to something already on the server (a move, a skip, a delete) is sent with If-Match and the
ETag Steward last read: when another app changed it meanwhile the server answers 412, and that is a
`Conflict` naming what the server has now, never a second, unconditional write.
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from steward.calendar.backends.base import Reading, Unreadable, same_event, skipped_in
from steward.calendar.ics import MARKER, aware, decoded, event_from_component, event_to_calendar
from steward.calendar.repeat_ical import RepeatingTodo, TodoState
from steward.errors import ConfigError, Conflict, ConnectorError, UserError
from steward.records.calendar import Event
from steward.settings import Settings

log = logging.getLogger(__name__)


# every repeating event on a calendar (a VEVENT that has an RRULE), in any span
_SERIES_QUERY = """<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
    <C:prop-filter name="RRULE"/>
  </C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>"""


def unreadable(component: Any, calendar: str, exc: BaseException, url: str = "") -> Unreadable:
    """An event that failed to read, as its UID (else its file name on the server), summary and a reason."""
    message = exc.message if isinstance(exc, UserError) else str(exc) or type(exc).__name__
    reason = " ".join(message.split())[:200]
    uid, title = "", ""
    if component is None:
        reason = f"it is not valid iCalendar ({reason})"
    else:
        uid, title = str(component.get("uid") or ""), str(component.get("summary") or "")
    uid = uid or url.rstrip("/").rsplit("/", 1)[-1]
    return Unreadable(calendar, " ".join(uid.split())[:120], " ".join(title.split())[:120], reason)


def _own_clock(component: Any, fallback: tzinfo = UTC) -> tzinfo:
    """The zone a repeating component's first time is written in: the clock its times repeat on."""
    first = component.decoded("dtstart") if component.get("dtstart") is not None else component.decoded("due")
    return first.tzinfo if isinstance(first, datetime) and first.tzinfo is not None else fallback


def _drop_override(whole: Any, kind: str, occurrence: datetime) -> None:
    """Take out of a calendar object the override (a `kind` component with that RECURRENCE-ID) of one time."""
    whole.subcomponents[:] = [c for c in whole.subcomponents if not (
        c.name == kind and c.get("recurrence-id") is not None and decoded(c, "recurrence-id") == occurrence)]


def _etag(obj: Any) -> str | None:
    """The ETag the server last gave a calendar object (None when it gave none)."""
    tag = getattr(obj, "etag", None)
    return str(tag) if tag else None


class CaldavBackend:
    """One calendar collection on a CalDAV server; connects on first use."""

    name = "caldav"

    def __init__(self, url: str, user: str = "", password: str = "", timeout: float = 10.0,
                 zone: tzinfo = UTC) -> None:
        if not url:
            raise ConfigError("calendar.caldav_url is empty; set it to your calendar collection's URL")
        self.url = url
        self.user = user
        self.password = password
        self.timeout = timeout
        self.zone = zone  # the user's: an all-day event is that day in this zone
        self._calendar: Any = None

    @classmethod
    def from_settings(cls, settings: Settings, zone: tzinfo | None = None) -> CaldavBackend:
        """A backend for `calendar.caldav_*` (the password from the variable named there)."""
        env = settings.as_str("calendar.caldav_password_env")
        password = os.environ.get(env, "") if env else ""
        return cls(settings.as_str("calendar.caldav_url"), settings.as_str("calendar.caldav_user"), password,
                   settings.as_float("calendar.caldav_timeout"), zone or UTC)

    def _errors(self) -> tuple[type[BaseException], ...]:
        from caldav.lib.error import DAVError

        return (DAVError, OSError, ValueError)

    def _fail(self, doing: str, exc: BaseException) -> ConnectorError:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if isinstance(exc, OSError) and ("refused" in reason.lower() or "Max retries" in reason):
            reason = "connection refused"
        return ConnectorError(f"CalDAV server {self.url} failed while {doing}: {reason[:200]}")

    def calendar(self) -> Any:
        """The CalDAV calendar, found on the first call (this is when it connects)."""
        if self._calendar is None:
            from caldav.davclient import DAVClient

            try:
                client = DAVClient(url=self.url, username=self.user or None,
                                    password=self.password or None, timeout=int(self.timeout))
                self._calendar = client.calendar(url=self.url)
            except self._errors() as exc:
                raise self._fail("connecting", exc) from None
        return self._calendar

    def add(self, event: Event) -> Event:
        """Write a new event to the server and return it as stored."""
        ical = event_to_calendar([event]).to_ical().decode()
        try:
            self.calendar().add_event(ical)
        except self._errors() as exc:
            raise self._fail(f"saving {event.title!r}", exc) from None
        log.debug("caldav: saved %s", event.id)
        return event

    def between(self, start: datetime, end: datetime) -> list[Event]:
        """The readable events overlapping [start, end)."""
        return self._read(start, end, skipped_too=False).events

    def read(self, start: datetime, end: datetime) -> Reading:
        """The span's events; one that cannot be read is skipped and named, never hiding the rest; and
        the times of repeating events in the span that will not happen (skipped in any app).

        (Radicale itself leaves out an item it cannot parse at all — a garbled or missing DTSTART, a
        broken VEVENT — and logs it on the server; those never reach us.)
        """
        return self._read(start, end, skipped_too=True)

    def _read(self, start: datetime, end: datetime, skipped_too: bool) -> Reading:
        try:
            # expanded here, not by the server or the library: each time of a repeating event keeps its
            # series' rule and skipped times, and a time moved on its own the time it had
            found = self.calendar().search(start=start, end=end, event=True, expand=False)
        except self._errors() as exc:
            raise self._fail("reading events", exc) from None
        events: list[Event] = []
        gone: list[Event] = []  # times of repeating events that will not happen
        skipped: dict[tuple[str, str], Unreadable] = {}  # a repeating event's copies are named once
        for obj in found:
            component: Any = None
            try:
                component = obj.icalendar_component  # parsed here, one object at a time
                read, off = self._times_of(obj.icalendar_instance, start, end)
            except (UserError, ValueError, TypeError, OverflowError, KeyError) as exc:
                bad = unreadable(component, self.name, exc, str(getattr(obj, "url", "")))
                if (bad.uid, bad.reason) not in skipped:
                    skipped[(bad.uid, bad.reason)] = bad
                    # the summary and UID only: nothing else of the event is logged
                    log.debug("caldav: skipped %s: %s", bad.label, bad.reason)  # the caller tells the user
                continue
            for event in read:
                if event is None:
                    bad = unreadable(component, self.name, UserError("it has no DTSTART"))
                    skipped.setdefault((bad.uid, bad.reason), bad)
                elif event.start < end and event.end > start:
                    events.append(event)
            gone.extend(off)
        if skipped_too:
            # a series whose only times in the span are skipped is not among what the span's search found
            gone.extend(self._skipped_apart(start, end, {str(e.id) for e in (*events, *gone)} |
                                            {u.uid for u in skipped.values()}))
        return Reading(events, tuple(skipped.values()), tuple(gone))

    def _skipped_apart(self, start: datetime, end: datetime, known: set[str]) -> list[Event]:
        """The skipped times in [start, end) of the repeating events not in `known` (by UID): every series
        on the calendar is asked for (a VEVENT with an RRULE, RFC 4791 9.7.2), and a server that cannot
        answer that leaves them unsaid (the times are still not shown as on)."""
        try:
            found = self.calendar().search(xml=_SERIES_QUERY, post_filter=False)
        except self._errors() as exc:
            log.debug("caldav: the repeating events could not be listed: %s", self._fail("listing", exc).message)
            return []
        out: list[Event] = []
        for obj in found:
            try:
                if str(obj.icalendar_component.get("uid") or "") in known:
                    continue
                out.extend(self._times_of(obj.icalendar_instance, start, end)[1])
            except (UserError, ValueError, TypeError, OverflowError, KeyError):
                continue  # named by a read of the span it is in
        return out

    def _times_of(self, whole: Any, start: datetime, end: datetime) -> tuple[list[Event | None], list[Event]]:
        """The events of one calendar object in [start, end): a one-off event as it is, a repeating one
        as each of its times there (through `recurring_ical_events`), each carrying the series' rule
        and skipped times, and a time moved on its own the start it had (`recurrence_id`). Apart, the
        times of its series there that will not happen, as the server keeps them: an EXDATE, or a time
        of its own marked STATUS:CANCELLED (how some calendar apps delete one time of a series)."""
        components = list(whole.walk("VEVENT"))
        if not any(c.get(name) is not None for c in components for name in ("rrule", "rdate", "recurrence-id")):
            return [event_from_component(c, self.name, self.zone, in_range=True) for c in components], []
        import recurring_ical_events

        series = {str(c.get("uid") or ""): event_from_component(c, self.name, self.zone, in_range=True)
                  for c in components if c.get("rrule") is not None and c.get("recurrence-id") is None}
        out: list[Event | None] = []
        gone = [t for master in series.values() if master is not None for t in skipped_in(master, start, end)]
        for one in recurring_ical_events.of(whole).between(start, end):
            event = event_from_component(one, self.name, self.zone, in_range=True)
            master = series.get(str(one.get("uid") or ""))
            if event is None or master is None:
                out.append(event)
                continue
            had = aware(decoded(one, "recurrence-id"), self.zone) if one.get("recurrence-id") is not None else None
            event = replace(event, rule=master.rule, skipped=master.skipped, zone=master.zone, steward=master.steward,
                            recurrence_id=had if had is not None and had != event.start else None)
            if str(one.get("status") or "").upper() == "CANCELLED":
                gone.append(replace(event, recurrence_id=None))
            else:
                out.append(event)
        return out, gone

    def find_duplicate(self, title: str, start: datetime) -> Event | None:
        """An event on the server with the same normalised title and start, if any."""
        return same_event(self.between(start, start + timedelta(seconds=1)), title, start)

    def add_todo(self, uid: str, text: str, start: datetime, rule: str | None, zone: str) -> str | None:
        """Save a reminder as a VTODO with DUE and an alarm (and its RRULE when it repeats), on its
        zone's wall clock; the ETag the server gave it."""
        from steward.calendar.repeat_ical import todo_calendar

        ical = todo_calendar(uid, text, start, rule).to_ical().decode()
        try:
            saved = self.calendar().save_todo(ical)
        except self._errors() as exc:
            raise self._fail(f"saving the reminder {text!r}", exc) from None
        log.debug("caldav: saved to-do %s", uid)
        return _etag(saved)

    def remove_todo(self, uid: str, etag: str | None = None) -> None:
        """Delete a reminder's VTODO (gone already is fine); with `etag`, only that version of it."""
        from caldav.lib.error import ETagMismatchError, NotFoundError

        try:
            obj = self.calendar().todo_by_uid(uid)
            obj.delete(if_match=etag) if etag else obj.delete()
        except NotFoundError:
            return
        except ETagMismatchError:
            raise self._changed(f"the reminder {uid}") from None
        except self._errors() as exc:
            raise self._fail(f"deleting {uid}", exc) from None

    def move_todo(self, uid: str, due: datetime, etag: str | None) -> str | None:
        """A one-off reminder's VTODO due at `due` (sent If-Match `etag`); its new ETag. NotFound when
        the calendar no longer has it, Conflict when another app changed it since `etag`."""
        from caldav.elements import dav
        from caldav.lib import error

        from steward.errors import NotFound

        try:
            obj = self.calendar().todo_by_uid(uid)
            component = obj.icalendar_component
            zone = due.tzinfo
            for name in ("dtstart", "due"):
                component.pop(name, None)
                component.add(name, due.astimezone(zone))
            if etag:
                obj.props[dav.GetEtag.tag] = etag
            obj.save()
        except error.NotFoundError:
            raise NotFound(f"the CalDAV calendar no longer has the reminder {uid}; nothing was changed") from None
        except error.ETagMismatchError:
            raise self._changed(f"the reminder {uid}") from None
        except self._errors() as exc:
            raise self._fail(f"moving {uid}", exc) from None
        return _etag(obj)

    def move_todo_time(self, uid: str, occurrence: datetime, due: datetime | None) -> None:
        """One time of a repeating reminder's VTODO moved on its own: a VTODO with its RECURRENCE-ID (the
        time it had, on the series' own clock) due at `due`, beside the series in the same resource,
        replacing an earlier move of that time; with `due` None that time is skipped (an EXDATE).
        Written with If-Match the version just read (Conflict when another app wrote it meanwhile);
        NotFound when the calendar no longer has the series."""
        from steward.calendar.repeat_ical import moved_todo

        def change(master: Any, whole: Any) -> None:
            zone = _own_clock(master)
            rid = occurrence.astimezone(zone)
            _drop_override(whole, "VTODO", rid)
            if due is None:
                master.add("exdate", rid)
            else:
                whole.add_component(moved_todo(master, rid, due.astimezone(zone)))

        self._rewrite_todo(uid, change, "skipping a time of" if due is None else "moving a time of")

    def set_todo_rule(self, uid: str, rule: str, start: datetime) -> None:
        """A repeating reminder's VTODO given a new RRULE from its first new time `start` (DTSTART and
        DUE on the series' own clock); its skipped and moved times, of the old repeat, go. Written with
        If-Match the version just read; NotFound when the calendar no longer has it."""
        from icalendar import vRecur

        def change(master: Any, whole: Any) -> None:
            zone = _own_clock(master, start.tzinfo or UTC)
            for name in ("dtstart", "due", "rrule", "exdate"):
                master.pop(name, None)
            master.add("dtstart", start.astimezone(zone))
            master.add("due", start.astimezone(zone))
            master.add("rrule", vRecur.from_ical(rule))
            whole.subcomponents[:] = [c for c in whole.subcomponents
                                      if not (c.name == "VTODO" and c.get("recurrence-id") is not None)]

        self._rewrite_todo(uid, change, "changing the repeat of")

    def _rewrite_todo(self, uid: str, change: Any, doing: str) -> None:
        from caldav.elements import dav
        from caldav.lib import error

        from steward.errors import NotFound

        try:
            obj = self.calendar().todo_by_uid(uid)
            read_as = _etag(obj)
            if read_as:
                obj.props[dav.GetEtag.tag] = read_as
            change(obj.icalendar_component, obj.icalendar_instance)
            obj.save(increase_seqno=False)
        except error.NotFoundError:
            raise NotFound(f"the CalDAV calendar no longer has the repeating reminder {uid}; nothing was changed") \
                from None
        except error.ETagMismatchError:
            raise self._changed(f"the repeating reminder {uid}") from None
        except self._errors() as exc:
            raise self._fail(f"{doing} {uid}", exc) from None
        log.debug("caldav: %s to-do %s", doing, uid)

    def todos(self) -> dict[str, TodoState]:
        """Every to-do on the calendar (done ones too) by UID, as the server has it now: one request."""
        from steward.calendar.repeat_ical import todo_state

        try:
            found = self.calendar().search(todo=True, include_completed=True)
        except self._errors() as exc:
            raise self._fail("reading to-dos", exc) from None
        out: dict[str, TodoState] = {}
        for obj in found:
            try:
                overrides = [c for c in obj.icalendar_instance.walk("VTODO") if c.get("recurrence-id") is not None]
                state = todo_state(obj.icalendar_component, _etag(obj), self.zone, overrides)
            except (ValueError, TypeError, KeyError) as exc:
                log.debug("caldav: a to-do skipped: %s", exc)
                continue
            out[state.uid] = state
        return out

    def _changed(self, what: str) -> Conflict:
        return Conflict(f"{what} was changed in another calendar app since Steward read it; "
                        "nothing was changed (it has been read again)")

    def find_todo(self, uid: str) -> RepeatingTodo | None:
        """A repeating reminder Steward wrote, read back (None when the calendar has no such to-do)."""
        from caldav.lib.error import NotFoundError

        from steward.calendar.repeat_ical import read_todo

        try:
            component = self.calendar().todo_by_uid(uid).icalendar_component
        except NotFoundError:
            return None
        except self._errors() as exc:
            raise self._fail(f"looking up {uid}", exc) from None
        return read_todo(component)

    def find(self, event_id: str) -> Event | None:
        """The event with this UID on the server, if any."""
        from caldav.lib.error import NotFoundError

        try:
            obj = self.calendar().object_by_uid(event_id)
            component = obj.icalendar_component
        except NotFoundError:
            return None
        except self._errors() as exc:
            raise self._fail(f"looking up {event_id}", exc) from None
        found = event_from_component(component, self.name, self.zone)
        return replace(found, etag=_etag(obj)) if found is not None else None

    def remove(self, event_id: str, if_match: str | None = None) -> bool:
        """Delete the event with this UID from the server (False when it is not there); with
        `if_match`, only that version (Conflict when another app changed it since)."""
        from caldav.lib.error import ETagMismatchError, NotFoundError

        try:
            obj = self.calendar().object_by_uid(event_id)
            obj.delete(if_match=if_match) if if_match else obj.delete()
        except NotFoundError:
            return False
        except ETagMismatchError:
            raise self._changed(f"the event {event_id}") from None
        except self._errors() as exc:
            raise self._fail(f"deleting {event_id}", exc) from None
        log.debug("caldav: deleted %s", event_id)
        return True

    def skip(self, event_id: str, occurrence: datetime, if_match: str | None = None) -> Event | None:
        """Skip one time of a repeating event on the server (an EXDATE on its own clock); `if_match` as
        for `remove`."""
        def change(component: Any) -> None:
            first = component.decoded("dtstart")
            component.add("exdate", occurrence.astimezone(first.tzinfo) if isinstance(first, datetime) else
                          occurrence.date())

        return self._rewrite(event_id, change, if_match, "skipping a time of")

    def move_one(self, event_id: str, occurrence: datetime, start: datetime, end: datetime,
                 if_match: str | None = None) -> Event | None:
        """Move one time of a repeating event on the server on its own: a VEVENT with its RECURRENCE-ID
        (on the series' own clock) beside the series, in the same resource, replacing an earlier move of
        that time; `if_match` as for `remove`."""
        from icalendar import Event as VEvent

        def change(component: Any, whole: Any) -> None:
            zone = _own_clock(component)
            rid = occurrence.astimezone(zone)
            _drop_override(whole, "VEVENT", rid)
            one = VEvent()
            for name in ("uid", "summary", "location", MARKER.lower(), "x-steward-zone"):
                if component.get(name) is not None:
                    one.add(name, component.get(name))
            one.add("recurrence-id", rid)
            one.add("dtstart", start.astimezone(zone))
            one.add("dtend", end.astimezone(zone))
            one.add("dtstamp", datetime.now(UTC))
            one.add("sequence", int(str(component.get("sequence") or 0)) + 1)
            whole.add_component(one)

        return self._rewrite(event_id, change, if_match, "moving a time of", whole=True)

    def set_rule(self, event_id: str, rule: str, start: datetime, end: datetime,
                 if_match: str | None = None) -> Event | None:
        """A repeating event's new RRULE and first time, on its own zone's clock; `if_match` as for `remove`."""
        from icalendar import vRecur

        def change(component: Any) -> None:
            first = component.decoded("dtstart")
            zone = first.tzinfo if isinstance(first, datetime) and first.tzinfo is not None else start.tzinfo
            for name, value in (("dtstart", start), ("dtend", end)):
                component.pop(name, None)
                component.add(name, value.astimezone(zone))
            component.pop("duration", None)
            component.pop("rrule", None)
            component.add("rrule", vRecur.from_ical(rule))

        return self._rewrite(event_id, change, if_match, "changing the repeat of")

    def _rewrite(self, event_id: str, change: Any, if_match: str | None, doing: str,
                 whole: bool = False) -> Event | None:
        from caldav.elements import dav
        from caldav.lib.error import ETagMismatchError, NotFoundError

        try:
            obj = self.calendar().object_by_uid(event_id)
            if if_match:
                obj.props[dav.GetEtag.tag] = if_match
            component = obj.icalendar_component
            change(component, obj.icalendar_instance) if whole else change(component)
            sequence = int(str(component.get("sequence") or 0))
            component.pop("sequence", None)
            component.add("sequence", sequence + 1)
            obj.save(increase_seqno=False)
        except NotFoundError:
            return None
        except ETagMismatchError:
            raise self._changed(f"the event {event_id}") from None
        except self._errors() as exc:
            raise self._fail(f"{doing} {event_id}", exc) from None
        log.debug("caldav: %s %s", doing, event_id)
        found = event_from_component(component, self.name, self.zone)
        return replace(found, etag=_etag(obj)) if found is not None else None

    def move(self, event_id: str, start: datetime, end: datetime, if_match: str | None = None) -> Event | None:
        """Give the event with this UID new times on the server (its other properties kept); with
        `if_match`, only that version (Conflict when another app changed it since)."""

        def change(component: Any) -> None:
            for name, value in (("dtstart", start), ("dtend", end)):
                if name in component:
                    del component[name]
                component.add(name, value.astimezone(UTC))  # an instant: no VTIMEZONE needed
            component.pop("duration", None)

        return self._rewrite(event_id, change, if_match, "moving")
