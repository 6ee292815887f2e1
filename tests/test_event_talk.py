"""Events by talking: `steward chat` adds, moves, resizes and cancels calendar events without a model."""

from __future__ import annotations

from collections.abc import Callable
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
    return [(i["title"], i["start"][11:16], i["end"][11:16]) for i in listed["items"] if i["kind"] == "event"]


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
