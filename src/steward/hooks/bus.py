"""The hook bus: Claude-Code-compatible command hooks and Steward's in-process hooks, per event.

Configured like Claude Code's settings, one list per event (`hooks.pre_tool_use`, `hooks.post_tool_use`,
`hooks.user_prompt_submit`, `hooks.session_start`, `hooks.stop`). An entry is a table
`{matcher = "tool-name regex", command = "...", timeout = 5}`, Claude Code's own nested shape
`{matcher = "...", hooks = [{type = "command", command = "...", timeout = 5}]}`, or a plain command
string (every tool). A matcher is matched whole against the tool's name (SessionStart: how the session
began); empty or `*` matches everything.

In-process hooks (the session-name display feature) are functions `HookInput -> HookOutput | None`,
the same types a command speaks as JSON. Every hook of an event runs in order; the first block wins
and the hooks after it do not run. A hook that crashes, hangs past its timeout or prints an answer that
cannot be read fails open: the event goes on, and the error is returned (for the trace) and logged.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from steward.errors import ConfigError
from steward.hooks.protocol import (
    EVENTS,
    MATCHED_BY,
    HookInput,
    HookOutput,
    ProtocolError,
    interpret,
)
from steward.hooks.result import HookResult
from steward.settings import Settings

if TYPE_CHECKING:
    import subprocess

log = logging.getLogger(__name__)

__all__ = ["EVENTS", "SETTING_FOR", "CommandHook", "HookBus", "HookLogRecord", "HookResult", "InProcessHook"]

SETTING_FOR = {
    "SessionStart": "hooks.session_start",
    "UserPromptSubmit": "hooks.user_prompt_submit",
    "PreToolUse": "hooks.pre_tool_use",
    "PostToolUse": "hooks.post_tool_use",
    "Stop": "hooks.stop",
}
HOOK_ERROR = "hook-error"


@dataclass(frozen=True)
class CommandHook:
    """A shell command: the event as JSON on stdin, the answer by exit code and stdout."""

    command: str
    matcher: str = ""
    timeout: float | None = None  # seconds; None takes the bus's default

    @property
    def name(self) -> str:
        """The hook's command, quoted and cut to 60 characters, for logs and errors."""
        return repr(self.command if len(self.command) <= 60 else self.command[:57] + "...")


@dataclass(frozen=True)
class InProcessHook:
    """A Python function speaking the same protocol as a command."""

    name: str
    fn: Callable[[HookInput], HookOutput | None]
    matcher: str = ""


Hook = CommandHook | InProcessHook


@dataclass(frozen=True)
class HookLogRecord:
    """One line of the hook log: what a hook did or how it failed (never a payload)."""

    event: str
    session: str
    hook: str
    kind: str
    detail: str


def _matches(matcher: str, given: HookInput) -> bool:
    """Whether a hook's matcher takes this event; events without matchers (Stop, ...) ignore it."""
    if matcher in ("", "*") or given.hook_event_name not in MATCHED_BY:
        return True
    return re.fullmatch(matcher, given.matched_value) is not None


def parse_entries(setting: str, entries: Sequence[Any]) -> list[CommandHook]:
    """The command hooks of one setting; a ConfigError naming the setting for an entry Steward cannot use."""
    hooks: list[CommandHook] = []
    for number, entry in enumerate(entries, start=1):
        where = f"setting {setting}, entry {number}"
        if isinstance(entry, str):
            if entry.strip():
                hooks.append(CommandHook(entry))
            continue
        if not isinstance(entry, Mapping):
            raise ConfigError(f"{where}: use a command or a table with matcher and command")
        matcher = entry.get("matcher") or ""
        if not isinstance(matcher, str):
            raise ConfigError(f"{where}: matcher should be a regular expression in a string")
        try:
            re.compile(matcher if matcher != "*" else "")
        except re.error as exc:
            raise ConfigError(f"{where}: matcher {matcher!r} is not a regular expression ({exc})") from None
        inner = entry.get("hooks")
        commands = inner if isinstance(inner, list) else [entry]
        for item in commands:
            if not isinstance(item, Mapping) or item.get("type", "command") != "command":
                raise ConfigError(f"{where}: only command hooks are supported ({{type = \"command\", command = ...}})")
            command = item.get("command")
            if not isinstance(command, str) or not command.strip():
                raise ConfigError(f"{where}: command should be a shell command in a string")
            timeout = item.get("timeout")
            if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, int | float)
                                        or not 0 < timeout <= 86400):
                raise ConfigError(f"{where}: timeout should be seconds from 0 to 86400, not {timeout!r}")
            hooks.append(CommandHook(command, matcher, float(timeout) if timeout is not None else None))
    return hooks


