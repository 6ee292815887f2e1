"""`steward hook` answers every event of Claude Code's hooks reference: the five Steward acts on with
its JSON answer, every other one with exit 0 and nothing on stdout, whatever fields it carries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXAMPLES = json.loads((Path(__file__).parent / "data" / "claude_code_hook_inputs.json").read_text())["examples"]
ACTED_ON = {"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"}


def test_the_reference_names_events_steward_acts_on_and_many_it_does_not() -> None:
    names = {e["hook_event_name"] for e in EXAMPLES}
    assert names >= ACTED_ON and len(names - ACTED_ON) >= 20


@pytest.mark.parametrize("example", EXAMPLES,
                         ids=[f"{i}-{e['hook_event_name']}" for i, e in enumerate(EXAMPLES)])
def test_every_documented_input_gets_an_answer(cli, example: dict) -> None:  # type: ignore[no-untyped-def]
    event = example["hook_event_name"]
    result = cli("hook", event, stdin=json.dumps(example))
    assert result.code == 0, (event, result.err)
    if event in ACTED_ON:
        assert isinstance(json.loads(result.out), dict)
    else:
        assert result.out == "" and result.err == ""


@pytest.mark.parametrize("stdin", ["{not json", "[1, 2]", "\"text\""])
def test_input_that_is_not_a_json_object_is_one_line_and_exit_1_for_any_event(cli, stdin: str) -> None:  # type: ignore[no-untyped-def]
    for event in ("CwdChanged", "PreToolUse"):
        result = cli("hook", event, stdin=stdin)
        assert result.code == 1 and result.out == "" and result.err.count("\n") == 1, (event, result.err)


def test_the_events_the_command_acts_on_are_the_protocols() -> None:
    from steward.cli.hook import ACTED_ON as QUICK
    from steward.hooks.protocol import EVENTS

    assert set(QUICK) == set(EVENTS) == ACTED_ON


@pytest.mark.parametrize("args", [("--home", "{home}", "hook", "CwdChanged"), ("hook", "CwdChanged", "--json"),
                                  ("hook", "--home={home}", "CwdChanged", "-v")])
def test_global_options_go_before_or_after_the_event(cli, tmp_path: Path, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    result = cli(*(a.format(home=tmp_path) for a in args), stdin="{}")
    assert result.code == 0 and result.out == ""


def test_help_and_mistakes_still_get_the_parsers_answer(cli) -> None:  # type: ignore[no-untyped-def]
    assert "EVENT" in cli("hook", "--help").out
    missing = cli("hook")
    assert missing.code == 2 and missing.err.count("\n") == 1
    extra = cli("hook", "Stop", "more", stdin="{}")
    assert extra.code == 2 and "unrecognized arguments: more" in extra.err
