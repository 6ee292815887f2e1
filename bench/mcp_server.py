"""`steward mcp` over stdio, driven by the `mcp` SDK's own client: start-up and a read tool's round trip.

    .venv/bin/python bench/mcp_server.py [--size 10000] [--starts 10] [--repeat 100] [--home DIR]

1. Start-up: the time from spawning `steward mcp` to the `tools/list` answer (process start, the
   handshake, the list), against spawning `python -c pass` in the same run, taking turns; beside the
   wall time, the CPU time each process used (user + system, from the kernel's accounting of the
   children), which other jobs on a shared machine do not inflate. The servers run as an installed
   Steward does: byte code written and reused (PYTHONDONTWRITEBYTECODE is dropped from their
   environment and one uncounted start compiles it).
2. Round trip: one connection to a home of `--size` generated messages; each read tool called
   `--repeat` times after one warm-up call (the first call opens the store).
3. Over HTTP: `steward serve` on the same home, then `--starts` new MCP sessions at `/mcp` (the SDK's
   streamable-HTTP client), each timed from connecting to the `tools/list` answer after one
   uncounted session (the first request to /mcp loads the SDK), and each read tool's round trip.

`--probes` measures instead where start-up goes: fresh processes that each import one part of what
`steward mcp` loads (pydantic, the protocol types, the SDK's server, Steward's toolbox), CPU time,
`--starts` runs taking turns.

`--home DIR` keeps the generated home there and reuses it on the next run (building 10,000 messages
takes a while); without it the home is a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "src"))

import anyio  # noqa: E402
import httpx2  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

sys.path.insert(0, str(BENCH))
import search as search_bench  # noqa: E402  (its generated store: the same mail the search bench measures)
from common import summary  # noqa: E402
from steward.paths import resolve_paths  # noqa: E402
from steward.store import connect  # noqa: E402

NOW = "2026-09-14T12:00:00+05:30"
READS: list[tuple[str, dict[str, Any]]] = [
    ("search_inbox", {"query": "from:kaveribank.in statement", "limit": 10}),
    ("analyze_inbox", {"query": "payment due"}),
    ("list_schedule", {"day": "tomorrow"}),
    ("list_reminders", {}),
    ("ask_steward", {"question": "how many emails did I get from Kaveri Bank?"}),
]


def installed_env() -> dict[str, str]:
    """The environment of a server run as installed: byte code written and reused."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(BENCH.parent / "src")}


def server(home: Path) -> StdioServerParameters:
    env = installed_env()
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "steward", "--home", str(home), "--now", NOW, "mcp"], env=env)


