"""The dues digest (pure): what is owed, grouped by currency and never summed across currencies.

    digest(dues, as_of=today, window="7d", categories=("insurance", "rent"))

A window is `Nd` (the next N days), `week` (the next 7 days), `month` (to the end of this month) or
`all`. A due past its date and still open is overdue on the user's clock and is always shown,
whatever the window: it is owed now. Autopay dues are shown (they will be debited) and counted in
the totals, which are per currency; there is no exchange rate anywhere.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from steward.errors import UsageError
from steward.formats import Formats
from steward.records.finance import KINDS, Due, decimal_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    from typing import Any


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


WINDOWS = ("7d", "month", "all")
_DAYS = re.compile(r"^(\d{1,4})\s*d(?:ays?)?$")


def window_end(window: str, as_of: date) -> date | None:
    """The last day a window reaches (None: no end); a UsageError for a window Steward cannot read.

    "7d" is the next seven days counting today (Saturday to Friday), as answers write it; "week" the same.
    """
    text = window.strip().lower()
    if text == "all":
        return None
    if text == "month":
        return as_of.replace(day=calendar.monthrange(as_of.year, as_of.month)[1])
    if text == "week":
        return as_of + timedelta(days=6)
    m = _DAYS.match(text)
    if m is None:
        raise UsageError(f"window {window!r}: use 7d (the next N days), week, month or all")
    return as_of + timedelta(days=int(m.group(1)) - 1)


def check_categories(categories: Iterable[str]) -> tuple[str, ...]:
    """The categories as kinds; a UsageError naming one that is not a kind."""
    out = []
    for raw in categories:
        for part in str(raw).split(","):
            kind = part.strip().lower()
            if not kind:
                continue
            if kind not in KINDS:
                raise UsageError(f"category {kind!r}: use one of {', '.join(KINDS)}")
            if kind not in out:
                out.append(kind)
    return tuple(out)


def digest(dues: Sequence[Due], *, as_of: date, window: str = "all", categories: Iterable[str] = (),
           statuses: Iterable[str] = ("open",)) -> Digest:
    """The open dues in the window (and every overdue one), by currency, soonest first."""
    end = window_end(window, as_of)
    kinds = check_categories(categories)
    wanted = set(statuses)
    items: dict[str, list[DigestItem]] = {}
    for due in dues:
        if due.status not in wanted or (kinds and due.kind not in kinds):
            continue
        overdue = due.status == "open" and due.due_date < as_of
        if not overdue and end is not None and due.due_date > end:
            continue
        items.setdefault(due.currency, []).append(DigestItem(due, overdue))
    groups = []
    for currency in sorted(items):
        rows = sorted(items[currency], key=lambda i: (i.due.due_date, i.due.issuer.lower(), i.due.id))
        total = sum((i.due.amount for i in rows), Decimal("0"))
        overdue_total = sum((i.due.amount for i in rows if i.overdue), Decimal("0"))
        groups.append(CurrencyGroup(currency, total, overdue_total, tuple(rows)))
    return Digest(as_of, window.strip().lower(), kinds, tuple(groups))


def money_text(amount: Decimal, currency: str, fmt: Formats | None = None) -> str:
    """`₹23,480.00`, `US$1,842.17`: the sum in the person's locale (`Formats`; en_GB unless given)."""
    return (fmt or Formats()).money(amount, currency)


def latest_due_text(latest: Due, fmt: Formats) -> str:
    """`latest due ₹5,795.85 on Wed, 23 Dec 2026 (open)`: an account's latest bill, as the account lists say it."""
    return (f"latest due {money_text(latest.amount, latest.currency, fmt)} on {fmt.day(latest.due_date, year=True)}"
            f" ({latest.status})")


def render(result: Digest, *, heading: bool = True, fmt: Formats | None = None) -> str:
    """The digest as text: one block per currency with its total, each due on a line."""
    if result.empty:
        scope = f" in {', '.join(result.categories)}" if result.categories else ""
        when = {"all": "", "month": " this month"}.get(result.window, f" in the next {result.window}")
        return f"Nothing owed{scope}{when} in the bills Steward has read."
    lines = []
    for group in result.currencies:
        head = f"{group.currency}: {money_text(group.total_due, group.currency, fmt)} due"
        if group.overdue_total:
            head += f" ({money_text(group.overdue_total, group.currency, fmt)} overdue)"
        lines.append(head if heading else group.currency)
        for item in group.items:
            lines.append("  " + item_line(item, fmt))
    return "\n".join(lines)


def item_line(item: DigestItem, fmt: Formats | None = None) -> str:
    """`Wed 23 Sep 2026  Kaveri Bank card XXXX4821  ₹23,480.00 (min ₹1,174.00)  OVERDUE  [#3]`."""
    fmt = fmt or Formats()
    d = item.due
    who = " ".join(p for p in (d.issuer, d.kind, d.masked_account) if p)
    line = f"{fmt.day(d.due_date, year=True)}  {who}  {money_text(d.amount, d.currency, fmt)}"
    if d.minimum is not None:
        line += f" (min {money_text(d.minimum, d.currency, fmt)})"
    if d.autopay:
        line += "  will be debited"
    if item.overdue:
        line += "  OVERDUE"
    if d.status != "open":
        line += f"  {d.status}"
    return f"{line}  [#{d.id}]"
