"""A CalDAV calendar collection (Radicale, Nextcloud, Fastmail, iCloud …) through the `caldav` library.

Events Steward writes carry `X-STEWARD-ID` (equal to their UID) so they can be found again. Every
failure to reach or use the server becomes one ConnectorError line; `add` either leaves the event on
the server or raises, and the service records nothing unless it returned.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from steward.calendar.ics import event_from_component, event_to_calendar
from steward.calendar.model import Event, normalise
from steward.errors import ConfigError, ConnectorError
from steward.settings import Settings

log = logging.getLogger(__name__)


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
        ical = event_to_calendar([event]).to_ical().decode()
        try:
            self.calendar().add_event(ical)
        except self._errors() as exc:
            raise self._fail(f"saving {event.title!r}", exc) from None
        log.debug("caldav: saved %s", event.id)
        return event

    def between(self, start: datetime, end: datetime) -> list[Event]:
        try:
            found = self.calendar().search(start=start, end=end, event=True, expand=True)
            components = [obj.icalendar_component for obj in found]
        except self._errors() as exc:
            raise self._fail("reading events", exc) from None
        events = [event_from_component(c, self.name, self.zone) for c in components]
        return [e for e in events if e is not None and e.start < end and e.end > start]

    def find_duplicate(self, title: str, start: datetime) -> Event | None:
        wanted = normalise(title)
        for event in self.between(start, start + timedelta(seconds=1)):
            if normalise(event.title) == wanted and event.start == start:
                return event
        return None

    def find(self, event_id: str) -> Event | None:
        from caldav.lib.error import NotFoundError

        try:
            obj = self.calendar().object_by_uid(event_id)
            component = obj.icalendar_component
        except NotFoundError:
            return None
        except self._errors() as exc:
            raise self._fail(f"looking up {event_id}", exc) from None
        return event_from_component(component, self.name, self.zone)
