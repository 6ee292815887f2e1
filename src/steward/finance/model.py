"""The values the finance modules pass each other: institutions, candidates, what a message says about
money, and what a pass over the bill mail gave (`Reading`, `Item`, `ExtractReport`). Frozen and typed; amounts are `Decimal`, never floats. The records the store
keeps (dues, accounts, the messages read) are in `steward.records.finance`, the digest's values in
`steward.finance.digest` (a list of dues loads neither these nor their readers).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from steward.records.finance import MessageFacts

if TYPE_CHECKING:
    from steward.records.finance import Kind

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
    # a bill filed as other mail (personal, other, a receipt), let through by what it says: read as a bill only
    # when its text labels both a sum owed and a day to pay it
    by_content: bool = False


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
    paid_on: date | None = None  # the day a payment confirmation says it was made (on or before the mail)
    evidence: str = ""          # the phrase that gave the amount due (or the payment), as written
    # the sum owed stands after a label of one ("Amount payable:") and the due date after a label of a day to
    # pay ("Due date:"), not the lone amount or the only later day of the text
    labelled: bool = False
    method: str = "patterns"    # patterns | model
    # the text says the bill is still unpaid past its day ("remain unpaid as of today", "is now overdue"): a
    # notice whose sum revises the open due it reminds of, which stays due on its own day
    past_due: bool = False

    @property
    def owed(self) -> Money | None:
        """The amount a due is for: the amount due, else the statement balance (a balance of nothing is no
        sum owed: "your balance is now 0.00" after a payment)."""
        if self.amount is not None:
            return self.amount
        return self.statement_balance if self.statement_balance is not None and self.statement_balance.amount else None


@dataclass(frozen=True)
class Skip:
    """A candidate that yielded no due, and why (for `dues extract` and the benchmark)."""

    message_id: int
    reason: str


@dataclass(frozen=True)
class Item:
    """What one candidate gave: derived, merged (same period as a stored due), paid, or skipped and why."""

    message_id: int
    issuer: str
    subject: str
    outcome: str
    reason: str = ""
    due_id: int | None = None
    summary: str = ""

    def to_json(self) -> dict[str, Any]:
        """The message's outcome as JSON: issuer, subject, what happened, why, and the due it made."""
        return {"message_id": self.message_id, "issuer": self.issuer, "subject": self.subject,
                "outcome": self.outcome, "reason": self.reason or None, "due_id": self.due_id,
                "summary": self.summary or None}


@dataclass(frozen=True)
class ExtractReport:
    """One extraction pass."""

    scanned: int
    items: tuple[Item, ...]
    dry_run: bool

    def count(self, outcome: str) -> int:
        """How many of the messages read ended with `outcome`."""
        return sum(1 for i in self.items if i.outcome == outcome)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: messages scanned, the count of each outcome, and each item."""
        return {"scanned": self.scanned, "candidates": len(self.items), "dry_run": self.dry_run,
                "derived": self.count("derived"), "merged": self.count("merged"), "paid": self.count("paid"),
                "skipped": self.count("skipped"), "items": [i.to_json() for i in self.items]}


@dataclass(frozen=True)
class Reading:
    """What a candidate's text gave: an extraction, or the reason it gave none."""

    extraction: Extraction | None
    reason: str = ""
