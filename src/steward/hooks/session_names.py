"""Session names, and bounded reminders for a pending session-name display (ADR 0182/0183).

A session gets a title from the coordination command `set_task` (mint: it records the title, asks for
the title block to be shown, and its result carries the full instruction). While the title recorded in
`session_name_display_requested_for` is pending, each *ordinary* tool result re-attaches a short
reminder as PostToolUse context, at most SESSION_NAME_DISPLAY_REMINDER_LIMIT times per requested
title; the count (`session_name_display_reminders`) lives in the store, so it survives a restart, and
requesting a different title resets it. The coordination commands (`set_task`, `status`,
`suggest_name`) never carry the reminder and never use its budget.

The reminder asks the model to show the block only if it has not already done so this turn, so a
model that did is not nagged into printing it twice. PreToolUse (and Stop) stamp any readable sighting
of the block in the transcript, which ends the reminders early; the reminder decision itself never
reads the transcript, so an unreadable one still gets at most two reminders. Every reminder is logged
as `session-name-display-reminded` in the hook log.

`SessionNames` is the one service; its loop tools, `steward session ...` and `steward hook EVENT` are
adapters over it.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from steward.clock import Clock
from steward.errors import UserError
from steward.hooks.bus import HOOK_ERROR, HookLogRecord, InProcessHook
from steward.hooks.idle import SESSION_NAME_DISPLAY_REMINDER_LIMIT
from steward.hooks.names import NameWords, block_seen, clean_title, coordination, load_words, mint_title
from steward.hooks.protocol import HookInput, HookOutput, context_output
from steward.hooks.transcript import assistant_texts
from steward.records.sessions import LogEntry, SessionName, SessionSummary
from steward.store import sessions as repo
from steward.store import write_txn

log = logging.getLogger(__name__)

HOOK_NAME = "session-names"
REMINDED = "session-name-display-reminded"
MINTED = "session-name-minted"
SEEN = "session-name-display-seen"
UNREADABLE = "session-name-transcript-unreadable"


@dataclass(frozen=True)
class Minted:
    """What a mint did: the title, the instruction to show its block, and whether the count was reset."""

    session: str
    title: str
    instruction: str
    reset: bool

    def to_json(self) -> dict[str, Any]:
        """The new title as JSON: the session, title, instruction, and that it is still to be shown."""
        return {"session": self.session, "title": self.title, "instruction": self.instruction,
                "display": "pending", "reset": self.reset}


@dataclass(frozen=True)
class NameStatus:
    """A session's title and where its display stands: `pending`, `shown` or `none` (never asked)."""

    session: str
    title: str | None
    task: str | None
    display: str
    requested_for: str | None
    reminders: int
    reminder_limit: int

    def to_json(self) -> dict[str, Any]:
        """The session's title status as JSON, with its reminders and their limit."""
        return {"session": self.session, "title": self.title, "task": self.task, "display": self.display,
                "requested_for": self.requested_for, "reminders": self.reminders,
                "reminder_limit": self.reminder_limit}

    def line(self) -> str:
        """One line for a person."""
        if self.title is None:
            return f"{self.session}: no title yet (steward session set-task \"what it is for\")"
        shown = {"pending": f"title block not shown yet ({self.reminders} of {self.reminder_limit} reminders given)",
                 "shown": "title block shown", "none": "no display asked for"}[self.display]
        return f"{self.session}: \u201c{self.title}\u201d \u2014 {shown}"


def reminder_due(state: SessionName | None, limit: int) -> bool:
    """The reminder decision: a display is pending and its budget is not spent (no transcript read)."""
    return state is not None and state.pending and state.reminders < limit


