"""Kinds of date language other parsers' test suites use and Steward did not read: a length counted
from a moment said after it, days counted from yesterday or tomorrow, a 24-hour clock time in four
digits said alone, a two-digit year after a date with the month's name, a year beside a month's
name in either order, a date with its month's name followed by a time, a date and a time joined by a
colon, two numbers before a part of the day, "may" starting a range of months, a length "out", a
tilde for "about", a month's name with a two-digit year, version numbers, a year's era (AD, BC, the
Buddhist era), a signed length after a day ("friday +2 days"), and numbers that are no date (decimals,
"4/13/1"). One test per kind, on sentences written for these tests; each kind also checks what must
stay unread."""

from __future__ import annotations

import pytest

from steward.clock import Clock, make_clock
from steward.dates import find, resolve

# Tuesday 1 December 2026, 09:00 in London
TUESDAY = make_clock("Europe/London", "2026-12-01T09:00:00+00:00")


def when(text: str, clock: Clock = TUESDAY) -> str | None:
    found = resolve(text, clock) or find(text, clock)
    if found is None:
        return None
    fmt = "%a %Y-%m-%d %H:%M" if found.has_time else "%a %Y-%m-%d"
    return found.start.strftime(fmt)


@pytest.mark.parametrize(("text", "expected"), [
    ("3 hours after noon", "Tue 2026-12-01 15:00"),
    ("two hours before 6pm", "Tue 2026-12-01 16:00"),
    ("2 hours after 7:15 pm", "Tue 2026-12-01 21:15"),
    ("an hour before friday", "Thu 2026-12-03 23:00"),
    ("ten minutes before now", "Tue 2026-12-01 08:50"),
    ("leave 20 minutes before 5 pm", "Tue 2026-12-01 16:40"),
])
def test_a_length_counts_from_the_moment_said_after_it(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_length_before_an_event_is_left_to_the_calendar() -> None:
    # "before the review" names an event, not a moment: the reminder looks it up, dates does not guess
    found = find("ping me 15 minutes before the review with Omar", TUESDAY)
    assert found is None or found.text != "15 minutes before the review"


@pytest.mark.parametrize(("text", "expected"), [
    ("3 days before yesterday", "Fri 2026-11-27"),
    ("one day after tomorrow", "Thu 2026-12-03"),
    ("2 days after tomorrow", "Fri 2026-12-04"),
])
def test_days_count_from_yesterday_or_tomorrow(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("1845", "Tue 2026-12-01 18:45"),
    ("0615", "Wed 2026-12-02 06:15"),
    ("0615am", "Wed 2026-12-02 06:15"),
    ("173015", "Tue 2026-12-01 17:30"),
])
def test_four_digits_alone_are_a_24_hour_time(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize("text", ["2031", "we sold 1845 tickets", "1845 and counting"])
def test_four_digits_that_can_be_a_year_or_a_count_stay_unread_as_times(text: str) -> None:
    found = resolve(text, TUESDAY) or find(text, TUESDAY)
    assert found is None or not found.has_time


@pytest.mark.parametrize(("text", "expected"), [
    ("12 Mar 88", "Sat 1988-03-12"),
    ("Oct 4, 71", "Mon 1971-10-04"),
    ("june 30 05", "Thu 2005-06-30"),
    ("born on 7th Sept 64", "Mon 1964-09-07"),
])
def test_a_two_digit_year_after_a_named_month_date(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("jan 14 11am", "Thu 2027-01-14 11:00"),
    ("feb 2 9am", "Tue 2027-02-02 09:00"),
])
def test_two_digits_that_are_a_time_or_a_count_are_not_a_year(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Nov-2031", "Sat 2031-11-01"),
    ("in April of 2029", "Sun 2029-04-01"),
    ("2030 July", "Mon 2030-07-01"),
    ("2028/Feb", "Tue 2028-02-01"),
    ("the launch is 2029 October 9", "Tue 2029-10-09"),
])
def test_a_year_beside_a_month_name_in_either_order(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the last day of the month", "Thu 2026-12-31"),
    ("the last day of next month", "Sun 2027-01-31"),
])
def test_the_last_day_of_the_month(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "name"), [
    ("the parents evening is on thursday", "on thursday"),
    ("quiz night at the bowls club", None),
    ("good night", None),
])
def test_a_part_of_the_day_after_a_noun_is_a_name_not_a_time(text: str, name: str | None) -> None:
    found = find(text, TUESDAY)
    assert (found.text if found else None) == name


