"""ICS export and import, through the one write path."""

from __future__ import annotations

from pathlib import Path

from icalendar import Calendar

NOW = "2026-09-14T23:53:00+05:30"


def seed(cli) -> None:
    assert cli("--now", NOW, "calendar", "add", "2026-09-15T10:00", "Stand-up", "--location", "Room 4").code == 0
    assert cli("--now", NOW, "calendar", "add", "2026-09-16", "Mum's birthday").code == 0
    assert cli("--now", NOW, "remind", "2026-09-15T17:00", "Python training").code == 0


def test_export_writes_events_and_pending_reminders_that_other_tools_read(cli, tmp_path: Path) -> None:
    seed(cli)
    out = tmp_path / "mine.ics"
    r = cli("--now", NOW, "--json", "calendar", "export", str(out))
    assert r.code == 0, r.err
    assert r.json()["events"] == 2 and r.json()["reminders"] == 1
    cal = Calendar.from_ical(out.read_bytes())
    events = {str(c["summary"]): c for c in cal.walk("VEVENT")}
    assert events["Stand-up"].decoded("dtstart").isoformat() == "2026-09-15T04:30:00+00:00"
    assert str(events["Stand-up"]["location"]) == "Room 4"
    assert str(events["Stand-up"]["x-steward-id"]) == str(events["Stand-up"]["uid"])
    assert events["Mum's birthday"].decoded("dtstart").isoformat() == "2026-09-16"
    todo = cal.walk("VTODO")[0]
    assert str(todo["summary"]) == "Python training"
    assert todo.decoded("due").isoformat() == "2026-09-15T11:30:00+00:00"


def test_import_into_a_fresh_home_round_trips_and_a_second_import_adds_nothing(
        cli, tmp_path: Path, monkeypatch) -> None:
    seed(cli)
    out = tmp_path / "mine.ics"
    cli("--now", NOW, "calendar", "export", str(out))
    monkeypatch.setenv("STEWARD_HOME", str(tmp_path / "other-home"))
    r = cli("--now", NOW, "--json", "calendar", "import", str(out))
    assert r.code == 0, r.err
    assert len(r.json()["events"]) == 2 and len(r.json()["reminders"]) == 1
    day = cli("--now", NOW, "--json", "schedule", "2026-09-15").json()["items"]
    assert [(i["kind"], i["at"][11:16], i.get("title") or i.get("text")) for i in day] == [
        ("event", "10:00", "Stand-up"), ("reminder", "17:00", "Python training")]
    birthday = cli("--now", NOW, "--json", "schedule", "2026-09-16").json()["items"]
    assert [(i["title"], i["all_day"]) for i in birthday] == [("Mum's birthday", True)]
    again = cli("--now", NOW, "--json", "calendar", "import", str(out)).json()
    assert again["events"] == [] and again["reminders"] == [] and again["duplicates"] == 3


def test_import_skips_past_items_and_keeps_repeating_ones(cli, tmp_path: Path) -> None:
    ics = tmp_path / "other.ics"
    ics.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n"
        "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260901T000000Z\r\nDTSTART:20260901T100000Z\r\nSUMMARY:Old\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:b\r\nDTSTAMP:20260901T000000Z\r\nDTSTART:20261001T100000Z\r\nRRULE:FREQ=WEEKLY\r\n"
        "SUMMARY:Weekly\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:c\r\nDTSTAMP:20260901T000000Z\r\nDTSTART:20261001T100000Z\r\n"
        "DURATION:PT30M\r\nSUMMARY:Review\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    r = cli("--now", NOW, "--json", "calendar", "import", str(ics))
    assert r.code == 0, r.err
    body = r.json()
    assert body["past"] == 1 and len(body["events"]) == 2 and "c" in body["events"] and body["skipped"] == []
    review = cli("--now", NOW, "--json", "schedule", "2026-10-01").json()["items"]
    assert [(i["title"], i["end"], i["rule"]) for i in review] == [
        ("Review", "2026-10-01T16:00:00+05:30", None), ("Weekly", "2026-10-01T16:30:00+05:30", "FREQ=WEEKLY")]
    weekly = cli("--now", NOW, "--json", "schedule", "2026-10-08").json()["items"]
    assert [(i["title"], i["start"]) for i in weekly] == [("Weekly", "2026-10-08T15:30:00+05:30")]


