"""`/mcp` on `steward serve`: the same MCP server over Streamable HTTP, behind the server's own guard.

The endpoint is an ASGI app that `steward serve` mounts at `/mcp` inside its guard and body limit, so
an MCP client needs the token every other request needs (`Authorization: Bearer TOKEN`), and a
request that changes something from another site's page is refused as anywhere else. The SDK is
loaded, and its session manager started, on the first request to `/mcp` (in a thread, so the
server keeps answering meanwhile); a server nobody asks over MCP never loads it. Calls run on the
server's worker pool, each with its own App, like every other request; each MCP session (the SDK's
`mcp-session-id`) is one Steward session with its own Door.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import anyio
from anyio.abc import TaskGroup, TaskStatus

from steward.mcp.stdio import DEFERRED_INITS, defer_package_init

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

    from steward.assistant.toolkit import Tool
    from steward.mcp.door import Door
    from steward.mcp.server import Run

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

SESSION_HEADER = "mcp-session-id"
KEPT_SESSIONS = 256  # the Doors kept (their mail-origin memory); the oldest is forgotten past this


class Doors:
    """One Door per MCP session, found by the session id the client sends with every request."""

    def __init__(self, tools: Sequence[Tool], own: Sequence[Tool], limit: int = KEPT_SESSIONS) -> None:
        self._tools = list(tools)
        self._own = list(own)
        self._limit = limit
        self._doors: OrderedDict[str, Door] = OrderedDict()

    def __call__(self, ctx: ServerRequestContext[Any]) -> Door:
        """The Door of the session `ctx` belongs to (a new one for a request outside any session)."""
        from steward.mcp.door import Door

        request = ctx.request
        headers = getattr(request, "headers", None)
        key = headers.get(SESSION_HEADER) if headers is not None else None
        if key is None:
            return Door(self._tools, own=self._own)
        door = self._doors.get(key)
        if door is None:
            door = self._doors[key] = Door(self._tools, own=self._own)
            while len(self._doors) > self._limit:
                self._doors.popitem(last=False)
        self._doors.move_to_end(key)
        return door


class McpOverHttp:
    """The ASGI app at `/mcp`: the MCP server over Streamable HTTP, started on its first request."""

    def __init__(self, run: Run, tools: Callable[[], Sequence[Tool]], *, answer_seconds: float) -> None:
        self._run = run
        self._tools = tools
        self._answer_seconds = answer_seconds
        self._group: TaskGroup | None = None
        self._manager: StreamableHTTPSessionManager | None = None
        self._starting = asyncio.Lock()

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Around the web server's lifespan: an MCP session manager started meanwhile stops with it."""
        async with anyio.create_task_group() as group:
            self._group = group
            try:
                yield
            finally:
                self._group = None
                group.cancel_scope.cancel()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        manager = await self._started()
        await manager.handle_request(scope, receive, send)

    async def _started(self) -> StreamableHTTPSessionManager:
        async with self._starting:
            if self._manager is None:
                if self._group is None:
                    raise RuntimeError("/mcp is served only while the web server's lifespan runs")
                manager = await anyio.to_thread.run_sync(self._build)
                await self._group.start(self._serve, manager)
                self._manager = manager
            return self._manager

    def _build(self) -> StreamableHTTPSessionManager:
        for name in DEFERRED_INITS:  # as `steward mcp` does: only what the server uses
            defer_package_init(name)
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

        from steward.mcp.answers import answer_tools
        from steward.mcp.catalog import offered
        from steward.mcp.server import build_server

        own = answer_tools()
        tools = offered(self._tools())
        server = build_server([*tools, *own], Doors(tools, own), self._run, answer_seconds=self._answer_seconds)
        return StreamableHTTPSessionManager(app=server)

    @staticmethod
    async def _serve(manager: StreamableHTTPSessionManager, *, task_status: TaskStatus[None]) -> None:
        async with manager.run():
            task_status.started()
            await anyio.sleep_forever()
