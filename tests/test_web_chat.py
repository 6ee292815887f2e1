"""Chat over HTTP: a turn and its trace, the same turn streamed as SSE, bad input refused whole."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from steward.web import sse

NOW = "2026-09-14T23:53:00+05:30"


def stream(client: TestClient, body: dict[str, object]) -> list[sse.Event]:
    with client.stream("POST", "/chat/stream", json=body) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        return list(sse.parse(r.iter_lines()))


def test_a_reminder_turn_writes_once_and_shows_on_tomorrows_schedule(client: TestClient) -> None:
    r = client.post("/chat", json={"text": "can you remind me tomorrow at 10 am for a AI training ?"})
    assert r.status_code == 200
    trace = r.json()
    assert trace["handled_by"] == "reminder_creation"
    [write] = trace["writes"]
    assert write["fields"]["text"] == "AI training"
    assert write["fields"]["due"] == "2026-09-15T10:00:00+05:30"
    day = client.get("/schedule", params={"when": "tomorrow"}).json()
    assert [(i["text"], i["due"]) for i in day["items"]] == [("AI training", "2026-09-15T10:00:00+05:30")]


def test_the_stream_sends_the_reply_then_the_trace_last(client: TestClient) -> None:
    events = stream(client, {"text": "remind me tomorrow at 5 pm to call the bank"})
    names = [e.name for e in events]
    assert names[-1] == "trace" and "delta" in names and "error" not in names
    trace = events[-1].data
    assert "".join(e.data["text"] for e in events if e.name == "delta") == trace["reply"]
    assert trace["writes"][0]["fields"]["due"] == "2026-09-15T17:00:00+05:30"


def test_a_continuation_is_answered_in_the_same_session(client: TestClient) -> None:
    first = client.post("/chat", json={"text": "remind me about it tomorrow at 9", "session": "s1"}).json()
    assert first["continuation"]["question"] == "What should I remind you about?"
    assert first["writes"] == []
    second = client.post("/chat", json={"text": "renew the passport", "session": "s1"}).json()
    assert second["handled_by"] == "continuation"
    assert second["writes"][0]["fields"]["text"].lower() == "renew the passport"
    # another session has no open question
    other = client.post("/chat", json={"text": "water the plants", "session": "s2"}).json()
    assert other["writes"] == []


def test_dry_run_writes_nothing(client: TestClient) -> None:
    trace = client.post("/chat", json={"text": "remind me tomorrow at 10 am for AI training", "dry_run": True}).json()
    assert trace["dry_run"] is True and trace["writes"]
    assert client.get("/reminders").json()["reminders"] == []


@pytest.mark.parametrize("body, status, message", [
    ({}, 422, "'text' is required"),
    ({"text": ""}, 422, "'text'"),
    ({"text": "x" * 4001}, 422, "'text'"),
    ({"text": "hi", "sesion": "typo"}, 422, "'sesion'"),
    ({"text": "hi", "session": "../etc"}, 422, "'session'"),
    ({"text": "hi", "dry_run": "maybe"}, 422, "'dry_run'"),
])
def test_bad_bodies_get_one_clear_message_and_change_nothing(client: TestClient, body: dict[str, object],
                                                             status: int, message: str) -> None:
    for path in ("/chat", "/chat/stream"):
        r = client.post(path, json=body)
        assert r.status_code == status, r.text
        assert r.json()["error"] == "invalid_request" and message in r.json()["message"]
        assert "\n" not in r.json()["message"]
    assert client.get("/reminders").json()["reminders"] == []


def test_not_json_is_refused(client: TestClient) -> None:
    r = client.post("/chat", content=b"text=remind me", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415 and "application/json" in r.json()["message"]
    r = client.post("/chat", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["message"] == "the request body is not valid JSON"


def test_a_turn_the_engine_refuses_is_a_400_or_an_error_event(client: TestClient) -> None:
    r = client.post("/chat", json={"text": "   "})
    assert r.status_code == 400 and r.json()["error"] == "user_error"
    events = stream(client, {"text": "\u200b \t "})
    assert [e.name for e in events] == ["error"]
    assert events[0].data["message"].startswith("say something")
