"""Starting `steward serve`: the token, the socket, the scheduler, uvicorn, and a clean stop.

uvicorn handles SIGINT and SIGTERM: it stops accepting, lets requests in flight finish (streams get a
few seconds), then the app's lifespan stops the job host and closes every worker's store connection.
"""

from __future__ import annotations

import errno
import logging
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from steward.app import App
from steward.clock import Clock
from steward.errors import ConfigError, UserError
from steward.settings import Settings
from steward.web.security import host_is_loopback, new_token

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ServeOptions:
    """How `steward serve` listens: host, port, token file, worker threads."""

    host: str
    port: int
    token_file: str
    workers: int
    turn_workers: int = 1


@dataclass(frozen=True)
class TokenChoice:
    """The token the server requires (None: loopback only, no token) and whether we made it."""

    token: str | None
    generated: bool


def choose_token(host: str, token_file: str, make: Callable[[], str] = new_token) -> TokenChoice:
    """A token file always applies; off loopback without one, a fresh token is generated."""
    if token_file:
        path = Path(token_file).expanduser()
        try:
            token = path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ConfigError(f"token file {path}: {exc.strerror or exc}") from None
        if len(token) < 16:
            raise ConfigError(f"token file {path}: the token must be at least 16 characters")
        if any(c.isspace() for c in token):
            raise ConfigError(f"token file {path}: the token must be one line without spaces")
        return TokenChoice(token, False)
    if host_is_loopback(host):
        return TokenChoice(None, False)
    return TokenChoice(make(), True)


def url_host(host: str) -> str:
    """How a host is written in a URL ([::1] for IPv6)."""
    return f"[{host}]" if ":" in host else host


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or a one-line error saying what to change."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto named explicitly: asyncio turns Nagle off (TCP_NODELAY) only on sockets whose proto is
    # IPPROTO_TCP, and accepted sockets inherit it; with proto 0 every keep-alive response whose headers
    # and body go out as two writes waited ~40 ms for the client's delayed ACK
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise UserError(f"port {port} on {host} is already in use; choose another with --port") from None
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def warm(app: App) -> None:
    """Build what a first turn and a first search would: the engine, the router, the mail index."""
    app.engine.route("what's my schedule tomorrow?")
    if app.settings.as_bool("semantic_search"):
        app.mail_search.search("warm up", limit=1)


def warm_turns(app: App) -> None:
    """A turn-only worker builds the engine and the router; a model's mail search loads the index later."""
    app.engine.route("what's my schedule tomorrow?")


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn re-raises a stop signal after its graceful shutdown; for us that shutdown is a clean exit."""

        def handle_exit(self, sig: int, frame: object) -> None:
            super().handle_exit(sig, frame)  # type: ignore[arg-type]
            captured = getattr(self, "_captured_signals", None)
            if isinstance(captured, list):
                captured.clear()

    return Server


def configure_logging(verbose: bool) -> None:
    """Log lines on stderr: the access log (no bodies, token redacted) and server notices."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if verbose else logging.INFO)


def serve(settings: Settings, clock: Clock, make_app: Callable[[], App], options: ServeOptions,
          *, verbose: bool = False, err: TextIO | None = None) -> int:
    """Run the server until it is stopped; the exit code."""
    import uvicorn

    from steward.web.jobs import JobHost, scheduled_jobs
    from steward.web.runtime import Runtime
    from steward.web.security import Guard
    from steward.web.server import create_app
    from steward.web.workers import Workers

    err = err or sys.stderr
    choice = choose_token(options.host, options.token_file)
    sock = bind(options.host, options.port)
    port = sock.getsockname()[1]
    configure_logging(verbose)
    runtime = Runtime(
        workers=Workers(make_app, options.workers, warm=warm, turn_only=options.turn_workers, warm_turns=warm_turns),
        clock=clock,
        guard=Guard(choice.token, options.host, port),
        jobs=JobHost(make_app, scheduled_jobs(settings)),
    )
    app = create_app(runtime)
    base = f"http://{url_host(options.host)}:{port}/"
    if choice.generated:
        print(f"steward: a token is required off loopback; this one lasts until the server stops:\n"
              f"  {choice.token}\n"
              f"open {base}?token={choice.token} once in your browser, or send "
              f"'Authorization: Bearer TOKEN'", file=err, flush=True)
    elif choice.token:
        print(f"steward: requests need the token in {options.token_file}; open {base}?token=… once",
              file=err, flush=True)
    print(f"steward: serving {base} (Ctrl+C stops)", file=err, flush=True)
    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on",
                            timeout_graceful_shutdown=5, server_header=False)
    server = _server_class()(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    print("steward: stopped", file=err, flush=True)
    return 0
