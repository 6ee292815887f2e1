"""The intercept contract."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from steward.assistant.trace import OpenQuestion, Outcome, Turn

TYPE_CHECKING = False  # typing.TYPE_CHECKING spelt as the other light modules spell it
if TYPE_CHECKING:
    from steward.clock import Clock


@dataclass(frozen=True)
class Match:
    """An intercept's claim on a turn, with what it parsed out of it."""

    intercept: str
    slots: Mapping[str, Any] = field(default_factory=dict)


class Intercept(Protocol):
    """A deterministic handler. `reads_only` intercepts decline turns that ask for an action.

    An intercept whose open question is a yes/no sets a class attribute `answers_no = True`: a
    dismissal ("no", "cancel") then goes to its `resume` instead of dropping the question. One that read
    a turn it could not answer may say what it read, for the model, with a method
    `context(turn) -> str | None` (the reader gives the question's frame).
    """

    name: str
    reads_only: bool

    def match(self, turn: Turn) -> Match | None:
        """A Match when this intercept handles the turn, else None. Pure: no writes."""
        ...

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """Answer the turn (writes go through the object's one write path; honour turn.dry_run)."""
        ...

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Finish the job a continuation of this intercept was waiting on; None when the turn is no answer."""
        ...


def turn_clock(clock: Clock, turn: Turn) -> Clock:
    """The clock pinned at the turn's moment, so every stage of one turn sees one 'now'."""
    return clock.at(turn.now)
