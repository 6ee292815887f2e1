"""The writes an event change said in words comes to (`event_changes` finds the event and reads the
answers to its questions): each kind worked out into a `Plan` (add, move, resize, cancel, skip one or
several times, move one time, change or end a repeating series), the question to ask before it where
one is due (the time is taken, the event repeats, another calendar app made it), and the write through
the calendar service's one write path, with the reply that says what was done.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.event_find import LOOK_AHEAD, destination, label, upcoming
from steward.calendar.event_talk import EventAdd, EventChange, passed_lately
from steward.clock import Clock
from steward.errors import ConnectorError, UserError
from steward.formats import Formats
from steward.reader.answer import Answer, Written
from steward.reader.answerers.event_replies import about, sentence
from steward.reader.answerers.series_days import DayChoice, day_choices, every_on

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService
    from steward.records.calendar import Event


@dataclass(frozen=True)
class Plan:
    """One write worked out: what it does to which event, and the question to ask first (or none)."""

    action: str                 # add | move | cancel | skip | series | end | move_one
    event: Event | None
    start: datetime | None = None
    end: datetime | None = None
    add: EventAdd | None = None
    question: str | None = None
    rule: str | None = None     # series: the repeat from now on
    last_day: date | None = None  # end: the last day the series keeps
    seen: Event | None = None   # the event as the person was shown it (a change since is refused)
    since: date | None = None   # series: the day the change holds from (else now)
    once: tuple[datetime, datetime] | None = None  # series: the time asked about, moved on its own instead
    times: tuple[datetime, ...] = ()  # skip_many: the times skipped
    days: tuple[DayChoice, ...] = ()  # series on several days: each of them moved alone, offered beside all


@dataclass(frozen=True)
class Turn:
    """The request as the answerer works on it: its words, whom it is for, and its moment."""

    text: str
    session: str
    id: str
    dry_run: bool
    now: datetime


class EventWrites:
    """Plans and makes the writes of event changes said in words, over the calendar service."""

    def __init__(self, clock: Clock, calendar: Callable[[], CalendarService], date_options: Any = None) -> None:
        self.clock = clock
        self._calendar = calendar
        self.date_options = date_options

    @property
    def fmt(self) -> Formats:
        """How the person writes a day and a time (their locale)."""
        return self.clock.formats

    def events(self, now: datetime) -> list[Event]:
        """The events of the coming weeks, from `now` (a repeating one at each of its times)."""
        return upcoming(self._calendar(), now)

    def find(self, event_id: str, calendar: str) -> Event | None:
        """The event with this id in that calendar, on the person's clock (None when it is gone)."""
        try:
            found = self._calendar().backend(calendar).find(event_id)
        except (ConnectorError, UserError):
            return None
        return found.shown_in(self.clock.zone) if found is not None else None

    # -- planning -------------------------------------------------------------------------------

    def plan_add(self, turn: Turn, add: EventAdd) -> Plan | Answer:
        """What adding this event takes (a question first, or the write as it will be made), or why not."""
        calendar = self._calendar()
        clock = self.clock.at(turn.now)
        passed = passed_lately(add.when, clock, self.date_options)
        if passed is not None:
            return Answer(reply=f"{self.fmt.day(passed, year=True)} has passed; nothing was added. To add it "
                                f"next year, say the date with its year.", data={"action": "add", "event": None})
        try:
            repeat = calendar.recurrence(add.when)
            if repeat is not None:
                length = timedelta(minutes=add.minutes or 60)
                return Plan("add", None, add=add,
                            question=self._busy_series(repeat.rule, repeat.start, length, None, "Add it anyway"))
            shown = calendar.create_event(add.title, add.when, minutes=add.minutes, location=add.place,
                                          provenance={"via": "turn"}, dry_run=True)
        except UserError as exc:
            return Answer(reply=sentence(exc.message), data={"action": "add", "event": None})
        del clock
        return Plan("add", None, shown.start, shown.end, add=add,
                    question=self._busy(shown.start, shown.end, None, "Add it anyway"))

    def plan_change(self, turn: Turn, change: EventChange, event: Event) -> Plan | Answer:
        """What this change to the event takes (a question first, or the write as it will be made), or why not."""
        if change.several is not None:
            return self._plan_skips(change, event)
        if not event.rule and change.action == "move" and change.when and change.shift is None \
                and self._calendar().recurrence(_every(change.when)) is not None:
            # "move the dentist to tuesdays from now on": a one-off event asked to repeat is not moved once
            return Answer(reply=f"{label(event, self.fmt)} does not repeat; say the day to move it to. "
                                 "Nothing was changed.", data={"action": "move", "event": event.id})
        if event.rule and change.since is not None:
            later = self._from_day(event, change.since)
            if later is None:
                return Answer(reply=f"{event.title} has no time from {change.since:%a} {change.since.day} "
                                     f"{change.since:%b} on; nothing was changed.", data={"action": "series",
                                                                                          "event": event.id})
            event = later
        length = event.end - event.start
        if event.rule and (change.action == "end" or change.series and change.action == "move"):
            # "push every run back an hour": the shift from the time it has next
            moved = event.start + change.shift if change.shift is not None and change.action == "move" else None
            return self._plan_series(turn, change, event, moved)
        if change.action == "end":
            return Answer(reply=f"{event.title} does not repeat; nothing was changed.",
                           data={"action": "end", "event": event.id})
        if change.action == "cancel":
            if event.rule and (change.occurrence or change.filters or event.recurrence_id) and not change.series:
                # a day said of a repeating event names one of its times: that one is skipped
                ask = None if event.steward else \
                    f"{event.title} was made in another calendar app. Skip it on {self.fmt.when(event.start)}? (yes / no)"
                return Plan("skip", event, event.start, event.end, question=ask, seen=_series_seen(event))
            return Plan("cancel", event, question=self._consent(event, change, f"Cancel {label(event, self.fmt)}"), seen=event)
        if event.rule and not change.filters and (change.when and self._calendar().recurrence(_every(change.when))
                                                  is not None and change.shift is None):
            return self._plan_series(turn, change, event)
        if event.all_day:
            return Answer(reply=f"{event.title} lasts all day; moving it by talking is not something I can do yet.",
                           data={"action": change.action, "event": event.id})
        if change.action == "resize" and change.minutes is None:
            # a new end said ("runs till 9"): on the event's own day, after its start
            until = self._destination(turn, change.when, event) if change.when else None
            if until is None or until <= event.start or until - event.start > timedelta(hours=24):
                return Answer(reply=f"I couldn't tell when {event.title} should end; nothing was changed.",
                              data={"action": "resize", "event": event.id})
            start, end = event.start, until
        elif change.action == "resize":
            assert change.minutes is not None
            start, end = event.start, event.start + timedelta(minutes=change.minutes)
        elif change.shift is not None:
            start, end = event.start + change.shift, event.end + change.shift
        else:
            moved_to = self._destination(turn, change.when, event)
            if moved_to is None:
                return Answer(reply=f"I couldn't tell when to move {event.title} to.",
                               data={"action": "move", "event": event.id})
            start, end = moved_to, moved_to + length
        verb = "Change" if change.action == "resize" else "Move"
        if event.rule and (change.filters or (change.occurrence or event.recurrence_id) and not change.series):
            # one time of a repeating event moved on its own (an override of that time), the others kept
            ask = (None if event.steward else f"{event.title} was made in another calendar app. {verb} the one on "
                   f"{self.fmt.when(event.start)} to {self.fmt.when_until(start, end)}? (yes / no)") or \
                self._busy(start, end, event, f"{verb} it anyway")
            return Plan("move_one", event, start, end, question=ask, seen=_series_seen(event))
        if event.rule:
            # every time or only this one? unsaid, the question offers both
            return self._plan_series(turn, change, event, start, once=None if change.series else (start, end))
        ask = self._consent(event, change, f"{verb} {label(event, self.fmt)} to {self.fmt.when_until(start, end)}") or \
            self._busy(start, end, event, f"{verb} it anyway")
        return Plan("move", event, start, end, question=ask, seen=event)

    def _plan_series(self, turn: Turn, change: EventChange, event: Event, moved_to: datetime | None = None,
                     once: tuple[datetime, datetime] | None = None) -> Plan | Answer:
        """A whole repeating event changed from now on (new days or a new time) or ended after a day:
        always asked once. `once`: the words did not say every time, so the question offers the one time
        asked about (`event`) moved to `once` instead."""
        from steward.dates import describe_rule

        calendar = self._calendar()
        days: tuple[DayChoice, ...] = ()
        if change.action == "end":
            assert change.last_day is not None
            question = f"{event.title} repeats. Stop it after {self.fmt.day(change.last_day, year=True)}? (yes / no)"
            return Plan("end", event, question=question, last_day=change.last_day, seen=event)
        try:
            if change.action == "resize":
                assert change.minutes is not None
                planned = calendar.change_series(event.id, event.rule or "", event.start, minutes=change.minutes,
                                                 provenance={"via": "turn"}, calendar=event.calendar, dry_run=True)
            elif moved_to is not None:
                rule = on_day_of(event.rule or "", event.start, moved_to)
                if rule is None and once is not None:
                    # "move yoga to thursday" of a yoga on tuesdays and fridays: which of its days is asked
                    rule = every_on(event.rule or "", moved_to)
                    days = day_choices(event.rule or "", event.start, moved_to, self.clock.now())
                if rule is None:
                    return Answer(reply=f"{event.title} repeats on more than one day; say its new days (e.g. "
                                         f"'every tuesday and thursday') or which time to move; nothing was changed.",
                                   data={"action": "series", "event": event.id})
                planned = calendar.change_series(event.id, rule, moved_to, provenance={"via": "turn"},
                                                 calendar=event.calendar, dry_run=True, since=change.since)
            else:
                planned = calendar.move_event_to(event, _every(change.when, series=True), series=True,
                                                 provenance={"via": "turn"}, dry_run=True, since=change.since)
                if change.minutes:  # a new time and a new length at once
                    planned = replace(planned, end=planned.start + timedelta(minutes=change.minutes))
        except UserError as exc:
            return Answer(reply=sentence(exc.message), data={"action": "series", "event": event.id})
        said = describe_rule(planned.rule or "", planned.start)
        if change.action == "resize":
            said += f", {round((planned.end - planned.start).total_seconds() / 60)} minutes each time"
        taken = self._busy_series(planned.rule or "", planned.start, planned.end - planned.start, event, "")
        if taken is not None:  # "That time is taken: ...": said before the question
            said = f"{said} (that time is taken: {taken.split(': ', 1)[1].split('. ', 1)[0]})"
        if change.action != "end" and planned.start.date() > self.clock.today():
            stays = calendar.stays_that_day(event, planned.rule or "", planned.start, change.since)
            if stays:  # "today's at 11:00 stays": the day of the change keeps one time, the old one
                said += f" (the one at {', '.join(self.fmt.time(t) for t in stays)} on " \
                        f"{self.fmt.day(stays[0].date())} stays)"
        if days:
            question = self._which_days(event, days, moved_to or planned.start, once)
        elif once is not None:
            question = (f"{event.title} repeats. Make it {said}, from {self.fmt.when(planned.start)} on? Or move "
                        f"just the one on {self.fmt.when(event.start)} to {self.fmt.when_until(*once)}? "
                        "(every time / just that one / no)")
        else:
            question = f"{event.title} repeats. Make it {said}, from {self.fmt.when(planned.start)} on? (yes / no)"
        return Plan("series", event, planned.start, planned.end, question=question, rule=planned.rule, seen=event,
                    since=change.since, once=once, days=days)

    def _which_days(self, event: Event, days: tuple[DayChoice, ...], moved_to: datetime,
                    once: tuple[datetime, datetime] | None) -> str:
        """The one question a repeat on several days moved to another day asks: which of its days moves
        there from now on, all of it, or (`once`) just the time asked about."""
        def plural(day: str) -> str:
            return f"{day.capitalize()}s"

        its = " and ".join(plural(d.day) for d in days)
        each = ", ".join(f"the {plural(d.day)}" for d in days)
        just = f" Or just the one on {self.fmt.when(event.start)}?" if once is not None else ""
        options = " / ".join(d.day + "s" for d in days) + " / all" + (" / just that one" if once else "") + " / no"
        return (f"{event.title} is on {its}: move {each}, or all of it to {moved_to:%A}s from now on?{just} "
                f"({options})")

    def _plan_skips(self, change: EventChange, event: Event) -> Plan | Answer:
        """Several times of a repeating event skipped at once: its next few, or those on the days said."""
        several = change.several
        assert several is not None
        if not event.rule:
            return Answer(reply=f"{event.title} does not repeat; nothing was skipped.",
                           data={"action": "skip", "event": event.id})
        calendar, zone, now = self._calendar(), self.clock.zone, self.clock.now()

        def on(first: date, last: date) -> list[datetime]:
            begin = datetime.combine(first, datetime.min.time(), zone)
            return calendar.times_of(event, max(begin, now), datetime.combine(last + timedelta(days=1),
                                                                               datetime.min.time(), zone))

        if several.count is not None:
            times = calendar.times_of(event, now, now + timedelta(days=400))[:several.count]
        elif several.days:
            times = sorted({t for day in several.days for t in on(day, day)})
        else:
            assert several.first is not None and several.last is not None
            times = on(several.first, several.last)
        if not times:
            return Answer(reply=f"{event.title} does not happen then; nothing was skipped.",
                           data={"action": "skip", "event": event.id})
        listed = ", ".join(self.fmt.when(t) for t in times)
        ask = None if event.steward else \
            f"{event.title} was made in another calendar app. Skip it on {listed}? (yes / no)"
        first = replace(event, start=times[0], end=times[0] + (event.end - event.start))
        return Plan("skip_many", first, times[0], first.end, question=ask, seen=_series_seen(event),
                    times=tuple(times))

    def _from_day(self, event: Event, day: date) -> Event | None:
        """The first time of a repeating event on or after `day` (its times skipped left out)."""
        begin = datetime.combine(day, datetime.min.time(), self.clock.zone)
        times = self._calendar().times_of(event, max(begin, self.clock.now()), begin + timedelta(days=366))
        if not times:
            return None
        return replace(event, start=times[0], end=times[0] + (event.end - event.start))

    def _destination(self, turn: Turn, when: str, event: Event) -> datetime | None:
        return destination(when, event, self.clock.at(turn.now), self.date_options)

    def _consent(self, event: Event, change: EventChange, doing: str) -> str | None:
        if event.rule:
            return f"{event.title} repeats. {doing}, every time it happens? (yes / no)"
        if not event.steward:
            return f"{event.title} was made in another calendar app. {doing}? (yes / no)"
        return None

    def _busy_series(self, rule: str, first: datetime, length: timedelta, moving: Event | None,
                     doing: str) -> str | None:
        """What is on at the times a repeat (`rule` from `first`) would have in the coming weeks, as
        `_busy` says it, or None when they are free."""
        from steward.dates import iter_occurrences

        ahead = self.clock.now() + LOOK_AHEAD
        others = [e for e in self.events(min(first, self.clock.now())) if not e.all_day
                  and (moving is None or e.id != moving.id)]
        taken: list[Event] = []
        for n, begin in enumerate(iter_occurrences(rule, first, first, self.clock.zone, inclusive=True)):
            if begin > ahead or n > 100:
                break
            taken += [e for e in others if e.start < begin + length and begin < e.end
                      and all(t.id != e.id for t in taken)]  # a repeating one once, at its first clash
        if not taken:
            return None
        said = "; ".join(label(e, self.fmt) for e in taken[:3])
        return f"That time is taken: {said}. {doing}? (yes / no)"

    def _busy(self, start: datetime, end: datetime, moving: Event | None, doing: str) -> str | None:
        taken = [e for e in self.events(min(start, self.clock.now()))
                 if e.start < end and start < e.end and not e.all_day and (moving is None or e.id != moving.id)]
        if not taken:
            return None
        said = "; ".join(label(e, self.fmt) for e in taken[:3])
        return f"That time is taken: {said}. {doing}? (yes / no)"

    # -- writing --------------------------------------------------------------------------------

    def settle(self, turn: Turn, plan: Plan | Answer) -> Answer:
        """The answer to a plan: its write made now, or the one question it asks first (owned by this answerer)."""
        if isinstance(plan, Answer):
            return plan
        if plan.question is None:
            return self.write(turn, plan)
        payload: dict[str, Any] = {"step": "confirm", "action": plan.action,
                                   "start": plan.start.isoformat() if plan.start else None,
                                   "end": plan.end.isoformat() if plan.end else None}
        if plan.event is not None:
            if plan.event.recurrence_id is not None:
                payload["recurrence_id"] = plan.event.recurrence_id.isoformat()
            fresh = self.find(plan.event.id, plan.event.calendar)
            payload.update(id=plan.event.id, calendar=plan.event.calendar, rule=plan.rule,
                           last_day=plan.last_day.isoformat() if plan.last_day else None,
                           etag=fresh.etag if fresh is not None else None,
                           was=[plan.event.start.isoformat(), plan.event.end.isoformat()], shown_rule=plan.event.rule,
                           since=plan.since.isoformat() if plan.since else None,
                           once=[t.isoformat() for t in plan.once] if plan.once else None,
                           times=[t.isoformat() for t in plan.times])
            if plan.days:
                length = plan.event.end - plan.event.start
                payload["days"] = [[d.day, d.rule, d.first.isoformat(), (d.first + length).isoformat()]
                                   for d in plan.days]
        if plan.add is not None:
            payload.update(title=plan.add.title, when=plan.add.when, minutes=plan.add.minutes, place=plan.add.place)
        return Answer(reply=plan.question, question=plan.question, payload=payload,
                       data={"action": plan.action, "event": plan.event.id if plan.event else None})

    def write(self, turn: Turn, plan: Plan | None) -> Answer:
        """Make a planned write on the calendar (audited, with where it came from) and say what was done."""
        if plan is None:
            return Answer(reply="That event is no longer on your calendar; nothing was changed.")
        calendar = self._calendar()
        prov = {"via": "turn", "session": turn.session, "turn": turn.id, "command": "chat"}
        try:
            if plan.action == "add":
                assert plan.add is not None
                add = plan.add
                repeat = calendar.recurrence(add.when)
                if repeat is not None:
                    done = calendar.create_repeating_event(add.title, repeat, minutes=add.minutes, location=add.place,
                                                           provenance=prov, dry_run=turn.dry_run)
                    reply = f"Added: {done.title}, {repeat.describe()}, first {label(done, self.fmt)}."
                else:
                    done = calendar.create_event(add.title, plan.start or add.when, end=plan.end,
                                                 location=add.place, provenance=prov, dry_run=turn.dry_run)
                    reply = f"Added: {label(done, self.fmt)}."
                kind = "event"
            elif plan.action in ("skip", "skip_many", "series", "end", "move_one"):
                return self._write_series(turn, plan, prov)
            elif plan.action == "cancel":
                assert plan.event is not None
                if turn.dry_run:
                    done = plan.event
                else:
                    done = calendar.delete_event(plan.event.id, provenance=prov, calendar=plan.event.calendar,
                                                 seen=plan.seen)
                every = f"{plan.event.title}, every time it repeats" if plan.event.rule else label(plan.event, self.fmt)
                reply, kind = f"Cancelled: {every}.", "event.cancel"
            else:
                assert plan.event is not None and plan.start is not None and plan.end is not None
                if turn.dry_run:
                    done = plan.event
                else:
                    done = calendar.move_event(plan.event.id, plan.start, plan.end, provenance=prov,
                                               calendar=plan.event.calendar, seen=plan.seen)
                reply, kind = f"Moved: {plan.event.title} is now {self.fmt.when_until(plan.start, plan.end)}.", "event.move"
        except UserError as exc:
            return Answer(reply=sentence(exc.message), data={"action": plan.action, "event": None})
        if turn.dry_run:
            reply = "Would do: " + reply
        return Answer(reply=reply, writes=(Written(kind, done.id, done.to_json()),), then=about(done, kind, self.fmt),
                       data={"action": plan.action, "event": done.to_json()})


    def _write_series(self, turn: Turn, plan: Plan, prov: Mapping[str, Any]) -> Answer:
        """Skip one time, move one time, change a series from now on, or end it (UserErrors go up)."""
        from steward.dates import describe_rule

        calendar = self._calendar()
        event = plan.event
        assert event is not None
        writes: list[Written] = []
        occurrence = event.recurrence_id or event.start  # a time moved before is named by the time it had
        if plan.action == "skip_many":
            seen = plan.seen
            for at in plan.times:
                skipped = calendar.skip_occurrence(event.id, at, provenance=prov, calendar=event.calendar,
                                                   seen=seen, dry_run=turn.dry_run)
                writes.append(Written("event.skip", skipped.id, skipped.to_json()))
                seen = None  # the series as shown was checked before the first; the next ones are ours
            listed = ", ".join(self.fmt.when(t) for t in plan.times)
            reply = f"Skipped: {event.title} on {listed}; the other times stay."
        elif plan.action == "skip":
            assert plan.start is not None
            skipped = calendar.skip_occurrence(event.id, occurrence, provenance=prov, calendar=event.calendar,
                                               seen=plan.seen, dry_run=turn.dry_run)
            writes.append(Written("event.skip", skipped.id, skipped.to_json()))
            reply = f"Skipped: {event.title} on {self.fmt.when(event.start)}; the other times stay."
        elif plan.action == "move_one":
            assert plan.start is not None and plan.end is not None
            moved = calendar.move_occurrence(event.id, occurrence, plan.start, plan.end, provenance=prov,
                                             calendar=event.calendar, seen=plan.seen, dry_run=turn.dry_run)
            writes.append(Written("event.override", moved.id, moved.to_json()))
            reply = f"Moved: {event.title} on {self.fmt.when(event.start)} is now " \
                    f"{self.fmt.when_until(moved.start, moved.end)}; the other times stay."
        elif plan.action == "end":
            assert plan.last_day is not None
            ended = calendar.end_series(event.id, plan.last_day, provenance=prov, calendar=event.calendar,
                                        seen=plan.seen, dry_run=turn.dry_run)
            writes.append(Written("event.series", ended.id, ended.to_json()))
            reply = f"Done: {event.title} stops after {self.fmt.day(plan.last_day, year=True)}."
        else:
            assert plan.start is not None and plan.rule is not None and plan.end is not None
            minutes = round((plan.end - plan.start).total_seconds() / 60)
            follow = calendar.change_series(event.id, plan.rule, plan.start, minutes=minutes, provenance=prov,
                                            calendar=event.calendar, seen=plan.seen, dry_run=turn.dry_run,
                                            since=plan.since)
            writes.append(Written("event.series", follow.id, follow.to_json()))
            reply = f"Changed: {event.title} is now {describe_rule(plan.rule, plan.start)}, " \
                    f"from {self.fmt.when(plan.start)}."
        if turn.dry_run:
            reply = "Would do: " + reply
        return Answer(reply=reply, writes=tuple(writes), data={"action": plan.action, "event": writes[-1].fields},
                      then=about(event, "event.series", self.fmt))


