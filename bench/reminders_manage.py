"""Managing reminders in plain words: the right action on the right reminder, without a model.

    .venv/bin/python bench/reminders_manage.py [--verbose]

Scores the phrase set in `bench/data/reminders_manage.yaml` (create repeating, list, cancel, move,
snooze, done, with pronouns and ambiguity): each case runs in a fresh home with the same reminders,
through `steward chat`'s engine, on a pinned clock, with no model configured. A case is right when the
last turn's trace shows the expected action on the expected reminder (and the expected rule or time).
Also, when `../shared/data/slurp-devel` is present: the SLURP devel utterances that ask about
reminders (calendar_query / calendar_remove with "remind", calendar_set with a repeat) and whether
they get a list, a cancel or a repeating reminder; that data was not written by this project.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import shared_data  # noqa: E402
from steward.app import App, build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.notify.sinks import ConsoleSink  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.scheduler import ReminderScheduler  # noqa: E402
from steward.settings import load  # noqa: E402

CASES = Path(__file__).resolve().parent / "data" / "reminders_manage.yaml"
SESSION = "bench"


@dataclass(frozen=True)
class Scored:
    """One case: what was said, what was expected, what the trace shows, and whether they agree."""

    say: tuple[str, ...]
    expected: Mapping[str, Any]
    got: Mapping[str, Any]
    ok: bool
    seconds: float


def load_cases(path: Path = CASES) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and isinstance(data.get("cases"), list)
    return data


class Homes:
    """A fresh Steward home per case; the embedding model is loaded once and shared by every App."""

    def __init__(self, root: Path, zone: str) -> None:
        self.root = root
        self.zone = zone
        self.count = 0
        self.embedder: Any = None

    def app(self, now: datetime, same: bool = False) -> App:
        """An App on a new home (or, with `same`, the last one again) with the clock at `now`."""
        self.count += not same
        home = self.root / f"home-{self.count}"
        settings = load(None, environ={"STEWARD_TIMEZONE": self.zone})
        app = build_app(settings, make_clock(self.zone, now), Paths(home, home))
        if self.embedder is None:
            self.embedder = app.embedder
        app.__dict__["embedder"] = self.embedder  # a cached property: one model for every case
        return app


def _setup(app: App, setup: list[Mapping[str, str]]) -> None:
    for item in setup:
        prov = {"via": "cli", "command": "bench"}
        if item.get("repeat"):
            app.calendar.create_repeating(item["text"], item["repeat"], provenance=prov)
        else:
            app.calendar.create_reminder(item["text"], item["when"], provenance=prov)


def _fire(app: App, text: str) -> datetime:
    """Send the reminder `text` (and whatever else is due by then); the time a minute after it."""
    target = next(r for r in app.calendar.reminders() if r.text == text)
    at = target.due + timedelta(minutes=1)
    scheduler = ReminderScheduler(app.db, [ConsoleSink(io.StringIO())], app.clock.zone)
    scheduler.tick(at)
    return at


def observe(app: App, trace: Mapping[str, Any]) -> dict[str, Any]:
    """What the trace shows: the action, the reminder acted on, and its rule and time."""
    data = trace.get("data") or {}
    writes = trace.get("writes") or []
    got: dict[str, Any] = {"handled_by": trace.get("handled_by")}
    if trace.get("handled_by") == "reminder_creation":
        got["action"] = "create" if writes else "none"
    elif trace.get("handled_by") == "reminder_management" or (trace.get("handled_by") == "continuation"
                                                              and data.get("action")):
        got["action"] = "ask" if trace.get("continuation") else data.get("action")
    else:
        got["action"] = "none"
    if writes:
        fields = writes[0]["fields"]
        got.update(target=fields.get("text"), rule=fields.get("rule"), due=fields.get("due"))
        if got["action"] == "cancel":
            got["series"] = bool(data.get("series"))
    if got["action"] == "ask":
        ids = set(data.get("candidates") or [])
        got["candidates"] = sorted(r.text for r in app.calendar.reminders(include_done=True) if r.id in ids)
    if got["action"] == "list":
        got["listed"] = [r["text"] for r in data.get("reminders") or []]
    if got["action"] in ("snooze", "done", "cancel", "move") and not writes:
        got["target"] = None
    return got


def agrees(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """The right action on the right reminder (and the rule, time, series flag, candidates asked)."""
    if expected["action"] != got.get("action"):
        return False
    for key in ("target", "rule", "due", "series"):
        if key in expected and expected[key] != got.get(key):
            return False
    if "candidates" in expected and sorted(expected["candidates"]) != got.get("candidates"):
        return False
    listed = got.get("listed") or []
    if "includes" in expected and not set(expected["includes"]) <= set(listed):
        return False
    return not ("count" in expected and expected["count"] != len(listed))


def run_case(homes: Homes, data: Mapping[str, Any], case: Mapping[str, Any]) -> Scored:
    now = datetime.fromisoformat(str(data["now"]))
    app = homes.app(now)
    try:
        _setup(app, data.get("setup") or [])
        if case.get("fire"):
            at = _fire(app, str(case["fire"]))
            app.close()
            app = homes.app(at, same=True)
        said = case["say"] if isinstance(case["say"], list) else [case["say"]]
        started = time.perf_counter()
        trace: Mapping[str, Any] = {}
        for text in said:
            trace = app.engine.turn(str(text), session=SESSION).to_json()
        seconds = time.perf_counter() - started
        got = observe(app, trace)
        return Scored(tuple(said), dict(case["expect"]), got, agrees(case["expect"], got), seconds)
    finally:
        app.close()


def evaluate(path: Path = CASES) -> list[Scored]:
    """Every case of the phrase set, scored."""
    data = load_cases(path)
    with tempfile.TemporaryDirectory(prefix="steward-bench-") as tmp:
        homes = Homes(Path(tmp), str(data["zone"]))
        return [run_case(homes, data, case) for case in data["cases"]]


# -- SLURP (data not written by this project) -------------------------------------------------------


def slurp_cases(folder: Path) -> list[tuple[str, str]]:
    """(text, the action it asks for) of the SLURP devel utterances about reminders."""
    out = []
    for line in (folder / "slurp-devel" / "slurp_devel_flat.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        text, intent = row["text"], row["intent"]
        if intent == "calendar_query" and "remind" in text:
            out.append((text, "list"))
        elif intent == "calendar_remove" and "remind" in text:
            out.append((text, "cancel"))
        elif intent == "calendar_set" and "remind" in text and any(
                w in text.split() for w in ("every", "daily", "weekly", "monthly", "yearly")):
            out.append((text, "create"))
    return out


def evaluate_slurp(folder: Path, zone: str, now: datetime, setup: list[Mapping[str, str]]) -> list[tuple[str, str, str]]:
    with tempfile.TemporaryDirectory(prefix="steward-bench-") as tmp:
        homes = Homes(Path(tmp), zone)
        results = []
        for text, wanted in slurp_cases(folder):
            app = homes.app(now)
            try:
                _setup(app, setup)
                trace = app.engine.turn(text, session=SESSION).to_json()
                got = observe(app, trace)["action"]
                # a cancel that asks "Which one" first is the right action waiting for its target
                results.append((text, wanted, "cancel" if got == "ask" and wanted == "cancel" else got))
            finally:
                app.close()
        return results


def warm_turns(data: Mapping[str, Any], repeat: int = 15) -> dict[str, float]:
    """Median ms of one turn on an App already open: a list, a move found by words, one found by meaning."""
    with tempfile.TemporaryDirectory(prefix="steward-bench-") as tmp:
        homes = Homes(Path(tmp), str(data["zone"]))
        app = homes.app(datetime.fromisoformat(str(data["now"])))
        try:
            _setup(app, data.get("setup") or [])
            app.engine.turn("move the grocery reminder to 7 pm", session=SESSION)  # loads the model once
            out = {}
            for name, template in (("list", "what reminders do I have?"),
                                   ("by words", "move the milk reminder to {h} pm"),
                                   ("by meaning", "move the grocery reminder to {h} pm")):
                times = []
                for i in range(repeat):
                    started = time.perf_counter()
                    app.engine.turn(template.format(h=7 + i % 3), session=SESSION)
                    times.append((time.perf_counter() - started) * 1000)
                out[name] = statistics.median(times)
            return out
        finally:
            app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="show every case, not only the wrong ones")
    args = parser.parse_args()
    started = time.perf_counter()
    scored = evaluate()
    by_action: Counter[str] = Counter()
    right: Counter[str] = Counter()
    for s in scored:
        by_action[s.expected["action"]] += 1
        right[s.expected["action"]] += s.ok
        if args.verbose or not s.ok:
            mark = "ok " if s.ok else "BAD"
            print(f"{mark} {' / '.join(s.say)!r}\n    expected {dict(s.expected)}\n    got      {dict(s.got)}")
    total = sum(s.ok for s in scored)
    print(f"\nphrase set: {total}/{len(scored)} right ({total / len(scored):.1%})")
    for action in sorted(by_action):
        print(f"  {action:7} {right[action]}/{by_action[action]}")
    turns = [s.seconds / len(s.say) * 1000 for s in scored]
    print(f"time per turn: median {statistics.median(turns):.0f} ms, max {max(turns):.0f} ms "
          f"(whole run {time.perf_counter() - started:.1f} s)")
    warm = warm_turns(load_cases())
    print("warm turn (App open): " + ", ".join(f"{k} {v:.0f} ms" for k, v in warm.items()))
    folder = shared_data()
    if folder is not None and (folder / "slurp-devel").is_dir():
        data = load_cases()
        results = evaluate_slurp(folder, str(data["zone"]), datetime.fromisoformat(str(data["now"])),
                                 data.get("setup") or [])
        ok = [r for r in results if r[1] == r[2]]
        print(f"\nSLURP devel reminder utterances: {len(ok)}/{len(results)} get the asked action "
              f"({len(ok) / max(1, len(results)):.1%})")
        for wanted in ("list", "cancel", "create"):
            of = [r for r in results if r[1] == wanted]
            print(f"  {wanted:7} {sum(r[1] == r[2] for r in of)}/{len(of)}")
        if args.verbose:
            for text, wanted, got in results:
                print(f"  {'ok ' if wanted == got else 'BAD'} {text!r}: {wanted} -> {got}")
    else:
        print("\n(SLURP devel not present: ../shared/data/slurp-devel; skipped)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
