"""The turn pipeline (DESIGN.md): hooks, open continuation, intercepts, router, action promotion,
tier, then the loop or the offline answer; every turn returns a Trace and is recorded per session.

    text -> UserPromptSubmit hooks -> open continuation? -> intercepts -> router.classify
         -> promote_to_action_intent -> tier for the intent -> loop | offline -> reply + trace

A continuation lives for one turn: that turn completes it (its owner's `resume`), or drops it (the
turn is a question, or a new request an intercept claims, or its owner is off). Whatever the turn
asks back becomes the session's only open continuation. Held writes that question does not name are
superseded with it when the model answers the turn (it may propose them again); when something else
answers it (an intercept, a continuation), the person went on to another thing, and the writes asked
about wait beside later answers (`Trace.waiting`) for a yes on their own card. A yes typed in the chat
answers the open question and no other. `dry_run` does everything but write: no
object, no turn record, no continuation is stored, and the trace shows what would have been written.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import TYPE_CHECKING

from steward.assistant.intercepts.base import Intercept
from steward.assistant.router import Route, promote_to_action_intent
from steward.assistant.trace import OpenQuestion, Outcome, PastTurn, ToolCall, Trace, Turn
from steward.clock import Clock
from steward.errors import Conflict, UserError
from steward.records.assistant import HeldCall, StoredContinuation, StoredTurn
from steward.store import assistant as repo
from steward.store import held as held_repo
from steward.store import write_txn
from steward.vocab import Vocab, words
from steward.vocab.language import is_action_request, is_question, without_address

if TYPE_CHECKING:
    # the model loop, its governance and the offline answer are loaded only by a turn that reaches them
    from steward.assistant.loop import Loop
    from steward.assistant.stream import ReplyStream
    from steward.hooks.bus import HookBus

log = logging.getLogger(__name__)

LOOP_OWNER = "loop"
Classifier = Callable[[str], Route]
TierFor = Callable[[str], "str | None"]


def default_session(clock: Clock) -> str:
    """One session per day on the user's clock."""
    return clock.today().isoformat()


def clean_text(text: str, max_chars: int) -> str:
    """The turn's text with control characters and runs of spaces collapsed; empty or huge is refused."""
    cleaned = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    if not cleaned:
        raise UserError("say something, e.g. \"what's my schedule tomorrow?\"")
    if len(cleaned) > max_chars:
        raise UserError(f"that turn is {len(cleaned)} characters; the most one turn takes is {max_chars}")
    return cleaned


# intercepts whose answer is never a new request: "yes", "ok" or "no" said to a question answers it, though
# small talk would answer it alone
_NO_REQUEST = frozenset(("small_talk",))


@dataclass(frozen=True)
class History:
    """A session's recorded turns, as a page shows them again after a reload."""

    session: str
    turns: tuple[StoredTurn, ...]
    waiting: bool  # the last turn's question is still open (a held write can still be answered)


