"""The CalDAV backend against a real Radicale started by the test suite."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from radicale_server import Radicale, use_caldav
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

NOW = "2026-09-14T23:53:00+05:30"


def server_object(url: str, uid: str):
    from caldav.davclient import DAVClient

    cal = DAVClient(url=url, username="me", password="x").calendar(url=url)
    return cal.object_by_uid(uid).icalendar_component


def test_an_event_round_trips_through_radicale_with_its_marker(cli, radicale: Radicale,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    r = cli("--now", NOW, "--json", "calendar", "add", "2026-09-15T17:00", "Python training",
            "--location", "Hall B")
    assert r.code == 0, r.err
    made = r.json()
    assert made["calendar"] == "caldav"
    on_server = server_object(url, made["id"])
    assert str(on_server["summary"]) == "Python training"
    assert str(on_server["x-steward-id"]) == made["id"]
    assert on_server.decoded("dtstart").isoformat() == "2026-09-15T11:30:00+00:00"
    # read back through Steward, in local time, next to a local reminder
    cli("--now", NOW, "remind", "2026-09-15T09:00", "Pack the laptop")
    day = cli("--now", NOW, "--json", "schedule", "2026-09-15").json()
    assert [(i["kind"], i["at"], i.get("calendar")) for i in day["items"]] == [
        ("reminder", "2026-09-15T09:00:00+05:30", None),
        ("event", "2026-09-15T17:00:00+05:30", "caldav"),
    ]
    assert day["items"][1]["location"] == "Hall B" and day["items"][1]["id"] == made["id"]
    # an exact duplicate is found on the server and refused
    dup = cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "python training")
    assert dup.code == 1 and "caldav calendar already has" in dup.err
    log = entries(build_app(load(None), make_clock("", NOW), resolve_paths()).db, "event.create")
    assert [e["object_id"] for e in log] == [made["id"]]


def test_an_all_day_span_is_written_to_radicale_as_dates(cli, radicale: Radicale,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    r = cli("--now", NOW, "--json", "calendar", "add", "2026-09-16", "Hotel: Glo Hotel Sello", "--until", "2026-09-17")
    assert r.code == 0, r.err
    on_server = server_object(url, r.json()["id"])
    # DTEND is exclusive: the day after the last day, as calendars write an all-day span
    assert (on_server.decoded("dtstart").isoformat(), on_server.decoded("dtend").isoformat()) == (
        "2026-09-16", "2026-09-18")
    for day in ("2026-09-16", "2026-09-17"):
        items = cli("--now", NOW, "--json", "schedule", day).json()["items"]
        assert [(i["title"], i["all_day"]) for i in items] == [("Hotel: Glo Hotel Sello", True)]
    assert cli("--now", NOW, "--json", "schedule", "2026-09-18").json()["items"] == []


def test_events_made_by_other_clients_show_in_the_schedule(cli, radicale: Radicale,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    cal = DAVClient(url=url, username="me", password="x").calendar(url=url)
    wrap = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n{}END:VCALENDAR\r\n"
    cal.add_event(wrap.format(
        "BEGIN:VEVENT\r\nUID:other-1\r\nDTSTAMP:20260901T000000Z\r\nDTSTART;VALUE=DATE:20260916\r\n"
        "DTEND;VALUE=DATE:20260917\r\nSUMMARY:Team offsite\r\nEND:VEVENT\r\n"))
    cal.add_event(wrap.format(
        "BEGIN:VEVENT\r\nUID:other-2\r\nDTSTAMP:20260901T000000Z\r\nDTSTART:20260916T050000Z\r\n"
        "DTEND:20260916T060000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n"))
    day = cli("--now", NOW, "--json", "schedule", "2026-09-16").json()
    assert [(i["title"], i["all_day"], i["start"]) for i in day["items"]] == [
        ("Team offsite", True, "2026-09-16T00:00:00+05:30"),
        ("Dentist", False, "2026-09-16T10:30:00+05:30"),
    ]
    # the all-day event belongs to the 16th only, in the user's zone
    assert cli("--now", NOW, "--json", "schedule", "2026-09-17").json()["items"] == []
    assert cli("--now", NOW, "--json", "schedule", "2026-09-15").json()["items"] == []


def test_a_server_that_is_down_gives_one_line_and_writes_nothing(cli, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    own = Radicale(tmp_path / "down")
    url = own.new_calendar()
    own.stop()  # the server goes away after it was set up
    use_caldav(monkeypatch, url)
    # a reminder lives on the CalDAV calendar too (as a to-do): with the server down neither is saved
    for r in (cli("--now", NOW, "remind", "2026-09-15T09:00", "Pack the laptop"),
              cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "Python training")):
        assert r.code == 1 and r.out == ""
        lines = r.err.strip().splitlines()
        assert len(lines) == 1 and "CalDAV server" in lines[0] and "connection refused" in lines[0]
    app = build_app(load(None), make_clock("", NOW), resolve_paths())
    assert entries(app.db, "event.create") == []
    assert app.db.execute("SELECT count(*) FROM events").fetchone()[0] == 0
    # the schedule still shows what it can, and says which calendar it could not read
    day = cli("--now", NOW, "--json", "schedule", "2026-09-15")
    assert day.code == 0
    assert day.json()["items"] == [] and app.calendar.reminders() == []
    assert day.json()["unavailable"][0]["calendar"] == "caldav"
    assert "caldav calendar not shown" in day.err
    shutil.rmtree(tmp_path / "down", ignore_errors=True)


def test_a_wrong_caldav_url_is_a_clear_error(cli, radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    use_caldav(monkeypatch, f"http://127.0.0.1:{radicale.port}/me/no-such-calendar/")
    r = cli("--now", NOW, "calendar", "add", "2026-09-15T17:00", "Python training")
    assert r.code == 1 and len(r.err.strip().splitlines()) == 1 and "CalDAV server" in r.err


WRAP = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//other//EN\r\n{}END:VCALENDAR\r\n"
# each written straight into Radicale's storage, as another client or a hand edit could leave it
BAD_EVENTS = {
    # Radicale cannot parse these at all: it leaves them out of every answer (and logs them itself)
    "garbled-start": "UID:bad-garbled\r\nDTSTART:2026091XT05ZZ\r\nDTEND:20260916T060000Z\r\nSUMMARY:Garbled\r\n",
    "no-start": "UID:bad-nostart\r\nSUMMARY:No start\r\n",
    "not-icalendar": "UID:bad-junk\r\nDTSTART:20260916T070000Z\r\nthis is not a property\r\nSUMMARY:Junk\r\n",
    # Radicale serves these; Steward cannot show them in every zone and skips them with the reason
    "ends-in-9999": "UID:bad-9999\r\nDTSTART:20260916T070000Z\r\nDTEND:99991231T235959Z\r\nSUMMARY:Forever\r\n",
    "starts-in-year-1": "UID:bad-0001\r\nDTSTART;VALUE=DATE:00010101\r\nDTEND;VALUE=DATE:20260917\r\n"
                        "SUMMARY:Since the year 1\r\n",
}


def put_raw(radicale: Radicale, url: str, name: str, body: str) -> None:
    """An .ics file written into Radicale's own storage folder, bypassing its checks on PUT."""
    cal_id = url.rstrip("/").rsplit("/", 1)[-1]
    folder = radicale.folder / "collection-root" / "me" / cal_id
    assert folder.is_dir()
    (folder / f"{name}.ics").write_text(WRAP.format(
        f"BEGIN:VEVENT\r\nDTSTAMP:20260901T000000Z\r\n{body}END:VEVENT\r\n"), encoding="utf-8")


