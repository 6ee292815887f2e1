"""The grammar's start-up economy: rules run only where their words are, and that loses nothing."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from steward.clock import make_clock
from steward.dates import resolve
from steward.dates._grammar import RULES, scan
from steward.dates._model import Piece
from steward.dates._text import normalize

# A few of these phrases are examples from Duckling's and dateparser's test suites (BSD-3-Clause; the
# commits, copyright lines and licences are in tests/THIRD_PARTY.md).
PHRASES = [
    "tomorrow at 5 pm", "remind me next friday at half past four to call mom", "in 2 hours", "5' from now",
    "17:00", "quarter to nine", "twelve oh three", "15h30", "at 1030", "noon", "3-4pm", "July 13-15",
    "from the 13th to the 15th of July", "the 3rd", "2nd quarter 2018", "q3 2019", "1 year, 2 months ago",
    "now + 2 hours", "8:00 PST", "4 pm cet", "tonight at 8", "in the early hours", "this weekend",
    "end of the month", "first monday of october", "last day of february 2020", "3 fridays from now",
    "tuesday the 19th", "every monday at 9", "this summer", "christmas eve", "diwali 2024", "@ 5",
    "10.30 a.m.", "around 7ish", "the week after next", "2015-03-03", "31/10/1974", "mid-day",
    "5oclock", "for 5 minutes", "the past hour", "upcoming two weeks", "yesterday evening",
]


def _pieces(text: str, every_rule: bool) -> list[object]:
    return sorted(scan(normalize(text).text, every_rule=every_rule), key=repr)


def test_skipping_rules_without_their_words_finds_the_same_pieces() -> None:
    for text in PHRASES:
        assert _pieces(text, False) == _pieces(text, True), text


def test_the_same_holds_on_the_whole_evaluation_corpora(shared_data: Path) -> None:
    texts = [json.loads(line)["text"] for line in
             (shared_data / "duckling-time-en" / "duckling_time_en.jsonl").read_text().splitlines()]
    texts += [json.loads(line)["text"] for line in
              (shared_data / "dateparser-tests" / "dateparser_relative_cases_en.jsonl").read_text().splitlines()]
    differ = [t for t in texts if _pieces(t, False) != _pieces(t, True)]
    assert differ == []


def test_a_plain_phrase_compiles_only_the_rules_it_could_need() -> None:
    probe = ("from steward.clock import make_clock; from steward.dates import resolve; "
             "from steward.dates._grammar import common; resolve('tomorrow', make_clock('', None)); "
             "print(common._compiled.cache_info().currsize)")
    compiled = int(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)
    assert 0 < compiled <= 3 < len(RULES)


def test_pieces_and_resolutions_built_quickly_stay_read_only_values() -> None:
    piece = Piece(1, 5, weak=True)
    assert piece == Piece(1, 5, weak=True) and hash(piece) == hash(Piece(1, 5, weak=True))
    assert dataclasses.replace(piece, begin=2) == Piece(2, 5, weak=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        piece.begin = 3  # type: ignore[misc]
    found = resolve("tomorrow at 5 pm", make_clock("Europe/London", "2026-12-01T09:00:00+00:00"))
    assert found is not None and found.start.isoformat() == "2026-12-02T17:00:00+00:00"
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.grain = "day"  # type: ignore[misc]
