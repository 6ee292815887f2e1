"""`steward chat` (one turn, a REPL, or a turn a line from stdin; `--session` alone lists sessions), `steward route`,
and `steward pending` (the held writes waiting for a yes, answered by id as the page's cards are)."""

from __future__ import annotations

import argparse
import json
import sys

from steward.cli.context import Commands, Ctx, stdin_lines
from steward.errors import StewardError, UsageError, UserError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

    from steward.assistant.stream import ReplyStream


def register(commands: Commands) -> None:
    """Add `chat` and `route` to the command line."""
    chat = commands.add("chat", "talk to Steward: one turn (TEXT), a REPL (no TEXT), or a turn a line (-)",
                        cmd_chat)
    chat.add_argument("text", nargs="*", metavar="TEXT", help="the turn; '-' reads one turn per line from stdin")
    chat.add_argument("--session", metavar="ID", nargs="?", const="",
                      help="conversation id (default: one per day on your clock); alone, lists the sessions and "
                           "their titles")
    chat.add_argument("--dry-run", action="store_true", help="do everything but write; the trace shows the writes")
    route = commands.add("route", "which intent the router gives TEXT (no side effects); '-' reads lines",
                         cmd_route)
    route.add_argument("text", nargs="+", metavar="TEXT")
    pending = commands.group("pending", "writes the model proposed, waiting for your yes: list, confirm or cancel one "
                             "(also `steward held`)", aliases=("held",))
    listed = pending.add("list", "the held writes whose question is still open", cmd_pending_list)
    listed.add_argument("--session", metavar="ID", help="conversation id (default: today's)")
    for verb, what in (("confirm", "save"), ("cancel", "drop")):
        p = pending.add(verb, f"{what} the writes of held write ID's question, if that question is still open",
                        cmd_pending_answer)
        p.add_argument("id", metavar="ID", help="the held write's id (held-...), as `steward pending list` shows")
        p.set_defaults(answer=verb)


def _human(trace: Any) -> str:
    return trace.reply


class _Printer:
    """Prints a model's answer as it is written (the human output only; `--json` prints the trace).

    A terminal cannot take text back, so when the engine withdraws what was shown (a round that ends in
    tool calls, a caught false claim) a line says so and the final reply is printed whole at the end.
    """

    def __init__(self, ctx: Ctx, prefix: str = "") -> None:
        self.ctx, self.prefix = ctx, prefix
        self.shown = ""

    def stream(self) -> ReplyStream:
        from steward.assistant.stream import ReplyStream

        return ReplyStream(text=self._text, reset=self._reset)

    def _text(self, piece: str) -> None:
        if not self.shown:
            self.ctx.stdout.write(self.prefix)
        self.shown += piece
        self.ctx.stdout.write(piece)
        self.ctx.stdout.flush()

    def _reset(self) -> None:
        if self.shown:
            self.ctx.stdout.write("\n")
            self.ctx.notice("(withdrawn: that was not the answer)")
            self.shown = ""

    def finish(self, reply: str) -> None:
        """End the turn's output: a newline after a streamed reply, else the reply whole."""
        if self.shown and self.shown == reply:
            self.ctx.stdout.write("\n")
        else:
            if self.shown:
                self.ctx.stdout.write("\n")
            self.ctx.out(f"{self.prefix}{reply}")
        self.ctx.stdout.flush()


