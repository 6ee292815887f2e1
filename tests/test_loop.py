"""The agent loop inside the turn pipeline: `steward chat` with a tier pointing at the scripted server."""

from __future__ import annotations

import pytest

from steward.llm.testing import ScriptedModelServer, call, say

NOW = "2026-09-14T23:53:00+05:30"
DATE_LINE = "Now: Monday 14 September 2026, 23:53 in Asia/Kolkata (UTC+05:30)."


@pytest.fixture
def server(kolkata_model: ScriptedModelServer) -> ScriptedModelServer:
    return kolkata_model


def turn(cli, text: str, now: str = NOW, *extra: str) -> dict:  # type: ignore[no-untyped-def]
    result = cli("chat", "--now", now, "--json", *extra, text)
    assert result.code == 0, result.err
    return result.json()


def test_the_adr_0112_session_through_the_pipeline(cli, server: ScriptedModelServer) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(
        call("ask_user", question="What task or event are you checking for 5 PM?"),
        call("create_reminder", text="Python training", time="5 pm"),
        call("ask_user", question="Shall I set a reminder for Python training at 5 PM?"),
    )
    first = turn(cli, "how about 5 PM?")
    assert first["handled_by"] == "loop" and first["tier"] == "tier2"
    assert first["reply"] == "What task or event are you checking for 5 PM?"
    assert first["continuation"] == {"owner": "loop", "question": first["reply"]}

    second = turn(cli, "Python training")
    assert second["writes"] == []
    assert [(t["name"], t["held"]) for t in second["tools"]] == [("create_reminder", True), ("ask_user", False)]
    assert second["tools"][0]["args"] == {"text": "Python training", "time": "5 pm"}
    assert "Saying yes saves a reminder \u201cPython training\u201d for Tue, 15 Sept 2026 at 17:00." in second["reply"]
    assert cli("reminders", "list", "--json", "--now", NOW).json() == []

    third = turn(cli, "yes")
    [write] = third["writes"]
    assert write["kind"] == "reminder"
    assert (write["fields"]["text"], write["fields"]["due"]) == ("Python training", "2026-09-15T17:00:00+05:30")
    assert third["reply"] == "Done: a reminder \u201cPython training\u201d for Tue, 15 Sept 2026 at 17:00."
    assert third["tools"][0]["name"] == "create_reminder" and third["tools"][0]["held"] is False

    server.enqueue(say("Yes to what?"))
    fourth = turn(cli, "yes")  # a second yes has nothing waiting: it goes to the model, which writes nothing
    assert fourth["writes"] == [] and fourth["reply"] == "Yes to what?"
    reminders = cli("reminders", "list", "--json", "--now", NOW).json()
    assert [r["text"] for r in reminders] == ["Python training"]
    assert all(r.system.startswith(DATE_LINE) for r in server.requests)


def test_a_later_yes_does_not_write_what_was_asked_before_another_request(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow"), say("Shall I?"),
                   say("I can't see the weather."), say("Yes to what?"))
    asked = turn(cli, "I should call Sam at some point tomorrow, can you help")
    assert asked["tools"][0]["held"] and asked["continuation"]["owner"] == "loop"
    turn(cli, "what's the weather like")  # something else: the held call is dropped
    later = turn(cli, "yes")
    assert later["writes"] == []
    assert cli("reminders", "list", "--json", "--now", NOW).json() == []


