"""Where a Steward home is: its config folder and its data folder, as plain folder names.

`--home DIR` wins, then `$STEWARD_HOME` (one folder holds both), then `$XDG_CONFIG_HOME/steward` and
`$XDG_DATA_HOME/steward` (by default `~/.config/steward` and `~/.local/share/steward`). Written with
`os.path` alone, because `steward hook` finds its home on every tool call of a Claude Code session and
`pathlib` would cost it more than the rest of its answer; `steward.paths.resolve_paths` builds on it.
`private_files` is here for the same reason: every command runs inside it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

CONFIG_FILE = "config.toml"  # in the config folder
DB_FILE = "steward.db"  # in the data folder
SOCKET_FILE = "serve.sock"  # in the data folder, while `steward serve` runs
PRIVATE_UMASK = 0o077  # no bit for the group or others on anything created


def folders(home: str | None = None, environ: Mapping[str, str] | None = None) -> tuple[str, str]:
    """(config folder, data folder): `home` (the --home option), $STEWARD_HOME, else the XDG folders."""
    env = os.environ if environ is None else environ
    chosen = home or env.get("STEWARD_HOME")
    if chosen:
        root = os.path.expanduser(chosen)
        root = root if os.path.isabs(root) else os.path.join(os.getcwd(), root)
        return root, root
    user_home = env.get("HOME") or os.path.expanduser("~")
    config = env.get("XDG_CONFIG_HOME") or os.path.join(user_home, ".config")
    data = env.get("XDG_DATA_HOME") or os.path.join(user_home, ".local", "share")
    return os.path.join(config, "steward"), os.path.join(data, "steward")


@contextmanager
def private_files() -> Iterator[None]:
    """Run the block with the umask 077 (what it creates is 0700 / 0600), then restore the umask."""
    before = os.umask(PRIVATE_UMASK)
    try:
        yield
    finally:
        os.umask(before)
