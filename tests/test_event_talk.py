"""Events by talking: `steward chat` adds, moves, resizes and cancels calendar events without a model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

NOW = "2026-12-01T10:00:00-05:00"  # Tuesday, New York
ZONE = "America/New_York"


@pytest.fixture
def say(cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict]:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)

    def run(text: str, now: str = NOW) -> dict:
        r = cli("--now", now, "--json", "chat", "--session", "s1", text)
        assert r.code == 0, r.err
        return r.json()

    return run


def events(cli: Callable[..., Any], day: str) -> list[tuple[str, str, str]]:
    listed = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", day).json()
    return [(i["title"], i["start"][11:16], i["end"][11:16]) for i in listed["items"]
            if i["kind"] == "event" and i.get("state") != "skipped"]


def test_add_with_a_place_and_a_length_then_move_it_by_its_words(say, cli) -> None:
    added = say("add lunch with Priya on saturday at 1 at Cafe Rio for 90 minutes")
    assert added["handled_by"] == "event_changes" and added["writes"][0]["fields"]["location"] == "Cafe Rio"
    assert events(cli, "2026-12-05") == [("lunch with Priya", "13:00", "14:30")]
    moved = say("move lunch with Priya to sunday")
    assert moved["writes"] and events(cli, "2026-12-06") == [("lunch with Priya", "13:00", "14:30")]
    assert events(cli, "2026-12-05") == []
    assert say("push it an hour later")["writes"]
    assert events(cli, "2026-12-06") == [("lunch with Priya", "14:00", "15:30")]
    [audit] = entries(build_app(load(None), make_clock(ZONE, NOW), resolve_paths()).db, "event.move")[:1]
    assert audit["provenance"]["via"] == "turn"


def test_cancel_tomorrows_physio_leaves_the_other_days_one(say, cli) -> None:
    say("add physio tomorrow at 9")
    say("add physio on friday at 9")
    gone = say("cancel tomorrow's physio")
    assert gone["reply"].startswith("Cancelled: physio") and gone["continuation"] is None
    assert events(cli, "2026-12-02") == [] and events(cli, "2026-12-04") == [("physio", "09:00", "10:00")]


def test_two_close_matches_ask_which_and_the_answer_picks(say, cli) -> None:
    say("add dentist checkup on thursday at 11")
    say("add dentist cleaning on friday at 2 pm")
    asked = say("move the dentist appointment to 4 pm")
    assert asked["writes"] == [] and asked["continuation"]["owner"] == "event_changes"
    done = say("the second one")
    assert done["writes"] and events(cli, "2026-12-04") == [("dentist cleaning", "16:00", "17:00")]
    assert events(cli, "2026-12-03") == [("dentist checkup", "11:00", "12:00")]


def test_a_busy_time_is_said_and_asked_about(say, cli) -> None:
    say("add team sync on thursday at 3 pm")
    asked = say("add coffee with Dana on thursday at 3:30 pm")
    assert asked["writes"] == [] and "team sync" in asked["reply"] and asked["continuation"]
    assert say("no")["writes"] == []
    assert events(cli, "2026-12-03") == [("team sync", "15:00", "16:00")]
    say("add coffee with Dana on thursday at 3:30 pm")
    assert say("yes")["writes"]
    assert [t for t, _, _ in events(cli, "2026-12-03")] == ["team sync", "coffee with Dana"]


def test_a_new_length_keeps_the_start(say, cli) -> None:
    say("add standup tomorrow at 9:30")
    assert say("make the standup 15 minutes")["writes"]
    assert events(cli, "2026-12-02") == [("standup", "09:30", "09:45")]


def test_a_past_moment_is_refused_and_nothing_is_written(say, cli) -> None:
    say("add review tomorrow at 9")
    said = say("move the review to yesterday")
    assert said["writes"] == [] and events(cli, "2026-12-02") == [("review", "09:00", "10:00")]


def test_a_reminder_request_is_left_to_the_reminders(say) -> None:
    say("add physio tomorrow at 9")
    assert say("remind me tomorrow at 8 to pack for physio")["handled_by"] == "reminder_creation"


def test_am_i_free_at_a_time_names_what_is_under_way_or_says_free(say) -> None:
    say("add team sync on thursday at 3:30 pm")
    busy = say("am I free at 4 on thursday")
    assert busy["reply"].startswith("No:") and "team sync (until 16:30)" in busy["reply"]
    assert say("is thursday at 4 free?")["reply"].startswith("No:")
    assert say("am I free at 6 pm on thursday?")["reply"].startswith("Yes, you're free")


def test_skip_one_monday_of_a_repeating_event_and_the_others_stay(say, cli) -> None:
    say("add yoga every monday at 7 am")
    skipped = say("skip yoga next monday")
    assert skipped["writes"][0]["kind"] == "event.skip" and skipped["continuation"] is None
    assert "Skipped: yoga on Mon, 7 Dec 2026 at 07:00" in skipped["reply"]
    assert events(cli, "2026-12-07") == [] and events(cli, "2026-12-14") == [("yoga", "07:00", "08:00")]


def test_a_series_moved_from_now_on_asks_once_and_keeps_its_length(say, cli) -> None:
    say("add team review every friday at 3 pm for 30 minutes")
    asked = say("move the team review to thursdays from now on")
    assert asked["writes"] == [] and "every Thursday at 15:00" in asked["reply"]
    done = say("yes")
    assert done["writes"][0]["kind"] == "event.series"
    assert events(cli, "2026-12-10") == [("team review", "15:00", "15:30")] and events(cli, "2026-12-11") == []


def test_stop_a_series_after_december(say, cli) -> None:
    say("add choir every wednesday at 7 pm")
    assert "Stop it after Thu, 31 Dec 2026" in say("stop choir after december")["reply"]
    assert say("yes")["writes"]
    assert events(cli, "2026-12-30") == [("choir", "19:00", "20:00")] and events(cli, "2027-01-06") == []


def test_it_after_a_read_is_the_one_event_the_answer_named(say, cli) -> None:
    say("add dentist checkup on thursday at 11 at Smile Dental")
    say("add physio on friday at 9")
    say("add haircut on friday at 5 pm")
    assert say("what's on thursday?")["handled_by"] == "reader"
    moved = say("move it to 2 pm")
    assert moved["writes"] and events(cli, "2026-12-03") == [("dentist checkup", "14:00", "15:00")]
    say("what do I have on friday?")
    asked = say("cancel it")
    assert asked["writes"] == [] and "physio" in asked["reply"] and "haircut" in asked["reply"]


def test_the_event_is_found_by_its_kind(say, cli) -> None:
    say("add checkup with Dr Shah on december 15 at 10 am")
    moved = say("move my doctor's appointment to 11")
    assert moved["writes"] and events(cli, "2026-12-15") == [("checkup with Dr Shah", "11:00", "12:00")]


def test_an_event_changed_in_another_app_after_the_question_is_not_overwritten(say, cli) -> None:
    app = build_app(load(None), make_clock(ZONE, NOW), resolve_paths())
    try:
        made = app.calendar.create_repeating_event("standup", "every weekday at 9", provenance={"via": "cli"})
    finally:
        app.close()
    asked = say("move the standup to 9:30 from now on")
    assert asked["continuation"] is not None
    app = build_app(load(None), make_clock(ZONE, NOW), resolve_paths())
    try:  # meanwhile the event moves (as another calendar app would move it)
        app.calendar.change_series(made.id, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
                                   datetime(2026, 12, 2, 10, tzinfo=app.clock.zone), provenance={"via": "cli"})
    finally:
        app.close()
    done = say("yes")
    assert done["writes"] == [] and "changed in another calendar app" in done["reply"]
    assert events(cli, "2026-12-02") == [("standup", "10:00", "11:00")]


def test_a_series_moved_to_a_time_already_past_today_says_todays_stays_and_keeps_it(say, cli) -> None:
    say("add standup every weekday at 11 am")
    asked = say("move the standup to 9:30 from now on")  # said at 10:00: 9:30 today has passed
    assert asked["writes"] == [] and "11:00 on Tue 1 Dec stays" in asked["reply"], asked["reply"]
    assert say("yes")["writes"]
    assert events(cli, "2026-12-01") == [("standup", "11:00", "12:00")]
    assert events(cli, "2026-12-02") == [("standup", "09:30", "10:30")]


def test_a_thing_whose_name_opens_with_an_add_verb_is_never_booked(say, cli) -> None:
    # "book club thursday" says when the book club is; it asks to add nothing (no event called "club")
    said = say("book club thursday")
    assert not said["writes"] and said["handled_by"] != "event_changes", said
    assert events(cli, "2026-12-03") == []
    assert say("book the plumber thursday at 10")["writes"]  # "book" opening a request still books


@pytest.mark.parametrize(("text", "day", "at"), [
    # a table, a dinner or drinks at a bare hour is that evening; a breakfast that morning
    ("book a table at Ferro friday at 7", "2026-12-04", "19:00"),
    ("add dinner with Lena on thursday at 8:30", "2026-12-03", "20:30"),
    ("add breakfast with Tom on saturday at 6", "2026-12-05", "06:00"),
    # said with am/pm or on a 24-hour clock, the hour is as said; a thing of no part of the day keeps its reading
    ("book a table at Ferro friday at 11am", "2026-12-04", "11:00"),
    ("add dinner with Lena on thursday at 18:45", "2026-12-03", "18:45"),
    ("add pilates on friday at 7", "2026-12-04", "07:00"),
])
def test_a_bare_hour_is_read_in_the_part_of_the_day_its_thing_is_in(say, cli, text: str, day: str, at: str) -> None:
    assert say(text)["writes"]
    assert [e[1] for e in events(cli, day)] == [at]