class SessionNames:
    """Session titles, their display state, the reminders, and the hook log."""

    def __init__(self, db: Callable[[], sqlite3.Connection], clock: Clock, *,
                 limit: int = SESSION_NAME_DISPLAY_REMINDER_LIMIT, words: NameWords | None = None) -> None:
        self._db = db
        self.clock = clock
        self.limit = limit
        self._words = words

    @property
    def words(self) -> NameWords:
        """The feature's wording (session_names.yaml), read on first use."""
        if self._words is None:
            self._words = load_words()
        return self._words

    # -- the coordination commands ---------------------------------------------------------------

    def set_task(self, session: str, task: str, title: str = "", *, via: str = "") -> Minted:
        """Mint a title for `session` (from `title`, else from `task`) and ask for its block to be shown."""
        chosen = clean_title(title, self.words) or mint_title(task, self.words)
        now = self.clock.now()
        conn = self._db()
        with write_txn(conn):
            state = repo.get_name(conn, session) or SessionName(session)
            same = state.requested_for == chosen
            state = replace(state, title=chosen, task=" ".join(task.split()) or state.task, requested_for=chosen,
                            reminders=state.reminders if same else 0,
                            displayed_for=state.displayed_for if same else None,
                            displayed_at=state.displayed_at if same else None)
            repo.put_name(conn, state, now)
            repo.add_log(conn, [LogEntry(session, via or "set-task", HOOK_NAME, MINTED,
                                              f"\u201c{chosen}\u201d" + ("" if same else "; reminders reset"))], now)
        return Minted(session, chosen, self.words.fill(self.words.mint, chosen), reset=not same)

    def status(self, session: str) -> NameStatus:
        """Where the session's title and its display stand."""
        state = repo.get_name(self._db(), session)
        if state is None:
            return NameStatus(session, None, None, "none", None, 0, self.limit)
        display = "none" if state.requested_for is None else "pending" if state.pending else "shown"
        return NameStatus(session, state.title, state.task, display, state.requested_for, state.reminders,
                          self.limit)

    def suggest_name(self, task: str) -> str:
        """A title for `task`, without recording anything."""
        return mint_title(task, self.words)

    def suggestion(self, task: str) -> str:
        """The suggest_name answer: the title and how to use it."""
        return self.words.fill(self.words.suggest, self.suggest_name(task))

    def title_of(self, session: str) -> str | None:
        """The session's title, or None."""
        state = repo.get_name(self._db(), session)
        return state.title if state else None

    def sessions(self, limit: int = 50) -> list[SessionSummary]:
        """Sessions with turns or a title, most recent first."""
        return repo.list_sessions(self._db(), limit)

    def hook_log(self, session: str | None = None, limit: int = 50) -> list[LogEntry]:
        """The hook log's last lines (of one session, when given)."""
        return repo.hook_log(self._db(), session, limit)

    # -- what the hooks do -----------------------------------------------------------------------

    def stamp_sighting(self, session: str, texts: Iterable[str], event: str) -> bool:
        """Record that the pending title's block was seen in `texts`; True when this ended the reminders."""
        conn = self._db()
        state = repo.get_name(conn, session)
        if state is None or not state.pending or state.requested_for is None:
            return False
        if not block_seen(texts, state.requested_for, self.words):
            return False
        now = self.clock.now()
        with write_txn(conn):
            state = repo.get_name(conn, session)
            if state is None or not state.pending:
                return False
            repo.put_name(conn, replace(state, displayed_for=state.requested_for, displayed_at=now), now)
            repo.add_log(conn, [LogEntry(session, event, HOOK_NAME, SEEN,
                                              f"\u201c{state.requested_for}\u201d after {state.reminders} reminders")],
                         now)
        return True

    def remind(self, session: str, event: str = "PostToolUse") -> str | None:
        """The reminder for an ordinary tool result, counted; None when none is due."""
        conn = self._db()
        if not reminder_due(repo.get_name(conn, session), self.limit):
            return None  # the common case: no write, no transaction
        now = self.clock.now()
        with write_txn(conn):  # decided again under the write lock: two hooks at once give one reminder each
            state = repo.get_name(conn, session)
            if state is None or state.requested_for is None or not reminder_due(state, self.limit):
                return None
            count = state.reminders + 1
            repo.put_name(conn, replace(state, reminders=count), now)
            repo.add_log(conn, [LogEntry(session, event, HOOK_NAME, REMINDED,
                                              f"{count} of {self.limit} for \u201c{state.requested_for}\u201d")], now)
            title = state.requested_for
        return self.words.fill(self.words.reminder, title)

    def record(self, record: HookLogRecord) -> None:
        """The bus's hook-log sink: one line per hook error."""
        conn = self._db()
        with write_txn(conn):
            repo.add_log(conn, [LogEntry(record.session, record.event, record.hook, record.kind,
                                              record.detail)], self.clock.now())

    def hooks(self) -> dict[str, list[InProcessHook]]:
        """The feature as in-process hooks for the bus."""
        return {
            "SessionStart": [InProcessHook(HOOK_NAME, self._session_start)],
            "PreToolUse": [InProcessHook(HOOK_NAME, self._pre_tool_use)],
            "PostToolUse": [InProcessHook(HOOK_NAME, self._post_tool_use)],
            "Stop": [InProcessHook(HOOK_NAME, self._stop)],
        }

    def _session_start(self, given: HookInput) -> HookOutput | None:
        title = self.title_of(given.session_id) if given.session_id else None
        return context_output("SessionStart", self.words.fill(self.words.resume, title)) if title else None

    def _pre_tool_use(self, given: HookInput) -> HookOutput | None:
        self._look(given)
        return None

    def _stop(self, given: HookInput) -> HookOutput | None:
        self._look(given)
        return None

    def _look(self, given: HookInput) -> None:
        """Stamp a sighting in the text the loop holds, else in the transcript file (when one is pending)."""
        if not given.session_id or _dry_run(given):
            return
        state = repo.get_name(self._db(), given.session_id)
        if state is None or not state.pending:
            return  # nothing pending: the transcript is not read
        texts: list[str] | None = list(given.transcript) if given.transcript else None
        if texts is None and given.transcript_path:
            texts = assistant_texts(given.transcript_path)
            if texts is None and state.reminders < self.limit:
                self.record(HookLogRecord(given.hook_event_name, given.session_id, HOOK_NAME, UNREADABLE,
                                          "the transcript could not be read; the reminders stay bounded"))
        if texts:
            self.stamp_sighting(given.session_id, texts, given.hook_event_name)

    def _post_tool_use(self, given: HookInput) -> HookOutput | None:
        if not given.session_id:
            return None
        # the common case (nothing pending, no `steward` in a shell command) decides without the words
        command = given.tool_input.get("command")
        may_mint = isinstance(command, str) and "steward" in command
        if not may_mint and not reminder_due(repo.get_name(self._db(), given.session_id), self.limit):
            return None
        found = coordination(given.tool_name, given.tool_input, self.words)
        if _dry_run(given):  # a dry run shows the reminder that would be due and records nothing
            state = repo.get_name(self._db(), given.session_id)
            if found is None and state is not None and state.requested_for and reminder_due(state, self.limit):
                return context_output("PostToolUse", self.words.fill(self.words.reminder, state.requested_for))
            return None
        if found is not None:
            # a mint run in a shell (Claude Code's Bash) is recorded for this payload's session;
            # Steward's own set_task tool has recorded it already
            if found.kind == "set-task" and given.tool_name in self.words.shell_tools and (found.task or found.title):
                try:
                    self.set_task(given.session_id, found.task, found.title, via="PostToolUse")
                except UserError as exc:  # the command itself said so to the model already
                    log.debug("no mint from %r: %s", given.tool_input.get("command"), exc.message)
            return None
        text = self.remind(given.session_id, given.hook_event_name)
        return context_output("PostToolUse", text) if text else None


def _dry_run(given: HookInput) -> bool:
    """Steward's loop marks a dry run (`steward chat --dry-run`): hooks may look, not write."""
    return given.extra.get("dry_run") is True


__all__ = ["HOOK_ERROR", "SESSION_NAME_DISPLAY_REMINDER_LIMIT", "Minted", "NameStatus", "SessionNames",
           "reminder_due"]
