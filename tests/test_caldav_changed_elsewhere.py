"""Times of a repeating event that another calendar app skipped or moved on a real Radicale (the change
made with the `caldav` library, as a phone would make it) are shown as such wherever a day is shown:
`steward schedule`, `GET /schedule` (the page's Today panel draws what it returns) and a chat answer. A
skipped time stays in its day marked skipped (an EXDATE, or a time of its own marked cancelled), never as
on; a moved one is at its new time, saying where it was."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from radicale_server import Radicale, use_caldav

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NY = ZoneInfo("America/New_York")
NOW = "2026-10-28T12:00:00-04:00"  # a Wednesday; New York's clocks go back on Sunday 1 November


def phone_changes(url: str, uid: str) -> None:
    """Another app skips Monday 9 November, moves Monday 16 November to Tuesday 15:00 and deletes Monday
    23 November the way some apps do (a time of its own, STATUS:CANCELLED)."""
    from caldav.davclient import DAVClient
    from icalendar import Event as VEvent

    other = DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)
    obj = other.object_by_uid(uid)
    obj.icalendar_component.add("exdate", datetime(2026, 11, 9, 10, tzinfo=NY))
    for was, start, status in ((datetime(2026, 11, 16, 10, tzinfo=NY), datetime(2026, 11, 17, 15, tzinfo=NY), None),
                               (datetime(2026, 11, 23, 10, tzinfo=NY), datetime(2026, 11, 23, 10, tzinfo=NY),
                                "CANCELLED")):
        one = VEvent()
        one.add("uid", uid)
        one.add("summary", "team meeting")
        one.add("dtstamp", datetime(2026, 10, 28, 16, tzinfo=NY))
        one.add("recurrence-id", was)
        one.add("dtstart", start)
        one.add("dtend", start.replace(minute=30))
        if status:
            one.add("status", status)
        obj.icalendar_instance.add_component(one)
    obj.save()


def test_a_series_skipped_and_moved_in_another_app_shows_so_in_the_schedule_the_page_and_chat(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch, steward_home: Path, cli: Callable[..., Any]) -> None:
    from fastapi.testclient import TestClient

    from serve_helpers import in_process

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/New_York")

    def run(*args: str) -> Any:
        r = cli("--now", NOW, "--tz", "America/New_York", *args)
        assert r.code == 0, r.err
        return r

    made = run("--json", "calendar", "add", "every monday at 10", "team meeting", "--minutes", "30").json()
    phone_changes(url, made["id"])

    def day(when: str) -> list[tuple[str, str, str | None, str | None]]:
        items = run("--json", "schedule", when).json()["items"]
        return [(i["title"], i["start"][:16], i.get("state"), (i.get("moved_from") or "")[:16] or None) for i in items]

    assert day("november 2") == [("team meeting", "2026-11-02T10:00", None, None)]
    assert day("november 9") == [("team meeting", "2026-11-09T10:00", "skipped", None)]
    assert day("november 16") == []
    assert day("november 17") == [("team meeting", "2026-11-17T15:00", "moved", "2026-11-16T10:00")]
    assert day("november 23") == [("team meeting", "2026-11-23T10:00", "skipped", None)]
    assert day("november 30") == [("team meeting", "2026-11-30T10:00", None, None)]
    text = run("schedule", "november 9").out
    assert "team meeting (caldav) [skipped]" in text

    with TestClient(in_process(steward_home, NOW), base_url="http://127.0.0.1:8765") as client:  # type: ignore[arg-type]
        page = client.get("/schedule", params={"when": "2026-11-23"}).json()["items"]
        moved = client.get("/schedule", params={"when": "2026-11-17"}).json()["items"]
    assert [(i["title"], i["state"]) for i in page] == [("team meeting", "skipped")]
    assert [(i["title"], i["state"], i["moved_from"][:16]) for i in moved] == [
        ("team meeting", "moved", "2026-11-16T10:00")]

    said = run("--json", "chat", "what's on my calendar on november 9?").json()["reply"]
    assert "team meeting" in said and "skipped" in said
    said = run("--json", "chat", "what's on my calendar on november 17?").json()["reply"]
    assert "team meeting" in said and "moved from" in said
    # nothing is said to be on at a time that will not happen
    free = run("--json", "chat", "am I free on november 23 at 10 am?").json()["reply"]
    assert free.startswith("Yes"), free


OTHER_APP = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//another app//EN\r
BEGIN:VEVENT\r
UID:{uid}\r
DTSTAMP:20261001T000000Z\r
DTSTART;TZID=America/New_York:{start}\r
DURATION:PT1H\r
SUMMARY:{title}\r
END:VEVENT\r
END:VCALENDAR\r
"""


def test_an_event_another_app_made_is_moved_or_cancelled_by_talking_only_after_one_yes(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch, steward_home: Path, cli: Callable[..., Any]) -> None:
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/New_York")
    other = DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)
    other.save_event(OTHER_APP.format(uid="club-1", start="20261103T190000", title="book club"))
    other.save_event(OTHER_APP.format(uid="vet-1", start="20261104T090000", title="vet visit"))

    def say(text: str) -> dict[str, Any]:
        r = cli("--now", NOW, "--json", "chat", "--session", "s1", text)
        assert r.code == 0, r.err
        return dict(r.json())

    def on_server(uid: str) -> str | None:
        from caldav.lib.error import NotFoundError

        try:
            start = other.object_by_uid(uid).icalendar_component.decoded("dtstart")
        except NotFoundError:
            return None
        return str(start.astimezone(NY).isoformat()[:16])

    asked = say("move the book club to 8 pm")
    assert asked["writes"] == [] and asked["continuation"] is not None
    assert "made in another calendar app" in asked["reply"]
    assert on_server("club-1") == "2026-11-03T19:00"
    done = say("yes")
    assert len(done["writes"]) == 1 and on_server("club-1") == "2026-11-03T20:00"

    asked = say("cancel the vet visit")
    assert asked["writes"] == [] and "made in another calendar app" in asked["reply"]
    assert on_server("vet-1") == "2026-11-04T09:00"
    kept = say("no")
    assert kept["writes"] == [] and on_server("vet-1") == "2026-11-04T09:00"
    say("cancel the vet visit")
    assert len(say("yes")["writes"]) == 1 and on_server("vet-1") is None
