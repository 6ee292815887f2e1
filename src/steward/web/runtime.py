"""What every route of `steward serve` reaches: the runtime on `request.app.state.runtime`.

The routers (`api*.py`, `page.py`) import it from here; the server module that builds the FastAPI
app imports the routers, never the reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from steward.clock import Clock
from steward.errors import StewardError
from steward.web.dial import ClockDial
from steward.web.jobs import JobHost
from steward.web.security import Guard
from steward.web.workers import Admission, SessionLocks, Workers


@dataclass
class Runtime:
    """What the routes reach through `request.app.state.runtime`."""

    workers: Workers
    clock: Clock  # the clock the server started on; `now_clock()` is the one to use
    guard: Guard
    dial: ClockDial | None = None  # the clock now (the page may turn its zone); one around `clock` when None
    jobs: JobHost | None = None
    jobs_in: int | None = None  # the process running the scheduled jobs (None: none of them)
    log_search_words: bool = False  # the access log keeps `q=` (serve.log_search_words; debugging only)
    sessions: SessionLocks = field(default_factory=SessionLocks)
    admission: Admission = field(default_factory=Admission)
    answer_minutes: int = 10  # how long an MCP client's prompt for a held write waits (assistant.continuation_minutes)
    # whether a flag is on (the reader's answerers' `reader.<name>`: each on is a tool at /mcp)
    flag_on: Callable[[str], bool] = field(default=lambda _name: True)

    def __post_init__(self) -> None:
        if self.dial is None:
            self.dial = ClockDial(self.clock)

    def now_clock(self) -> Clock:
        """The server's clock now (its zone as last set from the page or in config.toml)."""
        assert self.dial is not None
        return self.dial.current()


def error_name(exc: StewardError) -> str:
    """`NotFound` -> `not_found`: the `error` field of a JSON error."""
    name = type(exc).__name__
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))
