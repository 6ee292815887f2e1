"""Repeating reminders fire each occurrence exactly once, at the same wall-clock time across DST,
across restarts, and once (not once per occurrence) after the machine was off."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.notify.sinks import ConsoleSink
from steward.paths import resolve_paths
from steward.scheduler import ReminderScheduler
from steward.settings import load
from steward.store import connect


def repeating(zone: str, now: str, text: str, words: str) -> int:
    """A repeating reminder set through the one write path, as `steward chat` or the CLI would."""
    paths = resolve_paths()
    app = build_app(load(paths.config_file, environ={}), make_clock(zone, now), paths)
    try:
        made = app.calendar.create_repeating(text, words, provenance={"via": "cli"})
        assert made.id is not None and made.rule
        return made.id
    finally:
        app.close()


def scheduler(zone: str, out: io.StringIO) -> ReminderScheduler:
    """A scheduler as a freshly started process builds it: its own connection, its own owner id."""
    return ReminderScheduler(connect(resolve_paths().db_file), [ConsoleSink(out)], ZoneInfo(zone))


def run_hourly(zone: str, start: datetime, hours: int, out: io.StringIO, restart_every: int = 0) -> list[dict]:
    """Tick once an hour from `start` for `hours`; with `restart_every`, a new scheduler each N hours."""
    fired: list[dict] = []
    current = scheduler(zone, out)
    for h in range(hours):
        if restart_every and h and h % restart_every == 0:
            current.close()
            current = scheduler(zone, out)
        fired += [f for f in current.tick(start + timedelta(hours=h)) if f["status"] == "fired"]
    current.close()
    return fired


@pytest.mark.parametrize(("zone", "now"), [
    ("America/New_York", "2026-10-15T12:00:00-04:00"),  # clocks go back on Sun 1 Nov 2026
    ("Europe/London", "2026-10-08T12:00:00+01:00"),     # clocks go back on Sun 25 Oct 2026
    ("America/New_York", "2027-02-18T12:00:00-05:00"),  # clocks go forward on Sun 14 Mar 2027
])
def test_a_weekly_reminder_fires_eight_times_at_nine_local_across_dst(zone: str, now: str) -> None:
    repeating(zone, now, "water the plants", "every monday at 9")
    out = io.StringIO()
    fired = run_hourly(zone, datetime.fromisoformat(now), 8 * 7 * 24, out)
    local = [datetime.fromisoformat(f["due"]).astimezone(ZoneInfo(zone)) for f in fired]
    assert len(fired) == 8
    assert {(d.weekday(), d.hour, d.minute) for d in local} == {(0, 9, 0)}
    assert [(b - a).days for a, b in zip(local, local[1:], strict=False)] == [7] * 7
    assert len({d.utcoffset() for d in local}) == 2  # the eight weeks do straddle the change
    assert not any(f["late"] for f in fired)
    assert out.getvalue().count("water the plants") == 8


def test_restarts_between_and_at_occurrences_fire_nothing_twice() -> None:
    zone, now = "Europe/London", "2026-10-20T08:00:00+01:00"
    repeating(zone, now, "stand up", "every weekday at 8:30")
    out = io.StringIO()
    # a new scheduler every 5 hours, and a second one ticking at each same moment as if two were running
    start = datetime.fromisoformat(now)
    first = run_hourly(zone, start, 14 * 24, out, restart_every=5)
    second = run_hourly(zone, start, 14 * 24, out, restart_every=3)
    assert second == []
    days = [datetime.fromisoformat(f["due"]).astimezone(ZoneInfo(zone)) for f in first]
    assert len(days) == len({d.date() for d in days}) == 10  # two working weeks, each day once
    assert {d.weekday() for d in days} == {0, 1, 2, 3, 4} and {(d.hour, d.minute) for d in days} == {(8, 30)}


def test_a_day_the_machine_was_off_fires_once_then_the_series_goes_on(cli) -> None:
    zone = "America/New_York"
    rid = repeating(zone, "2026-12-01T08:00:00-05:00", "take my pills", "every day at 9 pm")
    out = io.StringIO()
    # off from Tue 1 Dec 20:00 to Fri 4 Dec 10:00: the occurrences of Tue, Wed and Thu were missed
    back = datetime.fromisoformat("2026-12-04T10:00:00-05:00")
    fired = run_hourly(zone, back, 1, out)
    assert [(f["id"], f["late"]) for f in fired] == [(rid, True)]
    assert out.getvalue().count("take my pills") == 1
    again = scheduler(zone, out)
    assert again.tick(back + timedelta(minutes=30)) == []
    again.close()
    # the next one is tonight's, not one of those that were missed
    listed = cli("--now", "2026-12-04T10:30:00-05:00", "--tz", zone, "--json", "reminders", "list").json()
    assert [(r["text"], r["due"], r["rule"]) for r in listed] == [
        ("take my pills", "2026-12-04T21:00:00-05:00", "FREQ=DAILY")]
    fired = run_hourly(zone, back, 36, out)
    assert [datetime.fromisoformat(f["due"]).day for f in fired] == [4, 5]


def test_cancelling_one_occurrence_keeps_the_series_and_cancelling_the_series_ends_it() -> None:
    zone, now = "America/New_York", "2026-12-01T10:00:00-05:00"
    rid = repeating(zone, now, "water the plants", "every monday at 9")
    paths = resolve_paths()
    app = build_app(load(paths.config_file, environ={}), make_clock(zone, now), paths)
    try:
        skipped = app.calendar.cancel_reminder(rid, provenance={"via": "cli"})
        assert skipped.status == "cancelled" and skipped.next is not None
        assert skipped.next.isoformat() == "2026-12-14T09:00:00-05:00"
        [open_one] = app.calendar.reminders()
        assert open_one.due.isoformat() == "2026-12-14T09:00:00-05:00" and open_one.rule == "FREQ=WEEKLY;BYDAY=MO"
        app.calendar.cancel_reminder(open_one.id, provenance={"via": "cli"}, series=True)
        assert app.calendar.reminders() == []
    finally:
        app.close()
    out = io.StringIO()
    assert run_hourly(zone, datetime.fromisoformat(now), 4 * 7 * 24, out) == []


def test_an_ending_rule_stops_and_every_few_hours_stops_at_the_end_of_the_day() -> None:
    zone, now = "America/New_York", "2026-12-01T10:00:00-05:00"
    repeating(zone, now, "take my pills", "daily at 10 pm until friday")
    repeating(zone, now, "drink water", "every 3 hours")
    out = io.StringIO()
    fired = run_hourly(zone, datetime.fromisoformat(now), 10 * 24, out)
    pills = [datetime.fromisoformat(f["due"]) for f in fired if f["text"] == "take my pills"]
    water = [datetime.fromisoformat(f["due"]) for f in fired if f["text"] == "drink water"]
    assert [(d.day, d.hour) for d in pills] == [(1, 22), (2, 22), (3, 22), (4, 22)]
    assert [(d.day, d.hour) for d in water] == [(1, 13), (1, 16), (1, 19), (1, 22)]
