"""`steward demo`: build a demo home from the bundled sample mailbox, summarise it, then serve it."""

from __future__ import annotations

import argparse

from steward.cli.context import Commands, Ctx


def register(commands: Commands) -> None:
    """Add `demo` to the command line."""
    p = commands.add("demo", "a demo home from the bundled sample mailbox (use --home), summarised, then served",
                     cmd_demo)
    p.add_argument("--no-serve", action="store_true", help="build and summarise the demo home, then exit")
    from steward.sample.homes import MAILBOXES, NAMES

    told = [f"{m.name} ({m.person})" for m in MAILBOXES]
    p.add_argument("--mailbox", choices=NAMES, default="demo",
                   help=f"which sample mailbox: {', '.join(told[:-1])} or {told[-1]}")
    from steward.cli.serve import add_serve_options

    add_serve_options(p)


def cmd_demo(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward demo`: build a demo home from the sample mailbox, summarise it, then serve."""
    from steward.demo import build_demo_home, summarize

    paths = ctx.paths
    ctx.make_config_dir()
    if not paths.config_file.exists():
        paths.config_file.write_text("# Steward demo home; `steward config show` lists every setting.\n",
                                     encoding="utf-8")
    folder, report = build_demo_home(ctx.app, mailbox=args.mailbox)
    summary = summarize(ctx.app, folder, report, ctx.clock)
    data = {"home": summary.home, "mailbox": summary.mailbox, "messages": summary.messages, "added": summary.added,
            "by_category": summary.by_category,
            "sections": {title: [{"text": line.text, "ids": list(line.ids)} for line in lines]
                         for title, lines in summary.sections.items()}}
    ctx.emit(data, summary.text)
    if args.no_serve:
        return 0
    from steward.cli.serve import run_server

    if not ctx.json:
        ctx.notice(f"serving the demo home; stop with Ctrl-C (or run `steward --home {paths.home_label} demo --no-serve`)")
    return run_server(ctx, args)
