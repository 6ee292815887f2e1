"""The daily brief as loop tools: `show_brief` (a read) and `configure_brief` (a held write).

Thin adapters over `brief.BriefService`. `configure_brief` is for what the brief_config intercept
cannot parse; like every write the model proposes it is held until the user says yes (its function
is a dry run of the same `configure` the intercept calls, its commit is the write). ADR-0103's
postscript is why the intercept, not this tool, is the path people's phrasings take.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from steward.assistant.toolkit import Preview, Tool, ToolError, Write, tool_from_function
from steward.assistant.tools import ToolContext
from steward.errors import UserError

if TYPE_CHECKING:
    from steward.brief.config import ConfigRequest
    from steward.brief.service import BriefService


def _brief(ctx: ToolContext) -> BriefService:
    if ctx.brief is None:
        raise ToolError("brief_unavailable", "the daily brief is not available here")
    return ctx.brief


def show_brief(ctx: ToolContext) -> dict[str, Any]:
    """Today's brief as the user's prefs have it: each section's items (or why it is empty), and the prefs."""
    return _brief(ctx).build(ctx.clock.now()).to_json()


def _request(ctx: ToolContext, action: str, section: str, position: str, window_days: int,
             categories: list[str] | None, hide: list[str] | None, count: int) -> ConfigRequest:
    from steward.brief.config import ConfigRequest, option_changes, parse_position

    manifest = _brief(ctx).manifest
    try:
        slot = manifest.get(section).slot if section.strip() else None
        changes = option_changes(window_days=window_days or None, categories=categories, hide=hide,
                                 count=count or None)
        return ConfigRequest(action, slot, parse_position(position, manifest), changes)  # type: ignore[arg-type]
    except UserError as exc:
        raise ToolError("bad_arguments", exc.message) from None


def configure_brief(ctx: ToolContext, action: Literal["add", "remove", "move", "options", "undo", "reset"],
                    section: str = "", position: str = "", window_days: int = 0,
                    categories: list[str] | None = None, hide: list[str] | None = None,
                    count: int = 0) -> Preview:
    """Change the user's daily brief: add, remove or move a section, set its options, undo the last
    change, or reset to the full brief. It is held until the user says yes: after calling it, ask the
    user with ask_user whether to go ahead. Call show_brief to see the sections first.

    Args:
        action: add | remove | move | options | undo | reset
        section: the section in the user's words or its slot: schedule, tomorrow, dues, inbox, appointments, mail_health
        position: where it goes: first, last, a number, "before inbox", "after schedule"
        window_days: dues only: show dues falling due in the next this-many days
        categories: dues only: the only kinds to show (card, bank, loan, utility, telecom, insurance, rent, housing, education, subscription, tax); [] for every kind
        hide: inbox only: mail categories not to count (newsletter, receipt, bank_alert, ...)
        count: tomorrow only: how many of tomorrow's first items to show
    """
    request = _request(ctx, action, section, position, window_days, categories, hide, count)
    try:
        result = _brief(ctx).configure(request, provenance={"via": "tool", "session": ctx.session}, dry_run=True)
    except UserError as exc:
        raise ToolError("refused", exc.message) from None
    if not result.changed:
        raise ToolError("no_change", result.message)
    return Preview(summary=f"this change to the brief: {result.message}", fields=result.to_json(),
                   resolved=request.to_json())


def commit_configure_brief(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Make the held brief change the user agreed to."""
    from steward.brief.config import ConfigRequest

    provenance = {"via": "tool", "session": ctx.session, "turn": ctx.turn or None, "tool_call": held_id}
    result = _brief(ctx).configure(ConfigRequest.from_json(resolved), provenance=provenance)
    return Write("brief_prefs", "brief", result.to_json())


def brief_tools() -> list[Tool]:
    """The brief's read and its held write."""
    # not idempotent: "undo" twice undoes two changes
    return [tool_from_function(show_brief, mail_text=True),
            tool_from_function(configure_brief, commit=commit_configure_brief, destructive=True)]
