"""The values the finance modules pass each other: institutions, what a message says about money,
stored dues, the digest and accounts. Frozen and typed; amounts are `Decimal`, never floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

# what a due is for; "other" when neither the institution nor the text says
KINDS = ("card", "bank", "loan", "utility", "telecom", "insurance", "rent", "subscription", "tax", "other")
Kind = Literal["card", "bank", "loan", "utility", "telecom", "insurance", "rent", "subscription", "tax", "other"]
STATUSES = ("open", "paid", "superseded")
Status = Literal["open", "paid", "superseded"]


@dataclass(frozen=True)
class MessageFacts:
    """The stored metadata of one message the gate and the extraction look at (no body)."""

    id: int
    sender: str
    sender_name: str
    subject: str
    snippet: str
    received_at: datetime
    zone: str
    category: str
    has_pdf: bool


def mask_last4(last4: str) -> str:
    """`1234` -> `XXXX1234`; "" stays ""."""
    return f"XXXX{last4}" if last4 else ""


@dataclass(frozen=True)
class Due:
    """A stored due. `account` is the last four digits ("" when the mail shows none)."""

    id: int
    issuer: str
    kind: str
    account: str
    amount: Decimal
    minimum: Decimal | None
    currency: str
    due_date: date
    zone: str
    autopay: bool
    status: Status
    message_id: int             # the message it was read from
    excerpt: str                # the matched phrase when it lies in the stored subject/snippet, else ""
    created_at: datetime
    paid_by: int | None = None  # the payment confirmation's message id, or None (paid by hand / open)

    @property
    def masked_account(self) -> str:
        """The account number with only its last four digits shown."""
        return mask_last4(self.account)


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


def decimal_text(value: Decimal | None) -> str | None:
    """A Decimal as a string with two places ("23480.00"); None stays None."""
    if value is None:
        return None
    return f"{value.quantize(Decimal('0.01'))}"


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


@dataclass(frozen=True)
class Account:
    """A card or account the mail shows: issuer, kind, last four, when last seen, its latest due."""

    issuer: str
    kind: str
    account: str
    last_seen: datetime
    latest_due: Due | None = None

    def to_json(self) -> dict[str, Any]:
        """The account as JSON, its number masked, with its latest due."""
        latest = None
        if self.latest_due is not None:
            d = self.latest_due
            latest = {"id": d.id, "amount": decimal_text(d.amount), "currency": d.currency,
                      "due_date": d.due_date.isoformat(), "status": d.status}
        return {"issuer": self.issuer, "kind": self.kind, "account": mask_last4(self.account),
                "last_seen": self.last_seen.isoformat(), "latest_due": latest}
