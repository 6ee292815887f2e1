"""The `steward` command.

Each command group lives in its own module under `steward.cli` with a `register(commands)` function;
modules import only argparse-level things at the top so `steward --help` stays fast, and load the
heavy parts inside their handlers. Exit codes: 0 success, 1 user error (one line on stderr),
2 usage error.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`steward hook` stays light)
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from steward.cli.context import Handler

# the command groups, in the order `steward --help` lists them
COMMAND_MODULES = (
    "steward.cli.setup",
    "steward.cli.first_run",
    "steward.cli.calendar",
    "steward.cli.when",
    "steward.cli.serve",
    "steward.cli.chat",
    "steward.cli.hook",
    "steward.cli.mcp",
    "steward.cli.session",
    "steward.cli.mail",
    "steward.cli.mail_sync",
    "steward.cli.appointments",
    "steward.cli.finance",
    "steward.cli.brief",
    "steward.cli.demo",
    "steward.cli.maintenance",
)


# which module registers each command: a command's parser is built from its own module(s) alone, so
# `steward chat ...` does not import the sixteen others (`steward --help` and a mistyped command still
# build them all). tests/test_startup_imports.py keeps this equal to what the modules register.
COMMAND_HOMES = {
    "config": ("steward.cli.setup",), "init": ("steward.cli.setup",), "setup": ("steward.cli.first_run",),
    **dict.fromkeys(("calendar", "remind", "reminders", "schedule", "scheduler"), ("steward.cli.calendar",)),
    "when": ("steward.cli.when",), "serve": ("steward.cli.serve",),
    **dict.fromkeys(("chat", "pending", "held", "route"), ("steward.cli.chat",)),
    "hook": ("steward.cli.hook",), "mcp": ("steward.cli.mcp",), "session": ("steward.cli.session",),
    "mail": ("steward.cli.mail", "steward.cli.mail_sync"), "appointments": ("steward.cli.appointments",),
    "accounts": ("steward.cli.finance",), "dues": ("steward.cli.finance",), "payments": ("steward.cli.finance",), "brief": ("steward.cli.brief",),
    "demo": ("steward.cli.demo",), **dict.fromkeys(("backup", "doctor", "restore"), ("steward.cli.maintenance",)),
}


def build_parser(modules: Sequence[str] = COMMAND_MODULES, only: str | None = None) -> argparse.ArgumentParser:
    """The `steward` parser with the commands of `modules` (all of them by default); with `only`, the
    parser of that one command alone (the others its modules register are not built)."""
    import importlib

    from steward.cli.parser import Commands, StewardParser, global_options

    parser = StewardParser(
        prog="steward",
        description="A local-first personal assistant for your mail, calendar, reminders and money owed.",
        parents=[global_options(top=True)],
    )
    from steward import __version__

    parser.add_argument("-V", "--version", action="version", version=f"steward {__version__}",
                        help="print Steward's version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands = Commands(sub, only=None if only is None else (only,))
    for name in modules:
        importlib.import_module(name).register(commands)
    return parser


QUERY_COMMANDS = {("mail", "search"), ("mail", "analyze")}


def _protect_exclusions(argv: list[str]) -> list[str]:
    """Let `steward mail search statement -autopay` mean what it says.

    argparse takes any word starting with "-" for an option (`-harbor` even reads as `-h arbor`). After a
    query-taking command, a `-word` that is not an option gets a leading space: argparse then sees a
    positional, and the query parser, which splits on spaces, sees the exclusion it was meant to be.
    """
    import itertools

    positional = [(i, w) for i, w in enumerate(argv) if not w.startswith("-")]
    for (_, group), (i, command) in itertools.pairwise(positional):
        if (group, command) in QUERY_COMMANDS:
            start = i + 1
            break
    else:
        return argv
    out = argv[:start]
    for i, word in enumerate(argv[start:], start):
        if word == "--":
            return out + argv[i:]
        is_option = word in ("-h", "-v") or word.startswith("--")
        exclusion = len(word) > 2 and word[0] == "-" and not is_option and not word[1].isdigit()
        out.append(" " + word if exclusion else word)
    return out


# the global options that take a value (`--home DIR`): the word after them is not the command
VALUE_OPTIONS = ("--home", "--now", "--tz")


def _command_of(argv: Sequence[str]) -> str | None:
    """The command word of `argv` (`hook` in `steward --home h hook Stop`), or None."""
    words = iter(argv)
    for word in words:
        if word in VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `steward` command with `argv` (None: the process's own, and the process ends after it);
    the exit code (0 ok, 1 a user error, 2 usage)."""
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    finally:
        if argv is None:
            # the process ends next: the interpreter's last garbage collection would walk every object
            # the command made (longer than a light command's own work), and nothing it could free
            # matters once the process is gone; the files and the store were closed by the command
            import gc

            gc.freeze()


def _main(given: list[str]) -> int:
    """`main` for the words after `steward`."""
    if given in (["--version"], ["-V"]):  # answered before any parser is built
        from steward import __version__

        print(f"steward {__version__}")
        return 0
    if given in (["--help"], ["-h"]):  # the full parser's help, kept beside this file (a test keeps it equal)
        import os  # already loaded by the interpreter (pathlib would not be)

        with open(os.path.join(os.path.dirname(__file__), "help.txt"), encoding="utf-8") as kept:
            print(kept.read(), end="")
        return 0
    # `steward hook EVENT` runs on every tool call of a Claude Code session: it is read without argparse,
    # or (for --help and mistakes) with a parser of its own command only
    is_hook = _command_of(given) == "hook"
    if is_hook:
        from steward.cli.hook import answer_quickly, cmd_hook, quick_args

        quick = quick_args(given)
        if quick is not None:
            answered = answer_quickly(quick)  # nothing to run: answered without settings or the bus
            return answered if answered is not None else _run(cmd_hook, quick)
    command = _command_of(given) or ""
    parser = build_parser(*((COMMAND_HOMES[command], command) if command in COMMAND_HOMES else ()))
    args, extra = parser.parse_known_args(_protect_exclusions(given))
    if extra:
        # named by the command that was given, not by `steward`
        print(f"{getattr(args, 'prog', 'steward')}: unrecognized arguments: {' '.join(extra)} "
              f"(see `{getattr(args, 'prog', 'steward')} --help`)", file=sys.stderr)
        return 2
    handler = getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return 2
    return _run(handler, args)


def _run(handler: Handler, args: Any) -> int:
    """Run a command's handler; a StewardError is its one line on stderr and its exit code."""
    from steward.cli.dataclass_code import keep_dataclass_code
    from steward.cli.deferred import defer

    # the standard-library modules the record types import but seldom use load on first use, and the
    # record types' methods are compiled once and kept like byte-code (from the first type made on)
    defer(then={"dataclasses": lambda module: keep_dataclass_code()})
    from steward.cli.context import Ctx
    from steward.errors import StewardError

    if getattr(args, "verbose", False):
        from steward.logs import configure as configure_logging

        configure_logging(verbose=True)
    from steward.home import private_files

    ctx = Ctx(args)
    try:
        with private_files():  # what a command creates in the home is its owner's alone
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
