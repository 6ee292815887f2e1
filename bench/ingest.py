"""Ingest speed: generate a 10k-message Maildir, import it, report messages/second; where notmuch is
installed, run `notmuch new` on the same Maildir in the same run (throwaway config) and print the ratio.

Each of `--rounds` rounds imports into a fresh store and indexes into a fresh notmuch database, the two
taking turns at going first (so neither always reads a warmer page cache); the medians are compared.
This is what `steward mail import` returns at: it stores the rows (words searchable at once) and only
then embeds them for search by meaning, under its own progress bar; the embedding rate is measured
by bench/semantic_speed.py, and 100k-1M messages by bench/scale.py.

    .venv/bin/python bench/ingest.py [--count 10000] [--rounds 3]
    .venv/bin/python bench/ingest.py --maildir ~/.cache/steward-bench/scale-300000/Maildir [--window 50000]

With `--maildir`, an existing Maildir (a bench/scale.py one, say) is imported once into a throwaway store
and the rate is printed over its first and last `--window` messages, with the import's CPU time per
message in each (this process and its parsers), the load average and the store's size: whether the rate
holds as the store grows. Nothing is written beside the Maildir.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))

from steward.mail.ingest import ingest  # noqa: E402
from steward.mail.sources import scan  # noqa: E402
from steward.sample import generate, write_maildir  # noqa: E402
from steward.store import connect  # noqa: E402

NOW = datetime(2026, 9, 14, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


def run_notmuch(maildir: Path, work: Path) -> float | None:
    """Seconds `notmuch new` takes to index the Maildir into a fresh database, or None without notmuch."""
    binary = shutil.which("notmuch")
    if binary is None:
        return None
    work.mkdir(parents=True)
    config = work / "notmuch-config"
    db = work / "notmuch-db"
    db.mkdir()
    config.write_text(f"[database]\npath={maildir}\nmail_root={maildir}\n\n[new]\ntags=unread;inbox;\n"
                      f"[user]\nname=Bench\nprimary_email=bench@example.com\n")
    env = {**os.environ, "NOTMUCH_CONFIG": str(config), "NOTMUCH_DATABASE": str(db)}
    start = time.perf_counter()
    subprocess.run([binary, "new", "--quiet"], env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def run_steward(maildir: Path, work: Path, workers: int, expected: int) -> float:
    """Seconds `steward mail import` (the ingest it runs) takes into a fresh store."""
    work.mkdir(parents=True)
    conn = connect(work / "steward.db")
    start = time.perf_counter()
    report = ingest(conn, scan([maildir]), workers=workers)
    took = time.perf_counter() - start
    conn.close()
    assert report.added == expected, report
    return took


def import_windows(maildir: Path, workers: int, window: int) -> None:
    """Import `maildir` into a throwaway store; print the rate over its first and last `window` messages."""
    import resource

    def cpu() -> float:
        own = time.process_time()
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own + kids.ru_utime + kids.ru_stime

    items = list(scan([maildir]))
    n = len(items)
    window = min(window, n // 2)
    marks: dict[int, tuple[float, float, float]] = {}

    def progress(seen: int, total: int | None) -> None:
        if seen in (window, n - window):
            # the parser processes' CPU time shows up only when they exit: the main process's CPU here
            marks[seen] = (time.perf_counter(), time.process_time(), os.getloadavg()[0])

    with tempfile.TemporaryDirectory(prefix="steward-bench-ingest-") as tmp:
        conn = connect(Path(tmp) / "steward.db")
        load0 = os.getloadavg()[0]
        t0, p0, c0 = time.perf_counter(), time.process_time(), cpu()
        report = ingest(conn, items, workers=workers, progress=progress, total=n)
        t1, p1, c1 = time.perf_counter(), time.process_time(), cpu()
        db = Path(tmp) / "steward.db"
        size_mb = sum(f.stat().st_size for f in (db, db.with_name("steward.db-wal")) if f.exists()) / 1e6
        conn.close()
    assert report.added == n, report
    first, last = marks[window], marks[n - window]
    print(f"steward mail import of {maildir} ({workers} parser process(es)): {n:,} messages in {t1 - t0:.0f} s "
          f"= {n / (t1 - t0):,.0f} msgs/s; CPU {1000 * (c1 - c0) / n:.2f} ms a message (all processes); "
          f"store {size_mb:,.0f} MB; load average {load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print(f"  first {window:,}: {window / (first[0] - t0):,.0f} msgs/s, storing process CPU "
          f"{1000 * (first[1] - p0) / window:.2f} ms a message (load {first[2]:.1f})")
    print(f"  last {window:,}:  {window / (t1 - last[0]):,.0f} msgs/s, storing process CPU "
          f"{1000 * (p1 - last[1]) / window:.2f} ms a message (load {last[2]:.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2, help="parser processes (the mail.import_workers default)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--maildir", type=Path, help="import this Maildir once: the rate over its first and last window")
    parser.add_argument("--window", type=int, default=50_000, help="messages in each --maildir window")
    args = parser.parse_args()
    if args.maildir is not None:
        import_windows(args.maildir.expanduser(), args.workers, args.window)
        return 0
    with tempfile.TemporaryDirectory(prefix="steward-bench-ingest-") as tmp:
        work = Path(tmp)
        t0 = time.perf_counter()
        mail = generate(NOW, seed=11, count=args.count)
        maildir = write_maildir(mail, work / "Maildir")
        print(f"generated {len(mail)} messages in {time.perf_counter() - t0:.1f} s")
        ours: list[float] = []
        theirs: list[float] = []
        for n in range(args.rounds):
            steward_first = n % 2 == 0
            for side in ("steward", "notmuch") if steward_first else ("notmuch", "steward"):
                if side == "steward":
                    ours.append(run_steward(maildir, work / f"steward-{n}", args.workers, len(mail)))
                else:
                    took = run_notmuch(maildir, work / f"notmuch-{n}")
                    if took is not None:
                        theirs.append(took)
        ours_s = statistics.median(ours)
        rate = len(mail) / ours_s
        print(f"steward mail import ({args.workers} parser process(es)): {len(mail)} messages, median of "
              f"{len(ours)}: {ours_s:.2f} s = {rate:,.0f} msgs/s (rounds: {', '.join(f'{t:.2f}' for t in ours)} s)")
        if not theirs:
            print("notmuch: not installed (Debian `notmuch`); no comparison")
        else:
            theirs_s = statistics.median(theirs)
            their_rate = len(mail) / theirs_s
            print(f"notmuch new:         {len(mail)} messages, median of {len(theirs)}: {theirs_s:.2f} s = "
                  f"{their_rate:,.0f} msgs/s (rounds: {', '.join(f'{t:.2f}' for t in theirs)} s)")
            print(f"ratio: steward is {rate / their_rate:.2f}x notmuch (target >= 2x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
