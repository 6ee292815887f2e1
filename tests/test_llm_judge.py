"""The escalation judge: evidence first, the model's verdict second, a broken judge accepts."""

from __future__ import annotations

from steward.llm import make_model, parse_tier
from steward.llm.judge import JUDGE_SCHEMA, ask_judge, signals_verdict
from steward.llm.testing import ScriptedModelServer, fail, say


def test_signals_escalate_without_a_model() -> None:
    assert signals_verdict([]) is None
    verdict = signals_verdict(["false_claim"])
    assert verdict is not None and verdict.escalate and verdict.source == "signal"


def test_the_judge_is_asked_with_a_schema_and_its_verdict_kept() -> None:
    with ScriptedModelServer([say('{"verdict": "escalate", "reason": "did not answer"}'),
                              say('{"verdict": "accept", "reason": "fine"}'),
                              say("I think it is fine"), fail(500, "boom")]) as server:
        model = make_model(parse_tier("tier3", server.tier("openai")))  # type: ignore[arg-type]
        first = ask_judge(model, "set a reminder", "Sorry, I can't.")
        assert first.escalate and first.reason == "did not answer" and first.source == "judge"
        assert server.requests[0].format == JUDGE_SCHEMA
        assert "set a reminder" in server.requests[0].last_user
        assert not ask_judge(model, "q", "a").escalate
        out_of_schema = ask_judge(model, "q", "a")
        assert not out_of_schema.escalate and "schema" in out_of_schema.reason
        down = ask_judge(model, "q", "a")
        assert not down.escalate and "unavailable" in down.reason
