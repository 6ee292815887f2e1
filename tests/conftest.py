"""Shared fixtures: every test gets its own Steward home in a tmp dir and a clean environment; the real
servers the tests talk to (Dovecot IMAP, Radicale CalDAV, the scripted model server, `steward serve`
with the demo home, a headless Chromium) and the in-process HTTP client are one fixture each, here."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from parallel import built_once, embed_cache
from serve_helpers import Served, build_demo_home, in_process, serving
from steward.cli import main

ROOT = Path(__file__).resolve().parent.parent
WEB_BASE = "http://127.0.0.1:8765"  # the address the in-process client calls the API by
SHARED_DATA = Path(os.environ.get("STEWARD_SHARED_DATA") or ROOT.parent / "shared" / "data")


@pytest.fixture(autouse=True)
def steward_home(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point STEWARD_HOME at a fresh dir and drop any STEWARD_* variables the developer has set."""
    for key in list(os.environ):
        if key.startswith("STEWARD_"):
            monkeypatch.delenv(key)
    home = tmp_path / "home"
    monkeypatch.setenv("STEWARD_HOME", str(home))
    # the embedding model's graph is built once per test run, not once per test home
    monkeypatch.setenv("STEWARD_EMBED_CACHE_DIR", str(embed_cache(tmp_path_factory)))
    monkeypatch.setenv("TZ", "UTC")
    return home


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)

    def json_lines(self) -> list[Any]:
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], Any], request: pytest.FixtureRequest) -> Any:
    """The demo home at the test module's clock (`DEMO_NOW`, else `NOW`, in `DEMO_ZONE`, else
    Asia/Kolkata), built once for the module, with no model configured."""
    from steward.demo import build_demo_home

    module = request.module
    built = app_in_own_home(getattr(module, "DEMO_ZONE", "Asia/Kolkata"), getattr(module, "DEMO_NOW", None) or module.NOW)
    build_demo_home(built)
    return built


