"""event_changes: the write answerer that adds, moves, resizes and cancels calendar events said in plain
words, without a model.

    "add lunch with Priya on saturday at 1"          add (a length, a place and a repeat may be said)
    "move my dentist appointment to friday at 5"     move (a day keeps the time, a time keeps the day)
    "push the physio an hour later", "move it to next week"      move by a shift
    "make the standup 30 minutes"                    a new length
    "cancel tomorrow's physio"                       cancel

The request is read into a write frame (`steward.reader.writes`: what `steward.calendar.event_talk`
parsed of it). Its target is found among the events of the coming weeks by the words of its title and
place and by the times said of it (`reminders.targets` ranks them); "it" is the event the conversation's
previous turn spoke of. Two close matches ask which one (a question this answerer owns). A time already taken says what is there and asks; so does a change to an event
another calendar app made, or to a whole repeating series. Everything else is written at once through
the calendar service's one write path (a past moment and a duplicate refused, an audit line).
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.event_find import (
    LOOK_AHEAD,
    MAX_ASKED,
    candidates,
    destination,
    label,
    on_times_said,
    one_each,
    unknown_names,
    upcoming,
)
from steward.calendar.event_talk import (
    EventAdd,
    EventChange,
    EventWords,
    load_event_words,
    parse_change,
    passed_lately,
)
from steward.calendar.reminders.requests import load_manage_words
from steward.calendar.reminders.targets import Candidate, choose, pick_answer
from steward.clock import Clock
from steward.errors import ConnectorError, UserError
from steward.formats import Formats
from steward.reader.answer import Answer, Written
from steward.reader.frame import EventWrite, Frame, Named, SlotValue, Window, WriteFor
from steward.vocab import Vocab, words

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService
    from steward.records.calendar import Event

log = logging.getLogger(__name__)

NAME = "event_changes"
# the share of the words said of an event that must be its own (or its kind's) for it to be the one meant
WEAK = 0.5
_YES = frozenset(("yes", "yeah", "yep", "yup", "sure", "ok", "okay", "please", "go", "do", "fine", "confirm"))
_NO = frozenset(("no", "nope", "don't", "dont", "not", "leave", "stop", "cancel", "never"))


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


@dataclass(frozen=True)
class _Turn:
    """The request as the answerer works on it: its words, whom it is for, and its moment."""

    text: str
    session: str
    id: str
    dry_run: bool
    now: datetime


def _turn_of(frame: Frame, clock: Clock) -> _Turn:
    assert frame.write is not None
    via = frame.write.via
    return _Turn(frame.text, via.session, via.turn, via.dry_run, clock.now())


class EventChanges:
    """The event_changes answerer: `ground` finds the event a write frame is about, `answer` writes it
    (or asks first), `resume` and `claims` finish what its question was about."""

    name = NAME

    def __init__(self, vocab: Vocab, clock: Clock, calendar: Callable[[], CalendarService],
                 db: Callable[[], sqlite3.Connection], date_options: Any = None,
                 words: EventWords | None = None) -> None:
        self.vocab = vocab
        self._db = db
        self.clock = clock
        self._calendar = calendar
        self.date_options = date_options
        self.words = words or load_event_words()
        self.manage = load_manage_words()
        self._kinds: Mapping[str, tuple[str, ...]] | None = None

    @property
    def kinds(self) -> Mapping[str, tuple[str, ...]]:
        """The kinds of appointment a person names ("the dentist") and the words each shows in a title."""
        if self._kinds is None:
            from steward.appointments.patterns import load_kinds

            self._kinds = load_kinds()
        return self._kinds

    @property
    def fmt(self) -> Formats:
        """How the person writes a day and a time (their locale)."""
        return self.clock.formats

    # -- grounding ------------------------------------------------------------------------------

    def ground(self, frame: Frame, clock: Clock) -> Frame | None:
        """The write frame with the event(s) it is about (an add needs none); None when no event here is
        the one meant (the turn goes on down the pipeline). Writes nothing."""
        write = frame.write
        if not isinstance(write, EventWrite):
            return None
        turn = _turn_of(frame, clock)
        parsed = write.parsed
        if isinstance(parsed, EventAdd):
            moved = self._put_instead(turn, parsed)
            if moved is None:
                return frame
            change, pool = moved
            return replace(frame, ask="move", write=replace(write, parsed=change, pool=tuple(pool)))
        change = parsed
        if change.corrects and not self._wrote_event(turn):
            return None  # "sorry, 11 not 9" puts right a time just written, and none was
        if change.follows:
            after = self._after_skipped(turn)
            return replace(frame, write=replace(write, event=after)) if after is not None else None
        if change.pronoun and not change.target:
            spoken = self._spoken_of(turn, clock.now())
            if len(spoken) == 1:
                if spoken[0].rule and not change.series and not self._wrote_event(turn):
                    # "what's on sunday? / move it to 7pm": "it" is the time of it that answer showed
                    write = replace(write, parsed=replace(change, occurrence=True))
                return replace(frame, write=replace(write, event=spoken[0]))
            return replace(frame, write=replace(write, pool=tuple(spoken))) if spoken else None
        if not change.target:
            return None
        filtered = self._filtered(turn, change, self._events(clock.now()))
        pool = one_each(filtered)
        found = choose(change.target, candidates(pool, self.kinds))
        if found.best is None and not found.close:
            return None
        if not found.scores or found.scores[0][1] < WEAK:
            return None  # "no more emails from the piano school": one word in four is not the piano lesson
        little = self.words.series.filler if self.words.series is not None else ()
        best = found.best if found.best is not None else found.close[0]
        unknown = unknown_names(change.target, best, candidates(pool, self.kinds), little)
        if unknown:
            # "move the squad away-day" beside a squad retro: a name the calendar does not hold is not the
            # nearest event that shares a word of a kind with it; said, never written
            return replace(frame, write=replace(write, event=pool[best.id], unknown=unknown))
        return replace(frame, write=replace(write, pool=tuple(pool),
                                            times=tuple(filtered) if change.filters else ()))

    def _after_skipped(self, turn: _Turn) -> Event | None:
        """The time of a repeating event after the one the session's previous turn skipped (the last of
        them when it skipped several), or None when it skipped none."""
        from steward.store import assistant as turns

        recent = turns.recent_turns(self._db(), turn.session, 1)
        skipped = [w for w in (recent[-1].trace.get("writes") or []) if w.get("kind") == "event.skip"] if recent else []
        if not skipped:
            return None
        fields = skipped[-1].get("fields") or {}
        event = self._find(str(skipped[-1].get("id")), str(fields.get("calendar")))
        if event is None or not event.rule or not fields.get("start"):
            return None
        was = datetime.fromisoformat(str(fields["start"]))
        times = self._calendar().times_of(event, was + timedelta(minutes=1), was + timedelta(days=400))
        if not times:
            return None
        return replace(event, start=times[0], end=times[0] + (event.end - event.start))

    def _wrote_event(self, turn: _Turn) -> bool:
        """Whether the session's previous turn wrote an event (else "it" was shown by a read)."""
        from steward.store import assistant as turns

        recent = turns.recent_turns(self._db(), turn.session, 1)
        return bool(recent) and any(str(w.get("kind", "")).startswith("event")
                                    for w in recent[-1].trace.get("writes") or [])

    def _put_instead(self, turn: _Turn, added: EventAdd) -> tuple[EventChange, list[Event]] | None:
        """ "put the book club on the 17th instead": an add that names an upcoming event whole, with
        "instead", moves that event."""
        said = words(added.title)
        if "instead" not in words(turn.text):
            return None
        title = " ".join(w for w in said if w != "instead")
        pool = [e for e in self._events(self.clock.at(turn.now).now()) if " ".join(words(e.title)) == title]
        if not pool:
            return None
        return EventChange("move", tuple(title.split()), when=added.when), pool

    def _spoken_of(self, turn: _Turn, now: datetime) -> list[Event]:
        """The events "it" may be: the one the session's previous turn added or changed, else the ones
        it answered about (one is "it"; several are asked between)."""
        from steward.store import assistant as turns

        recent = turns.recent_turns(self._db(), turn.session, 1)
        if not recent:
            return []
        trace = recent[-1].trace
        for write in reversed(list(trace.get("writes") or [])):
            fields = write.get("fields") or {}
            if str(write.get("kind", "")).startswith("event") and write.get("id") and fields.get("calendar"):
                if write["kind"] == "event.cancel":
                    return []
                found = self._find(str(write["id"]), fields["calendar"])
                if found is not None and write["kind"] == "event.override" and fields.get("recurrence_id"):
                    # one time moved on its own: "it" is that time, where it now is
                    found = replace(found, start=datetime.fromisoformat(fields["start"]),
                                    end=datetime.fromisoformat(fields["end"]),
                                    recurrence_id=datetime.fromisoformat(fields["recurrence_id"]))
                return [found] if found is not None else []
        return self._read_of(trace, now)

    def _read_of(self, trace: Mapping[str, Any], now: datetime) -> list[Event]:
        """The upcoming events a read turn answered with (a day's schedule, an appointment asked about)."""
        raw = trace.get("data")
        data: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        shown: list[Mapping[str, Any]] = [i for d in data.get("days") or [] if isinstance(d, Mapping)
                                          for i in d.get("items") or [] if isinstance(i, Mapping)]
        shown += [i for i in data.get("items") or [] if isinstance(i, Mapping)]
        view = data.get("view")  # the reader's answer: the bookings or events it listed
        if isinstance(view, Mapping):
            shown += [i for i in view.get("items") or [] if isinstance(i, Mapping)]
        said = [(str(i.get("title") or ""), str(i.get("start") or "")) for i in shown
                if i.get("title") and i.get("start") and i.get("kind", "event") == "event" and not i.get("proposal")]
        if not said or len(said) > MAX_ASKED:
            return []
        upcoming_events = self._events(now)
        out: list[Event] = []
        for title, start in said:
            at = datetime.fromisoformat(start)
            out += [e for e in upcoming_events if e.title == title and e.start == at and e not in out]
        return one_each(out)

    def _events(self, now: datetime) -> list[Event]:
        return upcoming(self._calendar(), now)

    def _filtered(self, turn: _Turn, change: EventChange, events: list[Event]) -> list[Event]:
        """The events on the days and at the times said of the target ("tomorrow's physio"), else all."""
        if not change.filters:
            return events
        from steward import dates

        clock = self.clock.at(turn.now)
        text = change.text or turn.text
        said = [dates.find(text[a:b], clock, options=self.date_options) for a, b in change.filters]
        return on_times_said(events, said, self.clock.zone)

    # -- answering ------------------------------------------------------------------------------

    # -- answering ------------------------------------------------------------------------------

    def answer(self, frame: Frame, clock: Clock) -> Answer | None:
        """Add the event, or pick the one meant (asking when unsure) and change it; None for a frame not
        grounded here."""
        write = frame.write
        if not isinstance(write, EventWrite):
            return None
        turn = _turn_of(frame, clock)
        if isinstance(write.parsed, EventAdd):
            return self._settle(turn, self._plan_add(turn, write.parsed))
        change = write.parsed
        if write.unknown and write.event is not None:
            said = " ".join(write.unknown)
            return Answer(reply=f"I don't see {said!r} on your calendar; the nearest is "
                                f"{label(write.event, self.fmt)}. Nothing was changed.",
                          data={"action": change.action, "event": None})
        if write.event is not None:
            return self._settle(turn, self._plan_change(turn, change, write.event))
        pool = list(write.pool)
        found = choose(change.target, candidates(pool, self.kinds))
        if found.best is not None:
            best = pool[found.best.id]
            # "skip the run next week" of a daily run: the days said hold several of its times, which one?
            several = [e for e in write.times if (e.id, e.calendar) == (best.id, best.calendar)]
            if not (best.rule and len(several) > 1 and not change.series and change.several is None):
                return self._settle(turn, self._plan_change(turn, change, best))
            close = several[:MAX_ASKED]
        else:
            close = [pool[c.id] for c in found.close][:MAX_ASKED]
        listed = " ".join(f"{k}) {label(e, self.fmt)}" for k, e in enumerate(close, 1))
        question = f"Which one: {listed}?"
        return Answer(reply=question, question=question, payload={
            "step": "which", "text": turn.text, "ids": [[e.id, e.calendar, e.start.isoformat()] for e in close]},
            data={"action": change.action, "event": None})

    def claims(self, text: str, payload: Mapping[str, Any], clock: Clock) -> bool:
        """Whether the answer picks one of the events a which-one question offered ("the piano one", "2",
        "the one on tuesday") and asks nothing new: then it answers the question, whatever else reads it."""
        if payload.get("step") != "which" or len(words(text)) > 6:
            return False
        if parse_change(text, self.words, self.manage, self.vocab, clock, self.date_options) is not None:
            return False
        events = [e for e in (self._occurrence(*ids) for ids in payload.get("ids", [])) if e is not None]
        return _by_time(text, events) is not None or pick_answer(text, _answers(events, clock.today(), self.fmt)) is not None

    def resume(self, text: str, payload: Mapping[str, Any], clock: Clock, via: WriteFor) -> Answer | None:
        """Finish the write the question was about: which event, or a yes to a write shown."""
        return self._resume(_Turn(text, via.session, via.turn, via.dry_run, clock.now()), payload)

    def _resume(self, turn: _Turn, payload: Mapping[str, Any]) -> Answer | None:
        if payload.get("step") == "which":
            events = [e for e in (self._occurrence(*ids) for ids in payload.get("ids", [])) if e is not None]
            chosen = _by_time(turn.text, events)
            if chosen is None:
                picked = pick_answer(turn.text, _answers(events, self.clock.at(turn.now).today(), self.fmt))
                if picked is None:
                    return None
                chosen = events[picked.id]
            clock = self.clock.at(turn.now)
            change = parse_change(str(payload["text"]), self.words, self.manage, self.vocab, clock, self.date_options)
            if change is None:
                return None
            return self._settle(turn, self._plan_change(turn, change, chosen))
        said = set(words(turn.text))
        answer = every_or_once(turn.text) if payload.get("action") in ("series", "cancel") else None
        if answer == "once" and payload.get("once"):
            return self._write(turn, _plan_from({**payload, "action": "move_one", "start": payload["once"][0],
                                                 "end": payload["once"][1]}, self))
        if answer == "every":
            return self._write(turn, _plan_from(payload, self))
        if said & _NO and not said & {"yes", "yeah", "yep"}:
            return Answer(reply="Left as it was; nothing was changed.", data={"action": payload.get("action")})
        if not said & _YES:
            return None
        return self._write(turn, _plan_from(payload, self))

    def _occurrence(self, event_id: str, calendar: str, start: str | None = None) -> Event | None:
        """The event offered in a question: for a repeating one, the time of it that was offered."""
        found = self._find(event_id, calendar)
        if found is None or not found.rule or not start:
            return found
        at = datetime.fromisoformat(start)
        return replace(found, start=at, end=at + (found.end - found.start))

    def _find(self, event_id: str, calendar: str) -> Event | None:
        try:
            found = self._calendar().backend(calendar).find(event_id)
        except (ConnectorError, UserError):
            return None
        return found.shown_in(self.clock.zone) if found is not None else None

    # -- planning -------------------------------------------------------------------------------

    def _plan_add(self, turn: _Turn, add: EventAdd) -> Plan | Answer:
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
            return Answer(reply=_sentence(exc.message), data={"action": "add", "event": None})
        del clock
        return Plan("add", None, shown.start, shown.end, add=add,
                    question=self._busy(shown.start, shown.end, None, "Add it anyway"))

    def _plan_change(self, turn: _Turn, change: EventChange, event: Event) -> Plan | Answer:
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

    def _plan_series(self, turn: _Turn, change: EventChange, event: Event, moved_to: datetime | None = None,
                     once: tuple[datetime, datetime] | None = None) -> Plan | Answer:
        """A whole repeating event changed from now on (new days or a new time) or ended after a day:
        always asked once. `once`: the words did not say every time, so the question offers the one time
        asked about (`event`) moved to `once` instead."""
        from steward.dates import describe_rule

        calendar = self._calendar()
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
            return Answer(reply=_sentence(exc.message), data={"action": "series", "event": event.id})
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
        if once is not None:
            question = (f"{event.title} repeats. Make it {said}, from {self.fmt.when(planned.start)} on? Or move "
                        f"just the one on {self.fmt.when(event.start)} to {self.fmt.when_until(*once)}? "
                        "(every time / just that one / no)")
        else:
            question = f"{event.title} repeats. Make it {said}, from {self.fmt.when(planned.start)} on? (yes / no)"
        return Plan("series", event, planned.start, planned.end, question=question, rule=planned.rule, seen=event,
                    since=change.since, once=once)

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

    def _destination(self, turn: _Turn, when: str, event: Event) -> datetime | None:
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
        others = [e for e in self._events(min(first, self.clock.now())) if not e.all_day
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
        taken = [e for e in self._events(min(start, self.clock.now()))
                 if e.start < end and start < e.end and not e.all_day and (moving is None or e.id != moving.id)]
        if not taken:
            return None
        said = "; ".join(label(e, self.fmt) for e in taken[:3])
        return f"That time is taken: {said}. {doing}? (yes / no)"

    # -- writing --------------------------------------------------------------------------------

    def _settle(self, turn: _Turn, plan: Plan | Answer) -> Answer:
        if isinstance(plan, Answer):
            return plan
        if plan.question is None:
            return self._write(turn, plan)
        payload: dict[str, Any] = {"step": "confirm", "action": plan.action,
                                   "start": plan.start.isoformat() if plan.start else None,
                                   "end": plan.end.isoformat() if plan.end else None}
        if plan.event is not None:
            if plan.event.recurrence_id is not None:
                payload["recurrence_id"] = plan.event.recurrence_id.isoformat()
            fresh = self._find(plan.event.id, plan.event.calendar)
            payload.update(id=plan.event.id, calendar=plan.event.calendar, rule=plan.rule,
                           last_day=plan.last_day.isoformat() if plan.last_day else None,
                           etag=fresh.etag if fresh is not None else None,
                           was=[plan.event.start.isoformat(), plan.event.end.isoformat()], shown_rule=plan.event.rule,
                           since=plan.since.isoformat() if plan.since else None,
                           once=[t.isoformat() for t in plan.once] if plan.once else None,
                           times=[t.isoformat() for t in plan.times])
        if plan.add is not None:
            payload.update(title=plan.add.title, when=plan.add.when, minutes=plan.add.minutes, place=plan.add.place)
        return Answer(reply=plan.question, question=plan.question, payload=payload,
                       data={"action": plan.action, "event": plan.event.id if plan.event else None})

    def _write(self, turn: _Turn, plan: Plan | None) -> Answer:
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
            return Answer(reply=_sentence(exc.message), data={"action": plan.action, "event": None})
        if turn.dry_run:
            reply = "Would do: " + reply
        return Answer(reply=reply, writes=(Written(kind, done.id, done.to_json()),), then=_about(done, kind, self.fmt),
                       data={"action": plan.action, "event": done.to_json()})


    def _write_series(self, turn: _Turn, plan: Plan, prov: Mapping[str, Any]) -> Answer:
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
                      then=_about(event, "event.series", self.fmt))


