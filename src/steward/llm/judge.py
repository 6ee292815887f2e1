"""The escalation judge (flag `llm.escalation_judge`, off by default): may move a run to tier3.

ADR-0103's measurement is why it is off and why it does not stand alone: a quality judge accepted a
confabulated "done" with confidence 0.9, and the bigger model then called the tool less often. So the
run's own evidence decides first (`signals`: a false claim of a write, the step limit hit, every tool
call failing); the model judge is asked only when that evidence is clean, and any failure of the judge
counts as "accept" so a broken judge never costs the user an answer.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from steward.errors import ConnectorError
from steward.llm.messages import ChatModel, Message

log = logging.getLogger(__name__)

JUDGE_SCHEMA = {
    "type": "object",
    "properties": {
        "verdict": {"type": "string", "enum": ["accept", "escalate"]},
        "reason": {"type": "string"},
    },
    "required": ["verdict", "reason"],
}
JUDGE_PROMPT = (
    "You review an assistant's answer. Reply with JSON {\"verdict\": \"accept\" | \"escalate\", \"reason\": "
    "\"...\"}. Escalate when the answer does not address the request, is confused, or says it cannot do "
    "something the request needs. Accept otherwise."
)


@dataclass(frozen=True)
class Verdict:
    """Whether to rerun on tier3, and why (`source`: signal | judge | none)."""

    escalate: bool
    reason: str
    source: str = "none"


def signals_verdict(signals: Sequence[str]) -> Verdict | None:
    """The run's own evidence: any signal escalates without asking a model."""
    if signals:
        return Verdict(True, ", ".join(signals), "signal")
    return None


def ask_judge(model: ChatModel, request: str, answer: str) -> Verdict:
    """Ask `model` whether `answer` serves `request`; a failing judge accepts."""
    messages = [Message("system", JUDGE_PROMPT),
                Message("user", f"Request: {request}\n\nAnswer: {answer}")]
    try:
        reply = model.chat(messages, format=JUDGE_SCHEMA)
        data = json.loads(reply.text)
        verdict = str(data["verdict"]).strip().lower()
        reason = str(data.get("reason") or "")
    except ConnectorError as exc:
        log.debug("escalation judge unavailable: %s", exc)
        return Verdict(False, f"judge unavailable: {exc}")
    except (json.JSONDecodeError, KeyError, TypeError):
        log.debug("escalation judge answered out of schema")
        return Verdict(False, "judge answered out of schema")
    return Verdict(verdict == "escalate", reason, "judge")
