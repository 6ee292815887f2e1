"""The answerer registry: each domain answers frames through its one service.

An `Answerer` is a domain's thin adapter: `answer(frame, clock) -> Answer | None` (None: this frame is
not one it can answer, the turn goes on down the pipeline). The registry is built in `build_app`, each
answerer behind its flag; it also gives the examples of "what you can say".

A write answerer answers write frames (`WRITE_ASKS`) in two steps, so that finding what a request is about
writes nothing: `ground(frame, clock)` finds the thing the write is about in the person's data (None: no
such thing here, the turn goes on down the pipeline), then `answer` writes through the domain's one write
path, or asks one question first (which one of two close matches; consent for another app's event or a
whole series). The question is the answerer's: `resume(text, payload, clock, via)` finishes the write the
answer to it picks or confirms, and `claims(text, payload, clock)` says when a short answer ("the second
one") is an answer to it, whatever else might read it. A write answerer has no tool for a model: a
model's writes are held for the person's yes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from steward.clock import Clock
from steward.reader.frame import WRITE_ASKS, Frame, WriteFor


@dataclass(frozen=True)
class Written:
    """One object a write answer wrote: its kind ("event", "event.move" ...), its id and its own fields."""

    kind: str
    id: str | int | None            # an event's uid, a reminder's number (None: a dry run wrote nothing)
    fields: Mapping[str, Any]


@dataclass(frozen=True)
class Answer:
    """A domain's answer to a frame; `question` is one short question asked back instead of guessing."""

    reply: str
    data: Mapping[str, Any] = field(default_factory=dict)
    question: str | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)
    writes: tuple[Written, ...] = ()
    # what a later question of the conversation is read with, when it is not this answer's frame: a write's
    # is a question about the thing it wrote ("when is it now?" after a move asks about the event moved)
    then: Frame | None = None


@dataclass(frozen=True)
class Answerer:
    """One domain's answers: the frames of `domain` with one of `asks`, through its service."""

    name: str
    domain: str
    answer: Callable[[Frame, Clock], Answer | None]
    examples: tuple[str, ...] = ()
    asks: tuple[str, ...] = ("how_much", "count", "when", "where", "is_there", "which", "show", "list")
    wants: str = ""  # the whole answer it gives, to a frame whose `wants` asks for it (reader/requests.py)
    # a write answerer's steps (see above): what a write frame is about, and its own question finished
    ground: Callable[[Frame, Clock], Frame | None] | None = None
    resume: Callable[[str, Mapping[str, Any], Clock, WriteFor], Answer | None] | None = None
    claims: Callable[[str, Mapping[str, Any], Clock], bool] | None = None

    @property
    def writes(self) -> bool:
        """Whether it answers write frames (and so has no tool for a model)."""
        return self.ground is not None


class WriteSteps(Protocol):
    """What a write answerer does (see above), built on its first use."""

    def ground(self, frame: Frame, clock: Clock) -> Frame | None:
        """The frame with the thing its write is about, found in the person's data; None when nothing is."""
        ...

    def answer(self, frame: Frame, clock: Clock) -> Answer | None:
        """The write made through the domain's one write path, or the one question asked first."""
        ...

    def resume(self, text: str, payload: Mapping[str, Any], clock: Clock, via: WriteFor) -> Answer | None:
        """The write an answer to its question picks or confirms; None when the text is no answer."""
        ...

    def claims(self, text: str, payload: Mapping[str, Any], clock: Clock) -> bool:
        """Whether a short answer ("the second one") answers its question, whatever else reads it."""
        ...


# a reminder request: its changes, and the listing that says what "it" in the next one is
REMINDER_ASKS: tuple[str, ...] = ("list", "cancel", "move", "snooze", "done")
# a new reminder set
NEW_REMINDER_ASKS: tuple[str, ...] = ("add_reminder",)


def write_answerer(name: str, domain: str, build: Callable[[], WriteSteps], examples: Sequence[str] = (),
                   asks: tuple[str, ...] = WRITE_ASKS) -> Answerer:
    """A write answerer whose module is loaded and whose parts are built the first time a write frame of its
    domain reaches it (a question about money never loads the calendar's grammar)."""
    built: list[WriteSteps] = []

    def steps() -> WriteSteps:
        if not built:
            built.append(build())
        return built[0]

    return Answerer(name, domain, lambda f, c: steps().answer(f, c), tuple(examples), asks=asks,
                    ground=lambda f, c: steps().ground(f, c),
                    resume=lambda t, p, c, v: steps().resume(t, p, c, v),
                    claims=lambda t, p, c: steps().claims(t, p, c))


class Answerers:
    """The registry: the first answerer of a frame's domain that answers it."""

    def __init__(self, answerers: Sequence[Answerer]) -> None:
        self.answerers = tuple(answerers)

    def for_domain(self, domain: str) -> tuple[Answerer, ...]:
        """The answerers of one domain, in order."""
        return tuple(a for a in self.answerers if a.domain == domain)

    def named(self, name: str) -> Answerer | None:
        """The answerer of that name, when it is on."""
        return next((a for a in self.answerers if a.name == name), None)

    def ground(self, frame: Frame, clock: Clock) -> tuple[Answerer, Frame] | None:
        """(the write answerer, the frame grounded in the person's data) of the first write answerer of the
        frame's domain and ask that finds what the write is about; None when none does. Writes nothing."""
        for a in self.for_domain(frame.domain):
            if frame.ask not in a.asks or a.ground is None:
                continue
            grounded = a.ground(frame, clock)
            if grounded is not None:
                return a, grounded
        return None

    def answer(self, frame: Frame, clock: Clock) -> tuple[str, Answer] | None:
        """(answerer name, answer) of the first answerer that answers the frame, else None."""
        for a in self.for_domain(frame.domain):
            if frame.ask not in a.asks:
                continue
            got = a.answer(frame, clock)
            if got is not None:
                return a.name, got
        return None

    def examples(self) -> list[str]:
        """What you can say: every answerer's examples, in order."""
        return [e for a in self.answerers for e in a.examples]

    def examples_by_domain(self) -> dict[str, tuple[str, ...]]:
        """Every answerer's examples under its domain ("what you can say", topic by topic)."""
        out: dict[str, tuple[str, ...]] = {}
        for a in self.answerers:
            out[a.domain] = out.get(a.domain, ()) + tuple(a.examples)
        return out
