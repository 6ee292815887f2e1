"""Questions in Taglish: the Tagalog function words mixed into English (question words, particles of politeness
and of asking, markers) are said in English before a question is read, and nothing else is touched."""

from __future__ import annotations

import pytest

from steward.reader.mixed_in import in_english
from steward.reader.words import load_words


@pytest.mark.parametrize(("said", "plain"), [
    ("magkano ang water bill ko?", "how much the water bill?"),
    ("kailan ang renewal ng insurance ko po?", "when the renewal of insurance?"),
    ("saan yung party sa Sabado?", "where the party Sabado?"),
    ("hi po! anything due this week?", "hi! anything due this week?"),
    ("magkano na ba yung rent?", "how much the rent?"),
    ("the vet is on Friday, di ba?", "the vet is on Friday, right?"),
    ("paki-check ang bills ko", "please check the bills"),
])
def test_the_tagalog_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize("said", [
    "is my BA flight still on time?",  # an airline's initials, in capitals, are no particle
    "what do I owe on the Visa?",
    "anything from Ana?",  # a name that holds a particle's letters is a name
    "did Ang email me about the flat?",  # a surname that is a particle's word, capitalised inside a sentence
    "when is my flight to ho chi minh city?",
    "po",  # nothing besides the particle: the text as it was
])
def test_english_and_names_are_left_as_they_are(said: str) -> None:
    assert in_english(said, load_words()) == said



@pytest.mark.parametrize(("said", "plain"), [
    ("anything from me brother?", "anything from my brother?"),
    ("Me nan sent something?", "My nan sent something?"),
    ("did me dad email about Sunday?", "did my dad email about Sunday?"),
])
def test_me_before_a_family_word_is_my(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize("said", ["remind me tomorrow at 9", "email me the bill", "did Tom send me the photos?"])
def test_me_before_any_other_word_is_me(said: str) -> None:
    assert in_english(said, load_words()) == said
