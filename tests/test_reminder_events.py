"""A reminder said from another event ("30 minutes before my meeting with Dana"): due the lead away
from the event on the calendar; asked when the calendar has no such event. Through `steward chat`
on a real home (SQLite, the local calendar)."""

from __future__ import annotations

import pytest

from steward.calendar.reminders.events import best_event, name_words

NOW = "2026-09-14T09:00:00+05:30"  # Monday


@pytest.fixture
def steward(cli):
    def run(*args: str) -> object:
        out = cli("--now", NOW, *args)
        assert out.code == 0, out.err
        return out

    return run


def say(steward, text: str) -> dict:
    return steward("chat", "--json", "--session", "ev", text).json()


def test_a_lead_before_an_event_on_the_calendar(steward) -> None:
    steward("calendar", "add", "wednesday 3 pm", "Budget review with Dana")
    trace = say(steward, "remind me 30 minutes before my meeting with dana")
    [write] = trace["writes"]
    assert write["fields"]["due"] == "2026-09-16T14:30:00+05:30"
    assert write["fields"]["text"] == "meeting with dana"
    assert trace["data"]["from_event"]["title"] == "Budget review with Dana"


def test_a_day_said_with_the_event_narrows_the_search(steward) -> None:
    steward("calendar", "add", "tuesday 10 am", "Team meeting")
    steward("calendar", "add", "friday 11 am", "Team meeting")
    trace = say(steward, "twenty four hours before my friday meeting remind me to print the slides")
    [write] = trace["writes"]
    assert (write["fields"]["text"], write["fields"]["due"]) == ("print the slides", "2026-09-17T11:00:00+05:30")


def test_the_day_before_an_event_and_after_one(steward) -> None:
    steward("calendar", "add", "thursday 9 am", "Chemistry exam")
    trace = say(steward, "remind me the day before my exam")
    assert trace["writes"][0]["fields"]["due"] == "2026-09-16T09:00:00+05:30"
    trace = say(steward, "remind me to stretch 10 minutes after the exam")
    assert (trace["writes"][0]["fields"]["text"], trace["writes"][0]["fields"]["due"]) == \
        ("stretch", "2026-09-17T09:10:00+05:30")


def test_an_event_the_calendar_does_not_have_is_asked_for(steward) -> None:
    asked = say(steward, "remind me an hour before my dentist appointment")
    assert asked["writes"] == []
    assert asked["reply"] == "When is your dentist appointment?"
    done = say(steward, "thursday at 4 pm")
    assert done["handled_by"] == "continuation"
    assert (done["writes"][0]["fields"]["text"], done["writes"][0]["fields"]["due"]) == \
        ("dentist appointment", "2026-09-17T15:00:00+05:30")


def test_a_time_said_for_the_event_needs_no_calendar(steward) -> None:
    trace = say(steward, "remind me 30 minutes before the call with Priya tomorrow at 11 am")
    assert trace["writes"][0]["fields"]["due"] == "2026-09-15T10:30:00+05:30"


def test_the_words_that_name_an_event() -> None:
    assert name_words("my friday meeting with Dana") == ["meeting", "dana"]
    assert name_words("the parents' evening") == ["parents", "evening"]


def test_the_best_event_shares_the_most_words_then_comes_soonest() -> None:
    from datetime import UTC, datetime, timedelta

    from steward.records.calendar import Event

    t0 = datetime(2026, 9, 14, 9, tzinfo=UTC)

    def ev(title: str, hours: int) -> Event:
        return Event(title, title, t0 + timedelta(hours=hours), t0 + timedelta(hours=hours + 1), "local")

    events = [ev("Lunch with Sam", 2), ev("Meeting with Dana", 30), ev("Team meeting", 5), ev("Old meeting", -3)]
    assert best_event(["meeting", "dana"], events, t0).title == "Meeting with Dana"
    assert best_event(["meeting"], events, t0).title == "Team meeting"
    assert best_event(["dentist"], events, t0) is None
