"""A small deterministic mail classifier: sender domain plus subject/snippet keywords.

The vocabulary is data (`categories.yaml` beside this file); `Classifier.classify` is pure. The
categories: phishing_suspect, payment_due, autopay, statement, bank_alert, appointment, receipt,
newsletter, personal (a person wrote it) and other (machine mail nothing else describes).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from steward.mail.lure_score import MailContext
from steward.mail.senders import Brand, belongs_to, check_sender
from steward.records.mail import ParsedMessage
from steward.yamldata import load_yaml

CATEGORIES = ("phishing_suspect", "payment_due", "autopay", "statement", "bank_alert", "appointment",
              "receipt", "newsletter", "personal", "other")


@dataclass(frozen=True)
class Rule:
    """One categories.yaml rule: the category it gives and the words or senders that give it."""

    category: str
    sender_words: tuple[str, ...] = ()
    any: tuple[str, ...] = ()
    all_groups: tuple[tuple[str, ...], ...] = ()
    not_any: tuple[str, ...] = ()
    trusted_sender: bool | None = None
    # tried on the subject and the first part of the text, not the snippet alone: the words that say how a
    # bill is paid often stand below its table of charges
    in_head: bool = False

    @cached_property
    def _any(self) -> re.Pattern[str] | None:
        return _alternation(self.any)

    @cached_property
    def _groups(self) -> tuple[re.Pattern[str] | None, ...]:
        return tuple(_alternation(g) for g in self.all_groups)

    @cached_property
    def _not_any(self) -> re.Pattern[str] | None:
        return _alternation(self.not_any)

    def holds(self, who: str, text: str, trusted: bool) -> bool:
        """Whether every condition of this rule holds for a sender (`who`) and subject + snippet."""
        if self.trusted_sender is not None and self.trusted_sender != trusted:
            return False
        if self.sender_words and not any(w in who for w in self.sender_words):
            return False
        if self._any is not None and not self._any.search(text):
            return False
        if any(g is not None and not g.search(text) for g in self._groups):
            return False
        return not (self._not_any is not None and self._not_any.search(text))


def _alternation(phrases: tuple[str, ...]) -> re.Pattern[str] | None:
    # one regex per phrase list: a single scan of the text instead of one `in` per phrase; a short word starts a word
    # ("upi" is India's payments, never the middle of "pupils"; "otp" never of "hotpot"; "bills" is still a bill)
    return re.compile("|".join(rf"(?<![a-z0-9]){re.escape(p)}" if len(p) <= 4 and p.isalnum()
                               else re.escape(p) for p in phrases)) if phrases else None


@dataclass(frozen=True)
class Classifier:
    """Rules tried in order; the first that holds names the category."""

    rules: tuple[Rule, ...]
    trusted_domains: frozenset[str]
    automated_senders: tuple[str, ...]
    # senders people trust (the finance registry's institutions, the trusted domains); a sender that
    # imitates one, or fails the receiving server's checks, is phishing_suspect whatever it says
    brands: tuple[Brand, ...] = ()

    @cached_property
    def _brand_domains(self) -> frozenset[str]:
        return frozenset(d for b in self.brands for d in b.domains)

    def classify_parsed(self, parsed: ParsedMessage, *, correspondent: bool = False) -> str:
        """The category of one parsed message, with everything its import read (`correspondent`: its sender
        is a known correspondent, `steward.mail.correspondents`)."""
        return self.classify(parsed.sender, parsed.sender_name, parsed.subject, parsed.snippet, parsed.auth_results,
                             reply_to=parsed.reply_to, links=parsed.links,
                             context=mail_context(parsed, correspondent=correspondent))

    def with_brands(self, brands: tuple[Brand, ...]) -> Classifier:
        """This classifier also checking senders against `brands`."""
        return dataclasses.replace(self, brands=self.brands + tuple(brands))

    def classify(self, sender: str, sender_name: str, subject: str, snippet: str, auth_results: str = "", *,
                 reply_to: str = "", links: tuple[tuple[str, str], ...] = (),
                 context: MailContext | None = None) -> str:
        """The category of one message (`context`: what an import read of the rest of it)."""
        text = f"{subject} \n {snippet}".lower()
        head = f"{subject} \n {context.head}".lower() if context is not None and context.head else text
        who = f"{sender} {sender_name}".lower()
        if check_sender(sender, sender_name, auth_results, text, self.brands, subject=subject, snippet=snippet,
                        reply_to=reply_to, links=links, context=context).suspect:
            return "phishing_suspect"
        # a known institution's own domain is as trusted as the listed ones (a forged one failed above), and
        # so is a known correspondent (a sender with a history and nothing in the headers against it)
        trusted = (_domain_trusted(sender, self.trusted_domains) or belongs_to(sender, self._brand_domains)
                   or (context is not None and context.correspondent))
        for rule in self.rules:
            if rule.holds(who, head if rule.in_head else text, trusted):
                return rule.category
        if any(w in sender.lower() for w in self.automated_senders):
            return "other"
        return "personal"


def mail_context(parsed: ParsedMessage, *, correspondent: bool = False) -> MailContext:
    """What the lure checks read of a parsed message besides its sender, subject and snippet."""
    return MailContext(head=parsed.head, recipients=parsed.recipients, attachments=parsed.attachments,
                       link_hosts=parsed.link_hosts, password_form=parsed.password_form,
                       auth_results=parsed.auth_results, transport=parsed.transport, correspondent=correspondent)


def _domain_trusted(sender: str, trusted: frozenset[str]) -> bool:
    domain = sender.rpartition("@")[2].lower()
    return any(domain == d or domain.endswith("." + d) for d in trusted)


def _words(value: Any) -> tuple[str, ...]:
    return tuple(str(v).lower() for v in (value or ()))


@lru_cache(maxsize=1)
def default_classifier() -> Classifier:
    """The classifier built from the bundled `categories.yaml` (read once per process)."""
    text = (resources.files("steward.mail") / "categories.yaml").read_text(encoding="utf-8")
    data = load_yaml(text)
    rules = tuple(
        Rule(
            category=str(r["category"]),
            sender_words=_words(r.get("sender_words")),
            any=_words(r.get("any")),
            all_groups=tuple(_words(g) for g in r.get("all_groups") or ()),
            not_any=_words(r.get("not_any")),
            trusted_sender=r.get("trusted_sender"),
            in_head=bool(r.get("in_head", False)),
        )
        for r in data["rules"]
    )
    trusted = frozenset(_words(data.get("trusted_domains")))
    return Classifier(rules, trusted, _words(data.get("automated_senders")),
                      brands=tuple(Brand("", (d,)) for d in sorted(trusted)))
