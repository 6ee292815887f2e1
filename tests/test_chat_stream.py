"""`steward chat TEXT` with a model: the answer is printed as the model writes it, not all at the end.

A real process talks to the scripted model server (real HTTP), which streams the reply in small pieces
with a pause between them, as a model generating tokens does.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from steward.llm import testing
from steward.llm.testing import ScriptedModelServer, call, say

pytestmark = [pytest.mark.server]

NOW = "2026-09-14T23:53:00+05:30"
ANSWER = ("Your card statements come from three banks. Kaveri Bank sends one early in the month, "
          "Meridian Bank in the second week, and Harbor Credit Union near the end; none is overdue.")


class HeldModel:
    """Stands in for the scripted server's `time`: the model's last pause, before its last piece, lasts
    until the test has read the first words (or 60 s). "On screen while the model writes" is then an
    order of events, not a duration that a loaded machine stretches."""

    def __init__(self, pauses: int) -> None:
        self.pauses = pauses
        self.released = threading.Event()
        self.timed_out = False

    def sleep(self, seconds: float) -> None:
        self.pauses -= 1
        if self.pauses != 0:
            time.sleep(seconds)
            return
        self.timed_out = not self.released.wait(60)

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)


def test_the_terminal_shows_the_answer_while_the_model_writes_it(steward_home, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with ScriptedModelServer() as model:
        held = HeldModel(pauses=len(range(0, len(ANSWER), model.chunk_chars)) - 1)
        monkeypatch.setattr(testing, "time", held)
        model.enqueue(call("search_inbox", query="card statement"), say(ANSWER, pause=0.03))
        env = {**os.environ, "STEWARD_HOME": str(steward_home), "STEWARD_LLM_TIER2": model.tier("openai"),
               "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([sys.executable, "-m", "steward", "--now", NOW, "chat",
                                 "can you help me make sense of my card statements"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert proc.stdout is not None
        first = proc.stdout.read(1)
        # the model holds its last piece: the first words are on screen before it has finished
        mid_reply = not held.timed_out
        held.released.set()
        rest = proc.stdout.read()
        assert proc.wait(30) == 0, proc.stderr.read() if proc.stderr else ""
    assert mid_reply, "the answer was printed only after the model had finished writing it"
    assert (first + rest).decode() == ANSWER + "\n"  # printed once, whole, no duplicate at the end
    assert model.requests[-1].stream


def test_json_output_is_the_trace_alone(cli, tier2_model) -> None:  # type: ignore[no-untyped-def]
    tier2_model.enqueue(say(ANSWER))
    r = cli("--now", NOW, "chat", "can you help me make sense of my card statements", "--json")
    assert r.code == 0, r.err
    assert r.json()["reply"] == ANSWER and r.out.count(ANSWER) == 1
