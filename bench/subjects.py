"""Reminder subjects: the project's dev set (clean rate by style) and SLURP devel (token F1).

The dev sets (bench/data/subjects_dev.yaml, 305 requests in five styles: typed, spoken, British,
Indian English, terse; bench/data/subjects_spoken.yaml, 200 spoken-style requests by kind: plain,
companions, filler, a time from another event, numbers in words) give each request the text the reminder should say; a case is clean when
the text Steward would save (the reminder_creation answerer's deterministic subject) equals it, ignoring
case, punctuation and articles; "" cases are right when Steward has nothing to save and asks.
It runs without ../shared/data.

SLURP devel: token F1 of the subject vs the annotated event_name, and the clean rate of the text the
reminder would say. Clean: it holds every word of the annotated event (articles and "my" aside) and no
word of the annotated dates and times, no trigger or request word ("remind", "set", "calendar",
"please" ...) and no filler ("in advance", "notification", "alert"), unless the event's own words
include it. Companions (who, where: "meeting with my parents in law") are allowed, since the reminder
keeps them. Not clean is split into "event words missing" and "extra words left" (both can hold).

The set is every calendar_set / alarm_set utterance of ../shared/data/slurp-devel that carries an
`event_name`. Two runs: dates found by `steward.dates` and sorted by `reminder_dates` into the
reminder's time and dates that describe the subject (what the reminder_creation answerer does), and the
annotated date/time spans (isolates the subject logic from date finding). F1 is SQuAD-style: lower
case, punctuation and articles dropped, averaged over utterances. Target >= 0.85.

Both are development figures: the dev sets were written by the project beside the rules, and the
subject rules were changed after reading SLURP's misses (outside, tuned on; docs/benchmarks.md).

    .venv/bin/python bench/subjects.py [--show N] [--alarms]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import shared_data  # noqa: E402
from steward.calendar.reminders.subjects import parse_subject  # noqa: E402
from steward.vocab import load_vocab  # noqa: E402

DATE_TYPES = {"date", "time", "timeofday", "general_frequency"}
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = re.compile(r"[^\w\s']")


def normalize(text: str) -> list[str]:
    return _ARTICLES.sub(" ", _PUNCT.sub(" ", text.lower())).split()


def f1(pred: str, gold: str) -> float:
    p, g = normalize(pred), normalize(gold)
    if not p and not g:
        return 1.0
    common = sum((Counter(p) & Counter(g)).values())
    if not common:
        return 0.0
    precision, recall = common / len(p), common / len(g)
    return 2 * precision * recall / (precision + recall)


def gold_event(row: dict[str, Any]) -> str:
    return " ".join(e["text"] for e in row["entities"] if e["type"] == "event_name")


def gold_spans(row: dict[str, Any]) -> list[tuple[int, int]]:
    text = row["text"]
    spans = []
    for e in row["entities"]:
        if e["type"] in DATE_TYPES:
            i = text.find(e["text"])
            if i >= 0:
                spans.append((i, i + len(e["text"])))
    return spans


# words a reminder's text should never keep: the request, the trigger, the calendar, filler
NOT_SUBJECT = frozenset(["remind", "reminder", "reminders", "remember", "alert", "alerts", "notification", "notifications", "notify", "please", "set", "add", "put", "create", "make", "schedule", "calendar", "calendars", "alarm", "alarms", "event", "me", "i", "you", "can", "could", "would", "beforehand"])
FILLER = (("in", "advance"), ("ahead", "of", "time"))
_SOFT = frozenset({"my", "a", "an", "the"})
# words of a date span that are not date words on their own ("the twenty first of march")
_GLUE = frozenset({"of", "and", "at", "on", "in", "to", "for", "by", "from", "the", "a", "an"})


def clean_verdict(said: str, row: dict[str, Any]) -> tuple[bool, bool]:
    """(every event word kept, no extra word left) for the reminder text `said` of a SLURP row."""
    words = normalize(said)
    got = [w for w in words if w not in _SOFT]
    event = [w for w in normalize(gold_event(row)) if w not in _SOFT]
    dated = {w for e in row["entities"] if e["type"] in DATE_TYPES for w in normalize(e["text"])} - _GLUE
    kept = all(w in got for w in event if w not in dated)  # "monday meeting" said weekly is a meeting
    # a possessive date says which event it is ("tomorrow's meeting") and stays
    extra = [w for w in got if w not in event and not w.endswith("'s") and (w in NOT_SUBJECT or w in dated)]
    pairs = set(zip(words, words[1:], strict=False)) | set(zip(words, words[1:], words[2:], strict=False))
    return kept, not extra and not any(f in pairs for f in FILLER)


def parse_with_dates(text: str, vocab: Any) -> Any:
    """The subject as the reminder_creation answerer takes it: dates found and sorted by `reminder_dates`."""
    try:
        from steward.calendar.reminders.dates import reminder_dates, subject_of
        from steward.clock import make_clock
    except ImportError:
        return None
    from dataclasses import replace

    from steward import dates

    clock = make_clock("UTC", datetime.fromisoformat("2026-09-14T10:00:00+00:00"))
    found = reminder_dates(text, clock, vocab)
    repeat = dates.find_recurrence(text, clock)
    if repeat is not None:
        # as the reminder_creation answerer does: the repeat's words ("every monday") are not what it is for
        found = replace(found, cut=tuple(sorted({*found.cut, *repeat.parts})))
    return subject_of(text, vocab, found)


DEV_SET = Path(__file__).resolve().parent / "data" / "subjects_dev.yaml"
SPOKEN_SET = Path(__file__).resolve().parent / "data" / "subjects_spoken.yaml"


def dev_set(vocab: Any, show: int, path: Path = DEV_SET) -> None:
    """The clean rate on one of the project's sets, overall and by style."""
    import yaml

    cases = yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]
    clean: Counter[str] = Counter()
    total: Counter[str] = Counter()
    misses = []
    for style, rows in cases.items():
        for text, want in rows:
            parsed = parse_with_dates(text, vocab)
            got = parsed.subject if parsed is not None else ""
            ok = normalize(got) == normalize(want)
            clean[style] += ok
            total[style] += 1
            if not ok:
                misses.append((style, text, got, want))
    n = sum(total.values())
    print(f"subjects: dev set {path.name}, {n} requests: clean {sum(clean.values()) / n:.1%} "
          f"({sum(clean.values())}/{n}); "
          + ", ".join(f"{k} {clean[k] / total[k]:.1%}" for k in total))
    for style, text, got, want in misses[:show]:
        print(f"    {style:8s} {text!r} -> {got!r}  (want {want!r})")


