"""`POST /chat` (one turn, its trace), `POST /chat/stream` (the same turn as Server-Sent Events) and
`GET /chat/history` (a session's turns, for the page after a reload).

Turns of one session run one at a time, in the order they arrive: a continuation or a held write
opened by one turn must be there for the next. Different sessions run side by side on the workers.

The stream is `text/event-stream` with four kinds of event, each a JSON `data:` line:
`delta` {"text"} — the reply as it is produced (a model's answer token by token; an intercept's reply
at once); `reset` {} — withdraw the deltas so far (the model went on to call tools, or its text
claimed a write that did not happen: assistant/stream.py); `trace` — the turn's whole trace, last, whose
`reply` is the whole reply; and `error` {"error", "message"} — instead of the trace, when the turn
failed (nothing was written then).
Only POST runs a turn: a turn can write (a reminder), and a GET could be triggered from another site.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from contextlib import AbstractContextManager
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from steward.app import App
from steward.assistant.stream import ReplyStream
from steward.errors import Busy, StewardError
from steward.web import sse
from steward.web.api import ERRORS, runtime_of
from steward.web.runtime import Runtime, error_name
from steward.web.workers import READ, TURN

log = logging.getLogger(__name__)
router = APIRouter(tags=["chat"])

SESSION_PATTERN = r"^[A-Za-z0-9_.:-]{1,100}$"


class ChatIn(BaseModel):
    """One user turn."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=4000, description="what the user said")
    session: str | None = Field(None, pattern=SESSION_PATTERN,
                                description="conversation id; default one per day on the user's clock")
    dry_run: bool = Field(False, description="do everything but write; the trace shows the writes it would make")


class TraceOut(BaseModel):
    """The trace of a turn (DESIGN.md): which path answered, the route, tools called, writes made."""

    model_config = ConfigDict(extra="allow")
    reply: str
    handled_by: str
    route: dict[str, Any] | None
    tier: str | None
    tools: list[dict[str, Any]]
    writes: list[dict[str, Any]]
    continuation: dict[str, Any] | None


def run_turn(app: App, text: str, session: str | None, dry_run: bool,
             stream: ReplyStream | None, gate: Callable[[], AbstractContextManager[object]] | None = None
             ) -> dict[str, Any]:
    """One turn through the engine, on a worker thread; the trace as JSON.

    `stream` receives the model's final answer as it is produced (called from this thread); `gate`
    is entered around the model part (the workers' model section).
    """
    trace = app.engine.turn(text, session=session, dry_run=dry_run, stream=stream, model_gate=gate)
    data: dict[str, Any] = trace.to_json()
    names = app.session_names
    data["session_title"] = names.title_of(trace.session) if names is not None else None  # the page shows it
    return data


async def _disconnected(request: Request) -> None:
    """Returns once the client has gone."""
    while not await request.is_disconnected():
        await asyncio.sleep(0.25)


def _quiet(future: Future[Any]) -> None:
    """A turn nobody waits for any more: its outcome is read, so no error is reported about it."""
    if not future.cancelled():
        future.exception()


@router.post("/chat", response_model=TraceOut, responses=ERRORS)
async def chat(request: Request, body: ChatIn) -> Any:
    """One turn: the reply and the trace of how it was produced."""
    rt = runtime_of(request)
    gone = threading.Event()
    async with rt.admission.turn(body.session), rt.sessions.of(body.session):
        future = rt.workers.submit(run_turn, body.text, body.session, body.dry_run, None,
                                   lambda: rt.workers.model_section(gone), priority=TURN)
        waiter = asyncio.wrap_future(future)
        watcher = asyncio.ensure_future(_disconnected(request))
        either: set[asyncio.Future[Any]] = {waiter, watcher}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if waiter.done():
            watcher.cancel()
            result: dict[str, Any] = waiter.result()
            return result
        # the client has gone: a queued turn leaves the queue, one not yet with the model is dropped
        gone.set()
        future.add_done_callback(_quiet)
        future.cancel()
        return Response(status_code=499)


