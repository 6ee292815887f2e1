"""`GET /schedule`, `GET /reminders`, `DELETE /reminders/{id}`, `GET /reminders/recent`,
`POST /reminders/{id}/snooze|done` (the web page's card, a notification's buttons), `POST
/reminders/{id}/move|skip` (one time of a reminder, or a repeating one's days from now on) and `POST
/events/move|cancel|skip` (an event named in words or by its id): the calendar service over HTTP."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Header, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from steward.app import App
from steward.web.api import ERRORS, runtime_of

if TYPE_CHECKING:
    from steward.records.calendar import Event

router = APIRouter(tags=["calendar"])


class ReminderOut(BaseModel):
    """A reminder: `due` is ISO-8601 in the user's zone."""

    model_config = ConfigDict(extra="allow")
    id: int
    text: str
    due: str
    zone: str
    status: str


class ScheduleItemOut(BaseModel):
    """One line of a day: a reminder (`text`, `due`), an event (`title`, `start`, `end`) or an invitation
    waiting for an answer (an event's fields and `invitation`: who asks); `at` sorts them."""

    model_config = ConfigDict(extra="allow")
    kind: str
    at: str
    over: bool = Field(False, description="an event that has ended (the page offers no change to it)")


class ScheduleOut(BaseModel):
    """The answer of `GET /schedule`: the day's items."""

    model_config = ConfigDict(extra="allow")
    when: str
    day: str
    zone: str
    items: list[ScheduleItemOut]
    unavailable: list[dict[str, str]]


class RemindersOut(BaseModel):
    """The answer of `GET /reminders`."""

    reminders: list[ReminderOut]


def _schedule(app: App, when: str) -> dict[str, Any]:
    data = app.day_schedule(when).to_json()
    now = app.clock.now()
    for item in data["items"]:
        item["over"] = item["kind"] in ("event", "invitation") and datetime.fromisoformat(item["end"]) <= now
    return {"when": when, **data}


def _reminders(app: App, include_done: bool, limit: int) -> dict[str, Any]:
    shown = app.calendar.reminders(include_done=include_done)
    shown.sort(key=lambda r: r.due)
    return {"reminders": [r.to_json() for r in shown[:limit]]}


def _cancel(app: App, reminder_id: int, series: bool = False) -> dict[str, Any]:
    provenance = {"via": "api", "command": f"DELETE /reminders/{reminder_id}"}
    return app.calendar.cancel_reminder(reminder_id, provenance=provenance, series=series).to_json()


class SnoozeIn(BaseModel):
    """How long to wait before reminding again (default `reminders.snooze_minutes`)."""

    model_config = ConfigDict(extra="forbid")
    minutes: int | None = Field(None, ge=1, le=10080)


class DoneIn(BaseModel):
    """The body of a request that marks a reminder done."""

    model_config = ConfigDict(extra="forbid")


def _recent(app: App) -> dict[str, Any]:
    return {"reminders": [r.to_json() for r in app.calendar.recent_fired()]}


def _button(app: App, reminder_id: int, action: str, key: str | None, minutes: int | None) -> dict[str, Any]:
    from datetime import timedelta

    from steward.errors import UserError

    if key is not None and not app.calendar.action_allowed(reminder_id, action, key):
        raise UserError(f"that {action} button is not for reminder #{reminder_id}; nothing was changed")
    via = "notification" if key is not None else "web page"
    provenance = {"via": "api", "command": f"POST /reminders/{reminder_id}/{action}", "from": via}
    if action == "snooze":
        wait = timedelta(minutes=minutes or app.settings.as_int("reminders.snooze_minutes"))
        return app.calendar.snooze_reminder(reminder_id, wait, provenance=provenance).to_json()
    return app.calendar.done_reminder(reminder_id, provenance=provenance).to_json()


@router.get("/schedule", response_model=ScheduleOut, responses=ERRORS)
async def schedule(request: Request,
                   when: str = Query("today", max_length=200,
                                     description="the day in your own words: today, tomorrow, next friday, 2026-09-15")
                   ) -> dict[str, Any]:
    """Reminders and events of one day, in local time, sorted, from every configured calendar."""
    return await runtime_of(request).workers.run(_schedule, when)


@router.get("/reminders", response_model=RemindersOut, responses=ERRORS)
async def reminders(request: Request,
                    all: bool = Query(False, description="include fired and cancelled reminders"),
                    limit: int = Query(100, ge=1, le=1000)) -> dict[str, Any]:
    """Upcoming reminders (pending, being sent, or failed), soonest first."""
    return await runtime_of(request).workers.run(_reminders, all, limit)