@pytest.mark.parametrize(("text", "expected"), [
    ("wednesday evening", "Wed 2026-12-02 19:00"),
    ("tomorrow night", "Wed 2026-12-02 21:00"),
    ("the 9th morning", "Wed 2026-12-09 09:00"),
    ("boxing day evening", "Sat 2026-12-26 19:00"),
    ("christmas morning", "Fri 2026-12-25 09:00"),
    ("3 jan evening", "Sun 2027-01-03 19:00"),
])
def test_a_part_of_the_day_after_a_day_is_still_a_time(text: str, expected: str) -> None:
    assert when(text) == expected


UTC_CLOCK = make_clock("UTC", "2026-12-01T09:00:00+00:00")


@pytest.mark.parametrize(("text", "utc"), [
    ("the call is at 4 pm utc+05:30", "2026-12-01 10:30"),
    ("friday 9:00 (gmt-3:30)", "2026-12-04 12:30"),
    ("2027-01-15 18:00 ET", "2027-01-15 23:00"),       # eastern standard time in January
    ("2027-07-15 18:00 ET", "2027-07-15 22:00"),       # eastern daylight time in July
    ("2027-07-15 6 pm pt", "2027-07-16 01:00"),
])
def test_a_zone_said_after_a_time_follows_its_offset_or_its_daylight_saving(text: str, utc: str) -> None:
    found = find(text, UTC_CLOCK)
    assert found is not None and found.start.astimezone(UTC_CLOCK.zone).strftime("%Y-%m-%d %H:%M") == utc


def test_et_al_is_no_zone() -> None:
    found = find("the paper by Ng at 5 et al", UTC_CLOCK)
    assert found is not None and found.start.strftime("%H:%M") == "17:00"


@pytest.mark.parametrize("text", ["we were at 230 runs", "she is at 120 points", "2019-11-31", "2031-02-45"])
def test_a_count_after_at_and_a_date_with_no_such_day_are_no_dates(text: str) -> None:
    assert find(text, UTC_CLOCK) is None


@pytest.mark.parametrize(("text", "start", "end"), [
    ("from october to february 2031", "2030-10-01", "2031-03-01"),
    ("march to june 2029", "2029-03-01", "2029-07-01"),
    ("from 20 august to 3 september 2029", "2029-08-20", "2029-09-04"),
    ("dec 28 - jan 3, 2030", "2029-12-28", "2030-01-04"),
])
def test_a_year_said_at_the_end_of_a_range_is_the_starts_too(text: str, start: str, end: str) -> None:
    found = resolve(text, TUESDAY)
    assert found is not None and found.end is not None
    assert (found.start.strftime("%Y-%m-%d"), found.end.strftime("%Y-%m-%d")) == (start, end)


@pytest.mark.parametrize(("text", "expected"), [
    ("tomorrow 9", "Wed 2026-12-02 09:00"),
    ("8 tomorrow", "Wed 2026-12-02 08:00"),
    ("4 on thursday", "Thu 2026-12-03 16:00"),
    ("ring me friday 11:15", "Fri 2026-12-04 11:15"),
])
def test_an_hour_beside_a_day_at_the_end_is_that_days_hour(text: str, expected: str) -> None:
    assert when(text) == expected


def test_an_hour_beside_a_day_with_more_after_it_is_a_count() -> None:
    assert when("we need 4 chairs tomorrow") == "Wed 2026-12-02"
    assert when("tomorrow 4 chairs") == "Wed 2026-12-02"


