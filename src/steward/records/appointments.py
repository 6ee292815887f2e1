"""Appointments as the store keeps them: the stored metadata of a message the reader may look at (never
its body), and one line of a scan or a stored proposal.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

# what a scan did with a candidate
Outcome = Literal["proposed", "created", "duplicate", "rejected", "quarantined"]


@dataclass(frozen=True)
class MessageMeta:
    """What the consumer may know of a message without its body: the stored metadata."""

    id: int
    key: str  # the Message-ID, else the store's dedup key: hashed into the source marker
    sender: str
    sender_name: str
    subject: str
    snippet: str
    received_at: datetime
    category: str = ""
    attachments: tuple[str, ...] = ()


@dataclass(frozen=True)
class Item:
    """One line of a scan or a stored proposal: what happened to one appointment, and why."""

    status: Outcome
    reason: str | None
    provider: str
    start: datetime | None
    end: datetime | None
    location: str | None
    excerpt: str
    message_id: int | None
    event_id: str | None = None
    id: int | None = None  # the proposal's number (`steward appointments accept ID`)
    origin: str = ""
    change: str | None = None  # for a cancellation or move of an event Steward made
    title: str = ""
    # travel: the start on the clock of the place it is at (an airport's, a hotel's), as the mail gave it
    local_start: datetime | None = None
    all_day: bool = False  # whole days (a stay whose mail gives no check-in time): `start` is its first day
    rule: str | None = None  # how it repeats (an RRULE from its first `start`), when its mail says it does

    def to_json(self) -> dict[str, Any]:
        """The contract shape {"status","reason","provider","start","end","location","excerpt",
        "message_id","event_id"} plus id, origin and change."""
        return {
            "status": self.status,
            "reason": self.reason,
            "provider": self.provider,
            "start": self.start.isoformat() if self.start else None,
            "end": self.end.isoformat() if self.end else None,
            "location": self.location,
            "excerpt": self.excerpt,
            "message_id": self.message_id,
            "event_id": self.event_id,
            "id": self.id,
            "origin": self.origin,
            "change": self.change,
            **({"rule": self.rule} if self.rule else {}),
        }


@dataclass(frozen=True)
class StoredItem:
    """An appointment row: the Item it shows, and the private markers and zone it keeps."""

    item: Item
    fingerprint: str
    source_marker: str
    zone: str
    calendar: str | None
    start_text: str
    change_of: int | None = None  # the appointment a cancellation or move proposal changes
    ical_uid: str | None = None  # the booking's iCalendar UID, when it came from an .ics part
    ical_sequence: int | None = None  # the SEQUENCE of the last update of it Steward read (or made)


@dataclass(frozen=True)
class Marker:
    """The markers of one event Steward wrote (or tried to) from mail."""

    event_uid: str
    calendar: str
    source_marker: str
    fingerprint: str
    state: str
    item_id: int | None
    error: str | None
