"""A small deterministic mail classifier: sender domain plus subject/snippet keywords.

The vocabulary is data (`categories.yaml` beside this file); `Classifier.classify` is pure. The
categories: phishing_suspect, payment_due, autopay, statement, bank_alert, appointment, receipt,
newsletter, personal (a person wrote it) and other (machine mail nothing else describes).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

CATEGORIES = ("phishing_suspect", "payment_due", "autopay", "statement", "bank_alert", "appointment",
              "receipt", "newsletter", "personal", "other")


@dataclass(frozen=True)
class Rule:
    category: str
    sender_words: tuple[str, ...] = ()
    any: tuple[str, ...] = ()
    all_groups: tuple[tuple[str, ...], ...] = ()
    not_any: tuple[str, ...] = ()
    trusted_sender: bool | None = None


@dataclass(frozen=True)
class Classifier:
    """Rules tried in order; the first that holds names the category."""

    rules: tuple[Rule, ...]
    trusted_domains: frozenset[str]
    automated_senders: tuple[str, ...]

    def classify(self, sender: str, sender_name: str, subject: str, snippet: str) -> str:
        """The category of one message."""
        text = f"{subject} \n {snippet}".lower()
        who = f"{sender} {sender_name}".lower()
        trusted = _domain_trusted(sender, self.trusted_domains)
        for rule in self.rules:
            if rule.trusted_sender is not None and rule.trusted_sender != trusted:
                continue
            if rule.sender_words and not any(w in who for w in rule.sender_words):
                continue
            if rule.any and not any(p in text for p in rule.any):
                continue
            if rule.all_groups and not all(any(p in text for p in group) for group in rule.all_groups):
                continue
            if rule.not_any and any(p in text for p in rule.not_any):
                continue
            return rule.category
        if any(w in sender.lower() for w in self.automated_senders):
            return "other"
        return "personal"


def _domain_trusted(sender: str, trusted: frozenset[str]) -> bool:
    domain = sender.rpartition("@")[2].lower()
    return any(domain == d or domain.endswith("." + d) for d in trusted)


def _words(value: Any) -> tuple[str, ...]:
    return tuple(str(v).lower() for v in (value or ()))


@lru_cache(maxsize=1)
def default_classifier() -> Classifier:
    """The classifier built from the bundled `categories.yaml` (read once per process)."""
    text = (resources.files("steward.mail") / "categories.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    rules = tuple(
        Rule(
            category=str(r["category"]),
            sender_words=_words(r.get("sender_words")),
            any=_words(r.get("any")),
            all_groups=tuple(_words(g) for g in r.get("all_groups") or ()),
            not_any=_words(r.get("not_any")),
            trusted_sender=r.get("trusted_sender"),
        )
        for r in data["rules"]
    )
    return Classifier(rules, frozenset(_words(data.get("trusted_domains"))), _words(data.get("automated_senders")))
