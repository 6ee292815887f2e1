"""Dates as people write them in mail, forms and speech-to-text: a month name joined by "/" or "-",
dotted dates (day first), a weekday beside a date, four-digit clock times after a day, spoken years,
"p . m ." as a recogniser writes it, "the day after christmas". One group of tests per kind; each
phrase is checked whole (`resolve`) and, where a sentence is the natural form, inside one (`find`)."""

from __future__ import annotations

import pytest

from steward.clock import Clock, make_clock
from steward.dates import find, resolve

# Tuesday 1 December 2026, 09:00 in London
TUESDAY = make_clock("Europe/London", "2026-12-01T09:00:00+00:00")
# Friday 9 July 2027, 10:00 in London
FRIDAY = make_clock("Europe/London", "2027-07-09T10:00:00+01:00")


def when(text: str, clock: Clock = TUESDAY) -> str:
    found = resolve(text, clock)
    assert found is not None, f"{text!r} was not understood"
    fmt = "%a %Y-%m-%d" if not found.has_time else "%a %Y-%m-%d %H:%M"
    return found.start.strftime(fmt)


def inside(sentence: str, clock: Clock = TUESDAY) -> tuple[str, str]:
    found = find(sentence, clock)
    assert found is not None, f"nothing found in {sentence!r}"
    fmt = "%a %Y-%m-%d" if not found.has_time else "%a %Y-%m-%d %H:%M"
    return found.start.strftime(fmt), found.text


# -- the day after / before a named day or a date -----------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("the day after christmas", "Sat 2026-12-26"),
    ("the day before christmas", "Thu 2026-12-24"),
    ("day after christmas", "Sat 2026-12-26"),
    ("the day after new year's day", "Sat 2027-01-02"),
    ("the day before easter", "Sat 2027-03-27"),
    ("the day before 5 march", "Thu 2027-03-04"),
    ("the day after the 14th", "Tue 2026-12-15"),
    ("the day after boxing day", "Sun 2026-12-27"),
    ("the day before christmas at 9am", "Thu 2026-12-24 09:00"),
    ("two days after christmas", "Sun 2026-12-27"),
    ("the day after tomorrow", "Thu 2026-12-03"),
    ("the day before yesterday", "Sun 2026-11-29"),
])
def test_the_day_after_or_before_a_day_counts_from_that_day(text: str, expected: str) -> None:
    assert when(text) == expected


def test_the_day_after_inside_a_sentence_is_cut_out_whole() -> None:
    assert inside("remind me the day after christmas to call mum") == ("Sat 2026-12-26", "the day after christmas")
    assert inside("pack the car the day before christmas") == ("Thu 2026-12-24", "the day before christmas")


def test_the_day_after_said_alone_is_the_day_after_today() -> None:
    assert when("the day after") == "Wed 2026-12-02"
    assert inside("call the plumber the day after.") == ("Wed 2026-12-02", "the day after")


# -- a month name joined to numbers --------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("Jun/14", "Mon 2027-06-14"),
    ("Sep-23-2027", "Thu 2027-09-23"),
    ("2027/Sep/23", "Thu 2027-09-23"),
    ("14-jun", "Mon 2027-06-14"),
    ("23-Sep-2027", "Thu 2027-09-23"),
    ("May/22", "Sat 2027-05-22"),
])
def test_a_month_name_joined_by_a_slash_or_dash_is_a_date(text: str, expected: str) -> None:
    assert when(text) == expected


# -- dotted dates are day first -------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("10.11.2027", "Wed 2027-11-10"),
    ("14.06.", "Mon 2027-06-14"),
    ("on 03.02.", "Wed 2027-02-03"),
    ("31.10.1974", "Thu 1974-10-31"),
    ("10.31.1974", "Thu 1974-10-31"),  # a second part above 12 can only be the day
])
def test_a_dotted_date_is_day_first(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_dotted_number_without_its_closing_dot_is_still_a_time() -> None:
    assert when("friday 12.30") == "Fri 2026-12-04 12:30"


# -- a weekday beside a date ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("Thursday 21/10/2027", "Thu 2027-10-21"),
    ("Monday 21", "Mon 2026-12-21"),      # the next 21st that is a Monday
    ("Friday 2027-7-9", "Fri 2027-07-09"),
])
def test_a_weekday_beside_a_date_names_that_date(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_weekday_beside_todays_date_is_today_not_next_week() -> None:
    assert when("Friday 2027-7-9", FRIDAY) == "Fri 2027-07-09"


def test_a_weekday_settles_which_part_of_a_numeric_date_is_the_day() -> None:
    # 9/7 read month first is a Tuesday in September; 9 July is the Friday said
    assert when("friday 9/7", FRIDAY) == "Fri 2027-07-09"


def test_a_weekday_in_brackets_and_a_dash_before_the_time() -> None:
    # on 1 March 2028 the coming 22 May is a Monday; the Tuesday said is the 22nd of the year after
    found = resolve("May/22(Tue)-11:30 AM", make_clock("Europe/London", "2028-03-01T09:00:00+00:00"))
    assert found is not None
    assert found.start.strftime("%a %Y-%m-%d %H:%M") == "Tue 2029-05-22 11:30"


def test_a_weekday_no_nearby_year_agrees_with_is_a_slip() -> None:
    # 6 April 2027 is a Tuesday, 2026's a Monday, 2028's a Thursday: the coming 6 April, not 2022's
    assert inside("flights on wednesday april sixth") == ("Tue 2027-04-06", "on wednesday april sixth")


def test_a_task_for_one_day_done_on_another_stays_two_days() -> None:
    # "the 25th on friday" is not "Friday the 25th"
    found = find("prepare slides for the 25th on friday", TUESDAY)
    assert found is not None and found.text != "the 25th on friday"


# -- four digits after a day ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("2 Nov 1815", "Tue 2027-11-02 18:15"),   # 1815 is a clock time, not the year
    ("Sunday 1925", "Sun 2026-12-06 19:25"),
    ("wed 1830", "Wed 2026-12-02 18:30"),
    ("2 Nov 1999", "Tue 1999-11-02"),         # a year that can be one stays a year
    ("since 2014", "Wed 2014-01-01"),
])
def test_four_digits_after_a_day_are_a_clock_time_when_they_cannot_be_a_year(text: str, expected: str) -> None:
    assert when(text) == expected


