"""Claude Code's command-hook protocol as typed values, so the same hook scripts work in both.

Input (JSON on a hook's stdin): the common fields `session_id`, `transcript_path`, `cwd`,
`permission_mode`, `hook_event_name`, and per event `prompt` (UserPromptSubmit), `tool_name`,
`tool_input`, `tool_use_id` (PreToolUse, PostToolUse), `tool_response` (PostToolUse),
`stop_hook_active` (Stop), `source` (SessionStart). Output: the exit code (0 ok; 2 blocks, stderr is
the reason; anything else is a non-blocking error) and, on exit 0, JSON on stdout: `continue` /
`stopReason`, `suppressOutput`, `systemMessage`, `decision` / `reason`, and
`hookSpecificOutput.{hookEventName, permissionDecision, permissionDecisionReason, additionalContext}`.

Both directions tolerate what they do not know: an unknown input field is kept in `extra` and sent on
to command hooks; an unknown output field is kept and ignored; a missing optional field takes its
default. A hook whose output cannot be read (not JSON where JSON is needed, a value of the wrong type)
is an error that is noted and otherwise ignored: hooks fail open.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# the events Steward raises itself (its loop and `steward hook`)
EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop")
# events a matcher is tested against: the tool's name, or for SessionStart how the session began
MATCHED_BY = {"PreToolUse": "tool_name", "PostToolUse": "tool_name", "SessionStart": "source"}
# events whose plain-text stdout is context for the model (Claude Code's rule); elsewhere it is noise
TEXT_IS_CONTEXT = ("SessionStart", "UserPromptSubmit")
PERMISSION_DECISIONS = ("allow", "deny", "ask")

_INPUT_FIELDS = ("session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name", "tool_name",
                 "tool_input", "tool_use_id", "tool_response", "prompt", "stop_hook_active", "source")


class ProtocolError(ValueError):
    """A hook's answer that cannot be read; the bus notes it and goes on (fail open)."""


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


@dataclass(frozen=True)
class HookInput:
    """One event as a hook sees it. `transcript` is the assistant text Steward's own loop already holds
    (a command hook reads `transcript_path` instead); it is never sent to a command."""

    hook_event_name: str
    session_id: str = ""
    transcript_path: str = ""
    cwd: str = ""
    permission_mode: str = ""
    tool_name: str = ""
    tool_input: Mapping[str, Any] = field(default_factory=dict)
    tool_use_id: str = ""
    tool_response: Any = None
    prompt: str = ""
    stop_hook_active: bool = False
    source: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    transcript: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def from_json(cls, event: str, data: Mapping[str, Any]) -> HookInput:
        """Read a payload leniently: missing fields take defaults, unknown ones are kept in `extra`."""
        tool_input = data.get("tool_input")
        if not isinstance(tool_input, Mapping):
            tool_input = {} if tool_input is None else {"value": tool_input}
        return cls(
            hook_event_name=event,
            session_id=_text(data.get("session_id")),
            transcript_path=_text(data.get("transcript_path")),
            cwd=_text(data.get("cwd")),
            permission_mode=_text(data.get("permission_mode")),
            tool_name=_text(data.get("tool_name")),
            tool_input=dict(tool_input),
            tool_use_id=_text(data.get("tool_use_id")),
            tool_response=data.get("tool_response"),
            prompt=_text(data.get("prompt")),
            stop_hook_active=data.get("stop_hook_active") is True,
            source=_text(data.get("source")),
            extra={k: v for k, v in data.items() if k not in _INPUT_FIELDS},
        )

    def to_json(self) -> dict[str, Any]:
        """The payload a command hook gets on stdin: the common fields always, the event's own when set."""
        out: dict[str, Any] = dict(self.extra)
        out.update({"session_id": self.session_id, "transcript_path": self.transcript_path, "cwd": self.cwd,
                    "hook_event_name": self.hook_event_name})
        if self.permission_mode:
            out["permission_mode"] = self.permission_mode
        if self.hook_event_name in ("PreToolUse", "PostToolUse"):
            out.update({"tool_name": self.tool_name, "tool_input": dict(self.tool_input),
                        "tool_use_id": self.tool_use_id})
            if self.hook_event_name == "PostToolUse":
                out["tool_response"] = self.tool_response
        elif self.hook_event_name == "UserPromptSubmit":
            out["prompt"] = self.prompt
        elif self.hook_event_name == "Stop":
            out["stop_hook_active"] = self.stop_hook_active
        elif self.hook_event_name == "SessionStart":
            out["source"] = self.source or "startup"
        return out

    @property
    def matched_value(self) -> str:
        """What a matcher is tested against for this event ("" for events without matchers)."""
        name = MATCHED_BY.get(self.hook_event_name)
        return str(getattr(self, name)) if name else ""


