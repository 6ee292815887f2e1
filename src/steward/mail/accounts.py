"""Live mail accounts: the `[[mail.accounts]]` tables of config.toml, validated into `Account`s.

```toml
[[mail.accounts]]
name = "work"            # how Steward names it (`steward mail sync work`)
kind = "imap"            # imap | gmail
host = "imap.example.com"
port = 993               # default: 993 with tls = "ssl", else 143
tls = "ssl"              # ssl | starttls | none
user = "me@example.com"
folders = ["INBOX"]      # default: INBOX
password_env = ""        # a variable holding the password, or
password_file = ""       # a 0600 file holding it; neither: the OS keyring
tls_ca_file = ""         # certificates to trust, for a server with a self-signed certificate
```

The password itself is never in this file (see `steward.secrets`). Parsing is pure; the small text
edits that add or remove a table keep the rest of the user's file, comments included.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from steward.errors import ConfigError, NotFound

Kind = Literal["imap", "gmail"]
Tls = Literal["ssl", "starttls", "none"]

KINDS: tuple[str, ...] = ("imap", "gmail")
TLS_MODES: tuple[str, ...] = ("ssl", "starttls", "none")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_FIELDS = {
    "name", "kind", "host", "port", "tls", "user", "folders", "password_env", "password_file",
    "client_id", "labels", "tls_ca_file",
}


@dataclass(frozen=True)
class Account:
    """One mail account Steward syncs."""

    name: str
    kind: Kind
    host: str
    port: int
    tls: Tls
    user: str
    folders: tuple[str, ...] = ("INBOX",)
    password_env: str = ""
    password_file: str = ""
    client_id: str = ""  # gmail: the OAuth client the refresh token was issued to
    labels: tuple[str, ...] = field(default=())  # gmail: label ids to sync; empty = every message
    tls_ca_file: str = ""  # a PEM file of certificates to trust (a server with a self-signed certificate)

    @property
    def where(self) -> str:
        """host:port, for messages."""
        return "gmail.googleapis.com" if self.kind == "gmail" else f"{self.host}:{self.port}"

    def to_json(self) -> dict[str, Any]:
        """The account as `steward mail accounts` shows it (where its secret is, never the secret)."""
        secret = (f"env {self.password_env}" if self.password_env else
                  f"file {self.password_file}" if self.password_file else "keyring")
        return {"name": self.name, "kind": self.kind, "host": self.host, "port": self.port, "tls": self.tls,
                "user": self.user, "folders": list(self.folders), "secret": secret}


def parse_account(raw: Mapping[str, Any], where: str = "config.toml") -> Account:
    """Validate one `[[mail.accounts]]` table; a ConfigError names the account and the field."""
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where}: each [[mail.accounts]] entry must be a table")
    name = str(raw.get("name", "")).strip()
    label = f"{where}: mail account {name or '(unnamed)'}"
    if not _NAME.match(name):
        raise ConfigError(f"{label}: name must be 1-64 letters, digits, '.', '_' or '-'")
    unknown = sorted(set(raw) - _FIELDS)
    if unknown:
        raise ConfigError(f"{label}: unknown field {unknown[0]!r}")
    kind = str(raw.get("kind", "imap")).strip().lower()
    if kind not in KINDS:
        raise ConfigError(f"{label}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    tls = str(raw.get("tls", "ssl")).strip().lower()
    if tls not in TLS_MODES:
        raise ConfigError(f"{label}: tls must be one of {', '.join(TLS_MODES)}, not {tls!r}")
    host = str(raw.get("host", "")).strip()
    user = str(raw.get("user", "")).strip()
    if kind == "imap" and not host:
        raise ConfigError(f"{label}: host is required")
    if not user:
        raise ConfigError(f"{label}: user is required")
    port_raw = raw.get("port", 993 if tls == "ssl" else 143)
    try:
        port = int(port_raw)
    except (TypeError, ValueError):
        raise ConfigError(f"{label}: port must be a number, not {port_raw!r}") from None
    if not 0 < port < 65536:
        raise ConfigError(f"{label}: port {port} is out of range")
    folders = _names(raw.get("folders", ["INBOX"]), f"{label}: folders") or ("INBOX",)
    labels = _names(raw.get("labels", []), f"{label}: labels")
    password_env = str(raw.get("password_env", "") or "").strip()
    password_file = str(raw.get("password_file", "") or "").strip()
    if password_env and password_file:
        raise ConfigError(f"{label}: give password_env or password_file, not both")
    return Account(
        name=name, kind=kind,  # type: ignore[arg-type]
        host=host if kind == "imap" else "", port=port, tls=tls,  # type: ignore[arg-type]
        user=user, folders=folders, password_env=password_env, password_file=password_file,
        client_id=str(raw.get("client_id", "") or "").strip(), labels=labels,
        tls_ca_file=str(raw.get("tls_ca_file", "") or "").strip(),
    )


def _names(value: Any, label: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ConfigError(f"{label} must be a list of non-empty names")
    return tuple(dict.fromkeys(v.strip() for v in value))


def parse_accounts(raw: Any, where: str = "config.toml") -> tuple[Account, ...]:
    """Every configured account, validated; names must be unique."""
    if raw in (None, ""):
        return ()
    if not isinstance(raw, list):
        raise ConfigError(f"{where}: mail.accounts must be a list of [[mail.accounts]] tables")
    accounts = tuple(parse_account(item, where) for item in raw)
    seen: set[str] = set()
    for account in accounts:
        if account.name in seen:
            raise ConfigError(f"{where}: two mail accounts are named {account.name!r}")
        seen.add(account.name)
    return accounts


def find_account(accounts: Sequence[Account], name: str) -> Account:
    """The account called `name`, or a NotFound that lists the configured ones."""
    for account in accounts:
        if account.name == name:
            return account
    known = ", ".join(a.name for a in accounts) or "none configured; add one with `steward mail accounts add`"
    raise NotFound(f"no mail account named {name!r} (accounts: {known})")


# -- editing config.toml ----------------------------------------------------------------------


def _toml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_account(account: Account) -> str:
    """The `[[mail.accounts]]` table for one account, as TOML text."""
    lines = ["[[mail.accounts]]", f"name = {_toml_str(account.name)}", f"kind = {_toml_str(account.kind)}"]
    if account.kind == "imap":
        lines += [f"host = {_toml_str(account.host)}", f"port = {account.port}", f"tls = {_toml_str(account.tls)}"]
    lines.append(f"user = {_toml_str(account.user)}")
    names = account.folders if account.kind == "imap" else account.labels
    if names:
        key = "folders" if account.kind == "imap" else "labels"
        lines.append(f"{key} = [{', '.join(_toml_str(f) for f in names)}]")
    if account.password_env:
        lines.append(f"password_env = {_toml_str(account.password_env)}")
    if account.password_file:
        lines.append(f"password_file = {_toml_str(account.password_file)}")
    if account.client_id:
        lines.append(f"client_id = {_toml_str(account.client_id)}")
    if account.tls_ca_file:
        lines.append(f"tls_ca_file = {_toml_str(account.tls_ca_file)}")
    return "\n".join(lines) + "\n"


def add_account_text(text: str, account: Account) -> str:
    """config.toml text with one more account appended; the rest of the file is kept as written."""
    existing = parse_accounts(_accounts_in(text))
    if any(a.name == account.name for a in existing):
        raise ConfigError(f"a mail account named {account.name!r} already exists; remove it first")
    body = text if not text or text.endswith("\n") else text + "\n"
    return body + ("\n" if body.strip() else "") + render_account(account)


_HEADER = re.compile(r"^\s*\[", re.M)


def remove_account_text(text: str, name: str) -> str:
    """config.toml text without the `[[mail.accounts]]` table named `name`."""
    find_account(parse_accounts(_accounts_in(text)), name)
    starts = [m.start() for m in _HEADER.finditer(text)]
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        block = text[start:end]
        if not block.lstrip().startswith("[[mail.accounts]]"):
            continue
        try:
            table = tomllib.loads(block)
        except tomllib.TOMLDecodeError:
            continue
        if table.get("mail", {}).get("accounts", [{}])[0].get("name") == name:
            result = (text[:start].rstrip("\n") + "\n" + text[end:].lstrip("\n")).lstrip("\n")
            if all(a.name != name for a in parse_accounts(_accounts_in(result))):
                return result
    raise ConfigError(f"could not find the [[mail.accounts]] table for {name!r} to remove; edit config.toml by hand")


def _accounts_in(text: str) -> Any:
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config.toml is not valid TOML ({exc})") from None
    mail = table.get("mail", {})
    return mail.get("accounts", []) if isinstance(mail, dict) else []
