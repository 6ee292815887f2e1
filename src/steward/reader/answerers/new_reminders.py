"""reminder_creation: the write answerer that sets a new reminder said in plain words, without a model.

    "remind me tomorrow at 10 am to call the bank"     a reminder at that time
    "remind me every monday at 9 to water the plants"  a repeating one
    "set an alarm for 6.15", "wake me at half six"      an alarm ("Alarm", "Wake up"), in the morning
    "remind me 30 minutes before my meeting with Dana"  the lead from the event on the calendar, else asked
    "remind me to pay it" (after a question about a bill)  about the thing the turn before was about

The subject is what the reminder is for (`steward.calendar.reminders.subjects`; with the `reminder_llm`
flag and a model on the task tier, the model's summary when it is grounded in the request); the time
comes from `steward.dates` on the person's clock, chosen among the dates said
(`steward.calendar.reminders.dates`: "tomorrow's meeting tonight" is tonight). The write goes through the
calendar's one write path, which gives a day with no time the default hour, refuses a past moment and a
duplicate, and records the provenance. When the subject or the time is missing, or "it" points at
nothing the turn before was about alone, the answerer asks for it (one question of its own); the next
turn's answer completes the reminder (ADR-0112 §3).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.reminders.dates import (
    RelativeTo,
    ReminderDates,
    alarm_subject,
    reminder_dates,
    subject_of,
)
from steward.calendar.reminders.referents import Pointer, fill, pointer_in, referent_day, referents
from steward.calendar.reminders.text import Subject, grounded
from steward.clock import Clock
from steward.errors import ConnectorError, UserError
from steward.reader.answer import Answer, Written
from steward.reader.frame import Frame, ReminderAdd, WriteFor
from steward.vocab import Vocab, contains_phrase, words

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService
    from steward.records.calendar import Event

log = logging.getLogger(__name__)

NAME = "reminder_creation"
ASK_WHAT = "What should I remind you about?"
_NAMED_AHEAD = timedelta(days=60)  # how far ahead a thing a reminder names by its words is looked for
# words any booking's title may hold, that name no one of them ("my eye appointment" is no dentist's appointment)
_ANY_BOOKING = frozenset(("appointment", "appointments", "appt", "booking", "bookings", "reservation", "visit"))
# words of a reminder's request that name no thing ahead ("remind me about ... at 7pm")
_NOT_THINGS = frozenset(("remind", "reminder", "me", "us", "about", "before", "after", "night", "morning", "evening",
                         "afternoon", "day", "same", "pm", "am", "o'clock", "please", "pls", "set", "ping", "nudge"))
ASK_WHEN = "When should I remind you?"
# the hour a reminder counted from a day alone is set at (a thing that falls due on a day has no hour of its own)
_MORNING_OF = 9
# the words that say a thing falls due, not which thing ("when the insurance is due", "when the licence runs out")
_FALLS_DUE_WORDS = frozenset(("due", "runs", "run", "out", "expires", "expiry", "renewal", "renews"))
# a mail's subject that says a thing falls due ("Your MOT is due", "Vehicle tax due for AB12 CDE", "Your licence
# expires soon"): the day its text gives is a day a reminder may count from
# the words before the day a thing falls due on ("runs out on 18/11/2027", "expires on", "is due by")
_DAY_IT_FALLS_DUE = re.compile(r"\b(?:runs?\s+out|expires?|expiring|renews?|(?:is\s+)?due|lapses?)\s+(?:on|by)\b|"
                               r"\b(?:expiry|renewal|due)\s+date\s*:?", re.I)
_FALLS_DUE = re.compile(r"\b(?:due|runs?\s+out|expir(?:es|ing|y)|renewal|renew)\b", re.I)
# a day said from the day of the thing the reminder is for: "at 4pm that day", "the night before at 7",
# "on the morning of it"; `before` is the day before it, `weekday` the last such weekday before it ("pay it the
# friday before at 8pm")
_FROM_ITS_DAY = re.compile(r"\b(?:(?:on\s+)?that\s+(?:same\s+)?day|on\s+the\s+day|the\s+same\s+day|"
                           r"(?:on\s+)?the\s+(?:morning|afternoon|evening)\s+of(?:\s+it)?|"
                           r"the\s+(?P<before>night|evening|day|morning|afternoon)\s+before|"
                           r"the\s+(?P<weekday>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+before)\b",
                           re.I)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


@dataclass(frozen=True)
class StoredWhen:
    """A resolved WHEN kept in a question's payload (resolved when asked, on the person's clock)."""

    start: datetime
    end: datetime | None
    has_date: bool
    has_time: bool
    text: str

    def to_payload(self) -> dict[str, Any]:
        """The time as a question's JSON payload."""
        return {"start": self.start.isoformat(), "end": self.end.isoformat() if self.end else None,
                "has_date": self.has_date, "has_time": self.has_time, "text": self.text}

    @classmethod
    def from_payload(cls, data: Mapping[str, Any]) -> StoredWhen:
        """The time read back from a question's payload."""
        end = data.get("end")
        return cls(datetime.fromisoformat(str(data["start"])), datetime.fromisoformat(end) if end else None,
                   bool(data.get("has_date")), bool(data.get("has_time")), str(data.get("text", "")))

    @classmethod
    def of(cls, when: Any) -> StoredWhen:
        """A `steward.dates` Resolution kept."""
        return cls(when.start, when.end, bool(when.has_date), bool(when.has_time), str(when.text))


