"""`steward brief [--send] [--html]` and `steward brief config show|add|remove|move|set|undo|reset`.

Thin adapters over `brief.BriefService` (built by the App): the same prefs chat writes, the same
render, the same delivery the morning routine makes.
"""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING

from steward.cli.context import Commands, Ctx

if TYPE_CHECKING:
    from steward.brief.config import ConfigRequest, OptionChange
    from steward.brief.prefs import Position

_WINDOW = re.compile(r"^(\d{1,3})\s*([dw]?)$")


def register(commands: Commands) -> None:
    """Add `steward brief` and `steward brief config ...` to the command line."""
    p = commands.add("brief", "today's brief (the sections your prefs choose); --send delivers it now", cmd_brief)
    p.add_argument("--send", action="store_true", help="send it to the notification sinks now (notify.sinks)")
    p.add_argument("--html", action="store_true", help="print it as HTML (as the e-mail sink sends it)")
    sub = p.add_subparsers(dest="brief_command", metavar="SUBCOMMAND")
    config = Commands(sub).group("config", "choose the brief's sections, their order and options")

    config.add("show", "the sections in order, their options, and what is left out", cmd_config_show)
    q = config.add("add", "put a section in the brief (back where it was, or where you say)", cmd_config_add)
    _section(q)
    _placement(q)
    _options(q)
    q = config.add("remove", "take a section out of the brief", cmd_config_remove)
    _section(q)
    q = config.add("move", "move a section: first, last, N, before SECTION, after SECTION", cmd_config_move)
    _section(q)
    q.add_argument("place", metavar="PLACE", nargs="+", help="first | last | 2 | before inbox | after schedule")
    q = config.add("set", "set a section's options (--window, --category, --hide, --count)", cmd_config_set)
    _section(q)
    _options(q)
    config.add("undo", "take back the last change", cmd_config_undo)
    config.add("reset", "back to the full brief (undo takes this back too)", cmd_config_reset)


def _section(p: argparse.ArgumentParser) -> None:
    p.add_argument("section", metavar="SECTION",
                   help="schedule, tomorrow, dues, inbox, appointments, mail_health (or your words: 'bills')")


def _placement(p: argparse.ArgumentParser) -> None:
    p.add_argument("--first", action="store_true", help="put it first")
    p.add_argument("--last", action="store_true", help="put it last")
    p.add_argument("--before", metavar="SECTION", help="put it before SECTION")
    p.add_argument("--after", metavar="SECTION", help="put it after SECTION")


def _options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--window", metavar="DAYS", help="dues: the next N days (7, 7d, 2w)")
    p.add_argument("--category", metavar="KIND", action="append",
                   help="dues: only this kind (card, insurance, rent ...); repeat for more; 'all' for every kind")
    p.add_argument("--hide", metavar="CATEGORY", action="append",
                   help="inbox: do not count this mail category (newsletter, receipt ...); 'none' shows all")
    p.add_argument("--count", type=int, metavar="N", help="tomorrow: how many of its first items to show")


def cmd_brief(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief`: print today's brief (text or HTML), or send it now with --send."""
    from steward.brief.render import to_html, to_text

    if ctx.json and not args.send:
        from steward.cli.local import ask

        served = ask(ctx, "GET", "/brief")
        if served is not None:
            ctx.emit(served, "")
            return 0
    service = ctx.app.brief
    if args.send:
        sent = service.send_now()
        d = sent.delivery
        where = ", ".join(sent.sinks) or "no sink"
        text = f"Sent your brief for {ctx.clock.formats.day(sent.brief.date)} to {where}."
        if sent.errors:
            text += " Not sent: " + "; ".join(sent.errors)
        ctx.emit(sent.to_json(), text)
        return 0 if d.status == "sent" else 1
    brief = service.build()
    ctx.emit(brief.to_json(), lambda: to_html(brief) if args.html else to_text(brief))
    return 0


def _slot(ctx: Ctx, words: str | list[str]) -> str:
    return str(ctx.app.brief.manifest.get(words if isinstance(words, str) else " ".join(words)).slot)


def _days(text: str) -> int:
    from steward.errors import UsageError

    raw = text.strip().lower()
    if raw in ("month", "this month"):
        return 30
    if raw == "week":
        return 7
    m = _WINDOW.match(raw)
    if m is None:
        raise UsageError(f"--window {text!r}: write the number of days, e.g. 7, 7d or 2w")
    return int(m.group(1)) * (7 if m.group(2) == "w" else 1)


def _changes(args: argparse.Namespace) -> tuple[OptionChange, ...]:
    from steward.brief.config import option_changes

    def listed(raw: list[str] | None, clear: str) -> tuple[str, ...] | None:
        if not raw:
            return None
        return tuple(v for part in raw for v in part.lower().replace(",", " ").split() if v != clear)

    return option_changes(window_days=_days(args.window) if args.window is not None else None,
                          categories=listed(args.category, "all"), hide=listed(args.hide, "none"), count=args.count)


def _position(ctx: Ctx, words: list[str]) -> Position:
    from steward.brief.config import parse_position
    from steward.errors import UsageError, UserError

    try:
        position = parse_position(" ".join(words), ctx.app.brief.manifest)
    except UserError as exc:
        raise UsageError(exc.message) from None
    if position is None:
        raise UsageError("say where: first, last, a number, 'before SECTION' or 'after SECTION'")
    return position


def _run(ctx: Ctx, request: ConfigRequest, command: str) -> int:
    result = ctx.app.brief.configure(request, provenance={"via": "cli", "command": f"brief config {command}"})
    ctx.emit(result.to_json(), result.message)
    return 0


def cmd_config_show(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config show`: print the sections in order, their options, and what is left out."""
    from steward.brief.config import ConfigRequest

    return _run(ctx, ConfigRequest("show"), "show")


def cmd_config_add(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config add SECTION`: put the section in the brief, where asked."""
    from steward.brief.config import ConfigRequest
    from steward.brief.prefs import Position

    position: Position | None = None
    if args.first:
        position = Position("first")
    elif args.last:
        position = Position("last")
    elif args.before:
        position = Position("before", ref=_slot(ctx, args.before))
    elif args.after:
        position = Position("after", ref=_slot(ctx, args.after))
    return _run(ctx, ConfigRequest("add", _slot(ctx, args.section), position, _changes(args)), "add")


def cmd_config_remove(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config remove SECTION`: leave the section out of the brief."""
    from steward.brief.config import ConfigRequest

    return _run(ctx, ConfigRequest("remove", _slot(ctx, args.section)), "remove")


def cmd_config_move(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config move SECTION PLACE`: move the section to another place."""
    from steward.brief.config import ConfigRequest

    return _run(ctx, ConfigRequest("move", _slot(ctx, args.section), _position(ctx, args.place)), "move")


def cmd_config_set(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config set SECTION`: change the section's options (window, category, hide, count)."""
    from steward.brief.config import ConfigRequest
    from steward.errors import UsageError

    changes = _changes(args)
    if not changes:
        raise UsageError("say what to set: --window, --category, --hide or --count")
    return _run(ctx, ConfigRequest("options", _slot(ctx, args.section), None, changes), "set")


def cmd_config_undo(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config undo`: go back to the prefs before the last change."""
    from steward.brief.config import ConfigRequest

    return _run(ctx, ConfigRequest("undo"), "undo")


def cmd_config_reset(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward brief config reset`: go back to the full brief in its usual order."""
    from steward.brief.config import ConfigRequest

    return _run(ctx, ConfigRequest("reset"), "reset")
