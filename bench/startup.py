"""Start-up time of light commands, as a user runs them (a fresh process each time).

Commands: `steward --help`, `when tomorrow at 5pm`, `reminders list`, `mail search` with
STEWARD_SEMANTIC_SEARCH=0 (lexical only) on a home holding the sample mailbox. A command not on main
yet is skipped. Target: < 300 ms each.

    .venv/bin/python bench/startup.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import summary  # noqa: E402

COMMANDS = [
    ["--help"],
    ["when", "tomorrow at 5pm"],
    ["reminders", "list"],
    ["mail", "search", "statement"],
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    steward = [sys.executable, "-m", "steward"]
    with tempfile.TemporaryDirectory(prefix="steward-bench-startup-") as home:
        env = {**os.environ, "STEWARD_HOME": home, "STEWARD_SEMANTIC_SEARCH": "0"}
        subprocess.run([*steward, "demo", "--no-serve"], env=env, check=True, capture_output=True)
        for command in COMMANDS:
            probe = subprocess.run([*steward, *command], env=env, capture_output=True, text=True)
            if probe.returncode == 2 and "invalid choice" in probe.stderr:
                print(f"steward {' '.join(command)}: not on main yet, skipped")
                continue
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                subprocess.run([*steward, *command], env=env, capture_output=True, check=False)
                times.append((time.perf_counter() - start) * 1000)
            print(f"steward {' '.join(command)}: {summary(times)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