@pytest.fixture(scope="module")
def sample_home(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The home built from the sample mailbox the test module names in `SAMPLE` (tests/sample_homes.py), once
    for the module."""
    home: Path = request.module.SAMPLE.build(tmp_path_factory)
    return home


@pytest.fixture(scope="module")
def sample_accepted(sample_home: Path, request: pytest.FixtureRequest,
                    tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of that home with every proposed booking accepted, as its person would on the page."""
    copy: Path = request.module.SAMPLE.accepted(sample_home, tmp_path_factory)
    return copy


@pytest.fixture
def no_semantic(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search and routing by words alone: no embedding model is built or loaded."""
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run `steward ARGS...` in-process; `stdin=` feeds standard input."""

    def run(*args: str, stdin: str | None = None) -> Result:
        out, err = io.StringIO(), io.StringIO()
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # argparse usage errors
                code = int(exc.code or 0)
        return Result(code, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def model_server() -> Iterator[Any]:
    """The scripted model server (real HTTP, speaking the Ollama and OpenAI protocols) for one test:
    `enqueue` its replies, point a tier at `tier("ollama")` or `tier("openai")`."""
    from steward.llm.testing import ScriptedModelServer

    with ScriptedModelServer() as srv:
        yield srv


@pytest.fixture
def client(steward_home: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The HTTP API in-process: FastAPI's TestClient over this test's home, on the clock of the test
    module's `NOW` (a module may define its own `client` instead)."""
    from fastapi.testclient import TestClient

    with TestClient(in_process(steward_home, request.module.NOW), base_url=WEB_BASE) as c:  # type: ignore[arg-type]
        yield c


@pytest.fixture
def app_on(steward_home: Path) -> Iterator[Callable[[str, str], Any]]:
    """`app_on(zone, now)`: the App of this test's home on that clock, built from the default settings
    and the STEWARD_* variables; closed when the test ends."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    built: list[Any] = []

    def on(zone: str, now: str) -> Any:
        built.append(build_app(load(None), make_clock(zone, now), resolve_paths(str(steward_home))))
        return built[-1]

    yield on
    for app in built:
        app.close()


@pytest.fixture(scope="module")
def app_in_own_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str, str], Any]]:
    """`at(zone, now)`: an App in a home of its own for a whole test module, on that clock, with the
    default settings (no model configured, whatever the environment says); closed after the module."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    built: list[Any] = []
    environ = {"STEWARD_EMBED_CACHE_DIR": str(embed_cache(tmp_path_factory))}

    def at(zone: str, now: str) -> Any:
        home = resolve_paths(str(tmp_path_factory.mktemp("own-home")))
        built.append(build_app(load(None, environ=environ), make_clock(zone, now), home))
        return built[-1]

    yield at
    for app in built:
        app.close()


@pytest.fixture
def tier2_model(model_server: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The scripted model server configured as `llm.tier2` (Ollama protocol) for the test."""
    monkeypatch.setenv("STEWARD_LLM_TIER2", model_server.tier("ollama"))
    return model_server


@pytest.fixture
def kolkata_model(tier2_model: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The scripted model server as `llm.tier2`, for a person in Asia/Kolkata (the loop tests' person)."""
    monkeypatch.setenv("STEWARD_TIMEZONE", "Asia/Kolkata")
    return tier2_model


@pytest.fixture
def cli_process() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run `python -m steward ARGS...` as a real process (for signals, stdin streams, start-up)."""

    def run(*args: str, stdin: str | None = None, timeout: float = 120,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "steward", *args], input=stdin, capture_output=True, text=True,
            timeout=timeout, env={**os.environ, **(env or {})},
        )

    return run


@pytest.fixture
def shared_data() -> Iterator[Path]:
    """The evaluation data in ../shared/data; tests that need it skip when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not present in this checkout")
    yield SHARED_DATA


@pytest.fixture(scope="session")
def dovecot_server() -> Iterator[Any]:
    """One real Dovecot IMAP server (Debian's dovecot-imapd) for the session; user alice / secret-pw."""
    from dovecot_server import DOVECOT, Dovecot

    if DOVECOT is None:
        pytest.skip("dovecot is not installed (scripts/system-deps.sh installs dovecot-imapd as root)")
    server = Dovecot({"alice": "secret-pw", "bob": "hunter2-pw"})
    server.start()
    yield server
    server.cleanup()


@pytest.fixture
def dovecot(dovecot_server: Any) -> Iterator[Any]:
    """The Dovecot server with empty mailboxes; its log is shown when the test fails."""
    if not dovecot_server.running:
        dovecot_server.start()
    for user in dovecot_server.users:
        dovecot_server.reset_user(user)
    yield dovecot_server
    print(f"--- dovecot log ({dovecot_server.log}) ---\n{dovecot_server.logs()}")
    if not dovecot_server.running:  # a test that stopped it leaves it stopped for no one else
        dovecot_server.start()


@pytest.fixture
def memory_keyring() -> Iterator[dict[tuple[str, str], str]]:
    """An in-memory OS keyring for one test (this machine runs no desktop keyring service)."""
    keyring = pytest.importorskip("keyring")
    from keyring.backend import KeyringBackend

    before = keyring.get_keyring()  # before the class below exists: it would win the backend choice
    items: dict[tuple[str, str], str] = {}

    class Memory(KeyringBackend):
        priority = 5  # type: ignore[assignment]

        def get_password(self, service: str, username: str) -> str | None:
            return items.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            items[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            items.pop((service, username), None)

    keyring.set_keyring(Memory())
    try:
        yield items
    finally:
        keyring.set_keyring(before)
        KeyringBackend._classes.discard(Memory)  # subclasses register themselves; keep later tests clean


@pytest.fixture(scope="session")
def radicale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One real Radicale CalDAV server for the session; each test makes its own calendar on it
    (`radicale.new_calendar()`) and points Steward at it with `radicale_server.use_caldav`."""
    pytest.importorskip("radicale", reason="radicale is in the dev extra")
    from radicale_server import Radicale

    server = Radicale(tmp_path_factory.mktemp("radicale"))
    yield server
    server.stop()


CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium (Debian's, driven by Playwright) for a test module; each test opens its own
    page (`browser.new_page()`)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/system-deps.sh installs it as root)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def demo_home_at(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """`at(now)`: the demo home built by `steward demo --no-serve` at `now`, once per test run for each
    `now` (whichever worker asks first builds it). Shared: copy it before anything writes to it
    (`served_demo` does)."""

    def at(now: str) -> Path:
        folder = built_once(tmp_path_factory, "demo-" + now.replace(":", ""),
                            lambda path: build_demo_home(path / "home", now))
        return folder / "home"

    return at


@pytest.fixture
def served_demo(demo_home_at: Callable[[str], Path], tmp_path: Path,
                request: pytest.FixtureRequest) -> Iterator[Served]:
    """A copy of the demo home at the test module's `NOW`, served by a real `steward serve`."""
    now = request.module.NOW
    home = tmp_path / "home"
    shutil.copytree(demo_home_at(now), home)
    with serving(home, now=now) as served:
        yield served
