"""reminder_creation: "remind me tomorrow at 10 am to …", "set a reminder …", a to-do with a clock time.

The subject is what the reminder is for (`subjects.parse_subject`); the time comes from
`steward.dates` on the user's clock, chosen among the dates said by `steward.calendar.reminders.dates` ("tomorrow's
meeting tonight" is tonight); the write goes through the calendar's one write path, which
gives a day with no time the default hour, refuses a past moment and a duplicate, and records the
provenance. When the subject or the time is missing the intercept asks for it with a continuation it
owns; the next turn's answer completes the reminder (ADR-0112 §3).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match, turn_clock
from steward.assistant.trace import OpenQuestion, Outcome, Turn, Write
from steward.calendar.reminders.dates import (
    RelativeTo,
    ReminderDates,
    alarm_subject,
    reminder_dates,
    subject_of,
)
from steward.calendar.reminders.events import event_label, find_event
from steward.calendar.reminders.referents import Pointer, fill, pointer_in, referents
from steward.calendar.reminders.text import Subject, grounded
from steward.clock import Clock
from steward.errors import ConnectorError, UserError
from steward.formats import Formats
from steward.vocab import Vocab, contains_phrase, match_at, words
from steward.vocab.language import is_action_request, is_question

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService
    from steward.dates import DateOptions, Resolution
    from steward.records.calendar import Event

log = logging.getLogger(__name__)

ASK_WHAT = "What should I remind you about?"
# "mondays", "on tuesdays": a repeat said without "every"
_PLURAL_DAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekdays\b|\bweekends\b", re.IGNORECASE)
ASK_WHEN = "When should I remind you?"
NAME = "reminder_creation"


# "let me know" opening a question of the mail or the clock asks it now ("let me know whether anything came
# from the bank", "let me know the time in Lisbon"): no reminder is for it
_ASKING = frozenset(("if", "whether", "what", "what's", "whats", "who", "how", "when", "which", "the", "any", "new"))
_OF_MAIL = frozenset(("email", "emails", "e-mail", "e-mails", "mail", "mails", "inbox", "message", "messages"))
# the clock asked about: "the time", "the current date", "what day it is" ("the day before" is a reminder's time)
_OF_CLOCK = (("the", "time"), ("the", "date"), ("the", "current"), ("what", "time"), ("what", "day"),
             ("what", "date"), ("today's", "date"), ("todays", "date"), ("current",))


def asks_now(norms: list[str], at: int) -> bool:
    """Whether the trigger at `at` is "let me know" opening a question about the mail or the clock."""
    if norms[at:at + 3] != ["let", "me", "know"]:
        return False
    rest = norms[at + 3:]
    if not rest or rest[0] not in _ASKING:
        return False
    return bool(set(rest) & _OF_MAIL) or any(tuple(rest[:len(p)]) == p for p in _OF_CLOCK)


@dataclass(frozen=True)
class StoredWhen:
    """A resolved WHEN kept in a continuation's payload (resolved when asked, on the user's clock)."""

    start: datetime
    end: datetime | None
    has_date: bool
    has_time: bool
    text: str

    def to_payload(self) -> dict[str, Any]:
        """The time as a continuation's JSON payload."""
        return {"start": self.start.isoformat(), "end": self.end.isoformat() if self.end else None,
                "has_date": self.has_date, "has_time": self.has_time, "text": self.text}

    @classmethod
    def from_payload(cls, data: Mapping[str, Any]) -> StoredWhen:
        """The time read back from a continuation's payload."""
        end = data.get("end")
        return cls(datetime.fromisoformat(str(data["start"])), datetime.fromisoformat(end) if end else None,
                   bool(data.get("has_date")), bool(data.get("has_time")), str(data.get("text", "")))


def find_when(text: str, clock: Clock, options: DateOptions | None = None,
              prefer: str = "future") -> Resolution | None:
    """The first date/time expression in `text` (a steward.dates Resolution) or None."""
    from steward import dates

    return dates.find(text, clock, prefer=prefer, options=options)


def date_spans(when: Resolution | None) -> list[tuple[int, int]]:
    """The character spans of a Resolution's pieces ("tomorrow ... at 5 pm" is two), else its span."""
    if when is None:
        return []
    return list(when.parts) or [when.span]