_ONCE = re.compile(r"\b(?:just|only)\b|\b(?:this|that)\s+(?:one|once|time|week|day)\b|\bonce\b|"
                   r"\bone\s+(?:time|off)\b|\bnot\s+(?:all|every)", re.IGNORECASE)
_EVERY = re.compile(r"\b(?:every|all|each|always|whole|series|permanently|for\s+good|"
                    r"from\s+now\s+on|going\s+forward|onwards?)\b", re.IGNORECASE)


def every_or_once(text: str) -> str | None:
    """What an answer to "every time, or just that one?" picks: "once" ("just this week", "only that
    one"), "every" ("every week", "all of them", "from now on"), or None (neither said, or both)."""
    once, every = bool(_ONCE.search(text)), bool(_EVERY.search(text))
    if once == every:
        return None
    return "once" if once else "every"


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


def _plan_from(payload: Mapping[str, Any], owner: EventChanges) -> Plan | None:
    action = str(payload.get("action"))
    start = datetime.fromisoformat(payload["start"]) if payload.get("start") else None
    end = datetime.fromisoformat(payload["end"]) if payload.get("end") else None
    if action == "add":
        add = EventAdd(str(payload["title"]), str(payload["when"]), payload.get("minutes"), payload.get("place"))
        return Plan("add", None, start, end, add=add)
    event = owner._find(str(payload.get("id")), str(payload.get("calendar")))
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




