"""The tools the agent loop offers the model: typed functions over the same services the intercepts use.

Reads: `search_inbox`, `analyze_inbox`, `read_email` (the body goes to the model, never into the
trace or the store), `list_schedule`. Writes: `create_reminder`,
`create_event` (held by governance until the user says yes; their function is a dry run through the
one write path, their commit is the write). `ask_user` ends the run with a question.

Dates are the user's words, resolved on the user's clock by `steward.dates` inside the write path
(ADR-0112 §5–7). A date the model computed (`2026-09-15`, `15/09/2026`) is refused with a tool error
that says so, unless the user typed that same date.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.assistant.toolkit import Preview, Tool, ToolError, Write, tool_from_function
from steward.clock import Clock

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.brief.service import BriefService
    from steward.calendar.service import CalendarService
    from steward.finance.service import DuesService
    from steward.hooks.session_names import SessionNames
    from steward.reader import Answerers, Reader
    from steward.search.mailbox import Mailbox

# numeric dates a model writes when it computes "tomorrow" itself
_COMPUTED_DATE = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
    r"|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"
)
READ_BODY_CHARS = 4000


@dataclass(frozen=True)
class ToolContext:
    """What a tool may use: the named services, the user's clock, the session and the user's own words.

    `app.py` builds the services; the loop fills in the turn's fields with `for_turn`. A new domain
    adds its service here as one optional field (`name: NameService | None = None`), passes it in
    `App.tool_context`, and its tools refuse with a ToolError when it is None.
    """

    calendar: CalendarService
    mail: Mailbox
    clock: Clock
    session: str = ""
    user_texts: tuple[str, ...] = ()
    turn: str = ""
    dry_run: bool = False
    sessions: SessionNames | None = None  # session titles (None: the session_names flag is off)
    brief: BriefService | None = None  # the daily brief (show_brief, configure_brief)
    dues: DuesService | None = None  # money owed (list_dues, list_accounts, mark_due_paid)
    appointments: AppointmentsService | None = None  # found in mail (list_appointments, accept_appointment)
    reader: Reader | None = None  # questions read into frames (the ask_<answerer> tools)
    answerers: Answerers | None = None  # the reader's answerer registry (the ask_<answerer> tools)

    def for_turn(self, clock: Clock, session: str, user_texts: tuple[str, ...], turn: str = "",
                 dry_run: bool = False) -> ToolContext:
        """The same services for one turn: its clock, session, the user's words, its id."""
        return replace(self, clock=clock, session=session, user_texts=user_texts, turn=turn, dry_run=dry_run)


def refuse_computed_dates(value: str, ctx: ToolContext, what: str) -> None:
    """A ToolError when `value` holds a numeric date the user never typed."""
    for found in _COMPUTED_DATE.finditer(value):
        if not any(found.group() in text for text in ctx.user_texts):
            raise ToolError(
                "model_computed_date",
                f"{what} {found.group()!r} is a date you computed; pass the user's own words instead "
                "(e.g. 'tomorrow', 'next friday', 'on the 15th', '5 pm') and Steward resolves them on the "
                "user's clock",
            )


def _when(day: str, time: str) -> str:
    day, time = " ".join(day.split()), " ".join(time.split())
    if day and time:
        return f"{day} at {time}"
    return day or time


def when_label(moment: datetime, ctx: ToolContext) -> str:
    """`Tue, 15 Sept 2026 at 10:00`: a moment as the person's locale writes it."""
    return ctx.clock.formats.when(moment)


# -- writes ---------------------------------------------------------------------------------------


def create_reminder(ctx: ToolContext, text: str, day: str = "", time: str = "") -> Preview:
    """Set a reminder for the user. It is held until the user says yes: after calling it, ask the user
    with ask_user whether to go ahead.

    Args:
        text: what the reminder is for, short, e.g. "Attend AI training"
        day: the user's own words for the day, e.g. "tomorrow", "next friday", "on the 15th" (never a date you computed)
        time: the user's own words for the time, e.g. "5 pm", "10:30", "in the morning"
    """
    refuse_computed_dates(day, ctx, "day")
    refuse_computed_dates(time, ctx, "time")
    when = _when(day, time)
    if not when:
        raise ToolError("bad_arguments", "say when: pass the user's words for the day and/or the time")
    reminder = ctx.calendar.create_reminder(
        text, when, provenance={"via": "tool", "session": ctx.session}, dry_run=True)
    fields = reminder.to_json()
    return Preview(
        summary=f"a reminder \u201c{reminder.text}\u201d for {when_label(reminder.due, ctx)}",
        fields=fields,
        resolved={"text": reminder.text, "due": reminder.due.isoformat()},
    )


