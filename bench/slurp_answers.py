"""SLURP's devel questions about calendars, mail, lists and the time, asked of the demo home.

Reads `../shared/data/slurp-devel/slurp_devel_flat.jsonl` (never copied into the repository), keeps the
intents calendar_query, email_query, lists_query and datetime_query, asks each of the demo home (the
sample mailbox, its clock pinned, no model) and prints who answered (the reader, another intercept, the
offline refusal). `bench/data/slurp_answers.yaml` holds the verdicts given by hand once, by SLURP id
(right, wrong, refused); the run counts them and names every answer that changed since it was judged
(`bench/data/slurp_replies.yaml` keeps who answered each question and a fingerprint of the reply judged;
`--record` writes it again once the changed answers are judged anew).

    .venv/bin/python bench/slurp_answers.py [--show] [--homes DIR] [--record]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from answers import _app, build_home  # noqa: E402
from common import shared_data  # noqa: E402

INTENTS = ("calendar_query", "email_query", "lists_query", "datetime_query")
NOW = "2026-12-02T08:30:00+05:30"
LABELS = Path(__file__).resolve().parent / "data" / "slurp_answers.yaml"
REPLIES = Path(__file__).resolve().parent / "data" / "slurp_replies.yaml"


def fingerprint(handled_by: str, reply: str) -> str:
    """Who answered and a short hash of the reply: enough to tell that an answer changed."""
    return f"{handled_by} {hashlib.sha1(reply.encode('utf-8')).hexdigest()[:10]}"


def questions() -> list[dict[str, str]]:
    """The SLURP devel questions of the four intents, or [] when the shared data is absent."""
    folder = shared_data()
    if folder is None:
        return []
    rows = [json.loads(line) for line in (folder / "slurp-devel" / "slurp_devel_flat.jsonl").open(encoding="utf-8")]
    return [{"id": str(r["slurp_id"]), "text": r["text"], "intent": r["intent"]} for r in rows
            if r["intent"] in INTENTS]


def main(argv: list[str] | None = None) -> int:
    """Ask every question, count who answered and the hand verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print every question answered without a refusal")
    parser.add_argument("--homes", default=str(Path(tempfile.gettempdir()) / "steward-answer-homes"))
    parser.add_argument("--record", action="store_true",
                        help="write the answers' fingerprints as judged (after judging the changed ones)")
    args = parser.parse_args(argv)
    asked = questions()
    if not asked:
        print("slurp_answers: ../shared/data/slurp-devel is absent; nothing to ask")
        return 0
    labels = (yaml.safe_load(LABELS.read_text(encoding="utf-8")) or {}).get("verdicts", {}) if LABELS.exists() else {}
    homes = Path(args.homes)
    homes.mkdir(parents=True, exist_ok=True)
    app = _app(build_home(homes, "demo", NOW), "demo", NOW)
    judged = (yaml.safe_load(REPLIES.read_text(encoding="utf-8")) or {}) if REPLIES.exists() else {}
    by: Counter[tuple[str, str]] = Counter()
    verdicts: Counter[str] = Counter()
    prints: dict[str, str] = {}
    changed: list[str] = []
    try:
        for q in asked:
            trace = app.engine.turn(q["text"], session=f"slurp-{q['id']}", dry_run=True)
            by[(q["intent"], trace.handled_by)] += 1
            prints[q["id"]] = fingerprint(trace.handled_by, trace.reply)
            # the offline refusal is refused whatever an earlier answer to the question was judged
            label = "refused" if trace.handled_by == "offline" else labels.get(q["id"])
            if judged and judged.get(q["id"]) != prints[q["id"]]:
                changed.append(q["id"])
            verdicts[label or "not judged"] += 1
            if args.show and trace.handled_by != "offline":
                print(f"[{q['id']}] {q['intent']} {q['text']!r} -> {trace.handled_by} "
                      f"({label or 'not judged'}): {trace.reply[:160]!r}")
    finally:
        app.close()
    if args.record:
        REPLIES.write_text("# who answered each SLURP question and a fingerprint of the reply judged in slurp_answers.yaml\n"
                           + yaml.safe_dump(prints, sort_keys=True), encoding="utf-8")
    print(f"\n{len(asked)} SLURP devel questions ({', '.join(INTENTS)}) asked of the demo home at {NOW}")
    for (intent, handler), n in sorted(by.items()):
        print(f"  {intent:16s} {handler:22s} {n:4d}")
    print(f"  verdicts (hand labels; the offline refusal counts as refused): {dict(sorted(verdicts.items()))}")
    if changed:
        print(f"  {len(changed)} answers changed since they were judged (judge them again, then --record): "
              + ", ".join(changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
