"""The OpenAI-compatible chat API (`POST {base}/chat/completions`) that llama.cpp, vLLM, LM Studio and
Ollama's `/v1` serve: tools, a JSON-schema `response_format`, streaming server-sent events."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import httpx

from steward.errors import ConnectorError
from steward.llm.http import HttpClient, ModelAnswerError, error_text, one_line
from steward.llm.messages import Chunk, Message, Reply, ToolSpec
from steward.llm.wire import ServedModel, last_chunk, replied, request_body, streamed, tool_call


def api_base(base_url: str) -> str:
    """The API root: a bare `http://host:port` means `http://host:port/v1`, as every such server serves."""
    base = base_url.rstrip("/")
    return base + "/v1" if urlsplit(base).path in ("", "/") else base


class OpenAIModel(ServedModel):
    """A model behind an OpenAI-compatible server at `base_url` (e.g. http://127.0.0.1:8080/v1)."""

    provider = "openai"

    def __init__(self, base_url: str, model: str, *, timeout: float = 60.0, retries: int = 2, where: str = "",
                 api_key: str = "", max_tokens: int = 0, transport: httpx.BaseTransport | None = None) -> None:
        self.base_url = api_base(base_url)
        self.model = model
        self.max_tokens = max_tokens
        # OpenAI, vLLM, LM Studio and llama.cpp's llama-server take {"type": "json_schema"}; llama-cpp-python's
        # server takes only {"type": "json_object", "schema": ...}. Start with the standard, learn once.
        self._format_style = "json_schema"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = HttpClient(self.base_url, timeout=timeout, retries=retries, where=where, headers=headers,
                                describe_status=self._describe_status, transport=transport)

    def chat(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
             format: Mapping[str, Any] | None = None) -> Reply:
        """One request, the whole reply at once."""
        data = self._post(messages, tools, format)
        choice = _first_choice(data)
        if choice is None or not isinstance(choice.get("message"), Mapping):
            raise ConnectorError(f"the model server at {self.base_url} sent a reply without a message: "
                                 f"{one_line(json.dumps(data), 120)}")
        return replied(choice["message"], str(data.get("model") or self.model),
                       str(choice.get("finish_reason") or "stop"), tools)

    def _post(self, messages: Sequence[Message], tools: Sequence[ToolSpec], format: Mapping[str, Any] | None) -> Any:
        try:
            return self._http.post_json("/chat/completions", self._body(messages, tools, format, stream=False))
        except ModelAnswerError as exc:
            if not self._refused_format(exc, format):
                raise
            return self._http.post_json("/chat/completions", self._body(messages, tools, format, stream=False))

    def _refused_format(self, exc: ModelAnswerError, format: Mapping[str, Any] | None) -> bool:
        """Switch to the json_object form when the server refused json_schema; True means send again."""
        if format is None or self._format_style != "json_schema" or "response_format" not in exc.detail:
            return False
        self._format_style = "json_object"
        return True

    def stream(self, messages: Sequence[Message], tools: Sequence[ToolSpec] = (),
               format: Mapping[str, Any] | None = None) -> Iterator[Chunk]:
        """One request, the reply as server-sent events; the last chunk carries the whole reply."""
        parts: list[str] = []
        pending: dict[int, dict[str, str]] = {}  # tool calls arrive in pieces, keyed by index
        done_reason, model = "stop", self.model
        for line in self._lines(messages, tools, format):
            if not line.startswith("data:"):
                continue  # blank separators, `: keep-alive` comments, `event:` lines
            payload = line[5:].strip()
            if payload == "[DONE]":
                break
            data = streamed(payload, f"the model server at {self.base_url}", "an event")
            model = str(data.get("model") or model)
            choice = _first_choice(data)
            if choice is None:
                continue
            delta = choice.get("delta") or {}
            text = str(delta.get("content") or "")
            if text:
                parts.append(text)
                yield Chunk(text=text)
            for item in delta.get("tool_calls") or []:
                slot = pending.setdefault(int(item.get("index", len(pending))), {"id": "", "name": "", "args": ""})
                fn = item.get("function") or {}
                slot["id"] = slot["id"] or str(item.get("id") or "")
                slot["name"] += str(fn.get("name") or "")
                slot["args"] += str(fn.get("arguments") or "")
            if choice.get("finish_reason"):
                done_reason = str(choice["finish_reason"])
        calls = tuple(tool_call(s["name"], s["args"], s["id"] or f"call-{i + 1}")
                      for i, s in sorted(pending.items()) if s["name"])
        yield last_chunk(parts, calls, model, done_reason, tools)

    def _lines(self, messages: Sequence[Message], tools: Sequence[ToolSpec],
               format: Mapping[str, Any] | None) -> Iterator[str]:
        try:
            yield from self._http.post_lines("/chat/completions", self._body(messages, tools, format, stream=True))
        except ModelAnswerError as exc:
            # an error answer comes before the first event, so nothing has been yielded yet
            if not self._refused_format(exc, format):
                raise
            yield from self._http.post_lines("/chat/completions", self._body(messages, tools, format, stream=True))

    def _body(self, messages: Sequence[Message], tools: Sequence[ToolSpec], format: Mapping[str, Any] | None,
              *, stream: bool) -> dict[str, Any]:
        body = request_body(self.model, messages, tools, _wire_message, stream=stream)
        if format is not None and self._format_style == "json_schema":
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "reply", "schema": dict(format), "strict": True}}
        elif format is not None:
            body["response_format"] = {"type": "json_object", "schema": dict(format)}
        if self.max_tokens > 0:
            body["max_tokens"] = self.max_tokens
        return body

    def _describe_status(self, status: int, body: str) -> str:
        detail = error_text(body)
        if status == 404:
            return (f"the server at {self.base_url} has no model {self.model!r} "
                    f"(or no /chat/completions): {detail or '404'}")
        if status in (401, 403):
            return f"the server at {self.base_url} refused the request ({status}); set llm.api_key_env"
        return ""


def _first_choice(data: Any) -> Mapping[str, Any] | None:
    if not isinstance(data, Mapping):
        return None
    choices = data.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
        return choices[0]
    return None


def _wire_message(m: Message) -> dict[str, Any]:
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.tool_calls:
        out["tool_calls"] = [{"id": c.id or f"call-{n}", "type": "function",
                              "function": {"name": c.name, "arguments": json.dumps(dict(c.arguments))}}
                             for n, c in enumerate(m.tool_calls, start=1)]
    if m.role == "tool":
        out["tool_call_id"] = m.tool_call_id
        if m.name:
            out["name"] = m.name
    return out
