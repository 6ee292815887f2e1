"""Writes said in words, read into write frames: what the calendar's grammar parses of a request.

    "put dinner with Sam on thursday at 7"        Frame(schedule, add, write=EventWrite(EventAdd ...))
    "shift the piano lesson to 5"                  Frame(schedule, move, write=EventWrite(EventChange ...))
    "drop next week's yoga, just that one"         Frame(schedule, skip, ...)
    "push the plant-watering reminder to 6"        Frame(reminders, move, write=ReminderWrite(Request ...))
    "remind me on sunday at 6 to ring nana"        Frame(reminders, add_reminder, write=ReminderAdd(NewReminder ...))

The grammar (`steward.calendar.event_talk`) is loaded the first time a request reaches it; the turn
pipeline lets a turn reach it only when it says one of the words an event write is said with
(`assistant.intercepts.lazy.event_gate`). The frame is grounded and answered by the write answerer of
its domain (`reader.answerers.event_changes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from steward.clock import Clock
from steward.reader.frame import EventWrite, Frame, ReminderAdd, ReminderWrite, WriteFor, write_ask
from steward.vocab import Vocab

if TYPE_CHECKING:
    from steward.calendar.event_talk import EventWords
    from steward.calendar.reminders.requests import ManageWords


class WriteReader:
    """Reads event writes (an event added, or one changed) and reminder requests into write frames."""

    def __init__(self, vocab: Vocab, date_options: Any = None, default_hour: int = 9) -> None:
        self.vocab = vocab
        self.date_options = date_options
        self.default_hour = default_hour  # the hour of a repeat said with no time ("every monday")
        self._words: tuple[EventWords, ManageWords] | None = None
        self._manage_words: ManageWords | None = None

    def _said(self) -> tuple[EventWords, ManageWords]:
        if self._words is None:
            from steward.calendar.event_talk import load_event_words

            self._words = load_event_words(), self._manage()
        return self._words

    def _manage(self) -> ManageWords:
        if self._manage_words is None:
            from steward.calendar.reminders.requests import load_manage_words

            self._manage_words = load_manage_words()
        return self._manage_words

    def read(self, text: str, clock: Clock, via: WriteFor) -> Frame | None:
        """The write frame of `text` (an event added, or a change to one), or None when it asks no event write."""
        from steward.calendar.event_talk import parse_add, parse_change

        event_words, manage = self._said()
        parsed = parse_add(text, event_words, self.vocab, clock, self.date_options) or \
            parse_change(text, event_words, manage, self.vocab, clock, self.date_options)
        if parsed is None:
            return None
        return Frame(text=text, domain="schedule", ask=write_ask(parsed), write=EventWrite(parsed, via))

    def read_reminder(self, text: str, clock: Clock, via: WriteFor) -> Frame | None:
        """The frame of a reminder request (its ask: list, cancel, move, snooze or done), or None when `text`
        asks nothing of the reminders."""
        from steward.calendar.reminders.requests import parse_request

        request = parse_request(text, self._manage(), self.vocab, clock, self.date_options)
        if request is None:
            return None
        return Frame(text=text, domain="reminders", ask=request.action, write=ReminderWrite(request, via))

    def read_new_reminder(self, text: str, clock: Clock, via: WriteFor) -> Frame | None:
        """The frame of a new reminder asked for ("remind me at 6 to ...", "set an alarm for 7"), or None when
        `text` asks for none (a question told now, "remind me when the dentist is?", is none)."""
        from steward.calendar.reminders.creation import parse_new
        from steward.reader.read import asks_a_watch, remind_me_asks

        if remind_me_asks(text) is not None or asks_a_watch(text):
            return None  # ("notify me when the school emails": a watch on the mail, no reminder at any time)
        parsed = parse_new(text, self.vocab, clock, self.date_options, self.default_hour)
        if parsed is None:
            return None
        return Frame(text=text, domain="reminders", ask="add_reminder", write=ReminderAdd(parsed, via))
