"""What the hooks of one event answered, combined: its own small module, so that a turn no hook listens
to is answered (with the empty result) without building the hook bus or loading the protocol's types."""

from __future__ import annotations

from dataclasses import dataclass, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from typing import Any

    from steward.hooks.protocol import HookOutput


@dataclass(frozen=True)
class HookResult:
    """The combined answer of every hook of one event."""

    blocked: bool = False
    reason: str = ""
    context: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    messages: tuple[str, ...] = ()  # systemMessage: for the user, not the model

    def to_output(self, event: str) -> HookOutput:
        """The combined answer as one HookOutput."""
        from steward.hooks.protocol import HookOutput, HookSpecificOutput, block_output

        if self.blocked:
            out = block_output(event, self.reason)
        elif self.context:
            out = HookOutput(specific=HookSpecificOutput(hook_event_name=event,
                                                         additional_context="\n".join(self.context)))
        else:
            out = HookOutput()
        if self.messages:
            out = replace(out, system_message="\n".join(self.messages))
        return out

    def to_json(self, event: str) -> dict[str, Any]:
        """The answer in Claude Code's hook-output shape."""
        return self.to_output(event).to_json()
