"""The assistant's records as the store keeps them: recorded turns, open continuations and held
writes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class StoredContinuation:
    """An open question a session is waiting on."""

    session: str
    owner: str
    question: str
    payload: Mapping[str, Any]
    opened_at: datetime
    expires_at: datetime
    turn_id: str | None


@dataclass(frozen=True)
class StoredTurn:
    """One recorded turn of a session: its text, reply, which path answered and the trace."""

    id: str
    session: str
    at: datetime
    text: str
    reply: str
    handled_by: str
    trace: Mapping[str, Any]


@dataclass(frozen=True)
class HeldCall:
    """One held write: what the model asked for, what it would write, and the run's steps."""

    id: str
    session: str
    tool: str
    args: Mapping[str, Any]
    summary: str
    fields: Mapping[str, Any]
    resolved: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]
    status: str
    question: str | None
    created_at: datetime
    decided_at: datetime | None = None
    result: Mapping[str, Any] | None = None
