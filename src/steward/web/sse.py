"""Server-Sent Events framing (text/event-stream), and reading it back."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any


def event(name: str, data: Any) -> bytes:
    """One SSE event whose data is JSON (one line: JSON never needs a raw newline)."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"event: {name}\ndata: {payload}\n\n".encode()


def comment(text: str = "") -> bytes:
    """A comment line: keeps a quiet stream open through proxies."""
    return f": {text}\n\n".encode()


@dataclass(frozen=True)
class Event:
    """One server-sent event: its name and decoded JSON data."""

    name: str
    data: Any


def parse(lines: Iterable[str]) -> Iterator[Event]:
    """Events from the lines of a text/event-stream body (JSON data decoded)."""
    name = "message"
    data: list[str] = []
    for raw in lines:
        line = raw.rstrip("\r\n")
        if not line:
            if data:
                yield Event(name, json.loads("\n".join(data)))
            name, data = "message", []
        elif line.startswith(":"):
            continue
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    if data:
        yield Event(name, json.loads("\n".join(data)))
