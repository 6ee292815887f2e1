"""Phrases a reminder or calendar user types that read as spoken: "in an hour and a half", "5ish",
"by EOD", "after lunch", "same time tomorrow", "july 4th weekend". Each is checked whole (`resolve`)
and inside a sentence (`find`, with the span a caller cuts out)."""

from __future__ import annotations

import pytest

from steward.clock import Clock, make_clock
from steward.dates import Resolution, find, resolve

# Monday 30 November 2026, 10:00 UTC
MONDAY = make_clock("UTC", "2026-11-30T10:00:00+00:00")


def whole(text: str, clock: Clock = MONDAY, **kw: object) -> Resolution:
    found = resolve(text, clock, **kw)  # type: ignore[arg-type]
    assert found is not None, f"{text!r} was not understood"
    return found


def when(text: str, clock: Clock = MONDAY, **kw: object) -> str:
    found = whole(text, clock, **kw)
    start = found.start.strftime("%a %Y-%m-%d %H:%M")
    return start if found.end is None else start + found.end.strftime(" - %a %Y-%m-%d %H:%M")


def cut(sentence: str, clock: Clock = MONDAY) -> tuple[str, str]:
    """What `find` read in a sentence: the moment and the text it would cut out."""
    found = find(sentence, clock)
    assert found is not None, f"nothing found in {sentence!r}"
    return found.start.strftime("%a %Y-%m-%d %H:%M"), found.text


# -- a fraction said after the unit ------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("in an hour and a half", "Mon 2026-11-30 11:30"),
    ("in 2 and a half hours", "Mon 2026-11-30 12:30"),
    ("in one and a half hours", "Mon 2026-11-30 11:30"),
    ("in two hours and a half", "Mon 2026-11-30 12:30"),
    ("in an hour and a quarter", "Mon 2026-11-30 11:15"),  # a quarter of the hour, not 3 months
    ("in an hour and 15 minutes", "Mon 2026-11-30 11:15"),
    ("in 1 hour 30 minutes", "Mon 2026-11-30 11:30"),
    ("in a day and a half", "Tue 2026-12-01 22:00"),
    ("in a month and a half", "Thu 2027-01-14 10:00"),     # a month, then 15 days
    ("an hour and a half ago", "Mon 2026-11-30 08:30"),
])
def test_a_fraction_after_the_unit_counts(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_fractional_hour_is_precise_to_the_minute() -> None:
    assert whole("in an hour and a half").grain == "minute"
    assert whole("in 3 hours").grain == "hour"


def test_a_fraction_in_a_sentence_is_part_of_the_phrase_cut_out() -> None:
    assert cut("call me in an hour and a half please") == ("Mon 2026-11-30 11:30", "in an hour and a half")
    found = find("tomorrow at 4pm for an hour and a half", MONDAY)
    assert found is not None and found.end is not None
    assert (found.start.strftime("%H:%M"), found.end.strftime("%H:%M")) == ("16:00", "17:30")


# -- approximate times -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("5ish", "Mon 2026-11-30 17:00"),          # the next 5 o'clock, as "at 5"
    ("around 5ish", "Mon 2026-11-30 17:00"),
    ("5-ish", "Mon 2026-11-30 17:00"),
    ("5:30ish", "Mon 2026-11-30 17:30"),
    ("5pmish", "Mon 2026-11-30 17:00"),
    ("9am-ish", "Tue 2026-12-01 09:00"),
    ("noonish", "Mon 2026-11-30 12:00"),
    ("tomorrow at noonish", "Tue 2026-12-01 12:00"),
    ("8ish tonight", "Mon 2026-11-30 20:00"),
    ("tomorrow 9ish", "Tue 2026-12-01 09:00"),
])
def test_an_approximate_time_is_the_time_itself(text: str, expected: str) -> None:
    assert when(text) == expected


def test_approximate_times_in_sentences() -> None:
    assert cut("see you 5ish tomorrow") == ("Tue 2026-12-01 17:00", "5ish tomorrow")
    assert cut("lunch noonish?") == ("Mon 2026-11-30 12:00", "noonish")
    assert find("it was a 5ish star hotel", MONDAY) is None  # a number before a noun is not a time


