"""The reader's door for writes: a request read into a write frame and answered by the registry's write
answerer of its domain.

    text -> WriteReader (the calendar's grammar) -> Frame(schedule, add | move | cancel | skip ...)
         -> Answerers.ground (the event meant, found in the person's calendar; nothing written)
         -> the answerer's answer (written through the domain's one write path, or one question asked)

`match` reads and grounds, writing nothing (the pipeline may call it only to see whether a turn is a new
request); `handle` writes. A question the answerer asks (which of two events; consent for another app's
event or a whole series) is owned by this door under the answerer's name, and the answer to it is the
answerer's `resume`: a "yes" confirms exactly the write that question showed. A write frame is never the
context a later question is read with (`Frame.writes`).
"""

from __future__ import annotations

from collections.abc import Callable

from steward.assistant.intercepts.base import Match, turn_clock
from steward.assistant.trace import OpenQuestion, Outcome, Turn, Write
from steward.clock import Clock
from steward.reader.answer import Answer, Answerers
from steward.reader.frame import Frame, WriteFor
from steward.vocab import words


class WriteAnswers:
    """The write frames one write answerer (`name`) answers, as a stage of the turn pipeline; `read` reads a
    turn into such a frame (a `steward.reader.writes.WriteReader` method)."""

    reads_only = False

    def __init__(self, name: str, read: Callable[[str, Clock, WriteFor], Frame | None],
                 answerers: Callable[[], Answerers], clock: Clock, forget: Callable[[str], None] | None = None,
                 answers_no: bool = False) -> None:
        self.name = name
        # its questions are yes/no ("Cancel it? (yes / no)"): a "no" is the answerer's to hear, nothing is written
        self.answers_no = answers_no
        self._read = read
        self._answerers = answerers
        self.clock = clock
        # the reader's memory of the conversation, told that a write came between (its next question is
        # read with the thing written, which the turn's trace records, never with the write itself)
        self._forget = forget

    def match(self, turn: Turn) -> Match | None:
        """A Match with the grounded write frame, when the turn asks a write this answerer finds the object
        of; None otherwise. Writes nothing."""
        clock = turn_clock(self.clock, turn)
        frame = self._read(_question_after_aside(turn.text), clock, _via(turn))
        if frame is None:
            return None
        answerer = self._answerers().named(self.name)
        if answerer is None or answerer.ground is None or frame.ask not in answerer.asks \
                or frame.domain != answerer.domain:
            return None
        grounded = answerer.ground(frame, clock)
        return None if grounded is None else Match(self.name, {"frame": grounded})

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """The write made (or the one question asked first), with the write frame in the trace's data."""
        frame: Frame = match.slots["frame"]
        answerer = self._answerers().named(self.name)
        got = answerer.answer(frame, turn_clock(self.clock, turn)) if answerer is not None else None
        if got is None:
            return Outcome(reply="That is not something I can change here; nothing was changed.")
        return self._outcome(got, frame, turn)

    def claims(self, turn: Turn, question: OpenQuestion) -> bool:
        """Whether the turn answers this answerer's question ("the second one"), whatever else reads it."""
        answerer = self._answerers().named(self.name)
        if answerer is None or answerer.claims is None:
            return False
        return answerer.claims(turn.text, question.payload, turn_clock(self.clock, turn))

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """The write the answer picks or confirms, exactly as its question showed it; None when it is no answer."""
        answerer = self._answerers().named(self.name)
        if answerer is None or answerer.resume is None:
            return None
        got = answerer.resume(turn.text, question.payload, turn_clock(self.clock, turn), _via(turn))
        return None if got is None else self._outcome(got, None, turn)

    def _outcome(self, got: Answer, frame: Frame | None, turn: Turn) -> Outcome:
        if self._forget is not None:
            self._forget(turn.session)
        ask = OpenQuestion(self.name, got.question, dict(got.payload)) if got.question else None
        data = dict(got.data)
        if frame is not None:
            data["write_frame"] = frame.to_json()  # never the context of a later question (`Frame.writes`)
        if got.then is not None:
            data["read"] = got.then.to_json()  # the thing written: what "when is it now?" asks about
        return Outcome(reply=got.reply, ask=ask, data=data,
                       writes=tuple(Write(w.kind, w.id, dict(w.fields)) for w in got.writes))


def _question_after_aside(text: str) -> str:
    """The text, or the question said after a nod or a dropped request ("never mind. and the phone bill?"):
    "never mind" there closes what was said before, it cancels nothing the question names."""
    from steward.reader.read import without_aside
    from steward.reader.words import load_words

    rest = without_aside(text, load_words())
    if rest == text:
        return text
    # "erm, make it quarter to", "ok, push it to 6", "never mind, cancel it": an aside before a request of its
    # own is no part of it; before anything else it is ("oops, 4 not 3" corrects; "never mind, the 5 pm one")
    opens = words(rest)[:1]
    return rest if rest.rstrip().endswith("?") or set(opens) & _VERBS else text


# the verbs a request of its own opens with, after an aside
_VERBS = frozenset(("cancel", "delete", "remove", "move", "push", "change", "make", "set", "remind", "add", "put",
                    "shift", "bring", "snooze", "drop", "clear", "mark"))


def _via(turn: Turn) -> WriteFor:
    return WriteFor(session=turn.session, turn=turn.id, dry_run=turn.dry_run)
