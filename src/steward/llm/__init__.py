"""Chat models: the `ChatModel` protocol, Ollama and OpenAI-compatible clients, tiers.

The public surface is re-exported here, each name loaded from its module on first use (a command that
only asks whether a tier is configured loads neither the message types nor the text-call reader);
`steward.llm.testing` holds the scripted server for tests. Importing this package does not import
httpx: the clients load it when they are built.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from steward.llm.messages import ChatModel, Chunk, Message, Reply, ToolCall, ToolSpec
    from steward.llm.textcalls import extract_text_calls
    from steward.llm.tiers import TierConfig, TierSpec, make_model, parse_tier

_HOMES = {
    **dict.fromkeys(("ChatModel", "Chunk", "Message", "Reply", "ToolCall", "ToolSpec"), "messages"),
    "extract_text_calls": "textcalls",
    **dict.fromkeys(("TierConfig", "TierSpec", "make_model", "parse_tier"), "tiers"),
}

__all__ = [
    "ChatModel", "Chunk", "Message", "Reply", "ToolCall", "ToolSpec", "TierConfig", "TierSpec",
    "extract_text_calls", "make_model", "parse_tier",
]


def __getattr__(name: str) -> object:
    """A name of the public surface, loaded from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"steward.llm.{home}"), name)
