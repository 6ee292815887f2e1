"""`steward serve` under load: 20 concurrent clients for 30 s against a 100k-message home, on loopback.

Each client keeps one HTTP/1.1 connection and sends, one after another with no pause, a mix of
intercept turns (`POST /chat`: "remind me on October 3 at 9:30 to …", written through the calendar's
write path, or "what's my schedule on October 3?") and hybrid mail searches (`GET /mail/search`), in
its own session. The days of reminders and schedule questions spread over the next 90 days, as a
person's do: piled on one day, every schedule question would list the thousands the bench itself
wrote. Latency is measured by the client from the first byte sent to the last byte read. Targets: 0
errors; intercept turns p95 <= 50 ms. The same mix from one client (no queueing) is run first as the
baseline. Measuring starts once the server's scheduled jobs (reminders, dues, appointments, vectors)
have had their first runs: at start-up they read the whole store, which is a cost of starting, not of
serving.

The home: the sample mailbox imported up to `--messages`, lexical-only (embedding 100k messages takes
an hour or more here), then every message gets a vector: the first 1,000 embedded for real, the rest
near copies of them (see `build_serve_home`), so each search does the whole of hybrid search's work.
The home is built once (or reused with `--home`) and each run's server works on a copy of it, so
the reminders one run writes are not in the next run's schedule questions.

The client is a few lines of asyncio over raw sockets, so the load generator costs as little CPU as
possible: on a 2-core machine it shares the cores with the server.

The mix repeats ten search queries, and the server keeps the vectors of recent queries
(`search.query_cache`), so after the warm-up no search embeds its query; `--query-cache 0` runs the
server with that cache off, so every search embeds its query as a first search does.

    .venv/bin/python bench/serve.py [--messages 100000] [--clients 20] [--seconds 30] [--home DIR]
                                    [--query-cache 0] [--processes 2 --workers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
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
from turn import NOW, build_home, day_words  # noqa: E402

SEARCHES = ["statement", "payment due", "from:kaveribank.in", "credit card", "dinner saturday",
            '"received your payment"', "transaction alert", "appointment rescheduled", "subject:receipt order",
            "autopay after:2026-08-01"]


@dataclass
class Sample:
    kind: str
    ms: float
    ok: bool
    detail: str = ""


# the server's token (the home's own, read once it has started), sent with every request
AUTH: dict[str, str] = {}


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
        auth = "".join(f"{k}: {v}\r\n" for k, v in AUTH.items())
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{auth}"
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


async def client(n: int, port: int, until: float, samples: list[Sample], run: str,
                 processes: dict[int, int] | None = None) -> None:
    conn = Connection("127.0.0.1", port)
    i = 0
    try:
        if processes is not None:  # which server process took this connection (untimed)
            _, health = await conn.request("GET", "/health")
            pid = int(json.loads(health)["process"])
            processes[pid] = processes.get(pid, 0) + 1
        while time.perf_counter() < until:
            step = (i + n) % 4
            if step == 0:
                kind = "turn: reminder (writes)"
                body = {"text": f"remind me on {day_words(n * 7 + i)} at {9 + i % 10}:{i % 60:02d} to call supplier "
                                f"{run}-{n}-{i}", "session": f"bench-{n}"}
                method, path = "POST", "/chat"
            elif step == 2:
                kind = "turn: schedule query"
                body = {"text": f"what's my schedule on {day_words(n * 11 + i)}?", "session": f"bench-{n}"}
                method, path = "POST", "/chat"
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
                    ok = trace["handled_by"] in ("reminder_creation", "reader") and (
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


async def load(port: int, clients: int, seconds: float, run: str, processes: dict[int, int] | None = None
               ) -> list[Sample]:
    samples: list[Sample] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(*(client(n, port, until, samples, f"{run}", processes) for n in range(clients)))
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


def server_cpu(pid: int) -> float:
    """CPU seconds used so far by the server process `pid` and every process under it (its helpers)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    mine, grew = {pid}, True
    while grew:
        more = {p for p, (parent, _) in stats.items() if parent in mine} - mine
        mine |= more
        grew = bool(more)
    return sum(stats[p][1] for p in mine if p in stats)


def cpu_line(used: float, requests: int, seconds: float) -> str:
    """The server's CPU over a run: cores busy, and milliseconds a request (turns and searches mixed)."""
    return f"  server CPU: {used / seconds:.2f} cores, {1000 * used / max(requests, 1):.1f} ms a request"


REAL_VECTORS = 1000


