"""Date resolution accuracy and speed: Steward's `dates` beside dateparser, parsedatetime and ctparse.

    python bench/dates.py                 # both data sets, every installed peer
    python bench/dates.py --failures 40   # also list Steward's first 40 misses per set

Data (read from ../shared/data, written outside this project; the benchmark says so and stops when it
is absent): Duckling's English time corpus (1,192 cases, reference Tue 2013-02-12 04:30 at UTC-2) and
dateparser's English relative-date tests (280 cases with their base times and settings). The peers
are the `bench` extra (`pip install -e '.[bench]'`); a peer that is not installed is skipped, and the
run says so.

Scoring (the same rule for all four systems):

- Every system gets the case's text and reference time and returns one answer: a start moment (or
  nothing). Steward is called with `resolve` (the whole text is the phrase). dateparser gets its
  `RELATIVE_BASE`, parsedatetime its `sourceTime`, ctparse its `ts`. A zone-aware answer is converted
  to the reference time's offset; the comparison is on local wall-clock values.
- A case is right when the system's start, truncated to the case's grain, equals the expected start
  truncated to the same grain (week = the Monday it falls in, quarter = its first month). An answer
  finer than the grain is fine ("today" answered with today 04:30 is right at day grain); an answer
  coarser than it is wrong ("3 pm" answered with today 00:00).
- Intervals and open intervals are scored on their start; ends are not scored (the systems disagree on
  exclusive ends and Duckling adds one grain unit to them).
- Duckling negatives are right when the system returns nothing; a positive case answered with nothing
  is wrong. Two Duckling cases before year 1 (B.C.) cannot be represented and are left out.
- Grain in the dateparser set: the case's `period` when it has one (day/week/month/year, "time" =
  minute); a month named alone ("March") is month grain: the text names no day, and the two gold
  sets disagree on the one to fill in (dateparser's tests expect the reference's day of the month,
  the 15th; Duckling's corpus expects "March" to start on the 1st at month grain), so an answer is
  right when it is in that month; otherwise day when the expected time of day is midnight or the
  base's own time of day (the phrase named no time), else the second.
- Preference: the dateparser cases' `PREFER_DATES_FROM` is passed to the systems that take one
  (Steward's `prefer`: past, future, and "current" for `current_period`; dateparser its own setting,
  with the case's other settings as its tests pass them). Cases without it run on each system's default (Steward: future). So a bare
  duration ("15 hr") counts as 15 hours from now for Steward, and as wrong against dateparser's news
  convention (15 hours ago).
- The dateparser set is therefore reported three times. "each system's default" is the rule above.
  "unmarked cases prefer the past" gives every case that sets no preference the past: most of them
  (205 of 280) are dateparser's tests of its freshness parser (the age of a published page: "15 hr"
  means 15 hours ago), so Steward gets `prefer="past"` and dateparser `PREFER_DATES_FROM="past"`.
  "as each test ran" gives each unmarked case the reading its own test ran with: the freshness tests
  the past (that parser reads every bare duration as an age), the date-parser tests dateparser's
  default, `current_period` (Steward: "current"). That row is dateparser's own run of its own suite,
  so dateparser scores 100% there by construction; it shows where Steward's conventions differ.
  parsedatetime and ctparse take no preference, so their rows are the same run. Steward's own
  default stays future (right for an assistant: "friday" is the coming one).

Time per call, for each system in the same run and process: the median and the 99th percentile over
every case of the set, as wall time and as CPU time (`time.thread_time_ns` around each call). On a
machine shared with other jobs the wall time counts the moments the process waits for a core; the CPU
time does not, so it is the figure to compare across runs. Each system first makes one unmeasured
pass over the set (its first calls import modules, compile patterns and fill caches, once a
process); Steward's cache of the last sentences read is then emptied, so every measured call reads
its text afresh. The load average is printed with each set.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile, shared_data  # noqa: E402


@dataclass(frozen=True)
class Case:
    text: str
    ref: datetime           # aware reference time
    start: datetime | None  # expected local wall time (naive), None for a negative
    grain: str
    group: str              # what the case is reported under
    prefer: str | None      # "past" / "future" / "current_period" / None
    settings: dict
    freshness: bool = False  # a test of dateparser's freshness parser (bare durations are ages)


Answer = datetime | None
System = Callable[[Case], Answer]


def _load_duckling(folder: Path) -> list[Case]:
    cases = []
    for line in (folder / "duckling-time-en" / "duckling_time_en.jsonl").read_text().splitlines():
        row = json.loads(line)
        ref = datetime.fromisoformat(row["ref_time"])
        if row["kind"] == "negative":
            cases.append(Case(row["text"], ref, None, "none", "negative", None, {}))
            continue
        try:
            start = datetime.fromisoformat(row["start"])
        except ValueError:
            continue  # B.C. years
        group = f"{row['kind']}/{row['grain']}" + ("/holiday" if row["holiday"] else "")
        cases.append(Case(row["text"], ref, start, row["grain"], group, None, {}))
    return cases


DEV_SET = Path(__file__).resolve().parent / "data" / "dates_dev.yaml"


def _load_dev() -> list[Case]:
    """The project's development set (bench/data/dates_dev.yaml): one reference time, five styles."""
    from zoneinfo import ZoneInfo

    import yaml

    data = yaml.safe_load(DEV_SET.read_text(encoding="utf-8"))
    ref = datetime.fromisoformat(data["ref"]).astimezone(ZoneInfo(data["zone"]))
    cases = []
    for style, rows in data["cases"].items():
        settings = {"PREFER_DATES_FROM": "future"}
        if style in data.get("day_first", ()):
            settings["DATE_ORDER"] = "DMY"
        for text, expected in rows:
            if expected is None:
                cases.append(Case(text, ref, None, "none", style, "future", settings))
                continue
            grain = {4: "year", 7: "month", 10: "day"}.get(len(expected), "minute")
            start = datetime.fromisoformat(expected + {"year": "-01-01", "month": "-01"}.get(grain, ""))
            cases.append(Case(text, ref, start, grain, style, "future", settings))
    return cases


