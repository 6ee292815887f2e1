"""`steward chat TEXT` with a model: the answer is printed as the model writes it, not all at the end.

A real process talks to the scripted model server (real HTTP), which streams the reply in small pieces
with a pause between them, as a model generating tokens does.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from steward.llm.testing import ScriptedModelServer, call, say

pytestmark = [pytest.mark.server]

NOW = "2026-09-14T23:53:00+05:30"
ANSWER = ("Your card statements come from three banks. Kaveri Bank sends one early in the month, "
          "Meridian Bank in the second week, and Harbor Credit Union near the end; none is overdue.")


def test_the_terminal_shows_the_answer_while_the_model_writes_it(steward_home) -> None:  # type: ignore[no-untyped-def]
    with ScriptedModelServer() as model:
        model.enqueue(call("search_inbox", query="card statement"), say(ANSWER, pause=0.03))
        env = {**os.environ, "STEWARD_HOME": str(steward_home), "STEWARD_LLM_TIER2": model.tier("openai"),
               "PYTHONUNBUFFERED": "1"}
        proc = subprocess.Popen([sys.executable, "-m", "steward", "--now", NOW, "chat",
                                 "can you help me make sense of my card statements"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert proc.stdout is not None
        first = proc.stdout.read(1)
        first_at = time.perf_counter()
        rest = proc.stdout.read()
        ended_at = time.perf_counter()
        assert proc.wait(30) == 0, proc.stderr.read() if proc.stderr else ""
    assert (first + rest).decode() == ANSWER + "\n"  # printed once, whole, no duplicate at the end
    # the model takes ~1 s to write it (31 pieces, 30 ms apart): the first words were on screen long before
    assert ended_at - first_at > 0.4
    assert model.requests[-1].stream


def test_json_output_is_the_trace_alone(cli, tier2_model) -> None:  # type: ignore[no-untyped-def]
    tier2_model.enqueue(say(ANSWER))
    r = cli("--now", NOW, "chat", "can you help me make sense of my card statements", "--json")
    assert r.code == 0, r.err
    assert r.json()["reply"] == ANSWER and r.out.count(ANSWER) == 1
