"""Search quality on the sample mailbox: recall@10 and MRR for lexical, semantic and hybrid search.

    .venv/bin/python bench/search_quality.py [--json]

`STEWARD_EMBED_*` and `STEWARD_SEARCH_*` settings in the environment apply (e.g.
`STEWARD_EMBED_MAX_TOKENS=48`, `STEWARD_EMBED_INT8=0`, `STEWARD_SEARCH_SEMANTIC_WEIGHT=0.7`).

The labelled queries are bench/data/search_queries.json (48 queries, exact and conceptual, labelled by
the sample generator's Message-IDs; bench/search_label.py wrote them from search_queries_rules.yaml).
recall@10 = relevant messages in the top 10 / min(10, relevant messages), so a query with more than
ten answers scores 1.0 when the top 10 are all answers; MRR = mean of 1 / rank of the first answer.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "bench" / "data" / "search_queries.json"
NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))  # the labels were made for this mailbox
MODES = ("lexical", "semantic", "hybrid")


def evaluate() -> dict[str, dict[str, dict[str, float]]]:
    """{mode: {overall|exact|conceptual: {recall@10, mrr, n}}} over a fresh sample-mailbox home."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan
    from steward.paths import resolve_paths
    from steward.sample import generate, write_mbox
    from steward.settings import load

    queries = json.loads(QUERIES.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        mbox = write_mbox(generate(NOW), home / "sample.mbox")
        # the user's home and flags stay out; the model's and search's own settings may be varied
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("STEWARD_") or k.startswith(("STEWARD_EMBED_", "STEWARD_SEARCH_"))}
        env["STEWARD_HOME"] = str(home)
        app = build_app(load(environ=env), make_clock("Asia/Kolkata", NOW), resolve_paths(environ=env))
        ingest(app.db, list(scan([mbox])), on_batch=app.mail_on_batch)
        ids = {row[0]: row[1] for row in app.db.execute("SELECT id, message_id FROM messages")}
        results: dict[str, dict[str, dict[str, float]]] = {}
        for mode in MODES:
            per: dict[str, list[tuple[float, float]]] = {"overall": [], "exact": [], "conceptual": []}
            for q in queries:
                hits = app.mail_search.search(q["query"], mode=mode, limit=10).hits
                got = [ids[h.id] for h in hits]
                relevant = set(q["relevant"])
                recall = len(relevant.intersection(got)) / min(10, len(relevant))
                rr = next((1 / rank for rank, mid in enumerate(got, 1) if mid in relevant), 0.0)
                per["overall"].append((recall, rr))
                per[q["type"]].append((recall, rr))
            results[mode] = {
                group: {"recall@10": sum(r for r, _ in rows) / len(rows), "mrr": sum(m for _, m in rows) / len(rows),
                        "n": len(rows)}
                for group, rows in per.items()
            }
        app.close()
    return results


def main() -> int:
    results = evaluate()
    if "--json" in sys.argv:
        print(json.dumps(results))
        return 0
    print(f"{'mode':<9} {'group':<11} {'n':>3}  recall@10    MRR")
    for mode, groups in results.items():
        for group, m in groups.items():
            print(f"{mode:<9} {group:<11} {int(m['n']):>3}  {m['recall@10']:9.3f}  {m['mrr']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
