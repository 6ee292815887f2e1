"""The hook bus and Claude Code's hook protocol, with real shell commands.

Payloads and answers are shaped like the examples in Claude Code's hook documentation; unknown fields
are tolerated both ways and missing optional ones take defaults. A hook that crashes, hangs or prints
garbage fails open: the event goes on and the error is reported.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from steward.errors import ConfigError
from steward.hooks.bus import CommandHook, HookBus, InProcessHook, parse_entries
from steward.hooks.protocol import HookInput, HookOutput, ProtocolError, context_output, interpret

PRE = {  # the documentation's PreToolUse example, plus a field no version of the protocol has
    "session_id": "abc123", "transcript_path": "~/.claude/projects/x/abc123.jsonl", "cwd": "/home/user/project",
    "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
    "tool_input": {"command": "npm install", "description": "Install dependencies"},
    "tool_use_id": "toolu_01ABC", "brand_new_field": {"nested": True},
}


def test_exit_codes_and_json_answers() -> None:
    blocked = interpret(2, "", "no secrets please\n", "UserPromptSubmit")
    assert blocked.block_reason() == "no secrets please"
    denied = interpret(2, "", "not rm -rf\n", "PreToolUse")
    assert denied.permission == "deny" and denied.block_reason() == "not rm -rf"
    quiet = interpret(0, '{"decision": "block", "reason": "quiet hours"}', "", "UserPromptSubmit")
    assert quiet.block_reason() == "quiet hours"
    assert interpret(0, '{"continue": false, "stopReason": "paused"}', "", "PostToolUse").block_reason() == "paused"
    deny = interpret(0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                                           "permissionDecisionReason": "no network"}}), "", "PreToolUse")
    assert deny.block_reason() == "no network"
    allow = interpret(0, json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                                            "permissionDecision": "allow"}}), "", "PreToolUse")
    assert allow.block_reason() is None
    ctx = interpret(0, json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
                                                          "additionalContext": "user is travelling"}}), "",
                    "UserPromptSubmit")
    assert ctx.context == "user is travelling" and ctx.block_reason() is None
    assert interpret(0, "plain words\n", "", "UserPromptSubmit").context == "plain words"
    assert interpret(0, "", "", "Stop") == HookOutput()


def test_unknown_answer_fields_are_kept_and_ignored() -> None:
    out = interpret(0, json.dumps({"systemMessage": "formatted", "suppressOutput": True, "futureField": [1],
                                   "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "ok",
                                                          "updatedMCPToolOutput": None}}), "", "PostToolUse")
    assert out.system_message == "formatted" and out.context == "ok" and out.block_reason() is None
    assert out.to_json()["futureField"] == [1]


@pytest.mark.parametrize("stdout", ["the user is on holiday", "{not json", "[1, 2]", '{"decision": 5}',
                                    '{"continue": "no"}', '{"hookSpecificOutput": {"permissionDecision": "maybe"}}',
                                    "\x00\x01garbage"])
def test_an_answer_that_cannot_be_read_is_an_error(stdout: str) -> None:
    with pytest.raises(ProtocolError):
        interpret(0, stdout, "", "PostToolUse")


def test_a_failed_exit_is_an_error_with_its_stderr() -> None:
    with pytest.raises(ProtocolError, match="exit 1: boom"):
        interpret(1, "", "boom", "PreToolUse")


def test_inputs_with_unknown_and_missing_fields_are_read() -> None:
    given = HookInput.from_json("PreToolUse", PRE)
    assert (given.session_id, given.tool_name, given.tool_use_id) == ("abc123", "Bash", "toolu_01ABC")
    assert given.extra == {"brand_new_field": {"nested": True}}
    assert given.to_json()["brand_new_field"] == {"nested": True}  # passed on to command hooks
    bare = HookInput.from_json("PostToolUse", {"tool_name": "Read"})
    assert bare.session_id == "" and bare.tool_input == {} and bare.tool_response is None
    odd = HookInput.from_json("PostToolUse", {"session_id": 42, "tool_input": "ls", "stop_hook_active": "yes"})
    assert odd.session_id == "42" and odd.tool_input == {"value": "ls"} and odd.stop_hook_active is False


def test_real_commands_get_the_event_on_stdin(tmp_path: Path) -> None:
    seen = tmp_path / "seen.json"
    said = json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "rain"}})
    bus = HookBus({"UserPromptSubmit": [f"cat > {seen}", f"echo '{said}'", "echo 'it is windy'"]})
    result = bus.run("UserPromptSubmit", {"session_id": "s1", "prompt": "hello"})
    got = json.loads(seen.read_text())
    assert got["hook_event_name"] == "UserPromptSubmit" and got["prompt"] == "hello"
    assert got["session_id"] == "s1" and got["cwd"]
    assert result.context == ("rain", "it is windy") and not result.blocked


def test_the_first_block_wins_and_later_hooks_do_not_run(tmp_path: Path) -> None:
    later = tmp_path / "later"
    bus = HookBus({"UserPromptSubmit": ["echo nope >&2; exit 2", f"touch {later}"]})
    result = bus.run("UserPromptSubmit", {"prompt": "x"})
    assert result.blocked and result.reason == "nope"
    assert not later.exists()


def test_matchers_pick_the_tools_a_hook_sees(tmp_path: Path) -> None:
    log = tmp_path / "log"
    bus = HookBus({"PreToolUse": [CommandHook(f"echo reminder >> {log}", matcher="create_.*"),
                                  CommandHook(f"echo any >> {log}", matcher="*"),
                                  CommandHook(f"echo exact >> {log}", matcher="list_schedule")]})
    bus.run("PreToolUse", HookInput("PreToolUse", tool_name="create_reminder"))
    bus.run("PreToolUse", HookInput("PreToolUse", tool_name="list_schedule_extra"))
    assert log.read_text().split() == ["reminder", "any", "any"]
    # events without matchers (Stop, UserPromptSubmit) run every hook, as in Claude Code
    stop = HookBus({"Stop": [CommandHook(f"echo stop >> {log}", matcher="Bash")]})
    stop.run("Stop", HookInput("Stop"))
    assert log.read_text().split()[-1] == "stop"


def test_a_crashing_hanging_or_garbage_hook_fails_open(tmp_path: Path) -> None:
    records = []

    def broken(given: HookInput) -> HookOutput:
        raise RuntimeError("disk on fire")

    after = context_output("PostToolUse", "still here")
    bus = HookBus({"PostToolUse": [InProcessHook("broken", broken), "sleep 30", "echo '{oops'", "exit 7",
                                   InProcessHook("fine", lambda given: after)]},
                  timeout=0.5, on_log=records.append)
    result = bus.run("PostToolUse", HookInput("PostToolUse", session_id="s1", tool_name="list_schedule"))
    assert not result.blocked and result.context == ("still here",)
    assert len(result.errors) == 4
    assert "crashed (RuntimeError: disk on fire)" in result.errors[0]
    assert "no answer within 0.5 s" in result.errors[1]
    assert "not JSON" in result.errors[2] and "exit 7" in result.errors[3]
    assert [(r.session, r.kind) for r in records] == [("s1", "hook-error")] * 4


def test_a_post_tool_use_block_is_a_word_for_the_model() -> None:
    bus = HookBus({"PostToolUse": ["echo 'lint failed' >&2; exit 2"]})
    result = bus.run("PostToolUse", HookInput("PostToolUse", tool_name="Write"))
    assert not result.blocked and result.context == ("lint failed",)


def test_settings_entries_in_both_shapes() -> None:
    hooks = parse_entries("hooks.pre_tool_use", [
        "echo plain",
        {"matcher": "Bash", "command": "check-bash", "timeout": 5},
        {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "fmt"}, {"command": "lint", "timeout": 2}]},
    ])
    assert hooks == [CommandHook("echo plain"), CommandHook("check-bash", "Bash", 5.0),
                     CommandHook("fmt", "Edit|Write"), CommandHook("lint", "Edit|Write", 2.0)]
    for bad, says in [({"matcher": "(", "command": "x"}, "not a regular expression"),
                      ({"command": ""}, "command should be"), ({"command": "x", "timeout": -1}, "timeout"),
                      ({"hooks": [{"type": "prompt", "prompt": "x"}]}, "only command hooks"), (5, "use a command")]:
        with pytest.raises(ConfigError, match=says):
            parse_entries("hooks.pre_tool_use", [bad])


def test_steward_hook_speaks_the_protocol(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_HOOKS_USER_PROMPT_SUBMIT", json.dumps(["grep -q password && exit 2 || true"]))
    ok = cli("hook", "UserPromptSubmit", stdin=json.dumps({"session_id": "s", "prompt": "hello"}))
    assert ok.code == 0 and ok.json() == {}
    blocked = cli("hook", "UserPromptSubmit", stdin=json.dumps({"prompt": "my password is x"}))
    assert blocked.code == 2 and blocked.json()["decision"] == "block"
    # input it cannot read is a non-blocking error (exit 1) for Claude Code: it never stops the session
    bad = cli("hook", "UserPromptSubmit", stdin="{not json")
    assert bad.code == 1 and "the hook input is not JSON" in bad.err and bad.err.count("\n") == 1
    assert cli("hook", "PreToolUse", stdin="[1]").code == 1
    assert cli("hook", "not an event", stdin="{}").code == 1
    # an event Steward has no use for: exit 0 and nothing on stdout, whatever it carries
    other = cli("hook", "Notification", stdin=json.dumps({"message": "Claude needs your permission"}))
    assert other.code == 0 and other.out == "" and other.err == ""
    assert cli("hook", "Notification", stdin="{not json").code == 1


def test_a_bad_hook_setting_is_one_line(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_HOOKS_PRE_TOOL_USE", json.dumps([{"matcher": "([", "command": "x"}]))
    result = cli("hook", "PreToolUse", stdin=json.dumps(PRE))
    assert result.code == 1 and result.err.count("\n") == 1
    assert "setting hooks.pre_tool_use, entry 1: matcher '([' is not a regular expression" in result.err


def test_hooks_configured_in_the_config_file_like_claude_code(cli, steward_home: Path) -> None:  # type: ignore[no-untyped-def]
    steward_home.mkdir(parents=True, exist_ok=True)
    (steward_home / "config.toml").write_text(
        '[[hooks.pre_tool_use]]\n'
        'matcher = "Bash"\n'
        'hooks = [{ type = "command", command = "grep -q \'rm -rf\' && { echo \'not that\' >&2; exit 2; } || true",'
        ' timeout = 5 }]\n'
        '\n'
        '[[hooks.pre_tool_use]]\n'
        'matcher = "Read|Write"\n'
        "command = \"echo '{\\\"hookSpecificOutput\\\": {\\\"hookEventName\\\": \\\"PreToolUse\\\", "
        "\\\"permissionDecision\\\": \\\"deny\\\", \\\"permissionDecisionReason\\\": \\\"read-only day\\\"}}'\"\n",
        encoding="utf-8")
    risky = dict(PRE, tool_input={"command": "rm -rf /tmp/x"})
    blocked = cli("hook", "PreToolUse", stdin=json.dumps(risky))
    assert blocked.code == 2 and blocked.err.strip() == "not that"
    assert blocked.json() == {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                                     "permissionDecisionReason": "not that"}}
    assert cli("hook", "PreToolUse", stdin=json.dumps(PRE)).json() == {}  # npm install is fine
    read = cli("hook", "PreToolUse", stdin=json.dumps(dict(PRE, tool_name="Read", tool_input={"file_path": "/a"})))
    assert read.code == 2 and read.err.strip() == "read-only day"
    assert cli("hook", "PreToolUse", stdin=json.dumps(dict(PRE, tool_name="Grep"))).json() == {}
