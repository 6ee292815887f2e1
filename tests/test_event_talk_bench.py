"""The phrase set of bench/event_talk.py, run as a test: the right write on the right event, none on another."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

pytestmark = pytest.mark.slow


def test_the_phrase_set_writes_the_right_event_and_never_another() -> None:
    from event_talk import all_cases, evaluate, load_cases

    assert len(all_cases(load_cases())) >= 250
    scored = evaluate()
    assert [(s.say, dict(s.got)) for s in scored if s.wrong_event] == []
    assert [(s.say, dict(s.expected), dict(s.got)) for s in scored if s.wrong_write] == []
    wrong = [(s.say, dict(s.expected), dict(s.got)) for s in scored if not s.ok]
    assert len(wrong) <= 0.03 * len(scored), wrong  # at least 97% right
    assert {"add", "move", "cancel", "skip", "move_one", "series", "ask", "none"} <= {s.expected["action"]
                                                                                        for s in scored}


def test_the_fresh_set_keeps_its_figure_and_writes_no_other_event() -> None:
    """The fresh set (written blind to the rules, on a calendar of its own): at least the figure reached,
    and no write on another event but the one the set itself gets wrong (a question expected for a
    Friday that stopped being busy while the set was written; docs/reminders.md says which)."""
    from event_talk import SETS, evaluate

    scored = evaluate(SETS["fresh"])
    wrong_event = [(s.expected["action"], s.got.get("target")) for s in scored if s.wrong_event]
    assert wrong_event in ([], [("ask", "dentist")]), wrong_event
    right = sum(s.ok for s in scored)
    assert right >= 198, [(s.say, dict(s.expected), dict(s.got)) for s in scored if not s.ok]
