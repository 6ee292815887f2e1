"""Dates resolved on the user's clock: the phrases a person types, and the rules they rely on."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from steward.clock import Clock, make_clock
from steward.dates import DateOptions, Resolution, find, find_all, resolve
from steward.settings import load

# Cases marked Duckling or dateparser are test cases of those projects, kept here as regressions:
# Duckling (facebook/duckling @ 2c22658, BSD-3-Clause, Copyright (c) 2016-present, Facebook, Inc.) and
# dateparser (scrapinghub/dateparser @ 315e396, BSD-3-Clause, Copyright (c) 2014, Scrapinghub); their
# licences are in tests/THIRD_PARTY.md. Their whole suites run from ../shared/data (test_dates_grammar.py).

# the ADR-0112 incident: "tomorrow at 5 pm" asked at 23:53 on Monday 14 September, in India
INCIDENT = make_clock("", "2026-09-14T23:53:00+05:30")


def at(text: str, clock: Clock = INCIDENT, **kw: object) -> Resolution:
    found = resolve(text, clock, **kw)  # type: ignore[arg-type]
    assert found is not None, f"{text!r} was not understood"
    return found


def local(text: str, clock: Clock = INCIDENT, **kw: object) -> str:
    return at(text, clock, **kw).start.strftime("%Y-%m-%d %H:%M")


def test_the_incident_tomorrow_at_5pm_late_at_night_is_the_next_calendar_day() -> None:
    found = at("tomorrow at 5 pm")
    assert found.start.isoformat() == "2026-09-15T17:00:00+05:30"
    assert (found.grain, found.has_date, found.has_time) == ("hour", True, True)
    assert found.span == (0, 16)


@pytest.mark.parametrize(("text", "expected"), [
    ("today", "2026-09-14 00:00"),
    ("tonight", "2026-09-14 21:00"),
    ("this evening", "2026-09-14 19:00"),
    ("tomorrow", "2026-09-15 00:00"),
    ("day after tomorrow", "2026-09-16 00:00"),
    ("the day after tomorrow", "2026-09-16 00:00"),
    ("next tomorrow", "2026-09-16 00:00"),   # Nigerian and Indian English: the day after tomorrow
    ("next tmrw by 4pm", "2026-09-16 16:00"),
    ("monday", "2026-09-21 00:00"),          # today is a Monday: a weekday alone is the next one
    ("on friday", "2026-09-18 00:00"),
    ("this friday", "2026-09-18 00:00"),
    ("next friday", "2026-09-25 00:00"),     # the friday of next week
    ("last friday", "2026-09-11 00:00"),
    ("the 3rd", "2026-10-03 00:00"),
    ("Sept 3", "2027-09-03 00:00"),          # passed this year: the next one
    ("3 September", "2027-09-03 00:00"),
    ("September 30", "2026-09-30 00:00"),
    ("2026-10-03", "2026-10-03 00:00"),
    ("5 pm", "2026-09-15 17:00"),
    ("5pm", "2026-09-15 17:00"),
    ("17:00", "2026-09-15 17:00"),
    ("noon", "2026-09-15 12:00"),
    ("midnight", "2026-09-15 00:00"),
    ("half past four", "2026-09-15 04:30"),
    ("quarter to nine", "2026-09-15 08:45"),
    ("ten am", "2026-09-15 10:00"),
    ("five thirty pm", "2026-09-15 17:30"),
    ("in 2 hours", "2026-09-15 01:53"),
    ("in twenty minutes", "2026-09-15 00:13"),
    ("in 3 days", "2026-09-17 23:53"),
    ("tomorrow morning", "2026-09-15 09:00"),
    ("tomorrow afternoon", "2026-09-15 15:00"),
    ("this weekend", "2026-09-19 00:00"),
    ("end of the month", "2026-09-30 00:00"),
    ("at 10 am tomorrow", "2026-09-15 10:00"),
    ("friday at 10:30am", "2026-09-18 10:30"),
    ("next friday at 9", "2026-09-25 09:00"),
    ("tomorrow at 5", "2026-09-15 17:00"),    # an hour 1-6 on a named day is the afternoon
    ("3 days ago", "2026-09-11 23:53"),
])
def test_phrases_a_person_types(text: str, expected: str) -> None:
    assert local(text) == expected


def test_parts_of_the_day_follow_the_configured_hours() -> None:
    opts = DateOptions(morning_hour=7, afternoon_hour=14, evening_hour=18, night_hour=22)
    assert local("tomorrow morning", options=opts) == "2026-09-15 07:00"
    assert local("tomorrow afternoon", options=opts) == "2026-09-15 14:00"
    assert local("tomorrow evening", options=opts) == "2026-09-15 18:00"
    assert local("tonight", options=opts) == "2026-09-14 22:00"
    evening = at("this evening")
    assert evening.end is not None and evening.end.isoformat() == "2026-09-15T00:00:00+05:30"


def test_options_come_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_DATES_DAY_FIRST", "1")
    monkeypatch.setenv("STEWARD_DATES_MORNING_HOUR", "8")
    opts = DateOptions.from_settings(load(None), "UTC")
    assert opts.day_first and opts.morning_hour == 8


def test_day_first_setting_reads_3_9_as_september() -> None:
    assert local("3/9") == "2027-03-09 00:00"
    # 3 September has passed on 14 September 2026: its next occurrence is in 2027
    assert local("3/9", options=DateOptions(day_first=True)) == "2027-09-03 00:00"
    assert local("9/3", options=DateOptions(day_first=True)) == "2027-03-09 00:00"
    # a first number over 12 can only be a day, whichever the setting
    assert local("15/2") == "2027-02-15 00:00"


def test_a_time_with_no_day_is_its_next_occurrence() -> None:
    morning = make_clock("", "2026-09-14T08:00:00+05:30")
    assert local("5 pm", morning) == "2026-09-14 17:00"
    evening = make_clock("", "2026-09-14T18:00:00+05:30")
    assert local("5 pm", evening) == "2026-09-15 17:00"
    # no am/pm: whichever reading comes first
    assert local("at 7", morning) == "2026-09-14 19:00"
    assert local("at 9", morning) == "2026-09-14 09:00"


def test_a_day_with_a_time_keeps_that_day_even_when_passed() -> None:
    evening = make_clock("", "2026-09-14T18:00:00+05:30")
    found = at("today at 9 am", evening)
    assert found.start.isoformat() == "2026-09-14T09:00:00+05:30"
    assert found.start < evening.now()  # the caller refuses a past moment; dates does not move it


def test_prefer_past_reads_open_phrases_backwards() -> None:
    assert local("friday", prefer="past") == "2026-09-11 00:00"
    assert local("5 pm", prefer="past") == "2026-09-14 17:00"
    assert local("3 days", prefer="past") == "2026-09-11 23:53"
    assert local("3 days") == "2026-09-17 23:53"
    with pytest.raises(ValueError, match="prefer"):
        resolve("friday", INCIDENT, prefer="sideways")


def test_prefer_current_reads_open_phrases_in_the_period_under_way() -> None:
    sunday = make_clock("", "2026-09-20T15:30:00+02:00")
    assert local("friday", sunday, prefer="current") == "2026-09-18 00:00"   # this week's, two days ago
    assert local("sunday", sunday, prefer="current") == "2026-09-20 00:00"   # today, not next week
    assert local("monday", sunday, prefer="current") == "2026-09-14 00:00"
    assert local("14:05", sunday, prefer="current") == "2026-09-20 14:05"    # today's, though passed
    assert local("at 7", sunday, prefer="current") == "2026-09-20 19:00"     # the reading still ahead today
    assert local("march", sunday, prefer="current") == "2026-03-01 00:00"    # this year's
    assert local("10 december", sunday, prefer="current") == "2026-12-10 00:00"
    assert local("the 3rd", sunday, prefer="current") == "2026-09-03 00:00"  # this month's
    assert local("the 31st", sunday, prefer="current") == "2026-10-31 00:00"  # September has none: the next
    # what says its own direction keeps it
    assert local("next friday", sunday, prefer="current") == "2026-09-25 00:00"
    assert local("last friday", sunday, prefer="current") == "2026-09-18 00:00"
    assert local("in 2 days", sunday, prefer="current") == "2026-09-22 15:30"
    assert local("friday", sunday) == "2026-09-25 00:00" and local("friday", sunday, prefer="past") == "2026-09-18 00:00"


def test_pasted_text_with_brackets_and_doubled_spaces_reads_the_same() -> None:
    assert local("[Sept] 04, 2014.") == "2014-09-04 00:00"  # dateparser
    assert local("Sept  04,\n2014") == "2014-09-04 00:00"  # dateparser
    assert local("tomorrow   at five  thirty pm") == "2026-09-15 17:30"
    text = "remind me  [tomorrow]  at 5 pm to call"
    found = find(text, INCIDENT)
    assert found is not None and found.start.isoformat() == "2026-09-15T17:00:00+05:30"
    assert text[found.span[0]:found.span[1]].startswith("tomorrow") and text[found.span[1]:] == " to call"


def test_a_dotted_time_after_a_day_or_at() -> None:
    # "12.30" alone may be a number; after a day, or after "at", it is the time (British and European)
    assert local("30.09.22 12.12") == "2022-09-30 12:12"  # dateparser
    assert local("30 . 09 . 22 12.12") == "2022-09-30 12:12"  # dateparser
    assert local("friday 12.30") == "2026-09-18 12:30"
    assert local("tomorrow at 5.30") == "2026-09-15 17:30"
    assert local("at 5.30") == "2026-09-15 05:30"
    assert resolve("12.30", INCIDENT) is None
    assert resolve("3.15 on friday", INCIDENT) is None  # a number before the day stays a number
    found = find("the shares rose 3.15 on friday", INCIDENT)
    assert found is not None and found.text == "on friday" and not found.has_time


def test_this_and_next_follow_calendar_weeks() -> None:
    tuesday = make_clock("", "2026-09-15T10:00:00+00:00")
    assert local("this friday", tuesday) == "2026-09-18 00:00"
    assert local("next friday", tuesday) == "2026-09-25 00:00"
    assert local("next tuesday", tuesday) == "2026-09-22 00:00"
    assert local("tuesday", tuesday) == "2026-09-22 00:00"        # today is not "tuesday"
    assert local("friday after next", tuesday) == "2026-09-25 00:00"  # Duckling
    sunday = make_clock("", "2026-09-20T10:00:00+00:00")
    assert local("next monday", sunday) == "2026-09-21 00:00"    # next week starts tomorrow


def test_nothing_is_found_in_text_without_a_date() -> None:
    for text in ("laughing out loud", "this one", "25", "Pay ABC 2000", "", "   ", "at a few"):  # Duckling
        assert resolve(text, INCIDENT) is None, text
    assert find("I may go to the shop", INCIDENT) is None
    assert find("buy 7 apples", INCIDENT) is None


@pytest.mark.parametrize(("text", "day"), [
    ("anything on 3 May?", "2027-05-03"),  # the day said before the month, no verb's word after it
    ("is the meter reading on may 3", "2027-05-03"),  # a word of dates before it
    ("the lease is due by May 3", "2027-05-03"),
    ("what about 3 May", "2027-05-03"),
    ("3 may be too late", None),  # "may" the verb, and a number
    ("the 2 may need it", None),
    ("we may 3 times a week", None),
])
def test_may_beside_a_day_is_the_month_unless_a_verb_follows(text: str, day: str | None) -> None:
    found = find(text, INCIDENT)
    assert (found.start.date().isoformat() if found is not None else None) == day, text


def test_find_returns_the_span_to_cut_out_of_a_sentence() -> None:
    text = "can you remind me tomorrow at 10 am for a AI training ?"
    found = find(text, INCIDENT)
    assert found is not None
    assert found.start.isoformat() == "2026-09-15T10:00:00+05:30"
    assert text[found.span[0]:found.span[1]] == "tomorrow at 10 am"
    rest = text[:found.span[0]] + text[found.span[1]:]
    assert rest == "can you remind me  for a AI training ?"


def test_find_combines_separate_pieces_and_lists_their_spans() -> None:
    text = "remind me tomorrow to call mom at 10 am"
    found = find(text, INCIDENT)
    assert found is not None and found.start.isoformat() == "2026-09-15T10:00:00+05:30"
    assert [text[b:e] for b, e in found.parts] == ["tomorrow", "at 10 am"]
    assert found.span == (found.parts[0][0], found.parts[-1][1])
    pieces = find_all(text, INCIDENT)
    assert [p.text for p in pieces] == ["tomorrow", "at 10 am"]
    # two days do not combine: the first one wins
    two = find("move friday's call to monday", INCIDENT)
    assert two is not None and two.text == "friday"


def test_spans_point_at_the_users_characters_when_numbers_are_spelled_out() -> None:
    text = "Call Ann at Five Thirty PM please"
    found = find(text, INCIDENT)
    assert found is not None and found.text == "at Five Thirty PM"
    assert found.start.strftime("%H:%M") == "17:30"


def test_spring_forward_gap_moves_forward_and_fall_back_takes_the_first() -> None:
    ny = make_clock("America/New_York", "2026-03-07T12:00:00-05:00")
    gap = at("tomorrow at 2:30 am", ny)
    assert gap.start.isoformat() == "2026-03-08T03:30:00-04:00"
    back = make_clock("America/New_York", "2026-10-31T12:00:00-04:00")
    twice = at("tomorrow at 1:30 am", back)
    assert twice.start.isoformat() == "2026-11-01T01:30:00-04:00"
    # clock units move the instant across the change; day units keep the wall time
    before = make_clock("America/New_York", "2026-03-08T01:30:00-05:00")
    assert at("in 1 hour", before).start.isoformat() == "2026-03-08T03:30:00-04:00"
    assert at("in 1 day", before).start.isoformat() == "2026-03-09T01:30:00-04:00"


def test_ends_of_periods() -> None:
    week = at("next week")
    assert (week.grain, week.start.date().isoformat()) == ("week", "2026-09-21")
    assert week.end is not None and week.end.date().isoformat() == "2026-09-28"
    day = at("tomorrow")
    assert day.end is not None and day.end - day.start == timedelta(days=1)
    assert at("5 pm").end is None


def test_zones_with_odd_offsets() -> None:
    kathmandu = Clock(ZoneInfo("Asia/Kathmandu"), datetime(2026, 1, 1, 18, 20, tzinfo=ZoneInfo("UTC")))
    found = at("tomorrow at 5 pm", kathmandu)
    assert found.start.isoformat() == "2026-01-03T17:00:00+05:45"  # it is already Jan 2 there


def test_ranges_give_a_start_and_an_end() -> None:
    tuesday = make_clock("", "2026-09-15T08:00:00+00:00")
    span = at("3-4pm", tuesday)
    assert span.start.strftime("%H:%M") == "15:00" and span.end is not None and span.end.strftime("%H:%M") == "16:00"
    meeting = at("thursday from 9:30 to 11:00", tuesday)  # Duckling
    assert meeting.start.isoformat() == "2026-09-17T09:30:00+00:00"
    assert meeting.end is not None and meeting.end.isoformat() == "2026-09-17T11:00:00+00:00"
    trip = at("from the 13th to the 15th of July", tuesday)  # Duckling
    assert trip.start.date().isoformat() == "2027-07-13"
    assert trip.end is not None and trip.end.date().isoformat() == "2027-07-16"  # the day after the 15th
    assert at("between 3:30pm and 6 pm", tuesday).start.strftime("%H:%M") == "15:30"  # Duckling


def test_a_named_zone_is_converted_to_the_users_clock() -> None:
    berlin = make_clock("Europe/Berlin", "2026-09-15T08:00:00+00:00")
    found = at("thursday 8:00 PST", berlin)  # Duckling
    assert found.start.isoformat() == "2026-09-17T18:00:00+02:00"
    assert find("call at 4pm CET tomorrow", berlin) is not None


def test_counts_and_windows() -> None:
    tuesday = make_clock("", "2026-09-15T08:20:00+00:00")
    assert local("3 fridays from now", tuesday) == "2026-10-02 00:00"  # Duckling
    assert local("2 thursdays ago", tuesday) == "2026-09-03 00:00"  # Duckling
    assert local("next 3 days", tuesday) == "2026-09-16 00:00"
    assert local("last 2 hours", tuesday) == "2026-09-15 06:00"
    assert local("third quarter", tuesday) == "2026-07-01 00:00"
    assert local("first week of october", tuesday) == "2026-10-05 00:00"
    assert local("8 tonight", tuesday) == "2026-09-15 20:00"
    assert local("3 in the morning", tuesday) == "2026-09-16 03:00"
    assert local("the second of march", tuesday) == "2027-03-02 00:00"


def test_named_days_are_computed_for_any_year() -> None:
    tuesday = make_clock("", "2026-09-15T08:20:00+00:00")
    assert local("thanksgiving", tuesday) == "2026-11-26 00:00"
    assert local("last thanksgiving", tuesday) == "2025-11-27 00:00"
    assert local("easter 2027", tuesday) == "2027-03-28 00:00"
    assert local("orthodox easter 2027", tuesday) == "2027-05-02 00:00"
    assert local("christmas eve at 6 pm", tuesday) == "2026-12-24 18:00"
    assert local("memorial day of next year", tuesday) == "2027-05-31 00:00"
    assert local("labor day 2030", tuesday) == "2030-09-02 00:00"
    found = find("send the cards before christmas please", tuesday)
    assert found is not None and found.text == "christmas"


@pytest.mark.parametrize(("sentence", "pieces"), [
    ("switch off the seven am alarm for thursday", ["seven am", "thursday"]),
    ("clear the four pm alarm", ["four pm"]),
    ("set a timer for ten minutes for the pasta", ["for ten minutes"]),
    ("have i got plans on this sunday between one and three pm",
     ["on this sunday between one and three pm"]),
    ("silence my phone for the next hour please", ["the next hour"]),
    ("send the report before 5", ["before 5"]),
    ("what was the top film in two thousand and nineteen", ["in two thousand and nineteen"]),
])
def test_find_reads_sentences_people_say(sentence: str, pieces: list[str]) -> None:
    found = find(sentence, INCIDENT)
    assert found is not None and [sentence[b:e] for b, e in found.parts] == pieces


@pytest.mark.parametrize("sentence", [
    "what day of the week is it", "who was the thirty second president", "resume the three musketeers",
    "if you could keep only two books which would they be", "lets meet joe for lunch",
])
def test_find_leaves_numbers_and_nouns_alone(sentence: str) -> None:
    assert find(sentence, INCIDENT) is None


def test_long_and_hostile_text_is_read_in_linear_time() -> None:
    # a separator that could be read two ways once made this backtrack for minutes (pytest-timeout catches it)
    hostile = "in " + "1 year, " * 300 + "x"
    found = find(hostile, INCIDENT)
    assert found is not None and found.start.year == 2026 + 300
    body = "lunch was fine. " * 2000 + "See you tomorrow at 5 pm."
    later = find(body, INCIDENT)
    assert later is not None and later.start.isoformat() == "2026-09-15T17:00:00+05:30"
    for junk in ("\x00\ud800", "-" * 5000, "1:" * 3000, "🙂" * 100):
        assert find(junk, INCIDENT) is None


def test_offsets_counted_from_a_named_day() -> None:
    tuesday = make_clock("", "2026-09-15T08:20:00+00:00")
    assert local("3 days after thanksgiving", tuesday) == "2026-11-29 00:00"
    assert local("2 weeks before christmas", tuesday) == "2026-12-11 00:00"
    assert local("3 days after tomorrow at 5pm", tuesday) == "2026-09-19 17:00"
    assert local("twelve oh three", tuesday) == "2026-09-15 12:03"  # Duckling


def test_seasons_are_the_one_under_way_or_the_next_and_spring_alone_is_not_a_date_in_a_sentence() -> None:
    february = make_clock("", "2027-02-12T10:00:00+00:00")
    assert (at("this summer", february).start.date().isoformat(),
            at("this summer", february).end.date().isoformat()) == ("2027-06-21", "2027-09-23")  # type: ignore[union-attr]
    assert local("this winter", february) == "2026-12-21 00:00"   # under way
    assert local("next winter", february) == "2027-12-21 00:00"
    assert local("last summer", february) == "2026-06-21 00:00"
    assert local("autumn 2028", february) == "2028-09-23 00:00"
    found = find("let's go camping in the summer", february)
    assert found is not None and found.start.date().isoformat() == "2027-06-21"
    assert find("I always fall asleep early", february) is None


def test_every_monday_is_the_next_monday_flagged_recurring() -> None:
    found = at("every monday at 9")
    assert found.start.strftime("%Y-%m-%d %H:%M") == "2026-09-21 09:00" and found.recurring
    assert not at("monday at 9").recurring
    in_sentence = find("remind me every friday at 5 pm to water the plants", INCIDENT)
    assert in_sentence is not None and in_sentence.recurring and in_sentence.text == "every friday at 5 pm"
    assert in_sentence.to_json()["recurring"] is True


def test_a_sign_carries_over_to_the_unsigned_items_after_it() -> None:
    assert local("-1 decade 2 years") == "2014-09-14 23:53"  # dateparser
    assert local("+1 decade -2 years") == "2034-09-14 23:53"  # dateparser
    assert local("-1 year +2 months") == "2025-11-14 23:53"  # dateparser


def test_this_season_is_the_one_under_way() -> None:
    february = make_clock("", "2027-02-12T10:00:00+00:00")
    assert local("this season", february) == "2026-12-21 00:00"
    assert local("next season", february) == "2027-03-20 00:00"
    assert local("last season", february) == "2026-09-23 00:00"


def test_a_length_after_a_time_sets_the_end_and_alone_counts_from_now() -> None:
    meeting = at("friday 3pm for 30 minutes")
    assert meeting.start.strftime("%Y-%m-%d %H:%M") == "2026-09-18 15:00"
    assert meeting.end is not None and meeting.end.strftime("%H:%M") == "15:30"
    assert local("for 30 minutes at 4pm") == "2026-09-15 16:00"
    timer = at("for 5 minutes")
    assert timer.start.strftime("%H:%M") == "23:58" and timer.end is None
    day_only = find("busy tomorrow for 2 hours", INCIDENT)  # a length needs a clock time to start from
    assert day_only is not None and (day_only.text, day_only.grain) == ("tomorrow", "day")


EARLY = make_clock("", "2026-09-15T04:30:00+05:30")  # a Tuesday, before dawn


def span_of(text: str, clock: Clock = EARLY) -> tuple[str, str]:
    found = at(text, clock)
    assert found.end is not None, f"{text!r} has no end"
    return found.start.strftime("%a %d %H:%M"), found.end.strftime("%a %d %H:%M")


@pytest.mark.parametrize(("text", "expected"), [
    # the end of a range is the first such time after its start, not the next one after now
    ("from 3 to 5", ("Tue 15 15:00", "Tue 15 17:00")),
    ("from 11 to 1", ("Tue 15 11:00", "Tue 15 13:00")),
    ("between 9 and 11", ("Tue 15 09:00", "Tue 15 11:00")),
    ("9 to 5", ("Tue 15 09:00", "Tue 15 17:00")),
    ("3 till 5", ("Tue 15 15:00", "Tue 15 17:00")),
    ("3 to 5pm tomorrow", ("Wed 16 15:00", "Wed 16 17:00")),
    ("from 3 to 5 pm", ("Tue 15 15:00", "Tue 15 17:00")),
    ("10pm to 2am", ("Tue 15 22:00", "Wed 16 02:00")),
    # after a day, "9-5" is hours, not September 5
    ("monday 9-5", ("Mon 21 09:00", "Mon 21 17:00")),
    ("tomorrow from 3-5", ("Wed 16 15:00", "Wed 16 17:00")),
    ("friday, 10-12", ("Fri 18 10:00", "Fri 18 12:00")),
    ("noon to 2", ("Tue 15 12:00", "Tue 15 14:00")),
    ("tomorrow lunch", ("Wed 16 12:00", "Wed 16 14:00")),
    ("last weekend of october", ("Sat 31 00:00", "Mon 02 00:00")),  # Duckling
    ("the second weekend in june 2027", ("Sat 12 00:00", "Mon 14 00:00")),
])
def test_time_ranges_and_periods_a_calendar_user_types(text: str, expected: tuple[str, str]) -> None:
    assert span_of(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # "half" before an hour is half past it: a club's or a shift's hours as British English writes them
    ("swimming is 6 till half 7 on friday", ("Fri 18 18:00", "Fri 18 19:30")),
    ("wednesday half 5 to 7", ("Wed 16 17:30", "Wed 16 19:00")),
    ("open half 9 till half past 12 on saturday", ("Sat 19 09:30", "Sat 19 12:30")),
    # an end said without am or pm is the same evening when the start is in it, not the next morning
    ("choir thursday 5:30 to 7", ("Thu 17 17:30", "Thu 17 19:00")),
    ("friday from 6 to 8", ("Fri 18 18:00", "Fri 18 20:00")),
    # and the next morning when the start is late at night
    ("on call saturday 10pm to 6", ("Sat 19 22:00", "Sun 20 06:00")),
    ("monday 22:00 to 06:00", ("Mon 21 22:00", "Tue 22 06:00")),
])
def test_a_range_ends_at_its_own_end_said_the_british_way(text: str, expected: tuple[str, str]) -> None:
    found = find(text, EARLY)
    assert found is not None and found.end is not None, text
    assert (found.start.strftime("%a %d %H:%M"), found.end.strftime("%a %d %H:%M")) == expected


def test_ranges_do_not_swallow_what_is_not_one() -> None:
    assert local("3-5", EARLY) == "2027-03-05 00:00"          # alone, still a date
    assert local("10 to 5", EARLY) == "2026-09-15 04:50"      # minutes before the hour are said in fives
    assert local("20 minutes to 2pm tomorrow", EARLY) == "2026-09-16 13:40"  # Duckling
    assert local("3 minutes to 5", EARLY) == "2026-09-15 04:57"
    assert resolve("lunch", EARLY) is None                    # a meal, not a time
    found = find("lunch with ann on friday", EARLY)
    assert found is not None and found.text == "on friday" and not found.has_time
    found = find("friday lunch with ann", EARLY)
    assert found is not None and found.text == "friday lunch" and found.start.hour == 12


def test_the_end_or_beginning_of_a_named_year() -> None:
    assert local("end of 2012", EARLY) == "2012-12-31 00:00"  # Duckling
    assert local("at the beginning of 2017", EARLY) == "2017-01-01 00:00"  # Duckling
    assert at("start of 2030", EARLY).grain == "day"
