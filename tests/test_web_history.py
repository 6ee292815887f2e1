"""GET /chat/history: a session's turns come back after a reload, oldest first, with their traces."""

from __future__ import annotations

from fastapi.testclient import TestClient

NOW = "2026-09-14T23:53:00+05:30"


def test_a_sessions_turns_come_back_in_order_with_their_replies(client: TestClient) -> None:
    first = client.post("/chat", json={"text": "remind me tomorrow at 10 am for AI training", "session": "s1"}).json()
    client.post("/chat", json={"text": "tell me a joke", "session": "s1"})
    client.post("/chat", json={"text": "what's my schedule tomorrow?", "session": "other"})
    history = client.get("/chat/history", params={"session": "s1"}).json()
    assert history["session"] == "s1" and history["waiting"] is False
    assert [t["text"] for t in history["turns"]] == ["remind me tomorrow at 10 am for AI training", "tell me a joke"]
    reminder, joke = history["turns"]
    assert reminder["reply"] == first["reply"] and reminder["handled_by"] == "reminder_creation"
    assert reminder["trace"]["writes"][0]["fields"]["text"] == "AI training"
    assert joke["handled_by"] == "outside" and joke["at"].endswith("+05:30")


def test_with_no_session_it_is_todays(client: TestClient) -> None:
    client.post("/chat", json={"text": "what's my schedule tomorrow?"})
    history = client.get("/chat/history").json()
    assert history["session"] == "2026-09-14"
    assert [t["handled_by"] for t in history["turns"]] == ["reader"]


def test_an_open_question_is_still_waiting(client: TestClient) -> None:
    client.post("/chat", json={"text": "remind me about it tomorrow at 9", "session": "q"})
    history = client.get("/chat/history", params={"session": "q"}).json()
    assert history["waiting"] is True
    assert history["turns"][-1]["trace"]["continuation"]["question"] == "What should I remind you about?"


def test_an_unknown_session_is_empty_and_a_bad_id_is_refused(client: TestClient) -> None:
    assert client.get("/chat/history", params={"session": "never-used"}).json()["turns"] == []
    bad = client.get("/chat/history", params={"session": "../etc"})
    assert bad.status_code == 422
