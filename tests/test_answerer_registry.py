"""One registry of the reader's answerers: the answers without a model, the model's tools, the MCP
server's tools and "what you can say" are the same list (assistant/answerers.yaml), each answerer
behind its own flag."""

from __future__ import annotations

from pathlib import Path

from steward.app import build_app
from steward.assistant.answerer_tools import catalog
from steward.assistant.toolset import all_tools
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import SETTINGS, load

NOW = "2026-12-01T10:00:00-05:00"


def names_of_tools(is_on) -> list[str]:  # type: ignore[no-untyped-def]
    return [t.name for t in all_tools(is_on) if t.name.startswith("ask_") and t.name != "ask_user"]


def test_every_answerer_has_a_flag_an_answer_and_a_tool(tmp_path: Path) -> None:
    app = build_app(load(None, environ={}), make_clock("America/New_York", NOW), resolve_paths(str(tmp_path)))
    try:
        listed = [a.name for a in catalog()]
        assert {f"reader.{name}" for name in listed} <= {s.name for s in SETTINGS}
        assert [a.name for a in app.answerers.answerers] == listed
        # a write answerer has no tool: a model's writes are held for the person's yes
        reads = [a.name for a in catalog() if not a.writes]
        assert names_of_tools(app.settings.as_bool) == [f"ask_{name}" for name in reads]
        assert [a.name for a in app.answerers.answerers if a.writes] == [a.name for a in catalog() if a.writes]
        # "what you can say" shows each answerer's own examples, and the tool says them to a model
        said = app.answerers.examples()
        for entry in catalog():
            assert all(e in said for e in entry.examples)
            if entry.writes:
                continue
            tool = next(t for t in all_tools() if t.name == f"ask_{entry.name}")
            assert all(e in tool.description for e in entry.examples)
    finally:
        app.close()


def test_an_answerer_turned_off_leaves_every_list(tmp_path: Path) -> None:
    settings = load(None, environ={"STEWARD_READER_INBOX": "0"})
    app = build_app(settings, make_clock("America/New_York", NOW), resolve_paths(str(tmp_path)))
    try:
        assert "inbox" not in [a.name for a in app.answerers.answerers]
        assert "ask_inbox" not in names_of_tools(settings.as_bool) and "ask_mail" in names_of_tools(settings.as_bool)
        trace = app.engine.turn("how many emails did I get from HDFC this month?", session="off", dry_run=True)
        assert (trace.data or {}).get("answerer") != "inbox"
        help_reply = app.engine.turn("what can you do?", session="help", dry_run=True).reply
        assert "which banks emailed me this month?" not in help_reply
    finally:
        app.close()
