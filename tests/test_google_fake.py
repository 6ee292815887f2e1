"""The fake Google holds requests to Google's discovery documents: what they do not define is refused."""

from __future__ import annotations

import httpx
import pytest

from google_fake import CALENDAR_EVENTS, GMAIL_READ, FakeGoogle

pytestmark = pytest.mark.server


@pytest.fixture
def fake() -> FakeGoogle:
    server = FakeGoogle()
    yield server  # type: ignore[misc]
    server.close()


def _token(fake: FakeGoogle, *scopes: str) -> dict[str, str]:
    cred = fake.credential(*scopes)
    answer = httpx.post(fake.token_uri, data={"grant_type": "refresh_token", "refresh_token": cred["refresh_token"],
                                              "client_id": cred["client_id"]}).json()
    return {"Authorization": f"Bearer {answer['access_token']}"}


@pytest.mark.parametrize(("method", "path", "params", "body", "why"), [
    ("GET", "calendar/v3/calendars/primary/events", {"singleEvent": "true"}, None, "no query parameter 'singleEvent'"),
    ("GET", "calendar/v3/calendars/primary/events", {"maxResults": "ten"}, None, "maxResults='ten': not an integer"),
    ("GET", "calendar/v3/calendars/primary/events", {"maxResults": "0"}, None, "below the minimum 1"),
    ("GET", "calendar/v3/calendars/primary/events", {"timeMin": "2026-09-17T10:00:00"}, None, "needs an offset"),
    ("GET", "calendar/v3/calendars/primary/events", {"singleEvents": "yes"}, None, "not a boolean"),
    ("POST", "calendar/v3/calendars/primary/events", {}, {"summary": "x", "attendee": []}, "'attendee' is not defined"),
    ("POST", "calendar/v3/calendars/primary/events", {}, {"summary": 5}, "body.summary: not a string"),
    ("POST", "calendar/v3/calendars/primary/events", {},
     {"summary": "x", "extendedProperties": {"private": {"n": 1}}}, "body.extendedProperties.private.n: not a string"),
    ("GET", "gmail/v1/users/me/messages/abc", {"format": "METADATA"}, None, "not one of minimal, full, raw, metadata"),
    ("GET", "gmail/v1/users/me/history", {}, None, "startHistoryId is required"),
    ("GET", "gmail/v1/users/me/history", {"startHistoryId": "12a"}, None, "not an uint64"),
    ("PUT", "gmail/v1/users/me/messages", {}, None, "PUT /gmail/v1/users/me/messages: no method"),
    ("GET", "calendar/v3/calendars/primary/event", {}, None, "GET /calendar/v3/calendars/primary/event: no method"),
])
def test_what_the_documents_do_not_define_is_refused(fake: FakeGoogle, method: str, path: str, params: dict[str, str],
                                                     body: object, why: str) -> None:
    headers = _token(fake, CALENDAR_EVENTS, GMAIL_READ)
    resp = httpx.request(method, fake.url + path, params=params, json=body, headers=headers)
    assert resp.status_code in (400, 404)
    assert any(why in r for r in fake.rejected), fake.rejected


def test_a_repeated_parameter_only_where_the_document_repeats_it(fake: FakeGoogle) -> None:
    headers = _token(fake, CALENDAR_EVENTS)
    events = fake.url + "calendar/v3/calendars/primary/events"
    ok = httpx.get(events, params=[("privateExtendedProperty", "a=1"), ("privateExtendedProperty", "b=2")],
                   headers=headers)
    assert ok.status_code == 200 and fake.rejected == []
    bad = httpx.get(events, params=[("q", "a"), ("q", "b")], headers=headers)
    assert bad.status_code == 400 and "q is not repeated" in fake.rejected[0]


def test_answers_follow_the_schemas_and_tokens_and_scopes_are_checked(fake: FakeGoogle) -> None:
    events = fake.url + "calendar/v3/calendars/primary/events"
    assert httpx.get(events, headers={"Authorization": "Bearer nonsense"}).status_code == 401
    read_only = _token(fake, GMAIL_READ)
    refused = httpx.get(events, headers=read_only)
    assert refused.status_code == 403 and refused.json()["error"]["errors"][0]["reason"] == "insufficientPermissions"
    headers = _token(fake, CALENDAR_EVENTS)
    made = httpx.post(events, headers=headers, json={"summary": "Dentist", "start": {"dateTime": "2026-09-17T16:30:00+05:30"},
                                                     "end": {"dateTime": "2026-09-17T17:30:00+05:30"}})
    assert made.status_code == 200 and made.json()["reminders"] == {"useDefault": True}
    fake.expire_tokens()
    assert httpx.get(events, headers=headers).status_code == 401
    assert fake.rejected == []
