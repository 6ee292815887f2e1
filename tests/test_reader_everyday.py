"""Everyday kinds of question a person asks of an assistant that holds their mail and calendar, each
answered from the home, never refused (the demo home, its clock pinned, no model): what has come in,
replies, the mail that matters, unread mail (no read state is kept: said, with what came in), what a
named person's latest mail says, the next thing, and a to-do list (the reminders)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-09-14T09:00:00+05:30"


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], App]) -> App:
    """The demo home, built once for the module, with no model configured."""
    built = app_in_own_home("Asia/Kolkata", NOW)
    build_demo_home(built)
    return built


def ask(app: App, text: str) -> tuple[str, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


@pytest.mark.parametrize("text", ["anything new for me?", "so what's new", "have I missed anything?",
                                  "what've I missed"])
def test_what_has_come_in_is_the_newest_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply
    assert "OVERDUE" not in reply, reply  # "missed" here is no missed payment


def test_what_has_come_in_on_a_day_is_that_days_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "anything new since yesterday?")
    assert handled_by == "reader" and "came in" in reply and "Nothing on" not in reply, reply


@pytest.mark.parametrize("text", ["has anybody replied?", "did anyone write back", "any responses to my emails?"])
def test_replies_are_the_mail_that_answers(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Re: Moving help" in reply, reply
    assert "Kitchen Notes" not in reply, reply  # a newsletter answers nothing


def test_a_reply_from_a_named_person(demo: App) -> None:
    _, reply = ask(demo, "did Zoe get back to me?")
    assert "from Zoë Müller" in reply and "Re: Moving help" in reply and "Alex" not in reply, reply


@pytest.mark.parametrize("text", ["any urgent mail?", "is there anything important in my inbox this week",
                                  "flag anything pressing"])
def test_the_mail_that_matters_leaves_newsletters_and_receipts_out(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "look" in reply and "important" in reply, reply
    assert "Kitchen Notes" not in reply and "receipt" not in reply.split("\n", 1)[-1].lower(), reply


@pytest.mark.parametrize("text", ["how many emails haven't I read?", "got any unread messages?"])
def test_unread_mail_says_no_read_state_is_kept_and_shows_what_came_in(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Which messages you have opened is kept by your mail app"), reply
    assert "can't" not in reply, reply


@pytest.mark.parametrize("text", ["what did Zoe say", "read me the latest from Zoë"])
def test_what_a_named_persons_latest_mail_says(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("The latest from Zoë Müller"), reply
    assert "\u2014" in reply.split("\n", 1)[0], reply  # what it says, beside its subject


@pytest.mark.parametrize("text", ["what's next?", "what have I got up next", "when's my next thing"])
def test_the_next_thing_is_what_is_ahead(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Pawsome Vets" in reply, reply  # the vet is tomorrow


@pytest.mark.parametrize("text", ["what's on my to-do list", "anything on my list?", "what are my tasks"])
def test_a_to_do_list_is_the_reminders(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reminder_management" and "reminders" in reply, reply


def test_a_shopping_list_is_still_not_kept(demo: App) -> None:
    handled_by, _ = ask(demo, "what's on my grocery list")
    assert handled_by == "offline"


@pytest.mark.parametrize("text", ["where's my package", "any parcels on the way?", "when is the courier coming"])
def test_a_parcel_asked_after_is_the_delivery_notices(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "delivery notice" in reply and "Parcel Express" in reply, reply
    assert "Python Weekly" not in reply, reply  # a newsletter's "packaging" is no parcel


@pytest.mark.parametrize("text", ["has the vet emailed me?", "did the vets write to me"])
def test_a_kind_of_place_said_with_a_verb_of_writing_is_its_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "from Pawsome Vets" in reply, reply


def test_news_from_a_person_is_their_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "any news from Zoe?")
    assert handled_by == "reader" and "Zoë Müller" in reply, reply


def test_how_a_day_looks_is_its_schedule(demo: App) -> None:
    handled_by, reply = ask(demo, "how is Friday looking?")
    assert handled_by == "reader" and "Saffron Table" in reply, reply


def test_who_sent_a_thing_names_the_sender_of_its_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "who sent me the invitation for the book club?")
    assert handled_by == "reader" and "Priya Sharma" in reply, reply


def test_the_lists_asked_for_are_the_reminders_said_so(demo: App) -> None:
    handled_by, reply = ask(demo, "which lists have I got?")
    assert handled_by == "reminder_management" and reply.startswith("Your to-do list is your reminders."), reply


def test_what_was_spent_is_what_the_purchase_alerts_say_per_currency(demo: App) -> None:
    handled_by, reply = ask(demo, "how much have I spent over the last week?")
    assert handled_by == "reader" and reply.startswith("Spent "), reply
    assert "purchase alert" in reply and "not counted" in reply and "OVERDUE" not in reply, reply
    assert "₹" in reply and "US$" in reply, reply  # rupees and dollars summed apart, never together


def test_what_was_spent_on_one_card_is_that_banks_alerts_alone(demo: App) -> None:
    _, reply = ask(demo, "what have I spent on the Meridian card in the last month?")
    assert "Meridian Bank" in reply and "Northwind" not in reply and "US$" not in reply, reply


def test_what_was_bought_is_not_answered_with_a_total(demo: App) -> None:
    handled_by, reply = ask(demo, "how much went on takeaways, how much did I spend on those?")
    assert not reply.startswith("Spent "), reply


@pytest.mark.parametrize("text", ["sum up my day", "could you summarize today"])
def test_a_summary_of_the_day_is_the_brief(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your brief for"), reply


def test_the_time_of_the_first_thing_of_a_day_is_that_days_schedule(demo: App) -> None:
    handled_by, reply = ask(demo, "so what time is my first thing tomorrow?")
    assert handled_by == "reader" and "Pawsome Vets" in reply and "09:15" in reply, reply


@pytest.mark.parametrize("text", ["any updates for me?", "read my mail"])
def test_updates_and_reading_the_mail_are_the_newest_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply


def test_the_latest_on_a_thing_is_never_the_newest_mail_of_everything(demo: App) -> None:
    _, reply = ask(demo, "what's the latest on the lease?")
    assert not reply.startswith("Your newest mail"), reply


def test_interesting_mail_is_the_mail_that_matters(demo: App) -> None:
    handled_by, reply = ask(demo, "anything interesting in my inbox?")
    assert handled_by == "reader" and "look important" in reply, reply
