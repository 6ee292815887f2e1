"""`GET /appointments`, `POST /appointments/{id}/accept|reject`: appointments found in mail over HTTP.

Thin adapters over `appointments.AppointmentsService`, the same service as `steward appointments`, the
chat's "yes" and the brief's Appointments section. Accepting proves the appointment again from its
message read live before anything is written (or, for a proposed cancellation or move of an event
Steward made, deletes or moves that event); errors are one-line JSON like every route's.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict

from steward.app import App
from steward.web.api import ERRORS, runtime_of

router = APIRouter(prefix="/appointments", tags=["appointments"])


class AppointmentOut(BaseModel):
    """One appointment (the `steward appointments --json` item): `start`/`end` ISO-8601 in the user's
    zone; `change` says what a proposed cancellation or move would do to an event Steward made."""

    model_config = ConfigDict(extra="allow")
    id: int | None
    status: str
    reason: str | None
    provider: str
    title: str
    start: str | None
    end: str | None
    location: str | None
    excerpt: str
    message_id: int | None
    event_id: str | None
    change: str | None


class AppointmentsOut(BaseModel):
    """Proposals waiting for a yes (soonest first), and every appointment still ahead."""

    proposals: list[AppointmentOut]
    recent: list[AppointmentOut]


class AnswerIn(BaseModel):
    """The body of an accept or reject (nothing is needed in it)."""

    model_config = ConfigDict(extra="forbid")


def _shown(item: Any) -> dict[str, Any]:
    return {**item.to_json(), "title": item.title or item.provider}


def _list(app: App, limit: int) -> dict[str, Any]:
    service = app.appointments
    return {"proposals": [_shown(i) for i in service.proposals()],
            "recent": [_shown(i) for i in service.recent(limit)]}


def _accept(app: App, item_id: int) -> dict[str, Any]:
    item = app.appointments.accept(item_id, provenance={"via": "api",
                                                        "command": f"POST /appointments/{item_id}/accept"})
    return _shown(item)


def _reject(app: App, item_id: int) -> dict[str, Any]:
    return _shown(app.appointments.reject(item_id, provenance={"via": "api",
                                                               "command": f"POST /appointments/{item_id}/reject"}))


@router.get("", response_model=AppointmentsOut, responses=ERRORS)
async def appointments(request: Request, limit: int = Query(50, ge=1, le=500)) -> dict[str, Any]:
    """Appointments found in mail that are still ahead: the proposals, and all of them."""
    return await runtime_of(request).workers.run(_list, limit)


@router.post("/{item_id}/accept", response_model=AppointmentOut, responses=ERRORS)
async def accept(request: Request, body: AnswerIn, item_id: int = Path(ge=1)) -> dict[str, Any]:
    """Add a proposal to the calendar (status `created`, or `duplicate` when it is already there)."""
    return await runtime_of(request).workers.run(_accept, item_id)


@router.post("/{item_id}/reject", response_model=AppointmentOut, responses=ERRORS)
async def reject(request: Request, body: AnswerIn, item_id: int = Path(ge=1)) -> dict[str, Any]:
    """Turn a proposal down (status `rejected`, reason `user`): it is not proposed again."""
    return await runtime_of(request).workers.run(_reject, item_id)
