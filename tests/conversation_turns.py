"""A conversation written as turns, each with what its reply must hold and must not, asked one turn at a time
in one recorded session as `steward chat` reads it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from steward.app import App


@dataclass(frozen=True)
class Say:
    """One turn: what is said, what the reply must hold, what it must not, and who answers when that matters."""

    text: str
    has: Sequence[str] = ()
    lacks: Sequence[str] = ()
    by: str = ""


def misses(app: App, session: str, turns: Sequence[Say]) -> list[str]:
    """Every turn whose reply is not what it should be, said with the turn and the reply (empty: all right)."""
    out = []
    for n, say in enumerate(turns, 1):
        trace = app.engine.turn(say.text, session=session)
        reply = trace.reply
        wrong = [f"lacks {h!r}" for h in say.has if h not in reply] + [f"has {w!r}" for w in say.lacks if w in reply]
        if say.by and trace.handled_by != say.by:
            wrong.append(f"answered by {trace.handled_by}, not {say.by}")
        if wrong:
            out.append(f"turn {n} {say.text!r}: {', '.join(wrong)}\n    {reply!r}")
    return out
