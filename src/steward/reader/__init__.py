"""The reader: a question in anyone's words -> `Frame(domain, ask, filters, window)`, answered by the
domain's answerer through its one service, or passed on.

    text -> read (slot lists from the person's own store, `steward.dates`) -> Frame
         -> Answerers (money, appointments, schedule, mail, brief) -> Answer, with the honesty rules

`Reader` holds what a turn needs ready (the slot lists, rebuilt only when the store changes; the words).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from steward.clock import Clock
from steward.reader.answer import Answer, Answerer, Answerers
from steward.reader.answerers.expiry import expiry_frame
from steward.reader.frame import Frame, Named, SlotValue, Unmatched, Window
from steward.reader.lists import SlotLists
from steward.reader.meaning import ByMeaning
from steward.reader.read import known_words, not_a_read, read
from steward.reader.words import ReaderWords, load_words
from steward.vocab import Vocab

__all__ = ["Answer", "Answerer", "Answerers", "Frame", "Named", "Reader", "SlotLists", "SlotValue", "Unmatched",
           "Window"]


class Reader:
    """Reads questions against one store's slot lists."""

    def __init__(self, vocab: Vocab, lists: Callable[[], SlotLists], *, words: ReaderWords | None = None,
                 date_options: Any = None, meaning: ByMeaning | None = None) -> None:
        self.vocab = vocab
        self.words = words or load_words()
        self.lists = lists
        self.date_options = date_options
        self.known = known_words(vocab, self.words)
        self.meaning = meaning  # names that words and spelling miss, by the sentence model (None: not at all)

    def read(self, text: str, clock: Clock) -> Frame | None:
        """The frame of `text` on `clock`, or None when it is not a question about the person's data."""
        frame = read(text, self.lists(), clock, self.vocab, self.words, self.known, self.date_options, self.meaning)
        if frame is None or (frame.domain in ("appointments", "schedule", "mail") and not frame.names_something):
            # "when will my work permit expire?", "when does the boat licence run out?": a thing the person holds,
            # whose end its mail says (a bill or a booking named is answered as one)
            ends = expiry_frame(text)
            if ends is not None:
                return ends
        return frame

    def not_a_read(self, text: str) -> bool:
        """Whether the text asks for the date, a list the person keeps, or a model's work: no read at all."""
        return not_a_read(text, self.words)
