"""Session names and the hook log as the store keeps them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class SessionName:
    """A session's title and the state of the display asked for (`requested_for`)."""

    session: str
    title: str | None = None
    task: str | None = None
    requested_for: str | None = None   # session_name_display_requested_for
    reminders: int = 0                 # session_name_display_reminders
    displayed_for: str | None = None   # the title whose block was seen
    displayed_at: datetime | None = None

    @property
    def pending(self) -> bool:
        """A display was asked for and its block has not been seen."""
        return self.requested_for is not None and self.displayed_for != self.requested_for


@dataclass(frozen=True)
class LogEntry:
    """One line of the hook log."""

    session: str
    event: str
    hook: str
    kind: str
    detail: str
    at: datetime | None = None

    def to_json(self) -> dict[str, str | None]:
        """The hook log entry as JSON."""
        return {"at": self.at.isoformat() if self.at else None, "session": self.session, "event": self.event,
                "hook": self.hook, "kind": self.kind, "detail": self.detail}


@dataclass(frozen=True)
class SessionSummary:
    """A session as `steward chat --session` lists it."""

    session: str
    title: str | None
    turns: int
    last_at: datetime
