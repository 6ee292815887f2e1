"""The seam where the model-driven half plugs in, and the agent loop that fills it.

The engine calls `loop.run(turn, route, tier)` for a turn no intercept handled, when a tier is
configured for its intent. The loop returns an Outcome (reply, tool calls, writes, a continuation to
open). With no loop or no tier the engine answers offline.

`AgentLoop` is that loop: the prompt opens with the user's local date and time (prompt.py), the model
calls typed tools (tools.py), writes are held until the user says yes (governance.py), and one run is
`agent.AgentRun`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from steward.assistant.agent import AgentRun, RunResult
from steward.assistant.governance import NOT_OPEN, Decision, Governance
from steward.assistant.prompt import system_prompt
from steward.assistant.router import Route
from steward.assistant.toolkit import Tool, Toolbox
from steward.assistant.tools import ASK_USER, ToolContext
from steward.assistant.trace import OpenQuestion, Outcome, ToolCall, Turn
from steward.clock import Clock
from steward.errors import ConfigError, Conflict
from steward.hooks.bus import HookBus
from steward.llm.judge import ask_judge, signals_verdict
from steward.llm.messages import ChatModel, Message
from steward.llm.tiers import TIER_NAMES, TierConfig, TierSpec

log = logging.getLogger(__name__)


class Loop(Protocol):
    """The agent loop (issue 7 builds it)."""

    def run(self, turn: Turn, route: Route, tier: str) -> Outcome:
        """Answer `turn` on the model of `tier`; tools and writes are reported in the Outcome."""
        ...

    def answer(self, turn: Turn) -> Outcome:
        """A yes or no given on a card to the loop's open question (`turn.waiting`), and to nothing else."""
        ...


LOOP_OWNER = "loop"


class AgentLoop:
    """The Loop: tools on the tier's model, governance for writes, the escalation judge when enabled.

    A turn that answers the loop's own question (the engine hands it over as `turn.waiting` with owner
    `loop`) first goes to governance: a yes writes the held calls that question named, a no declines
    them. Any other turn supersedes what was held, so a later "yes" can never write something asked
    about earlier.
    """

    def __init__(self, services: Callable[[], ToolContext], clock: Clock, tiers: TierConfig,
                 governance: Governance, tools: Sequence[Tool], *, max_steps: int = 6,
                 context_chars: int = 16000, escalation_judge: bool = False,
                 hooks: HookBus | None = None) -> None:
        self.services = services  # the tools' services, built on the first run that needs them
        self.clock = clock
        self.hooks = hooks
        self.tiers = tiers
        self.governance = governance
        self.tools = tuple(tools)
        self.max_steps = max_steps
        self.context_chars = context_chars
        self.escalation_judge = escalation_judge
        self._models: dict[str, ChatModel] = {}

    def model(self, spec: TierSpec) -> ChatModel:
        """The client for a tier, built once."""
        if spec.tier not in self._models:
            self._models[spec.tier] = self.tiers.model(spec)
        return self._models[spec.tier]

    def run(self, turn: Turn, route: Route, tier: str) -> Outcome:
        """Answer `turn` on `tier` (or on the tier that asked the question this turn answers)."""
        toolbox = Toolbox(self.tools)
        users = tuple(t.text for t in turn.history) + (turn.text,)
        ctx = self.services().for_turn(self.clock.at(turn.now), turn.session, users, turn.id, turn.dry_run)
        waiting = turn.waiting if turn.waiting is not None and turn.waiting.owner == LOOP_OWNER else None
        if waiting is not None:
            decision = self.governance.answer(turn.session, turn.text, toolbox, ctx, dry_run=turn.dry_run,
                                              only=held_of(waiting))
            if decision is not None and decision.handled:
                return _consent_outcome(decision)
            tier = str(waiting.payload.get("tier") or tier)
        elif not turn.dry_run:
            self.governance.supersede_open(turn.session)
        spec = self.tiers.nearest(tier if tier in TIER_NAMES else "tier1")
        if spec is None:
            raise ConfigError("no model tier is configured (llm.tier1, llm.tier2, llm.tier3)")
        result = self._run(spec, turn, ctx, toolbox)
        escalated: dict[str, Any] | None = None
        top = self.tiers.tiers.get("tier3")
        if self.escalation_judge and top is not None and spec.tier != "tier3":
            verdict = signals_verdict(result.signals) or ask_judge(self.model(spec), turn.text, result.reply)
            if verdict.escalate:
                if turn.stream is not None:
                    turn.stream.reset()  # the stronger tier answers again, from the start
                if not turn.dry_run:
                    self.governance.drop(result.held)
                escalated = {"from": spec.tier, "reason": verdict.reason, "source": verdict.source}
                log.debug("turn %s escalated from %s: %s", turn.id, spec.tier, verdict.reason)
                spec, result = top, self._run(top, turn, ctx, toolbox)
        return _loop_outcome(result, spec, escalated)

    def answer(self, turn: Turn) -> Outcome:
        """The user's yes or no (`turn.text`) to the loop's open question (`turn.waiting`), given on a
        card rather than typed: it applies to the held writes that question named and to nothing else."""
        return CardAnswers(self.services, self.clock, self.governance, self.tools).answer(turn)

    def _run(self, spec: TierSpec, turn: Turn, ctx: ToolContext, toolbox: Toolbox) -> RunResult:
        writes = [t.name for t in toolbox if t.write]
        head = system_prompt(ctx.clock.now(), ctx.clock.zone_name, write_tools=writes,
                             can_ask=ASK_USER in toolbox, context=turn.context)
        history: list[Message] = []
        for past in turn.history:
            history += [Message("user", past.text), Message("assistant", past.reply)]
        runner = AgentRun(self.model(spec), toolbox, self.governance, max_steps=self.max_steps,
                          context_chars=self.context_chars, hooks=self.hooks, stream=turn.stream)
        return runner.run(ctx, head, history, turn.text)


