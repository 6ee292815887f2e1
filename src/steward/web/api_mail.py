"""`GET /mail/search`, `GET /mail/analyze`, `GET /mail/{id}`: the mail store over HTTP.

`GET /mail/{id}` returns a body fetched live from the message's source; the body goes to the client
only — never to a log line or the store (the access log records the path, never a response).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict

from steward.app import App
from steward.web.api import ERRORS, runtime_of

router = APIRouter(prefix="/mail", tags=["mail"])


class HitOut(BaseModel):
    """A message found: numbers in subject and snippet are masked (last 4 kept)."""

    model_config = ConfigDict(extra="allow")
    id: int
    sender: str
    sender_name: str
    subject: str
    snippet: str
    received_at: str
    category: str
    score: float


class SearchOut(BaseModel):
    """The answer of `GET /mail/search`."""

    model_config = ConfigDict(extra="allow")
    query: str
    mode: str
    broadened: bool
    hits: list[HitOut]


class GroupOut(BaseModel):
    """One sender group of `GET /mail/analyze`."""

    model_config = ConfigDict(extra="allow")
    sender: str
    sender_name: str
    count: int
    first: str
    last: str
    categories: list[str]
    examples: list[str]


class AnalysisOut(BaseModel):
    """The answer of `GET /mail/analyze`."""

    model_config = ConfigDict(extra="allow")
    query: str
    total: int
    broadened: bool
    groups: list[GroupOut]


class MessageOut(BaseModel):
    """A message with its body, fetched live from the source (never stored)."""

    model_config = ConfigDict(extra="allow")
    id: int
    sender: str
    sender_name: str
    subject: str
    received_at: str
    body: str
    attachments: list[str]
    source: str


def _search(app: App, q: str, limit: int | None, mode: str | None = None, explain: bool = False) -> dict[str, Any]:
    chosen = limit if limit is not None else app.settings.as_int("mail.search_limit")
    return app.mail_search.search(q, mode=mode, limit=chosen, explain=explain).to_json()


def _analyze(app: App, q: str) -> dict[str, Any]:
    return app.mailbox.analyze(q).to_json()


def _read(app: App, message_id: int) -> dict[str, Any]:
    return app.mailbox.read(message_id).to_json()


QUERY_HELP = "words, \"phrases\", from:, subject:, after:, before: (as `steward mail search` takes them)"


@router.get("/search", response_model=SearchOut, responses=ERRORS)
async def search(request: Request, q: str = Query(min_length=1, max_length=500, description=QUERY_HELP),
                 limit: int | None = Query(None, ge=1, le=200),
                 mode: Literal["hybrid", "lexical", "semantic"] | None = Query(None, description="default hybrid"),
                 explain: bool = Query(False, description="each hit's lexical rank, semantic rank, fused score")
                 ) -> dict[str, Any]:
    """The best matches for a query, best first; `broadened` when no message had every word."""
    return await runtime_of(request).workers.run(_search, q, limit, mode, explain)


@router.get("/analyze", response_model=AnalysisOut, responses=ERRORS)
async def analyze(request: Request, q: str = Query(min_length=1, max_length=500, description=QUERY_HELP)
                  ) -> dict[str, Any]:
    """Which / how many / list all: every match (up to mail.analyze_limit), grouped by sender."""
    return await runtime_of(request).workers.run(_analyze, q)


@router.get("/{message_id}", response_model=MessageOut, responses=ERRORS)
async def read(request: Request, message_id: int = Path(ge=1)) -> dict[str, Any]:
    """One message with its body fetched live from its source (a file or the IMAP server)."""
    return await runtime_of(request).workers.run(_read, message_id)
