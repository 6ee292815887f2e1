"""`steward session set-task|status|suggest-name|log`: session names (docs/hooks.md).

These are the coordination commands. Run inside Claude Code (its Bash tool), the session is the one
Claude Code gives its shell (`CLAUDE_CODE_SESSION_ID`) unless `--session` names one; otherwise it is
Steward's own default conversation (one a day on your clock), the one `steward chat` uses.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from steward.cli.context import Commands, Ctx
from steward.errors import UserError

if TYPE_CHECKING:
    from steward.hooks.session_names import SessionNames

# what Claude Code puts in its Bash tool's environment: the hook payloads' session_id
CLAUDE_SESSION_ENV = ("CLAUDE_CODE_SESSION_ID", "CLAUDE_SESSION_ID")


def register(commands: Commands) -> None:
    """Add `steward session` (set-task, status, suggest-name, log) to the command line."""
    group = commands.group("session", "session names: a title per conversation, and whether it was shown")
    set_task = group.add("set-task", "give the session a title from what it is for, and ask for it to be shown",
                         cmd_set_task)
    set_task.add_argument("task", nargs="+", metavar="TASK", help="what the session is for, in a few words")
    set_task.add_argument("--title", help="the title to use (default: one made from TASK)")
    _session_option(set_task)
    status = group.add("status", "the session's title and whether its title block has been shown", cmd_status)
    _session_option(status)
    suggest = group.add("suggest-name", "a title for TASK, without setting it", cmd_suggest)
    suggest.add_argument("task", nargs="+", metavar="TASK")
    log = group.add("log", "the hook log: reminders, titles, sightings and hooks that failed", cmd_log)
    log.add_argument("--session", metavar="ID", help="only this session's lines")
    log.add_argument("--limit", type=int, default=50, help="most lines shown (default 50)")


def _session_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--session", metavar="ID",
                        help="the session (default: Claude Code's session, else today's conversation)")


def _names(ctx: Ctx) -> SessionNames:
    names = ctx.app.session_names
    if names is None:
        raise UserError("session titles are turned off (the session_names setting is 0)")
    return names


def session_of(ctx: Ctx, given: str | None) -> str:
    """The session a command is about: --session, else Claude Code's, else today's conversation."""
    if given is not None:
        if not given.strip():
            raise UserError("--session needs an id, e.g. --session 2026-12-01")
        return given.strip()
    for key in CLAUDE_SESSION_ENV:
        if os.environ.get(key, "").strip():
            return os.environ[key].strip()
    from steward.assistant.turn import default_session

    return default_session(ctx.clock)


def cmd_set_task(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward session set-task TASK`: title the session from its task and ask for the title to be shown."""
    minted = _names(ctx).set_task(session_of(ctx, args.session), " ".join(args.task), args.title or "",
                                  via="steward session set-task")
    ctx.emit(minted.to_json(), lambda: f"Session title: \u201c{minted.title}\u201d\n{minted.instruction}")
    return 0


def cmd_status(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward session status`: print the session's title and whether it has been shown."""
    status = _names(ctx).status(session_of(ctx, args.session))
    ctx.emit(status.to_json(), status.line)
    return 0


def cmd_suggest(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward session suggest-name TASK`: print a title for the task without setting it."""
    names = _names(ctx)
    task = " ".join(args.task)
    title = names.suggest_name(task)
    ctx.emit({"suggestion": title, "instruction": names.suggestion(task)}, title)
    return 0


def cmd_log(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward session log`: print the latest entries of the hook log."""
    if args.limit < 1:
        raise UserError("--limit must be 1 or more")
    entries = _names(ctx).hook_log(args.session, args.limit)

    def human() -> str:
        if not entries:
            return "The hook log is empty."
        return "\n".join(f"{e.at.astimezone(ctx.clock.zone):%Y-%m-%d %H:%M:%S} {e.session} {e.event} {e.kind}: "
                         f"{e.detail}" if e.at else e.detail for e in entries)

    ctx.emit({"entries": [e.to_json() for e in entries]}, human)
    return 0