def plan_from(payload: Mapping[str, Any], find: Callable[[str, str], Event | None]) -> Plan | None:
    """The write a question's payload was about, as the person was shown it (None: the event is gone)."""
    action = str(payload.get("action"))
    start = datetime.fromisoformat(payload["start"]) if payload.get("start") else None
    end = datetime.fromisoformat(payload["end"]) if payload.get("end") else None
    if action == "add":
        add = EventAdd(str(payload["title"]), str(payload["when"]), payload.get("minutes"), payload.get("place"))
        return Plan("add", None, start, end, add=add)
    event = find(str(payload.get("id")), str(payload.get("calendar")))
    if event is None:
        return None
    # what the person was shown: a change made meanwhile (another app) is refused, never overwritten
    was = payload.get("was") or []
    seen = replace(event, etag=payload.get("etag") or event.etag, rule=payload.get("shown_rule"))
    if len(was) == 2:
        seen = replace(seen, start=datetime.fromisoformat(was[0]), end=datetime.fromisoformat(was[1]))
    if action in ("skip", "move_one") and len(was) == 2:
        # the time asked about, not the series' first
        occurrence = datetime.fromisoformat(was[0])
        rid = datetime.fromisoformat(payload["recurrence_id"]) if payload.get("recurrence_id") else None
        event = replace(event, start=occurrence, end=occurrence + (event.end - event.start), recurrence_id=rid)
        if rid is not None:  # the series as it was shown stands at the time this one had
            seen = replace(seen, start=rid, end=rid + (event.end - event.start))
    last_day = date.fromisoformat(payload["last_day"]) if payload.get("last_day") else None
    since = date.fromisoformat(payload["since"]) if payload.get("since") else None
    times = tuple(datetime.fromisoformat(t) for t in payload.get("times") or ())
    return Plan(action, event, start, end, rule=payload.get("rule"), last_day=last_day, seen=seen, since=since,
                times=times)


