"""Names found by meaning: what words and spelling miss is compared with the names in the person's data by
the sentence model, taken above the measured threshold, and the model is reached only then (the demo
home, its clock pinned on Mon 14 Sep 2026, no language model)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from chat_helpers import ask
from steward.app import App
from steward.embed.minilm import model_installed
from steward.reader.meaning import ByMeaning

NOW = "2026-09-14T09:00:00+05:30"


class Counting:
    """The app's own embedder, counting the texts it is asked to embed."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.texts = 0

    def embed(self, texts: Sequence[str]) -> Any:
        self.texts += len(texts)
        return self.inner.embed(texts)


needs_model = pytest.mark.skipif(not model_installed(), reason="the MiniLM weights package is not installed")


@needs_model
def test_a_sender_described_is_found_by_meaning(demo: App) -> None:
    # "association" alone names nothing, "housing" is no word of the sender's name: only meaning finds it
    handled_by, reply = ask(demo, "did I get emails from the housing association?")
    assert handled_by == "reader" and "from Residents Association" in reply, reply


def test_a_sender_described_is_not_found_without_the_flag(demo: App) -> None:
    kept = demo.reader.meaning
    demo.reader.meaning = None
    try:
        _, reply = ask(demo, "did I get emails from the housing association?")
        assert "from Residents Association" not in reply, reply
    finally:
        demo.reader.meaning = kept


@needs_model
def test_a_description_below_the_threshold_names_nothing(demo: App) -> None:
    # "the eye clinic" is nearest CityCare Clinic (not the eye care practice), below the threshold: not taken
    _, reply = ask(demo, "any mail from the eye clinic?")
    assert "CityCare" not in reply, reply


@needs_model
def test_the_model_is_reached_only_for_a_name_words_and_spelling_miss(demo: App) -> None:
    counting = Counting(demo.embedder)
    kept = demo.reader.meaning
    demo.reader.meaning = ByMeaning(lambda: counting, demo.settings.as_float("reader.meaning_threshold"))  # type: ignore[arg-type]
    try:
        for text in ("what did Kaveri Bank send me?", "what's coming up this week?", "what did Lakeside Dental send me?",
                     "how much do I owe on the Kavery card?"):
            ask(demo, text)
        assert counting.texts == 0
        ask(demo, "did I get emails from the housing association?")
        assert counting.texts > 0
    finally:
        demo.reader.meaning = kept


def test_without_the_flag_names_are_found_by_words_and_spelling_alone(demo: App) -> None:
    reader = demo.reader
    kept = reader.meaning
    reader.meaning = None
    try:
        handled_by, reply = ask(demo, "any emails from bartholomew?")
        assert handled_by == "reader" and "nothing called" in reply, reply
    finally:
        reader.meaning = kept


def test_a_place_said_by_its_proper_name_is_never_another_name_near_it_in_meaning(demo: App) -> None:
    # one capitalised word no everyday word ("Madurai") means what it spells: the model is never asked for it, so a
    # sender named after a town nearby is never taken for it
    counting = Counting(demo.embedder)
    kept = demo.reader.meaning
    demo.reader.meaning = ByMeaning(lambda: counting, demo.settings.as_float("reader.meaning_threshold"))  # type: ignore[arg-type]
    try:
        ask(demo, "what did Madurai send me?")
        assert counting.texts == 0
    finally:
        demo.reader.meaning = kept
