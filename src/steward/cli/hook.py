"""`steward hook EVENT`: Steward as a command hook for Claude Code (and any tool speaking its protocol).

    "hooks": {"PostToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "steward hook PostToolUse"}]}]}

It reads the event's JSON on stdin, runs the session-name hooks and the configured command hooks of
EVENT, and answers in the protocol: JSON on stdout, exit 0; a block is exit 2 with the reason on stderr.
Input it cannot read is exit 1 with one line on stderr, which Claude Code treats as a non-blocking
error: a broken hook never stops the session it serves. It stays light on purpose (no model, no numpy,
no HTTP client is imported), because it runs on every tool call.
"""

from __future__ import annotations

import argparse
import json

from steward.cli.context import Commands, Ctx, read_stdin
from steward.errors import UsageError, UserError


def register(commands: Commands) -> None:
    """Add `steward hook EVENT` (the Claude Code hook protocol) to the command line."""
    hook = commands.add("hook", "Claude Code hook protocol: the event's JSON on stdin, the answer as JSON on stdout",
                        cmd_hook)
    hook.add_argument("event", metavar="EVENT",
                      help="SessionStart, UserPromptSubmit, PreToolUse, PostToolUse or Stop (other Claude Code "
                           "events get an empty answer)")


def cmd_hook(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward hook EVENT`: read the event's JSON on stdin, run the hooks, and print the answer as JSON."""
    from steward.hooks.protocol import EVENTS, OTHER_EVENTS, HookInput

    event = str(args.event)
    if event in OTHER_EVENTS:
        print("{}", file=ctx.stdout)
        return 0
    # every refusal is exit 1 (a UserError): for Claude Code that is a non-blocking error, where 2 would block
    if event not in EVENTS:
        raise UserError(f"unknown hook event {event!r}; use one of {', '.join(EVENTS)}")
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
    result = ctx.app.hooks.run(event, HookInput.from_json(event, payload))
    print(json.dumps(result.to_json(event), ensure_ascii=False), file=ctx.stdout)
    for error in result.errors:
        ctx.notice(f"steward hook: {error}")
    if result.blocked:
        ctx.notice(result.reason)
        return 2
    return 0
