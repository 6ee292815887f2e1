"""The turn pipeline: the trace, the offline answer, hooks, recording, bad input."""

import json
import sqlite3
from pathlib import Path

NOW = "2026-09-14T23:53:00+05:30"


def test_an_unhandled_turn_gets_the_honest_offline_answer(cli) -> None:
    trace = cli("--now", NOW, "chat", "--json", "sync my calendar with outlook").json()
    assert trace["handled_by"] == "offline"
    assert trace["tier"] is None and trace["writes"] == [] and trace["tools"] == []
    assert "can't answer that offline" in trace["reply"] and "steward setup" in trace["reply"]
    assert trace["continuation"] is None


def test_a_turn_outside_stewards_data_is_told_so_in_one_line(cli) -> None:
    trace = cli("--now", NOW, "chat", "--json", "tell me a joke about penguins").json()
    assert trace["handled_by"] == "outside" and trace["tier"] is None and trace["writes"] == []
    assert trace["route"]["intent"] == "out_of_scope"  # a joke is not one of Steward's domains
    assert trace["reply"].startswith("I can't tell jokes") and "steward setup" not in trace["reply"]
    assert trace["continuation"] is None
    assert trace["session"] == "2026-09-14"  # one session per day on the user's clock


def test_help_lists_what_works_offline(cli) -> None:
    out = cli("--now", NOW, "chat", "what can you do?")
    assert out.code == 0
    assert "You can say" in out.out and "schedule" in out.out and "can't answer" not in out.out


def test_an_action_with_no_model_is_promoted_and_answered_offline(cli) -> None:
    trace = cli("--now", NOW, "chat", "--json", "set my timezone to Asia/Kolkata").json()
    assert trace["route"]["intent"] == "action"
    assert trace["handled_by"] == "offline" and "change" in trace["reply"]


def test_every_turn_is_recorded_in_its_session(cli, steward_home: Path) -> None:
    cli("--now", NOW, "chat", "--session", "s1", "tell me a joke")
    cli("--now", NOW, "chat", "--session", "s1", "what is the weather")
    cli("--now", NOW, "chat", "--session", "s1", "--dry-run", "dry runs leave no trace")
    conn = sqlite3.connect(steward_home / "steward.db")
    rows = conn.execute("SELECT text, handled_by, trace FROM turns WHERE session = 's1' ORDER BY at, rowid").fetchall()
    assert [r[0] for r in rows] == ["tell me a joke", "what is the weather"]
    assert json.loads(rows[0][2])["handled_by"] == "outside"


def test_bad_input_is_one_line_and_exit_1(cli) -> None:
    out = cli("--now", NOW, "chat", "   ")
    assert out.code == 1 and out.err.count("\n") == 1 and "say something" in out.err
    huge = cli("--now", NOW, "chat", "x" * 5000)
    assert huge.code == 1 and "the most one turn takes is 4000" in huge.err


def test_chat_dash_reads_a_turn_a_line_and_keeps_going_past_a_bad_one(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_ASSISTANT_MAX_TURN_CHARS", "50")
    stdin = "tell me a joke\n\n" + "y" * 60 + "\nwhat can you do\n"
    out = cli("--now", NOW, "chat", "-", stdin=stdin)
    lines = out.json_lines()
    assert [line.get("handled_by") for line in lines] == ["outside", None, "small_talk"]
    assert "the most one turn takes is 50" in lines[1]["error"]
    assert out.code == 1


def test_a_user_prompt_hook_can_block_a_turn(cli, monkeypatch, tmp_path: Path) -> None:
    log = tmp_path / "prompts.log"
    monkeypatch.setenv("STEWARD_HOOKS_USER_PROMPT_SUBMIT", json.dumps([
        f"cat >> {log}; echo",
        "grep -qi 'password' && { echo 'that looks like a secret' >&2; exit 2; } || true",
    ]))
    blocked = cli("--now", NOW, "chat", "--json", "my password is hunter2").json()
    assert blocked["handled_by"] == "hook" and "that looks like a secret" in blocked["reply"]
    fine = cli("--now", NOW, "chat", "--json", "tell me a joke").json()
    assert fine["handled_by"] == "outside"
    assert log.read_text().count("UserPromptSubmit") == 2


def test_route_has_no_side_effects(cli, steward_home: Path) -> None:
    out = cli("route", "--json", "how many emails did I get from HDFC")
    got = out.json()
    assert got["intent"] == "communication" and got["source"] in {"semantic", "keyword"}
    lines = cli("route", "-", stdin="what do I owe\nremind me to call mom\n").json_lines()
    assert [line["intent"] for line in lines] == ["finance", "calendar"]
    assert not (steward_home / "steward.db").exists()  # routing never even opens the store