class CardAnswers:
    """A yes or no given on a card to an open question about held writes. It needs no model, so a home
    with no model tier answers the cards of writes held for another door (an MCP client) the same way."""

    def __init__(self, services: Callable[[], ToolContext], clock: Clock, governance: Governance,
                 tools: Sequence[Tool]) -> None:
        self.services = services
        self.clock = clock
        self.governance = governance
        self.tools = tuple(tools)

    def answer(self, turn: Turn) -> Outcome:
        """`turn.text` ("yes" / "no") applied to the held writes `turn.waiting` named, and nothing else."""
        waiting = turn.waiting
        if waiting is None or waiting.owner != LOOP_OWNER:
            raise Conflict(NOT_OPEN)
        toolbox = Toolbox(self.tools)
        ctx = self.services().for_turn(self.clock.at(turn.now), turn.session, (turn.text,), turn.id, turn.dry_run)
        decision = self.governance.answer(turn.session, turn.text, toolbox, ctx, dry_run=turn.dry_run,
                                          only=held_of(waiting))
        if decision is None or not decision.handled:
            raise Conflict(NOT_OPEN)
        return _consent_outcome(decision)


def held_of(question: OpenQuestion) -> tuple[str, ...]:
    """The held writes the loop's question asked about (its card)."""
    return tuple(str(i) for i in question.payload.get("held") or ())


def _loop_outcome(result: RunResult, spec: TierSpec, escalated: Mapping[str, Any] | None) -> Outcome:
    ask = None
    if result.question is not None:
        ask = OpenQuestion(LOOP_OWNER, result.question, {"tier": spec.tier, "held": [h.id for h in result.held]})
    data: dict[str, Any] = {"model": result.model, "steps": result.model_steps, "signals": list(result.signals)}
    if result.false_claim:
        data["model_reply"] = result.model_reply
    if result.hook_errors:
        data["hook_errors"] = list(result.hook_errors)
    if escalated is not None:
        data["escalated"] = dict(escalated)
    tools = tuple(ToolCall(t.name, t.args, t.held, t.result) for t in result.tools)
    return Outcome(reply=result.reply, tools=tools, ask=ask, data=data, tier=spec.tier,
                   false_claim=result.false_claim)


def _consent_outcome(decision: Decision) -> Outcome:
    tools = tuple(ToolCall(str(t["name"]), t["args"], bool(t["held"]), t["result"]) for t in decision.tools)
    data = {"consent": decision.answer, "held": [{"id": i, "status": s} for i, s in decision.settled]}
    return Outcome(reply=decision.reply, tools=tools, writes=decision.writes, data=data)
