"""`steward serve` probed as an attacker on the same machine would probe it, on loopback.

A demo home is built, served with a scripted model (a real HTTP server on loopback), and every probe
is replayed against it: one line each, `held` when the server did what it must and `NOT HELD` when it
did not. Then the starvation figure: the p95 of reads (the reminders, a mail search, a turn Steward
answers without a model) with the server idle, and again while 30 slow model turns are under way.

    .venv/bin/python bench/attack.py [--slow-turns 30] [--seconds 10]

Exit 1 when a probe is not held. Traffic goes to 127.0.0.1 only and every loop is bounded.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile  # noqa: E402
from steward.llm.testing import RecordedRequest, Scripted, ScriptedModelServer, call, say  # noqa: E402

NOW = "2026-09-14T23:53:00+05:30"
MODEL_TEXT = "help me think through the garden plan"


@dataclass
class Server:
    base: str
    port: int
    home: Path
    proc: subprocess.Popen[bytes]
    log_path: Path
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"}

    def client(self, timeout: float = 60) -> httpx.Client:
        return httpx.Client(base_url=self.base, headers=self.auth, timeout=timeout)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(home: Path, env: dict[str, str]) -> Iterator[Server]:
    port = free_port()
    log_path = home.parent / "attack-serve.log"
    log = log_path.open("w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "steward", "--home", str(home), "--now", NOW, "serve",
                             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, **env})
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/static/style.css", timeout=2)
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"steward serve did not start; see {log_path}") from None
                time.sleep(0.2)
        token = (home / "serve-token").read_text(encoding="utf-8").strip()
        yield Server(f"http://127.0.0.1:{port}", port, home, proc, log_path, token)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def raw(server: Server, head: bytes, more: Iterator[bytes] | None = None) -> bytes:
    """A request written byte by byte; the server's answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(head)
        try:
            for chunk in more or ():
                sock.sendall(chunk)
        except OSError:
            pass
        data = b""
        try:
            while part := sock.recv(65536):
                data += part
        except OSError:
            pass
    return data


Probe = Callable[[Server, ScriptedModelServer], tuple[bool, str]]
PROBES: list[tuple[str, Probe]] = []


def probe(name: str) -> Callable[[Probe], Probe]:
    def add(fn: Probe) -> Probe:
        PROBES.append((name, fn))
        return fn
    return add


def propose(c: httpx.Client, model: ScriptedModelServer, session: str, what: str) -> str:
    model.enqueue(call("create_reminder", text=what, day="tomorrow", time="5 pm"), say("Shall I?"))
    trace = c.post("/chat", json={"text": f"I should {what.lower()} tomorrow at 5, can you help",
                                  "session": session}).json()
    return str(trace["tools"][0]["result"]["held_id"])


def reminders(c: httpx.Client) -> list[str]:
    return [r["text"] for r in c.get("/reminders").json()["reminders"]]