# -- the end of the working day ----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("by EOD", "Mon 2026-11-30 17:00"),
    ("eod", "Mon 2026-11-30 17:00"),
    ("end of day", "Mon 2026-11-30 17:00"),
    ("by the end of the day", "Mon 2026-11-30 17:00"),
    ("by close of business", "Mon 2026-11-30 17:00"),
    ("end of business day", "Mon 2026-11-30 17:00"),
    ("EOD friday", "Fri 2026-12-04 17:00"),
    ("COB tomorrow", "Tue 2026-12-01 17:00"),
    ("tomorrow EOD", "Tue 2026-12-01 17:00"),
    ("end of day today", "Mon 2026-11-30 17:00"),
    ("after work", "Mon 2026-11-30 17:00"),
    ("friday after work", "Fri 2026-12-04 17:00"),
])
def test_the_end_of_the_working_day_is_a_moment_at_the_end_of_day_hour(text: str, expected: str) -> None:
    assert when(text) == expected
    assert whole(text).grain == "hour"


def test_end_of_day_with_no_day_is_todays_until_it_has_passed_then_tomorrows() -> None:
    evening = make_clock("UTC", "2026-11-30T17:30:00+00:00")
    assert when("by EOD", evening) == "Tue 2026-12-01 17:00"
    assert when("EOD today", evening) == "Mon 2026-11-30 17:00"  # a day said keeps that day, passed or not
    assert when("by EOD", make_clock("UTC", "2026-11-30T17:00:00+00:00")) == "Mon 2026-11-30 17:00"


def test_the_end_of_day_hour_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from steward.dates import DateOptions
    from steward.settings import load

    monkeypatch.setenv("STEWARD_DATES_END_OF_DAY_HOUR", "18")
    options = DateOptions.from_settings(load(), "UTC")
    assert options.end_of_day_hour == 18
    found = resolve("COB tomorrow", MONDAY, options=options)
    assert found is not None and found.start.strftime("%a %H:%M") == "Tue 18:00"


@pytest.mark.parametrize(("sentence", "expected"), [
    ("send me the numbers by EOD", ("Mon 2026-11-30 17:00", "by EOD")),
    ("need this EOD friday", ("Fri 2026-12-04 17:00", "EOD friday")),
    ("this must be done by EOD today", ("Mon 2026-11-30 17:00", "by EOD today")),
    ("finish it by the end of the day", ("Mon 2026-11-30 17:00", "by the end of the day")),
    ("at the end of the day tomorrow, ping ann", ("Tue 2026-12-01 17:00", "at the end of the day tomorrow")),
    ("walk the dog after work", ("Mon 2026-11-30 17:00", "after work")),
])
def test_end_of_day_in_sentences(sentence: str, expected: tuple[str, str]) -> None:
    assert cut(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "the EOD report is attached",             # a modifier of a noun
    "send the EOD",                           # after a determiner
    "at the end of the day it's your call",  # the idiom
    "corn on the cob",
])
def test_end_of_day_words_that_are_not_a_deadline(sentence: str) -> None:
    assert find(sentence, MONDAY) is None


# -- before and after lunch --------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("at lunch", "Mon 2026-11-30 12:00 - Mon 2026-11-30 14:00"),
    ("after lunch", "Mon 2026-11-30 14:00 - Mon 2026-11-30 18:00"),    # lunch ends at 14:00
    ("before lunch", "Mon 2026-11-30 11:00 - Mon 2026-11-30 12:00"),   # the hour before it starts
    ("tomorrow after lunch", "Tue 2026-12-01 14:00 - Tue 2026-12-01 18:00"),
    ("after lunch on friday", "Fri 2026-12-04 14:00 - Fri 2026-12-04 18:00"),
    ("before lunch tomorrow", "Tue 2026-12-01 11:00 - Tue 2026-12-01 12:00"),
    ("before work", "Tue 2026-12-01 07:00 - Tue 2026-12-01 09:00"),   # the early morning, passed today
    ("after school", "Mon 2026-11-30 15:00 - Mon 2026-11-30 18:00"),
    ("tomorrow after school", "Tue 2026-12-01 15:00 - Tue 2026-12-01 18:00"),
])
def test_before_and_after_lunch(text: str, expected: str) -> None:
    assert when(text) == expected


