"""`GET /brief`, `GET /brief/config`, `POST /brief/config`: the daily brief over HTTP (the Today panel).

Thin adapters over `brief.BriefService`: the same prefs chat and `steward brief config` write, the
same audit entry, the same undo.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from steward.app import App
from steward.web.api import ERRORS, runtime_of

router = APIRouter(prefix="/brief", tags=["brief"])


class SectionOut(BaseModel):
    """One section: its items (each with `text`), or why it has none (`empty_reason`)."""

    model_config = ConfigDict(extra="allow")
    slot: str
    title: str
    items: list[dict[str, Any]]
    empty_reason: str | None


class BriefOut(BaseModel):
    """Today's brief in the prefs' order (the `steward --json brief` shape)."""

    model_config = ConfigDict(extra="allow")
    date: str
    sections: list[SectionOut]
    prefs: dict[str, Any]


class ConfigIn(BaseModel):
    """A change to the brief. `section` is a slot or the user's word for it; `position` is first, last,
    a number, "before SLOT" or "after SLOT"; the option fields set that option (dues, inbox, tomorrow)."""

    model_config = ConfigDict(extra="forbid")
    op: Literal["add", "remove", "move", "options", "undo", "reset"]
    section: str = Field("", max_length=100)
    position: str = Field("", max_length=100)
    window_days: int | None = Field(None, ge=1, le=366)
    categories: list[str] | None = Field(None, max_length=20)
    hide: list[str] | None = Field(None, max_length=20)
    count: int | None = Field(None, ge=1, le=20)


def _brief(app: App) -> dict[str, Any]:
    return app.brief.build().to_json()


def _config(app: App) -> dict[str, Any]:
    service = app.brief
    prefs = service.prefs()
    return {"sections": [s.to_json() for s in prefs.sections(service.manifest)], "prefs": prefs.to_json(),
            "manifest": service.manifest.to_json()}


def _change(app: App, body: dict[str, Any]) -> dict[str, Any]:
    from steward.brief.config import ConfigRequest, option_changes, parse_position

    service = app.brief
    slot = service.manifest.get(body["section"]).slot if body["section"].strip() else None
    changes = option_changes(window_days=body["window_days"], categories=body["categories"], hide=body["hide"],
                             count=body["count"])
    request = ConfigRequest(body["op"], slot, parse_position(body["position"], service.manifest), changes)
    result = service.configure(request, provenance={"via": "api", "command": "POST /brief/config"})
    return result.to_json()


@router.get("", response_model=BriefOut, responses=ERRORS)
async def brief(request: Request) -> dict[str, Any]:
    """Today's brief: the sections the prefs choose, in their order, each with its items or why it is empty."""
    return await runtime_of(request).workers.run(_brief)


@router.get("/config", responses=ERRORS)
async def config(request: Request) -> dict[str, Any]:
    """The sections shown (in order, with their options), the prefs, and every section and option there is."""
    return await runtime_of(request).workers.run(_config)


@router.post("/config", responses=ERRORS)
async def change(request: Request, body: ConfigIn) -> dict[str, Any]:
    """Change the brief (written with an audit entry; `{"op": "undo"}` takes the last change back)."""
    return await runtime_of(request).workers.run(_change, body.model_dump())
