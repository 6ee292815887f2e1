"""Events by talking in the ways people type and say one-off requests: short words, a polite tail, a
past day, a day said without its month, "same time", a weekday counted in its month."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from steward import dates
from steward.calendar.event_talk import load_event_words, parse_add, passed_lately
from steward.clock import make_clock
from steward.vocab import load_vocab

NOW = "2026-12-01T10:00:00-05:00"  # Tuesday, New York
ZONE = "America/New_York"
CLOCK = make_clock(ZONE, datetime.fromisoformat(NOW))


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


def _add(text: str) -> tuple[str, str] | None:
    found = parse_add(text, load_event_words(), load_vocab(), CLOCK)
    return (found.title, found.when) if found is not None else None


@pytest.mark.parametrize(("text", "title"), [
    ("pls add bike service thurs 10am thx", "bike service"),
    ("add coffee w/ Noor tmrw at 4 please 🙂", "coffee with Noor"),
    ("can you add the gas meter reading on friday at 8 pls 🙏", "gas meter reading"),
    ("new appointment: eye check, friday 4/12, 15:00-15:30", "eye check"),
    ("stick the choir concert in on saturday 12 december, 6 till 8", "choir concert"),
    ("pop a mtg with Lars in for monday at 9", "meeting with Lars"),
])
def test_typed_short_words_and_a_polite_tail_stay_out_of_the_title(text: str, title: str) -> None:
    found = _add(text)
    assert found is not None and found[0] == title


def test_a_holiday_named_in_a_title_is_no_day_when_another_day_is_said() -> None:
    found = _add("add the hanukkah party at the Levins on 17 dec at 7pm")
    assert found is not None and found[0].startswith("hanukkah party") and "17 dec" not in found[0]


def test_a_day_that_passed_lately_is_not_read_as_next_years() -> None:
    assert passed_lately("on 20 nov at 8pm", CLOCK) is not None
    assert passed_lately("on 20 nov 2027 at 8pm", CLOCK) is None
    assert passed_lately("on 3 feb at 9", CLOCK) is None      # last February is long gone: next one's
    assert passed_lately("on 14 dec at 9", CLOCK) is None


def test_adding_on_a_day_just_past_writes_nothing(say, cli) -> None:
    said = say("add the book swap on 27 nov at 6pm")
    assert said["writes"] == [] and "has passed" in said["reply"] and len(said["reply"].splitlines()) == 1
    assert events(cli, "2027-11-27") == []


def test_shorthand_add_lands_on_the_day_and_time(say, cli) -> None:
    added = say("plz add piano recital 2moro 5pm")
    assert added["writes"] and events(cli, "2026-12-02") == [("piano recital", "17:00", "18:00")]


def test_a_day_said_without_its_month_is_in_the_month_of_the_event(say, cli) -> None:
    say("add the quiz night on 9 january at 8pm")
    moved = say("move the quiz night in january to the 7th")
    assert moved["writes"] and events(cli, "2027-01-07") == [("quiz night", "20:00", "21:00")]


def test_same_time_keeps_the_time_of_the_event(say, cli) -> None:
    say("add the plumber visit on thursday at 11")
    moved = say("plumber visit -> friday same time")
    assert moved["writes"] and events(cli, "2026-12-04") == [("plumber visit", "11:00", "12:00")]


@pytest.mark.parametrize(("text", "rule"), [
    ("every month on the last thursday at 7:30 pm", "FREQ=MONTHLY;BYDAY=-1TH"),
    ("monthly on the second tuesday", "FREQ=MONTHLY;BYDAY=+2TU"),
    ("every month on the last day at 9", "FREQ=MONTHLY;BYMONTHDAY=-1"),
])
def test_a_weekday_counted_in_its_month_is_that_weekday(text: str, rule: str) -> None:
    found = dates.find_recurrence(text, CLOCK)
    assert found is not None and found.rule == rule


def _change(text: str) -> Any:
    from steward.calendar.event_talk import parse_change
    from steward.calendar.reminders.requests import load_manage_words

    return parse_change(text, load_event_words(), load_manage_words(), load_vocab(), CLOCK)


@pytest.mark.parametrize(("text", "action", "target"), [
    ("the boiler service is at 2 now instead", "move", ("boiler", "service")),
    ("my train's been pushed back to 7:40, update it", "move", ("train",)),
    ("the optician phoned, the eye check is now at noon same day", "move", ("eye", "check")),
    ("the piano recital runs till 9", "resize", ("piano", "recital")),
    ("the budget review will only be 30 minutes", "resize", ("budget", "review")),
    ("the plumber visit is off", "cancel", ("plumber", "visit")),
    ("we've stopped going to the quiz night, remove it", "cancel", ("quiz", "night")),
    ("i no longer need the boiler service, take it off the calendar", "cancel", ("boiler", "service")),
    ("delete the ferry to Hull, the trip is off", "cancel", ("ferry", "hull")),
    ("cancel the christmas fair with the Okafors", "cancel", ("fair", "okafors", "christmas")),
    ("the physio 30 minutes later please", "move", ("physio",)),
])
def test_news_of_an_event_says_the_change(text: str, action: str, target: tuple[str, ...]) -> None:
    found = _change(text)
    assert found is not None and found.action == action and set(found.target) == set(target)


def test_a_day_said_in_news_of_a_repeating_event_is_one_time() -> None:
    off = _change("choir on the 10th won't happen, the hall is booked")
    assert off is not None and off.action == "cancel" and off.occurrence and off.filters
    moved = _change("can the choir on monday be at 8 instead")
    assert moved is not None and moved.action == "move" and moved.filters
    once = _change("the choir on the 10th will have to be at 6 this time")
    assert once is not None and once.occurrence


@pytest.mark.parametrize("text", [
    "pause the choir for 2 wks",
    "no choir for the rest of december",
])
def test_several_times_paused_in_shorthand_or_by_a_month(text: str) -> None:
    found = _change(text)
    assert found is not None and found.several is not None


def test_news_that_moves_and_ends_an_event_is_written(say, cli) -> None:
    say("add the piano recital on thursday at 6pm")
    assert say("the piano recital runs till 8")["writes"]
    assert events(cli, "2026-12-03") == [("piano recital", "18:00", "20:00")]
    assert say("the piano recital is at 7 now instead")["writes"]
    assert events(cli, "2026-12-03") == [("piano recital", "19:00", "21:00")]  # its new length kept


def test_delete_it_after_news_of_an_event_cancels_that_event_not_a_reminder(say, cli) -> None:
    say("add the quiz night on friday at 8pm")
    gone = say("we're not doing the quiz night any more, delete it")
    assert gone["handled_by"] == "event_changes" and gone["writes"][0]["kind"] == "event.cancel"
    assert events(cli, "2026-12-04") == []


def test_the_later_one_and_a_day_of_the_month_answer_which_one(say, cli) -> None:
    say("add tea with Rosa on thursday at 4pm")
    say("add tea with Rosa on saturday at 11am")
    assert say("cancel tea with Rosa")["continuation"]["owner"] == "event_changes"
    assert say("the later one")["writes"][0]["kind"] == "event.cancel"
    assert events(cli, "2026-12-05") == [] and events(cli, "2026-12-03") == [("tea with Rosa", "16:00", "17:00")]
    say("add tea with Rosa on monday at 4pm")
    assert say("move tea with Rosa to 5pm")["continuation"] is not None
    assert say("the one on the 7th")["writes"]
    assert events(cli, "2026-12-07") == [("tea with Rosa", "17:00", "18:00")]


def test_a_time_put_right_after_a_move_moves_it_again_on_its_day(say, cli) -> None:
    say("add the boiler service on friday at 8am")
    say("move the boiler service to 9am")
    fixed = say("sorry, 11 not 9")
    assert fixed["writes"] and events(cli, "2026-12-04") == [("boiler service", "11:00", "12:00")]


def test_push_by_a_length_alone_is_later(say, cli) -> None:
    say("add the boiler service on friday at 8am")
    assert say("push the boiler service 30 mins")["writes"]
    assert events(cli, "2026-12-04") == [("boiler service", "08:30", "09:30")]


def test_it_after_a_days_schedule_is_that_time_of_a_repeating_event(say, cli) -> None:
    say("add choir every wednesday at 7pm")
    say("what's on wednesday?")
    moved = say("move it to 8pm")
    assert moved["writes"] and moved["writes"][0]["kind"] in ("event.override", "event.skip")
    assert events(cli, "2026-12-02") == [("choir", "20:00", "21:00")]
    assert events(cli, "2026-12-09") == [("choir", "19:00", "20:00")]


@pytest.mark.parametrize(("word", "verb"), [("resheduel", "reschedule"), ("cancle", "cancel"), ("postpnoe", "postpone"),
                                            ("chance", None), ("extended", None), ("shorter", None), ("recital", None)])
def test_a_verb_typed_a_letter_or_two_off_is_that_verb_and_other_words_are_not(word: str, verb: str | None) -> None:
    from steward.calendar.event_talk import misspelt_verb

    assert misspelt_verb(word, load_event_words()) == verb


def test_a_mistyped_verb_still_moves_the_event(say, cli) -> None:
    say("add the boiler service on friday at 8am")
    assert say("resheduel the boiler service to 10am")["writes"]
    assert events(cli, "2026-12-04") == [("boiler service", "10:00", "11:00")]


def test_days_away_said_in_one_clause_skip_the_event_named_in_the_other() -> None:
    found = _change("we're at my sister's 14-18 dec, so no choir that week")
    assert found is not None and found.target == ("choir",) and found.several is not None
    assert (found.several.first, found.several.last) == (datetime(2026, 12, 14).date(), datetime(2026, 12, 18).date())


def test_a_weekday_named_time_moved_this_week_is_that_time() -> None:
    found = _change("thursday's choir is at 6 this week, the hall is booked late")
    assert found is not None and found.action == "move" and found.occurrence and found.filters


def test_and_the_one_after_that_skips_the_next_time_too(say, cli) -> None:
    say("add choir every wednesday at 7pm")
    assert say("skip choir on the 9th")["writes"]
    more = say("and the one after that too")
    assert more["writes"] and more["writes"][0]["kind"] == "event.skip"
    assert events(cli, "2026-12-09") == [] and events(cli, "2026-12-16") == []
    assert events(cli, "2026-12-23") == [("choir", "19:00", "20:00")]
    assert _change("the next one") is None  # alone, it may answer a question of which one
