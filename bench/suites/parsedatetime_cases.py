"""Convert parsedatetime's English tests into date cases, by running them with recording comparators.

    TZ=UTC python bench/suites/parsedatetime_cases.py CHECKOUT/tests > tests/data/date_suites/parsedatetime_en.jsonl

CHECKOUT is a clone of https://github.com/bear/parsedatetime (Apache-2.0); the cases in the repository
were made from commit 2a4b169. Every `assertExpectedResult(self.cal.parse(text, start), (target,
flags))` in its tests becomes one case: the text, the source time as the reference (at UTC), and the target's fields down
to the finest accuracy flag (a date-only comparison stops at the day; an empty context, "nothing
parsed", is a negative). The "range" kind of its tests (`evalRanges`) keeps its start. The tests compute their reference times from the
clock, so the cases carry the moment they were converted at. The French, German and Russian locales,
`inc()` and `nlp()` are left out; the Australian locale's tests are day-first cases. parsedatetime's
own options that a test switched on (`DOWParseStyle`, `CurrentDOWParseStyle`,
`StartTimeFromSourceTime`) are recorded with the case.
"""

from __future__ import annotations

import json
import sys
import time
import unittest
from datetime import datetime
from pathlib import Path

import parsedatetime as pdt
from parsedatetime.context import pdtContext

SKIP = ("TestFrenchLocale", "TestGermanLocale", "TestRussianLocale", "TestInc", "TestLocaleBase")
GRAINS = ((pdtContext.ACU_SEC, "second"), (pdtContext.ACU_MIN, "minute"), (pdtContext.ACU_NOW, "minute"),
          (pdtContext.ACU_HOUR, "hour"), (pdtContext.ACU_HALFDAY, "hour"), (pdtContext.ACU_DAY, "day"),
          (pdtContext.ACU_WEEK, "day"), (pdtContext.ACU_MONTH, "month"), (pdtContext.ACU_YEAR, "year"))

FIELDS = ("year", "month", "day", "hour", "minute", "second")
last: dict = {}
cases: list[dict] = []
module = ""


def _wrap(name: str) -> None:
    original = getattr(pdt.Calendar, name)

    def recorded(self, text, sourceTime=None, *args, **kwargs):  # noqa: N803 - parsedatetime's name
        if not last.get("depth"):  # parsedatetime calls parse() inside parse(): keep the outermost call
            last.update(text=text, source=sourceTime or time.localtime(), cal=self)
        last["depth"] = last.get("depth", 0) + 1
        try:
            return original(self, text, sourceTime, *args, **kwargs)
        finally:
            last["depth"] -= 1

    setattr(pdt.Calendar, name, recorded)


def _moment(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.replace(microsecond=0).isoformat()
    return datetime(*tuple(value)[:6]).isoformat()


def _grain(flags, date_only: bool) -> str | None:
    if isinstance(flags, pdtContext):
        if not flags.accuracy:
            return None
        grain = next(g for bit, g in GRAINS if flags.accuracy & bit)
    else:  # the old integer flags: 0 nothing, 1 a date, 2 a time, 3 both
        if not flags:
            return None
        grain = "day" if flags == 1 else "minute"
    return "day" if date_only and grain in ("second", "minute", "hour") else grain


def _record(kind: str):
    def compare(result, check, dateOnly=False):  # noqa: N803 - parsedatetime's name
        ptc = last["cal"].ptc
        target, flags = (check[0], check[2]) if kind == "range" else check
        grain = _grain(flags, dateOnly)
        fields = None
        if grain is not None:
            start = datetime.fromisoformat(_moment(target))
            keep = FIELDS[:FIELDS.index(grain) + 1]
            fields = {f: getattr(start, f) for f in keep}
        cases.append({
            "source": f"tests/{module}.py", "text": last["text"], "phrase": None,
            "ref": _moment(last["source"]) + "+00:00", "zone": None,
            "kind": "negative" if grain is None else "positive", "expect": fields,
            "day_first": ptc.localeID == "en_AU", "prefer": None,
            "options": {"DOWParseStyle": ptc.DOWParseStyle, "CurrentDOWParseStyle": ptc.CurrentDOWParseStyle,
                        "StartTimeFromSourceTime": ptc.StartTimeFromSourceTime},
        })
        return True

    return compare


def main() -> int:
    global module
    folder = Path(sys.argv[1]).resolve()
    sys.path.insert(0, str(folder.parent))
    for name in ("parse", "parseDT", "evalRanges"):
        _wrap(name)
    from tests import utils  # the checkout's test helpers

    utils.compareResultByTimeTuplesAndFlags = _record("instant")
    utils.compareResultByTimeTupleRangesAndFlags = _record("range")
    utils.compareResultByFlags = _record("instant")
    for path in sorted(folder.glob("Test*.py")):
        module = path.stem
        if module in SKIP:
            continue
        suite = unittest.defaultTestLoader.loadTestsFromName(f"tests.{module}")
        unittest.TextTestRunner(stream=open("/dev/null", "w"), verbosity=0).run(suite)  # noqa: SIM115
    for case in cases:
        print(json.dumps(case))
    print(f"{len(cases)} cases, converted at {time.strftime('%Y-%m-%d %H:%M %Z')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
