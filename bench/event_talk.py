"""Events in plain words: the right write on the right event, without a model.

    .venv/bin/python bench/event_talk.py [--set dev|fresh|blind|PATH] [--verbose]

Scores a phrase set: `dev` (the default) is `bench/data/event_talk.yaml`, `fresh` is
`bench/data/event_talk_fresh.yaml` (written blind to the rules, on a calendar and clock of its own),
`blind` is `bench/data/event_talk_blind.yaml` (held out: its cases are never printed). Each holds (add, move to a day or a time, move by a shift, a
new length, cancel, "it", two close matches, repeating events and busy times that ask first, and turns
that must write no event): each case runs in a home of its own holding the same events (the set's
`setup`, and a scene's own events for the cases of a scene), through `steward chat`'s engine, on a
pinned clock, with no model configured. A scene's home is built once and copied for each case, so
every case starts from the same calendar. A case is right when the last turn's trace shows the
expected write on the expected event (and its new times); a write on any other event is counted apart
as a wrong write, which is worse than no write.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import yaml
from dateutil.rrule import rrulestr

sys.path.insert(0, str(Path(__file__).resolve().parent))
from steward.app import App, build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.settings import load  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
CASES = DATA / "event_talk.yaml"
SETS = {"dev": CASES, "fresh": DATA / "event_talk_fresh.yaml", "blind": DATA / "event_talk_blind.yaml"}
SESSION = "bench"
_KINDS = {"event": "add", "event.move": "move", "event.cancel": "cancel", "event.skip": "skip",
          "event.series": "series", "event.override": "move_one"}


@dataclass(frozen=True)
class Scored:
    """One case: what was said, what was expected, what the trace shows, and how they agree."""

    say: tuple[str, ...]
    expected: Mapping[str, Any]
    got: Mapping[str, Any]
    ok: bool
    wrong_event: bool

    @property
    def wrong_write(self) -> bool:
        """A write other than the one meant: on another event, or another change to the right one (a
        whole series cancelled where its end was asked for, another time)."""
        return self.got.get("action") not in ("ask", "none") and not self.ok


def load_cases(path: Path = CASES) -> dict[str, Any]:
    """The phrase set."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and isinstance(data.get("cases"), list)
    return data


def scenes(data: Mapping[str, Any]) -> list[tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]]:
    """The set's cases by the calendar they start from: the set's `setup` (with its `cases`), and each
    scene's events added to it (with the scene's cases)."""
    base = list(data.get("setup") or [])
    out = [(base, list(data["cases"]))]
    for scene in data.get("scenes") or []:
        out.append((base + list(scene.get("setup") or []), list(scene["cases"])))
    return out


