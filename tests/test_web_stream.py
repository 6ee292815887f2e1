"""`/chat/stream` with a model: the answer arrives token by token while the model writes it, then the trace.

A real `steward serve` process talks to the scripted model server (real HTTP, both protocols), which
streams each reply in small pieces with a pause between them, as a model generating tokens does.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from serve_helpers import Served, serving
from steward.llm.testing import ScriptedModelServer, call, printed_call, say
from steward.web import sse

pytestmark = [pytest.mark.server]

NOW = "2026-09-14T23:53:00+05:30"
ANSWER = ("Your card statements come from three banks. Kaveri Bank sends one early in the month, "
          "Meridian Bank in the second week, and Harbor Credit Union near the end; none is overdue.")


@dataclass
class Setup:
    model: ScriptedModelServer
    served: Served


@pytest.fixture(scope="module", params=["ollama", "openai"])
def setup(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    home = tmp_path_factory.mktemp(f"stream-{request.param}") / "home"
    with ScriptedModelServer() as model, serving(home, now=NOW,
                                                 env={"STEWARD_LLM_TIER2": model.tier(request.param)}) as s:
        yield Setup(model, s)


def events_of(served: Served, text: str, session: str, model: ScriptedModelServer | None = None,
              hold: threading.Event | None = None) -> list[tuple[int, sse.Event]]:
    """The turn's events, each with how many pieces of its reply the model had written when it arrived.
    With `hold`, the model's last piece waits until the page has shown some of the reply."""
    out: list[tuple[int, sse.Event]] = []
    with served.client() as client, client.stream("POST", "/chat/stream",
                                                  json={"text": text, "session": session}) as r:
        assert r.status_code == 200
        for event in sse.parse(r.iter_lines()):
            out.append((model.pieces_sent if model else 0, event))
            if hold is not None and event.name == "delta":
                hold.set()
    return out


def shown(events: list[tuple[int, sse.Event]]) -> str:
    """What the page shows when the trace arrives: the deltas since the last reset."""
    text = ""
    for _, e in events:
        if e.name == "reset":
            text = ""
        elif e.name == "delta":
            text += e.data["text"]
    return text


def test_the_answer_streams_while_the_model_writes_it(setup: Setup) -> None:
    hold = threading.Event()
    setup.model.enqueue(call("search_inbox", query="card statement"), say(ANSWER, pause=0.01, hold=hold))
    events = events_of(setup.served, "write my accountant a short note on what my card statements say", "s-stream",
                       setup.model, hold)
    names = [e.name for _, e in events]
    assert names[-1] == "trace" and "error" not in names and "reset" not in names
    deltas = [(t, e) for t, e in events if e.name == "delta"]
    assert len(deltas) > 5  # token by token, not the reply at once
    written_at_trace, trace = events[-1][0], events[-1][1].data
    assert trace["handled_by"] == "loop" and [t["name"] for t in trace["tools"]] == ["search_inbox"]
    assert shown(events) == trace["reply"] == ANSWER
    # the first words were on the page while the model still held its last piece back (a page that
    # waited for the whole reply would see it only once the hold ran out and every piece was written)
    assert deltas[0][0] < written_at_trace
    assert setup.model.requests[-1].stream


def test_a_printed_tool_call_and_a_false_claim_are_never_shown(setup: Setup) -> None:
    claim = "I've set a reminder for you to call Sam tomorrow at 5 pm, so you are all sorted for the day."
    setup.model.enqueue(printed_call("search_inbox", "fenced", "Let me look that up in your mail first.",
                                     query="Sam"),
                        say(claim, pause=0.01))
    events = events_of(setup.served, "write Sam a short note asking when he can talk", "s-claim")
    streamed = "".join(e.data["text"] for _, e in events if e.name == "delta")
    assert "search_inbox" not in streamed and "{" not in streamed  # the call printed as JSON stays hidden
    assert "set a reminder" not in streamed  # the claim never reached the page
    trace = events[-1][1].data
    assert events[-1][1].name == "trace" and trace["false_claim"] is True and trace["writes"] == [], trace
    assert shown(events) == trace["reply"] and trace["reply"].startswith("I haven't saved anything")


def test_an_intercept_reply_is_one_delta_then_the_trace(setup: Setup) -> None:
    events = events_of(setup.served, "what's my schedule tomorrow?", "s-intercept")
    assert [e.name for _, e in events] == ["delta", "trace"]
    assert events[1][1].data["handled_by"] == "reader"
    assert events[0][1].data["text"] == events[1][1].data["reply"]
