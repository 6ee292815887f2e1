"""`steward mcp` over stdio, driven by the `mcp` SDK's own client: start-up and a read tool's round trip.

    .venv/bin/python bench/mcp_server.py [--size 10000] [--starts 10] [--repeat 100]

1. Start-up: the time from spawning `steward mcp` to the `tools/list` answer (process start, the
   handshake, the list), against spawning `python -c pass` in the same run.
2. Round trip: one connection to a home of `--size` generated messages; each read tool called
   `--repeat` times after one warm-up call (the first call opens the store).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "src"))

import anyio  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

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


def server(home: Path) -> StdioServerParameters:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "steward", "--home", str(home), "--now", NOW, "mcp"], env=env)


def start_up(home: Path, starts: int) -> tuple[list[float], list[float]]:
    """Milliseconds to the tools/list answer, and to the end of `python -c pass`, taking turns."""
    listed, bare = [], []

    async def one() -> None:
        t0 = time.perf_counter()
        async with Client(server(home), mode="legacy") as client:
            await client.list_tools()
            listed.append((time.perf_counter() - t0) * 1000)

    for _ in range(starts):
        anyio.run(one)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append((time.perf_counter() - t0) * 1000)
    return listed, bare


def round_trips(home: Path, repeat: int) -> dict[str, list[float]]:
    """Milliseconds per call of each read tool over one connection."""
    out: dict[str, list[float]] = {}

    async def run() -> None:
        async with Client(server(home), mode="legacy") as client:
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=100)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="steward-bench-mcp-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        (home / "config.toml").write_text('timezone = "Asia/Kolkata"\n', encoding="utf-8")
        base = [search_bench.parse_message(m.raw) for m in search_bench.generate(
            search_bench.NOW, seed=5, count=min(args.size, 10_000))]
        conn = connect(resolve_paths(str(home)).db_file)
        search_bench.fill(conn, base, args.size)
        conn.close()
        listed, bare = start_up(home, args.starts)
        print(f"start-up to tools/list: {summary(listed)}")
        print(f"python -c pass:         {summary(bare)}")
        print(f"ratio of medians: {sorted(listed)[len(listed) // 2] / sorted(bare)[len(bare) // 2]:.1f}x")
        for name, times in round_trips(home, args.repeat).items():
            print(f"{name:15s} round trip at {args.size:,} messages: {summary(times)}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
