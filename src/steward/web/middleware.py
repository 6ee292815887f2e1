"""ASGI middleware: the access guard and a privacy-safe access log.

Both are plain ASGI (not Starlette's BaseHTTPMiddleware) so streamed responses pass straight through.
The access log replaces uvicorn's: one line per request with method, path, the query with the token and
the search words redacted, status and time. It never sees a request or response body, so no email body
can reach it; what the client sent is escaped by the log's formatter (`steward.logs`), so a path with a
newline or a terminal escape in it cannot forge a line or redraw a screen.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from steward.web.security import COOKIE, TOKEN_PARAM, Denial, Guard, host_parts, redact_query, tokens_equal

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

access_log = logging.getLogger("steward.web.access")


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookies(headers: dict[str, str]) -> dict[str, str]:
    raw = headers.get("cookie")
    if not raw:
        return {}
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # noqa: BLE001 - a malformed Cookie header is the client's problem: no cookies
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


async def _send_json(send: Send, status: int, body: dict[str, Any],
                     extra: list[tuple[bytes, bytes]] | None = None) -> None:
    data = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
               *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


_LOCKED_PAGE = (
    "<!doctype html><meta charset=utf-8><title>Steward: token needed</title>"
    "<body style='font:16px system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem'>"
    "<h1>Steward needs its token</h1><p>Open the link <code>steward serve</code> printed (it ends in "
    "<code>/?token=…</code>), once, in this browser; <code>steward serve --url</code> prints it again.</p>"
)


class GuardMiddleware:
    """Refuses what the Guard refuses; turns `GET /?token=T` into a cookie and a redirect."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        hosts = [v for k, v in scope.get("headers", []) if k.lower() == b"host"]
        if len(hosts) != 1 or host_parts(hosts[0].decode("latin-1")) is None:
            await _send_json(send, 400, {"error": "bad_host", "message": "send one Host header with a plain host "
                                         "and port, e.g. 'Host: 127.0.0.1:8765'"})
            return
        headers = _headers(scope)
        method = scope["method"]
        path = scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        if self.guard.token is not None and method == "GET" and path == "/" and TOKEN_PARAM in parse_qs(query):
            given = parse_qs(query)[TOKEN_PARAM][0]
            if tokens_equal(given, self.guard.token):
                cookie = f"{COOKIE}={given}; Path=/; HttpOnly; SameSite=Strict"
                await send({"type": "http.response.start", "status": 303,
                            "headers": [(b"location", b"/"), (b"set-cookie", cookie.encode()),
                                        (b"content-length", b"0"), (b"cache-control", b"no-store")]})
                await send({"type": "http.response.body", "body": b""})
                return
        local = self.guard.is_local(scope.get("server"))  # the same user's command line, through the home
        denial = None if local else self.guard.check(method, path, headers, _cookies(headers))
        if denial is not None:
            await self._refuse(send, denial, headers)
            return
        await self.app(scope, receive, send)

    async def _refuse(self, send: Send, denial: Denial, headers: dict[str, str]) -> None:
        if denial.status == 401 and "text/html" in headers.get("accept", ""):
            data = _LOCKED_PAGE.encode()
            await send({"type": "http.response.start", "status": 401,
                        "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                    (b"content-length", str(len(data)).encode())]})
            await send({"type": "http.response.body", "body": data})
            return
        extra = [(b"www-authenticate", b"Bearer")] if denial.status == 401 else []
        await _send_json(send, denial.status, {"error": denial.error, "message": denial.message}, extra)


MAX_BODY = 1024 * 1024  # every JSON body Steward takes is a few kilobytes (a turn is at most 4,000 characters)


class BodyLimitMiddleware:
    """Reads a request body before the app does and refuses one over `limit` bytes with 413.

    With a Content-Length the refusal comes before a byte is read; a chunked body is counted as it
    arrives. The app then gets the body replayed, and later receives (a client hanging up on a
    stream) go to the connection as before.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _headers(scope).get("content-length")
        if declared is not None and (not declared.strip().isdigit() or int(declared) > self.limit):
            await self._refuse(send, declared)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away before sending it all
                await self.app(scope, _replay([message], receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send, None)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body], receive), send)

    async def _refuse(self, send: Send, declared: str | None) -> None:
        if declared is not None and not declared.strip().isdigit():
            await _send_json(send, 400, {"error": "bad_request",
                                         "message": f"Content-Length {declared!r} is not a number of bytes"})
            return
        await _send_json(send, 413, {"error": "too_large",
                                     "message": f"the request body is larger than Steward takes "
                                                f"({self.limit / 1024 / 1024:g} MiB); nothing was changed"})


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive that hands out `messages` first, then asks the connection."""
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


class AccessLogMiddleware:
    """One log line per request: method, path, redacted query, status, milliseconds. Never a body.

    `keep` names query parameters whose value is written all the same (`q` with `serve.log_search_words`)."""

    def __init__(self, app: ASGIApp, keep: tuple[str, ...] = ()) -> None:
        self.app = app
        self.keep = keep

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            if access_log.isEnabledFor(logging.INFO):
                query = redact_query(scope.get("query_string", b"").decode("latin-1"), self.keep)
                target = scope["path"] + (f"?{query}" if query else "")
                client = scope.get("client") or ("-", 0)
                access_log.info('%s "%s %s" %d %.1fms', client[0], scope["method"], target, status or 500,
                                (time.perf_counter() - started) * 1000)