def test_after_lunch_in_a_sentence_and_once_passed() -> None:
    assert cut("we'll talk after lunch") == ("Mon 2026-11-30 14:00", "after lunch")
    assert cut("remind me tomorrow after lunch to call ann") == ("Tue 2026-12-01 14:00", "tomorrow after lunch")
    assert when("after lunch", make_clock("UTC", "2026-11-30T15:00:00+00:00")).startswith("Tue 2026-12-01 14:00")


# -- the same clock time on another day --------------------------------------------------------------------
LATE_MORNING = make_clock("UTC", "2026-11-30T10:07:42+00:00")


@pytest.mark.parametrize(("text", "expected"), [
    ("this time tomorrow", "Tue 2026-12-01 10:07"),
    ("same time tomorrow", "Tue 2026-12-01 10:07"),
    ("tomorrow same time", "Tue 2026-12-01 10:07"),
    ("at the same time tomorrow", "Tue 2026-12-01 10:07"),
    ("same time friday", "Fri 2026-12-04 10:07"),
    ("friday at this time", "Fri 2026-12-04 10:07"),
    ("this time yesterday", "Sun 2026-11-29 10:07"),
    ("this time next week", "Mon 2026-12-07 10:07"),   # a week from now, not next week's Monday
    ("next week same time", "Mon 2026-12-07 10:07"),
    ("this time last week", "Mon 2026-11-23 10:07"),
    ("this time next month", "Wed 2026-12-30 10:07"),
    ("this time next year", "Tue 2027-11-30 10:07"),
])
def test_the_same_clock_time_on_another_day(text: str, expected: str) -> None:
    found = whole(text, LATE_MORNING)
    assert found.start.strftime("%a %Y-%m-%d %H:%M") == expected
    assert (found.grain, found.start.second, found.has_date, found.has_time) == ("minute", 0, True, True)


def test_this_time_keeps_the_local_clock_time_across_a_dst_change() -> None:
    # the Saturday before Europe's clocks go back: tomorrow at this time is 25 hours away
    before = make_clock("Europe/Paris", "2026-10-24T09:30:00+02:00")
    found = whole("same time tomorrow", before)
    assert found.start.isoformat() == "2026-10-25T09:30:00+01:00"


def test_this_time_alone_or_as_an_idiom_is_not_a_moment() -> None:
    assert resolve("this time", LATE_MORNING) is None
    assert find("this time I mean it", LATE_MORNING) is None
    found = find("at the same time, tomorrow matters more", LATE_MORNING)
    assert found is not None and (found.text, found.grain) == ("tomorrow", "day")
    assert cut("call me same time tomorrow", LATE_MORNING) == ("Tue 2026-12-01 10:07", "same time tomorrow")
    assert cut("let's meet this time next week to review", LATE_MORNING) == \
        ("Mon 2026-12-07 10:07", "this time next week")


# -- a dated day's weekend ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    # July 4th 2027 is a Sunday: its own weekend
    ("july 4th weekend", "Sat 2027-07-03 00:00 - Mon 2027-07-05 00:00"),
    ("the 4th of july weekend", "Sat 2027-07-03 00:00 - Mon 2027-07-05 00:00"),
    ("7/4 weekend", "Sat 2027-07-03 00:00 - Mon 2027-07-05 00:00"),
    ("the weekend of the 4th of july", "Sat 2027-07-03 00:00 - Mon 2027-07-05 00:00"),
    ("weekend of july 4th", "Sat 2027-07-03 00:00 - Mon 2027-07-05 00:00"),
    # July 4th 2026 was a Saturday
    ("july 4th 2026 weekend", "Sat 2026-07-04 00:00 - Mon 2026-07-06 00:00"),
    # a Friday joins the weekend after it, a Monday the weekend before it
    ("july 2nd weekend", "Fri 2027-07-02 00:00 - Mon 2027-07-05 00:00"),
    ("july 5th weekend", "Sat 2027-07-03 00:00 - Tue 2027-07-06 00:00"),
    ("weekend of the 12th", "Sat 2026-12-12 00:00 - Mon 2026-12-14 00:00"),
    # the holiday forms follow the same rule (Memorial Day 2027 is Monday 31 May)
    ("memorial day weekend", "Sat 2027-05-29 00:00 - Tue 2027-06-01 00:00"),
    ("christmas weekend", "Fri 2026-12-25 00:00 - Mon 2026-12-28 00:00"),
])
def test_the_weekend_of_a_day(text: str, expected: str) -> None:
    assert when(text) == expected
    assert whole(text).grain == "day"


