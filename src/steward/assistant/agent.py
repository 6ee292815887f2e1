"""One run of the tool loop: the model, the tools, governance, and an honest final reply.

    prompt (date line first) -> model -> tool calls? -> run reads, hold writes -> results back -> ...
                              -> a final text, an ask_user, or the step limit

Read tools run at once and their results (errors too, as `{"error", "error_text"}`) go back to the
model. Write tools are validated through the one write path as a dry run and held (governance.py); the
model is told they are held. `ask_user` ends the run with its question. When the run ends with held
writes, Steward asks about each in its own words, so the user's yes is to the exact thing that will be
written. A final text that claims a write is a false claim: nothing is ever written inside a run.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from steward.assistant.governance import Governance, Step, claims_write
from steward.assistant.prompt import trim
from steward.assistant.stream import DeltaGate, ReplyStream
from steward.assistant.toolkit import Preview, Toolbox, error_data
from steward.assistant.tools import ASK_USER, ToolContext
from steward.assistant.untrusted import MailQuotes, fence
from steward.errors import ConnectorError
from steward.hooks.bus import HookBus, HookResult
from steward.hooks.protocol import HookInput
from steward.llm.messages import ChatModel, Message, Reply, ToolCall
from steward.records.assistant import HeldCall

log = logging.getLogger(__name__)

TOOL_RESULT_CHARS = 6000


@dataclass(frozen=True)
class ToolTrace:
    """One tool call as the trace shows it: `{name, args, held, result}`."""

    name: str
    args: Mapping[str, Any]
    held: bool
    result: Any

    def to_json(self) -> dict[str, Any]:
        """The call as the trace shows it: name, arguments, held, result."""
        return {"name": self.name, "args": dict(self.args), "held": self.held, "result": self.result}


@dataclass(frozen=True)
class RunResult:
    """What one run did. `reply` is what the user reads; `model_reply` is the model's own last text."""

    reply: str
    model: str
    tools: tuple[ToolTrace, ...] = ()
    held: tuple[HeldCall, ...] = ()
    question: str | None = None
    false_claim: bool = False
    model_reply: str = ""
    signals: tuple[str, ...] = ()
    steps: tuple[Step, ...] = field(default=())
    model_steps: int = 0
    hook_errors: tuple[str, ...] = ()  # hooks that failed open: the run went on without them


def encode_result(result: Any) -> str:
    """A tool result as the JSON text the model reads, cut to a size a small context can hold."""
    if isinstance(result, Preview):
        result = result.to_json()
    text = json.dumps(result, ensure_ascii=False, default=str)
    if len(text) > TOOL_RESULT_CHARS:
        text = text[:TOOL_RESULT_CHARS] + ' … (cut: ask a narrower question for the rest)'
    return text


def confirmation(held: Sequence[HeldCall]) -> str:
    """Steward's own question about held writes: the exact things that will be written."""
    if len(held) == 1:
        return f"Shall I save {held[0].summary}? (yes / no)"
    items = "; ".join(h.summary for h in held)
    return f"Shall I save these {len(held)}: {items}? (yes / no)"


