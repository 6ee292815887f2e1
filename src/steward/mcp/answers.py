"""`ask_steward`: a question in the person's words, answered by Steward's own code, never by a model.

The turn pipeline answers it in milliseconds (the intercepts; the reader, which reads the question into
a frame, and the domains' answerers), exactly as it answers the same words typed into `steward chat`; the model loop is not
used, and the turn is a dry run (nothing is recorded or written). A request to change something is
refused with a pointer to the write tools, which hold the write for the person's yes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from steward.assistant.toolkit import Tool, ToolError, tool_from_function
from steward.vocab.language import is_action_request

if TYPE_CHECKING:
    from steward.assistant.turn import Engine

WRITE_TOOLS = "create_reminder, create_event, move_reminder, cancel_reminder, mark_due_paid, configure_brief"


@dataclass(frozen=True)
class Asking:
    """What `ask_steward` uses: the turn pipeline and the connection's session."""

    engine: Engine
    session: str


def ask_steward(ctx: Asking, question: str) -> dict[str, Any]:
    """Ask Steward a question in the person's own words, e.g. "what do I owe this week?", "how many
    emails did I get from Kaveri Bank?", "what have I got on thursday evening?", "which cards do I have?". Steward's own
    code answers it in milliseconds from the person's data, or says it cannot (then use the other tools).
    It never changes anything.

    Args:
        question: the person's question, in their words
    """
    engine = ctx.engine
    if is_action_request(question, engine.vocab):
        raise ToolError("not_a_question", f"ask_steward only answers questions; to change something use the "
                                          f"write tools ({WRITE_TOOLS}), which wait for the person's yes")
    trace = engine.turn(question, session=ctx.session, dry_run=True, use_model=False)
    if trace.writes:
        raise ToolError("not_a_question", f"that would change something; use the write tools ({WRITE_TOOLS})")
    if trace.handled_by in ("offline", "outside"):  # the refusal, or a line that says what Steward holds no data on
        raise ToolError("no_answer", "Steward's own readers have no answer for that question; use its other "
                                     "tools (search_inbox, analyze_inbox, list_dues, list_schedule, show_brief)")
    asked = trace.continuation.question if trace.continuation is not None else None
    return {"answer": trace.reply, "answered_by": trace.handled_by, "asks": asked, "data": trace.data}


def answer_tools() -> list[Tool]:
    """The MCP server's own read tools, beside the loop's toolbox."""
    return [tool_from_function(ask_steward, mail_text=True)]
