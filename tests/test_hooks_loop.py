"""Session names through Steward's own loop (the scripted model server), ADR 0183's regressions.

Two reminders then silence; a re-mint resets the budget; the coordination commands neither carry nor
consume it; a readable sighting of the title block ends the reminders early; a hook that crashes or
hangs fails open. The count is in the store: every `cli(...)` below is a fresh App, as after a restart.
"""

from __future__ import annotations

import json

import pytest

from chat_helpers import chat_json
from steward.llm.testing import Scripted, ScriptedModelServer, call, say

NOW = "2026-09-14T10:00:00+05:30"
REMINDER = "if you have not already shown the title block in this turn"


@pytest.fixture
def server(kolkata_model: ScriptedModelServer, monkeypatch: pytest.MonkeyPatch) -> ScriptedModelServer:
    monkeypatch.setenv("STEWARD_LLM_MAX_STEPS", "12")
    return kolkata_model


def turn(cli, text: str, session: str = "work") -> dict:  # type: ignore[no-untyped-def]
    return chat_json(cli, NOW, text, "--session", session)


def tool_results(server: ScriptedModelServer) -> list[str]:
    """The last tool message each model request carried (what the model read after each tool call)."""
    found = []
    for request in server.requests:
        last = request.messages[-1]
        if last.get("role") == "tool":
            found.append(str(last["content"]))
    return found


def status(cli, session: str = "work") -> dict:  # type: ignore[no-untyped-def]
    return cli("session", "status", "--session", session, "--json").json()


def reminded(cli, session: str = "work") -> list[str]:  # type: ignore[no-untyped-def]
    log = cli("session", "log", "--session", session, "--json").json()["entries"]
    return [e["detail"] for e in log if e["kind"] == "session-name-display-reminded"]


def test_two_reminders_then_silence(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("set_task", task="plan the team offsite"), call("list_schedule", day="tomorrow"),
                   call("list_schedule", day="today"), call("list_schedule", day="tomorrow"), say("All clear."))
    trace = turn(cli, "help me get going on the team offsite")
    assert trace["reply"] == "All clear."
    minted, first, second, third = tool_results(server)
    assert json.loads(minted)["title"] == "Plan the team offsite"
    assert "**Session:** Plan the team offsite" in json.loads(minted)["instruction"]
    assert REMINDER not in minted  # the mint carries the full instruction, never the reminder
    assert REMINDER in first and "**Session:** Plan the team offsite" in first
    assert REMINDER in second
    assert REMINDER not in third
    assert status(cli)["display"] == "pending" and status(cli)["reminders"] == 2
    assert reminded(cli) == ["1 of 2 for \u201cPlan the team offsite\u201d", "2 of 2 for \u201cPlan the team offsite\u201d"]

    # the budget is in the store: a later turn (a new process) stays silent
    server.enqueue(call("list_schedule", day="today"), say("Still clear."))
    turn(cli, "what else should I tackle")
    assert server.remaining == 0 and REMINDER not in tool_results(server)[-1]
    assert len(reminded(cli)) == 2


def test_a_re_mint_resets_the_budget(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("set_task", task="plan the team offsite"), call("list_schedule"), call("list_schedule"),
                   call("list_schedule"), call("set_task", task="draft the quarterly budget"), call("list_schedule"),
                   say("OK."))
    turn(cli, "help me get going on the team offsite")
    results = tool_results(server)
    assert [REMINDER in r for r in results] == [False, True, True, False, False, True]
    assert "Draft the quarterly budget" in results[-1]
    assert status(cli)["title"] == "Draft the quarterly budget" and status(cli)["reminders"] == 1
    # the same title again is no new request: the count stays
    server.enqueue(call("set_task", task="draft the quarterly budget"), call("list_schedule"), call("list_schedule"),
                   say("OK."))
    turn(cli, "and the budget")
    assert [REMINDER in r for r in tool_results(server)[-3:]] == [False, True, False]


def test_chores_neither_carry_nor_consume_the_budget(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("set_task", task="plan the team offsite"), call("status"),
                   call("suggest_name", task="the offsite in march"), call("status"), call("list_schedule"),
                   call("list_schedule"), call("list_schedule"), say("OK."))
    turn(cli, "help me get going on the team offsite")
    results = tool_results(server)
    assert [REMINDER in r for r in results] == [False, False, False, False, True, True, False]
    assert json.loads(results[1])["display"] == "pending" and json.loads(results[1])["reminders"] == 0
    assert json.loads(results[2])["suggestion"] == "The offsite in march"
    assert status(cli)["title"] == "Plan the team offsite"  # a suggestion sets nothing


def test_a_sighting_of_the_block_ends_the_reminders_early(cli, server) -> None:  # type: ignore[no-untyped-def]
    shown = Scripted(text="**Session:** Plan the team offsite\n\nLet me look at tomorrow.",
                     calls=(("list_schedule", {"day": "tomorrow"}),))
    server.enqueue(call("set_task", task="plan the team offsite"), shown, call("list_schedule"), say("OK."))
    turn(cli, "help me get going on the team offsite")
    assert [REMINDER in r for r in tool_results(server)] == [False, False, False]
    assert status(cli)["display"] == "shown" and status(cli)["reminders"] == 0
    kinds = [e["kind"] for e in cli("session", "log", "--session", "work", "--json").json()["entries"]]
    assert kinds == ["session-name-minted", "session-name-display-seen"]