def on_day_of(rule: str, was: datetime, moved_to: datetime) -> str | None:
    """A repeat moved with one of its times from `was` to another day (`moved_to`): a weekly repeat on
    one day goes to the new weekday, a monthly one on a day of the month to the new day; the rule as it
    was when the day is the same; None when the repeat is on several days (which one moves is not said)."""
    from steward.dates import parse_rule

    if moved_to.date() == was.date():
        return rule
    parsed = parse_rule(rule)
    day = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")[moved_to.weekday()]
    if parsed.freq == "DAILY":
        return rule
    if parsed.freq == "WEEKLY" and len(parsed.byday) == 1:
        return replace(parsed, byday=(day,)).text() if moved_to.weekday() != was.weekday() else rule
    if parsed.freq == "MONTHLY" and len(parsed.bymonthday) == 1 and not parsed.byday:
        return replace(parsed, bymonthday=(moved_to.day,)).text()
    return None


def _series_seen(event: Event) -> Event:
    """A time of a repeating event as its series stands: a time moved on its own at the time it had."""
    if event.recurrence_id is None:
        return event
    return replace(event, start=event.recurrence_id, end=event.recurrence_id + (event.end - event.start))


def _every(when: str, series: bool = False) -> str:
    """ "tuesdays", "to thursdays": the repeat a plural weekday says ("every tuesday"); said of a whole
    series ("move all the runs to sunday"), a weekday alone says it too."""
    text = " ".join(when.split())
    if series and re.fullmatch(r"(?:on\s+)?(mon|tues|wednes|thurs|fri|satur|sun)day", text, re.IGNORECASE):
        return f"every {text.split()[-1]}"
    plural = re.search(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days\b", text, re.IGNORECASE)
    if plural and not re.search(r"\b(?:every|each|other|daily|weekly|fortnightly|biweekly|monthly)\b", text,
                                re.IGNORECASE):
        # "mondays and wednesdays": every monday and wednesday (one repeat, both days)
        said = iter(("every ",))
        return re.sub(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days\b", lambda m: f"{next(said, '')}{m[1]}day", text,
                      flags=re.IGNORECASE)
    return text