@dataclass(frozen=True)
class _Request:
    """The request as the answerer works on it: its words, whom it is for, and its moment."""

    text: str
    via: WriteFor
    now: datetime


class NewReminders:
    """The reminder_creation answerer: `ground` takes a new reminder's frame as it is (nothing to find),
    `answer` sets it or asks for what is missing, `resume` finishes it with the answer."""

    name = NAME

    def __init__(self, vocab: Vocab, clock: Clock, calendar: Callable[[], CalendarService],
                 date_options: Any = None, summarise: Callable[[str], Subject | None] | None = None,
                 before: Callable[[str], Mapping[str, Any] | None] | None = None,
                 things: Callable[[datetime, datetime], Sequence[tuple[str, datetime]]] | None = None,
                 told: Callable[[datetime, datetime], Sequence[tuple[str, datetime]]] | None = None) -> None:
        self.vocab = vocab
        self.clock = clock
        self._calendar = calendar
        self.date_options = date_options
        # model-first reminder text (flag reminder_llm, a model on the task tier); None: deterministic only
        self.summarise = summarise
        # the trace of a conversation's last recorded turn: what "it" in a new reminder points back at
        self._before = before or (lambda _session: None)
        # the things ahead a reminder may name ("the night before my flight"): (title, start) of bookings and entries
        self._things = things or (lambda _start, _end: ())
        # the days ahead the person's mail says things fall due on ("Your MOT is due"): (its subject, that day)
        self._told = told or (lambda _start, _end: ())

    def ground(self, frame: Frame, clock: Clock) -> Frame | None:
        """The frame of a new reminder (it is about nothing already in the person's data); None for another."""
        return frame if isinstance(frame.write, ReminderAdd) else None

    def claims(self, text: str, payload: Mapping[str, Any], clock: Clock) -> bool:
        """Its questions are answered only when no other request reads the answer."""
        return False

    def _subject(self, text: str, found: ReminderDates | None = None) -> tuple[str, str]:
        """(what the reminder is for, where that came from): the model's summary, else the deterministic one."""
        deterministic = subject_of(text, self.vocab, found or ReminderDates(None)).subject
        if self.summarise is None:
            return deterministic, "deterministic"
        try:
            summary = self.summarise(text)
        except ConnectorError as exc:
            log.debug("reminder text: model unavailable (%s); deterministic subject used", exc)
            return deterministic, "deterministic: model unavailable"
        if summary is None:
            return deterministic, "deterministic: model answer unusable"
        if summary.missing:
            return "", "model: NONE"
        from steward import dates

        # a summary that still holds a date, a time or "remind me" is the request echoed, not what it is for
        if contains_phrase(words(summary.text), self.vocab.reminder_triggers) or \
                dates.find(summary.text, self.clock, options=self.date_options) is not None:
            return deterministic, "deterministic: model summary kept the trigger or a time"
        # grounded in what the user said it is for (or in the request, when nothing deterministic is left)
        if not grounded(summary.text, deterministic or text):
            return deterministic, "deterministic: model summary not grounded in the request"
        return summary.text, "model"

    def answer(self, frame: Frame, clock: Clock) -> Answer | None:
        """Set the reminder through the calendar's write path, or ask for what is missing."""
        write = frame.write
        if not isinstance(write, ReminderAdd):
            return None
        request = _Request(frame.text, write.via, clock.now())
        found, repeat = write.parsed.dates, write.parsed.repeat
        when = found.when
        subject, source = self._subject(request.text, found)
        if found.alarm:
            # "set an alarm for 6.15", "wake me at half six": with nothing else said, the alarm is what it is for
            named = alarm_subject(subject, request.text)
            subject, source = named, source if named == subject else "alarm"
        # a subject that only pointed back ("remind me about that friday") left nothing: its word is in the request
        pointer = pointer_in(subject) if subject else pointer_in(request.text, anywhere=True)
        if pointer is not None:
            # "remind me to pay it": "it" is the thing the turn before was about, or asked; never saved as "it"
            names = referents(self._before(request.via.session))
            if len(names) == 1:
                subject, source = fill(subject or pointer.word, pointer, names[0]), "pointed back"
            elif names or subject:
                return self._which(subject or pointer.word, pointer, names, when, repeat)
            # "ping me about this at noon" with nothing before it to be about: what it is for is asked, as for no subject
        anchored = _FROM_ITS_DAY.search(request.text) if repeat is None and found.relative is None else None
        if anchored is not None:
            # "remind me to leave for it at 4pm that day": the day of the thing it points back at (never today's);
            # with no such one thing, or no time said, the day and the time are asked
            subject = " ".join(_FROM_ITS_DAY.sub(" ", subject).split())
            # ("pay it the friday before": the day's words taken by the dates leave their "the" behind)
            subject = re.sub(r"(?:\s+(?:on|the))+$", "", subject)
            day = referent_day(self._before(request.via.session), clock.zone) if source == "pointed back" else \
                self._named_day(request.text, anchored[0], clock)
            if day is None or when is None or not when.has_time or not subject:
                return _asked(f"Say the day and the time: which day do you mean by \u201c{anchored[0]}\u201d?",
                              {"need": "when", "subject": subject} if subject else {"need": "what", "then": "when"})
            said = when.start.astimezone(clock.zone) if when.start.tzinfo is not None else when.start
            back = 1 if anchored["before"] else 0
            if anchored["weekday"]:
                back = (day.weekday() - _WEEKDAYS.index(anchored["weekday"].lower())) % 7 or 7
            start = datetime.combine(day - timedelta(days=back), said.time(), clock.zone)
            return self._write(request, subject, StoredWhen(start, None, True, True, f"{when.text} {anchored[0]}"),
                               source)
        if repeat is not None:
            if not subject:
                payload = {"need": "what", "repeat": {"rule": repeat.rule, "start": repeat.start.isoformat()}}
                return _asked(ASK_WHAT, payload, {"subject_source": source})
            return self._write_repeating(request, subject, repeat.rule, repeat.start, source)
        if found.relative is not None:
            return self._from_event(request, subject, found.relative, source)
        if when is None and not subject:
            return _asked(ASK_WHAT, {"need": "what", "then": "when"})
        if when is None:
            return _asked(ASK_WHEN, {"need": "when", "subject": subject})
        stored = StoredWhen.of(when)
        if not subject:
            return _asked(ASK_WHAT, {"need": "what", "when": stored.to_payload()}, {"subject_source": source})
        return self._write(request, subject, stored, source)

    def resume(self, text: str, payload: Mapping[str, Any], clock: Clock, via: WriteFor) -> Answer | None:
        """Complete the reminder with this answer (the missing subject or time); None when it is no answer."""
        request = _Request(text, via, clock.now())
        need = payload.get("need")
        if need == "what":
            subject, source = (self._picked(text, payload), "pointed back") if "fill" in payload \
                else self._subject(text)
            if not subject:
                asked = str(payload.get("question") or ASK_WHAT)
                return Answer(reply=asked, question=asked, payload=payload)
            if isinstance(payload.get("repeat"), Mapping):
                try:
                    start = datetime.fromisoformat(str(payload["repeat"]["start"]))
                    rule = str(payload["repeat"]["rule"])
                except (KeyError, TypeError, ValueError):
                    return None
                return self._write_repeating(request, subject, rule, start, source)
            if "when" not in payload:
                return _asked(ASK_WHEN, {"need": "when", "subject": subject})
            try:
                when = StoredWhen.from_payload(payload["when"])
            except (KeyError, TypeError, ValueError):
                return None  # a payload this version cannot read: drop the question, lose nothing else
            return self._write(request, subject, when, source)
        if need == "when":
            said = reminder_dates(text, clock, self.vocab, self.date_options).when
            if said is None:
                asked = str(payload.get("question") or ASK_WHEN)
                return Answer(reply=f"{ASK_WHEN} (for example \"tomorrow at 5 pm\")", question=asked,
                              payload=payload)
            stored = StoredWhen.of(said)
            lead = payload.get("lead_seconds")
            if isinstance(lead, int | float) and (said.has_time or float(lead) % 86400 == 0):
                # the answer says when the event is; the reminder is the lead away from it
                stored = replace(stored, start=stored.start + timedelta(seconds=float(lead)), end=None)
            return self._write(request, str(payload.get("subject", "")), stored)
        return None

    def _named_day(self, text: str, anchor: str, clock: Clock) -> date | None:
        """The day of the one thing ahead a reminder's own words name ("the night before my flight", "remind me
        about the car service the morning of it"): the booking or entry whose title holds the most of its words
        (or is of the kind it says); None when none does, or several on different days fit as well."""
        from steward.calendar.reminders.events import name_words, shared_words
        from steward.reader.lists import kind_of
        from steward.reader.words import load_words

        kinds = load_words().provider_kinds
        words_said = text.replace(anchor, " ")
        said = [w for w in name_words(words_said) if w not in _NOT_THINGS and not any(c.isdigit() for c in w)]
        own = [w for w in said if w not in _ANY_BOOKING]
        kind = kind_of(words_said, kinds)  # "my vet appointment" is a veterinary clinic's, "the dentist" a dental one

        def fit(title: str) -> int:
            # the words of it said, and its kind when said ("the vet" of "Paws & Claws Veterinary appointment")
            return shared_words(said, title) + (2 if kind and kind_of(title, kinds) == kind else 0) \
                if shared_words(own, title) or kind and kind_of(title, kinds) == kind else 0

        now = clock.now()
        if not own and not kind:
            return None  # "the night before my appointment" names no one thing: which is asked
        scored = [(fit(title), start) for title, start in self._things(now, now + _NAMED_AHEAD) if start > now]
        best = max((n for n, _ in scored), default=0)
        days = {start.astimezone(clock.zone).date() for n, start in scored if n == best and best}
        return days.pop() if len(days) == 1 else None

    def _held_thing(self, relative: RelativeTo, subject: str, now: datetime) -> tuple[str, datetime] | None:
        """The one thing ahead, not on the calendar, whose title holds the most of the words that name what a
        reminder counts from (a booking read from mail, a day a mail says a thing falls due): (its title, its
        start); None when none holds them, or several on different days hold them as well."""
        from steward.calendar.reminders.events import name_words, shared_words
        from steward.reader.lists import kind_of
        from steward.reader.words import load_words

        named = relative.event or subject
        said = [w for w in name_words(named) if w not in _NOT_THINGS and w not in _FALLS_DUE_WORDS
                and w not in _ANY_BOOKING and not any(c.isdigit() for c in w)]
        if not said:
            return None
        kinds = load_words().provider_kinds
        kind = kind_of(named, kinds)  # "the dentist" is a dental practice's booking, whatever its name

        def fit(title: str) -> int:
            return shared_words(said, title) + (2 if kind and kind_of(title, kinds) == kind else 0)

        # a booking or an entry first; a day a mail gives only when no booking fits, by the words it shares alone
        for things, score in ((self._things, fit), (self._told, lambda title: shared_words(said, title))):
            scored = [(score(title), title, start) for title, start in things(now, now + _NAMED_AHEAD) if start > now]
            best = max((n for n, _, _ in scored), default=0)
            fits = [(title, start) for n, title, start in scored if n == best and best]
            if fits:
                return min(fits, key=lambda f: f[1]) if len({f[1].date() for f in fits}) == 1 else None
        return None

    def _which(self, said: str, pointer: Pointer, names: tuple[str, ...], when: Any, repeat: Any) -> Answer:
        """Ask what the word that points back means: which of the things the turn before listed, or plainly."""
        if names:
            question = f"Which do you mean by “{pointer.word}”: " + \
                " ".join(f"{i}) {n}" for i, n in enumerate(names, 1)) + "?"
        else:
            question = f"Say what to remind you about: what do you mean by “{pointer.word}”?"
        payload: dict[str, Any] = {"need": "what", "fill": said, "pointer": pointer.word, "choices": list(names)}
        if repeat is not None:
            payload["repeat"] = {"rule": repeat.rule, "start": repeat.start.isoformat()}
        elif when is not None:
            payload["when"] = StoredWhen.of(when).to_payload()
        return _asked(question, payload, {"subject_source": "asked"})

    def _picked(self, text: str, payload: Mapping[str, Any]) -> str:
        """The reminder's text once the answer says what its word that points back meant ("" when it does not)."""
        from steward.calendar.reminders.targets import Candidate, pick_answer

        choices = [str(c) for c in payload.get("choices") or ()]
        answer = text.strip().strip(".!?").strip()
        picked = pick_answer(answer, [Candidate(i, c, c) for i, c in enumerate(choices)]) if choices else None
        if picked is not None:
            name = picked.text
        elif choices and ({"one", "ones", "first", "second", "last"} & set(words(answer)) or answer.isdigit()):
            return ""  # "the other one": a pick among the things offered that names none of them
        else:
            name = answer  # "the gas bill": what it meant, said
        if not name or pointer_in(name, anywhere=True) is not None:
            return ""
        word = str(payload.get("pointer") or "it")
        return fill(str(payload.get("fill") or word), Pointer(word, 0), name)

    def _from_event(self, request: _Request, subject: str, relative: RelativeTo, source: str) -> Answer:
        """ "30 minutes before my meeting with Dana": the lead from the event on the calendar, else asked."""
        from steward.calendar.reminders.events import event_label, find_event

        calendar = self._calendar()

        def events(day: date) -> list[Event]:
            return [i.event for i in calendar.schedule(day).items if i.event is not None]

        event = find_event(relative, subject, events, request.now)
        held = self._held_thing(relative, subject, request.now) if event is None else None
        if held is not None:
            # "two weeks before the passport expires", "the night before the optician": a booking read from mail, or a day a mail
            # says a thing falls due, counted from as an event is (a day alone from the morning of it)
            title, start = held
            if start.astimezone(self.clock.zone).time() == datetime.min.time():
                start = start.replace(hour=_MORNING_OF)
            due = start + timedelta(seconds=relative.seconds)
            if due > request.now:
                return self._write(request, subject or title, StoredWhen(due, None, True, True, title), source)
        if event is None:
            question = f"When is {event_label(relative, subject)}?"
            payload = {"need": "when", "subject": subject or relative.event, "lead_seconds": relative.seconds}
            return _asked(question, payload, {"subject_source": source})
        due = event.start + timedelta(seconds=relative.seconds)
        done = self._write(request, subject or event.title, StoredWhen(due, None, True, True, event.title), source)
        return replace(done, data={**done.data, "from_event": event.to_json()})

    def _write(self, request: _Request, subject: str, when: StoredWhen, source: str = "deterministic") -> Answer:
        via = request.via
        provenance = {"via": "turn", "session": via.session, "turn": via.turn, "command": "chat"}
        try:
            reminder = self._calendar().create_reminder(subject, when, provenance=provenance, dry_run=via.dry_run)
        except UserError as exc:  # past moment, duplicate, text too long: the person can act on it
            return Answer(reply=exc.message[:1].upper() + exc.message[1:], data={"error": exc.message})
        fields = reminder.to_json()
        verb = "I would set a reminder" if via.dry_run else "Reminder set"
        reply = f"{verb} for {self.clock.formats.when(reminder.due)}: {reminder.text}"
        if contains_phrase(words(request.text), self.vocab.repeat_words):
            reply += (" (only this one: I couldn't tell how it repeats; say e.g. \"every monday at 9\" or "
                      "\"on the 1st of every month\")")
        return Answer(reply=reply, writes=(Written("reminder", reminder.id, fields),),
                      data={"subject_source": source})

    def _write_repeating(self, request: _Request, subject: str, rule: str, start: datetime,
                         source: str = "deterministic") -> Answer:
        via = request.via
        provenance = {"via": "turn", "session": via.session, "turn": via.turn, "command": "chat"}
        try:
            reminder = self._calendar().create_repeating(subject, rule, start=start, provenance=provenance,
                                                         dry_run=via.dry_run)
        except UserError as exc:
            return Answer(reply=exc.message[:1].upper() + exc.message[1:], data={"error": exc.message})
        from steward.dates import describe_rule

        how = describe_rule(reminder.rule or rule, start)
        verb = "I would set a repeating reminder" if via.dry_run else "Repeating reminder set"
        reply = f"{verb}: {reminder.text}, {how}; first on {self.clock.formats.when(reminder.due)}"
        return Answer(reply=reply, writes=(Written("reminder", reminder.id, reminder.to_json()),),
                      data={"subject_source": source, "rule": reminder.rule, "repeats": how})


