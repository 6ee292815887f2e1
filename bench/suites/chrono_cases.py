"""Convert chrono's English tests into date cases.

    python bench/suites/chrono_cases.py CHECKOUT > tests/data/date_suites/chrono_en.jsonl

CHECKOUT is a clone of https://github.com/wanasit/chrono (MIT); the cases in the repository were made
from commit 82c0e5b. Needs node and the `typescript` package (`npm install typescript` in any folder
on NODE_PATH): each `test/en/*.test.ts` is transpiled and run by `chrono_cases.js` with stand-ins for
chrono and jest that record what each `testSingleCase` expects instead of checking it, so chrono
itself never runs. The tests run at TZ=UTC, so a reference `new Date(2012, 7, 10)` is 2012-08-10 00:00
UTC and so are the expected dates.

What a case keeps: the text, the phrase chrono's test expects to find in it (`phrase`, when the test
says), the reference time, and the expected start as the fields the test checks (`year` ... `second`,
`offset` in minutes when it checks one); a test that checks only `toBeDate` gives every field of its
date, with two exceptions, the times chrono fills in when the text names none: 12:00 (chrono's
default hour for a day) unless the text says noon, midday or 12, and the reference's own time of day
unless the phrase says a time; those cases keep the date alone. A time said in a zone ("23:00 ET",
"11 am utc+02") is scored on the instant the test expects, in UTC, or on its fields in the offset
the test checks. Left out, and counted on stderr:
cases whose test checks no start (only the text, an end, a zone), strict-mode negatives (a test of
chrono's strict mode, not of English), French and custom-parser tests, and tests that call chrono
directly. `day_first` is set for chrono's en.GB parser; `prefer` is "future" where a test sets
`forwardDate`, else none (the suite's default: chrono reads a bare weekday in the week under way).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIELDS = ("year", "month", "day", "hour", "minute", "second")
_TIME_WORDS = re.compile(r"(?i)\d[:.]\d|\d\s*(?:am|pm|a\.m|p\.m|h\b|o'? ?clock)|noon|midnight|midday|"
                         r"morning|afternoon|evening|night|\b(?:hour|hr|minute|min|second|sec)s?\b|\bnow\b")


def _run_node(checkout: Path) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        files = sorted((checkout / "test" / "en").glob("*.test.ts"))
        script = ("const ts=require('typescript'),fs=require('fs');for(const f of process.argv.slice(1)){"
                  "const o=ts.transpileModule(fs.readFileSync(f,'utf8'),{compilerOptions:{module:1,target:7}});"
                  f"fs.writeFileSync(require('path').join({json.dumps(tmp)},require('path').basename(f)"
                  ".replace(/\\.ts$/,'.js')),o.outputText);}")
        subprocess.run(["node", "-e", script, *map(str, files)], check=True)
        out = subprocess.run(["node", str(HERE / "chrono_cases.js"), *sorted(str(p) for p in Path(tmp).glob("*.js"))],
                             check=True, capture_output=True, text=True, env={**os.environ, "TZ": "UTC"})
    return [json.loads(line) for line in out.stdout.splitlines()]


_ZONED = re.compile(r"(?i:\b(?:utc|gmt)\b)|\b(?:[A-Z]{1,3}[SD]T|ET|JST|CET|XYZ|GET)\b|(?<=\d[:.]\d\d)\s?[+-]\d{1,2}(?::?\d{2})?\b")
_NOON = re.compile(r"(?i)noon|midday|\b12(?::00)?\s*(?:am|pm|a\.m|p\.m|o'? ?clock)|\bat 12\b")


def _moment(exp: dict) -> datetime | None:
    if not isinstance(exp.get("start"), dict):
        return None
    try:
        return datetime.fromisoformat(exp["start"]["date"].replace("Z", "+00:00"))
    except ValueError:
        return None  # a year before 1 (B.C.): no datetime holds it


def _expected(row: dict) -> dict | None:
    exp = row["expect"]
    fields = {f: exp[f"start.{f}"] for f in FIELDS if f"start.{f}" in exp}
    moment = _moment(exp)
    phrase = exp.get("text") or row["text"]
    zoned = bool(_ZONED.search(phrase)) or bool((row["ref"] or {}).get("timezone"))
    if zoned and "start.timezoneOffset" not in exp:
        # the fields of a time said in a zone are that zone's wall clock, which the test does not
        # always state: only the instant it expects (toBeDate) can be scored, in UTC
        if moment is None:
            return None
        return dict(zip(FIELDS, (moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second),
                        strict=True)) | {"offset": 0}
    if not fields and moment is not None:
        fields = dict(zip(FIELDS, (moment.year, moment.month, moment.day, moment.hour, moment.minute,
                                   moment.second), strict=True))
    if not fields:
        return None
    ref = row["ref"] and row["ref"].get("instant")
    if "hour" in fields and not _TIME_WORDS.search(phrase):
        implied_noon = (fields["hour"], fields.get("minute", 0)) == (12, 0) and not _NOON.search(phrase)
        at_ref = False
        if ref:
            r = datetime.fromisoformat(ref.replace("Z", "+00:00"))
            at_ref = (fields["hour"], fields.get("minute", 0)) == (r.hour, r.minute)
        if implied_noon or at_ref or (fields["hour"], fields.get("minute", 0)) == (0, 0):
            for f in ("hour", "minute", "second"):
                fields.pop(f, None)
    if exp.get("start.certain.hour") is False:
        for f in ("hour", "minute", "second"):
            fields.pop(f, None)
    if exp.get("start.timezoneOffset") is not None:
        fields["offset"] = exp["start.timezoneOffset"]
    return fields


def main() -> int:
    rows = _run_node(Path(sys.argv[1]))
    left_out: Counter[str] = Counter()
    for row in rows:
        if "error" in row:
            left_out["a test that calls chrono directly or builds its own parser"] += 1
            continue
        variant = row.get("variant") or "casual"
        if variant in ("fr", "custom"):
            left_out["French or custom-parser test"] += 1
            continue
        if row["kind"] == "negative" and variant == "strict":
            left_out["strict-mode negative"] += 1
            continue
        expected = None if row["kind"] == "negative" else _expected(row)
        if row["kind"] == "positive" and expected is None:
            left_out["checks no start (or only a zone's wall clock)"] += 1
            continue
        ref = row["ref"] or {}
        zone = ref.get("timezone")
        case = {
            "source": f"test/en/{row['file']}: {row['test']}",
            "text": row["text"],
            "phrase": row["expect"].get("text"),
            "ref": (ref.get("instant") or "").replace(".000Z", "+00:00") or None,
            "zone": zone if isinstance(zone, str) else None,
            "kind": row["kind"],
            "expect": expected,
            "day_first": variant == "en.GB",
            "prefer": "future" if (row.get("option") or {}).get("forwardDate") else None,
        }
        print(json.dumps(case))
    print(f"left out: {dict(left_out)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
