"""Where Steward keeps its config and data: `--home DIR` / `STEWARD_HOME`, else the XDG paths; and
keeping them private.

The home holds mail metadata, a calendar, money owed, the server's token and mail passwords, so it is
its owner's alone: every command runs with the umask 077 (`steward.home.private_files`), so whatever
it creates there (folders, the store and its WAL files, the config, secrets, the token, a demo's sample
mail) is 0700 or 0600 whatever the shell's umask. `loose_paths` finds what an older Steward, another program or
a `chmod` left readable by others, and `tighten` takes those bits away (`steward doctor --fix`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass

from steward.home import CONFIG_FILE, DB_FILE, SOCKET_FILE, folders

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from pathlib import Path


@dataclass(frozen=True)
class Paths:
    """Where Steward keeps its config and data (one home with `--home`, else the XDG folders).

    The folders are kept as names and made `Path`s when asked for: a command that only reads the config
    file and the store (`steward dues`) opens them by name, without loading pathlib.
    """

    config_folder: str
    data_folder: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "config_folder", os.fspath(self.config_folder))  # a Path is taken too
        object.__setattr__(self, "data_folder", os.fspath(self.data_folder))

    @property
    def config_dir(self) -> Path:
        """The config folder."""
        from pathlib import Path

        return Path(self.config_folder)

    @property
    def data_dir(self) -> Path:
        """The data folder."""
        from pathlib import Path

        return Path(self.data_folder)

    @property
    def config_file(self) -> Path:
        """The `config.toml` of this home."""
        return self.config_dir / CONFIG_FILE

    @property
    def config_name(self) -> str:
        """The `config.toml` of this home, as a name."""
        return os.path.join(self.config_folder, CONFIG_FILE)

    @property
    def db_file(self) -> Path:
        """The SQLite store of this home."""
        return self.data_dir / DB_FILE

    @property
    def db_name(self) -> str:
        """The SQLite store of this home, as a name."""
        return os.path.join(self.data_folder, DB_FILE)

    @property
    def token_file(self) -> Path:
        """The token `steward serve` requires, made once (0600)."""
        return self.data_dir / "serve-token"

    @property
    def socket_file(self) -> Path:
        """The socket a running `steward serve` answers the command line on (only its owner may open it)."""
        return self.data_dir / SOCKET_FILE

    @property
    def folders(self) -> tuple[Path, ...]:
        """The home's folders (one with `--home`, else the config and the data folder)."""
        return (self.config_dir,) if self.config_dir == self.data_dir else (self.config_dir, self.data_dir)

    @property
    def home_label(self) -> str:
        """The folder to name when telling the user where their home is."""
        return str(self.config_dir if self.config_dir == self.data_dir else self.data_dir)


def resolve_paths(home: str | None = None, environ: Mapping[str, str] | None = None) -> Paths:
    """`home` (the --home option) wins, then $STEWARD_HOME, then $XDG_CONFIG_HOME / $XDG_DATA_HOME."""
    config, data = folders(home, environ)
    return Paths(config, data)


@dataclass(frozen=True)
class Loose:
    """A path in the home that the group or others can use, and its mode."""

    path: Path
    mode: int

    def __str__(self) -> str:
        return f"{self.path} (mode {self.mode:o})"


def loose_paths(paths: Paths) -> list[Loose]:
    """Every folder and file of the home (symbolic links not followed) with a bit for the group or others."""
    found: list[Loose] = []
    seen: set[Path] = set()
    for root in paths.folders:
        if not root.is_dir() or root in seen:
            continue
        seen.add(root)
        for path in [root, *sorted(root.rglob("*"))]:
            try:
                mode = path.lstat().st_mode
            except OSError:  # gone meanwhile
                continue
            if not stat.S_ISLNK(mode) and mode & 0o077:
                found.append(Loose(path, stat.S_IMODE(mode)))
    return found


def tighten(found: list[Loose]) -> list[Loose]:
    """Take the group's and others' bits off each path; those that could not be changed."""
    failed = []
    for item in found:
        try:
            os.chmod(item.path, item.mode & ~0o077)
        except OSError:
            failed.append(item)
    return failed
