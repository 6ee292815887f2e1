"""`steward serve` under load: 20 concurrent clients for 30 s against a 100k-message home, on loopback.

Each client keeps one HTTP/1.1 connection and sends, one after another with no pause, a mix of
intercept turns (`POST /chat`: a reminder written through the calendar's write path, or "what's my
schedule tomorrow?") and mail searches (`GET /mail/search`), in its own session. Latency is measured
by the client from the first byte sent to the last byte read. Targets: 0 errors; intercept turns
p95 <= 50 ms. The same mix from one client (no queueing) is run first as the baseline.

The client is a few lines of asyncio over raw sockets, so the load generator costs as little CPU as
possible: on a 2-core machine it shares the cores with the server.

    .venv/bin/python bench/serve.py [--messages 100000] [--clients 20] [--seconds 30] [--home DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile  # noqa: E402
from turn import NOW, build_home  # noqa: E402

SEARCHES = ["statement", "payment due", "from:kaveribank.in", "credit card", "dinner saturday",
            '"received your payment"', "transaction alert", "appointment rescheduled", "subject:receipt order",
            "autopay after:2026-08-01"]


@dataclass
class Sample:
    kind: str
    ms: float
    ok: bool
    detail: str = ""


class Connection:
    """One keep-alive HTTP/1.1 connection speaking just enough of the protocol for this bench."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict[str, object] | None = None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            payload = await self.reader.readexactly(int(headers["content-length"]))
        else:  # chunked
            parts = []
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                parts.append(chunk[:-2])
            payload = b"".join(parts)
        return status, payload

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def client(n: int, port: int, until: float, samples: list[Sample], run: str) -> None:
    conn = Connection("127.0.0.1", port)
    i = 0
    try:
        while time.perf_counter() < until:
            step = (i + n) % 4
            if step == 0:
                kind = "turn: reminder (writes)"
                body = {"text": f"remind me tomorrow at {9 + i % 10}:{i % 60:02d} to call supplier {run}-{n}-{i}",
                        "session": f"bench-{n}"}
                method, path = "POST", "/chat"
            elif step == 2:
                kind = "turn: schedule query"
                body, method, path = {"text": "what's my schedule tomorrow?", "session": f"bench-{n}"}, "POST", "/chat"
            else:
                kind = "search"
                body, method = None, "GET"
                path = "/mail/search?limit=20&q=" + quote(SEARCHES[(i * 7 + n) % len(SEARCHES)])
            started = time.perf_counter()
            try:
                status, payload = await conn.request(method, path, body)
                ok = status == 200
                detail = "" if ok else f"{status} {payload[:200]!r}"
                if ok and method == "POST":
                    trace = json.loads(payload)
                    ok = trace["handled_by"] in ("reminder_creation", "schedule_query") and (
                        step != 0 or bool(trace["writes"]))
                    detail = "" if ok else f"unexpected trace: {trace['handled_by']} {trace['reply'][:100]}"
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                ok, detail = False, f"{type(exc).__name__}: {exc}"
                conn.close()
                conn = Connection("127.0.0.1", port)
            samples.append(Sample(kind, (time.perf_counter() - started) * 1000, ok, detail))
            i += 1
    finally:
        conn.close()


async def load(port: int, clients: int, seconds: float, run: str) -> list[Sample]:
    samples: list[Sample] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(*(client(n, port, until, samples, f"{run}") for n in range(clients)))
    return samples


def report(title: str, samples: list[Sample], seconds: float) -> dict[str, float]:
    by_kind: dict[str, list[float]] = defaultdict(list)
    errors = [s for s in samples if not s.ok]
    for s in samples:
        by_kind[s.kind].append(s.ms)
    turns = by_kind["turn: reminder (writes)"] + by_kind["turn: schedule query"]
    print(f"\n{title}: {len(samples):,} requests in {seconds:.0f} s ({len(samples) / seconds:.0f}/s), "
          f"{len(errors)} errors")
    for kind in sorted(by_kind):
        ms = by_kind[kind]
        print(f"  {kind:26s} n={len(ms):6,}  p50 {percentile(ms, 50):7.1f} ms  p95 {percentile(ms, 95):7.1f} ms"
              f"  p99 {percentile(ms, 99):7.1f} ms")
    print(f"  {'intercept turns (all)':26s} n={len(turns):6,}  p50 {percentile(turns, 50):7.1f} ms  "
          f"p95 {percentile(turns, 95):7.1f} ms")
    for e in errors[:5]:
        print(f"  error: {e.kind}: {e.detail}")
    return {"errors": len(errors), "turn_p95": percentile(turns, 95)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--home", type=Path, default=None, help="a bench home to build or reuse")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="steward-bench-serve-")) / "home"
    home.mkdir(parents=True, exist_ok=True)
    print(f"serve: {args.clients} clients for {args.seconds:.0f} s at a {args.messages:,}-message store, loopback")
    build_home(home, args.messages)
    port = free_port()
    log = open(home.parent / "serve-bench.log", "w", encoding="utf-8")  # noqa: SIM115 - closed below
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "steward", "--home", str(home), "--now", NOW, "serve",
                             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"steward serve did not start; see {log.name}") from None
                time.sleep(0.2)
        run = str(int(time.time()))
        asyncio.run(load(port, 2, 3, run + "w"))  # warm: imports, caches, first queries
        base = asyncio.run(load(port, 1, min(10.0, args.seconds), run + "b"))
        report("1 client (no queueing)", base, min(10.0, args.seconds))
        samples = asyncio.run(load(port, args.clients, args.seconds, run))
        result = report(f"{args.clients} clients", samples, args.seconds)
        met = result["errors"] == 0 and result["turn_p95"] <= 50
        print(f"  target: 0 errors and intercept-turn p95 <= 50 ms -> {'met' if met else 'NOT met'}")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
    print(f"  server stopped with exit code {proc.returncode}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