def test_import_refuses_a_missing_or_broken_file_with_one_line(cli, tmp_path: Path) -> None:
    missing = cli("calendar", "import", str(tmp_path / "nope.ics"))
    assert missing.code == 1 and "does not exist" in missing.err
    broken = tmp_path / "broken.ics"
    broken.write_text("this is not a calendar")
    r = cli("calendar", "import", str(broken))
    assert r.code == 1 and "not an iCalendar file" in r.err and len(r.err.strip().splitlines()) == 1


def test_an_exported_series_keeps_its_skipped_and_moved_times_for_another_calendar_app(
        cli, tmp_path: Path, monkeypatch) -> None:
    import recurring_ical_events

    def run(*args: str) -> None:
        r = cli("--now", "2026-12-01T10:00:00-05:00", "--tz", "America/New_York", *args)
        assert r.code == 0, r.err

    run("calendar", "add", "every monday at 10", "team meeting", "--minutes", "30", "--location", "Room 2")
    run("calendar", "skip", "team meeting", "december 14")
    run("calendar", "move", "team meeting on december 21", "wednesday 3 pm")
    run("calendar", "add", "every monday at 9", "planning")
    run("calendar", "skip", "planning", "december 7")
    out = tmp_path / "mine.ics"
    run("calendar", "export", str(out))
    cal = Calendar.from_ical(out.read_bytes())
    shown = [(str(e["summary"]), e.decoded("dtstart").isoformat(), e.decoded("dtend").isoformat(),
              str(e.get("location") or ""))
             for e in recurring_ical_events.of(cal).between((2026, 12, 1), (2026, 12, 29))]
    assert sorted(shown) == [
        ("planning", "2026-12-14T09:00:00-05:00", "2026-12-14T10:00:00-05:00", ""),
        ("planning", "2026-12-21T09:00:00-05:00", "2026-12-21T10:00:00-05:00", ""),
        ("planning", "2026-12-28T09:00:00-05:00", "2026-12-28T10:00:00-05:00", ""),
        ("team meeting", "2026-12-07T10:00:00-05:00", "2026-12-07T10:30:00-05:00", "Room 2"),
        ("team meeting", "2026-12-23T15:00:00-05:00", "2026-12-23T15:30:00-05:00", "Room 2"),
        ("team meeting", "2026-12-28T10:00:00-05:00", "2026-12-28T10:30:00-05:00", "Room 2")]
    # past the change to summer time, still 9:00 on the wall clock of the zone it was meant in
    summer = [e.decoded("dtstart").isoformat()
              for e in recurring_ical_events.of(cal).between((2027, 3, 1), (2027, 3, 16)) if e["summary"] == "planning"]
    assert summer == ["2027-03-01T09:00:00-05:00", "2027-03-08T09:00:00-05:00", "2027-03-15T09:00:00-04:00"]
    # imported into another home, the same days: the time skipped and the time moved come with the series
    monkeypatch.setenv("STEWARD_HOME", str(tmp_path / "other-home"))
    r = cli("--now", "2026-12-01T10:00:00-05:00", "--tz", "America/New_York", "--json", "calendar", "import", str(out))
    assert r.code == 0, r.err
    assert len(r.json()["events"]) == 2 and r.json()["skipped"] == [] and r.json()["past"] == 0
    for when, items in (("december 14", [("planning", "09:00", None), ("team meeting", "10:00", "skipped")]),
                        ("december 21", [("planning", "09:00", None)]),
                        ("december 23", [("team meeting", "15:00", "moved")])):
        day = cli("--now", "2026-12-01T10:00:00-05:00", "--tz", "America/New_York", "--json", "schedule", when)
        assert [(i["title"], i["start"][11:16], i.get("state")) for i in day.json()["items"]] == items, when
