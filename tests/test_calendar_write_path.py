"""Every calendar write goes through its one write path, on a real Radicale (`calendar.write_to =
"caldav"`): each leaves one audit line with its provenance; a moment already past and a duplicate are
refused, leave no audit line and change nothing on the server (read back by the `caldav` library)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from radicale_server import Radicale, use_caldav
from steward.app import App, build_app
from steward.clock import make_clock
from steward.errors import Duplicate, PastMoment, UserError
from steward.paths import resolve_paths
from steward.settings import load
from steward.store import audit

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NY = ZoneInfo("America/New_York")
NOW = "2026-10-28T12:00:00-04:00"  # a Wednesday; New York's clocks go back on Sunday 1 November
PROV = {"via": "cli", "command": "test"}


def at(day: int, hour: int, minute: int = 0, month: int = 11) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=NY)


def server_state(url: str) -> list[str]:
    """Everything on the calendar, as another app reads it (the raw iCalendar, stamps dropped)."""
    from caldav.davclient import DAVClient

    calendar = DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)
    objects = [*calendar.search(event=True), *calendar.search(todo=True, include_completed=True)]
    return sorted("\n".join(line for line in str(o.data).splitlines() if not line.startswith("DTSTAMP"))
                  for o in objects)


def refused(app: App, url: str, error: type[Exception], write: Callable[[], Any]) -> None:
    """`write` is refused with `error` and nothing is written: no audit line, the server unchanged."""
    lines, before = len(audit.entries(app.db)), server_state(url)
    with pytest.raises(error):
        write()
    assert len(audit.entries(app.db)) == lines
    assert server_state(url) == before


def test_each_write_has_its_audit_line_and_a_past_moment_or_a_duplicate_writes_nothing(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    paths = resolve_paths()
    app = build_app(load(paths.config_file), make_clock("America/New_York", NOW), paths)
    cal = app.calendar
    try:
        # reminders: a one-off, a repeating one, each change
        one = cal.create_reminder("AI training", "november 2 at 10 am", provenance=PROV)
        refused(app, url, PastMoment, lambda: cal.create_reminder("AI training", "yesterday at 10 am", provenance=PROV))
        refused(app, url, Duplicate, lambda: cal.create_reminder("ai training.", "november 2 at 10 am", provenance=PROV))
        other = cal.create_reminder("call mum", "november 3 at 6 pm", provenance=PROV)
        assert one.id is not None and other.id is not None
        refused(app, url, PastMoment, lambda: cal.move_reminder(one.id, "2026-10-27 at 9 am", provenance=PROV))
        cal.create_reminder("call mum", "november 4 at 6 pm", provenance=PROV)
        refused(app, url, UserError, lambda: cal.move_reminder(other.id, "november 4 at 6 pm", provenance=PROV))
        cal.move_reminder(one.id, "november 2 at 11 am", provenance=PROV)
        plants = cal.create_repeating("water the plants", "every monday at 9 am", provenance=PROV)
        refused(app, url, Duplicate, lambda: cal.create_repeating("water the plants", "every monday at 9 am",
                                                                  provenance=PROV))
        assert plants.id is not None
        skipped = cal.skip_reminder_time(plants.id, provenance=PROV)
        assert skipped.next is not None
        following = [r for r in cal.reminders() if r.series_id == plants.series_id][0]
        assert following.id is not None
        refused(app, url, PastMoment, lambda: cal.move_reminder(following.id, "2026-10-26 at 9 am", provenance=PROV))
        cal.move_reminder(following.id, "november 9 at 10 am", provenance=PROV)
        cal.move_reminder_series(following.id, "every tuesday at 8 am", provenance=PROV)
        cal.done_reminder(other.id, provenance=PROV)
        cal.cancel_reminder(one.id, provenance=PROV)

        # events: a one-off, a repeating one, each change
        dentist = cal.create_event("dentist", "october 31 at 4 pm", minutes=45, provenance=PROV)
        refused(app, url, PastMoment, lambda: cal.create_event("dentist", "2026-10-27 at 4 pm", provenance=PROV))
        refused(app, url, Duplicate, lambda: cal.create_event("Dentist", "october 31 at 4 pm", provenance=PROV))
        refused(app, url, PastMoment, lambda: cal.move_event(dentist.id, at(27, 16, month=10), at(27, 17, month=10),
                                                             provenance=PROV))
        cal.move_event(dentist.id, at(2, 16), at(2, 16, 45), provenance=PROV)
        again = cal.create_event("dentist", "november 3 at 4 pm", provenance=PROV)
        refused(app, url, Duplicate, lambda: cal.move_event(again.id, at(2, 16), at(2, 17), provenance=PROV))
        meeting = cal.create_repeating_event("team meeting", "every monday at 10", minutes=30, provenance=PROV)
        refused(app, url, Duplicate, lambda: cal.create_repeating_event("team meeting", "every monday at 10",
                                                                        provenance=PROV))
        refused(app, url, PastMoment, lambda: cal.move_occurrence(meeting.id, at(2, 10), at(27, 15, month=10),
                                                                  at(27, 15, 30, month=10), provenance=PROV))
        cal.skip_occurrence(meeting.id, at(9, 10), provenance=PROV)
        refused(app, url, UserError, lambda: cal.skip_occurrence(meeting.id, at(9, 10), provenance=PROV))
        cal.move_occurrence(meeting.id, at(16, 10), at(17, 15), at(17, 15, 30), provenance=PROV)
        refused(app, url, UserError, lambda: cal.end_series(meeting.id, date(2026, 10, 1), provenance=PROV))
        cal.end_series(meeting.id, date(2026, 12, 31), provenance=PROV)
        moved = cal.change_series(meeting.id, "FREQ=WEEKLY;BYDAY=TU", at(24, 11), provenance=PROV,
                                  since=date(2026, 11, 24))
        cal.delete_event(dentist.id, provenance=PROV)
        log = [(e["kind"], e["provenance"]) for e in audit.entries(app.db)]
    finally:
        app.close()
    # read back by another client: every time at 10:00 or 11:00 New York time after the clocks went back
    # (written on a Wednesday still on summer time), Monday the 9th skipped, the 16th moved to Tuesday the
    # 17th, and from Tuesday the 24th on the series' new days and time
    from caldav.davclient import DAVClient

    other = DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)
    seen = other.search(start=at(1, 0), end=at(9, 0, month=12), event=True, expand=True)
    times = sorted(o.icalendar_component.decoded("dtstart").astimezone(NY).isoformat()[:16] for o in seen
                   if str(o.icalendar_component["summary"]) == "team meeting")
    assert times == ["2026-11-02T10:00", "2026-11-17T15:00", "2026-11-23T10:00", "2026-11-24T11:00",
                     "2026-12-01T11:00", "2026-12-08T11:00"]
    assert [kind for kind, _ in log] == [
        "reminder.create", "reminder.create", "reminder.create", "reminder.move", "reminder.create", "reminder.cancel",
        "reminder.move", "reminder.series", "reminder.done", "reminder.cancel",
        # a series changed from a day on: the old one ends (event.series) and the new one is written (event.create)
        "event.create", "event.move", "event.create", "event.create", "event.skip", "event.move", "event.series", "event.series",
        "event.create", "event.delete"]
    assert all(prov == PROV for _, prov in log)
    assert moved.rule is not None and "BYDAY=TU" in moved.rule
