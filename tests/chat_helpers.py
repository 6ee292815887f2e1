"""A chat turn as the loop tests take one: `steward chat --json` through the in-process `cli` fixture."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def chat_json(cli: Callable[..., Any], now: str, text: str, *options: str) -> dict[str, Any]:
    """One `steward chat --json` turn at `now`, its trace; a failed command fails the test with its error."""
    result = cli("chat", "--now", now, "--json", *options, text)
    assert result.code == 0, result.err
    return dict(result.json())
