"""Routing accuracy: in scope (which of Steward's domains a turn belongs to) and out of scope (a turn
Steward does not serve stays out of its domains), reported separately, on three sets.

    .venv/bin/python bench/route.py [--show N]

Sets:

- SLURP devel (../shared/data, written outside this project; skipped when absent). Gold: calendar_*
  and alarm_* -> calendar, email_* -> communication, everything else (weather, music, trivia, lists,
  news, iot, ...) -> not Steward's. The "assistant subset" (calendar, email, alarm, lists, datetime:
  686 utterances) is the figure reported since routing began; the whole split (2,033) gives in-scope
  (calendar, alarm, email: 501) and out-of-scope (the other 1,532, CLINC-style: requests of kinds a
  narrow assistant does not serve) separately.
- bench/data/route_dev.yaml: the project's development set (301 turns in five styles: typed, spoken,
  British, Indian English, terse), with CLINC-style out-of-scope turns (weather, music, trivia,
  shopping lists, public events, famous birthdays, chit-chat) and money and brief questions that must
  keep their domains ("what do I owe?", "show my brief").

Scoring: the route a turn gets in the pipeline (the router, then promotion to `action` for a weak
intent with a mutate verb). In scope, right when the domain is the gold one; out of scope, right when
the turn lands in none of Steward's domains (general or out_of_scope). "Worst of" is the lower of the
in-scope and out-of-scope figures. The router's exemplars are written by the project
(assistant/router.yaml); none is a sentence of the dev set (tests/test_eval_sets.py fails when one is).
The dev set is development and SLURP devel is outside but tuned on (exemplars were added for kinds it
missed), so neither figure is one of phrasing nobody here has seen (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, shared_data  # noqa: E402
from steward.assistant.router import (  # noqa: E402
    Router,
    keyword_route,
    load_router_data,
    promote_to_action_intent,
)
from steward.vocab import load_vocab  # noqa: E402

NOT_STEWARDS = frozenset({"general", "out_of_scope"})
DEV_SET = ROOT / "bench" / "data" / "route_dev.yaml"


def slurp_gold(intent: str) -> str:
    if intent.startswith(("calendar_", "alarm_")):
        return "calendar"
    if intent.startswith("email_"):
        return "communication"
    return "out_of_scope"


def load_dev() -> list[dict[str, str]]:
    data = yaml.safe_load(DEV_SET.read_text(encoding="utf-8"))
    rows = []
    for intent, styles in data.items():
        for style, texts in styles.items():
            rows.extend({"text": t, "gold": intent, "style": style} for t in texts)
    return rows


def right(gold: str, got: str) -> bool:
    if gold in NOT_STEWARDS:
        return got in NOT_STEWARDS
    return got == gold


class Tally:
    def __init__(self) -> None:
        self.by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.wrong: list[tuple[str, str, str]] = []

    def add(self, key: str, ok: bool, gold: str, got: str, text: str) -> None:
        self.by[key][0] += ok
        self.by[key][1] += 1
        if not ok:
            self.wrong.append((gold, got, text))

    def rate(self, *keys: str) -> tuple[float, int, int]:
        r = sum(self.by[k][0] for k in keys if k in self.by)
        n = sum(self.by[k][1] for k in keys if k in self.by)
        return (r / n if n else float("nan")), r, n


def fmt(rate: tuple[float, int, int]) -> str:
    return f"{rate[0]:.1%} ({rate[1]}/{rate[2]})"


def run(rows: list[dict[str, str]], predict: Callable[[str], str]) -> tuple[Tally, Tally]:
    """(in/out of scope tally, per-class tally) for rows with `text` and `gold`."""
    scope, per = Tally(), Tally()
    for row in rows:
        got = predict(row["text"])
        ok = right(row["gold"], got)
        side = "out" if row["gold"] in NOT_STEWARDS else "in"
        scope.add(side, ok, row["gold"], got, row["text"])
        per.add(row["gold"] if side == "in" else "out_of_scope", ok, row["gold"], got, row["text"])
        if "style" in row:
            per.add("style:" + row["style"], ok, row["gold"], got, row["text"])
    return scope, per


def report(name: str, scope: Tally, per: Tally, ms: float | None = None) -> None:
    inside, outside = scope.rate("in"), scope.rate("out")
    overall = scope.rate("in", "out")
    worst = min(inside[0], outside[0]) if inside[2] and outside[2] else (inside[0] if inside[2] else outside[0])
    timing = f"; {ms:.2f} ms/turn" if ms is not None else ""
    print(f"    {name:9s} overall {fmt(overall)}  in scope {fmt(inside)}  out of scope {fmt(outside)}"
          f"  worst of {worst:.1%}{timing}")
    classes = [k for k in sorted(per.by) if not k.startswith("style:")]
    print("              " + ", ".join(f"{k} {fmt(per.rate(k))}" for k in classes))
    styles = [k for k in sorted(per.by) if k.startswith("style:")]
    if styles:
        print("              " + ", ".join(f"{k[6:]} {fmt(per.rate(k))}" for k in styles))


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


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", type=int, default=0, help="print N misrouted turns of each set")
    parser.add_argument("--threshold", type=float, default=None, help="override router.threshold")
    args = parser.parse_args()
    data = load_router_data()
    vocab = load_vocab()
    counts = Counter(i.name for i in data.intents for _ in i.exemplars)
    print(f"route: {data.exemplar_count} exemplars written by the project "
          f"({', '.join(f'{k} {v}' for k, v in counts.items())})")
    embedder, cache, threshold = embedder_and_cache()
    if args.threshold is not None:
        threshold = args.threshold
    router = Router(data, threshold=threshold, embedder=lambda: embedder, cache_dir=cache)
    print(f"  router.threshold {threshold}")
    if embedder is not None:
        t0 = time.perf_counter()
        router.classify("warm up")
        print(f"  exemplar vectors built in {time.perf_counter() - t0:.2f} s (cached for later turns)")

    def routed(text: str) -> str:
        return promote_to_action_intent(router.classify(text), text, vocab).intent

    def keywords(text: str) -> str:
        return promote_to_action_intent(keyword_route(text, data), text, vocab).intent

    sets: list[tuple[str, list[dict[str, str]]]] = [(f"project dev set ({DEV_SET.name})", load_dev())]
    data_dir = shared_data()
    if data_dir is None:
        print("route: ../shared/data is absent; SLURP skipped")
    else:
        folder = data_dir / "slurp-devel"
        for label, name in (("SLURP devel, assistant subset", "slurp_devel_assistant_subset.jsonl"),
                            ("SLURP devel, whole split", "slurp_devel_flat.jsonl")):
            rows = [json.loads(line) for line in (folder / name).open()]
            sets.append((label, [{"text": r["text"], "gold": slurp_gold(r["intent"])} for r in rows]))
    for label, rows in sets:
        print(f"  {label}: {len(rows)} turns")
        report("keywords", *run(rows, keywords))
        if embedder is None:
            print("    router    steward.embed provides no embedder; semantic routing skipped")
            continue
        t0 = time.perf_counter()
        scope, per = run(rows, routed)
        report("router", scope, per, (time.perf_counter() - t0) * 1000 / len(rows))
        for gold, got, text in scope.wrong[: args.show]:
            print(f"      want {gold:13s} got {got:13s} {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
