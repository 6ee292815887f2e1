"""The person's locale in what Steward says outside the page: a reminder's notification, a due's
notification, a reminder reply, `steward when`, the day at the top of the page, counts in `mail sync`
and `mail status`. Each in more than one locale (en_GB, en_US, en_IN)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from steward.clock import make_clock
from steward.finance.service import _notification
from steward.formats import Formats
from steward.notify import Notification
from steward.records.finance import Due

LONDON = ZoneInfo("Europe/London")
KOLKATA = ZoneInfo("Asia/Kolkata")
DUE = datetime(2026, 12, 5, 17, 0, tzinfo=LONDON)


@pytest.mark.parametrize(("locale", "title", "late"), [
    ("en_GB", "Reminder · 17:00", "late: was due Sat 5 Dec, 17:00"),
    ("en_US", "Reminder · 5:00\u202fPM", "late: was due Sat, Dec 5, 5:00\u202fPM"),
])
def test_a_reminders_notification_tells_the_time_the_locales_way(locale: str, title: str, late: str) -> None:
    on_time = Notification(1, "Call the plumber", DUE, locale=locale)
    assert on_time.title == title
    assert Notification(1, "Call the plumber", DUE, late=True, locale=locale).line().count(late) == 1
    assert on_time.line().startswith(f"⏰ {title.split(' · ')[1]}  Call the plumber")


@pytest.mark.parametrize(("locale", "text"), [
    ("en_IN", "Kaveri Bank card XXXX4821: ₹1,00,001.90 due Tue, 8 Dec"),
    ("en_US", "Kaveri Bank card XXXX4821: ₹100,001.90 due Tue, Dec 8"),
])
def test_a_dues_notification_writes_the_sum_and_the_day_the_locales_way(locale: str, text: str) -> None:
    due = Due(7, "Kaveri Bank", "card", "4821", Decimal("100001.90"), None, "INR", date(2026, 12, 8), "Asia/Kolkata",
              False, "open", 1, "", datetime(2026, 12, 1, tzinfo=KOLKATA))
    clock = make_clock("Asia/Kolkata", "2026-12-05T10:00:00+05:30", locale=locale)
    note = _notification(due, date(2026, 12, 5), clock)
    assert note.text == text and note.title == "Payment due in 3 days"


@pytest.fixture
def app_in(steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], Any]]:
    """`app_in(locale[, now])`: the App of this test's home in London (on Saturday 5 Dec 2026), in that locale."""
    from steward.app import build_app
    from steward.paths import resolve_paths
    from steward.settings import load

    built: list[Any] = []

    def make(locale: str, now: str = "2026-12-05T10:00:00+00:00") -> Any:
        monkeypatch.setenv("STEWARD_LOCALE", locale)
        built.append(build_app(load(None), make_clock("Europe/London", now, locale=locale),
                               resolve_paths(str(steward_home))))
        return built[-1]

    yield make
    for app in built:
        app.close()


@pytest.mark.parametrize(("locale", "day", "said"), [("en_GB", "Sun, 6 Dec 2026", "at 17:00"),
                                                    ("en_US", "Sun, Dec 6, 2026", "at 5:00\u202fPM")])
def test_a_reminder_reply_says_its_time_the_locales_way(app_in: Callable[..., Any], locale: str, day: str,
                                                        said: str) -> None:
    app = app_in(locale)
    set_it = app.engine.turn("remind me tomorrow at 5 pm to call the plumber", session="s", dry_run=True)
    assert f"{day} {said}: call the plumber" in set_it.reply, set_it.reply
    app.engine.turn("remind me tomorrow at 5 pm to call the plumber", session="t")
    listed = app.engine.turn("what reminders do I have?", session="u")
    assert said in listed.reply, listed.reply
    # the page draws the list as a day with its time, written the same way
    [day] = listed.data["view"]["days"]
    assert [(i["time_text"], i["title"]) for i in day["items"]] == [(said.removeprefix("at "), "call the plumber")]


