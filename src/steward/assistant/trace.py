"""The values a turn passes between the pipeline's stages, and the trace every turn returns.

The trace's JSON is part of the contract (DESIGN.md): `reply`, `handled_by`, `route`, `tier`,
`tools` [{name, args, held, result}], `writes` [{kind, id, fields}] and `continuation`
{owner, question} or null. `fields` is the written object's own JSON shape. `superseded` lists the
held writes whose question this turn replaced: their cards can no longer be answered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from steward.assistant.router import Route
from steward.assistant.stream import ReplyStream


@dataclass(frozen=True)
class PastTurn:
    """One earlier turn of the session, for the loop's history."""

    text: str
    reply: str
    handled_by: str
    at: datetime


@dataclass(frozen=True)
class OpenQuestion:
    """A continuation: a question Steward asked and the payload its owner needs to finish the job."""

    owner: str
    question: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The question as the trace shows it: who asked and what."""
        return {"owner": self.owner, "question": self.question}


@dataclass(frozen=True)
class Turn:
    """One user turn as every stage sees it."""

    id: str
    text: str
    session: str
    now: datetime
    dry_run: bool = False
    context: tuple[str, ...] = ()          # added by UserPromptSubmit hooks, for the loop's prompt
    history: tuple[PastTurn, ...] = ()     # the session's earlier turns, oldest first
    waiting: OpenQuestion | None = None    # the session's open continuation, if any
    held_before: tuple[str, ...] = ()      # the session's held writes still open when the turn began
    said: str = ""                         # the words as typed, when `text` leaves out the name they were said to
    # where the loop sends the reply as the model produces it (the server's SSE); None: all at once
    stream: ReplyStream | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class ToolCall:
    """One tool call of a turn: name, arguments, whether it was held, its result."""

    name: str
    args: Mapping[str, Any]
    held: bool = False
    result: Any = None

    def to_json(self) -> dict[str, Any]:
        """The call as the trace shows it."""
        return {"name": self.name, "args": dict(self.args), "held": self.held, "result": self.result}


@dataclass(frozen=True)
class Write:
    """One write made (or, in a dry run, that would be made); `fields` is the object's own JSON."""

    kind: str
    id: Any
    fields: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The write as the trace shows it: kind, id and the written object's fields."""
        return {"kind": self.kind, "id": self.id, "fields": dict(self.fields)}


@dataclass(frozen=True)
class Outcome:
    """What a stage (intercept, continuation owner, loop, offline answer) produced for a turn."""

    reply: str
    tools: tuple[ToolCall, ...] = ()
    writes: tuple[Write, ...] = ()
    ask: OpenQuestion | None = None        # a continuation to open
    data: Mapping[str, Any] | None = None  # structured answer (a schedule, an analysis) for --json
    tier: str | None = None                # the tier that answered, when the loop moved the run
    false_claim: bool = False              # the model's reply claimed a write that did not happen


@dataclass(frozen=True)
class Trace:
    """Everything a turn did; `to_json` is the `--json` output of `steward chat`."""

    reply: str
    handled_by: str
    route: Route | None
    tier: str | None
    tools: tuple[ToolCall, ...]
    writes: tuple[Write, ...]
    continuation: OpenQuestion | None
    session: str
    turn_id: str
    text: str
    at: datetime
    dry_run: bool = False
    data: Mapping[str, Any] | None = None
    notes: tuple[str, ...] = ()
    false_claim: bool = False
    superseded: tuple[str, ...] = ()  # held writes whose question this turn replaced
    # held writes set aside by an earlier turn that went on to something else: {id, summary}, still
    # waiting for a yes on their own card
    waiting: tuple[Mapping[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The turn's trace (DESIGN.md's shape; `--json` prints it)."""
        return {
            "reply": self.reply,
            "handled_by": self.handled_by,
            "route": self.route.to_json() if self.route else None,
            "tier": self.tier,
            "tools": [t.to_json() for t in self.tools],
            "writes": [w.to_json() for w in self.writes],
            "continuation": self.continuation.to_json() if self.continuation else None,
            "session": self.session,
            "turn_id": self.turn_id,
            "text": self.text,
            "at": self.at.isoformat(),
            "dry_run": self.dry_run,
            "data": dict(self.data) if self.data is not None else None,
            "notes": list(self.notes),
            "false_claim": self.false_claim,
            "superseded": list(self.superseded),
            "waiting": [dict(w) for w in self.waiting],
        }
