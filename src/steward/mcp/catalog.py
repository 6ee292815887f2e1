"""The tools an MCP client sees: the loop's toolbox, with MCP's annotations and Steward's own wording.

`offered(tools)` keeps the tools that make sense outside Steward's own conversation (`ask_user` and the
conversation-title tools belong to the loop's turn); `definition(tool)` is the MCP tool: the same name,
description and JSON schema the model loop uses, and annotations read off the tool itself (a read is
read-only; a write says whether it changes what exists and whether a repeat adds nothing). `shown`
turns a result into the text a client reads: JSON, and text quoted from mail fenced as other people's
words. Pure: no I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

import mcp_types as types

from steward.assistant.toolkit import Preview, Tool
from steward.assistant.untrusted import fence

_FIRST_SENTENCE = re.compile(r"(?<=\.)\s+(?=[A-Z])")
# tools that only mean something inside a turn of Steward's own conversation
LOOP_ONLY = frozenset({"ask_user", "set_task", "status", "suggest_name"})
WRITE_NOTE = (" Through MCP the write is held on Steward's side and saved only when the person says yes "
              "(in the client's confirmation prompt, or with `steward pending confirm ID`).")


def offered(tools: Iterable[Tool]) -> list[Tool]:
    """The tools an MCP client is offered, in the toolbox's order."""
    return [t for t in tools if t.name not in LOOP_ONLY]


def description(tool: Tool) -> str:
    """The tool's description for an MCP client: the loop's, without the loop's own instructions."""
    text = tool.description
    if tool.write:
        # the loop tells its model to follow up with ask_user; an MCP client has no such tool
        for loop_words in (" It is held until the user says yes: after calling it, ask the user with ask_user "
                           "whether to go ahead.",
                           " It is held until the user says yes: after calling it, ask the user with ask_user "
                           "whether to go ahead"):
            text = text.replace(loop_words, "")
        text += WRITE_NOTE
    return text


def hints(tool: Tool) -> types.ToolAnnotations:
    """MCP's hints, as the tool is: reads change nothing; every tool stays inside the person's own data."""
    if not tool.write:
        return types.ToolAnnotations(read_only_hint=True, open_world_hint=False)
    return types.ToolAnnotations(read_only_hint=False, destructive_hint=tool.destructive,
                                 idempotent_hint=tool.idempotent, open_world_hint=False)


def definition(tool: Tool) -> types.Tool:
    """The MCP tool for one toolbox tool: its name, description, JSON schema and annotations."""
    return types.Tool(name=tool.name, description=description(tool), input_schema=dict(tool.parameters),
                      annotations=hints(tool))


def shown(tool: Tool, result: Any) -> str:
    """A result as the client reads it: JSON text; a result that quotes mail is fenced as mail text."""
    if isinstance(result, Preview):
        result = result.to_json()
    text = json.dumps(result, ensure_ascii=False, default=str, indent=1)
    return fence(tool.name, text) if tool.mail_text else text


def error_line(result: Any) -> str | None:
    """The one line of a tool's error data (`{"error", "error_text"}`), or None for an answer."""
    if isinstance(result, Mapping) and "error" in result and "error_text" in result:
        return str(result["error_text"])
    return None


def tools_markdown(tools: Iterable[Tool]) -> str:
    """The tool table of docs/mcp.md: name, what it does, and its annotations."""
    rows = ["| tool | kind | what it does |", "| --- | --- | --- |"]
    for tool in offered(tools):
        if not tool.write:
            kind = "read" + (" (quotes mail)" if tool.mail_text else "")
        else:
            kind = "held write, " + ("changes what exists" if tool.destructive else "adds only") + (
                ", a repeat adds nothing" if tool.idempotent else "")
        first = _FIRST_SENTENCE.split(tool.description)[0].rstrip(".") + "."
        rows.append(f"| `{tool.name}` | {kind} | {first.replace('|', '/')} |")
    return "\n".join(rows)
