"""Bad requests to `steward serve`: a 4xx JSON error of one line, nothing changed, and the server goes on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

NOW = "2026-09-14T10:00:00+00:00"
JSON = {"content-type": "application/json"}


def _one_line_error(r, status: int, error: str) -> str:  # type: ignore[no-untyped-def]
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error", "message"} and body["error"] == error
    assert "\n" not in body["message"] and "Traceback" not in r.text
    message: str = body["message"]
    return message


def _no_reminders(client: TestClient) -> None:
    assert client.get("/reminders", params={"all": "true"}).json()["reminders"] == []


def test_a_body_over_a_mebibyte_is_refused_before_the_turn_runs(client: TestClient) -> None:
    text = "remind me tomorrow at 9 to " + "x" * (2 * 1024 * 1024)
    r = client.post("/chat", content=f'{{"text": "{text}"}}', headers=JSON)
    assert "larger than Steward takes (1 MiB)" in _one_line_error(r, 413, "too_large")
    _no_reminders(client)


def test_a_chunked_body_over_the_limit_is_refused_too(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"text": "remind me tomorrow at 9 to '
        for _ in range(40):
            yield b"y" * 65536
        yield b'"}'

    r = client.post("/chat", content=chunks(), headers=JSON)
    _one_line_error(r, 413, "too_large")
    _no_reminders(client)


def test_a_small_chunked_body_still_works(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"text": "remind me tomorrow at 9 am '
        yield b'to call the bank"}'

    r = client.post("/chat", content=chunks(), headers=JSON)
    assert r.status_code == 200, r.text
    assert r.json()["writes"][0]["fields"]["text"] == "call the bank"


@pytest.mark.parametrize("body", [b'{"text": "\xff\xfe"}', b"[" * 50000 + b"]" * 50000],
                         ids=["not-utf8", "deeply-nested"])
def test_a_body_json_cannot_read_is_invalid_request(client: TestClient, body: bytes) -> None:
    for path in ("/chat", "/chat/stream"):
        r = client.post(path, content=body, headers=JSON)
        assert "not JSON Steward can read" in _one_line_error(r, 422, "invalid_request")
    assert client.get("/health").status_code == 200


@pytest.mark.parametrize(("method", "path", "status", "error", "piece"), [
    ("GET", "/schedule?when=9999-12-31", 400, "user_error", "runs from the year 2 to 9998"),
    ("GET", "/mail/search?q=newer_than:99999999y", 400, "user_error", "reaches back past the year 1"),
    ("GET", "/mail/analyze?q=newer_than:99999999y", 400, "user_error", "reaches back past the year 1"),
    ("GET", "/mail/search?q=category:statment", 400, "user_error", "is not a category"),
    ("GET", "/mail/99999999999999999999999", 404, "not_found", "no message with id"),
    ("DELETE", "/reminders/99999999999999999999999", 404, "not_found", "no reminder #"),
])
def test_values_past_what_the_store_holds_are_one_line(client: TestClient, method: str, path: str, status: int,
                                                        error: str, piece: str) -> None:
    r = client.request(method, path)
    assert piece in _one_line_error(r, status, error)
    assert client.get("/health").status_code == 200


@pytest.mark.parametrize("origin", ["http://[", "http://[::1", "https://[bad]x"])
def test_a_malformed_origin_is_refused_as_another_site_not_a_crash(client: TestClient, origin: str) -> None:
    r = client.post("/chat", json={"text": "remind me tomorrow at 9 to call the bank"}, headers={"origin": origin})
    assert "may not change anything here" in _one_line_error(r, 403, "cross_site")
    _no_reminders(client)
