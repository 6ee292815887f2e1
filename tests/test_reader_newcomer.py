"""What a newcomer asks on the first day: questions wrapped in a request to be told ("can you tell me when
the vet is"), spans counted back from now ("in the last 10 days"), holidays, how long until the thing just
shown, and flights asked after by their airline. Each kind over more than one sample home (the demo's Alex
in Kolkata, Noor in Melbourne, Lindiwe in Cape Town), no model; then forty first-day questions asked of the
demo home, counted right / wrong / refused, with no wrong answer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from chat_helpers import ask, talk
from steward.app import App
from steward.clock import make_clock
from steward.demo import build_demo_home
from steward.reader.answerers.holidays import asks_holidays, public_holidays
from steward.reader.answerers.trips import _an_airline
from steward.reader.how_long import asks_how_long
from steward.reader.rolling import rolling_back, week_ahead
from steward.reader.wrappers import unwrapped

NOW = "2026-12-06T07:00:00+05:30"  # a Sunday morning in Kolkata
SECOND_NOW = "2026-12-03T19:40:00+11:00"
SIXTH_NOW = "2027-01-21T07:20:00+02:00"


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    """Noor's home in Melbourne at her clock."""
    app = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(app, mailbox="second")
    return app


@pytest.fixture(scope="module")
def sixth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Lindiwe's home in Cape Town at her clock."""
    app = app_in_own_home("Africa/Johannesburg", SIXTH_NOW)
    build_demo_home(app, mailbox="sixth")
    return app


# -- the kinds, as pure decisions

@pytest.mark.parametrize(("said", "plain"), [
    ("could you tell me when the plumber comes", "when the plumber comes?"),
    ("I need to know what time my train goes", "what time my train goes?"),
    ("I can't remember where the party is", "where the party is?"),
    ("do you know if there's anything on saturday?", "is there anything on saturday?"),
    ("can you check if I have anything on the 9th", "do I have anything on the 9th?"),
])
def test_a_question_inside_a_request_to_be_told_is_that_question(said: str, plain: str) -> None:
    assert unwrapped(said) == plain


@pytest.mark.parametrize("said", ["tell me what to pack", "check my inbox", "tell me about the school trip",
                                  "can you check whether to bring a coat"])
def test_a_request_that_wraps_no_question_of_the_data_is_left_alone(said: str) -> None:
    assert unwrapped(said) is None


def test_a_span_counted_back_runs_up_to_now_and_last_week_stays_the_calendars() -> None:
    clock = make_clock("Europe/Berlin", "2026-11-18T16:00:00+01:00")  # a Wednesday
    start, end = rolling_back("the past 3 days", ["over"], clock) or (None, None)
    assert start is not None and start.date() == date(2026, 11, 15) and end == clock.now()
    week = rolling_back("past week", ["this"], clock)
    assert week is not None and week[0].date() == date(2026, 11, 11)
    assert rolling_back("last 2 weeks", [], clock) is not None
    assert rolling_back("last week", [], clock) is None  # the calendar week before this one


def test_this_week_on_its_last_day_is_the_week_ahead() -> None:
    from datetime import datetime, timedelta

    sunday = make_clock("Asia/Kolkata", "2026-12-06T07:00:00+05:30")
    end = datetime(2026, 12, 7, tzinfo=sunday.zone)
    ahead = week_ahead("this week", "week", end, sunday)
    assert ahead is not None and ahead[0].date() == date(2026, 12, 6) and ahead[1] - ahead[0] == timedelta(days=7)
    wednesday = make_clock("Asia/Kolkata", "2026-12-02T07:00:00+05:30")
    assert week_ahead("this week", "week", end, wednesday) is None


@pytest.mark.parametrize("said", ["how far is that from now?", "how far off is it", "how long from now is the ferry",
                                  "how many days away is that?", "how soon is it"])
def test_how_far_off_is_asked_in_many_words(said: str) -> None:
    assert asks_how_long(said)


def test_how_far_a_place_is_is_no_question_of_time() -> None:
    assert not asks_how_long("how far is the station from the hotel?")


