"""Steward's side of one MCP connection: its tools run, its writes held and decided, its resources read.

Each method runs on a thread that owns an App (a SQLite connection belongs to the thread that opened
it) and is handed that App: the stdio server's one worker, or `steward serve`'s worker pool. The App
is built on the first call, so `initialize` and `tools/list` never open the store or load a model.
The connection is one Steward session (`mcp-…`): its held writes carry it, and the mail text its
reads showed is remembered, so a write whose words came from an email says so in the question the
person is asked.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from steward.assistant.governance import Answer, Step
from steward.assistant.toolkit import Preview, Tool, Toolbox
from steward.assistant.untrusted import MailQuotes
from steward.errors import StewardError, UserError
from steward.llm.messages import ToolCall
from steward.mcp.answers import Asking
from steward.mcp.catalog import error_line, shown

if TYPE_CHECKING:
    from steward.app import App
    from steward.assistant.tools import ToolContext

log = logging.getLogger(__name__)

BRIEF_URI = "steward://brief/today"
SCHEDULE_URI = "steward://schedule/today"


@dataclass(frozen=True)
class Answered:
    """What one tool call came to: the text the client reads, and whether it is an error."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Held:
    """A write held on Steward's side, asked about in `question`."""

    id: str
    summary: str
    question: str


class Door:
    """One MCP connection's Steward: its tools, its session and the mail it has shown."""

    def __init__(self, tools: Sequence[Tool], session: str = "", own: Sequence[Tool] = ()) -> None:
        self.toolbox = Toolbox([*tools, *own])
        self._own = {t.name for t in own}  # this server's own tools (ask_steward): they use the pipeline
        self.session = session or f"mcp-{uuid.uuid4().hex[:12]}"
        self.quotes = MailQuotes()

    def _ctx(self, app: App) -> ToolContext:
        return app.tool_context().for_turn(app.clock, self.session, ())

    def _ctx_for(self, app: App, name: str) -> Any:
        return Asking(app.engine, self.session) if name in self._own else self._ctx(app)

    def read(self, app: App, name: str, arguments: Mapping[str, Any]) -> Answered:
        """Run a read tool: its answer as text, or its refusal as one line."""
        tool = self.toolbox.get(name)
        assert tool is not None and not tool.write
        result = self.toolbox.run(self._ctx_for(app, name), ToolCall(name, dict(arguments),
                                                                     f"mcp-{uuid.uuid4().hex[:8]}"))
        problem = error_line(result)
        if problem is not None:
            return Answered(problem, error=True)
        if tool.mail_text:
            self.quotes.add(result)
        log.debug("mcp tool %s answered", name)
        return Answered(shown(tool, result))

    def hold(self, app: App, name: str, arguments: Mapping[str, Any]) -> Held | Answered:
        """A write tool's dry run through its one write path, held and asked about; or its refusal."""
        tool = self.toolbox.get(name)
        assert tool is not None and tool.write
        preview = self.toolbox.run(self._ctx(app), ToolCall(name, dict(arguments), f"mcp-{uuid.uuid4().hex[:8]}"))
        if not isinstance(preview, Preview):
            return Answered(error_line(preview) or shown(tool, preview), error=True)
        sender = self.quotes.suggested_by(arguments, ())
        if sender is not None:
            # the question says where the idea came from: mail is data, the yes is the person's
            preview = replace(preview, summary=f"{preview.summary} (suggested by an email from {sender})")
        steps = [Step("call", name, held=True)]
        call = app.governance.hold(self.session, name, arguments, preview, steps)
        steps.append(Step("ask", by="steward"))  # Steward's own question, after the attempt
        question = f"Shall Steward save {preview.summary}?"
        app.governance.ask([call], question, steps)
        # the question is this session's open one: its card is answered by the rule every door uses
        app.engine.ask_held(self.session, f"{name} {json.dumps(dict(arguments), ensure_ascii=False)} (MCP client)",
                            call, question)
        return Held(call.id, preview.summary, question)

    def decide(self, app: App, held_id: str, answer: Answer) -> Answered:
        """The person's answer to one held write, through the held-write service every door uses."""
        try:
            trace = app.held_writes.answer(held_id, "confirm" if answer == "yes" else "cancel")
        except StewardError as exc:
            return Answered(exc.message, error=True)
        settled = (trace.data or {}).get("held") or ()
        failed = any(item.get("status") == "failed" for item in settled)
        return Answered(trace.reply, error=failed)

    def resource(self, app: App, uri: str) -> str:
        """The text of one of Steward's resources (today's brief, today's schedule)."""
        name = {BRIEF_URI: "show_brief", SCHEDULE_URI: "list_schedule"}[uri]
        tool = self.toolbox.get(name)
        assert tool is not None
        result = self.toolbox.run(self._ctx(app), ToolCall(name, {}, "mcp-resource"))
        problem = error_line(result)
        if problem is not None:
            raise UserError(problem)
        return shown(tool, result)
