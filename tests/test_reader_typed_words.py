"""A word of a question typed with two letters the wrong way round, or a long one with a letter left out, is the
word it spells, when it is no English word itself."""

from __future__ import annotations

from steward.reader.answerers.things import held


def test_two_letters_swapped_spell_the_word_a_record_holds() -> None:
    pool = frozenset({"eye", "test", "booked", "dentist"})
    assert held("tset", pool) and held("dentsit", pool)


def test_an_english_word_or_another_slip_is_not_read_as_a_swap() -> None:
    pool = frozenset({"spot", "test", "dentist"})
    assert not held("stop", pool)  # an English word is the word said
    assert not held("tesst", pool)  # a letter more is no slip read
    assert held("dentst", pool) and not held("tst", pool)  # a letter left out of a long word only
    assert not held("tste", pool)  # two letters apart swapped is another word
