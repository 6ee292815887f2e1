"""Events a person's own mail tells of in plain words, that the person goes to unasked: a colleague's word of
a workshop, a partner's of a parent-teacher meeting or of a tradesperson's visit, a parent's of a family's
ceremony. Each is shown as told in mail (set aside like an invitation, never a booking, never written
without the person's yes), in Indian, British and US time styles. What is no event stays out: the
writer's own meeting, a day to act by, an event already past, a newsletter's."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

ZONE = "Asia/Kolkata"
IST = ZoneInfo(ZONE)
NOW = "2027-03-04T08:00:00+05:30"  # a Thursday morning
SENT = datetime(2027, 3, 2, 18, 30, tzinfo=IST)  # the Tuesday before
MEERA = ("Meera Pillai", "meera.pillai@workpost.example")
VIKRAM = ("Vikram Rao", "vikram.rao@homepost.example")
SCHOOL = ("Greenfield Public School", "office@greenfieldschool.example")


def _scan(tmp_path: Path, cli: Any, mails: dict[str, bytes], *, now: str = NOW,
          zone: str = ZONE) -> list[tuple[str, str, str, str | None]]:
    folder = write_folder(tmp_path / "mail", mails)
    assert cli("--now", now, "--tz", zone, "mail", "import", str(folder)).code == 0
    r = cli("--now", now, "--tz", zone, "--json", "appointments", "scan", "--dry-run")
    assert r.code == 0, r.err
    return sorted((i["provider"], i["start"], i["status"], i["reason"]) for i in r.json()["items"])


@pytest.mark.parametrize(("sender", "subject", "body", "start"), [
    # a manager's word of a workshop, its day after its hours
    (MEERA, "Pune trip", "Hi,\n\nFor the Pune trip: the workshop with the Sahyadri team is at their Baner office "
     "from 2 PM to 5 PM on Monday, 8 March. Please bring the pilot results.\n\nRegards,\nMeera",
     "2027-03-08T14:00:00+05:30"),
    # a household visit, in a 24-hour style with "hrs"
    (VIKRAM, "plumber", "The plumber will come on Saturday at 10:15 hrs to fix the kitchen tap. Keep the keys "
     "with the watchman.\n\nVikram", "2027-03-06T10:15:00+05:30"),
    # a parent-teacher meeting a partner reminds of
    (VIKRAM, "sat", "Don't forget the PTM on Saturday at 9:20 am, I can't make it.\n\nV",
     "2027-03-06T09:20:00+05:30"),
    # a family's ceremony, a day and an hour "o'clock"
    (("Amma", "amma.k@familypost.example"), "Ravi's engagement", "Kanna,\n\nRavi's engagement is on the 14th at "
     "11 o'clock at Sri Lakshmi Hall. Come a day early.\n\nAmma", "2027-03-14T11:00:00+05:30"),
    # a manager asks to meet, in a verb and no word of a meeting
    (MEERA, "Q2 leave plan", "Hi,\n\nCould we meet on Friday at 4 pm in the small cabin about the Q2 leave plan? "
     "Bring your team's requests.\n\nMeera", "2027-03-05T16:00:00+05:30"),
    # ... about a month's work: a month named is no day, and moves no weekday into its week
    (MEERA, "April rota", "Hi,\n\nCan we meet on Friday at 4 pm in my cabin about the April rota? Half an hour "
     "should do.\n\nMeera", "2027-03-05T16:00:00+05:30"),
    # ... or to sit down together, the verb after "we could"
    (MEERA, "budget", "Hi,\n\nDo you think we could sit down on Monday the 8th at 10.30 to go over the budget?\n\n"
     "Meera", "2027-03-08T10:30:00+05:30"),
    # a family's dinner for an occasion, its place after the hour
    (("Orla Byrne", "orla.byrne@familypost.example"), "Mam's birthday", "Booked it! Birthday dinner for Mam on "
     "Saturday 6 March at 8pm in Casa Rosa on Mill Street. Not a word to her.\n\nOrla x", "2027-03-06T20:00:00+05:30"),
    # a work review with someone, its day and time in the manager's note of what to send before it
    (MEERA, "March close", "Hi,\n\nPlease share the vendor ageing by Tuesday. The quarterly review with the "
     "finance head is on Friday 5 March at 11:00 in the board room.\n\nMeera", "2027-03-05T11:00:00+05:30"),
])
def test_an_event_told_in_a_persons_own_words_is_set_aside_as_told_never_booked(
        tmp_path: Path, cli: Any, sender: tuple[str, str], subject: str, body: str, start: str) -> None:
    items = _scan(tmp_path, cli, {"a": message("t-1@x.example", sender, subject, body, SENT)})
    assert items == [(" ".join(sender[0].split()), start, "rejected", "invitation")]


def test_a_schools_meeting_is_at_the_persons_own_slot_not_when_the_day_opens(tmp_path: Path, cli: Any) -> None:
    body = ("Dear Parent,\n\nThe Parent-Teacher Meeting for Classes I to V will be held on Saturday, 6th March "
            "from 9:00 AM to 12:30 PM. Your slot with the class teacher, Mrs. Rao, is at 10:20 AM. Kindly be on "
            "time.\n\nPrincipal\nGreenfield Public School")
    items = _scan(tmp_path, cli, {"a": message("s-1@x.example", SCHOOL, "Parent-Teacher Meeting on 6th March",
                                               body, SENT)})
    assert [start for _, start, _, _ in items] == ["2027-03-06T10:20:00+05:30"]


@pytest.mark.parametrize(("sender", "subject", "body"), [
    # the writer's own meeting
    (MEERA, "tomorrow", "Hi, I have a client meeting on Friday at 3 pm, so let's push our sync.\n\nMeera"),
    # a day to act by, not an event's start
    (MEERA, "forms", "Please submit the forms for the workshop by Friday 5 pm.\n\nMeera"),
    # a household visit already past (sent on Tuesday: its "Monday" is the day before)
    (VIKRAM, "geyser", "The electrician came on Monday at 4 pm and fixed the geyser.\n\nVikram"),
    # a newsletter's event
    (("Product Chai", "brew@productchai.example"), "Product Chai | this week",
     "Join our workshop on Saturday 6 March at 11 am. Unsubscribe anytime."),
    # a dinner whose name is all the time it gives, and one at a bare hour that does not say it is the evening's
    (VIKRAM, "weekend", "Sunday dinner at my sister's on the 14th, after the match.\n\nVikram"),
    (VIKRAM, "friday", "Dinner at 8 on Friday with the Menons, they're booking.\n\nVikram"),
])
def test_what_is_no_event_of_the_persons_is_not_told(tmp_path: Path, cli: Any, sender: tuple[str, str],
                                                     subject: str, body: str) -> None:
    items = _scan(tmp_path, cli, {"a": message("n-1@x.example", sender, subject, body, SENT)})
    assert [i for i in items if i[3] == "invitation" or i[2] == "proposed"] == []


# a family's mail of a holiday weekend, in the US: sent on Monday 10 May 2027; Memorial Day is Monday 31 May
US_ZONE = "America/Chicago"
US_NOW = "2027-05-12T08:00:00-05:00"
US_SENT = datetime(2027, 5, 10, 20, 0, tzinfo=ZoneInfo(US_ZONE))
MOM = ("Carol Brandt", "carol.brandt@homepost.example")


def test_a_weekday_in_a_holidays_mail_is_the_holidays_and_the_events_own_hour_is_its_start(
        tmp_path: Path, cli: Any) -> None:
    body = ("Hi hon, we can't wait to see you all on the 29th! Uncle Pete is coming Monday at 1, barbecue at 4pm. "
            "Bring your swimsuits!\n\nLove, Mom")
    items = _scan(tmp_path, cli, {"a": message("h-1@x.example", MOM, "Memorial Day!!", body, US_SENT)},
                  now=US_NOW, zone=US_ZONE)
    assert [(start, reason) for _, start, _, reason in items] == [("2027-05-31T16:00:00-05:00", "invitation")]


@pytest.mark.parametrize("body", [
    # a later day named first: Saturday may be this week's or that week's
    "So glad you're all coming on the 20th! Grandpa gets in Saturday at 2, and there's a barbecue at 6pm, come "
    "hungry.\n\nMom",
    # ... and in the subject's words
    "Grandpa gets in Saturday at 2, and we'll have a barbecue at 6pm. Come hungry!\n\nMom",
])
def test_a_weekday_that_a_later_day_named_before_it_may_move_is_not_read(tmp_path: Path, cli: Any,
                                                                         body: str) -> None:
    subject = "the 20th!!" if "20th" not in body else "visit"
    items = _scan(tmp_path, cli, {"a": message("w-1@x.example", MOM, subject, body, US_SENT)},
                  now=US_NOW, zone=US_ZONE)
    assert items == []


COACH = ("Dave Kowalski", "dave.k@teammail.example")


def test_a_coachs_week_is_each_practice_day_at_its_time_and_the_game_at_its_kickoff(tmp_path: Path,
                                                                                     cli: Any) -> None:
    body = ("Hi all,\n\nPractice this week is Wednesday and Friday 6 to 7:30 at Riverside Park. Saturday we play "
            "the Lakeview Hawks at home, kickoff 10 AM, so get there by 9:30.\n\nCoach Dave")
    items = _scan(tmp_path, cli, {"a": message("c-1@x.example", COACH, "U11 girls - this week", body, US_SENT)},
                  now=US_NOW, zone=US_ZONE)
    assert [(start, reason) for _, start, _, reason in items] == [
        ("2027-05-12T18:00:00-05:00", "invitation"), ("2027-05-14T18:00:00-05:00", "invitation"),
        ("2027-05-15T10:00:00-05:00", "invitation")]


@pytest.mark.parametrize("body", [
    # days that come round every week are classes, not this week's dates
    "Practice is Wednesdays and Fridays 6 to 7:30 at Riverside Park for the rest of the season.\n\nCoach Dave",
    # next week's days, which a weekday read from the sent day would put in this week
    "Practice next week is Wednesday and Friday 6 to 7:30 at Riverside Park.\n\nCoach Dave",
])
def test_a_coachs_days_that_are_no_dates_of_this_week_are_not_read(tmp_path: Path, cli: Any, body: str) -> None:
    items = _scan(tmp_path, cli, {"a": message("c-2@x.example", COACH, "practice", body, US_SENT)},
                  now=US_NOW, zone=US_ZONE)
    assert [i for i in items if i[3] == "invitation"] == []


@pytest.mark.parametrize(("sender", "subject", "body", "start"), [
    # a game's day, then its kickoff as a bare hour
    (COACH, "Saturday", "Hi all, the game's Saturday, kick-off 11. Be there by 10:30.\n\nDave",
     "2027-05-15T11:00:00-05:00"),
    # a teacher's conference, and the person's own time at it in the next sentence
    (("Angela Pruitt", "apruitt@maplegrove.example"), "Conference for Mia",
     "Dear Mr. and Mrs. Lee,\n\nParent-teacher conferences are coming up. I have you down for Thursday the 13th at "
     "4:20 in the afternoon, in room 108.\n\nMs. Pruitt", "2027-05-13T16:20:00-05:00"),
])
def test_an_event_said_in_a_persons_everyday_words_is_read_at_its_own_time(
        tmp_path: Path, cli: Any, sender: tuple[str, str], subject: str, body: str, start: str) -> None:
    items = _scan(tmp_path, cli, {"a": message("e-1@x.example", sender, subject, body, US_SENT)},
                  now=US_NOW, zone=US_ZONE)
    assert [(s, reason) for _, s, _, reason in items] == [(start, "invitation")]


@pytest.mark.parametrize(("body", "start"), [
    # a colleague asks for some time, and says when on its own right after
    ("Hi,\n\nCan we grab half an hour when you're back about the summer rota? Thursday the 13th, half two in the "
     "pharmacy office?\n\nCheers,\nTom", "2027-05-13T14:30:00-05:00"),
    # a teacher's evening, and the person's own time to see them
    ("Dear Mr and Mrs Lee,\n\nYear 9 parents' evening is on Thursday 13th May, 4pm to 7pm in the main hall. I've put "
     "you down to see me at 5.20pm.\n\nMrs Khan", "2027-05-13T17:20:00-05:00"),
])
def test_a_time_asked_for_or_given_in_the_sentence_after_the_events_is_its_start(tmp_path: Path, cli: Any,
                                                                                 body: str, start: str) -> None:
    items = _scan(tmp_path, cli, {"a": message("a-1@x.example", ("Tom Reilly", "tom.reilly@workpost.example"),
                                               "rota", body, US_SENT)}, now=US_NOW, zone=US_ZONE)
    assert [(s, reason) for _, s, _, reason in items] == [(start, "invitation")]


def test_a_day_said_after_an_ask_to_meet_that_is_no_time_of_it_is_not_read(tmp_path: Path, cli: Any) -> None:
    body = "Can we grab a coffee sometime? I'm off on Friday the 14th at 3, so maybe after that.\n\nRuth"
    items = _scan(tmp_path, cli, {"a": message("a-2@x.example", ("Ruth Ames", "ruth.ames@workpost.example"),
                                               "coffee", body, US_SENT)}, now=US_NOW, zone=US_ZONE)
    assert items == []


def test_words_written_with_a_curly_apostrophe_are_read_as_with_a_straight_one(tmp_path: Path, cli: Any) -> None:
    body = ("Hi all,\n\nWe’re playing the Lakeview Hawks this Saturday at 10am on court 2. Please have the girls there "
            "by 9:40.\n\nCoach Dave")
    items = _scan(tmp_path, cli, {"a": message("q-1@x.example", COACH, "Saturday", body, US_SENT)},
                  now=US_NOW, zone=US_ZONE)
    assert [(start, reason) for _, start, _, reason in items] == [("2027-05-15T10:00:00-05:00", "invitation")]


@pytest.mark.parametrize(("body", "place"), [
    # a room of the workplace said in lower case right after the time
    ("Hi,\n\nCan we meet on Friday at 4 pm in the staff room about the Q2 leave plan?\n\nMeera", "the staff room"),
    # a hall by its kind, its owner said before it
    ("Hi,\n\nThe parents' meeting is on Friday at 5 pm at the school hall. Do come.\n\nVikram", "the school hall"),
])
def test_a_room_said_by_its_kind_after_the_time_is_where_the_event_is(tmp_path: Path, cli: Any, body: str,
                                                                        place: str) -> None:
    folder = write_folder(tmp_path / "mail", {"a": message("p-1@x.example", MEERA, "Friday", body, SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    r = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "scan", "--dry-run")
    assert r.code == 0, r.err
    assert [i["location"] for i in r.json()["items"]] == [place]



UK = ZoneInfo("Europe/Belfast")
UK_NOW = "2027-05-03T08:00:00+01:00"  # a Monday morning
UK_SENT = datetime(2027, 5, 1, 19, 0, tzinfo=UK)  # the Saturday before


def test_a_friends_plan_at_a_bare_hour_of_the_evening_is_after_noon_at_their_home(tmp_path: Path, cli: Any) -> None:
    # "half 7" for friends at the writer's home is the evening's, and a book's title after it is no place
    friend = message("ob-1@homepost.example", ("Orla Boyd", "orla.boyd@homepost.example"), "Book club",
                     "Hi all, book club is at ours on Thursday 6th, half 7. We're reading The Harbour at Ardglass. "
                     "Bring snacks!\n\nOrla", UK_SENT)
    folder = write_folder(tmp_path / "mail", {"a": friend})
    assert cli("--now", UK_NOW, "--tz", "Europe/Belfast", "mail", "import", str(folder)).code == 0
    items = cli("--now", UK_NOW, "--tz", "Europe/Belfast", "--json", "appointments", "scan", "--dry-run").json()["items"]
    assert [(i["start"], i["location"], i["reason"]) for i in items] == [
        ("2027-05-06T19:30:00+01:00", None, "invitation")], items


def test_a_coachs_kick_off_is_the_games_start_never_the_time_to_get_there(tmp_path: Path, cli: Any) -> None:
    coach = message("cq-1@homepost.example", ("Colm Quinn", "colm.quinn@homepost.example"), "Wednesday",
                    "Hi parents,\n\nMatch on Wednesday against Lisburn Colts at Dunmore Park. Kick-off 6, get there "
                    "for half 5 please. Bring water.\n\nColm", UK_SENT)
    assert _scan(tmp_path, cli, {"a": coach}, now=UK_NOW, zone="Europe/Belfast") == [
        ("Colm Quinn", "2027-05-05T18:00:00+01:00", "rejected", "invitation")]


def test_a_teachers_note_of_a_parents_evening_slot_is_told_though_filed_with_appointments(
        tmp_path: Path, cli: Any) -> None:
    teacher = message("mh-1@stcolmans-ps.example", ("Mr Declan Hughes", "d.hughes@stcolmans-ps.example"),
                      "P3 parents' evening",
                      "Dear Mrs Kerr,\n\nThank you for booking. Your parents' evening appointment for Cara is on "
                      "Tuesday 4 May at 17:40 in Room 3 (10 minutes).\n\nMr Hughes", UK_SENT)
    items = _scan(tmp_path, cli, {"a": teacher}, now=UK_NOW, zone="Europe/Belfast")
    assert [(provider, start) for provider, start, _, _ in items] == [
        ("Mr Declan Hughes", "2027-05-04T17:40:00+01:00")], items


def test_an_event_in_sittings_by_group_is_each_sitting_at_its_own_hours(tmp_path: Path, cli: Any) -> None:
    # a school's evening in two sittings, a line each: both sittings, each under its group, never the first alone
    notice = message("pc-1@stbrigids-pc.example", ("St Brigid's Parent Council", "events@stbrigids-pc.example"),
                     "Easter Disco this Friday",
                     "Dear families,\n\nThe Easter Disco is this Friday in the gym hall:\nPrimary 1-3: 5.30pm to 6.30pm\n"
                     "Primary 4-7: 6.45pm to 8pm\n\nTickets £3 at the door.\n\nSt Brigid's Parent Council", UK_SENT)
    items = _scan(tmp_path, cli, {"a": notice}, now=UK_NOW, zone="Europe/Belfast")
    assert [start for _, start, _, _ in items] == ["2027-05-07T17:30:00+01:00", "2027-05-07T18:45:00+01:00"], items


def test_an_online_session_registered_for_is_at_its_labelled_time_on_the_persons_clock(
        tmp_path: Path, cli: Any) -> None:
    # given in UTC after the clocks went forward: an hour later on a summer clock
    course = message("lt-1@learntree.example", ("LearnTree Courses", "events@learntree.example"),
                     "You're registered: Marking that Matters (webinar)",
                     "Hi,\n\nYou're registered for our live webinar.\n\nMarking that Matters\nWhen: Wednesday 5 May "
                     "2027, 17:00 UTC\nLength: 1 hour\n\nSee you there!\nLearnTree", UK_SENT)
    assert _scan(tmp_path, cli, {"a": course}, now=UK_NOW, zone="Europe/Belfast") == [
        ("LearnTree Courses", "2027-05-05T18:00:00+01:00", "rejected", "invitation")]


def test_a_schools_end_of_term_is_told_at_its_closing_hour(tmp_path: Path, cli: Any) -> None:
    school = message("hv-1@hillview-ps.example", ("Hillview Primary School", "office@hillview-ps.example"),
                     "End of term",
                     "Dear Parents,\n\nTerm ends on Friday 7 May at 12 noon. The school reopens on Monday 17 May."
                     "\n\nHillview Primary School", UK_SENT)
    assert [(p, s) for p, s, _, _ in _scan(tmp_path, cli, {"a": school}, now=UK_NOW, zone="Europe/Belfast")] == [
        ("Hillview Primary School", "2027-05-07T12:00:00+01:00")]


def test_a_kindergartens_circular_of_its_parents_day_is_the_familys_slot(tmp_path: Path, cli: Any) -> None:
    nursery = message("lb-1@ladybirdkg.example", ("Ladybird Kindergarten", "office@ladybirdkg.example"),
                      "Circular 12: sports practice and parents' day",
                      "Dear Parents,\n\n1. There is no sports practice on Friday.\n\n2. Parents' day for K2 is on "
                      "Wednesday 5 May. Your meeting with the class teacher is at 3:40pm (15 minutes) in the "
                      "Rainbow Room.\n\nLadybird Kindergarten", UK_SENT)
    items = _scan(tmp_path, cli, {"a": nursery}, now=UK_NOW, zone="Europe/Belfast")
    assert [(provider, start) for provider, start, _, _ in items] == [
        ("Ladybird Kindergarten", "2027-05-05T15:40:00+01:00")], items
