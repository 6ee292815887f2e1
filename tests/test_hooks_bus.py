"""The command-hook bus: Claude Code's hook protocol, with real shell commands."""

import json
from pathlib import Path

from steward.hooks.bus import HookBus, interpret


def test_the_protocol_answers() -> None:
    assert interpret(2, "", "no secrets please\n").blocked
    assert interpret(2, "", "no secrets please\n").reason == "no secrets please"
    assert interpret(0, '{"decision": "block", "reason": "quiet hours"}', "").reason == "quiet hours"
    assert interpret(0, '{"continue": false, "stopReason": "paused"}', "").blocked
    ctx = interpret(0, json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
                                                          "additionalContext": "user is travelling"}}), "")
    assert ctx.context == ("user is travelling",) and not ctx.blocked
    assert interpret(0, "plain words\n", "").context == ("plain words",)
    failed = interpret(1, "", "boom")
    assert not failed.blocked and failed.errors == ("exit 1: boom",)


def test_real_commands_get_the_event_on_stdin(tmp_path: Path) -> None:
    seen = tmp_path / "seen.json"
    bus = HookBus({"UserPromptSubmit": [f"cat > {seen}", "echo 'it is raining'"]})
    result = bus.run("UserPromptSubmit", {"session_id": "s1", "prompt": "hello"})
    got = json.loads(seen.read_text())
    assert got["hook_event_name"] == "UserPromptSubmit" and got["prompt"] == "hello"
    assert got["session_id"] == "s1"
    assert result.context == ("it is raining",) and not result.blocked


def test_the_first_block_wins_and_later_hooks_do_not_run(tmp_path: Path) -> None:
    later = tmp_path / "later"
    bus = HookBus({"UserPromptSubmit": ["echo nope >&2; exit 2", f"touch {later}"]})
    result = bus.run("UserPromptSubmit", {"prompt": "x"})
    assert result.blocked and result.reason == "nope"
    assert not later.exists()


def test_a_slow_or_broken_hook_is_noted_not_fatal() -> None:
    bus = HookBus({"UserPromptSubmit": ["sleep 5", "exit 3"]}, timeout=0.3)
    result = bus.run("UserPromptSubmit", {"prompt": "x"})
    assert not result.blocked
    assert len(result.errors) == 2 and "no answer within 0.3 s" in result.errors[0]


def test_steward_hook_speaks_the_protocol(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_HOOKS_USER_PROMPT_SUBMIT", json.dumps(["grep -q password && exit 2 || true"]))
    ok = cli("hook", "UserPromptSubmit", stdin=json.dumps({"prompt": "hello"}))
    assert ok.code == 0 and ok.json() == {}
    blocked = cli("hook", "UserPromptSubmit", stdin=json.dumps({"prompt": "my password is x"}))
    assert blocked.code == 2 and blocked.json()["decision"] == "block"
    bad = cli("hook", "UserPromptSubmit", stdin="{not json")
    assert bad.code == 2 and "hook input is not JSON" in bad.err
    assert cli("hook", "Nope", stdin="{}").code == 2
