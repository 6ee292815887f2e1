"""Whether `steward hook EVENT` has nothing to do, decided before the hook bus is built.

Claude Code runs `steward hook` on every prompt and every tool call. Nearly always no command hook is
configured and no session title waits to be shown, and the answer is the empty one (`{}`); building
the bus for it (the settings table, the store's repositories, the protocol's types) would take longer
than the interpreter's own start. `idle` tells that case apart from the environment, the config file's
text and one row of the store (`steward.store.glance`). It says True only when the bus could run no
hook that answers or writes; in every other case (and whenever it is unsure) the bus decides. Its rules
are the session-name hooks' own (`session_names.py`), and tests/test_hook_idle.py runs both on the same
states and events.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (`steward hook` reads this module)
if TYPE_CHECKING:
    from steward.hooks.bus import HookBus, HookResult
    from steward.hooks.protocol import HookInput

SESSION_NAME_DISPLAY_REMINDER_LIMIT = 2  # reminders per requested title (session_names.py)
# what could put a hook on an event other than by default: a setting under `hooks.`, or the
# `session_names` flag (on by default: its in-process hooks are the ones read here)
_ENV_PREFIXES = ("STEWARD_HOOKS_", "STEWARD_SESSION_NAMES")
_FILE_WORDS = ("hooks", "session_names", "\\u", "\\U")  # a TOML key may be spelt with escapes


def configured(config_file: str, environ: Mapping[str, str]) -> bool:
    """Whether a hook setting may be set other than by default: a `STEWARD_HOOKS_*` or
    `STEWARD_SESSION_NAMES` variable, or a config file that names `hooks` or `session_names` anywhere
    (in a comment too), or one that cannot be read (the settings then say why)."""
    if any(key.startswith(_ENV_PREFIXES) for key in environ):
        return True
    try:
        with open(config_file, encoding="utf-8") as file:
            text = file.read()
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError):
        return True
    return any(word in text for word in _FILE_WORDS)


def idle(event: str, payload: Mapping[str, object], config_file: str, db_file: str,
         environ: Mapping[str, str] | None = None) -> bool:
    """True when the hooks of `event` would neither answer nor write for `payload` (the answer is `{}`)."""
    if configured(config_file, os.environ if environ is None else environ):
        return False
    return quiet(event, payload, db_file)


def quiet(event: str, payload: Mapping[str, object], db_file: str) -> bool:
    """`idle` once no hook is configured: whether the session-name hooks would neither answer nor write."""
    if event == "UserPromptSubmit":
        return True  # the session names have no hook on it
    session = payload.get("session_id")
    if session is None or session == "":
        return True  # every session-name hook needs a session
    if not isinstance(session, str):
        return False
    if event == "PostToolUse":
        tool_input = payload.get("tool_input")
        command = tool_input.get("command") if isinstance(tool_input, Mapping) else None
        if isinstance(command, str) and "steward" in command:
            return False  # a `steward session set-task` run in a shell may record a title
    elif event in ("PreToolUse", "Stop"):
        if payload.get("dry_run") is True:
            return True  # a dry run looks at nothing
    elif event != "SessionStart":
        return False
    import sqlite3  # only now: UserPromptSubmit and a payload without a session need no store

    from steward.store.glance import name_glance

    try:
        row = name_glance(db_file, session)
    except (sqlite3.Error, OSError):
        return False
    if row is None:
        return True
    if event == "SessionStart":
        return not row.title  # a titled session is reminded of its title
    if event in ("PreToolUse", "Stop"):
        return not row.pending  # a pending display is looked for in the transcript
    return not (row.pending and row.reminders < SESSION_NAME_DISPLAY_REMINDER_LIMIT)  # a reminder is due


class IdleFirst:
    """The hook bus as the turn pipeline asks it, built only when an event may run a hook.

    With no command hook in the settings (`configured` False), an event `quiet` says nothing would answer
    or write for is answered empty without the bus: a chat turn's UserPromptSubmit, and a session's
    first turn without a title waiting. Every other event goes to the bus, built then.
    """

    def __init__(self, bus: Callable[[], HookBus], configured: bool, db_file: str) -> None:
        self._make = bus
        self._bus: HookBus | None = None
        self.configured = configured
        self.db_file = db_file

    def bus(self) -> HookBus:
        """The hook bus, built on first use."""
        if self._bus is None:
            self._bus = self._make()
        return self._bus

    def has(self, event: str) -> bool:
        """Whether some hook may listen to `event` (True until the bus is built: `run` then decides)."""
        return self.bus().has(event) if self._bus is not None or self.configured else True

    def run(self, event: str, payload: HookInput | Mapping[str, object]) -> HookResult:
        """The bus's answer to `event`, or the empty answer when no hook would answer or write."""
        if self._bus is None and not self.configured and isinstance(payload, Mapping) \
                and quiet(event, payload, self.db_file):
            from steward.hooks.result import HookResult

            return HookResult()
        return self.bus().run(event, payload)