@router.delete("/reminders/{reminder_id}", response_model=ReminderOut, responses=ERRORS)
async def cancel_reminder(request: Request, reminder_id: int = Path(ge=1),
                          series: bool = Query(False, description="a repeating reminder: every time still to come")
                          ) -> dict[str, Any]:
    """Cancel a pending reminder (a repeating one: this time, its next is written; `series`: all of them);
    returns it with status `cancelled`."""
    return await runtime_of(request).workers.run(_cancel, reminder_id, series)


@router.get("/reminders/recent", response_model=RemindersOut, responses=ERRORS)
async def recent_reminders(request: Request) -> dict[str, Any]:
    """Reminders that fired in the last 12 hours and are not done, latest first (the page's card)."""
    return await runtime_of(request).workers.run(_recent)


@router.post("/reminders/{reminder_id}/snooze", response_model=ReminderOut, responses=ERRORS)
async def snooze_reminder(request: Request, body: SnoozeIn, reminder_id: int = Path(ge=1),
                          key: str | None = Header(None, alias="X-Steward-Action-Key", max_length=200)
                          ) -> dict[str, Any]:
    """Remind again in `minutes`: returns the new reminder. A notification's button sends its key."""
    return await runtime_of(request).workers.run(_button, reminder_id, "snooze", key, body.minutes)


@router.post("/reminders/{reminder_id}/done", response_model=ReminderOut, responses=ERRORS)
async def done_reminder(request: Request, body: DoneIn, reminder_id: int = Path(ge=1),
                        key: str | None = Header(None, alias="X-Steward-Action-Key", max_length=200)
                        ) -> dict[str, Any]:
    """Mark a reminder done (one not yet due will not fire; a repeating one goes on to its next time)."""
    return await runtime_of(request).workers.run(_button, reminder_id, "done", key, None)


class ReminderMoveIn(BaseModel):
    """Where a reminder moves (`when` in words: "friday at 5 pm", "7:30 pm"), and which time of it."""

    model_config = ConfigDict(extra="forbid")
    when: str = Field(min_length=1, max_length=200)
    at: datetime | None = Field(None, description="the time the reminder was shown at (as `GET /schedule` gives "
                                                  "it): nothing moves when it is no longer there")
    series: bool = Field(False, description="a repeating reminder: every time from now on (`when` may be a new "
                                            "repeat: \"every tuesday at 8\", or a time: \"8 am\")")


class ReminderSkipIn(BaseModel):
    """Which time of a repeating reminder to skip (its next by default)."""

    model_config = ConfigDict(extra="forbid")
    at: datetime | None = Field(None, description="the time the reminder was shown at (as `GET /schedule` gives "
                                                  "it): nothing is skipped when it is no longer its next")


def _reminder_time(app: App, reminder_id: int, action: str, when: str, at: datetime | None,
                   series: bool) -> dict[str, Any]:
    from steward.errors import UserError

    provenance = {"via": "api", "command": f"POST /reminders/{reminder_id}/{action}", "from": "web page"}
    if at is not None and at.tzinfo is None:
        at = at.replace(tzinfo=app.clock.zone)
    calendar = app.calendar
    if action == "skip":
        return calendar.skip_reminder_time(reminder_id, provenance=provenance, at=at).to_json()
    if not when.strip():
        raise UserError("say where to move it ('when': 'friday at 5 pm'); nothing was moved")
    if series:
        calendar.at_time_shown(reminder_id, None)  # NotFound said plainly for an id it does not have
        return calendar.move_reminder_series(reminder_id, when, provenance=provenance).to_json()
    return calendar.move_reminder(reminder_id, when, provenance=provenance, at=at).to_json()


@router.post("/reminders/{reminder_id}/move", response_model=ReminderOut, responses=ERRORS)
async def move_reminder(request: Request, body: ReminderMoveIn, reminder_id: int = Path(ge=1)) -> dict[str, Any]:
    """Move a reminder to `when` (a time alone keeps its day, a day alone its time); of a repeating one the
    time shown (`at`, its next by default) on its own, the others kept, or with `series` every time from
    now on. Returns the reminder as it now is."""
    return await runtime_of(request).workers.run(_reminder_time, reminder_id, "move", body.when, body.at,
                                                 body.series)


@router.post("/reminders/{reminder_id}/skip", response_model=ReminderOut, responses=ERRORS)
async def skip_reminder(request: Request, body: ReminderSkipIn, reminder_id: int = Path(ge=1)) -> dict[str, Any]:
    """Skip one time of a repeating reminder (the time shown, `at`, when it is the next; its next by default):
    it will not remind then, and goes on at its next time. Returns the time skipped (`next`: the one after)."""
    return await runtime_of(request).workers.run(_reminder_time, reminder_id, "skip", "", body.at, False)