_MONTH_ALONE = re.compile(r"(?i)(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?")


def _load_dateparser(folder: Path) -> list[Case]:
    cases = []
    for line in (folder / "dateparser-tests" / "dateparser_relative_cases_en.jsonl").read_text().splitlines():
        row = json.loads(line)
        base = datetime.fromisoformat(row["base"]).replace(tzinfo=UTC)
        expected = datetime.fromisoformat(row["expected"])
        period = row.get("period")
        if period in ("day", "week", "month", "year"):
            grain = period
        elif period == "time":
            grain = "minute"
        elif _MONTH_ALONE.fullmatch(row["text"].strip()):
            grain = "month"
        elif expected.time() == datetime.min.time() or expected.time() == base.time().replace(tzinfo=None):
            grain = "day"
        else:
            grain = "second"
        settings = dict(row.get("settings") or {})
        cases.append(Case(row["text"], base, expected, grain, row["expected_kind"],
                          settings.get("PREFER_DATES_FROM"), settings,
                          freshness=row["test"].startswith("test_freshness")))
    return cases


def truncate(moment: datetime, grain: str) -> datetime:
    if grain == "second":
        return moment.replace(microsecond=0)
    if grain == "minute":
        return moment.replace(second=0, microsecond=0)
    if grain == "hour":
        return moment.replace(minute=0, second=0, microsecond=0)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if grain == "day":
        return day
    if grain == "week":
        return day - timedelta(days=day.weekday())
    if grain == "month":
        return day.replace(day=1)
    if grain == "quarter":
        return day.replace(day=1, month=(day.month - 1) // 3 * 3 + 1)
    return day.replace(day=1, month=1)


def _local_naive(answer: datetime, ref: datetime) -> datetime:
    if answer.tzinfo is not None:
        answer = answer.astimezone(ref.tzinfo).replace(tzinfo=None)
    return answer


def right(case: Case, answer: Answer) -> bool:
    if case.start is None:
        return answer is None
    if answer is None:
        return False
    return truncate(_local_naive(answer, case.ref), case.grain) == truncate(case.start, case.grain)


# the systems ----------------------------------------------------------------------------------------
def steward_system() -> System:
    from steward import dates
    from steward.clock import Clock
    from steward.dates import DateOptions, find, resolve

    day_first = DateOptions(day_first=True)

    def run(case: Case) -> Answer:
        prefer = {"past": "past", "future": "future", "current_period": "current"}.get(case.prefer or "", "future")
        options = day_first if case.settings.get("DATE_ORDER") == "DMY" else None
        read = find if case.group == "sentences" else resolve  # a date inside a sentence, or the whole text
        found = read(case.text, Clock(case.ref.tzinfo, case.ref), prefer, options)  # type: ignore[arg-type]
        return found.start if found else None

    # `find` keeps the last sentences it read (a turn's intercepts read one sentence several times)
    run.forget = dates._read.cache_clear  # type: ignore[attr-defined]
    return run


def dateparser_system() -> System:
    import dateparser
    from dateparser.search import search_dates

    def run(case: Case) -> Answer:
        settings = {k: v for k, v in case.settings.items() if k != "RETURN_TIME_AS_PERIOD"}
        settings["RELATIVE_BASE"] = case.ref.replace(tzinfo=None)
        if case.group == "sentences":  # its own search for dates inside a text
            found = search_dates(case.text, languages=["en"], settings=settings)
            return found[0][1] if found else None
        return dateparser.parse(case.text, languages=["en"], settings=settings)

    return run


def parsedatetime_system() -> System:
    import parsedatetime

    cal = parsedatetime.Calendar(version=parsedatetime.VERSION_CONTEXT_STYLE)

    def run(case: Case) -> Answer:
        result, ctx = cal.parseDT(case.text, sourceTime=case.ref.replace(tzinfo=None))
        return result if ctx.hasDateOrTime else None

    return run


def ctparse_system() -> System:
    import logging

    from ctparse import ctparse

    logging.getLogger("ctparse").setLevel(logging.CRITICAL)  # it logs every miss

    def run(case: Case) -> Answer:
        try:
            parsed = ctparse(case.text, ts=case.ref.replace(tzinfo=None), timeout=1.0)
        except Exception:  # noqa: BLE001 - a peer's crash is its miss, not the benchmark's
            return None
        if parsed is None:
            return None
        res = getattr(parsed, "resolution", None)
        if hasattr(res, "t_from"):
            res = res.t_from
        start = getattr(res, "start", None)
        if start is None or start.year is None or start.month is None or start.day is None:
            return None
        return datetime(start.year, start.month, start.day, start.hour or 0, start.minute or 0)

    return run


PEERS: dict[str, tuple[str, Callable[[], System]]] = {
    "steward": ("steward", steward_system),
    "dateparser": ("dateparser", dateparser_system),
    "parsedatetime": ("parsedatetime", parsedatetime_system),
    "ctparse": ("ctparse", ctparse_system),
}


@dataclass
class Score:
    right: Counter[str]
    total: Counter[str]
    ms: list[float]      # wall time per call
    cpu_ms: list[float]  # CPU time per call (this thread's)
    misses: list[tuple[Case, Answer]]

    def pct(self, group: str | None = None) -> float:
        if group is None:
            return 100 * sum(self.right.values()) / max(1, sum(self.total.values()))
        return 100 * self.right[group] / max(1, self.total[group])


def past_convention(cases: list[Case]) -> list[Case]:
    """The cases with the set's own convention for unmarked ones: prefer the past."""
    out = []
    for c in cases:
        settings = dict(c.settings)
        settings.setdefault("PREFER_DATES_FROM", "past")
        out.append(replace(c, prefer=c.prefer or "past", settings=settings))
    return out


PAST_ROW = "unmarked cases prefer the past"
AS_RAN_ROW = "as each test ran (unmarked: freshness past, date parser current_period)"


def as_tests_ran(cases: list[Case]) -> list[Case]:
    """Each unmarked case with the reading its test ran under: freshness tests the past, the others
    dateparser's default (current_period; Steward's "current")."""
    out = []
    for c in cases:
        if c.prefer is None and c.freshness:
            out.append(replace(c, prefer="past", settings={**c.settings, "PREFER_DATES_FROM": "past"}))
        elif c.prefer is None:
            out.append(replace(c, prefer="current_period"))  # dateparser: its default, no setting
        else:
            out.append(c)
    return out


def _answer(system: System, case: Case) -> Answer:
    try:
        return system(case)
    except Exception:  # noqa: BLE001 - a crash on one case is a miss for that case
        return None


def warm(system: System, cases: list[Case]) -> None:
    """One unmeasured pass over the set, then Steward's cache of sentences read emptied."""
    for case in cases:
        _answer(system, case)
    forget = getattr(system, "forget", None)
    if forget is not None:
        forget()


def evaluate(system: System, cases: list[Case]) -> Score:
    score = Score(Counter(), Counter(), [], [], [])
    warm(system, cases)
    for case in cases:
        t0 = time.perf_counter_ns()
        c0 = time.thread_time_ns()
        answer = _answer(system, case)
        cpu = time.thread_time_ns() - c0
        score.ms.append((time.perf_counter_ns() - t0) / 1e6)
        score.cpu_ms.append(cpu / 1e6)
        ok = right(case, answer)
        score.total[case.group] += 1
        if ok:
            score.right[case.group] += 1
        else:
            score.misses.append((case, answer))
    return score


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as `uptime` says it."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def timing_rows(scores: dict[str, list[float]], cpu: dict[str, list[float]]) -> list[str]:
    """The table rows of time per call: median and 99th percentile, wall and CPU."""
    rows = []
    for label, values in (("wall", scores), ("CPU", cpu)):
        for stat, f in (("median", statistics.median), ("p99", lambda v: percentile(v, 99))):
            rows.append(f"| {stat} ms per call, {label} | " + " | ".join(f"{f(v):.3f}" for v in values.values()) + " |")
    return rows


def _instant_groups(score: Score, grains: tuple[str, ...], holidays: bool) -> tuple[int, int]:
    r = t = 0
    for group, total in score.total.items():
        kind, _, rest = group.partition("/")
        grain = rest.split("/")[0]
        if kind == "datetime" and grain in grains and (holidays or not group.endswith("/holiday")):
            r += score.right[group]
            t += total
    return r, t


def report(name: str, cases: list[Case], scores: dict[str, Score], groups: list[str],
           conventions: dict[str, dict[str, Score]] | None = None) -> None:
    systems = list(scores)
    print(f"\n## {name} ({len(cases)} cases)\n")
    print("| cases | " + " | ".join(systems) + " |")
    print("| --- | " + " | ".join("---:" for _ in systems) + " |")
    label = "overall, each system's default" if conventions else "overall"
    print(f"| {label} | " + " | ".join(f"{s.pct():.1f}%" for s in scores.values()) + " |")
    for row, convention in (conventions or {}).items():
        cells = [f"{convention[n].pct():.1f}%" if n in convention else f"{scores[n].pct():.1f}% (no setting)"
                 for n in systems]
        print(f"| overall, {row} | " + " | ".join(cells) + " |")
    for group in groups:
        n = next(iter(scores.values())).total[group]
        print(f"| {group} ({n}) | " + " | ".join(f"{s.pct(group):.1f}%" for s in scores.values()) + " |")
    if name.startswith("Duckling"):
        for label, grains, hol in (("instants day/hour/minute", ("day", "hour", "minute"), True),
                                   ("instants day/hour/minute, no holidays", ("day", "hour", "minute"), False),
                                   ("instants day", ("day",), True), ("instants hour", ("hour",), True),
                                   ("instants minute", ("minute",), True)):
            cells = []
            for s in scores.values():
                r, t = _instant_groups(s, grains, hol)
                cells.append(f"{100 * r / max(1, t):.1f}%")
            r, t = _instant_groups(next(iter(scores.values())), grains, hol)
            print(f"| {label} ({t}) | " + " | ".join(cells) + " |")
    for row in timing_rows({n: s.ms for n, s in scores.items()}, {n: s.cpu_ms for n, s in scores.items()}):
        print(row)


def _misses(label: str, score: Score, limit: int) -> None:
    print(f"\nSteward's misses{label} ({len(score.misses)}):")
    for case, answer in score.misses[:limit]:
        shown = _local_naive(answer, case.ref).isoformat() if answer else None
        print(f"  {case.group:28} {case.text!r:45} expected {case.start} ({case.grain}) got {shown}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", type=int, default=0, help="list Steward's first N misses per set")
    parser.add_argument("--only", nargs="*", help="systems to run (default: all installed)")
    args = parser.parse_args()
    folder = shared_data()
    if folder is None:
        print("../shared/data is not present: only the project's dev set is measured (set STEWARD_SHARED_DATA)")
    systems: dict[str, System] = {}
    for name, (_module, make) in PEERS.items():
        if args.only and name not in args.only:
            continue
        try:
            systems[name] = make()
        except ImportError:
            print(f"{name}: not installed, skipped (pip install -e '.[bench]')")
    sets = [] if folder is None else [("Duckling time corpus (EN)", _load_duckling(folder)),
                                      ("dateparser relative-date tests (EN)", _load_dateparser(folder))]
    sets.append(("project dev set (bench/data/dates_dev.yaml, by style)", _load_dev()))
    for set_name, cases in sets:
        print(f"\n{set_name}: starting at {load_average()}")
        scores = {name: evaluate(system, cases) for name, system in systems.items()}
        conventions: dict[str, dict[str, Score]] = {}
        if set_name.startswith("dateparser"):
            for row, variant in ((PAST_ROW, past_convention(cases)), (AS_RAN_ROW, as_tests_ran(cases))):
                conventions[row] = {name: evaluate(system, variant) for name, system in systems.items()
                                    if name in ("steward", "dateparser")}
        groups = sorted({c.group for c in cases}, key=lambda g: (-sum(1 for c in cases if c.group == g), g))
        report(set_name, cases, scores, groups, conventions)
        print(f"\n(ended at {load_average()})")
        if args.failures and "steward" in scores:
            _misses("", scores["steward"], args.failures)
            for row, convention in conventions.items():
                if "steward" in convention:
                    _misses(f", {row}", convention["steward"], args.failures)
    print(f"\nrun {date.today().isoformat()}, python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
