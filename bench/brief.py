"""The daily brief at a 100k-message store: how long it takes to build, and each section's share.

    .venv/bin/python bench/brief.py [--size 100000] [--repeat 50]

The store is filled as bench/search.py fills it (10k generated messages repeated with distinct keys and
dates shifted back), with 500 open dues across currencies and kinds, and today's and tomorrow's
reminders and events. Measured: `BriefService.build` in-process (what `steward brief`, the web page
and the morning routine run; target p95 <= 100 ms), its sections one by one, and `steward brief` as a
process (Python start-up included) for comparison.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import percentile, summary, time_calls  # noqa: E402
from search import NOW, fill  # noqa: E402
from steward.app import build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.mail.parse import parse_message  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.records.finance import NewDue  # noqa: E402
from steward.sample import generate  # noqa: E402
from steward.settings import load  # noqa: E402
from steward.store import connect, write_txn  # noqa: E402
from steward.store import finance as dues_repo  # noqa: E402

KINDS = ("card", "loan", "utility", "telecom", "insurance", "rent", "subscription", "tax")
CURRENCIES = ("INR", "USD", "EUR", "GBP")


def add_dues(conn, count: int) -> None:
    """`count` open dues, one per (issuer, account), due over the next 60 days and some overdue."""
    first = int(conn.execute("SELECT min(id) FROM messages").fetchone()[0])
    with write_txn(conn):
        _add(conn, first, count)


def _add(conn, first: int, count: int) -> None:
    for i in range(count):
        due = (NOW + timedelta(days=(i % 70) - 10)).date()
        dues_repo.insert_due(conn, NewDue(
            issuer=f"Issuer {i % 60}", kind=KINDS[i % len(KINDS)], account=f"{1000 + i:04d}",
            amount=Decimal(f"{100 + i * 7}.{i % 100:02d}"), minimum=None, currency=CURRENCIES[i % len(CURRENCIES)],
            due_date=due, zone="Asia/Kolkata", autopay=i % 5 == 0, message_id=first + i, excerpt="",
            method="pattern", statement_at=NOW - timedelta(days=20)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    base = [parse_message(m.raw) for m in generate(NOW, seed=5, count=10_000)]
    with tempfile.TemporaryDirectory(prefix="steward-bench-brief-") as tmp:
        home = Path(tmp)
        conn = connect(home / "steward.db")
        t0 = time.perf_counter()
        fill(conn, base, args.size)
        add_dues(conn, 500)
        conn.close()
        print(f"{args.size:,} messages and 500 dues (filled in {time.perf_counter() - t0:.1f} s)")
        env = {"STEWARD_SEMANTIC_SEARCH": "0", "STEWARD_SEMANTIC_ROUTER": "0"}
        app = build_app(load(None, environ=env), make_clock("Asia/Kolkata", NOW), Paths(home, home))
        for i in range(6):
            app.calendar.create_reminder(f"task {i}", NOW + timedelta(hours=1 + i * 4), provenance={"via": "cli"})
            app.calendar.create_event(f"meeting {i}", NOW + timedelta(hours=2 + i * 5), provenance={"via": "cli"})
        brief = app.brief.build(NOW)
        counts = {s.slot: len(s.items) for s in brief.sections}
        print("  items per section: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        shares: dict[str, list[float]] = {s.slot: [] for s in brief.sections}
        totals: list[float] = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            built = app.brief.build(NOW)
            totals.append((time.perf_counter() - t0) * 1000)
            for slot, ms in built.timings.items():
                shares[slot].append(ms)
        print(f"  BriefService.build (the brief, in-process): {summary(totals)}  (target p95 <= 100 ms)")
        mean_total = sum(totals) / len(totals)
        for slot, ms in shares.items():
            mean = sum(ms) / len(ms)
            print(f"    {slot:13s} p50 {percentile(ms, 50):6.2f} ms  p95 {percentile(ms, 95):6.2f} ms  "
                  f"share {100 * mean / mean_total:5.1f}%")
        app.close()
        cmd = [sys.executable, "-m", "steward", "--home", str(home), "--now", NOW.isoformat(), "brief"]
        penv = {**{k: v for k, v in os.environ.items() if not k.startswith("STEWARD_")}, **env}
        process = time_calls(lambda: subprocess.run(cmd, env=penv, check=True, capture_output=True), 10)
        print(f"  steward brief as a process (start-up included): {summary(process)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
