"""The `steward` parser's parts: Steward's one-line usage errors, the global options every command
accepts, and `Commands`, which each command module's `register` adds its commands to."""

from __future__ import annotations

import argparse
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Container
    from typing import Any, NoReturn

    from steward.cli.context import Handler


class StewardParser(argparse.ArgumentParser):
    """argparse with Steward's error shape: one line naming the command and where its usage is shown.

    argparse's own error prints the usage block and then the error (three to eleven lines); a person
    needs the error, and `--help` is one command away.
    """

    def error(self, message: str) -> NoReturn:
        """A usage error: one line naming `--help`, exit code 2."""
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")


def global_options(top: bool = False) -> argparse.ArgumentParser:
    """The options every command accepts, before or after the command name."""
    p = argparse.ArgumentParser(add_help=False)
    default = None if top else argparse.SUPPRESS
    p.add_argument("--home", metavar="DIR", default=default, help="config and data live in DIR")
    p.add_argument("--now", metavar="ISO", default=default, help="pin the clock (ISO-8601 with offset)")
    p.add_argument("--tz", metavar="ZONE", default=default, help="the user's time zone (IANA name)")
    p.add_argument("--json", action="store_true", default=False if top else argparse.SUPPRESS,
                   help="machine output on stdout; notices on stderr")
    p.add_argument("-v", "--verbose", action="store_true", default=False if top else argparse.SUPPRESS,
                   help="debug logging on stderr")
    return p


class Commands:
    """A helper for registering subcommands that all accept the global options.

    With `only`, the commands of other names are not built: their module's `register` still runs, and
    what it adds to them is dropped (`steward schedule tomorrow` builds one parser, not a module's
    seventeen; each costs about a quarter of a millisecond).
    """

    def __init__(self, sub: Any, only: Container[str] | None = None,
                 parent: argparse.ArgumentParser | None = None) -> None:
        self._sub = sub
        self._only = only
        self._given_parent = parent

    @property
    def _parent(self) -> argparse.ArgumentParser:
        """The global options every command copies (made once, when a first command is built)."""
        if self._given_parent is None:
            self._given_parent = global_options()
        return self._given_parent

    def _unbuilt(self, name: str) -> bool:
        return self._only is not None and name not in self._only

    def add(self, name: str, help: str, func: Handler | None = None, **kw: Any) -> argparse.ArgumentParser:
        """A subcommand with its help line, run by `func`."""
        if self._unbuilt(name):
            return _Unbuilt()  # type: ignore[return-value]
        parser: argparse.ArgumentParser = self._sub.add_parser(
            name, help=help, description=help, parents=[self._parent], **kw
        )
        # the command's own name, for the one-line error about arguments it does not take (cli.main)
        parser.set_defaults(prog=parser.prog)
        if func is not None:
            parser.set_defaults(func=func)
        return parser

    def group(self, name: str, help: str, aliases: tuple[str, ...] = ()) -> Commands:
        """A command with subcommands of its own (`steward mail import`), also answering to `aliases`.

        Asking again for a group already made returns it, so two modules can add to one group
        (`steward mail sync` lives beside `steward mail import`).
        """
        groups: dict[str, Commands] = self.__dict__.setdefault("_groups", {})
        if name in groups:
            return groups[name]
        if self._unbuilt(name):
            groups[name] = Commands(self._sub, only=())  # nothing of it is built
            return groups[name]
        parser = self.add(name, help, aliases=list(aliases)) if aliases else self.add(name, help)
        sub = parser.add_subparsers(dest=f"{name}_command", metavar="SUBCOMMAND")
        parser.set_defaults(func=lambda ctx, args: _group_help(parser, sub))
        groups[name] = Commands(sub, parent=self._parent)
        return groups[name]


class _Unbuilt:
    """The parser of a command that was not given: every call on it is accepted and dropped."""

    def __getattr__(self, name: str) -> Any:
        return self._drop

    def _drop(self, *args: Any, **kwargs: Any) -> _Unbuilt:
        return self


def _group_help(parser: argparse.ArgumentParser, sub: Any) -> int:
    """`steward mail` alone: one line naming the subcommands (the group's --help describes them)."""
    print(f"{parser.prog}: name a subcommand: {', '.join(sub.choices)} (see `{parser.prog} --help`)",
          file=sys.stderr)
    return 2