@router.post("/chat/stream", responses={200: {"content": {"text/event-stream": {}}}, **ERRORS})
async def chat_stream(request: Request, body: ChatIn) -> StreamingResponse:
    """One turn as Server-Sent Events: `delta` events with the reply as it is produced, then `trace`."""
    rt = runtime_of(request)
    rt.admission.check(body.session)  # a turn past the bounds is refused (429) before the stream starts
    return StreamingResponse(_events(rt, body), media_type="text/event-stream",
                             headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def _events(rt: Runtime, body: ChatIn) -> AsyncIterator[bytes]:
    try:
        async with rt.admission.turn(body.session):  # taken here, so a stream never started holds no place
            async for piece in _turn_events(rt, body):
                yield piece
    except Busy as exc:  # another turn took the last place since the check
        yield sse.event("error", {"error": error_name(exc), "message": exc.message})


async def _turn_events(rt: Runtime, body: ChatIn) -> AsyncIterator[bytes]:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()  # None: withdraw what was streamed
    gone = threading.Event()

    def put(piece: str | None) -> None:  # called on the worker thread
        loop.call_soon_threadsafe(queue.put_nowait, piece)

    stream = ReplyStream(text=put, reset=lambda: put(None))

    yield sse.comment("turn started")  # the headers go out at once; the page shows it is working
    async with rt.sessions.of(body.session):
        future = rt.workers.submit(run_turn, body.text, body.session, body.dry_run, stream,
                                   lambda: rt.workers.model_section(gone), priority=TURN)
        task = asyncio.wrap_future(future)
        streamed = ""
        try:
            while not task.done() or not queue.empty():
                getter = asyncio.ensure_future(queue.get())
                pending: set[asyncio.Future[Any]] = {task, getter}
                await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    piece = getter.result()
                    if piece is None:
                        streamed = ""
                        yield sse.event("reset", {})
                    else:
                        streamed += piece
                        yield sse.event("delta", {"text": piece})
                else:
                    getter.cancel()
        except BaseException:  # the client went away (the stream is cancelled): drop the turn if it can be
            if not future.done():
                gone.set()
                future.add_done_callback(_quiet)
                future.cancel()
            raise
        try:
            trace = task.result()
        except StewardError as exc:
            yield sse.event("error", {"error": error_name(exc), "message": exc.message})
            return
        except Exception as exc:  # noqa: BLE001 - the stream has started: the error goes in it, and the log
            log.exception("turn failed in /chat/stream")
            yield sse.event("error", {"error": "internal",
                                      "message": f"Steward hit an internal error ({type(exc).__name__})"})
            return
    reply = str(trace.get("reply") or "")
    if not reply.startswith(streamed):  # not expected (the gate shows only what stands); the trace wins
        streamed = ""
        yield sse.event("reset", {})
    if len(reply) > len(streamed):
        # the part no model streamed: an intercept's reply, Steward's own question about a held write
        yield sse.event("delta", {"text": reply[len(streamed):]})
    yield sse.event("trace", trace)


class HistoryTurn(BaseModel):
    """One recorded turn: what was said, the reply, and its trace."""

    id: str
    at: str
    text: str
    reply: str
    handled_by: str
    trace: dict[str, Any]


class HistoryOut(BaseModel):
    """A session's turns, oldest first, so the page shows the conversation again after a reload."""

    session: str
    session_title: str | None
    waiting: bool = Field(description="the last turn's question is still open (its held write can be answered)")
    turns: list[HistoryTurn]


def history_of(app: App, session: str | None, limit: int) -> dict[str, Any]:
    """The session's recorded turns (today's session when none is named), on a worker thread."""
    history = app.engine.history(session, limit)
    names = app.session_names
    return {
        "session": history.session,
        "session_title": names.title_of(history.session) if names is not None else None,
        "waiting": history.waiting,
        "turns": [{"id": t.id, "at": t.at.astimezone(app.clock.zone).isoformat(), "text": t.text, "reply": t.reply,
                   "handled_by": t.handled_by, "trace": dict(t.trace)} for t in history.turns],
    }


@router.get("/chat/history", response_model=HistoryOut, responses=ERRORS)
async def chat_history(request: Request,
                       session: str | None = Query(None, pattern=SESSION_PATTERN,
                                                   description="conversation id; default today's"),
                       limit: int = Query(100, ge=1, le=500, description="the last this many turns")
                       ) -> dict[str, Any]:
    """A session's turns, oldest first: what was said, each reply and its trace."""
    result: dict[str, Any] = await runtime_of(request).workers.run(history_of, session, limit, priority=READ)
    return result


class PendingIn(BaseModel):
    """The user's answer to a held write."""

    model_config = ConfigDict(extra="forbid")
    answer: Literal["confirm", "cancel"] = Field(description="confirm saves it; cancel drops it")


HELD_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"


def session_of_held(app: App, held_id: str) -> str:
    """The session whose open question names this held write (else the error saying why not)."""
    return app.held_writes.session_of(held_id)


def answer_held(app: App, held_id: str, answer: Literal["confirm", "cancel"]) -> dict[str, Any]:
    """Answer a held write's card: its question's writes and nothing else (assistant/consent.py)."""
    trace = app.held_writes.answer(held_id, answer)
    data: dict[str, Any] = trace.to_json()
    names = app.session_names
    data["session_title"] = names.title_of(trace.session) if names is not None else None
    return data


@router.post("/pending/{held_id}", response_model=TraceOut, responses=ERRORS)
async def answer_pending(request: Request, body: PendingIn,
                         held_id: str = PathParam(pattern=HELD_ID_PATTERN)) -> dict[str, Any]:
    """Answer a held write (confirm or cancel): the trace of that answer.

    Steward asks about the writes one model run proposed in one question, shown as one card; the
    answer applies to every write that question named, as typing "yes" or "no" would, but only while
    that question is the conversation's open one. Once a later turn has replaced it, the answer is
    refused with 409 ("that question is no longer open: ask again") and nothing is written.
    """
    rt = runtime_of(request)
    session = await rt.workers.run(session_of_held, held_id, priority=TURN)
    async with rt.admission.turn(session), rt.sessions.of(session):
        result: dict[str, Any] = await rt.workers.run(answer_held, held_id, body.answer, priority=TURN)
        return result
