"""Starting `steward serve`: the token, the socket, the scheduler, uvicorn, and a clean stop.

uvicorn handles SIGINT and SIGTERM: it stops accepting, lets requests in flight finish (streams get a
few seconds), then the app's lifespan stops the job host and closes every worker's store connection.

With `serve.processes` above 1 the process started binds the port, runs the scheduled jobs and starts
the others (`python -m steward.web.helper`), giving each on its standard input what it needs to build
the same core (the home, a pinned clock, the token). It alone accepts connections, and gives each to
the process holding the fewest (`steward.web.handout`). A connection stays with the process that took
it. One process runs one request's Python at a time (the GIL), so two on two cores answer more. Each
has its own workers, vectors, model and query cache. A stop stops them all; a helper whose first
process has gone stops itself.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from steward.app import App
from steward.clock import Clock
from steward.errors import ConfigError, UserError
from steward.settings import Settings
from steward.web.handout import Handout, Intake, protocol_factory
from steward.web.security import host_is_loopback, new_token

if TYPE_CHECKING:
    from steward.web.dial import ClockDial
    from steward.web.jobs import JobHost
    from steward.web.runtime import Runtime

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ServeOptions:
    """How `steward serve` listens: host, port, the token (its file, or the home's), worker threads."""

    host: str
    port: int
    token_file: str
    workers: int
    turn_workers: int = 1
    processes: int = 1
    token: str = ""  # serve.token: "" the home's token (made once), "none" no token (loopback only)
    home_token: Path | None = None  # where the home keeps its token
    # the socket the command line of the same home talks through (no token: the file's mode guards it)
    local_socket: Path | None = None


@dataclass(frozen=True)
class TokenChoice:
    """The token the server requires (None: none, by the person's choice) and where it came from."""

    token: str | None
    generated: bool  # made now (the home had none yet)
    source: str = ""  # the file it was read from or written to


NO_TOKEN = "none"


def choose_token(host: str, token_file: str, make: Callable[[], str] = new_token, *, setting: str = "",
                 home_token: Path | None = None) -> TokenChoice:
    """The token every request must carry: read from `token_file` when one is named, else the home's
    (`home_token`, generated once, 0600). `setting` "none" serves with no token, on loopback only."""
    if token_file:
        return TokenChoice(_read_token(Path(token_file).expanduser(), "token file"), False, token_file)
    choice = setting.strip().lower()
    if choice == NO_TOKEN:
        if not host_is_loopback(host):
            raise ConfigError(f'serve.token = "none" serves without a token, which is for loopback only; '
                              f"{host} is reachable from other machines")
        return TokenChoice(None, False)
    if choice:
        raise ConfigError('serve.token is "" (the home\'s token, made once) or "none" (no token, loopback only); '
                          "to choose the token yourself, put it in a file named by serve.token_file")
    if home_token is None:  # no home to keep it in: one for this run
        return TokenChoice(make(), True)
    if home_token.exists():
        return TokenChoice(_read_token(home_token, "the server's token"), False, str(home_token))
    token = make()
    home_token.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        fd = os.open(home_token, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another server made it meanwhile: use that one
        return TokenChoice(_read_token(home_token, "the server's token"), False, str(home_token))
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(token + "\n")
    return TokenChoice(token, True, str(home_token))


def _read_token(path: Path, what: str) -> str:
    try:
        token = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ConfigError(f"{what} {path}: {exc.strerror or exc}") from None
    if len(token) < 16:
        raise ConfigError(f"{what} {path}: the token must be at least 16 characters")
    if any(c.isspace() for c in token):
        raise ConfigError(f"{what} {path}: the token must be one line without spaces")
    return token


def page_url(host: str, port: int, token: str | None) -> str:
    """The page's URL; with a token, the one that carries it (opened once, it sets the cookie)."""
    base = f"http://{url_host(host)}:{port}/"
    return f"{base}?token={token}" if token else base


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
    return sock


# the longest path a Unix socket can have (sun_path, with its terminating NUL)
MAX_SOCKET_PATH = 107


def bind_local(path: Path) -> socket.socket | None:
    """The home's local socket, listening (0600 under the home's umask), or None when it cannot be made
    (a path too long for a Unix socket, no Unix sockets): the command line then works in-process."""
    if not hasattr(socket, "AF_UNIX") or len(os.fsencode(path)) > MAX_SOCKET_PATH:
        log.info("no local socket at %s: the command line will not use this server", path)
        return None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # a socket a stopped server left behind
        old = os.umask(0o177)
        try:
            sock.bind(str(path))
        finally:
            os.umask(old)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        log.info("no local socket at %s (%s): the command line will not use this server", path, exc.strerror or exc)
        return None
    return sock


def warm(app: App) -> None:
    """Build what a first turn and a first search would: the engine, the router, the mail index."""
    app.engine.route("what's my schedule tomorrow?")
    if app.settings.as_bool("semantic_search"):
        app.mail_search.search("warm up", limit=1)


def warm_turns(app: App) -> None:
    """A turn-only worker builds the engine and the router; a model's mail search loads the index later."""
    app.engine.route("what's my schedule tomorrow?")


def shared_app_factory(base: App, dial: ClockDial | None = None) -> Callable[[], App]:
    """How a server process builds each worker's App: one copy of the vectors, of the model and of the
    query cache for the whole process (every worker's search reads and refreshes the same index, and a
    query one worker embedded is not embedded again by another), on the dial's clock now. Migrates the
    store first."""
    from steward.app import build_app

    settings, paths = base.settings, base.paths
    clock: Callable[[], Clock] = dial.current if dial is not None else (lambda: base.clock)
    base.db  # noqa: B018 - create and migrate the store before the workers open their own connections
    semantic = settings.as_bool("semantic_search")
    vectors = base.vector_index(background=True) if semantic else None
    embedder = base.embedder if semantic else None
    queries = base.query_cache
    return lambda: build_app(settings, clock(), paths, shared_vectors=vectors, shared_embedder=embedder,
                             shared_queries=queries)


def server_dial(settings: Settings, clock: Clock, tz: str | None) -> ClockDial:
    """The clock a server runs on, turned by the page's zone form (saved in the home's config.toml)."""
    from steward.web.dial import ClockDial, fixed_reason

    return ClockDial(clock, settings.config_file, fixed_reason(tz, settings.source("timezone")))


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn re-raises a stop signal after its graceful shutdown; for us that shutdown is a clean exit.
        With `spread`, connections come from it (the first process's handout, or another's intake)
        rather than from uvicorn's own listener."""

        spread: Handout | Intake | None = None
        local: socket.socket | None = None  # the home's socket for the command line (first process only)

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            local = [self.local] if self.local is not None else []
            if self.spread is None:
                await super().startup([*sockets, *local] if sockets is not None else None)
                return
            await super().startup(sockets=local)  # the app's lifespan; no TCP listener of uvicorn's
            factory = protocol_factory(self)
            if isinstance(self.spread, Handout):
                self.spread.start(factory, lambda: len(self.server_state.connections))
            else:
                self.spread.start(factory)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            if self.spread is not None:
                self.spread.stop()  # no new connections; those open finish as uvicorn's own would
            await super().shutdown(sockets)

        def handle_exit(self, sig: int, frame: object) -> None:
            super().handle_exit(sig, frame)  # type: ignore[arg-type]
            captured = getattr(self, "_captured_signals", None)
            if isinstance(captured, list):
                captured.clear()

    return Server


def configure_logging(verbose: bool) -> None:
    """Log lines on stderr, each escaped (`steward.logs`): the access log (no bodies, token and search
    words redacted) and server notices; mail-derived text only with `verbose` (debug)."""
    from steward.logs import configure

    configure(verbose)


def serve(settings: Settings, clock: Clock, make_app: Callable[[], App], options: ServeOptions,
          *, verbose: bool = False, err: TextIO | None = None, home: str | None = None,
          now: str | None = None, tz: str | None = None, dial: ClockDial | None = None) -> int:
    """Run the server until it is stopped; the exit code. `home`, `now` and `tz` (the command's
    options) are what helper processes need to build the same core; `dial` is the clock `make_app`
    builds on (the page may turn its zone)."""
    from steward.web.jobs import JobHost, scheduled_jobs
    from steward.web.server import create_app

    err = err or sys.stderr
    if options.processes > 1 and os.name != "posix":
        raise ConfigError("serve.processes above 1 needs a POSIX system (connections are passed between them)")
    choice = choose_token(options.host, options.token_file, setting=options.token, home_token=options.home_token)
    sock = bind(options.host, options.port)
    port = sock.getsockname()[1]
    configure_logging(verbose)
    local = bind_local(options.local_socket) if options.local_socket is not None else None
    dial = dial or server_dial(settings, clock, tz)
    runtime = _runtime(make_app, clock, options.workers, options.turn_workers, choice.token, options.host, port,
                       jobs=JobHost(make_app, scheduled_jobs(settings), stale=on_old_clock(dial)), jobs_in=os.getpid(),
                       settings=settings, local_socket=str(options.local_socket) if local is not None else "",
                       dial=dial)
    app = create_app(runtime)
    base = f"http://{url_host(options.host)}:{port}/"
    if choice.token is None:
        print(f'steward: serve.token = "none": no token is asked for, so any program or person on this machine '
              f"can read your mail and make changes through {base}", file=err, flush=True)
    else:
        made = "made now and kept" if choice.generated else "kept"
        where = f"; it is {made} in {choice.source}" if choice.source else ""
        print(f"steward: open {page_url(options.host, port, choice.token)} (once in a browser: it sets a cookie); "
              f"programs send 'Authorization: Bearer TOKEN'{where}", file=err, flush=True)
    spec = {"home": home, "now": now, "tz": tz, "token": choice.token, "host": options.host, "port": port,
            "workers": options.workers, "turn_workers": options.turn_workers, "verbose": verbose}
    helpers = Helpers(options.processes - 1, spec)
    more = f" in {options.processes} processes" if options.processes > 1 else ""
    print(f"steward: serving {base}{more} (Ctrl+C stops)", file=err, flush=True)
    try:
        _run(app, sock, spread=helpers.handout(sock), local=local)
    finally:
        helpers.stop()
        sock.close()
        if local is not None:
            local.close()
            with contextlib.suppress(OSError):
                os.unlink(str(options.local_socket))
    print("steward: stopped", file=err, flush=True)
    return 0


def on_old_clock(dial: ClockDial) -> Callable[[App], bool]:
    """Whether an App was built on a clock the dial has since turned from (it is built again)."""
    return lambda app: app.clock != dial.current()


def _runtime(make_app: Callable[[], App], clock: Clock, workers: int, turn_workers: int, token: str | None,
             host: str, port: int, *, jobs: JobHost | None, jobs_in: int, settings: Settings,
             local_socket: str = "", dial: ClockDial | None = None) -> Runtime:
    """What a server process's routes reach: its workers, the clock, the guard, and the jobs if it runs them."""
    from steward.web.runtime import Runtime
    from steward.web.security import Guard
    from steward.web.workers import Admission, Workers

    return Runtime(workers=Workers(make_app, workers, warm=warm, turn_only=turn_workers, warm_turns=warm_turns,
                                   model_turns=settings.as_int("serve.model_turns"),
                                   stale=on_old_clock(dial) if dial is not None else None),
                   clock=clock, dial=dial, guard=Guard(token, host, port, local_socket), jobs=jobs, jobs_in=jobs_in,
                   log_search_words=settings.as_bool("serve.log_search_words"),
                   admission=Admission(settings.as_int("serve.turns_per_session"),
                                       settings.as_int("serve.turns_queued")),
                   answer_minutes=settings.as_int("assistant.continuation_minutes"), flag_on=settings.as_bool)


def _run(app: Any, sock: socket.socket | None, spread: Handout | Intake | None = None,
         local: socket.socket | None = None) -> None:
    """Serve `app` on `sock` (uvicorn's own listener) or on the connections `spread` brings, and on the
    home's `local` socket, until the server stops."""
    import uvicorn

    from steward.web.protocol import BoundedHttpProtocol

    config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="on", http=BoundedHttpProtocol,
                            timeout_graceful_shutdown=5, server_header=False)
    server = _server_class()(config)
    server.spread = spread
    server.local = local
    if isinstance(spread, Intake):
        spread.gone = lambda: _first_gone(server)
    server.run(sockets=None if sock is None or spread is not None else [sock])


def _first_gone(server: Any) -> None:
    log.warning("the first server process has gone; this one stops")
    server.should_exit = True


class Helpers:
    """The other server processes, started with `python -m steward.web.helper`; each is given its
    connections down a socket pair of its own."""

    def __init__(self, count: int, spec: dict[str, Any]) -> None:
        from steward.web.handout import channel_pair

        self._stopping = threading.Event()
        self._procs: list[subprocess.Popen[bytes]] = []
        self._channels: list[socket.socket] = []
        for _ in range(count):
            mine, theirs = channel_pair()
            fd = theirs.fileno()  # the same number in the helper
            proc = subprocess.Popen([sys.executable, "-m", "steward.web.helper"], stdin=subprocess.PIPE,
                                    pass_fds=(fd,))
            theirs.close()
            assert proc.stdin is not None
            # the token goes here, never to argv or env
            proc.stdin.write(json.dumps({**spec, "channel": fd}).encode() + b"\n")
            proc.stdin.close()
            self._procs.append(proc)
            self._channels.append(mine)
            threading.Thread(target=self._watch, args=(proc,), name="serve-helper-watch", daemon=True).start()

    def handout(self, sock: socket.socket) -> Handout | None:
        """How the first process spreads connections over these (None: there are none)."""
        return Handout(sock, self._channels) if self._procs else None

    def _watch(self, proc: subprocess.Popen[bytes]) -> None:
        code = proc.wait()
        if not self._stopping.is_set():
            log.warning("server process %d stopped (exit code %d); the others go on serving", proc.pid, code)

    def stop(self, timeout: float = 30.0) -> None:
        """Stop every helper (as a stop signal stops this process) and wait for them."""
        self._stopping.set()
        for proc in self._procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self._procs:
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                log.warning("server process %d did not stop within %.0f s; killing it", proc.pid, timeout)
                proc.kill()
                proc.wait()
        for channel in self._channels:
            channel.close()


def serve_helper(spec: dict[str, Any]) -> int:
    """One helper process: the same core and routes as the first process, serving the connections the
    first passes it, without the scheduled jobs (the first runs them). Stops when told to, or when the
    first process has gone (its end of the socket pair closes)."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load
    from steward.web.handout import Intake
    from steward.web.server import create_app

    configure_logging(bool(spec.get("verbose")))
    paths = resolve_paths(spec.get("home"))
    settings = load(paths.config_file)
    clock = make_clock(settings.as_str("timezone"), spec.get("now"), spec.get("tz"), settings.as_str("locale"))
    base = build_app(settings, clock, paths)
    dial = server_dial(settings, clock, spec.get("tz"))
    channel = socket.socket(fileno=int(spec["channel"]))
    try:
        runtime = _runtime(shared_app_factory(base, dial), clock, int(spec["workers"]), int(spec["turn_workers"]),
                           spec.get("token"), str(spec["host"]), int(spec["port"]), jobs=None, jobs_in=os.getppid(),
                           settings=settings, dial=dial)
        _run(create_app(runtime), None, Intake(channel))
    finally:
        channel.close()
        base.close()
    return 0
