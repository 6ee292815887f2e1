"""Tools are typed functions: schema from signature + docstring; untrusted arguments checked; errors as data."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Literal

import pytest

from steward.app import App, build_app
from steward.assistant.governance import Governance, Step
from steward.assistant.toolkit import Toolbox, ToolError, tool_from_function
from steward.assistant.tools import ToolContext, calendar_tools, create_reminder
from steward.clock import make_clock
from steward.llm.messages import ToolCall
from steward.paths import resolve_paths
from steward.settings import load
from steward.store import audit
from steward.store import held as held_repo

NOW = "2026-09-14T23:53:00+05:30"


def search(ctx: object, query: str, limit: int = 10, mode: Literal["hybrid", "lexical"] = "hybrid",
           senders: list[str] | None = None, exact: bool = False) -> dict:
    """Search the user's mail.

    Args:
        query: words to look for
        limit: most hits
            to return
        mode: how to search
    """
    return {"query": query, "limit": limit, "mode": mode, "senders": senders, "exact": exact}


def test_schema_comes_from_signature_and_docstring() -> None:
    tool = tool_from_function(search)
    assert tool.name == "search" and tool.description == "Search the user's mail."
    props = tool.parameters["properties"]
    assert tool.parameters["required"] == ["query"]
    assert props["query"] == {"type": "string", "description": "words to look for"}
    assert props["limit"] == {"type": "integer", "description": "most hits to return", "default": 10}
    assert props["mode"]["enum"] == ["hybrid", "lexical"]
    assert props["senders"] == {"type": "array", "items": {"type": "string"}}
    assert props["exact"]["type"] == "boolean"
    assert "ctx" not in props and not tool.write


def test_untrusted_arguments_are_checked_and_coerced() -> None:
    tool = tool_from_function(search)
    assert tool.validate({"query": "rent", "limit": "5", "exact": "true"}) == {
        "query": "rent", "limit": 5, "exact": True}
    for bad, needle in [({}, "needs 'query'"), ({"query": "x", "lim": 3}, "no argument 'lim'"),
                        ({"query": "x", "limit": "many"}, "'limit' should be integer"),
                        ({"query": "x", "mode": "fuzzy"}, "must be one of hybrid, lexical"),
                        ({"_unparsed": "{query: x"}, "not a JSON object")]:
        with pytest.raises(ToolError) as info:
            tool.validate(bad)
        assert needle in info.value.text


def test_errors_come_back_as_data() -> None:
    def boom(ctx: object) -> None:
        """Always fails."""
        raise KeyError("oops")

    box = Toolbox([tool_from_function(search), tool_from_function(boom)])
    assert box.run(None, ToolCall("nope", {})) == {
        "error": "unknown_tool", "error_text": "there is no tool 'nope'; the tools are: search, boom"}
    assert box.run(None, ToolCall("search", {}))["error"] == "bad_arguments"
    failed = box.run(None, ToolCall("boom", {}))
    assert failed["error"] == "tool_failed" and "KeyError" in failed["error_text"]


def test_a_tool_without_a_docstring_is_refused() -> None:
    def bare(ctx: object, x: str) -> None:
        pass

    with pytest.raises(ValueError, match="needs a docstring"):
        tool_from_function(bare)


@pytest.fixture
def app(steward_home: Path) -> App:
    clock = make_clock("Asia/Kolkata", NOW)
    built = build_app(load(None), clock, resolve_paths(str(steward_home)))
    yield built
    built.close()


def context(app: App, *user_texts: str) -> ToolContext:
    return app.tool_context().for_turn(app.clock, "s1", user_texts, "t1")


def test_create_reminder_previews_on_the_users_clock_and_writes_nothing(app: App) -> None:
    ctx = context(app, "how about 5 PM?", "Python training")
    preview = create_reminder(ctx, "Python training", day="tomorrow", time="5 pm")
    assert preview.resolved == {"text": "Python training", "due": "2026-09-15T17:00:00+05:30"}
    assert "Tue, 15 Sept 2026 at 17:00" in preview.summary
    assert app.calendar.reminders() == []


def test_create_reminder_refuses_a_date_the_model_computed(app: App) -> None:
    box = Toolbox(calendar_tools())
    ctx = context(app, "remind me tomorrow at 5 pm about Python training")
    result = box.run(ctx, ToolCall("create_reminder", {"text": "Python training", "day": "2026-09-16", "time": "5 pm"}))
    assert result["error"] == "model_computed_date"
    assert "2026-09-16" in result["error_text"] and "user's own words" in result["error_text"]
    # the same date typed by the user is the user's words
    typed = context(app, "remind me on 2026-09-16 at 5 pm")
    ok = box.run(typed, ToolCall("create_reminder", {"text": "x", "day": "2026-09-16", "time": "5 pm"}))
    assert ok.resolved["due"] == "2026-09-16T17:00:00+05:30"


def test_a_past_moment_comes_back_as_data(app: App) -> None:
    box = Toolbox(calendar_tools())
    result = box.run(context(app, "remind me yesterday"),
                     ToolCall("create_reminder", {"text": "x", "day": "yesterday", "time": "9 am"}))
    assert set(result) == {"error", "error_text"} and result["error"] == "pastmoment"


def test_list_schedule_reads_the_day(app: App) -> None:
    app.calendar.create_reminder("Pay rent", "tomorrow at 9 am", provenance={"via": "cli"})
    box = Toolbox(calendar_tools())
    day = box.run(context(app, "what's tomorrow"), ToolCall("list_schedule", {"day": "tomorrow"}))
    assert day["day"] == "2026-09-15" and [i["text"] for i in day["items"]] == ["Pay rent"]


def test_a_held_reminder_is_written_once_on_yes(app: App) -> None:
    box = Toolbox(calendar_tools())
    gov = Governance(app.db, app.clock)
    ctx = context(app, "Python training")
    preview = box.run(ctx, ToolCall("create_reminder", {"text": "Python training", "day": "tomorrow", "time": "5 pm"}))
    steps = [Step("call", "create_reminder", held=True)]
    held = gov.hold("s1", "create_reminder", {"text": "Python training"}, preview, steps)
    assert app.calendar.reminders() == [] and gov.open_calls("s1") == []  # held, not yet asked
    asked = gov.ask([held], "Shall I?", [*steps, Step("ask")])
    assert [c.id for c in asked] == [held.id]
    decision = gov.answer("s1", "yes", box, ctx)
    assert decision is not None and decision.answer == "yes"
    assert [w.kind for w in decision.writes] == ["reminder"]
    [reminder] = app.calendar.reminders()
    assert reminder.text == "Python training" and reminder.due == datetime.fromisoformat("2026-09-15T17:00:00+05:30")
    assert gov.answer("s1", "yes", box, ctx) is None  # nothing left waiting: a second yes writes nothing
    assert len(app.calendar.reminders()) == 1
    assert held_repo.get(app.db, held.id).status == "written"  # type: ignore[union-attr]
    entry = audit.entries(app.db, "reminder.create")
    assert entry[0]["provenance"]["tool_call"] == held.id and entry[0]["provenance"]["via"] == "tool"


def test_an_ask_before_the_attempt_does_not_let_the_write_through(app: App) -> None:
    box = Toolbox(calendar_tools())
    gov = Governance(app.db, app.clock)
    ctx = context(app, "Python training")
    preview = box.run(ctx, ToolCall("create_reminder", {"text": "Python training", "day": "tomorrow", "time": "5 pm"}))
    steps = [Step("ask"), Step("call", "create_reminder", held=True)]  # the clarifying question came first
    held = gov.hold("s1", "create_reminder", {}, preview, steps)
    assert gov.ask([held], "What task?", steps) == []
    assert gov.answer("s1", "yes", box, ctx) is None
    assert app.calendar.reminders() == []


def test_no_declines_and_anything_else_supersedes(app: App) -> None:
    box = Toolbox(calendar_tools())
    gov = Governance(app.db, app.clock)
    ctx = context(app, "x")
    steps = [Step("call", "create_reminder", held=True), Step("ask")]
    for answer, status in (("no thanks", "declined"), ("what's on friday?", "superseded")):
        preview = box.run(ctx, ToolCall("create_reminder", {"text": "Call Sam", "day": "tomorrow"}))
        held = gov.hold("s1", "create_reminder", {}, preview, steps)
        gov.ask([held], "Shall I?", steps)
        decision = gov.answer("s1", answer, box, ctx)
        assert decision is not None and decision.handled is (status == "declined")
        assert held_repo.get(app.db, held.id).status == status  # type: ignore[union-attr]
    assert app.calendar.reminders() == []


def test_held_calls_expire(app: App) -> None:
    box = Toolbox(calendar_tools())
    gov = Governance(app.db, app.clock, expire_minutes=10)
    ctx = context(app, "x")
    steps = [Step("call", "create_reminder", held=True), Step("ask")]
    preview = box.run(ctx, ToolCall("create_reminder", {"text": "Call Sam", "day": "tomorrow"}))
    held = gov.hold("s1", "create_reminder", {}, preview, steps)
    gov.ask([held], "Shall I?", steps)
    later = Governance(app.db, app.clock.at(datetime.fromisoformat("2026-09-15T00:10:00+05:30")))
    assert later.answer("s1", "yes", box, ctx) is None
    assert held_repo.get(app.db, held.id).status == "expired"  # type: ignore[union-attr]
    assert app.calendar.reminders() == []