def cmd_chat(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward chat [TEXT]`: one turn, a REPL, or a turn a line of stdin."""
    words = list(args.text)
    if args.session == "":
        if words:
            raise UsageError("--session needs an id before the text, e.g. steward chat --session work 'hello'")
        return _list_sessions(ctx)
    if words == ["-"]:
        return _chat_lines(ctx, args)
    if not words:
        return _repl(ctx, args)
    from steward.cli.local import ask

    served = ask(ctx, "POST", "/chat", body={"text": " ".join(words), "session": args.session,
                                            "dry_run": args.dry_run})
    if served is not None:
        ctx.emit(served, str(served.get("reply", "")))
    elif ctx.json:
        trace = ctx.app.engine.turn(" ".join(words), session=args.session, dry_run=args.dry_run)
        ctx.emit(trace.to_json(), lambda: _human(trace))
    else:
        printer = _Printer(ctx)
        trace = ctx.app.engine.turn(" ".join(words), session=args.session, dry_run=args.dry_run,
                                    stream=printer.stream())
        printer.finish(trace.reply)
    if args.dry_run and not ctx.json:
        ctx.notice("(dry run: nothing was saved)")
    return 0


def _not_utf8(ctx: Ctx, number: int) -> None:
    """A stream's line that is not UTF-8: said on stderr and as its JSON error line; the rest go on."""
    ctx.notice(f"steward: line {number}: not UTF-8 text; skipped")
    print(json.dumps({"line": number, "error": f"line {number} is not UTF-8 text"}), file=ctx.stdout, flush=True)


def _chat_lines(ctx: Ctx, args: argparse.Namespace) -> int:
    """A turn a line; a JSON trace a line; a bad line gets a JSON error line and the rest still run."""
    engine = ctx.app.engine
    failed = 0
    for number, line in stdin_lines():
        if line is None:
            failed += 1
            _not_utf8(ctx, number)
            continue
        text = line.strip()
        if not text:
            continue
        out: dict[str, Any]
        try:
            out = engine.turn(text, session=args.session, dry_run=args.dry_run).to_json()
        except StewardError as exc:
            failed += 1
            out = {"text": text, "line": number, "error": exc.message}
            ctx.notice(f"steward: line {number}: {exc.message}")
        print(json.dumps(out, ensure_ascii=False), file=ctx.stdout, flush=True)
    return 1 if failed else 0


def _repl(ctx: Ctx, args: argparse.Namespace) -> int:
    engine = ctx.app.engine
    interactive = sys.stdin.isatty()
    if interactive:
        ctx.notice("Steward: type a request; an empty line or Ctrl-D ends.")
    lines = None if interactive else stdin_lines()
    while True:
        try:
            if lines is None:
                text = input("you> ")
            else:
                number, line = next(lines)
                if line is None:
                    ctx.notice(f"steward: line {number} is not UTF-8 text; skipped")
                    continue
                text = line.rstrip("\r\n")
        except (EOFError, StopIteration):
            break
        except UnicodeDecodeError:  # a terminal sending another encoding
            ctx.notice("steward: that line is not UTF-8 text; try again")
            continue
        if not text.strip():
            if interactive:
                break
            continue
        if text.strip().lower() in {"exit", "quit", "bye"}:
            break
        printer = None if ctx.json else _Printer(ctx, "steward> " if interactive else "")
        try:
            trace = engine.turn(text, session=args.session, dry_run=args.dry_run,
                                stream=printer.stream() if printer else None)
        except StewardError as exc:
            if printer is not None and printer.shown:
                ctx.stdout.write("\n")
            ctx.notice(f"steward: {exc.message}")
            continue
        if printer is not None:
            printer.finish(trace.reply)
        else:
            ctx.emit(trace.to_json(), trace.reply)
    return 0


def cmd_route(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward route TEXT`: the router's intent for a text, without side effects."""
    engine = ctx.app.engine
    if list(args.text) == ["-"]:
        failed = 0
        for number, line in stdin_lines():
            if line is None:
                failed += 1
                _not_utf8(ctx, number)
                continue
            text = line.strip()
            if text:
                route = engine.route(text)
                print(json.dumps({"text": text, **route.to_json()}, ensure_ascii=False), file=ctx.stdout)
        return 1 if failed else 0
    text = " ".join(args.text).strip()
    if not text:
        raise UsageError("give the text to route, e.g. steward route 'what is on tomorrow'")
    route = engine.route(text)
    ctx.emit({"text": text, **route.to_json()},
             f"{route.intent} {route.confidence:.2f} ({route.source})")
    return 0


def _list_sessions(ctx: Ctx) -> int:
    """`steward chat --session`: the sessions, most recent first, with their titles."""
    names = ctx.app.session_names
    if names is None:
        raise UserError("session titles are turned off (the session_names setting is 0)")
    found = names.sessions()

    def human() -> str:
        if not found:
            return "No sessions yet: `steward chat` starts today's."
        return "\n".join(f"{s.session}  {s.title or '(no title)'}  \u2014 {s.turns} turn{'s' * (s.turns != 1)}, "
                         f"last {s.last_at.astimezone(ctx.clock.zone):%Y-%m-%d %H:%M}" for s in found)

    ctx.emit({"sessions": [{"session": s.session, "title": s.title, "turns": s.turns,
                            "last_at": s.last_at.astimezone(ctx.clock.zone).isoformat()} for s in found]}, human)
    return 0


def cmd_pending_list(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward pending list`: the held writes whose question is open, and those waiting beside later
    answers, with their ids."""
    from steward.assistant.turn import default_session

    session = args.session or default_session(ctx.app.clock)
    waiting = ctx.app.held_writes.waiting(session) + ctx.app.held_writes.set_aside(session)
    items = [{"id": c.id, "tool": c.tool, "summary": c.summary, "question": c.question, "fields": dict(c.fields)}
             for c in waiting]

    def human() -> str:
        if not items:
            return f"Nothing is waiting for your answer in {session}."
        return "\n".join(f"{i['id']}  {i['summary']}" for i in items)

    ctx.emit({"session": session, "pending": items}, human)
    return 0


def cmd_pending_answer(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward pending confirm|cancel ID`: answer a held write's question, as its card on the page does."""
    trace = ctx.app.held_writes.answer(args.id.strip(), args.answer)
    ctx.emit(trace.to_json(), trace.reply)
    return 0
