"""The brief's loop tools: what the intercept cannot parse goes to the model, whose configure_brief is held
until the user says yes, and a confident "done" with no tool call changes nothing (ADR-0103 postscript)."""

from __future__ import annotations

import pytest

from chat_helpers import chat_json
from steward.llm.testing import ScriptedModelServer, call, say

NOW = "2026-12-01T07:30:00+05:30"


@pytest.fixture
def server(kolkata_model: ScriptedModelServer, monkeypatch: pytest.MonkeyPatch) -> ScriptedModelServer:
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    return kolkata_model


def turn(cli, text: str) -> dict:  # type: ignore[no-untyped-def]
    return chat_json(cli, NOW, text)


def slots(cli) -> list[str]:  # type: ignore[no-untyped-def]
    return [s["slot"] for s in cli("--now", NOW, "--json", "brief").json()["sections"]]


def test_an_unparsed_request_goes_to_the_model_and_configure_brief_waits_for_yes(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("show_brief"), call("configure_brief", action="remove", section="mail sync"),
                   call("ask_user", question="Shall I take Mail sync out of your brief?"))
    first = turn(cli, "can you make my daily briefing shorter")
    assert first["handled_by"] == "loop" and first["route"]["intent"] == "action"
    assert [(t["name"], t["held"]) for t in first["tools"]] == [
        ("show_brief", False), ("configure_brief", True), ("ask_user", False)]
    assert first["writes"] == [] and "mail_health" in slots(cli)
    done = turn(cli, "yes")
    [write] = done["writes"]
    assert write["kind"] == "brief_prefs" and write["fields"]["prefs"]["removed"] == ["mail_health"]
    assert "mail_health" not in slots(cli)
    # the intercept takes it back, no model needed
    assert turn(cli, "undo that change to my brief")["handled_by"] == "brief_config"
    assert "mail_health" in slots(cli)


def test_a_confident_done_without_the_tool_changes_nothing(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(say("Done! Your daily briefing is now shorter."))
    reply = turn(cli, "can you make my daily briefing shorter")
    assert reply["writes"] == [] and reply["tools"] == []
    assert reply["false_claim"] is True and "I haven't saved anything" in reply["reply"]
    assert slots(cli) == ["schedule", "tomorrow", "dues", "inbox", "appointments", "mail_health"]


def test_a_bad_tool_call_is_an_error_the_model_reads(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("configure_brief", action="add", section="weather"), say("There is no weather section."))
    reply = turn(cli, "can you make my daily briefing shorter")
    [tool] = reply["tools"]
    assert tool["result"]["error"] == "bad_arguments" and "no brief section 'weather'" in tool["result"]["error_text"]
    assert reply["writes"] == []
