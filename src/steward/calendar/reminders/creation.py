"""A new reminder asked for in words: "remind me tomorrow at 10 am to …", "set a reminder …", an alarm, a to-do
with a clock time (pure: no store, no model).

`parse_new(text, ...)` finds the trigger ("remind me", "set an alarm", "don't let me forget"), sorts the
dates said into the reminder's time and the dates that describe what it is for
(`steward.calendar.reminders.dates`), and reads a repeat ("every monday at 9"); None when the turn asks
no new reminder: a question about the reminders, a change to one already set ("cancel the 5 pm
reminder", "my monday reminder should be on tuesdays"), "let me know" opening a question asked now
("let me know whether the bank wrote"), or a to-do with no clock time (ADR-0112 §4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from steward.calendar.reminders.dates import ReminderDates, reminder_dates
from steward.vocab import Vocab, contains_phrase, match_at, words
from steward.vocab.language import is_action_request, is_question

if TYPE_CHECKING:
    from steward.clock import Clock
    from steward.dates import Recurrence

# "mondays", "on tuesdays": a repeat said without "every"
_PLURAL_DAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekdays\b|\bweekends\b", re.IGNORECASE)

# "let me know" opening a question of the mail or the clock asks it now ("let me know whether anything came
# from the bank", "let me know the time in Lisbon"): no reminder is for it
_ASKING = frozenset(("if", "whether", "what", "what's", "whats", "who", "how", "when", "which", "the", "any", "new"))
_OF_MAIL = frozenset(("email", "emails", "e-mail", "e-mails", "mail", "mails", "inbox", "message", "messages"))
# the clock asked about: "the time", "the current date", "what day it is" ("the day before" is a reminder's time)
_OF_CLOCK = (("the", "time"), ("the", "date"), ("the", "current"), ("what", "time"), ("what", "day"),
             ("what", "date"), ("today's", "date"), ("todays", "date"), ("current",))


@dataclass(frozen=True)
class NewReminder:
    """A new reminder read from a request: its dates (the time, and the spans its text cuts, keeps or names:
    `ReminderDates`) and the repeat it said ("every monday at 9"), or None."""

    dates: ReminderDates
    repeat: Recurrence | None = None


def asks_now(norms: list[str], at: int) -> bool:
    """Whether the trigger at `at` is "let me know" opening a question about the mail or the clock."""
    if norms[at:at + 3] != ["let", "me", "know"]:
        return False
    rest = norms[at + 3:]
    if not rest or rest[0] not in _ASKING:
        return False
    return bool(set(rest) & _OF_MAIL) or any(tuple(rest[:len(p)]) == p for p in _OF_CLOCK)


def trigger_at(norms: list[str], vocab: Vocab) -> tuple[int, bool] | None:
    """(index, is_todo) of the first reminder (or to-do) trigger in the words `norms`."""
    for i in range(len(norms)):
        if match_at(norms, i, vocab.reminder_triggers):
            return i, False
    for i in range(len(norms)):
        if match_at(norms, i, vocab.todo_triggers):
            return i, True
    return None


def parse_new(text: str, vocab: Vocab, clock: Clock, options: Any = None, default_hour: int = 9) -> NewReminder | None:
    """The new reminder `text` asks for, or None when it asks for none."""
    norms = words(text)
    found = trigger_at(norms, vocab)
    if found is None:
        return None
    at, is_todo = found
    if asks_now(norms, at):
        return None  # "let me know if any new mail turned up", "... the date today": a question, asked now
    action = is_action_request(text, vocab)
    if is_question(text, vocab) and not action:
        return None  # "what reminders do I have?" is a read, not a new reminder
    if any(match_at(norms, i, vocab.not_creating) for i in range(at)):
        return None  # "cancel the 5 pm reminder" is not a new one
    if names_one_set(norms, at):
        return None  # "my monday reminder should be on tuesdays from now on": one that exists, changed
    dated = reminder_dates(text, clock, vocab, options)
    repeat = _repeat(text, clock, vocab, options, default_hour)
    if is_todo and (dated.when is None or not dated.when.has_time) and (repeat is None or not repeat.has_time):
        return None  # a to-do is a reminder only with a clock time (ADR-0112 §4)
    if repeat is not None:
        # the repeat's words ("every monday", "until friday") are not what the reminder is for
        dated = replace(dated, cut=tuple(sorted({*dated.cut, *repeat.parts})))
    return NewReminder(dated, repeat)


def _repeat(text: str, clock: Clock, vocab: Vocab, options: Any, default_hour: int) -> Recurrence | None:
    """The repeat said ("every monday at 9"), a steward.dates Recurrence, or None."""
    if not contains_phrase(words(text), vocab.repeat_words) and not _PLURAL_DAY.search(text):
        return None
    from steward import dates

    return dates.find_recurrence(text, clock, options, default_hour)


def names_one_set(norms: list[str], at: int) -> bool:
    """Whether the word "reminder" at `at` names one already set ("*my* monday reminder", "*the* fish
    reminder"): a determiner of a known thing just before it, and no word that asks for a new one."""
    if at >= len(norms) or norms[at] not in ("reminder", "reminders"):
        return False
    before = norms[max(0, at - 4):at]
    return any(w in ("my", "the", "that", "this", "our") for w in before) and \
        not any(w in ("set", "add", "create", "new", "a", "an", "make", "another", "put") for w in norms[:at])
