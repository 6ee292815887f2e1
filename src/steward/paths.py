"""Where Steward keeps its config and data: `--home DIR` / `STEWARD_HOME`, else the XDG paths."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Paths:
    """Where Steward keeps its config and data (one home with `--home`, else the XDG folders)."""

    config_dir: Path
    data_dir: Path

    @property
    def config_file(self) -> Path:
        """The `config.toml` of this home."""
        return self.config_dir / "config.toml"

    @property
    def db_file(self) -> Path:
        """The SQLite store of this home."""
        return self.data_dir / "steward.db"

    @property
    def home_label(self) -> str:
        """The folder to name when telling the user where their home is."""
        return str(self.config_dir if self.config_dir == self.data_dir else self.data_dir)


def resolve_paths(home: str | None = None, environ: Mapping[str, str] | None = None) -> Paths:
    """`home` (the --home option) wins, then $STEWARD_HOME, then $XDG_CONFIG_HOME / $XDG_DATA_HOME."""
    env = os.environ if environ is None else environ
    chosen = home or env.get("STEWARD_HOME")
    if chosen:
        root = Path(chosen).expanduser().absolute()
        return Paths(root, root)
    user_home = Path(env.get("HOME", str(Path.home())))
    config = Path(env.get("XDG_CONFIG_HOME") or user_home / ".config") / "steward"
    data = Path(env.get("XDG_DATA_HOME") or user_home / ".local" / "share") / "steward"
    return Paths(config, data)
