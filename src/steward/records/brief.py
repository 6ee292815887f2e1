"""The brief's records as the store keeps them: one delivery of a brief to the notification sinks."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any


@dataclass(frozen=True)
class Delivery:
    """One brief sent (or being sent) to the notification sinks."""

    id: int
    day: date
    kind: str  # morning | manual
    zone: str
    status: str  # sending | retry | sent | failed
    owner: str | None
    started_at: datetime
    sent_at: datetime | None
    attempts: int
    next_attempt_at: datetime | None
    error: str | None

    def to_json(self) -> dict[str, Any]:
        """The delivery as JSON: its day, kind, status, times, attempts and error."""
        return {"id": self.id, "day": self.day.isoformat(), "kind": self.kind, "status": self.status,
                "started_at": self.started_at.isoformat(), "sent_at": self.sent_at.isoformat() if self.sent_at else None,
                "attempts": self.attempts, "error": self.error}
