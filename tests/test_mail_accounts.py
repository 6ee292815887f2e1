"""Mail accounts in config.toml and their secrets (env, 0600 file, OS keyring), never in the settings file."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from steward.errors import ConfigError, NotFound
from steward.mail.accounts import (
    Account,
    add_account_text,
    find_account,
    parse_account,
    parse_accounts,
    remove_account_text,
)
from steward.secrets import SecretRef, delete_secret, read_secret, store_secret


def test_an_account_gets_sensible_defaults() -> None:
    account = parse_account({"name": "work", "host": "imap.example.com", "user": "me@example.com"})
    assert (account.kind, account.port, account.tls, account.folders) == ("imap", 993, "ssl", ("INBOX",))
    plain = parse_account({"name": "lab", "host": "h", "user": "u", "tls": "starttls", "folders": ["INBOX", "Bills"]})
    assert plain.port == 143 and plain.folders == ("INBOX", "Bills")


@pytest.mark.parametrize(("raw", "fragment"), [
    ({"name": "bad name!", "host": "h", "user": "u"}, "name must be"),
    ({"name": "w", "host": "h", "user": "u", "kind": "pop3"}, "kind must be one of imap, gmail"),
    ({"name": "w", "host": "h", "user": "u", "tls": "maybe"}, "tls must be one of"),
    ({"name": "w", "user": "u"}, "host is required"),
    ({"name": "w", "host": "h"}, "user is required"),
    ({"name": "w", "host": "h", "user": "u", "port": "x"}, "port must be a number"),
    ({"name": "w", "host": "h", "user": "u", "port": 70000}, "out of range"),
    ({"name": "w", "host": "h", "user": "u", "folders": [""]}, "folders must be a list"),
    ({"name": "w", "host": "h", "user": "u", "password": "hunter2"}, "unknown field 'password'"),
    ({"name": "w", "host": "h", "user": "u", "password_env": "A", "password_file": "/b"}, "not both"),
])
def test_a_bad_account_is_one_line_naming_it(raw: dict, fragment: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_account(raw)
    assert fragment in str(err.value) and "\n" not in str(err.value)
    assert "mail account" in str(err.value)


def test_account_names_are_unique_and_looked_up_by_name() -> None:
    with pytest.raises(ConfigError, match="two mail accounts are named 'a'"):
        parse_accounts([{"name": "a", "host": "h", "user": "u"}, {"name": "a", "host": "h2", "user": "u"}])
    accounts = parse_accounts([{"name": "a", "host": "h", "user": "u"}])
    assert find_account(accounts, "a").host == "h"
    with pytest.raises(NotFound, match=r"no mail account named 'b' \(accounts: a\)"):
        find_account(accounts, "b")


def test_adding_and_removing_an_account_keeps_the_rest_of_the_file() -> None:
    original = '# my settings\ntimezone = "Asia/Kolkata"  # where I live\n\n[mail]\nsnippet_chars = 150\n'
    work = Account("work", "imap", "imap.example.com", 993, "ssl", "me@example.com", ("INBOX", "Bills"),
                   password_file="/home/me/.work.pass")
    home = Account("home", "imap", "127.0.0.1", 143, "none", "me", password_env="HOME_PW")
    text = add_account_text(add_account_text(original, work), home)
    parsed = tomllib.loads(text)
    assert [a["name"] for a in parsed["mail"]["accounts"]] == ["work", "home"]
    assert parsed["mail"]["snippet_chars"] == 150 and parsed["timezone"] == "Asia/Kolkata"
    assert parse_accounts(parsed["mail"]["accounts"])[0] == work
    with pytest.raises(ConfigError, match="already exists"):
        add_account_text(text, work)
    after = remove_account_text(text, "work")
    assert "# where I live" in after and "# my settings" in after
    assert [a["name"] for a in tomllib.loads(after)["mail"]["accounts"]] == ["home"]
    assert remove_account_text(after, "home").rstrip() == original.rstrip()
    with pytest.raises(NotFound):
        remove_account_text(after, "work")


# -- secrets ---------------------------------------------------------------------------------------


def test_a_secret_comes_from_the_environment_variable_the_settings_name() -> None:
    assert read_secret(SecretRef("mail:w", env="W_PW"), "mail account w", {"W_PW": "s3cret"}) == "s3cret"
    with pytest.raises(ConfigError, match="mail account w: the environment variable W_PW is not set"):
        read_secret(SecretRef("mail:w", env="W_PW"), "mail account w", {})


def test_a_secret_file_must_be_private(tmp_path: Path) -> None:
    path = tmp_path / "pw"
    path.write_text("correct horse\n")
    os.chmod(path, 0o600)
    assert read_secret(SecretRef("mail:w", file=str(path)), "mail account w") == "correct horse"
    os.chmod(path, 0o644)
    with pytest.raises(ConfigError) as err:
        read_secret(SecretRef("mail:w", file=str(path)), "mail account w")
    assert "readable by other users (mode 644)" in str(err.value) and f"chmod 600 {path}" in str(err.value)
    with pytest.raises(ConfigError, match="does not exist"):
        read_secret(SecretRef("mail:w", file=str(tmp_path / "nope")), "mail account w")


def test_without_a_keyring_a_secret_is_stored_in_a_new_0600_file(tmp_path: Path) -> None:
    stored = store_secret("mail:work", "pa55", tmp_path / "secrets", use_keyring=False)
    assert not stored.keyring
    path = Path(stored.file)
    assert path.read_text() == "pa55" and (path.stat().st_mode & 0o777) == 0o600
    assert (path.parent.stat().st_mode & 0o777) == 0o700
    assert read_secret(SecretRef("mail:work", file=stored.file), "mail account work") == "pa55"
    delete_secret(SecretRef("mail:work", file=stored.file), tmp_path / "secrets")
    assert not path.exists()


def test_with_a_keyring_the_secret_goes_there_and_not_to_disk(tmp_path: Path, memory_keyring: dict) -> None:
    stored = store_secret("mail:work", "pa55", tmp_path / "secrets")
    assert stored.keyring and not (tmp_path / "secrets").exists()
    assert memory_keyring == {("steward", "mail:work"): "pa55"}
    assert read_secret(SecretRef("mail:work"), "mail account work") == "pa55"
    delete_secret(SecretRef("mail:work"), tmp_path / "secrets")
    with pytest.raises(ConfigError, match="no password in the keyring"):
        read_secret(SecretRef("mail:work"), "mail account work")
