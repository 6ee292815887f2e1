"""Shared fixtures: every test gets its own Steward home in a tmp dir and a clean environment."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from steward.cli import main

ROOT = Path(__file__).resolve().parent.parent
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
    # the embedding model's graph is built once per test session, not once per test home
    monkeypatch.setenv("STEWARD_EMBED_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "embed-model-cache"))
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
def tier2_model(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The scripted model server (real HTTP, Ollama protocol) configured as `llm.tier2` for the test."""
    from steward.llm.testing import ScriptedModelServer

    with ScriptedModelServer() as srv:
        monkeypatch.setenv("STEWARD_LLM_TIER2", srv.tier("ollama"))
        yield srv


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
