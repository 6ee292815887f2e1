"""A chat turn as the tests take one: `steward chat --json` through the in-process `cli` fixture, or turns
said to a home's engine in one conversation."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from steward.app import App


def chat_json(cli: Callable[..., Any], now: str, text: str, *options: str) -> dict[str, Any]:
    """One `steward chat --json` turn at `now`, its trace; a failed command fails the test with its error."""
    result = cli("chat", "--now", now, "--json", *options, text)
    assert result.code == 0, result.err
    return dict(result.json())


def talk(app: App, *turns: str) -> list[str]:
    """The replies to `turns` said one after another in one conversation (named after them), writing nothing."""
    session = "/".join(turns)
    return [app.engine.turn(text, session=session, dry_run=True).reply for text in turns]


def ask(app: App, text: str, session: str = "") -> tuple[str, str]:
    """Which part answered `text`, said alone (or in `session`) and writing nothing, and its reply."""
    trace = app.engine.turn(text, session=session or f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


def demo_home_at(app_in_own_home: Callable[[str, str], App], zone: str, now: str, mailbox: str) -> App:
    """A sample mailbox's home on its own clock (`mailbox`: second .. eighth)."""
    from steward.demo import build_demo_home

    built = app_in_own_home(zone, now)
    build_demo_home(built, mailbox=mailbox)
    return built


def last_turn(app: App, *turns: str) -> tuple[str, str]:
    """The turns in one conversation, writing nothing: the last one's handler and reply."""
    trace = None
    for text in turns:
        trace = app.engine.turn(text, session="|".join(turns), dry_run=True)
    assert trace is not None
    return trace.handled_by, trace.reply