def test_the_weekend_of_a_day_in_a_sentence() -> None:
    assert cut("going camping over the july 4th weekend with the kids") == \
        ("Sat 2027-07-03 00:00", "july 4th weekend")
    assert cut("we are away the weekend of july 4th") == ("Sat 2027-07-03 00:00", "the weekend of july 4th")
    # "this weekend" after a date is another phrase, not the date's weekend
    found = find("july 4th this weekend", MONDAY)
    assert found is not None and found.text == "july 4th"


# -- the sweep: more of what people type -------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("first thing tomorrow", "Tue 2026-12-01 09:00"),           # the morning hour, as a moment
    ("tomorrow first thing", "Tue 2026-12-01 09:00"),
    ("first thing in the morning", "Tue 2026-12-01 09:00"),     # this morning's has passed
    ("first thing monday morning", "Mon 2026-12-07 09:00"),
    ("first thing", "Tue 2026-12-01 09:00"),
    ("early next week", "Mon 2026-12-07 00:00 - Wed 2026-12-09 00:00"),
    ("mid next week", "Wed 2026-12-09 00:00 - Fri 2026-12-11 00:00"),
    ("in the middle of next week", "Wed 2026-12-09 00:00 - Fri 2026-12-11 00:00"),
    ("late this week", "Thu 2026-12-03 00:00 - Sat 2026-12-05 00:00"),
    ("midweek", "Wed 2026-12-02 00:00 - Fri 2026-12-04 00:00"),
    ("this coming friday", "Fri 2026-12-04 00:00 - Sat 2026-12-05 00:00"),
    ("the day after next", "Wed 2026-12-02 00:00 - Thu 2026-12-03 00:00"),
    ("later today", "Mon 2026-11-30 00:00 - Tue 2026-12-01 00:00"),
    ("later this afternoon", "Mon 2026-11-30 15:00 - Mon 2026-11-30 18:00"),
    ("over the weekend", "Sat 2026-12-05 00:00 - Mon 2026-12-07 00:00"),
    ("this arvo", "Mon 2026-11-30 15:00 - Mon 2026-11-30 18:00"),
    ("tmw at 5", "Tue 2026-12-01 17:00"),
    ("2moro", "Tue 2026-12-01 00:00 - Wed 2026-12-02 00:00"),
    ("the weekend after next", "Sat 2026-12-12 00:00 - Mon 2026-12-14 00:00"),
    ("at the top of the hour", "Mon 2026-11-30 11:00"),          # a moment, not the hour after it
    ("top of the hour", "Mon 2026-11-30 11:00"),
])
def test_more_phrases_people_type(text: str, expected: str) -> None:
    assert when(text) == expected


def test_first_thing_follows_the_morning_hour_and_alone_in_a_sentence_is_a_noun() -> None:
    from steward.dates import DateOptions

    found = resolve("first thing tomorrow", MONDAY, options=DateOptions(morning_hour=8))
    assert found is not None and found.start.strftime("%H:%M") == "08:00"
    assert cut("call the bank first thing in the morning") == ("Tue 2026-12-01 09:00", "first thing in the morning")
    assert cut("first thing tomorrow call the bank") == ("Tue 2026-12-01 09:00", "first thing tomorrow")
    assert find("the first thing I do is coffee", MONDAY) is None
    assert cut("let's catch up early next week") == ("Mon 2026-12-07 00:00", "early next week")


