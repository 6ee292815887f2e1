"""The coordination commands as loop tools: `set_task`, `status`, `suggest_name` (docs/hooks.md).

Thin adapters over `hooks.session_names.SessionNames`. They are not writes the user is asked about:
a title is the conversation's own label, not something done for the user. Their results never carry
the display reminder and never use its budget.
"""

from __future__ import annotations

from typing import Any

from steward.assistant.toolkit import Tool, ToolError, tool_from_function
from steward.assistant.tools import ToolContext
from steward.hooks.session_names import SessionNames


def _names(ctx: ToolContext) -> SessionNames:
    if ctx.sessions is None:
        raise ToolError("session_names_off", "session titles are turned off here (session_names = 0)")
    return ctx.sessions


def set_task(ctx: ToolContext, task: str, title: str = "") -> dict[str, Any]:
    """Give this conversation a title from what it is for, and show the title block the result asks for.

    Args:
        task: what this conversation is for, in a few words, e.g. "plan the team offsite"
        title: the title to use, if the user named one; empty mints one from the task
    """
    if ctx.dry_run:
        names = _names(ctx)
        title = title.strip() or names.suggest_name(task)
        return {"session": ctx.session, "title": title, "display": "pending", "dry_run": True,
                "instruction": names.words.fill(names.words.mint, title)}
    return _names(ctx).set_task(ctx.session, task, title, via="set_task").to_json()


def status(ctx: ToolContext) -> dict[str, Any]:
    """This conversation's title and whether its title block has been shown."""
    return _names(ctx).status(ctx.session).to_json()


def suggest_name(ctx: ToolContext, task: str) -> dict[str, Any]:
    """Suggest a title for this conversation without setting it.

    Args:
        task: what this conversation is for, in a few words
    """
    names = _names(ctx)
    return {"suggestion": names.suggest_name(task), "instruction": names.suggestion(task)}


def session_tools() -> list[Tool]:
    """The three coordination tools."""
    return [tool_from_function(set_task), tool_from_function(status), tool_from_function(suggest_name)]
