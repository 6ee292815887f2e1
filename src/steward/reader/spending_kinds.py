"""Kinds of spending (`spending_kinds.yaml`): the one a question names ("how much went on groceries?") and the
one a purchase is of, from the shop's name, or else from what its receipt says was bought.

Pure: words in, a kind out. A shop's name decides before its items do: a supermarket's receipt for a frozen
pizza is groceries, a pizzeria's is eating out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from steward.errors import ConfigError
from steward.reader.lists import name_words
from steward.vocab import words
from steward.yamldata import load_yaml, shipped_text

Phrase = tuple[str, ...]
# a shop word this long or longer also names a longer word it starts or ends ("fresh" of "Freshmart")
_PART = 5


@dataclass(frozen=True)
class SpendingKind:
    """One kind of spending: its name, the words a question says for it, the words of its shops."""

    name: str
    said: tuple[Phrase, ...]
    shops: tuple[Phrase, ...]
    chains: tuple[Phrase, ...]


def _phrases(items: object, where: str) -> tuple[Phrase, ...]:
    if not isinstance(items, list):
        raise ConfigError(f"reader spending_kinds.yaml: {where} must be a list of words")
    out = {name_words(str(item)) for item in items if str(item).strip()}
    return tuple(sorted((p for p in out if p), key=lambda p: (-len(p), p)))


def parse_kinds(text: str) -> tuple[SpendingKind, ...]:
    """The kinds of a spending_kinds.yaml text, in the order written."""
    data = load_yaml(text) or {}
    table = data.get("kinds") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise ConfigError("reader spending_kinds.yaml: expected a 'kinds' table")
    out = []
    for name, entry in table.items():
        if not isinstance(entry, dict):
            raise ConfigError(f"reader spending_kinds.yaml: kinds.{name} must be a table")
        out.append(SpendingKind(str(name), _phrases(entry.get("said") or [], f"{name}.said"),
                                _phrases(entry.get("shops") or [], f"{name}.shops"),
                                _phrases(entry.get("chains") or [], f"{name}.chains")))
    return tuple(out)


@lru_cache(maxsize=1)
def spending_kinds() -> tuple[SpendingKind, ...]:
    """The bundled kinds of spending."""
    return parse_kinds(shipped_text("steward.reader", "spending_kinds.yaml"))


def _where(have: Sequence[str], phrase: Phrase, parts: bool) -> int | None:
    """Where in `have` the phrase is said (its first word's place), or None."""
    n = len(phrase)
    for i in range(len(have) - n + 1):
        if tuple(have[i:i + n]) == phrase:
            return i
    if parts and n == 1 and len(phrase[0]) >= _PART:
        return next((i for i, w in enumerate(have) if w.startswith(phrase[0]) or w.endswith(phrase[0])), None)
    return None


def _at(have: Sequence[str], phrase: Phrase, parts: bool) -> bool:
    return _where(have, phrase, parts) is not None


def kind_said(text: str, kinds: Sequence[SpendingKind] | None = None) -> tuple[SpendingKind, tuple[str, ...]] | None:
    """(the kind of spending a question names, the words that name it), or None when it names none."""
    have = name_words(text)
    for kind in kinds if kinds is not None else spending_kinds():
        for phrase in kind.said:
            if _at(have, phrase, parts=False):
                return kind, tuple(w for w in words(text) if name_words(w) and name_words(w)[0] in phrase)
    return None


def kind_of_purchase(shop: str, items: str = "", kinds: Sequence[SpendingKind] | None = None) -> str:
    """The kind of a purchase: the kind its shop's name says first (a chain, or a word of what the shop is),
    else the first one what was bought says; "" when neither says one."""
    table = kinds if kinds is not None else spending_kinds()
    name = name_words(shop)
    # the kind said first in the name: "Apotheke am Markt" is a pharmacy on a market square
    found = [(at, order, kind.name) for order, kind in enumerate(table)
             for at in (*(_where(name, p, parts=False) for p in kind.chains),
                        *(_where(name, p, parts=True) for p in kind.shops)) if at is not None]
    if found:
        return min(found)[2]
    bought = name_words(items)
    for kind in table:
        if any(_at(bought, p, parts=False) for p in kind.shops):
            return kind.name
    return ""
