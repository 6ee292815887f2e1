"""`steward remind`, `reminders list|cancel`, `schedule`, `calendar add|move|cancel|skip|export|import`,
`scheduler run`.

Top-level imports stay light (`steward reminders list` starts in well under 300 ms); the calendar
service, icalendar and caldav are imported inside the handlers that need them.
"""

from __future__ import annotations

import argparse
from datetime import datetime

from steward.cli.context import Commands, Ctx

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    from typing import Any

    from steward.calendar.service import Schedule
    from steward.formats import Formats
    from steward.records.calendar import Event, Reminder


def register(commands: Commands) -> None:
    """Add `remind`, `reminders`, `schedule`, `calendar` and `scheduler` to the command line."""
    p = commands.add("remind", "set a reminder: steward remind 'tomorrow at 5 pm' call the bank", cmd_remind)
    p.add_argument("when", metavar="WHEN", help="when, in your words ('tomorrow at 5 pm', 'friday') or ISO")
    p.add_argument("text", metavar="TEXT", nargs="+", help="what to remind you about")
    p.add_argument("--dry-run", action="store_true", help="check and show the reminder without saving it")

    reminders = commands.group("reminders", "list or cancel reminders")
    p = reminders.add("list", "upcoming reminders (--all: fired and cancelled too)", cmd_reminders_list)
    p.add_argument("--all", action="store_true", help="include fired, failed and cancelled reminders")
    p = reminders.add("cancel", "cancel a pending reminder (a repeating one: this time only, or --series)",
                      cmd_reminders_cancel)
    p.add_argument("id", metavar="ID", help="the reminder's number, as `reminders list` shows it")
    p.add_argument("--series", action="store_true", help="a repeating reminder: cancel every time still to come")
    p = reminders.add("move", "move a pending reminder: steward reminders move 3 'friday 5 pm'", cmd_reminders_move)
    p.add_argument("id", metavar="ID", help="the reminder's number, as `reminders list` shows it")
    p.add_argument("when", metavar="WHEN", nargs="+",
                   help="where to: a time alone keeps its day, a day its time; a repeat ('every tuesday at 9') "
                        "gives a repeating one new days from now on")
    p.add_argument("--series", "--from-now-on", dest="series", action="store_true",
                   help="a repeating reminder: every time from now on (WHEN a repeat, or a time for the same days)")
    p = reminders.add("snooze", "remind again later about a reminder that fired", cmd_reminders_snooze)
    p.add_argument("id", metavar="ID", help="the reminder's number, as `reminders list --all` shows it")
    p.add_argument("--minutes", type=int, default=None, help="how long (default reminders.snooze_minutes)")
    p = reminders.add("done", "mark a reminder done (one not yet due will not fire)", cmd_reminders_done)
    p.add_argument("id", metavar="ID", help="the reminder's number, as `reminders list --all` shows it")

    p = commands.add("schedule", "reminders and events of a day (default today), in local time, and the "
                     "invitations found in mail on it, not answered", cmd_schedule)
    p.add_argument("when", metavar="WHEN", nargs="*", help="the day: 'tomorrow', 'friday', '2026-09-15'")

    cal = commands.group("calendar", "add, move, cancel or skip events; export or import an .ics file")
    p = cal.add("add", "add an event: steward calendar add 'friday 3 pm' dentist", cmd_calendar_add)
    p.add_argument("when", metavar="WHEN", help="when it starts ('friday 3 pm'); a day alone is all-day")
    p.add_argument("title", metavar="TITLE", nargs="+")
    p.add_argument("--until", metavar="WHEN", help="when it ends (default: an hour after it starts)")
    p.add_argument("--minutes", type=int, help="how long it lasts")
    p.add_argument("--location", help="where it is")
    p.add_argument("--calendar", help="which configured calendar to write to (default calendar.write_to)")
    p.add_argument("--dry-run", action="store_true", help="check and show the event without saving it")
    p = cal.add("move", "move an event: steward calendar move \"tomorrow's physio\" 'friday 5 pm'", cmd_calendar_move)
    p.add_argument("target", metavar="EVENT", help="which event, in words ('the dentist', \"tomorrow's physio\") or its id")
    p.add_argument("when", metavar="WHEN", nargs="+",
                   help="where to: a time alone keeps its day, a day its time; with --series a repeat "
                        "('every tuesday at 10') or a time")
    once = p.add_mutually_exclusive_group()
    once.add_argument("--once", action="store_true",
                      help="a repeating event: only the time named (\"monday's standup\"; its next by default), "
                           "the others kept (the default when EVENT names its day or time)")
    once.add_argument("--series", "--from-now-on", dest="series", action="store_true",
                      help="a repeating event: every time from now on")
    p = cal.add("cancel", "cancel an event (a repeating one: the time named is skipped; --series every time)",
                cmd_calendar_cancel)
    p.add_argument("target", metavar="EVENT", help="which event, in words ('the dentist', \"tomorrow's physio\") or its id")
    p.add_argument("--series", action="store_true", help="a repeating event: every time still to come")
    p = cal.add("skip", "skip one time of a repeating event: steward calendar skip 'team meeting' 'next monday'",
                cmd_calendar_skip)
    p.add_argument("target", metavar="EVENT", help="which repeating event, in words or its id")
    p.add_argument("when", metavar="DAY", nargs="*", help="which of its days (default: its next time)")
    p = cal.add("export", "write local events and pending reminders to an .ics file", cmd_calendar_export)
    p.add_argument("file", metavar="FILE.ics")
    p = cal.add("import", "add the events (and to-dos with a due time) of an .ics file", cmd_calendar_import)
    p.add_argument("file", metavar="FILE.ics")
    p.add_argument("--calendar", help="which configured calendar to write events to")

    sched = commands.group("scheduler", "send due reminders to the notification sinks")
    p = sched.add("run", "send due reminders now, then every --interval seconds", cmd_scheduler_run)
    p.add_argument("--once", action="store_true", help="one pass, then exit")
    p.add_argument("--interval", type=float, default=None, help="seconds between passes (scheduler.interval)")