@pytest.mark.parametrize(("text", "expected"), [
    ("next business day", "Wed 2026-12-02"),
    ("the previous working day", "Mon 2026-11-30"),
    ("in 4 business days", "Mon 2026-12-07"),
    ("next weekday", "Wed 2026-12-02"),
])
def test_working_days_skip_the_weekend(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "monday"), [
    ("the week of march 10th", "Mon 2027-03-08"),
    ("week commencing 18 january", "Mon 2027-01-18"),
    ("w/c 8/2", "Mon 2027-08-02"),
    ("the week of christmas", "Mon 2026-12-21"),
])
def test_the_week_of_a_day_is_the_week_it_falls_in(text: str, monday: str) -> None:
    found = resolve(text, TUESDAY)
    assert found is not None and found.grain == "week" and found.start.strftime("%a %Y-%m-%d") == monday


@pytest.mark.parametrize(("text", "expected"), [
    ('"7 pm"', "Tue 2026-12-01 19:00"),
    ("“next thursday”", "Thu 2026-12-10"),
    ("'quarter past ten'", "Tue 2026-12-01 10:15"),
])
def test_a_whole_text_in_quotes_is_read_inside_them(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_quoted_number_stays_a_number() -> None:
    assert resolve('"4.75"', TUESDAY) is None


@pytest.mark.parametrize(("text", "start", "end"), [
    ("March 3, 2031 - March 9, 2031", "2031-03-03", "2031-03-10"),
    ("feb 2, 2029 - feb 4, 2029", "2029-02-02", "2029-02-05"),
])
def test_a_range_of_two_dates_with_their_years(text: str, start: str, end: str) -> None:
    found = resolve(text, TUESDAY)
    assert found is not None and found.end is not None
    assert (found.start.strftime("%Y-%m-%d"), found.end.strftime("%Y-%m-%d")) == (start, end)


@pytest.mark.parametrize(("text", "expected"), [
    ("tonight at 2", "Wed 2026-12-02 02:00"),
    ("3 in the night", "Wed 2026-12-02 03:00"),
    ("saturday night at 1", "Sun 2026-12-06 01:00"),
    ("tonight at 10", "Tue 2026-12-01 22:00"),
])
def test_a_small_hour_at_night_is_after_midnight(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the week after next", "Mon 2026-12-14"),
    ("the month after this one", "Fri 2027-01-01"),
    ("the weekend after this one", "Sat 2026-12-12"),
    ("the thursday after this one", "Thu 2026-12-10"),
])
def test_a_period_after_next_or_after_this_one(text: str, expected: str) -> None:
    assert when(text) == expected


def test_after_this_with_a_noun_is_an_event_not_a_period() -> None:
    assert find("the week after this conference", TUESDAY) is None


@pytest.mark.parametrize(("text", "start", "end"), [
    ("between the 4th and the 8th of next month", "2027-01-04", "2027-01-09"),
    ("from the 27th to the 2nd of next month", "2026-12-27", "2027-01-03"),
    ("from the 30th to the 3rd of february", "2027-01-30", "2027-02-04"),
])
def test_the_month_said_with_the_end_of_a_range_is_the_starts_too(text: str, start: str, end: str) -> None:
    found = resolve(text, TUESDAY)
    assert found is not None and found.end is not None
    assert (found.start.strftime("%Y-%m-%d"), found.end.strftime("%Y-%m-%d")) == (start, end)


@pytest.mark.parametrize(("text", "expected"), [
    ("around lunchtime tomorrow", "Wed 2026-12-02 12:00"),
    ("thursday around lunch", "Thu 2026-12-03 12:00"),
    ("around dinner time on friday", "Fri 2026-12-04 19:00"),
])
def test_a_meal_said_around_is_its_time(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("start a timer for 2 minutes 15 seconds", "09:02:15"),
    ("set a timer for 1 hour, 10 minutes and 5 seconds", "10:10:05"),
])
def test_a_timer_for_a_length_in_several_units(text: str, expected: str) -> None:
    found = find(text, TUESDAY)
    assert found is not None and found.start.strftime("%H:%M:%S") == expected


