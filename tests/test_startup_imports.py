"""What light commands load: `steward hook`, `--version` and `--help` must not pull in the engine, the
embedding model or any heavy library; `dues`, `reminders list`, `schedule` and `accounts` load their own
domain and nothing of the conversation, mail or models; a chat turn that its words answer must not load
the sentence model (a behaviour check; the time they take is measured in bench/startup.py). Each
command runs in a fresh interpreter, which then lists the modules it loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# what a hook or the parser has no business loading, and why
DENIED = {
    "steward.assistant": "the conversation engine",
    "onnxruntime": "the sentence model's runtime",
    "numpy": "the vector maths",
    "fastapi": "the web server",
    "extruct": "structured data in mail",
    "price_parser": "amounts in bills",
    "pypdf": "PDF statements",
    "httpx": "the HTTP client",
    "yaml": "the vocabulary files",
}

PROBE = """
import io, json, sys
sys.stdin = io.StringIO(sys.argv[2])
from steward.cli import main
try:
    main(json.loads(sys.argv[1]))
except SystemExit:
    pass
# a module whose loading waits for its first use (steward.cli.deferred) and was never used is not loaded
ran = sorted(name for name, module in sys.modules.items() if type(module).__name__ != "_Deferred")
sys.stderr.write("\\nMODULES " + json.dumps(ran) + "\\n")
"""


def loaded(args: list[str], home: Path, stdin: str = "") -> set[str]:
    proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args), stdin], capture_output=True, text=True,
                          env={**os.environ, "STEWARD_HOME": str(home)}, timeout=60)
    line = next(x for x in proc.stderr.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def denied_in(modules: set[str]) -> list[str]:
    return [f"{name} ({why})" for name, why in DENIED.items()
            if any(m == name or m.startswith(name + ".") for m in modules)]


@pytest.mark.parametrize("event", ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop",
                                   "CwdChanged"])
def test_a_hook_loads_none_of_the_heavy_parts(event: str, tmp_path: Path) -> None:
    payload = json.dumps({"session_id": "s1", "hook_event_name": event, "cwd": str(tmp_path), "prompt": "hello",
                          "tool_name": "Bash", "tool_input": {"command": "ls"}, "source": "startup"})
    modules = loaded(["hook", event], tmp_path / "home", payload)
    assert not denied_in(modules), f"steward hook {event} loaded {denied_in(modules)}"


# what a hook with nothing to do (no command hook configured, no session title waiting) is answered
# without: it runs on every prompt and tool call, and each of these costs a tenth or more of a bare start
IDLE_DENIED = {
    "steward.app": "the composition root",
    "steward.settings": "the settings table (the config file is only glanced at)",
    "steward.hooks.bus": "the hook bus",
    "steward.store.db": "the migration runner",
    "dataclasses": "the record types",
    "typing": "annotations",
    "pathlib": "paths as objects",
    "logging": "the log",
    "tomllib": "the config file's parser",
}


@pytest.mark.parametrize("event", ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"])
def test_a_hook_with_nothing_to_do_builds_neither_settings_nor_bus(event: str, tmp_path: Path) -> None:
    payload = json.dumps({"session_id": "s1", "hook_event_name": event, "cwd": str(tmp_path), "prompt": "hello",
                          "tool_name": "Bash", "tool_input": {"command": "ls"}, "source": "startup"})
    home = tmp_path / "home"
    home.mkdir()
    (home / "config.toml").write_text('timezone = "Europe/London"\n', encoding="utf-8")
    modules = loaded(["hook", event], home, payload)
    found = [f"{name} ({why})" for name, why in IDLE_DENIED.items() if name in modules]
    assert not found, f"steward hook {event} with nothing to do loaded {found}"


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["mail", "--help"]])
def test_version_and_help_load_nothing_but_the_parser(args: list[str], tmp_path: Path) -> None:
    modules = loaded(args, tmp_path / "home")
    ours = sorted(m for m in modules if m.startswith("steward") and not m.startswith("steward.cli"))
    assert ours in ([], ["steward"], ["steward", "steward.errors"]), f"steward {' '.join(args)} loaded {ours}"
    assert not denied_in(modules)
    assert "sqlite3" not in modules, "the parser opened no store, so it needs no sqlite3"


def test_each_command_is_built_from_the_module_that_registers_it() -> None:
    import argparse
    import importlib

    from steward.cli import COMMAND_HOMES, COMMAND_MODULES
    from steward.cli.parser import Commands

    registered: dict[str, set[str]] = {}
    for module in COMMAND_MODULES:
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        importlib.import_module(module).register(Commands(sub))
        for name in sub.choices:
            registered.setdefault(name, set()).add(module)
    assert {name: set(homes) for name, homes in COMMAND_HOMES.items()} == registered


def test_the_kept_help_is_the_parsers_help(monkeypatch: pytest.MonkeyPatch) -> None:
    """`steward --help` prints src/steward/cli/help.txt without building the parser; after changing a
    command, write it again with `COLUMNS=80 python -c "from steward.cli import build_parser;
    print(build_parser().format_help(), end='')" > src/steward/cli/help.txt`."""
    monkeypatch.setenv("COLUMNS", "80")
    from steward.cli import build_parser

    kept = (Path(__file__).resolve().parent.parent / "src" / "steward" / "cli" / "help.txt").read_text()
    assert kept == build_parser().format_help()


# what a turn answered from its words has no business loading
CHAT_DENIED = {
    "onnxruntime": "the sentence model's runtime",
    "tokenizers": "the sentence model's tokenizer",
    "numpy": "the vector maths",
    "httpx": "the HTTP client (no model is asked)",
    "fastapi": "the web server",
}


# ... and what a question about money has no business loading: the parts of the other kinds of turn
MONEY_DENIED = {
    **CHAT_DENIED,
    "babel": "CLDR's locale data (the kept tables write the sums)",
    "steward.reader.answerers.reminder_changes": "the reminder changes (no word of one is said)",
    "steward.assistant.intercepts.writes": "the door of write frames (no word of an event change is said)",
    "steward.reader.writes": "the reading of write frames (no word of one is said)",
    "steward.reader.answerers.event_changes": "the event changes (no word of one is said)",
    "steward.calendar.event_talk": "the words of event changes (no word of one is said)",
    "steward.brief": "the brief (neither it nor a change to it is named)",
    "steward.hooks.session_names": "the session-name hooks (no hook runs on a chat turn)",
    "steward.mail": "mail parsing and sync",
    "steward.search": "mail search",
    "steward.records.mail": "the mail's records",
    "email.policy": "the mail parser's policies",
    "hashlib": "OpenSSL's hashes (nothing is hashed: no exemplar cache, no appointment marker)",
    "inspect": "the source inspector (dataclasses asks it only for a record type with no docstring: give it one)",
    "extruct": "structured data in mail",
    "price_parser": "amounts in bills",
    "pypdf": "PDF statements",
}


@pytest.mark.parametrize("text", ["what do I owe this month?", "what's due this week?"])
def test_a_chat_turn_its_words_answer_loads_no_sentence_model(text: str, tmp_path: Path) -> None:
    modules = loaded(["chat", text], tmp_path / "home")
    denied = [f"{name} ({why})" for name, why in MONEY_DENIED.items()
              if any(m == name or m.startswith(name + ".") for m in modules)]
    assert "steward.reader.answerers.dues" in modules, "the turn did not reach the dues answer"
    assert not denied, f"steward chat {text!r} loaded {denied}"


def test_a_chat_turn_reads_the_data_files_back_without_a_yaml_parser(tmp_path: Path) -> None:
    # the first run with byte-code on keeps each data file's parsed value (steward.yamldata); the next
    # one reads those back and never loads PyYAML, whose own import costs more than every file's parse
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "steward", "chat", "what do I owe this month?"], capture_output=True,
                   env={**env, "STEWARD_HOME": str(tmp_path / "home")}, timeout=120, check=True)
    modules = loaded(["chat", "what do I owe this month?"], tmp_path / "home")
    assert "steward.reader.answerers.dues" in modules, "the turn did not reach the dues answer"
    assert not any(m == "yaml" or m.startswith("yaml.") for m in modules), "the second turn loaded PyYAML"


# what the everyday reading commands have no business loading: each prints from the store alone
LIGHT_DENIED = {
    **DENIED,
    "steward.reader": "the question reader",
    "steward.mail": "mail parsing and sync",
    "steward.search": "mail search",
    "steward.appointments": "appointments found in mail",
    "steward.brief": "the brief",
    "steward.llm.messages": "the model clients",
    "tokenizers": "the sentence model's tokenizer",
    "rapidfuzz": "spelling distance",
    "email": "the mail parser",
}


@pytest.fixture(scope="module")
def reading_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home with a reminder, a repeating one and the store made."""
    home = tmp_path_factory.mktemp("reading") / "home"
    env = {**os.environ, "STEWARD_HOME": str(home)}
    for args in (["remind", "tomorrow at 9 am", "call the bank"], ["remind", "every monday at 8 am", "water the plants"]):
        subprocess.run([sys.executable, "-m", "steward", *args], env=env, check=True, capture_output=True, timeout=60)
    return home


