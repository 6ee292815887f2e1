"""reminder_management: the write answerer that lists, cancels, moves, snoozes and finishes reminders said
in plain words, without a model.

    "what reminders do I have?"            list (a day or a week said narrows it: "this week")
    "cancel the AI training reminder"      cancel (a repeating one: the series; "skip this week's": one)
    "move it to 5 pm", "push the dentist reminder to friday"      move (a time keeps the day, a day the time)
    "snooze 10 minutes" (after one fired)  remind again later
    "done", "mark it done"                 finished (one not yet due will not fire)

The target is found among the open reminders by its words and by meaning (`steward.calendar.reminders.targets`); "it"
and "that" are the session's last reminder (the last one set, changed or listed alone; for snooze and
done, one that fired in the last two hours comes first). Two close matches, or no words at all with
several reminders open, open a question this answerer owns ("Which one: 1) … 2) …?"), answered by
number or by words. Every change goes through the calendar's one write path; an unambiguous target
needs no consent question, an ambiguous cancel always asks. The words are in `steward/calendar/reminders/requests.yaml`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.reminders.requests import ManageWords, Request, load_manage_words
from steward.calendar.reminders.targets import Candidate, Similarity, choose, pick_answer
from steward.clock import Clock
from steward.errors import ConfigError, UserError
from steward.formats import Formats
from steward.reader.answer import Answer, Written
from steward.reader.frame import Frame, ReminderWrite, WriteFor
from steward.vocab import Vocab, words

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService
    from steward.records.calendar import Reminder

log = logging.getLogger(__name__)

NAME = "reminder_management"
ACTIONS = ("list", "cancel", "move", "snooze", "done")
_LIST_WORDS = frozenset(("list", "lists", "to-do", "todo", "to-dos", "todos", "task", "tasks"))
RECENT_FIRE = timedelta(hours=2)   # "snooze" / "done" right after a notification mean that one
DONE_WINDOW = timedelta(days=7)    # a fired reminder can be marked done for this long
MAX_LISTED = 20
MAX_ASKED = 5
def _when(due: datetime, fmt: Formats) -> str:
    return fmt.when(due)


def _label(r: Reminder, calendar: CalendarService, fmt: Formats) -> str:
    how = calendar.describe(r)
    return f"{r.text} ({_when(r.due, fmt)}{', ' + how if how else ''})"


@dataclass(frozen=True)
class _Turn:
    """The request as the answerer works on it: its words, whom it is for, and its moment."""

    text: str
    session: str
    id: str
    dry_run: bool
    now: datetime


class ManageReminders:
    """The reminder_management answerer: `ground` finds the reminder a request is about, `answer` lists or
    changes, `resume` finishes what its which-one question was about."""

    name = NAME

    def __init__(self, vocab: Vocab, clock: Clock, calendar: Callable[[], CalendarService],
                 db: Callable[[], sqlite3.Connection], words: ManageWords | None = None, date_options: Any = None,
                 similarity: Callable[[], Similarity | None] | None = None, snooze_minutes: int = 10) -> None:
        self.vocab = vocab
        self.clock = clock
        self._calendar = calendar
        self._db = db
        self.words = words or load_manage_words()
        self.date_options = date_options
        self._similarity = similarity or (lambda: None)
        self.snooze_minutes = snooze_minutes  # a snooze that says no length ("snooze", "snooze it")

    # -- matching -------------------------------------------------------------------------------

    def ground(self, frame: Frame, clock: Clock) -> Frame | None:
        """The frame, when it lists, snoozes or finishes reminders, points at one ("it", "my reminder"), or
        names one an open reminder has the words of; None otherwise (the turn goes on). Writes nothing."""
        write = frame.write
        if not isinstance(write, ReminderWrite):
            return None
        request = write.parsed
        if request.follows:
            # "nah, 7 then": a time put right is about the reminder the conversation's last turn wrote, else nothing
            return frame if just_written(self._db(), write.via.session) is not None else None
        if request.action in ("list", "snooze", "done") or request.pronoun or request.noun:
            return frame
        if not request.target:
            return None
        # words alone ("cancel the dentist"): ours only when an open reminder has them
        candidates = self._candidates(request.action)
        found = choose(request.target, candidates, self.similarity())
        return frame if found.best or found.close else None

    def similarity(self) -> Similarity | None:
        """The embedding similarity that helps pick a reminder by meaning, or None with no model."""
        try:
            return self._similarity()
        except (ConfigError, OSError, RuntimeError) as exc:  # no model here: the words decide alone
            log.debug("reminder targets by words only: %s", exc)
            return None

    # -- answering ------------------------------------------------------------------------------

    def answer(self, frame: Frame, clock: Clock) -> Answer | None:
        """List the reminders, or pick the one meant (asking when unsure) and change it."""
        write = frame.write
        if not isinstance(write, ReminderWrite):
            return None
        request = write.parsed
        turn = _Turn(frame.text, write.via.session, write.via.turn, write.via.dry_run, clock.now())
        if request.action == "list":
            return self._list(turn, request)
        candidates = self._candidates(request.action)
        chosen = self._target(turn, request, candidates)
        if isinstance(chosen, Answer):
            return chosen
        return self._act(turn, request, chosen)

    def claims(self, text: str, payload: Mapping[str, Any], clock: Clock) -> bool:
        """Its questions are answered only when no other request reads the answer."""
        return False

    def resume(self, text: str, payload: Mapping[str, Any], clock: Clock, via: WriteFor) -> Answer | None:
        """Apply the change to the reminder the user picked from the ones offered; None when no answer."""
        turn = _Turn(text, via.session, via.turn, via.dry_run, clock.now())
        try:
            request = Request(str(payload["action"]), occurrence=bool(payload.get("occurrence")),
                              series=bool(payload.get("series")), when=str(payload.get("when") or ""),
                              delay_minutes=payload.get("delay_minutes"), shift_minutes=payload.get("shift_minutes"))
            ids = [int(i) for i in payload["ids"]]
        except (KeyError, TypeError, ValueError):
            return None
        calendar = self._calendar()
        reminders = [r for r in (calendar.reminders(include_done=True)) if r.id in ids]
        by_id = {r.id: r for r in reminders}
        candidates = [Candidate(i, by_id[i].text, _label(by_id[i], calendar, self.clock.formats)) for i in ids if i in by_id]
        picked = pick_answer(turn.text, candidates, self.similarity())
        if picked is None:
            if len(turn.text.split()) <= 3:
                asked = str(payload.get("question") or "")
                again = f"Say a number from 1 to {len(candidates)}, or some words of the one you mean. {asked}".strip()
                return Answer(reply=again, question=asked or again, payload=payload)
            return None
        return self._act(turn, request, by_id[picked.id])

    # -- the parts ------------------------------------------------------------------------------

    def _candidates(self, action: str) -> list[Candidate]:
        calendar = self._calendar()
        pending = [r for r in calendar.reminders() if r.status == "pending"]
        if action == "snooze":
            pool = calendar.recent_fired(timedelta(days=1))
        elif action == "done":
            pool = calendar.recent_fired(DONE_WINDOW) + pending
        else:
            pool = pending
        return [Candidate(int(r.id), r.text, _label(r, calendar, self.clock.formats)) for r in pool if r.id is not None]

    def _target(self, turn: _Turn, request: Request, candidates: list[Candidate]) -> Reminder | Answer:
        calendar = self._calendar()
        everything = {r.id: r for r in calendar.reminders(include_done=True)}
        allowed = {c.id for c in candidates}
        if not candidates:
            return Answer(reply=self._nothing(request.action), data={"action": request.action, "reminder": None})
        pool = self._filtered(turn, request, candidates, everything)
        if not request.target:
            implied = self._implied(turn, request, allowed)
            if implied is not None:
                return everything[implied]
            # "my reminder" with one to choose from is that one; a bare "done" or "cancel it" that
            # points at nothing in this conversation is asked about, never guessed
            if len(pool) == 1 and (request.noun or request.filters):
                return everything[pool[0].id]
            return self._ask(request, pool, "Which one")
        found = choose(request.target, pool, self.similarity())
        if found.best is not None:
            return everything[found.best.id]
        if found.close:
            return self._ask(request, list(found.close), "Which one")
        said = " ".join(request.target)
        return Answer(reply=f"I couldn't find a reminder for {said!r}. " + self._listing(candidates),
                       data={"action": request.action, "reminder": None})

    def _filtered(self, turn: _Turn, request: Request, candidates: list[Candidate],
                  everything: Mapping[int | None, Reminder]) -> list[Candidate]:
        """The candidates a time in the turn names ("my 5 pm reminder", "tomorrow's one"), else all."""
        if not request.filters:
            return candidates
        from steward import dates

        clock = self.clock.at(turn.now)
        zone = self.clock.zone
        kept = []
        for begin, end in request.filters:
            said = dates.find(turn.text[begin:end], clock, options=self.date_options)
            if said is None:
                continue
            for c in candidates:
                due = everything[c.id].due.astimezone(zone)
                same_day = not said.has_date or due.date() == said.start.astimezone(zone).date()
                same_time = not said.has_time or (due.hour, due.minute) == (said.start.hour, said.start.minute)
                if same_day and same_time and c not in kept:
                    kept.append(c)
        return kept or candidates

    def _implied(self, turn: _Turn, request: Request, allowed: set[int]) -> int | None:
        """The reminder "it" means: one that just fired (snooze, done), else the session's last one."""
        if request.action in ("snooze", "done"):
            recent = [r for r in self._calendar().recent_fired(RECENT_FIRE) if r.id in allowed]
            if recent and recent[0].id is not None:
                return recent[0].id
        last = last_reminder(self._db(), turn.session)
        if last is not None and last in allowed:
            return last
        if last is not None and request.pronoun:
            # a repeating reminder's last occurrence has fired: "it" is its open one now
            calendar = self._calendar()
            mentioned = next((r for r in calendar.reminders(include_done=True) if r.id == last), None)
            if mentioned is not None and mentioned.next is not None:
                current = [r for r in calendar.reminders() if r.series_id == mentioned.series_id and
                           mentioned.series_id is not None]
                if current and current[0].id in allowed:
                    return current[0].id
        return None

    def _ask(self, request: Request, pool: Sequence[Candidate], lead: str) -> Answer:
        shown = list(pool)[:MAX_ASKED]
        question = f"{lead}: " + " ".join(f"{i}) {c.label}" for i, c in enumerate(shown, 1)) + "?"
        payload = {"action": request.action, "ids": [c.id for c in shown], "when": request.when,
                   "delay_minutes": request.delay_minutes, "shift_minutes": request.shift_minutes, "occurrence": request.occurrence,
                   "series": request.series, "question": question}  # the question: asked again when no pick
        return Answer(reply=question, question=question, payload=payload,
                       data={"action": request.action, "candidates": [c.id for c in shown]})

    def _nothing(self, action: str) -> str:
        return {"snooze": "Nothing has reminded you recently, so there is nothing to snooze.",
                "done": "You have no reminder to mark done.",
                }.get(action, "You have no upcoming reminders.")

    def _listing(self, candidates: Sequence[Candidate]) -> str:
        shown = "; ".join(c.label for c in candidates[:MAX_ASKED])
        more = f" and {len(candidates) - MAX_ASKED} more" if len(candidates) > MAX_ASKED else ""
        return f"Your reminders: {shown}{more}."

    def _act(self, turn: _Turn, request: Request, target: Reminder) -> Answer:
        calendar = self._calendar()
        prov = {"via": "turn", "session": turn.session, "turn": turn.id, "command": "chat"}
        assert target.id is not None
        repeating = target.series_id is not None
        how = calendar.describe(target)
        try:
            if request.action == "cancel":
                whole = repeating and not request.occurrence
                if whole:
                    done = calendar.cancel_series(target.id, provenance=prov, dry_run=turn.dry_run)
                elif turn.dry_run:
                    done = replace(target, status="cancelled")
                else:
                    done = calendar.cancel_reminder(target.id, provenance=prov)
                if whole:
                    reply = f"Cancelled the repeating reminder: {target.text} ({how})."
                elif repeating:
                    nxt = f"; it repeats next on {_when(done.next, self.clock.formats)}" if done.next else ""
                    reply = f"Skipped this one ({_when(target.due, self.clock.formats)}): {target.text}{nxt}."
                else:
                    reply = f"Cancelled: {target.text} ({_when(target.due, self.clock.formats)})."
            elif request.action == "move" and repeating and request.shift_minutes is None and \
                    (calendar.recurrence(request.when) is not None or request.series and _time_alone(
                        request.when, self.clock, self.date_options)):
                # the new time is itself a repeat ("move my plants reminder to tuesdays"), or a time alone
                # said of every time ("... to 8 am going forward"): every time from now on
                from steward.dates import describe_rule

                done = calendar.move_reminder_series(target.id, request.when, provenance=prov, dry_run=turn.dry_run)
                reply = f"Changed: {target.text} now repeats {describe_rule(done.rule or '', done.due)}, " \
                        f"from {_when(done.due, self.clock.formats)}."
            elif request.action == "move":
                # a shift ("an hour later") moves it from its own time; a time or a day said, to there
                when = (target.due + timedelta(minutes=request.shift_minutes) if request.shift_minutes is not None
                        else request.when)
                done = calendar.move_reminder(target.id, when, provenance=prov, dry_run=turn.dry_run)
                reply = f"Moved: {target.text} to {_when(done.due, self.clock.formats)}."
                if repeating:
                    reply += f" Only this time: it still repeats {how}."
            elif request.action == "snooze":
                minutes = request.delay_minutes or self.snooze_minutes
                done = calendar.snooze_reminder(target.id, timedelta(minutes=minutes), provenance=prov,
                                                dry_run=turn.dry_run)
                reply = f"Snoozed: {target.text}. I'll remind you again at {self.clock.formats.time(done.due)}."
            else:
                done = calendar.done_reminder(target.id, provenance=prov, dry_run=turn.dry_run)
                nxt = f" Next time: {_when(done.next, self.clock.formats)}." if done.next else ""
                reply = f"Marked done: {target.text}.{nxt}"
        except UserError as exc:
            return Answer(reply=exc.message[:1].upper() + exc.message[1:],
                           data={"action": request.action, "reminder": target.id, "error": exc.message})
        if turn.dry_run:
            reply = "(dry run) " + reply
        fields = done.to_json()
        return Answer(reply=reply, writes=(Written("reminder", fields.get("id") or target.id, fields),),
                       data={"action": request.action, "reminder": target.id,
                             "series": bool(repeating and request.action == "cancel" and not request.occurrence)})

    def _list(self, turn: _Turn, request: Request) -> Answer:
        calendar = self._calendar()
        shown = [r for r in calendar.reminders() if r.status in ("pending", "firing", "failed")]
        window = ""
        span: tuple[datetime, datetime] | None = None
        if request.when:
            from steward import dates

            said = dates.find(request.when, self.clock.at(turn.now), options=self.date_options)
            if said is not None:
                begin = said.start
                end = said.end or (said.start + timedelta(days=1))
                if said.has_date and said.end is None:
                    end = said.start + timedelta(days=1)
                shown = [r for r in shown if begin <= r.due < end or _repeats_within(calendar, r, begin, end)]
                window = f" {request.when}"
                span = (begin, end)
        turn_words = set(words(turn.text))
        # "what's on my to-do list?": the list Steward keeps is the reminders, said so
        head = "Your to-do list is your reminders. " if turn_words & _LIST_WORDS and \
            not turn_words & {"reminder", "reminders"} \
            else ""
        if request.unkept:
            # "what's on my shopping list?": that list is not kept here, said before the one list that is
            head = f"Steward keeps no {request.unkept} list: the one list it keeps is your reminders. "
        if request.adding:
            return Answer(reply=f"Steward keeps no {request.unkept} list, so nothing was added. The one list it "
                                'keeps is your reminders: say "remind me on Saturday to ..." to keep something '
                                "in mind.", data={"action": "list", "reminders": []})
        if not shown:
            reply = f"You have no reminders{window}." if window else "You have no upcoming reminders."
            if request.unkept:
                reply += ' To keep something in mind, say "remind me on Saturday to ...".'
            return Answer(reply=head + reply, data={"action": "list", "reminders": []})
        lines = [f"{head}You have {len(shown)} reminder{'s' if len(shown) != 1 else ''}{window}:"]
        for i, r in enumerate(shown[:MAX_LISTED], 1):
            how = calendar.describe(r)
            late = " (its notification failed)" if r.status == "failed" else ""
            lines.append(f"{i}) {_when(r.due, self.clock.formats)}: {r.text}{' (' + how + ')' if how else ''}{late}")
        if len(shown) > MAX_LISTED:
            lines.append(f"… and {len(shown) - MAX_LISTED} more (`steward reminders list` shows them all)")
        data: dict[str, Any] = {"action": "list", "reminders": [r.to_json() for r in shown[:MAX_LISTED]],
                                "view": self._view(lines[0].rstrip(":"), shown, request, span, turn)}
        if len(shown) == 1:
            data["reminder"] = shown[0].id  # "cancel it" now means this one
        return Answer(reply="\n".join(lines), data=data)


    def _view(self, head: str, shown: list[Reminder], request: Request, span: tuple[datetime, datetime] | None,
              turn: _Turn) -> dict[str, Any]:
        """The reminders listed as days with their times (the page's schedule view)."""
        from steward.reader.views import Entry, schedule_view

        clock = self.clock.at(turn.now)
        window = None
        if span is not None:
            first = clock.local(span[0]).date()
            last = clock.local(span[1] - timedelta(microseconds=1)).date()
            window = f"{request.when}: {clock.formats.span(first, max(first, last))}"
        entries = [Entry(r.due, r.text, "reminder") for r in shown[:MAX_LISTED]]
        view = schedule_view(head, entries, clock, window)
        if len(shown) > MAX_LISTED:
            view["also"] = f"And {len(shown) - MAX_LISTED} more after these."
        return view