# -- dinner, and a part of the day narrowed by another -----------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("at dinner", "Mon 2026-11-30 19:00 - Mon 2026-11-30 20:00"),          # the hour from evening_hour
    ("before dinner", "Mon 2026-11-30 18:00 - Mon 2026-11-30 19:00"),
    ("after dinner", "Mon 2026-11-30 20:00 - Tue 2026-12-01 00:00"),
    ("friday dinner", "Fri 2026-12-04 19:00 - Fri 2026-12-04 20:00"),
    ("tonight after dinner", "Mon 2026-11-30 20:00 - Tue 2026-12-01 00:00"),
    ("tomorrow evening after dinner", "Tue 2026-12-01 20:00 - Wed 2026-12-02 00:00"),
    ("this morning before lunch", "Mon 2026-11-30 11:00 - Mon 2026-11-30 12:00"),
    ("tomorrow afternoon after lunch", "Tue 2026-12-01 14:00 - Tue 2026-12-01 18:00"),
    ("by lunch tomorrow", "Tue 2026-12-01 12:00 - Tue 2026-12-01 14:00"),
])
def test_meals_and_a_part_of_the_day_narrowed_by_another(text: str, expected: str) -> None:
    assert when(text) == expected


def test_dinner_follows_the_evening_hour_and_alone_is_a_meal() -> None:
    from steward.dates import DateOptions

    found = resolve("after dinner", MONDAY, options=DateOptions(evening_hour=18))
    assert found is not None and found.start.strftime("%H:%M") == "19:00"
    assert find("dinner with ann", MONDAY) is None
    assert cut("remind me to call mom after dinner") == ("Mon 2026-11-30 20:00", "after dinner")
    # two parts that do not narrow each other stay two phrases
    assert resolve("tomorrow morning after dinner", MONDAY) is None


def test_a_day_of_may_said_with_an_ordinal_or_of_is_a_date_in_a_sentence() -> None:
    # "may" is also a verb: "may 3" alone in a sentence is not read, "the 22nd of may" is
    assert cut("what day is the twenty third of may") == ("Sun 2027-05-23 00:00", "the twenty third of may")
    assert cut("book it for may 3rd") == ("Mon 2027-05-03 00:00", "may 3rd")
    assert find("you may 22 be right", MONDAY) is None


# -- British "friday week", "a week on tuesday", "tuesday fortnight" ---------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("friday week", "Fri 2026-12-11 00:00 - Sat 2026-12-12 00:00"),        # a week after the coming friday
    ("a week on friday", "Fri 2026-12-11 00:00 - Sat 2026-12-12 00:00"),
    ("a week on tuesday", "Tue 2026-12-08 00:00 - Wed 2026-12-09 00:00"),  # tomorrow's tuesday, plus a week
    ("tuesday fortnight", "Tue 2026-12-15 00:00 - Wed 2026-12-16 00:00"),
    ("a fortnight on tuesday", "Tue 2026-12-15 00:00 - Wed 2026-12-16 00:00"),
    ("friday week at 3pm", "Fri 2026-12-11 15:00"),
    # the readings around them are unchanged
    ("friday", "Fri 2026-12-04 00:00 - Sat 2026-12-05 00:00"),
    ("a week from friday", "Fri 2026-12-11 00:00 - Sat 2026-12-12 00:00"),
    ("friday next week", "Fri 2026-12-11 00:00 - Sat 2026-12-12 00:00"),
])
def test_a_week_or_a_fortnight_after_the_coming_weekday(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_week_on_a_weekday_in_sentences_and_a_week_on_something_else() -> None:
    assert cut("call ann a week on friday about the lease") == ("Fri 2026-12-11 00:00", "a week on friday")
    assert cut("pay the builder tuesday fortnight") == ("Tue 2026-12-15 00:00", "tuesday fortnight")
    assert cut("dentist friday week at 10am") == ("Fri 2026-12-11 10:00", "friday week at 10am")
    # a stay, not a date; "friday weekend" is still friday
    assert find("we spent a week on the beach", MONDAY) is None
    assert find("a fortnight on the farm was plenty", MONDAY) is None
    assert cut("the friday weekend trip") == ("Fri 2026-12-04 00:00", "friday")
    assert cut("two days on, still nothing") == ("Wed 2026-12-02 10:00", "two days on")


# -- a weekday and its part of the day, then the week: "thursday morning next week" -------------------------
def test_a_part_of_the_day_between_the_weekday_and_its_week_keeps_the_week() -> None:
    assert when("thursday morning next week") == "Thu 2026-12-10 09:00 - Thu 2026-12-10 12:00"
    assert when("tuesday evening this week") == "Tue 2026-12-01 19:00 - Wed 2026-12-02 00:00"
    assert cut("can you do thursday morning next week?") == ("Thu 2026-12-10 09:00", "thursday morning next week")


# -- the morning up to noon: "9 to noon", "8 till midday" ---------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("9 to noon", "Tue 2026-12-01 09:00 - Tue 2026-12-01 12:00"),  # begun at 10 today: tomorrow's
    ("from 8 till midday", "Tue 2026-12-01 08:00 - Tue 2026-12-01 12:00"),
    ("10 to noon", "Mon 2026-11-30 10:00 - Mon 2026-11-30 12:00"),  # hours in digits, no minutes before noon
    ("10:30 to noon", "Mon 2026-11-30 10:30 - Mon 2026-11-30 12:00"),
    ("wednesday 7 to noon", "Wed 2026-12-02 07:00 - Wed 2026-12-02 12:00"),
    ("10 minutes to noon", "Mon 2026-11-30 11:50"),  # minutes said as minutes are before it
])
def test_hours_up_to_noon_are_a_span(text: str, expected: str) -> None:
    assert when(text) == expected


