"""One small function per section: what it shows for a day, from the sources it is given.

Each returns its items and, when it has none, why (`empty_reason`): nothing happened, or the part of
Steward it reads is not there. Sections never raise for a source that failed: the brief still comes,
and the failing section says what went wrong in one line.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from steward.brief.manifest import SectionSpec
from steward.brief.model import Item
from steward.brief.sources import AppointmentsSource, DuesSource, MailHealthSource, ScheduleSource
from steward.clock import Clock
from steward.errors import StewardError
from steward.formats import Formats

PEOPLE = 8  # people who wrote, named in the inbox section
PHISHING = 5


@dataclass(frozen=True)
class Sources:
    """Everything the sections read; None for a part of Steward that is not connected."""

    db: Callable[[], sqlite3.Connection]
    schedule: ScheduleSource | None = None
    dues: DuesSource | None = None
    appointments: AppointmentsSource | None = None
    mail_health: MailHealthSource | None = None
    inbox_limit: int = 2000


@dataclass(frozen=True)
class Day:
    """The moment a brief is made for: the user's clock, the local day, and the inbox window's start."""

    clock: Clock
    now: datetime
    today: date
    since: datetime


Collected = tuple[tuple[Item, ...], str | None]


def _day_label(when: date, day: Day) -> str:
    return day.clock.formats.day_near(when, day.today)


def _schedule_items(schedule: Any, fmt: Formats) -> list[Item]:
    items = []
    for entry in schedule.items:
        if entry.reminder is not None:
            items.append(Item(f"{fmt.time(entry.at)} {entry.reminder.text} (reminder)",
                              {"kind": "reminder", "at": entry.at.isoformat(), "id": entry.reminder.id}))
        elif entry.event is not None:
            event = entry.event
            when = "all day" if event.all_day else f"{fmt.time(event.start)}–{fmt.time(event.end)}"
            where = f" at {event.location}" if event.location else ""
            items.append(Item(f"{when} {event.title}{where}",
                              {"kind": "event", "at": entry.at.isoformat(), "id": event.id,
                               "calendar": event.calendar, "all_day": event.all_day}))
    for name, error in schedule.unavailable:
        items.append(Item(f"{name} could not be read: {error}", {"kind": "unavailable", "calendar": name}, warn=True))
    return items


def schedule_today(spec: SectionSpec, options: Mapping[str, Any], day: Day, src: Sources) -> Collected:
    """Today's events and reminders, in time order."""
    if src.schedule is None:
        return (), "the calendar is not connected"
    try:
        items = _schedule_items(src.schedule(day.today), day.clock.formats)
    except StewardError as exc:
        return (), f"the calendar could not be read: {exc.message}"
    return tuple(items), None if items else spec.empty


def tomorrow_first(spec: SectionSpec, options: Mapping[str, Any], day: Day, src: Sources) -> Collected:
    """Tomorrow's first `count` items (and how many more there are)."""
    if src.schedule is None:
        return (), "the calendar is not connected"
    try:
        items = _schedule_items(src.schedule(day.today + timedelta(days=1)), day.clock.formats)
    except StewardError as exc:
        return (), f"the calendar could not be read: {exc.message}"
    count = int(options.get("count", 3))
    entries = [i for i in items if not i.warn]
    shown = entries[:count] + [i for i in items if i.warn]
    if len(entries) > count:
        shown.append(Item(f"… and {len(entries) - count} more tomorrow", {"kind": "more", "count": len(entries) - count}))
    return tuple(shown), None if shown else spec.empty


