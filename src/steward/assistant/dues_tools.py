"""Money owed as loop tools: `list_dues` and `list_accounts` (reads), `mark_due_paid` (a held write).

Thin adapters over `finance.DuesService`, the same service the reader's dues, accounts and money
answerers answer from. `mark_due_paid` is held until the user says yes: its function is a dry run of
`DuesService.mark_paid`, its commit is the write.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from steward.assistant.toolkit import Preview, Tool, ToolError, Write, tool_from_function
from steward.assistant.tools import ToolContext
from steward.errors import UserError

if TYPE_CHECKING:
    from steward.finance.service import DuesService


def _dues(ctx: ToolContext) -> DuesService:
    if ctx.dues is None:
        raise ToolError("dues_unavailable", "money owed is not available here")
    return ctx.dues


def list_dues(ctx: ToolContext, window: str = "all", categories: list[str] | None = None) -> dict[str, Any]:
    """What the user owes, read from their bill and statement mail: open dues grouped by currency (never
    add amounts of different currencies), overdue flagged, autopay ones will be debited.

    Args:
        window: how far ahead: 7d (the next N days), month (to the end of this month) or all; overdue dues always show
        categories: only these kinds: card, bank, loan, utility, telecom, insurance, rent, housing, education, subscription, tax
    """
    try:
        return _dues(ctx).digest(window=window, categories=categories or (), as_of=ctx.clock.today()).to_json()
    except UserError as exc:
        raise ToolError("bad_arguments", exc.message) from None


def list_accounts(ctx: ToolContext) -> dict[str, Any]:
    """The user's cards and accounts as their mail shows them (issuer, kind, last four digits, last seen,
    latest due). Use it for "which cards do I have" / "list my bank accounts"; name each account once."""
    return {"accounts": [a.to_json() for a in _dues(ctx).accounts()]}


def mark_due_paid(ctx: ToolContext, id: int) -> Preview:
    """Mark one of the user's dues paid. It is held until the user says yes: after calling it, ask the
    user with ask_user whether to go ahead.

    Args:
        id: the due's id from list_dues
    """
    from steward.finance.digest import DigestItem, item_line

    service = _dues(ctx)
    try:
        due = service.get(id)
    except UserError as exc:
        raise ToolError("not_found", exc.message) from None
    if due.status == "paid":
        raise ToolError("no_change", f"due #{id} is already paid")
    preview = service.mark_paid(id, dry_run=True)
    return Preview(summary=f"marking paid: {item_line(DigestItem(due, False))}",
                   fields=DigestItem(preview, False).to_json(), resolved={"id": id})


def commit_mark_due_paid(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Mark the held due paid, as the user agreed."""
    from steward.finance.digest import DigestItem

    provenance = {"via": "tool", "session": ctx.session, "turn": ctx.turn or None, "tool_call": held_id}
    due = _dues(ctx).mark_paid(int(resolved["id"]), provenance)
    return Write("due", str(due.id), DigestItem(due, False).to_json())


def dues_tools() -> list[Tool]:
    """The dues reads and the held write."""
    return [tool_from_function(list_dues, mail_text=True), tool_from_function(list_accounts, mail_text=True),
            tool_from_function(mark_due_paid, commit=commit_mark_due_paid, destructive=True, idempotent=True)]