class HookBus:
    """Runs the hooks of an event, in order (in-process first); the first block wins."""

    def __init__(self, hooks: Mapping[str, Sequence[Hook | str]], timeout: float = 10.0,
                 on_log: Callable[[HookLogRecord], None] | None = None) -> None:
        self.hooks: dict[str, tuple[Hook, ...]] = {
            event: tuple(CommandHook(h) if isinstance(h, str) else h for h in items)
            for event, items in hooks.items()
        }
        self.timeout = timeout
        self.on_log = on_log

    @classmethod
    def from_settings(cls, settings: Settings, builtin: Mapping[str, Sequence[InProcessHook]] | None = None,
                      on_log: Callable[[HookLogRecord], None] | None = None) -> HookBus:
        """The bus for the configured command hooks, after the `builtin` in-process ones."""
        hooks: dict[str, list[Hook]] = {event: list((builtin or {}).get(event, ())) for event in EVENTS}
        for event, name in SETTING_FOR.items():
            hooks[event].extend(parse_entries(name, settings.as_list(name)))
        return cls(hooks, settings.as_float("hooks.timeout"), on_log)

    def has(self, event: str) -> bool:
        """True when some hook listens to `event`."""
        return bool(self.hooks.get(event))

    def run(self, event: str, payload: HookInput | Mapping[str, Any]) -> HookResult:
        """Run every hook of `event` that matches; an error never stops the event (fail open)."""
        hooks = self.hooks.get(event, ())
        if not hooks:
            return HookResult()
        given = payload if isinstance(payload, HookInput) else HookInput.from_json(event, payload)
        if not given.cwd:
            given = replace(given, cwd=os.getcwd())
        body = ""
        context: list[str] = []
        errors: list[str] = []
        messages: list[str] = []
        for hook in hooks:
            if not _matches(hook.matcher, given):
                continue
            try:
                if isinstance(hook, InProcessHook):
                    answer = self._call(hook, given)
                else:
                    body = body or json.dumps(given.to_json(), ensure_ascii=False, default=str)
                    answer = self._command(hook, event, body)
            except ProtocolError as exc:
                errors.append(f"{hook.name}: {exc}")
                self._log(HookLogRecord(event, given.session_id, hook.name, HOOK_ERROR, str(exc)))
                continue
            if answer is None:
                continue
            if answer.system_message:
                messages.append(answer.system_message)
            reason = answer.block_reason()
            if reason is not None and event != "PostToolUse":
                log.debug("hook %s blocked %s: %s", hook.name, event, reason)
                return HookResult(True, reason, tuple(context), tuple(errors), tuple(messages))
            if reason is not None:  # after the tool ran, a block is a word for the model
                context.append(reason)
            if answer.context:
                context.append(answer.context)
        return HookResult(False, "", tuple(context), tuple(errors), tuple(messages))

    def _call(self, hook: InProcessHook, given: HookInput) -> HookOutput | None:
        try:
            answer = hook.fn(given)
        except Exception as exc:  # a bug in a hook must not end the user's turn: noted, traced, logged
            log.exception("in-process hook %s failed on %s", hook.name, given.hook_event_name)
            raise ProtocolError(f"crashed ({type(exc).__name__}: {str(exc)[:120]})") from None
        if answer is not None and not isinstance(answer, HookOutput):
            raise ProtocolError(f"answered {type(answer).__name__}, not a HookOutput")
        return answer

    def _command(self, hook: CommandHook, event: str, body: str) -> HookOutput:
        import subprocess  # only when a command hook is configured: `steward hook` stays light without one

        timeout = hook.timeout or self.timeout
        try:
            proc = subprocess.Popen(["sh", "-c", hook.command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, errors="replace",
                                    start_new_session=True)
        except OSError as exc:
            raise ProtocolError(f"cannot start: {exc.strerror or exc}") from None
        try:
            out, err = proc.communicate(body, timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise ProtocolError(f"no answer within {timeout:g} s") from None
        return interpret(proc.returncode, out, err, event)

    def _log(self, record: HookLogRecord) -> None:
        log.warning("hook %s for %s failed: %s", record.hook, record.event, record.detail)
        if self.on_log is not None:
            try:
                self.on_log(record)
            except Exception:  # the log is a record, not a gate: a full disk must not end the turn
                log.exception("the hook log could not be written")


def _kill_group(proc: subprocess.Popen[str]) -> None:
    """End a hook and whatever it started (a `sleep` in a pipeline would hold its pipes open)."""
    import signal
    import subprocess

    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired, ValueError):
        proc.communicate(timeout=2)
