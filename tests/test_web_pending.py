"""Held writes over HTTP: the model proposes, the user confirms or cancels with POST /pending/{id}."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from serve_helpers import in_process
from steward.llm.testing import ScriptedModelServer, call, say

NOW = "2026-09-14T23:53:00+05:30"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def model(tier2_model: ScriptedModelServer) -> ScriptedModelServer:
    return tier2_model


@pytest.fixture
def client(steward_home: Path, model: ScriptedModelServer) -> Iterator[TestClient]:
    with TestClient(in_process(steward_home, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        yield c


def propose(client: TestClient, model: ScriptedModelServer, text: str = "Call Sam") -> dict[str, Any]:
    model.enqueue(call("create_reminder", text=text, day="tomorrow", time="5 pm"), say("Shall I?"))
    trace = client.post("/chat", json={"text": f"I should {text.lower()} tomorrow at 5, can you help"}).json()
    assert trace["handled_by"] == "loop" and trace["writes"] == []
    assert trace["tools"][0]["held"] is True
    return trace


def held_id(trace: dict[str, Any]) -> str:
    return str(trace["tools"][0]["result"]["held_id"])


def test_confirm_writes_once(client: TestClient, model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    assert client.get("/reminders").json()["reminders"] == []
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert r.status_code == 200
    [write] = r.json()["writes"]
    assert (write["fields"]["text"], write["fields"]["due"]) == ("Call Sam", "2026-09-15T17:00:00+05:30")
    again = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert again.status_code == 409 and "already saved" in again.json()["message"]
    assert [x["text"] for x in client.get("/reminders").json()["reminders"]] == ["Call Sam"]


def test_cancel_writes_nothing(client: TestClient, model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "cancel"})
    assert r.status_code == 200 and r.json()["writes"] == [] and r.json()["reply"].startswith("OK, I won't")
    late = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert late.status_code == 400 and "already cancelled" in late.json()["message"]
    assert client.get("/reminders").json()["reminders"] == []


def test_a_held_write_dropped_by_a_new_request_cannot_be_confirmed(client: TestClient,
                                                                   model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    model.enqueue(say("I can't see the weather."))
    client.post("/chat", json={"text": "what's the weather like"})
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert r.status_code == 400 and "dropped" in r.json()["message"]
    assert client.get("/reminders").json()["reminders"] == []


def test_bad_answers_and_ids(client: TestClient, model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "maybe"})
    assert r.status_code == 422 and r.json()["message"].startswith("'answer'")
    assert client.post("/pending/held-nope", json={"answer": "confirm"}).status_code == 404
    assert client.post("/pending/..%2f..", json={"answer": "confirm"}).status_code in (404, 422)
    cross = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"},
                        headers={"origin": "https://evil.example"})
    assert cross.status_code == 403
    # none of that touched it: it still waits, and a real confirm saves it
    assert client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"}).json()["writes"]
