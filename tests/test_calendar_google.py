"""The Google Calendar backend against the fake Google built from calendar.v3.json (tests/google_fake.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from google_fake import FakeGoogle, running
from google_setup import use_google
from steward.app import build_app
from steward.clock import make_clock
from steward.errors import UserError
from steward.paths import resolve_paths
from steward.settings import load

pytestmark = pytest.mark.server

NOW = "2026-09-14T23:53:00+05:30"


@pytest.fixture
def google(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGoogle]:
    with running() as fake:
        use_google(monkeypatch, fake, tmp_path / "creds")
        yield fake


def _app() -> Any:
    return build_app(load(resolve_paths().config_file), make_clock("Asia/Kolkata", NOW), resolve_paths())


def _day(cli: Any, day: str) -> list[tuple[str, str, bool]]:
    r = cli("--now", NOW, "--tz", "Asia/Kolkata", "--json", "schedule", day)
    assert r.code == 0, r.err
    return [(i["title"], i["start"], i["all_day"]) for i in r.json()["items"] if i["kind"] == "event"
            and i.get("state") != "skipped"]


def test_an_event_is_written_to_google_with_default_reminders_and_no_guests(cli: Any, google: FakeGoogle) -> None:
    r = cli("--now", NOW, "--tz", "Asia/Kolkata", "--json", "calendar", "add", "2026-09-15T17:00", "Python training",
            "--location", "Hall B")
    assert r.code == 0, r.err
    made = r.json()
    assert made["calendar"] == "google"
    (stored,) = google.events()
    assert stored["summary"] == "Python training" and stored["location"] == "Hall B"
    assert stored["start"] == {"dateTime": "2026-09-15T17:00:00+05:30", "timeZone": "Asia/Kolkata"}
    assert stored["reminders"] == {"useDefault": True}
    assert "attendees" not in stored and "conferenceData" not in stored
    assert stored["extendedProperties"]["private"]["steward_id"] == made["id"]
    (insert,) = google.calls_to("calendar.events.insert")
    assert insert.query["sendUpdates"] == ["none"]
    assert _day(cli, "2026-09-15") == [("Python training", "2026-09-15T17:00:00+05:30", False)]
    dup = cli("--now", NOW, "--tz", "Asia/Kolkata", "calendar", "add", "2026-09-15T17:00", "python training")
    assert dup.code == 1 and "google calendar already has" in dup.err
    assert len(google.events()) == 1


def test_an_all_day_span_is_written_to_google_as_dates(cli: Any, google: FakeGoogle) -> None:
    r = cli("--now", NOW, "--tz", "Asia/Kolkata", "--json", "calendar", "add", "2026-09-16", "Hotel: Glo Hotel Sello",
            "--until", "2026-09-17")
    assert r.code == 0, r.err
    (stored,) = google.events()
    assert (stored["start"], stored["end"]) == ({"date": "2026-09-16"}, {"date": "2026-09-18"})
    assert _day(cli, "2026-09-17") == [("Hotel: Glo Hotel Sello", "2026-09-16T00:00:00+05:30", True)]  # its first day
    assert _day(cli, "2026-09-18") == []


def test_timed_all_day_and_repeating_events_land_on_the_right_local_day(cli: Any, google: FakeGoogle) -> None:
    google.put_event(summary="Team offsite", start={"date": "2026-09-16"}, end={"date": "2026-09-17"})
    google.put_event(summary="Dentist", start={"dateTime": "2026-09-16T05:00:00Z"}, end={"dateTime": "2026-09-16T06:00:00Z"})
    google.put_event(summary="Yoga", start={"dateTime": "2026-09-02T07:00:00+05:30", "timeZone": "Asia/Kolkata"},
                     end={"dateTime": "2026-09-02T08:00:00+05:30", "timeZone": "Asia/Kolkata"},
                     recurrence=["RRULE:FREQ=WEEKLY;BYDAY=WE"])
    assert _day(cli, "2026-09-16") == [("Team offsite", "2026-09-16T00:00:00+05:30", True),
                                       ("Yoga", "2026-09-16T07:00:00+05:30", False),
                                       ("Dentist", "2026-09-16T10:30:00+05:30", False)]
    assert _day(cli, "2026-09-15") == [] and _day(cli, "2026-09-17") == []
    assert _day(cli, "2026-09-23") == [("Yoga", "2026-09-23T07:00:00+05:30", False)]  # an instance, not the series
    listed = google.calls_to("calendar.events.list")[0].query
    assert listed["singleEvents"] == ["true"] and listed["timeZone"] == ["Asia/Kolkata"]


def test_reads_page_and_then_follow_the_sync_token_and_a_410_lists_again(
        steward_home: Path, google: FakeGoogle) -> None:
    google.page_size = 2
    for hour in range(9, 14):
        google.put_event(summary=f"Slot {hour}", start={"dateTime": f"2026-09-16T{hour:02d}:00:00+05:30"},
                         end={"dateTime": f"2026-09-16T{hour:02d}:30:00+05:30"})
    app = _app()
    try:
        day = app.calendar.day_of("2026-09-16")
        assert len(app.calendar.schedule(day).items) == 5
        first = google.calls_to("calendar.events.list")
        assert len(first) == 3 and "pageToken" in first[-1].query  # five events, two to a page
        gone = google.events()[0]
        google.calendars[next(iter(google.calendars))][gone["id"]]["status"] = "cancelled"
        google.calendars[next(iter(google.calendars))][gone["id"]]["_change"] = 10_000
        google.put_event(summary="Late addition", start={"dateTime": "2026-09-16T18:00:00+05:30"},
                         end={"dateTime": "2026-09-16T19:00:00+05:30"})
        titles = [i.event.title for i in app.calendar.schedule(day).items]
        assert "Late addition" in titles and gone["summary"] not in titles and len(titles) == 5
        since = google.calls_to("calendar.events.list")[len(first):]
        assert all("syncToken" in c.query and "timeMin" not in c.query for c in since)
        google.reset_sync()  # Google no longer honours the token: 410, then a full listing
        assert len(app.calendar.schedule(day).items) == 5
        statuses = [c.status for c in google.calls_to("calendar.events.list")[len(first) + len(since):]]
        assert statuses[0] == 410 and statuses[1:] == [200] * (len(statuses) - 1)
    finally:
        app.close()


def test_without_a_sync_token_each_read_asks_for_its_span(steward_home: Path, google: FakeGoogle) -> None:
    google.sync_tokens = False
    google.put_event(summary="Dentist", start={"dateTime": "2026-09-16T10:30:00+05:30"},
                     end={"dateTime": "2026-09-16T11:30:00+05:30"})
    app = _app()
    try:
        for _ in range(2):
            day = app.calendar.day_of("2026-09-16")
            assert [i.event.title for i in app.calendar.schedule(day).items] == ["Dentist"]
        full, *spans = google.calls_to("calendar.events.list")
        assert "timeMax" not in full.query and len(spans) == 2
        assert all(c.query["timeMin"] == ["2026-09-15T18:30:00+00:00"] and "timeMax" in c.query for c in spans)
    finally:
        app.close()


def test_an_event_steward_did_not_make_is_never_moved_or_deleted(steward_home: Path, google: FakeGoogle) -> None:
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from steward.errors import NotFound, UserError

    theirs = google.put_event(summary="Board meeting", start={"dateTime": "2026-09-16T10:00:00+05:30"},
                              end={"dateTime": "2026-09-16T11:00:00+05:30"})
    app = _app()
    try:
        with pytest.raises(UserError, match="Steward did not make 'Board meeting'"):
            app.calendar.delete_event(theirs["id"], provenance={"via": "cli"})
        start = datetime(2026, 9, 17, 10, tzinfo=ZoneInfo("Asia/Kolkata"))
        with pytest.raises(UserError, match="never moves an event it did not make"):
            app.calendar.move_event(theirs["id"], start, start + timedelta(hours=1), provenance={"via": "cli"})
        assert google.calls_to("calendar.events.delete") == [] and google.calls_to("calendar.events.patch") == []
        # one Steward made, moved, then deleted in Google by hand: gone, not an error
        mine = app.calendar.create_event("Call the bank", "2026-09-16T15:00", provenance={"via": "cli"})
        moved = app.calendar.move_event(mine.id, start, start + timedelta(hours=1), provenance={"via": "cli"})
        assert moved.start == start
        (stored,) = [e for e in google.events() if e["summary"] == "Call the bank"]
        google.calendars[next(iter(google.calendars))][stored["id"]]["status"] = "cancelled"
        with pytest.raises(NotFound):
            app.calendar.delete_event(mine.id, provenance={"via": "cli"})
    finally:
        app.close()


def test_writes_need_the_events_write_credential(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                google: FakeGoogle) -> None:
    monkeypatch.delenv("STEWARD_APPOINTMENTS_GOOGLE_WRITE_CREDENTIALS")
    r = cli("--now", NOW, "--tz", "Asia/Kolkata", "calendar", "add", "2026-09-15T17:00", "Python training")
    assert r.code == 1 and "appointments.google_write_credentials is not set" in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert google.calls_to("calendar.events.insert") == [] and google.events() == []


def test_rate_limits_are_waited_out_and_a_lasting_one_is_one_line(cli: Any, google: FakeGoogle) -> None:
    google.fail("calendar.events.insert", status=403, reason="rateLimitExceeded")
    google.fail("calendar.events.insert", status=429)
    r = cli("--now", NOW, "--tz", "Asia/Kolkata", "calendar", "add", "2026-09-15T17:00", "Python training")
    assert r.code == 0, r.err
    assert [c.status for c in google.calls_to("calendar.events.insert")] == [403, 429, 200]
    assert len(google.events()) == 1
    google.fail("calendar.events.list", status=403, reason="userRateLimitExceeded", times=20)
    day = cli("--now", NOW, "--tz", "Asia/Kolkata", "--json", "schedule", "2026-09-15")
    assert day.code == 0
    (down,) = day.json()["unavailable"]
    assert down["calendar"] == "google" and "HTTP 403 User Rate Limit Exceeded" in down["error"]
    google.faults.clear()


def test_setup_gives_steward_a_read_and_a_separate_write_credential(
        cli: Any, tmp_path: Path, steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import stat
    import tomllib
    import webbrowser

    from google_fake import CALENDAR_EVENTS, CALENDAR_READ

    with running() as fake:
        monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")  # the fake's token endpoint is plain http
        monkeypatch.setenv("STEWARD_CALENDAR_GOOGLE_API_URL", fake.url)
        browser = fake.browser()
        monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: browser(url))
        r = cli("--json", "setup", "--yes", "--timezone", "Asia/Kolkata", "--no-mail", "--no-model",
                "--notify", "console", "--google-client-file", str(fake.client_file(tmp_path)), "--google-write")
        assert r.code == 0, r.err
        assert [q["scope"] for q in browser.seen] == [CALENDAR_READ, CALENDAR_EVENTS]  # two consents, two scopes
        config = tomllib.loads((steward_home / "config.toml").read_text())
        calendar = config["calendar"]
        assert calendar["backends"] == ["local", "google"] and calendar["write_to"] == "google"
        read, write = Path(calendar["google_credentials"]), Path(config["appointments"]["google_write_credentials"])
        for path in (read, write):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
            assert "refresh_token" in path.read_text() and "refresh_token" not in (steward_home / "config.toml").read_text()
        made = cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "Python training")
        assert made.code == 0, made.err
        assert [e["summary"] for e in fake.events()] == ["Python training"]
        assert _day(cli, "2026-09-15") == [("Python training", "2026-09-15T17:00:00+05:30", False)]
        # the insert went out with the events-write token, the reads with the read-only one
        (insert,) = fake.calls_to("calendar.events.insert")
        assert insert.scopes == (CALENDAR_EVENTS,)
        assert {c.scopes for c in fake.calls_to("calendar.events.list")} == {(CALENDAR_READ,)}


def test_doctor_reaches_google_with_both_credentials(cli: Any, google: FakeGoogle,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    r = cli("--json", "doctor")
    (calendars,) = [c for c in r.json()["checks"] if c["name"] == "calendars"]
    assert calendars["level"] == "ok", calendars
    assert "Google Calendar primary answers; its events-write credential is accepted" in calendars["detail"]
    google.refresh_tokens.clear()  # access removed at myaccount.google.com
    r = cli("--json", "doctor")
    (calendars,) = [c for c in r.json()["checks"] if c["name"] == "calendars"]
    assert calendars["level"] == "fail" and "Google refused the refresh token" in calendars["detail"]


def test_setup_asks_for_google_calendar_and_read_only_is_read_only(
        cli: Any, tmp_path: Path, steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib
    import webbrowser

    from google_fake import CALENDAR_READ

    with running() as fake:
        monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")
        browser = fake.browser()
        monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: browser(url))
        client = fake.client_file(tmp_path)
        # zone, mail (1 = skip), the client file, access (1 = read only)
        r = cli("setup", "--no-model", "--notify", "console", stdin=f"Asia/Kolkata\n1\n{client}\n1\n")
        assert r.code == 0, r.err
        assert "Google Calendar: your OAuth client file" in r.err
        assert [q["scope"] for q in browser.seen] == [CALENDAR_READ]
        config = tomllib.loads((steward_home / "config.toml").read_text())
        assert config["calendar"]["backends"] == ["local", "google"] and "write_to" not in config["calendar"]
        assert "appointments" not in config or "google_write_credentials" not in config["appointments"]


def test_a_repeating_event_on_google_skipped_moved_once_and_changed_from_a_day_as_google_keeps_them(
        cli: Any, google: FakeGoogle) -> None:
    from datetime import date, datetime
    from zoneinfo import ZoneInfo

    kolkata = ZoneInfo("Asia/Kolkata")
    prov = {"via": "cli"}
    app = _app()
    try:
        made = app.calendar.create_repeating_event("Standup", "every weekday at 9:30 am", minutes=15, provenance=prov)
        (series,) = google.events()
        assert series["recurrence"] == ["RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"]
        # one time skipped (its instance deleted), one moved (its instance patched): the series is kept
        app.calendar.skip_occurrence(made.id, datetime(2026, 9, 16, 9, 30, tzinfo=kolkata), provenance=prov)
        app.calendar.move_occurrence(made.id, datetime(2026, 9, 17, 9, 30, tzinfo=kolkata),
                                     datetime(2026, 9, 17, 11, 0, tzinfo=kolkata),
                                     datetime(2026, 9, 17, 11, 15, tzinfo=kolkata), provenance=prov)
        # from Monday the 21st at 10:00; the days before stay as they are
        app.calendar.change_series(made.id, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
                                   datetime(2026, 9, 21, 10, 0, tzinfo=kolkata), provenance=prov,
                                   since=date(2026, 9, 21))
        with pytest.raises(UserError, match="not on the Google calendar"):  # skipped already
            app.calendar.skip_occurrence(made.id, datetime(2026, 9, 16, 9, 30, tzinfo=kolkata), provenance=prov)
    finally:
        app.close()
    assert google.calls_to("calendar.events.instances")
    assert [c.query["sendUpdates"] for c in google.calls if c.method in (
        "calendar.events.patch", "calendar.events.delete")] == [["none"]] * 3
    assert _day(cli, "2026-09-15") == [("Standup", "2026-09-15T09:30:00+05:30", False)]
    assert _day(cli, "2026-09-16") == []
    assert _day(cli, "2026-09-17") == [("Standup", "2026-09-17T11:00:00+05:30", False)]
    assert _day(cli, "2026-09-18") == [("Standup", "2026-09-18T09:30:00+05:30", False)]
    assert _day(cli, "2026-09-21") == [("Standup", "2026-09-21T10:00:00+05:30", False)]
    old = next(e for e in google.events() if e["id"] == series["id"])
    assert old["recurrence"][0].startswith("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20260920T")


def test_steward_calendar_move_moves_one_time_of_a_series_on_google_by_its_day(cli: Any, google: FakeGoogle) -> None:
    def run(*args: str) -> Any:
        return cli("--now", NOW, "--tz", "Asia/Kolkata", *args)

    r = run("calendar", "add", "every weekday at 9:30 am", "Standup", "--minutes", "15")
    assert r.code == 0, r.err
    r = run("calendar", "move", "thursday's standup", "11 am")
    assert r.code == 0, r.err
    assert "the other times stay" in r.out
    r = run("calendar", "move", "standup", "noon")
    assert r.code == 1 and r.err.count("\n") == 1 and "--once" in r.err
    assert google.calls_to("calendar.events.instances")
    assert [c.method for c in google.calls if c.method in ("calendar.events.patch", "calendar.events.delete")] == [
        "calendar.events.patch"]
    assert _day(cli, "2026-09-17") == [("Standup", "2026-09-17T11:00:00+05:30", False)]
    assert _day(cli, "2026-09-18") == [("Standup", "2026-09-18T09:30:00+05:30", False)]
    moved = run("--json", "schedule", "2026-09-17").json()["items"]
    assert [(i["state"], i["moved_from"]) for i in moved] == [("moved", "2026-09-17T09:30:00+05:30")]


def test_a_time_of_a_series_deleted_in_google_calendar_shows_as_skipped_as_on_caldav(
        cli: Any, google: FakeGoogle) -> None:
    series = google.put_event(summary="Yoga", start={"dateTime": "2026-09-16T07:00:00+05:30", "timeZone": "Asia/Kolkata"},
                              end={"dateTime": "2026-09-16T08:00:00+05:30", "timeZone": "Asia/Kolkata"},
                              recurrence=["RRULE:FREQ=WEEKLY;BYDAY=WE"])
    app = _app()
    try:
        day = app.calendar.day_of("2026-09-23")
        assert [(i.event.title, i.state) for i in app.calendar.schedule(day).items] == [("Yoga", None)]
        google.delete_instance(series["id"], "2026-09-23T07:00:00+05:30")  # in Google Calendar itself
        # read again through the sync token: the deleted time comes back cancelled, and is shown skipped
        after = app.calendar.schedule(day)
        assert after.items == () and [(i.event.title, i.state) for i in after.skipped] == [("Yoga", "skipped")]
    finally:
        app.close()
    assert all(c.query.get("showDeleted") == ["true"] for c in google.calls_to("calendar.events.list"))
    # a fresh listing says so too, in the schedule, its text and a chat answer; the other Wednesdays are on
    items = cli("--now", NOW, "--tz", "Asia/Kolkata", "--json", "schedule", "2026-09-23").json()["items"]
    assert [(i["title"], i["start"], i["state"]) for i in items] == [("Yoga", "2026-09-23T07:00:00+05:30", "skipped")]
    assert "[skipped]" in cli("--now", NOW, "--tz", "Asia/Kolkata", "schedule", "2026-09-23").out
    assert _day(cli, "2026-09-30") == [("Yoga", "2026-09-30T07:00:00+05:30", False)]
    free = cli("--now", NOW, "--tz", "Asia/Kolkata", "--json", "chat", "am I free on september 23 at 7 am?")
    assert free.json()["reply"].startswith("Yes"), free.json()["reply"]