def test_one_bad_event_is_skipped_and_named_and_the_rest_of_the_calendar_is_shown(
        cli, radicale: Radicale, monkeypatch: pytest.MonkeyPatch, steward_home: Path) -> None:
    from caldav.davclient import DAVClient
    from fastapi.testclient import TestClient

    from serve_helpers import in_process

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    cal = DAVClient(url=url, username="me", password="x").calendar(url=url)
    cal.add_event(WRAP.format(
        "BEGIN:VEVENT\r\nUID:good-1\r\nDTSTAMP:20260901T000000Z\r\nDTSTART:20260916T050000Z\r\n"
        "DTEND:20260916T060000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n"))
    cal.add_event(WRAP.format(
        "BEGIN:VEVENT\r\nUID:good-2\r\nDTSTAMP:20260901T000000Z\r\nDTSTART;VALUE=DATE:20260916\r\n"
        "DTEND;VALUE=DATE:20260917\r\nSUMMARY:Team offsite\r\nEND:VEVENT\r\n"))
    for name, body in BAD_EVENTS.items():
        put_raw(radicale, url, name, body)
    cli("--now", NOW, "remind", "2026-09-16T09:00", "Pack the laptop")

    text = cli("--now", NOW, "schedule", "2026-09-16")
    assert text.code == 0 and "Traceback" not in text.err
    assert "Dentist (caldav)" in text.out and "Team offsite (caldav)" in text.out and "Pack the laptop" in text.out
    assert "not shown" not in text.err
    # each bad event Steward was given is named once, on one line: which calendar, which event, why
    assert sorted(text.err.strip().splitlines()) == [
        "steward: caldav calendar: skipped 'Forever' (UID bad-9999): its DTEND 9999-12-31 is outside the "
        "years 2-9998",
        "steward: caldav calendar: skipped 'Since the year 1' (UID bad-0001): its DTSTART 0001-01-01 is "
        "outside the years 2-9998",
    ]

    day = cli("--now", NOW, "--json", "schedule", "2026-09-16").json()
    assert [i.get("title") or i.get("text") for i in day["items"]] == ["Team offsite", "Pack the laptop", "Dentist"]
    assert day["unavailable"] == []
    assert sorted((u["calendar"], u["uid"], u["title"]) for u in day["unreadable"]) == [
        ("caldav", "bad-0001", "Since the year 1"), ("caldav", "bad-9999", "Forever")]

    # the HTTP endpoint shows the same day
    with TestClient(in_process(steward_home, NOW), base_url="http://127.0.0.1:8765") as client:  # type: ignore[arg-type]
        r = client.get("/schedule", params={"when": "2026-09-16"})
    assert r.status_code == 200, r.text
    assert [i.get("title") or i.get("text") for i in r.json()["items"]] == [
        "Team offsite", "Pack the laptop", "Dentist"]
    assert sorted(u["uid"] for u in r.json()["unreadable"]) == ["bad-0001", "bad-9999"]

    # writing next to the bad events works, and the new event is on the server and in the day
    made = cli("--now", NOW, "--json", "calendar", "add", "2026-09-16T15:00", "Lunch with Asha")
    assert made.code == 0, made.err
    assert str(server_object(url, made.json()["id"])["summary"]) == "Lunch with Asha"
    dup = cli("--now", NOW, "calendar", "add", "2026-09-16T15:00", "lunch with asha")
    assert dup.code == 1 and "caldav calendar already has" in dup.err
    later = cli("--now", NOW, "--json", "schedule", "2026-09-16").json()
    assert "Lunch with Asha" in [i.get("title") for i in later["items"]]

    # the assistant's answer for the week shows the day's events and names each bad one once, not per day
    cli("--now", NOW, "remind", "2026-09-17T09:00", "Call Ravi")  # a second day with items
    week = cli("--now", NOW, "chat", "--json", "what's my schedule this week?")
    assert week.code == 0, week.err
    answer = week.json()
    assert answer["handled_by"] == "reader"
    reply = answer["reply"]
    assert "Dentist (caldav)" in reply and "Lunch with Asha" in reply and "Call Ravi" in reply
    assert reply.count("skipped 'Forever' (UID bad-9999)") == 1
    assert reply.count("skipped 'Since the year 1' (UID bad-0001)") == 1
