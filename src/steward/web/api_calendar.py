"""`GET /schedule`, `GET /reminders`, `DELETE /reminders/{id}`: the calendar service over HTTP."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict

from steward.app import App
from steward.web.api import ERRORS, runtime_of

router = APIRouter(tags=["calendar"])


class ReminderOut(BaseModel):
    """A reminder: `due` is ISO-8601 in the user's zone."""

    model_config = ConfigDict(extra="allow")
    id: int
    text: str
    due: str
    zone: str
    status: str


class ScheduleItemOut(BaseModel):
    """One line of a day: a reminder (`text`, `due`) or an event (`title`, `start`, `end`); `at` sorts them."""

    model_config = ConfigDict(extra="allow")
    kind: str
    at: str


class ScheduleOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    when: str
    day: str
    zone: str
    items: list[ScheduleItemOut]
    unavailable: list[dict[str, str]]


class RemindersOut(BaseModel):
    reminders: list[ReminderOut]


def _schedule(app: App, when: str) -> dict[str, Any]:
    service = app.calendar
    data = service.schedule(service.day_of(when)).to_json()
    return {"when": when, **data}


def _reminders(app: App, include_done: bool, limit: int) -> dict[str, Any]:
    shown = app.calendar.reminders(include_done=include_done)
    shown.sort(key=lambda r: r.due)
    return {"reminders": [r.to_json() for r in shown[:limit]]}


def _cancel(app: App, reminder_id: int) -> dict[str, Any]:
    provenance = {"via": "api", "command": f"DELETE /reminders/{reminder_id}"}
    return app.calendar.cancel_reminder(reminder_id, provenance=provenance).to_json()


@router.get("/schedule", response_model=ScheduleOut, responses=ERRORS)
async def schedule(request: Request,
                   when: str = Query("today", max_length=200,
                                     description="the day in your own words: today, tomorrow, next friday, 2026-09-15")
                   ) -> dict[str, Any]:
    """Reminders and events of one day, in local time, sorted, from every configured calendar."""
    return await runtime_of(request).workers.run(_schedule, when)


@router.get("/reminders", response_model=RemindersOut, responses=ERRORS)
async def reminders(request: Request,
                    all: bool = Query(False, description="include fired and cancelled reminders"),
                    limit: int = Query(100, ge=1, le=1000)) -> dict[str, Any]:
    """Upcoming reminders (pending, being sent, or failed), soonest first."""
    return await runtime_of(request).workers.run(_reminders, all, limit)


@router.delete("/reminders/{reminder_id}", response_model=ReminderOut, responses=ERRORS)
async def cancel_reminder(request: Request, reminder_id: int = Path(ge=1)) -> dict[str, Any]:
    """Cancel a pending reminder; returns it with status `cancelled`."""
    return await runtime_of(request).workers.run(_cancel, reminder_id)
