"""The seam the model loop plugs into: what the engine hands a loop, and what it does with the answer."""

import json
from pathlib import Path

from steward.app import build_app
from steward.assistant.router import Route
from steward.assistant.trace import OpenQuestion, Outcome, ToolCall, Turn
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load

NOW = "2026-09-14T23:53:00+05:30"


class RecordingLoop:
    """A loop that answers from what it was handed, so the test can see exactly that."""

    def __init__(self) -> None:
        self.turns: list[tuple[Turn, Route, str]] = []

    def run(self, turn: Turn, route: Route, tier: str) -> Outcome:
        self.turns.append((turn, route, tier))
        if turn.waiting is None:
            return Outcome(reply="Which city?", tools=(ToolCall("search_web", {"q": turn.text}, False, None),),
                           ask=OpenQuestion("loop", "Which city?", {"topic": "weather"}))
        return Outcome(reply=f"Weather for {turn.text}: unknown")


def make_app(home: Path, env: dict[str, str]):  # noqa: ANN201
    paths = resolve_paths(str(home))
    return build_app(load(paths.config_file, environ=env), make_clock("", NOW), paths)


def test_a_turn_nothing_handles_goes_to_the_loop_with_history_context_and_its_question(
        steward_home: Path, tmp_path: Path) -> None:
    env = {"STEWARD_LLM_TIER1": "ollama http://127.0.0.1:9 tiny",
           "STEWARD_HOOKS_USER_PROMPT_SUBMIT": json.dumps(["echo 'the user is in Pune'"])}
    app = make_app(steward_home, env)
    loop = RecordingLoop()
    app.__dict__["loop"] = loop  # what issue 7's App.loop returns
    first = app.engine.turn("what's the weather like", session="w")
    assert first.handled_by == "loop" and first.tier == "tier1"
    assert first.route is not None and first.route.intent == "out_of_scope"  # weather: not a domain
    assert first.tools[0].name == "search_web"
    assert first.continuation == OpenQuestion("loop", "Which city?", {"topic": "weather"})
    app.close()

    again = make_app(steward_home, env)  # a restart: the loop's question is still open
    again.__dict__["loop"] = loop
    second = again.engine.turn("Pune", session="w")
    turn, route, tier = loop.turns[-1]
    assert second.handled_by == "loop" and second.reply == "Weather for Pune: unknown"
    assert turn.waiting is not None and turn.waiting.question == "Which city?"
    assert [t.text for t in turn.history] == ["what's the weather like"]
    assert turn.context == ("the user is in Pune",)
    assert turn.now.isoformat() == NOW
    again.close()


def test_intercepts_still_come_first_when_a_model_is_configured(steward_home: Path) -> None:
    app = make_app(steward_home, {"STEWARD_LLM_TIER2": "ollama http://127.0.0.1:9 tiny"})
    loop = RecordingLoop()
    app.__dict__["loop"] = loop
    trace = app.engine.turn("remind me tomorrow at 10 am to call Ravi", session="i")
    assert trace.handled_by == "reminder_creation" and loop.turns == []
    app.close()


def test_the_loops_question_is_not_reported_as_dropped(steward_home: Path) -> None:
    app = make_app(steward_home, {"STEWARD_LLM_TIER1": "ollama http://127.0.0.1:9 tiny"})
    app.__dict__["loop"] = RecordingLoop()
    app.engine.turn("what's the weather like", session="n")
    assert app.engine.turn("Pune", session="n").notes == ()
    app.close()
