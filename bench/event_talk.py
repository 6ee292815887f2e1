"""Events in plain words: the right write on the right event, without a model.

    .venv/bin/python bench/event_talk.py [--verbose]

Scores the phrase set in `bench/data/event_talk.yaml` (add, move to a day or a time, move by a shift, a
new length, cancel, "it", two close matches, repeating events and busy times that ask first, and turns
that must write no event): each case runs in a fresh home with the same events, through `steward
chat`'s engine, on a pinned clock, with no model configured. A case is right when the last turn's trace
shows the expected write on the expected event (and its new times); a write on any other event is
counted apart as a wrong write, which is worse than no write.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from steward.app import App, build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.settings import load  # noqa: E402

CASES = Path(__file__).resolve().parent / "data" / "event_talk.yaml"
SESSION = "bench"
_KINDS = {"event": "add", "event.move": "move", "event.cancel": "cancel", "event.skip": "skip",
          "event.series": "series"}


@dataclass(frozen=True)
class Scored:
    """One case: what was said, what was expected, what the trace shows, and how they agree."""

    say: tuple[str, ...]
    expected: Mapping[str, Any]
    got: Mapping[str, Any]
    ok: bool
    wrong_event: bool


def load_cases(path: Path = CASES) -> dict[str, Any]:
    """The phrase set."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and isinstance(data.get("cases"), list)
    return data


def _setup(app: App, setup: list[Mapping[str, Any]]) -> None:
    prov = {"via": "cli", "command": "bench"}
    for item in setup:
        if item.get("repeat"):
            app.calendar.create_repeating_event(item["title"], str(item["repeat"]), provenance=prov,
                                                minutes=item.get("minutes"))
        else:
            when = datetime.fromisoformat(str(item["when"])).replace(tzinfo=app.clock.zone)
            app.calendar.create_event(item["title"], when, minutes=item.get("minutes"), location=item.get("location"),
                                      provenance=prov)


def observe(trace: Mapping[str, Any]) -> dict[str, Any]:
    """What the last turn did: its write (kind, event, times) or its question."""
    writes = [w for w in trace.get("writes") or [] if str(w.get("kind", "")).startswith("event")]
    if writes:
        fields = writes[0]["fields"]
        return {"action": _KINDS.get(writes[0]["kind"], writes[0]["kind"]), "target": fields.get("title"),
                "start": str(fields.get("start", ""))[:16], "end": str(fields.get("end", ""))[:16],
                "location": fields.get("location"), "rule": fields.get("rule"), "reply": trace.get("reply")}
    asked = trace.get("continuation")
    if asked and asked.get("owner") == "event_changes":
        return {"action": "ask", "reply": trace.get("reply")}
    return {"action": "none", "handled_by": trace.get("handled_by"), "reply": trace.get("reply")}


def agrees(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """The expected write on the expected event, with its times, place and rule."""
    if expected["action"] != got.get("action"):
        return False
    for key in ("target", "start", "end", "location", "rule"):
        if key in expected and expected[key] != got.get(key):
            return False
    if "candidates" in expected:
        return all(f"{c} (" in str(got.get("reply")) for c in expected["candidates"])
    return True


def wrong_event(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """A write on an event other than the one meant (or a change where none was meant)."""
    if got.get("action") in ("ask", "none"):
        return False
    if expected["action"] in ("ask", "none"):
        return got.get("action") != "add"   # a change made where a question or nothing was wanted
    return got.get("action") != "add" and got.get("target") != expected.get("target") or (
        got.get("action") != "add" and "start" in expected and expected["action"] == "cancel"
        and got.get("start") != expected["start"])


_SHARED: dict[str, Any] = {}


def run_case(root: Path, data: Mapping[str, Any], case: Mapping[str, Any], n: int) -> Scored:
    now = datetime.fromisoformat(str(data["now"]))
    zone = str(data["zone"])
    home = root / f"home-{n}"
    app = build_app(load(None, environ={"STEWARD_TIMEZONE": zone}), make_clock(zone, now), Paths(home, home))
    if "embedder" not in _SHARED:
        _SHARED["embedder"] = app.embedder
    app.__dict__["embedder"] = _SHARED["embedder"]  # a cached property: one model for every case
    try:
        _setup(app, data.get("setup") or [])
        said = case["say"] if isinstance(case["say"], list) else [case["say"]]
        trace: Mapping[str, Any] = {}
        for text in said:
            trace = app.engine.turn(str(text), session=SESSION).to_json()
        got = observe(trace)
        expected = dict(case["expect"])
        return Scored(tuple(said), expected, got, agrees(expected, got), wrong_event(expected, got))
    finally:
        app.close()


def evaluate(path: Path = CASES) -> list[Scored]:
    """Every case of the phrase set, scored."""
    data = load_cases(path)
    with tempfile.TemporaryDirectory(prefix="steward-bench-") as tmp:
        return [run_case(Path(tmp), data, case, n) for n, case in enumerate(data["cases"])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every case that is not right")
    args = parser.parse_args()
    scored = evaluate()
    right = sum(s.ok for s in scored)
    wrong = sum(s.wrong_event for s in scored)
    by_action = Counter(s.expected["action"] for s in scored)
    print(f"event requests: {len(scored)} ({', '.join(f'{a} {n}' for a, n in sorted(by_action.items()))})")
    print(f"right write on the right event: {right}/{len(scored)} ({100 * right / len(scored):.1f}%)")
    print(f"writes on the wrong event: {wrong}")
    if args.verbose:
        for s in scored:
            if not s.ok:
                print(f"- {' / '.join(s.say)}\n    expected {dict(s.expected)}\n    got      {dict(s.got)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
