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


def test_a_held_write_superseded_by_a_new_request_cannot_be_confirmed(client: TestClient,
                                                                      model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    model.enqueue(say("I can't see the weather."))
    later = client.post("/chat", json={"text": "what's the weather like"}).json()
    assert later["superseded"] == [held_id(trace)]
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert r.status_code == 409 and r.json()["message"] == "that question is no longer open: ask again"
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


def reminder_texts(client: TestClient) -> list[str]:
    return [x["text"] for x in client.get("/reminders").json()["reminders"]]


def test_a_confirm_after_a_later_turn_asked_its_own_question_saves_its_write_and_leaves_that_question_open(
        client: TestClient, model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    # a later turn asks its own question ("What should I remind you about?"); the card's write waits beside it
    later = client.post("/chat", json={"text": "remind me tomorrow at 10 am"}).json()
    assert later["continuation"] is not None and later["handled_by"] != "loop"
    assert later["superseded"] == [] and later["waiting"] == [{"id": held_id(trace),
                                                               "summary": trace["tools"][0]["result"]["summary"]}]
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert r.status_code == 200 and [w["fields"]["text"] for w in r.json()["writes"]] == ["Call Sam"]
    assert r.json()["waiting"] == []
    assert reminder_texts(client) == ["Call Sam"]  # never a reminder called "yes"
    # the question the later turn asked is still the one the chat's next words answer
    answered = client.post("/chat", json={"text": "water the plants"}).json()
    assert [w["fields"]["text"] for w in answered["writes"]] == ["water the plants"]


def test_a_write_asked_about_waits_beside_later_answers_until_its_card_is_answered(
        client: TestClient, model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    shown = client.post("/chat", json={"text": "what is on tomorrow?"}).json()
    assert [w["id"] for w in shown["waiting"]] == [held_id(trace)]
    history = client.get("/chat/history").json()
    assert [w["id"] for w in history["turns"][-1]["trace"]["waiting"]] == [held_id(trace)]
    no = client.post(f"/pending/{held_id(trace)}", json={"answer": "cancel"})
    assert no.status_code == 200 and no.json()["writes"] == []
    assert client.post("/chat", json={"text": "what is on tomorrow?"}).json()["waiting"] == []
    late = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert late.status_code == 400 and "already cancelled" in late.json()["message"]
    assert reminder_texts(client) == []


def test_a_later_model_turn_supersedes_what_waited(client: TestClient, model: ScriptedModelServer) -> None:
    trace = propose(client, model)
    client.post("/chat", json={"text": "what is on tomorrow?"})
    model.enqueue(say("I can't see the weather."))
    later = client.post("/chat", json={"text": "what's the weather like"}).json()
    assert later["superseded"] == [held_id(trace)] and later["waiting"] == []  # the page closes its card
    r = client.post(f"/pending/{held_id(trace)}", json={"answer": "confirm"})
    assert r.status_code == 409 and "no longer open" in r.json()["message"]
    assert reminder_texts(client) == []


def test_a_confirm_commits_only_the_card_it_names(client: TestClient, model: ScriptedModelServer) -> None:
    first = propose(client, model, "Call Sam")
    second = propose(client, model, "Pay rent")
    stale = client.post(f"/pending/{held_id(first)}", json={"answer": "confirm"})
    assert stale.status_code == 409
    r = client.post(f"/pending/{held_id(second)}", json={"answer": "confirm"})
    assert r.status_code == 200 and [w["fields"]["text"] for w in r.json()["writes"]] == ["Pay rent"]
    assert reminder_texts(client) == ["Pay rent"]
