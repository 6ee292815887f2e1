"""The loop's money tools: list_dues and list_accounts read the dues, mark_due_paid is held until yes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mail_files import eml
from steward.llm.testing import ScriptedModelServer, call, say

NOW = "2026-09-20T10:00:00-04:00"


def turn(cli: Any, text: str) -> dict[str, Any]:
    out = cli("--now", NOW, "chat", "--json", text)
    assert out.code == 0, out.err
    return out.json()


def test_mark_due_paid_is_held_until_the_user_says_yes(cli: Any, tmp_path: Path,
                                                        tier2_model: ScriptedModelServer) -> None:
    eml(tmp_path / "mail", "chase", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Card ending in 4417. New balance: $1,842.17. Payment due date: 10/05/2026.", "2026-09-12T08:00:00-04:00")
    assert cli("--now", NOW, "mail", "import", str(tmp_path / "mail")).code == 0
    assert cli("--now", NOW, "dues", "extract", "--no-progress").code == 0
    [due] = [i for g in cli("--now", NOW, "--json", "dues").json()["currencies"] for i in g["items"]]
    tier2_model.enqueue(call("list_dues", window="all"), call("list_accounts"),
                        call("mark_due_paid", id=due["id"]),
                        call("ask_user", question="Shall I mark the Chase card due paid?"))
    asked = turn(cli, "I settled the Chase one yesterday, sort it out")
    assert [(t["name"], t["held"]) for t in asked["tools"]] == [
        ("list_dues", False), ("list_accounts", False), ("mark_due_paid", True), ("ask_user", False)]
    listed = asked["tools"][0]["result"]
    assert listed["currencies"][0]["items"][0]["amount"] == "1842.17"
    assert asked["tools"][1]["result"]["accounts"][0]["account"] == "XXXX4417"
    assert asked["writes"] == []
    assert cli("--now", NOW, "--json", "dues").json()["currencies"] != []  # nothing written yet
    done = turn(cli, "yes")
    [write] = done["writes"]
    assert write["kind"] == "due" and write["fields"]["status"] == "paid"
    assert cli("--now", NOW, "--json", "dues").json()["currencies"] == []


def test_a_due_that_does_not_exist_is_a_tool_error_the_model_reads(cli: Any, tier2_model: ScriptedModelServer) -> None:
    tier2_model.enqueue(call("mark_due_paid", id=42), say("There is no such due."))
    trace = turn(cli, "I settled the gym thing, sort it out")
    assert trace["tools"][0]["result"]["error"] == "not_found"
    assert trace["writes"] == []
