"""A small Claude-Code-compatible command-hook bus.

Hooks are shell commands listed per event in the settings (`hooks.user_prompt_submit`,
`hooks.pre_tool_use`, `hooks.post_tool_use`). Each gets the event as JSON on stdin
(`hook_event_name`, `session_id`, `cwd`, and the event's own fields, e.g. `prompt`) and answers the
way Claude Code's command hooks do:

- exit 0 with JSON on stdout: `{"decision": "block", "reason": ...}` or `{"continue": false,
  "stopReason": ...}` blocks; `{"hookSpecificOutput": {"additionalContext": ...}}` adds context;
  plain text on stdout adds context too;
- exit 2 blocks, with stderr as the reason;
- any other exit, a timeout or a command that cannot start is a non-blocking error: noted, not fatal.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from steward.settings import Settings

log = logging.getLogger(__name__)

EVENTS = {
    "UserPromptSubmit": "hooks.user_prompt_submit",
    "PreToolUse": "hooks.pre_tool_use",
    "PostToolUse": "hooks.post_tool_use",
}


@dataclass(frozen=True)
class HookResult:
    """The combined answer of every hook of one event."""

    blocked: bool = False
    reason: str = ""
    context: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()

    def to_json(self, event: str) -> dict[str, Any]:
        """The answer in Claude Code's hook-output shape."""
        if self.blocked:
            return {"decision": "block", "reason": self.reason}
        out: dict[str, Any] = {}
        if self.context:
            out["hookSpecificOutput"] = {"hookEventName": event, "additionalContext": "\n".join(self.context)}
        return out


def interpret(code: int, stdout: str, stderr: str) -> HookResult:
    """One hook's exit code and output as a HookResult (pure, so the protocol is tested directly)."""
    if code == 2:
        return HookResult(blocked=True, reason=stderr.strip() or "blocked by a hook")
    if code != 0:
        return HookResult(errors=(f"exit {code}: {stderr.strip()[:200]}",))
    text = stdout.strip()
    if not text:
        return HookResult()
    try:
        answer = json.loads(text)
    except json.JSONDecodeError:
        return HookResult(context=(text,))
    if not isinstance(answer, Mapping):
        return HookResult(context=(text,))
    if answer.get("decision") == "block":
        return HookResult(blocked=True, reason=str(answer.get("reason") or "blocked by a hook"))
    if answer.get("continue") is False:
        return HookResult(blocked=True, reason=str(answer.get("stopReason") or "stopped by a hook"))
    specific = answer.get("hookSpecificOutput")
    extra = specific.get("additionalContext") if isinstance(specific, Mapping) else None
    if extra is None:
        extra = answer.get("additionalContext")
    return HookResult(context=(str(extra),) if extra else ())


class HookBus:
    """Runs the configured command hooks of an event, in order; the first block wins."""

    def __init__(self, commands: Mapping[str, Sequence[str]], timeout: float = 10.0) -> None:
        self.commands = {event: tuple(cmds) for event, cmds in commands.items()}
        self.timeout = timeout

    @classmethod
    def from_settings(cls, settings: Settings) -> HookBus:
        commands = {event: [str(c) for c in settings.as_list(name)] for event, name in EVENTS.items()}
        return cls(commands, settings.as_float("hooks.timeout"))

    def has(self, event: str) -> bool:
        return bool(self.commands.get(event))

    def run(self, event: str, payload: Mapping[str, Any]) -> HookResult:
        """Run every hook of `event` with `payload` (plus `hook_event_name` and `cwd`) on stdin."""
        commands = self.commands.get(event, ())
        if not commands:
            return HookResult()
        body = json.dumps({"hook_event_name": event, "cwd": os.getcwd(), **payload}, default=str)
        context: list[str] = []
        errors: list[str] = []
        for command in commands:
            try:
                done = subprocess.run(["sh", "-c", command], input=body, capture_output=True, text=True,
                                      timeout=self.timeout, check=False)
            except subprocess.TimeoutExpired:
                errors.append(f"{command!r}: no answer within {self.timeout:g} s")
                continue
            except OSError as exc:
                errors.append(f"{command!r}: {exc}")
                continue
            result = interpret(done.returncode, done.stdout, done.stderr)
            if result.blocked:
                log.debug("hook %r blocked %s: %s", command, event, result.reason)
                return HookResult(True, result.reason, tuple(context), tuple(errors))
            context.extend(result.context)
            errors.extend(f"{command!r}: {e}" for e in result.errors)
        for error in errors:
            log.warning("hook for %s failed: %s", event, error)
        return HookResult(False, "", tuple(context), tuple(errors))
