"""`steward hook EVENT`: Steward as a command hook for Claude Code (and any tool speaking its protocol).

    "hooks": {"PostToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "steward hook PostToolUse"}]}]}

It reads the event's JSON on stdin, runs the session-name hooks and the configured command hooks of
EVENT, and answers in the protocol: JSON on stdout, exit 0; a block is exit 2 with the reason on stderr.
Every other event Claude Code sends (CwdChanged, SubagentStart, TaskCreated, ... and those it adds
later) gets exit 0 and no output: Steward has no use for them, and a hook that fails on an event it
does not know would put an error in front of the person at every one. Input it cannot read is exit 1
with one line on stderr, which Claude Code treats as a non-blocking error: a broken hook never stops the
session it serves. It stays light on purpose, because it runs on every tool call: when no hook would
answer or write (nothing configured for the event, no session title waiting to be shown:
`steward.hooks.idle`), `{}` is answered without the settings, the bus or the store's repositories;
otherwise the bus runs, and still no model, numpy, HTTP client or domain is imported.
"""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

from steward.errors import UsageError, UserError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a tenth of a bare start)
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from steward.cli.context import Ctx
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


def read_payload(event: str, stdin: str | None = None) -> dict[str, Any]:
    """The event's JSON object from standard input (or `stdin`); a UserError, exit 1, when it is not one."""
    from steward.cli.context import read_stdin

    # every refusal is exit 1 (a UserError): for Claude Code that is a non-blocking error, where 2 would block
    if not is_event_name(event):
        raise UserError(f"{event!r} is not a hook event name (Claude Code's names look like PreToolUse); "
                        "nothing was done")
    if stdin is None:
        try:
            stdin = read_stdin("hook input")
        except UsageError as exc:
            raise UserError(exc.message) from None
    try:
        payload = json.loads(stdin) if stdin.strip() else {}
    except json.JSONDecodeError as exc:
        raise UserError(f"the hook input is not JSON ({exc.msg} at line {exc.lineno}); nothing was done") from None
    if not isinstance(payload, dict):
        raise UserError("the hook input must be a JSON object; nothing was done")
    return payload


def answer_quickly(args: SimpleNamespace) -> int | None:
    """The exit code of `steward hook EVENT` when it has nothing to run (the common case: `{}` or, for an
    event Steward has no use for, nothing), or None when the hook bus must run; the input read is kept in
    `args.stdin` for it. Settings, the clock and the store's repositories are not loaded for it."""
    try:
        payload = read_payload(str(args.event))
    except UserError as exc:
        print(f"steward: {exc.message}", file=sys.stderr)
        return exc.exit_code
    args.stdin = json.dumps(payload)
    if args.event not in ACTED_ON:
        return 0
    if args.verbose or args.now is not None or args.tz is not None:
        return None  # the bus logs what it does, and says when --now or --tz cannot be read
    from steward.home import CONFIG_FILE, DB_FILE, folders
    from steward.hooks.idle import idle

    config_dir, data_dir = folders(args.home)
    if not idle(args.event, payload, f"{config_dir}/{CONFIG_FILE}", f"{data_dir}/{DB_FILE}"):
        return None
    print("{}")
    return 0


def cmd_hook(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward hook EVENT`: read the event's JSON on stdin, run the hooks, and print the answer as JSON."""
    event = str(args.event)
    payload = read_payload(event, getattr(args, "stdin", None))
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
