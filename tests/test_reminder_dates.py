"""Which date in a reminder request is when to remind and which describes what it is for."""

from datetime import datetime

import pytest

from steward.calendar.reminders.dates import reminder_dates, subject_of
from steward.clock import make_clock
from steward.vocab import load_vocab

V = load_vocab()
# a Monday morning in Kolkata
CLOCK = make_clock("Asia/Kolkata", datetime.fromisoformat("2026-09-14T10:00:00+05:30"))


def reminder(text: str) -> tuple[str, str | None]:
    found = reminder_dates(text, CLOCK, V)
    due = found.when.start.isoformat() if found.when else None
    return subject_of(text, V, found).subject, due


@pytest.mark.parametrize("text,subject,due", [
    # a possessive date says which meeting; the other date says when
    ("please remind me about tomorrow's review tonight", "tomorrow's review", "2026-09-14T21:00:00+05:30"),
    ("remind me tonight about tomorrow's meeting", "tomorrow's meeting", "2026-09-14T21:00:00+05:30"),
    # a holiday is the event when another day is said; alone it is the day
    ("add valentine's day with ana tomorrow", "valentine's day with ana", "2026-09-15T00:00:00+05:30"),
    ("remind me on valentine's day to buy flowers", "buy flowers", "2027-02-14T00:00:00+05:30"),
    ("add valentine's day to my calendar", "valentine's day", "2027-02-14T00:00:00+05:30"),
    # a determiner's date before a noun describes it
    ("remind me about the friday meeting on monday", "friday meeting", "2026-09-21T00:00:00+05:30"),
    ("remind me about the evening concert tomorrow", "evening concert", "2026-09-15T19:00:00+05:30"),
    ("remind me about the evening concert", "evening concert", "2026-09-14T19:00:00+05:30"),
    # ... but a time preposition makes it the time
    ("remind me in the morning call mom", "call mom", "2026-09-15T09:00:00+05:30"),
    ("remind me tomorrow to call mom", "call mom", "2026-09-15T00:00:00+05:30"),
    # a day said after "for" is what the task is for when another time is said
    ("remind me to prepare slides for the 25th on friday", "prepare slides for the 25th", "2026-09-18T00:00:00+05:30"),
    ("remind me to book the cabin for the july 4th weekend next week", "book the cabin for the july 4th weekend",
     "2026-09-21T00:00:00+05:30"),
    # ... alone, or made one day with the other by `find`, it is the time
    ("remind me to book a table for friday", "book a table", "2026-09-18T00:00:00+05:30"),
    ("remind me to book a table for friday next week", "book a table", "2026-09-25T00:00:00+05:30"),
])
def test_the_time_and_the_subject(text: str, subject: str, due: str) -> None:
    assert reminder(text) == (subject, due)


@pytest.mark.parametrize("text,subject,due", [
    ("remind me 30 minutes before the meeting at 5 pm", "meeting", "2026-09-14T16:30:00+05:30"),
    ("please remind me two hours before the interview i have tomorrow morning", "interview",
     "2026-09-15T07:00:00+05:30"),
    ("remind me two days before the trip on friday", "trip", "2026-09-16T00:00:00+05:30"),
    ("remind me 2 weeks before mom's birthday on december 3", "mom's birthday", "2026-11-19T00:00:00+05:30"),
])
def test_a_lead_counts_back_from_the_time_said_after_it(text: str, subject: str, due: str) -> None:
    assert reminder(text) == (subject, due)


def test_an_hour_before_a_whole_day_is_not_made_up() -> None:
    # no clock time to count back from: the lead stays what it says (the write path then refuses it)
    subject, due = reminder("remind me one hour before the trip on friday")
    assert due == "2026-09-14T09:00:00+05:30"


def test_the_events_name_keeps_a_holiday_and_drops_a_possessive_date() -> None:
    text = "add valentine's day with ana tomorrow"
    assert subject_of(text, V, reminder_dates(text, CLOCK, V)).core == "valentine's day"
    text = "remind me about tomorrow's review tonight"
    assert subject_of(text, V, reminder_dates(text, CLOCK, V)).core == "review"


def test_no_date_no_time() -> None:
    assert reminder("remind me to buy milk") == ("buy milk", None)


MONDAY_UTC = make_clock("UTC", datetime.fromisoformat("2026-11-30T10:00:00+00:00"))


@pytest.mark.parametrize("text,subject,due", [
    ("remind me in an hour and a half to stretch", "stretch", "2026-11-30T11:30:00+00:00"),
    ("remind me by EOD to send the report", "send the report", "2026-11-30T17:00:00+00:00"),
    ("remind me to send the EOD report tomorrow at 9", "send the EOD report", "2026-12-01T09:00:00+00:00"),
    ("remind me COB friday to file expenses", "file expenses", "2026-12-04T17:00:00+00:00"),
    ("remind me tomorrow after lunch to call ann", "call ann", "2026-12-01T14:00:00+00:00"),
    ("remind me same time tomorrow to take the pill", "take the pill", "2026-12-01T10:00:00+00:00"),
    ("remind me to water the plants 5ish", "water the plants", "2026-11-30T17:00:00+00:00"),
    ("remind me first thing tomorrow to call the bank", "call the bank", "2026-12-01T09:00:00+00:00"),
])
def test_spoken_times_are_cut_out_of_the_subject(text: str, subject: str, due: str) -> None:
    found = reminder_dates(text, MONDAY_UTC, V)
    assert found.when is not None and found.when.start.isoformat() == due
    assert subject_of(text, V, found).subject == subject
