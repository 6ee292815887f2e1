"""Kinds of question the reader answered with something else, or with the offline refusal: what another app
holds, the calendar's own state, a bill's cycle, the subjects and senders of a span's mail (the demo home,
its clock pinned, no model). Each sentence is written for Steward."""

from __future__ import annotations

import pytest

from chat_helpers import ask
from steward.app import App

NOW = "2026-09-14T09:00:00+05:30"


@pytest.mark.parametrize(("text", "app_name"), [("got any fresh matches on bumble?", "Bumble"),
                                                ("how many people liked my instagram post", "Instagram"),
                                                ("any new connection requests on linkedin", "Linkedin")])
def test_what_another_app_holds_is_said_plainly_never_read_from_the_calendar(demo: App, text: str,
                                                                            app_name: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "outside" and reply.startswith(f"I can't see inside {app_name}"), reply
    assert f'"mail from {app_name}"' in reply and "What is on" not in reply, reply


def test_an_app_said_with_a_word_of_mail_asks_of_its_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "has facebook emailed me lately?")
    assert handled_by == "reader" and "facebook" in reply.lower() and "can't see inside" not in reply, reply


@pytest.mark.parametrize("text", ["is my calendar synced?", "is the diary shared with my partner",
                                  "are the calendar entries correct"])
def test_the_calendars_own_state_is_not_answered_with_what_is_on(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "reader" and "Coming up" not in reply and "What is on" not in reply, reply


@pytest.mark.parametrize("text", ["is my diary clear on friday?", "is my schedule packed this week"])
def test_how_full_the_calendar_is_still_asks_what_is_on(demo: App, text: str) -> None:
    handled_by, _ = ask(demo, text)
    assert handled_by == "reader"


def test_a_bills_cycle_is_said_not_read_with_the_due_days(demo: App) -> None:
    handled_by, reply = ask(demo, "when does the billing cycle end on my cards?")
    assert handled_by == "reader" and reply.startswith("Steward reads no billing cycle from your mail"), reply
    assert "due" in reply, reply


def test_the_subjects_and_senders_of_a_spans_mail_are_listed_not_searched_for(demo: App) -> None:
    handled_by, reply = ask(demo, "give me the senders and subject lines of every email this month")
    assert handled_by == "reader" and "No emails match" not in reply and "searched for" not in reply, reply


def test_the_highlights_of_a_game_are_the_news_not_the_brief(demo: App) -> None:
    handled_by, reply = ask(demo, "what were the highlights of last night's derby game")
    assert handled_by == "outside" and reply.startswith("I can't fetch the news"), reply


@pytest.mark.parametrize("text", ["which week of the year are we in?", "what's the week number today", "what week is it"])
def test_the_weeks_number_is_this_weeks_from_monday(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("It's week 38 of 2026 (Monday, 14 September 2026"), reply


@pytest.mark.parametrize("text", ["what weekday does the 30th fall on this month?", "which day does the 1st of May land on"])
def test_the_weekday_a_day_falls_on(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and ("Wednesday, 30 September 2026" in reply or "Saturday, 1 May 2027" in reply), reply


def test_the_date_time_group_is_the_date_and_the_time(demo: App) -> None:
    handled_by, reply = ask(demo, "give me the current dtg")
    assert handled_by == "reader" and reply == "It's 09:00 on Monday, 14 September 2026.", reply


def test_did_you_add_asks_whether_a_thing_is_there_and_writes_nothing(demo: App) -> None:
    trace = demo.engine.turn("have you put the vet in my diary yet?", session="s-did-you", dry_run=True)
    assert trace.handled_by == "reader" and "vet" in trace.reply.lower() and not trace.writes, trace.reply
    handled_by, reply = ask(demo, "did you add tomorrow's wedding to my calendar")
    assert handled_by == "reader" and reply.startswith("I can't find any wedding tomorrow"), reply


def test_is_this_week_a_kind_of_week_asks_whether_that_thing_is_in_it(demo: App) -> None:
    handled_by, reply = ask(demo, "is next week a recycling collection week?")
    assert handled_by == "reader" and reply.startswith("I can't find any recycling collection next week"), reply


def test_what_the_person_sent_is_their_own_mail_not_what_came_in(demo: App) -> None:
    handled_by, reply = ask(demo, "who have I emailed lately?")
    assert handled_by == "reader" and reply.startswith("What you sent"), reply
    assert " to " in reply and "Kitchen Notes" not in reply, reply  # a newsletter that came in is not sent mail


def test_whether_the_person_wrote_to_someone_is_asked_not_done(demo: App) -> None:
    trace = demo.engine.turn("did I email the eye clinic?", session="s-did-i-email", dry_run=True)
    assert trace.handled_by == "reader" and not trace.writes, trace.reply
    assert trace.reply.startswith(("Steward holds no mail you sent", "What you sent")), trace.reply


def test_a_name_before_a_topic_ends_where_the_topic_starts(demo: App) -> None:
    handled_by, reply = ask(demo, "check and see if Marguerite Okafor sent anything having to do with the deposit")
    assert handled_by == "reader" and "\u2018marguerite okafor\u2019" in reply.lower(), reply


def test_peoples_own_mail_leaves_companies_out(demo: App) -> None:
    handled_by, reply = ask(demo, "anything personal in my inbox lately?")
    assert handled_by == "reader" and "personal message" in reply and "(from people, not companies)" in reply, reply
    assert "Kitchen Notes" not in reply and "receipt" not in reply.lower(), reply


@pytest.mark.parametrize("text", ["ping me the moment Ana Lima writes back", "let me know if the landlord emails",
                                  "notify me as soon as a new message arrives"])
def test_a_watch_on_the_mail_is_said_plainly_and_sets_no_reminder(demo: App, text: str) -> None:
    trace = demo.engine.turn(text, session=f"s-{text}", dry_run=True)
    assert trace.handled_by == "outside" and trace.reply.startswith("I can't keep watch on your mail"), trace.reply
    assert not trace.writes and trace.continuation is None, trace.reply


@pytest.mark.parametrize("text", ["open my address book", "look up the contact list"])
def test_an_address_book_is_said_not_kept(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "outside" and reply.startswith("I keep no address book"), reply


def test_fetching_mail_now_is_said_plainly(demo: App) -> None:
    handled_by, reply = ask(demo, "could you sync my inbox")
    assert handled_by == "outside" and "steward mail sync" in reply, reply


@pytest.mark.parametrize("text", ["let me know if Zoe has written", "tell me if there's anything new in my inbox"])
def test_let_me_know_if_of_mail_already_come_asks_now(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "outside" and "keep watch" not in reply, reply