def test_a_length_in_several_units_after_a_time_is_how_long() -> None:
    found = find("the call at 3 pm for 1 hour 15 minutes", TUESDAY)
    assert found is not None and found.end is not None
    assert (found.start.strftime("%H:%M"), found.end.strftime("%H:%M")) == ("15:00", "16:15")


@pytest.mark.parametrize(("text", "expected"), [
    ("the flight is on 3 Aug 14:05", "Tue 2027-08-03 14:05"),
    ("dinner 5 may 19:30", "Wed 2027-05-05 19:30"),
    ("aug 14", "Sat 2027-08-14"),  # with no colon after it the number is the day
])
def test_a_number_with_a_colon_after_a_months_name_is_the_hour(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the exhibition runs from may to july", "Sat 2027-05-01"),
    ("open between may and september", "Sat 2027-05-01"),
    ("from may to december 2027", "Sat 2027-05-01"),
    ("you may go to the shop in july", "Thu 2027-07-01"),  # "may" the verb stays a verb
])
def test_may_starting_a_range_to_another_month_is_the_month(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("05/31/2027:14:15", "Mon 2027-05-31 14:15"),
    ("12/25/2026:08:00:00", "Fri 2026-12-25 08:00"),
    ("10-11:30", "Tue 2026-12-01 10:00"),  # without a year, a time after the dash is a range of hours
])
def test_a_date_and_a_time_joined_by_a_colon_as_logs_write_them(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("10 - 11 at night", "Tue 2026-12-01 22:00"),
    ("7-8 in the morning", "Wed 2026-12-02 07:00"),
    ("2 - 3 this afternoon", "Tue 2026-12-01 14:00"),
    ("10 - 11", "Mon 2027-10-11"),  # alone it is still a date
])
def test_two_numbers_before_a_part_of_the_day_are_hours(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we're 15 minutes out", "Tue 2026-12-01 09:15"),
    ("the courier is an hour out", "Tue 2026-12-01 10:00"),
    ("a day out at the zoo", None),
    ("take it 15 minutes out of the oven", None),
])
def test_a_length_out_at_the_end_of_a_clause_is_from_now(text: str, expected: str | None) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("in ~5 hours", "Tue 2026-12-01 14:00"),
    ("meet at ~6pm", "Tue 2026-12-01 18:00"),
])
def test_a_tilde_before_a_number_is_about(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Aug 96", "Thu 1996-08-01"),
    ("the dec 99 statement", "Wed 1999-12-01"),
    ("may 50 people come", None),
    ("aug 45 minutes", None),
])
def test_a_months_name_with_a_number_that_cannot_be_its_day_is_a_year(text: str, expected: str | None) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("update to version 1.1.30", None),
    ("v2.10.30 is out", None),
    ("on 1.1.30", "Tue 2030-01-01"),  # without the version word it is a date
])
def test_a_version_number_is_not_a_date(text: str, expected: str | None) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the battle was on 14 October 66 AD", "Thu 66-10-14"),
    ("the treaty of 2 March 312 CE", "Sat 312-03-02"),
    ("the exam is on 15 May 2570 BE", "Sat 2027-05-15"),
    ("the eclipse of 28 May 585 BC", None),  # before the first year Steward can show: no date, never this year's
    ("born 3 may 1990 be there early", "Thu 1990-05-03"),  # "be" after a year of ours is a word
])
def test_a_year_with_its_era(text: str, expected: str | None) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("friday +2 days", "Sun 2026-12-06"),
    ("2027-03-01 -2wks", "Mon 2027-02-15"),
    ("tomorrow 5pm +1 hour", "Wed 2026-12-02 18:00"),
    ("+2 days", "Thu 2026-12-03"),  # alone it counts from now
])
def test_a_signed_length_after_a_day_moves_that_day(text: str, expected: str) -> None:
    assert when(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("the index moved from 10.1 - 10.12", None),
    ("see section 4/13/1 of the lease", None),
    ("steps 1/2/3/4 done", None),
    ("due 12/25/2026", "Fri 2026-12-25"),  # a whole date stays a date
])
def test_decimals_and_longer_runs_of_numbers_are_no_date(text: str, expected: str | None) -> None:
    assert when(text) == expected
