"""The JSON endpoints. Each hands its work to a worker thread that owns the core; none touches SQL."""

from __future__ import annotations

import os
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from steward import __version__
from steward.web.runtime import Runtime

router = APIRouter()


def runtime_of(request: Request) -> Runtime:
    """The runtime of the app serving this request."""
    runtime: Runtime = request.app.state.runtime
    return runtime


class ErrorBody(BaseModel):
    """Every error response."""

    error: str
    message: str


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 401, 403, 404, 409, 413, 415, 422, 429, 502)
}


class JobInfo(BaseModel):
    """One background job as `GET /health` shows it."""

    name: str
    runs: int
    failures: int
    last_error: str | None


class Health(BaseModel):
    """The answer of `GET /health`: `process` is the server process that answered, `jobs_in` the one
    running the scheduled jobs (`jobs` lists them there, and is empty in the others)."""

    status: str
    version: str
    now: str
    zone: str
    jobs: list[JobInfo]
    process: int
    jobs_in: int | None
    turns: int = Field(0, description="chat turns this process holds now (waiting or running)")
    with_model: int = Field(0, description="of those, turns whose model part has begun (waiting for a slot too)")


@router.get("/health", response_model=Health, tags=["server"])
async def health(request: Request) -> Health:
    """The server is up: its version, the user's clock and the scheduler's jobs."""
    rt = runtime_of(request)
    jobs = [] if rt.jobs is None else [
        JobInfo(name=s.name, runs=s.runs, failures=s.failures, last_error=s.last_error)
        for s in rt.jobs.state.values()
    ]
    return Health(status="ok", version=__version__, now=rt.now_clock().now().isoformat(), zone=rt.now_clock().zone_name,
                  jobs=jobs, process=os.getpid(), jobs_in=rt.jobs_in, turns=rt.admission.count,
                  with_model=rt.workers.with_model)