class EventChangeIn(BaseModel):
    """An event named as `steward calendar move|cancel|skip` names it: in words ("tomorrow's physio",
    "the dentist") or by its id; `when` where a move sends it (or, for a skip, which of its days)."""

    model_config = ConfigDict(extra="forbid")
    event: str = Field(min_length=1, max_length=300)
    when: str = Field("", max_length=200)
    series: bool = Field(False, description="a repeating event: every time from now on (move) or still to come "
                                            "(cancel)")
    once: bool = Field(False, description="a repeating event: move only the time named (its next by default), "
                                          "the others kept; the default when `event` names its day or time, "
                                          "or `at` is given")
    at: datetime | None = Field(None, description="with `event` an id: the start of the one time meant (the page "
                                                  "names the time it shows); a skip skips that time")


class EventOut(BaseModel):
    """An event: `start`/`end` ISO-8601 in the user's zone."""

    model_config = ConfigDict(extra="allow")
    id: str
    title: str
    start: str
    end: str
    calendar: str


def _event_change(app: App, action: str, body: EventChangeIn) -> dict[str, Any]:
    from steward.appointments.patterns import load_kinds
    from steward.calendar.event_find import find_event, find_target
    from steward.calendar.series import as_in_series
    from steward.errors import UserError

    calendar = app.calendar
    provenance = {"via": "api", "command": f"POST /events/{action}"}
    time_said = body.at is not None
    if body.at is not None:
        event = _occurrence(app, body.event, body.at)
    elif action == "skip":
        event = find_event(calendar, f"{body.event} {body.when}", kinds=load_kinds())
    else:
        found = find_target(calendar, body.event, kinds=load_kinds())
        event, time_said = found.event, found.time_said
    if action == "skip":
        return calendar.skip_occurrence(event.id, event.recurrence_id or event.start, provenance=provenance,
                                        calendar=event.calendar, seen=as_in_series(event)).to_json()
    if action == "move":
        if not body.when.strip():
            raise UserError("say where to move it ('when': 'friday at 5 pm'); nothing was moved")
        if body.series and body.once:
            raise UserError("'once' moves one time, 'series' every time from now on: send one; nothing was moved")
        if event.rule and not (body.series or body.once or time_said):
            raise UserError(f"{event.title} repeats: 'once': true moves its next time, 'series': true every time "
                            "from now on; nothing was moved")
        once = bool(event.rule) and not body.series
        return calendar.move_event_to(event, body.when, series=body.series, once=once,
                                      provenance=provenance).to_json()
    if event.rule and not body.series and time_said:
        # a time of a repeating event named ("monday's team meeting", or `at`): that one is skipped
        return calendar.skip_occurrence(event.id, event.recurrence_id or event.start, provenance=provenance,
                                        calendar=event.calendar, seen=as_in_series(event)).to_json()
    if event.rule and not body.series:
        raise UserError(f"{event.title} repeats: 'series': true cancels every time still to come, "
                        "POST /events/skip one of them; nothing was cancelled")
    return calendar.delete_event(event.id, provenance=provenance, calendar=event.calendar, seen=event).to_json()


def _occurrence(app: App, event_id: str, at: datetime) -> Event:
    """The time of event `event_id` that starts at `at` (NotFound when it is not among the coming ones)."""
    from steward.calendar.event_find import upcoming
    from steward.errors import NotFound

    if at.tzinfo is None:
        at = at.replace(tzinfo=app.clock.zone)
    for event in upcoming(app.calendar, app.clock.now()):
        if event.id == event_id and event.start == at:
            return event
    raise NotFound("that event is not on your calendar at that time any more; nothing was changed")


@router.post("/events/move", response_model=EventOut, responses=ERRORS)
async def move_event(request: Request, body: EventChangeIn) -> dict[str, Any]:
    """Move an event to `when` (a day keeps its time, a time its day); of a repeating one, the time named
    (`once`, or a day said in `event`, or `at`) on its own, or with `series` every time from now on (`when`
    may be a new repeat: "every tuesday"). Returns the event (or the one time) as it now is."""
    return await runtime_of(request).workers.run(_event_change, "move", body)


@router.post("/events/cancel", response_model=EventOut, responses=ERRORS)
async def cancel_event(request: Request, body: EventChangeIn) -> dict[str, Any]:
    """Cancel an event; of a repeating one, the time named (in `event`'s words or by `at`) is skipped, and
    every time still to come only with `series`. Returns the event (or the time) cancelled."""
    return await runtime_of(request).workers.run(_event_change, "cancel", body)


@router.post("/events/skip", response_model=EventOut, responses=ERRORS)
async def skip_event(request: Request, body: EventChangeIn) -> dict[str, Any]:
    """Skip one time of a repeating event (`when` names its day; its next time by default). Returns
    the time skipped."""
    return await runtime_of(request).workers.run(_event_change, "skip", body)