def commit_reminder(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Write the held reminder at the instant the user agreed to."""
    reminder = ctx.calendar.create_reminder(
        str(resolved["text"]), datetime.fromisoformat(str(resolved["due"])),
        provenance={"via": "tool", "session": ctx.session, "turn": ctx.turn or None, "tool_call": held_id},
    )
    return Write("reminder", str(reminder.id), reminder.to_json())


def create_event(ctx: ToolContext, title: str, day: str, time: str = "", minutes: int = 60,
                 location: str = "") -> Preview:
    """Put an event on the user's calendar. It is held until the user says yes: after calling it, ask
    the user with ask_user whether to go ahead.

    Args:
        title: what the event is, e.g. "Lunch with Sam"
        day: the user's own words for the day, e.g. "friday", "next tuesday" (never a date you computed)
        time: the user's own words for the start time, e.g. "noon", "2 pm"; empty for an all-day event
        minutes: how long it lasts
        location: where, if the user said
    """
    refuse_computed_dates(day, ctx, "day")
    refuse_computed_dates(time, ctx, "time")
    event = ctx.calendar.create_event(
        title, _when(day, time), provenance={"via": "tool", "session": ctx.session},
        minutes=minutes if time else None, location=location or None, dry_run=True)
    if event.all_day:
        span = f"{ctx.clock.formats.day(event.start.date(), year=True)}, all day"
    else:
        span = ctx.clock.formats.when_until(event.start, event.end)
    return Preview(
        summary=f"the event \u201c{event.title}\u201d on {span}",
        fields=event.to_json(),
        resolved={"title": event.title, "start": event.start.isoformat(), "end": event.end.isoformat(),
                  "all_day": event.all_day, "location": event.location, "calendar": event.calendar},
    )


def commit_event(ctx: ToolContext, resolved: Mapping[str, Any], held_id: str) -> Write:
    """Write the held event at the times the user agreed to."""
    provenance = {"via": "tool", "session": ctx.session, "turn": ctx.turn or None, "tool_call": held_id}
    start = datetime.fromisoformat(str(resolved["start"]))
    if resolved.get("all_day"):
        event = ctx.calendar.create_event(
            str(resolved["title"]), f"{start:%Y-%m-%d}", provenance=provenance,
            location=resolved.get("location"), calendar=str(resolved["calendar"]))
    else:
        event = ctx.calendar.create_event(
            str(resolved["title"]), start, provenance=provenance, end=datetime.fromisoformat(str(resolved["end"])),
            location=resolved.get("location"), calendar=str(resolved["calendar"]))
    return Write("event", str(event.id), event.to_json())


# -- reads ----------------------------------------------------------------------------------------


MAX_SCHEDULE_DAYS = 14


def list_schedule(ctx: ToolContext, day: str = "today", days: int = 1) -> dict[str, Any]:
    """The user's reminders and events for one day (or several days from it), in time order.

    Args:
        day: the user's own words for the day, e.g. "today", "tomorrow", "next friday"
        days: how many days from that day, 1 to 14 (7 for "this week" from today)
    """
    refuse_computed_dates(day, ctx, "day")
    if not 1 <= days <= MAX_SCHEDULE_DAYS:
        raise ToolError("bad_arguments", f"days must be 1 to {MAX_SCHEDULE_DAYS}, not {days}")
    calendar = ctx.calendar
    first = calendar.day_of(day)
    if days == 1:
        return calendar.schedule(first).to_json()
    return {"from": first.isoformat(), "days": [calendar.schedule(first + timedelta(days=n)).to_json()
                                                for n in range(days)]}


def search_inbox(ctx: ToolContext, query: str, limit: int = 10) -> dict[str, Any]:
    """Search the user's mail (sender, subject, snippet) for a lookup, e.g. "the invoice from Acme". For
    which / how many / list-all questions use analyze_inbox instead.

    Args:
        query: words to look for; from:NAME limits to a sender
        limit: most messages to return (1 to 25)
    """
    return ctx.mail.search(query, limit=max(1, min(limit, 25)), clock=ctx.clock).to_json()


def analyze_inbox(ctx: ToolContext, query: str) -> dict[str, Any]:
    """Read every email matching a query and group them by sender: counts, date span, example subjects.
    Use it for which / how many / list-all questions ("which banks email me?"). Name each group once.

    Args:
        query: words to look for; from:NAME limits to a sender
    """
    return ctx.mail.analyze(query, clock=ctx.clock).to_json()


def read_email(ctx: ToolContext, id: int) -> dict[str, Any]:
    """Read one email in full (its body is fetched from the source; numbers are masked).

    Args:
        id: the email's id from search_inbox or analyze_inbox
    """
    shown = ctx.mail.read(id, clock=ctx.clock).to_json()
    body = str(shown.get("body") or "")
    if len(body) > READ_BODY_CHARS:
        shown["body"] = body[:READ_BODY_CHARS] + " … (cut)"
    return shown


def ask_user(ctx: ToolContext, question: str) -> dict[str, Any]:
    """Ask the user a question and wait for the answer (the run stops here). Use it to ask for what is
    missing, and to ask for a yes after proposing a change.

    Args:
        question: the question, in one sentence
    """
    return {"asked": question}


ASK_USER = "ask_user"


def calendar_tools() -> list[Tool]:
    """The calendar tools and ask_user."""
    return [
        tool_from_function(list_schedule),
        # a second identical reminder or event is refused as a duplicate
        tool_from_function(create_reminder, commit=commit_reminder, idempotent=True),
        tool_from_function(create_event, commit=commit_event, idempotent=True),
        tool_from_function(ask_user),
    ]


def mail_tools() -> list[Tool]:
    """The mail reads."""
    return [tool_from_function(search_inbox, mail_text=True), tool_from_function(analyze_inbox, mail_text=True),
            tool_from_function(read_email, mail_text=True)]
