"""The user's clock: an IANA zone (or a fixed offset) and a "now" that can be pinned.

Everything that needs the current moment asks a Clock, never `datetime.now()` directly, so a
command run with `--now` sees one consistent instant and tests are deterministic.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from steward.errors import ConfigError, UsageError
from steward.formats import DEFAULT_LOCALE, Formats, check_locale


def zone_name(zone: tzinfo) -> str:
    """A zone's IANA key, or its fixed offset as +HH:MM."""
    key = getattr(zone, "key", None)
    if key:
        return str(key)
    offset = zone.utcoffset(None) or timedelta(0)
    return format_offset(offset)


def format_offset(offset: timedelta) -> str:
    """`+05:30`, `-08:00`, `+00:00` for a UTC offset."""
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def get_zone(name: str) -> tzinfo:
    """An IANA zone by name, or a fixed offset written as +05:30 / -0330 / UTC."""
    text = name.strip()
    if text.upper() in {"UTC", "Z", "GMT"}:
        return ZoneInfo("UTC")
    if text[:1] in "+-" and len(text) >= 3:
        digits = text[1:].replace(":", "")
        if digits.isdigit() and len(digits) in (2, 4):
            hours, minutes = int(digits[:2]), int(digits[2:] or 0)
            if hours > 23 or minutes > 59:  # timezone() refuses a day or more with a ValueError
                raise ConfigError(f"time zone offset {name!r} is out of range; use -23:59 to +23:59")
            delta = timedelta(hours=hours, minutes=minutes)
            return timezone(delta if text[0] == "+" else -delta)
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"unknown time zone {name!r} (use an IANA name like Asia/Kolkata)") from None


# the regions of the tz database's names for places (not its legacy aliases such as US/ or Etc/)
PLACE_REGIONS = frozenset({"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
                      "Indian", "Pacific"})


def check_zone(name: str) -> str:
    """The tz database's own name for a zone a person typed (`europe/london` -> `Europe/London`, `utc` ->
    `UTC`), or a ConfigError that says what to type instead."""
    from zoneinfo import available_timezones

    text = name.strip().replace(" ", "_")
    if text.upper() in {"UTC", "Z", "GMT", "ETC/UTC"}:
        return "UTC"
    known = available_timezones()
    if text in known:
        return text
    folded = {k.casefold(): k for k in known}
    if text.casefold() in folded:
        return folded[text.casefold()]
    # a city alone ("New York", "kolkata"): the one zone named after it
    cities = [k for k in known if "/" in k and k.split("/", 1)[0] in PLACE_REGIONS
              and k.rsplit("/", 1)[1].casefold() == text.casefold()]
    if cities:  # Buenos Aires is two names of one zone: the longer is the tz database's own
        return max(cities, key=lambda k: (k.count("/"), k))
    shown = name.strip()[:60] or "(nothing)"
    raise ConfigError(f"unknown time zone {shown!r}: use a tz database name like Europe/London or Asia/Kolkata")


def system_zone() -> tzinfo:
    """The machine's zone: $TZ, then /etc/localtime, then /etc/timezone, else UTC."""
    tz = os.environ.get("TZ", "").lstrip(":")
    if tz:
        try:
            return ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    localtime = "/etc/localtime"
    if os.path.islink(localtime):
        target = os.path.realpath(localtime)
        if "zoneinfo/" in target:
            try:
                return ZoneInfo(target.split("zoneinfo/", 1)[1])
            except (ZoneInfoNotFoundError, ValueError):
                pass
    try:
        with open("/etc/timezone", encoding="utf-8") as etc_tz:
            return ZoneInfo(etc_tz.read().strip())
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    return ZoneInfo("UTC")


# Python's datetimes end at years 1 and 9999; a day at either edge cannot be shifted to another zone,
# given a duration or followed by its next day, so Steward's clock and calendar stop a year short of each.
FIRST_YEAR, LAST_YEAR = 2, 9998


def parse_instant(text: str) -> datetime:
    """An ISO-8601 instant with an offset (`2026-09-14T23:53:00+05:30`); naive times are refused."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"--now: {text!r} is not an ISO-8601 date-time") from None
    if moment.tzinfo is None:
        raise UsageError(f"--now: {text!r} needs an offset, e.g. {text}+05:30")
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise UsageError(f"--now: {text!r} is out of range; pin the clock between the years {FIRST_YEAR} and {LAST_YEAR}")
    return moment


@dataclass(frozen=True)
class Clock:
    """The user's clock. `pinned` freezes now (for `--now` and tests)."""

    zone: tzinfo
    pinned: datetime | None = None
    locale: str = DEFAULT_LOCALE  # how the person writes a day, a time and a sum (`formats`)

    def now(self) -> datetime:
        """The current moment in the user's zone (the pinned one when `--now` set it)."""
        if self.pinned is not None:
            return self.pinned.astimezone(self.zone)
        return datetime.now(self.zone)

    def today(self) -> date:
        """The user's local date now."""
        return self.now().date()

    def local(self, moment: datetime) -> datetime:
        """An aware moment shown on this clock."""
        if moment.tzinfo is None:
            raise ValueError("naive datetime given to Clock.local")
        return moment.astimezone(self.zone)

    @property
    def zone_name(self) -> str:
        """The IANA name of the user's zone (or its fixed offset)."""
        return zone_name(self.zone)

    def at(self, moment: datetime) -> Clock:
        """The same zone, pinned at another moment."""
        return Clock(self.zone, moment, self.locale)

    def in_zone(self, zone: tzinfo) -> Clock:
        """The same clock (pinned or not, the same locale) shown in another zone."""
        return Clock(zone, self.pinned, self.locale)

    @property
    def formats(self) -> Formats:
        """The person's way of writing a day, a time, a sum and this clock's zone."""
        return Formats(self.locale)

    @property
    def zone_label(self) -> str:
        """The zone as a person knows it: `London`, `UTC`."""
        return self.formats.zone(self.zone)


def make_clock(zone_setting: str = "", now: str | datetime | None = None, tz: str | None = None,
               locale: str = DEFAULT_LOCALE) -> Clock:
    """The user's clock from settings and options.

    `tz` (the --tz option) wins, then the `timezone` setting. When neither is set and `now` carries an
    offset, that offset is the user's zone: `--now 2026-09-14T23:53:00+05:30` means a person at +05:30.
    """
    pinned = parse_instant(now) if isinstance(now, str) else now
    if tz:
        zone = get_zone(tz)
    elif zone_setting:
        zone = get_zone(zone_setting)
    elif pinned is not None and pinned.tzinfo is not None:
        zone = pinned.tzinfo
        if zone.utcoffset(pinned) == timedelta(0):
            zone = ZoneInfo("UTC")
    else:
        zone = system_zone()
    return Clock(zone, pinned, check_locale(locale))
