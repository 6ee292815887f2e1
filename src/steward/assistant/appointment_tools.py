"""Appointments found in mail as loop tools: `list_appointments` (a read), `accept_appointment` (a held write).

Thin adapters over `appointments.AppointmentsService`, the same service the reader's appointments answers,
`steward appointments` and the web page use. The model names a proposal by the number
`list_appointments` gave it — never a message: which email proves an appointment is code's to say,
and `accept` proves it again from that message read live before anything is written. Accepting is
held until the user says yes; for a proposed cancellation or move of an event Steward made, the yes
deletes or moves that event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from steward.assistant.toolkit import Preview, Tool, ToolError, Write, tool_from_function
from steward.assistant.tools import ToolContext, when_label
from steward.errors import UserError

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.records.appointments import Item


def _service(ctx: ToolContext) -> AppointmentsService:
    if ctx.appointments is None:
        raise ToolError("appointments_unavailable", "appointments found in mail are not available here")
    return ctx.appointments


def _shown(item: Item) -> dict[str, Any]:
    """An appointment as the model reads it: no message id (the model never names the evidence)."""
    data = item.to_json()
    data.pop("message_id", None)
    data["title"] = item.title or item.provider
    return data


def list_appointments(ctx: ToolContext) -> dict[str, Any]:
    """Appointments and reservations found in the user's mail that are still ahead: `proposed` ones wait
    for the user's yes (a `change` is a cancellation or move of an event already on the calendar),
    `created` ones are on the calendar, `rejected` ones say why they were not added."""
    return {"appointments": [_shown(i) for i in _service(ctx).recent()]}


def accept_appointment(ctx: ToolContext, id: int) -> Preview:
    """Add a proposed appointment from the user's mail to their calendar (or make the proposed
    cancellation or move). It is held until the user says yes: after calling it, ask the user with
    ask_user whether to go ahead.

    Args:
        id: the appointment's id from list_appointments (status proposed)
    """
    service = _service(ctx)
    try:
        item = service.get(id)
    except UserError as exc:
        raise ToolError("not_found", f"{exc.message}; call list_appointments for the ids") from None
    if item.status != "proposed":
        raise ToolError("no_change", f"appointment {id} is {item.status}, not waiting for a yes")
    assert item.start is not None
    title = item.title or item.provider
    if item.change is not None:
        summary = item.change
    else:
        summary = f"adding \u201c{title}\u201d on {when_label(item.start, ctx)} to the calendar"
    return Preview(summary=summary, fields=_shown(item), resolved={"id": id})


def commit_accept_appointment(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Accept the held proposal, as the user agreed (proved again from its message first)."""
    provenance = {"via": "tool", "session": ctx.session, "turn": ctx.turn or "", "tool_call": held_id,
                  "command": "accept_appointment"}
    item = _service(ctx).accept(int(resolved["id"]), provenance={k: v for k, v in provenance.items() if v})
    return Write("event", item.event_id, _shown(item))


def appointment_tools() -> list[Tool]:
    """The appointment read and the held accept."""
    return [tool_from_function(list_appointments, mail_text=True),
            # a proposal may move or cancel an event a booking made earlier (a rescheduled booking)
            tool_from_function(accept_appointment, commit=commit_accept_appointment, destructive=True,
                               idempotent=True)]
