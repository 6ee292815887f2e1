"""Named days on every calendar: the dates people observe, the eve convention, and the lazy import."""

from __future__ import annotations

import subprocess
import sys

import pytest

from steward.clock import make_clock
from steward.dates import _calendars as calendars
from steward.dates import find, resolve

# Cases marked Duckling are test cases of Duckling (facebook/duckling @ 2c22658, BSD-3-Clause,
# Copyright (c) 2016-present, Facebook, Inc.), kept as regressions; its licence is in tests/THIRD_PARTY.md.
# Its whole suite runs from ../shared/data (test_dates_grammar.py).

JAN_2024 = make_clock("", "2024-01-10T10:00:00+00:00")


def day_span(text: str) -> tuple[str, str | None]:
    found = resolve(text, JAN_2024)
    assert found is not None, f"{text!r} was not understood"
    assert found.grain == "day" and not found.has_time
    return found.start.date().isoformat(), found.end.date().isoformat() if found.end else None


@pytest.mark.parametrize(("text", "first", "after"), [
    # Islamic (Umm al-Qura, as Saudi Arabia observes them)
    ("eid al-fitr 2018", "2018-06-15", "2018-06-16"),  # Duckling
    ("Eid ul-Adha 2024", "2024-06-16", "2024-06-17"),
    ("bakrid 2024", "2024-06-16", "2024-06-17"),
    ("ramadan 2024", "2024-03-11", "2024-04-10"),      # until Eid al-Fitr
    # Hindu (India's observance)
    ("diwali 2023", "2023-11-12", "2023-11-13"),
    ("Deepavali in 2024", "2024-10-31", "2024-11-01"),
    ("holi 2024", "2024-03-25", "2024-03-26"),
    # Chinese
    ("chinese new year", "2024-02-10", "2024-02-11"),
    ("lunar new year 2025", "2025-01-29", "2025-01-30"),
    # Jewish: from the eve (the holiday begins at sundown) to the end of the last day
    ("yom kippur 2024", "2024-10-11", "2024-10-13"),
    ("passover 2024", "2024-04-22", "2024-05-01"),
    ("hanukkah 2024", "2024-12-25", "2025-01-03"),
    ("rosh hashanah 2025", "2025-09-22", "2025-09-25"),
    ("purim 2024", "2024-03-23", "2024-03-25"),         # a leap year: Purim is in Adar II
    ("yom ha'atzmaut 2024", "2024-05-13", "2024-05-15"),  # 5 Iyar was a Monday: kept on Tuesday
    ("tisha b'av 2018", "2018-07-21", "2018-07-23"),      # 9 Av was Shabbat: the fast is on Sunday; Duckling
    # Christian periods
    ("lent 2024", "2024-02-14", "2024-03-31"),
    ("great lent 2018", "2018-02-19", "2018-03-31"),
])
def test_holidays_on_other_calendars_fall_on_the_observed_days(text: str, first: str, after: str) -> None:
    assert day_span(text) == (first, after)


def test_a_holiday_without_a_year_is_the_next_one_or_the_one_under_way() -> None:
    assert day_span("eid al-fitr") == ("2024-04-10", "2024-04-11")
    assert day_span("last diwali") == ("2023-11-12", "2023-11-13")
    in_ramadan = make_clock("", "2024-03-20T10:00:00+00:00")
    found = resolve("ramadan", in_ramadan)
    assert found is not None and found.start.date().isoformat() == "2024-03-11"


def test_holiday_names_inside_a_sentence_and_with_years() -> None:
    found = find("remind me to call grandma on Eid al-Adha", JAN_2024)
    assert found is not None and found.start.date().isoformat() == "2024-06-16"
    assert found.text == "on Eid al-Adha"
    assert day_span("diwali two years ago") == ("2022-10-24", "2022-10-25")
    assert day_span("super tuesday") == ("2024-03-05", "2024-03-06")


def test_a_name_that_is_also_a_word_counts_only_alone() -> None:
    assert resolve("lent", JAN_2024) is not None
    assert find("I lent him my bike", JAN_2024) is None


def test_a_date_outside_the_library_tables_is_none_not_a_guess() -> None:
    assert resolve("diwali 1950", JAN_2024) is None  # the Hindu tables start in 2001


def test_without_the_library_a_lunar_holiday_gives_no_date_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "holidays", None)  # import holidays -> ImportError
    monkeypatch.setitem(sys.modules, "holidays.calendars", None)
    calendars._calendar.cache_clear()
    monkeypatch.setattr(calendars, "_missing", set())
    try:
        assert resolve("diwali 2023", JAN_2024) is None
        assert calendars.missing() == ["holidays"]
        assert resolve("thanksgiving 2024", JAN_2024) is not None  # Gregorian days need nothing
    finally:
        calendars._calendar.cache_clear()


def test_the_cli_names_the_missing_extra(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "holidays", None)
    monkeypatch.setitem(sys.modules, "holidays.calendars", None)
    calendars._calendar.cache_clear()
    monkeypatch.setattr(calendars, "_missing", set())
    try:
        result = cli("when", "diwali 2023")
        assert result.code == 1
        assert "steward[holidays]" in result.err
    finally:
        calendars._calendar.cache_clear()


def test_the_calendar_libraries_are_imported_only_for_a_holiday_name() -> None:
    probe = ("import sys; from steward.cli import main; main(['when', {text!r}]); "
             "print('holidays' in sys.modules, 'pyluach' in sys.modules, file=sys.stderr)")
    plain = subprocess.run([sys.executable, "-c", probe.format(text="tomorrow at 5 pm")],
                           capture_output=True, text=True, check=True)
    assert plain.stderr.split() == ["False", "False"]
    holiday = subprocess.run([sys.executable, "-c", probe.format(text="diwali 2023")],
                             capture_output=True, text=True, check=True)
    assert holiday.stderr.split() == ["True", "False"]


def test_a_holiday_weekend_is_the_long_weekend_it_belongs_to() -> None:
    clock = make_clock("", "2026-02-12T09:00:00+00:00")
    labor = resolve("labor day weekend", clock)      # Monday 7 September 2026
    assert labor is not None and labor.end is not None
    assert (labor.start.date().isoformat(), labor.end.date().isoformat()) == ("2026-09-05", "2026-09-08")
    thanks = resolve("thanksgiving weekend", clock)  # Thursday 26 November 2026
    assert thanks is not None and thanks.end is not None
    assert (thanks.start.date().isoformat(), thanks.end.date().isoformat()) == ("2026-11-26", "2026-11-30")
    memorial = resolve("memorial day week-end", clock)  # Duckling
    assert memorial is not None and memorial.start.date().isoformat() == "2026-05-23"


@pytest.mark.parametrize(("text", "start"), [
    ("Our Christmas concert holds this Friday by 6pm in the church hall.", "2024-12-13T18:00"),
    ("the Easter egg hunt is on Saturday at 11am", "2024-12-14T11:00"),
    ("The Christmas lunch is on Christmas Eve at 1pm", "2024-12-24T13:00"),
    # a time alone after the holiday is the holiday's own
    ("Christmas Day services hold by 8am and 10am", "2024-12-25T08:00"),
    ("the office is closed for Christmas", "2024-12-25T00:00"),
])
def test_a_holiday_that_names_a_thing_gives_way_to_the_day_said(text: str, start: str) -> None:
    found = find(text, make_clock("Africa/Lagos", "2024-12-10T09:00:00+01:00"))
    assert found is not None and found.start.isoformat().startswith(start), (text, found)
