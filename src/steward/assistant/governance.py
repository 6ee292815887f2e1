"""Consent is evidence: write tools the model proposes are held until the user says yes.

The rule (ADR-0112 §9): consent is an `ask_user` that comes *after* an attempt at that same write tool,
answered yes. So:

- a write tool called by the model is never run in that run: it is validated (a dry run through the one
  write path), stored server-side keyed by id (`held_calls`), and the model is told it is held;
- when the run ends, the user is asked about each held call in Steward's own words (a model's question
  may be vague); that question is an ask that comes after the attempt, recorded in the run's steps;
- on the next turn, a yes writes each call that question asked about exactly once, a no declines them,
  and anything else supersedes them and lets the turn go on as a new request; a turn that replaces the
  question in any other way (an intercept's own question) supersedes them too (turn.py);
- a yes or a no given outside the conversation (a card's Confirm on the page, `POST /pending/ID`, the
  CLI) names one held write, and answers that write's question only while it is still the open one
  (consent.py), so a Confirm can never save what its card did not show;
- `run_asked_user(steps, tool)` is checked again just before the write, from the stored steps, so a
  clarifying question asked before the attempt, or consent to another tool, never counts.

The model's final text is also checked: a reply that claims a write ("I've set a reminder…") when none
happened in the run is a false claim; the trace marks it and the user is told the truth.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from importlib import resources
from typing import Any, Literal

import yaml

from steward.assistant.toolkit import Preview, Toolbox, ToolError, Write, error_data
from steward.clock import Clock
from steward.errors import ConfigError, StewardError
from steward.records.assistant import HeldCall
from steward.store import held as repo
from steward.yamldata import load_yaml

log = logging.getLogger(__name__)

Answer = Literal["yes", "no"]
NOT_OPEN = "that question is no longer open: ask again"  # a card answered after its question was replaced
_WORD = re.compile(r"[\w']+")


@dataclass(frozen=True)
class Step:
    """One thing a run did: a tool call (held or not) or a question to the user."""

    kind: Literal["call", "ask"]
    tool: str = ""
    held: bool = False
    by: Literal["model", "steward"] = "model"

    def to_json(self) -> dict[str, Any]:
        """The step as stored with the held calls."""
        return {"kind": self.kind, "tool": self.tool, "held": self.held, "by": self.by}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Step:
        """A step read back from the store."""
        return cls(kind=data["kind"], tool=str(data.get("tool") or ""), held=bool(data.get("held")),
                   by=data.get("by", "model"))


def run_asked_user(steps: Sequence[Step], tool_name: str) -> bool:
    """True only when the run attempted `tool_name`, the attempt was held, and an ask came after it."""
    return any(
        step.kind == "call" and step.tool == tool_name and step.held
        and any(later.kind == "ask" for later in steps[i + 1:])
        for i, step in enumerate(steps)
    )


@dataclass(frozen=True)
class ConsentWords:
    """The yes / no / filler phrases and the write-claim patterns of `consent.yaml`."""

    yes: tuple[tuple[str, ...], ...]
    no: tuple[tuple[str, ...], ...]
    filler: tuple[tuple[str, ...], ...]
    claims: tuple[re.Pattern[str], ...]


def _norm_words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def load_consent_words(text: str | None = None) -> ConsentWords:
    """The shipped `consent.yaml` (or YAML `text`), phrases sorted longest first."""
    raw = text if text is not None else (resources.files("steward.assistant") / "consent.yaml").read_text("utf-8")
    try:
        data = load_yaml(raw)
    except yaml.YAMLError as exc:
        raise ConfigError(f"consent.yaml: not valid YAML ({exc})") from None

    def phrases(key: str) -> tuple[tuple[str, ...], ...]:
        items = data.get(key) if isinstance(data, Mapping) else None
        if not isinstance(items, list):
            raise ConfigError(f"consent.yaml: {key} must be a list")
        return tuple(sorted({tuple(_norm_words(str(i))) for i in items if str(i).strip()}, key=lambda p: -len(p)))

    claims = data.get("write_claims") if isinstance(data, Mapping) else None
    if not isinstance(claims, list):
        raise ConfigError("consent.yaml: write_claims must be a list")
    try:
        patterns = tuple(re.compile(str(p), re.IGNORECASE | re.MULTILINE) for p in claims)
    except re.error as exc:
        raise ConfigError(f"consent.yaml: a write_claims pattern is not a valid expression ({exc})") from None
    return ConsentWords(phrases("yes"), phrases("no"), phrases("filler"), patterns)


def read_answer(text: str, words: ConsentWords) -> Answer | None:
    """"yes" or "no" when the reply is only that (with filler); None for anything else."""
    tokens = _norm_words(text)
    said: set[str] = set()
    i = 0
    while i < len(tokens):
        for kind, table in (("yes", words.yes), ("no", words.no), ("filler", words.filler)):
            n = next((len(p) for p in table if tuple(tokens[i:i + len(p)]) == p), 0)
            if n:
                said.add(kind)
                i += n
                break
        else:
            return None
    if said & {"yes", "no"} == {"yes"}:
        return "yes"
    if said & {"yes", "no"} == {"no"}:
        return "no"
    return None


def claims_write(text: str, words: ConsentWords) -> bool:
    """Whether a reply says something was written."""
    return any(p.search(text) for p in words.claims)


@dataclass(frozen=True)
class Decision:
    """What the user's answer to held calls did."""

    answer: Answer | None
    reply: str
    writes: tuple[Write, ...] = ()
    tools: tuple[Mapping[str, Any], ...] = ()
    settled: tuple[tuple[str, str], ...] = ()  # (held id, status)
    handled: bool = True  # False: the text was not an answer; the turn goes on as a new request


