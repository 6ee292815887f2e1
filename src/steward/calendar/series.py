"""Changing a repeating event: skipping one of its times, ending it after a day, or changing its days or
time from now on.

These are part of `CalendarService` (it inherits `EventSeries`); each is the one write path for its
change: it checks the event repeats, that the time named is one of its times and not past, that the
event is still the version the person was shown (`seen`), writes with the server's If-Match, and records
the change in the audit log in the same transaction.

"From now on" keeps the times already past: the series is ended before now (an UNTIL) and a new series
with the same title, place and length starts at its first new time. A series that has not started yet
is changed where it stands.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta

from steward.calendar import rules
from steward.clock import Clock
from steward.errors import NotFound, UserError
from steward.records.calendar import Event, Provenance
from steward.store import audit
from steward.store import calendar as repo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    from typing import Any

    from steward.calendar.backends import CalendarBackend

_NAMES_A_DAY = re.compile(r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b|\bweekdays?\b|"
                          r"\bweekends?\b", re.IGNORECASE)


# words that say how often a weekly repeat comes, beside its days ("weekly", "every week", "every other")
_SAYS_A_STEP = re.compile(r"\b(?:weekly|every\s+(?:single\s+)?week|each\s+week|other|fortnight\w*|bi-?weekly|"
                          r"every\s+\w+\s+weeks?|every\s+\d+)\b", re.IGNORECASE)


class EventSeries:
    """Skipping, ending and re-timing repeating events (mixed into CalendarService)."""

    conn: sqlite3.Connection
    clock: Clock
    date_options: Any

    def backend(self, name: str | None = None) -> CalendarBackend:  # CalendarService's
        """The calendar backend called `name`; CalendarService provides it."""
        raise NotImplementedError

    def _refuse_changed(self, now_is: Event, seen: Event | None, doing: str) -> None:  # CalendarService's
        raise NotImplementedError

    def _guarded(self, target: CalendarBackend, event: Event, doing: str, write: Callable[[], Any]) -> Any:
        raise NotImplementedError

    def _series(self, event_id: str, calendar: str | None, seen: Event | None,
                doing: str) -> tuple[CalendarBackend, Event]:
        target = self.backend(calendar)
        master = target.find(event_id)
        if master is None:
            raise NotFound(f"{target.name} calendar has no event {event_id}; nothing was {doing}")
        if not master.rule:
            raise UserError(f"{master.title} does not repeat; cancel or move it instead; nothing was {doing}")
        if not hasattr(target, "skip") or not hasattr(target, "set_rule"):
            raise UserError(f"changing a repeating event in the {target.name} calendar is not something Steward "
                            f"can do yet; nothing was {doing}")
        self._refuse_changed(master, seen, doing)
        return target, master

    def _first(self, master: Event) -> datetime:
        from steward.clock import get_zone

        return master.start.astimezone(get_zone(master.zone))

    def times_of(self, event: Event, start: datetime, end: datetime) -> list[datetime]:
        """The times a repeating event starts in [start, end) (the ones it skips left out)."""
        from steward.dates import iter_occurrences

        assert event.rule is not None
        out = []
        for n, begin in enumerate(iter_occurrences(event.rule, self._first(event), start, self.clock.zone,
                                                   inclusive=True)):
            if begin >= end or n >= 400:
                break
            if begin not in event.skipped:
                out.append(begin)
        return out

    def move_event_to(self, event: Event, when: str, *, provenance: Provenance | Mapping[str, Any],
                      series: bool = False, once: bool = False, dry_run: bool = False,
                      since: date | None = None) -> Event:
        """Move an event (as `event_find.find_event` found it) to WHEN in the person's words: a day, a
        time or both for a one-off event; for a repeating one, with `once` that one time of it alone
        (a day keeps its time, a time its day; the other times stay), with `series` a new repeat
        ("every tuesday", its time kept unless one is said) or a new time, from now on (or from the day
        `since`). A repeating event moved with neither is refused with what to say instead."""
        from steward.calendar.event_find import destination

        text = " ".join(when.split())
        if series and once:
            raise UserError("move one time or every time from now on, not both; nothing was moved")
        if event.rule and not (series or once):
            raise UserError(f"{event.title} repeats: --once moves the time named (its next by default), --series "
                            "every time from now on; nothing was moved")
        if not event.rule and series:
            raise UserError(f"{event.title} does not repeat; move it without --series; nothing was moved")
        if event.rule and once:
            if self.recurrence(text) is not None:
                raise UserError(f"{text!r} repeats: that is a change to every time from now on (--series), not "
                                "to one; nothing was moved")
            start = destination(text, event, self.clock, self.date_options)
            if start is None:
                raise UserError(f"I can't tell when {text!r} is; try e.g. 'friday at 5 pm' or '10:30'")
            return self.move_occurrence(event.id, event.recurrence_id or event.start, start,
                                        start + (event.end - event.start), provenance=provenance,
                                        calendar=event.calendar, seen=as_in_series(event), dry_run=dry_run)
        if event.rule:
            repeat = self.recurrence(text)
            if repeat is not None:
                first = repeat.start if repeat.has_time else datetime.combine(
                    repeat.start.date(), event.start.astimezone(self.clock.zone).timetz().replace(tzinfo=None),
                    self.clock.zone)
                repeat, first = self._on_its_days(repeat, first, event, text)
                begin = self._cut(since)
                if first <= begin:
                    from steward.dates import occurrences, parse_rule

                    # from a day said ("every other friday from next week"), the repeat starts on its first
                    # day then, whatever its step
                    rule = repeat.rule if since is None else replace(parse_rule(repeat.rule), interval=1).text()
                    later = occurrences(rule, first, begin, 1, inclusive=since is not None)
                    if not later:
                        raise UserError(f"{text!r} has no time left; nothing was moved")
                    first = later[0]
                return self.change_series(event.id, repeat.rule, first, provenance=provenance,
                                          calendar=event.calendar, seen=event, dry_run=dry_run, since=since)
        start = destination(text, event, self.clock, self.date_options)
        if start is None:
            raise UserError(f"I can't tell when {text!r} is; try e.g. 'friday at 5 pm' or '10:30'")
        if event.rule:
            # a new time for every day it repeats on: from its next time on that day
            return self.change_series(event.id, event.rule, start, provenance=provenance, calendar=event.calendar,
                                      seen=event, dry_run=dry_run, since=since)
        if dry_run:
            rules.check_not_past(start, self.clock.now(), "that event")
            return replace(event, start=start, end=start + (event.end - event.start))
        return self.move_event(event.id, start, start + (event.end - event.start), provenance=provenance,
                               calendar=event.calendar, seen=event)

    def _on_its_days(self, repeat: Any, first: datetime, event: Event, text: str) -> tuple[Any, datetime]:
        """A weekly repeat that names no day ("weekly", "every other week") keeps the event's own weekday
        (not today's), from the event's next time."""
        from steward.dates import parse_rule

        parsed = parse_rule(repeat.rule)
        was = parse_rule(event.rule or "")
        if parsed.freq == "WEEKLY" and was.freq == "WEEKLY" and was.interval > 1 and parsed.interval == 1 \
                and not _SAYS_A_STEP.search(text):
            # "the fortnightly retro to thursdays": new days, the same step
            parsed = replace(parsed, interval=was.interval)
            repeat = replace(repeat, rule=parsed.text())
        if parsed.freq != "WEEKLY" or _NAMES_A_DAY.search(text):
            return repeat, first
        shown = event.start.astimezone(self.clock.zone)
        day = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")[shown.weekday()]
        kept = replace(repeat, rule=replace(parsed, byday=(day,)).text())
        return kept, datetime.combine(shown.date(), first.timetz().replace(tzinfo=None), self.clock.zone)

    def move_event(self, event_id: str, start: datetime, end: datetime, *,  # CalendarService's
                   provenance: Provenance | Mapping[str, Any], calendar: str | None = None,
                   seen: Event | None = None) -> Event:
        """Give one event new times (CalendarService provides it)."""
        raise NotImplementedError

    def recurrence(self, words: str) -> Any:  # ReminderManagement's
        """The repeat said in `words` (ReminderManagement provides it)."""
        raise NotImplementedError

    def _one_time(self, master: Event, occurrence: datetime, when_skipped: str, verb: str) -> datetime:
        """The time of `master` that `occurrence` names, on the user's clock; refused (a UserError) when it
        is skipped, is not one of the series' times or has begun."""
        wanted = occurrence.astimezone(self.clock.zone).replace(microsecond=0)
        if wanted in master.skipped:
            raise UserError(f"{master.title} on {self.clock.formats.moment(wanted)} {when_skipped}")
        if wanted not in self.times_of(master, wanted, wanted + timedelta(seconds=1)):
            raise UserError(f"{master.title} does not happen on {self.clock.formats.when(wanted, year=False)}; nothing was {verb}")
        rules.check_not_past(wanted, self.clock.now(), f"that time of {master.title}")
        return wanted

    def skip_occurrence(self, event_id: str, occurrence: datetime, *, provenance: Provenance | Mapping[str, Any],
                        calendar: str | None = None, seen: Event | None = None, dry_run: bool = False) -> Event:
        """Skip one time of a repeating event (an EXDATE): the time skipped, as an event; a time it does
        not have, one already past or already skipped is refused."""
        prov = Provenance.of(provenance)
        with repo.write_txn(self.conn):
            target, master = self._series(event_id, calendar, seen, "skipped")
            wanted = self._one_time(master, occurrence, "is already skipped; nothing was changed", "skipped")
            length = master.end - master.start
            shown = replace(master, start=wanted, end=wanted + length)
            if dry_run:
                return shown
            done = self._guarded(target, master, "skipped",
                                 lambda: target.skip(event_id, wanted, if_match=master.etag))  # type: ignore[attr-defined]
            if done is None:
                raise NotFound(f"{master.title} is no longer on the {target.name} calendar; nothing was skipped")
            audit.record(self.conn, "event.skip", event_id, prov.as_dict(),
                         {"title": master.title, "start": wanted.isoformat(), "end": (wanted + length).isoformat(),
                          "calendar": target.name, "rule": master.rule})
        return shown

    def move_occurrence(self, event_id: str, occurrence: datetime, start: datetime, end: datetime, *,
                        provenance: Provenance | Mapping[str, Any], calendar: str | None = None,
                        seen: Event | None = None, dry_run: bool = False) -> Event:
        """Move one time of a repeating event on its own, the others kept: an override of that time
        (RECURRENCE-ID), kept as the calendar keeps it. A time it does not have, one skipped, one already
        begun or a new time already past is refused. The time as it now is, as an event."""
        prov = Provenance.of(provenance)
        with repo.write_txn(self.conn):
            target, master = self._series(event_id, calendar, seen, "moved")
            wanted = self._one_time(master, occurrence, "is skipped; nothing was moved", "moved")
            rules.check_not_past(start, self.clock.now(), "that event")
            shown = replace(master, start=start, end=end, recurrence_id=wanted)
            if dry_run:
                return shown
            if not hasattr(target, "move_one"):
                raise UserError(f"moving one time of a repeating event in the {target.name} calendar is not "
                                "something Steward can do yet; nothing was moved")
            done = self._guarded(target, master, "moved", lambda: target.move_one(
                event_id, wanted, start, end, if_match=master.etag))
            if done is None:
                raise NotFound(f"{master.title} is no longer on the {target.name} calendar; nothing was moved")
            audit.record(self.conn, "event.move", event_id, prov.as_dict(),
                         {"title": master.title, "start": start.isoformat(), "end": end.isoformat(),
                          "was": wanted.isoformat(), "recurrence_id": wanted.isoformat(), "calendar": target.name})
        return shown.shown_in(self.clock.zone)

    def end_series(self, event_id: str, last_day: date, *, provenance: Provenance | Mapping[str, Any],
                   calendar: str | None = None, seen: Event | None = None, dry_run: bool = False) -> Event:
        """End a repeating event after `last_day` (its times up to that day's end, on the user's clock,
        are kept): the event with its new rule."""
        from steward.dates import parse_rule

        prov = Provenance.of(provenance)
        with repo.write_txn(self.conn):
            target, master = self._series(event_id, calendar, seen, "changed")
            if last_day < self.clock.today():
                raise UserError(f"{self.clock.formats.day(last_day, year=True)} has passed; to stop {master.title} now, cancel it")
            until = datetime.combine(last_day, time(23, 59, 59), self.clock.zone).astimezone(UTC)
            rule = replace(parse_rule(master.rule or ""), count=None, until=until).text()
            first = self._first(master)
            ended = replace(master, rule=rule)
            if dry_run:
                return ended
            done = self._guarded(target, master, "changed", lambda: target.set_rule(  # type: ignore[attr-defined]
                event_id, rule, first, first + (master.end - master.start), if_match=master.etag))
            if done is None:
                raise NotFound(f"{master.title} is no longer on the {target.name} calendar; nothing was changed")
            audit.record(self.conn, "event.series", event_id, prov.as_dict(),
                         {"title": master.title, "was": master.rule, "rule": rule, "calendar": target.name,
                          "until": last_day.isoformat()})
        return ended.shown_in(self.clock.zone)

    def _cut(self, since: date | None) -> datetime:
        """When a change to a series takes hold: now, or the start of the day `since` when that is later."""
        now = self.clock.now().replace(microsecond=0)
        if since is None:
            return now
        return max(now, datetime.combine(since, time(0), self.clock.zone))

    def _next_after(self, rule: str, start: datetime, after: datetime) -> datetime:
        from steward.dates import occurrences

        later = occurrences(rule, start, after, 1)
        if not later:
            raise UserError("that repeat has no time left; nothing was changed")
        return later[0]

    def _one_a_day(self, master: Event, rule: str, start: datetime, cut: datetime) -> tuple[datetime, datetime]:
        """The day a series changes on keeps one of its times, never both (the new series' first time
        and the moment the old one ends): a time of it already begun that day stays, and the new time
        starts the day after; a time still ahead that day moves with the rest, unless its new time that
        day has already passed, when it stays as it was, once."""
        zone = self.clock.zone
        day = cut.astimezone(zone).date()
        begin = datetime.combine(day, time(0), zone)
        after = datetime.combine(day + timedelta(days=1), time(0), zone)
        had = [t for t in self.times_of(master, begin, after) if t not in master.skipped]
        if any(t < cut for t in had) and start.astimezone(zone).date() == day:
            start = self._next_after(rule, start, after - timedelta(seconds=1))
        ahead = [t for t in had if t >= cut]
        if ahead and start.astimezone(zone).date() > day and self._was_due(rule, start, day):
            cut = ahead[-1] + timedelta(seconds=1)  # its new time that day has passed: that day's stays, once
        return start, cut

    def stays_that_day(self, event: Event, rule: str, start: datetime, since: date | None = None) -> list[datetime]:
        """The times of `event` (a repeating one) on the day a change to `rule` from `start` takes hold
        that stay as they were (see `_one_a_day`): for the question asked before the change."""
        cut = self._cut(since)
        kept, new_cut = self._one_a_day(event, rule, start, cut)
        day = cut.astimezone(self.clock.zone).date()
        begin = datetime.combine(day, time(0), self.clock.zone)
        return [t for t in self.times_of(event, begin, begin + timedelta(days=1)) if t < new_cut and
                kept.astimezone(self.clock.zone).date() != day]

    def _was_due(self, rule: str, start: datetime, day: date) -> bool:
        """Whether the new repeat (its time of day `start`'s) has a time on `day` already past."""
        from steward.dates import occurrences

        wall = start.astimezone(self.clock.zone).timetz().replace(tzinfo=None)
        then = datetime.combine(day, wall, self.clock.zone)
        if then >= self.clock.now():
            return False
        found = occurrences(rule, then - timedelta(days=28), then - timedelta(seconds=1), 1)
        return bool(found) and found[0] == then

    def change_series(self, event_id: str, rule: str, first: datetime, *,
                      provenance: Provenance | Mapping[str, Any], minutes: int | None = None,
                      calendar: str | None = None, seen: Event | None = None, dry_run: bool = False,
                      since: date | None = None) -> Event:
        """Give a repeating event new days or a new time from now on (or from the day `since`): `rule` (an
        RRULE) from its first new time `first`. The times before then stay as they were. The event as it
        repeats from then on."""
        from steward.dates import parse_rule

        prov = Provenance.of(provenance)
        now = self.clock.now().replace(microsecond=0)
        try:
            parsed = parse_rule(rule)
        except ValueError as exc:
            raise UserError(f"that repeat cannot be kept: {exc}") from None
        if parsed.freq in ("HOURLY", "MINUTELY"):
            raise UserError("an event can repeat daily at most; nothing was changed")
        start = first.replace(microsecond=0).astimezone(self.clock.zone)
        cut = self._cut(since)
        if start < now and start.date() == cut.date():
            # its new time today has passed ("to 9:30 from now on", said at 10): from its next time
            start = self._next_after(parsed.text(), start, now)
        rules.check_not_past(start, now, "that event")
        with repo.write_txn(self.conn):
            target, master = self._series(event_id, calendar, seen, "changed")
            length = timedelta(minutes=minutes) if minutes else master.end - master.start
            start, cut = self._one_a_day(master, parsed.text(), start, cut)
            if self._first(master) >= cut:
                # not started yet: changed where it stands, under its own UID
                changed = replace(master, rule=parsed.text(), start=start, end=start + length)
                if dry_run:
                    return changed
                done = self._guarded(target, master, "changed", lambda: target.set_rule(  # type: ignore[attr-defined]
                    event_id, parsed.text(), start, start + length, if_match=master.etag))
                if done is None:
                    raise NotFound(f"{master.title} is no longer on the {target.name} calendar; nothing was changed")
                audit.record(self.conn, "event.series", event_id, prov.as_dict(),
                             {"title": master.title, "was": master.rule, "rule": parsed.text(),
                              "start": start.isoformat(), "calendar": target.name})
                return changed.shown_in(self.clock.zone)
            # the times before the change stay: the old series ends then, a new one goes on from `start`
            old = parse_rule(master.rule or "")
            ended_rule = replace(old, count=None, until=(cut - timedelta(seconds=1)).astimezone(UTC)).text()
            follow = Event(id=rules.new_event_uid(), title=master.title, start=start, end=start + length,
                           calendar=target.name, location=master.location, zone=self.clock.zone_name,
                           rule=parsed.text())
            if dry_run:
                return follow
            stored = target.add(follow)
            try:
                done = self._guarded(target, master, "changed", lambda: target.set_rule(  # type: ignore[attr-defined]
                    event_id, ended_rule, self._first(master), self._first(master) + (master.end - master.start),
                    if_match=master.etag))
                if done is None:
                    raise NotFound(f"{master.title} is no longer on the {target.name} calendar; nothing was changed")
            except UserError:
                target.remove(stored.id)  # the old series could not be ended: the new one goes too
                raise
            audit.record(self.conn, "event.series", event_id, prov.as_dict(),
                         {"title": master.title, "was": master.rule, "rule": ended_rule, "calendar": target.name,
                          "continued_as": stored.id})
            audit.record(self.conn, "event.create", stored.id, prov.as_dict(),
                         {"title": master.title, "start": start.isoformat(), "end": (start + length).isoformat(),
                          "calendar": target.name, "location": master.location, "rule": parsed.text(),
                          "continues": event_id})
        return stored.shown_in(self.clock.zone)


def as_in_series(event: Event) -> Event:
    """A time of a repeating event as its series has it: a time moved on its own at the time it had (what
    a change is checked against: the series as the person was shown it)."""
    if event.recurrence_id is None:
        return event
    return replace(event, start=event.recurrence_id, end=event.recurrence_id + (event.end - event.start))
