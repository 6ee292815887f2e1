"""Times as people say them in a reminder (a dot, "half six", "quarter to", "-ish"), alarms and wake-ups,
and a time put right just after a reminder was set ("nah, 7 then", "push it an hour")."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from steward.calendar.reminders.dates import reminder_dates, subject_of
from steward.clock import make_clock
from steward.vocab import load_vocab

V = load_vocab()
# a Monday afternoon in Dublin
CLOCK = make_clock("Europe/Dublin", datetime.fromisoformat("2026-09-14T15:20:00+01:00"))


def reminder(text: str) -> tuple[str, str | None]:
    found = reminder_dates(text, CLOCK, V)
    return subject_of(text, V, found).subject, found.when.start.isoformat() if found.when else None


@pytest.mark.parametrize("text,subject,due", [
    # a dotted time a word of time introduces is a clock time
    ("set a reminder for 7.40 to ring the garage", "ring the garage", "2026-09-14T19:40:00+01:00"),
    ("remind me to put the bins out by 9.05 tomorrow", "put the bins out", "2026-09-15T09:05:00+01:00"),
    ("remind me at 8.10pm to feed the fish", "feed the fish", "2026-09-14T20:10:00+01:00"),
    # said the spoken way
    ("remind me to ring grandad at half seven", "ring grandad", "2026-09-14T19:30:00+01:00"),
    ("remind me at quarter to 9 tonight to lock the shed", "lock the shed", "2026-09-14T20:45:00+01:00"),
    ("remind me around 5ish to take the washing in", "take the washing in", "2026-09-14T17:00:00+01:00"),
])
def test_times_said_the_ways_people_say_them(text: str, subject: str, due: str) -> None:
    assert reminder(text) == (subject, due)


def test_a_dotted_number_with_no_word_of_time_stays_in_the_text() -> None:
    # "top up 7.40" may be an amount: the day alone is the time, the figure stays what it is for
    assert reminder("remind me to top up 7.40 on the travel card tomorrow") == (
        "top up 7.40 on the travel card", "2026-09-15T00:00:00+01:00")


@pytest.mark.parametrize("text,due", [
    ("set an alarm for 5.50 tomorrow", "2026-09-15T05:50:00+01:00"),
    ("wake me up at half five", "2026-09-15T05:30:00+01:00"),      # the morning: today's has gone
    ("wake me at 6.40 on thursday", "2026-09-17T06:40:00+01:00"),
    ("set my alarm for 7", "2026-09-15T07:00:00+01:00"),
    ("alarm at quarter past 6 please", "2026-09-15T06:15:00+01:00"),
    # the half of the day said, or a 24-hour time, stands
    ("set an alarm for 7 pm", "2026-09-14T19:00:00+01:00"),
    ("set an alarm for 19.15", "2026-09-14T19:15:00+01:00"),
    ("wake me at 4 this afternoon", "2026-09-14T16:00:00+01:00"),
    # a time counted from now is that time, whatever the hour
    ("set an alarm for 25 minutes from now", "2026-09-14T15:45:00+01:00"),
    ("alarm for in two hours", "2026-09-14T17:20:00+01:00"),
])
def test_an_alarm_or_a_wake_up_is_in_the_morning_unless_said_otherwise(text: str, due: str) -> None:
    found = reminder_dates(text, CLOCK, V)
    assert found.alarm and found.when is not None and found.when.start.isoformat() == due


def test_an_alarm_for_something_keeps_what_it_is_for() -> None:
    assert reminder("set an alarm for 6 tomorrow to catch the early bus") == (
        "catch the early bus", "2026-09-15T06:00:00+01:00")
    # a reminder about an alarm is no alarm: its hour is read as any reminder's
    found = reminder_dates("remind me at 6 to test the smoke alarm", CLOCK, V)
    assert not found.alarm and found.when is not None and found.when.start.hour == 18


NOW = "2026-09-14T15:20:00+01:00"
ZONE = "Europe/Dublin"


@pytest.fixture
def say(cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict]:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)

    def run(text: str, session: str = "s1") -> dict:
        r = cli("--now", NOW, "--json", "chat", "--session", session, text)
        assert r.code == 0, r.err
        return r.json()

    return run


def test_an_alarm_with_nothing_else_is_set_as_an_alarm(say) -> None:
    set_ = say("set an alarm for 6.15 tomorrow")
    assert set_["writes"] and set_["writes"][0]["fields"]["text"] == "Alarm"
    assert set_["writes"][0]["fields"]["due"] == "2026-09-15T06:15:00+01:00"
    # the words that only ask for it say nothing of what it is for
    assert say("i'd like to make an alarm for 5 am", session="s3")["writes"][0]["fields"]["text"] == "Alarm"
    woken = say("wake me at half six on friday", session="s2")
    assert woken["writes"][0]["fields"]["text"] == "Wake up"
    assert woken["writes"][0]["fields"]["due"] == "2026-09-18T06:30:00+01:00"


@pytest.mark.parametrize("correction,due", [
    ("nah, 11 then", "2026-09-15T11:00:00+01:00"),
    ("sorry I meant half 10", "2026-09-15T10:30:00+01:00"),
    ("9.45 instead", "2026-09-15T09:45:00+01:00"),
    ("oops, 8 not 9", "2026-09-15T08:00:00+01:00"),
    ("actually thursday", "2026-09-17T09:00:00+01:00"),
    ("push it an hour", "2026-09-15T10:00:00+01:00"),
    ("delay that 15 minutes", "2026-09-15T09:15:00+01:00"),
    ("on second thought make it 10", "2026-09-15T10:00:00+01:00"),
])
def test_a_time_put_right_just_after_a_reminder_moves_that_reminder(say, correction: str, due: str) -> None:
    assert say("remind me to water the ferns tomorrow at 9")["writes"]
    moved = say(correction)
    assert moved["handled_by"] == "reminder_management", moved["reply"]
    assert [(w["fields"]["text"], w["fields"]["due"]) for w in moved["writes"]] == [("water the ferns", due)]


def test_a_time_alone_after_anything_but_a_write_moves_nothing(say) -> None:
    assert say("remind me to water the ferns tomorrow at 9")["writes"]
    assert not say("what's on tomorrow?")["writes"]
    later = say("nah, 11 then")
    assert later["writes"] == [] and later["handled_by"] != "reminder_management"
