"""Managing reminders once they exist: repeating ones, move, snooze, done, cancel one or the series.

These are part of `CalendarService` (it inherits `ReminderManagement`); each is the one write path
for its change: it validates (a moment already past, a duplicate, a reminder in the wrong state),
writes, and records the provenance in the audit log in the same transaction. With `dry_run` they
check everything and return what they would write.

A repeating reminder is a series (rule + first occurrence) whose occurrences are reminder rows, one
open at a time (`calendar.recurring`). Cancelling or finishing one occurrence writes the next; the
series goes on until it is cancelled or its rule ends.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, time, timedelta

from steward.calendar import recurring, rules
from steward.calendar.todo_sync import ReminderTodos
from steward.clock import Clock
from steward.errors import Conflict, ConnectorError, Duplicate, NotFound, UserError
from steward.records.calendar import Event, Provenance, Reminder, Series, normalise
from steward.store import audit
from steward.store import calendar as repo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    import logging
    from typing import Any

    from steward.calendar.backends import CalendarBackend
    from steward.dates import Recurrence

MAX_SNOOZE = timedelta(days=7)
_STATE = {
    "cancelled": "is already cancelled",
    "fired": "has already fired",
    "firing": "is being sent right now",
    "failed": "already came due (its notification failed)",
}


class ReminderManagement(ReminderTodos):
    """Repeating reminders and the changes a person makes to a reminder (mixed into CalendarService)."""

    conn: sqlite3.Connection
    clock: Clock
    default_hour: int
    date_options: Any
    write_to: str
    backends: dict[str, CalendarBackend]
    event_minutes: int

    def backend(self, name: str | None = None) -> CalendarBackend:  # CalendarService's
        """The calendar backend called `name` (the default when None); CalendarService provides it."""
        raise NotImplementedError

    def cancel_reminder(self, reminder_id: int, *, provenance: Provenance | Mapping[str, Any],
                        series: bool = False) -> Reminder:  # CalendarService's
        """Cancel a reminder (a repeating one: this time); CalendarService provides it."""
        raise NotImplementedError

    # -- repeating ------------------------------------------------------------------------------

    def recurrence(self, words: str) -> Recurrence | None:
        """The repeat said in `words` ("every monday at 9"), on the user's clock, or None."""
        from steward.dates import find_recurrence

        return find_recurrence(words, self.clock, self.date_options, self.default_hour)

    def create_repeating(self, text: str, repeat: str | Recurrence, *, provenance: Provenance | Mapping[str, Any],
                         start: str | datetime | None = None, dry_run: bool = False) -> Reminder:
        """Write a repeating reminder: `repeat` is the user's words ("every monday at 9"), an RRULE
        ("FREQ=WEEKLY;BYDAY=MO", with `start` for its first occurrence) or a dates.Recurrence."""
        from steward.dates import Recurrence, occurrences, parse_rule

        prov = Provenance.of(provenance)
        cleaned = rules.clean_text(text, "reminder")
        now = self.clock.now().replace(microsecond=0)
        if isinstance(repeat, Recurrence):
            rule, first = repeat.rule, repeat.start
        elif repeat.strip().upper().startswith(("FREQ=", "RRULE:")):
            rule = repeat.strip().removeprefix("RRULE:").removeprefix("rrule:")
            if start is None:
                raise UserError("a repeat rule needs its first time (start), e.g. 'monday at 9'")
            moment = rules.with_default_hour(rules.resolve_when(start, self.clock, self.date_options),
                                             self.clock.zone, self.default_hour)
            first = moment.start.replace(microsecond=0).astimezone(self.clock.zone)
        else:
            said = self.recurrence(repeat)
            if said is None:
                raise UserError(f"I can't tell how {repeat!r} repeats; try e.g. 'every monday at 9' or "
                                "'on the 1st of every month'")
            rule, first = said.rule, said.start
        try:
            parsed = parse_rule(rule)
        except ValueError as exc:
            raise UserError(f"that repeat rule cannot be kept: {exc}") from None
        if parsed.freq in ("HOURLY", "MINUTELY") and parsed.until is None and parsed.count is None:
            raise UserError("a reminder repeating every few hours or minutes needs an end, e.g. 'until 6 pm'")
        step = parsed.interval * {"HOURLY": 60, "MINUTELY": 1}.get(parsed.freq, 24 * 60)
        from steward.dates._recurrence import MIN_INTERVAL_MINUTES

        if step < MIN_INTERVAL_MINUTES:
            raise UserError(f"a reminder can repeat at most every {MIN_INTERVAL_MINUTES} minutes")
        rule = parsed.text()
        upcoming = occurrences(rule, first, now - timedelta(seconds=1), 1)
        if not upcoming:
            raise UserError("that repeat has no time left to remind you (its end has passed); nothing was saved")
        due = upcoming[0]
        rules.check_not_past(due, now, "that reminder")
        zone = self.clock.zone_name
        norm = normalise(cleaned)
        twin = repo.find_reminder_duplicate(self.conn, norm, due)
        if twin is not None:
            shown = twin.due.astimezone(self.clock.zone)
            raise Duplicate(f"you already have that reminder (#{twin.id}, {shown:%Y-%m-%d %H:%M}); nothing was saved")
        if dry_run:
            return Reminder(id=None, text=cleaned, due=due, zone=zone, rule=rule, next=due)
        target = self._todo_target()
        with repo.write_txn(self.conn):
            made = recurring.start_series(self.conn, cleaned, rule, due, zone)
            assert made.series_id is not None
            if target is not None:
                # inside the transaction: when the calendar refuses it, nothing is recorded
                uid = f"steward-series-{made.series_id}"
                target.add_todo(uid, cleaned, due, rule, zone)
                repo.set_series_caldav_uid(self.conn, made.series_id, uid)
            audit.record(self.conn, "reminder.create", str(made.id), prov.as_dict(),
                         {"text": cleaned, "due": due.isoformat(), "zone": zone, "rule": rule,
                          "series": made.series_id})
        _log().debug("series %s (reminder %s) created via %s", made.series_id, made.id, prov.via)
        return made.shown_in(self.clock.zone)

    def repeat_from_rule(self, rule: str, first: datetime) -> Recurrence:
        """A rule read from a file (RRULE value, its DTSTART `first`) as the repeat from its next time
        on; a UserError when Steward cannot keep the rule or it has no time left."""
        from steward.dates import Recurrence, occurrences, parse_rule

        try:
            parsed = parse_rule(rule)
        except ValueError as exc:
            raise UserError(f"its repeat rule cannot be kept ({exc})") from None
        upcoming = occurrences(parsed.text(), first, self.clock.now() - timedelta(seconds=1), 1, self.clock.zone)
        if not upcoming:
            raise UserError("its repeat rule has no time left")
        return Recurrence(parsed.text(), upcoming[0], (0, 0), rule, has_time=True)

    def create_repeating_event(self, title: str, repeat: str | Recurrence, *,
                               provenance: Provenance | Mapping[str, Any], minutes: int | None = None,
                               location: str | None = None, calendar: str | None = None,
                               dry_run: bool = False) -> Event:
        """Write a repeating event ("every monday at 10", or a dates.Recurrence) to a backend: its first
        time with its RRULE, lasting `minutes` (`calendar.event_minutes` by default)."""
        from steward.dates import Recurrence

        prov = Provenance.of(provenance)
        cleaned = rules.clean_text(title, "event")
        said = repeat if isinstance(repeat, Recurrence) else self.recurrence(repeat)
        if said is None:
            raise UserError(f"I can't tell how {repeat!r} repeats; try e.g. 'every monday at 10'")
        if said.rule.startswith(("FREQ=HOURLY", "FREQ=MINUTELY")):
            raise UserError("an event can repeat daily at most; a reminder can repeat every few hours")
        start = said.start.replace(microsecond=0)
        rules.check_not_past(start, self.clock.now(), "that event")
        length = minutes if minutes is not None else self.event_minutes
        if length < 1:
            raise UserError("an event must last at least a minute; nothing was saved")
        target = self.backend(calendar)
        place = " ".join(location.split()) if location else None
        event = Event(id=rules.new_event_uid(), title=cleaned, start=start, end=rules.event_end(start, length),
                      calendar=target.name, location=place or None, zone=self.clock.zone_name, rule=said.rule)
        twin = target.find_duplicate(cleaned, start)
        if twin is not None:
            raise Duplicate(f"{target.name} calendar already has {twin.title!r} at "
                            f"{twin.start.astimezone(self.clock.zone):%Y-%m-%d %H:%M}; nothing was saved")
        if dry_run:
            return event
        with repo.write_txn(self.conn):
            stored = target.add(event)
            audit.record(self.conn, "event.create", stored.id, prov.as_dict(),
                         {"title": cleaned, "start": start.isoformat(), "end": event.end.isoformat(),
                          "calendar": target.name, "location": event.location, "rule": said.rule})
        return stored.shown_in(self.clock.zone)

    def _todo_target(self) -> Any:
        """The write target when it keeps repeating to-dos (CalDAV), else None (local only)."""
        backend = self.backends.get(self.write_to)
        return backend if backend is not None and hasattr(backend, "add_todo") else None

    def series_of(self, reminder: Reminder) -> Series | None:
        """The series a repeating reminder belongs to."""
        return repo.get_series(self.conn, reminder.series_id) if reminder.series_id is not None else None

    def upcoming(self, reminder: Reminder, count: int = 3) -> list[datetime]:
        """The next `count` times a reminder reminds (one for a one-off that has not fired)."""
        series = self.series_of(reminder)
        if series is None or series.status != "active":
            return [reminder.due] if reminder.status == "pending" else []
        from steward.dates import occurrences

        first = reminder.next or reminder.due
        later = occurrences(series.rule, series.start, first, count - 1, self.clock.zone)
        return [first.astimezone(self.clock.zone), *later][:count]

    def repeats_between(self, start: datetime, end: datetime, limit: int = 200) -> list[Reminder]:
        """The times in [start, end) of the repeating reminders after their next one (which is a row of
        its own), as reminders carrying that next one's id."""
        out: list[Reminder] = []
        for current in repo.list_reminders(self.conn, ("pending", "firing"), repeating=True):
            series = self.series_of(current)
            if series is None or series.status != "active" or current.due >= end:
                continue
            from steward.dates import occurrences  # the repeat rules load only when a reminder repeats

            after = max(current.due, start - timedelta(seconds=1))
            for due in occurrences(series.rule, series.start, after, limit, self.clock.zone):
                if due >= end:
                    break
                if due >= start:
                    out.append(replace(current, due=due, next=due, occurrence=due).shown_in(self.clock.zone))
        return out

    def describe(self, reminder: Reminder) -> str | None:
        """How a repeating reminder repeats, in words ("every Monday at 09:00"); None for a one-off."""
        series = self.series_of(reminder)
        if series is None:
            return None
        from steward.dates import describe_rule

        return describe_rule(series.rule, series.start)

    # -- changes --------------------------------------------------------------------------------

    def _current(self, reminder_id: int) -> Reminder:
        current = repo.get_reminder(self.conn, reminder_id)
        if current is None:
            raise NotFound(f"there is no reminder #{reminder_id}; `steward reminders list` shows them")
        return current

    def at_time_shown(self, reminder_id: int, at: datetime | None) -> Reminder:
        """Reminder `reminder_id`, checked to be still at `at`, the time the person was shown (a page
        names the time it drew); None takes it as it is. A later time of a repeating one is a UserError
        (a time is changed on its own once it is the next); a time it no longer has is NotFound."""
        current = self._current(reminder_id)
        if at is None or current.due == at:
            return current
        fmt = self.clock.formats
        series = self.series_of(current)
        if series is not None and series.status == "active" and at > current.due:
            from steward.dates import occurrences

            if occurrences(series.rule, series.start, at - timedelta(seconds=1), 1, self.clock.zone)[:1] == [at]:
                raise UserError(f"only the next time of {current.text!r} ({fmt.moment(current.due.astimezone(self.clock.zone))})"
                                f" can be changed on its own; {fmt.moment(at.astimezone(self.clock.zone))} can once "
                                "it is the next; nothing was changed")
        raise NotFound(f"{current.text!r} is not at {fmt.moment(at.astimezone(self.clock.zone))} any more; "
                       "nothing was changed")

    def skip_reminder_time(self, reminder_id: int, *, provenance: Provenance | Mapping[str, Any],
                           at: datetime | None = None) -> Reminder:
        """Skip one time of a repeating reminder (its next, or `at` when that is the next): that time will
        not remind, the next is written (on CalDAV an EXDATE); a one-off is refused (cancel it instead)."""
        current = self.at_time_shown(reminder_id, at)
        if current.series_id is None:
            raise UserError(f"reminder #{reminder_id} ({current.text}) does not repeat: cancel it instead; "
                            "nothing was changed")
        return self.cancel_reminder(reminder_id, provenance=provenance)

    def move_reminder(self, reminder_id: int, when: str | datetime | Any, *,
                      provenance: Provenance | Mapping[str, Any], dry_run: bool = False,
                      at: datetime | None = None) -> Reminder:
        """Move a pending reminder to WHEN. A time alone ("5 pm") keeps its day; a day alone ("friday")
        keeps its time. For a repeating one only this occurrence moves. `at` is the time the person was
        shown (see `at_time_shown`)."""
        prov = Provenance.of(provenance)
        current = self.at_time_shown(reminder_id, at)
        if current.status != "pending":
            raise UserError(f"reminder #{reminder_id} {_STATE[current.status]}; nothing was changed")
        if isinstance(when, str) and self.recurrence(when) is not None:
            # "every tuesday" is not one time: never read as the next tuesday
            raise UserError(f"{' '.join(when.split())!r} is a repeat, not one time: "
                            + ("every time from now on is a change to the series"
                               if current.series_id is not None else "a one-off reminder moves to one time")
                            + "; nothing was changed")
        due = self._moved_to(current, when)
        rules.check_not_past(due, self.clock.now(), "that reminder")
        twin = repo.find_reminder_duplicate(self.conn, normalise(current.text), due)
        if twin is not None and twin.id != current.id:
            raise UserError(f"you already have that reminder at {due:%Y-%m-%d %H:%M} (#{twin.id}); nothing was changed")
        moved = replace(current, due=due, next=due).shown_in(self.clock.zone)
        if dry_run:
            return moved
        try:
            with repo.write_txn(self.conn):
                if not repo.move_reminder(self.conn, reminder_id, due):
                    raise UserError(f"reminder #{reminder_id} changed meanwhile; nothing was changed")
                audit.record(self.conn, "reminder.move", str(reminder_id), prov.as_dict(),
                             {"text": current.text, "from": current.due.isoformat(), "due": due.isoformat()})
                # last: when the calendar refuses, nothing above is kept
                self._todo_moved(current, due)
                self._todo_time_moved(current, due)
        except (Conflict, NotFound) as exc:
            raise self._reread(current, exc, "moved") from None
        return replace(moved, caldav_uid=current.caldav_uid)

    def move_reminder_series(self, reminder_id: int, when: str, *, provenance: Provenance | Mapping[str, Any],
                             dry_run: bool = False) -> Reminder:
        """Give the repeating reminder `reminder_id` belongs to new days or a new time from now on: a
        repeat in the person's words ("every tuesday at 9", "weekdays", its time kept unless one is
        said) or a time alone ("8 am": the same days at that time). The times already past stay as they
        were; the open one is replaced by the first new one. Kept on the CalDAV calendar too."""
        from steward.dates import occurrences, parse_rule

        prov = Provenance.of(provenance)
        current, series = self._active_series(reminder_id, "move it to one time instead; nothing was changed")
        text = " ".join(str(when).split())
        zone, now = self.clock.zone, self.clock.now().replace(microsecond=0)
        at = series.start.astimezone(zone).timetz().replace(tzinfo=None)
        # a day named alone for a repeating one ("to tuesdays", "to wednesday at 8") is every such day
        said = self.recurrence(text) or (self.recurrence(f"every {text}") if text and
                                         not text.lower().startswith("every") else None)
        if said is not None:
            rule = said.rule
            anchor = said.start if said.has_time else datetime.combine(said.start.date(), at, zone)
        else:
            from steward.dates import resolve

            found = resolve(text, self.clock, options=self.date_options) if text else None
            if found is None or not found.has_time or found.has_date:
                raise UserError(f"I can't tell how {text!r} repeats; try e.g. 'every tuesday at 9' or '8 am'; "
                                "nothing was changed")
            if "BYHOUR" in series.rule or "BYMINUTE" in series.rule:
                raise UserError(f"{series.text!r} repeats at several times a day; say its new repeat whole, "
                                "e.g. 'daily at 8 am'; nothing was changed")
            rule = series.rule
            moment = found.start.astimezone(zone).timetz().replace(tzinfo=None)
            anchor = datetime.combine(series.start.astimezone(zone).date(), moment, zone)
        try:
            parsed = parse_rule(rule)
        except ValueError as exc:
            raise UserError(f"that repeat cannot be kept: {exc}; nothing was changed") from None
        if parsed.freq in ("HOURLY", "MINUTELY"):
            raise UserError("give a reminder repeating every few hours its own, with an end; nothing was changed")
        rule = parsed.text()
        upcoming = occurrences(rule, anchor, now - timedelta(seconds=1), 1, zone)
        if not upcoming:
            raise UserError(f"{text!r} has no time left; nothing was changed")
        due = upcoming[0]
        rules.check_not_past(due, now, "that reminder")
        if (rule, due) == (parse_rule(series.rule).text(), current.due):
            raise UserError(f"{series.text!r} already repeats that way; nothing was changed")
        made = Reminder(id=None, text=series.text, due=due, zone=series.zone, rule=rule, next=due,
                        series_id=series.id).shown_in(zone)
        if dry_run:
            return made
        with repo.write_txn(self.conn):
            open_one = repo.open_occurrence(self.conn, series.id)
            if open_one is not None and open_one.id is not None and open_one.status != "pending":
                raise UserError(f"{series.text!r} is being sent right now; nothing was changed")
            repo.set_series_rule(self.conn, series.id, rule, due)
            if open_one is not None and open_one.id is not None and \
                    (repo.occurrence_of(self.conn, open_one.id) or open_one.due) == due:
                new_id = open_one.id  # the first new time is the one already written: kept (at that time)
                repo.move_reminder(self.conn, new_id, due)
            else:
                if open_one is not None and open_one.id is not None:
                    repo.set_reminder_status(self.conn, open_one.id, "cancelled", expect="pending")
                new_id = repo.insert_occurrence(self.conn, series.id, series.text, normalise(series.text), due,
                                                series.zone)
            audit.record(self.conn, "reminder.series", str(new_id), prov.as_dict(),
                         {"text": series.text, "series": series.id, "was": series.rule, "rule": rule,
                          "from": current.due.isoformat(), "due": due.isoformat()})
            home = self._todo_home()
            if series.caldav_uid is not None and home is not None and hasattr(home, "set_todo_rule"):
                # last: when the calendar refuses, nothing above is kept
                home.set_todo_rule(series.caldav_uid, rule, due)
        now_is = repo.get_reminder(self.conn, new_id)
        assert now_is is not None
        return replace(now_is, rule=rule, next=due).shown_in(zone)

    def _nearer_half(self, moved: datetime, old: datetime) -> datetime:
        """A bare clock time ("7", "4:30") on the reminder's day is the one of its two readings (morning
        or afternoon) nearer the reminder's own time, not yet past: "change it to 8" on a 6 pm one is 20:00."""
        zone = self.clock.zone
        base = datetime.combine(old.date(), time(moved.hour % 12, moved.minute), tzinfo=zone)
        readings = [r for r in (base, base + timedelta(hours=12)) if r > self.clock.now()]
        return min(readings, key=lambda r: abs(r - old)) if readings else moved

    def _moved_to(self, current: Reminder, when: str | datetime | Any) -> datetime:
        zone = self.clock.zone
        old = current.due.astimezone(zone)
        if isinstance(when, datetime):
            return rules.resolve_when(when, self.clock).start.replace(microsecond=0).astimezone(zone)
        from steward.dates import resolve

        text = " ".join(str(when).split())
        said = resolve(text, self.clock, options=self.date_options) if text else None
        if said is not None and said.has_time and not said.has_date and said.grain in ("hour", "minute", "second") \
                and not _is_offset(text):
            # "5 pm": that time on the reminder's own day (or the next such time after now)
            day_start = datetime.combine(old.date(), time(0), tzinfo=zone)
            pinned = self.clock.at(max(day_start, self.clock.now()))
            found = resolve(text, pinned, options=self.date_options)
            if found is not None:
                moved = found.start.replace(microsecond=0).astimezone(zone)
                return moved if _HALF_OF_DAY.search(text) else self._nearer_half(moved, old)
        moment = rules.resolve_when(text, self.clock, self.date_options)
        if not moment.has_time:
            day = moment.start.astimezone(zone).date()
            return rules.resolve_when(datetime.combine(day, old.timetz().replace(tzinfo=None)).replace(tzinfo=zone),
                                      self.clock).start.astimezone(zone)
        return moment.start.replace(microsecond=0).astimezone(zone)

    def snooze_reminder(self, reminder_id: int, delay: timedelta | str, *,
                        provenance: Provenance | Mapping[str, Any], dry_run: bool = False) -> Reminder:
        """Remind again after `delay` ("10 minutes" or a timedelta): a new one-off reminder, same text."""
        prov = Provenance.of(provenance)
        current = self._current(reminder_id)
        if current.status in ("pending", "firing"):
            raise UserError(f"reminder #{reminder_id} has not fired yet (it is due "
                            f"{self.clock.formats.moment(current.due.astimezone(self.clock.zone))}); move it instead")
        wait = delay if isinstance(delay, timedelta) else self._delay(delay)
        if not timedelta(0) < wait <= MAX_SNOOZE:
            raise UserError("a snooze is from a minute to 7 days; nothing was changed")
        due = (self.clock.now() + wait).replace(microsecond=0).astimezone(self.clock.zone)
        zone = self.clock.zone_name
        if dry_run:
            return Reminder(id=None, text=current.text, due=due, zone=zone, next=due, snoozed_from=reminder_id)
        with repo.write_txn(self.conn):
            new_id = repo.insert_snooze(self.conn, current.text, normalise(current.text), due, zone, reminder_id)
            repo.mark_done(self.conn, reminder_id, self.clock.now())  # the snoozed copy is the one that counts
            audit.record(self.conn, "reminder.snooze", str(new_id), prov.as_dict(),
                         {"text": current.text, "due": due.isoformat(), "zone": zone, "from": reminder_id})
        made = repo.get_reminder(self.conn, new_id)
        assert made is not None
        return made.shown_in(self.clock.zone)

    def _delay(self, words: str) -> timedelta:
        from steward.dates import resolve

        text = " ".join(words.split()) or "10 minutes"
        found = resolve(text if text.startswith(("in ", "for ")) else f"in {text}", self.clock,
                        options=self.date_options) or resolve(text, self.clock, options=self.date_options)
        if found is None or not found.has_time:
            raise UserError(f"I can't tell how long {words!r} is; try e.g. '10 minutes' or '1 hour'")
        return found.start - self.clock.now()

    def done_reminder(self, reminder_id: int, *, provenance: Provenance | Mapping[str, Any],
                      dry_run: bool = False) -> Reminder:
        """Mark a reminder done. One that has not fired yet will not; a repeating one skips to its next."""
        prov = Provenance.of(provenance)
        current = self._current(reminder_id)
        if current.done_at is not None:
            raise UserError(f"reminder #{reminder_id} is already done; nothing was changed")
        if current.status in ("cancelled", "firing"):
            raise UserError(f"reminder #{reminder_id} {_STATE[current.status]}; nothing was changed")
        now = self.clock.now()
        finished = replace(current, done_at=now, status="cancelled" if current.status == "pending" else
                           current.status)
        if dry_run:
            return finished.shown_in(self.clock.zone)
        with repo.write_txn(self.conn):
            if current.status == "pending":
                repo.set_reminder_status(self.conn, reminder_id, "cancelled", expect="pending")
            repo.mark_done(self.conn, reminder_id, now)
            following = recurring.roll_forward(self.conn, reminder_id, now)
            audit.record(self.conn, "reminder.done", str(reminder_id), prov.as_dict(), {"text": current.text})
        # a fired occurrence of a series already has its next one; a skipped pending one just got it
        upcoming = following.due if following else (current.next if current.status != "pending" else None)
        return replace(finished, next=upcoming).shown_in(self.clock.zone)

    def cancel_series(self, reminder_id: int, *, provenance: Provenance | Mapping[str, Any],
                      dry_run: bool = False) -> Reminder:
        """Cancel every occurrence still to come of the repeating reminder `reminder_id` belongs to."""
        prov = Provenance.of(provenance)
        current, series = self._active_series(reminder_id, "cancel it on its own")
        open_one = repo.open_occurrence(self.conn, series.id)
        shown = replace(open_one or current, status="cancelled", next=None).shown_in(self.clock.zone)
        if dry_run:
            return shown
        with repo.write_txn(self.conn):
            repo.set_series_status(self.conn, series.id, "cancelled")
            if open_one is not None and open_one.id is not None:
                repo.set_reminder_status(self.conn, open_one.id, "cancelled", expect="pending")
            audit.record(self.conn, "reminder.cancel", str(open_one.id if open_one else reminder_id), prov.as_dict(),
                         {"text": series.text, "rule": series.rule, "series": series.id})
        self._remove_todo(series)
        return shown

    def _active_series(self, reminder_id: int, instead: str) -> tuple[Reminder, Series]:
        """Reminder `reminder_id` and the series it belongs to, still repeating; a UserError (saying
        what to do `instead` for a one-off) otherwise."""
        current = self._current(reminder_id)
        series = self.series_of(current)
        if series is None:
            raise UserError(f"reminder #{reminder_id} does not repeat; {instead}")
        if series.status != "active":
            raise UserError(f"the repeating reminder {series.text!r} has already "
                            f"{'been cancelled' if series.status == 'cancelled' else 'ended'}; nothing was changed")
        return current, series

    def _remove_todo(self, series: Series) -> None:
        """Take a cancelled series off the CalDAV calendar it was written to (the local cancel stands
        when the server cannot be reached: reminders are fired locally)."""
        backend = self.backends.get("caldav")
        if series.caldav_uid is None or backend is None or not hasattr(backend, "remove_todo"):
            return
        try:
            backend.remove_todo(series.caldav_uid)
        except ConnectorError as exc:
            _log().warning("the repeating reminder %r is cancelled here but is still on the CalDAV calendar: %s",
                        series.text, exc.message)

    def action_allowed(self, reminder_id: int, action: str, key: str) -> bool:
        """Whether a notification button's key lets `action` ("snooze" | "done") through for this reminder."""
        from steward.notify.actions import valid_key

        return valid_key(repo.action_secret(self.conn), reminder_id, action, key)

    def recent_fired(self, within: timedelta = timedelta(hours=12)) -> list[Reminder]:
        """Reminders that fired in the last `within` and are not done, the latest first (what
        "snooze" and "done" after a notification mean)."""
        return [r.shown_in(self.clock.zone) for r in repo.last_fired(self.conn, self.clock.now() - within)]


_HALF_OF_DAY = re.compile(r"\b(?:[ap]\.?m\b\.?|noon|midnight|morning|afternoon|evening|night|tonight)|\d[ap]m?\b",
                          re.IGNORECASE)


def _is_offset(text: str) -> bool:
    words = text.lower().split()
    return bool(words) and words[0] in ("in", "for") or "from now" in text.lower() or text.lower().endswith("later")


def _log() -> logging.Logger:
    """This module's logger (logging is loaded by the first line written: reading a schedule writes none)."""
    import logging

    return logging.getLogger(__name__)
