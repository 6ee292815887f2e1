"""The event phrase sets' shape and the scorer's comparisons (fast: no case is run)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from event_talk import SETS, agrees, all_cases, load_cases, same_rule  # noqa: E402

ACTIONS = {"add", "move", "cancel", "skip", "move_one", "series", "ask", "none"}
KEYS = {"action", "target", "start", "end", "location", "rule", "starts", "candidates"}
MINUTE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")


def test_the_fresh_set_asks_for_every_kind_of_change_and_many_to_a_series() -> None:
    cases = all_cases(load_cases(SETS["fresh"]))
    assert len(cases) >= 150
    assert sum(c["expect"]["action"] == "series" for c in cases) >= 50
    assert {c["expect"]["action"] for c in cases} == ACTIONS
    for case in cases:
        expect = case["expect"]
        assert set(expect) <= KEYS, case
        assert all(MINUTE.fullmatch(str(expect[k])) for k in ("start", "end") if k in expect), case
        assert all(MINUTE.fullmatch(t) for t in expect.get("starts", [])), case


def test_a_series_ended_anywhere_between_its_last_time_and_the_next_is_the_same_rule() -> None:
    start = "2026-11-16T20:00:00+01:00"   # mondays at 20:00 in Berlin
    end_of_day = "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261130T225959Z"
    assert same_rule(end_of_day, "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261130T190000Z", start)
    assert same_rule(end_of_day, "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261206T225959Z", start)
    assert not same_rule(end_of_day, "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261207T225959Z", start)
    assert not same_rule(end_of_day, "FREQ=WEEKLY;BYDAY=MO", start)
    assert same_rule("FREQ=WEEKLY;BYDAY=TU,SA", "FREQ=WEEKLY;BYDAY=SA,TU", start)
    assert not same_rule("FREQ=WEEKLY;BYDAY=MO", None, start)


def test_a_title_is_the_same_whatever_its_capitals() -> None:
    expected = {"action": "add", "target": "Yoga with Mei", "start": "2026-12-05T08:00"}
    assert agrees(expected, {"action": "add", "target": "yoga with Mei", "start": "2026-12-05T08:00"})
    assert not agrees(expected, {"action": "add", "target": "yoga", "start": "2026-12-05T08:00"})