def _repeats_within(calendar: CalendarService, r: Reminder, begin: datetime, end: datetime) -> bool:
    return any(begin <= t < end for t in calendar.upcoming(r, 8))


def last_reminder(conn: sqlite3.Connection, session: str) -> int | None:
    """The reminder the session's latest turns set, changed or named alone (None when there is none)."""
    from steward.store import assistant as turns

    for past in reversed(turns.recent_turns(conn, session, 20)):
        trace = past.trace
        for write in reversed(list(trace.get("writes") or [])):
            if write.get("kind") == "reminder" and write.get("id") is not None:
                return int(write["id"])
        data = trace.get("data") or {}
        if isinstance(data, Mapping) and isinstance(data.get("reminder"), int):
            return int(data["reminder"])
    return None


def just_written(conn: sqlite3.Connection, session: str) -> int | None:
    """The reminder the session's last turn set or moved (None when that turn wrote none)."""
    from steward.store import assistant as turns

    recent = turns.recent_turns(conn, session, 1)
    writes = list(recent[-1].trace.get("writes") or []) if recent else []
    ids = [int(w["id"]) for w in writes if w.get("kind") == "reminder" and w.get("id") is not None]
    return ids[-1] if ids else None


def _time_alone(when: str, clock: Any, options: Any) -> bool:
    """Whether WHEN is a clock time and no day ("8 am", "half seven")."""
    from steward import dates

    said = dates.find(when, clock, options=options) if when else None
    return said is not None and said.start is not None and said.has_time and not said.has_date
