"""Which reminder a person means: "the AI training reminder", "my dentist reminder", "the gardening one".

Pure: the candidates, the words the person used for the target and (optionally) a similarity
function over texts come in; a ranked choice comes out. A reminder is chosen by its words (a word of
the target equal to one of the reminder's, or sharing its first 4+ letters: "dentist" / "dentist's")
and by meaning (cosine similarity of sentence embeddings: "the gardening one" / "water the plants").
Two candidates that score within `MARGIN` of each other are both returned: the caller asks which one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from steward.vocab import words

# below this a candidate with no word in common is no match (all-MiniLM-L6-v2 cosine: "gardening" /
# "water the plants" 0.54, "grocery" / "buy milk" 0.37, unrelated pairs mostly under 0.3)
MIN_SIMILARITY = 0.33
# a second candidate this close to the best one makes the choice ambiguous
MARGIN = 0.12
MEANING_WEIGHT = 0.6

Similarity = Callable[[str, Sequence[str]], Sequence[float]]


@dataclass(frozen=True)
class Candidate:
    """A reminder that could be meant: its id, its text and a label to show in a question."""

    id: int
    text: str
    label: str


@dataclass(frozen=True)
class Choice:
    """The ranked result: `best` when one candidate is clearly meant, else `close` (two or more) or
    nothing (no candidate matched)."""

    best: Candidate | None
    close: tuple[Candidate, ...] = ()
    scores: tuple[tuple[int, float], ...] = ()

    @property
    def ambiguous(self) -> bool:
        """Whether two or more candidates fit equally well (Steward asks which)."""
        return self.best is None and len(self.close) > 1


def _stem(word: str) -> str:
    for suffix in ("'s", "’s", "ing", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _same(a: str, b: str) -> bool:
    if a == b or _stem(a) == _stem(b):
        return True
    if len(a) >= 4 and len(b) >= 4 and (a.startswith(b[:max(4, len(b) - 2)]) or b.startswith(a[:max(4, len(a) - 2)])):
        return True
    return len(a) >= 5 and len(b) >= 5 and a[0] == b[0] and _one_slip(a, b)


def _one_slip(a: str, b: str) -> bool:
    """A typing slip: two letters side by side swapped ("spansih"), a letter missing or extra in a word of
    six letters or more, a wrong letter in one of seven or more ("choir" is not "chair")."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        return swapped or (len(diff) == 1 and len(a) >= 7)
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return len(short) >= 6 and any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))


# a word found only by its first letters or a typing slip counts a little less than the word itself, so
# "tabla" is the tabla class before the "table" at a restaurant
NEAR = 0.85


def word_score(target: Sequence[str], text: str) -> float:
    """The share of the target's words found in `text` (0 to 1); a word found only near (its first
    letters, a slip) counts `NEAR`."""
    if not target:
        return 0.0
    have = words(text)

    def found(t: str) -> float:
        if any(t == h or _stem(t) == _stem(h) for h in have):
            return 1.0
        return NEAR if any(_same(t, h) for h in have) else 0.0

    return sum(found(t) for t in target) / len(target)


def choose(target: Sequence[str], candidates: Sequence[Candidate], similarity: Similarity | None = None) -> Choice:
    """The candidate the target words mean (see the module docstring)."""
    if not candidates:
        return Choice(None)
    if not target:
        return Choice(candidates[0]) if len(candidates) == 1 else Choice(None, tuple(candidates))
    lexical = [word_score(target, c.text) for c in candidates]
    meaning: Sequence[float] = [0.0] * len(candidates)
    top_lex = max(lexical)
    clear = top_lex >= 0.5 and sum(1 for x in lexical if x >= top_lex - MARGIN) == 1
    if similarity is not None and not clear:  # the words decide alone when one candidate has them
        meaning = similarity(" ".join(target), [c.text for c in candidates])
    scored = []
    for cand, lex, sem in zip(candidates, lexical, meaning, strict=True):
        if lex == 0 and sem < MIN_SIMILARITY:
            continue
        scored.append((lex + MEANING_WEIGHT * sem, cand))
    scored.sort(key=lambda p: -p[0])
    scores = tuple((c.id, round(s, 3)) for s, c in scored)
    if not scored:
        return Choice(None, (), scores)
    top = scored[0][0]
    close = tuple(c for s, c in scored if s >= top - MARGIN)
    if len(close) == 1:
        return Choice(close[0], close, scores)
    return Choice(None, close, scores)


def pick_answer(answer: str, candidates: Sequence[Candidate], similarity: Similarity | None = None) -> Candidate | None:
    """The candidate an answer to "Which one: 1) … 2) …?" names: a number ("2", "the second one",
    "#2") or words of its text. None when the answer names none of them or several."""
    said = words(answer)
    numbers = {"one": 1, "first": 1, "1st": 1, "two": 2, "second": 2, "2nd": 2, "three": 3, "third": 3, "3rd": 3,
               "four": 4, "fourth": 4, "4th": 4, "five": 5, "fifth": 5, "5th": 5, "last": len(candidates)}
    picked = [int(w) for w in said if w.isdigit()] or [numbers[w] for w in said if w in numbers and w != "one"]
    if not picked and said in (["one"], ["the", "one"]):
        picked = [1]
    if len(set(picked)) == 1 and 1 <= picked[0] <= len(candidates):
        return candidates[picked[0] - 1]
    content = [w for w in said if w not in {"the", "one", "a", "that", "this", "my", "reminder", "please", "it",
                                            "is", "for", "about", "i", "mean", "meant"}]
    found = choose(content, candidates, similarity)
    return found.best
