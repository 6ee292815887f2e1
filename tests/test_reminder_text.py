"""Model-first reminder text: the model's short summary, NONE asks, deterministic without a model."""

from __future__ import annotations

import pytest

from chat_helpers import chat_json
from steward.calendar.reminders.text import SUBJECT_SCHEMA, Subject, grounded, parse_reply
from steward.llm.testing import ScriptedModelServer, say

NOW = "2026-09-14T23:53:00+05:30"
AI_TRAINING = "can you remind me tomorrow at 10 am for a AI training ?"


@pytest.mark.parametrize("reply, subject", [
    ('{"subject": "Attend AI training"}', Subject("Attend AI training")),
    ('{"subject": "NONE"}', Subject("")),
    ("NONE", Subject("")),
    ('"pick up kids from school."', Subject("Pick up kids from school")),
    ('{"subject": 3}', None),
    ('{"subject": "' + "x" * 200 + '"}', None),
])
def test_parse_reply(reply: str, subject: Subject | None) -> None:
    assert parse_reply(reply) == subject


def test_grounded_needs_a_shared_word() -> None:
    assert grounded("Attend AI training", AI_TRAINING)
    assert grounded("Pick up the kids", "remind me to collect the kids at 3")
    assert not grounded("Buy groceries", AI_TRAINING)
    assert not grounded("It", "remind me about it tomorrow at 9")


@pytest.fixture
def server(kolkata_model: ScriptedModelServer) -> ScriptedModelServer:
    return kolkata_model


def chat(cli, text: str) -> dict:  # type: ignore[no-untyped-def]
    return chat_json(cli, NOW, text)


def test_the_subject_is_the_models_summary(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(say('{"subject": "Attend AI training"}'))
    trace = chat(cli, AI_TRAINING)
    assert trace["handled_by"] == "reminder_creation"
    [write] = trace["writes"]
    assert write["fields"]["text"] == "Attend AI training"
    assert write["fields"]["due"] == "2026-09-15T10:00:00+05:30"  # the date is never the model's
    assert trace["data"]["subject_source"] == "model"
    [request] = server.requests
    assert request.format == SUBJECT_SCHEMA and request.last_user == AI_TRAINING


def test_none_opens_the_what_question_and_the_answer_completes_it(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(say('{"subject": "NONE"}'), say('{"subject": "Attend Python training"}'))
    asked = chat(cli, "remind me about it tomorrow at 9")
    assert asked["reply"] == "What should I remind you about?" and asked["writes"] == []
    assert asked["continuation"]["owner"] == "reminder_creation"
    done = chat(cli, "the python training")
    [write] = done["writes"]
    assert (write["fields"]["text"], write["fields"]["due"]) == ("Attend Python training", "2026-09-15T09:00:00+05:30")


def test_flag_off_is_deterministic_and_asks_no_model(cli, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_REMINDER_LLM", "0")
    trace = chat(cli, AI_TRAINING)
    assert trace["writes"][0]["fields"]["text"] == "AI training"
    assert trace["data"]["subject_source"] == "deterministic" and server.requests == []


def test_no_model_is_deterministic(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_TIMEZONE", "Asia/Kolkata")
    trace = chat(cli, AI_TRAINING)
    assert trace["writes"][0]["fields"]["text"] == "AI training"


def test_a_model_that_is_down_still_sets_the_reminder(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_LLM_TIER2", "ollama http://127.0.0.1:9 qwen2.5:7b-instruct")
    monkeypatch.setenv("STEWARD_LLM_RETRIES", "0")
    monkeypatch.setenv("STEWARD_TIMEZONE", "Asia/Kolkata")
    trace = chat(cli, AI_TRAINING)
    assert trace["writes"][0]["fields"]["text"] == "AI training"
    assert trace["data"]["subject_source"] == "deterministic: model unavailable"


def test_an_invented_summary_is_not_used(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(say('{"subject": "Buy groceries"}'))
    trace = chat(cli, AI_TRAINING)
    assert trace["writes"][0]["fields"]["text"] == "AI training"
    assert trace["data"]["subject_source"].startswith("deterministic: model summary not grounded")


def test_a_summary_that_echoes_the_request_is_not_used(cli, server) -> None:  # type: ignore[no-untyped-def]
    # what SmolLM2-135M answered for this request on the real server
    server.enqueue(say('{"subject": "Remind me about it at 10:45am tomorrow"}'))
    trace = chat(cli, AI_TRAINING)
    assert trace["writes"][0]["fields"]["text"] == "AI training"
    assert trace["data"]["subject_source"] == "deterministic: model summary kept the trigger or a time"
