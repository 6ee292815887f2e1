"""The values the finance modules pass each other: institutions, candidates, what a message says about
money, and the digest. Frozen and typed; amounts are `Decimal`, never floats. The records the store
keeps (dues, accounts, the messages read) are in `steward.records.finance`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from steward.records.finance import Due, Kind, MessageFacts, decimal_text

DateOrder = Literal["mdy", "dmy"]


@dataclass(frozen=True)
class Institution:
    """A bank, card issuer, utility, insurer ... that sends bills, known by its mail domains."""

    name: str
    domains: tuple[str, ...]
    kind: Kind
    currency: str = ""          # ISO 4217; "" when it bills in several
    date_order: DateOrder = "dmy"
    zone: str = ""              # IANA zone its due dates are meant in; "" = the message's own


@dataclass(frozen=True)
class Candidate:
    """A message the gate lets through: who sent it and why it may carry a due."""

    message: MessageFacts
    institution: Institution | None
    issuer: str                 # the institution's name, else the sender's name or domain
    payment_confirmation: bool  # "we received your payment of ..."


@dataclass(frozen=True)
class Money:
    """An amount written in a text, with the currency the text (or the institution) gives it."""

    amount: Decimal
    currency: str
    text: str                   # exactly as written, e.g. "INR 23,480.00"


@dataclass(frozen=True)
class Extraction:
    """What one message says about money owed. Every figure comes from the text it was read from."""

    amount: Money | None = None
    minimum: Money | None = None
    statement_balance: Money | None = None
    due_date: date | None = None
    due_text: str = ""          # the due date as written
    account: str = ""           # last four digits only
    kind: Kind = "other"
    autopay: bool = False
    paid: Money | None = None   # a payment confirmation's amount
    evidence: str = ""          # the phrase that gave the amount due (or the payment), as written
    method: str = "patterns"    # patterns | model

    @property
    def owed(self) -> Money | None:
        """The amount a due is for: the amount due, else the statement balance."""
        return self.amount or self.statement_balance


@dataclass(frozen=True)
class Skip:
    """A candidate that yielded no due, and why (for `dues extract` and the benchmark)."""

    message_id: int
    reason: str


@dataclass(frozen=True)
class DigestItem:
    """One due as the digest shows it."""

    due: Due
    overdue: bool

    def to_json(self) -> dict[str, Any]:
        """The due as JSON: amounts as decimal strings, the account masked, its source excerpt."""
        d = self.due
        return {"id": d.id, "issuer": d.issuer, "kind": d.kind, "account": d.masked_account,
                "amount": decimal_text(d.amount), "minimum": decimal_text(d.minimum), "currency": d.currency,
                "due_date": d.due_date.isoformat(), "overdue": self.overdue, "autopay": d.autopay,
                "status": d.status, "source": {"message_id": d.message_id, "excerpt": d.excerpt}}


@dataclass(frozen=True)
class CurrencyGroup:
    """The dues in one currency; the totals never mix currencies."""

    currency: str
    total_due: Decimal
    overdue_total: Decimal
    items: tuple[DigestItem, ...]

    def to_json(self) -> dict[str, Any]:
        """The currency's totals (decimal strings) and its dues as JSON."""
        return {"currency": self.currency, "total_due": decimal_text(self.total_due),
                "overdue_total": decimal_text(self.overdue_total), "items": [i.to_json() for i in self.items]}


@dataclass(frozen=True)
class Digest:
    """What is owed, grouped by currency, as of a day on the user's clock."""

    as_of: date
    window: str
    categories: tuple[str, ...]
    currencies: tuple[CurrencyGroup, ...]

    @property
    def empty(self) -> bool:
        """True when nothing is owed in the window."""
        return not self.currencies

    @property
    def items(self) -> tuple[DigestItem, ...]:
        """Every due in the digest, currency by currency."""
        return tuple(i for g in self.currencies for i in g.items)

    def to_json(self) -> dict[str, Any]:
        """The digest as JSON: as of when, the window, the categories, and each currency's dues."""
        return {"as_of": self.as_of.isoformat(), "window": self.window, "categories": list(self.categories),
                "currencies": [g.to_json() for g in self.currencies]}