@dataclass(frozen=True)
class HookSpecificOutput:
    """`hookSpecificOutput`: the event-specific part of an answer."""

    hook_event_name: str = ""
    permission_decision: str = ""          # PreToolUse: allow | deny | ask
    permission_decision_reason: str = ""
    additional_context: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The output as the JSON Claude Code reads (camelCase keys, empty ones left out)."""
        out: dict[str, Any] = dict(self.extra)
        out["hookEventName"] = self.hook_event_name
        if self.permission_decision:
            out["permissionDecision"] = self.permission_decision
        if self.permission_decision_reason:
            out["permissionDecisionReason"] = self.permission_decision_reason
        if self.additional_context:
            out["additionalContext"] = self.additional_context
        return out


@dataclass(frozen=True)
class HookOutput:
    """One hook's answer. The empty answer (all defaults) lets everything go on unchanged."""

    continue_: bool = True
    stop_reason: str = ""
    suppress_output: bool = False
    system_message: str = ""
    decision: str = ""                     # "block" ("approve" is read as no decision)
    reason: str = ""
    specific: HookSpecificOutput | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Any, event: str) -> HookOutput:
        """An answer from its JSON; a ProtocolError when it is not an object or a field has the wrong type."""
        if not isinstance(data, Mapping):
            raise ProtocolError(f"the answer is JSON but not an object: {_short(data)}")
        spec_data = data.get("hookSpecificOutput")
        specific = None
        if spec_data is not None:
            if not isinstance(spec_data, Mapping):
                raise ProtocolError(f"hookSpecificOutput is not an object: {_short(spec_data)}")
            decision = _field(spec_data, "permissionDecision", str)
            if decision and decision not in PERMISSION_DECISIONS:
                raise ProtocolError(f"permissionDecision {decision!r} is not one of allow, deny, ask")
            specific = HookSpecificOutput(
                hook_event_name=_field(spec_data, "hookEventName", str) or event,
                permission_decision=decision,
                permission_decision_reason=_field(spec_data, "permissionDecisionReason", str),
                additional_context=_field(spec_data, "additionalContext", str),
                extra={k: v for k, v in spec_data.items() if k not in
                       ("hookEventName", "permissionDecision", "permissionDecisionReason", "additionalContext")},
            )
        cont = data.get("continue", True)
        if not isinstance(cont, bool):
            raise ProtocolError(f"continue should be true or false, not {_short(cont)}")
        decision = _field(data, "decision", str)
        if decision and decision not in ("block", "approve"):
            raise ProtocolError(f"decision {decision!r} is not \"block\"")
        known = ("continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason",
                 "hookSpecificOutput")
        return cls(
            continue_=cont,
            stop_reason=_field(data, "stopReason", str),
            suppress_output=data.get("suppressOutput") is True,
            system_message=_field(data, "systemMessage", str),
            decision="block" if decision == "block" else "",
            reason=_field(data, "reason", str),
            specific=specific,
            extra={k: v for k, v in data.items() if k not in known},
        )

    def to_json(self) -> dict[str, Any]:
        """The answer in Claude Code's shape; fields at their defaults are left out."""
        out: dict[str, Any] = dict(self.extra)
        if not self.continue_:
            out["continue"] = False
            if self.stop_reason:
                out["stopReason"] = self.stop_reason
        if self.suppress_output:
            out["suppressOutput"] = True
        if self.system_message:
            out["systemMessage"] = self.system_message
        if self.decision:
            out["decision"] = self.decision
            out["reason"] = self.reason
        if self.specific is not None:
            out["hookSpecificOutput"] = self.specific.to_json()
        return out

    @property
    def context(self) -> str:
        """The additional context the answer gives, or ""."""
        return self.specific.additional_context if self.specific else ""

    @property
    def permission(self) -> str:
        """The permission decision the answer gives, or ""."""
        return self.specific.permission_decision if self.specific else ""

    def block_reason(self) -> str | None:
        """Why this answer stops what the event was about, or None when it lets it go on."""
        if not self.continue_:
            return self.stop_reason or "stopped by a hook"
        if self.permission in ("deny", "ask"):
            reason = self.specific.permission_decision_reason if self.specific else ""
            if self.permission == "ask":
                return "a hook asked for the user's approval first" + (f": {reason}" if reason else "")
            return reason or "denied by a hook"
        if self.decision == "block":
            return self.reason or "blocked by a hook"
        return None


def context_output(event: str, text: str) -> HookOutput:
    """An answer that adds `text` to what the model reads."""
    return HookOutput(specific=HookSpecificOutput(hook_event_name=event, additional_context=text))


def block_output(event: str, reason: str) -> HookOutput:
    """An answer that blocks, in the event's own shape (PreToolUse denies; the others block)."""
    if event == "PreToolUse":
        return HookOutput(specific=HookSpecificOutput(hook_event_name=event, permission_decision="deny",
                                                      permission_decision_reason=reason))
    return HookOutput(decision="block", reason=reason)


def interpret(code: int, stdout: str, stderr: str, event: str) -> HookOutput:
    """One command's exit code and output as a HookOutput; a ProtocolError for output that cannot be read.

    Exit 2 blocks with stderr as the reason; another non-zero exit is an error. On exit 0, JSON on stdout
    is the answer; plain text is context for SessionStart and UserPromptSubmit and an error elsewhere.
    """
    if code == 2:
        return block_output(event, stderr.strip() or "blocked by a hook")
    if code != 0:
        raise ProtocolError(f"exit {code}" + (f": {stderr.strip()[:200]}" if stderr.strip() else ""))
    text = stdout.strip()
    if not text:
        return HookOutput()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        if event in TEXT_IS_CONTEXT and not text.startswith(("{", "[")):
            return context_output(event, text)
        raise ProtocolError(f"the output is not JSON: {text[:80]!r}") from None
    if event in TEXT_IS_CONTEXT and not isinstance(data, Mapping):
        return context_output(event, text)
    return HookOutput.from_json(data, event)


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if value is None:
        return kind()
    if not isinstance(value, kind):
        raise ProtocolError(f"{name} should be a {kind.__name__}, not {_short(value)}")
    return value


def _short(value: Any) -> str:
    return json.dumps(value, default=str)[:60]
