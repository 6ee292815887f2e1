"""Ingest speed: generate a 10k-message Maildir, import it, report messages/second; where notmuch is
installed, run `notmuch new` on the same Maildir in the same run (throwaway config) and print the ratio.

Each of `--rounds` rounds imports into a fresh store and indexes into a fresh notmuch database, the two
taking turns at going first (so neither always reads a warmer page cache); the medians are compared.
This is what `steward mail import` returns at: it stores the rows (words searchable at once) and only
then embeds them for search by meaning, under its own progress bar; the embedding rate is measured
by bench/semantic_speed.py, and 100k-1M messages by bench/scale.py.

    .venv/bin/python bench/ingest.py [--count 10000] [--rounds 3]
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
from steward.mail.sample import generate, write_maildir  # noqa: E402
from steward.mail.sources import scan  # noqa: E402
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2, help="parser processes (the mail.import_workers default)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
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
