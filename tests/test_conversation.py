"""The ADR-0112 session replayed, continuations, and the calendar intercepts, through `steward chat`."""

import sqlite3
from pathlib import Path

import pytest

NOW = "2026-09-14T23:53:00+05:30"
LATER = "2026-09-15T00:04:00+05:30"  # 11 minutes on: past the 10-minute continuation window


@pytest.fixture
def say(cli):
    def run(text: str, now: str = NOW, *extra: str) -> dict:
        out = cli("--now", now, "chat", "--json", "--session", "adr", *extra, text)
        assert out.code == 0, out.err
        return out.json()

    return run


def test_the_adr_0112_session(say) -> None:
    first = say("can you remind me tomorrow at 10 am for a AI training ?")
    assert first["handled_by"] == "reminder_creation"
    [write] = first["writes"]
    assert write["kind"] == "reminder" and write["id"] is not None
    assert write["fields"]["text"] == "AI training"
    assert write["fields"]["due"] == "2026-09-15T10:00:00+05:30"

    asked = say("remind me about it tomorrow at 9")
    assert asked["reply"] == "What should I remind you about?"
    assert asked["writes"] == []
    assert asked["continuation"] == {"owner": "reminder_creation", "question": "What should I remind you about?"}

    done = say("Python training")
    assert done["handled_by"] == "continuation"
    assert done["writes"][0]["fields"]["text"] == "Python training"
    assert done["writes"][0]["fields"]["due"] == "2026-09-15T09:00:00+05:30"
    assert done["continuation"] is None

    five = say("remind me to call the bank tomorrow at 5 pm")
    assert five["writes"][0]["fields"]["due"] == "2026-09-15T17:00:00+05:30"  # not 09-16

    schedule = say("what's my schedule tomorrow?")
    assert schedule["handled_by"] == "reader" and schedule["data"]["answerer"] == "schedule"
    for text in ("AI training", "Python training", "call the bank"):
        assert text in schedule["reply"]
    [day] = schedule["data"]["days"]
    assert day["day"] == "2026-09-15" and len(day["items"]) == 3


def test_a_continuation_survives_a_restart_and_expires(cli_process, steward_home: Path) -> None:
    def run(text: str, now: str) -> str:
        done = cli_process("--now", now, "chat", "--session", "s", text)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run("remind me about it tomorrow at 9", NOW) == "What should I remind you about?"
    assert run("water the plants", NOW).startswith("Reminder set for Tue, 15 Sept 2026 at 09:00: water the plants")

    assert run("remind me about it tomorrow at 9", NOW) == "What should I remind you about?"
    late = cli_process("--now", LATER, "chat", "--json", "--session", "s", "feed the cat")
    assert '"handled_by": "offline"' in late.stdout  # the question expired: nothing is saved
    conn = sqlite3.connect(steward_home / "steward.db")
    assert [r[0] for r in conn.execute("SELECT text FROM reminders")] == ["water the plants"]


def test_a_question_or_a_new_request_drops_the_open_question(say) -> None:
    say("remind me about it tomorrow at 9")
    dropped = say("what's my schedule tomorrow?")
    assert dropped["handled_by"] == "reader"
    assert "dropped the open question of reminder_creation" in dropped["notes"]
    after = say("Python training")
    assert after["handled_by"] != "continuation" and after["writes"] == []

    say("remind me about it tomorrow at 9")
    new = say("remind me to stretch tomorrow at 8 am")
    assert new["handled_by"] == "reminder_creation"
    assert new["writes"][0]["fields"]["text"] == "stretch"


def test_a_subject_without_a_time_asks_when_and_a_day_gets_nine(say) -> None:
    asked = say("remind me to renew the passport")
    assert asked["reply"] == "When should I remind you?"
    done = say("on friday")
    assert done["handled_by"] == "continuation"
    assert done["writes"][0]["fields"] == done["writes"][0]["fields"] | {
        "text": "renew the passport", "due": "2026-09-18T09:00:00+05:30"}
    day = say("remind me tomorrow to pay the rent")
    assert day["writes"][0]["fields"]["due"] == "2026-09-15T09:00:00+05:30"


def test_one_owner_at_a_time_per_session(cli) -> None:
    a = cli("--now", NOW, "chat", "--json", "--session", "a", "remind me about it tomorrow at 9").json()
    b = cli("--now", NOW, "chat", "--json", "--session", "b", "tell me a joke").json()
    assert a["continuation"] and b["handled_by"] == "outside"
    answer = cli("--now", NOW, "chat", "--json", "--session", "a", "the dentist").json()
    assert answer["handled_by"] == "continuation"


def test_dry_run_shows_the_write_and_saves_nothing(cli, steward_home: Path) -> None:
    trace = cli("--now", NOW, "chat", "--json", "--dry-run", "remind me tomorrow at 10 am to call Ravi").json()
    assert trace["dry_run"] is True
    [write] = trace["writes"]
    assert write["id"] is None and write["fields"]["text"] == "call Ravi"
    assert write["fields"]["due"] == "2026-09-15T10:00:00+05:30"
    conn = sqlite3.connect(steward_home / "steward.db")
    assert conn.execute("SELECT count(*) FROM reminders").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM turns").fetchone()[0] == 0


