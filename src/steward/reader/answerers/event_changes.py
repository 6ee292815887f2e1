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
previous turn spoke of. Two close matches ask which one (a question this answerer owns). A time
already taken says what is there and asks; so does a change to an event another calendar app made, or
to a whole repeating series (one on several days moved to another day asks which of its days moves). Everything else is written at once through the calendar service's one
write path (a past moment and a duplicate refused, an audit line).

This module finds the event and reads the answers to its questions; `event_writes` works each kind of
write out into a plan, asks what is due before it and makes it; `event_replies` holds what the answers
are read by and the question a later turn is read with.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.event_find import (
    MAX_ASKED,
    candidates,
    label,
    on_times_said,
    one_each,
    unknown_names,
)
from steward.calendar.event_talk import (
    EventAdd,
    EventChange,
    EventWords,
    load_event_words,
    parse_change,
)
from steward.calendar.reminders.requests import load_manage_words
from steward.calendar.reminders.targets import choose, pick_answer
from steward.clock import Clock
from steward.formats import Formats
from steward.reader.answer import Answer
from steward.reader.answerers.event_replies import by_time, every_or_once, offered
from steward.reader.answerers.event_writes import EventWrites, Turn, plan_from
from steward.reader.answerers.series_days import picked_day
from steward.reader.frame import EventWrite, Frame, WriteFor
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