def _amount(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except (InvalidOperation, ValueError):
        return None


def _money(amount: str, currency: str, day: Day) -> str:
    """ "US$1,842.17", "₹1,00,001.90": the sum in the person's locale (the amount as given when unreadable)."""
    return day.clock.formats.money(amount, currency)


def dues(spec: SectionSpec, options: Mapping[str, Any], day: Day, src: Sources) -> Collected:
    """Open dues in the window (overdue first), by currency; a total per currency, never across them."""
    if src.dues is None:
        return (), "dues from mail are not available in this version of Steward yet"
    window = int(options.get("window_days", 14))
    kinds = tuple(options.get("categories") or ())
    try:
        lines = list(src.dues.brief_dues(day.today, window, kinds))
    except StewardError as exc:
        return (), f"dues could not be read: {exc.message}"
    if not lines:
        what = f" ({', '.join(kinds)})" if kinds else ""
        return (), f"Nothing due in the next {window} days{what}."
    lines.sort(key=lambda d: (d.currency, not d.overdue, d.due_date, d.issuer))
    items: list[Item] = []
    totals: dict[str, Decimal] = {}
    for due in lines:
        account = f" {due.account}" if due.account else ""
        flags = " — overdue" if due.overdue else " — will be debited (autopay)" if due.autopay else ""
        items.append(Item(f"{due.issuer}{account} ({due.kind}): {_money(due.amount, due.currency, day)} due "
                          f"{_day_label(due.due_date, day)}{flags}",
                          {"kind": "due", "id": due.id, "issuer": due.issuer, "category": due.kind,
                           "account": due.account, "amount": due.amount, "currency": due.currency,
                           "due_date": due.due_date.isoformat(), "overdue": due.overdue, "autopay": due.autopay,
                           "message_id": due.message_id}, warn=due.overdue))
        value = _amount(due.amount)
        if value is not None:
            totals[due.currency] = totals.get(due.currency, Decimal(0)) + value
    for currency, total in sorted(totals.items()):
        items.append(Item(f"Total: {_money(f'{total:.2f}', currency, day)}", {"kind": "total", "currency": currency,
                                                             "total": f"{total:.2f}"}))
    return tuple(items), None


def inbox(spec: SectionSpec, options: Mapping[str, Any], day: Day, src: Sources) -> Collected:
    """Mail that arrived since the last brief: counts by category, people who wrote, phishing warnings."""
    from steward.search.analysis import group_by_sender
    from steward.store import brief as repo

    hidden = set(options.get("hide") or ())
    conn: sqlite3.Connection = src.db()
    counts = {c: n for c, n in repo.inbox_counts(conn, day.since, day.now).items() if c not in hidden}
    total = sum(counts.values())
    if not total:
        return (), f"No new mail since {_moment(day.since, day)}" + (" (some categories hidden)." if hidden else ".")
    by = ", ".join(f"{n} {c.replace('_', ' ')}" for c, n in sorted(counts.items(), key=lambda x: (-x[1], x[0])))
    items = [Item(f"{total} new email{'s' if total != 1 else ''} since {_moment(day.since, day)}: {by}",
                  {"kind": "counts", "total": total, "categories": dict(counts)})]
    wanted = tuple(c for c in ("personal", "phishing_suspect") if c not in hidden and counts.get(c))
    rows = repo.inbox_rows(conn, day.since, day.now, wanted, src.inbox_limit) if wanted else []
    people = group_by_sender([r for r in rows if r.category == "personal"])
    if people:
        named = [f"{g.sender_name or g.sender} ({g.count})" if g.count > 1 else (g.sender_name or g.sender)
                 for g in people[:PEOPLE]]
        more = f" and {len(people) - PEOPLE} more" if len(people) > PEOPLE else ""
        items.append(Item("People who wrote: " + ", ".join(named) + more,
                          {"kind": "people", "senders": [{"sender": g.sender, "sender_name": g.sender_name,
                                                           "count": g.count} for g in people]}))
    for group in group_by_sender([r for r in rows if r.category == "phishing_suspect"])[:PHISHING]:
        subject = group.examples[0] if group.examples else "(no subject)"
        items.append(Item(f"Suspected phishing from {group.sender or group.sender_name}: \u201c{subject}\u201d — "
                          "do not click its links or pay from it",
                          {"kind": "phishing", "sender": group.sender, "subject": subject, "count": group.count,
                           "ids": list(group.ids)}, warn=True))
    return tuple(items), None


def _moment(moment: datetime, day: Day) -> str:
    local = day.clock.local(moment)
    if local.date() == day.today:
        return f"today {day.clock.formats.time(local)}"
    if local.date() == day.today - timedelta(days=1):
        return f"yesterday {day.clock.formats.time(local)}"
    return f"{_day_label(local.date(), day)} {day.clock.formats.time(local)}"


def appointments(spec: SectionSpec, options: Mapping[str, Any], day: Day, src: Sources) -> Collected:
    """Appointments found in mail since the last brief: proposed, created, rejected (with the reason)."""
    if src.appointments is None:
        return (), "appointments from mail are not available in this version of Steward yet"
    try:
        lines = list(src.appointments.brief_appointments(day.since, day.now))
    except StewardError as exc:
        return (), f"appointments could not be read: {exc.message}"
    items = []
    for found in lines:
        when = f" {_day_label(found.start.date(), day)} {day.clock.formats.time(found.start)}" if found.start else ""
        why = f" ({found.reason})" if found.reason else ""
        ask = " — waiting for your yes" if found.status == "proposed" and found.id else ""
        items.append(Item(f"{found.status}: {found.provider}{when}{why}{ask}",
                          {"kind": "appointment", "status": found.status, "provider": found.provider,
                           "start": found.start.isoformat() if found.start else None, "reason": found.reason,
                           "location": found.location, "event_id": found.event_id, "id": found.id,
                           "message_id": found.message_id}, warn=found.status == "proposed"))
    return tuple(items), None if items else spec.empty


def mail_health(spec: SectionSpec, options: Mapping[str, Any], day: Day, src: Sources) -> Collected:
    """Each live mail account: when it last synced, or the error that stops it."""
    if src.mail_health is None:
        return (), spec.empty
    try:
        lines = list(src.mail_health())
    except StewardError as exc:
        return (), f"the mail accounts could not be read: {exc.message}"
    if not lines:
        return (), "No live mail accounts are set up: the mail here was imported from files."
    items = []
    for acc in lines:
        last = _moment(acc.last_sync, day) if acc.last_sync else "never"
        if acc.last_error:
            items.append(Item(f"{acc.account} ({acc.kind}): failing ({acc.failures} in a row): {acc.last_error}; "
                              f"last synced {last}",
                              {"kind": "account", "account": acc.account, "ok": False, "error": acc.last_error,
                               "failures": acc.failures}, warn=True))
        else:
            items.append(Item(f"{acc.account} ({acc.kind}): synced {last}, {acc.messages} messages",
                              {"kind": "account", "account": acc.account, "ok": True, "messages": acc.messages}))
    return tuple(items), None


COLLECTORS = {
    "schedule": schedule_today,
    "tomorrow": tomorrow_first,
    "dues": dues,
    "inbox": inbox,
    "appointments": appointments,
    "mail_health": mail_health,
}


def collectors_for(slots: Sequence[str]) -> list[str]:
    """Slots the manifest names that no collector serves (a test keeps this empty)."""
    return [s for s in slots if s not in COLLECTORS]
