"""Calendar backends behind one small interface (`CalendarBackend`): `local` (SQLite), `caldav` and `google`."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime, tzinfo

from steward.calendar.backends.base import CalendarBackend, Reading, Unreadable
from steward.errors import ConfigError
from steward.settings import Settings

__all__ = ["CalendarBackend", "Reading", "Unreadable", "build_backends"]


def build_backends(settings: Settings, conn: sqlite3.Connection,
                   zone: tzinfo | None = None, now: Callable[[], datetime] | None = None) -> dict[str, CalendarBackend]:
    """Every backend named in `calendar.backends` (plus the write target), built without connecting."""
    names = [str(n).strip() for n in settings.as_list("calendar.backends") if str(n).strip()]
    target = settings.as_str("calendar.write_to").strip() or "local"
    if target not in names:
        names.append(target)
    out: dict[str, CalendarBackend] = {}
    for name in names:
        if name == "local":
            from steward.calendar.backends.local import LocalBackend

            out[name] = LocalBackend(conn)
        elif name == "caldav":
            from steward.calendar.backends.caldav import CaldavBackend

            out[name] = CaldavBackend.from_settings(settings, zone)
        elif name == "google":
            from steward.calendar.backends.google import GoogleBackend

            out[name] = GoogleBackend.from_settings(settings, zone, now)
        else:
            raise ConfigError(f"calendar.backends: unknown calendar {name!r} (known: local, caldav, google)")
    return out
