"""With a model connected, a question the reader read but no answerer could answer goes to the model with
what was read (its frame) in the prompt; the registry's answerers are the model's tools too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mail_files import eml
from steward.llm.testing import ScriptedModelServer, call, say

NOW = "2026-09-20T10:00:00-04:00"


def test_an_unanswered_frame_reaches_the_model_as_context(cli: Any, tmp_path: Path,
                                                          tier2_model: ScriptedModelServer) -> None:
    eml(tmp_path / "mail", "chase", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Card ending in 4417. New balance: $1,842.17. Payment due date: 10/05/2026.", "2026-09-12T08:00:00-04:00")
    assert cli("--now", NOW, "mail", "import", str(tmp_path / "mail")).code == 0
    assert cli("--now", NOW, "dues", "extract", "--no-progress").code == 0
    tier2_model.enqueue(say("I can't see your spending, only what is due."))
    out = cli("--now", NOW, "--json", "chat", "how much did I spend on groceries with my Chase card?")
    assert out.code == 0, out.err
    assert out.json()["handled_by"] == "loop"
    system = tier2_model.requests[-1].system
    assert "Steward's reader read the user's question as: about money" in system
    assert "Chase" in system and "(issuer)" in system


def test_the_answerers_are_the_models_tools_and_answer_as_the_reader_does(cli: Any, tmp_path: Path,
                                                                         tier2_model: ScriptedModelServer) -> None:
    eml(tmp_path / "mail", "chase", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Card ending in 4417. New balance: $1,842.17. Payment due date: 10/05/2026.", "2026-09-12T08:00:00-04:00")
    assert cli("--now", NOW, "mail", "import", str(tmp_path / "mail")).code == 0
    assert cli("--now", NOW, "dues", "extract", "--no-progress").code == 0
    tier2_model.enqueue(call("ask_money", question="what's the balance on the card ending 4417?"),
                        say("You owe $1,842.17 on the Chase card."))
    out = cli("--now", NOW, "--json", "chat", "explain where I stand with Chase")
    assert out.code == 0, out.err
    trace = out.json()
    assert {"ask_money", "ask_appointments", "ask_schedule", "ask_mail", "ask_brief"} <= set(
        tier2_model.requests[0].tool_names)
    [tool] = trace["tools"]
    assert tool["name"] == "ask_money" and "1,842.17" in tool["result"]["answer"]
    assert tool["result"]["frame"]["filters"][0]["values"][0]["slot"] == "account"
