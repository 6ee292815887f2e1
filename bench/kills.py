"""Writers killed with SIGKILL at random points, restarted, and counted: nothing lost, nothing twice.

    .venv/bin/python bench/kills.py [--kills 20] [--json]

Each writer runs as a real `steward` process on a home of its own; it is killed (SIGKILL, no chance to
tidy up) at a random moment `--kills` times, restarted each time, then run once more to the end. The
result is compared with a run of the same writer that was never killed: rows lost, rows twice. For
reminders the receiver's side is counted as well: a webhook receiver that takes 50 ms per request and
drops a repeat by its `Idempotency-Key`, as webhook receivers that can be trusted do.

Writers: mail import, the semantic index backfill, dues extraction, the appointment scan, reminder
firing (webhook) and the brief's delivery (webhook). Mail sync from a live IMAP server is proved the
same way against a real Dovecot in tests/test_mail_sync_crash.py.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

NOW = "2026-09-14T10:00:00+05:30"
LATER = "2026-09-15T18:00:00+05:30"  # every test reminder is due by then


class Receiver:
    """A webhook receiver that takes `delay` seconds per POST and keeps every key it was sent."""

    def __init__(self, delay: float = 0.05) -> None:
        self.keys: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                time.sleep(delay)
                outer.keys.append(self.headers.get("Idempotency-Key") or self.headers.get("X-Steward-Key") or "")
                try:
                    self.send_response(200)
                    self.end_headers()
                    self.wfile.write(b"ok")
                except OSError:
                    pass  # the sender was killed while waiting: it received nothing, as a real one would

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _steward(home: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "steward", "--home", str(home), *args]


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEWARD_")}
    env["STEWARD_EMBED_CACHE_DIR"] = str(Path(tempfile.gettempdir()) / "steward-bench-models")
    return {**env, **(extra or {})}


def _kill_runs(cmd: list[str], env: dict[str, str], kills: int, rng: random.Random,
               window: tuple[float, float]) -> int:
    """Start `cmd` and SIGKILL it after a random delay in `window`, `kills` times; the kills that landed."""
    landed = 0
    for _ in range(kills):
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(*window))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            landed += 1
        proc.wait(timeout=60)
    return landed


def _rows(db: Path, sql: str) -> Counter[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return Counter(tuple(r) for r in conn.execute(sql))
    finally:
        conn.close()


def _compare(clean: Counter[tuple[Any, ...]], killed: Counter[tuple[Any, ...]]) -> tuple[int, int]:
    lost = sum((clean - killed).values())
    twice = sum((killed - clean).values())
    return lost, twice


def _demo_home(root: Path, name: str) -> Path:
    home = root / name
    subprocess.run(_steward(home, "--now", NOW, "demo", "--no-serve"), env=_env(), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return home


def writer_import(root: Path, kills: int, rng: random.Random) -> dict[str, Any]:
    """`steward mail import` of the sample Maildir, killed and restarted."""
    from steward.sample import generate, write_maildir

    mail = write_maildir(generate(datetime.fromisoformat(NOW), count=1500), root / "import-mail")
    sql = "SELECT dedup_key, subject, category FROM messages"
    results = {}
    for label, n in (("clean", 0), ("killed", kills)):
        home = root / f"import-{label}"
        cmd = _steward(home, "--now", NOW, "mail", "import", str(mail), "--no-progress")
        landed = _kill_runs(cmd, _env(), n, rng, (0.5, 6.0))
        subprocess.run(cmd, env=_env(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        results[label] = (_rows(home / "steward.db", sql), landed)
    lost, twice = _compare(results["clean"][0], results["killed"][0])
    vectors = _rows(root / "import-killed" / "steward.db", "SELECT count(*) FROM messages m LEFT JOIN "
                    "message_vectors v ON v.message_rowid = m.id WHERE v.message_rowid IS NULL")
    return {"writer": "mail import", "kills": results["killed"][1], "lost": lost, "twice": twice,
            "rows": sum(results["clean"][0].values()), "without_vector": next(iter(vectors))[0]}


def writer_index(root: Path, kills: int, rng: random.Random) -> dict[str, Any]:
    """`steward mail index --rebuild` after an import made without vectors, killed and restarted."""
    from steward.sample import generate, write_maildir

    mail = write_maildir(generate(datetime.fromisoformat(NOW), count=1500), root / "index-mail")
    home = root / "index-home"
    subprocess.run(_steward(home, "--now", NOW, "mail", "import", str(mail), "--no-progress"),
                   env=_env({"STEWARD_SEMANTIC_SEARCH": "0"}), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    cmd = _steward(home, "mail", "index", "--no-progress")
    landed = _kill_runs(cmd, _env(), kills, rng, (1.0, 5.0))
    subprocess.run(cmd, env=_env(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = home / "steward.db"
    messages = next(iter(_rows(db, "SELECT count(*) FROM messages")))[0]
    vectors = _rows(db, "SELECT message_rowid FROM message_vectors")
    twice = sum(c - 1 for c in vectors.values() if c > 1)
    return {"writer": "mail index", "kills": landed, "lost": messages - len(vectors), "twice": twice,
            "rows": messages}


def _writer_on_demo(root: Path, kills: int, rng: random.Random, name: str, args: list[str], sql: str,
                    window: tuple[float, float], prepare: Callable[[Path], None] | None = None
                    ) -> dict[str, Any]:
    results = {}
    for label, n in (("clean", 0), ("killed", kills)):
        home = _demo_home(root, f"{name.replace(' ', '-')}-{label}")
        if prepare is not None:
            prepare(home)
        cmd = _steward(home, "--now", NOW, *args)
        landed = _kill_runs(cmd, _env(), n, rng, window)
        subprocess.run(cmd, env=_env(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        results[label] = (_rows(home / "steward.db", sql), landed)
    lost, twice = _compare(results["clean"][0], results["killed"][0])
    return {"writer": name, "kills": results["killed"][1], "lost": lost, "twice": twice,
            "rows": sum(results["clean"][0].values())}


def _clear_derived(home: Path) -> None:
    # the demo already extracted dues and scanned appointments: start the writer from nothing
    conn = sqlite3.connect(home / "steward.db")
    try:
        for table in ("due_sources", "finance_seen", "finance_accounts", "dues", "appointment_markers",
                      "appointment_items"):
            conn.execute(f"DELETE FROM {table}")
        conn.commit()
    finally:
        conn.close()


def writer_dues(root: Path, kills: int, rng: random.Random) -> dict[str, Any]:
    """`steward dues extract`, killed and restarted."""
    return _writer_on_demo(root, kills, rng, "dues extract", ["dues", "extract", "--since", "all"],
                           "SELECT issuer, account, amount, currency, due_date, status FROM dues", (0.3, 3.0),
                           prepare=_clear_derived)


def writer_appointments(root: Path, kills: int, rng: random.Random) -> dict[str, Any]:
    """`steward appointments scan`, killed and restarted."""
    return _writer_on_demo(root, kills, rng, "appointments scan", ["appointments", "scan"],
                           "SELECT provider, start_utc, status, reason FROM appointment_items", (0.3, 3.0),
                           prepare=_clear_derived)


def writer_reminders(root: Path, kills: int, rng: random.Random, count: int = 40) -> dict[str, Any]:
    """`steward scheduler run` firing `count` reminders to a 50 ms webhook receiver, killed and restarted."""
    receiver = Receiver(0.05)
    try:
        home = root / "reminders"
        env = _env({"STEWARD_NOTIFY_SINKS": '["webhook"]', "STEWARD_NOTIFY_WEBHOOK_URL": receiver.url})
        for n in range(count):
            subprocess.run(_steward(home, "--now", NOW, "remind", f"tomorrow at {9 + n // 10}:{(n % 10) * 5:02d}",
                                    f"task {n}"),
                           env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cmd = _steward(home, "--now", LATER, "scheduler", "run", "--interval", "0.2")
        landed = _kill_runs(cmd, env, kills, rng, (0.6, 3.0))
        subprocess.run(_steward(home, "--now", LATER, "scheduler", "run", "--once"), env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        receiver.close()
    seen = Counter(receiver.keys)
    fired = next(iter(_rows(home / "steward.db", "SELECT count(*) FROM reminders WHERE status = 'fired'")))[0]
    # "twice" as the receiver sees it: one that honours Idempotency-Key shows each key once; a send
    # repeated under a new key would be a true duplicate
    per_reminder = Counter(key.rsplit("-", 1)[0] for key in seen)
    return {"writer": "reminder firing", "kills": landed, "lost": count - len(per_reminder),
            "twice": sum(c - 1 for c in per_reminder.values()), "rows": count, "fired": fired,
            "posts": len(receiver.keys), "resent_with_the_same_key": sum(c - 1 for c in seen.values())}


def run(kills: int = 20, seed: int = 7, only: set[str] | None = None) -> list[dict[str, Any]]:
    """Every writer (or those in `only`), each killed `kills` times."""
    rng = random.Random(seed)
    writers = {"import": writer_import, "index": writer_index, "dues": writer_dues,
               "appointments": writer_appointments, "reminders": writer_reminders}
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, writer in writers.items():
            if only and name not in only:
                continue
            out.append(writer(Path(tmp), kills, rng))
    return out


def main() -> int:
    kills = int(sys.argv[sys.argv.index("--kills") + 1]) if "--kills" in sys.argv else 20
    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv else None
    rows = run(kills, only=only)
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return 0
    print(f"{'writer':<18} {'kills':>5} {'rows':>6} {'lost':>5} {'twice':>6}  notes")
    for r in rows:
        notes = ", ".join(f"{k} {v}" for k, v in r.items() if k not in ("writer", "kills", "rows", "lost", "twice"))
        print(f"{r['writer']:<18} {r['kills']:>5} {r['rows']:>6} {r['lost']:>5} {r['twice']:>6}  {notes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
