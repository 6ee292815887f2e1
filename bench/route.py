"""Routing accuracy on SLURP devel, the semantic router against the keyword-only baseline, same run.

Mapping (issue 6): calendar_* and alarm_* -> calendar, email_* -> communication, everything else
(datetime, lists, music, weather, ...) -> general. Scored on the assistant subset (calendar, email,
alarm, lists, datetime: 686 utterances; target >= 90% overall) and on the whole devel split. The
router's exemplars are written by the project (assistant/router.yaml), not taken from SLURP.

    .venv/bin/python bench/route.py [--show N]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import shared_data  # noqa: E402
from steward.assistant.router import Router, keyword_route, load_router_data  # noqa: E402


def gold(intent: str) -> str:
    if intent.startswith(("calendar_", "alarm_")):
        return "calendar"
    if intent.startswith("email_"):
        return "communication"
    return "general"


def embedder_and_cache() -> tuple[Any, Path | None, float]:
    """The app's embedder, a cache dir for the exemplar vectors, and the router.threshold setting."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    home = Path(tempfile.mkdtemp(prefix="steward-bench-route-"))
    paths = resolve_paths(str(home))
    settings = load(None, environ={})
    app = build_app(settings, make_clock("UTC"), paths)
    return getattr(app, "embedder", None), paths.data_dir, settings.as_float("router.threshold")


def score(rows: list[dict[str, Any]], predict: Any) -> tuple[float, dict[str, tuple[int, int]], list[Any]]:
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong = []
    for row in rows:
        want = gold(row["intent"])
        got = predict(row["text"])
        per[want][1] += 1
        if got == want:
            per[want][0] += 1
        else:
            wrong.append((row["intent"], want, got, row["text"]))
    total = sum(v[1] for v in per.values())
    right = sum(v[0] for v in per.values())
    return right / total, {k: (v[0], v[1]) for k, v in sorted(per.items())}, wrong


def report(name: str, result: tuple[float, dict[str, tuple[int, int]], list[Any]], ms: float | None = None) -> None:
    overall, per, _ = result
    parts = ", ".join(f"{k} {r / n:.1%} ({r}/{n})" for k, (r, n) in per.items())
    timing = f"; {ms:.2f} ms/turn" if ms is not None else ""
    print(f"    {name:9s} overall {overall:.1%}  [{parts}]{timing}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", type=int, default=0, help="print N misrouted utterances of the router")
    args = parser.parse_args()
    data_dir = shared_data()
    if data_dir is None:
        print("route: ../shared/data is absent; skipped")
        return 0
    folder = data_dir / "slurp-devel"
    subset = [json.loads(line) for line in (folder / "slurp_devel_assistant_subset.jsonl").open()]
    full = [json.loads(line) for line in (folder / "slurp_devel_flat.jsonl").open()]
    data = load_router_data()
    counts = Counter(i.name for i in data.intents for _ in i.exemplars)
    print(f"route: {data.exemplar_count} exemplars written by the project "
          f"({', '.join(f'{k} {v}' for k, v in counts.items())})")
    embedder, cache, threshold = embedder_and_cache()
    router = Router(data, threshold=threshold, embedder=lambda: embedder, cache_dir=cache)
    if embedder is not None:
        t0 = time.perf_counter()
        router.classify("warm up")
        print(f"  exemplar vectors built in {time.perf_counter() - t0:.2f} s (cached for later turns)")
    for label, rows in (("assistant subset (target >= 90%)", subset), ("whole devel split", full)):
        print(f"  {label}: {len(rows)} utterances")
        report("keywords", score(rows, lambda t: keyword_route(t, data).intent))
        if embedder is None:
            print("    router    steward.embed provides no embedder yet; semantic routing skipped")
            continue
        t0 = time.perf_counter()
        result = score(rows, lambda t: router.classify(t).intent)
        report("router", result, (time.perf_counter() - t0) * 1000 / len(rows))
        if label.startswith("assistant") and args.show:
            for intent, want, got, text in result[2][: args.show]:
                print(f"      {intent:20s} want {want:13s} got {got:13s} {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
