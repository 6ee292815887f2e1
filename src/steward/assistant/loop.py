"""The seam where the model-driven half plugs in.

The engine calls `loop.run(turn, route, tier)` for a turn no intercept handled, when a tier is
configured for its intent. The loop returns an Outcome (reply, tool calls, writes, a continuation to
open). With no loop or no tier the engine answers offline.
"""

from __future__ import annotations

from typing import Protocol

from steward.assistant.router import Route
from steward.assistant.trace import Outcome, Turn


class Loop(Protocol):
    """The agent loop (issue 7 builds it)."""

    def run(self, turn: Turn, route: Route, tier: str) -> Outcome:
        """Answer `turn` on the model of `tier`; tools and writes are reported in the Outcome."""
        ...
