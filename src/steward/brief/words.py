"""Whole-word phrase matching for the brief's manifest and its config phrases.

The same word rule as `steward.vocab` (lower case, curly apostrophes straight, punctuation
dropped); the brief sits below the assistant in the layers, so it keeps its own few lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[\w'’]+(?:[-.][\w'’]+)*")

Phrase = tuple[str, ...]


def words(text: str) -> list[str]:
    """The normalised words of a text."""
    return [m.group().lower().replace("’", "'") for m in _WORD.finditer(text)]


def at(norms: Sequence[str], i: int, phrase: Phrase) -> bool:
    """Whether `phrase` stands at norms[i]."""
    return bool(phrase) and tuple(norms[i:i + len(phrase)]) == phrase
