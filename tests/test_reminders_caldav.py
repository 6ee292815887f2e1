"""A repeating reminder written to a real Radicale reads back with the same rule, at the same local time."""

from __future__ import annotations

import pytest

from radicale_server import Radicale, use_caldav
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-10-15T12:00:00-04:00"


def app_at(now: str = NOW):  # noqa: ANN201
    paths = resolve_paths()
    return build_app(load(paths.config_file), make_clock("America/New_York", now), paths)


@pytest.mark.parametrize("words", ["every monday at 9", "every other tuesday at 7:30 pm",
                                   "on the 1st of every month", "daily at 10 pm until friday"])
def test_a_repeating_reminder_reads_back_from_radicale_with_its_rule(radicale: Radicale,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     words: str) -> None:
    use_caldav(monkeypatch, radicale.new_calendar())
    app = app_at()
    try:
        made = app.calendar.create_repeating("water the plants", words, provenance={"via": "cli"})
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid
        back = app.calendar.backend("caldav").find_todo(series.caldav_uid)  # type: ignore[attr-defined]
    finally:
        app.close()
    assert back is not None
    assert (back.text, back.rule) == ("water the plants", made.rule)
    # the first time is on New York's wall clock, with its zone (not a UTC time that drifts at DST)
    assert back.start == made.due and str(back.start.tzinfo) == "America/New_York"


