"""What every command handler receives: parsed options, settings, the clock, the app, output.

It imports nothing of Steward at the top: `steward --help`, `--version` and `steward hook` build their
parsers from it, and each handler loads the parts it uses (settings, the clock, the app) on first use.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

if TYPE_CHECKING:
    from steward.app import App
    from steward.clock import Clock
    from steward.paths import Paths
    from steward.settings import Settings

Handler = Callable[["Ctx", argparse.Namespace], int | None]


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
    """A helper for registering subcommands that all accept the global options."""

    def __init__(self, sub: Any) -> None:
        self._sub = sub
        self._parent = global_options()

    def add(self, name: str, help: str, func: Handler | None = None, **kw: Any) -> argparse.ArgumentParser:
        """A subcommand with its help line, run by `func`."""
        parser: argparse.ArgumentParser = self._sub.add_parser(
            name, help=help, description=help, parents=[self._parent], **kw
        )
        # the command's own name, for the one-line error about arguments it does not take (cli.main)
        parser.set_defaults(prog=parser.prog)
        if func is not None:
            parser.set_defaults(func=func)
        return parser

    def group(self, name: str, help: str) -> Commands:
        """A command with subcommands of its own (`steward mail import`).

        Asking again for a group already made returns it, so two modules can add to one group
        (`steward mail sync` lives beside `steward mail import`).
        """
        groups: dict[str, Commands] = self.__dict__.setdefault("_groups", {})
        if name in groups:
            return groups[name]
        parser = self.add(name, help)
        sub = parser.add_subparsers(dest=f"{name}_command", metavar="SUBCOMMAND")
        parser.set_defaults(func=lambda ctx, args: _group_help(parser, sub))
        groups[name] = Commands(sub)
        return groups[name]


def _group_help(parser: argparse.ArgumentParser, sub: Any) -> int:
    """`steward mail` alone: one line naming the subcommands (the group's --help describes them)."""
    print(f"{parser.prog}: name a subcommand: {', '.join(sub.choices)} (see `{parser.prog} --help`)",
          file=sys.stderr)
    return 2


def stdin_lines() -> Iterator[tuple[int, str | None]]:
    """Standard input a line at a time, numbered from 1; None for a line that is not UTF-8 text.

    Decoding line by line keeps one bad line (binary, Latin-1) from ending a stream of good ones: the
    caller reports that line and goes on.
    """
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # already text (tests hand in an io.StringIO)
        yield from enumerate(sys.stdin, start=1)
        return
    for number, raw in enumerate(buffer, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield number, None
            continue
        yield number, text.removeprefix("\ufeff") if number == 1 else text


def read_stdin(what: str) -> str:
    """All of standard input as text; a UsageError naming `what` when it is not UTF-8."""
    from steward.errors import UsageError

    lines = []
    for number, line in stdin_lines():
        if line is None:
            raise UsageError(f"{what} is not UTF-8 text (line {number})")
        lines.append(line)
    return "".join(lines)


def to_jsonable(obj: Any) -> Any:
    """Dataclasses, datetimes and paths as JSON values."""
    from dataclasses import asdict, is_dataclass
    from datetime import date, datetime
    from pathlib import Path

    if is_dataclass(obj) and not isinstance(obj, type):
        return to_jsonable(asdict(obj))
    if isinstance(obj, tuple) and hasattr(obj, "_asdict"):  # a NamedTuple is a record, not a list
        return to_jsonable(obj._asdict())
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, datetime | date):
        return obj.isoformat()
    if isinstance(obj, Path):
        return str(obj)
    if hasattr(obj, "to_json"):
        return obj.to_json()
    return obj


class Ctx:
    """Per-invocation context. Settings, the clock and the app are built on first use."""

    def __init__(self, args: argparse.Namespace, stdout: TextIO | None = None) -> None:
        self.args = args
        self.json: bool = bool(getattr(args, "json", False))
        self.stdout = stdout or sys.stdout
        self._app: App | None = None

    @cached_property
    def paths(self) -> Paths:
        """The home's paths (`--home`, `STEWARD_HOME` or the XDG folders)."""
        from steward.paths import resolve_paths

        return resolve_paths(getattr(self.args, "home", None))

    def make_config_dir(self) -> None:
        """Create the folder the config file lives in; one line when the home cannot hold it."""
        from steward.errors import ConfigError

        try:
            self.paths.config_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            reason = ("a file is in the way of that folder" if isinstance(exc, FileExistsError | NotADirectoryError)
                      else exc.strerror or str(exc))
            raise ConfigError(f"cannot create the Steward home at {self.paths.config_dir}: {reason}; "
                              "check STEWARD_HOME / --home") from None

    @cached_property
    def settings(self) -> Settings:
        """The settings of the home's config file and the environment."""
        from steward.settings import load

        return load(self.paths.config_file)

    @cached_property
    def clock(self) -> Clock:
        """The user's clock (`--tz` and `--now` applied)."""
        from steward.clock import make_clock

        tz = getattr(self.args, "tz", None)
        if tz is not None and not tz.strip():  # `--tz ""` would quietly mean the configured zone
            from steward.errors import UsageError

            raise UsageError("--tz needs a zone name, e.g. --tz Asia/Kolkata")
        return make_clock(self.settings.as_str("timezone"), getattr(self.args, "now", None),
                          getattr(self.args, "tz", None))

    @property
    def app(self) -> App:
        """The App for this command, built on first use."""
        if self._app is None:
            from steward.app import build_app

            self._app = build_app(self.settings, self.clock, self.paths)
        return self._app

    def out(self, text: str = "") -> None:
        """Print a line on stdout."""
        print(text, file=self.stdout)

    def notice(self, text: str) -> None:
        """Print a notice on stderr (so `--json` output stays clean)."""
        print(text, file=sys.stderr)

    def emit(self, data: Any, text: str | Callable[[], str]) -> None:
        """JSON on stdout with --json, else the human text."""
        if self.json:
            import json

            print(json.dumps(to_jsonable(data), ensure_ascii=False), file=self.stdout)
        else:
            self.out(text() if callable(text) else text)

    def close(self) -> None:
        """Close the App, if one was built."""
        if self._app is not None:
            self._app.close()
