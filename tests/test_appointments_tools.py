"""The loop's appointment tools: list_appointments reads what mail proposed, accept_appointment is held until yes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from steward.llm.testing import ScriptedModelServer, call, say
from test_appointments_service import NOW, events, mailbox, scan


@pytest.fixture(autouse=True)
def quiet(no_semantic: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_APPOINTMENTS_INTERCEPT", "0")  # the loop answers, not the intercept


def turn(cli: Any, text: str) -> dict[str, Any]:
    out = cli("--now", NOW, "--json", "chat", text, "--session", "t1")
    assert out.code == 0, out.err
    return out.json()


def test_accept_appointment_is_held_until_the_user_says_yes(cli: Any, tmp_path: Path,
                                                            tier2_model: ScriptedModelServer) -> None:
    mailbox(tmp_path, cli)
    (item,) = scan(cli)["items"]
    tier2_model.enqueue(call("list_appointments"), call("accept_appointment", id=item["id"]),
                        call("ask_user", question="Shall I add the Lakeside Dental appointment?"))
    asked = turn(cli, "put that dentist thing from my mail in the diary")
    assert [(t["name"], t["held"]) for t in asked["tools"]] == [
        ("list_appointments", False), ("accept_appointment", True), ("ask_user", False)]
    (listed,) = asked["tools"][0]["result"]["appointments"]
    assert listed["provider"] == "Lakeside Dental" and listed["status"] == "proposed"
    assert "message_id" not in listed  # the model is never handed the evidence's id
    assert asked["writes"] == [] and events(cli) == []
    done = turn(cli, "yes")
    (write,) = done["writes"]
    assert write["kind"] == "event" and write["fields"]["status"] == "created"
    (event,) = events(cli)
    assert event["title"] == "Lakeside Dental appointment" and event["start"] == "2026-09-17T16:30:00+05:30"


def test_an_appointment_that_is_not_waiting_is_a_tool_error(cli: Any, tmp_path: Path,
                                                            tier2_model: ScriptedModelServer) -> None:
    mailbox(tmp_path, cli)
    tier2_model.enqueue(call("accept_appointment", id=42), say("There is no such appointment."))
    trace = turn(cli, "put appointment 42 from my mail in the diary")
    assert trace["tools"][0]["result"]["error"] == "not_found"
    assert trace["writes"] == [] and events(cli) == []
