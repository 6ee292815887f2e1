"""`steward setup`: the first-run dialogue, its flags, and running it twice."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from loopback import free_port
from steward.cli.first_run import set_config_values
from steward.llm.testing import ScriptedModelServer
from steward.sample import generate, write_maildir


def _config(home: Path) -> dict:
    return tomllib.loads((home / "config.toml").read_text(encoding="utf-8"))


def test_set_config_values_keeps_comments_and_other_settings() -> None:
    text = ('# my notes\ntimezone = "UTC"  # old\n\n[llm]\n# which model\ntier1 = "x"\n\n[[mail.accounts]]\n'
            'name = "home"\nhost = "h"\nuser = "u"\n')
    out = set_config_values(text, {"timezone": "Asia/Kolkata", "llm.tier2": "ollama http://h:1 m",
                                   "notify.sinks": ["ntfy"]})
    data = tomllib.loads(out)
    assert data["timezone"] == "Asia/Kolkata" and data["llm"] == {"tier1": "x", "tier2": "ollama http://h:1 m"}
    assert data["notify"]["sinks"] == ["ntfy"] and data["mail"]["accounts"][0]["name"] == "home"
    assert "# my notes" in out and "# which model" in out
    assert set_config_values(out, {"timezone": "Asia/Kolkata"}) == out  # the same answer changes nothing


def test_setup_with_flags_writes_the_answers_and_says_what_to_try(cli, steward_home: Path, tmp_path: Path) -> None:
    mail = write_maildir(generate(datetime(2026, 9, 14, tzinfo=UTC), count=40), tmp_path / "Mail")
    args = ("setup", "--yes", "--timezone", "Asia/Kolkata", "--mail-folder", str(mail), "--no-model",
            "--notify", "ntfy", "--notify-url", "https://ntfy.example/alex")
    r = cli(*args)
    assert r.code == 0, r.err
    assert "Try first:" in r.out and "what do I owe?" in r.out
    data = _config(steward_home)
    assert data["timezone"] == "Asia/Kolkata"
    assert data["notify"] == {"sinks": ["ntfy"], "webhook_url": "https://ntfy.example/alex"}
    count = len(cli("--json", "mail", "search", "statement", "--limit", "100").json()["hits"])
    assert count > 0
    before = (steward_home / "config.toml").read_text()
    again = cli("--json", *args)
    assert again.code == 0, again.err
    assert (steward_home / "config.toml").read_text() == before  # idempotent
    assert len(cli("--json", "mail", "search", "statement", "--limit", "100").json()["hits"]) == count


@pytest.mark.server
def test_setup_probes_model_servers_and_takes_the_first_model(cli, steward_home: Path) -> None:
    with ScriptedModelServer(models=("qwen2.5:7b-instruct", "llama3.2:3b")) as srv:
        url = srv.url
        r = cli("--json", "setup", "--yes", "--timezone", "UTC", "--no-mail", "--probe", f"ollama {srv.url}",
                "--probe", f"openai http://127.0.0.1:{free_port()}")
    assert r.code == 0, r.err
    assert _config(steward_home)["llm"]["tier2"] == f"ollama {url} qwen2.5:7b-instruct"
    assert "model qwen2.5:7b-instruct at " + url in r.json()["done"]


@pytest.mark.server
def test_setup_asks_on_standard_input(cli, steward_home: Path) -> None:
    with ScriptedModelServer(models=("small", "big")) as srv:
        url = srv.url
        # zone, mail (1 = skip), model (2 = big), sink (2 = desktop)
        r = cli("setup", "--probe", f"ollama {srv.url}", stdin="Europe/London\n1\n2\n2\n")
    assert r.code == 0, r.err
    data = _config(steward_home)
    assert data["timezone"] == "Europe/London"
    assert data["llm"]["tier2"] == f"ollama {url} big" and data["notify"]["sinks"] == ["desktop"]
    assert "Your time zone" in r.err and "The model Steward uses" in r.err


def test_setup_with_no_model_server_says_how_to_add_one_later(cli, steward_home: Path) -> None:
    r = cli("setup", "--yes", "--timezone", "UTC", "--probe", f"ollama http://127.0.0.1:{free_port()}")
    assert r.code == 0, r.err
    assert "no model found" in r.out and "steward setup" in r.out
    assert "llm" not in _config(steward_home)


@pytest.mark.parametrize("args,message", [
    (("--timezone", "Mars/Olympus"), "not an IANA time zone"),
    (("--timezone", "UTC", "--model", "gpt http://x m"), "unknown provider"),
    (("--timezone", "UTC", "--no-model", "--notify", "webhook"), "needs --notify-url"),
    (("--timezone", "UTC", "--no-model", "--mail-folder", "/nonexistent/mail"), "does not exist"),
    (("--timezone", "UTC", "--no-model", "--imap-host", "imap.example.com"), "needs --imap-user"),
])
def test_bad_answers_are_one_line_and_write_nothing(cli, steward_home: Path, args: tuple[str, ...],
                                                     message: str) -> None:
    r = cli("setup", "--yes", *args)
    assert r.code in (1, 2) and message in r.err and len(r.err.strip().splitlines()) == 1, r.err
    assert not (steward_home / "config.toml").exists()
