"""What the two chat APIs Steward speaks share on the wire (Ollama's own `/api/chat` and the OpenAI-compatible
`/chat/completions`): a served model's name and client, the request's head with its tools, the tool calls a
reply carries, and a streamed line read as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from steward.errors import ConnectorError
from steward.llm.http import HttpClient, error_text, one_line
from steward.llm.messages import Chunk, Message, Reply, ToolCall, ToolSpec
from steward.llm.textcalls import parse_arguments, with_text_calls


class ServedModel:
    """A chat model behind an HTTP server: its provider, its model's name and the client that reaches it."""

    provider = ""
    model: str
    _http: HttpClient

    @property
    def name(self) -> str:
        """`provider:model`, as the trace names it."""
        return f"{self.provider}:{self.model}"

    def close(self) -> None:
        """Close the HTTP client."""
        self._http.close()


def request_body(model: str, messages: Sequence[Message], tools: Sequence[ToolSpec],
                 wire_message: Callable[[Message], dict[str, Any]], *, stream: bool) -> dict[str, Any]:
    """A chat request's model, messages (each as `wire_message` writes it), streaming and tools, as both APIs
    take them; the caller adds its API's own options."""
    body: dict[str, Any] = {"model": model, "messages": [wire_message(m) for m in messages], "stream": stream}
    if tools:
        body["tools"] = [{"type": "function", "function": {
            "name": t.name, "description": t.description, "parameters": dict(t.parameters)}} for t in tools]
    return body


def tool_call(name: str, raw_args: Any, call_id: str) -> ToolCall:
    """One tool call; arguments that are not a JSON object go to the tool as they are, so its error reaches the
    model."""
    arguments = parse_arguments(raw_args)
    return ToolCall(name=name, arguments=arguments if arguments is not None else {"_unparsed": str(raw_args)},
                    id=call_id)


def tool_calls(raw: Any, start: int = 1) -> tuple[ToolCall, ...]:
    """The tool calls of a reply's message (`[{"id": ..., "function": {"name": ..., "arguments": ...}}]`), each
    without an id numbered from `start`; an item without a function's name is passed over."""
    if not isinstance(raw, list):
        return ()
    calls = []
    for n, item in enumerate(raw, start=start):
        fn = item.get("function") if isinstance(item, Mapping) else None
        if isinstance(fn, Mapping) and isinstance(fn.get("name"), str):
            calls.append(tool_call(fn["name"], fn.get("arguments"), str(item.get("id") or f"call-{n}")))
    return tuple(calls)


def replied(message: Mapping[str, Any], model: str, done_reason: str, tools: Sequence[ToolSpec]) -> Reply:
    """A whole reply: the assistant's message as the server sent it (its text and tool calls, and the calls a model
    wrote in its text where it has `tools`), the model that wrote it and why it stopped."""
    said = Message(role="assistant", content=str(message.get("content") or ""),
                   tool_calls=tool_calls(message.get("tool_calls")))
    return with_text_calls(Reply(message=said, model=model, done_reason=done_reason), tools)


def last_chunk(parts: Sequence[str], calls: Sequence[ToolCall], model: str, done_reason: str,
               tools: Sequence[ToolSpec]) -> Chunk:
    """The last chunk of a streamed reply: the whole reply, its text the parts streamed."""
    reply = Reply(Message(role="assistant", content="".join(parts), tool_calls=tuple(calls)), model, done_reason)
    return Chunk(reply=with_text_calls(reply, tools))


def streamed(payload: str, server: str, piece: str) -> Any:
    """A streamed `piece` ("a line", "an event") read as JSON; a ConnectorError that says so when it is not JSON
    or is the server's error, `server` naming it ("the Ollama server at http://...")."""
    try:
        data = json.loads(payload)
    except json.JSONDecodeError:
        raise ConnectorError(f"{server} streamed {piece} that is not JSON: {one_line(payload, 80)!r}") from None
    if isinstance(data, Mapping) and data.get("error"):
        raise ConnectorError(f"{server} failed mid-reply: {error_text(json.dumps(data))}")
    return data
