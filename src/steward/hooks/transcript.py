"""Reading a Claude Code transcript (`transcript_path`, JSONL) for what the assistant wrote.

Each line is a JSON object; assistant rows are `{"type": "assistant", "message": {"role": "assistant",
"content": [{"type": "text", "text": ...}, {"type": "tool_use", ...}]}}` (content may also be a plain
string). The format is not a published contract, so reading is lenient: lines that are not JSON, or
rows of other kinds, are skipped. Only the tail of a large file is read.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

TAIL_BYTES = 2_000_000


def assistant_texts(path: str, tail_bytes: int = TAIL_BYTES) -> list[str] | None:
    """The assistant's text rows, oldest first; None when the transcript cannot be read at all."""
    if not path:
        return None
    try:
        with open(os.path.expanduser(path), "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            start = max(0, size - tail_bytes)
            handle.seek(start)
            data = handle.read()
    except (OSError, ValueError):
        return None
    lines = data.split(b"\n")
    if start > 0:
        lines = lines[1:]  # the first line was cut in the middle
    texts: list[str] = []
    parsed = 0
    for raw in lines:
        if not raw.strip():
            continue
        try:
            row = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue
        parsed += 1
        text = _assistant_text(row)
        if text:
            texts.append(text)
    if parsed == 0 and any(line.strip() for line in lines):
        return None  # not a transcript: nothing in it could be read
    return texts


def _assistant_text(row: Any) -> str:
    if not isinstance(row, Mapping) or row.get("type") != "assistant":
        return ""
    message = row.get("message")
    content = message.get("content") if isinstance(message, Mapping) else None
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(str(block.get("text") or "") for block in content
                     if isinstance(block, Mapping) and block.get("type") == "text")
