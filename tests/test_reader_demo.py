"""The reader on the demo home: questions in plain words answered about the thing they name, from the
person's own data, without a model (the demo's mailbox, its clock pinned on Mon 14 Sep 2026)."""

from __future__ import annotations

import pytest

from chat_helpers import ask
from steward.app import App

NOW = "2026-09-14T09:00:00+05:30"


# the ten questions a new user asked of the demo home, and what a right answer holds (and must not)
TEN = [
    ("when am I at the vet?", ["Pawsome Vets", "15 Sep", "09:15"], ["Saffron", "Riverside"]),
    ("show me anything suspicious", ["lakesidedenta1.example", "northwind-card-support.example", "imitates"], []),
    ("what did Lakeside Dental send me?", ["Lakeside Dental", "2 Sep", "lakesidedenta1.example", "SUSPICIOUS"],
     ["Kaveri"]),
    ("what's coming up this week?", ["Pawsome Vets", "Saffron Table", "ClearSight"], ["Riverside Physio"]),
    ("when is the Thameside bill taken?", ["Thameside Energy", "70.43", "23 Sep", "autopay"], ["Kaveri", "Avalon"]),
    ("what's the damage on my cards this month?", ["Kaveri Bank", "5,795.85", "Northwind", "311.23"],
     ["Meridian", "Thameside", "Avalon"]),
    ("anything I should worry about today?", ["Avalon Mutual", "overdue"], []),
    ("what's the balance on my Kaveri card?", ["Kaveri Bank", "4821", "5,795.85", "23 Sep"], ["Meridian", "Northwind"]),
    ("is the Saffron Table booking tonight?", ["No", "Saffron Table", "18 Sep", "20:00"], ["no table appointment"]),
]


@pytest.mark.parametrize(("question", "holds", "never"), TEN, ids=[q for q, _, _ in TEN])
def test_the_demo_questions_are_answered_about_what_they_name(demo: App, question: str, holds: list[str],
                                                              never: list[str]) -> None:
    handled_by, reply = ask(demo, question)
    assert handled_by == "reader", reply
    for piece in holds:
        assert piece in reply, f"{piece!r} missing from {reply!r}"
    for piece in never:
        assert piece not in reply, f"{piece!r} should not be in {reply!r}"


@pytest.mark.parametrize("question", ["did somebody try to phish me this month?", "any scammers writing to me?",
                                      "have I been getting spoofed mail?"])
def test_a_lure_asked_after_by_its_verb_or_its_senders_lists_the_mail_marked_so(demo: App, question: str) -> None:
    handled_by, reply = ask(demo, question)
    assert handled_by == "reader", reply
    assert "northwind-card-support.example" in reply and "Kaveri Bank" not in reply, reply


def test_a_name_typed_with_a_slip_finds_the_card(demo: App) -> None:
    _, reply = ask(demo, "how much do I owe on the Kavery card?")
    assert "Kaveri Bank" in reply and "5,795.85" in reply and "Meridian" not in reply


def test_a_card_that_is_not_in_the_data_is_said_plainly_with_the_nearest(demo: App) -> None:
    _, reply = ask(demo, "what's due on my Zephyr card?")
    assert "Zephyr" in reply and "Kaveri Bank card XXXX4821" in reply and "5,795.85" not in reply


def test_the_last_four_digits_name_the_card(demo: App) -> None:
    _, reply = ask(demo, "what's the balance on the card ending 1234?")
    assert "Northwind" in reply and "311.23" in reply and "Kaveri" not in reply


def test_a_window_that_holds_nothing_says_when_the_named_thing_is(demo: App) -> None:
    _, reply = ask(demo, "do I owe Meridian anything this week?")
    assert "Meridian" in reply and "4,206.05" in reply and "1 Oct" in reply and "Kaveri" not in reply


def test_a_kind_of_place_finds_its_provider(demo: App) -> None:
    for question, provider in (("when's my eye test?", "ClearSight"), ("when is the physio?", "Riverside Physio"),
                               ("is my car service still on?", "AutoFix Garage")):
        _, reply = ask(demo, question)
        assert provider in reply, (question, reply)


def test_a_cancelled_booking_is_said_to_be_cancelled(demo: App) -> None:
    _, reply = ask(demo, "when is my haircut at Sharp Cuts?")
    assert "Sharp Cuts" in reply and "cancelled" in reply


def test_an_action_is_never_read_as_a_question(demo: App) -> None:
    handled_by, _ = ask(demo, "add the dues section to my brief")
    assert handled_by == "brief_config"


