"""The reply as the model produces it: what may be shown to the user before the run has ended.

A model's text is shown as it streams only while it can still be the final answer, honestly:

- text that may be a tool call printed as JSON (from the first `{`, `[`, a code fence or a
  `<tool_call>` tag) is held until the round ends — it is a call, not words for the user;
- the last `CLAIM_TAIL` characters are held, so a sentence that turns out to claim a write ("I've set
  a reminder") is caught by the consent vocabulary before any of it is shown; once a claim is seen
  nothing more is released (the trace's reply tells the truth instead);
- text is released at word boundaries, so a held tail never splits a word.

When a round ends in tool calls, or a run is replaced (escalation, a false claim), the shown text is
withdrawn with `reset`: the page clears it and goes on with the next deltas or the trace's reply.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# longer than any phrase in consent.yaml's write_claims ("reminder has been successfully scheduled")
CLAIM_TAIL = 48
_CALL_START = re.compile(r"[{\[]|```|<tool_call|<function_call")


@dataclass(frozen=True)
class ReplyStream:
    """Where the reply goes as it is produced: `text` gets each new piece, `reset` withdraws them all."""

    text: Callable[[str], None]
    reset: Callable[[], None]


class DeltaGate:
    """Decides which part of one model round's streamed text may be shown now (see the module doc)."""

    def __init__(self, claims: Callable[[str], bool]) -> None:
        self._claims = claims
        self._text = ""
        self._shown = 0  # characters of the stripped text already released
        self._stopped = False

    @property
    def shown(self) -> bool:
        """Whether any of this round's text has been released."""
        return self._shown > 0

    def feed(self, piece: str) -> str:
        """Add a streamed piece; the text that may be shown now ("" when none)."""
        self._text += piece
        if self._stopped:
            return ""
        text = self._text.lstrip()
        if self._claims(text):
            self._stopped = True
            return ""
        limit = len(text) - CLAIM_TAIL
        call = _CALL_START.search(text, self._shown)
        if call is not None:
            limit = min(limit, call.start())
        return self._release(text, limit)

    def finish(self, final: str) -> str | None:
        """The round ended with `final` as the answer: the rest of it to show, or None when what was
        shown must be withdrawn (a claim of a write, or a final text that is not what was streamed)."""
        text = self._text.lstrip()
        if self._stopped or self._claims(final) or not final.startswith(text[:self._shown]):
            self._stopped = True
            return None
        rest = final[self._shown:]
        self._shown = len(final)
        return rest

    def _release(self, text: str, limit: int) -> str:
        if limit <= self._shown:
            return ""
        cut = max((m.start() for m in re.finditer(r"\s", text[self._shown:limit])), default=-1)
        if cut <= 0:
            return ""
        end = self._shown + cut  # up to a space, never the space itself: a trailing space may be stripped
        piece = text[self._shown:end]
        self._shown = end
        return piece
