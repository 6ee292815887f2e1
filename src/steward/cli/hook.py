"""`steward hook EVENT`: Steward as a command hook for Claude Code (and any tool speaking its protocol).

    "hooks": {"PostToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "steward hook PostToolUse"}]}]}

It reads the event's JSON on stdin, runs the session-name hooks and the configured command hooks of
EVENT, and answers in the protocol: JSON on stdout, exit 0; a block is exit 2 with the reason on stderr.
Every other event Claude Code sends (CwdChanged, SubagentStart, TaskCreated, ... and those it adds
later) gets exit 0 and no output: Steward has no use for them, and a hook that fails on an event it
does not know would put an error in front of the person at every one. Input it cannot read is exit 1
with one line on stderr, which Claude Code treats as a non-blocking error: a broken hook never stops the
session it serves. It stays light on purpose (no model, no numpy, no HTTP client, no domain is
imported; the store is opened only when a session-name hook needs it), because it runs on every tool
call.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import TYPE_CHECKING

from steward.cli.context import Ctx, read_stdin
from steward.errors import UsageError, UserError

if TYPE_CHECKING:
    import argparse

    from steward.cli.parser import Commands

# the five events Steward acts on (steward.hooks.protocol.EVENTS, repeated here so an event Steward has
# no use for is answered without loading the protocol module; a test keeps the two equal)
ACTED_ON = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop")


def register(commands: Commands) -> None:
    """Add `steward hook EVENT` (the Claude Code hook protocol) to the command line."""
    hook = commands.add("hook", "Claude Code hook protocol: the event's JSON on stdin, the answer as JSON on stdout",
                        cmd_hook)
    hook.add_argument("event", metavar="EVENT",
                      help="SessionStart, UserPromptSubmit, PreToolUse, PostToolUse or Stop; any other Claude "
                           "Code event is read and answered with exit 0 and no output")


def is_event_name(word: str) -> bool:
    """A hook event's name as Claude Code writes them (PreToolUse, CwdChanged)."""
    return 2 <= len(word) <= 64 and word[0].isupper() and word.isascii() and word.isalpha()


def quick_args(argv: list[str]) -> SimpleNamespace | None:
    """`steward [options] hook EVENT [options]` read without argparse (it runs on every tool call of a
    Claude Code session, and argparse alone is a tenth of a bare interpreter's start); None for anything
    else (`--help`, an unknown option, a missing EVENT), which the full parser then answers."""
    values: dict[str, str | None] = {"home": None, "now": None, "tz": None}
    flags = {"json": False, "verbose": False}
    words: list[str] = []
    given = iter(argv)
    for word in given:
        name, _, inline = word.partition("=")
        if name.startswith("--") and name[2:] in values:
            value = inline if inline else next(given, None)
            if value is None:
                return None
            values[name[2:]] = value
        elif word in ("--json", "--verbose", "-v"):
            flags["json" if word == "--json" else "verbose"] = True
        elif word.startswith("-"):
            return None
        else:
            words.append(word)
    if len(words) != 2 or words[0] != "hook":
        return None
    return SimpleNamespace(command="hook", event=words[1], prog="steward hook", **values, **flags)


def cmd_hook(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward hook EVENT`: read the event's JSON on stdin, run the hooks, and print the answer as JSON."""
    event = str(args.event)
    # every refusal is exit 1 (a UserError): for Claude Code that is a non-blocking error, where 2 would block
    if not is_event_name(event):
        raise UserError(f"{event!r} is not a hook event name (Claude Code's names look like PreToolUse); "
                        "nothing was done")
    try:
        raw = read_stdin("hook input")
    except UsageError as exc:
        raise UserError(exc.message) from None
    try:
        payload = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError as exc:
        raise UserError(f"the hook input is not JSON ({exc.msg} at line {exc.lineno}); nothing was done") from None
    if not isinstance(payload, dict):
        raise UserError("the hook input must be a JSON object; nothing was done")
    if event not in ACTED_ON:
        return 0
    from steward.hooks.protocol import HookInput

    result = ctx.app.hooks.run(event, HookInput.from_json(event, payload))
    print(json.dumps(result.to_json(event), ensure_ascii=False), file=ctx.stdout)
    for error in result.errors:
        ctx.notice(f"steward hook: {error}")
    if result.blocked:
        ctx.notice(result.reason)
        return 2
    return 0
