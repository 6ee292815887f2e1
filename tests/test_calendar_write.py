"""The one write path for reminders and events, through the CLI and the service."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.errors import Duplicate, PastMoment
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

NOW = "2026-09-14T23:53:00+05:30"
IST = timezone(timedelta(hours=5, minutes=30))


def make_app(now: str = NOW, **env: str):
    paths = resolve_paths()
    settings = load(paths.config_file, environ={**env})
    return build_app(settings, make_clock(settings.as_str("timezone"), now), paths)


def test_tomorrow_at_5pm_near_midnight_is_the_next_day_and_on_its_schedule(cli) -> None:
    r = cli("--now", NOW, "--json", "remind", "tomorrow at 5 pm", "Python training")
    assert r.code == 0, r.err
    assert r.json()["due"] == "2026-09-15T17:00:00+05:30"
    day = cli("--now", NOW, "--json", "schedule", "tomorrow").json()
    assert day["day"] == "2026-09-15"
    assert [i["text"] for i in day["items"]] == ["Python training"]
    assert cli("--now", NOW, "--json", "schedule").json()["items"] == []  # not on the 14th


def test_remind_with_an_explicit_time_shows_it_and_lists_it(cli) -> None:
    r = cli("--now", NOW, "--json", "remind", "2026-09-15T17:00", "Python", "training")
    assert r.code == 0, r.err
    body = r.json()
    assert body["due"] == "2026-09-15T17:00:00+05:30" and body["zone"] == "+05:30"
    assert body["text"] == "Python training" and body["status"] == "pending"
    listed = cli("--now", NOW, "--json", "reminders", "list").json()
    assert [(x["id"], x["due"]) for x in listed] == [(body["id"], "2026-09-15T17:00:00+05:30")]
    human = cli("--now", NOW, "reminders", "list").out
    assert "Python training" in human and "17:00" in human


def test_a_past_time_exits_1_with_one_line_and_writes_nothing(cli) -> None:
    r = cli("--now", NOW, "remind", "2026-09-14T17:00", "too late")
    assert r.code == 1
    assert r.out == ""
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and "already passed" in lines[0]
    assert cli("--now", NOW, "--json", "reminders", "list", "--all").json() == []
    assert entries(make_app().db) == []


def test_a_past_time_in_words_is_refused(cli) -> None:
    r = cli("--now", NOW, "remind", "today at 9 am", "stand-up")
    assert r.code == 1 and "already passed" in r.err
    assert cli("--now", NOW, "--json", "reminders", "list").json() == []


def test_an_exact_duplicate_is_refused_but_another_time_or_text_is_not(cli) -> None:
    assert cli("--now", NOW, "remind", "2026-09-15T17:00", "Call the bank").code == 0
    dup = cli("--now", NOW, "remind", "2026-09-15 17:00:00", "  call   THE bank. ")
    assert dup.code == 1 and "already have that reminder" in dup.err
    # the same instant written in another zone is the same due instant
    dup_utc = cli("--now", NOW, "remind", "2026-09-15T11:30:00+00:00", "call the bank")
    assert dup_utc.code == 1
    assert cli("--now", NOW, "remind", "2026-09-15T18:00", "Call the bank").code == 0
    assert cli("--now", NOW, "remind", "2026-09-15T17:00", "Call the bank manager").code == 0
    assert len(cli("--now", NOW, "--json", "reminders", "list").json()) == 3


def test_a_cancelled_reminder_no_longer_blocks_its_twin(cli) -> None:
    first = cli("--now", NOW, "--json", "remind", "2026-09-15T17:00", "pay rent").json()
    cancelled = cli("--now", NOW, "--json", "reminders", "cancel", str(first["id"]))
    assert cancelled.code == 0 and cancelled.json()["status"] == "cancelled"
    assert cli("--now", NOW, "--json", "reminders", "list").json() == []
    assert cli("--now", NOW, "remind", "2026-09-15T17:00", "pay rent").code == 0


def test_cancel_refuses_unknown_cancelled_and_malformed_ids(cli) -> None:
    r = cli("--now", NOW, "--json", "remind", "2026-09-15T17:00", "pay rent").json()
    assert cli("reminders", "cancel", "99").code == 1
    assert cli("reminders", "cancel", str(r["id"])).code == 0
    again = cli("reminders", "cancel", str(r["id"]))
    assert again.code == 1 and "already cancelled" in again.err
    assert cli("reminders", "cancel", "abc").code == 2


def test_a_day_without_a_time_gets_the_default_hour(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    r = cli("--now", NOW, "--json", "remind", "2026-09-16", "renew passport").json()
    assert r["due"] == "2026-09-16T09:00:00+05:30"
    monkeypatch.setenv("STEWARD_REMINDERS_DEFAULT_HOUR", "7")
    r = cli("--now", NOW, "--json", "remind", "2026-09-17", "renew passport").json()
    assert r["due"] == "2026-09-17T07:00:00+05:30"


def test_dry_run_validates_and_writes_nothing(cli) -> None:
    r = cli("--now", NOW, "--json", "remind", "--dry-run", "2026-09-15T17:00", "water plants")
    assert r.code == 0 and r.json()["id"] is None and r.json()["due"] == "2026-09-15T17:00:00+05:30"
    assert cli("--now", NOW, "--json", "reminders", "list").json() == []
    assert cli("--now", NOW, "remind", "--dry-run", "2026-09-14T10:00", "water plants").code == 1
    assert entries(make_app().db) == []


def test_empty_text_is_refused(cli) -> None:
    r = cli("--now", NOW, "remind", "2026-09-15T17:00", "   ")
    assert r.code == 1 and "needs some text" in r.err


def test_provenance_is_recorded_for_cli_and_tool_writes() -> None:
    app = make_app()
    via_tool = app.calendar.create_reminder(
        "Submit the report", datetime(2026, 9, 15, 10, 0, tzinfo=IST),
        provenance={"via": "tool", "session": "s1", "turn": "t4", "tool_call": "call_9"},
    )
    assert via_tool.id is not None
    log = entries(app.db, "reminder.create")
    assert log[-1]["object_id"] == str(via_tool.id)
    assert log[-1]["provenance"] == {"via": "tool", "session": "s1", "turn": "t4", "tool_call": "call_9"}
    with pytest.raises(ValueError):  # an unknown origin is a programming error, not a user's
        app.calendar.create_reminder("x", datetime(2026, 9, 15, 10, tzinfo=IST), provenance={"via": "magic"})


def test_service_refuses_past_and_duplicate_with_typed_errors() -> None:
    app = make_app()
    when = datetime(2026, 9, 15, 10, 0, tzinfo=IST)
    app.calendar.create_reminder("dentist", when, provenance={"via": "turn", "turn": "t1"})
    with pytest.raises(Duplicate):
        app.calendar.create_reminder("Dentist", when, provenance={"via": "turn", "turn": "t2"})
    with pytest.raises(PastMoment):
        app.calendar.create_reminder("dentist", when - timedelta(days=1), provenance={"via": "turn"})
    assert len(entries(app.db, "reminder.create")) == 1


def test_reminders_are_stored_as_utc_and_shown_in_the_users_zone(cli) -> None:
    r = cli("--now", NOW, "--json", "remind", "2026-09-15T17:00", "Python training").json()
    seen_from_utc = cli("--now", NOW, "--tz", "UTC", "--json", "reminders", "list").json()[0]
    assert seen_from_utc["due"] == "2026-09-15T11:30:00+00:00"
    assert seen_from_utc["zone"] == "+05:30" and seen_from_utc["id"] == r["id"]
    row = make_app().db.execute("SELECT due_utc, zone FROM reminders").fetchone()
    assert tuple(row) == ("2026-09-15T11:30:00Z", "+05:30")


def test_events_write_path_rules(cli) -> None:
    ok = cli("--now", NOW, "--json", "calendar", "add", "2026-09-15T10:00", "Stand-up", "--location", "Room 4")
    assert ok.code == 0, ok.err
    event = ok.json()
    assert event["start"] == "2026-09-15T10:00:00+05:30" and event["end"] == "2026-09-15T11:00:00+05:30"
    assert event["calendar"] == "local" and event["location"] == "Room 4"
    assert event["id"].startswith("steward-")
    dup = cli("--now", NOW, "calendar", "add", "2026-09-15T10:00", "stand-up")
    assert dup.code == 1 and "already has" in dup.err
    past = cli("--now", NOW, "calendar", "add", "2026-09-14T10:00", "retro")
    assert past.code == 1 and "already passed" in past.err
    backwards = cli("--now", NOW, "calendar", "add", "2026-09-15T10:00", "review", "--until", "2026-09-15T09:00")
    assert backwards.code == 1 and "end after it starts" in backwards.err
    log = entries(make_app().db, "event.create")
    assert len(log) == 1 and log[0]["object_id"] == event["id"]
    assert log[0]["provenance"] == {"via": "cli", "command": "calendar add"}


def test_an_event_on_today_without_a_time_is_all_day_and_not_past(cli) -> None:
    r = cli("--now", NOW, "--json", "calendar", "add", "2026-09-14", "Mum's birthday")
    assert r.code == 0, r.err
    assert r.json()["all_day"] is True
    assert r.json()["start"] == "2026-09-14T00:00:00+05:30" and r.json()["end"] == "2026-09-15T00:00:00+05:30"
    items = cli("--now", NOW, "--json", "schedule").json()["items"]
    assert [i["title"] for i in items if i["kind"] == "event"] == ["Mum's birthday"]
    assert cli("--now", NOW, "calendar", "add", "2026-09-13", "yesterday's party").code == 1


def test_an_all_day_event_until_a_later_day_shows_on_each_of_its_days(cli) -> None:
    r = cli("--now", NOW, "--json", "calendar", "add", "2026-09-16", "Hotel: Glo Hotel Sello", "--until", "2026-09-18")
    assert r.code == 0, r.err
    made = r.json()
    assert made["all_day"] is True
    assert (made["start"], made["end"]) == ("2026-09-16T00:00:00+05:30", "2026-09-19T00:00:00+05:30")
    for day in ("2026-09-16", "2026-09-17", "2026-09-18"):
        items = cli("--now", NOW, "--json", "schedule", day).json()["items"]
        assert [(i["title"], i["all_day"]) for i in items] == [("Hotel: Glo Hotel Sello", True)], day
    assert cli("--now", NOW, "--json", "schedule", "2026-09-19").json()["items"] == []
    backwards = cli("--now", NOW, "calendar", "add", "2026-09-16", "stay", "--until", "2026-09-15")
    assert backwards.code == 1 and "on or after the day it starts" in backwards.err


def test_schedule_sorts_reminders_and_events_in_local_time(cli) -> None:
    cli("--now", NOW, "remind", "2026-09-15T17:00", "Python training")
    cli("--now", NOW, "calendar", "add", "2026-09-15T09:30", "Dentist")
    cli("--now", NOW, "remind", "2026-09-15T08:00", "Take pills")
    cli("--now", NOW, "calendar", "add", "2026-09-15", "Holiday")
    # 2026-09-16 00:30 IST is still the 15th in UTC: it belongs to the 16th for this user
    cli("--now", NOW, "remind", "2026-09-16T00:30", "Late call")
    day = cli("--now", NOW, "--json", "schedule", "2026-09-15").json()
    assert [(i["kind"], i["at"][11:16]) for i in day["items"]] == [
        ("event", "00:00"), ("reminder", "08:00"), ("event", "09:30"), ("reminder", "17:00")]
    human = cli("--now", NOW, "schedule", "2026-09-15").out.splitlines()
    assert "Tuesday, 15 September 2026" in human[0]  # the locale's (en_GB) full date
    assert "Take pills" in human[2] and "Dentist" in human[3] and "Python training" in human[4]


def test_reminders_list_stays_light() -> None:
    code = (
        "import sys; from steward.cli import main; main(['reminders', 'list']);"
        "heavy = [m for m in ('icalendar', 'caldav', 'httpx', 'numpy', 'steward.dates', 'steward.calendar.service')"
        " if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_reminder_ids_and_due_times_survive_a_new_app(tmp_path: Path) -> None:
    app = make_app()
    made = app.calendar.create_reminder("call mum", "2026-09-20T18:00", provenance={"via": "cli"})
    app.close()
    again = make_app().calendar.reminders()
    assert [(r.id, r.text, r.due) for r in again] == [(made.id, "call mum", made.due)]


def test_a_todo_with_a_clock_time_becomes_a_reminder_through_the_write_path() -> None:
    # what the chat engine does with "add a to-do to call the bank at 5 pm": dates finds the time,
    # the subject is the rest, and create_reminder takes the Resolution as it is
    from steward.dates import find

    app = make_app("2026-09-14T10:00:00+05:30")
    sentence = "add a to-do to call the bank at 5 pm"
    found = find(sentence, app.clock)
    assert found is not None and found.has_time
    made = app.calendar.create_reminder("call the bank", found,
                                        provenance={"via": "turn", "session": "s1", "turn": "t1"})
    assert made.due.isoformat() == "2026-09-14T17:00:00+05:30"
    assert [r.text for r in app.calendar.reminders()] == ["call the bank"]


def test_the_users_date_settings_shape_what_words_mean(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_DATES_DAY_FIRST", "1")
    r = cli("--now", NOW, "--json", "remind", "3/10 at 5 pm", "pay tax")
    assert r.code == 0, r.err
    assert r.json()["due"] == "2026-10-03T17:00:00+05:30"
    monkeypatch.setenv("STEWARD_DATES_EVENING_HOUR", "20")
    r = cli("--now", NOW, "--json", "remind", "tomorrow evening", "call home")
    assert r.json()["due"] == "2026-09-15T20:00:00+05:30"


def test_words_the_dates_module_cannot_read_are_a_one_line_error(cli) -> None:
    r = cli("--now", NOW, "remind", "whenever you like", "tidy up")
    assert r.code == 1 and "can't tell when" in r.err and len(r.err.strip().splitlines()) == 1
    assert cli("--now", NOW, "schedule", "blah").code == 1