def _about(event: Event, kind: str, fmt: Formats) -> Frame | None:
    """The question a later turn is read with after a write: about the event written, by its title (none
    after a cancel: the event is gone)."""
    if kind == "event.cancel":
        return None
    said = SlotValue("event", event.title, event.title, ())
    # its time, so "am I free after that?" is after it; an all-day one or a series is no one time
    window = None if event.all_day or event.rule else \
        Window(event.start, event.end, f"on {fmt.when(event.start)}", "minute")
    return Frame(text=event.title, domain="schedule", ask="when", filters=(Named(event.title, (said,), "words"),),
                 window=window)


_LATER = frozenset(("later", "latter", "latest", "last"))
_EARLIER = frozenset(("earlier", "earliest", "sooner", "soonest", "former", "first"))


def _by_time(answer: str, events: list[Event]) -> Event | None:
    """The event an answer picks by its time among those offered: "the latest", "the earliest one"
    (None when the answer says neither, or says more than that)."""
    said = [w for w in words(answer) if w not in ("the", "one", "please", "i", "mean", "meant", "pls")]
    if len(said) != 1 or len(events) < 2 or said[0] not in _LATER | _EARLIER:
        return None
    ordered = sorted(events, key=lambda e: e.start)
    return ordered[-1] if said[0] in _LATER else ordered[0]


def _answers(events: list[Event], today: date, fmt: Formats) -> list[Candidate]:
    """The events offered in a question, each with the words an answer may name it by (its day, "the
    19th" too)."""
    out = []
    for k, e in enumerate(events):
        days = {today: "today", today + timedelta(days=1): "tomorrow"}
        nth = f"{e.start.day}{'th' if 10 <= e.start.day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(e.start.day % 10, 'th')}"
        said = f"{e.title} {e.location or ''} {e.start:%A} {days.get(e.start.date(), '')} {e.start:%B} {e.start.day} {nth}"
        out.append(Candidate(k, " ".join(said.split()), label(e, fmt)))
    return out


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")

