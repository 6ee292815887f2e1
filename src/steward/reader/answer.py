"""The answerer registry: each domain answers frames through its one service.

An `Answerer` is a domain's thin adapter: `answer(frame, clock) -> Answer | None` (None: this frame is
not one it can answer, the turn goes on down the pipeline). The registry is built in `build_app`, each
answerer behind its flag; it also gives the examples of "what you can say".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from steward.clock import Clock
from steward.reader.frame import Frame


@dataclass(frozen=True)
class Answer:
    """A domain's answer to a frame; `question` is one short question asked back instead of guessing."""

    reply: str
    data: Mapping[str, Any] = field(default_factory=dict)
    question: str | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Answerer:
    """One domain's answers: the frames of `domain` with one of `asks`, through its service."""

    name: str
    domain: str
    answer: Callable[[Frame, Clock], Answer | None]
    examples: tuple[str, ...] = ()
    asks: tuple[str, ...] = ("how_much", "count", "when", "where", "is_there", "which", "show", "list")
    wants: str = ""  # the whole answer it gives, to a frame whose `wants` asks for it (reader/requests.py)


class Answerers:
    """The registry: the first answerer of a frame's domain that answers it."""

    def __init__(self, answerers: Sequence[Answerer]) -> None:
        self.answerers = tuple(answerers)

    def for_domain(self, domain: str) -> tuple[Answerer, ...]:
        """The answerers of one domain, in order."""
        return tuple(a for a in self.answerers if a.domain == domain)

    def answer(self, frame: Frame, clock: Clock) -> tuple[str, Answer] | None:
        """(answerer name, answer) of the first answerer that answers the frame, else None."""
        for a in self.for_domain(frame.domain):
            if frame.ask not in a.asks:
                continue
            got = a.answer(frame, clock)
            if got is not None:
                return a.name, got
        return None

    def examples(self) -> list[str]:
        """What you can say: every answerer's examples, in order."""
        return [e for a in self.answerers for e in a.examples]

    def examples_by_domain(self) -> dict[str, tuple[str, ...]]:
        """Every answerer's examples under its domain ("what you can say", topic by topic)."""
        out: dict[str, tuple[str, ...]] = {}
        for a in self.answerers:
            out[a.domain] = out.get(a.domain, ()) + tuple(a.examples)
        return out
