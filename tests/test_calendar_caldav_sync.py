"""Everything Steward writes reaches a real Radicale, read back by another client (the `caldav` library,
not Steward's backend): one-off reminders as to-dos with an alarm, events added, moved and cancelled,
each at the right local time across New York's DST change; and what that other client changes is kept,
never overwritten (a stale write is refused by the server with 412 and read again)."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from radicale_server import Radicale, use_caldav
from steward.app import App, build_app
from steward.clock import make_clock
from steward.errors import Conflict, NotFound
from steward.paths import resolve_paths
from steward.settings import load
from steward.store import audit

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NY = ZoneInfo("America/New_York")
NOW = "2026-10-30T12:00:00-04:00"  # a Friday; New York's clocks go back on Sunday 1 November


def app_at(now: str = NOW) -> App:
    paths = resolve_paths()
    return build_app(load(paths.config_file), make_clock("America/New_York", now), paths)


def other_client(url: str) -> Any:
    """The calendar as another CalDAV app sees it (the person's phone)."""
    from caldav.davclient import DAVClient

    return DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)


def todo(calendar: Any, uid: str) -> Any:
    return calendar.todo_by_uid(uid).icalendar_component


def test_a_one_off_reminder_is_a_to_do_with_due_and_an_alarm_at_its_local_time_after_dst(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_reminder("AI training", "november 2 at 10 am", provenance={"via": "cli"})
    finally:
        app.close()
    assert made.caldav_uid
    back = todo(other_client(url), made.caldav_uid)
    # Monday 2 November is after the clocks went back: 10:00 New York time is 15:00 UTC, not 14:00
    assert str(back["summary"]) == "AI training"
    assert back.decoded("due") == datetime(2026, 11, 2, 10, tzinfo=NY)
    assert back.decoded("due").astimezone(ZoneInfo("UTC")).hour == 15
    alarms = [c for c in back.subcomponents if c.name == "VALARM"]
    assert len(alarms) == 1 and alarms[0].decoded("trigger") == timedelta(0)
    assert "rrule" not in back


def test_an_unreachable_calendar_saves_no_one_off_reminder(monkeypatch: pytest.MonkeyPatch) -> None:
    from loopback import free_port
    from steward.errors import ConnectorError

    use_caldav(monkeypatch, f"http://127.0.0.1:{free_port()}/me/cal/")
    app = app_at()
    try:
        with pytest.raises(ConnectorError, match="CalDAV server .* failed"):
            app.calendar.create_reminder("AI training", "tomorrow at 10 am", provenance={"via": "cli"})
        assert app.calendar.reminders() == []
    finally:
        app.close()


def test_moving_and_cancelling_a_reminder_reach_the_calendar(radicale: Radicale,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_reminder("call mum", "tomorrow at 6 pm", provenance={"via": "cli"})
        assert made.id is not None and made.caldav_uid
        app.calendar.move_reminder(made.id, "november 3 at 9 am", provenance={"via": "cli"})
        moved = todo(other_client(url), made.caldav_uid).decoded("due")
        app.calendar.cancel_reminder(made.id, provenance={"via": "cli"})
    finally:
        app.close()
    assert moved == datetime(2026, 11, 3, 9, tzinfo=NY)
    assert [t.icalendar_component["uid"] for t in other_client(url).todos(include_completed=True)] == []


def fire(app: App, at: datetime) -> list[str]:
    from steward.notify.sinks import ConsoleSink
    from steward.scheduler import ReminderScheduler

    out = io.StringIO()
    scheduler = ReminderScheduler(app.db, [ConsoleSink(out)], NY, read_back=app.calendar.reconcile_reminders)
    return [f["text"] for f in scheduler.tick(at) if f["status"] == "fired"]


def test_a_reminder_moved_on_the_phone_fires_at_its_new_time_not_its_old_one(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_reminder("pay the nanny", "november 2 at 9 am", provenance={"via": "cli"})
        assert made.caldav_uid
        phone = other_client(url).todo_by_uid(made.caldav_uid)
        component = phone.icalendar_component
        for name in ("due", "dtstart"):
            component.pop(name)
            component.add(name, datetime(2026, 11, 2, 17, tzinfo=NY))
        phone.save()
        at_old_time = fire(app, datetime(2026, 11, 2, 9, 1, tzinfo=NY))
        day = app.calendar.schedule(app.calendar.day_of("2026-11-02"))
        at_new_time = fire(app, datetime(2026, 11, 2, 17, 1, tzinfo=NY))
        log = audit.entries(app.db, "reminder.move")
    finally:
        app.close()
    assert at_old_time == []
    assert [(i.reminder.text, i.at.isoformat()) for i in day.items if i.reminder] == [
        ("pay the nanny", "2026-11-02T17:00:00-05:00")]
    assert at_new_time == ["pay the nanny"]
    assert [e["provenance"]["via"] for e in log] == ["calendar"]


def test_a_reminder_deleted_on_the_phone_never_fires(radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_reminder("water the plants", "tomorrow at 8 am", provenance={"via": "cli"})
        assert made.caldav_uid
        other_client(url).todo_by_uid(made.caldav_uid).delete()
        fired = fire(app, datetime(2026, 10, 31, 8, 5, tzinfo=NY))
        left = app.calendar.reminders()
    finally:
        app.close()
    assert fired == [] and left == []


def test_a_stale_reminder_move_keeps_the_phones_change_and_says_so(radicale: Radicale,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_reminder("renew passport", "november 4 at 10 am", provenance={"via": "cli"})
        assert made.id is not None and made.caldav_uid
        phone = other_client(url).todo_by_uid(made.caldav_uid)
        phone.icalendar_component.pop("due")
        phone.icalendar_component.add("due", datetime(2026, 11, 5, 11, tzinfo=NY))
        phone.save()
        # Steward still holds the version before the phone's change: the server answers 412
        with pytest.raises(Conflict, match="changed in another calendar app .*Thu 5 Nov, 11:00.*nothing was moved"):
            app.calendar.move_reminder(made.id, "november 6 at 9 am", provenance={"via": "cli"})
        kept = app.calendar.reminders()
    finally:
        app.close()
    assert todo(other_client(url), made.caldav_uid).decoded("due") == datetime(2026, 11, 5, 11, tzinfo=NY)
    assert [(r.text, r.due.isoformat()) for r in kept] == [("renew passport", "2026-11-05T11:00:00-05:00")]


def event_on_server(url: str, uid: str) -> tuple[str, datetime, datetime]:
    component = other_client(url).object_by_uid(uid).icalendar_component
    return (str(component["summary"]), component.decoded("dtstart").astimezone(NY),
            component.decoded("dtend").astimezone(NY))


def test_an_event_added_moved_and_cancelled_reads_back_at_its_local_times(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    prov = {"via": "cli"}
    try:
        made = app.calendar.create_event("dentist", "october 31 at 4 pm", minutes=45, provenance=prov)
        added = event_on_server(url, made.id)
        # across the change: Saturday 16:00 EDT to Monday 16:00 EST
        app.calendar.move_event(made.id, datetime(2026, 11, 2, 16, tzinfo=NY), datetime(2026, 11, 2, 16, 45, tzinfo=NY),
                                provenance=prov, calendar="caldav")
        moved = event_on_server(url, made.id)
        app.calendar.delete_event(made.id, provenance=prov, calendar="caldav")
    finally:
        app.close()
    assert added == ("dentist", datetime(2026, 10, 31, 16, tzinfo=NY), datetime(2026, 10, 31, 16, 45, tzinfo=NY))
    assert moved == ("dentist", datetime(2026, 11, 2, 16, tzinfo=NY), datetime(2026, 11, 2, 16, 45, tzinfo=NY))
    assert moved[1].utcoffset() == timedelta(hours=-5)
    from caldav.lib.error import NotFoundError

    with pytest.raises(NotFoundError):
        other_client(url).object_by_uid(made.id)


def move_on_phone(url: str, uid: str, start: datetime) -> None:
    phone = other_client(url).object_by_uid(uid)
    component = phone.icalendar_component
    length = component.decoded("dtend") - component.decoded("dtstart")
    for name, value in (("dtstart", start), ("dtend", start + length)):
        component.pop(name)
        component.add(name, value)
    phone.save()


def test_an_event_moved_on_the_phone_after_steward_read_it_is_not_overwritten(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    prov = {"via": "cli"}
    try:
        made = app.calendar.create_event("physio", "november 3 at 9 am", provenance=prov)
        shown = app.calendar.backend("caldav").find(made.id)
        assert shown is not None and shown.etag
        move_on_phone(url, made.id, datetime(2026, 11, 3, 14, tzinfo=NY))
        with pytest.raises(Conflict, match="physio was changed in another calendar app .*Tue 3 Nov, 14:00"):
            app.calendar.move_event(made.id, datetime(2026, 11, 4, 9, tzinfo=NY), datetime(2026, 11, 4, 10, tzinfo=NY),
                                    provenance=prov, calendar="caldav", seen=shown)
        with pytest.raises(Conflict, match="nothing was cancelled"):
            app.calendar.delete_event(made.id, provenance=prov, calendar="caldav", seen=shown)
        # the server itself refuses a write made with the old version (412), and that is a Conflict too
        with pytest.raises(Conflict):
            app.calendar.backend("caldav").move(made.id, datetime(2026, 11, 4, 9, tzinfo=NY),
                                                datetime(2026, 11, 4, 10, tzinfo=NY), if_match=shown.etag)
        day = app.calendar.schedule(app.calendar.day_of("2026-11-03"), ["caldav"])
    finally:
        app.close()
    assert event_on_server(url, made.id)[1] == datetime(2026, 11, 3, 14, tzinfo=NY)
    assert [(i.event.title, i.at.isoformat()) for i in day.items if i.event] == [("physio", "2026-11-03T14:00:00-05:00")]


def test_an_event_deleted_on_the_phone_is_gone_from_the_next_read(radicale: Radicale,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_event("haircut", "november 2 at 5 pm", provenance={"via": "cli"})
        other_client(url).object_by_uid(made.id).delete()
        day = app.calendar.schedule(app.calendar.day_of("2026-11-02"), ["caldav"])
        with pytest.raises(NotFound):
            app.calendar.move_event(made.id, datetime(2026, 11, 3, 17, tzinfo=NY), datetime(2026, 11, 3, 18, tzinfo=NY),
                                    provenance={"via": "cli"}, calendar="caldav")
    finally:
        app.close()
    assert [i for i in day.items if i.event] == []


def test_a_repeating_reminder_given_new_days_on_the_phone_is_not_fired_at_its_old_time(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    from icalendar import vRecur

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_repeating("water the plants", "every monday at 9 am", provenance={"via": "cli"})
        assert made.due.isoformat() == "2026-11-02T09:00:00-05:00"
        (uid,) = [r[0] for r in app.db.execute("SELECT caldav_uid FROM reminder_series")]
        # on the phone: Tuesdays at 6 pm from now on (its RRULE and its first time changed)
        phone = other_client(url).todo_by_uid(uid)
        component = phone.icalendar_component
        for name in ("due", "dtstart"):
            component.pop(name)
            component.add(name, datetime(2026, 11, 3, 18, tzinfo=NY))
        component.pop("rrule")
        component.add("rrule", vRecur.from_ical("FREQ=WEEKLY;BYDAY=TU"))
        phone.save()
        at_old_time = fire(app, datetime(2026, 11, 2, 9, 1, tzinfo=NY))
        listed = [(r.text, r.due.isoformat()) for r in app.calendar.reminders_between(
            datetime(2026, 11, 1, tzinfo=NY), datetime(2026, 11, 12, tzinfo=NY))]
        at_new_time = fire(app, datetime(2026, 11, 3, 18, 1, tzinfo=NY))
        log = audit.entries(app.db, "reminder.move")
        # deleted on the phone: the series ends, nothing more fires
        other_client(url).todo_by_uid(uid).delete()
        after_delete = fire(app, datetime(2026, 11, 10, 18, 1, tzinfo=NY))
    finally:
        app.close()
    assert at_old_time == []
    assert listed == [("water the plants", "2026-11-03T18:00:00-05:00"), ("water the plants", "2026-11-10T18:00:00-05:00")]
    assert at_new_time == ["water the plants"]
    assert [(e["provenance"]["via"], e["detail"]["rule"]) for e in log] == [("calendar", "FREQ=WEEKLY;BYDAY=TU")]
    assert after_delete == []
