"""The one write path for reminders and events, and the day's schedule.

`create_reminder` and `create_event` are the only functions in Steward that write a reminder or an
event. Each resolves WHEN on the user's clock, gives a day with no time the default hour (reminders) or
makes it all-day (events), refuses a moment already past and an exact duplicate, writes, and records
the provenance in the audit log in the same transaction. With `dry_run` they validate everything and
return what they would write.

"Exact duplicate": the same normalised text (casefolded, whitespace collapsed, trailing punctuation
dropped) due at the same instant (to the second, compared in UTC). A cancelled reminder is not a
duplicate of anything.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta

from steward.calendar import recurring, rules
from steward.calendar.backends.base import CalendarBackend, Unreadable
from steward.calendar.manage import ReminderManagement
from steward.calendar.series import EventSeries
from steward.clock import Clock
from steward.errors import ConfigError, Conflict, ConnectorError, Duplicate, NotFound, UserError
from steward.records.calendar import Event, Provenance, Reminder, normalise
from steward.store import audit
from steward.store import calendar as repo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    import logging
    from typing import Any


# a day's schedule reads the reminders' to-dos back from CalDAV at most this often (the scheduler: every pass)
READ_BACK_SECONDS = 30.0
# a schedule's day said as one of the nearest days: the person's today, moved by so many days
_NEAR_DAYS = {"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}


@dataclass(frozen=True)
class ScheduleItem:
    """One line of a day's schedule."""

    kind: str  # "reminder" | "event" | "invitation" (asked in mail, not answered: never on the calendar)
    at: datetime
    reminder: Reminder | None = None
    event: Event | None = None
    # a change made with Steward: "moved" (from `moved_from`) or "skipped" (a time of a repeating event
    # that will not happen, kept in the day so the person sees it went)
    state: str | None = None
    moved_from: datetime | None = None
    # a later time of a repeating reminder (not its next): changed on its own once it is the next
    ahead: bool = False
    invited_by: str | None = None  # an invitation's: who asks the person to come

    def to_json(self) -> dict[str, Any]:
        """The item as JSON: a reminder's or an event's own shape, with its kind (and state, when changed;
        "ahead" for a later time of a repeating reminder)."""
        body = self.reminder.to_json() if self.reminder else self.event.to_json() if self.event else {}
        out = {"kind": self.kind, "at": self.at.isoformat(), **body}
        if self.state:
            out["state"] = self.state
        if self.moved_from:
            out["moved_from"] = self.moved_from.isoformat()
        if self.ahead:
            out["ahead"] = True
        if self.kind == "invitation":
            out["invitation"] = {"from": self.invited_by, "answer": "waiting"}
        return out


