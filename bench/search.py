"""Search and analyze latency at 10k and 100k messages, in-process, on the user's clock.

The store is filled from the sample generator: 10k generated messages, parsed once; the 100k store
repeats them with distinct keys and dates shifted back by 90-day steps (the FTS index and the rows have
the real shape of mail; only the words repeat). Targets: search p95 <= 20 ms; analyze over 1,000
matches <= 30 ms.

    .venv/bin/python bench/search.py [--sizes 10000,100000] [--repeat 30]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import summary, time_calls  # noqa: E402
from steward.clock import Clock  # noqa: E402
from steward.mail.ingest import store_parsed  # noqa: E402
from steward.mail.parse import parse_message  # noqa: E402
from steward.records.mail import FileSource  # noqa: E402
from steward.sample import generate  # noqa: E402
from steward.search.lexical import search  # noqa: E402
from steward.search.mailbox import analyze  # noqa: E402
from steward.store import connect  # noqa: E402

NOW = datetime(2026, 9, 14, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
QUERIES = ["statement", "payment due", "from:kaveribank.in", "credit card", "dinner saturday", '"received your payment"',
           "autopay after:2026-08-01", "transaction alert", "appointment rescheduled", "unknownword otherword",
           "subject:receipt order", "category:newsletter python"]


def fill(conn, base, size: int) -> None:
    rounds = (size + len(base) - 1) // len(base)
    done = 0
    for r in range(rounds):
        batch = []
        for i, p in enumerate(base):
            if done >= size:
                break
            copy = dataclasses.replace(p, dedup_key=f"{p.dedup_key}#{r}", message_id=f"{p.message_id}#{r}",
                                       received_at=p.received_at - timedelta(days=90 * r))
            batch.append((copy, FileSource(f"/bench/{r}/{i}", "maildir")))
            done += 1
        for start in range(0, len(batch), 2000):
            store_parsed(conn, batch[start:start + 2000])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    clock = Clock(ZoneInfo("Asia/Kolkata"), NOW)
    t0 = time.perf_counter()
    base = [parse_message(m.raw) for m in generate(NOW, seed=5, count=10_000)]
    print(f"generated and parsed {len(base)} messages in {time.perf_counter() - t0:.1f} s")
    with tempfile.TemporaryDirectory(prefix="steward-bench-search-") as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            conn = connect(Path(tmp) / f"s{size}.db")
            t0 = time.perf_counter()
            fill(conn, base, size)
            print(f"\n{size:,} messages (filled in {time.perf_counter() - t0:.1f} s)")
            times: list[float] = []
            worst: list[tuple[float, str]] = []
            for q in QUERIES:
                ms = time_calls(lambda q=q, c=conn: search(c, q, limit=20, clock=clock), args.repeat)
                times += ms
                worst.append((sorted(ms)[len(ms) // 2], q))
            print(f"  search, {len(QUERIES)} queries, limit 20: {summary(times)}")
            print("  slowest (p50): " + ", ".join(f"{q!r} {t:.1f} ms" for t, q in sorted(worst, reverse=True)[:3]))
            for q in ("credit card", "transaction"):
                result = analyze(conn, q, clock=clock, limit=1000)
                ms = time_calls(lambda q=q, c=conn: analyze(c, q, clock=clock, limit=1000), args.repeat)
                print(f"  analyze {q!r} ({result.total} matches, {len(result.groups)} senders): {summary(ms)}")
            conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
