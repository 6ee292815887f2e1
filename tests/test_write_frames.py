"""Writes said in words are read into write frames and answered by the reader's write answerers (events by
event_changes, new reminders by reminder_creation, changes to reminders by reminder_management):
finding the event writes nothing, a "yes" confirms only what was shown, and the conversation's next
question is read with the event written, never with the write itself."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from steward.app import App, build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.reader.frame import WRITE_ASKS, WriteFor, from_json
from steward.settings import load

NOW = "2026-12-01T10:00:00-05:00"  # Tuesday, New York
ZONE = "America/New_York"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    built = build_app(load(None, environ={"STEWARD_TIMEZONE": ZONE}), make_clock(ZONE, NOW),
                      resolve_paths(str(tmp_path)))
    prov = {"via": "cli", "command": "test"}
    at = datetime.fromisoformat
    built.calendar.create_event("glassblowing workshop", at("2026-12-03T18:00:00-05:00"), minutes=120, provenance=prov)
    built.calendar.create_event("supper with Odile", at("2026-12-04T20:00:00-05:00"), provenance=prov)
    built.calendar.create_repeating_event("rowing practice", "every saturday at 8 am", provenance=prov)
    yield built
    built.close()


def titles_on(app: App, day: str) -> list[tuple[str, str]]:
    return [(i.event.title, f"{i.at:%H:%M}") for i in app.calendar.schedule(datetime.fromisoformat(day).date()).items
            if i.event is not None]


@pytest.fixture
def say(app: App) -> Callable[[str], Any]:
    def run(text: str) -> Any:
        return app.engine.turn(text, session="talk")

    return run


def test_a_write_is_read_into_a_frame_with_its_ask_and_what_the_grammar_parsed(app: App) -> None:
    via = WriteFor(session="s", turn="t")
    added = app.write_reader.read("put a haircut on friday at 3 pm", app.clock, via)
    assert added is not None and added.ask == "add" and added.domain == "schedule" and added.writes
    assert added.write is not None and added.write.adds and added.write.via == via
    moved = app.write_reader.read("shift the glassblowing workshop to friday at 4", app.clock, via)
    assert moved is not None and moved.ask == "move" and not moved.write.adds  # type: ignore[union-attr]
    dropped = app.write_reader.read("no rowing practice this saturday", app.clock, via)
    assert dropped is not None and dropped.ask in ("cancel", "skip")
    assert app.write_reader.read("what's on friday?", app.clock, via) is None
    assert {"add", "move", "cancel", "skip", "change_series", "end_series"} <= set(WRITE_ASKS)
    # a write frame is never read back as the context of a later question
    assert from_json(moved.to_json(), lambda _s, _v: None) is None


def test_finding_the_event_writes_nothing_and_the_answer_writes_it(app: App) -> None:
    via = WriteFor(session="s", turn="t")
    frame = app.write_reader.read("move the glassblowing workshop to friday at 4 pm", app.clock, via)
    assert frame is not None
    found = app.answerers.ground(frame, app.clock)
    assert found is not None and found[0].name == "event_changes"
    assert titles_on(app, "2026-12-03") == [("glassblowing workshop", "18:00")]  # nothing written yet
    got = found[0].answer(found[1], app.clock)
    assert got is not None and [w.kind for w in got.writes] == ["event.move"]
    assert ("glassblowing workshop", "16:00") in titles_on(app, "2026-12-04")
    # an event the calendar does not hold is not grounded: the turn goes on down the pipeline
    nothing = app.write_reader.read("move the trombone recital to friday", app.clock, via)
    assert nothing is None or app.answerers.ground(nothing, app.clock) is None


def test_after_a_move_when_is_it_now_names_the_event_moved_alone(say, app: App) -> None:
    moved = say("move the glassblowing workshop to friday at 5 pm")
    assert moved.handled_by == "event_changes" and [w.kind for w in moved.writes] == ["event.move"]
    asked = say("when is it now?")
    assert asked.handled_by == "reader" and not asked.writes
    assert "glassblowing workshop" in asked.reply and "Fri 4 Dec at 17:00" in asked.reply
    assert "supper with Odile" not in asked.reply


def test_a_fragment_after_a_write_is_a_question_and_never_repeats_the_write(say, app: App) -> None:
    say("move the glassblowing workshop to friday at 5 pm")
    thursday = say("and thursday?")
    assert thursday.handled_by == "reader" and not thursday.writes
    assert titles_on(app, "2026-12-04") == [("glassblowing workshop", "17:00"), ("supper with Odile", "20:00")]
    assert titles_on(app, "2026-12-03") == []
    listed = say("and what else is on friday?")
    assert not listed.writes and "supper with Odile" in listed.reply


def test_a_whole_series_asks_once_and_no_confirms_nothing(say, app: App) -> None:
    asked = say("move rowing practice to sundays from now on")
    assert not asked.writes and asked.continuation is not None and asked.continuation.owner == "event_changes"
    declined = say("no")
    assert not declined.writes and declined.handled_by == "continuation"
    assert ("rowing practice", "08:00") in titles_on(app, "2026-12-05")


def test_a_yes_writes_what_the_question_showed_and_nothing_else(say, app: App) -> None:
    asked = say("move rowing practice to sundays from now on")
    assert asked.continuation is not None and "Sun" in asked.reply
    done = say("yes")
    assert done.handled_by == "continuation" and [w.kind for w in done.writes] == ["event.series"]
    assert titles_on(app, "2026-12-05") == [] and ("rowing practice", "08:00") in titles_on(app, "2026-12-06")
    again = say("yes")  # the question was answered: a second yes confirms nothing
    assert not again.writes


def test_the_writes_flag_off_leaves_event_writes_to_the_rest_of_the_pipeline(tmp_path: Path) -> None:
    settings = load(None, environ={"STEWARD_TIMEZONE": ZONE, "STEWARD_READER_EVENT_CHANGES": "0"})
    built = build_app(settings, make_clock(ZONE, NOW), resolve_paths(str(tmp_path)))
    try:
        assert "event_changes" not in [i.name for i in built.intercepts]
        assert built.answerers.named("event_changes") is None
        trace = built.engine.turn("add a haircut on friday at 3 pm", session="off")
        assert trace.handled_by != "event_changes" and not trace.writes
    finally:
        built.close()


def test_a_reminder_request_is_read_into_a_frame_and_changed_by_its_answerer(say, app: App) -> None:
    made = say("remind me on friday at 6 pm to water the ferns")
    assert made.handled_by == "reminder_creation" and made.writes
    via = WriteFor(session="s", turn="t")
    frame = app.write_reader.read_reminder("push the fern reminder to 7 pm", app.clock, via)
    assert frame is not None and (frame.domain, frame.ask) == ("reminders", "move")
    assert app.write_reader.read_reminder("what's on friday?", app.clock, via) is None
    moved = say("push the fern reminder to 7 pm")
    assert moved.handled_by == "reminder_management" and [w.kind for w in moved.writes] == ["reminder"]
    assert moved.writes[0].fields["due"].startswith("2026-12-04T19:00")
    listed = say("which reminders have I got?")
    assert listed.handled_by == "reminder_management" and "water the ferns" in listed.reply and not listed.writes


def test_a_new_reminder_is_read_into_a_frame_and_set_by_its_answerer(say, app: App) -> None:
    via = WriteFor(session="s", turn="t")
    frame = app.write_reader.read_new_reminder("remind me on saturday at 7 am to feed the hens", app.clock, via)
    assert frame is not None and (frame.domain, frame.ask) == ("reminders", "add_reminder") and frame.writes
    assert frame.write is not None and frame.write.via == via
    assert from_json(frame.to_json(), lambda slot, value: None) is None  # never a later question's context
    # a question, a change to one set, a question told now: no new reminder
    for text in ("what reminders do I have?", "cancel the hens reminder", "remind me when the glassblowing is?"):
        assert app.write_reader.read_new_reminder(text, app.clock, via) is None, text
    made = say("remind me on saturday at 7 am to feed the hens")
    assert made.handled_by == "reminder_creation" and [w.kind for w in made.writes] == ["reminder"]
    assert made.writes[0].fields["text"] == "feed the hens" and made.data["write_frame"]["ask"] == "add_reminder"
    asked = say("remind me to defrost the freezer")  # its question is the answerer's own, answered by the next turn
    assert asked.continuation is not None and asked.continuation.owner == "reminder_creation" and not asked.writes
    done = say("sunday at 10")
    assert done.handled_by == "continuation" and done.writes[0].fields["text"] == "defrost the freezer"
    assert done.writes[0].fields["due"].startswith("2026-12-06T10:00")


def test_new_reminders_turned_off_go_to_the_rest_of_the_pipeline(tmp_path: Path) -> None:
    for environ in ({"STEWARD_READER_REMINDER_CREATION": "0"}, {"STEWARD_REMINDER_CREATION_INTERCEPT": "0"}):
        built = build_app(load(None, environ={"STEWARD_TIMEZONE": ZONE, **environ}), make_clock(ZONE, NOW),
                          resolve_paths(str(tmp_path / next(iter(environ)))))
        try:
            assert "reminder_creation" not in [i.name for i in built.intercepts]
            assert built.answerers.named("reminder_creation") is None
            trace = built.engine.turn("remind me on saturday at 7 am to feed the hens", session="off")
            assert trace.handled_by != "reminder_creation" and not trace.writes
        finally:
            built.close()


def test_a_renamed_flag_still_works_by_its_old_name() -> None:
    assert load(None, environ={"STEWARD_REMINDER_MANAGEMENT_INTERCEPT": "0"}).as_bool("reader.reminder_management") \
        is False
    assert load(None, environ={"STEWARD_REMINDER_CREATION_INTERCEPT": "0"}).as_bool("reader.reminder_creation") \
        is False
    assert load(None, environ={"STEWARD_EVENT_CHANGES_INTERCEPT": "0"}).as_bool("reader.event_changes") is False
    assert load(None, environ={}).as_bool("reader.event_changes") is True
