"""The one read `steward hook` makes on every tool call: a session's title and display state.

Claude Code runs `steward hook` on each prompt and tool call, and nearly always there is nothing to do;
telling that apart must cost less than the interpreter's own start. So this module imports only
`sqlite3`: no migration runner, no record types (`dataclasses` alone would cost a third of a bare
interpreter's start), and it never creates a store. `steward.store.sessions` is the repository the
session-name hooks themselves use; the column names here are its table's.
"""

from __future__ import annotations

import os
import sqlite3


class NameGlance:
    """A session's title and where its display stands (a plain class on purpose: see the module)."""

    __slots__ = ("displayed_for", "reminders", "requested_for", "title")

    def __init__(self, title: str | None, requested_for: str | None, reminders: int,
                 displayed_for: str | None) -> None:
        self.title = title
        self.requested_for = requested_for
        self.reminders = reminders
        self.displayed_for = displayed_for

    @property
    def pending(self) -> bool:
        """A display was asked for and its block has not been seen (as `SessionName.pending`)."""
        return self.requested_for is not None and self.displayed_for != self.requested_for


def name_glance(db_file: str, session: str) -> NameGlance | None:
    """The session's title and display state; None when the store or the session has none.

    Raises sqlite3.Error when the store cannot be read (the caller then takes the ordinary path,
    which says why).
    """
    if not os.path.isfile(db_file):
        return None  # no store yet: no session has a title, and a hook creates none
    conn = sqlite3.connect(db_file, timeout=30.0, isolation_level=None)
    try:
        conn.execute("PRAGMA query_only=ON")
        try:
            row = conn.execute(
                "SELECT title, session_name_display_requested_for, session_name_display_reminders, displayed_for"
                " FROM session_names WHERE session = ?", (session,)).fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return None  # a store from before session names: none has a title yet
            raise
    finally:
        conn.close()
    if row is None:
        return None
    return NameGlance(row[0], row[1], int(row[2]), row[3])
