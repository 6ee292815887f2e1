"""A name said by its initials, as people shorten the names of events and companies ("the AGM" of an "Annual
General Meeting", "PTM" of a "Parent-Teacher Meeting"): the one way Steward reads initials, for the reader's
questions and for the bookings read from mail alike."""

from __future__ import annotations

from collections.abc import Sequence

SKIPPED = frozenset(("of", "the", "and", "for", "&"))
"""The small words people leave out of a name's initials ("AGMC" of an "Annual General Meeting of the Club")."""

ARTICLES = frozenset(("a", "an"))
"""Left out too of a name written in lower case ("a parent-teacher meeting"); in a run of capitalised words a
capital "A" is a name's own letter ("Block A Parking")."""

SAID_SHORT = range(2, 6)
"""How many words people shorten to their initials: "PT", "PTM", "AGM", "GBM"."""


def initials(words: Sequence[str]) -> str:
    """The initials of a name's words, in lower case: "Annual General Meeting of the Club" is agmc, its small words
    left out; a first word counts whatever it is ("The Meridian Bank" is tmb)."""
    return "".join(w[0] for i, w in enumerate(words) if w and (i == 0 or w.casefold() not in SKIPPED)).casefold()


def initials_of(word: str, name: Sequence[str]) -> bool:
    """Whether `word` ("ptm") is the initials of the last words of a name ("Class III-B Parent-Teacher Meeting"
    as its words), a name said short in two to five letters; the name's small words and articles are left out."""
    if not (len(word) in SAID_SHORT and word.isalpha()):
        return False
    kept = [w for w in name if w.casefold() not in SKIPPED | ARTICLES]
    return len(kept) >= len(word) and initials(kept[-len(word):]) == word.casefold()