def clean_rate(rows: list[dict[str, Any]], vocab: Any, show: int) -> None:
    """The clean rate of the text the reminder would say, on the SLURP rows."""
    verdicts = []
    for row in rows:
        parsed = parse_with_dates(row["text"], vocab)
        said = parsed.subject if parsed is not None else ""
        verdicts.append((clean_verdict(said, row), row["text"], said, gold_event(row)))
    clean = sum(1 for (k, x), *_ in verdicts if k and x)
    missing = sum(1 for (k, _), *_ in verdicts if not k)
    extra = sum(1 for (_, x), *_ in verdicts if not x)
    print(f"  clean reminder text: {clean}/{len(rows)} ({clean / len(rows):.1%}); event words missing {missing}, "
          f"extra words left {extra}")
    for (k, x), text, said, gold in [v for v in verdicts if not (v[0][0] and v[0][1])][:show]:
        why = ", ".join(w for w, bad in (("missing", not k), ("extra", not x)) if bad)
        print(f"    {why:14s} {text!r} -> {said!r}  (event {gold!r})")


def alarms(data: Path, show: bool) -> None:
    """Every alarm_set utterance of SLURP devel asked as a chat turn (a dry run, no model) on a new home at a
    pinned clock (Mon 14 Sep 2026 15:20, Dublin): how many are set, asked about, or not taken."""
    import tempfile

    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import Paths
    from steward.settings import load

    rows = [json.loads(line) for line in (data / "slurp-devel" / "slurp_devel_flat.jsonl").open()]
    rows = [r for r in rows if r["intent"] == "alarm_set"]
    home = Path(tempfile.mkdtemp(prefix="steward-alarms-"))
    app = build_app(load(None, environ={}), make_clock("Europe/Dublin", datetime.fromisoformat(
        "2026-09-14T15:20:00+01:00")), Paths(home, home))
    counts = {"set": 0, "asked": 0, "not taken": 0}
    try:
        for i, row in enumerate(rows):
            trace = app.engine.turn(row["text"], session=f"alarm{i}", dry_run=True)
            kind = "set" if trace.writes else "asked" if trace.continuation is not None else "not taken"
            counts[kind] += 1
            if show:
                said = [(w.fields.get("text"), w.fields.get("due")) for w in trace.writes]
                annotated = {e["type"]: e["text"] for e in row["entities"]}
                print(f"    {kind:9s} {row['text']!r} -> {said or trace.reply.splitlines()[0][:60]}  ({annotated})")
    finally:
        app.close()
    print(f"alarms: {len(rows)} SLURP devel alarm_set utterances: " + ", ".join(f"{v} {k}" for k, v in counts.items()))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show", type=int, default=0, help="print the N worst utterances")
    parser.add_argument("--alarms", action="store_true",
                        help="also ask every SLURP alarm_set utterance as a chat turn (each printed with --show)")
    args = parser.parse_args()
    vocab = load_vocab()
    dev_set(vocab, args.show)
    dev_set(vocab, args.show, SPOKEN_SET)
    data = shared_data()
    if data is None:
        print("subjects: ../shared/data is absent; SLURP skipped")
        return 0
    rows = [json.loads(line) for line in (data / "slurp-devel" / "slurp_devel_assistant_subset.jsonl").open()]
    rows = [r for r in rows if r["intent"] in {"calendar_set", "alarm_set"} and gold_event(r)]
    print(f"subjects: {len(rows)} SLURP devel calendar_set/alarm_set utterances with an event_name")
    for mode in ("steward dates", "annotated spans"):
        scored: list[tuple[float, str, str, str]] = []
        full: list[float] = []
        for row in rows:
            if mode == "annotated spans":
                parsed = parse_subject(row["text"], vocab, gold_spans(row))
            else:
                parsed = parse_with_dates(row["text"], vocab)
            if parsed is None:
                print(f"  {mode:16s}: steward.dates is not available yet; skipped")
                break
            pred = parsed.core
            scored.append((f1(pred, gold_event(row)), row["text"], pred, gold_event(row)))
            full.append(f1(parsed.subject, gold_event(row)))
        else:
            mean = sum(s[0] for s in scored) / len(scored)
            exact = sum(1 for s in scored if s[0] == 1.0)
            verdict = "meets" if mean >= 0.85 else "below"
            print(f"  {mode:16s}: token F1 {mean:.3f} ({verdict} the 0.85 target), exact {exact}/{len(scored)};"
                  f" the full reminder text (with who/where) scores {sum(full) / len(full):.3f}")
            for score, text, pred, gold in sorted(scored)[: args.show]:
                print(f"    {score:.2f}  {text!r} -> {pred!r}  (gold {gold!r})")
    clean_rate(rows, vocab, args.show)
    if args.alarms:
        alarms(data, bool(args.show))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