@pytest.mark.parametrize("args", [["dues"], ["reminders", "list"], ["schedule", "tomorrow"], ["accounts"]])
def test_the_reading_commands_load_only_their_own_domain(args: list[str], reading_home: Path) -> None:
    modules = loaded(args, reading_home)
    found = [f"{name} ({why})" for name, why in LIGHT_DENIED.items()
             if any(m == name or m.startswith(name + ".") for m in modules)]
    assert not found, f"steward {' '.join(args)} loaded {found}"


# what a reading command that prints from the store alone is answered without: each costs a tenth or
# more of a bare interpreter's start, and none is needed to open the config file and the store by name,
# read rows and write days and sums from the kept CLDR tables (json is not listed: the probe loads it)
READING_DENIED = {
    "babel": "CLDR's locale data (the kept tables in steward/formats_cldr.py write days, times and sums)",
    "pathlib": "paths as objects (the home is opened by name)",
    "logging": "the log (nothing is logged)",
    "typing": "annotations",
    "tomllib": "the TOML parser (a config file of comments alone)",
    "yaml": "the vocabulary files",
    "steward.dates": "the date grammar",
    "steward.calendar.service": "the calendar's write path",
    "steward.finance.model": "the bill readers' values",
    "steward.finance.registry": "the institution registry",
    "steward.llm": "the model tiers",
    "inspect": "the source inspector (the record types ask it only for a type with no docstring)",
    "copy": "deep copies (the record types' `asdict` alone uses them)",
}