def turn_of(frame: Frame, clock: Clock) -> Turn:
    """The write frame's request as the answerer works on it, at the clock's moment."""
    assert frame.write is not None
    via = frame.write.via
    return Turn(frame.text, via.session, via.turn, via.dry_run, clock.now())


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
        self.writes = EventWrites(clock, calendar, date_options)

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
        turn = turn_of(frame, clock)
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
        filtered = self._filtered(turn, change, self.writes.events(clock.now()))
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

    def _after_skipped(self, turn: Turn) -> Event | None:
        """The time of a repeating event after the one the session's previous turn skipped (the last of
        them when it skipped several), or None when it skipped none."""
        from steward.store import assistant as turns

        recent = turns.recent_turns(self._db(), turn.session, 1)
        skipped = [w for w in (recent[-1].trace.get("writes") or []) if w.get("kind") == "event.skip"] if recent else []
        if not skipped:
            return None
        fields = skipped[-1].get("fields") or {}
        event = self.writes.find(str(skipped[-1].get("id")), str(fields.get("calendar")))
        if event is None or not event.rule or not fields.get("start"):
            return None
        was = datetime.fromisoformat(str(fields["start"]))
        times = self._calendar().times_of(event, was + timedelta(minutes=1), was + timedelta(days=400))
        if not times:
            return None
        return replace(event, start=times[0], end=times[0] + (event.end - event.start))

    def _wrote_event(self, turn: Turn) -> bool:
        """Whether the session's previous turn wrote an event (else "it" was shown by a read)."""
        from steward.store import assistant as turns

        recent = turns.recent_turns(self._db(), turn.session, 1)
        return bool(recent) and any(str(w.get("kind", "")).startswith("event")
                                    for w in recent[-1].trace.get("writes") or [])

    def _put_instead(self, turn: Turn, added: EventAdd) -> tuple[EventChange, list[Event]] | None:
        """ "put the book club on the 17th instead": an add that names an upcoming event whole, with
        "instead", moves that event."""
        said = words(added.title)
        if "instead" not in words(turn.text):
            return None
        title = " ".join(w for w in said if w != "instead")
        pool = [e for e in self.writes.events(self.clock.at(turn.now).now()) if " ".join(words(e.title)) == title]
        if not pool:
            return None
        return EventChange("move", tuple(title.split()), when=added.when), pool

    def _spoken_of(self, turn: Turn, now: datetime) -> list[Event]:
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
                found = self.writes.find(str(write["id"]), fields["calendar"])
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
        upcoming_events = self.writes.events(now)
        out: list[Event] = []
        for title, start in said:
            at = datetime.fromisoformat(start)
            out += [e for e in upcoming_events if e.title == title and e.start == at and e not in out]
        return one_each(out)

    def _filtered(self, turn: Turn, change: EventChange, events: list[Event]) -> list[Event]:
        """The events on the days and at the times said of the target ("tomorrow's physio"), else all."""
        if not change.filters:
            return events
        from steward import dates

        clock = self.clock.at(turn.now)
        text = change.text or turn.text
        said = [dates.find(text[a:b], clock, options=self.date_options) for a, b in change.filters]
        return on_times_said(events, said, self.clock.zone)

    # -- answering ------------------------------------------------------------------------------

    def answer(self, frame: Frame, clock: Clock) -> Answer | None:
        """Add the event, or pick the one meant (asking when unsure) and change it; None for a frame not
        grounded here."""
        write = frame.write
        if not isinstance(write, EventWrite):
            return None
        turn = turn_of(frame, clock)
        if isinstance(write.parsed, EventAdd):
            return self.writes.settle(turn, self.writes.plan_add(turn, write.parsed))
        change = write.parsed
        if write.unknown and write.event is not None:
            said = " ".join(write.unknown)
            return Answer(reply=f"I don't see {said!r} on your calendar; the nearest is "
                                f"{label(write.event, self.fmt)}. Nothing was changed.",
                          data={"action": change.action, "event": None})
        if write.event is not None:
            return self.writes.settle(turn, self.writes.plan_change(turn, change, write.event))
        pool = list(write.pool)
        found = choose(change.target, candidates(pool, self.kinds))
        if found.best is not None:
            best = pool[found.best.id]
            # "skip the run next week" of a daily run: the days said hold several of its times, which one?
            several = [e for e in write.times if (e.id, e.calendar) == (best.id, best.calendar)]
            if not (best.rule and len(several) > 1 and not change.series and change.several is None):
                return self.writes.settle(turn, self.writes.plan_change(turn, change, best))
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
        if payload.get("days") and len(words(text)) <= 6:
            # "the tuesdays": one of the days a repeat on several days was asked to move
            return picked_day(text, [d[0] for d in payload["days"]]) is not None
        if payload.get("step") != "which" or len(words(text)) > 6:
            return False
        if parse_change(text, self.words, self.manage, self.vocab, clock, self.date_options) is not None:
            return False
        events = [e for e in (self._occurrence(*ids) for ids in payload.get("ids", [])) if e is not None]
        return by_time(text, events) is not None or pick_answer(text, offered(events, clock.today(), self.fmt)) is not None

    def resume(self, text: str, payload: Mapping[str, Any], clock: Clock, via: WriteFor) -> Answer | None:
        """Finish the write the question was about: which event, or a yes to a write shown."""
        return self._resume(Turn(text, via.session, via.turn, via.dry_run, clock.now()), payload)

    def _resume(self, turn: Turn, payload: Mapping[str, Any]) -> Answer | None:
        if payload.get("step") == "which":
            events = [e for e in (self._occurrence(*ids) for ids in payload.get("ids", [])) if e is not None]
            chosen = by_time(turn.text, events)
            if chosen is None:
                picked = pick_answer(turn.text, offered(events, self.clock.at(turn.now).today(), self.fmt))
                if picked is None:
                    return None
                chosen = events[picked.id]
            clock = self.clock.at(turn.now)
            change = parse_change(str(payload["text"]), self.words, self.manage, self.vocab, clock, self.date_options)
            if change is None:
                return None
            return self.writes.settle(turn, self.writes.plan_change(turn, change, chosen))
        said = set(words(turn.text))
        days = {str(d[0]): d for d in payload.get("days") or []}
        day = picked_day(turn.text, list(days)) if days else None
        if day is not None:
            _, rule, start, end = days[day]
            return self.writes.write(turn, plan_from({**payload, "rule": rule, "start": start, "end": end},
                                                     self.writes.find))
        answer = every_or_once(turn.text) if payload.get("action") in ("series", "cancel") else None
        if answer == "once" and payload.get("once"):
            return self.writes.write(turn, plan_from({**payload, "action": "move_one", "start": payload["once"][0],
                                                 "end": payload["once"][1]}, self.writes.find))
        if answer == "every":
            return self.writes.write(turn, plan_from(payload, self.writes.find))
        if said & _NO and not said & {"yes", "yeah", "yep"}:
            return Answer(reply="Left as it was; nothing was changed.", data={"action": payload.get("action")})
        if not said & _YES:
            return None
        if days:  # a yes to a question of which: asked again, shorter
            question = f"Which: {', '.join(f'the {d.capitalize()}s' for d in days)}, or all of it?"
            return Answer(reply=question, question=question, payload=dict(payload),
                          data={"action": payload.get("action")})
        return self.writes.write(turn, plan_from(payload, self.writes.find))

    def _occurrence(self, event_id: str, calendar: str, start: str | None = None) -> Event | None:
        """The event offered in a question: for a repeating one, the time of it that was offered."""
        found = self.writes.find(event_id, calendar)
        if found is None or not found.rule or not start:
            return found
        at = datetime.fromisoformat(start)
        return replace(found, start=at, end=at + (found.end - found.start))