def _prov(args: argparse.Namespace, command: str) -> dict[str, Any]:
    return {"via": "cli", "command": command}


def _when(moment: datetime, fmt: Formats) -> str:
    """`Tue, 15 Sept 2026, 10:00 (+01:00)`: the locale's day and time, and the offset it was meant in."""
    offset = moment.strftime("%z")
    return f"{fmt.moment(moment, year=True)} ({offset[:3]}:{offset[3:]})"


def reminder_line(r: Reminder, fmt: Formats, repeats: str | None = None,
                  upcoming: list[datetime] | None = None) -> str:
    """One reminder as `reminders list` prints it."""
    status = "" if r.status == "pending" else f"  [{r.status}{', late' if r.late else ''}]"
    line = f"#{r.id}  {_when(r.due, fmt)}  {r.text}{status}"
    if repeats:
        line += f"\n      repeats {repeats}"
        if upcoming:
            line += "; next " + "; ".join(fmt.moment(t) for t in upcoming)
    return line


def event_line(e: Event, fmt: Formats) -> str:
    """An event's time span and title, as the schedule prints it."""
    span = "all day" if e.all_day else f"{fmt.time(e.start)}-{fmt.time(e.end)}"
    where = f" @ {e.location}" if e.location else ""
    return f"{span}  {e.title}{where}  ({e.calendar})"