@dataclass
class Governance:
    """Holds proposed writes in the store and turns a yes into exactly one write."""

    conn: sqlite3.Connection
    clock: Clock
    words: ConsentWords = field(default_factory=load_consent_words)
    expire_minutes: int = 10

    def hold(self, session: str, tool: str, args: Mapping[str, Any], preview: Preview,
             steps: Sequence[Step], *, store: bool = True) -> HeldCall:
        """Store a proposed write (only build it with store=False, for a dry run); nothing is written."""
        call = HeldCall(
            id=f"held-{uuid.uuid4().hex[:12]}", session=session, tool=tool, args=dict(args),
            summary=preview.summary, fields=dict(preview.fields), resolved=dict(preview.resolved),
            steps=tuple(s.to_json() for s in steps), status="held", question=None, created_at=self.clock.now(),
        )
        if store:
            repo.insert(self.conn, call)
            log.debug("held %s %s for session %s", call.id, tool, session)
        return call

    def ask(self, held: Sequence[HeldCall], question: str, steps: Sequence[Step], *,
            store: bool = True) -> list[HeldCall]:
        """Record that the user was asked; only calls whose tool the steps show asked about count."""
        asked = []
        for call in held:
            if run_asked_user(steps, call.tool):
                if store:
                    repo.mark_asked(self.conn, call.id, question, [s.to_json() for s in steps])
                asked.append(call)
        return asked

    def open_calls(self, session: str) -> list[HeldCall]:
        """Calls waiting for this session's answer (stale ones are expired first)."""
        now = self.clock.now()
        repo.close_open(self.conn, session, "expired", now, older_than=now - timedelta(minutes=self.expire_minutes))
        return repo.open_for(self.conn, session, ("asked",))

    def supersede_open(self, session: str) -> int:
        """Close whatever a session still has held: a new request replaces their question."""
        return repo.close_open(self.conn, session, "superseded", self.clock.now())

    def drop(self, held: Sequence[HeldCall]) -> None:
        """Drop these held calls (a run that was replaced, e.g. escalated to another tier)."""
        for call in held:
            repo.settle(self.conn, call.id, "dropped", self.clock.now())

    def answer(self, session: str, text: str, toolbox: Toolbox, ctx: Any, *,
               dry_run: bool = False, only: Sequence[str] | None = None) -> Decision | None:
        """Apply the user's reply to the session's asked calls (those of `only`, the open question's,
        when given); None when nothing was waiting.

        With `dry_run` nothing is written or settled: a yes shows the writes it would make.
        """
        waiting = [c for c in self.open_calls(session) if only is None or c.id in only]
        if not waiting:
            return None
        verdict = read_answer(text, self.words)
        if dry_run:
            return _dry_decision(verdict, waiting)
        now = self.clock.now()
        if verdict is None:
            for call in waiting:
                repo.settle(self.conn, call.id, "superseded", now)
            return Decision(None, "", settled=tuple((c.id, "superseded") for c in waiting), handled=False)
        if verdict == "no":
            for call in waiting:
                repo.settle(self.conn, call.id, "declined", now)
            things = "; ".join(c.summary for c in waiting)
            return Decision("no", f"OK, I won't: nothing was saved ({things}).",
                            tools=tuple(_trace(c, held=True, result={"declined": True}) for c in waiting),
                            settled=tuple((c.id, "declined") for c in waiting))
        return self._write_all(waiting, toolbox, ctx)

    def _write_all(self, waiting: Sequence[HeldCall], toolbox: Toolbox, ctx: Any) -> Decision:
        writes: list[Write] = []
        tools: list[Mapping[str, Any]] = []
        settled: list[tuple[str, str]] = []
        lines: list[str] = []
        for call in waiting:
            status, line, write, result = self._write_one(call, toolbox, ctx)
            settled.append((call.id, status))
            lines.append(line)
            tools.append(_trace(call, held=False, result=result))
            if write is not None:
                writes.append(write)
        return Decision("yes", "\n".join(lines), tuple(writes), tuple(tools), tuple(settled))

    def _write_one(self, call: HeldCall, toolbox: Toolbox,
                   ctx: Any) -> tuple[str, str, Write | None, Mapping[str, Any]]:
        now = self.clock.now()
        tool = toolbox.get(call.tool)
        steps = [Step.from_json(s) for s in call.steps]
        # checked again inside the write: the stored steps, not the caller's word, are the evidence
        if tool is None or tool.commit is None or not run_asked_user(steps, call.tool):
            repo.settle(self.conn, call.id, "failed", now, {"error": "no_consent"})
            return "failed", f"I could not save {call.summary}: it was not confirmed.", None, error_data(
                "no_consent", "no ask_user after this call")
        if not repo.claim(self.conn, call.id, now):
            return "failed", f"{call.summary} was already handled.", None, error_data("already_decided", call.id)
        try:
            write = tool.commit(ctx, call.resolved, call.id)
        except (StewardError, ToolError) as exc:
            code = exc.code if isinstance(exc, ToolError) else type(exc).__name__.lower()
            text = exc.text if isinstance(exc, ToolError) else exc.message
            repo.settle(self.conn, call.id, "failed", now, error_data(code, text))
            return "failed", f"I could not save {call.summary}: {text}", None, error_data(code, text)
        repo.settle(self.conn, call.id, "written", now, write.to_json())
        log.debug("held %s written as %s %s", call.id, write.kind, write.id)
        return "written", f"Done: {call.summary}.", write, write.to_json()


def _dry_decision(verdict: Answer | None, waiting: Sequence[HeldCall]) -> Decision:
    if verdict != "yes":
        return Decision(verdict, "OK, I won't: nothing was saved." if verdict == "no" else "",
                        handled=verdict == "no")
    kinds = {"create_reminder": "reminder", "create_event": "event"}
    writes = tuple(Write(kinds.get(c.tool, c.tool), "", c.fields) for c in waiting)
    return Decision("yes", "I would save " + "; ".join(c.summary for c in waiting) + ".", writes,
                    tuple(_trace(c, held=True, result={"dry_run": True}) for c in waiting))


def _trace(call: HeldCall, *, held: bool, result: Mapping[str, Any]) -> dict[str, Any]:
    return {"name": call.tool, "args": dict(call.args), "held": held, "result": dict(result), "held_id": call.id}
