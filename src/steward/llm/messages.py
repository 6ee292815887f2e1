"""The values that cross the `ChatModel` boundary: messages, tool specs, tool calls, replies, chunks.

Both wire protocols (Ollama's `/api/chat`, OpenAI's `/v1/chat/completions`) are translated to and from
these in their client modules; nothing above `llm/` sees a wire format.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Role = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for. `id` is the server's, or one we made when it gave none."""

    name: str
    arguments: Mapping[str, Any]
    id: str = ""
    from_text: bool = False  # the model printed the call as JSON text instead of a structured call


@dataclass(frozen=True)
class Message:
    """One chat message. A `tool` message answers the call with `tool_call_id` / `name`."""

    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str = ""
    name: str = ""


@dataclass(frozen=True)
class ToolSpec:
    """A tool the model may call: its name, what it is for, and a JSON schema of its arguments."""

    name: str
    description: str
    parameters: Mapping[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})


@dataclass(frozen=True)
class Reply:
    """The model's final message for one request."""

    message: Message
    model: str
    done_reason: str = "stop"

    @property
    def text(self) -> str:
        """The reply's text."""
        return self.message.content

    @property
    def tool_calls(self) -> tuple[ToolCall, ...]:
        """The tool calls the model asked for."""
        return self.message.tool_calls


@dataclass(frozen=True)
class Chunk:
    """A piece of a streamed reply. The last chunk carries the whole `reply` (text and tool calls)."""

    text: str = ""
    reply: Reply | None = None


class ChatModel(Protocol):
    """A chat model behind some server. `format` is a JSON schema the reply must follow."""

    @property
    def name(self) -> str:
        """`provider:model`, for traces."""
        ...

    def chat(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
             format: Mapping[str, Any] | None = None) -> Reply:
        """One request, the whole reply at once."""
        ...

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
               format: Mapping[str, Any] | None = None) -> Iterator[Chunk]:
        """One request, the reply as it is generated; the last chunk has `reply` set."""
        ...