def build_serve_home(home: Path, messages: int) -> None:
    """A home of `messages` sample messages, every one with a vector for semantic search.

    Embedding 100k messages takes an hour or more on two shared cores, so the store is imported
    lexical-only, the first REAL_VECTORS messages are embedded for real, and every other message gets a
    copy of a random real vector with a little noise: hybrid search then does the whole of its work
    (query embedding, the int8 product over every vector, similar hits above `search.min_similarity`
    to fuse and load), as over vectors of its own.
    """
    import numpy as np

    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.search.vectors import decode, encode
    from steward.settings import load as load_settings
    from steward.store.messages import get_messages

    saved = os.environ.get("STEWARD_SEMANTIC_SEARCH")
    os.environ["STEWARD_SEMANTIC_SEARCH"] = "0"
    try:
        build_home(home, messages)
    finally:
        if saved is None:
            del os.environ["STEWARD_SEMANTIC_SEARCH"]
        else:
            os.environ["STEWARD_SEMANTIC_SEARCH"] = saved
    env = {"STEWARD_HOME": str(home), "STEWARD_SEMANTIC_SEARCH": "1"}
    app = build_app(load_settings(environ=env), make_clock("Asia/Kolkata", NOW), resolve_paths(environ=env))
    try:
        missing = [r[0] for r in app.db.execute(
            "SELECT id FROM messages WHERE id NOT IN (SELECT message_rowid FROM message_vectors) ORDER BY id")]
        if not missing:
            return
        t0 = time.perf_counter()
        have = app.db.execute("SELECT count(*) FROM message_vectors").fetchone()[0]
        if have < REAL_VECTORS:
            real = missing[:REAL_VECTORS - have]
            found = get_messages(app.db, real)
            vectors = app.embedder.embed([found[i].embed_text() for i in real])
            app.db.execute("BEGIN")
            app.db.executemany("INSERT INTO message_vectors (message_rowid, vector) VALUES (?, ?)", list(zip(real, encode(vectors), strict=True)))
            app.db.execute("COMMIT")
            missing = missing[len(real):]
        blobs = [r[0] for r in app.db.execute("SELECT vector FROM message_vectors LIMIT ?", (REAL_VECTORS,))]
        matrix, scales = decode(blobs, 384)
        pool = matrix.astype(np.float32) * scales[:, None]
        rng = np.random.default_rng(0)
        app.db.execute("BEGIN")
        for start in range(0, len(missing), 10_000):
            chunk = missing[start:start + 10_000]
            rows = pool[rng.integers(0, len(pool), len(chunk))] + rng.normal(0, 0.02, (len(chunk), 384)).astype(np.float32)
            rows /= np.linalg.norm(rows, axis=1, keepdims=True)
            app.db.executemany("INSERT INTO message_vectors (message_rowid, vector) VALUES (?, ?)", list(zip(chunk, encode(rows), strict=True)))
        app.db.execute("COMMIT")
        print(f"  vectors: {min(REAL_VECTORS, have + len(missing)):,} embedded, the rest near copies of them, "
              f"in {time.perf_counter() - t0:.0f} s")
    finally:
        app.close()


def settle_jobs(port: int, timeout: float = 600.0) -> None:
    """Wait until every scheduled job has had its first run (they run one after another on one thread,
    the last to start after the others ended), so the load meets a server in its steady state rather
    than one still reading a 100k-message store for appointments and dues at start-up."""
    import urllib.request

    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/health", headers=AUTH)
        with urllib.request.urlopen(request, timeout=30) as r:
            jobs = json.loads(r.read())["jobs"]
        if jobs and all(j["runs"] >= 1 for j in jobs):  # a helper process (serve.processes) lists none
            time.sleep(2.0)
            print(f"  the server's jobs ({', '.join(j['name'] for j in jobs)}) had their first runs in "
                  f"{time.monotonic() - t0:.0f} s; measuring from here")
            return
        time.sleep(1.0)
    print(f"  the server's jobs had not all run after {timeout:.0f} s; measuring anyway")


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
    parser.add_argument("--query-cache", type=int, default=None, metavar="N",
                        help="the server's search.query_cache (0: every search embeds its query)")
    parser.add_argument("--processes", type=int, default=None, metavar="N", help="the server's serve.processes")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="the server's serve.workers (threads of each process that take searches)")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="steward-bench-serve-")) / "home"
    home.mkdir(parents=True, exist_ok=True)
    print(f"serve: {args.clients} clients for {args.seconds:.0f} s at a {args.messages:,}-message store, loopback")
    build_serve_home(home, args.messages)
    # the server runs on a copy: the reminders a run writes must not pile up in the next run's home
    # (schedule questions read them)
    scratch = Path(tempfile.mkdtemp(prefix="steward-bench-serve-run-"))
    built, home = home, scratch / "home"
    shutil.copytree(built, home)
    port = free_port()
    log = open(built.parent / "serve-bench.log", "w", encoding="utf-8")  # noqa: SIM115 - closed below
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if args.query_cache is not None:
        env["STEWARD_SEARCH_QUERY_CACHE"] = str(args.query_cache)
        print(f"  search.query_cache = {args.query_cache}")
    for name, value in (("processes", args.processes), ("workers", args.workers)):
        if value is not None:
            env[f"STEWARD_SERVE_{name.upper()}"] = str(value)
            print(f"  serve.{name} = {value}")
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
        token = home / "serve-token"  # made by the server at its start, before it listens
        if token.exists():
            AUTH["Authorization"] = f"Bearer {token.read_text(encoding='utf-8').strip()}"
        settle_jobs(port)
        run = str(int(time.time()))
        asyncio.run(load(port, 2, 3, run + "w"))  # warm: imports, caches, first queries
        used = server_cpu(proc.pid)
        base = asyncio.run(load(port, 1, min(10.0, args.seconds), run + "b"))
        report("1 client (no queueing)", base, min(10.0, args.seconds))
        used, was = server_cpu(proc.pid), used
        print(cpu_line(used - was, len(base), min(10.0, args.seconds)))
        processes: dict[int, int] = {}
        mine = time.process_time()
        samples = asyncio.run(load(port, args.clients, args.seconds, run, processes))
        result = report(f"{args.clients} clients", samples, args.seconds)
        print(cpu_line(server_cpu(proc.pid) - used, len(samples), args.seconds)
              + f"; the clients: {(time.process_time() - mine) / args.seconds:.2f} cores")
        if len(processes) > 1:
            print(f"  connections per server process: {' / '.join(str(n) for n in sorted(processes.values(), reverse=True))}")
        met = result["errors"] == 0 and result["turn_p95"] <= 50
        print(f"  target: 0 errors and intercept-turn p95 <= 50 ms -> {'met' if met else 'NOT met'}")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"  server stopped with exit code {proc.returncode}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
