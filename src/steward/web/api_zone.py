"""`GET /zone`, `PUT /zone` and `GET /zones`: the person's time zone, seen and changed from the page.

A new zone is checked against the tz database (a name such as `Europe/London`, or a city in one:
"New York"), saved in config.toml and taken by the running server at once: the page's day, its panels
and every answer after it are on the new clock. A zone that is not in the database is refused in one
line and nothing changes.
"""

from __future__ import annotations

import asyncio
from functools import lru_cache

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from steward.clock import PLACE_REGIONS, Clock, get_zone
from steward.formats import Formats
from steward.web.api import ERRORS, runtime_of

router = APIRouter(tags=["settings"])


class ZoneOut(BaseModel):
    """The person's clock: its zone, how a person knows it, and the day and moment it shows now."""

    zone: str = Field(description="the tz database name (or a fixed offset such as +05:30)")
    label: str = Field(description="the zone as a person knows it: London, Kolkata, UTC")
    now: str
    today: str
    today_long: str = Field(description="today written in full in the person's locale")
    changeable: bool
    fixed: str | None = Field(None, description="why the zone cannot be changed here, when it cannot")


class ZoneIn(BaseModel):
    """A new zone for the person's clock."""

    model_config = ConfigDict(extra="forbid")
    zone: str = Field(min_length=1, max_length=64, description="a tz database name or a city in one")


class ZoneChoice(BaseModel):
    """One zone a person can pick."""

    zone: str
    label: str


class ZonesOut(BaseModel):
    """Every zone of the tz database named after a place, with its label in the person's locale."""

    zones: list[ZoneChoice]


def zone_out(clock: Clock, fixed: str | None) -> ZoneOut:
    """The clock as `GET /zone` shows it."""
    now = clock.now()
    return ZoneOut(zone=clock.zone_name, label=clock.zone_label, now=now.isoformat(), today=now.date().isoformat(),
                   today_long=clock.formats.day_long(now.date()), changeable=fixed is None, fixed=fixed)


@lru_cache(maxsize=4)
def zone_choices(locale: str) -> tuple[ZoneChoice, ...]:
    """The places of the tz database (Europe/London, Asia/Kolkata, ...) and UTC, labelled for `locale`."""
    from zoneinfo import available_timezones

    fmt = Formats(locale)
    names = sorted(k for k in available_timezones() if "/" in k and k.split("/", 1)[0] in PLACE_REGIONS)
    return (ZoneChoice(zone="UTC", label="UTC"),
            *(ZoneChoice(zone=k, label=fmt.zone(get_zone(k))) for k in names))


@router.get("/zone", response_model=ZoneOut, responses=ERRORS)
async def zone(request: Request) -> ZoneOut:
    """The person's time zone and today's date on it."""
    rt = runtime_of(request)
    assert rt.dial is not None
    return zone_out(rt.now_clock(), rt.dial.fixed)


@router.put("/zone", response_model=ZoneOut, responses=ERRORS)
async def set_zone(request: Request, body: ZoneIn) -> ZoneOut:
    """Change the time zone: checked against the tz database, saved, and used from the next request on."""
    rt = runtime_of(request)
    assert rt.dial is not None
    clock = await asyncio.to_thread(rt.dial.turn, body.zone)
    return zone_out(clock, rt.dial.fixed)


@router.get("/zones", response_model=ZonesOut, responses=ERRORS)
async def zones(request: Request) -> ZonesOut:
    """Every zone a person can pick, labelled as they know it."""
    locale = runtime_of(request).now_clock().locale
    return ZonesOut(zones=list(await asyncio.to_thread(zone_choices, locale)))
