"""Search honesty on the sample mailbox: does a search say when nothing matched?

    .venv/bin/python bench/search_honesty.py [--json]

Three labelled sets: the 48 queries the sample mailbox answers (bench/data/search_queries.json), and
the nonsense and off-topic queries of bench/data/search_honesty.yaml, which it does not. For each
query, what hybrid search told the user: every word matched, some words did (broadened), nothing did
and these are only the closest by meaning, or nothing at all; and (answered queries) whether a relevant
message is in its top 10. The thresholds in steward/search/hybrid.py (WEAK_SIMILARITY,
KNOWN_WORD_PIECES) were chosen on these sets; the table shows what they give.
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import yaml

ROOT = Path(__file__).resolve().parent.parent
ANSWERED = ROOT / "bench" / "data" / "search_queries.json"
UNANSWERED = ROOT / "bench" / "data" / "search_honesty.yaml"
NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))  # the labels were made for this mailbox


OUTCOMES = ("match", "partial", "closest", "nothing")


def outcome(result) -> str:  # type: ignore[no-untyped-def]
    """What the search told the user: every word matched, some did, only the closest by meaning, nothing."""
    if not result.hits:
        return "nothing"
    if not result.matched:
        return "closest"
    return "partial" if result.broadened else "match"


def evaluate() -> dict[str, dict[str, float]]:
    """{set: {n, match, partial, closest, nothing, relevant_in_top10}} as fractions of the set's queries."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan
    from steward.paths import resolve_paths
    from steward.sample import generate, write_mbox
    from steward.settings import load

    answered = json.loads(ANSWERED.read_text(encoding="utf-8"))
    unanswered = yaml.safe_load(UNANSWERED.read_text(encoding="utf-8"))
    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        mbox = write_mbox(generate(NOW), home / "sample.mbox")
        env = {"STEWARD_HOME": str(home)}
        app = build_app(load(environ=env), make_clock("Asia/Kolkata", NOW), resolve_paths(environ=env))
        ingest(app.db, list(scan([mbox])), on_batch=app.mail_on_batch)
        ids = {row[0]: row[1] for row in app.db.execute("SELECT id, message_id FROM messages")}
        sets = {"answered": [(q["query"], set(q["relevant"])) for q in answered],
                "off_topic": [(q, set()) for q in unanswered["off_topic"]],
                "nonsense": [(q, set()) for q in unanswered["nonsense"]]}
        for name, queries in sets.items():
            counts = dict.fromkeys(OUTCOMES, 0)
            found = 0
            for query, relevant in queries:
                result = app.mail_search.search(query, limit=10)
                counts[outcome(result)] += 1
                found += bool(relevant & {ids[h.id] for h in result.hits})
            n = len(queries)
            out[name] = {"n": n, **{k: v / n for k, v in counts.items()}, "relevant_in_top10": found / n}
        app.close()
    return out


def main() -> int:
    results = evaluate()
    if "--json" in sys.argv:
        print(json.dumps(results))
        return 0
    print(f"{'set':<10} {'n':>3}  {'every word':>10}  {'some words':>10}  {'closest':>8}  {'nothing':>8}  relevant in top 10")
    for name, m in results.items():
        print(f"{name:<10} {int(m['n']):>3}  {m['match']:10.1%}  {m['partial']:10.1%}  {m['closest']:8.1%}  "
              f"{m['nothing']:8.1%}  {m['relevant_in_top10']:17.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