def cmd_remind(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward remind WHEN TEXT`: set a reminder through the calendar's write path."""
    text = " ".join(args.text)
    calendar = ctx.app.calendar
    repeat = calendar.recurrence(args.when)
    if repeat is not None:  # "every monday at 9", "on the 1st of every month"
        reminder = calendar.create_repeating(text, repeat, provenance=_prov(args, "remind"), dry_run=args.dry_run)
        verb = "Would remind you" if args.dry_run else f"Repeating reminder #{reminder.id}"
        ctx.emit(reminder.to_json(), f"{verb}: {reminder.text} — {repeat.describe()}; first {_when(reminder.due, ctx.clock.formats)}")
        return 0
    reminder = calendar.create_reminder(text, args.when, provenance=_prov(args, "remind"), dry_run=args.dry_run)
    verb = "Would remind you" if args.dry_run else f"Reminder #{reminder.id}"
    ctx.emit(reminder.to_json(), f"{verb}: {reminder.text} — {_when(reminder.due, ctx.clock.formats)}")
    return 0


def cmd_reminders_list(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward reminders list`: the upcoming reminders (--all: every one)."""
    from steward.store.calendar import list_reminders

    # straight to the repository: this command must stay light (no dates, no backends)
    rows = list_reminders(ctx.app.db, None if args.all else ("pending", "firing", "failed"))
    shown = [r.shown_in(ctx.clock.zone) for r in rows]

    def text() -> str:
        if not shown:
            return "No reminders." if args.all else "No upcoming reminders."
        if not any(r.rule for r in shown):
            return "\n".join(reminder_line(r, ctx.clock.formats) for r in shown)
        calendar = ctx.app.calendar  # only a repeating reminder needs the rule read
        return "\n".join(reminder_line(r, ctx.clock.formats, calendar.describe(r), calendar.upcoming(r) if r.rule else None)
                         for r in shown)

    ctx.emit([r.to_json() for r in shown], text)
    return 0


def cmd_reminders_cancel(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward reminders cancel ID`: cancel a pending reminder (or its series)."""
    from steward.errors import UsageError

    raw = str(args.id).lstrip("#")
    if not raw.isdigit():
        raise UsageError(f"reminder ID must be a number like 3, not {args.id!r}")
    reminder = ctx.app.calendar.cancel_reminder(int(raw), provenance=_prov(args, "reminders cancel"),
                                                series=args.series)
    following = f"; it repeats next {_when(reminder.next, ctx.clock.formats)}" if reminder.next else ""
    ctx.emit(reminder.to_json(), f"Cancelled #{reminder.id}: {reminder.text} ({_when(reminder.due, ctx.clock.formats)}){following}")
    return 0


def _reminder_id(raw_id: str) -> int:
    from steward.errors import UsageError

    raw = str(raw_id).lstrip("#")
    if not raw.isdigit():
        raise UsageError(f"reminder ID must be a number like 3, not {raw_id!r}")
    return int(raw)


def cmd_reminders_move(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward reminders move ID WHEN [--series]`: one time, or a repeating one's days or time from now on."""
    calendar, when = ctx.app.calendar, " ".join(args.when)
    if args.series or calendar.recurrence(when) is not None:
        from steward.dates import describe_rule

        changed = calendar.move_reminder_series(_reminder_id(args.id), when, provenance=_prov(args, "reminders move"))
        ctx.emit(changed.to_json(), f"Changed #{changed.id}: {changed.text} — {describe_rule(changed.rule or '', changed.due)} "
                                    f"from now on; next {_when(changed.due, ctx.clock.formats)}")
        return 0
    moved = calendar.move_reminder(_reminder_id(args.id), when, provenance=_prov(args, "reminders move"))
    ctx.emit(moved.to_json(), f"Moved #{moved.id}: {moved.text} — {_when(moved.due, ctx.clock.formats)}")
    return 0


def cmd_reminders_snooze(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward reminders snooze ID [--minutes N]`."""
    from datetime import timedelta

    minutes = args.minutes if args.minutes is not None else ctx.settings.as_int("reminders.snooze_minutes")
    again = ctx.app.calendar.snooze_reminder(_reminder_id(args.id), timedelta(minutes=minutes),
                                             provenance=_prov(args, "reminders snooze"))
    ctx.emit(again.to_json(), f"Snoozed: {again.text} — again {_when(again.due, ctx.clock.formats)} (#{again.id})")
    return 0


def cmd_reminders_done(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward reminders done ID`."""
    done = ctx.app.calendar.done_reminder(_reminder_id(args.id), provenance=_prov(args, "reminders done"))
    following = f"; next {_when(done.next, ctx.clock.formats)}" if done.next else ""
    ctx.emit(done.to_json(), f"Done #{done.id}: {done.text}{following}")
    return 0


def schedule_text(schedule: Schedule, fmt: Formats) -> str:
    """A day's schedule as text, one line an item; a time moved on its own says where it was, a time
    skipped stays in its day marked so."""
    lines = [f"{fmt.day_long(schedule.day)} ({schedule.zone})"]
    if not schedule.items and not schedule.skipped:
        lines.append("  nothing scheduled")
    for item in sorted((*schedule.items, *schedule.skipped), key=lambda i: i.at):
        change = " [skipped]" if item.state == "skipped" else \
            f" [moved from {fmt.moment(item.moved_from)}]" if item.moved_from is not None else ""
        if item.reminder is not None:
            status = "" if item.reminder.status == "pending" or item.state else f" [{item.reminder.status}]"
            lines.append(f"  {fmt.time(item.at)}  reminder  {item.reminder.text} (#{item.reminder.id}){status}{change}")
        elif item.event is not None:
            e = item.event
            span = "all day    " if e.all_day else f"{fmt.time(e.start)}-{fmt.time(e.end)}"
            where = f" @ {e.location}" if e.location else ""
            whose = (f"an invitation from {item.invited_by}, not answered" if item.kind == "invitation"
                     else e.calendar)
            lines.append(f"  {span}  {e.title}{where} ({whose}){change}")
    return "\n".join(lines)


def cmd_schedule(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward schedule [WHEN]`: the reminders and events of a day."""
    schedule = ctx.app.day_schedule(" ".join(args.when))
    for name, error in schedule.unavailable:
        ctx.notice(f"steward: {name} calendar not shown: {error}")
    for bad in schedule.unreadable:
        ctx.notice(f"steward: {bad.calendar} calendar: skipped {bad.label}: {bad.reason}")
    ctx.emit(schedule.to_json(), lambda: schedule_text(schedule, ctx.clock.formats))
    return 0


def cmd_calendar_add(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward calendar add WHEN TITLE`: add an event (WHEN may repeat: 'every monday at 10')."""
    calendar, fmt = ctx.app.calendar, ctx.clock.formats
    repeat = calendar.recurrence(args.when) if args.until is None else None
    if repeat is not None:
        event = calendar.create_repeating_event(
            " ".join(args.title), repeat, minutes=args.minutes, location=args.location, calendar=args.calendar,
            provenance=_prov(args, "calendar add"), dry_run=args.dry_run)
        verb = "Would add" if args.dry_run else "Added"
        ctx.emit(event.to_json(), f"{verb}: {event.title} — {repeat.describe()}, first {fmt.day(event.start.date(), year=True)} "
                                  f"{event_line(event, fmt)}")
        return 0
    event = calendar.create_event(
        " ".join(args.title), args.when, end=args.until, minutes=args.minutes, location=args.location,
        calendar=args.calendar, provenance=_prov(args, "calendar add"), dry_run=args.dry_run,
    )
    verb = "Would add" if args.dry_run else "Added"
    ctx.emit(event.to_json(), f"{verb}: {event.title} — {fmt.day(event.start.date(), year=True)} {event_line(event, fmt)}")
    return 0


def cmd_calendar_move(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward calendar move EVENT WHEN`: move an event; a repeating one's time named (or --once its
    next) on its own, or every time from now on with --series."""
    from steward.appointments.patterns import load_kinds
    from steward.calendar.event_find import find_target

    calendar, fmt = ctx.app.calendar, ctx.clock.formats
    found = find_target(calendar, args.target, kinds=load_kinds())
    event = found.event
    once = args.once or (bool(event.rule) and found.time_said and not args.series)
    when = " ".join(args.when)
    moved = calendar.move_event_to(event, when, series=args.series, once=once, provenance=_prov(args, "calendar move"))
    if event.rule and once:
        ctx.emit(moved.to_json(), f"Moved: {moved.title} on {fmt.when(event.start)} is now "
                                  f"{fmt.when_until(moved.start, moved.end)}; the other times stay")
        return 0
    ctx.emit(moved.to_json(), f"Moved: {moved.title} — {fmt.day(moved.start.date(), year=True)} {event_line(moved, fmt)}")
    return 0


def cmd_calendar_cancel(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward calendar cancel EVENT`: cancel an event; of a repeating one, the time named (skipped) or,
    with --series, every time still to come."""
    from steward.appointments.patterns import load_kinds
    from steward.calendar.event_find import find_target
    from steward.calendar.series import as_in_series
    from steward.errors import UserError

    calendar, fmt = ctx.app.calendar, ctx.clock.formats
    found = find_target(calendar, args.target, kinds=load_kinds())
    event = found.event
    if event.rule and not args.series and found.time_said:
        # "cancel monday's team meeting": that one time, the others kept
        skipped = calendar.skip_occurrence(event.id, event.recurrence_id or event.start,
                                           provenance=_prov(args, "calendar cancel"), calendar=event.calendar,
                                           seen=as_in_series(event))
        ctx.emit(skipped.to_json(), f"Skipped: {skipped.title} on {fmt.when(event.start)}; the other times stay")
        return 0
    if event.rule and not args.series:
        raise UserError(f"{event.title} repeats: --series cancels every time still to come, "
                        f"`steward calendar skip` one of them; nothing was cancelled")
    gone = calendar.delete_event(event.id, provenance=_prov(args, "calendar cancel"), calendar=event.calendar,
                                 seen=event)
    every = ", every time it repeats" if event.rule else f" — {fmt.day(event.start.date(), year=True)} {event_line(event, fmt)}"
    ctx.emit(gone.to_json(), f"Cancelled: {gone.title}{every}")
    return 0


def cmd_calendar_skip(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward calendar skip EVENT [DAY]`: skip one time of a repeating event (its next by default)."""
    from steward.appointments.patterns import load_kinds
    from steward.calendar.event_find import find_event
    from steward.calendar.series import as_in_series

    calendar = ctx.app.calendar
    event = find_event(calendar, " ".join([args.target, *args.when]), kinds=load_kinds())
    skipped = calendar.skip_occurrence(event.id, event.recurrence_id or event.start,
                                       provenance=_prov(args, "calendar skip"), calendar=event.calendar,
                                       seen=as_in_series(event))
    ctx.emit(skipped.to_json(), f"Skipped: {skipped.title} on {ctx.clock.formats.when(skipped.start)}")
    return 0


def cmd_calendar_export(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward calendar export FILE`: write local events and pending reminders to an .ics file."""
    from pathlib import Path

    from steward.calendar.transfer import export_ics

    path = Path(args.file)
    counts = export_ics(ctx.app.calendar, path)
    ctx.emit({"file": str(path), **counts},
             f"Wrote {counts['events']} events and {counts['reminders']} reminders to {path}")
    return 0


def cmd_calendar_import(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward calendar import FILE`: add an .ics file's events and to-dos."""
    from pathlib import Path

    from steward.calendar.transfer import import_ics

    path = Path(args.file)
    report = import_ics(ctx.app.calendar, path, calendar=args.calendar)
    ctx.emit(report.to_json(), report.summary)
    return 0


def cmd_scheduler_run(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward scheduler run`: send due reminders now, then every --interval seconds."""
    from steward.scheduler import build_reminder_scheduler, run_loop

    app = ctx.app
    scheduler = build_reminder_scheduler(app.settings, app.clock.zone, app.paths.db_file, out=ctx.stdout)
    scheduler.read_back = app.calendar.reconcile_reminders
    try:
        if args.once:
            done = scheduler.tick(ctx.clock.now())
            if ctx.json:
                ctx.emit({"fired": done}, "")
            elif not done:
                ctx.notice("steward: no reminder is due")
            return 0
        interval = args.interval if args.interval is not None else ctx.settings.as_float("scheduler.interval")
        if not 0 < interval < 10**9:  # 0, a negative number or nan would spin without pausing; inf cannot be waited
            from steward.errors import UsageError

            given = "--interval" if args.interval is not None else "scheduler.interval"
            raise UsageError(f"{given} {interval:g}: give the seconds between passes, above 0 "
                             "(or --once for one pass)")
        ctx.notice(f"steward: sending due reminders every {interval:g} s; Ctrl-C stops")
        try:
            run_loop(scheduler, ctx.clock, interval)
        except KeyboardInterrupt:
            ctx.notice("steward: scheduler stopped")
        return 0
    finally:
        scheduler.close()
