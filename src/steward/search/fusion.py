"""Reciprocal-rank fusion (pure): one ranking from several, by rank alone.

Each list votes 1 / (k + rank) for every id it holds (rank from 1); ids are ordered by the sum of
their votes. Scores of different kinds (bm25, cosine) never need to be made comparable, and an id
found by both lists rises above one found by either alone. k = 60 is the constant of Cormack et al.
(2009), kept as the `search.rrf_k` setting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Fused:
    """One id after fusion: its fused score and its rank (1-based) in each list that held it."""

    id: int
    score: float
    ranks: Mapping[str, int] = field(default_factory=dict)


def rrf(rankings: Mapping[str, Sequence[int]], k: int = 60, weights: Mapping[str, float] | None = None,
        limit: int | None = None) -> list[Fused]:
    """Fuse named rankings (ids best first), each list's votes times its weight (default 1); ties keep
    the order of the first list that held them. With `limit`, only the best that-many (a page of
    hits from two lists of fifty)."""
    if k < 0:
        raise ValueError("the RRF constant must not be negative")
    scores: dict[int, float] = {}
    ranks: dict[int, dict[str, int]] = {}
    for name, ids in rankings.items():
        weight = 1.0 if weights is None else weights.get(name, 1.0)
        seen: set[int] = set()
        for rank, id_ in enumerate(ids, 1):
            if id_ in seen:  # a list names an id once; a repeat would vote twice
                continue
            seen.add(id_)
            scores[id_] = scores.get(id_, 0.0) + weight / (k + rank)
            ranks.setdefault(id_, {})[name] = rank
    order = sorted(scores, key=lambda i: -scores[i])  # sorted() is stable: first-seen order breaks ties
    return [Fused(i, scores[i], ranks[i]) for i in order[:limit]]