def test_cancelling_the_series_takes_it_off_the_calendar(radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    use_caldav(monkeypatch, radicale.new_calendar())
    app = app_at()
    try:
        made = app.calendar.create_repeating("stand up", "every weekday at 8", provenance={"via": "cli"})
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid and made.id is not None
        app.calendar.cancel_reminder(made.id, provenance={"via": "cli"}, series=True)
        assert app.calendar.backend("caldav").find_todo(series.caldav_uid) is None  # type: ignore[attr-defined]
        assert app.calendar.reminders() == []
    finally:
        app.close()


def test_an_unreachable_calendar_saves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from loopback import free_port
    from steward.errors import ConnectorError

    use_caldav(monkeypatch, f"http://127.0.0.1:{free_port()}/me/cal/")
    app = app_at()
    try:
        with pytest.raises(ConnectorError, match="CalDAV server .* failed"):
            app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
        assert app.calendar.reminders() == []
    finally:
        app.close()


def test_a_repeating_event_reads_back_from_radicale_and_repeats_at_the_same_local_time(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    use_caldav(monkeypatch, radicale.new_calendar())
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("team meeting", "every monday at 10", minutes=30,
                                                   provenance={"via": "cli"})
        back = app.calendar.backend("caldav").find(made.id)
        # Mon 2 Nov 2026 is after New York's clocks went back: still 10:00 there
        later = app.calendar.schedule(app.calendar.day_of("2026-11-02"), ["caldav"])
    finally:
        app.close()
    assert back is not None and back.rule == made.rule == "FREQ=WEEKLY;BYDAY=MO"
    assert [(i.event.title, i.event.start.isoformat(), i.event.end.isoformat()) for i in later.items if i.event] == [
        ("team meeting", "2026-11-02T10:00:00-05:00", "2026-11-02T10:30:00-05:00")]


def test_a_repeating_local_event_shows_on_each_of_its_days(monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("yoga", "every weekday at 7 am", provenance={"via": "cli"})
        assert made.calendar == "local" and made.rule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        days = {d: app.calendar.schedule(app.calendar.day_of(d)) for d in ("2026-10-16", "2026-10-17", "2026-11-02")}
    finally:
        app.close()
    shown = {d: [(i.event.title, i.at.isoformat()) for i in s.items if i.event] for d, s in days.items()}
    assert shown == {"2026-10-16": [("yoga", "2026-10-16T07:00:00-04:00")], "2026-10-17": [],
                     "2026-11-02": [("yoga", "2026-11-02T07:00:00-05:00")]}


def test_one_time_of_a_repeating_reminder_moved_is_moved_on_the_server_across_the_clock_change(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    import recurring_ical_events
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at("2026-10-30T12:00:00-04:00")  # a Friday; New York's clocks go back on Sunday 1 November
    try:
        made = app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
        assert made.id is not None and made.due.isoformat() == "2026-11-02T09:00:00-05:00"
        moved = app.calendar.move_reminder(made.id, "tuesday at 8 am", provenance={"via": "cli"})
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid
        # read back by Steward at the next schedule: the time stays moved, nothing is reverted
        assert app.calendar.reconcile_reminders() == []
        [shown] = [r for r in app.calendar.reminders() if r.id == made.id]
        audit_moves = entries(app.db, "reminder.move")
    finally:
        app.close()
    assert moved.due.isoformat() == shown.due.isoformat() == "2026-11-03T08:00:00-05:00"
    assert len(audit_moves) == 1 and audit_moves[0]["detail"]["due"] == "2026-11-03T08:00:00-05:00"
    # another CalDAV client sees the series with that one time moved, each time on New York's wall clock
    whole = DAVClient(url=url, username="me", password="x").calendar(url=url).todo_by_uid(series.caldav_uid)
    todos = recurring_ical_events.of(whole.icalendar_instance, components=["VTODO"]).between((2026, 10, 31),
                                                                                            (2026, 11, 17))
    assert sorted(t.decoded("due").isoformat() for t in todos) == [
        "2026-11-03T08:00:00-05:00", "2026-11-09T09:00:00-05:00", "2026-11-16T09:00:00-05:00"]
    [one] = [t for t in whole.icalendar_instance.walk("VTODO") if t.get("recurrence-id") is not None]
    assert one.decoded("recurrence-id").isoformat() == "2026-11-02T09:00:00-05:00"
    assert str(one.decoded("recurrence-id").tzinfo) == "America/New_York"


def test_one_time_of_a_repeating_reminder_cancelled_is_skipped_on_the_server(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    import recurring_ical_events
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at("2026-10-30T12:00:00-04:00")
    try:
        made = app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
        assert made.id is not None
        app.calendar.move_reminder(made.id, "tuesday at 8 am", provenance={"via": "cli"})
        following = app.calendar.cancel_reminder(made.id, provenance={"via": "cli"})  # that time only
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid
        assert app.calendar.reconcile_reminders() == []
    finally:
        app.close()
    assert following.next is not None and following.next.isoformat() == "2026-11-09T09:00:00-05:00"
    whole = DAVClient(url=url, username="me", password="x").calendar(url=url).todo_by_uid(series.caldav_uid)
    todos = recurring_ical_events.of(whole.icalendar_instance, components=["VTODO"]).between((2026, 10, 31),
                                                                                            (2026, 11, 17))
    assert sorted(t.decoded("due").isoformat() for t in todos) == [
        "2026-11-09T09:00:00-05:00", "2026-11-16T09:00:00-05:00"]


@pytest.mark.parametrize("change", ["moved", "skipped"])
def test_the_next_time_of_a_repeating_reminder_moved_or_skipped_in_another_app_is_kept(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from caldav.davclient import DAVClient
    from icalendar import Todo

    ny = ZoneInfo("America/New_York")
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at("2026-10-30T12:00:00-04:00")
    try:
        made = app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid and made.id is not None
        # the phone moves (or skips) Monday 2 November's time on its own
        obj = DAVClient(url=url, username="me", password="x").calendar(url=url).todo_by_uid(series.caldav_uid)
        master = obj.icalendar_component
        if change == "skipped":
            master.add("exdate", datetime(2026, 11, 2, 9, tzinfo=ny))
        else:
            one = Todo()
            one.add("uid", series.caldav_uid)
            one.add("summary", "water the plants")
            one.add("recurrence-id", datetime(2026, 11, 2, 9, tzinfo=ny))
            one.add("dtstart", datetime(2026, 11, 2, 18, tzinfo=ny))
            one.add("due", datetime(2026, 11, 2, 18, tzinfo=ny))
            obj.icalendar_instance.add_component(one)
        obj.save()
        changed = app.calendar.reconcile_reminders()
        upcoming = [(r.text, r.due.isoformat()) for r in app.calendar.reminders()]
        assert app.calendar.reconcile_reminders() == []  # read again: nothing more to keep
        kinds = [(e["kind"], e["detail"].get("why")) for e in entries(app.db) if e["kind"].startswith("reminder.")
                 and e["detail"].get("why")]
    finally:
        app.close()
    assert len(changed) == 1
    if change == "skipped":
        assert upcoming == [("water the plants", "2026-11-09T09:00:00-05:00")]
        assert kinds == [("reminder.cancel", "skipped in another calendar app")]
    else:
        assert upcoming == [("water the plants", "2026-11-02T18:00:00-05:00")]
        assert kinds == [("reminder.move", "moved in another calendar app")]
