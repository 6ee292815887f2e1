"""Notification sinks: where a due reminder (or the daily brief) is sent (console, desktop, webhook /
ntfy, email).

Each sink is a `Notifier`: a `name` and `send(notification)` that either delivers or raises
`ConnectorError` with one line saying why. `build_sinks` makes the configured ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from steward.formats import DEFAULT_LOCALE, Formats


@dataclass(frozen=True)
class Notification:
    """One reminder to tell the user about; `due` is in the user's zone.

    `kind="brief"` carries the daily brief instead: `subject` is its title, `text` the whole brief,
    `html` its HTML form (the email sink sends both) and `ref` its stable id (the day, or a delivery).
    """

    reminder_id: int
    text: str
    due: datetime
    late: bool = False
    kind: str = "reminder"
    subject: str = ""
    html: str = ""
    ref: str = ""
    locale: str = DEFAULT_LOCALE  # how its day and time are written (`formats`: 09:15, 9:15 AM)

    @property
    def title(self) -> str:
        """The notification's title line: `Reminder · 17:00` (en_GB), `Reminder · 5:00 PM` (en_US)."""
        if self.kind != "reminder":
            return self.subject or f"Steward {self.kind}"
        time = Formats(self.locale).time(self.due)
        return f"Late reminder (was due {time})" if self.late else f"Reminder · {time}"

    @property
    def key(self) -> str:
        """A stable id for this notification (one occurrence of one reminder), so a receiver can drop a
        repeat: a resend after a crash has the same key, a snoozed reminder a new one."""
        if self.kind != "reminder":
            return f"steward-{self.kind}-{self.ref or self.reminder_id}"
        return f"steward-reminder-{self.reminder_id}-{self.due.astimezone(UTC):%Y%m%dT%H%M%SZ}"

    def line(self) -> str:
        """The one-line form (console, logs); a brief is its whole text."""
        if self.kind != "reminder":
            return self.text
        fmt = Formats(self.locale)
        late = f" (late: was due {fmt.moment(self.due)})" if self.late else ""
        return f"⏰ {fmt.time(self.due)}  {self.text}{late}  [#{self.reminder_id}]"


class Notifier(Protocol):
    """A place notifications go: `send` delivers one or raises a one-line ConnectorError.

    `dedupes`: the receiver can drop a repeat by the notification's key (an Idempotency-Key header, a
    fixed Message-ID, ntfy's sequence id), so an interrupted send may be made again; a sink that
    cannot (console, desktop) is sent at most once."""

    name: str
    dedupes: bool

    def send(self, notification: Notification) -> None:
        """Deliver, or raise ConnectorError."""
        ...
