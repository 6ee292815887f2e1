"""Inbox analysis: the "which / how many / list all" answer.

`Mailbox.analyze` (search/mailbox.py) reads every match (bounded at `limit`, 1,000 by default; no top-N
cap), broadening to any-of-the-words on a miss, and `group_by_sender` here (pure, no I/O) groups them by
sender: count, first and last date, categories, and up to three distinct example subjects with account
and card numbers masked to their last four digits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from steward.clock import Clock
from steward.mail.mask import mask_numbers

EXAMPLES = 3


@dataclass(frozen=True)
class SenderGroup:
    """Every matching message from one sender, summarised."""

    sender: str
    sender_name: str
    count: int
    first: datetime
    last: datetime
    categories: tuple[str, ...]
    examples: tuple[str, ...]
    ids: tuple[int, ...]

    def to_json(self, clock: Clock) -> dict[str, Any]:
        """The group as JSON, its dates on the user's clock."""
        return {"sender": self.sender, "sender_name": self.sender_name, "count": self.count,
                "first": clock.local(self.first).isoformat(), "last": clock.local(self.last).isoformat(),
                "categories": list(self.categories), "examples": list(self.examples), "ids": list(self.ids)}


@dataclass(frozen=True)
class Analysis:
    """All matches of a query grouped by sender; `truncated` when the bound was reached."""

    query: str
    total: int
    broadened: bool
    groups: list[SenderGroup]
    clock: Clock
    truncated: bool = False

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON: query, total, whether it broadened or stopped, the groups."""
        return {"query": self.query, "total": self.total, "broadened": self.broadened,
                "truncated": self.truncated, "groups": [g.to_json(self.clock) for g in self.groups]}


class Groupable(Protocol):
    """What grouping reads of a message (a stored Message or a cheaper summary row)."""

    @property
    def id(self) -> int:
        """The message's id."""

    @property
    def sender(self) -> str:
        """The sender's address."""

    @property
    def sender_name(self) -> str:
        """The sender's display name."""

    @property
    def subject(self) -> str:
        """The subject line."""

    @property
    def received_at(self) -> datetime:
        """When the message arrived (aware)."""

    @property
    def category(self) -> str:
        """The message's category."""


def group_by_sender(messages: Sequence[Groupable]) -> list[SenderGroup]:
    """Group messages by sender address: most messages first, then the most recent."""
    by_sender: dict[str, list[Groupable]] = {}
    for m in messages:
        by_sender.setdefault(m.sender or m.sender_name or "(unknown sender)", []).append(m)
    groups = []
    for sender, items in by_sender.items():
        items.sort(key=lambda m: (m.received_at, m.id), reverse=True)
        names = [m.sender_name for m in items if m.sender_name]
        categories: list[str] = []
        examples: list[str] = []
        seen_subjects: set[str] = set()
        for m in items:
            if m.category not in categories:
                categories.append(m.category)
            if len(examples) < EXAMPLES:
                subject = mask_numbers(m.subject.strip()) or "(no subject)"
                key = subject.casefold()
                if key not in seen_subjects:
                    seen_subjects.add(key)
                    examples.append(subject)
        groups.append(SenderGroup(
            sender=sender if "@" in sender else "",
            sender_name=names[0] if names else "",
            count=len(items),
            first=items[-1].received_at,
            last=items[0].received_at,
            categories=tuple(categories),
            examples=tuple(examples),
            ids=tuple(m.id for m in items),
        ))
    groups.sort(key=lambda g: (-g.count, -g.last.timestamp(), g.sender))
    return groups