def when_label(due: datetime, fmt: Formats) -> str:
    """`Tue, 15 Sept 2026 at 10:00` (en_GB), `Tue, Sep 15, 2026 at 10:00 AM` (en_US), on the moment's own clock."""
    return fmt.when(due)


class ReminderCreation:
    """The reminder_creation intercept."""

    name = NAME
    reads_only = False

    def __init__(self, vocab: Vocab, clock: Clock, calendar: Callable[[], CalendarService],
                 date_options: Any = None, summarise: Callable[[str], Subject | None] | None = None,
                 default_hour: int = 9, before: Callable[[str], Mapping[str, Any] | None] | None = None) -> None:
        self.vocab = vocab
        # the trace of a conversation's last recorded turn: what "it" in a new reminder points back at
        self._before = before or (lambda _session: None)
        self.default_hour = default_hour  # the hour of a repeat said with no time ("every monday")
        self.clock = clock
        self._calendar = calendar
        self.date_options = date_options
        # model-first reminder text (flag reminder_llm, a model on the task tier); None: deterministic only
        self.summarise = summarise

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
        said = words(summary.text)
        # a summary that still holds a date, a time or "remind me" is the request echoed, not what it is for
        if contains_phrase(said, self.vocab.reminder_triggers) or \
                find_when(summary.text, self.clock, self.date_options) is not None:
            return deterministic, "deterministic: model summary kept the trigger or a time"
        # grounded in what the user said it is for (or in the request, when nothing deterministic is left)
        if not grounded(summary.text, deterministic or text):
            return deterministic, "deterministic: model summary not grounded in the request"
        return summary.text, "model"

    def _trigger_at(self, norms: list[str]) -> tuple[int, bool] | None:
        """(index, is_todo) of the first reminder (or to-do) trigger."""
        for i in range(len(norms)):
            if match_at(norms, i, self.vocab.reminder_triggers):
                return i, False
        for i in range(len(norms)):
            if match_at(norms, i, self.vocab.todo_triggers):
                return i, True
        return None

    def match(self, turn: Turn) -> Match | None:
        """A Match for a request to set a reminder (its dates, repeat and subject found)."""
        norms = words(turn.text)
        found = self._trigger_at(norms)
        if found is None:
            return None
        at, is_todo = found
        from steward.reader.read import remind_me_asks

        if remind_me_asks(turn.text) is not None:
            return None  # "remind me when the dentist is?": told now, by the reader
        if asks_now(norms, at):
            return None  # "let me know if any new mail turned up", "... the date today": a question, asked now
        action = is_action_request(turn.text, self.vocab)
        if is_question(turn.text, self.vocab) and not action:
            return None  # "what reminders do I have?" is a read, not a new reminder
        if any(match_at(norms, i, self.vocab.not_creating) for i in range(at)):
            return None  # "cancel the 5 pm reminder" is not a new one
        if _NAMES_ONE_SET(norms, at):
            return None  # "my monday reminder should be on tuesdays from now on": one that exists, changed
        dated = reminder_dates(turn.text, turn_clock(self.clock, turn), self.vocab, self.date_options)
        repeat = self._repeat(turn)
        if is_todo and (dated.when is None or not dated.when.has_time) and (repeat is None or not repeat.has_time):
            return None  # a to-do is a reminder only with a clock time (ADR-0112 §4)
        if repeat is not None:
            # the repeat's words ("every monday", "until friday") are not what the reminder is for
            dated = replace(dated, cut=tuple(sorted({*dated.cut, *repeat.parts})))
        return Match(NAME, {"when": dated.when, "dates": dated, "repeat": repeat})

    def _repeat(self, turn: Turn) -> Any:
        """The repeat said in the turn ("every monday at 9"), a steward.dates Recurrence, or None."""
        if not contains_phrase(words(turn.text), self.vocab.repeat_words) and not _PLURAL_DAY.search(turn.text):
            return None
        from steward import dates

        return dates.find_recurrence(turn.text, turn_clock(self.clock, turn), self.date_options, self.default_hour)

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """Write the reminder through the calendar's write path, or ask for what is missing."""
        when = match.slots.get("when")
        found = match.slots.get("dates")
        subject, source = self._subject(turn.text, found if isinstance(found, ReminderDates) else None)
        if isinstance(found, ReminderDates) and found.alarm:
            # "set an alarm for 6.15", "wake me at half six": with nothing else said, the alarm is what it is for
            named = alarm_subject(subject, turn.text)
            subject, source = named, source if named == subject else "alarm"
        repeat = match.slots.get("repeat")
        # a subject that only pointed back ("remind me about that friday") left nothing: its word is in the request
        pointer = pointer_in(subject) if subject else pointer_in(turn.text, anywhere=True)
        if pointer is not None:
            # "remind me to pay it": "it" is the thing the turn before was about, or asked; never saved as "it"
            names = referents(self._before(turn.session))
            if len(names) == 1:
                subject, source = fill(subject or pointer.word, pointer, names[0]), "pointed back"
            elif names or subject:
                return self._which(subject or pointer.word, pointer, names, when, repeat)
            # "ping me about this at noon" with nothing before it to be about: what it is for is asked, as for no subject
        if repeat is not None:
            if not subject:
                payload = {"need": "what", "repeat": {"rule": repeat.rule, "start": repeat.start.isoformat()}}
                return Outcome(reply=ASK_WHAT, ask=OpenQuestion(NAME, ASK_WHAT, payload),
                               data={"subject_source": source})
            return self._write_repeating(turn, subject, repeat.rule, repeat.start, source)
        relative = found.relative if isinstance(found, ReminderDates) else None
        if relative is not None:
            return self._from_event(turn, subject, relative, source)
        if when is None and not subject:
            return Outcome(reply=ASK_WHAT, ask=OpenQuestion(NAME, ASK_WHAT, {"need": "what", "then": "when"}))
        if when is None:
            return Outcome(reply=ASK_WHEN, ask=OpenQuestion(NAME, ASK_WHEN, {"need": "when", "subject": subject}))
        stored = StoredWhen(when.start, when.end, bool(when.has_date), bool(when.has_time), str(when.text))
        if not subject:
            payload = {"need": "what", "when": stored.to_payload()}
            return Outcome(reply=ASK_WHAT, ask=OpenQuestion(NAME, ASK_WHAT, payload),
                           data={"subject_source": source})
        return self._write(turn, subject, stored, source)

    def _which(self, said: str, pointer: Pointer, names: tuple[str, ...], when: Any, repeat: Any) -> Outcome:
        """Ask what the word that points back means: which of the things the turn before listed, or plainly."""
        if names:
            question = f"Which do you mean by “{pointer.word}”: " + \
                " ".join(f"{i}) {n}" for i, n in enumerate(names, 1)) + "?"
        else:
            question = f"What do you mean by “{pointer.word}”? Say what to remind you about."
        payload: dict[str, Any] = {"need": "what", "fill": said, "pointer": pointer.word, "choices": list(names)}
        if repeat is not None:
            payload["repeat"] = {"rule": repeat.rule, "start": repeat.start.isoformat()}
        elif when is not None:
            payload["when"] = StoredWhen(when.start, when.end, bool(when.has_date), bool(when.has_time),
                                         str(when.text)).to_payload()
        return Outcome(reply=question, ask=OpenQuestion(NAME, question, payload), data={"subject_source": "asked"})

    def _picked(self, turn: Turn, payload: Mapping[str, Any]) -> str:
        """The reminder's text once the answer says what its word that points back meant ("" when it does not)."""
        from steward.calendar.reminders.targets import Candidate, pick_answer

        choices = [str(c) for c in payload.get("choices") or ()]
        answer = turn.text.strip().strip(".!?").strip()
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

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Complete the reminder with this turn's answer (the missing subject or time)."""
        payload = question.payload
        need = payload.get("need")
        if need == "what":
            subject, source = (self._picked(turn, payload), "pointed back") if "fill" in payload \
                else self._subject(turn.text)
            if not subject:
                return Outcome(reply=question.question if "fill" in payload else ASK_WHAT, ask=question)
            if isinstance(payload.get("repeat"), Mapping):
                try:
                    start = datetime.fromisoformat(str(payload["repeat"]["start"]))
                    rule = str(payload["repeat"]["rule"])
                except (KeyError, TypeError, ValueError):
                    return None
                return self._write_repeating(turn, subject, rule, start, source)
            if "when" not in payload:
                ask = OpenQuestion(NAME, ASK_WHEN, {"need": "when", "subject": subject})
                return Outcome(reply=ASK_WHEN, ask=ask)
            try:
                when = StoredWhen.from_payload(payload["when"])
            except (KeyError, TypeError, ValueError):
                return None  # a payload this version cannot read: drop the question, lose nothing else
            return self._write(turn, subject, when, source)
        if need == "when":
            said = reminder_dates(turn.text, turn_clock(self.clock, turn), self.vocab, self.date_options).when
            if said is None:
                return Outcome(reply=f"{ASK_WHEN} (for example \"tomorrow at 5 pm\")", ask=question)
            stored = StoredWhen(said.start, said.end, bool(said.has_date), bool(said.has_time), str(said.text))
            lead = payload.get("lead_seconds")
            if isinstance(lead, int | float) and (said.has_time or float(lead) % 86400 == 0):
                # the answer says when the event is; the reminder is the lead away from it
                stored = replace(stored, start=stored.start + timedelta(seconds=float(lead)), end=None)
            return self._write(turn, str(payload.get("subject", "")), stored)
        return None

    def _from_event(self, turn: Turn, subject: str, relative: RelativeTo, source: str) -> Outcome:
        """ "30 minutes before my meeting with Dana": the lead from the event on the calendar, else asked."""
        calendar = self._calendar()

        def events(day: date) -> list[Event]:
            return [i.event for i in calendar.schedule(day).items if i.event is not None]

        event = find_event(relative, subject, events, turn.now)
        if event is None:
            question = f"When is {event_label(relative, subject)}?"
            payload = {"need": "when", "subject": subject or relative.event, "lead_seconds": relative.seconds}
            return Outcome(reply=question, ask=OpenQuestion(NAME, question, payload),
                           data={"subject_source": source})
        due = event.start + timedelta(seconds=relative.seconds)
        outcome = self._write(turn, subject or event.title, StoredWhen(due, None, True, True, event.title), source)
        return replace(outcome, data={**(outcome.data or {}), "from_event": event.to_json()})

    def _write(self, turn: Turn, subject: str, when: StoredWhen, source: str = "deterministic") -> Outcome:
        provenance = {"via": "turn", "session": turn.session, "turn": turn.id, "command": "chat"}
        try:
            reminder = self._calendar().create_reminder(subject, when, provenance=provenance,
                                                        dry_run=turn.dry_run)
        except UserError as exc:  # past moment, duplicate, text too long: the user can act on it
            return Outcome(reply=exc.message[:1].upper() + exc.message[1:], data={"error": exc.message})
        fields = reminder.to_json()
        verb = "I would set a reminder" if turn.dry_run else "Reminder set"
        reply = f"{verb} for {when_label(reminder.due, self.clock.formats)}: {reminder.text}"
        if contains_phrase(words(turn.text), self.vocab.repeat_words):
            reply += (" (only this one: I couldn't tell how it repeats; say e.g. \"every monday at 9\" or "
                      "\"on the 1st of every month\")")
        return Outcome(reply=reply, writes=(Write("reminder", reminder.id, fields),),
                       data={"subject_source": source})

    def _write_repeating(self, turn: Turn, subject: str, rule: str, start: datetime,
                         source: str = "deterministic") -> Outcome:
        provenance = {"via": "turn", "session": turn.session, "turn": turn.id, "command": "chat"}
        calendar = self._calendar()
        try:
            reminder = calendar.create_repeating(subject, rule, start=start, provenance=provenance,
                                                 dry_run=turn.dry_run)
        except UserError as exc:
            return Outcome(reply=exc.message[:1].upper() + exc.message[1:], data={"error": exc.message})
        from steward.dates import describe_rule

        how = describe_rule(reminder.rule or rule, start)
        verb = "I would set a repeating reminder" if turn.dry_run else "Repeating reminder set"
        reply = f"{verb}: {reminder.text}, {how}; first on {when_label(reminder.due, self.clock.formats)}"
        return Outcome(reply=reply, writes=(Write("reminder", reminder.id, reminder.to_json()),),
                       data={"subject_source": source, "rule": reminder.rule, "repeats": how})


def _NAMES_ONE_SET(norms: list[str], at: int) -> bool:  # noqa: N802 (read as a sentence at its call)
    """Whether the word "reminder" at `at` names one already set ("*my* monday reminder", "*the* fish
    reminder"): a determiner of a known thing just before it, and no word that asks for a new one."""
    if at >= len(norms) or norms[at] not in ("reminder", "reminders"):
        return False
    before = norms[max(0, at - 4):at]
    return any(w in ("my", "the", "that", "this", "our") for w in before) and \
        not any(w in ("set", "add", "create", "new", "a", "an", "make", "another", "put") for w in norms[:at])