def all_cases(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every case of the set, the scenes' after the set's own."""
    return [case for _, cases in scenes(data) for case in cases]


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
    """What the last turn did: its write (kind, event, times) or its question. One time of a repeating
    event moved is `move_one` with the time it moved to, however the calendar keeps it; several times
    skipped at once are `skip` with the `starts` of them all."""
    writes = [w for w in trace.get("writes") or [] if str(w.get("kind", "")).startswith("event")]
    if writes:
        kinds = [w["kind"] for w in writes]
        fields = writes[0]["fields"]
        action = _KINDS.get(kinds[0], kinds[0])
        if kinds == ["event.skip", "event"] and writes[1]["fields"].get("title") == fields.get("title"):
            action, fields = "move_one", writes[1]["fields"]
        got = {"action": action, "target": fields.get("title"),
               "start": str(fields.get("start", ""))[:16], "end": str(fields.get("end", ""))[:16],
               "location": fields.get("location"), "rule": fields.get("rule"), "reply": trace.get("reply"),
               "at": str(fields.get("start", ""))}
        if set(kinds) == {"event.skip"}:  # several times skipped at once: every one of them
            got["starts"] = [str(w["fields"].get("start", ""))[:16] for w in writes]
            if len({w["fields"].get("title") for w in writes}) > 1:
                got["target"] = None   # times of more than one event: never the one meant
        return got
    asked = trace.get("continuation")
    if asked and asked.get("owner") == "event_changes":
        return {"action": "ask", "reply": trace.get("reply")}
    return {"action": "none", "handled_by": trace.get("handled_by"), "reply": trace.get("reply")}


def agrees(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """The expected write on the expected event, with its times, place and rule."""
    if expected["action"] != got.get("action"):
        return False
    if "target" in expected and not same_title(expected["target"], got.get("target")):
        return False
    if "rule" in expected and not same_rule(str(expected["rule"]), got.get("rule"), str(got.get("at") or "")):
        return False
    for key in ("start", "end", "location", "starts"):
        if key in expected and expected[key] != got.get(key):
            return False
    if "candidates" in expected:
        return all(f"{c} (" in str(got.get("reply")) for c in expected["candidates"])
    return True


def same_title(expected: object, got: object) -> bool:
    """The same title, whatever its capitals ("Yoga with Mei" is "yoga with Mei")."""
    return isinstance(got, str) and str(expected).casefold() == got.casefold()


def same_rule(expected: str, got: object, start: str) -> bool:
    """The same RRULE, or one that gives the same times from the event's start over two years (an
    UNTIL anywhere between the last time kept and the next one ends a series alike)."""
    if not isinstance(got, str):
        return False
    if expected == got:
        return True
    try:
        first = datetime.fromisoformat(start)
        horizon = first + timedelta(days=730)
        return bool(first.tzinfo) and (rrulestr(expected, dtstart=first).between(first, horizon, inc=True)
                                       == rrulestr(got, dtstart=first).between(first, horizon, inc=True))
    except ValueError:
        return False


def wrong_event(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """A write on an event other than the one meant (or a change where none was meant)."""
    if got.get("action") in ("ask", "none"):
        return False
    if expected["action"] in ("ask", "none"):
        return got.get("action") != "add"   # a change made where a question or nothing was wanted
    return got.get("action") != "add" and not same_title(expected.get("target"), got.get("target")) or (
        got.get("action") != "add" and "start" in expected and expected["action"] == "cancel"
        and got.get("start") != expected["start"])


_SHARED: dict[str, Any] = {}


def _app(data: Mapping[str, Any], home: Path) -> App:
    now = datetime.fromisoformat(str(data["now"]))
    zone = str(data["zone"])
    app = build_app(load(None, environ={"STEWARD_TIMEZONE": zone}), make_clock(zone, now), Paths(home, home))
    if "embedder" not in _SHARED:
        _SHARED["embedder"] = app.embedder
    app.__dict__["embedder"] = _SHARED["embedder"]  # a cached property: one model for every case
    return app


def build_home(data: Mapping[str, Any], setup: list[Mapping[str, Any]], home: Path) -> Path:
    """A home holding the events of `setup`, closed so it can be copied."""
    app = _app(data, home)
    try:
        _setup(app, setup)
    finally:
        app.close()
    return home


def run_case(root: Path, data: Mapping[str, Any], case: Mapping[str, Any], n: int,
             built: Path | None = None) -> Scored:
    """One case in a home of its own: a copy of `built` (a home from `build_home`), else one holding
    the set's `setup`."""
    home = root / f"home-{n}"
    if built is not None:
        shutil.copytree(built, home)
    else:
        build_home(data, list(data.get("setup") or []), home)
    app = _app(data, home)
    try:
        said = case["say"] if isinstance(case["say"], list) else [case["say"]]
        trace: Mapping[str, Any] = {}
        for text in said:
            trace = app.engine.turn(str(text), session=SESSION).to_json()
        got = observe(trace)
        expected = dict(case["expect"])
        return Scored(tuple(said), expected, got, agrees(expected, got), wrong_event(expected, got))
    finally:
        app.close()
        shutil.rmtree(home, ignore_errors=True)


def evaluate(path: Path = CASES, only: str | None = None) -> list[Scored]:
    """Every case of the phrase set (those whose words hold ONLY, when given), scored."""
    data = load_cases(path)
    out: list[Scored] = []
    with tempfile.TemporaryDirectory(prefix="steward-bench-") as tmp:
        for k, (setup, cases) in enumerate(scenes(data)):
            chosen = [c for c in cases if only is None or only.lower() in str(c["say"]).lower()]
            if not chosen:
                continue
            built = build_home(data, setup, Path(tmp) / f"scene-{k}")
            out += [run_case(Path(tmp), data, case, len(out) + n, built) for n, case in enumerate(chosen)]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every case that is not right")
    parser.add_argument("--only", help="score only the cases whose words hold this text")
    parser.add_argument("--set", dest="cases", default="dev", metavar="dev|fresh|blind|PATH",
                        help="the phrase set: dev (default), fresh, blind (its cases never printed), or a path")
    parser.add_argument("--cases", dest="cases", help=argparse.SUPPRESS)   # the older spelling of --set
    args = parser.parse_args()
    path = SETS.get(args.cases) or Path(args.cases)
    held_out = path.resolve() == SETS["blind"].resolve()
    scored = evaluate(path, None if held_out else args.only)
    right = sum(s.ok for s in scored)
    wrong = sum(s.wrong_event for s in scored)
    by_action = Counter(s.expected["action"] for s in scored)
    print(f"event requests: {len(scored)} ({', '.join(f'{a} {n}' for a, n in sorted(by_action.items()))})")
    print(f"right write on the right event: {right}/{len(scored)} ({100 * right / len(scored):.1f}%)")
    print(f"writes on the wrong event: {wrong}")
    print(f"writes other than the one meant (the wrong event among them): {sum(s.wrong_write for s in scored)}")
    right_by = Counter(s.expected["action"] for s in scored if s.ok)
    print("right by action: " + ", ".join(f"{a} {right_by[a]}/{n}" for a, n in sorted(by_action.items())))
    if args.verbose and held_out:
        print("(the blind set's cases are not printed)")
    elif args.verbose:
        for s in scored:
            if not s.ok:
                print(f"- {' / '.join(s.say)}\n    expected {dict(s.expected)}\n    got      {dict(s.got)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
