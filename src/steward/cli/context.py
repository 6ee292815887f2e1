"""What every command handler receives: parsed options, settings, the clock, the app, output.

It imports nothing of Steward at the top: `steward --help`, `--version` and `steward hook` build their
parsers from it, and each handler loads the parts it uses (settings, the clock, the app) on first use.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from functools import cached_property

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`steward hook` reads stdin from here)
if TYPE_CHECKING:
    import argparse
    from typing import Any, TextIO

    from steward.app import App
    from steward.cli.parser import Commands, StewardParser, global_options  # noqa: F401
    from steward.clock import Clock
    from steward.paths import Paths
    from steward.settings import Settings

Handler = Callable[["Ctx", "argparse.Namespace"], "int | None"]


def __getattr__(name: str) -> Any:
    """The parser helpers (`Commands`, `StewardParser`, `global_options`) live in `steward.cli.parser`, which
    imports argparse; they are loaded from here on first use, so `steward hook` never loads argparse."""
    if name in ("Commands", "StewardParser", "global_options"):
        from steward.cli import parser

        return getattr(parser, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    def folders(self) -> tuple[str, str]:
        """(config folder, data folder) of the home, as names: `paths` without pathlib (`steward.home`)."""
        from steward.home import folders

        return folders(getattr(self.args, "home", None))

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

        return load(self.paths.config_name)

    @cached_property
    def clock(self) -> Clock:
        """The user's clock (`--tz` and `--now` applied)."""
        from steward.clock import make_clock

        tz = getattr(self.args, "tz", None)
        if tz is not None and not tz.strip():  # `--tz ""` would quietly mean the configured zone
            from steward.errors import UsageError

            raise UsageError("--tz needs a zone name, e.g. --tz Asia/Kolkata")
        return make_clock(self.settings.as_str("timezone"), getattr(self.args, "now", None),
                          getattr(self.args, "tz", None), self.settings.as_str("locale"))

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
