"""Names matched by meaning: the last of the three ways a name said is looked up in the person's own
data (by words, by spelling distance, by meaning).

A name said that neither its words nor its spelling find ("my mother", "the phone company", "the
eye doctor") is compared with the names of the kind asked about (senders, providers, issuers, cards) by
the sentence embedder, all-MiniLM-L6-v2. It names the value whose name is nearest when the cosine is at
least the threshold (`reader.meaning_threshold`, chosen by measuring: docs/benchmarks.md); below it the
name stays unmatched and is said plainly. Values within a hair of the best are all kept, so a name near
two things is asked about, never one of them picked.

The embedder is reached only here, and only when a turn names something words and spelling could not
find: a question its words answer never loads the model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from steward.reader.frame import Named, SlotValue, Unmatched
from steward.reader.lists import SlotLists

if TYPE_CHECKING:
    from steward.embed import Embedder

# two values this close to the best are the same distance away: both kept (the answer asks which)
TIE = 0.02


def pool(what: str, lists: SlotLists) -> tuple[SlotValue, ...]:
    """The values a name of this kind may be: a card's, a bill's or bank's, a provider's, a sender's."""
    if what == "relation":
        return ()  # a family word names whom the person's mail says it does, never the sender nearest in meaning
    if what in ("card", "account"):
        return tuple(v for v in lists.of_slot("account") if v.kind == "card" or what == "account")
    if what in ("bill", "bank"):
        return lists.of_slot("issuer")
    if what in ("provider", "sender"):
        return lists.of_slot(what)
    return (*lists.of_slot("issuer"), *lists.of_slot("provider"), *lists.of_slot("sender"))


class ByMeaning:
    """Resolves names said by meaning; the names' vectors are made once per slot lists."""

    def __init__(self, embedder: Callable[[], Embedder | None], threshold: float) -> None:
        self._embedder = embedder
        self.threshold = threshold
        self._vectors: dict[tuple[int, str], tuple[tuple[SlotValue, ...], Any]] = {}
        self.scored: list[tuple[str, str, float]] = []  # (said, nearest label, cosine), for measuring

    def _pool_vectors(self, what: str, lists: SlotLists, embedder: Embedder) -> tuple[tuple[SlotValue, ...], Any]:
        key = (id(lists), what)
        kept = self._vectors.get(key)
        if kept is None:
            values = pool(what, lists)
            kept = (values, embedder.embed([_text(v) for v in values]) if values else None)
            if len(self._vectors) > 16:
                self._vectors.clear()  # lists rebuilt since: the old ones are never asked again
            self._vectors[key] = kept
        return kept

    def resolve(self, unmatched: Unmatched, lists: SlotLists) -> Named | None:
        """The values `unmatched.said` means, when one is near enough; None when none is."""
        if not pool(unmatched.what, lists):
            return None
        embedder = self._embedder()
        if embedder is None:
            return None
        values, vectors = self._pool_vectors(unmatched.what, lists, embedder)
        if vectors is None:
            return None
        query = embedder.embed([unmatched.said])[0]
        scores = [float(row @ query) for row in vectors]
        best = max(range(len(values)), key=scores.__getitem__)
        self.scored.append((unmatched.said, values[best].label, scores[best]))
        if scores[best] < self.threshold:
            return None
        near = tuple(v for v, s in zip(values, scores, strict=True) if s >= scores[best] - TIE)
        return Named(unmatched.said, near, "meaning")

    def resolve_all(self, unmatched: Sequence[Unmatched], lists: SlotLists
                    ) -> tuple[tuple[Named, ...], tuple[Unmatched, ...]]:
        """(the names resolved by meaning, the names still unmatched)."""
        named: list[Named] = []
        left: list[Unmatched] = []
        for u in unmatched:
            got = None if (u.what == "card" and u.said.isdigit()) or _a_proper_name(u.said) else self.resolve(u, lists)
            if got is None:
                left.append(u)
            else:
                named.append(got)
        return tuple(named), tuple(left)


def _text(value: SlotValue) -> str:
    """What a value's vector is made from: its label, with its kind when it has one ("Pawsome Vets, vet")."""
    return f"{value.label}, {value.kind}" if value.kind and value.slot == "provider" else value.label


def _a_proper_name(said: str) -> bool:
    """One capitalised word that is no everyday English word ("Penang", "Ipoh"): a name means what it spells, never
    another name near it in meaning (a place is not a company named after the next state)."""
    from steward.reader.lists import common_english

    word = said.strip()
    return word.isalpha() and word[:1].isupper() and word[1:].islower() and word.casefold() not in common_english()
