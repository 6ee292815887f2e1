"""Words typed a letter or two off: the verb a mistyped word stands for ("resheduel": "reschedule").

Kept apart from the grammars that use it, so a word gate can ask it without loading a grammar.
"""

from __future__ import annotations

from collections.abc import Sequence


def near_verb(word: str, verbs: Sequence[str]) -> str | None:
    """The one verb of `verbs` a mistyped `word` stands for ("cancle": "cancel"), or None when the word is
    no near miss of exactly one (a word of five letters or more, one or two letters off)."""
    word = word.lower()
    if len(word) < 5 or word in verbs:
        return None
    # a letter left out, doubled or two swapped is a slip of the keys; a letter changed makes another
    # word ("chance", "shorter") and a longer form of the verb is its own word ("extended", "changes")
    near = [v for v in verbs if not word.startswith(v) and slips(word, v) <= (2 if len(v) >= 8 else 1)]
    return near[0] if len(near) == 1 else None


def slips(a: str, b: str) -> int:
    """The fewest letters left out, put in or swapped with the next that turn `a` into `b` (a changed
    letter counts as two)."""
    d = [[i + j if i == 0 or j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (0 if a[i - 1] == b[j - 1] else 2))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]