@dataclass(frozen=True)
class Schedule:
    """Reminders and events of one local day, sorted; `unavailable` names backends that failed,
    `unreadable` the single events a backend had to skip (the rest of that calendar is shown)."""

    day: date
    zone: str
    items: tuple[ScheduleItem, ...]
    unavailable: tuple[tuple[str, str], ...] = ()
    unreadable: tuple[Unreadable, ...] = ()
    # times of repeating events skipped with Steward, and of repeating reminders skipped here or in
    # another app: not on (never among `items`), shown as skipped
    skipped: tuple[ScheduleItem, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The day as JSON: its items (a skipped time among them, with "state": "skipped"), and the
        calendars or events that could not be read."""
        shown = sorted((*self.items, *self.skipped), key=lambda i: i.at)
        return {
            "day": self.day.isoformat(),
            "zone": self.zone,
            "items": [i.to_json() for i in shown],
            "unavailable": [{"calendar": n, "error": e} for n, e in self.unavailable],
            "unreadable": [u.to_json() for u in self.unreadable],
        }


class CalendarService(ReminderManagement, EventSeries):
    """Reminders (always local) and events (in the configured backends), on the user's clock.

    Repeating reminders, move, snooze, done and cancelling a series come from `ReminderManagement`;
    skipping a time of a repeating event, ending it or re-timing it from now on from `EventSeries`.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        clock: Clock,
        backends: Mapping[str, CalendarBackend],
        *,
        write_to: str = "local",
        default_hour: int = 9,
        event_minutes: int = 60,
        date_options: Any = None,
    ) -> None:
        self.conn = conn
        self.clock = clock
        self.backends = dict(backends)
        self.write_to = write_to
        self.default_hour = default_hour
        self.event_minutes = event_minutes
        # steward.dates.DateOptions from the user's settings, or a function that makes them when words
        # are first read (a schedule for "tomorrow" or a date need not load the date grammar)
        self._date_options = date_options

    @property
    def date_options(self) -> Any:
        """The user's DateOptions (day-first dates, the hours of 'morning', ...), made on first use."""
        if callable(self._date_options):
            self._date_options = self._date_options()
        return self._date_options

    # -- reminders ------------------------------------------------------------------------------

    def create_reminder(
        self,
        text: str,
        when: str | datetime | Any,
        *,
        provenance: Provenance | Mapping[str, Any],
        dry_run: bool = False,
    ) -> Reminder:
        """Write one reminder (or, with dry_run, return the one that would be written)."""
        prov = Provenance.of(provenance)
        cleaned = rules.clean_text(text, "reminder")
        moment = rules.with_default_hour(rules.resolve_when(when, self.clock, self.date_options), self.clock.zone,
                                         self.default_hour)
        due = moment.start.replace(microsecond=0).astimezone(self.clock.zone)
        rules.check_not_past(due, self.clock.now(), "that reminder")
        norm = normalise(cleaned)
        zone = self.clock.zone_name
        if dry_run:
            self._refuse_reminder_duplicate(norm, due)
            return Reminder(id=None, text=cleaned, due=due, zone=zone)
        target = self._todo_target()
        try:
            with repo.write_txn(self.conn):
                self._refuse_reminder_duplicate(norm, due)
                new_id = repo.insert_reminder(self.conn, cleaned, norm, due, zone)
                if target is not None:
                    # inside the transaction: when the calendar refuses it, nothing is recorded
                    uid = f"steward-reminder-{new_id}"
                    etag = target.add_todo(uid, cleaned, due, None, zone)
                    repo.set_reminder_caldav(self.conn, new_id, uid, etag)
                audit.record(self.conn, "reminder.create", str(new_id), prov.as_dict(),
                             {"text": cleaned, "due": due.isoformat(), "zone": zone})
        except sqlite3.IntegrityError:
            # another writer committed the same reminder between our check and our insert
            self._refuse_reminder_duplicate(norm, due)
            raise
        _log().debug("reminder %s created via %s", new_id, prov.via)
        made = repo.get_reminder(self.conn, new_id)
        return made.shown_in(self.clock.zone) if made is not None else Reminder(id=new_id, text=cleaned, due=due,
                                                                                zone=zone)

    def _refuse_reminder_duplicate(self, norm: str, due: datetime) -> None:
        twin = repo.find_reminder_duplicate(self.conn, norm, due)
        if twin is not None:
            shown = twin.due.astimezone(self.clock.zone)
            raise Duplicate(f"you already have that reminder (#{twin.id}, {shown:%Y-%m-%d %H:%M}); "
                            "nothing was saved")

    def cancel_reminder(self, reminder_id: int, *, provenance: Provenance | Mapping[str, Any],
                        series: bool = False) -> Reminder:
        """Cancel a pending reminder; a fired, firing or cancelled one is refused with the reason.

        For a repeating reminder this cancels the one occurrence (the next is written), or with
        `series` every occurrence still to come."""
        if series:
            return self.cancel_series(reminder_id, provenance=provenance)
        prov = Provenance.of(provenance)
        try:
            return self._cancel_one(reminder_id, prov)
        except (Conflict, NotFound) as exc:
            known = repo.get_reminder(self.conn, reminder_id)
            if known is None or known.caldav_uid is None:
                raise
            raise self._reread(known, exc, "cancelled") from None

    def _cancel_one(self, reminder_id: int, prov: Provenance) -> Reminder:
        with repo.write_txn(self.conn):
            current = repo.get_reminder(self.conn, reminder_id)
            if current is None:
                raise NotFound(f"there is no reminder #{reminder_id}; `steward reminders list` shows them")
            if current.status != "pending":
                reason = {
                    "cancelled": "is already cancelled",
                    "fired": "has already fired",
                    "firing": "is being sent right now",
                    "failed": "already came due (its notification failed)",
                }[current.status]
                raise UserError(f"reminder #{reminder_id} {reason}; nothing was changed")
            repo.set_reminder_status(self.conn, reminder_id, "cancelled", expect="pending")
            following = recurring.roll_forward(self.conn, reminder_id, self.clock.now())
            audit.record(self.conn, "reminder.cancel", str(reminder_id), prov.as_dict(),
                         {"text": current.text})
            # last: when the calendar refuses, nothing above is kept
            self._todo_gone(current)
            self._todo_time_moved(current, None)
        return replace(current, status="cancelled", next=following.due if following else None).shown_in(
            self.clock.zone)

    def reminders(self, include_done: bool = False) -> list[Reminder]:
        """Upcoming reminders (pending, firing, failed), or every one with include_done."""
        statuses = None if include_done else ("pending", "firing", "failed")
        return [r.shown_in(self.clock.zone) for r in repo.list_reminders(self.conn, statuses)]

    # -- events ---------------------------------------------------------------------------------

    def backend(self, name: str | None = None) -> CalendarBackend:
        """A configured backend by name (the write target by default)."""
        chosen = name or self.write_to
        try:
            return self.backends[chosen]
        except KeyError:
            known = ", ".join(sorted(self.backends)) or "none"
            raise ConfigError(f"calendar {chosen!r} is not configured (configured: {known})") from None

    def create_event(
        self,
        title: str,
        when: str | datetime | Any,
        *,
        provenance: Provenance | Mapping[str, Any],
        end: str | datetime | None = None,
        minutes: int | None = None,
        location: str | None = None,
        calendar: str | None = None,
        dry_run: bool = False,
        uid: str | None = None,
        markers: Mapping[str, str] | None = None,
        rule: str | None = None,
    ) -> Event:
        """Write one event to a backend (or, with dry_run, return the one that would be written).

        A `when` that names a day and no time is an all-day event; its `end`, when given, names its
        last day (a span of days, shown on each). `uid` keeps an imported event's own UID (refused as a duplicate when the calendar has it);
        `markers` are private duplicate markers stored with the event (X-STEWARD-<NAME> on CalDAV); `rule`, an
        RRULE, makes it repeat from its start (a booking its mail says is weekly).
        """
        prov = Provenance.of(provenance)
        cleaned = rules.clean_text(title, "event")
        moment = rules.resolve_when(when, self.clock, self.date_options)
        zone = self.clock.zone
        all_day = not moment.has_time
        if all_day:
            start, finish = self._all_day_span(moment, end)
        else:
            start = moment.start.replace(microsecond=0).astimezone(zone)
            finish = self._event_end(start, moment, end, minutes)
        # an all-day event is past once its day is over; a timed one once it has started
        rules.check_not_past(finish if all_day else start, self.clock.now(), "that event")
        target = self.backend(calendar)
        place = " ".join(location.split()) if location else None
        event = Event(id=uid or rules.new_event_uid(), title=cleaned, start=start, end=finish,
                      calendar=target.name, location=place or None, zone=self.clock.zone_name,
                      all_day=all_day, markers=tuple(sorted((markers or {}).items())), rule=rule)
        if dry_run:
            self._refuse_event_duplicate(target, cleaned, start, uid)
            return event
        try:
            with repo.write_txn(self.conn):
                self._refuse_event_duplicate(target, cleaned, start, uid)
                # the backend write happens inside our transaction: if it fails nothing is recorded,
                # and the audit entry commits only after the backend has the event
                stored = target.add(event)
                audit.record(self.conn, "event.create", stored.id, prov.as_dict(),
                             {"title": cleaned, "start": start.isoformat(), "end": finish.isoformat(),
                              "calendar": target.name, "location": event.location, **({"rule": rule} if rule else {})})
        except sqlite3.IntegrityError:
            self._refuse_event_duplicate(target, cleaned, start, uid)
            raise
        return stored.shown_in(zone)

    def _all_day_span(self, moment: rules.Moment, end: str | datetime | None) -> tuple[datetime, datetime]:
        """An all-day event's first instant and the instant after its last day: one day, or through the
        day `end` names (inclusive: a hotel stay from check-in day to check-out day)."""
        zone = self.clock.zone
        first = moment.start.astimezone(zone).date()
        start, finish = rules.day_bounds(first, zone)
        if end is not None:
            last = rules.resolve_when(end, self.clock.at(start), self.date_options).start.astimezone(zone).date()
            if last < first:
                raise UserError(f"an event must end on or after the day it starts ({first:%Y-%m-%d}); "
                                "nothing was saved")
            finish = rules.day_bounds(last, zone)[1]
        return start, finish

    def _event_end(self, start: datetime, moment: rules.Moment, end: str | datetime | None,
                   minutes: int | None) -> datetime:
        if end is not None:
            finish = rules.resolve_when(end, self.clock.at(start), self.date_options).start
        elif minutes is not None:
            finish = rules.event_end(start, minutes)
        elif moment.end is not None and moment.end > start:
            finish = moment.end
        else:
            finish = rules.event_end(start, self.event_minutes)
        if finish <= start:
            raise UserError(f"an event must end after it starts ({start:%H:%M}); nothing was saved")
        return finish.replace(microsecond=0).astimezone(self.clock.zone)

    def _refuse_event_duplicate(self, target: CalendarBackend, title: str, start: datetime,
                                uid: str | None = None) -> None:
        if uid is not None and target.find(uid) is not None:
            raise Duplicate(f"{target.name} calendar already has the event {uid}; nothing was saved")
        twin = target.find_duplicate(title, start)
        if twin is not None:
            shown = twin.start.astimezone(self.clock.zone)
            raise Duplicate(f"{target.name} calendar already has {twin.title!r} at "
                            f"{shown:%Y-%m-%d %H:%M}; nothing was saved")

    def delete_event(self, event_id: str, *, provenance: Provenance | Mapping[str, Any],
                     calendar: str | None = None, seen: Event | None = None) -> Event:
        """Delete one event (by its UID) from a backend, audit-logged; NotFound when it is not there.

        `seen` is the event as the person was shown it: when another app changed it since, nothing is
        deleted (Conflict, saying what it is now); the server is asked with If-Match too."""
        prov = Provenance.of(provenance)
        target = self.backend(calendar)
        with repo.write_txn(self.conn):
            event = target.find(event_id)
            if event is not None:
                self._refuse_changed(event, seen, "cancelled")
            if event is None or not self._guarded(target, event, "cancelled", lambda: target.remove(
                    event_id, if_match=event.etag)):
                raise NotFound(f"{target.name} calendar has no event {event_id}; nothing was deleted")
            audit.record(self.conn, "event.delete", event_id, prov.as_dict(),
                         {"title": event.title, "start": event.start.isoformat(), "calendar": target.name})
        return event.shown_in(self.clock.zone)

    def move_event(self, event_id: str, start: datetime, end: datetime, *,
                   provenance: Provenance | Mapping[str, Any], calendar: str | None = None,
                   seen: Event | None = None) -> Event:
        """Give one event (by its UID) new times, audit-logged; a start already past is refused.

        `seen` is the event as the person was shown it: when another app changed it since, nothing is
        moved (Conflict, saying what it is now); the server is asked with If-Match too."""
        prov = Provenance.of(provenance)
        if start.tzinfo is None or end <= start:
            raise UserError("an event must have an aware start and end after it; nothing was moved")
        rules.check_not_past(start, self.clock.now(), "that event")
        target = self.backend(calendar)
        with repo.write_txn(self.conn):
            before = target.find(event_id)
            if before is not None:
                self._refuse_changed(before, seen, "moved")
                twin = target.find_duplicate(before.title, start)
                if twin is not None and twin.id != event_id:
                    raise Duplicate(f"{target.name} calendar already has {twin.title!r} at "
                                    f"{start.astimezone(self.clock.zone):%Y-%m-%d %H:%M}; nothing was moved")
            moved = self._guarded(target, before, "moved", lambda: target.move(
                event_id, start, end, if_match=before.etag)) if before is not None else None
            if before is None or moved is None:
                raise NotFound(f"{target.name} calendar has no event {event_id}; nothing was moved")
            audit.record(self.conn, "event.move", event_id, prov.as_dict(),
                         {"title": before.title, "was": before.start.isoformat(), "start": start.isoformat(),
                          "end": end.isoformat(), "calendar": target.name})
        return moved.shown_in(self.clock.zone)

    def _refuse_changed(self, now_is: Event, seen: Event | None, doing: str) -> None:
        """Conflict when the event is no longer the version the person was shown."""
        if seen is None:
            return
        if seen.etag and now_is.etag:
            changed = seen.etag != now_is.etag
        elif seen.rule or now_is.rule:
            # one time of a series stands for it: the same rule at the same local time, as long
            zone = self.clock.zone
            changed = (seen.rule, seen.start.astimezone(zone).time(), seen.end - seen.start) != \
                (now_is.rule, now_is.start.astimezone(zone).time(), now_is.end - now_is.start)
        else:
            changed = (seen.start, seen.end) != (now_is.start, now_is.end)
        if changed:
            raise Conflict(f"{now_is.title} was changed in another calendar app since I read it (it is now "
                           f"{self._when(now_is)}); nothing was {doing}")

    def _guarded(self, target: CalendarBackend, event: Event, doing: str, write: Callable[[], Any]) -> Any:
        """Run a conditional write; its 412 becomes a Conflict that says what the server has now."""
        try:
            return write()
        except Conflict:
            now_is = target.find(event.id)
            if now_is is None:
                raise NotFound(f"{event.title} was deleted in another calendar app; nothing was {doing}") from None
            raise Conflict(f"{event.title} was changed in another calendar app meanwhile (it is now "
                           f"{self._when(now_is)}); nothing was {doing}") from None

    def _when(self, event: Event) -> str:
        shown = event.shown_in(self.clock.zone)
        fmt = self.clock.formats
        return f"{fmt.day(shown.start.date())}, all day" if shown.all_day else fmt.moment(shown.start)

    # -- reading --------------------------------------------------------------------------------

    def day_of(self, when: str | None) -> date:
        """The local day a WHEN names (today when empty)."""
        if not when or not when.strip():
            return self.clock.today()
        shift = _NEAR_DAYS.get(when.strip().lower())
        if shift is not None:  # the date grammar reads these the same way (a test checks it): no need to load it
            return self.clock.today() + timedelta(days=shift)
        return rules.resolve_when(when, self.clock, self.date_options).start.astimezone(self.clock.zone).date()

    def with_invitations(self, schedule: Schedule) -> Schedule:
        """The day with the invitations found in mail that fall on it, not answered (`calendar.invited`)."""
        from steward.calendar.invited import with_invitations

        start, end = rules.day_bounds(schedule.day, self.clock.zone)
        invitations = [replace(i, start=i.start.astimezone(self.clock.zone), end=i.end.astimezone(self.clock.zone))
                       for i in repo.invitations_between(self.conn, start, end)]
        return with_invitations(schedule, invitations)

    def events_between(self, start: datetime, end: datetime) -> list[Event]:
        """The events of every configured calendar in [start, end); a calendar that cannot be reached is
        left out (the schedule names it; an answer about bookings reads what it can)."""
        out: list[Event] = []
        for name in self.backends:
            try:
                out.extend(self.backend(name).between(start, end))
            except ConnectorError:
                continue
        return out

    def schedule(self, day: date, calendars: list[str] | None = None) -> Schedule:
        """Reminders and events of a local day from every configured backend, sorted by time (what
        another calendar app did to a reminder kept there is read back first)."""
        self.reconcile_reminders(max_age=READ_BACK_SECONDS)
        zone = self.clock.zone
        start, end = rules.day_bounds(day, zone)
        items, reminders_skipped = self._reminder_items(start, end)
        unavailable: list[tuple[str, str]] = []
        unreadable: list[Unreadable] = []
        off: list[ScheduleItem] = []  # times of repeating events the calendars say will not happen
        for name in calendars or list(self.backends):
            try:
                reading = self.backend(name).read(start, end)
            except ConnectorError as exc:
                unavailable.append((name, exc.message))
                continue
            unreadable.extend(reading.unreadable)
            for event in reading.events:
                shown = event.shown_in(zone)
                items.append(ScheduleItem("event", start if shown.all_day else shown.start, event=shown))
            for event in reading.skipped:
                shown = event.shown_in(zone)
                off.append(ScheduleItem("event", start if shown.all_day else shown.start, event=shown,
                                        state="skipped"))
        items, skipped = self._with_changes(items, start, end, calendars, off)
        skipped = [*skipped, *reminders_skipped]
        items.sort(key=lambda i: (i.at, i.kind != "event" or not (i.event and i.event.all_day),
                                  i.kind, (i.reminder.text if i.reminder else i.event.title if i.event else "")))
        return Schedule(day, self.clock.zone_name, tuple(items), tuple(unavailable), tuple(unreadable),
                        tuple(skipped))

    def _with_changes(self, items: list[ScheduleItem], start: datetime, end: datetime,
                      calendars: list[str] | None, off: list[ScheduleItem]) -> tuple[list[ScheduleItem],
                                                                                   list[ScheduleItem]]:
        """The day's items with the moves and skips shown: a moved event says where it was (so does one
        time of a repeating event moved on its own in another app: its RECURRENCE-ID); the skipped times
        of repeating events in the day come apart: those the calendars keep (`off`: an EXDATE, whichever
        app wrote it) and those skipped with Steward in a calendar that does not say so, each once, and
        never a time the calendar has on again."""
        zone = self.clock.zone
        moves: dict[tuple[str, str], datetime] = {}
        for entry in audit.entries(self.conn, "event.move"):
            detail = entry["detail"]
            if detail.get("start") and detail.get("was"):
                moved_to = datetime.fromisoformat(str(detail["start"])).astimezone(UTC).isoformat()
                moves[(str(entry["object_id"]), moved_to)] = datetime.fromisoformat(str(detail["was"]))
        out: list[ScheduleItem] = []
        skipped = list(off)
        for item in items:
            e = item.event
            was = moves.get((e.id, e.start.astimezone(UTC).isoformat())) if e is not None else None
            if was is None and e is not None and e.recurrence_id is not None and e.recurrence_id != e.start:
                was = e.recurrence_id  # one time of a series moved on its own, in Steward or in another app
            out.append(replace(item, state="moved", moved_from=was.astimezone(zone)) if was else item)
        for entry in audit.entries(self.conn, "event.skip"):
            detail = entry["detail"]
            at = datetime.fromisoformat(str(detail.get("start"))).astimezone(zone)
            if not start <= at < end or (calendars and detail.get("calendar") not in calendars):
                continue
            if any(_same_time(i.event, entry["object_id"], at) for i in (*items, *skipped)):
                continue  # the calendar says it (skipped there too), or has it on again
            finish = datetime.fromisoformat(str(detail.get("end") or detail["start"])).astimezone(zone)
            gone = Event(id=str(entry["object_id"]), title=str(detail.get("title", "")), start=at, end=finish,
                         calendar=str(detail.get("calendar", "")), zone=self.clock.zone_name, rule=detail.get("rule"))
            skipped.append(ScheduleItem("event", at, event=gone, state="skipped"))
        return out, skipped

    def _reminder_items(self, start: datetime, end: datetime) -> tuple[list[ScheduleItem], list[ScheduleItem]]:
        """The day's reminders (a time of a repeating one moved on its own says the time it had), and
        apart, the times of repeating ones skipped (cancelled on their own, here or in another app)."""
        zone = self.clock.zone
        items, skipped = [], []
        rows = [(r.shown_in(zone), False) for r in repo.list_reminders(self.conn, repo.ACTIVE, start, end)]
        for r, ahead in [*rows, *((r, True) for r in self.repeats_between(start, end))]:
            moved = r.series_id is not None and r.occurrence is not None and r.occurrence != r.due
            items.append(ScheduleItem("reminder", r.due, reminder=r, state="moved" if moved else None,
                                      moved_from=r.occurrence.astimezone(zone) if moved and r.occurrence else None,
                                      ahead=ahead))
        gone = [r for r in repo.list_reminders(self.conn, ("cancelled",), start, end)
                if r.series_id is not None and r.done_at is None]
        if gone:
            # cancelled on its own (not with its whole series, nor replaced by a new repeat)
            alone = {str(e["object_id"]) for e in audit.entries(self.conn, "reminder.cancel")
                     if "rule" not in e["detail"] and "why" not in e["detail"] or
                     str(e["detail"].get("why", "")).startswith("skipped")}
            from steward.dates import occurrences

            for r in gone:
                series = self.series_of(r)
                had = r.occurrence or r.due
                # still one of the series' times (not of a repeat it had before its days were changed)
                if str(r.id) in alone and series is not None and series.status == "active" and \
                        occurrences(series.rule, series.start, had - timedelta(seconds=1), 1, zone)[:1] == [had]:
                    skipped.append(ScheduleItem("reminder", r.due.astimezone(zone), reminder=r.shown_in(zone),
                                                state="skipped"))
        return items, skipped

    def reminders_between(self, start: datetime, end: datetime) -> list[Reminder]:
        """Reminders (not cancelled) due in [start, end), in the user's zone, with the later times of
        repeating ones (shown under the id of their next reminder)."""
        rows = repo.list_reminders(self.conn, repo.ACTIVE, start, end)
        shown = [r.shown_in(self.clock.zone) for r in rows] + self.repeats_between(start, end)
        return sorted(shown, key=lambda r: (r.due, r.id or 0))


def _same_time(event: Event | None, event_id: object, at: datetime) -> bool:
    """Whether `event` is the time `at` of the event `event_id` (a skipped time, or one still on)."""
    return event is not None and event.id == str(event_id) and (event.recurrence_id or event.start) == at


def _log() -> logging.Logger:
    """This module's logger (logging is loaded by the first line written: a schedule writes none)."""
    import logging

    return logging.getLogger(__name__)

