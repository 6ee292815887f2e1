"""The loop's reminder tools: list_reminders reads; cancel_reminder and move_reminder are held until yes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.assistant.governance import Governance, Step
from steward.assistant.reminder_tools import reminder_tools
from steward.assistant.toolkit import Toolbox
from steward.assistant.tools import ToolContext
from steward.llm.messages import ToolCall
from steward.store import audit

NOW = "2026-12-01T10:00:00-05:00"


@pytest.fixture
def app(app_on: Callable[[str, str], App]) -> App:
    return app_on("America/New_York", NOW)


def context(app: App, *user_texts: str) -> ToolContext:
    return app.tool_context().for_turn(app.clock, "s1", user_texts, "t1")


def agree(app: App, box: Toolbox, ctx: ToolContext, name: str, preview: object) -> list:
    gov = Governance(app.db, app.clock)
    steps = [Step("call", name, held=True), Step("ask")]
    held = gov.hold("s1", name, {}, preview, steps)  # type: ignore[arg-type]
    gov.ask([held], "Shall I?", steps)
    decision = gov.answer("s1", "yes", box, ctx)
    assert decision is not None
    return list(decision.writes)


def test_list_reminders_shows_ids_and_how_they_repeat(app: App) -> None:
    app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
    app.calendar.create_reminder("call the dentist", "tomorrow at 9", provenance={"via": "cli"})
    listed = Toolbox(reminder_tools()).run(context(app, "what reminders"), ToolCall("list_reminders", {}))
    shown = {r["text"]: (r["rule"], r["repeats"]) for r in listed["reminders"]}
    assert shown == {"call the dentist": (None, None),
                     "water the plants": ("FREQ=WEEKLY;BYDAY=MO", "every Monday at 09:00")}


def test_a_held_cancel_is_written_only_on_yes(app: App) -> None:
    made = app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
    box = Toolbox(reminder_tools())
    ctx = context(app, "stop the plant reminder")
    preview = box.run(ctx, ToolCall("cancel_reminder", {"id": made.id}))
    assert "every time of the repeating reminder" in preview.summary
    assert len(app.calendar.reminders()) == 1  # held: nothing changed yet
    writes = agree(app, box, ctx, "cancel_reminder", preview)
    assert [w.kind for w in writes] == ["reminder"] and app.calendar.reminders() == []
    assert audit.entries(app.db, "reminder.cancel")[0]["provenance"]["via"] == "tool"


def test_a_held_move_keeps_the_day_and_refuses_a_computed_date(app: App) -> None:
    made = app.calendar.create_reminder("call the dentist", "tomorrow at 9", provenance={"via": "cli"})
    box = Toolbox(reminder_tools())
    ctx = context(app, "move the dentist one to 5 pm")
    computed = box.run(ctx, ToolCall("move_reminder", {"id": made.id, "day": "2026-12-02", "time": "5 pm"}))
    assert computed["error"] == "model_computed_date"
    preview = box.run(ctx, ToolCall("move_reminder", {"id": made.id, "time": "5 pm"}))
    assert "to Wed, 2 Dec 2026 at 17:00" in preview.summary
    assert app.calendar.reminders()[0].due.hour == 9
    agree(app, box, ctx, "move_reminder", preview)
    [moved] = app.calendar.reminders()
    assert moved.due.isoformat() == "2026-12-02T17:00:00-05:00"


def test_an_unknown_id_is_an_error_the_model_can_read(app: App) -> None:
    result = Toolbox(reminder_tools()).run(context(app, "x"), ToolCall("cancel_reminder", {"id": 99}))
    assert result["error"] == "not_found" and "list_reminders" in result["error_text"]
