"""Talking to Google (steward.googleapi) against the fake Google: tokens, backoff as Google asks, lost writes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from google_fake import CALENDAR_EVENTS, FakeGoogle, running
from steward.errors import ConnectorError
from steward.googleapi import Credential, GoogleSession, OutcomeUnknown

pytestmark = pytest.mark.server
EVENTS = "calendar/v3/calendars/primary/events"


@pytest.fixture
def fake() -> Iterator[FakeGoogle]:
    with running() as server:
        yield server


def session(fake: FakeGoogle, waits: list[float], **kw: object) -> GoogleSession:
    cred = fake.credential(CALENDAR_EVENTS)
    return GoogleSession(Credential(cred["client_id"], cred["client_secret"], cred["refresh_token"], cred["token_uri"]),
                         api_url=fake.url, who="Google Calendar primary", scopes={CALENDAR_EVENTS},
                         sleep=waits.append, **kw)  # type: ignore[arg-type]


def test_rate_limits_are_retried_with_growing_jittered_waits_and_then_given_up(fake: FakeGoogle) -> None:
    waits: list[float] = []
    google = session(fake, waits, retries=4, backoff=1.0, max_wait=3.0)
    fake.fail("calendar.events.list", status=403, reason="rateLimitExceeded", times=2)
    fake.fail("calendar.events.list", status=429)
    assert google.json("reading", "GET", EVENTS) is not None
    assert len(waits) == 3 and all(0 <= w <= bound for w, bound in zip(waits, (1.0, 2.0, 3.0), strict=True))
    waits.clear()
    fake.fail("calendar.events.list", status=403, reason="userRateLimitExceeded", times=10)
    with pytest.raises(ConnectorError, match="HTTP 403 User Rate Limit Exceeded"):
        google.json("reading", "GET", EVENTS)
    assert len(waits) == 4 and max(waits) <= 3.0  # four retries, none waiting past the cap
    # a 403 for another reason is an answer, not a rate limit: no retry
    waits.clear()
    fake.faults.clear()
    fake.fail("calendar.events.list", status=403, reason="forbidden")
    with pytest.raises(ConnectorError, match="HTTP 403"):
        google.json("reading", "GET", EVENTS)
    assert waits == []
    google.close()


def test_a_5xx_on_a_write_is_an_unknown_outcome_never_retried_blind(fake: FakeGoogle) -> None:
    waits: list[float] = []
    google = session(fake, waits)
    fake.fail("calendar.events.insert", status=503)
    body = {"summary": "x", "start": {"date": "2026-09-17"}, "end": {"date": "2026-09-18"}}
    with pytest.raises(OutcomeUnknown, match="HTTP 503 after the request was sent"):
        google.request("saving", "POST", EVENTS, json_body=body, write=True)
    assert len(fake.calls_to("calendar.events.insert")) == 1 and waits == []
    google.close()


def test_an_access_token_is_refreshed_when_google_says_401_and_when_it_ends(fake: FakeGoogle) -> None:
    clock = [0.0]
    google = session(fake, [], monotonic=lambda: clock[0])
    google.json("reading", "GET", EVENTS)
    fake.expire_tokens()
    google.json("reading", "GET", EVENTS)  # 401, one refresh, the same request again
    assert len(fake.token_requests) == 2
    clock[0] += 3600  # past the token's lifetime: refreshed before sending
    google.json("reading", "GET", EVENTS)
    assert len(fake.token_requests) == 3
    assert [c.status for c in fake.calls_to("calendar.events.list")] == [200, 401, 200, 200]
    google.close()