# -- a day and a month's name, then a clock time ----------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "expected"), [
    ("When: 5 December 10:00am", "Sat 2026-12-05 10:00"),   # the hour after the month is not its day
    ("arrive on 12 December, 4:15pm please", "Sat 2026-12-12 16:15"),
    ("from 9 January 10.30am", "Sat 2027-01-09 10:30"),
    ("December 10 at 10:00", "Thu 2026-12-10 10:00"),        # a month's day stays a day
    ("the 2nd of December 09:15", "Wed 2026-12-02 09:15"),
])
def test_a_clock_time_after_a_day_and_month_is_the_hour_not_the_day(sentence: str, expected: str) -> None:
    assert inside(sentence)[0] == expected


# -- times as speech recognisers write them ----------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("seven p . m .", "Tue 2026-12-01 19:00"),
    ("7 p. m.", "Tue 2026-12-01 19:00"),
    ("half past seven o'clock", "Tue 2026-12-01 19:30"),
    ("11ish", "Tue 2026-12-01 11:00"),
    ("7ampm", "Tue 2026-12-01 19:00"),    # the next seven o'clock
    ("7 am/pm", "Tue 2026-12-01 19:00"),
])
def test_spoken_and_unsure_clock_times(text: str, expected: str) -> None:
    assert when(text) == expected


# -- spoken years ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("nineteen eighty six", "Wed 1986-01-01"),
    ("march third nineteen eighty six", "Mon 1986-03-03"),
    ("in twenty twenty seven", "Fri 2027-01-01"),
    ("the twenty first of june twenty twenty seven", "Mon 2027-06-21"),
])
def test_a_spoken_year(text: str, expected: str) -> None:
    assert when(text) == expected


def test_two_number_words_that_can_be_a_clock_time_stay_one() -> None:
    assert when("at nineteen thirty") == "Tue 2026-12-01 19:30"


# -- the end of a named day, "this" with a numeric date ---------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("end of tomorrow", "Wed 2026-12-02 17:00"),
    ("by the end of friday", "Fri 2026-12-04 17:00"),
    ("previous wednesday", "Wed 2026-11-25"),
    ("this 5/12", "Tue 2026-05-12"),    # this year's, though it has passed
])
def test_the_end_of_a_day_and_this_years_date(text: str, expected: str) -> None:
    assert when(text) == expected


# -- mail and ISO timestamps, offsets ----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("Wed, 09 Dec 2026 16:20:00 +0000", "Wed 2026-12-09 16:20"),
    ("2026-12-09T16:20:00Z", "Wed 2026-12-09 16:20"),
    ("2026-12-09T16:20:00+05:30", "Wed 2026-12-09 10:50"),   # shown on the user's clock (London)
    ("16th Dec 2026, 11:30 hrs", "Wed 2026-12-16 11:30"),
    ("1700 hrs tomorrow", "Wed 2026-12-02 17:00"),
    ("sat 12 dec, 0715H", "Sat 2026-12-12 07:15"),
    ("by 2130h tomorrow", "Wed 2026-12-02 21:30"),
])
def test_timestamps_as_mail_and_machines_write_them(text: str, expected: str) -> None:
    assert when(text) == expected


# -- short and regional forms ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("next week on wednesday", "Wed 2026-12-09"),
    ("next week Wednesday", "Wed 2026-12-09"),
    ("nxt fri", "Fri 2026-12-11"),
    ("next month 5th", "Tue 2027-01-05"),
    ("the 20th of the month", "Sun 2026-12-20"),
    ("25th morning", "Fri 2026-12-25 09:00"),
    ("tmrw am", "Wed 2026-12-02 09:00"),
    ("tmrw pm", "Wed 2026-12-02 15:00"),
    ("thurs eve", "Thu 2026-12-03 19:00"),
    ("mon morn", "Mon 2026-12-07 09:00"),
    ("nye", "Thu 2026-12-31"),
    ("Republic Day", "Tue 2027-01-26"),
    ("seven thirty tomorrow morning", "Wed 2026-12-02 07:30"),
    ("four forty five", "Tue 2026-12-01 16:45"),
])
def test_short_spoken_and_regional_forms(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_weekday_picks_the_nearer_reading_that_falls_on_it() -> None:
    # 11/12 month first is 12 November (a Friday next year); day first the 11th of December, a Friday
    assert when("fri 11/12") == "Fri 2026-12-11"


def test_numbers_that_are_not_a_time_stay_numbers() -> None:
    for text in ("I have 3 kids", "room 1204", "page 42", "call +4420 7946 0000", "order 2 pizzas"):
        assert resolve(text, TUESDAY) is None, text


def test_a_count_after_for_is_not_a_time() -> None:
    assert inside("i'd like a table for four at 7:30 tonight") == ("Tue 2026-12-01 19:30", "at 7:30 tonight")
    assert inside("please confirm the booking for 12/18 at 8 pm") == ("Fri 2026-12-18 20:00", "12/18 at 8 pm")
    assert inside("set an alarm for 6") == ("Tue 2026-12-01 18:00", "for 6")