@pytest.mark.parametrize(("locale", "day"), [("en_GB", "Tue, 15 Sept 2026 at 10:00"),
                                            ("en_US", "Tue, Sep 15, 2026 at 10:00\u202fAM")])
def test_a_reminder_an_event_said_and_one_moved_are_written_the_locales_way(app_in: Callable[..., Any], locale: str,
                                                                            day: str) -> None:
    app = app_in(locale, "2026-09-14T08:00:00+01:00")
    reminded = app.engine.turn("remind me tomorrow at 10 am to renew the car tax", session="r")
    assert reminded.reply == f"Got it \u2014 I'll remind you on {day}: renew the car tax" or \
        f"for {day}: renew the car tax" in reminded.reply, reminded.reply
    added = app.engine.turn("add a haircut tomorrow at 9 am", session="e")
    assert added.handled_by == "event_changes", added.reply
    moved = app.engine.turn("move the haircut to 10 am", session="e")
    assert f"Moved: haircut is now {day}\u2013" in moved.reply, moved.reply
    cancelled = app.engine.turn("cancel the haircut", session="e")
    assert cancelled.reply == f"Cancelled: haircut ({day}).", cancelled.reply


@pytest.mark.parametrize(("locale", "said"), [("en_GB", "Moved: dentist \u2014 Tue, 15 Sept 2026 10:00-11:00"),
                                              ("en_US", "Moved: dentist \u2014 Tue, Sep 15, 2026 10:00\u202fAM-11:00\u202fAM")])
def test_the_calendar_commands_write_the_day_the_locales_way(cli: Any, monkeypatch: pytest.MonkeyPatch, locale: str,
                                                             said: str) -> None:
    monkeypatch.setenv("STEWARD_LOCALE", locale)
    now = ("--now", "2026-09-14T08:00:00+01:00", "--tz", "Europe/London")
    assert cli(*now, "calendar", "add", "tomorrow at 9 am", "dentist").code == 0
    moved = cli(*now, "calendar", "move", "the dentist", "tomorrow at 10 am")
    assert moved.code == 0 and said in moved.out, moved.out


@pytest.mark.parametrize(("locale", "means"), [
    ("en_GB", "means  Sun 6 Dec, 17:00  (London)"),
    ("en_US", "means  Sun, Dec 6, 5:00\u202fPM  (London)"),
    ("en_IN", "means  Sun, 6 Dec, 5:00\u202fPM  (London)"),
])
def test_steward_when_says_what_it_means_the_locales_way(cli: Any, monkeypatch: pytest.MonkeyPatch, locale: str,
                                                        means: str) -> None:
    monkeypatch.setenv("STEWARD_LOCALE", locale)
    r = cli("--now", "2026-12-05T10:00:00+00:00", "--tz", "Europe/London", "when", "tomorrow", "at", "5", "pm")
    assert r.code == 0 and means in r.out, r.out
    assert "local  Sun 2026-12-06 17:00:00 +0000" in r.out  # the exact moment stays, for checking


@pytest.mark.parametrize(("locale", "count"), [("en_GB", "100,000"), ("en_IN", "1,00,000"), ("de_DE", "100.000")])
def test_a_count_is_grouped_the_locales_way(locale: str, count: str) -> None:
    assert Formats(locale).number(100000) == count


@pytest.mark.parametrize(("locale", "day"), [("en_GB", "Saturday, 5 December 2026"),
                                             ("en_US", "Saturday, December 5, 2026")])
def test_the_page_opens_on_the_day_written_the_locales_way(steward_home: Path, monkeypatch: pytest.MonkeyPatch,
                                                           locale: str, day: str) -> None:
    from fastapi.testclient import TestClient

    from serve_helpers import in_process
    from steward.paths import resolve_paths

    config = resolve_paths(str(steward_home)).config_file
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'locale = "{locale}"\n')
    with TestClient(in_process(steward_home, "2026-12-05T10:00:00+00:00"), base_url="http://127.0.0.1:8765") as c:
        assert day in c.get("/").text
