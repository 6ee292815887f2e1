"""Ollama's native chat API (`POST /api/chat`): tools, a JSON-schema `format`, streaming NDJSON."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import httpx

from steward.errors import ConnectorError
from steward.llm.http import HttpClient, error_text
from steward.llm.messages import Chunk, Message, Reply, ToolCall, ToolSpec
from steward.llm.wire import ServedModel, last_chunk, replied, request_body, streamed, tool_calls


class OllamaModel(ServedModel):
    """A model served by Ollama at `base_url` (e.g. http://127.0.0.1:11434)."""

    provider = "ollama"

    def __init__(self, base_url: str, model: str, *, timeout: float = 60.0, retries: int = 2, where: str = "",
                 max_tokens: int = 0, transport: httpx.BaseTransport | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.max_tokens = max_tokens
        self._http = HttpClient(self.base_url, timeout=timeout, retries=retries, where=where,
                                describe_status=self._describe_status, transport=transport)

    def chat(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
             format: Mapping[str, Any] | None = None) -> Reply:
        """One request, the whole reply at once."""
        data = self._http.post_json("/api/chat", self._body(messages, tools, format, stream=False))
        if not isinstance(data, Mapping) or not isinstance(data.get("message"), Mapping):
            raise ConnectorError(f"the Ollama server at {self.base_url} sent a reply without a message")
        return replied(data["message"], str(data.get("model") or self.model), str(data.get("done_reason") or "stop"),
                       tools)

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
               format: Mapping[str, Any] | None = None) -> Iterator[Chunk]:
        """One request, the reply as NDJSON lines; the last chunk carries the whole reply."""
        parts: list[str] = []
        calls: list[ToolCall] = []
        done_reason, model = "stop", self.model
        for line in self._http.post_lines("/api/chat", self._body(messages, tools, format, stream=True)):
            if not line.strip():
                continue
            data = streamed(line, f"the Ollama server at {self.base_url}", "a line")
            message = data.get("message") or {}
            text = str(message.get("content") or "")
            if text:
                parts.append(text)
                yield Chunk(text=text)
            calls.extend(tool_calls(message.get("tool_calls"), start=len(calls) + 1))
            if data.get("done"):
                done_reason = str(data.get("done_reason") or "stop")
                model = str(data.get("model") or self.model)
                break
        yield last_chunk(parts, calls, model, done_reason, tools)

    def _body(self, messages: Sequence[Message], tools: Sequence[ToolSpec], format: Mapping[str, Any] | None,
              *, stream: bool) -> dict[str, Any]:
        body = request_body(self.model, messages, tools, _wire_message, stream=stream)
        if format is not None:
            body["format"] = dict(format)
        if self.max_tokens > 0:
            body["options"] = {"num_predict": self.max_tokens}
        return body

    def _describe_status(self, status: int, body: str) -> str:
        detail = error_text(body)
        if status == 404 and "not found" in detail.lower():
            return (f"model {self.model!r} is not on the Ollama server at {self.base_url}; "
                    f"run `ollama pull {self.model}`")
        if status == 404:
            return f"the server at {self.base_url} has no /api/chat (404); is it an Ollama server?"
        return ""


def _wire_message(m: Message) -> dict[str, Any]:
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.tool_calls:
        out["tool_calls"] = [{"function": {"name": c.name, "arguments": dict(c.arguments)}} for c in m.tool_calls]
    if m.role == "tool" and m.name:
        out["tool_name"] = m.name
    return out
