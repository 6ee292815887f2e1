"""`steward schedule tomorrow`: the nearest days are read without loading the date grammar, and read as it reads them."""

from __future__ import annotations

from typing import Any

import pytest

from steward.clock import make_clock
from steward.dates import resolve


@pytest.mark.parametrize("now", ["2026-12-05T00:20:00+05:30", "2026-12-05T03:59:00-08:00", "2026-12-31T23:58:00+00:00",
                                 "2027-03-28T01:30:00+01:00"])
@pytest.mark.parametrize("word", ["today", "Tonight", "tomorrow", " yesterday "])
def test_the_nearest_days_are_the_days_the_date_grammar_reads(cli: Any, now: str, word: str) -> None:
    clock = make_clock(now=now)
    found = resolve(word.strip(), clock, prefer="future")
    assert found is not None
    expected = found.start.astimezone(clock.zone).date().isoformat()
    assert cli("--now", now, "--json", "schedule", word).json()["day"] == expected