def test_a_block_in_the_final_answer_counts_as_shown(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("set_task", task="plan the team offsite"), say("**Session:** Plan the team offsite\n\nReady."))
    turn(cli, "help me get going on the team offsite")
    assert status(cli)["display"] == "shown"
    server.enqueue(call("list_schedule"), say("OK."))
    turn(cli, "which step should I take first")
    assert server.remaining == 0 and REMINDER not in tool_results(server)[-1]


def test_crashing_and_hanging_hooks_fail_open(cli, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_HOOKS_TIMEOUT", "0.5")
    monkeypatch.setenv("STEWARD_HOOKS_PRE_TOOL_USE", json.dumps(["sleep 20"]))
    monkeypatch.setenv("STEWARD_HOOKS_POST_TOOL_USE", json.dumps([{"matcher": "list_.*", "command": "exit 3"},
                                                                  "echo '{garbage'"]))
    server.enqueue(call("set_task", task="plan the team offsite"), call("list_schedule", day="tomorrow"),
                   say("Nothing tomorrow."))
    trace = turn(cli, "help me get going on the team offsite")
    assert trace["reply"] == "Nothing tomorrow."
    assert trace["tools"][1]["result"]["day"] == "2026-09-15"  # the tool ran
    assert REMINDER in tool_results(server)[1]  # and the session-name hook still answered
    errors = trace["data"]["hook_errors"]
    assert "PreToolUse set_task: 'sleep 20': no answer within 0.5 s" in errors
    assert "PostToolUse list_schedule: 'exit 3': exit 3" in errors
    assert any("PostToolUse list_schedule: \"echo '{garbage'\": the output is not JSON" in e for e in errors)
    log = cli("session", "log", "--session", "work", "--json").json()["entries"]
    assert sum(e["kind"] == "hook-error" for e in log) == len(errors) == 5


def test_a_stop_hook_asks_for_more_once(cli, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_HOOKS_STOP", json.dumps([
        "grep -q '\"stop_hook_active\": false' && { echo 'say which day you looked at' >&2; exit 2; } || true"]))
    server.enqueue(say("Nothing on."), say("Nothing on tomorrow."), say("unused"))
    trace = turn(cli, "talk me through what matters most to me")
    assert trace["reply"] == "Nothing on tomorrow."
    assert server.requests[1].last_user == "say which day you looked at"
    assert server.remaining == 1  # the second Stop (stop_hook_active true) let the answer stand


def test_session_start_context_reaches_the_first_turn_only(cli, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    context = json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart",
                                                 "additionalContext": "The user is in Lisbon this week."}})
    monkeypatch.setenv("STEWARD_HOOKS_SESSION_START", json.dumps([{"matcher": "startup", "command": f"echo '{context}'"}]))
    server.enqueue(say("Hi."), say("Hi again."))
    turn(cli, "talk me through what matters most to me", session="trip")
    turn(cli, "and after that", session="trip")
    assert "The user is in Lisbon this week." in server.requests[0].system
    assert "Lisbon" not in server.requests[1].system


def test_titles_are_listed_and_turned_off_by_the_flag(cli, server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("set_task", task="plan the team offsite"), say("OK."))  # "hello" is small talk: no model turn
    turn(cli, "help me get going on the team offsite")
    turn(cli, "hello", session="other")
    listed = cli("chat", "--session", "--json").json()["sessions"]
    assert {(s["session"], s["title"], s["turns"]) for s in listed} == {("work", "Plan the team offsite", 1),
                                                                       ("other", None, 1)}
    human = cli("chat", "--session").out
    assert "work  Plan the team offsite" in human and "other  (no title)" in human
    monkeypatch.setenv("STEWARD_SESSION_NAMES", "0")
    server.enqueue(call("set_task", task="x"), say("OK."))
    trace = turn(cli, "help me get going on the team offsite")
    assert trace["tools"][0]["result"]["error"] == "session_names_off"
    assert cli("session", "status").err.strip() == "steward: session titles are turned off (the session_names setting is 0)"


def test_a_dry_run_shows_the_reminder_and_records_nothing(cli, server) -> None:  # type: ignore[no-untyped-def]
    server.enqueue(call("set_task", task="plan the team offsite"), say("OK."))
    turn(cli, "help me get going on the team offsite")
    server.enqueue(call("list_schedule"), call("list_schedule"), call("list_schedule"), say("OK."))
    result = cli("chat", "--now", NOW, "--json", "--session", "work", "--dry-run", "what is left to do")
    assert result.code == 0, result.err
    assert [REMINDER in r for r in tool_results(server)[-3:]] == [True, True, True]  # nothing was counted
    assert status(cli)["reminders"] == 0 and reminded(cli) == []
