"""The answer to "Shall I add it?": a booking found in mail, shown waiting for a yes, added to the calendar
(or the change its mail asks made: moved, removed) on a yes, turned down on a no.

A yes confirms only what its question showed: the question names one booking by its number, and the
appointment service proves that booking again from its mail before it writes (create-only, with a
duplicate marker). Any other answer is no answer: the question stays unanswered and nothing is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from steward.assistant.trace import OpenQuestion, Outcome, Turn, Write
from steward.clock import Clock
from steward.errors import UserError

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService


def settle_proposal(turn: Turn, question: OpenQuestion, service: AppointmentsService, clock: Clock) -> Outcome | None:
    """Add (or change, or turn down) the booking the question named; None when the turn is neither yes nor no."""
    from steward.assistant.governance import load_consent_words, read_answer

    proposal = question.payload.get("proposal")
    answer = read_answer(turn.text, load_consent_words())
    if answer is None or not isinstance(proposal, int):
        return None
    provenance = {"via": "turn", "session": turn.session, "turn": turn.id, "command": "chat"}
    if answer == "no":
        if turn.dry_run:
            return Outcome(reply="I would leave your calendar as it is.")
        try:
            turned = service.reject(proposal, provenance=provenance)
        except UserError as exc:
            return Outcome(reply=f"Nothing to turn down: {exc.message}")
        if turned.change is not None:
            return Outcome(reply="All right, I left your calendar as it is and won't suggest that change again.")
        return Outcome(reply="All right, I left it off your calendar and won't suggest it again.")
    if turn.dry_run:
        return Outcome(reply=f"I would add appointment #{proposal} to your calendar.")
    try:
        item = service.accept(proposal, provenance=provenance)
    except UserError as exc:
        return Outcome(reply=f"I did not add it: {exc.message}")
    if item.status != "created":
        return Outcome(reply=f"I did not add it ({item.status}: {item.reason}).")
    assert item.start is not None
    when = clock.formats.when(item.start, year=False)
    if item.change is not None:
        cancelled = item.change.startswith("cancelled")
        fields = {"id": item.event_id, "title": item.title, "start": item.start.isoformat(),
                  "end": item.end.isoformat() if item.end else None, "change": "deleted" if cancelled else "moved"}
        reply = f"Removed {item.title} from your calendar." if cancelled else f"Moved {item.title} to {when}."
        return Outcome(reply=reply, writes=(Write("event", item.event_id, fields),))
    fields = {"id": item.event_id, "title": item.title, "start": item.start.isoformat(),
              "end": item.end.isoformat() if item.end else None, "location": item.location}
    return Outcome(reply=f"Added {item.title} on {when} to your calendar.", writes=(Write("event", item.event_id, fields),))
