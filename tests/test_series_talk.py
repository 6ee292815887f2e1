"""A change to a repeating event read by its parts (the event, the scope, the change) wherever each stands
in the sentence: new days, a new time, a shift, a new length, an end and a pause, in orders and
combinations no shape was written for; one time only, a search and a day of one time are not read as a
series change; and through a turn, the right series changed after one question."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from steward.calendar.event_talk import load_event_words, parse_add, parse_change
from steward.calendar.reminders.requests import load_manage_words
from steward.clock import make_clock
from steward.vocab import load_vocab

CLOCK = make_clock("Europe/Dublin", "2026-12-03T08:00:00+00:00")  # a Thursday


def read(text: str) -> Any:
    return parse_change(text, load_event_words(), load_manage_words(), load_vocab(), CLOCK)


@pytest.mark.parametrize(("text", "target", "when", "since"), [
    ("thursdays for the pottery class from now on", ("pottery", "class"), "thursdays", None),
    ("could rowing be on mondays instead of fridays going forward", ("rowing",), "mondays", None),
    ("we row on mondays from here on, not fridays", ("row",), "mondays", None),
    ("all future pottery on wednesday please", ("pottery",), "every wednesday", None),
    ("from next week the pottery class moves to tuesdays", ("pottery", "class"), "tuesdays", date(2026, 12, 7)),
    ("starting in february, rowing on sundays", ("rowing",), "sundays", date(2027, 2, 1)),
    ("i'd like the book group at 8 from now on", ("book", "group"), "8:00", None),
    ("the retro should start at 4:15 from monday", ("retro",), "4:15", date(2026, 12, 7)),
    ("going forward please make the retro 3:30", ("retro",), "3:30", None),
])
def test_new_days_or_a_new_time_are_read_in_any_order(text: str, target: tuple[str, ...], when: str,
                                                     since: date | None) -> None:
    change = read(text)
    assert change is not None, text
    assert (change.action, change.series, change.since) == ("move", True, since)
    assert set(target) <= set(change.target) and not {"be", "could", "i'd", "we", "not", "should"} & set(change.target)
    assert when in change.when


def test_a_shift_and_a_new_length_of_every_time() -> None:
    later = read("i'd like all my rowing sessions an hour earlier")
    assert later is not None and (later.action, later.series, later.shift) == ("move", True, -timedelta(hours=1))
    longer = read("the pottery class runs for 2 hours from now on")
    assert longer is not None and (longer.action, longer.series, longer.minutes) == ("resize", True, 120)
    shorter = read("all future retros should be 40 minutes")
    assert shorter is not None and (shorter.action, shorter.minutes) == ("resize", 40)


@pytest.mark.parametrize(("text", "last"), [
    ("no more rowing after new year's eve", date(2026, 12, 31)),
    ("after february, no more retros", date(2027, 2, 28)),
    ("rowing won't happen anymore after the 18th", date(2026, 12, 18)),
    ("after the 20th i won't be doing pottery any more", date(2026, 12, 20)),
    ("i don't want the retro on my calendar after january", date(2027, 1, 31)),
    ("the pottery class finishes for good on the 16th", date(2026, 12, 16)),
    ("we're dropping the book group from the new year", date(2026, 12, 31)),
])
def test_an_end_is_read_wherever_its_day_stands(text: str, last: date) -> None:
    change = read(text)
    assert change is not None, text
    assert (change.action, change.series, change.last_day) == ("end", True, last)


def test_an_end_with_no_day_is_the_whole_series_and_a_day_of_one_time_is_not() -> None:
    whole = read("i'm not doing rowing anymore")
    assert whole is not None and (whole.action, whole.series, whole.target) == ("cancel", True, ("rowing",))
    one = read("cancel the pottery class on the 10th")
    assert one is not None and not one.series


@pytest.mark.parametrize(("text", "last"), [
    ("put rowing on hold till january", date(2026, 12, 31)),
    ("take a two week break from pottery", date(2026, 12, 16)),
    ("no retro for the next 3 weeks", date(2026, 12, 23)),
])
def test_a_pause_skips_the_times_up_to_its_end(text: str, last: date) -> None:
    change = read(text)
    assert change is not None and change.several is not None, text
    assert (change.action, change.several.first, change.several.last) == ("cancel", date(2026, 12, 3), last)


def test_put_with_a_scope_is_a_change_not_a_new_event() -> None:
    words, vocab = load_event_words(), load_vocab()
    assert parse_add("put the book group on thursdays from now on", words, vocab, CLOCK) is None
    assert parse_add("put rowing on hold till january", words, vocab, CLOCK) is None
    assert parse_add("put a haircut on friday at 3", words, vocab, CLOCK) is not None


@pytest.mark.parametrize("text", [
    "rowing weekly",                         # a name and a repeat: a search, no change said
    "is the pottery class on thursdays now?",  # a question
    "just this once move rowing to 8",       # one time only: read as such elsewhere
    "no more emails from the rowing club",
])
def test_what_is_not_a_change_to_every_time(text: str) -> None:
    change = read(text)
    assert change is None or not change.series or change.action != "move", text


def test_through_a_turn_the_series_named_is_changed_after_one_question(app_on: Any) -> None:
    app = app_on("Europe/Dublin", "2026-12-03T08:00:00+00:00")
    prov = {"via": "cli"}
    app.calendar.create_repeating_event("pottery class", "every tuesday at 7 pm", provenance=prov, minutes=90)
    app.calendar.create_repeating_event("rowing", "every friday at 7 am", provenance=prov)
    asked = app.engine.turn("thursdays for pottery from now on, not tuesdays", session="s")
    assert asked.continuation is not None and "pottery class repeats" in asked.reply
    done = app.engine.turn("yes", session="s")
    assert [(w.kind, w.fields["title"], w.fields["rule"], w.fields["start"][:16]) for w in done.writes] == \
        [("event.series", "pottery class", "FREQ=WEEKLY;BYDAY=TH", "2026-12-03T19:00")]
    ended = app.engine.turn("after christmas no more rowing", session="s")
    assert ended.continuation is not None and "Stop it after" in ended.reply


def test_a_name_the_calendar_does_not_hold_is_said_not_written_on_the_nearest(app_on: Any) -> None:
    from steward.calendar.event_find import unknown_names
    from steward.calendar.reminders.targets import Candidate

    cands = [Candidate(0, "violin lesson", "violin lesson"), Candidate(1, "squad offsite", "squad offsite")]
    assert unknown_names(("oboe", "lesson"), cands[0], cands) == ("oboe",)
    assert unknown_names(("violin", "rehearsals"), cands[0], cands) == ()  # the violin names it
    app = app_on("Europe/Dublin", "2026-12-03T08:00:00+00:00")
    prov = {"via": "cli"}
    app.calendar.create_repeating_event("violin lesson", "every wednesday at 5 pm", provenance=prov)
    app.calendar.create_repeating_event("team retro", "every other friday at 2 pm", provenance=prov)
    app.calendar.create_event("optician", "2026-12-09T10:00:00+00:00", provenance=prov)
    for said, named in [("from now on the oboe lesson is on fridays", "oboe"),
                        ("move the team away-day to monday", "away-day")]:
        trace = app.engine.turn(said, session="t")
        assert trace.writes == () and trace.continuation is None, said
        assert f"I don't see '{named}" in trace.reply and "Nothing was changed" in trace.reply, trace.reply
    once = app.engine.turn("move the optician to thursdays from now on", session="t")
    assert once.writes == () and "does not repeat" in once.reply
    found = app.engine.turn("all future violin practices on thursdays please", session="t")
    assert found.continuation is not None and "violin lesson repeats" in found.reply


def test_a_repeating_reminder_named_is_changed_or_left_never_set_again(app_on: Any) -> None:
    app = app_on("Europe/Dublin", "2026-12-03T08:00:00+00:00")
    app.engine.turn("remind me every monday at 9 to water the ferns", session="r")
    for said in ("my monday reminder should be on wednesdays from now on", "the ferns reminder: fridays going forward"):
        trace = app.engine.turn(said, session="r")
        assert [w for w in trace.writes if w.kind == "reminder" and w.fields["text"] != "water the ferns"] == [], said
    moved = app.engine.turn("move my monday reminder to thursdays", session="r")
    assert [(w.fields["text"], w.fields["rule"]) for w in moved.writes] == [("water the ferns", "FREQ=WEEKLY;BYDAY=TH")]
    later = app.engine.turn("push the ferns reminder to 8 am going forward", session="r")
    assert [(w.fields["text"], w.fields["rule"], w.fields["due"][11:16]) for w in later.writes] == \
        [("water the ferns", "FREQ=WEEKLY;BYDAY=TH", "08:00")]


def test_which_of_a_series_days_moves_is_asked_and_the_answer_moves_that_day_alone() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from steward.reader.answerers.series_days import day_choices, every_on, picked_day

    dub = ZoneInfo("Europe/Dublin")
    was, now = datetime(2026, 12, 4, 18, 30, tzinfo=dub), datetime(2026, 12, 3, 8, 0, tzinfo=dub)
    rule = "FREQ=WEEKLY;BYDAY=MO,FR"
    moved = datetime(2026, 12, 9, 18, 30, tzinfo=dub)  # to a wednesday, at the time it has
    assert every_on(rule, moved) == "FREQ=WEEKLY;BYDAY=WE"
    choices = day_choices(rule, was, moved, now)
    # its mondays moved: wednesdays and fridays from tomorrow's friday; its fridays: mondays and wednesdays
    assert [(c.day, c.rule, c.first.isoformat()) for c in choices] == [
        ("monday", "FREQ=WEEKLY;BYDAY=WE,FR", "2026-12-04T18:30:00+00:00"),
        ("friday", "FREQ=WEEKLY;BYDAY=MO,WE", "2026-12-07T18:30:00+00:00")]
    assert day_choices(rule, was, moved.replace(hour=9), now) == ()  # a new time too: one repeat, one time
    assert day_choices("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR", was, moved, now) == ()
    assert every_on("FREQ=WEEKLY;BYDAY=FR", moved) is None  # one day: moved by its one day, no question
    days = ["monday", "friday"]
    assert [picked_day(a, days) for a in ("the mondays", "friday's", "mon", "fridays please", "both", "all of it",
                                          "monday and friday")] == ["monday", "friday", "monday", "friday", None,
                                                                    None, None]


def test_a_series_on_two_days_moved_to_a_third_asks_which_and_is_never_refused(app_on: Any) -> None:
    app = app_on("Europe/Dublin", "2026-12-03T08:00:00+00:00")  # a Thursday
    app.calendar.create_repeating_event("spin class", "every monday and friday at 6:30 pm", provenance={"via": "cli"})
    asked = app.engine.turn("move spin class to wednesday", session="a")
    assert asked.writes == () and asked.continuation is not None, asked.reply
    assert "spin class is on Mondays and Fridays" in asked.reply and "Wednesdays" in asked.reply, asked.reply
    done = app.engine.turn("the fridays", session="a")
    assert [(w.kind, w.fields["rule"], w.fields["start"][:16]) for w in done.writes] == \
        [("event.series", "FREQ=WEEKLY;BYDAY=MO,WE", "2026-12-07T18:30")]

    app.engine.turn("move spin class to tuesday", session="b")
    again = app.engine.turn("yes", session="b")  # a yes says none of them: asked again, nothing written
    assert again.writes == () and again.continuation is not None and again.reply.startswith("Which"), again.reply
    whole = app.engine.turn("all of it", session="b")
    assert [(w.kind, w.fields["rule"]) for w in whole.writes] == [("event.series", "FREQ=WEEKLY;BYDAY=TU")]


def test_a_series_on_two_days_moved_to_a_day_and_a_new_time_asks_every_time_or_just_that_one(app_on: Any) -> None:
    app = app_on("Europe/Dublin", "2026-12-03T08:00:00+00:00")
    app.calendar.create_repeating_event("spin class", "every monday and friday at 6:30 pm", provenance={"via": "cli"})
    asked = app.engine.turn("move spin class to wednesday at 7 pm", session="c")
    assert asked.writes == () and asked.continuation is not None and "just that one" in asked.reply, asked.reply
    once = app.engine.turn("just that one", session="c")
    assert [(w.kind, w.fields["start"][:16]) for w in once.writes] == [("event.override", "2026-12-09T19:00")]
