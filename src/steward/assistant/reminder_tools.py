"""Reminders as loop tools: `list_reminders` (a read), `cancel_reminder` and `move_reminder` (held writes).

Thin adapters over the calendar service, for what the reminder_management intercept cannot parse.
Like every write the model proposes, a cancel or a move is held until the user says yes: the tool's
function is a dry run through the same write path, its commit is the write. The model names a
reminder by the id `list_reminders` gave it; a time is the user's words, resolved by `steward.dates`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from steward.assistant.toolkit import Preview, Tool, ToolError, Write, tool_from_function
from steward.assistant.tools import ToolContext, refuse_computed_dates, when_label
from steward.errors import NotFound


def _known(ctx: ToolContext, id: int) -> Any:
    found = next((r for r in ctx.calendar.reminders() if r.id == id), None)
    if found is None:
        raise ToolError("not_found", f"there is no upcoming reminder {id}; call list_reminders for the ids")
    return found


def list_reminders(ctx: ToolContext) -> dict[str, Any]:
    """The user's upcoming reminders with their ids, times and (for repeating ones) how they repeat."""
    calendar = ctx.calendar
    out = []
    for r in calendar.reminders():
        shown = r.to_json()
        shown["repeats"] = calendar.describe(r)
        out.append(shown)
    return {"reminders": out}


def cancel_reminder(ctx: ToolContext, id: int, series: bool = True) -> Preview:
    """Cancel one of the user's reminders. It is held until the user says yes: after calling it, ask the
    user with ask_user whether to go ahead.

    Args:
        id: the reminder's id from list_reminders
        series: for a repeating reminder, cancel every time still to come (false: only the next time)
    """
    target = _known(ctx, id)
    whole = bool(series and target.series_id is not None)
    what = "every time of the repeating reminder" if whole else "the reminder"
    return Preview(summary=f"cancel {what} \u201c{target.text}\u201d ({when_label(target.due, ctx)})",
                   fields=target.to_json(), resolved={"id": id, "series": whole})


def commit_cancel_reminder(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Cancel the held reminder (or its series) as agreed."""
    prov = {"via": "tool", "session": ctx.session, "turn": ctx.turn or None, "tool_call": held_id}
    try:
        done = ctx.calendar.cancel_reminder(int(resolved["id"]), provenance=prov, series=bool(resolved["series"]))
    except NotFound as exc:
        raise ToolError("not_found", exc.message) from None
    return Write("reminder", str(done.id), done.to_json())


def move_reminder(ctx: ToolContext, id: int, day: str = "", time: str = "") -> Preview:
    """Move one of the user's reminders to another time. It is held until the user says yes: after
    calling it, ask the user with ask_user whether to go ahead. A time alone keeps its day; a day
    alone keeps its time.

    Args:
        id: the reminder's id from list_reminders
        day: the user's own words for the new day, e.g. "friday", "tomorrow" (never a date you computed)
        time: the user's own words for the new time, e.g. "5 pm"
    """
    refuse_computed_dates(day, ctx, "day")
    refuse_computed_dates(time, ctx, "time")
    words = " ".join(p for p in (" ".join(day.split()), " ".join(time.split())) if p)
    if not words:
        raise ToolError("bad_arguments", "say where to: pass the user's words for the day and/or the time")
    target = _known(ctx, id)
    when = f"{day} at {time}" if day.strip() and time.strip() else words
    moved = ctx.calendar.move_reminder(id, when, provenance={"via": "tool", "session": ctx.session}, dry_run=True)
    return Preview(summary=f"move \u201c{target.text}\u201d from {when_label(target.due, ctx)} to {when_label(moved.due, ctx)}",
                   fields=moved.to_json(), resolved={"id": id, "due": moved.due.isoformat()})


def commit_move_reminder(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Move the held reminder to the instant the user agreed to."""
    prov = {"via": "tool", "session": ctx.session, "turn": ctx.turn or None, "tool_call": held_id}
    try:
        moved = ctx.calendar.move_reminder(int(resolved["id"]), datetime.fromisoformat(str(resolved["due"])),
                                           provenance=prov)
    except NotFound as exc:
        raise ToolError("not_found", exc.message) from None
    return Write("reminder", str(moved.id), moved.to_json())


def reminder_tools() -> list[Tool]:
    """The reminders' read and its two held writes."""
    return [tool_from_function(list_reminders),
            tool_from_function(cancel_reminder, commit=commit_cancel_reminder, destructive=True, idempotent=True),
            tool_from_function(move_reminder, commit=commit_move_reminder, destructive=True, idempotent=True)]
