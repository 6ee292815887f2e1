"""Chat models: the `ChatModel` protocol, Ollama and OpenAI-compatible clients, tiers.

The public surface is re-exported here; `steward.llm.testing` holds the scripted server for tests.
Importing this package does not import httpx: the clients load it when they are built.
"""

from steward.llm.messages import ChatModel, Chunk, Message, Reply, ToolCall, ToolSpec
from steward.llm.textcalls import extract_text_calls
from steward.llm.tiers import TierConfig, TierSpec, make_model, parse_tier

__all__ = [
    "ChatModel", "Chunk", "Message", "Reply", "ToolCall", "ToolSpec", "TierConfig", "TierSpec",
    "extract_text_calls", "make_model", "parse_tier",
]
