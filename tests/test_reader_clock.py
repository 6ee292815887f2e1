"""The date and the time asked in anyone's words: answered from the person's clock, in their formats, by
the reader's clock answerer (a place's time from the offline zone tables); anything else is not its."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from steward.app import App
from steward.clock import Clock
from steward.reader.answerers.clock import clock_answerer
from steward.reader.timeasks import read_time_question

NOW = "2026-10-20T16:45:00+01:00"  # a Tuesday in London, summer time; New Zealand is already on its own


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App]) -> App:
    return app_in_own_home("Europe/London", NOW)


def ask(app: App, text: str) -> tuple[str | None, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return (trace.data or {}).get("answerer"), trace.reply


@pytest.mark.parametrize(("text", "reply"), [
    ("what's the time please?", "It's 16:45 on Tuesday, 20 October 2026."),
    ("got the time?", "It's 16:45 on Tuesday, 20 October 2026."),
    ("today's date?", "Today is Tuesday, 20 October 2026."),
    ("which day of the week is the 3rd of november?", "The 3rd of november is Tuesday, 3 November 2026."),
    ("is the 31st a saturday?", "Yes, it's a Saturday (Saturday, 31 October 2026)."),
    ("it's thursday today, isn't it?", "No, today is Tuesday (Tuesday, 20 October 2026)."),
    ("how many sleeps until halloween?", "Halloween is in 11 days, on Saturday, 31 October 2026."),
    ("how many weeks till christmas?", "Christmas is in 9 weeks and 3 days, on Friday, 25 December 2026."),
    ("how many days since the 1st of october?", "The 1st of october was 19 days ago, on Thursday, 1 October 2026."),
])
def test_the_date_and_the_time_are_answered_from_the_persons_clock(home: App, text: str, reply: str) -> None:
    answerer, said = ask(home, text)
    assert answerer == "clock" and said == reply, said


@pytest.mark.parametrize(("text", "reply"), [
    # a day of this year or this month, gone by or not: that one, never next year's
    ("which weekday was march the 3rd this year?", "March the 3rd was Tuesday, 3 March 2026."),
    ("what day is the 2nd this month", "The 2nd was Friday, 2 October 2026."),
    # a day of the month said without its "the"
    ("what weekday is twenty ninth?", "Twenty ninth is Thursday, 29 October 2026."),
    ("what day of the week is 28th", "28th is Wednesday, 28 October 2026."),
    ("what day does the 30th land on?", "The 30th is Friday, 30 October 2026."),
])
def test_a_day_of_this_year_or_month_or_said_bare_is_that_day(home: App, text: str, reply: str) -> None:
    answerer, said = ask(home, text)
    assert answerer == "clock" and said == reply, said


def test_the_time_in_a_place_is_its_own_clock_beside_yours(home: App) -> None:
    _, auckland = ask(home, "what's the time in Auckland right now?")
    assert auckland == "In Auckland it's 04:45 on Wednesday, 21 October 2026 (12 hours ahead of you).", auckland
    _, city = ask(home, "current time in Pune, India")
    assert city.startswith("In Pune, India it's 21:15 ") and "4 hours 30 minutes ahead" in city, city
    _, zone = ask(home, "what is the time in pacific time")
    assert zone.startswith("In Pacific Time it's 08:45 "), zone
    _, day_there = ask(home, "what day is it in Sydney?")  # already tomorrow there
    assert day_there == "In Sydney it's Wednesday, 21 October 2026, 02:45 (10 hours ahead of you).", day_there
    _, difference = ask(home, "is the time different in Reykjavik?")
    assert difference == "In Reykjavik it's 15:45 (1 hour behind you).", difference
    _, other_name = ask(home, "tell me the time in Bombay")  # a city by another of its names
    assert other_name.startswith("In Mumbai, India it's 21:15"), other_name
    _, smaller = ask(home, "the time in Perth, Scotland please")  # the one in the country said, not the largest
    assert smaller.startswith("In Perth, Britain (UK) it's 16:45") and "same time as you" in smaller, smaller


@pytest.mark.parametrize(("text", "reply"), [
    ("what time is it in texas?", "Texas has more than one time zone: ask for a city there."),
    ("what time is it in Qwzxv?", "I don't know a place called \u2018Qwzxv\u2019: ask for a city, a country or a "
                                  "time zone."),
])
def test_a_place_with_no_one_clock_is_said_plainly_never_guessed(home: App, text: str, reply: str) -> None:
    answerer, said = ask(home, text)
    assert answerer == "clock" and said == reply, said


@pytest.mark.parametrize("text", ["what time is the pottery class?", "what time can I check in?",
                                  "what's on this friday?", "what day is my dentist appointment?",
                                  # a thing lands at a time; only a day "lands on" a weekday
                                  "what time does it land?", "what time do we land"])
def test_a_question_about_something_with_a_time_is_not_the_clocks(home: App, text: str) -> None:
    answerer, said = ask(home, text)
    assert answerer != "clock", said


def test_the_answer_is_in_the_persons_own_formats() -> None:
    clock = Clock(ZoneInfo("America/Chicago"), datetime(2026, 10, 20, 21, 5, tzinfo=ZoneInfo("UTC")), locale="en_US")
    frame = read_time_question("what's the time?", clock)
    assert frame is not None
    got = clock_answerer().answer(frame, clock)
    assert got is not None and got.reply == "It's 4:05\u202fPM on Tuesday, October 20, 2026.", got


def test_the_clock_is_a_tool_too(home: App) -> None:
    from steward.assistant.answerer_tools import answerer_tools, answerers_on

    tool = next(t for t in answerer_tools(answerers_on(home.settings.as_bool)) if t.name == "ask_clock")
    got = tool.fn(home.tool_context(), question="how many days until halloween?")
    assert got["answer"].startswith("Halloween is in 11 days"), got
