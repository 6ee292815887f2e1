"""The finance vocabulary (`finance/vocab.yaml`): the gate's due words, the labels in front of figures,
autopay and payment-confirmation phrases, and the words for each kind of due.

Phrases are compiled once into whole-word regexes; `FinanceVocab.find(list, text)` gives every
occurrence with its place, longest first where two start at the same place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml

from steward.errors import ConfigError
from steward.yamldata import load_yaml, shipped_text

LABEL_KINDS = ("minimum", "statement_balance", "amount", "due_date", "paid")
# labels a vocabulary may give or leave out: a charge for paying late ("late fee of"), never the amount owed; a
# day the thing paid for lapses ("expires on"), a due date's label that says no day to pay
OPTIONAL_LABEL_KINDS = ("penalty", "lapse")


def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    if not phrases:
        return re.compile(r"(?!)")  # no phrase: matches nothing
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    body = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w])", re.IGNORECASE)


@dataclass(frozen=True)
class Hit:
    """One phrase found in a text: what it is, where it stands."""

    what: str
    start: int
    end: int


@dataclass(frozen=True)
class FinanceVocab:
    """Every list of `finance/vocab.yaml`, compiled."""

    financial_categories: frozenset[str]
    due_words: re.Pattern[str]
    payment_received: re.Pattern[str]
    autopay: re.Pattern[str]
    labels: Mapping[str, re.Pattern[str]]
    kind_words: tuple[tuple[str, re.Pattern[str]], ...]
    category_words: Mapping[str, tuple[str, ...]]
    card_context: re.Pattern[str]
    account_context: re.Pattern[str]
    paid_through: re.Pattern[str] | None = None
    past_due: re.Pattern[str] | None = None
    # the last word of a sender's name that makes it an organisation's, not a person's ("Leodis City Council")
    bodies: re.Pattern[str] | None = None
    # the due-date labels that name a day the thing lapses ("expires on"), as they are written, one space a gap
    lapse_labels: frozenset[str] = frozenset()
    # words of a mail that says it is no bill ("THIS IS NOT A BILL")
    not_a_bill: re.Pattern[str] | None = None

    def label_hits(self, lowered: str, kinds: tuple[str, ...]) -> list[Hit]:
        """Every label of the given kinds in `lowered`, longest at a place, none overlapping."""
        hits: list[Hit] = []
        for kind in kinds:
            for m in self.labels[kind].finditer(lowered):
                hits.append(Hit(kind, m.start(), m.end()))
        # longest first at a place; between equals, the kind asked for first
        order = {k: n for n, k in enumerate(kinds)}
        hits.sort(key=lambda h: (h.start, -(h.end - h.start), order[h.what]))
        out: list[Hit] = []
        for h in hits:
            if out and h.start < out[-1].end:
                continue  # inside a longer label ("amount due" in "minimum amount due")
            out.append(h)
        return out

    def kind_of(self, text: str) -> str | None:
        """The kind of due the text's words say, or None; the way it is paid ("by internet banking") is
        no word of what it is for."""
        if self.paid_through is not None:
            text = self.paid_through.sub(" ", text)
        for kind, pattern in self.kind_words:
            if pattern.search(text):
                return kind
        return None


def _strings(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ConfigError(f"{where} must be a list of phrases")
    return tuple(x.strip().lower() for x in raw if x.strip())


def _table(raw: Any, where: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where} must be a table of lists")
    return {str(k): _strings(v, f"{where}.{k}") for k, v in raw.items()}


_OTHER_LANGUAGE_LISTS = ("due_words", "payment_received", "autopay")


def _languages(raw: Any, where: str) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The phrases of every language's table: (lists by name, labels by kind), each language's added."""
    if raw is None:
        return {}, {}
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where}: languages must be a table of languages")
    lists: dict[str, tuple[str, ...]] = {}
    labels: dict[str, tuple[str, ...]] = {}
    for language, table in raw.items():
        at = f"{where}: languages.{language}"
        if not isinstance(table, Mapping):
            raise ConfigError(f"{at} must be a table of lists")
        unknown = set(table) - {*_OTHER_LANGUAGE_LISTS, "labels"}
        if unknown:
            raise ConfigError(f"{at}: {sorted(unknown)[0]} is not a list a language may add to")
        for name in _OTHER_LANGUAGE_LISTS:
            if name in table:
                lists[name] = lists.get(name, ()) + _strings(table[name], f"{at}.{name}")
        for kind, phrases in _table(table.get("labels", {}), f"{at}.labels").items():
            if kind not in LABEL_KINDS + OPTIONAL_LABEL_KINDS:
                raise ConfigError(f"{at}.labels: {kind} is not a kind of label")
            labels[kind] = labels.get(kind, ()) + phrases
    return lists, labels


