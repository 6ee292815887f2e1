"""`steward dues [--window] [--category]`, `steward dues extract`, `steward dues paid ID`, `steward accounts`,
`steward payments`."""

from __future__ import annotations

import argparse
import re
from datetime import timedelta

from steward.cli.context import Commands, Ctx
from steward.errors import UsageError


def register(commands: Commands) -> None:
    """Add `steward dues` (extract, paid, accounts) to the command line."""
    p = commands.add("dues", "what you owe, by currency (overdue flagged), read from bill and statement mail",
                     cmd_dues)
    p.add_argument("--window", default="all", metavar="7d|month|all",
                   help="dues up to N days ahead (7d), to the end of this month, or all (overdue always shown)")
    p.add_argument("--category", action="append", default=[], metavar="KIND",
                   help="only these kinds: card, bank, loan, utility, telecom, insurance, rent, housing, education, "
                        "subscription, tax (repeat or comma-separate)")
    sub = Commands(p.add_subparsers(dest="dues_command", metavar="SUBCOMMAND"))
    e = sub.add("extract", "read new bill and statement mail for dues (bodies fetched live, never stored)",
                cmd_extract)
    e.add_argument("--since", default=None, metavar="90d",
                   help="how far back to read (Nd, or all); default finance.since_days")
    e.add_argument("--dry-run", action="store_true", help="show what would be derived, store nothing")
    e.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    paid = sub.add("paid", "mark a due paid by hand", cmd_paid)
    paid.add_argument("id", type=int, metavar="ID")
    commands.add("accounts", "the cards and accounts your mail shows (last four digits), with their latest due",
                 cmd_accounts)
    pay = commands.add("payments", "the payments you made that your mail confirms (bills paid, money sent), newest "
                                   "first", cmd_payments)
    pay.add_argument("--limit", type=int, default=50, metavar="N", help="show at most N payments (default 50)")


def parse_since(text: str | None, default_days: int) -> timedelta | None:
    """`90d` -> 90 days; `all` -> None (no limit)."""
    if text is None:
        return timedelta(days=default_days)
    value = text.strip().lower()
    if value == "all":
        return None
    m = re.fullmatch(r"(\d{1,5})\s*d(?:ays?)?", value)
    if m is None or int(m.group(1)) == 0:
        raise UsageError(f"--since {text!r}: write it like 90d (days), or all")
    return timedelta(days=int(m.group(1)))


def cmd_dues(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward dues`: print what is owed in the window, by currency, overdue flagged."""
    from steward.finance.digest import render

    result = ctx.app.dues.digest(window=args.window, categories=args.category)

    def text() -> str:
        fmt = ctx.clock.formats
        return f"Owed as of {fmt.day(result.as_of, year=True)} (never added across currencies):\n" \
            f"{render(result, fmt=fmt)}" if not result.empty else render(result, fmt=fmt)

    ctx.emit(result.to_json(), text)
    return 0


def cmd_extract(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward dues extract`: read new bill and statement mail and report the dues found."""
    from steward.cli.progress import Progress

    since = parse_since(args.since, ctx.settings.as_int("finance.since_days"))
    progress = Progress("reading bills", enabled=not args.no_progress and not ctx.json)
    report = ctx.app.dues.extract(since, dry_run=args.dry_run, progress=progress)
    progress.finish()

    def text() -> str:
        head = (f"{'would derive' if report.dry_run else 'derived'} {report.count('derived')} due(s), "
                f"{report.count('merged')} merged into a due already read, {report.count('paid')} marked paid, "
                f"{report.count('skipped')} skipped, from {len(report.items)} candidate(s) in "
                f"{report.scanned} new message(s)")
        lines = [head]
        for item in report.items:
            what = f"#{item.due_id} {item.summary}" if item.due_id is not None and item.summary else item.reason
            lines.append(f"  {item.outcome:<8} message {item.message_id:<6} {item.issuer}: {what}")
        return "\n".join(lines)

    ctx.emit(report.to_json(), text)
    return 0


def cmd_paid(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward dues paid ID`: mark the due paid and print it."""
    from steward.finance.digest import DigestItem, item_line

    before = ctx.app.dues.get(args.id)
    due = ctx.app.dues.mark_paid(args.id, {"via": "cli"})
    note = "already paid" if before.status == "paid" else "marked paid"
    ctx.emit(DigestItem(due, False).to_json(), f"{note}: {item_line(DigestItem(due, False), ctx.clock.formats)}")
    return 0


def cmd_accounts(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward dues accounts`: list the cards and accounts seen in mail (masked) with their latest due."""
    from steward.finance.digest import latest_due_text

    accounts = ctx.app.dues.accounts()

    def text() -> str:
        if not accounts:
            return "No cards or accounts found in your mail yet (`steward dues extract` reads it)."
        lines = []
        fmt = ctx.clock.formats
        for a in accounts:
            line = f"{a.issuer}  {a.kind}  XXXX{a.account}  last seen {fmt.day(a.last_seen, year=True)}"
            if a.latest_due is not None:
                line += f"  {latest_due_text(a.latest_due, fmt)}"
            lines.append(line)
        return "\n".join(lines)

    ctx.emit({"accounts": [a.to_json() for a in accounts]}, text)
    return 0


def cmd_payments(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward payments`: list the payments the mail confirms, newest first."""
    if args.limit < 1:
        raise UsageError(f"--limit {args.limit}: give a number of payments, 1 or more")
    payments = ctx.app.dues.payments()[:args.limit]

    def text() -> str:
        if not payments:
            return "No payments found in your mail yet (`steward dues extract` reads it)."
        fmt = ctx.clock.formats
        lines = []
        for p in payments:
            line = f"{fmt.day(p.paid_on, year=True)}  {fmt.money(p.amount, p.currency)}  to {p.payee or '(not said)'}"
            if p.kind != "other":
                line += f"  {p.kind}"
            if p.account:
                line += f"  {p.masked_account}"
            if p.due_id is not None:
                line += f"  settled due #{p.due_id}"
            lines.append(f"{line}  [message {p.message_id}]")
        return "\n".join(lines)

    ctx.emit({"payments": [p.to_json() for p in payments]}, text)
    return 0
