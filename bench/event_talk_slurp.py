"""Event requests in other people's words: no event write against what the utterance asks.

    .venv/bin/python bench/event_talk_slurp.py [--verbose]

Needs SLURP devel in the evaluation data folder (`../shared/data/slurp-devel`, or
$STEWARD_SHARED_DATA): the utterances its annotators labelled calendar_query, calendar_set and
calendar_remove, written by crowd workers for a voice assistant, not by this project. Each is said
once, in a session of its own, with `--dry-run` semantics (nothing is written; the trace says what
would be), to a home holding the calendar of `bench/data/event_talk.yaml`, with no model.

SLURP labels the intent, not the event, so this scores what can be checked from the label alone:

    calendar_query    right: no event write (a read, a question or the offline answer); wrong: any
    calendar_remove   acted: a cancel or a skip (which event is not checked), or a question first;
                      wrong: an add, a move or a series change; refused: nothing
    calendar_set      acted: an add, a move, a series change, or a question first; wrong: a cancel
                      or a skip; refused: nothing
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import shared_data  # noqa: E402
from event_talk import _setup, load_cases, observe  # noqa: E402
from steward.app import build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.settings import load  # noqa: E402

INTENTS = ("calendar_query", "calendar_set", "calendar_remove")
WRONG = {"calendar_query": {"add", "move", "cancel", "skip", "series"},
         "calendar_remove": {"add", "move", "series"},
         "calendar_set": {"cancel", "skip"}}


def utterances(folder: Path) -> list[tuple[str, str]]:
    """(text, intent) of the SLURP devel calendar utterances, each text once."""
    seen: dict[str, str] = {}
    for line in (folder / "slurp-devel" / "slurp_devel_flat.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["intent"] in INTENTS:
            seen.setdefault(row["text"], row["intent"])
    return sorted(seen.items(), key=lambda p: (p[1], p[0]))


def score(intent: str, got: str) -> str:
    """right / acted / wrong / refused for one utterance (see the module docstring)."""
    if got in WRONG[intent]:
        return "wrong"
    if intent == "calendar_query":
        return "right"
    return "refused" if got == "none" else "acted"


def evaluate(folder: Path) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(text, intent, verdict, what the turn would do) for every utterance."""
    data = load_cases()
    zone = str(data["zone"])
    now = datetime.fromisoformat(str(data["now"]))
    out = []
    with tempfile.TemporaryDirectory(prefix="steward-bench-") as tmp:
        home = Path(tmp) / "home"
        app = build_app(load(None, environ={"STEWARD_TIMEZONE": zone}), make_clock(zone, now), Paths(home, home))
        try:
            _setup(app, data.get("setup") or [])
            for n, (text, intent) in enumerate(utterances(folder)):
                trace = app.engine.turn(text, session=f"slurp-{n}", dry_run=True).to_json()
                got = observe(trace)
                out.append((text, intent, score(intent, str(got["action"])), got))
        finally:
            app.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every wrong write")
    args = parser.parse_args()
    folder = shared_data()
    if folder is None or not (folder / "slurp-devel").is_dir():
        print("SLURP devel not present (../shared/data/slurp-devel); skipped")
        return 0
    results = evaluate(folder)
    for intent in INTENTS:
        counts = Counter(v for _, i, v, _ in results if i == intent)
        total = sum(counts.values())
        print(f"{intent}: {total} utterances: " + ", ".join(f"{k} {counts[k]}" for k in
                                                            ("right", "acted", "refused", "wrong") if counts[k]))
    if args.verbose:
        for text, intent, verdict, got in results:
            if verdict == "wrong":
                print(f"- [{intent}] {text}\n    {got.get('action')}: {got.get('reply')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