def test_holidays_are_asked_only_when_nothing_else_is_named() -> None:
    assert asks_holidays(["bank", "holiday"]) and asks_holidays(["holidays"])
    assert not asks_holidays(["holiday", "party"]) and not asks_holidays(["ana"])


def test_public_holidays_come_from_the_countrys_table() -> None:
    found = public_holidays("ZA", date(2026, 12, 10), date(2026, 12, 20))
    assert found is not None and [d for d, _ in found] == [date(2026, 12, 16)]


def test_a_flights_sender_is_its_airline_only_when_it_reads_as_one() -> None:
    assert _an_airline("Gannet Airways", "GX") and _an_airline("Lark Jet", "QQ") and _an_airline("Tern Blue", "TB")
    assert not _an_airline("Tripmate Travel", "GX")


# -- on the homes

@pytest.mark.parametrize("text", ["can you tell me what time the vet is", "I need to know when the vet is",
                                  "do you know when Biscuit's check-up is?"])
def test_a_wrapped_question_is_answered_like_the_plain_one_on_the_demo(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Pawsome Vets" in reply and "09:15" in reply, reply


@pytest.mark.parametrize("text", ["I need to know when the dentist is", "could you check what time my dentist is"])
def test_a_wrapped_question_is_answered_like_the_plain_one_in_melbourne(second: App, text: str) -> None:
    handled_by, reply = ask(second, text)
    assert handled_by == "reader" and "Southbank Smiles Dental" in reply and "08:45" in reply, reply
    assert "brief" not in reply.casefold(), reply


def test_a_lure_in_a_providers_name_is_marked_where_their_mail_is_shown(demo: App) -> None:
    _, reply = ask(demo, "tell me when the dentist is")
    lure = next(line for line in reply.splitlines() if "Thu 10 Dec" in line)
    assert "looks like phishing" in lure and "lakesidedenta1" in lure, reply


def test_mail_counted_over_the_past_days_includes_today(demo: App) -> None:
    _, reply = ask(demo, "how many emails came in over the past couple of days?")
    assert "Casa Verde Lettings" in reply, reply  # its rent reminder came in this morning
    assert "searched for: over" not in reply, reply


def test_mail_counted_in_the_last_week_is_the_seven_days_back(second: App) -> None:
    _, rolling = ask(second, "how many emails did I get in the last week?")
    _, calendar = ask(second, "how many emails did I get last week?")
    assert rolling.split(" ", 1)[0] != calendar.split(" ", 1)[0], (rolling, calendar)


def test_newsletters_counted_are_newsletters(demo: App) -> None:
    _, reply = ask(demo, "how many newsletters arrived this week?")
    assert "Python Weekly" in reply and "Kaveri Bank" not in reply and "Zoë" not in reply, reply


def test_this_week_asked_on_a_sunday_is_the_week_ahead(demo: App) -> None:
    handled_by, reply = ask(demo, "what's on for me this week?")
    assert handled_by == "reader" and "Pawsome Vets" in reply and "Nothing on" not in reply, reply


def test_a_holiday_next_month_is_the_countrys_public_days_and_what_is_not_known(demo: App, second: App) -> None:
    _, india = ask(demo, "any holidays next month?")
    assert "Republic Day" in india and "leave" in india and "I can't find any holiday" not in india, india
    _, australia = ask(second, "is there a public holiday next month?")
    assert "Australia Day" in australia and "New Year" in australia, australia


def test_the_next_bank_holiday_is_one_day(demo: App, sixth: App) -> None:
    _, india = ask(demo, "when's the next bank holiday?")
    assert india.startswith("The next public holiday in India is Christmas"), india
    _, south_africa = ask(sixth, "when is the next public holiday?")
    assert "South Africa" in south_africa and "Human Rights Day" in south_africa, south_africa


def test_a_holiday_party_is_no_public_holiday(second: App) -> None:
    _, reply = ask(second, "when is the holiday party?")
    assert "Public holidays" not in reply, reply


def test_how_far_off_the_thing_picked_from_a_list_is(demo: App) -> None:
    replies = talk(demo, "what appointments have I got?", "the first one", "how far is that from now?")
    assert replies[2].startswith("Tomorrow: Mon 7 Dec") and "Pawsome Vets" in replies[2], replies[2]
    replies = talk(demo, "what appointments have I got?", "how many days till the 3rd one?")
    assert "cancelled" in replies[1] and "CityCare" in replies[1], replies[1]  # never the first one's days


def test_how_far_off_the_thing_just_named_is(second: App) -> None:
    replies = talk(second, "when's my dentist appointment?", "how long from now is that?")
    assert replies[1].startswith("In 5 days: Tue 8 Dec") and "Southbank" in replies[1], replies[1]
    assert "Nothing on now" not in replies[1], replies[1]


def test_what_is_coming_up_can_be_pointed_at(demo: App) -> None:
    replies = talk(demo, "anything coming up?", "how many days until the 3rd one?")
    assert "Saffron Table" in replies[1] and replies[1].startswith("In 4 days"), replies[1]


def test_flights_asked_after_by_their_airline_code(sixth: App) -> None:
    handled_by, reply = ask(sixth, "when does my KA flight go?")
    assert handled_by == "reader" and "KA 311 (Kestrel Air)" in reply and "KA 328" in reply, reply
    assert "IW 218" not in reply, reply
    _, home = ask(sixth, "and when is the KA flight home?")
    assert "KA 328" in home and "KA 311" not in home, home
    # the code alone is a word of its own ("ka pai": Māori's "good"), never the flights
    _, alone = ask(sixth, "ka pai, what's my brief for today?")
    assert alone.startswith("Your brief for"), alone


def test_flights_are_shown_with_the_airline_their_mail_came_from(second: App) -> None:
    _, reply = ask(second, "when is the AP flight home?")
    assert "AP 422 (Austral Pacific Airways)" in reply, reply


def test_a_booking_its_mail_confirms_needs_no_confirming(demo: App) -> None:
    _, reply = ask(demo, "do I need to confirm the Saffron Table booking?")
    assert reply.startswith("No: the mail I read confirms") and "Thu 10 Dec at 20:00" in reply, reply


def test_is_there_anything_asks_anew_after_a_bill(demo: App) -> None:
    replies = talk(demo, "how much do I owe Kaveri Bank?", "is there anything on Thursday evening?")
    assert "Saffron Table" in replies[1] and "Kaveri" not in replies[1], replies[1]


# -- forty first-day questions on the demo home: (question, what a right answer holds, what it must not hold)
FIRST_DAY: list[tuple[str, list[str], list[str]]] = [
    # the schedule
    ("hey, what have I got on this week?", ["Pawsome Vets", "Saffron Table"], ["Nothing on"]),
    ("anything on tomorrow morning?", ["Pawsome Vets", "09:15"], []),
    ("is Wednesday afternoon clear for me?", ["Nothing on Wednesday afternoon"], ["Sharp Cuts"]),
    ("what's happening on Friday?", ["ClearSight", "Book club"], ["Saffron"]),
    ("do you know if there's anything on Thursday evening?", ["Saffron Table", "20:00"], []),
    ("is there a public holiday this month?", ["Christmas"], ["I can't find any holiday"]),
    ("when's the next bank holiday?", ["Christmas", "25 Dec"], []),
    # money
    ("how much do I owe in total right now?", ["1,150.00", "382.93", "10,001.90", "290.09"], []),
    ("which bills are due before the end of the month?", ["Kaveri Bank", "Thameside"], ["Casa Verde"]),
    ("is my Kaveri card paid off?", ["Kaveri Bank", "5,795.85"], ["Meridian"]),
    ("what's the smallest amount I can pay on the Meridian card?", ["210.30"], ["Kaveri"]),
    ("when does the rent need paying?", ["Casa Verde", "1 Jan"], []),
    ("do I have anything overdue?", ["Avalon Mutual", "Meridian Bank"], ["Kaveri"]),
    ("what does the power bill come to?", ["70.43"], ["Kaveri"]),
    ("I'd like to know how much I owe Kaveri Bank", ["5,795.85"], ["Meridian"]),
    # bookings
    ("when's my eye test?", ["ClearSight", "Fri 11 Dec", "10:30"], []),
    ("is the haircut still on?", ["cancelled"], []),
    ("where is the physio?", ["5 River Walk"], []),
    ("when am I taking Biscuit to the vet?", ["Pawsome Vets", "Mon 7 Dec"], []),
    ("do I need to confirm the dinner booking at Saffron Table?", ["No:", "Thu 10 Dec"], []),
    ("can you tell me what time the vet is tomorrow", ["09:15"], []),
    ("tell me when the dentist is", ["looks like phishing"], ["Thu 10 Dec at 09:00 Lakeside"]),
    # mail
    ("who sent me mail yesterday?", ["Zoë Müller", "Riverside Physio"], []),
    ("anything from Priya lately?", ["Priya Sharma", "Book club planning"], []),
    ("show me the suspicious emails", ["lakesidedenta1", "northwind-card-support"], []),
    ("how many newsletters did I get this week?", ["Python Weekly", "Kitchen Notes"], ["Kaveri Bank"]),
    ("what did Zoe want?", ["Zoë Müller", "Moving help"], []),
    ("did the library send me anything?", ["City Library"], []),
    ("how many emails came in over the last 3 days?", ["Casa Verde Lettings", "Zoë Müller"], []),
    ("what came in in the past week from Northwind?", ["Northwind Card Services"], []),
    # the brief
    ("give me my morning summary", ["Your brief for Sun 6 Dec"], []),
    ("what should I be worried about today?", ["overdue"], []),
    # reminders
    ("remind me at 6 pm today to water the plants", ["18:00", "water the plants"], []),
    ("have I set any reminders?", ["no upcoming reminders"], []),
    ("set a reminder for Tuesday at 9 to call the garage", ["Tue", "09:00", "call the garage"], []),
    # a conversation's next turn (asked after the one before it in the same conversation)
    ("list my appointments", ["Pawsome Vets", "Riverside Physio"], []),
    ("how long till the third one?", ["CityCare", "cancelled"], ["Pawsome"]),
    ("when is the physio", ["Mon 14 Dec", "18:00"], []),
    ("how far off is that", ["In 8 days"], []),
    ("what's on next", ["Pawsome Vets"], []),
]
# the turns asked in one conversation with the one before them
FOLLOW_UPS = frozenset(("how long till the third one?", "how far off is that"))
REFUSED = ("can't answer that offline", "Which of the", "Do you mean", "Is that about")


def _verdict(reply: str, holds: list[str], never: list[str]) -> str:
    if any(r in reply for r in REFUSED):
        return "refused"
    return "right" if all(h in reply for h in holds) and not any(n in reply for n in never) else "wrong"


def test_forty_first_day_questions_are_answered_with_no_wrong_answer(demo: App) -> None:
    assert len(FIRST_DAY) == 40
    verdicts: dict[str, list[str]] = {"right": [], "wrong": [], "refused": []}
    session = ""
    for text, holds, never in FIRST_DAY:
        session = session if text in FOLLOW_UPS else f"first-day-{text}"
        reply = demo.engine.turn(text, session=session, dry_run=True).reply
        verdicts[_verdict(reply, holds, never)].append(f"{text!r}: {reply[:300]!r}")
    assert not verdicts["wrong"], "\n".join(verdicts["wrong"])
    assert len(verdicts["right"]) >= 40, "\n".join(verdicts["refused"])


def test_a_flight_asked_by_an_airline_no_booking_is_with_is_said_not_found(sixth: App, second: App) -> None:
    _, reply = ask(sixth, "what time is the BA flight?")
    assert reply.startswith("I found no BA flight") and "KA 311" in reply, reply
    _, reply = ask(second, "when does the QF flight leave?")
    assert reply.startswith("I found no QF flight") and "AP 422" in reply, reply
