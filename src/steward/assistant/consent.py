"""Answering a held write from outside the conversation: the one rule every door follows.

A card (the page's Confirm / Cancel, `POST /pending/ID`, `steward pending confirm ID`, an MCP client)
names one held write. Its answer counts while that write's question is the session's open one, or
while the write waits beside later answers (a later turn went on to something else without the
model): then it writes (or declines) exactly the writes that question named, as typing yes or no
would, and is recorded as a turn of the session. When the model took a later turn (it may propose
the write again), the write is superseded and the answer is refused with `Conflict` ("that question
is no longer open: ask again"): a Confirm never saves what its card did not show.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from steward.assistant.governance import NOT_OPEN, Governance
from steward.assistant.trace import Trace
from steward.assistant.turn import Engine
from steward.errors import Conflict, Duplicate, NotFound, UserError
from steward.records.assistant import HeldCall
from steward.store import held as repo

CardAnswer = Literal["confirm", "cancel"]
_ENDED = {
    "written": "is already saved",
    "declined": "was already cancelled",
    "expired": "waited too long and expired",
    "failed": "could not be saved",
}


@dataclass(frozen=True)
class HeldWrites:
    """The held-write service the doors call: look a held write up, answer its card."""

    db: Callable[[], sqlite3.Connection]
    engine: Callable[[], Engine]
    governance: Callable[[], Governance]

    def get(self, held_id: str) -> HeldCall:
        """The held write with this id (NotFound when there is none)."""
        call = repo.get(self.db(), held_id)
        if call is None:
            raise NotFound(f"there is no held write {held_id!r}")
        return call

    def waiting(self, session: str) -> list[HeldCall]:
        """The session's held writes whose question is open (stale ones are expired first)."""
        return self.governance().open_calls(session)

    def session_of(self, held_id: str) -> str:
        """The session whose open question names `held_id`; raises when it can no longer be answered."""
        call = self.get(held_id)
        self._check_open(call)
        return call.session

    def answer(self, held_id: str, answer: CardAnswer) -> Trace:
        """Confirm or cancel the card of `held_id`: its question's writes and nothing else, or a refusal."""
        call = self.get(held_id)
        self._check_open(call)
        try:
            return self.engine().answer_held(call.session, held_id, "yes" if answer == "confirm" else "no")
        except Conflict:
            # still asked, but no longer the open question (it was replaced): it can never be answered now
            repo.mark_superseded(self.db(), held_id, self.governance().clock.now())
            raise

    def set_aside(self, session: str) -> list[HeldCall]:
        """The session's held writes set aside beside later answers, each answered on its own card."""
        return repo.waiting_for(self.db(), session)

    def _check_open(self, call: HeldCall) -> None:
        if call.id in {c.id for c in self.waiting(call.session)}:
            return
        current = repo.get(self.db(), call.id) or call
        if current.status == "waiting":  # set aside by a later answer (and not expired: waiting() ran first)
            return
        if current.status == "written":
            raise Duplicate(f"{current.summary} {_ENDED['written']}; nothing was changed")
        if current.status in ("superseded", "dropped", "held", "asked"):
            raise Conflict(NOT_OPEN)
        reason = _ENDED.get(current.status, f"is {current.status}")
        raise UserError(f"{current.summary} {reason}; nothing was changed")
