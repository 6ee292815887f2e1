"""`steward appointments scan|list|accept|reject`: appointment mail made into calendar events."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from steward.cli.context import Commands, Ctx

if TYPE_CHECKING:
    from steward.formats import Formats
    from steward.records.appointments import Item


def register(commands: Commands) -> None:
    """Add `steward appointments` (scan, list, accept, reject) to the command line."""
    group = commands.group("appointments", "appointments and reservations found in your mail")
    p = group.add("scan", "read recent mail for appointment confirmations (appointments.mode decides)", cmd_scan)
    p.add_argument("--dry-run", action="store_true", help="report what would happen; propose and write nothing")
    group.add("list", "appointments still ahead: proposed, created, duplicate or rejected", cmd_list)
    p = group.add("accept", "add a proposed appointment to your calendar (or make a proposed cancellation or move)",
                  cmd_accept)
    p.add_argument("id", metavar="ID", help="the appointment's number, as `appointments list` shows it")
    p = group.add("reject", "turn a proposed appointment down (it is not proposed again)", cmd_reject)
    p.add_argument("id", metavar="ID", help="the appointment's number")


def _id(raw: str) -> int:
    from steward.errors import UsageError

    text = str(raw).lstrip("#")
    if not text.isdigit():
        raise UsageError(f"appointment ID must be a number like 3, not {raw!r}")
    return int(text)


def item_line(item: Item, fmt: Formats) -> str:
    """One appointment as a line a person reads (its time on its own clock, the place's)."""
    number = f"#{item.id}  " if item.id is not None else ""
    when = fmt.moment(item.start, year=True) if item.start else "(no time)"
    where = f" @ {item.location}" if item.location else ""
    why = f" ({item.reason})" if item.reason else ""
    change = f"\n      {item.change}" if item.change else ""
    source = f" [message {item.message_id}]" if item.message_id is not None else ""
    return f"{number}{item.status:<11} {when}  {item.provider}{where}{why}{source}{change}"


def cmd_scan(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward appointments scan`: read recent mail for appointments and report each one found."""
    report = ctx.app.appointments.scan(dry_run=args.dry_run)

    def text() -> str:
        w, fmt = report.window, ctx.clock.formats
        head = (f"Mail from {fmt.day(w.start.date())} to {fmt.day(w.end.date(), year=True)}: "
                + ", ".join(f"{report.count(s)} {s}" for s in ("proposed", "created", "duplicate", "rejected"))
                + (" (dry run: nothing saved)" if report.dry_run else ""))
        lines = [head, *(f"  {item_line(i, ctx.clock.formats)}" for i in report.items)]
        if report.count("proposed") and not report.dry_run:
            lines.append("Add one with `steward appointments accept ID`.")
        return "\n".join(lines)

    ctx.emit(report.to_json(), text)
    return 0


def cmd_list(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward appointments list`: print the appointments still ahead and their status."""
    items = ctx.app.appointments.recent()
    ctx.emit({"items": [i.to_json() for i in items]},
             lambda: "\n".join(item_line(i, ctx.clock.formats) for i in items) or "No appointments ahead found in your mail.")
    return 0


def cmd_accept(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward appointments accept ID`: put the proposed appointment (or change) on the calendar."""
    item = ctx.app.appointments.accept(_id(args.id))
    verb = {"created": "Added", "duplicate": "Already on your calendar", "quarantined": "Not sure it was saved"}
    if item.change is not None:
        verb["created"] = "Removed from your calendar" if item.change.startswith("cancelled") else "Moved"
    ctx.emit(item.to_json(), f"{verb.get(item.status, item.status)}: {item_line(item, ctx.clock.formats)}")
    return 0 if item.status != "quarantined" else 1


def cmd_reject(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward appointments reject ID`: turn the proposed appointment down."""
    item = ctx.app.appointments.reject(_id(args.id))
    ctx.emit(item.to_json(), f"Turned down: {item_line(item, ctx.clock.formats)}")
    return 0