def test_a_services_window_of_hours_after_its_day_is_that_days_span() -> None:
    assert cut("the plumber is booked for Thursday, December 3, with an arrival window between 1 and 5") == (
        "Thu 2026-12-03 13:00", "Thursday, December 3, with an arrival window between 1 and 5")
    assert cut("we deliver on Friday, delivery window 7 to 11am") == ("Fri 2026-12-04 07:00",
                                                                      "on Friday, delivery window 7 to 11am")


# -- "in an hour or two": the nearer one -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("in an hour or two", "Mon 2026-11-30 11:00"),
    ("in a day or two", "Tue 2026-12-01 10:00"),
    ("in 2 or 3 days", "Wed 2026-12-02 10:00"),
    ("in two or three hours", "Mon 2026-11-30 12:00"),
    ("within a week or two", "Mon 2026-12-07 10:00"),
])
def test_one_or_another_count_is_the_nearer(text: str, expected: str) -> None:
    assert when(text) == expected


def test_one_or_another_count_in_sentences() -> None:
    assert cut("call bob in an hour or two please") == ("Mon 2026-11-30 11:00", "in an hour or two")
    assert cut("the parcel comes in 2 or 3 days") == ("Wed 2026-12-02 10:00", "in 2 or 3 days")
    # counts of things, not of time
    assert find("in one or two cases it failed", MONDAY) is None
    assert find("put 2 or 3 eggs in", MONDAY) is None


# -- "today in 2 hours": the offset -----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("today in one hour", "Mon 2026-11-30 11:00"),
    ("today in 2 hours", "Mon 2026-11-30 12:00"),
    ("today in 30 minutes", "Mon 2026-11-30 10:30"),
])
def test_today_before_an_offset_adds_nothing(text: str, expected: str) -> None:
    assert when(text) == expected


def test_today_and_an_offset_in_sentences() -> None:
    assert cut("ping me today in 2 hours") == ("Mon 2026-11-30 12:00", "today in 2 hours")
    # "today" before words that are no offset is still the day
    assert cut("arrived today in one piece") == ("Mon 2026-11-30 00:00", "today")


def test_the_top_of_the_hour_in_sentences() -> None:
    found = whole("at the top of the hour")
    assert found.end is None and found.grain == "minute"
    late = make_clock("UTC", "2026-11-30T23:40:00+00:00")
    assert when("top of the hour", late) == "Tue 2026-12-01 00:00"
    assert cut("standup at the top of the hour") == ("Mon 2026-11-30 11:00", "at the top of the hour")
    assert find("put it at the top of the list", MONDAY) is None
    assert find("on top of the hourly report", MONDAY) is None
