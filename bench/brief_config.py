"""The brief_config intercept on a phrase set the project wrote: does each phrasing make the intended change?

    .venv/bin/python bench/brief_config.py

Each case runs in a fresh home with no model: its setup turns, the phrase itself (which must be
answered by the brief_config intercept, never by a dues or schedule read), then "show my brief" in
the same conversation; the check reads the brief that turn shows. The bar is 100% (ADR-0103's
postscript: a 7B model called the tool 25% of the time, a 35B model 0%, the intercept 5 of 5).
tests/test_brief_config.py runs every case too.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from steward.app import App, build_app  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.settings import load  # noqa: E402

NOW = "2026-12-01T08:00:00+05:30"
DEFAULT = ("schedule", "tomorrow", "dues", "inbox", "appointments", "mail_health")


@dataclass(frozen=True)
class Case:
    """A phrasing, the turns that set the scene, and what "show my brief" must show afterwards."""

    text: str
    expect: Mapping[str, Any]
    setup: Sequence[str] = ()
    kind: str = ""  # add | remove | move | options | show | undo | reset
    tags: Sequence[str] = field(default_factory=tuple)  # polite, terse, dues-word


CASES: tuple[Case, ...] = (
    # add
    Case("add the dues section to my brief", {"shown": "dues"}, ["remove the dues section from my brief"], "add",
         ["dues-word"]),
    Case("Can you update my daily briefing to add the outstanding dues", {"first": "dues"}, (), "add",
         ["polite", "dues-word", "adr-0103"]),
    Case("please add my bills to the morning briefing", {"shown": "dues"}, ["drop dues from my brief"], "add",
         ["polite", "dues-word"]),
    Case("include appointments in my digest", {"shown": "appointments"},
         ["remove appointments from my digest"], "add"),
    Case("put the inbox back in my brief", {"shown": "inbox"}, ["remove the inbox from my brief"], "add"),
    Case("I'd like to see the mail sync status in my daily brief", {"shown": "mail_health"},
         ["remove mail sync from my brief"], "add", ["polite"]),
    Case("bring back tomorrow's schedule in my brief", {"shown": "tomorrow"}, ["drop tomorrow from my brief"], "add"),
    Case("could you add what I owe to my brief?", {"shown": "dues"}, ["remove dues from my brief"], "add",
         ["polite", "dues-word"]),
    Case("add money owed to my daily summary", {"shown": "dues"}, ["remove the dues from my daily summary"], "add",
         ["dues-word"]),
    Case("digest add appointments", {"shown": "appointments"}, ["remove appointments from my digest"], "add",
         ["terse"]),
    # remove
    Case("remove the dues section from my brief", {"absent": "dues"}, (), "remove", ["dues-word"]),
    Case("take appointments out of my morning briefing", {"absent": "appointments"}, (), "remove"),
    Case("drop the mail sync part from my brief", {"absent": "mail_health"}, (), "remove"),
    Case("I don't want to see the inbox in my brief anymore", {"absent": "inbox"}, (), "remove"),
    Case("stop showing bills in my digest", {"absent": "dues"}, (), "remove", ["dues-word"]),
    Case("no more tomorrow in my brief please", {"absent": "tomorrow"}, (), "remove"),
    Case("get rid of the payments due in my brief", {"absent": "dues"}, (), "remove", ["dues-word"]),
    Case("brief: drop dues", {"absent": "dues"}, (), "remove", ["terse", "dues-word"]),
    Case("Hi Steward, when you get a chance, could you please update my daily briefing so that it no longer "
         "includes the appointments section? Thanks!", {"absent": "appointments"}, (), "remove", ["polite"]),
    # remove a kind of mail or of due (an option)
    Case("remove newsletters from my briefing", {"option": ("inbox", "hide", ["newsletter"])}, (), "options"),
    Case("hide receipts in my daily brief", {"option": ("inbox", "hide", ["receipt"])}, (), "options"),
    Case("remove rent from the dues in my brief",
         {"option": ("dues", "categories", ["card", "bank", "loan", "utility", "telecom", "insurance",
                                            "subscription", "tax", "housing", "education", "other"])}, (), "options", ["dues-word"]),
    Case("add newsletters back to my brief", {"option": ("inbox", "hide", [])},
         ["remove newsletters from my brief"], "options"),
    # move
    Case("put my schedule first", {"first": "schedule"}, ["put the inbox first in my brief"], "move", ["terse"]),
    Case("move dues to the top of my brief", {"first": "dues"}, (), "move", ["dues-word"]),
    Case("move the inbox below the schedule in my brief", {"after": ("inbox", "schedule")},
         ["put the inbox first in my brief"], "move"),
    Case("put the dues before the schedule in my briefing", {"before": ("dues", "schedule")}, (), "move",
         ["dues-word"]),
    Case("move appointments to the end of my brief", {"last": "appointments"}, (), "move"),
    Case("make the inbox second in my briefing", {"at": ("inbox", 2)}, (), "move"),
    Case("put tomorrow last", {"last": "tomorrow"}, (), "move", ["terse"]),
    Case("please move the inbox to the top", {"first": "inbox"}, (), "move", ["terse"]),
    Case("can you put my bills first in my brief", {"first": "dues"}, (), "move", ["polite", "dues-word"]),
    Case("show the inbox above the dues in my brief", {"before": ("inbox", "dues")}, (), "move"),
    Case("Hey, I'd really appreciate it if you could make sure my morning brief shows the outstanding dues first.",
         {"first": "dues"}, (), "move", ["polite", "dues-word"]),
    # options
    Case("only show insurance and rent dues for the next 7 days in my brief",
         {"option": ("dues", "window_days", 7), "option2": ("dues", "categories", ["insurance", "rent"])}, (),
         "options", ["dues-word", "adr-0103-deferred"]),
    Case("show dues for the next 30 days in my brief", {"option": ("dues", "window_days", 30)}, (), "options",
         ["dues-word"]),
    Case("i'd like to see only card and loan dues for the next two weeks in my digest",
         {"option": ("dues", "window_days", 14), "option2": ("dues", "categories", ["card", "loan"])}, (),
         "options", ["polite", "dues-word"]),
    Case("show dues for this month in my brief", {"option": ("dues", "window_days", 30)}, (), "options",
         ["dues-word"]),
    Case("limit the dues in my brief to insurance", {"option": ("dues", "categories", ["insurance"])}, (),
         "options", ["dues-word"]),
    Case("just show credit card dues in my brief", {"option": ("dues", "categories", ["card"])}, (), "options",
         ["terse", "dues-word"]),
    Case("Could you please only include rent dues in my morning summary for the next 10 days?",
         {"option": ("dues", "window_days", 10), "option2": ("dues", "categories", ["rent"])}, (), "options",
         ["polite", "dues-word"]),
    Case("show the first 5 items of tomorrow in my brief", {"option": ("tomorrow", "count", 5)}, (), "options"),
    Case("show 2 of tomorrow's items in my daily briefing", {"option": ("tomorrow", "count", 2)}, (), "options"),
    # show, undo, reset
    Case("what's in my brief?", {"reply": "Your brief shows", "order": DEFAULT}, (), "show"),
    Case("which sections are in my daily briefing", {"reply": "Your brief shows", "order": DEFAULT}, (), "show"),
    Case("undo that change to my brief", {"shown": "dues"}, ["remove the dues section from my brief"], "undo"),
    Case("put my brief back the way it was", {"shown": "appointments"},
         ["remove appointments from my brief"], "undo"),
    Case("reset my brief", {"order": DEFAULT}, ["remove the inbox from my brief", "put dues first in my brief"],
         "reset", ["terse"]),
    Case("restore the default brief", {"order": DEFAULT}, ["take the appointments out of my brief"], "reset"),
)


def app_in(home: Path) -> App:
    """An App on a fresh home, the clock pinned, no model and keyword routing (nothing to download)."""
    settings = load(None, environ={"STEWARD_SEMANTIC_ROUTER": "0", "STEWARD_SEMANTIC_SEARCH": "0"})
    return build_app(settings, make_clock("Asia/Kolkata", NOW), Paths(home, home))


def _failures(expect: Mapping[str, Any], brief: Mapping[str, Any], reply: str) -> list[str]:
    slots = [s["slot"] for s in brief["sections"]]
    options = {s["slot"]: s["options"] for s in brief["sections"]}
    bad: list[str] = []
    for key, value in expect.items():
        if key == "shown" and value not in slots:
            bad.append(f"{value} is not shown")
        elif key == "absent" and value in slots:
            bad.append(f"{value} is still shown")
        elif key == "first" and slots[:1] != [value]:
            bad.append(f"{value} is not first ({slots})")
        elif key == "last" and slots[-1:] != [value]:
            bad.append(f"{value} is not last ({slots})")
        elif key == "at" and (value[0] not in slots or slots.index(value[0]) + 1 != value[1]):
            bad.append(f"{value[0]} is not at place {value[1]} ({slots})")
        elif key in ("before", "after"):
            a, b = value
            if a not in slots or b not in slots:
                bad.append(f"{a} or {b} is not shown")
            elif key == "before" and not slots.index(a) < slots.index(b):
                bad.append(f"{a} is not before {b} ({slots})")
            elif key == "after" and slots.index(a) != slots.index(b) + 1:
                bad.append(f"{a} is not right after {b} ({slots})")
        elif key.startswith("option"):
            slot, name, want = value
            got = options.get(slot, {}).get(name)
            if (sorted(got) if isinstance(got, list) else got) != (sorted(want) if isinstance(want, list) else want):
                bad.append(f"{slot}.{name} is {got!r}, not {want!r}")
        elif key == "order" and tuple(slots) != tuple(value):
            bad.append(f"the order is {slots}")
        elif key == "reply" and value not in reply:
            bad.append(f"the reply does not say {value!r}: {reply[:80]!r}")
    return bad


def run_case(case: Case, app: App, session: str) -> list[str]:
    """The case's failures (empty when the phrase made the intended change and the brief shows it).

    The case starts from the full brief: the prefs file is removed first (the App is shared, since
    building one per case would mostly time YAML parsing).
    """
    app.brief.prefs_file.path.unlink(missing_ok=True)
    for text in case.setup:
        trace = app.engine.turn(text, session=session)
        if trace.handled_by != "brief_config":
            return [f"setup {text!r} was handled by {trace.handled_by}"]
    trace = app.engine.turn(case.text, session=session)
    if trace.handled_by != "brief_config":
        return [f"handled by {trace.handled_by}, not brief_config: {trace.reply[:80]!r}"]
    shown = app.engine.turn("show my brief", session=session)
    by = (shown.data or {}).get("answerer") or shown.handled_by
    if by != "brief":
        return [f"'show my brief' was answered by {by}"]
    return _failures(case.expect, shown.data, trace.reply)


def run_all(cases: Sequence[Case] = CASES) -> list[tuple[Case, list[str]]]:
    """Every case from the full brief, each in its own conversation: (case, failures)."""
    with tempfile.TemporaryDirectory() as tmp:
        app = app_in(Path(tmp))
        try:
            return [(case, run_case(case, app, f"case-{i}")) for i, case in enumerate(cases)]
        finally:
            app.close()


def main() -> None:
    t0 = time.perf_counter()
    results = run_all()
    passed = sum(1 for _, bad in results if not bad)
    by_kind: dict[str, list[int]] = {}
    for case, bad in results:
        by_kind.setdefault(case.kind, [0, 0])
        by_kind[case.kind][0] += not bad
        by_kind[case.kind][1] += 1
    print(f"brief_config: {passed}/{len(results)} phrasings made the intended change "
          f"({100 * passed / len(results):.1f}%) in {time.perf_counter() - t0:.1f} s")
    for kind, (ok, n) in by_kind.items():
        print(f"  {kind:8s} {ok}/{n}")
    dues = [(c, b) for c, b in results if "dues-word" in c.tags]
    print(f"  with a dues word: {sum(1 for _, b in dues if not b)}/{len(dues)} answered by brief_config")
    for case, bad in results:
        if bad:
            print(f"FAIL {case.text!r}: {'; '.join(bad)}")


if __name__ == "__main__":
    main()
