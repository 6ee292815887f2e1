"""A repeating reminder given new days or a new time from now on: `steward reminders move ID WHEN`
with a repeat (or --series and a time), and in words ("move my ... reminder to thursdays"); one-off
reminders and words that are not a repeat keep moving one time; kept on a real Radicale too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from radicale_server import Radicale, use_caldav
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

NOW = "2026-12-01T10:00:00-05:00"  # a Tuesday, New York
ZONE = "America/New_York"


def run(cli: Callable[..., Any], *args: str, now: str = NOW) -> Any:
    return cli("--now", now, "--tz", ZONE, *args)


def listed(cli: Callable[..., Any]) -> list[tuple[str, str, str | None]]:
    return [(r["text"], r["due"], r.get("rule")) for r in run(cli, "--json", "reminders", "list").json()]


def test_a_repeat_said_gives_a_repeating_reminder_new_days_from_now_on(steward_home: Any, cli: Callable[..., Any]) -> None:
    made = run(cli, "--json", "remind", "every monday at 9", "feed the fish").json()
    r = run(cli, "--json", "reminders", "move", str(made["id"]), "every thursday")
    assert r.code == 0, r.err
    changed = r.json()
    assert (changed["due"], changed["rule"]) == ("2026-12-03T09:00:00-05:00", "FREQ=WEEKLY;BYDAY=TH")
    assert listed(cli) == [("feed the fish", "2026-12-03T09:00:00-05:00", "FREQ=WEEKLY;BYDAY=TH")]
    # the same days at a new time
    r = run(cli, "reminders", "move", str(changed["id"]), "7:30 am", "--series")
    assert r.code == 0, r.err
    assert "every Thursday at 07:30 from now on" in r.out
    assert listed(cli) == [("feed the fish", "2026-12-03T07:30:00-05:00", "FREQ=WEEKLY;BYDAY=TH")]
    app = build_app(load(None), make_clock(ZONE, NOW), resolve_paths())
    try:
        log = [(e["detail"]["was"], e["detail"]["rule"]) for e in entries(app.db, "reminder.series")]
    finally:
        app.close()
    assert log == [("FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=TH"), ("FREQ=WEEKLY;BYDAY=TH", "FREQ=WEEKLY;BYDAY=TH")]


def test_a_repeat_for_a_one_off_or_a_time_alone_without_series_is_one_line_and_nothing_changes(
        steward_home: Any, cli: Callable[..., Any]) -> None:
    one = run(cli, "--json", "remind", "friday 5 pm", "call the plumber").json()
    weekly = run(cli, "--json", "remind", "every monday at 9", "feed the fish").json()
    for args, said in (((str(one["id"]), "every friday"), "does not repeat"),
                       ((str(one["id"]), "8 am", "--series"), "does not repeat"),
                       ((str(weekly["id"]), "tomorrow", "--series"), "can't tell how 'tomorrow' repeats"),
                       ((str(weekly["id"]), "every monday"), "already repeats that way")):
        r = run(cli, "reminders", "move", *args)
        assert r.code == 1 and r.out == "" and r.err.count("\n") == 1 and said in r.err, (args, r.err)
    assert listed(cli) == [("call the plumber", "2026-12-04T17:00:00-05:00", None),
                           ("feed the fish", "2026-12-07T09:00:00-05:00", "FREQ=WEEKLY;BYDAY=MO")]
    # a day and time without a repeat still moves the one time
    r = run(cli, "reminders", "move", str(weekly["id"]), "wednesday 10 am")
    assert r.code == 0, r.err
    assert listed(cli)[0] == ("feed the fish", "2026-12-02T10:00:00-05:00", "FREQ=WEEKLY;BYDAY=MO")


def test_in_words_a_repeat_as_the_new_time_changes_every_time_from_now_on(
        steward_home: Any, cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", ZONE)

    def say(text: str) -> dict[str, Any]:
        r = cli("--now", NOW, "--json", "chat", "--session", "s1", text)
        assert r.code == 0, r.err
        return r.json()

    assert say("remind me every monday at 9 to feed the fish")["writes"]
    done = say("move my fish reminder to thursdays")
    assert done["handled_by"] == "reminder_management", done
    assert done["reply"] == "Changed: feed the fish now repeats every Thursday at 09:00, from Thu, 3 Dec 2026 at 09:00."
    assert listed(cli) == [("feed the fish", "2026-12-03T09:00:00-05:00", "FREQ=WEEKLY;BYDAY=TH")]
    # a day that is not a repeat moves this time only
    again = say("move the fish reminder to friday")
    assert "Only this time" in again["reply"]
    assert listed(cli) == [("feed the fish", "2026-12-04T09:00:00-05:00", "FREQ=WEEKLY;BYDAY=TH")]


@pytest.mark.server
@pytest.mark.slow
def test_on_radicale_the_new_repeat_is_read_back_by_another_client_across_the_clock_change(
        radicale: Radicale, monkeypatch: pytest.MonkeyPatch, steward_home: Any) -> None:
    pytest.importorskip("radicale", reason="radicale is in the dev extra")
    import recurring_ical_events
    from caldav.davclient import DAVClient

    url = radicale.new_calendar()
    use_caldav(monkeypatch, url)
    app = build_app(load(resolve_paths().config_file), make_clock(ZONE, "2026-10-27T12:00:00-04:00"), resolve_paths())
    try:
        made = app.calendar.create_repeating("feed the fish", "every monday at 9", provenance={"via": "cli"})
        assert made.id is not None
        app.calendar.move_reminder(made.id, "tuesday 8 am", provenance={"via": "cli"})  # one time moved first
        changed = app.calendar.move_reminder_series(made.id, "every thursday at 7 pm", provenance={"via": "cli"})
        series = app.calendar.series_of(changed)
        assert series is not None and series.caldav_uid
        assert app.calendar.reconcile_reminders() == []  # read back: kept as written
    finally:
        app.close()
    assert changed.due.isoformat() == "2026-10-29T19:00:00-04:00"
    whole = DAVClient(url=url, username="me", password="x").calendar(url=url).todo_by_uid(series.caldav_uid)
    todos = recurring_ical_events.of(whole.icalendar_instance, components=["VTODO"]).between((2026, 10, 27),
                                                                                            (2026, 11, 13))
    # the old Mondays and the Tuesday moved of them are gone; Thursdays at 19:00 on New York's clock
    assert sorted(t.decoded("due").isoformat() for t in todos) == [
        "2026-10-29T19:00:00-04:00", "2026-11-05T19:00:00-05:00", "2026-11-12T19:00:00-05:00"]


def test_the_day_shows_a_time_of_a_repeating_reminder_moved_or_skipped_on_its_own(
        steward_home: Any, cli: Callable[..., Any]) -> None:
    made = run(cli, "--json", "remind", "every monday at 9", "feed the fish").json()
    run(cli, "remind", "every tuesday at 8", "water the plants")
    moved = run(cli, "--json", "reminders", "move", str(made["id"]), "11 am").json()  # Monday the 7th alone
    assert run(cli, "reminders", "cancel", str(moved["id"])).code == 0  # and then skipped
    plants = [r for r in run(cli, "--json", "reminders", "list").json() if r["text"] == "water the plants"]
    assert run(cli, "reminders", "move", str(plants[0]["id"]), "wednesday 7 am").code == 0  # 8 Dec to the 2nd

    def day(when: str) -> list[tuple[str, str, str | None, str | None]]:
        items = run(cli, "--json", "schedule", when).json()["items"]
        return [(i["text"], i["due"][11:16], i.get("state"), (i.get("moved_from") or "")[:16] or None) for i in items]

    assert day("december 7") == [("feed the fish", "11:00", "skipped", None)]
    assert day("december 2") == [("water the plants", "07:00", "moved", "2026-12-08T08:00")]
    assert day("december 14") == [("feed the fish", "09:00", None, None)]
    assert day("december 15") == [("water the plants", "08:00", None, None)]
    # a whole series cancelled, or given new days, leaves nothing shown as skipped
    run(cli, "reminders", "cancel", "--series", str(plants[0]["id"]))
    fish = [r for r in run(cli, "--json", "reminders", "list").json() if r["text"] == "feed the fish"]
    run(cli, "reminders", "move", str(fish[0]["id"]), "every friday")
    assert day("december 2") == [] and day("december 7") == [] and day("december 14") == []
