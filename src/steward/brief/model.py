"""The brief as it is shown: sections of items, each item a line of text and its data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from steward.brief.prefs import Prefs


@dataclass(frozen=True)
class Item:
    """One line of a section: the text a person reads, the data behind it, and whether it warns."""

    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    warn: bool = False

    def to_json(self) -> dict[str, Any]:
        """The item as JSON: its text, its data, and whether it warns."""
        return {"text": self.text, **dict(self.data), "warn": self.warn}


@dataclass(frozen=True)
class Section:
    """One section of the brief; `empty_reason` says why it has no items (None when it has some)."""

    slot: str
    title: str
    items: tuple[Item, ...]
    empty_reason: str | None
    options: Mapping[str, Any] = field(default_factory=dict)
    subtitle: str = ""  # the options as a person reads them ("next 7 days, only insurance and rent")

    def to_json(self) -> dict[str, Any]:
        """The section as JSON: slot, title, items, why it is empty, subtitle and options."""
        return {"slot": self.slot, "title": self.title, "items": [i.to_json() for i in self.items],
                "empty_reason": self.empty_reason, "subtitle": self.subtitle,
                "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()}}


@dataclass(frozen=True)
class Brief:
    """The whole brief for one local day, in the prefs' order; `since` starts the inbox's window."""

    date: date
    generated_at: datetime
    zone: str
    since: datetime
    sections: tuple[Section, ...]
    prefs: Prefs
    # milliseconds each section took to collect (benchmarks read it; not part of the JSON)
    timings: Mapping[str, float] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The brief as JSON: its date, when it was made, the zone, its sections and prefs."""
        return {"date": self.date.isoformat(), "generated_at": self.generated_at.isoformat(), "zone": self.zone,
                "since": self.since.isoformat(), "sections": [s.to_json() for s in self.sections],
                "prefs": self.prefs.to_json()}

    def section(self, slot: str) -> Section | None:
        """The section in `slot`, or None when the brief leaves it out."""
        return next((s for s in self.sections if s.slot == slot), None)
