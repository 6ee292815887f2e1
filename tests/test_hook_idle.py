"""`steward hook` answers at once when it has nothing to do, and only then.

`steward.hooks.idle` decides, from the environment, the config file and one row of the store, that no
hook of an event would answer or write; the hook bus is then never built. These tests run the bus itself
on every state a session's title can be in and every kind of payload, and check that whenever `idle`
says so, the bus answers `{}` and the store is left as it was.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.hooks.idle import configured, idle
from steward.hooks.protocol import HookInput
from steward.paths import resolve_paths
from steward.records.sessions import SessionName
from steward.settings import load
from steward.store import sessions as repo
from steward.store import write_txn

NOW = "2026-12-05T09:00:00+00:00"
SESSION = "9ecf22fa-edf8-4332-ae85-b6d5456eda64"
TITLE = "Fix the login bug"

# the states a session's title can be in (None: the store has no row for it; "no store": no store at all)
STATES: dict[str, SessionName | None | str] = {
    "no store": "no store",
    "no row": None,
    "pending": SessionName(SESSION, TITLE, "fix the login bug", TITLE, 0),
    "pending, one reminder given": SessionName(SESSION, TITLE, "fix the login bug", TITLE, 1),
    "pending, reminders spent": SessionName(SESSION, TITLE, "fix the login bug", TITLE, 2),
    "shown": SessionName(SESSION, TITLE, "fix the login bug", TITLE, 1, TITLE, datetime.fromisoformat(NOW)),
}

BASE = {"session_id": SESSION, "transcript_path": "/nowhere/session.jsonl", "cwd": "/tmp",
        "permission_mode": "default"}
READ = {"tool_name": "Read", "tool_input": {"file_path": "/a.py"}, "tool_use_id": "t1"}
PAYLOADS: list[tuple[str, dict[str, Any]]] = [
    ("SessionStart", {**BASE, "source": "startup"}),
    ("SessionStart", {"source": "startup"}),
    ("UserPromptSubmit", {**BASE, "prompt": "what is on tomorrow?"}),
    ("PreToolUse", {**BASE, **READ}),
    ("PreToolUse", {**BASE, **READ, "dry_run": True}),
    ("PostToolUse", {**BASE, **READ, "tool_response": {"success": True}}),
    ("PostToolUse", {**BASE, "tool_name": "Bash", "tool_input": {"command": "ls -la"}, "tool_response": "a"}),
    ("PostToolUse", {**BASE, "tool_name": "Bash", "tool_input": {"command": "steward session status"},
                     "tool_response": "ok"}),
    ("PostToolUse", {**BASE, **READ, "dry_run": True}),
    ("PostToolUse", {**READ}),
    ("PostToolUse", {**BASE, "session_id": 42, **READ}),
    ("Stop", {**BASE, "stop_hook_active": False}),
]


@pytest.fixture
def home(steward_home: Path) -> Iterator[Path]:
    yield steward_home


def build(home: Path) -> Any:
    return build_app(load(home / "config.toml"), make_clock("UTC", NOW), resolve_paths(str(home)))


def put_state(home: Path, state: SessionName | None | str) -> None:
    if state == "no store":
        return
    app = build(home)
    try:
        with write_txn(app.db):
            if isinstance(state, SessionName):
                repo.put_name(app.db, state, datetime.fromisoformat(NOW))
    finally:
        app.close()


def snapshot(home: Path) -> list[Any]:
    db = home / "steward.db"
    if not db.exists():
        return [[], [(0,)]]  # as a new store's empty tables
    with sqlite3.connect(db) as conn:
        return [conn.execute("SELECT * FROM session_names").fetchall(),
                conn.execute("SELECT count(*) FROM hook_log").fetchall()]


def bus_answer(home: Path, event: str, payload: dict[str, Any]) -> dict[str, Any]:
    app = build(home)
    try:
        return app.hooks.run(event, HookInput.from_json(event, payload)).to_json(event)
    finally:
        app.close()


@pytest.mark.parametrize("state", list(STATES), ids=list(STATES))
def test_idle_only_where_the_bus_neither_answers_nor_writes(home: Path, state: str) -> None:
    said_idle = 0
    for event, payload in PAYLOADS:
        put_state(home, STATES[state])
        before = snapshot(home)
        quick = idle(event, payload, str(home / "config.toml"), str(home / "steward.db"))
        answer = bus_answer(home, event, payload)
        if quick:
            said_idle += 1
            where = f"{state}: {event} {json.dumps(payload)[:120]}"
            assert answer == {}, f"idle, but the bus answered {answer} ({where})"
            after = snapshot(home)
            assert after == before, f"idle, but the bus wrote ({where})"
        for db in home.glob("steward.db*"):
            db.unlink()
    # the common cases are answered at once: no title waiting, or one already shown
    if state in ("no store", "no row"):
        assert said_idle == len(PAYLOADS) - 2  # all but a mint run in a shell and a session id that is no text
    if state == "shown":
        assert said_idle == len(PAYLOADS) - 3  # and a titled session's start: it is reminded of its title


def test_a_configured_hook_or_flag_sends_every_event_to_the_bus(home: Path) -> None:
    config = home / "config.toml"
    assert not configured(str(config), {})  # no config file at all
    home.mkdir(parents=True, exist_ok=True)
    config.write_text('timezone = "Europe/London"\n', encoding="utf-8")
    assert not configured(str(config), {"STEWARD_TIMEZONE": "UTC"})
    assert configured(str(config), {"STEWARD_HOOKS_STOP": '["true"]'})
    assert configured(str(config), {"STEWARD_SESSION_NAMES": "0"})
    for text in ('[[hooks.pre_tool_use]]\ncommand = "true"\n', "session_names = false\n",
                 '"hoo\\u006bs".stop = ["true"]\n'):
        config.write_text(text, encoding="utf-8")
        assert configured(str(config), {}), text
        assert not idle("UserPromptSubmit", {"session_id": SESSION}, str(config), str(home / "steward.db"), {})
    config.write_bytes(b"\xff\xfe not text")
    assert configured(str(config), {})  # the settings say what is wrong with it


def test_the_answer_given_at_once_is_the_buses(cli: Any, home: Path) -> None:
    """Through `steward hook`: the empty answer, the same with and without the bus (--tz takes the bus)."""
    cases = PAYLOADS[:6]
    quick = [cli("hook", event, stdin=json.dumps(payload)) for event, payload in cases]
    assert not (home / "steward.db").exists(), "a hook with nothing to do creates no store"
    full = [cli("hook", event, "--tz", "UTC", stdin=json.dumps(payload)) for event, payload in cases]
    assert [(r.code, r.out) for r in quick] == [(r.code, r.out) for r in full] == [(0, "{}\n")] * len(cases)


def test_the_idle_rules_assume_the_shipped_defaults() -> None:
    from steward.hooks.bus import SETTING_FOR
    from steward.hooks.session_names import SESSION_NAME_DISPLAY_REMINDER_LIMIT, SessionNames
    from steward.settings import SETTINGS

    defaults = {s.name: s.default for s in SETTINGS}
    assert all(defaults[name] == [] for name in SETTING_FOR.values())
    assert defaults["session_names"] is True
    assert SessionNames.__init__.__kwdefaults__["limit"] == SESSION_NAME_DISPLAY_REMINDER_LIMIT
    assert all(name.startswith("hooks.") for name in SETTING_FOR.values())
