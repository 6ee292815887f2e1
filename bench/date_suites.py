"""Other date parsers' own English test suites, scored right / convention / wrong / refused.

    python bench/date_suites.py                    # every suite, every installed peer
    python bench/date_suites.py --suite chrono --failures 40 --only steward

The suites, each reported on its own (none of them was written by this project):

- chrono: wanasit/chrono's English tests (MIT), converted into `tests/data/date_suites/chrono_en.jsonl`
  by `bench/suites/chrono_cases.py`. chrono's tests call `chrono.parse`, which finds the dates inside
  a text, so each system is asked for the date inside the text (Steward's `find`, dateparser's
  `search_dates`), whether or not the text is all date.
- parsedatetime: bear/parsedatetime's English tests (Apache-2.0), converted into
  `tests/data/date_suites/parsedatetime_en.jsonl` by `bench/suites/parsedatetime_cases.py`; the
  whole text is the phrase (Steward's `resolve`).
- duckling and dateparser: read from the evaluation data folder (`STEWARD_SHARED_DATA`), as
  `bench/dates.py` reads them; skipped when it is absent.

A case is right when the system's start has every field the suite checks (year ... second; a zone
offset when it checks one, comparing in that offset; for Duckling and dateparser, the start truncated
to the case's grain, as `bench/dates.py` scores it), and a negative is right when nothing is returned.
Each answer is one of four:

- right: right as the system reads by default (Steward: `prefer="future"`, month first unless the
  case is from a day-first locale's tests; a case that sets a preference, chrono's `forwardDate` or
  dateparser's `PREFER_DATES_FROM`, gets it);
- convention: wrong by default but right under a reading the person can choose, where the case set
  none: Steward's `prefer` "past" or "current" (a bare weekday in the week under way, as chrono and
  dateparser read it by default; a bare duration as an age, as dateparser's freshness tests do),
  dateparser's `PREFER_DATES_FROM`; and the suite's own hours for the parts of the day, which are
  Steward's `dates.*_hour` settings (chrono: morning 06:00, afternoon 15:00, evening 20:00, night
  22:00; Duckling: 00:00, 12:00, 18:00, 18:00; parsedatetime: 06:00, 13:00, 18:00).
  Counted apart: it is the suite's convention, not a miss;
- refused: nothing returned for a case that has a date;
- wrong: anything else (a wrong date, or a date where the suite wants none).

parsedatetime and ctparse take no preference, so they have no convention column. Time per call is the
median and the 99th percentile of the default run's calls, as wall time and as CPU time
(`time.thread_time_ns` around each call: on a machine shared with other jobs the wall time counts the
moments the process waits for a core, the CPU time does not), after one unmeasured pass over the
suite (as `bench/dates.py` times them); the load average is printed with each suite.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, percentile, shared_data  # noqa: E402
from dates import _load_dateparser, _load_duckling, load_average, truncate  # noqa: E402

SUITES = ROOT / "tests" / "data" / "date_suites"
FIELDS = ("year", "month", "day", "hour", "minute", "second")
# the reference chrono's tests use most; its tests without one hold for any reference
CHRONO_REF = datetime(2012, 8, 10, 12, 0, tzinfo=UTC)
_ZONES = {"JST": 9 * 60, "BST": 60, "CDT": -5 * 60}


@dataclass(frozen=True)
class Case:
    suite: str
    text: str
    ref: datetime                       # aware
    fields: dict[str, int] | None       # the fields checked (None: a negative, or scored by grain)
    start: datetime | None = None       # Duckling / dateparser: expected local start, scored by grain
    grain: str = "none"
    offset: int | None = None           # minutes east of UTC the fields are in, when the case says
    sentence: bool = False              # find the date inside the text
    prefer: str | None = None           # a preference the case sets (future / past / current)
    day_first: bool = False
    group: str = ""
    negative: bool = False


def _cases_file(name: str, suite: str, sentence: bool) -> list[Case]:
    path = SUITES / name
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        zone: tzinfo = UTC
        if row.get("zone") in _ZONES:
            zone = timezone(timedelta(minutes=_ZONES[row["zone"]]))
        ref = datetime.fromisoformat(row["ref"]).astimezone(zone) if row.get("ref") else CHRONO_REF
        expect = dict(row["expect"] or {})
        offset = expect.pop("offset", None)
        group = row["source"].split(":")[0].rsplit("/", 1)[-1]
        cases.append(Case(suite, row["text"], ref, expect or None, offset=offset, sentence=sentence,
                          prefer=row.get("prefer"), day_first=bool(row.get("day_first")), group=group,
                          negative=row["kind"] == "negative"))
    return cases


def _from_bench(suite: str, rows: list) -> list[Case]:
    out = []
    for c in rows:
        prefer = {"current_period": "current"}.get(c.prefer or "", c.prefer)
        out.append(Case(suite, c.text, c.ref, None, start=c.start, grain=c.grain,
                        prefer=prefer, group=c.group, negative=c.start is None,
                        day_first=c.settings.get("DATE_ORDER") == "DMY"))
    return out


def load(names: list[str] | None) -> list[tuple[str, list[Case]]]:
    sets: list[tuple[str, list[Case]]] = [
        ("chrono", _cases_file("chrono_en.jsonl", "chrono", sentence=True)),
        ("parsedatetime", _cases_file("parsedatetime_en.jsonl", "parsedatetime", sentence=False)),
    ]
    folder = shared_data()
    if folder is None:
        print("the evaluation data folder is absent (STEWARD_SHARED_DATA): Duckling and dateparser skipped")
    else:
        sets.append(("duckling", _from_bench("duckling", _load_duckling(folder))))
        sets.append(("dateparser", _from_bench("dateparser", _load_dateparser(folder))))
    return [(n, c) for n, c in sets if not names or n in names]


def right(case: Case, answer: datetime | None) -> bool:
    if case.negative:
        return answer is None
    if answer is None:
        return False
    zone = timezone(timedelta(minutes=case.offset)) if case.offset is not None else case.ref.tzinfo
    local = answer.astimezone(zone).replace(tzinfo=None) if answer.tzinfo else answer
    if case.fields is not None:
        return all(getattr(local, f) == v for f, v in case.fields.items())
    assert case.start is not None
    return truncate(local, case.grain) == truncate(case.start, case.grain)


# the systems: (case, prefer, day_first) -> a start or None --------------------------------------------
Run = Callable[[Case, str | None, bool], datetime | None]


def steward() -> Run:
    from steward import dates
    from steward.clock import Clock
    from steward.dates import DateOptions, find, resolve

    options = {False: DateOptions(), True: DateOptions(day_first=True)}

    # each suite's own hours for the parts of the day, as Steward's `dates.*_hour` settings would say them
    hours = {"chrono": {"morning_hour": 6, "afternoon_hour": 15, "evening_hour": 20, "night_hour": 22},
             "duckling": {"morning_hour": 0, "afternoon_hour": 12, "evening_hour": 18, "night_hour": 18},
             "parsedatetime": {"morning_hour": 6, "afternoon_hour": 13, "evening_hour": 18}}

    def run(case: Case, prefer: str | None, day_first: bool) -> datetime | None:
        chosen = options[day_first]
        if prefer and prefer.startswith("hours:"):  # the suite's hours for the parts of the day
            prefer, chosen = prefer.split(":", 1)[1] or None, DateOptions(day_first=day_first, **hours[case.suite])
        clock = Clock(case.ref.tzinfo, case.ref)  # type: ignore[arg-type]
        read = find if case.sentence else resolve
        found = read(case.text, clock, prefer or "future", chosen)
        return found.start if found else None

    # `find` keeps the last sentences it read (a turn's intercepts read one sentence several times)
    run.forget = dates._read.cache_clear  # type: ignore[attr-defined]
    return run


def dateparser_peer() -> Run:
    import dateparser
    from dateparser.search import search_dates

    def run(case: Case, prefer: str | None, day_first: bool) -> datetime | None:
        settings: dict[str, object] = {"RELATIVE_BASE": case.ref.replace(tzinfo=None)}
        if prefer:
            settings["PREFER_DATES_FROM"] = {"current": "current_period"}.get(prefer, prefer)
        if day_first:
            settings["DATE_ORDER"] = "DMY"
        if prefer and prefer.startswith("hours:"):
            return None  # no such setting
        if case.sentence:
            found = search_dates(case.text, languages=["en"], settings=settings)
            return found[0][1] if found else None
        return dateparser.parse(case.text, languages=["en"], settings=settings)

    return run


def parsedatetime_peer() -> Run:
    import parsedatetime

    cal = parsedatetime.Calendar(version=parsedatetime.VERSION_CONTEXT_STYLE)

    def run(case: Case, prefer: str | None, day_first: bool) -> datetime | None:
        result, ctx = cal.parseDT(case.text, sourceTime=case.ref.replace(tzinfo=None))
        return result if ctx.hasDateOrTime else None

    return run


def ctparse_peer() -> Run:
    import logging

    from ctparse import ctparse

    logging.getLogger("ctparse").setLevel(logging.CRITICAL)

    def run(case: Case, prefer: str | None, day_first: bool) -> datetime | None:
        parsed = ctparse(case.text, ts=case.ref.replace(tzinfo=None), timeout=1.0)
        res = getattr(parsed, "resolution", None)
        if hasattr(res, "t_from"):
            res = res.t_from
        if res is None or getattr(res, "year", None) is None or res.month is None or res.day is None:
            return None
        return datetime(res.year, res.month, res.day, res.hour or 0, res.minute or 0)

    return run


SYSTEMS: dict[str, tuple[Callable[[], Run], tuple[str, ...]]] = {
    # name: (maker, the preferences it can be given)
    "steward": (steward, ("past", "current")),
    "dateparser": (dateparser_peer, ("past", "current")),
    "parsedatetime": (parsedatetime_peer, ()),
    "ctparse": (ctparse_peer, ()),
}


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    by_group: dict[str, Counter[str]] = field(default_factory=dict)
    ms: list[float] = field(default_factory=list)      # wall time per call
    cpu_ms: list[float] = field(default_factory=list)  # CPU time per call (this thread's)
    misses: list[tuple[str, Case, datetime | None]] = field(default_factory=list)

    def pct(self, outcome: str = "right") -> float:
        return 100 * self.counts[outcome] / max(1, sum(self.counts.values()))


def _call(run: Run, case: Case, prefer: str | None, day_first: bool) -> datetime | None:
    try:
        return run(case, prefer, day_first)
    except Exception:  # noqa: BLE001 - a crash on one case is that system's miss on it
        return None


def _alternatives(case: Case, prefers: tuple[str, ...]) -> list[str]:
    """The readings a person could choose that the case did not set."""
    out = list(prefers) if case.prefer is None and prefers else []
    if case.suite in ("chrono", "duckling", "parsedatetime") and prefers:
        out += [f"hours:{p}" for p in ("", *out)] if case.prefer is None else [f"hours:{case.prefer}"]
    return out


def score(run: Run, alternatives: tuple[str, ...], cases: list[Case]) -> Tally:
    tally = Tally()
    for case in cases:  # one unmeasured pass: first-call imports, compiled patterns, caches
        _call(run, case, case.prefer, case.day_first)
    forget = getattr(run, "forget", None)
    if forget is not None:
        forget()
    for case in cases:
        t0 = time.perf_counter_ns()
        c0 = time.thread_time_ns()
        answer = _call(run, case, case.prefer, case.day_first)
        cpu = time.thread_time_ns() - c0
        tally.ms.append((time.perf_counter_ns() - t0) / 1e6)
        tally.cpu_ms.append(cpu / 1e6)
        if right(case, answer):
            outcome = "right"
        elif not case.negative and any(right(case, _call(run, case, alt, case.day_first))
                                       for alt in _alternatives(case, alternatives)):
            outcome = "convention"
        elif answer is None:
            outcome = "refused"
        else:
            outcome = "wrong"
        tally.counts[outcome] += 1
        tally.by_group.setdefault(case.group, Counter())[outcome] += 1
        if outcome in ("wrong", "refused"):
            tally.misses.append((outcome, case, answer))
    return tally


def report(name: str, cases: list[Case], tallies: dict[str, Tally], by_group: bool) -> None:
    negatives = sum(c.negative for c in cases)
    print(f"\n## {name} ({len(cases)} cases, {negatives} negatives)\n")
    print("| system | right | convention | wrong | refused | right, negatives | median ms, wall / CPU "
          "| p99 ms, wall / CPU |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for system, t in tallies.items():
        negatives_missed = sum(1 for _, c, _ in t.misses if c.negative)
        conv = f"{t.counts['convention']}" if SYSTEMS[system][1] else "(no setting)"
        print(f"| {system} | {t.pct():.1f}% ({t.counts['right']}) | {conv} | {t.counts['wrong']} | "
              f"{t.counts['refused']} | {negatives - negatives_missed}/{negatives} | "
              f"{statistics.median(t.ms):.3f} / {statistics.median(t.cpu_ms):.3f} | "
              f"{percentile(t.ms, 99):.3f} / {percentile(t.cpu_ms, 99):.3f} |")
    if by_group:
        print("\n| group | " + " | ".join(tallies) + " |")
        print("| --- | " + " | ".join("---:" for _ in tallies) + " |")
        for group in sorted({c.group for c in cases}):
            cells = []
            for t in tallies.values():
                g = t.by_group.get(group, Counter())
                cells.append(f"{100 * g['right'] / max(1, sum(g.values())):.0f}%")
            print(f"| {group} ({sum(c.group == group for c in cases)}) | " + " | ".join(cells) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", nargs="*", help="suites to run (chrono, parsedatetime, duckling, dateparser)")
    parser.add_argument("--only", nargs="*", help="systems to run (default: every installed one)")
    parser.add_argument("--failures", type=int, default=0, help="list Steward's first N wrong and refused per suite")
    parser.add_argument("--groups", action="store_true", help="also the right share per source file / group")
    args = parser.parse_args()
    runs: dict[str, tuple[Run, tuple[str, ...]]] = {}
    for name, (make, alternatives) in SYSTEMS.items():
        if args.only and name not in args.only:
            continue
        try:
            runs[name] = (make(), alternatives)
        except ImportError:
            print(f"{name}: not installed, skipped (pip install -e '.[bench]')")
    for name, cases in load(args.suite):
        began = load_average()
        tallies = {system: score(run, alts, cases) for system, (run, alts) in runs.items()}
        report(name, cases, tallies, args.groups)
        print(f"\n(started at {began}, ended at {load_average()})")
        if args.failures and "steward" in tallies:
            print(f"\nSteward's wrong and refused ({len(tallies['steward'].misses)}):")
            for outcome, case, answer in tallies["steward"].misses[:args.failures]:
                want = case.fields if case.fields is not None else (case.start, case.grain)
                got = answer.astimezone(case.ref.tzinfo).isoformat() if answer and answer.tzinfo else answer
                print(f"  {outcome:7} {case.group:24} {case.text!r:50} ref {case.ref:%Y-%m-%d %H:%M %a} "
                      f"want {want} got {got}")
    print(f"\nrun {date.today().isoformat()}, python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
