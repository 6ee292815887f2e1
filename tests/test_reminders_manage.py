"""Managing reminders by talking: `steward chat` lists, cancels, moves, snoozes and finishes them."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.notify.sinks import ConsoleSink
from steward.paths import resolve_paths
from steward.scheduler import ReminderScheduler
from steward.settings import load
from steward.store import connect
from steward.store.audit import entries

NOW = "2026-12-01T10:00:00-05:00"  # Tuesday, New York
ZONE = "America/New_York"


@pytest.fixture
def say(cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict]:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)

    def run(text: str, now: str = NOW, *extra: str) -> dict:
        r = cli("--now", now, "--json", "chat", "--session", "s1", *extra, text)
        assert r.code == 0, r.err
        return r.json()

    return run


def remind(say: Callable[..., dict], *requests: str) -> None:
    for text in requests:
        assert say(text)["writes"], text


def pending(cli: Callable[..., Any], now: str = NOW) -> list[tuple[str, str]]:
    listed = cli("--now", now, "--tz", ZONE, "--json", "reminders", "list").json()
    return [(r["text"], r["due"]) for r in listed]


def test_cancel_by_name_and_by_meaning(say, cli) -> None:
    remind(say, "remind me tomorrow at 11 to attend AI training", "remind me today at 6 pm to buy milk")
    done = say("cancel the AI training reminder")
    assert done["handled_by"] == "reminder_management" and done["reply"].startswith("Cancelled: attend AI training")
    assert done["writes"][0]["fields"]["status"] == "cancelled" and done["continuation"] is None
    assert say("get rid of the grocery reminder")["reply"].startswith("Cancelled: buy milk")
    assert pending(cli) == []
    [first, second] = entries(build_app(load(None), make_clock(ZONE, NOW), resolve_paths()).db, "reminder.cancel")
    assert first["provenance"]["via"] == "turn" and first["provenance"]["session"] == "s1"


def test_two_close_matches_ask_which_one_and_the_answer_picks_by_number_or_words(say, cli) -> None:
    remind(say, "remind me tomorrow at 9 to call the dentist", "remind me friday at 3 pm to pay the dentist bill")
    asked = say("cancel the dentist reminder")
    assert asked["writes"] == [] and asked["continuation"]["owner"] == "reminder_management"
    assert asked["reply"] == ("Which one: 1) call the dentist (Wed, 2 Dec 2026 at 09:00) "
                              "2) pay the dentist bill (Fri, 4 Dec 2026 at 15:00)?")
    assert say("1")["reply"] == "Cancelled: call the dentist (Wed, 2 Dec 2026 at 09:00)."
    remind(say, "remind me monday at 8 to book the dentist")
    say("move the dentist reminder to 10 am")
    picked = say("the bill one")
    assert picked["handled_by"] == "continuation"
    assert picked["reply"] == "Moved: pay the dentist bill to Fri, 4 Dec 2026 at 10:00."
    assert pending(cli) == [("pay the dentist bill", "2026-12-04T10:00:00-05:00"),
                            ("book the dentist", "2026-12-07T08:00:00-05:00")]


def test_it_is_the_sessions_last_reminder(say, cli) -> None:
    remind(say, "remind me tomorrow at 9 to call the dentist", "remind me tomorrow at 11 am to send the invoice")
    assert say("move it to 5 pm")["reply"] == "Moved: send the invoice to Wed, 2 Dec 2026 at 17:00."
    assert say("push it to friday")["reply"] == "Moved: send the invoice to Fri, 4 Dec 2026 at 17:00."
    assert say("never mind the last one")["reply"].startswith("Cancelled: send the invoice")
    assert pending(cli) == [("call the dentist", "2026-12-02T09:00:00-05:00")]


def test_a_repeating_reminder_is_cancelled_whole_or_just_this_once(say, cli) -> None:
    made = say("remind me every day at 10 pm to take my pills")
    assert made["writes"][0]["fields"]["rule"] == "FREQ=DAILY"
    skipped = say("skip tonight's pills reminder just this once")
    assert skipped["reply"] == ("Skipped this one (Tue, 1 Dec 2026 at 22:00): take my pills; "
                                "it repeats next on Wed, 2 Dec 2026 at 22:00.")
    assert pending(cli) == [("take my pills", "2026-12-02T22:00:00-05:00")]
    assert say("stop reminding me to take my pills")["reply"] == (
        "Cancelled the repeating reminder: take my pills (every day at 22:00).")
    assert pending(cli) == []


def test_listing_says_how_each_repeats_and_narrows_to_a_day(say) -> None:
    remind(say, "remind me every monday at 9 to water the plants", "remind me tomorrow at 9 to call the dentist")
    listed = say("what reminders do I have?")
    assert listed["reply"].splitlines() == [
        "You have 2 reminders:",
        "1) Wed, 2 Dec 2026 at 09:00: call the dentist",
        "2) Mon, 7 Dec 2026 at 09:00: water the plants (every Monday at 09:00)",
    ]
    assert [r["rule"] for r in listed["data"]["reminders"]] == [None, "FREQ=WEEKLY;BYDAY=MO"]
    tomorrow = say("do I have any reminders tomorrow?")
    assert [r["text"] for r in tomorrow["data"]["reminders"]] == ["call the dentist"]
    assert say("what reminders do I have on saturday?")["reply"] == "You have no reminders on saturday."


def fire_due(at: str) -> None:
    paths = resolve_paths()
    sched = ReminderScheduler(connect(paths.db_file), [ConsoleSink(io.StringIO())], make_clock(ZONE).zone)
    try:
        sched.tick(datetime.fromisoformat(at))
    finally:
        sched.close()


def test_snooze_and_done_after_a_reminder_fired(say, cli) -> None:
    remind(say, "remind me today at 6 pm to buy milk", "remind me every day at 10 pm to take my pills")
    assert say("snooze 10 minutes")["reply"] == "Nothing has reminded you recently, so there is nothing to snooze."
    fire_due("2026-12-01T18:00:05-05:00")
    snoozed = say("snooze 10 minutes", "2026-12-01T18:01:00-05:00")
    assert snoozed["reply"] == "Snoozed: buy milk. I'll remind you again at 18:11."
    fire_due("2026-12-01T18:11:05-05:00")
    assert say("done", "2026-12-01T18:12:00-05:00")["reply"] == "Marked done: buy milk."
    fire_due("2026-12-01T22:00:05-05:00")
    done = say("mark it done", "2026-12-01T22:01:00-05:00")
    assert done["reply"] == "Marked done: take my pills. Next time: Wed, 2 Dec 2026 at 22:00."
    assert pending(cli, "2026-12-01T22:02:00-05:00") == [("take my pills", "2026-12-02T22:00:00-05:00")]


def test_done_before_it_fires_means_it_will_not(say, cli) -> None:
    remind(say, "remind me thursday at 4 pm to submit the expense report")
    assert say("mark the expense report reminder as done")["reply"] == "Marked done: submit the expense report."
    assert pending(cli) == []


def test_a_dry_run_changes_nothing(say, cli) -> None:
    remind(say, "remind me tomorrow at 9 to call the dentist")
    dry = say("cancel the dentist reminder", NOW, "--dry-run")
    assert dry["reply"].startswith("(dry run) Cancelled: call the dentist") and dry["dry_run"] is True
    assert pending(cli) == [("call the dentist", "2026-12-02T09:00:00-05:00")]


def test_making_a_reminder_about_cancelling_is_not_a_cancel(say, cli) -> None:
    made = say("remind me tomorrow at 9 to cancel the gym membership")
    assert made["handled_by"] == "reminder_creation"
    assert pending(cli) == [("cancel the gym membership", "2026-12-02T09:00:00-05:00")]
    assert say("cancel the meeting with bob")["handled_by"] != "reminder_management"  # no such reminder


def test_the_flag_turns_it_off(say, monkeypatch: pytest.MonkeyPatch) -> None:
    remind(say, "remind me tomorrow at 9 to call the dentist")
    monkeypatch.setenv("STEWARD_REMINDER_MANAGEMENT_INTERCEPT", "0")
    assert say("cancel the dentist reminder")["handled_by"] != "reminder_management"


def test_cli_remind_every_and_cancel_series(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    made = cli("--now", NOW, "--json", "remind", "every friday at 4 pm", "send", "the", "timesheet").json()
    assert (made["rule"], made["due"], made["next"]) == ("FREQ=WEEKLY;BYDAY=FR", "2026-12-04T16:00:00-05:00",
                                                         "2026-12-04T16:00:00-05:00")
    shown = cli("--now", NOW, "reminders", "list").out
    assert "repeats every Friday at 16:00; next Fri 4 Dec, 16:00; Fri 11 Dec, 16:00; Fri 18 Dec, 16:00" in shown
    once = cli("--now", NOW, "reminders", "cancel", str(made["id"]))
    assert "it repeats next Fri, 11 Dec 2026, 16:00" in once.out
    [nxt] = cli("--now", NOW, "--json", "reminders", "list").json()
    assert cli("--now", NOW, "reminders", "cancel", "--series", str(nxt["id"])).code == 0
    assert cli("--now", NOW, "--json", "reminders", "list").json() == []


def test_when_shows_the_rule_and_the_next_three(cli) -> None:
    r = cli("--now", NOW, "--tz", ZONE, "--json", "when", "every", "other", "tuesday", "at", "7", "pm")
    shown = r.json()
    assert shown["rule"] == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU" and shown["repeats"] == "every 2 weeks on Tuesday at 19:00"
    assert shown["next"] == ["2026-12-01T19:00:00-05:00", "2026-12-15T19:00:00-05:00", "2026-12-29T19:00:00-05:00"]
    human = cli("--now", NOW, "--tz", ZONE, "when", "every 2 hours").out
    assert "repeats  every 2 hours from 12:00 until Tue 1 Dec 2026 23:59" in human


def test_a_days_schedule_shows_the_later_times_of_repeating_reminders(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    assert cli("--now", NOW, "remind", "every day at 10 pm", "take my pills").code == 0
    assert cli("--now", NOW, "remind", "every monday at 9", "water the plants").code == 0
    day = cli("--now", NOW, "--json", "schedule", "monday", "14", "december").json()
    assert [(i["text"], i["due"]) for i in day["items"]] == [
        ("water the plants", "2026-12-14T09:00:00-05:00"), ("take my pills", "2026-12-14T22:00:00-05:00")]
    assert all(i["rule"] for i in day["items"])


@pytest.mark.parametrize(("text", "action", "target", "flags"), [
    ("cancel the AI training reminder", "cancel", ("ai", "training"), {"noun": True}),
    ("never mind the last one", "cancel", (), {"pronoun": True}),
    ("skip tonight's pills reminder just this once", "cancel", ("pills",), {"occurrence": True}),
    ("stop reminding me to water the plants", "cancel", ("water", "plants"), {}),
    ("move it to 5 pm", "move", (), {"pronoun": True, "when": "5 pm"}),
    ("move the training one to 2 pm", "move", ("training",), {"when": "2 pm"}),
    ("snooze it for an hour", "snooze", (), {"delay_minutes": 60.0}),
    ("remind me again in 30 minutes", "snooze", (), {"delay_minutes": 30.0}),
    ("mark the expense report reminder as done", "done", ("expense", "report"), {}),
    ("what reminders do I have this week?", "list", (), {"when": "this week"}),
])
def test_requests_are_read_from_the_words_alone(text: str, action: str, target: tuple, flags: dict) -> None:
    from steward.calendar.reminders.requests import load_manage_words, parse_request
    from steward.vocab import load_vocab

    found = parse_request(text, load_manage_words(), load_vocab(), make_clock(ZONE, NOW))
    assert found is not None and (found.action, found.target) == (action, target)
    assert {k: getattr(found, k) for k in flags} == flags


@pytest.mark.parametrize("text", ["remind me tomorrow to cancel the gym", "done with the report, what's next?",
                                  "move the couch to the garage", "what's my schedule tomorrow?",
                                  # an amount asked, whatever verb of a reminder's it holds
                                  "how much do I pay to clear the parcel?", "how much to cancel the gym?"])
def test_other_turns_are_no_request(text: str) -> None:
    from steward.calendar.reminders.requests import load_manage_words, parse_request
    from steward.vocab import load_vocab

    found = parse_request(text, load_manage_words(), load_vocab(), make_clock(ZONE, NOW))
    assert found is None


def test_an_exported_repeating_reminder_keeps_its_rule(cli, monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from icalendar import Calendar

    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    assert cli("--now", NOW, "remind", "every monday at 9", "water the plants").code == 0
    assert cli("--now", NOW, "calendar", "export", str(tmp_path / "out.ics")).code == 0
    [todo] = Calendar.from_ical((tmp_path / "out.ics").read_bytes()).walk("VTODO")
    assert todo["rrule"].to_ical().decode() == "FREQ=WEEKLY;BYDAY=MO"
    assert todo.decoded("dtstart").isoformat() == "2026-12-07T09:00:00-05:00"


def test_a_bare_done_that_points_at_nothing_asks_instead_of_guessing(say, cli) -> None:
    remind(say, "remind me thursday at 4 pm to submit the expense report")
    fresh = say("done", NOW, "--session", "other")
    assert fresh["writes"] == [] and fresh["reply"].startswith("Which one: 1) submit the expense report")
    assert pending(cli) == [("submit the expense report", "2026-12-03T16:00:00-05:00")]


def test_cli_move_snooze_and_done(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    made = cli("--now", NOW, "--json", "remind", "tomorrow at 9", "call the dentist").json()
    moved = cli("--now", NOW, "--json", "reminders", "move", str(made["id"]), "5", "pm").json()
    assert moved["due"] == "2026-12-02T17:00:00-05:00"
    early = cli("--now", NOW, "reminders", "snooze", str(made["id"]))
    assert early.code == 1 and "has not fired yet" in early.err and early.err.count("\n") == 1
    fire_due("2026-12-02T17:00:05-05:00")
    later = "2026-12-02T17:01:00-05:00"
    again = cli("--now", later, "--json", "reminders", "snooze", str(made["id"]), "--minutes", "20").json()
    assert again["due"] == "2026-12-02T17:21:00-05:00" and again["id"] != made["id"]
    assert cli("--now", later, "reminders", "snooze", str(again["id"]), "--minutes", "0").code == 1
    assert cli("--now", later, "--json", "reminders", "done", str(again["id"])).json()["done_at"] is not None
    assert pending(cli, later) == []
    assert cli("--now", later, "reminders", "done", "x1").code == 2


def test_repeating_reminders_and_events_survive_an_export_and_import(cli, monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)
    assert cli("--now", NOW, "remind", "every other tuesday at 7 pm", "take out the recycling").code == 0
    assert cli("--now", NOW, "calendar", "add", "every monday at 10", "team meeting", "--minutes", "30").code == 0
    assert cli("--now", NOW, "calendar", "export", str(tmp_path / "out.ics")).code == 0
    monkeypatch.setenv("STEWARD_HOME", str(tmp_path / "elsewhere"))
    later = "2026-12-20T10:00:00-05:00"  # the first times have passed: each comes back from its next one
    done = cli("--now", later, "--json", "calendar", "import", str(tmp_path / "out.ics")).json()
    assert (len(done["events"]), len(done["reminders"]), done["skipped"]) == (1, 1, [])
    [reminder] = cli("--now", later, "--json", "reminders", "list").json()
    assert (reminder["rule"], reminder["due"]) == ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "2026-12-29T19:00:00-05:00")
    monday = cli("--now", later, "--json", "schedule", "2026-12-28").json()
    assert [(i["title"], i["start"], i["end"]) for i in monday["items"] if i["kind"] == "event"] == [
        ("team meeting", "2026-12-28T10:00:00-05:00", "2026-12-28T10:30:00-05:00")]
    again = cli("--now", later, "--json", "calendar", "import", str(tmp_path / "out.ics")).json()
    assert again["duplicates"] == 2


@pytest.mark.parametrize(("said", "due"), [
    ("push it back a day", "2026-12-02T17:00:00-05:00"),
    ("actually shift it an hour later", "2026-12-01T18:00:00-05:00"),
    ("make it 30 minutes earlier", "2026-12-01T16:30:00-05:00"),
    ("bring it forward a day", "2026-11-30T17:00:00-05:00"),
    ("delay it by 20 minutes", "2026-12-01T17:20:00-05:00"),
    # verbs whose way is earlier without "earlier" said
    ("please prepone it by 15 minutes", "2026-12-01T16:45:00-05:00"),
    ("move it up by an hour", "2026-12-01T16:00:00-05:00"),
    ("advance it by 2 hours", "2026-12-01T15:00:00-05:00"),
])
def test_a_shift_moves_the_reminder_from_its_own_time_not_from_now(say, cli, said: str, due: str) -> None:
    remind(say, "remind me at 5pm today to call Mum")
    moved = say(said)
    assert moved["handled_by"] == "reminder_management", moved["reply"]
    if due < NOW:  # a day earlier than today's 5 pm is past: said so, nothing moved
        assert not moved["writes"] and "passed" in moved["reply"]
        assert pending(cli) == [("call Mum", "2026-12-01T17:00:00-05:00")]
    else:
        assert pending(cli) == [("call Mum", due)]


def test_a_bare_time_keeps_the_day_and_is_the_reading_nearer_the_reminders_own_time(say, cli) -> None:
    remind(say, "remind me tomorrow at 5pm to buy wine for dinner")
    assert say("make it 4:30")["reply"] == "Moved: buy wine for dinner to Wed, 2 Dec 2026 at 16:30."
    assert say("push it to 7")["reply"] == "Moved: buy wine for dinner to Wed, 2 Dec 2026 at 19:00."
    assert say("move it to 6am")["reply"] == "Moved: buy wine for dinner to Wed, 2 Dec 2026 at 06:00."
    assert say("move it to 9")["reply"] == "Moved: buy wine for dinner to Wed, 2 Dec 2026 at 09:00."
