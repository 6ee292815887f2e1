"""The command line and a running `steward serve` of the same home: a one-shot chat, a search and the
brief go to the server through the home's own socket (no token: the file is the owner's alone), give
the same answer the command gives in-process, and fall back to in-process when no server answers."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import httpx
import pytest

from serve_helpers import build_demo_home, serving

pytestmark = [pytest.mark.server, pytest.mark.slow]

BUILT = "2026-12-01T09:00:00+00:00"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo_home(tmp_path_factory.mktemp("local") / "h", BUILT)


def steward(cli_process, home: Path, *args: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return cli_process("--home", str(home), "-v", *args, env={"TZ": "UTC", **(env or {})})


def test_chat_search_and_brief_go_to_the_running_server_and_answer_as_in_process(home: Path, cli_process) -> None:  # type: ignore[no-untyped-def]
    alone = {"STEWARD_USE_SERVER": "0"}
    with serving(home) as served:
        sock = home / "serve.sock"
        assert stat.S_IMODE(os.stat(sock).st_mode) == 0o600
        for args in (["--json", "mail", "search", "statement"], ["--json", "chat", "what do I owe this month?"],
                     ["--json", "brief"]):
            via = steward(cli_process, home, *args)
            assert via.returncode == 0, via.stderr
            assert "answered by the server running for this home" in via.stderr
            local = steward(cli_process, home, *args, env=alone)
            assert local.returncode == 0 and "answered by the server" not in local.stderr
            a, b = json.loads(via.stdout), json.loads(local.stdout)
            if args[1] == "chat":
                assert a["reply"] == b["reply"] and a["handled_by"] == b["handled_by"]
                reply = b["reply"]
            elif args[1] == "mail":
                assert [h["id"] for h in a["hits"]] == [h["id"] for h in b["hits"]]
            else:
                assert [s["slot"] for s in a["sections"]] == [s["slot"] for s in b["sections"]]
        # the same words, printed for a person
        human = steward(cli_process, home, "chat", "what do I owe this month?")
        assert human.returncode == 0 and human.stdout.strip() == reply.strip()
        # the socket needs no token; the port still does
        assert httpx.get(served.base + "/reminders", timeout=10).status_code == 401
        over_socket = httpx.Client(transport=httpx.HTTPTransport(uds=str(sock)), base_url="http://localhost")
        assert over_socket.get("/reminders").status_code == 200
        # a clock of its own is answered in-process, on that clock
        pinned = steward(cli_process, home, "--now", BUILT, "chat", "what do I owe this month?")
        assert pinned.returncode == 0 and "answered by the server" not in pinned.stderr
    assert not (home / "serve.sock").exists(), "a stopped server leaves no socket behind"


def test_a_socket_with_no_server_behind_it_is_worked_around(home: Path, cli_process, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import socket

    left = home / "serve.sock"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(left))  # bound, never listening: what a killed server leaves
    s.close()
    try:
        result = steward(cli_process, home, "mail", "search", "statement")
        assert result.returncode == 0 and "no server answers on" in result.stderr
        assert result.stdout.strip()
    finally:
        left.unlink()


ASKING = """
import json, sys
from steward.cli import main
code = main(sys.argv[1:])
# a module whose loading waits for its first use (steward.cli.deferred) and was never used is not loaded
ran = sorted(name for name, module in sys.modules.items() if type(module).__name__ != "_Deferred")
sys.stderr.write("\\nMODULES " + json.dumps(ran) + "\\n")
raise SystemExit(code)
"""


def test_asking_the_server_loads_no_store_settings_or_engine(home: Path) -> None:
    """A command that the server answers is the parser and a socket: the rest is the server's."""
    import subprocess
    import sys

    env = {**os.environ, "STEWARD_HOME": str(home), "TZ": "UTC"}
    with serving(home):
        done = subprocess.run([sys.executable, "-c", ASKING, "chat", "-v", "what do I owe this month?"],
                              capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and "answered by the server running for this home" in done.stderr
    modules = set(json.loads(done.stderr.split("MODULES ", 1)[1]))
    loaded = sorted({"steward.app", "steward.settings", "steward.paths", "steward.store", "steward.assistant",
                     "sqlite3", "dataclasses", "pathlib", "tomllib"} & modules)
    assert not loaded, f"asking the server loaded {loaded}"
