"""Tool calls that local models print as text instead of sending as structured calls.

Small local models often answer a tool-calling request with the call written out:

    ```json
    {"name": "create_reminder", "arguments": {"text": "pay rent", "day": "tomorrow"}}
    ```
    {"tool": "search_inbox", "args": {"query": "invoice"}}
    <tool_call>{"name": "list_schedule", "arguments": {"day": "today"}}</tool_call>

`extract_text_calls` finds such objects (fenced, tagged or bare, alone or in a list) and returns them as
`ToolCall`s, with the rest of the text. Only names of tools that were offered count, so a JSON answer
that merely has a "name" field is left as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from steward.llm.messages import Message, Reply, ToolCall, ToolSpec

_DECODER = json.JSONDecoder()
_NAME_KEYS = ("name", "tool", "tool_name", "function")
_ARG_KEYS = ("arguments", "args", "parameters", "input", "tool_input")
_LEFTOVERS = (
    re.compile(r"```[A-Za-z_]*\s*```"),
    re.compile(r"</?tool_call>"),
    re.compile(r"</?function_call>"),
)


def extract_text_calls(text: str, tool_names: Collection[str]) -> tuple[tuple[ToolCall, ...], str]:
    """Tool calls printed in `text` (only for `tool_names`) and the text that is left around them."""
    if not text or not tool_names or ("{" not in text):
        return (), text
    calls: list[ToolCall] = []
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        if text[i] not in "{[":
            i += 1
            continue
        try:
            value, end = _DECODER.raw_decode(text, i)
        except json.JSONDecodeError:
            i += 1
            continue
        found = _calls_in(value, tool_names)
        if found:
            calls.extend(found)
            spans.append((i, end))
        # skip a whole decoded value either way: a call nested inside some other JSON is not a call
        i = end
    if not calls:
        return (), text
    rest = _cut(text, spans)
    for pattern in _LEFTOVERS:
        rest = pattern.sub("", rest)
    numbered = tuple(
        ToolCall(name=c.name, arguments=c.arguments, id=f"text-{n}", from_text=True)
        for n, c in enumerate(calls, start=1)
    )
    return numbered, rest.strip()


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in spans:
        out.append(text[last:start])
        last = end
    out.append(text[last:])
    return "".join(out)


def _calls_in(value: Any, tool_names: Collection[str]) -> list[ToolCall]:
    if isinstance(value, list):
        found = [_call_from(item, tool_names) for item in value]
        calls = [c for c in found if c is not None]
        # a list counts only when every item is a call (a list of results is not)
        return calls if calls and len(calls) == len(value) else []
    call = _call_from(value, tool_names)
    return [call] if call is not None else []


def _call_from(obj: Any, tool_names: Collection[str]) -> ToolCall | None:
    if not isinstance(obj, Mapping):
        return None
    # OpenAI's shape written out: {"type": "function", "function": {"name": ..., "arguments": ...}}
    inner = obj.get("function")
    if isinstance(inner, Mapping):
        return _call_from(inner, tool_names)
    name = next((obj[k] for k in _NAME_KEYS if isinstance(obj.get(k), str)), None)
    if name is None or name not in tool_names:
        return None
    raw: Any = next((obj[k] for k in _ARG_KEYS if k in obj), {})
    arguments = parse_arguments(raw)
    if arguments is None:
        return None
    return ToolCall(name=name, arguments=arguments)


def parse_arguments(raw: Any) -> dict[str, Any] | None:
    """Tool arguments as a dict: an object as is, a JSON string decoded, nothing as {}; else None."""
    if raw is None or raw == "":
        return {}
    if isinstance(raw, Mapping):
        return dict(raw)
    if isinstance(raw, str):
        try:
            decoded = json.loads(raw)
        except json.JSONDecodeError:
            return None
        return dict(decoded) if isinstance(decoded, Mapping) else None
    return None


def with_text_calls(reply: Reply, tools: Sequence[ToolSpec]) -> Reply:
    """`reply` with calls printed as text turned into real calls, when it has no structured ones."""
    if reply.message.tool_calls or not tools:
        return reply
    calls, rest = extract_text_calls(reply.message.content, {t.name for t in tools})
    if not calls:
        return reply
    message = Message(role="assistant", content=rest, tool_calls=calls)
    return Reply(message=message, model=reply.model, done_reason=reply.done_reason)