def _asked(question: str, payload: Mapping[str, Any], data: Mapping[str, Any] | None = None) -> Answer:
    """One question asked back (the reply is the question), its payload kept for the answer to it (with the
    question, asked again when the answer does not do)."""
    return Answer(reply=question, question=question, payload={**payload, "question": question}, data=dict(data or {}))


def days_mail_gives(previews: Iterable[Any], clock: Clock, start: datetime, end: datetime) -> list[tuple[str, datetime]]:
    """The things a mail's subject says fall due, on the day ahead its text gives ("Your MOT is due": "the MOT ...
    runs out on 18/11/2027"), as (its subject, the start of that day) between `start` and `end`: days a reminder may
    count from. A mail marked suspicious gives none."""
    from steward import dates

    out: list[tuple[str, datetime]] = []
    for p in previews:
        if p.category == "phishing_suspect" or not _FALLS_DUE.search(p.subject):
            continue
        told = _DAY_IT_FALLS_DUE.search(p.snippet)
        found = dates.find(p.snippet[told.end():told.end() + 40] if told else p.snippet, clock.at(p.received_at),
                           prefer="future")
        if found is None or found.start is None or found.grain != "day":
            continue
        day = datetime.combine(clock.local(found.start).date(), datetime.min.time(), clock.zone)
        if start <= day < end and day > p.received_at:
            out.append((p.subject, day))
    return out
