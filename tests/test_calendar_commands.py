"""`steward calendar move|cancel|skip` and `POST /events/move|cancel|skip`: an event named in words (or by
its id) moved, cancelled or one of its times skipped through the calendar service; bad input is one
clear line with nothing changed; the day's schedule (what the page's Today panel draws) shows a moved
event with where it was and a skipped time as skipped."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from serve_helpers import in_process

NOW = "2026-12-01T10:00:00-05:00"  # a Tuesday
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def home(steward_home: Path, cli: Callable[..., Any]) -> Path:
    for args in (("2026-12-02T09:00", "physio"), ("2026-12-04T09:00", "physio"),
                 ("2026-12-03T11:00", "dentist checkup", "--location", "Smile Dental"),
                 ("every monday at 10", "team meeting", "--minutes", "30")):
        r = cli("--now", NOW, "--tz", "America/New_York", "calendar", "add", *args)
        assert r.code == 0, r.err
    return steward_home


def run(cli: Callable[..., Any], *args: str) -> Any:
    return cli("--now", NOW, "--tz", "America/New_York", *args)


def day(cli: Callable[..., Any], when: str) -> list[tuple[str, str, str | None]]:
    r = run(cli, "--json", "schedule", when)
    assert r.code == 0, r.err
    return [(i["title"], i["start"][11:16], i.get("state")) for i in r.json()["items"]]


def test_move_an_event_named_in_words_and_the_day_says_where_it_was(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "move", "the dentist", "friday at 2 pm")
    assert r.code == 0, r.err
    assert "Moved: dentist checkup" in r.out and "Fri, 4 Dec 2026" in r.out
    moved = run(cli, "--json", "schedule", "friday").json()["items"]
    dentist = next(i for i in moved if i["title"] == "dentist checkup")
    assert (dentist["start"], dentist["state"], dentist["moved_from"]) == (
        "2026-12-04T14:00:00-05:00", "moved", "2026-12-03T11:00:00-05:00")
    assert day(cli, "thursday") == []


def test_two_events_fit_is_one_line_naming_both_and_nothing_moves(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "move", "physio", "friday at 5 pm")
    assert r.code == 1 and r.out == ""
    lines = r.err.strip().splitlines()
    assert len(lines) == 1 and "physio (Wed, 2 Dec 2026 at 09:00)" in lines[0] and "physio (Fri, 4 Dec" in lines[0]
    # the day said of it picks one
    r = run(cli, "calendar", "move", "wednesday's physio", "10:30")
    assert r.code == 0, r.err
    assert day(cli, "wednesday") == [("physio", "10:30", "moved")]
    assert day(cli, "friday") == [("physio", "09:00", None)]


def test_bad_input_is_one_clear_line_and_nothing_changes(home: Path, cli: Callable[..., Any]) -> None:
    for args, said in ((("calendar", "cancel", "the opera"), "no upcoming event fits 'the opera'"),
                       (("calendar", "move", "the dentist", "whenever"), "can't tell when 'whenever' is"),
                       (("calendar", "cancel", "team meeting"), "team meeting repeats: --series"),
                       (("calendar", "skip", "the dentist"), "dentist checkup does not repeat")):
        r = run(cli, *args)
        assert r.code == 1 and r.out == "", (args, r.out)
        assert len(r.err.strip().splitlines()) == 1 and said in r.err, r.err
    assert day(cli, "thursday") == [("dentist checkup", "11:00", None)]
    assert day(cli, "monday") == [("team meeting", "10:00", None)]


def test_cancel_names_one_time_of_a_series_by_its_day_and_skips_it_alone(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "cancel", "the team meeting on december 14")
    assert r.code == 0, r.err
    assert "Skipped: team meeting on Mon, 14 Dec 2026 at 10:00; the other times stay" in r.out
    assert day(cli, "december 14") == [("team meeting", "10:00", "skipped")]
    assert day(cli, "december 21") == [("team meeting", "10:00", None)]


def test_cancel_an_event_and_a_whole_series(home: Path, cli: Callable[..., Any]) -> None:
    assert run(cli, "calendar", "cancel", "the dentist").code == 0
    r = run(cli, "calendar", "cancel", "team meeting", "--series")
    assert r.code == 0 and "every time it repeats" in r.out
    assert day(cli, "thursday") == [] and day(cli, "monday") == []


def test_skip_one_monday_of_a_series_and_the_day_shows_it_skipped(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "skip", "team meeting", "december 14")
    assert r.code == 0, r.err
    assert "Skipped: team meeting on Mon, 14 Dec 2026 at 10:00" in r.out
    assert day(cli, "december 14") == [("team meeting", "10:00", "skipped")]
    assert day(cli, "december 7") == [("team meeting", "10:00", None)]
    assert run(cli, "schedule", "december 14").out.splitlines()[1:] == ["  10:00-10:30  team meeting (local) [skipped]"]
    # skipping it again is refused, the series untouched
    r = run(cli, "calendar", "skip", "team meeting", "december 14")
    assert r.code == 1 and r.err.count("\n") == 1 and "team meeting is not on at the time said" in r.err


def test_move_a_series_to_tuesdays_from_now_on(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "move", "team meeting", "every tuesday", "--series")
    assert r.code == 0, r.err
    assert day(cli, "december 7") == [] and day(cli, "december 8") == [("team meeting", "10:00", None)]


def moves_audited(home: Path) -> list[dict[str, Any]]:
    from steward.paths import resolve_paths
    from steward.store import connect
    from steward.store.audit import entries

    conn = connect(resolve_paths().db_file)
    try:
        return [e["detail"] for e in entries(conn, "event.move")]
    finally:
        conn.close()


def test_one_time_of_a_series_named_by_its_day_moves_alone(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "move", "team meeting on december 14", "3 pm")
    assert r.code == 0, r.err
    assert "Moved: team meeting on Mon, 14 Dec 2026 at 10:00 is now" in r.out and "15:00" in r.out
    assert "the other times stay" in r.out
    assert day(cli, "december 14") == [("team meeting", "15:00", "moved")]
    assert run(cli, "schedule", "december 14").out.splitlines()[1:] == [
        "  15:00-15:30  team meeting (local) [moved from Mon 14 Dec, 10:00]"]
    assert day(cli, "december 7") == [("team meeting", "10:00", None)]
    assert day(cli, "december 21") == [("team meeting", "10:00", None)]
    [audited] = moves_audited(home)
    assert (audited["was"], audited["start"], audited["recurrence_id"]) == (
        "2026-12-14T10:00:00-05:00", "2026-12-14T15:00:00-05:00", "2026-12-14T10:00:00-05:00")
    # the time moved is named by its day again and moved once more: still one override of that time
    r = run(cli, "--json", "calendar", "move", "december 14th's team meeting", "4 pm")
    assert r.code == 0, r.err
    assert (r.json()["start"], r.json()["recurrence_id"]) == ("2026-12-14T16:00:00-05:00", "2026-12-14T10:00:00-05:00")
    assert day(cli, "december 14") == [("team meeting", "16:00", "moved")]


def test_a_time_moved_on_its_own_and_then_skipped_is_gone_and_shown_skipped_at_the_time_it_had(
        home: Path, cli: Callable[..., Any]) -> None:
    assert run(cli, "calendar", "move", "team meeting on december 14", "3 pm").code == 0
    r = run(cli, "calendar", "skip", "team meeting", "december 14")
    assert r.code == 0, r.err
    assert day(cli, "december 14") == [("team meeting", "10:00", "skipped")]
    assert day(cli, "december 21") == [("team meeting", "10:00", None)]


def test_a_day_said_in_parts_that_disagree_finds_nothing_and_nothing_moves(home: Path, cli: Callable[..., Any]) -> None:
    # 15 December is a Tuesday: the team meeting is not on then, and no Monday is guessed
    r = run(cli, "calendar", "move", "the team meeting on tuesday december 15", "4 pm")
    assert r.code == 1 and r.err.count("\n") == 1 and "not on at the time said" in r.err
    r = run(cli, "calendar", "move", "friday december 14th's team meeting", "4 pm")
    assert r.code == 1 and r.err.count("\n") == 1
    assert moves_audited(home) == []
    r = run(cli, "calendar", "move", "the team meeting on monday, december 21", "4 pm")
    assert r.code == 0, r.err
    assert day(cli, "december 21") == [("team meeting", "16:00", "moved")]


def test_once_moves_the_next_time_and_a_day_alone_keeps_its_time(home: Path, cli: Callable[..., Any]) -> None:
    r = run(cli, "calendar", "move", "team meeting", "wednesday", "--once")
    assert r.code == 0, r.err
    assert day(cli, "december 7") == []
    assert day(cli, "december 9") == [("team meeting", "10:00", "moved")]
    assert day(cli, "december 14") == [("team meeting", "10:00", None)]


def test_a_series_moved_without_saying_which_times_is_one_line_and_nothing_moves(
        home: Path, cli: Callable[..., Any]) -> None:
    for args, code, said in ((("team meeting", "3 pm"), 1, "--once moves the time named"),
                             (("team meeting on december 14", "yesterday at 9 am"), 1, "has already passed"),
                             (("team meeting", "3 pm", "--once", "--series"), 2, "not allowed with"),
                             (("the dentist", "3 pm", "--series"), 1, "does not repeat"),
                             (("team meeting", "every tuesday", "--once"), 1, "'every tuesday' repeats")):
        r = run(cli, "calendar", "move", *args)
        assert r.code == code and r.out == "", (args, r.out)
        assert said in r.err and (code == 2 or len(r.err.strip().splitlines()) == 1), r.err
    assert day(cli, "december 7") == [("team meeting", "10:00", None)]
    assert day(cli, "december 14") == [("team meeting", "10:00", None)]
    assert moves_audited(home) == []


@pytest.fixture
def client(home: Path) -> Iterator[TestClient]:
    with TestClient(in_process(home, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        yield c


def test_the_http_routes_move_skip_and_cancel_and_say_bad_input_in_one_line(client: TestClient) -> None:
    r = client.post("/events/move", json={"event": "the dentist", "when": "friday at 2 pm"})
    assert r.status_code == 200 and r.json()["start"] == "2026-12-04T14:00:00-05:00"
    r = client.post("/events/skip", json={"event": "team meeting", "when": "december 14"})
    assert r.status_code == 200 and r.json()["start"] == "2026-12-14T10:00:00-05:00"
    items = client.get("/schedule", params={"when": "december 14"}).json()["items"]
    assert [(i["title"], i["state"]) for i in items] == [("team meeting", "skipped")]
    r = client.post("/events/cancel", json={"event": "physio"})
    assert r.status_code == 400 and "\n" not in r.json()["message"] and "more than one event" in r.json()["message"]
    r = client.post("/events/cancel", json={"event": "the opera"})
    assert r.status_code == 404
    r = client.post("/events/move", json={"event": "the dentist", "when": "", "extra": 1})
    assert r.status_code == 422
    friday = client.get("/schedule", params={"when": "friday"}).json()["items"]
    assert [(i["title"], i.get("state")) for i in friday] == [("physio", None), ("dentist checkup", "moved")]


def test_the_page_names_an_event_by_its_id_and_the_time_it_shows(client: TestClient) -> None:
    friday = client.get("/schedule", params={"when": "friday"}).json()["items"]
    [physio] = [i for i in friday if i["title"] == "physio"]
    # two physios: the id and the time shown say which, where the words alone would ask
    r = client.post("/events/move", json={"event": physio["id"], "at": physio["start"], "when": "3 pm"})
    assert r.status_code == 200 and r.json()["start"] == "2026-12-04T15:00:00-05:00"
    monday = client.get("/schedule", params={"when": "monday"}).json()["items"]
    [meeting] = [i for i in monday if i["title"] == "team meeting"]
    r = client.post("/events/skip", json={"event": meeting["id"], "at": meeting["start"]})
    assert r.status_code == 200 and r.json()["start"] == meeting["start"]
    r = client.post("/events/cancel", json={"event": physio["id"], "at": physio["start"]})
    assert r.status_code == 404 and "not on your calendar at that time" in r.json()["message"]
    wed = [i for i in client.get("/schedule", params={"when": "wednesday"}).json()["items"] if i["title"] == "physio"]
    r = client.post("/events/cancel", json={"event": wed[0]["id"], "at": wed[0]["start"]})
    assert r.status_code == 200
    assert [i["title"] for i in client.get("/schedule", params={"when": "wednesday"}).json()["items"]] == []


def test_the_http_route_moves_one_time_of_a_series(client: TestClient) -> None:
    r = client.post("/events/move", json={"event": "team meeting", "when": "3 pm"})
    assert r.status_code == 400 and "\n" not in r.json()["message"] and "'once': true" in r.json()["message"]
    r = client.post("/events/move", json={"event": "team meeting", "when": "3 pm", "once": True, "series": True})
    assert r.status_code == 400
    r = client.post("/events/move", json={"event": "team meeting", "when": "3 pm", "once": True})
    assert r.status_code == 200
    assert (r.json()["start"], r.json()["recurrence_id"]) == ("2026-12-07T15:00:00-05:00", "2026-12-07T10:00:00-05:00")
    r = client.post("/events/move", json={"event": "team meeting on december 14", "when": "tuesday"})
    assert r.status_code == 200 and r.json()["start"] == "2026-12-15T10:00:00-05:00"
    # the page names the time it shows: that one moves, again from where it was moved
    [moved] = [i for i in client.get("/schedule", params={"when": "december 7"}).json()["items"]]
    assert (moved["start"][11:16], moved["state"]) == ("15:00", "moved")
    r = client.post("/events/move", json={"event": moved["id"], "at": moved["start"], "when": "11 am"})
    assert r.status_code == 200 and r.json()["start"] == "2026-12-07T11:00:00-05:00"
    shown = {when: [(i["start"][11:16], i.get("state")) for i in client.get("/schedule", params={"when": when}).json()["items"]]
             for when in ("december 7", "december 14", "december 15", "december 21")}
    assert shown == {"december 7": [("11:00", "moved")], "december 14": [], "december 15": [("10:00", "moved")],
                     "december 21": [("10:00", None)]}


def test_the_http_cancel_of_a_time_of_a_series_named_skips_that_time(client: TestClient) -> None:
    r = client.post("/events/cancel", json={"event": "team meeting"})
    assert r.status_code == 400 and "'series': true" in r.json()["message"]
    r = client.post("/events/cancel", json={"event": "monday's team meeting"})
    assert r.status_code == 200 and r.json()["start"] == "2026-12-07T10:00:00-05:00"
    shown = [(i["start"][11:16], i.get("state")) for i in client.get("/schedule", params={"when": "december 7"}).json()["items"]]
    assert shown == [("10:00", "skipped")]
    assert [i.get("state") for i in client.get("/schedule", params={"when": "december 14"}).json()["items"]] == [None]


def test_every_kind_of_bad_input_to_move_cancel_and_skip_is_one_line_and_nothing_is_lost(
        home: Path, cli: Callable[..., Any], tmp_path: Path) -> None:
    def calendar_now() -> tuple[str, int]:
        """The whole calendar as an .ics export (stamps dropped) and how many audit lines there are."""
        out = tmp_path / "now.ics"
        r = run(cli, "calendar", "export", str(out))
        assert r.code == 0, r.err
        ics = "\n".join(line for line in out.read_text().splitlines() if not line.startswith("DTSTAMP"))
        import sqlite3

        from steward.paths import resolve_paths

        with sqlite3.connect(resolve_paths(str(home)).db_file) as db:
            return ics, db.execute("SELECT count(*) FROM audit_log").fetchone()[0]

    before = calendar_now()
    for args, code, said in (
            (("calendar", "move", "the opera", "friday at 5 pm"), 1, "no upcoming event fits 'the opera'"),
            (("calendar", "move", "the dentist", "whenever"), 1, "can't tell when 'whenever' is"),
            (("calendar", "move", "the dentist", "2026-11-30 at 9 am"), 1, "has already passed"),
            (("calendar", "move", "wednesday's physio", "friday at 9 am"), 1, "already has 'physio'"),
            (("calendar", "move", "team meeting", "tuesday at 11"), 1, "team meeting repeats"),
            (("calendar", "move", "team meeting", "3 pm", "--once", "--series"), 2, "not allowed with argument --once"),
            (("calendar", "move", "   ", "friday at 5 pm"), 1, ""),
            (("calendar", "move", "zq" * 3000, "friday at 5 pm"), 1, "too long to name an event"),
            (("calendar", "move", "the zq " * 40, "friday at 5 pm"), 1, "\u2026' (upcoming"),
            (("calendar", "move", "the dentist"), 2, ""),
            (("calendar", "cancel", "the opera"), 1, "no upcoming event fits 'the opera'"),
            (("calendar", "cancel", "team meeting"), 1, "team meeting repeats: --series"),
            (("calendar", "skip", "the dentist"), 1, "dentist checkup does not repeat"),
            (("calendar", "skip", "team meeting", "wednesday"), 1, ""),
            (("calendar", "skip", "team meeting", "2026-11-30"), 1, ""),
            (("calendar", "skip"), 2, "")):
        r = run(cli, *args)
        assert r.code == code and r.out == "", (args, r.code, r.out, r.err)
        assert len(r.err.strip().splitlines()) == 1 and said in r.err, (args, r.err)
    assert calendar_now() == before
    # a time skipped twice: the second is one line and changes nothing more
    assert run(cli, "calendar", "skip", "team meeting", "december 7").code == 0
    skipped = calendar_now()
    r = run(cli, "calendar", "skip", "team meeting", "december 7")
    assert r.code == 1 and len(r.err.strip().splitlines()) == 1, r.err
    assert calendar_now() == skipped
