"""The `steward` command.

Each command group lives in its own module under `steward.cli` with a `register(commands)` function;
modules import only argparse-level things at the top so `steward --help` stays fast, and load the
heavy parts inside their handlers. Exit codes: 0 success, 1 user error (one line on stderr),
2 usage error.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from steward.cli.context import Commands, Ctx, global_options
from steward.errors import StewardError

# the command groups, in the order `steward --help` lists them
COMMAND_MODULES = (
    "steward.cli.setup",
    "steward.cli.calendar",
    "steward.cli.when",
    "steward.cli.serve",
    "steward.cli.chat",
    "steward.cli.mail",
    "steward.cli.mail_sync",
    "steward.cli.demo",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="steward",
        description="A local-first personal assistant for your mail, calendar, reminders and money owed.",
        parents=[global_options(top=True)],
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands = Commands(sub)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "verbose", False):
        logging.basicConfig(level=logging.DEBUG, stream=sys.stderr)
    handler = getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return 2
    ctx = Ctx(args)
    try:
        return int(handler(ctx, args) or 0)
    except StewardError as exc:
        print(f"steward: {exc.message}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("steward: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        ctx.close()
