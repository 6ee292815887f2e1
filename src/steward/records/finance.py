"""Money owed as the store keeps it: the messages a due is read from, dues (stored, and new), and the
accounts the mail shows. Frozen and typed; amounts are `Decimal`, never floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

# what a due is for; "other" when neither the institution nor the text says
KINDS = ("card", "bank", "loan", "utility", "telecom", "insurance", "rent", "housing", "education", "subscription",
         "tax", "other")
STATUSES = ("open", "paid", "superseded")

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (`steward dues` reads these records)
if TYPE_CHECKING:
    from typing import Any, Literal

    Kind = Literal["card", "bank", "loan", "utility", "telecom", "insurance", "rent", "housing", "education",
                   "subscription", "tax", "other"]
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


@dataclass(frozen=True)
class NewDue:
    """A due before it is stored: `Due`'s own fields (the store then gives it `id`, `status` "open" and
    `created_at`; `paid_by` comes with a payment), plus how it was read (`method`: patterns | model) and
    when its message was sent (`statement_at`: of two dues of one account, the newer statement supersedes).
    The finance service has checked every field before it builds one."""

    issuer: str
    kind: str
    account: str
    amount: Decimal
    minimum: Decimal | None
    currency: str
    due_date: date
    zone: str
    autopay: bool
    message_id: int             # the message it was read from
    excerpt: str
    method: str
    statement_at: datetime

    @property
    def issuer_key(self) -> str:
        """The issuer in lower case: the key a due is matched on across messages."""
        return self.issuer.lower()


def decimal_text(value: Decimal | None) -> str | None:
    """A Decimal as a string with two places ("23480.00"); None stays None."""
    if value is None:
        return None
    return f"{value.quantize(Decimal('0.01'))}"


@dataclass(frozen=True)
class Payment:
    """A payment the person made, as the mail that confirms it says: who was paid, how much, which day."""

    id: int
    payee: str                  # the card's issuer, the biller
    kind: str                   # what was paid (a due's kinds)
    account: str                # last four digits of the card or account paid ("" when the mail shows none)
    amount: Decimal
    currency: str
    paid_on: date               # the day the mail says it was paid, else the day it came
    message_id: int             # the message that confirms it
    due_id: int | None = None   # the due it settled, when Steward read one

    @property
    def masked_account(self) -> str:
        """The account number with only its last four digits shown."""
        return mask_last4(self.account)

    def to_json(self) -> dict[str, Any]:
        """The payment as JSON (amount a decimal string, account masked, the message that confirms it)."""
        return {"id": self.id, "payee": self.payee, "kind": self.kind, "account": self.masked_account,
                "amount": decimal_text(self.amount), "currency": self.currency, "paid_on": self.paid_on.isoformat(),
                "due_id": self.due_id, "source": {"message_id": self.message_id}}


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