@pytest.fixture(scope="module")
def plain_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home with one reminder (it repeats not) and a new home's config file: a comment alone."""
    home = tmp_path_factory.mktemp("plain") / "home"
    env = {**os.environ, "STEWARD_HOME": str(home)}
    subprocess.run([sys.executable, "-m", "steward", "remind", "tomorrow at 9 am", "call the bank"], env=env,
                   check=True, capture_output=True, timeout=60)
    (home / "config.toml").write_text("# Steward's settings; `steward config show` lists them\n", encoding="utf-8")
    return home


@pytest.mark.parametrize("args", [["dues"], ["reminders", "list"], ["accounts"]])
def test_a_reading_command_loads_none_of_the_shared_weight(args: list[str], plain_home: Path) -> None:
    modules = loaded(args, plain_home)
    found = [f"{name} ({why})" for name, why in READING_DENIED.items()
             if any(m == name or m.startswith(name + ".") for m in modules)]
    assert not found, f"steward {' '.join(args)} loaded {found}"


# what a day's schedule read from the local calendar has no business loading
SCHEDULE_DENIED = {
    "babel": "CLDR's locale data",
    "typing": "annotations (the calendar's interfaces are checked by mypy, not at run time)",
    "inspect": "the source inspector (the record types ask it only for a type with no docstring)",
    "steward.calendar.repeat_ical": "a reminder as an iCalendar to-do (no CalDAV calendar is configured)",
}


def test_the_schedule_loads_only_what_a_day_needs(plain_home: Path) -> None:
    modules = loaded(["schedule", "tomorrow"], plain_home)
    found = [f"{name} ({why})" for name, why in SCHEDULE_DENIED.items()
             if any(m == name or m.startswith(name + ".") for m in modules)]
    assert not found, f"steward schedule tomorrow loaded {found}"


def test_the_schedule_of_a_near_day_loads_no_date_grammar(plain_home: Path) -> None:
    # "tomorrow" is read as the grammar reads it (tests/test_schedule_near_days.py) without loading it
    modules = loaded(["schedule", "tomorrow"], plain_home)
    assert not any(m == "steward.dates" or m.startswith("steward.dates.") for m in modules), \
        "steward schedule tomorrow loaded the date grammar"
