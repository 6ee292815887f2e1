"""Utterances of the SLURP corpus that once went wrong, kept as regressions without copying them.

SLURP (Bastianelli, Vanzo, Swietojanski and Rieser, "SLURP: A Spoken Language Understanding Resource
Package", EMNLP 2020; github.com/pswietojanski/slurp @ 8eb1654, CC BY 4.0) is read from
../shared/data/slurp-devel by utterance id; these tests skip when that folder is absent. The same
shapes, in sentences written for Steward, are in test_dates.py, test_reminder_dates.py and
test_subjects.py, which run everywhere.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from steward.calendar.reminders.dates import reminder_dates, subject_of
from steward.calendar.reminders.subjects import extract_subject, parse_subject
from steward.clock import make_clock
from steward.dates import find, find_all
from steward.vocab import load_vocab

SHARED_DATA = Path(os.environ.get("STEWARD_SHARED_DATA") or Path(__file__).resolve().parents[2] / "shared" / "data")
V = load_vocab()
INCIDENT = make_clock("", "2026-09-14T23:53:00+05:30")
MONDAY = make_clock("UTC", "2026-11-30T10:00:00+00:00")
KOLKATA = make_clock("Asia/Kolkata", datetime.fromisoformat("2026-09-14T10:00:00+05:30"))


@pytest.fixture(scope="module")
def slurp() -> dict[int, str]:
    """SLURP devel text by utterance id."""
    path: Path = SHARED_DATA / "slurp-devel" / "slurp_devel_flat.jsonl"
    if not path.exists():
        pytest.skip("../shared/data/slurp-devel is not present in this checkout")
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return {row["slurp_id"]: row["text"] for row in rows}


@pytest.mark.parametrize(("slurp_id", "pieces"), [
    (895, ["six am", "wednesday"]),
    (5436, ["five pm"]),
    (7595, ["for five minutes"]),
    (7052, ["on this saturday between two and four pm"]),
    (516, ["the next hour"]),
    (14516, ["in two thousand and seventeen"]),
])
def test_dates_in_spoken_requests(slurp: dict[int, str], slurp_id: int, pieces: list[str]) -> None:
    sentence = slurp[slurp_id]
    found = find(sentence, INCIDENT)
    assert found is not None and [sentence[b:e] for b, e in found.parts] == pieces


@pytest.mark.parametrize("slurp_id", [9892, 6675])
def test_numbers_that_are_no_date(slurp: dict[int, str], slurp_id: int) -> None:
    assert find(slurp[slurp_id], INCIDENT) is None


def test_a_day_of_may_with_an_ordinal(slurp: dict[int, str]) -> None:
    found = find(slurp[5520], MONDAY)
    assert found is not None and found.text == "the twenty second of may"
    assert found.start.date().isoformat() == "2027-05-22"


def test_a_holiday_named_beside_a_day(slurp: dict[int, str]) -> None:
    text = slurp[7401]
    assert [(r.text.replace("'", ""), r.named) for r in find_all(text, KOLKATA)] == [
        ("valentines day", True), ("tomorrow", False)]
    found = reminder_dates(text, KOLKATA, V)
    assert found.when is not None and found.when.start.isoformat() == "2026-09-15T00:00:00+05:30"
    assert subject_of(text, V, found).core.replace("'", "") == "valentines day"


@pytest.mark.parametrize(("slurp_id", "subject", "due"), [
    (8263, "tomorrows meeting", "2026-09-14T21:00:00+05:30"),
    (6963, "meeting", "2026-09-15T08:00:00+05:30"),
])
def test_which_date_is_the_reminders_time(slurp: dict[int, str], slurp_id: int, subject: str, due: str) -> None:
    text = slurp[slurp_id]
    found = reminder_dates(text, KOLKATA, V)
    assert found.when is not None and found.when.start.isoformat() == due
    assert subject_of(text, V, found).subject.replace("'", "") == subject


def test_the_subject_beside_the_time(slurp: dict[int, str]) -> None:
    text = slurp[7136]
    i = text.index("tomorrow")
    assert extract_subject(text, V, [(i, i + len("tomorrow"))]) == "appointment"
    text = slurp[7305]
    i = text.index("this afternoon")
    parsed = parse_subject(text, V, [(i, i + len("this afternoon"))])
    assert (parsed.subject, parsed.core) == ("reunion event", "reunion")