def test_a_false_done_is_marked_in_the_trace(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(say("I've set a reminder for your Python training at 5 PM."))
    trace = turn(cli, "can you help with python training at 5")
    assert trace["false_claim"] is True and trace["writes"] == []
    assert trace["data"]["model_reply"] == "I've set a reminder for your Python training at 5 PM."
    assert trace["reply"].startswith("I haven't saved anything")


def test_the_trace_shows_tool_results_and_errors_as_data(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("list_schedule", day="2026-09-15"), call("list_schedule", day="tomorrow"),
                   say("Nothing tomorrow."))
    trace = turn(cli, "talk me through what matters most to me")
    first, second = trace["tools"]
    assert first["result"]["error"] == "model_computed_date"
    assert second["result"]["day"] == "2026-09-15" and second["result"]["items"] == []
    assert trace["reply"] == "Nothing tomorrow." and trace["false_claim"] is False


def test_dry_run_holds_nothing_and_writes_nothing(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow"), say("Shall I?"), say("Yes to what?"))
    trace = turn(cli, "I should call Sam at some point tomorrow, can you help", NOW, "--dry-run")
    assert trace["dry_run"] and trace["tools"][0]["held"]
    follow = turn(cli, "yes")  # nothing was held by the dry run, so there is nothing to say yes to
    assert follow["writes"] == [] and follow["reply"] == "Yes to what?"
    assert cli("reminders", "list", "--json", "--now", NOW).json() == []


def test_a_model_server_that_is_down_is_one_line(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_LLM_TIER2", "ollama http://127.0.0.1:9 qwen2.5:7b-instruct")
    monkeypatch.setenv("STEWARD_LLM_RETRIES", "0")
    result = cli("chat", "--now", NOW, "give me a pep talk before work")
    assert result.code == 1
    assert result.err.strip() == ("steward: cannot reach the model server at http://127.0.0.1:9 "
                                  "(connection refused); is it running? (llm.tier2)")


def test_a_missing_model_is_one_line(cli, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_LLM_TIER2", server.tier("ollama", model="qwen2.5:7b-instruct"))
    result = cli("chat", "--now", NOW, "give me a pep talk before work")
    assert result.code == 1 and result.err.count("\n") == 1
    assert "run `ollama pull qwen2.5:7b-instruct`" in result.err


def test_no_tier_is_the_offline_answer(cli) -> None:  # type: ignore[no-untyped-def]
    trace = cli("chat", "--now", NOW, "--json", "sync my calendar with outlook").json()
    assert trace["handled_by"] == "offline"


def test_the_escalation_judge_moves_a_false_claim_to_tier3(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with ScriptedModelServer([say("Done, I've set it.")]) as weak, \
            ScriptedModelServer([call("create_reminder", text="Python training", time="5 pm"),
                                 call("ask_user", question="Shall I set it?")]) as strong:
        monkeypatch.setenv("STEWARD_LLM_TIER2", weak.tier("ollama"))
        monkeypatch.setenv("STEWARD_LLM_TIER3", strong.tier("openai"))
        monkeypatch.setenv("STEWARD_LLM_ESCALATION_JUDGE", "1")
        trace = turn(cli, "I keep forgetting the python training at 5")
        assert trace["tier"] == "tier3"
        assert trace["data"]["escalated"] == {"from": "tier2", "reason": "false_claim", "source": "signal"}
        assert trace["tools"][0]["held"] and trace["false_claim"] is False
        assert len(weak.requests) == 1 and len(strong.requests) == 2


def test_pre_tool_use_can_block_a_tool_and_post_tool_use_adds_context(cli, server, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    seen = tmp_path / "post.json"
    monkeypatch.setenv("STEWARD_HOOKS_PRE_TOOL_USE", json.dumps([
        "grep -q create_reminder && { echo 'no reminders from the model today' >&2; exit 2; } || true"]))
    context = json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                                 "additionalContext": "the user is on holiday"}})
    monkeypatch.setenv("STEWARD_HOOKS_POST_TOOL_USE", json.dumps([f"cat > {seen}; echo '{context}'"]))
    server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow"), call("list_schedule", day="tomorrow"),
                   say("Nothing tomorrow."))
    trace = turn(cli, "I should call Sam at some point tomorrow, can you help")
    blocked, schedule = trace["tools"]
    assert blocked["held"] is False
    assert blocked["result"] == {"error": "blocked_by_hook", "error_text": "no reminders from the model today"}
    assert trace["continuation"] is None  # nothing held, nothing to ask about
    posted = json.loads(seen.read_text())
    assert posted["hook_event_name"] == "PostToolUse" and posted["tool_name"] == "list_schedule"
    assert posted["tool_response"]["day"] == "2026-09-15"
    tool_message = server.requests[2].messages[-1]
    assert tool_message["content"].endswith("\nthe user is on holiday")


def test_steward_pending_answers_a_card_by_id_and_only_while_its_question_is_open(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("create_reminder", text="Call Sam", day="tomorrow", time="5 pm"), say("Shall I?"))
    first = turn(cli, "I should call Sam tomorrow at 5, can you help")
    first_id = first["tools"][0]["result"]["held_id"]
    listed = cli("pending", "list", "--now", NOW, "--json").json()
    assert [p["id"] for p in listed["pending"]] == [first_id]
    asked = turn(cli, "remind me tomorrow at 10 am")  # Steward's own question: the card's write waits beside it
    assert asked["superseded"] == [] and [w["id"] for w in asked["waiting"]] == [first_id]
    assert [p["id"] for p in cli("pending", "list", "--now", NOW, "--json").json()["pending"]] == [first_id]

    assert turn(cli, "no")["writes"] == []  # answers the open question (the reminder's), not the card
    server.enqueue(call("create_reminder", text="Pay rent", day="tomorrow", time="9 am"), say("Shall I?"))
    second = turn(cli, "I should pay the rent tomorrow at 9, can you help")  # the model again: what waited goes
    assert second["superseded"] == [first_id] and second["waiting"] == []
    refused = cli("pending", "confirm", first_id, "--now", NOW)
    assert refused.code == 1 and refused.err.strip() == "steward: that question is no longer open: ask again"
    done = cli("pending", "confirm", second["tools"][0]["result"]["held_id"], "--now", NOW, "--json")
    assert done.code == 0 and [w["fields"]["text"] for w in done.json()["writes"]] == ["Pay rent"]
    reminders = cli("reminders", "list", "--json", "--now", NOW).json()
    assert [r["text"] for r in reminders] == ["Pay rent"]
