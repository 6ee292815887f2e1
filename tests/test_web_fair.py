"""Fair serving: slow model turns cannot starve the server. Reads and intercepted turns are answered
while model turns wait on the model; queued turns are bounded (429 with Retry-After); a turn whose
client has gone before its model call starts is dropped."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from serve_helpers import Served, serving
from steward.llm.testing import RecordedRequest, Scripted, ScriptedModelServer, say

pytestmark = pytest.mark.server
NOW = "2026-09-14T23:53:00+05:30"


class HeldModel:
    """A scripted model whose every answer waits until the test lets it go."""

    def __init__(self, server: ScriptedModelServer) -> None:
        self.server = server
        self.release = threading.Event()
        self.arrived = threading.Semaphore(0)

    def reply(self, request: RecordedRequest) -> Scripted:
        self.arrived.release()
        self.release.wait(120)
        return say("Here is what I think.")

    def expect(self, n: int) -> None:
        for _ in range(n):
            self.server.enqueue(self.reply)

    def wait_for(self, n: int) -> None:
        for _ in range(n):
            assert self.arrived.acquire(timeout=60), "the model was not asked"


@pytest.fixture
def model(tier2_model: ScriptedModelServer) -> Iterator[HeldModel]:
    held = HeldModel(tier2_model)
    yield held
    held.release.set()


def served_with(home: Path, **settings: str) -> Any:
    env = {f"STEWARD_SERVE_{k.upper()}": v for k, v in settings.items()}
    return serving(home, now=NOW, env=env)


def model_turn(s: Served, session: str, i: int = 0) -> httpx.Response:
    with s.client(timeout=120) as c:
        return c.post("/chat", json={"text": f"help me think through the garden plan, part {i}", "session": session})


def test_reads_and_intercepted_turns_are_answered_while_model_turns_wait(steward_home: Path, model: HeldModel) -> None:
    with served_with(steward_home, model_turns="1") as s, ThreadPoolExecutor(8) as pool:
        model.expect(6)
        turns: list[Future[httpx.Response]] = [pool.submit(model_turn, s, f"s{i}", i) for i in range(6)]
        model.wait_for(1)  # one turn is with the model; the other five wait for it
        with s.client() as c:
            assert c.get("/reminders").status_code == 200
            assert c.get("/mail/search", params={"q": "invoice"}).status_code == 200
            quick = c.post("/chat", json={"text": "what's my schedule tomorrow?", "session": "x"})
            assert quick.json()["handled_by"] == "reader"
        assert not any(t.done() for t in turns)  # all of that while every model turn was still waiting
        model.release.set()
        assert all(t.result().status_code == 200 for t in turns)


def test_turns_beyond_the_bounds_are_refused_with_retry_after(steward_home: Path, model: HeldModel) -> None:
    with served_with(steward_home, model_turns="1", turns_per_session="1", turns_queued="2") as s, \
            ThreadPoolExecutor(4) as pool:
        model.expect(2)
        first = pool.submit(model_turn, s, "a")
        model.wait_for(1)
        same = model_turn(s, "a")  # the session already has a turn under way
        assert same.status_code == 429 and int(same.headers["retry-after"]) > 0
        assert same.json()["error"] == "busy"
        second = pool.submit(model_turn, s, "b")
        with s.client() as c:
            while c.get("/health").json()["with_model"] < 2:  # the second waits for the model's one slot
                time.sleep(0.05)
            over = c.post("/chat", json={"text": "what's my schedule tomorrow?", "session": "c"})
            assert over.status_code == 429 and "retry-after" in over.headers
        model.release.set()
        assert first.result().status_code == 200 and second.result().status_code == 200


def test_a_turn_whose_client_left_before_its_model_call_is_dropped(steward_home: Path, model: HeldModel) -> None:
    with served_with(steward_home, model_turns="1") as s, ThreadPoolExecutor(4) as pool:
        model.expect(2)
        first = pool.submit(model_turn, s, "a")
        model.wait_for(1)
        with s.client() as c, c.stream("POST", "/chat/stream", json={"text": "help me plan the garden",
                                                                    "session": "b"}) as stream:
            next(stream.iter_lines())  # the turn has started and waits for the model's one slot
        # the client has gone: when the slot frees, the turn is dropped, not sent to the model
        model.release.set()
        assert first.result().status_code == 200
        with s.client() as c:
            while any(c.get("/health").json()[k] for k in ("turns", "with_model")):  # the left turn has ended
                time.sleep(0.05)
            history = c.get("/chat/history", params={"session": "b"}).json()
        assert history["turns"] == []
        assert len(model.server.requests) == 1
        assert model.server.remaining == 1
