from pathlib import Path

import pytest

from steward.errors import ConfigError
from steward.settings import SETTINGS, env_name, load


def test_env_name_follows_the_dotted_name() -> None:
    assert env_name("mail.snippet_chars") == "STEWARD_MAIL_SNIPPET_CHARS"
    assert env_name("semantic_search") == "STEWARD_SEMANTIC_SEARCH"


def test_file_then_environment_override_defaults(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('timezone = "Asia/Kolkata"\n[mail]\nsnippet_chars = 120\n')
    s = load(cfg, environ={"STEWARD_MAIL_SNIPPET_CHARS": "80", "STEWARD_SEMANTIC_SEARCH": "0"})
    assert s["timezone"] == "Asia/Kolkata" and s.source("timezone") == str(cfg)
    assert s["mail.snippet_chars"] == 80 and s.source("mail.snippet_chars") == "$STEWARD_MAIL_SNIPPET_CHARS"
    assert s["semantic_search"] is False
    assert s.source("mail.search_limit") == "default"


def test_bad_values_name_the_setting_and_where_it_came_from(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="mail.snippet_chars from \\$STEWARD_MAIL_SNIPPET_CHARS"):
        load(None, environ={"STEWARD_MAIL_SNIPPET_CHARS": "lots"})
    cfg = tmp_path / "config.toml"
    cfg.write_text("[mail]\nsnipet_chars = 3\n")
    with pytest.raises(ConfigError, match="unknown setting 'mail.snipet_chars'"):
        load(cfg, environ={})
    cfg.write_text("timezone = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(cfg, environ={})


def test_every_setting_is_documented() -> None:
    names = [s.name for s in SETTINGS]
    assert len(names) == len(set(names))
    assert all(s.help.strip() for s in SETTINGS)


def test_config_show_lists_value_and_source(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_MAIL_SEARCH_LIMIT", "7")
    rows = {r["name"]: r for r in cli("config", "show", "--json").json()}
    assert rows["mail.search_limit"]["value"] == 7
    assert rows["mail.search_limit"]["source"] == "$STEWARD_MAIL_SEARCH_LIMIT"
    assert rows["timezone"]["source"] == "default"


def test_a_bad_setting_is_one_line_and_exit_1(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_MAIL_SEARCH_LIMIT", "many")
    r = cli("config", "show")
    assert r.code == 1
    assert r.err.count("\n") == 1 and "mail.search_limit" in r.err


def test_a_setting_under_its_former_name_still_means_it(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("dues_request_intercept = false\nbrief_intercept = false\n", encoding="utf-8")
    settings = load(config, environ={})
    assert settings.as_bool("reader.dues") is False and settings.as_bool("reader.brief") is False
    assert settings.as_bool("reader.schedule") is True
    assert load(config, environ={}, overrides={"schedule_query_intercept": "false"}).as_bool("reader.schedule") is False