def test_a_question_that_names_nothing_gets_the_whole_answer(demo: App) -> None:
    trace = demo.engine.turn("what do I owe?", session="whole", dry_run=True)
    assert trace.handled_by == "reader" and trace.data["answerer"] == "dues"
    assert trace.reply.startswith("What you owe, by currency")


def test_every_word_for_the_brief_gets_the_brief(demo: App) -> None:
    for question in ("give me the rundown", "what's my briefing?", "catch me up", "can I get a summary?"):
        handled_by, reply = ask(demo, question)
        assert handled_by == "reader" and "Your brief" in reply, (question, reply)


def conversation(app: App, *turns: str) -> list[tuple[str, str]]:
    """The turns asked in one session of their own, each answer in order."""
    session = f"talk-{turns[0]}-{len(turns)}"
    return [(t.handled_by, t.reply) for t in (app.engine.turn(text, session=session, dry_run=True) for text in turns)]


def test_what_now_says_what_is_under_way_and_what_comes_next(demo: App) -> None:
    handled_by, reply = ask(demo, "what now?")
    assert handled_by == "reader" and "Next: Tue 15 Sept at 09:15 Pawsome Vets" in reply, reply


def test_a_window_said_from_the_one_before_moves_it(demo: App) -> None:
    (_, first), (_, second) = conversation(demo, "what's on tomorrow?", "and the day after?")
    assert "Pawsome Vets" in first and "Wed 16 Sept" in second and "Pawsome" not in second


def test_a_question_of_another_domain_is_not_read_as_the_one_before(demo: App) -> None:
    (_, money), (_, schedule) = conversation(demo, "what's the balance on my Kaveri card?", "what's on this week?")
    assert "5,795.85" in money
    assert "Saffron Table" in schedule and "Kaveri" not in schedule, schedule


def test_a_day_asked_after_a_money_question_is_asked_of_money(demo: App) -> None:
    *_, (_, reply) = conversation(demo, "what do I owe this week?", "what about next week?")
    assert "Kaveri Bank" in reply and "23 Sept" in reply and "Pawsome" not in reply, reply


@pytest.mark.parametrize("remark", ["I'll get to the bills later", "I need to find my passport before the flight",
                                    "I want to get some lunch", "I read the mail from Meridian already"])
def test_a_verb_of_showing_inside_a_remark_asks_for_nothing(demo: App, remark: str) -> None:
    handled_by, reply = ask(demo, remark)
    assert handled_by == "offline", reply


@pytest.mark.parametrize(("request_", "holds"), [("find my physio booking", "Riverside Physio"),
                                                 ("pull up the mails from Thameside", "Thameside"),
                                                 ("check my schedule for tuesday", "Pawsome Vets")])
def test_a_verb_of_showing_that_opens_a_request_on_the_persons_data_shows_it(demo: App, request_: str,
                                                                            holds: str) -> None:
    handled_by, reply = ask(demo, request_)
    assert handled_by == "reader" and holds in reply, reply


def test_a_part_of_the_day_asked_about_covers_all_of_it(demo: App) -> None:
    # dates reads "night" as from 9 pm; an 8 pm dinner is in the night people mean
    handled_by, reply = ask(demo, "any plans on Friday night?")
    assert handled_by == "reader" and "Saffron Table" in reply, reply


def test_a_bill_named_by_what_it_is_for_and_its_account_is_that_bill(demo: App) -> None:
    handled_by, reply = ask(demo, "what's going on with my energy account, is it due?")
    assert handled_by == "reader" and "Thameside Energy" in reply and "Kaveri" not in reply, reply


def test_a_notice_named_that_no_bill_is_said_to_be_missing(demo: App) -> None:
    handled_by, reply = ask(demo, "when's the council rates notice due")
    assert handled_by == "reader" and "nothing called" in reply and "Kaveri" not in reply, reply


def test_a_bill_asked_about_as_overdue_that_is_not_yet_due_is_said_so(demo: App) -> None:
    handled_by, reply = ask(demo, "is my Kaveri card overdue?")
    assert handled_by == "reader" and reply.startswith("No:") and "5,795.85" in reply, reply
    assert "nothing to pay" not in reply


def test_a_card_named_by_its_currency_is_that_card(demo: App) -> None:
    handled_by, reply = ask(demo, "how much is on my rupee cards?")
    assert handled_by == "reader" and "Kaveri Bank" in reply and "Northwind" not in reply, reply


def test_list_as_a_verb_lists_and_a_list_kept_is_not_ours(demo: App) -> None:
    handled_by, reply = ask(demo, "list my upcoming appointments")
    assert handled_by == "reader" and "Pawsome Vets" in reply and "Saffron Table" in reply, reply
    assert ask(demo, "what's on my shopping list?")[0] != "reader"
