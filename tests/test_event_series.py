"""A repeating event: one of its times skipped, the series ended after a day, or given new days or a new
time from now on, in the local calendar and on a real Radicale read back by the `caldav` library; the
times already past stay as they were, and each change has its audit line."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from steward.app import App, build_app
from steward.clock import make_clock
from steward.errors import PastMoment, UserError
from steward.paths import resolve_paths
from steward.settings import load
from steward.store import audit

NY = ZoneInfo("America/New_York")
NOW = "2026-10-28T12:00:00-04:00"  # a Wednesday; the clocks go back on Sunday 1 November
PROV = {"via": "cli"}


def app_at(now: str = NOW) -> App:
    paths = resolve_paths()
    return build_app(load(paths.config_file), make_clock("America/New_York", now), paths)


def starts(app: App, title: str, first: str, last: str, calendar: str | None = None) -> list[str]:
    begin = datetime.fromisoformat(first).replace(tzinfo=NY)
    end = datetime.fromisoformat(last).replace(tzinfo=NY)
    names = [calendar] if calendar else None
    out = []
    for backend in names or list(app.calendar.backends):
        out += [e.start.astimezone(NY).isoformat()[:16] for e in app.calendar.backend(backend).between(begin, end)
                if e.title == title]
    return sorted(out)


def test_skipping_one_monday_leaves_the_others_and_is_refused_for_a_day_it_does_not_have() -> None:
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("yoga", "every monday at 7 am", provenance=PROV)
        skipped = app.calendar.skip_occurrence(made.id, datetime(2026, 11, 9, 7, tzinfo=NY), provenance=PROV)
        with pytest.raises(UserError, match="yoga does not happen on Tue 10 Nov"):
            app.calendar.skip_occurrence(made.id, datetime(2026, 11, 10, 7, tzinfo=NY), provenance=PROV)
        with pytest.raises(UserError, match="already skipped"):
            app.calendar.skip_occurrence(made.id, datetime(2026, 11, 9, 7, tzinfo=NY), provenance=PROV)
        shown = starts(app, "yoga", "2026-11-01T00:00", "2026-11-24T00:00")
        log = audit.entries(app.db, "event.skip")
    finally:
        app.close()
    assert skipped.start.isoformat() == "2026-11-09T07:00:00-05:00"
    assert shown == ["2026-11-02T07:00", "2026-11-16T07:00", "2026-11-23T07:00"]
    assert [e["detail"]["start"] for e in log] == ["2026-11-09T07:00:00-05:00"]


def test_a_time_already_past_is_not_skipped() -> None:
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("standup", "every day at 9 am", provenance=PROV)
        later = app_at("2026-10-30T10:00:00-04:00")
        try:
            with pytest.raises(PastMoment):
                later.calendar.skip_occurrence(made.id, datetime(2026, 10, 30, 9, tzinfo=NY), provenance=PROV)
        finally:
            later.close()
    finally:
        app.close()


def test_stop_after_december_keeps_december_and_nothing_after() -> None:
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("weekly review", "every friday at 3 pm", provenance=PROV)
        ended = app.calendar.end_series(made.id, date(2026, 12, 31), provenance=PROV)
        shown = starts(app, "weekly review", "2026-12-20T00:00", "2027-01-20T00:00")
    finally:
        app.close()
    assert ended.rule == "FREQ=WEEKLY;BYDAY=FR;UNTIL=20270101T045959Z"
    assert shown == ["2026-12-25T15:00"]


def test_every_tuesday_instead_from_now_on_keeps_the_mondays_already_past() -> None:
    app = app_at("2026-10-01T12:00:00-04:00")
    try:
        made = app.calendar.create_repeating_event("team meeting", "every monday at 10", minutes=30, provenance=PROV)
    finally:
        app.close()
    app = app_at()  # four weeks later
    try:
        follow = app.calendar.change_series(made.id, "FREQ=WEEKLY;BYDAY=TU", datetime(2026, 11, 3, 10, tzinfo=NY),
                                            provenance=PROV)
        before = starts(app, "team meeting", "2026-10-19T00:00", "2026-10-28T00:00")
        after = starts(app, "team meeting", "2026-10-28T00:00", "2026-11-12T00:00")
        log = audit.entries(app.db, "event.series")
    finally:
        app.close()
    assert before == ["2026-10-19T10:00", "2026-10-26T10:00"]
    assert after == ["2026-11-03T10:00", "2026-11-10T10:00"]  # 10:00 on both sides of the change
    assert follow.end.isoformat() == "2026-11-03T10:30:00-05:00"
    assert log[0]["detail"]["continued_as"] == follow.id


def test_a_series_not_started_yet_is_changed_where_it_stands() -> None:
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("piano", "every thursday at 5 pm", provenance=PROV)
        app.calendar.create_repeating_event("chess", "every friday at 5 pm", provenance=PROV)
        # its first time is tomorrow: moved to 6 pm from the start, same event
        follow = app.calendar.change_series(made.id, "FREQ=WEEKLY;BYDAY=TH", datetime(2026, 10, 29, 18, tzinfo=NY),
                                            provenance=PROV)
        shown = starts(app, "piano", "2026-10-28T00:00", "2026-11-06T00:00")
    finally:
        app.close()
    assert follow.id == made.id
    assert shown == ["2026-10-29T18:00", "2026-11-05T18:00"]


def test_a_one_off_event_is_not_a_series() -> None:
    app = app_at()
    try:
        made = app.calendar.create_event("dentist", "november 3 at 9 am", provenance=PROV)
        with pytest.raises(UserError, match="dentist does not repeat"):
            app.calendar.skip_occurrence(made.id, made.start, provenance=PROV)
    finally:
        app.close()


def other_client(url: str) -> Any:
    from caldav.davclient import DAVClient

    return DAVClient(url=url, username="me", password="x", timeout=10).calendar(url=url)


@pytest.mark.server
@pytest.mark.slow
def test_on_radicale_a_skip_and_a_new_time_from_now_on_read_back_with_the_caldav_library(
        radicale: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("radicale", reason="radicale is in the dev extra")
    from radicale_server import use_caldav

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at("2026-10-01T12:00:00-04:00")
    try:
        made = app.calendar.create_repeating_event("team meeting", "every monday at 10", minutes=30, provenance=PROV)
    finally:
        app.close()
    app = app_at()
    try:
        follow = app.calendar.change_series(made.id, "FREQ=WEEKLY;BYDAY=MO", datetime(2026, 11, 16, 11, tzinfo=NY),
                                            provenance=PROV)
        app.calendar.skip_occurrence(follow.id, datetime(2026, 11, 23, 11, tzinfo=NY), provenance=PROV)
    finally:
        app.close()
    calendar = other_client(url)
    seen = calendar.search(start=datetime(2026, 10, 26, tzinfo=NY), end=datetime(2026, 12, 1, tzinfo=NY),
                           event=True, expand=True)
    times = sorted((str(o.icalendar_component["uid"]) == follow.id,
                    o.icalendar_component.decoded("dtstart").astimezone(NY).isoformat()[:16]) for o in seen)
    # the old series ends now (after Mon 26 Oct); the new one is at 11:00 from 16 Nov, 23 Nov skipped
    assert times == [(False, "2026-10-26T10:00"), (True, "2026-11-16T11:00"), (True, "2026-11-30T11:00")]


def test_one_time_moved_on_its_own_is_an_override_the_day_shows_moved_and_the_others_stay() -> None:
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("yoga", "every monday at 7 am", provenance=PROV)
        moved = app.calendar.move_occurrence(made.id, datetime(2026, 11, 9, 7, tzinfo=NY),
                                             datetime(2026, 11, 10, 18, tzinfo=NY), datetime(2026, 11, 10, 19, tzinfo=NY),
                                             provenance=PROV)
        with pytest.raises(UserError, match="yoga does not happen on Tue 10 Nov"):
            app.calendar.move_occurrence(made.id, datetime(2026, 11, 10, 7, tzinfo=NY),
                                         datetime(2026, 11, 11, 7, tzinfo=NY), datetime(2026, 11, 11, 8, tzinfo=NY),
                                         provenance=PROV)
        shown = starts(app, "yoga", "2026-11-01T00:00", "2026-11-24T00:00")
        tuesday = app.calendar.schedule(date(2026, 11, 10)).to_json()["items"]
        stored = app.db.execute("SELECT count(*) FROM events").fetchone()[0]
        log = audit.entries(app.db, "event.move")
    finally:
        app.close()
    assert moved.recurrence_id is not None and moved.start.isoformat() == "2026-11-10T18:00:00-05:00"
    # one event still (no skip and one-off copy): Monday the 9th is gone, Tuesday the 10th has it at 18:00
    assert stored == 1
    assert shown == ["2026-11-02T07:00", "2026-11-10T18:00", "2026-11-16T07:00", "2026-11-23T07:00"]
    assert [(i["title"], i["state"], i["moved_from"][:16]) for i in tuesday if i["kind"] == "event"] == \
        [("yoga", "moved", "2026-11-09T07:00")]
    assert [e["detail"]["recurrence_id"] for e in log] == ["2026-11-09T07:00:00-05:00"]


@pytest.mark.server
@pytest.mark.slow
def test_on_radicale_one_time_moved_is_a_recurrence_id_read_back_with_the_caldav_library(
        radicale: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("radicale", reason="radicale is in the dev extra")
    from radicale_server import use_caldav

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = app_at()
    try:
        made = app.calendar.create_repeating_event("team meeting", "every monday at 10", minutes=30, provenance=PROV)
        # the Monday after the clocks went back, moved to Tuesday afternoon
        app.calendar.move_occurrence(made.id, datetime(2026, 11, 9, 10, tzinfo=NY),
                                     datetime(2026, 11, 10, 15, tzinfo=NY), datetime(2026, 11, 10, 15, 30, tzinfo=NY),
                                     provenance=PROV)
        ours = starts(app, "team meeting", "2026-11-01T00:00", "2026-11-17T00:00")
    finally:
        app.close()
    calendar = other_client(url)
    whole = calendar.object_by_uid(made.id).icalendar_instance
    overrides = [(c.decoded("recurrence-id").astimezone(NY).isoformat()[:16], c.decoded("dtstart").astimezone(NY)
                  .isoformat()[:16]) for c in whole.walk("VEVENT") if c.get("recurrence-id") is not None]
    seen = calendar.search(start=datetime(2026, 11, 1, tzinfo=NY), end=datetime(2026, 11, 17, tzinfo=NY),
                           event=True, expand=True)
    times = sorted(o.icalendar_component.decoded("dtstart").astimezone(NY).isoformat()[:16] for o in seen)
    assert overrides == [("2026-11-09T10:00", "2026-11-10T15:00")]
    assert times == ["2026-11-02T10:00", "2026-11-10T15:00", "2026-11-16T10:00"]
    assert ours == times  # Steward reads the server's copy the same way


def _moved_from_now_on(now: str, repeat: str, to: str) -> tuple[list[str], list[str]]:
    """A series made a week before `now`, moved from now on to `to`: its times today and tomorrow."""
    from steward.calendar.event_find import find_event

    app = app_at("2026-10-21T08:00:00-04:00")
    try:
        app.calendar.create_repeating_event("standup", repeat, minutes=15, provenance=PROV)
    finally:
        app.close()
    app = app_at(now)
    try:
        event = find_event(app.calendar, "standup")
        app.calendar.move_event_to(event, to, series=True, provenance=PROV)
        today = starts(app, "standup", "2026-10-28T00:00", "2026-10-29T00:00")
        tomorrow = starts(app, "standup", "2026-10-29T00:00", "2026-10-30T00:00")
    finally:
        app.close()
    return today, tomorrow


def test_a_series_moved_later_from_now_on_moves_todays_time_when_it_is_still_ahead() -> None:
    # 10:00 now, the standup at 11:00 still ahead: today's moves to 15:00 with the rest, no 11:00 left
    assert _moved_from_now_on("2026-10-28T10:00:00-04:00", "every weekday at 11 am", "3 pm") == \
        (["2026-10-28T15:00"], ["2026-10-29T15:00"])


def test_a_time_already_begun_today_stays_once_and_the_new_time_starts_tomorrow() -> None:
    # 21:05, the 21:00 one under way: it stays, and today gets no second one at 22:00
    assert _moved_from_now_on("2026-10-28T21:05:00-04:00", "every day at 9 pm", "10 pm") == \
        (["2026-10-28T21:00"], ["2026-10-29T22:00"])


def test_a_new_time_already_past_today_keeps_todays_old_time_once() -> None:
    # 10:00 now, moved to 9:30 from now on: 9:30 today has passed, so today's 11:00 stays (not dropped)
    assert _moved_from_now_on("2026-10-28T10:00:00-04:00", "every weekday at 11 am", "9:30 am") == \
        (["2026-10-28T11:00"], ["2026-10-29T09:30"])
