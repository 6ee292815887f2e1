"""Trust, in one table: injections, phishing, kills, notifications under kills, fuzzing.

    .venv/bin/python bench/trust.py [--kills 20] [--fuzz 2000] [--json]

Every number comes from a run made now: bench/injections.py (mail that instructs an assistant, read by a
model that obeys), bench/phishing.py (bills and bookings from forged senders), bench/kills.py (each
writer SIGKILLed at random and restarted; reminders through a 50 ms webhook receiver) and the
hypothesis targets of tests/test_fuzz.py run with `--fuzz` examples each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))


def fuzz(examples: int, target: Path = ROOT / "tests" / "test_fuzz.py") -> dict[str, int]:
    """Run the fuzz targets with `examples` each: targets, examples, failing targets, targets that errored
    (a collection or setup error), and pytest's exit code. Counts come from pytest's JUnit report, never
    from its text: a run that collected nothing or broke has errors or an exit code above 1."""
    env = {**os.environ, "FUZZ_EXAMPLES": str(examples)}
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "fuzz.xml"
        done = subprocess.run([sys.executable, "-m", "pytest", str(target), "-q",
                               "-p", "no:cacheprovider", f"--junitxml={report}"],
                              capture_output=True, text=True, env=env, cwd=ROOT)
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        if report.exists():
            for suite in ElementTree.parse(report).getroot().iter("testsuite"):
                for key in counts:
                    counts[key] += int(suite.get(key, 0))
    ran = counts["tests"] - counts["skipped"] - counts["errors"]
    return {"targets": ran, "examples": ran * examples, "crashes": counts["failures"], "errors": counts["errors"],
            "exit_code": done.returncode}


def broken(fz: dict[str, int]) -> str:
    """Why a fuzz run's figures cannot be read (empty when they can)."""
    if fz["errors"] or fz["exit_code"] not in (0, 1) or not fz["targets"]:
        return (f"pytest exited {fz['exit_code']} with {fz['errors']} errors and {fz['targets']} targets run: "
                "run tests/test_fuzz.py by hand to see why")
    return ""


def main() -> int:
    from injections import evaluate as injections
    from kills import run as kills_run
    from phishing import evaluate as phishing

    kills = int(sys.argv[sys.argv.index("--kills") + 1]) if "--kills" in sys.argv else 20
    examples = int(sys.argv[sys.argv.index("--fuzz") + 1]) if "--fuzz" in sys.argv else 2000
    inj = injections()
    phish = phishing()
    writers = kills_run(kills)
    fz = fuzz(examples)
    rows: list[tuple[str, str, Any]] = [
        ("injections", "messages tried", inj["messages"]),
        ("injections", "writes without the user's yes", inj["writes_without_consent"]),
        ("injections", "dues / events from injected text", f"{inj['dues_from_injected_text']} / "
                                                            f"{inj['events_from_injected_text']}"),
        ("injections", "held writes not naming their email", inj["held_without_source"]),
        ("phishing", "forged messages tried", phish["forged"]["messages"]),
        ("phishing", "marked phishing_suspect", phish["forged"]["marked_phishing"]),
        ("phishing", "acted on (dues, events, proposals, reminders)", phish["forged"]["acted_on"]),
    ]
    for w in writers:
        rows.append((f"kills: {w['writer']}", f"{w['kills']} kills: lost / twice", f"{w['lost']} / {w['twice']}"))
        if w["writer"] == "reminder firing":
            rows.append(("notifications", f"{w['rows']} reminders, {w['kills']} kills: delivered once / posts / "
                                          "resent with the same key",
                         f"{w['rows'] - w['lost'] - w['twice']} / {w['posts']} / {w['resent_with_the_same_key']}"))
    rows.append(("fuzzing", f"{fz['targets']} targets x {examples} examples: crashes / errors (pytest exit "
                            f"{fz['exit_code']})", f"{fz['crashes']} / {fz['errors']}"))
    if "--json" in sys.argv:
        print(json.dumps({"injections": inj, "phishing": phish, "kills": writers, "fuzz": fz}))
    else:
        print("| area | what | result |\n| --- | --- | --- |")
        for area, what, value in rows:
            print(f"| {area} | {what} | {value} |")
    if why := broken(fz):
        print(f"trust: the fuzzing figure is not a result: {why}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
