"""`steward hook EVENT` as Claude Code's command hook, with payloads shaped like its documentation.

The state is kept by `session_id` in Steward's store; the transcript (`transcript_path`, JSONL) is
read for sightings; the answers are the protocol's JSON. Also: the process stays light (no ONNX,
numpy or httpx is imported).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SESSION = "9ecf22fa-edf8-4332-ae85-b6d5456eda64"
REMINDER = "if you have not already shown the title block in this turn"


def payload(event: str, tool: str = "Read", tool_input: dict[str, Any] | None = None, **more: Any) -> str:
    body: dict[str, Any] = {
        "session_id": SESSION, "transcript_path": more.pop("transcript_path", "/nowhere/session.jsonl"),
        "cwd": "/home/user/project", "permission_mode": "default", "hook_event_name": event,
        "tool_name": tool, "tool_input": tool_input if tool_input is not None else {"file_path": "/home/user/a.py"},
        "tool_use_id": "toolu_01ABC",
    }
    if event == "PostToolUse":
        body["tool_response"] = more.pop("tool_response", {"filePath": "/home/user/a.py", "success": True})
    body.update(more)
    return json.dumps(body)


def bash(command: str) -> dict[str, Any]:
    return {"command": command, "description": "run a command"}


def hook(cli, event: str, body: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    result = cli("hook", event, stdin=body)
    assert result.code == 0, result.err
    answer: dict[str, Any] = result.json()
    return answer


def context(answer: dict[str, Any]) -> str:
    specific = answer.get("hookSpecificOutput") or {}
    assert not specific or specific["hookEventName"] == "PostToolUse"
    return str(specific.get("additionalContext") or "")


def mint(cli, task: str = "fix the login bug") -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """What Claude Code does: its Bash tool runs set-task, then PostToolUse reports that call."""
    shell = cli("session", "set-task", task)  # no --session, no CLAUDE_CODE_SESSION_ID: today's session
    assert shell.code == 0
    return hook(cli, "PostToolUse", payload("PostToolUse", "Bash", bash(f"steward session set-task '{task}'"),
                                            tool_response={"stdout": shell.out, "stderr": "", "interrupted": False,
                                                           "isImage": False}))


def status(cli) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return cli("session", "status", "--session", SESSION, "--json").json()


def test_two_reminders_then_silence(cli) -> None:  # type: ignore[no-untyped-def]
    assert mint(cli) == {}  # the mint's own result carries the instruction: no reminder
    assert status(cli)["title"] == "Fix the login bug" and status(cli)["display"] == "pending"
    answers = [hook(cli, "PostToolUse", payload("PostToolUse")) for _ in range(3)]
    assert REMINDER in context(answers[0]) and "**Session:** Fix the login bug" in context(answers[0])
    assert REMINDER in context(answers[1])
    assert answers[2] == {}
    assert status(cli)["reminders"] == 2
    log = cli("session", "log", "--session", SESSION).out
    assert log.count("session-name-display-reminded") == 2


def test_a_re_mint_resets_the_budget(cli) -> None:  # type: ignore[no-untyped-def]
    mint(cli)
    for _ in range(3):
        hook(cli, "PostToolUse", payload("PostToolUse"))
    mint(cli, "write the release notes")
    assert status(cli) | {"reminders": 0} == status(cli)
    assert REMINDER in context(hook(cli, "PostToolUse", payload("PostToolUse")))
    assert status(cli)["title"] == "Write the release notes"


def test_chores_neither_carry_nor_consume_the_budget(cli) -> None:  # type: ignore[no-untyped-def]
    mint(cli)
    for command in ("steward session status", "cd /home/user && steward --json session status",
                    "steward session suggest-name 'the login page'", "python -m steward session status"):
        assert hook(cli, "PostToolUse", payload("PostToolUse", "Bash", bash(command))) == {}
    assert status(cli)["reminders"] == 0
    assert REMINDER in context(hook(cli, "PostToolUse", payload("PostToolUse", "Bash", bash("git status"))))


def test_a_readable_sighting_ends_the_reminders_early(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    mint(cli)
    assert REMINDER in context(hook(cli, "PostToolUse", payload("PostToolUse")))
    transcript = tmp_path / f"{SESSION}.jsonl"
    rows = [
        {"type": "user", "message": {"role": "user", "content": "fix the login bug please"}},
        {"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "text", "text": "**Session:** Fix the login bug\n\nLooking at the form now."},
            {"type": "tool_use", "id": "toolu_01", "name": "Read", "input": {"file_path": "/a.py"}}]}},
        {"type": "summary", "summary": "a row of a kind the reader does not know"},
    ]
    transcript.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert hook(cli, "PreToolUse", payload("PreToolUse", transcript_path=str(transcript))) == {}
    assert status(cli)["display"] == "shown"
    assert hook(cli, "PostToolUse", payload("PostToolUse")) == {}
    assert status(cli)["reminders"] == 1


@pytest.mark.parametrize("what", ["missing", "garbage", "a folder"])
def test_an_unreadable_transcript_stays_bounded(cli, tmp_path: Path, what: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.jsonl"
    if what == "garbage":
        path.write_bytes(b"\x00\xff not json at all\n{{{\n")
    elif what == "a folder":
        path.mkdir()
    mint(cli)
    said = []
    for _ in range(4):
        assert hook(cli, "PreToolUse", payload("PreToolUse", transcript_path=str(path))) == {}
        said.append(REMINDER in context(hook(cli, "PostToolUse", payload("PostToolUse"))))
    assert said == [True, True, False, False]
    log = cli("session", "log", "--session", SESSION, "--json").json()["entries"]
    assert "session-name-transcript-unreadable" in {e["kind"] for e in log}


def test_payloads_with_unknown_or_missing_fields_are_answered(cli) -> None:  # type: ignore[no-untyped-def]
    mint(cli)
    extra = json.loads(payload("PostToolUse"))
    extra.update({"agent_id": "a1", "model": {"id": "claude"}, "tool_response": [{"type": "text", "text": "ok"}]})
    assert REMINDER in context(hook(cli, "PostToolUse", json.dumps(extra)))
    bare = {"session_id": SESSION, "tool_name": "Read"}  # no transcript_path, cwd, tool_input, tool_response
    assert REMINDER in context(hook(cli, "PostToolUse", json.dumps(bare)))
    assert hook(cli, "PreToolUse", json.dumps(bare)) == {}
    assert hook(cli, "PostToolUse", "{}") == {}  # not even a session: nothing to do, still an answer
    assert hook(cli, "Stop", json.dumps({"session_id": SESSION, "stop_hook_active": False})) == {}
    assert hook(cli, "UserPromptSubmit", json.dumps({"session_id": SESSION, "prompt": "go on"})) == {}


def test_session_start_reminds_a_resumed_session_of_its_title(cli) -> None:  # type: ignore[no-untyped-def]
    mint(cli)
    answer = hook(cli, "SessionStart", json.dumps({"session_id": SESSION, "source": "resume"}))
    assert answer["hookSpecificOutput"] == {"hookEventName": "SessionStart",
                                            "additionalContext": "This session is titled \u201cFix the login bug\u201d."}


def test_set_task_takes_claude_codes_session_from_the_environment(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("CLAUDE_CODE_SESSION_ID", SESSION)
    shell = cli("session", "set-task", "--title", "Login fix", "the login bug on the settings page")
    assert shell.out.splitlines()[0] == "Session title: \u201cLogin fix\u201d"
    assert "**Session:** Login fix" in shell.out
    assert status(cli)["title"] == "Login fix"
    assert cli("session", "status").out.strip().startswith(f"{SESSION}: \u201cLogin fix\u201d")
    assert cli("session", "set-task", "--session", "", "x").code == 1
    empty = cli("session", "set-task", "the")
    assert empty.code == 1 and "say what the session is for" in empty.err


def test_a_crashing_command_hook_beside_it_fails_open(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_HOOKS_POST_TOOL_USE", json.dumps(["exit 1", "kill -SEGV $$"]))
    mint(cli)
    result = cli("hook", "PostToolUse", stdin=payload("PostToolUse"))
    assert result.code == 0 and REMINDER in context(result.json())
    assert "'exit 1': exit 1" in result.err and "'kill -SEGV $$': exit -11" in result.err


def test_the_hook_process_stays_light(tmp_path: Path) -> None:
    """`steward hook` runs on every tool call: it must not import ONNX, numpy or httpx."""
    env = {"STEWARD_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "steward", "hook", "PostToolUse"],
                          input=payload("PostToolUse"), capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {}
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    assert "steward" in imported
    assert not imported & {"numpy", "onnxruntime", "onnx", "httpx", "tokenizers", "fastapi", "yaml"}


def test_hooks_running_side_by_side_still_give_two_reminders(cli, steward_home: Path) -> None:  # type: ignore[no-untyped-def]
    """Claude Code runs the hooks of parallel tool calls at once: the budget holds across processes."""
    import os

    mint(cli)
    env = {**os.environ, "STEWARD_HOME": str(steward_home)}
    procs = [subprocess.Popen([sys.executable, "-m", "steward", "hook", "PostToolUse"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) for _ in range(6)]
    answers = [json.loads(p.communicate(payload("PostToolUse"), timeout=120)[0]) for p in procs]
    assert sum(REMINDER in context(a) for a in answers) == 2
    assert status(cli)["reminders"] == 2
