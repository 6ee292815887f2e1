"""A booking its mail says repeats ("Weekly piano lesson", "every Tuesday at 4pm", "fortnightly") is kept as
a series: its proposal carries the RRULE, the span asked of shows each of its times, and accepting it puts a
repeating event on the calendar. Mail that names one time ("your next lesson is on Tuesday") is one booking."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, scan_mail, write_folder
from steward.appointments.repeats import repeat_in_subject, repeat_said

ZONE = "Pacific/Auckland"
NOW = "2026-03-10T08:00:00+13:00"
AKL = ZoneInfo(ZONE)
STUDIO = ("Kauri Music Studio", "lessons@kaurimusic.example")
TUE = datetime(2026, 3, 17, 16, 0, tzinfo=AKL)


@pytest.mark.parametrize(("text", "rule"), [
    ("Your lesson is every Tuesday at 4pm.", "FREQ=WEEKLY;BYDAY=TU"),
    ("Lessons run weekly from Tuesday 17 March at 4pm.", "FREQ=WEEKLY;BYDAY=TU"),
    ("We'll see you fortnightly, starting Tuesday 17 March at 4pm.", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
    ("Every other Tuesday at 4pm.", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
    ("Your clean is booked once a month, first on Tuesday 17 March at 4pm.", "FREQ=MONTHLY"),
    ("Your next lesson is on Tuesday 17 March at 4pm.", None),
    ("Your lesson is every Wednesday; this week it is Tuesday 17 March at 4pm.", None),
    ("Your trial lesson is on Tuesday 17 March at 4pm; lessons are weekly after that.", None),
])
def test_how_often_a_booking_repeats_is_read_from_its_words(text: str, rule: str | None) -> None:
    assert repeat_said(text, TUE) == rule


def test_a_subject_says_a_series_only_right_before_what_is_booked() -> None:
    import re

    booked = re.compile(r"\b(?:lesson|visit|appointment)\b", re.I)
    assert repeat_in_subject("Weekly piano lesson with Ms Rua", TUE, booked) == "FREQ=WEEKLY;BYDAY=TU"
    assert repeat_in_subject("Weekly update: your appointment", TUE, booked) is None
    assert repeat_in_subject("Your monthly newsletter", TUE, booked) is None


def _lesson(subject: str, body: str) -> bytes:
    return message("kms-1@kaurimusic.example", STUDIO, subject, body, datetime(2026, 3, 6, 11, 0, tzinfo=AKL))


def test_a_weekly_lesson_is_proposed_as_a_series(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    mail = _lesson("Weekly piano lesson with Ms Rua",
                   "Kia ora Hana,\nYour piano lesson is confirmed for Tuesday 17 March at 4:00pm.\nKauri Music Studio\n")
    items = scan_mail(tmp_path, cli, {"a": mail}, NOW, ZONE)
    proposed = [i for i in items if i["status"] == "proposed"]
    assert [(i["provider"], i["start"], i.get("rule")) for i in proposed] == [
        ("Kauri Music Studio", "2026-03-17T16:00:00+13:00", "FREQ=WEEKLY;BYDAY=TU")]


def test_a_lesson_of_one_time_is_one_booking(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    mail = _lesson("Your next piano lesson",
                   "Kia ora Hana,\nYour next piano lesson is confirmed for Tuesday 17 March at 4:00pm.\n")
    items = scan_mail(tmp_path, cli, {"a": mail}, NOW, ZONE)
    assert [i.get("rule") for i in items if i["status"] == "proposed"] == [None]


def test_a_series_is_at_each_of_its_times_and_goes_on_the_calendar_repeating(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    import os

    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    mail = _lesson("Piano lessons with Ms Rua",
                   "Kia ora Hana,\nYour first piano lesson is booked for Tuesday 17 March at 4:00pm, then every "
                   "Tuesday at the same time.\n")
    now = ("--now", NOW, "--tz", ZONE)
    assert cli(*now, "mail", "import", str(write_folder(tmp_path / "mail", {"a": mail}))).code == 0
    assert cli(*now, "appointments", "scan").code == 0
    app = build_app(load(None), make_clock(ZONE, NOW), resolve_paths(os.environ["STEWARD_HOME"]))
    start = datetime(2026, 3, 23, tzinfo=AKL)
    times = [i.start for i in app.appointments.between(start, start + timedelta(days=14))]
    assert times == [datetime(2026, 3, 24, 16, 0, tzinfo=AKL), datetime(2026, 3, 31, 16, 0, tzinfo=AKL)]
    (proposal,) = app.appointments.proposals()
    assert proposal.id is not None
    made = app.appointments.accept(proposal.id)
    assert made.status == "created"
    week = app.calendar.events_between(start, start + timedelta(days=14))
    assert [e.start for e in week] == times


def test_a_series_whose_first_time_has_gone_is_still_ahead_at_its_next_time(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    import os

    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    mail = _lesson("Weekly piano lesson with Ms Rua",
                   "Kia ora Hana,\nYour piano lesson is confirmed for Tuesday 17 March at 4:00pm.\n")
    now = ("--now", NOW, "--tz", ZONE)
    assert cli(*now, "mail", "import", str(write_folder(tmp_path / "mail", {"a": mail}))).code == 0
    assert cli(*now, "appointments", "scan").code == 0
    later = build_app(load(None), make_clock(ZONE, "2026-03-25T09:00:00+13:00"),
                      resolve_paths(os.environ["STEWARD_HOME"]))
    ahead = [(i.provider, i.start) for i in later.appointments.recent()]
    assert ahead == [("Kauri Music Studio", datetime(2026, 3, 31, 16, 0, tzinfo=AKL))]