def test_past_and_duplicate_reminders_are_refused_in_the_reply(say) -> None:
    past = say("remind me today at 9 am to stretch")
    assert past["writes"] == [] and "already passed" in past["reply"]
    say("remind me tomorrow at 10 am to call Ravi")
    twin = say("remind me tomorrow at 10 am to call Ravi")
    assert twin["writes"] == [] and "already have that reminder" in twin["reply"]


def test_a_todo_is_a_reminder_only_with_a_clock_time(say) -> None:
    timed = say("add a to-do to call the plumber at 5 pm")
    assert timed["handled_by"] == "reminder_creation"
    assert timed["writes"][0]["fields"]["text"] == "call the plumber"
    untimed = say("add a to-do to call the plumber")
    assert untimed["handled_by"] != "reminder_creation"


def test_reading_reminders_is_not_making_one(say) -> None:
    say("remind me tomorrow at 10 am to call Ravi")
    read = say("what reminders do I have tomorrow?")
    assert read["handled_by"] == "reminder_management" and "call Ravi" in read["reply"]
    assert say("cancel the reminder for tomorrow")["handled_by"] != "reminder_creation"


def test_schedule_on_a_named_day_and_an_empty_day(say) -> None:
    say("remind me on friday at 6 pm to buy flowers")
    friday = say("what do I have on friday")
    assert friday["data"]["days"][0]["day"] == "2026-09-18" and "buy flowers" in friday["reply"]
    empty = say("what's on my calendar on saturday?")
    assert empty["reply"].startswith("Nothing on your schedule for Sat 19 Sept")


def test_the_flag_turns_an_intercept_off(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_REMINDER_CREATION_INTERCEPT", "0")
    trace = cli("--now", NOW, "chat", "--json", "remind me tomorrow at 10 am to call Ravi").json()
    assert trace["handled_by"] == "offline" and trace["writes"] == []
    assert trace["route"]["intent"] == "calendar"


def test_the_repl_keeps_one_session_across_turns(cli_process) -> None:
    done = cli_process("--now", NOW, "chat", stdin="remind me about it tomorrow at 9\nthe dentist\nquit\nnever read\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "What should I remind you about?",
        "Reminder set for Tue, 15 Sept 2026 at 09:00: dentist",
    ]


def test_never_mind_closes_the_question_and_saves_nothing(say, steward_home: Path) -> None:
    say("remind me about it tomorrow at 9")
    done = say("never mind")
    assert done["handled_by"] == "continuation" and done["writes"] == [] and done["continuation"] is None
    assert "nothing was saved" in done["reply"]
    after = say("buy milk")
    assert after["handled_by"] != "continuation"
    conn = sqlite3.connect(steward_home / "steward.db")
    assert conn.execute("SELECT count(*) FROM reminders").fetchone()[0] == 0


def test_a_repeating_reminder_repeats(say) -> None:
    trace = say("remind me every monday at 9 to water the plants")
    fields = trace["writes"][0]["fields"]
    assert (fields["text"], fields["due"], fields["rule"]) == ("water the plants", "2026-09-21T09:00:00+05:30",
                                                              "FREQ=WEEKLY;BYDAY=MO")
    assert "every Monday at 09:00" in trace["reply"]


def test_a_date_that_describes_the_subject_is_not_when_to_remind(say) -> None:
    # 23:53 on Monday 14 Sep: "tomorrow's" says which meeting, "at 8 am" says when; on the reminder's
    # own day the possessive adds nothing, on another day it stays
    trace = say("remind me about tomorrow's meeting at 8 am")
    fields = trace["writes"][0]["fields"]
    assert (fields["text"], fields["due"]) == ("meeting", "2026-09-15T08:00:00+05:30")
    trace = say("remind me about thursday's meeting tomorrow at 8 am")
    fields = trace["writes"][0]["fields"]
    assert (fields["text"], fields["due"]) == ("thursday's meeting", "2026-09-15T08:00:00+05:30")
    trace = say("set a reminder for valentine's day dinner with her on saturday at 8 pm")
    fields = trace["writes"][0]["fields"]
    assert (fields["text"], fields["due"]) == ("valentine's day dinner with her", "2026-09-19T20:00:00+05:30")


def test_a_lead_before_a_meeting_lands_ahead_of_it(say) -> None:
    trace = say("remind me 30 minutes before the call with Priya tomorrow at 11 am")
    fields = trace["writes"][0]["fields"]
    assert (fields["text"], fields["due"]) == ("call with Priya", "2026-09-15T10:30:00+05:30")


def test_a_nudge_noun_alone_is_not_a_request_for_a_reminder(say) -> None:
    # asking for one ("send me an alert for the pottery class at 7") makes one; naming one asks nothing
    made = say("send me an alert for the pottery class tomorrow at 7 pm")
    assert made["handled_by"] == "reminder_creation" and made["writes"][0]["fields"]["text"] == "pottery class"
    for text in ("the notification sound is too loud", "I got an alert from the bank this morning"):
        assert say(text)["handled_by"] != "reminder_creation"
