"""Starting a real `steward serve` process for tests, and talking to it."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx


def build_demo_home(home: Path, now: str) -> Path:
    """`steward demo --no-serve` into `home` at `now`: the sample mailbox imported, nothing served."""
    from steward.cli import main

    assert main(["--home", str(home), "--now", now, "--json", "demo", "--no-serve"]) == 0
    return home


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


TOKEN_URL = re.compile(r"steward: open (http://\S+)\?token=(\S+) ")


@dataclass
class Served:
    """A running `steward serve`: its address, its process, its log, and the token it printed."""

    base: str
    proc: subprocess.Popen[str]
    log_path: Path
    token: str | None = None

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    @property
    def auth(self) -> dict[str, str]:
        """The header that carries the token (none when the server asks for none)."""
        return {"authorization": f"Bearer {self.token}"} if self.token else {}

    @property
    def page(self) -> str:
        """The URL a browser opens first: it carries the token, sets the cookie and redirects to the page."""
        return self.base + (f"/?token={self.token}" if self.token else "/")

    def client(self, **kw: object) -> httpx.Client:
        """A client that sends the token."""
        headers = {**self.auth, **dict(kw.pop("headers", None) or {})}  # type: ignore[call-overload]
        kw.setdefault("timeout", 30)
        return httpx.Client(base_url=self.base, headers=headers, **kw)  # type: ignore[arg-type]

    def get(self, path: str, **kw: object) -> httpx.Response:
        """One GET with the token."""
        return httpx.get(self.base + path, headers=self.auth, timeout=30, **kw)  # type: ignore[arg-type]

    def settle(self, timeout: float = 120.0) -> None:
        """Wait until every scheduled job has had its first run (the morning brief among them, which
        a slow start can otherwise deliver after the test's own requests)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            jobs = self.get("/health").json()["jobs"]
            if jobs and all(j["runs"] >= 1 for j in jobs):
                return
            time.sleep(0.2)
        raise AssertionError(f"the server's jobs had not all run after {timeout:.0f} s:\n{self.log()}")


@contextmanager
def serving(home: Path, *args: str, now: str | None = None, env: dict[str, str] | None = None,
            host: str = "127.0.0.1", ready_path: str = "/health",
            headers: dict[str, str] | None = None) -> Iterator[Served]:
    """`steward --home HOME [--now NOW] serve --port P ARGS...` until the block ends (then SIGTERM); the
    token it printed is on the Served (its `client()`, `get()` and `page` carry it)."""
    port = free_port()
    log_path = home.parent / f"serve-{port}.log"
    cmd = [sys.executable, "-m", "steward", "--home", str(home)]
    if now:
        cmd += ["--now", now]
    cmd += ["serve", "--host", host, "--port", str(port), *args]
    log_file = log_path.open("w", encoding="utf-8")
    proc = subprocess.Popen(cmd, stdout=log_file, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, **(env or {})})
    shown = f"[{host}]" if ":" in host else host
    served = Served(f"http://{shown}:{port}", proc, log_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"steward serve exited early ({proc.returncode}):\n{served.log()}")
            try:
                if httpx.get(served.base + ready_path, timeout=2, headers=headers).status_code < 500:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"steward serve did not start:\n{served.log()}")
            time.sleep(0.1)
        found = TOKEN_URL.search(served.log())  # printed before the server answers its first request
        served.token = found.group(2) if found else None
        yield served
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log_file.close()


def in_process(home: Path, now: str | None = None, token: str | None = None,
               jobs: list[object] | None = None) -> object:
    """The ASGI app of `steward serve` around HOME, built as the command builds it (for TestClient)."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load
    from steward.web.jobs import JobHost
    from steward.web.run import on_old_clock, server_dial
    from steward.web.runtime import Runtime
    from steward.web.security import Guard
    from steward.web.server import create_app
    from steward.web.workers import Workers

    paths = resolve_paths(str(home))
    settings = load(paths.config_file)
    clock = make_clock(settings.as_str("timezone"), now, locale=settings.as_str("locale"))
    dial = server_dial(settings, clock, None)  # the page may turn its zone, as in `steward serve`

    def make_app():  # type: ignore[no-untyped-def]
        return build_app(settings, dial.current(), paths)

    runtime = Runtime(workers=Workers(make_app, 2, stale=on_old_clock(dial)), clock=clock, dial=dial,
                      guard=Guard(token, "127.0.0.1", 8765),
                      jobs=JobHost(make_app, list(jobs or []), stale=on_old_clock(dial)))  # type: ignore[arg-type]
    return create_app(runtime)
