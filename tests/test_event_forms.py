"""Changes to repeating events said in people's own shapes: a statement of the new time, a day from which
it holds, one time only, one time that will not happen, an end said as news; and what is not proved asks."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from steward.app import App, build_app
from steward.calendar.event_talk import load_event_words, parse_change
from steward.calendar.reminders.requests import load_manage_words
from steward.calendar.reminders.targets import word_score
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.vocab import load_vocab

NY = ZoneInfo("America/New_York")
NOW = "2027-03-02T08:00:00-05:00"  # a Tuesday; the clocks go forward on Sunday 14 March
CLOCK = make_clock("America/New_York", NOW)


def read(text: str):  # noqa: ANN201 (an EventChange or None)
    return parse_change(text, load_event_words(), load_manage_words(), load_vocab(), CLOCK)


@pytest.mark.parametrize(("text", "action", "since", "series"), [
    ("the choir is moving to 8 pm from the 9th", "move", date(2027, 3, 9), True),
    ("swimming will be on fridays going forward", "move", None, True),
    ("starting next week the choir is at 7:30", "move", date(2027, 3, 8), True),
    ("as of monday every run at 6 am", "move", date(2027, 3, 8), True),
    ("push the choir to 8 pm permanently", "move", None, True),
])
def test_a_new_time_said_for_every_time_to_come(text: str, action: str, since: date | None, series: bool) -> None:
    change = read(text)
    assert change is not None and change.action == action
    assert (change.since, change.series) == (since, series)


def test_one_time_only_and_one_time_that_will_not_happen() -> None:
    once = read("just this once, push the choir to 9 pm")
    assert once is not None and once.action == "move" and once.occurrence and not once.series
    for text in ("no choir on thursday", "there's no swimming tomorrow, so take it off",
                 "I can't make the run on the 11th"):
        skipped = read(text)
        assert skipped is not None and skipped.action == "cancel" and skipped.occurrence, text
        assert skipped.filters, text  # the day said names the time skipped
    assert read("no problem at all") is None  # no day said: nothing to skip


def test_an_end_said_as_news_and_a_stop_with_no_day() -> None:
    ends = read("the choir ends on march 25")
    assert ends is not None and (ends.action, ends.last_day) == ("end", date(2027, 3, 25))
    last = read("the last swimming lesson will be on the 19th")
    assert last is not None and (last.action, last.last_day) == ("end", date(2027, 3, 19))
    stop = read("quit the choir")
    assert stop is not None and (stop.action, stop.series) == ("cancel", True)
    assert read("the choir is on friday") is None  # news of a time, not a change asked for


def test_several_times_skipped_at_once_are_read_as_which_times() -> None:
    nxt = read("skip the next three choir rehearsals")
    assert nxt is not None and nxt.several is not None and nxt.several.count == 3 and nxt.target == ("choir", "rehearsals")
    weeks = read("no choir for the next two weeks")
    assert weeks is not None and weeks.several is not None
    assert (weeks.several.first, weeks.several.last) == (date(2027, 3, 2), date(2027, 3, 15))
    until = read("pause the run until april")
    assert until is not None and until.several is not None and until.several.last == date(2027, 3, 31)
    listed = read("skip choir on the 9th and the 16th")
    assert listed is not None and listed.several is not None
    assert listed.several.days == (date(2027, 3, 9), date(2027, 3, 16))
    one = read("skip the next choir rehearsal")
    assert one is not None and one.several is None  # "the next" alone is one time


def test_a_new_length_an_end_and_the_rest_said_in_other_shapes() -> None:
    length = read("every choir rehearsal will be 50 minutes from now on")
    assert length is not None and (length.action, length.minutes, length.series) == ("resize", 50, True)
    over = read("stop the run once march is over")
    assert over is not None and (over.action, over.last_day) == ("end", date(2027, 3, 31))
    rest = read("scrap the rest of the choir rehearsals")
    assert rest is not None and rest.action == "cancel" and rest.series and "rest" not in rest.target
    assert read("cancel my choir subscription") is None  # a thing that is no event
    assert read("the run is off on friday") is not None


def test_the_event_named_first_and_days_said_without_a_verb() -> None:
    topic = read("the choir: stop after april")
    assert topic is not None and (topic.action, topic.target, topic.last_day) == ("end", ("choir",), date(2027, 4, 30))
    days = read("i want the run on tuesdays and fridays going forward")
    assert days is not None and (days.action, days.target, days.series) == ("move", ("run",), True)
    assert days.when == "tuesdays and fridays"
    quit_ = read("let's call it a day with the choir after easter")
    assert quit_ is not None and quit_.action == "end"


def test_an_answer_picks_every_time_or_just_that_one() -> None:
    from steward.reader.answerers.event_changes import every_or_once

    assert [every_or_once(t) for t in ("only that one", "just the once", "every week please", "all of them",
                                       "yes", "just every one")] == ["once", "once", "every", "every", None, None]


def test_a_typing_slip_in_an_event_name_still_names_it() -> None:
    # a slip names it, a little less surely than the word itself ("tabla" is the tabla class, not a table)
    assert 0.5 < word_score(["swimmnig"], "swimming lesson") < word_score(["swimming"], "swimming lesson") == 1.0
    assert word_score(["tabla"], "tabla class") > word_score(["tabla"], "Table at Nonna's") > 0
    assert word_score(["choir"], "chair delivery") == 0.0  # short words: no slip allowed


@pytest.fixture
def app() -> App:
    paths = resolve_paths()
    made = build_app(load(paths.config_file), make_clock("America/New_York", NOW), paths)
    yield made
    made.close()


def _starts(app: App, title: str) -> list[str]:
    begin, end = datetime(2027, 3, 2, tzinfo=NY), datetime(2027, 3, 31, tzinfo=NY)
    return sorted(e.start.astimezone(NY).isoformat()[:16] for e in app.calendar.backend().between(begin, end)
                  if e.title == "choir")


def test_a_series_changed_from_a_day_on_keeps_its_times_before_that_day(app: App) -> None:
    app.calendar.create_repeating_event("choir", "every thursday at 7 pm", provenance={"via": "cli"})
    asked = app.engine.turn("from the 18th the choir is at 8 pm", session="s").to_json()
    assert asked["continuation"] and "choir repeats" in asked["reply"]
    assert _starts(app, "choir") == ["2027-03-04T19:00", "2027-03-11T19:00", "2027-03-18T19:00",
                                     "2027-03-25T19:00"]
    done = app.engine.turn("yes", session="s").to_json()
    assert [w["kind"] for w in done["writes"]] == ["event.series"]
    # the 4th and 11th as they were; from the 18th at 8 pm (the clocks went forward between: wall time kept)
    assert _starts(app, "choir") == ["2027-03-04T19:00", "2027-03-11T19:00", "2027-03-18T20:00",
                                     "2027-03-25T20:00"]


def test_two_series_a_word_fits_ask_which_and_the_time_asked_about_is_the_one_changed(app: App) -> None:
    app.calendar.create_repeating_event("choir", "every thursday at 7 pm", provenance={"via": "cli"})
    app.calendar.create_repeating_event("choir rehearsal", "every saturday at 10 am", provenance={"via": "cli"})
    asked = app.engine.turn("cancel choir next week", session="s").to_json()
    assert asked["continuation"] and asked["reply"].startswith("Which one")
    done = app.engine.turn("the rehearsal", session="s").to_json()
    assert [(w["kind"], w["fields"]["start"][:16]) for w in done["writes"]] == [("event.skip", "2027-03-13T10:00")]


def test_an_end_with_a_day_that_cannot_be_read_is_not_a_cancel_of_every_time() -> None:
    assert read("no more choir from the thaw") is None
    stop = read("no more choir")
    assert stop is not None and stop.action == "cancel" and stop.series


def test_weekly_said_of_a_series_keeps_its_own_weekday(app: App) -> None:
    app.calendar.create_repeating_event("choir", "every other thursday at 7 pm", provenance={"via": "cli"})
    asked = app.engine.turn("the choir is weekly from now on", session="s").to_json()
    assert "every Thursday" in asked["reply"], asked["reply"]  # not today's Tuesday
    done = app.engine.turn("yes", session="s").to_json()
    assert [w["fields"]["rule"] for w in done["writes"]] == ["FREQ=WEEKLY;BYDAY=TH"]


def test_a_which_one_answer_is_the_questions_even_when_it_reads_as_a_question_of_its_own(app: App) -> None:
    app.calendar.create_repeating_event("cello lesson", "every wednesday at 5 pm", provenance={"via": "cli"})
    app.calendar.create_repeating_event("drum lesson", "every friday at 4 pm", provenance={"via": "cli"})
    asked = app.engine.turn("cancel the lesson next week", session="s").to_json()
    assert asked["reply"].startswith("Which one")
    done = app.engine.turn("the drum one", session="s").to_json()
    assert done["handled_by"] == "continuation"
    assert [(w["kind"], w["fields"]["start"][:16]) for w in done["writes"]] == [("event.skip", "2027-03-12T16:00")]
