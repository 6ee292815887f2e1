"""The tool loop against the scripted model server, with the real store and calendar."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.assistant.agent import AgentRun
from steward.assistant.governance import Governance
from steward.assistant.prompt import date_line, system_prompt, trim
from steward.assistant.toolkit import Toolbox
from steward.assistant.tools import calendar_tools
from steward.clock import make_clock
from steward.llm import Message, make_model, parse_tier
from steward.llm.testing import ScriptedModelServer, call, printed_call, say
from steward.store import held as held_repo

NOW = "2026-09-14T23:53:00+05:30"
DATE_LINE = "Now: Monday 14 September 2026, 23:53 in Asia/Kolkata (UTC+05:30)."


@pytest.fixture
def app(app_on: Callable[[str, str], App]) -> App:
    return app_on("Asia/Kolkata", NOW)


class Session:
    """A conversation driven through AgentRun + Governance the way the loop adapter drives it."""

    def __init__(self, app: App, server: ScriptedModelServer, provider: str = "ollama", **kw: int) -> None:
        self.app = app
        self.toolbox = Toolbox(calendar_tools())
        self.gov = Governance(app.db, app.clock)
        spec = parse_tier("tier2", server.tier(provider))
        assert spec is not None
        self.runner = AgentRun(make_model(spec), self.toolbox, self.gov, **kw)
        self.history: list[Message] = []

    def say(self, text: str):  # type: ignore[no-untyped-def]
        users = tuple(m.content for m in self.history if m.role == "user") + (text,)
        ctx = self.app.tool_context().for_turn(self.app.clock, "s1", users, turn=f"t{len(self.history)}")
        decision = self.gov.answer("s1", text, self.toolbox, ctx)
        if decision is not None and decision.handled:
            reply = decision.reply
            result = decision
        else:
            head = system_prompt(self.app.clock.now(), self.app.clock.zone_name,
                                 write_tools=["create_reminder", "create_event"])
            result = self.runner.run(ctx, head, self.history, text)
            reply = result.reply
        self.history += [Message("user", text), Message("assistant", reply)]
        return result


def test_the_adr_0112_session_writes_once_and_only_after_a_yes(app: App) -> None:
    script = [
        call("ask_user", question="What task or event are you checking for 5 PM?"),
        call("create_reminder", text="Python training", time="5 pm"),
        call("ask_user", question="Shall I set a reminder for Python training at 5 PM?"),
    ]
    with ScriptedModelServer(script) as server:
        chat = Session(app, server)
        first = chat.say("how about 5 PM?")
        assert first.reply == "What task or event are you checking for 5 PM?" and first.held == ()

        second = chat.say("Python training")  # the answer to a clarifying question is not consent
        assert app.calendar.reminders() == []
        assert [(t.name, t.held) for t in second.tools] == [("create_reminder", True), ("ask_user", False)], second.tools
        [held] = second.held
        assert held_repo.get(app.db, held.id).status == "asked"  # type: ignore[union-attr]
        assert "Shall I set a reminder for Python training at 5 PM?" in second.reply
        assert "\u201cPython training\u201d for Tue, 15 Sept 2026 at 17:00" in second.reply

        third = chat.say("yes")
        assert [w.kind for w in third.writes] == ["reminder"] and third.reply.startswith("Done: a reminder")
        [reminder] = app.calendar.reminders()
        assert (reminder.text, reminder.due.isoformat()) == ("Python training", "2026-09-15T17:00:00+05:30")
        assert server.remaining == 0 and len(server.requests) == 3  # the yes needed no model call

        # every prompt opened with the user's local date and time
        assert all(r.messages[0]["role"] == "system" and r.messages[0]["content"].startswith(DATE_LINE)
                   for r in server.requests)
        # the second run saw the first exchange
        assert [m["content"] for m in server.requests[1].messages if m["role"] == "user"] == [
            "how about 5 PM?", "Python training"]


def test_a_false_done_is_caught_and_the_user_told_the_truth(app: App) -> None:
    script = [call("create_reminder", text="Python training", time="5 pm"),
              say("I've set a reminder for Python training at 5 PM.")]
    with ScriptedModelServer(script) as server:
        chat = Session(app, server, provider="openai")
        result = chat.say("remind me about python training at 5")
        assert result.false_claim and "false_claim" in result.signals
        assert result.model_reply == "I've set a reminder for Python training at 5 PM."
        assert "I've set" not in result.reply
        assert result.reply.startswith("Nothing has been saved yet.")
        assert "Shall I save a reminder \u201cPython training\u201d for Tue, 15 Sept 2026 at 17:00?" in result.reply
        assert app.calendar.reminders() == []
        assert chat.say("yes").writes and len(app.calendar.reminders()) == 1


def test_a_false_done_with_no_tool_call_at_all(app: App) -> None:
    with ScriptedModelServer([say("Done! I've added it to your calendar.")]) as server:
        result = Session(app, server).say("put the dentist on my calendar")
        assert result.false_claim and result.held == ()
        assert result.reply.startswith("I haven't saved anything")
        assert app.calendar.reminders() == []


def test_a_write_without_an_ask_is_asked_about_by_steward(app: App) -> None:
    with ScriptedModelServer([call("create_reminder", text="Call Sam", day="tomorrow"),
                              say("Would you like anything else?")]) as server:
        chat = Session(app, server)
        result = chat.say("remind me to call Sam tomorrow")
        assert result.question is not None and result.question.startswith("Shall I save a reminder \u201cCall Sam\u201d")
        assert [s.by for s in result.steps if s.kind == "ask"] == ["steward"]
        assert chat.say("no").reply.startswith("OK, I won't")
        assert app.calendar.reminders() == []


def test_a_tool_error_comes_back_to_the_model_as_data(app: App) -> None:
    script = [call("create_reminder", text="Python training", day="2026-09-16", time="17:00"),
              call("create_reminder", text="Python training", day="tomorrow", time="5 pm"),
              call("ask_user", question="Shall I?")]
    with ScriptedModelServer(script) as server:
        result = Session(app, server).say("remind me tomorrow at 5 pm about python training")
        first_error = result.tools[0]
        assert first_error.held is False and first_error.result["error"] == "model_computed_date"
        tool_message = server.requests[1].messages[-1]
        assert tool_message["role"] == "tool" and '"error": "model_computed_date"' in tool_message["content"]
        assert [t.held for t in result.tools] == [False, True, False]


@pytest.mark.parametrize("style", ["fenced", "tool", "tagged"])
def test_a_tool_call_printed_as_text_is_made(app: App, style: str) -> None:
    app.calendar.create_reminder("Pay rent", "tomorrow at 9 am", provenance={"via": "cli"})
    script = [printed_call("list_schedule", style, day="tomorrow"), say("Tomorrow: Pay rent at 9:00.")]
    with ScriptedModelServer(script) as server:
        result = Session(app, server).say("what's on tomorrow?")
        assert [t.name for t in result.tools] == ["list_schedule"]
        assert result.tools[0].result["items"][0]["text"] == "Pay rent"
        assert result.reply == "Tomorrow: Pay rent at 9:00."


def test_the_step_limit_ends_a_run(app: App) -> None:
    with ScriptedModelServer([call("list_schedule", day="today")] * 3) as server:
        result = Session(app, server, max_steps=3).say("loop forever")
        assert "step_limit" in result.signals and result.model_steps == 3
        assert result.reply == "I couldn't finish that in 3 steps. Try asking for one thing at a time."


def test_trimming_drops_old_history_first_and_keeps_the_date_line() -> None:
    head = Message("system", system_prompt(make_clock("Asia/Kolkata", NOW).now(), "Asia/Kolkata"))
    history = []
    for n in range(40):
        history += [Message("user", f"question {n} " + "x" * 200), Message("assistant", f"answer {n} " + "y" * 200)]
    latest = [Message("user", "and now?")]
    kept = trim(head, history, latest, budget=3000)
    assert kept[0] is head and kept[0].content.startswith(DATE_LINE)
    assert kept[-1] is latest[0]
    middle = kept[1:-1]
    assert middle and middle[0].role == "user" and middle[-1].content.startswith("answer 39")
    assert len(middle) < len(history) and len(middle) % 2 == 0
    assert sum(len(m.content) for m in kept) <= 3000


def test_trimmed_run_still_sends_the_head(app: App) -> None:
    with ScriptedModelServer([say("ok")]) as server:
        chat = Session(app, server, context_chars=2500)
        chat.history = [Message("user" if i % 2 == 0 else "assistant", f"turn {i} " + "z" * 400) for i in range(30)]
        chat.say("what day is it?")
        sent = server.requests[0].messages
        assert sent[0]["content"].startswith(DATE_LINE) and sent[-1]["content"] == "what day is it?"
        assert len(sent) < 32


def test_date_line_on_a_fixed_offset_clock() -> None:
    clock = make_clock("", "2026-03-01T08:05:00-03:30")
    assert date_line(clock.now(), clock.zone_name) == (
        "Now: Sunday 1 March 2026, 08:05 in -03:30 (UTC-03:30). This is the user's local date and time.")