def vocab_from(data: Mapping[str, Any], where: str = "finance/vocab.yaml") -> FinanceVocab:
    """Compile the parsed YAML; a missing or mistyped list is a ConfigError naming it."""
    labels = _table(data.get("labels"), f"{where}: labels")
    missing = [k for k in LABEL_KINDS if k not in labels]
    if missing:
        raise ConfigError(f"{where}: labels.{missing[0]} is missing")
    other, other_labels = _languages(data.get("languages"), where)
    labels = {k: labels.get(k, ()) + other_labels.get(k, ()) for k in (*LABEL_KINDS, *OPTIONAL_LABEL_KINDS)}
    labels["due_date"] += labels["lapse"]  # a day the thing lapses is labelled as a due date, of a kind of its own
    first = _table(data.get("kind_words_first") or {}, f"{where}: kind_words_first")
    kinds = _table(data.get("kind_words"), f"{where}: kind_words")

    def phrases(name: str) -> tuple[str, ...]:
        return _strings(data.get(name), f"{where}: {name}") + other.get(name, ())

    return FinanceVocab(
        financial_categories=frozenset(_strings(data.get("financial_categories"), f"{where}: financial_categories")),
        due_words=_pattern(phrases("due_words")),
        payment_received=_pattern(phrases("payment_received")),
        autopay=_pattern(phrases("autopay")),
        labels={k: _pattern(labels[k]) for k in (*LABEL_KINDS, *OPTIONAL_LABEL_KINDS)},
        kind_words=tuple((k, _pattern(v)) for k, v in (*first.items(), *kinds.items())),
        category_words=_table(data.get("category_words"), f"{where}: category_words"),
        card_context=_pattern(_strings(data.get("card_context"), f"{where}: card_context")),
        account_context=_pattern(_strings(data.get("account_context"), f"{where}: account_context")),
        paid_through=_pattern(_strings(data["paid_through"], f"{where}: paid_through"))
        if data.get("paid_through") else None,
        past_due=_pattern(_strings(data["past_due"], f"{where}: past_due")) if data.get("past_due") else None,
        bodies=_pattern(_strings(data["bodies"], f"{where}: bodies")) if data.get("bodies") else None,
        lapse_labels=frozenset(" ".join(phrase.split()) for phrase in labels["lapse"]),
        not_a_bill=_pattern(_strings(data["not_a_bill"], f"{where}: not_a_bill")) if data.get("not_a_bill") else None,
    )


@lru_cache(maxsize=1)
def finance_vocab() -> FinanceVocab:
    """The vocabulary shipped with Steward (read once per process)."""
    return vocab_from(_shipped())


@lru_cache(maxsize=1)
def category_words() -> Mapping[str, tuple[str, ...]]:
    """The words of each kind of due in the shipped vocabulary, read without compiling its patterns (a
    question that may name a kind, "what do I owe for insurance?", needs these alone)."""
    return _table(_shipped().get("category_words"), "finance/vocab.yaml: category_words")


@lru_cache(maxsize=1)
def _shipped() -> Mapping[str, Any]:
    text = shipped_text("steward.finance", "vocab.yaml")
    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"finance/vocab.yaml: not valid YAML ({exc})") from None
    if not isinstance(data, Mapping):
        raise ConfigError("finance/vocab.yaml: not a table of lists")
    return data
