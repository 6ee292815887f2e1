"""A schedule question reads each day of the calendar once, whichever way its answer is given (what is on,
or the days as the calendar has them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from steward.app import App

LISBON = ZoneInfo("Europe/Lisbon")


@pytest.mark.parametrize("text", ["what's on my calendar on friday?", "what have I got on the 25th?",
                                  "anything on my schedule today?"])
def test_a_schedule_turn_reads_each_day_once(app_on: Callable[[str, str], App], monkeypatch: pytest.MonkeyPatch,
                                             text: str) -> None:
    app = app_on("Europe/Lisbon", "2026-09-21T08:00:00+01:00")  # a Monday
    calendar = app.calendar
    for day in (25, 21):
        calendar.create_event(f"Pottery class {day}", datetime(2026, 9, day, 18, 30, tzinfo=LISBON),
                              provenance={"via": "cli"})
    reads: Counter[date] = Counter()
    real = calendar.schedule

    def counted(day: date, calendars: Any = None) -> Any:
        reads[day] += 1
        return real(day, calendars)

    monkeypatch.setattr(calendar, "schedule", counted)  # the real service's own reading, counted
    trace = app.engine.turn(text, session="s", dry_run=True)
    assert (trace.data or {}).get("answerer") == "schedule", trace.reply
    assert "Pottery class" in trace.reply, trace.reply
    assert reads and max(reads.values()) == 1, (trace.reply, reads)