class Engine:
    """The conversation engine: one `turn()` call per user turn."""

    def __init__(
        self,
        *,
        db: Callable[[], sqlite3.Connection],
        clock: Clock,
        vocab: Vocab,
        classify: Classifier,
        intercepts: Sequence[Intercept],
        hooks: HookBus,
        tier_for: TierFor,
        loop: Loop | None = None,
        cards: Callable[[Turn], Outcome] | None = None,
        continuation_minutes: int = 10,
        max_chars: int = 4000,
        history_turns: int = 20,
        examples: Callable[[], Mapping[str, Sequence[str]]] | None = None,
        answerers: Callable[[], Sequence[str]] | None = None,
        last_resort: Sequence[Intercept] = (),
    ) -> None:
        self._db = db
        self.clock = clock
        self.vocab = vocab
        self.classify = classify
        self.intercepts = tuple(intercepts)
        self.hooks = hooks
        self.tier_for = tier_for
        self.loop = loop
        # a card's yes or no to held writes; needs no model (without it, the loop answers its own cards)
        self.cards = cards if cards is not None else (loop.answer if loop is not None else None)
        self.continuation_minutes = continuation_minutes
        self.max_chars = max_chars
        self.history_turns = history_turns
        # the answerer registry's phrases by domain, for "what you can say" (answered by the reader)
        self.examples = examples
        # the names of the reader's answerers (each answers its own phrases while the reader is on)
        self.answerers = answerers
        # tried in order when no model takes a turn nothing else answered: a request outside Steward's data
        # told so by its kind, a question about what a mail says answered with the mail to open
        self.last_resort = tuple(last_resort)

    def route(self, text: str) -> Route:
        """The router's answer for `text`, after action promotion (no side effects)."""
        return promote_to_action_intent(self.classify(text), text, self.vocab)

    def history(self, session: str | None = None, limit: int = 100) -> History:
        """The session's last `limit` turns, oldest first (today's session when none is named)."""
        name = session or default_session(self.clock)
        conn = self._db()
        return History(session=name, turns=tuple(repo.recent_turns(conn, name, limit)),
                       waiting=repo.open_continuation(conn, name, self.clock.now()) is not None)

    def turn(self, text: str, *, session: str | None = None, dry_run: bool = False,
             stream: ReplyStream | None = None, use_model: bool = True,
             model_gate: Callable[[], AbstractContextManager[object]] | None = None) -> Trace:
        """Run one turn through the pipeline and return its trace.

        With `stream`, a model's final answer is sent to it as it is produced (intercepts and the
        offline answer reply at once: the trace's reply is the whole of it). With `use_model` False a
        turn Steward's own code cannot answer gets the offline answer, never the model loop.
        `model_gate` is entered around the model loop only (a server waits there for a model slot, or
        drops the turn).
        """
        cleaned = clean_text(text, self.max_chars)
        name = session or default_session(self.clock)
        # "hey siri, what's on tomorrow?": read without the name it is said to; recorded as typed
        heard = without_address(cleaned, self.vocab)
        turn = Turn(id=uuid.uuid4().hex, text=heard, session=name, now=self.clock.now(), dry_run=dry_run,
                    stream=stream, held_before=tuple(c.id for c in held_repo.open_for(self._db(), name)),
                    said=cleaned if heard != cleaned else "")
        cleaned = heard
        notes: list[str] = []
        context: tuple[str, ...] = ()
        if self.hooks.has("SessionStart") and not repo.has_turns(self._db(), turn.session):
            start = self.hooks.run("SessionStart", {"session_id": turn.session, "source": "startup"})
            notes.extend(f"hook error: {e}" for e in start.errors)
            context = start.context
        hook = self.hooks.run("UserPromptSubmit", {"session_id": turn.session, "prompt": turn.said or cleaned})
        notes.extend(f"hook error: {e}" for e in hook.errors)
        if hook.blocked:
            return self._finish(turn, Outcome(reply=f"Not sent: {hook.reason}"), "hook", notes=notes)
        turn = replace(turn, context=context + hook.context)

        conn = self._db()
        waiting = repo.open_continuation(conn, turn.session, turn.now)
        if waiting is not None:
            question = OpenQuestion(waiting.owner, waiting.question, waiting.payload)
            turn = replace(turn, waiting=question)
            outcome = self._resume(turn, question)
            if outcome is not None:
                return self._finish(turn, outcome, "continuation", notes=notes)
            if waiting.owner != LOOP_OWNER:  # the loop's own question goes to the loop in turn.waiting
                notes.append(f"dropped the open question of {waiting.owner}")

        from steward.reader.read import did_you_add_asks, remind_me_asks

        # "remind me when the dentist is?" asks to be told now, "did you add the party to my calendar?" whether it
        # is there: reads, not actions
        action = is_action_request(cleaned, self.vocab) and remind_me_asks(cleaned) is None \
            and did_you_add_asks(cleaned) is None
        for intercept in self.intercepts:
            if intercept.reads_only and action:
                continue
            if intercept.name in _NO_REQUEST and turn.waiting is not None and self._answers_yes_or_no(cleaned):
                continue  # a "yes" or "no" to a question still open is its owner's (a model's held write), not small talk
            found = intercept.match(turn)
            if found is not None and intercept.name in _NO_REQUEST and self._model_reads_consent(cleaned, use_model):
                continue
            if found is not None:
                return self._finish(turn, intercept.handle(turn, found), intercept.name, notes=notes)

        route = self.route(cleaned)
        tier = self.tier_for(route.intent)
        if self.loop is not None and tier is not None and use_model:
            # what an intercept read of a question it could not answer goes to the model with it
            read = tuple(c for i in self.intercepts if (c := getattr(i, "context", lambda _t: None)(turn)))
            turn = replace(turn, context=turn.context + read)
            history = tuple(
                PastTurn(t.text, t.reply, t.handled_by, t.at)
                for t in repo.recent_turns(conn, turn.session, self.history_turns)
            )
            with model_gate() if model_gate is not None else nullcontext():
                outcome = self.loop.run(replace(turn, history=history), route, tier)
            # what its read tools returned, drawn as things under the model's words (a schedule, messages, dues)
            from steward.assistant.tool_views import with_tools_view

            outcome = with_tools_view(outcome, self.clock.at(turn.now))
            return self._finish(turn, outcome, "loop", route=route, tier=tier, notes=notes)
        reason = ("no language model is connected" if tier is None else
                  "the model loop is not available" if use_model else "this question was not given to the model")
        for last in self.last_resort:
            if last.reads_only and action:
                continue
            found = last.match(turn)
            if found is not None:
                return self._finish(turn, last.handle(turn, found), last.name, route=route, notes=notes)
        from steward.assistant.offline import offline_answer

        available = {i.name for i in self.intercepts}
        if self.answerers is not None and "reader" in available:
            available |= set(self.answerers())
        offline = offline_answer(route, text=cleaned, reason=reason, available=available,
                                 examples=self.examples() if self.examples is not None else None)
        return self._finish(turn, offline, "offline", route=route, notes=notes)

    @staticmethod
    def _answers_yes_or_no(text: str) -> bool:
        """Whether the text says yes or no (or asks to wait): "thanks, good night" to "Shall I add it?" is
        small talk, the question is left open."""
        from steward.assistant.governance import load_consent_words, read_answer

        return read_answer(text, load_consent_words()) is not None

    def _model_reads_consent(self, text: str, use_model: bool) -> bool:
        """A bare "yes" or "no" goes to a connected model, which knows what it asked in its own words."""
        if self.loop is None or not use_model:
            return False
        from steward.assistant.governance import load_consent_words, read_answer

        return read_answer(text, load_consent_words()) is not None

    def answer_held(self, session: str, held_id: str, answer: str) -> Trace:
        """The person's "yes" or "no" to held write `held_id`, given on its card: it answers the session's
        open question only when that question is the one that asked about `held_id`, and then writes or
        declines exactly the writes that question named. Otherwise Conflict, and nothing is written."""
        conn = self._db()
        now = self.clock.now()
        waiting = repo.open_continuation(conn, session, now)
        named = tuple(str(i) for i in (waiting.payload.get("held") or ())) if waiting is not None else ()
        if waiting is None or waiting.owner != LOOP_OWNER or held_id not in named or self.cards is None:
            from steward.assistant.governance import NOT_OPEN

            aside = held_repo.get(conn, held_id)
            if aside is not None and aside.status == "waiting" and self.cards is not None:
                return self._answer_aside(aside, answer, named)
            raise Conflict(NOT_OPEN)
        turn = Turn(id=uuid.uuid4().hex, text=answer, session=session, now=now,
                    waiting=OpenQuestion(waiting.owner, waiting.question, waiting.payload),
                    held_before=tuple(c.id for c in held_repo.open_for(conn, session)))
        return self._finish(turn, self.cards(turn), "loop")

    def _answer_aside(self, call: HeldCall, answer: str, open_ids: Sequence[str]) -> Trace:
        """The card of a held write set aside beside later answers: its question is asked again for that
        card alone (the writes it named with it), answered, and the session's open question left as it is."""
        assert self.cards is not None
        conn = self._db()
        group = [c.id for c in held_repo.waiting_for(conn, call.session) if c.question == call.question] or [call.id]
        with write_txn(conn):
            held_repo.reopen(conn, group)
        turn = Turn(id=uuid.uuid4().hex, text=answer, session=call.session, now=self.clock.now(),
                    waiting=OpenQuestion(LOOP_OWNER, call.question or call.summary, {"held": group}))
        try:
            outcome = self.cards(turn)
        except Conflict:
            with write_txn(conn):
                held_repo.park(conn, call.session, open_ids)
            raise
        return self._finish(turn, outcome, "loop", aside=True)

    def ask_held(self, session: str, text: str, call: HeldCall, question: str) -> Trace:
        """A write proposed outside the conversation (an MCP client's tool call), held as `call` and
        asked about in `question`: recorded as a turn of `session` whose open question names that one
        write (the page shows its card), so it is answered by the one rule above (`answer_held`)."""
        now = self.clock.now()
        turn = Turn(id=uuid.uuid4().hex, text=text, session=session, now=now,
                    held_before=tuple(c.id for c in held_repo.open_for(self._db(), session) if c.id != call.id))
        shown = ToolCall(call.tool, dict(call.args), True,
                         {"held_id": call.id, "summary": call.summary, "fields": dict(call.fields)})
        ask = OpenQuestion(LOOP_OWNER, question, {"held": [call.id]})
        return self._finish(turn, Outcome(reply=question, tools=(shown,), ask=ask), "mcp")

    def _resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """The owner's answer to its own question, or None when the turn drops it."""
        owner = next((i for i in self.intercepts if i.name == question.owner), None)
        if owner is None:
            return None  # its intercept is off (or it belongs to the loop, which sees turn.waiting)
        if tuple(words(turn.text)) in self.vocab.dismissals:
            # an owner whose question is a yes/no ("Shall I add it?") hears the no itself
            heard = owner.resume(turn, question) if getattr(owner, "answers_no", False) else None
            return heard or Outcome(reply="OK, never mind: nothing was saved.")
        if is_question(turn.text, self.vocab):
            return None
        claims = getattr(owner, "claims", None)
        if claims is not None and claims(turn, question):
            return owner.resume(turn, question)  # "the piano one": an answer to its question, not a new request
        if any(i.name not in _NO_REQUEST and i.match(turn) is not None for i in self.intercepts):
            return None  # a new request (a new reminder, a schedule query ...) replaces the question
        return owner.resume(turn, question)

    def _finish(self, turn: Turn, outcome: Outcome, handled_by: str, *, route: Route | None = None,
                tier: str | None = None, notes: Sequence[str] = (), aside: bool = False) -> Trace:
        # what the reader read of the turn, whoever answered it: the conversation's next turn is read with it
        for intercept in self.intercepts:
            read = getattr(intercept, "reading", lambda _t: None)(turn)
            if read and "frame" not in (outcome.data or {}):
                outcome = replace(outcome, data={**(outcome.data or {}), "read": read})
        trace = Trace(
            reply=outcome.reply, handled_by=handled_by, route=route, tier=outcome.tier or tier, tools=outcome.tools,
            writes=outcome.writes, continuation=outcome.ask, session=turn.session, turn_id=turn.id,
            text=turn.said or turn.text, at=turn.now, dry_run=turn.dry_run, data=outcome.data, notes=tuple(notes),
            false_claim=outcome.false_claim,
        )
        if not turn.dry_run:
            trace = self._record(turn, trace, aside=aside)
        log.debug("turn %s handled by %s; writes %s", turn.id, handled_by, [w.id for w in trace.writes])
        return trace

    def _record(self, turn: Turn, trace: Trace, *, aside: bool = False) -> Trace:
        """Store the turn and the session's continuation (the one asked now, or none) together; held
        writes the new question does not name are set aside (a turn the model did not answer) or
        superseded. `aside`: a card of a write set aside was answered, and the open question stays.
        The trace as recorded, with the writes still waiting beside it."""
        conn = self._db()
        ask = trace.continuation
        keep = [str(i) for i in ask.payload.get("held") or ()] if ask is not None and ask.owner == LOOP_OWNER else []
        with write_txn(conn):
            if not aside:
                if trace.handled_by not in ("loop", "mcp"):
                    held_repo.park(conn, turn.session, keep)
                held_repo.supersede(conn, turn.session, keep, turn.now)
                if turn.held_before:
                    trace = replace(trace, superseded=tuple(held_repo.with_status(conn, turn.held_before,
                                                                                  "superseded")))
            trace = replace(trace, waiting=tuple({"id": c.id, "summary": c.summary}
                                                 for c in held_repo.waiting_for(conn, turn.session)))
            if not aside:
                repo.drop_continuation(conn, turn.session)
            if not aside and trace.continuation is not None:
                ask = trace.continuation
                repo.put_continuation(conn, StoredContinuation(
                    session=turn.session, owner=ask.owner, question=ask.question, payload=ask.payload,
                    opened_at=turn.now, expires_at=turn.now + timedelta(minutes=self.continuation_minutes),
                    turn_id=turn.id,
                ))
            repo.record_turn(conn, StoredTurn(
                id=turn.id, session=turn.session, at=turn.now, text=turn.said or turn.text, reply=trace.reply,
                handled_by=trace.handled_by, trace=trace.to_json(),
            ), self.clock.zone_name)
        return trace