@probe("confirm after a later turn asked its own question (writes 'yes'?)")
def _confirm_other_question(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    # the card's write waits beside the later answer: its Confirm saves it, and never answers the other question
    with s.client() as c:
        held = propose(c, model, "p1", "Call Sam")
        c.post("/chat", json={"text": "remind me tomorrow at 10 am", "session": "p1"})
        r = c.post(f"/pending/{held}", json={"answer": "confirm"})
        written = [t for t in reminders(c) if t in ("yes", "Call Sam")]
    return r.status_code == 200 and written == ["Call Sam"], f"{r.status_code}, written {written or 'nothing'}"


@probe("confirm after a later model turn (writes what it replaced?)")
def _confirm_after_model(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    with s.client() as c:
        held = propose(c, model, "p2", "Pay rent")
        model.enqueue(say("I can't see the weather."))
        c.post("/chat", json={"text": "what's the weather like?", "session": "p2"})
        r = c.post(f"/pending/{held}", json={"answer": "confirm"})
        written = [t for t in reminders(c) if t == "Pay rent"]
    return r.status_code == 409 and not written, f"{r.status_code} {r.json().get('message', '')}"


@probe("double confirm writes once")
def _double_confirm(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    with s.client() as c:
        held = propose(c, model, "p3", "Feed the cat")
        first = c.post(f"/pending/{held}", json={"answer": "confirm"}).status_code
        second = c.post(f"/pending/{held}", json={"answer": "confirm"}).status_code
        count = reminders(c).count("Feed the cat")
    return first == 200 and second == 409 and count == 1, f"{first} then {second}, {count} written"


@probe("no token on loopback")
def _no_token(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    codes = [httpx.get(s.base + p, timeout=30).status_code for p in ("/health", "/reminders", "/mail/search?q=bank")]
    return all(c == 401 for c in codes), " ".join(map(str, codes))


@probe("a rebound DNS name without the token")
def _rebinding(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    r = httpx.get(s.base + "/reminders", headers={"host": f"evil.example:{s.port}"}, timeout=30)
    return r.status_code in (401, 421), str(r.status_code)


@probe("cross-site POST with the cookie")
def _cross_site(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    r = httpx.post(s.base + "/chat", json={"text": "remind me tomorrow at 9 am to x"}, timeout=30,
                   headers={"origin": "https://evil.example"}, cookies={"steward_token": s.token})
    return r.status_code == 403, str(r.status_code)


@probe("a forged log line in the path (%0A)")
def _log_forge(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    raw(s, f"GET /health%0A00:00:00%20INFO%20steward.web.access:%20forged HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n"
           f"Connection: close\r\n\r\n".encode())
    raw(s, f"GET /x%1b%5b2J%00 HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nConnection: close\r\n\r\n".encode())
    time.sleep(0.5)
    log = s.log()
    forged = [line for line in log.splitlines() if line.startswith("00:00:00 INFO steward.web.access: forged")]
    return not forged and "\x1b" not in log and "\x00" not in log, f"{len(forged)} forged line(s)"


@probe("the token in an encoded query name (%74oken=)")
def _token_logged(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    httpx.get(s.base + "/?%74oken=attack-marker-token-1234", timeout=30)
    time.sleep(0.5)
    return "attack-marker-token" not in s.log(), "redacted" if "attack-marker-token" not in s.log() else "logged"


@probe("search words in the access log")
def _q_logged(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    with s.client() as c:
        c.get("/mail/search", params={"q": "attackmarkerword"})
    time.sleep(0.5)
    return "attackmarkerword" not in s.log(), "redacted" if "attackmarkerword" not in s.log() else "logged"


@probe("mail-derived text in the jobs log at info")
def _jobs_log(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    lines = [line for line in s.log().splitlines() if re.match(r"\d\d:\d\d:\d\d INFO steward\.", line)]
    named = [line for line in lines if re.search(r"Saffron|Clearsight|Riverside|Kaveri", line)]
    return not named, f"{len(named)} line(s) name a provider or an issuer"


@probe("Host with userinfo, junk after [::1], two Hosts")
def _hosts(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    auth = f"Authorization: Bearer {s.token}\r\n"
    answers = []
    for hosts in (f"Host: user@127.0.0.1:{s.port}\r\n", f"Host: [::1]junk:{s.port}\r\n",
                  f"Host: 127.0.0.1:{s.port}\r\nHost: evil.example\r\n"):
        answer = raw(s, f"GET /health HTTP/1.1\r\n{hosts}{auth}Connection: close\r\n\r\n".encode())
        answers.append(answer[9:12].decode() or "closed")
    return all(a == "400" for a in answers), " ".join(answers)


@probe("a 50 MB request header")
def _big_header(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    sent = 0

    def chunks() -> Iterator[bytes]:
        nonlocal sent
        for _ in range(800):
            sent += 65536
            yield b"a" * 65536

    answer = raw(s, f"GET /health HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nX-Big: ".encode(), chunks())
    return answer.startswith(b"HTTP/1.1 431") and sent < 50 * 2**20, f"{answer[9:12].decode() or 'closed'} " \
                                                                     f"after {sent / 2**20:.1f} MiB sent"


@probe("a 2 MB body")
def _big_body(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    r = httpx.post(s.base + "/chat", content=b'{"text": "' + b"a" * 2_000_000 + b'"}', timeout=30,
                   headers={**s.auth, "content-type": "application/json"})
    return r.status_code == 413, str(r.status_code)


@probe("the home's modes (0700 / 0600)")
def _modes(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    loose = [p for p in [s.home, *s.home.rglob("*")] if not p.is_symlink() and p.stat().st_mode & 0o077]
    shown = ", ".join(f"{p.name} {stat.S_IMODE(p.stat().st_mode):o}" for p in loose[:3])
    return not loose, f"{len(loose)} loose" + (f": {shown}" if shown else "")


def slow_reply(release: threading.Event) -> Callable[[RecordedRequest], Scripted]:
    def reply(request: RecordedRequest) -> Scripted:
        release.wait(300)
        return say("Here is a plan.")
    return reply


@probe("more turns than the server holds (429 + Retry-After)")
def _bound(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    release = threading.Event()
    model.enqueue(*[slow_reply(release) for _ in range(40)])
    with ThreadPoolExecutor(40) as pool:
        def turn(i: int) -> httpx.Response:
            with s.client(timeout=300) as c:
                return c.post("/chat", json={"text": f"{MODEL_TEXT}, part {i}", "session": f"b{i}"})
        futures = [pool.submit(turn, i) for i in range(40)]
        with s.client() as c:
            for _ in range(600):
                if sum(f.done() for f in futures) >= 8 or c.get("/health").json()["turns"] >= 32:
                    break
                time.sleep(0.05)
        release.set()
        answers = [f.result() for f in futures]
    model.clear()
    busy = [a for a in answers if a.status_code == 429]
    ok = busy and all(int(a.headers.get("retry-after", "0")) > 0 for a in busy)
    return bool(ok), f"{len(busy)} of 40 refused with 429, {sum(a.status_code == 200 for a in answers)} answered"


@probe("a turn whose client left before its model call")
def _gone(s: Server, model: ScriptedModelServer) -> tuple[bool, str]:
    release = threading.Event()
    model.clear()
    asked = len(model.requests)
    model.enqueue(*[slow_reply(release) for _ in range(4)])
    with ThreadPoolExecutor(4) as pool:
        def turn(session: str) -> int:
            with s.client(timeout=300) as c:
                return c.post("/chat", json={"text": MODEL_TEXT, "session": session}).status_code
        held = [pool.submit(turn, f"g{i}") for i in range(2)]  # the two model slots
        with s.client() as c:
            for _ in range(600):
                if c.get("/health").json()["with_model"] >= 2:
                    break
                time.sleep(0.05)
            for i in range(2):  # two more, whose clients leave while they wait for a slot
                with c.stream("POST", "/chat/stream", json={"text": MODEL_TEXT, "session": f"left{i}"}) as r:
                    next(r.iter_lines())
        time.sleep(1.0)
        release.set()
        [f.result() for f in held]
    time.sleep(1.0)
    sent = len(model.requests) - asked
    model.clear()
    return sent == 2, f"the model was asked {sent} time(s) for 2 kept and 2 left turns"


def read_p95(s: Server, seconds: float) -> tuple[float, int]:
    """Reads one after another for `seconds`: the p95 in ms and how many."""
    ms: list[float] = []
    kinds = [("GET", "/reminders", None), ("GET", "/mail/search?q=invoice&limit=5", None),
             ("POST", "/chat", {"text": "what's my schedule tomorrow?", "session": "reader"})]
    with s.client() as c:
        end = time.monotonic() + seconds
        i = 0
        while time.monotonic() < end:
            method, path, body = kinds[i % len(kinds)]
            t0 = time.perf_counter()
            r = c.request(method, path, json=body)
            ms.append((time.perf_counter() - t0) * 1000)
            if r.status_code != 200:
                raise SystemExit(f"{method} {path}: {r.status_code} {r.text[:200]}")
            i += 1
    return percentile(ms, 95), len(ms)


def starvation(s: Server, model: ScriptedModelServer, turns: int, seconds: float) -> tuple[float, float, str]:
    idle, n_idle = read_p95(s, seconds)
    release = threading.Event()
    model.clear()
    model.enqueue(*[slow_reply(release) for _ in range(turns)])
    with ThreadPoolExecutor(turns) as pool:
        def turn(i: int) -> int:
            with s.client(timeout=600) as c:
                return c.post("/chat", json={"text": f"{MODEL_TEXT}, part {i}", "session": f"slow{i}"}).status_code
        futures = [pool.submit(turn, i) for i in range(turns)]
        with s.client() as c:
            for _ in range(1200):
                if c.get("/health").json()["with_model"] >= turns:
                    break
                time.sleep(0.05)
            under_way = c.get("/health").json()["with_model"]
        busy, n_busy = read_p95(s, seconds)
        release.set()
        codes = [f.result() for f in futures]
    note = (f"{n_idle} reads idle, {n_busy} under {under_way} model turns; "
            f"the slow turns then answered {codes.count(200)} of {turns}")
    return idle, busy, note


def build_home(folder: Path) -> Path:
    home = folder / "home"
    done = subprocess.run([sys.executable, "-m", "steward", "--home", str(home), "--now", NOW, "--json", "demo",
                           "--no-serve"], capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"the demo home could not be built: {done.stderr.strip()}")
    return home


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--slow-turns", type=int, default=30, help="slow model turns under way (default 30)")
    parser.add_argument("--seconds", type=float, default=10, help="how long each read figure is measured")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="steward-attack-"))
    try:
        os.umask(0o022)  # a shell's usual umask: the home must be private all the same
        home = build_home(folder)
        print(f"attack: a demo home served with a scripted model on loopback (load {os.getloadavg()[0]:.2f})")
        failed = 0
        with ScriptedModelServer() as model, serving(home, {"STEWARD_LLM_TIER2": model.tier("ollama")}) as s:
            with s.client() as c:  # the scheduled jobs have their first runs before the probes
                for _ in range(1200):
                    jobs = c.get("/health").json()["jobs"]
                    if jobs and all(j["runs"] >= 1 for j in jobs):
                        break
                    time.sleep(0.1)
            for name, fn in PROBES:
                try:
                    ok, detail = fn(s, model)
                except Exception as exc:  # noqa: BLE001 - a probe that breaks is reported, the rest go on
                    ok, detail = False, f"{type(exc).__name__}: {exc}"
                failed += not ok
                print(f"  {'held    ' if ok else 'NOT HELD'}  {name}: {detail}")
            idle, busy, note = starvation(s, model, args.slow_turns, args.seconds)
        ratio = busy / idle if idle else float("nan")
        print(f"  starvation: read p95 {idle:.1f} ms idle, {busy:.1f} ms under {args.slow_turns} slow model turns "
              f"({ratio:.2f}x; target <= 2x -> {'met' if ratio <= 2 else 'NOT met'}); {note}")
        print(json.dumps({"probes": len(PROBES), "not_held": failed, "read_p95_idle_ms": round(idle, 1),
                          "read_p95_busy_ms": round(busy, 1), "ratio": round(ratio, 2)}))
        return 1 if failed or ratio > 2 else 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
