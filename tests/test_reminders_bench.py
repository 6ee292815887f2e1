"""The phrase set of bench/reminders_manage.py, run as a test: the right action on the right reminder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

pytestmark = pytest.mark.slow


def test_the_phrase_set_gets_the_right_action_on_the_right_reminder() -> None:
    from reminders_manage import evaluate, load_cases

    data = load_cases()
    assert len(data["cases"]) >= 60
    scored = evaluate()
    wrong = [(s.say, dict(s.expected), dict(s.got)) for s in scored if not s.ok]
    assert len(wrong) <= 0.05 * len(scored), wrong
    actions = {s.expected["action"] for s in scored}
    assert {"create", "list", "cancel", "move", "snooze", "done", "ask"} <= actions
