"""The ASGI application of `steward serve`: routes, error mapping, middleware and lifespan.

`create_app` is given everything it needs (workers that own the core, the guard, the job host), so
tests build it around a real Steward home exactly as `steward serve` does.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route

from steward import __version__
from steward.errors import Busy, StewardError
from steward.mcp.http import McpOverHttp
from steward.web.middleware import AccessLogMiddleware, BodyLimitMiddleware, GuardMiddleware
from steward.web.runtime import Runtime, error_name

if TYPE_CHECKING:
    from steward.assistant.toolkit import Tool

__all__ = ["Runtime", "create_app", "error_name", "install_error_handlers", "validation_message"]

log = logging.getLogger(__name__)


def validation_message(errors: list[Any]) -> str:
    """One line from pydantic's error list: where the first problem is and what it is."""
    if not errors:
        return "the request is not valid"
    first = errors[0]
    loc = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path")]
    where = ".".join(loc)
    msg = str(first.get("msg", "is not valid"))
    if first.get("type") == "json_invalid":
        return "the request body is not valid JSON"
    if first.get("type") == "missing":
        return f"'{where}' is required" if where else "a request body is required"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"'{where}': {msg}{more}" if where else f"{msg}{more}"


def _error(status: int, error: str, message: str) -> JSONResponse:
    return JSONResponse({"error": error, "message": message}, status_code=status)


def install_error_handlers(api: FastAPI) -> None:
    """Every error leaves as JSON `{"error", "message"}` with the status its class names."""

    async def steward_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StewardError)
        response = _error(exc.http_status, error_name(exc), exc.message)
        if isinstance(exc, Busy):
            response.headers["retry-after"] = str(exc.retry_after)
        return response

    async def invalid(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return _error(422, "invalid_request", validation_message(list(exc.errors())))

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        names = {404: "not_found", 405: "method_not_allowed"}
        message = str(exc.detail)
        if exc.status_code == 400 and message == "There was an error parsing the body":
            # FastAPI's words when the body is not UTF-8 or nests too deep for its JSON parser
            return _error(422, "invalid_request",
                          "the request body is not JSON Steward can read (it must be UTF-8 and not deeply nested)")
        if exc.status_code == 404 and message == "Not Found":
            message = f"no such endpoint: {request.method} {request.url.path} (see /openapi.json)"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}"
        return _error(exc.status_code, names.get(exc.status_code, "http_error"), message)

    async def crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return _error(500, "internal", f"Steward hit an internal error ({type(exc).__name__}); "
                                       "the server log has the details")

    api.add_exception_handler(StewardError, steward_error)
    api.add_exception_handler(RequestValidationError, invalid)
    api.add_exception_handler(StarletteHTTPException, http_error)
    api.add_exception_handler(Exception, crash)


def _toolbox(flag_on: Callable[[str], bool]) -> Callable[[], list[Tool]]:
    def tools() -> list[Tool]:
        from steward.assistant.toolset import all_tools

        return all_tools(flag_on)

    return tools


def create_app(runtime: Runtime) -> FastAPI:
    """The FastAPI app around a runtime (workers, clock, guard, jobs)."""
    from importlib import resources

    from steward.web import (
        api,
        api_appointments,
        api_brief,
        api_calendar,
        api_chat,
        api_mail,
        api_money,
        api_zone,
        guides,
        page,
    )

    mcp = McpOverHttp(runtime.workers.run, _toolbox(runtime.flag_on), answer_seconds=runtime.answer_minutes * 60.0)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        runtime.workers.start()
        if runtime.jobs is not None:
            runtime.jobs.start()
        try:
            async with mcp.running():
                yield
        finally:
            if runtime.jobs is not None:
                runtime.jobs.stop()
            runtime.workers.stop()

    app = FastAPI(
        title="Steward",
        version=__version__,
        description="The HTTP API of a local-first personal assistant. Errors are JSON "
                    "`{\"error\", \"message\"}`; state-changing requests must be JSON from this origin.",
        docs_url=None,  # Swagger UI loads from a CDN; this machine may be offline
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.runtime = runtime
    install_error_handlers(app)
    app.include_router(api.router)
    app.include_router(api_chat.router)
    app.include_router(api_calendar.router)
    app.include_router(api_mail.router)
    app.include_router(api_money.router)
    app.include_router(api_brief.router)
    app.include_router(api_appointments.router)
    app.include_router(api_zone.router)
    app.include_router(page.router)
    app.include_router(guides.router)
    static = resources.files("steward.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.router.routes.append(Route("/mcp", mcp, name="mcp"))  # MCP over Streamable HTTP (docs/mcp.md), guarded
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(GuardMiddleware, guard=runtime.guard)
    app.add_middleware(AccessLogMiddleware, keep=("q",) if runtime.log_search_words else ())
    return app
