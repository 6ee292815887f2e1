"""What every command handler receives: parsed options, settings, the clock, the app, output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, is_dataclass
from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, TextIO

from steward.app import App, build_app
from steward.clock import Clock, make_clock
from steward.paths import Paths, resolve_paths
from steward.settings import Settings, load

Handler = Callable[["Ctx", argparse.Namespace], int | None]


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
        parser: argparse.ArgumentParser = self._sub.add_parser(
            name, help=help, description=help, parents=[self._parent], **kw
        )
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
        parser.set_defaults(func=lambda ctx, args: _group_help(parser))
        groups[name] = Commands(sub)
        return groups[name]


def _group_help(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def to_jsonable(obj: Any) -> Any:
    """Dataclasses, datetimes and paths as JSON values."""
    if is_dataclass(obj) and not isinstance(obj, type):
        return to_jsonable(asdict(obj))
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
        return resolve_paths(getattr(self.args, "home", None))

    @cached_property
    def settings(self) -> Settings:
        return load(self.paths.config_file)

    @cached_property
    def clock(self) -> Clock:
        return make_clock(self.settings.as_str("timezone"), getattr(self.args, "now", None),
                          getattr(self.args, "tz", None))

    @property
    def app(self) -> App:
        if self._app is None:
            self._app = build_app(self.settings, self.clock, self.paths)
        return self._app

    def out(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def notice(self, text: str) -> None:
        print(text, file=sys.stderr)

    def emit(self, data: Any, text: str | Callable[[], str]) -> None:
        """JSON on stdout with --json, else the human text."""
        if self.json:
            print(json.dumps(to_jsonable(data), ensure_ascii=False), file=self.stdout)
        else:
            self.out(text() if callable(text) else text)

    def close(self) -> None:
        if self._app is not None:
            self._app.close()
