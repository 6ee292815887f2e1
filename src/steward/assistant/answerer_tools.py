"""The reader's answerers as loop tools: the registry that answers questions without a model is also
the model's tool list (one tool per answerer: `ask_money`, `ask_appointments`, `ask_schedule` ...).

Each tool takes the user's question in their own words, reads it into a frame (names looked up in the
person's own data, the window resolved by `steward.dates` on their clock) and answers it through that
answerer's one service: the same answer the person would get without a model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from steward.assistant.toolkit import Tool, ToolError
from steward.reader import Answerer, Answerers, Reader

_WHAT = {"money": "money the user owes: bills and cards by issuer, card (name or last four digits), kind, "
                  "due date, overdue, autopay; totals per currency",
         "appointments": "the user's bookings and appointments (providers, kinds of place, status from the mail: "
                         "waiting for a yes, cancelled, moved)",
         "schedule": "what is on in a day or a span: events, reminders, bookings waiting in mail, bills due; "
                     "'am I free' at a time",
         "mail": "mail by sender or person, counted, in a span; mail marked suspicious, with why",
         "brief": "the user's daily brief"}


def _tool(answerer: Answerer, reader: Callable[[], Reader]) -> Tool:
    def run(ctx: Any, question: str) -> dict[str, Any]:
        frame = reader().read(question, ctx.clock)
        if frame is None:
            raise ToolError("not_a_question", "Steward's reader read no question about the user's data in that; "
                                              "pass the user's own words")
        frame = replace(frame, domain=answerer.domain, sure=True)
        got = answerer.answer(frame, ctx.clock)
        if got is None:
            raise ToolError("no_answer", f"{answerer.name} cannot answer that from the user's data")
        return {"answer": got.reply, "frame": frame.to_json()}

    what = _WHAT.get(answerer.name) or _WHAT.get(answerer.domain, answerer.domain)
    examples = "; ".join(f'"{e}"' for e in answerer.examples)
    description = (f"Answer a question about {what}, from the user's own data, the way Steward answers it "
                   f"without a model. For example: {examples}.")
    parameters = {"type": "object", "required": ["question"], "properties": {
        "question": {"type": "string", "description": "the user's question in their own words"}}}
    return Tool(f"ask_{answerer.name}", description, parameters, run, _kinds={"question": str},
                mail_text=answerer.domain in ("mail", "appointments", "brief"))


def answerer_tools(answerers: Answerers, reader: Callable[[], Reader]) -> list[Tool]:
    """One read tool per answerer in the registry (an answerer turned off by its flag has none)."""
    return [_tool(a, reader) for a in answerers.answerers]