class AgentRun:
    """Runs the loop for one turn on one model."""

    def __init__(self, model: ChatModel, toolbox: Toolbox, governance: Governance, *, max_steps: int = 6,
                 context_chars: int = 16000, hooks: HookBus | None = None,
                 stream: ReplyStream | None = None) -> None:
        self.model = model
        self.stream = stream
        self.toolbox = toolbox
        self.governance = governance
        self.max_steps = max(1, max_steps)
        self.context_chars = context_chars
        self.hooks = hooks
        self._hook_errors: list[str] = []

    def run(self, ctx: ToolContext, head: str, history: Sequence[Message], text: str) -> RunResult:
        """Answer `text` given `history`; holds writes in `ctx.session` (in memory only on a dry run)."""
        system = Message("system", head)
        latest: list[Message] = [Message("user", text)]
        steps: list[Step] = []
        tools: list[ToolTrace] = []
        held: list[HeldCall] = []
        question: str | None = None
        final = ""
        used = 0
        signals: list[str] = []
        self._hook_errors = []
        quotes = MailQuotes()  # the mail text this run has shown the model
        stop_active = False
        for used in range(1, self.max_steps + 1):  # noqa: B007 - `used` is reported
            reply = self._ask(trim(system, history, latest, self.context_chars))
            if not reply.tool_calls:
                final = reply.text.strip()
                go_on = self._stop(ctx, latest, final, stop_active)
                if go_on is None or used == self.max_steps:
                    break
                stop_active = True  # a Stop hook asked for more: once, with its reason as the next word
                latest += [Message("assistant", final), Message("user", go_on)]
                continue
            latest.append(reply.message)
            for call in reply.tool_calls:
                if call.name == ASK_USER:
                    question = str(call.arguments.get("question") or "").strip() or reply.text.strip()
                    steps.append(Step("ask"))
                    tools.append(ToolTrace(ASK_USER, call.arguments, False, {"asked": question}))
                    break  # the run stops at a question; calls after it are not made
                blocked = self._pre_tool_use(ctx, call, latest)
                if blocked is not None:
                    steps.append(Step("call", call.name, held=False))
                    result, trace = blocked, ToolTrace(call.name, call.arguments, False, blocked)
                else:
                    result, trace = self._call(ctx, call, steps, held, quotes)
                tools.append(trace)
                content = encode_result(result)
                if blocked is None and self.toolbox.quotes_mail(call.name):
                    quotes.add(result)
                    content = fence(call.name, content)
                extra = self._post_tool_use(ctx, call, trace.result) if blocked is None else ()
                if extra:
                    content += "\n" + "\n".join(extra)
                latest.append(Message("tool", content, tool_call_id=call.id, name=call.name))
            if question is not None:
                break
        else:
            signals.append("step_limit")
        errors = [t for t in tools if isinstance(t.result, Mapping) and "error" in t.result]
        if tools and len(errors) == len([t for t in tools if t.name != ASK_USER]) and errors:
            signals.append("tool_errors")
        return self._finish(ctx, final, question, tools, held, steps, signals, used)

    def _ask(self, messages: Sequence[Message]) -> Reply:
        """One model round; with a stream, its text goes out as it comes while it can be the answer."""
        if self.stream is None:
            return self.model.chat(messages, self.toolbox.specs())
        gate = DeltaGate(lambda text: claims_write(text, self.governance.words))
        reply: Reply | None = None
        for chunk in self.model.stream(messages, self.toolbox.specs()):
            if chunk.reply is not None:
                reply = chunk.reply
            elif chunk.text:
                piece = gate.feed(chunk.text)
                if piece:
                    self.stream.text(piece)
        if reply is None:
            raise ConnectorError(f"the model {self.model.name} ended its stream without a reply")
        rest = None if reply.tool_calls else gate.finish(reply.text.strip())
        if rest:
            self.stream.text(rest)
        elif rest is None and gate.shown:
            self.stream.reset()  # a tool-call round, or text that must not stand: the page drops it
        return reply

    def _hook(self, event: str, given: HookInput) -> HookResult:
        """Run `event`'s hooks; those that failed open are kept for the trace."""
        assert self.hooks is not None
        found = self.hooks.run(event, given)
        label = f"{event} {given.tool_name}" if given.tool_name else event
        self._hook_errors.extend(f"{label}: {e}" for e in found.errors)
        return found

    def _pre_tool_use(self, ctx: ToolContext, call: ToolCall, latest: Sequence[Message]) -> dict[str, str] | None:
        """PreToolUse hooks: a block comes back to the model as a tool error; None lets the call run.

        The hooks read what the model has written in this run as the transcript (a sighting of a
        requested session title ends its reminders)."""
        if self.hooks is None or not self.hooks.has("PreToolUse"):
            return None
        found = self._hook("PreToolUse", HookInput(
            "PreToolUse", session_id=ctx.session, tool_name=call.name, tool_input=dict(call.arguments),
            tool_use_id=call.id, transcript=_written(latest), extra=_marks(ctx)))
        return error_data("blocked_by_hook", found.reason) if found.blocked else None

    def _post_tool_use(self, ctx: ToolContext, call: ToolCall, shown: Any) -> tuple[str, ...]:
        """PostToolUse hooks see what the trace keeps (never an email body); their context goes to the model."""
        if self.hooks is None or not self.hooks.has("PostToolUse"):
            return ()
        found = self._hook("PostToolUse", HookInput(
            "PostToolUse", session_id=ctx.session, tool_name=call.name, tool_input=dict(call.arguments),
            tool_use_id=call.id, tool_response=shown, extra=_marks(ctx)))
        return found.context

    def _stop(self, ctx: ToolContext, latest: Sequence[Message], final: str, active: bool) -> str | None:
        """Stop hooks on the final answer: a block's reason is what the model is asked to go on with."""
        if self.hooks is None or not self.hooks.has("Stop"):
            return None
        found = self._hook("Stop", HookInput("Stop", session_id=ctx.session, stop_hook_active=active,
                                             transcript=(*_written(latest), final), extra=_marks(ctx)))
        return found.reason if found.blocked and not active else None

    def _call(self, ctx: ToolContext, call: ToolCall, steps: list[Step],
              held: list[HeldCall], quotes: MailQuotes) -> tuple[Any, ToolTrace]:
        if not self.toolbox.is_write(call.name):
            result = self.toolbox.run(ctx, call)
            steps.append(Step("call", call.name))
            log.debug("tool %s (%s) -> %s", call.name, call.id, "error" if "error" in _keys(result) else "ok")
            return result, ToolTrace(call.name, call.arguments, False, for_trace(result))
        preview = self.toolbox.run(ctx, call)  # the write tool's function is a dry run of the write
        if not isinstance(preview, Preview):
            steps.append(Step("call", call.name, held=False))
            return preview, ToolTrace(call.name, call.arguments, False, preview)
        steps.append(Step("call", call.name, held=True))
        sender = quotes.suggested_by(call.arguments, ctx.user_texts)
        if sender is not None:
            # the consent question says where the idea came from: mail is data, the yes is the user's
            preview = replace(preview, summary=f"{preview.summary} (suggested by an email from {sender})")
        call_record = self.governance.hold(ctx.session, call.name, call.arguments, preview, steps,
                                           store=not ctx.dry_run)
        held.append(call_record)
        told = {"held": True, "held_id": call_record.id, "would_save": preview.summary,
                "status": "not saved: waiting for the user's yes",
                "next": "call ask_user to ask the user whether to go ahead"}
        shown = {"held_id": call_record.id, "summary": preview.summary, "fields": dict(preview.fields)}
        return told, ToolTrace(call.name, call.arguments, True, shown)

    def _finish(self, ctx: ToolContext, final: str, question: str | None, tools: list[ToolTrace],
                held: list[HeldCall], steps: list[Step], signals: list[str], used: int) -> RunResult:
        false_claim = question is None and bool(final) and claims_write(final, self.governance.words)
        if false_claim:
            signals.append("false_claim")
        if "step_limit" in signals and not final and question is None:
            final = (f"I couldn't finish that in {self.max_steps} steps. Try asking for one thing at a time.")
        parts: list[str] = []
        if false_claim:
            parts.append("Nothing has been saved yet." if held else
                         "I haven't saved anything: no reminder or event was written.")
            if not held:
                parts.append("Tell me what to remind you about and when, e.g. \u201cremind me tomorrow at 5 pm "
                             "to call Sam\u201d.")
        elif question is not None:
            parts.append(question)
        elif final:
            parts.append(final)
        if held:
            if question is None:
                steps.append(Step("ask", by="steward"))  # Steward's own question comes after the attempt
                question = confirmation(held)
                parts.append(question)
            else:
                # the model asked in its words; say exactly what a yes will save
                parts.append("Saying yes saves " + "; ".join(h.summary for h in held) + ".")
            self.governance.ask(held, question, steps, store=not ctx.dry_run)
        reply = "\n\n".join(p for p in parts if p) or "I don't have an answer to that."
        return RunResult(reply=reply, model=self.model.name, tools=tuple(tools), held=tuple(held),
                         question=question, false_claim=false_claim, model_reply=final, signals=tuple(signals),
                         steps=tuple(steps), model_steps=used, hook_errors=tuple(self._hook_errors))


def for_trace(result: Any) -> Any:
    """A tool result as the trace keeps it: an email body is for the model only, never stored."""
    if isinstance(result, Mapping) and "body" in result:
        kept = {k: v for k, v in result.items() if k != "body"}
        kept["body_chars"] = len(str(result["body"] or ""))
        return kept
    return result


def _marks(ctx: ToolContext) -> dict[str, Any]:
    """Fields Steward adds to a hook's input: `dry_run` when nothing may be written."""
    return {"dry_run": True} if ctx.dry_run else {}


def _written(latest: Sequence[Message]) -> tuple[str, ...]:
    """What the model has written to the user in this run (its text beside tool calls)."""
    return tuple(m.content for m in latest if m.role == "assistant" and m.content)


def _keys(result: Any) -> Sequence[str]:
    return list(result) if isinstance(result, Mapping) else []
