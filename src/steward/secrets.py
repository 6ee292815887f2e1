"""Secrets (mail passwords, OAuth refresh tokens), never kept in the settings file.

Where a secret is read from, in order: the environment variable the settings name
(`password_env`), the file they name (`password_file`, which must be 0600: a file other users could
read is refused), else the OS keyring through `keyring` (service "steward", key "mail:NAME").

`store_secret` writes to the keyring when a real backend is available, else to a new 0600 file in
`HOME/secrets/`, and returns where it went so the caller can record that in config.toml.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from steward.errors import ConfigError

log = logging.getLogger(__name__)

KEYRING_SERVICE = "steward"


@dataclass(frozen=True)
class SecretRef:
    """Where one secret lives; `key` names it in the keyring."""

    key: str
    env: str = ""
    file: str = ""

    def describe(self) -> str:
        """Where the secret is, in words (never the secret)."""
        if self.env:
            return f"${self.env}"
        if self.file:
            return self.file
        return f"the keyring ({KEYRING_SERVICE}/{self.key})"


@dataclass(frozen=True)
class Stored:
    """Where `store_secret` put a secret: the keyring, or a file."""

    keyring: bool
    file: str = ""


def check_private_file(path: Path, label: str) -> None:
    """Refuse a secret file other users can read (it must be 0600 or stricter)."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise ConfigError(f"{label}: password file {path} does not exist") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigError(
            f"{label}: password file {path} is readable by other users (mode {stat.S_IMODE(mode):o}); "
            f"run `chmod 600 {path}`"
        )


def read_secret(ref: SecretRef, label: str, environ: Mapping[str, str] | None = None) -> str:
    """The secret's value; a ConfigError naming `label` (the account) when it cannot be had."""
    env = os.environ if environ is None else environ
    if ref.env:
        value = env.get(ref.env, "")
        if not value:
            raise ConfigError(f"{label}: the environment variable {ref.env} is not set")
        return value
    if ref.file:
        path = Path(ref.file).expanduser()
        check_private_file(path, label)
        try:
            value = path.read_text(encoding="utf-8").strip("\r\n")
        except OSError as exc:
            raise ConfigError(f"{label}: cannot read password file {path} ({exc.strerror})") from None
        if not value:
            raise ConfigError(f"{label}: password file {path} is empty")
        return value
    keyring = _keyring()
    if keyring is None:
        raise ConfigError(
            f"{label}: no password source (no OS keyring here); set password_env or password_file, "
            "or run `steward mail accounts add` again"
        )
    try:
        value = keyring.get_password(KEYRING_SERVICE, ref.key)
    except Exception as exc:  # keyring backends raise their own types; report, never hide
        raise ConfigError(f"{label}: the OS keyring failed ({type(exc).__name__}: {exc})") from None
    if not value:
        raise ConfigError(f"{label}: no password in the keyring; run `steward mail accounts add` again")
    return str(value)


def store_secret(key: str, value: str, secrets_dir: Path, *, use_keyring: bool = True) -> Stored:
    """Keep `value` in the OS keyring when there is one, else in a new 0600 file; say where."""
    keyring = _keyring() if use_keyring else None
    if keyring is not None:
        try:
            keyring.set_password(KEYRING_SERVICE, key, value)
            return Stored(keyring=True)
        except Exception as exc:  # a locked or broken keyring: fall back to the file, and say why in the log
            log.warning("keyring refused the secret (%s); using a 0600 file", exc)
    secrets_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(secrets_dir, 0o700)
    path = secrets_dir / (key.replace(":", "-").replace("/", "-") + ".secret")
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, value.encode("utf-8"))
    finally:
        os.close(fd)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return Stored(keyring=False, file=str(path))


def delete_secret(ref: SecretRef, secrets_dir: Path) -> None:
    """Forget a secret Steward stored itself (its keyring entry or its file under `secrets_dir`)."""
    if ref.file:
        path = Path(ref.file).expanduser()
        if path.parent.resolve() == secrets_dir.resolve() and path.exists():
            path.unlink()
        return
    if ref.env:
        return
    keyring = _keyring()
    if keyring is None:
        return
    try:
        keyring.delete_password(KEYRING_SERVICE, ref.key)
    except Exception as exc:  # nothing stored, or a backend error: the account is removed either way
        log.debug("keyring delete for %s: %s", ref.key, exc)


def _keyring():  # type: ignore[no-untyped-def]
    """The `keyring` module when it is installed and has a usable backend, else None."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
    except Exception as exc:  # a misconfigured backend is "no keyring", not a crash
        log.debug("keyring backend unavailable: %s", exc)
        return None
    if isinstance(backend, fail.Keyring):
        return None
    try:
        if float(getattr(backend, "priority", 1)) <= 0:
            return None
    except (TypeError, ValueError):
        return None
    return keyring


def keyring_available() -> bool:
    """Whether secrets would go to an OS keyring here."""
    return _keyring() is not None