def children_cpu() -> float:
    """Milliseconds of CPU used so far by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def start_up(home: Path, starts: int) -> dict[str, list[float]]:
    """Wall milliseconds to the tools/list answer and the server's CPU milliseconds, taking turns with
    `python -c pass` (its wall and CPU milliseconds)."""
    out: dict[str, list[float]] = {"listed": [], "listed_cpu": [], "bare": [], "bare_cpu": []}

    async def one() -> float:
        t0 = time.perf_counter()
        async with Client(server(home), mode="legacy") as client:
            await client.list_tools()
            return (time.perf_counter() - t0) * 1000

    anyio.run(one)  # uncounted: writes the byte code an install has
    for _ in range(starts):
        cpu0 = children_cpu()
        out["listed"].append(anyio.run(one))
        out["listed_cpu"].append(children_cpu() - cpu0)  # the server has exited: the SDK client waits for it
        cpu0, t0 = children_cpu(), time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=installed_env())
        out["bare"].append((time.perf_counter() - t0) * 1000)
        out["bare_cpu"].append(children_cpu() - cpu0)
    return out


def round_trips(home: Path, repeat: int, target: Any = None) -> dict[str, list[float]]:
    """Milliseconds per call of each read tool over one connection (stdio, or `target()`'s transport)."""
    out: dict[str, list[float]] = {}

    async def run() -> None:
        async with Client(target() if target else server(home), mode="legacy") as client:
            for name, args in READS:
                first = await client.call_tool(name, args)
                assert not first.is_error, first.content
                times = []
                for _ in range(repeat):
                    t0 = time.perf_counter()
                    await client.call_tool(name, args)
                    times.append((time.perf_counter() - t0) * 1000)
                out[name] = times

    anyio.run(run)
    return out


@contextmanager
def serving(home: Path) -> Iterator[tuple[str, str]]:
    """`steward serve` on `home` at a free port until the block ends: its base URL and its token, once
    each of its scheduled jobs has had its first run (they read the whole mailbox; the embedding of
    the generated mail is left off, as a home whose vectors are done has nothing of it to do)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cmd = [sys.executable, "-m", "steward", "--home", str(home), "--now", NOW, "serve", "--port", str(port)]
    env = {**installed_env(), "STEWARD_SEMANTIC_SEARCH": "0"}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 600
        token = ""
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("steward serve did not start, or its jobs did not run")
            try:
                token = token or resolve_paths(str(home)).token_file.read_text(encoding="utf-8").strip()
                jobs = httpx2.get(base + "/health", timeout=5, headers={"authorization": f"Bearer {token}"}
                                  ).json()["jobs"]
                if jobs and all(job["runs"] >= 1 for job in jobs):
                    break
            except (httpx2.TransportError, OSError, KeyError, ValueError):
                pass
            time.sleep(0.5)
        yield base, token
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def over_http(home: Path, starts: int, repeat: int) -> tuple[list[float], dict[str, list[float]]]:
    """Milliseconds from connecting to /mcp to the tools/list answer for new sessions, and the reads."""
    with serving(home) as (base, token):
        @asynccontextmanager
        async def transport() -> AsyncIterator[Any]:
            async with httpx2.AsyncClient(headers={"authorization": f"Bearer {token}"}, timeout=120) as http, \
                    streamable_http_client(base + "/mcp", http_client=http) as streams:
                yield streams

        async def one() -> float:
            t0 = time.perf_counter()
            async with Client(transport(), mode="legacy") as client:
                await client.list_tools()
                return (time.perf_counter() - t0) * 1000

        anyio.run(one)  # uncounted: the first request to /mcp loads the SDK in the server
        listed = [anyio.run(one) for _ in range(starts)]
        return listed, round_trips(home, repeat, transport)


SDK_SERVER = ("from steward.mcp.stdio import DEFERRED_INITS, defer_package_init\n"
              "for name in DEFERRED_INITS: defer_package_init(name)\n"
              "import mcp.server.lowlevel.server, mcp.server.stdio, mcp.server.request_state, mcp.server.context\n")
PROBES = {
    "python -c pass": "pass",
    "import pydantic": "import pydantic",
    "import mcp_types (the protocol's types)": "import mcp_types",
    "the SDK's server, as steward mcp loads it": SDK_SERVER,
    "the same from the SDK's whole package": "import mcp.server.lowlevel.server, mcp.server.stdio, "
                                              "mcp.server.request_state, mcp.server.context",
    "the first, plus Steward's toolbox and door": SDK_SERVER + "import steward.assistant.toolset as t, "
                                                  "steward.mcp.door, steward.mcp.answers\nt.all_tools()",
}


def probes(home: Path, runs: int) -> dict[str, list[float]]:
    """CPU milliseconds of fresh processes importing each part, and of `steward mcp` to tools/list."""
    out: dict[str, list[float]] = {name: [] for name in [*PROBES, "steward mcp to the tools/list answer"]}

    async def listed() -> None:
        async with Client(server(home), mode="legacy") as client:
            await client.list_tools()

    anyio.run(listed)  # uncounted: writes the byte code an install has
    for _ in range(runs):
        for name, code in PROBES.items():
            cpu0 = children_cpu()
            subprocess.run([sys.executable, "-c", code], check=True, env=installed_env())
            out[name].append(children_cpu() - cpu0)
        cpu0 = children_cpu()
        anyio.run(listed)
        out["steward mcp to the tools/list answer"].append(children_cpu() - cpu0)
    return out


def build_home(home: Path, size: int) -> None:
    """A home of `size` generated messages (the search bench's mail), unless `home` already has one."""
    db = resolve_paths(str(home)).db_file
    if db.exists():
        conn = connect(db)
        have = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        conn.close()
        if have == size:
            return
        raise SystemExit(f"{home} holds {have:,} messages, not {size:,}: give another --home")
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('timezone = "Asia/Kolkata"\n', encoding="utf-8")
    base = [search_bench.parse_message(m.raw) for m in search_bench.generate(
        search_bench.NOW, seed=5, count=min(size, 10_000))]
    conn = connect(db)
    search_bench.fill(conn, base, size)
    conn.close()


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--home", type=Path, help="keep the generated home here and reuse it")
    parser.add_argument("--probes", action="store_true", help="measure where start-up goes, and nothing else")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    if args.probes:
        with tempfile.TemporaryDirectory(prefix="steward-bench-mcp-") as tmp:
            for name, cpu in probes(Path(tmp) / "home", args.starts).items():
                print(f"{name:45s} CPU {summary(cpu)}")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return 0
    with tempfile.TemporaryDirectory(prefix="steward-bench-mcp-") as tmp:
        home = args.home or Path(tmp) / "home"
        build_home(home, args.size)
        starts = start_up(home, args.starts)
        print(f"start-up to tools/list: {summary(starts['listed'])}; CPU {summary(starts['listed_cpu'])}")
        print(f"python -c pass:         {summary(starts['bare'])}; CPU {summary(starts['bare_cpu'])}")
        print(f"ratio of medians: wall {median(starts['listed']) / median(starts['bare']):.1f}x, "
              f"CPU {median(starts['listed_cpu']) / median(starts['bare_cpu']):.1f}x")
        for name, times in round_trips(home, args.repeat).items():
            print(f"{name:15s} round trip at {args.size:,} messages: {summary(times)}")
        listed, reads = over_http(home, args.starts, args.repeat)
        print(f"over HTTP, a new session to tools/list: {summary(listed)}")
        for name, times in reads.items():
            print(f"{name:15s} round trip over HTTP: {summary(times)}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
