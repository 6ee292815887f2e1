"""The reader's answerers as tools: the registry that answers questions without a model is also the
model's tool list and the MCP server's (one tool per answerer: `ask_dues`, `ask_money`, `ask_schedule` ...).

The answerers are listed once, in `answerers.yaml` (name, domain, what its tool answers, examples);
the registry (`App.answerers`), the tools and "what you can say" all read that list, and each answerer is
on while its flag `reader.<name>` is. Listing the tools reads only that file (an MCP client's
`tools/list` opens no store and loads no reader). Each tool takes the user's question in their own words,
reads it into a frame (names looked up in the person's own data, the window resolved by `steward.dates`
on their clock) and answers it through that answerer's one service: the same answer the person would
get without a model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from steward.assistant.toolkit import Tool, ToolError

CATALOG = "answerers.yaml"  # beside this module
# the domains whose answers quote mail (subjects, senders, places): fenced as other people's words
_QUOTES_MAIL = frozenset(("mail", "appointments", "brief"))


@dataclass(frozen=True)
class AnswererEntry:
    """One answerer as every door lists it."""

    name: str
    domain: str
    what: str
    examples: tuple[str, ...]
    writes: bool = False  # a write answerer: no tool for a model (its writes would need the person's yes)

    @property
    def flag(self) -> str:
        """The setting that turns it on and off."""
        return f"reader.{self.name}"


@lru_cache(maxsize=1)
def catalog() -> tuple[AnswererEntry, ...]:
    """Every answerer Steward ships, in the order the registry tries them."""
    from steward.yamldata import load_yaml, shipped_text

    data = load_yaml(shipped_text("steward.assistant", CATALOG))
    return tuple(AnswererEntry(str(a["name"]), str(a["domain"]), " ".join(str(a["what"]).split()),
                               tuple(str(e) for e in a.get("examples") or ()), bool(a.get("writes")))
                 for a in data["answerers"])


def answerers_on(is_on: Callable[[str], bool]) -> tuple[AnswererEntry, ...]:
    """The answerers whose flag is on (`is_on(setting name)`), in order."""
    return tuple(a for a in catalog() if is_on(a.flag))


def _tool(entry: AnswererEntry) -> Tool:
    def run(ctx: Any, question: str) -> dict[str, Any]:
        from steward.reader.frame import Frame

        reader, answerers = getattr(ctx, "reader", None), getattr(ctx, "answerers", None)
        answerer = next((a for a in answerers.answerers if a.name == entry.name), None) if answerers else None
        if reader is None or answerer is None:
            raise ToolError("off", f"Steward's {entry.name} answers are turned off here")
        frame = reader.read(question, ctx.clock)
        if frame is None and answerer.wants:
            frame = Frame(text=question, domain=answerer.domain, ask="show")  # "brief me": its words are the ask
        if frame is None:
            raise ToolError("not_a_question", "Steward's reader read no question about the user's data in that; "
                                              "pass the user's own words")
        frame = replace(frame, domain=answerer.domain, sure=True, wants=answerer.wants or frame.wants)
        got = answerer.answer(frame, ctx.clock)
        if got is None:
            raise ToolError("no_answer", f"{entry.name} cannot answer that from the user's data")
        return {"answer": got.reply, "frame": frame.to_json()}

    examples = "; ".join(f'"{e}"' for e in entry.examples)
    description = (f"Answer a question about {entry.what}. Steward's own code answers it from the user's data, "
                   f"as it does without a model; for example: {examples}.")
    parameters = {"type": "object", "required": ["question"], "properties": {
        "question": {"type": "string", "description": "the user's question in their own words"}}}
    return Tool(f"ask_{entry.name}", description, parameters, run, _kinds={"question": str},
                mail_text=entry.domain in _QUOTES_MAIL)


def answerer_tools(entries: Iterable[AnswererEntry]) -> list[Tool]:
    """One read tool per answerer (an answerer turned off by its flag has none, a write answerer neither)."""
    return [_tool(e) for e in entries if not e.writes]
