"""`steward calendar move|skip|cancel` on a repeating event kept on a real Radicale: one time moved or
skipped on its own there (read back by another client with the `caldav` library, on New York's wall
clock after the clocks went back), a series never cancelled without --series."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from radicale_server import Radicale, use_caldav

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NY = ZoneInfo("America/New_York")
NOW = "2026-10-28T12:00:00-04:00"  # a Wednesday; the clocks go back on Sunday 1 November


def test_one_time_of_a_series_on_caldav_is_moved_and_another_skipped_by_their_days(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch, steward_home: Any, cli: Callable[..., Any]) -> None:
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)

    def run(*args: str) -> Any:
        return cli("--now", NOW, "--tz", "America/New_York", *args)

    r = run("calendar", "add", "every monday at 10", "team meeting", "--minutes", "30")
    assert r.code == 0, r.err
    r = run("calendar", "move", "team meeting on november 9", "tuesday 3 pm")
    assert r.code == 0, r.err
    assert "the other times stay" in r.out
    r = run("calendar", "skip", "team meeting", "november 16")
    assert r.code == 0, r.err
    r = run("calendar", "cancel", "team meeting")
    assert r.code == 1 and r.err.count("\n") == 1 and "team meeting repeats: --series" in r.err
    day = run("--json", "schedule", "november 10").json()["items"]
    assert [(i["title"], i["start"], i.get("state"), i.get("moved_from")) for i in day] == [
        ("team meeting", "2026-11-10T15:00:00-05:00", "moved", "2026-11-09T10:00:00-05:00")]
    other = DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)
    seen = other.search(start=datetime(2026, 11, 1, tzinfo=NY), end=datetime(2026, 11, 24, tzinfo=NY),
                        event=True, expand=True)
    times = sorted(o.icalendar_component.decoded("dtstart").astimezone(NY).isoformat()[:16] for o in seen)
    assert times == ["2026-11-02T10:00", "2026-11-10T15:00", "2026-11-23T10:00"]


OTHER_APP = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//another app//EN\r
BEGIN:VEVENT\r
UID:{uid}\r
DTSTAMP:20261001T000000Z\r
{body}\r
END:VEVENT\r
{extra}END:VCALENDAR\r
"""


def test_times_another_app_gave_on_caldav_are_read_as_it_keeps_them(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch, steward_home: Any, cli: Callable[..., Any]) -> None:
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    other = DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)
    # a book club on two dates (RDATE), and a weekly choir with one time moved on its own
    other.save_event(OTHER_APP.format(uid="club-1", extra="", body="DTSTART:20261103T130000Z\r\nDURATION:PT1H\r\n"
                                      "RDATE:20261105T130000Z\r\nSUMMARY:book club"))
    other.save_event(OTHER_APP.format(
        uid="choir-1", body="DTSTART:20261029T230000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:choir",
        extra="BEGIN:VEVENT\r\nUID:choir-1\r\nDTSTAMP:20261001T000000Z\r\nRECURRENCE-ID:20261112T230000Z\r\n"
              "DTSTART:20261113T000000Z\r\nDURATION:PT1H\r\nSUMMARY:choir\r\nEND:VEVENT\r\n"))

    def day(when: str) -> list[tuple[str, str, str | None, str | None]]:
        r = cli("--now", NOW, "--tz", "America/New_York", "--json", "schedule", when)
        assert r.code == 0, r.err
        return [(i["title"], i["start"], i.get("state"), i.get("moved_from")) for i in r.json()["items"]]

    assert day("november 3") == [("book club", "2026-11-03T08:00:00-05:00", None, None)]
    assert day("november 5") == [("book club", "2026-11-05T08:00:00-05:00", None, None),
                                 ("choir", "2026-11-05T18:00:00-05:00", None, None)]
    assert day("november 12") == [("choir", "2026-11-12T19:00:00-05:00", "moved", "2026-11-12T18:00:00-05:00")]
