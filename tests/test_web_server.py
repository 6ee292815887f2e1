"""The server's own behaviour: the page, errors as JSON, the token and cross-site rules, OpenAPI."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from serve_helpers import in_process

NOW = "2026-09-14T23:53:00+05:30"
TOKEN = "a-long-enough-token-for-tests"
BASE = "http://127.0.0.1:8765"


def test_page_shows_the_users_day_and_loads_only_its_own_script(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "Monday, 14 September 2026" in page.text  # the user's date at +05:30, not UTC's 14th 18:23
    assert 'for="text"' in page.text and "Send" in page.text
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert client.get("/static/app.js").status_code == 200
    assert "text/css" in client.get("/static/style.css").headers["content-type"]


def test_health_reports_the_pinned_clock(client: TestClient) -> None:
    data = client.get("/health").json()
    assert data["status"] == "ok"
    assert data["now"].startswith("2026-09-14T23:53:00+05:30")


def test_unknown_endpoint_is_json_with_a_message(client: TestClient) -> None:
    r = client.get("/no/such/thing")
    assert r.status_code == 404
    assert r.json()["error"] == "not_found" and "/openapi.json" in r.json()["message"]
    r = client.delete("/health")
    assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"


def test_openapi_document(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["info"]["title"] == "Steward"
    assert "/health" in doc["paths"]


def test_other_hosts_are_refused_without_a_token(client: TestClient) -> None:
    r = client.get("/health", headers={"host": "rebound.example:8765"})
    assert r.status_code == 421 and "127.0.0.1" in r.json()["message"]


def test_token_via_bearer_or_cookie_set_by_visiting_once(steward_home: Path) -> None:
    app = in_process(steward_home, NOW, token=TOKEN)
    with TestClient(app, base_url=BASE, follow_redirects=False) as c:  # type: ignore[arg-type]
        assert c.get("/health").status_code == 401
        locked = c.get("/", headers={"accept": "text/html"})
        assert locked.status_code == 401 and "token" in locked.text
        assert c.get("/health", headers={"authorization": f"Bearer {TOKEN}"}).status_code == 200
        assert c.get("/?token=wrong").status_code == 401
        visit = c.get(f"/?token={TOKEN}")
        assert visit.status_code == 303 and visit.headers["location"] == "/"
        cookie = visit.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        # the client now carries the cookie: the page and the API answer
        assert c.get("/").status_code == 200
        assert c.get("/health").status_code == 200
