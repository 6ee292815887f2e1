"""Kinds of question that were once answered wrong when asked in other people's words, each answered right
or refused, in sentences written for Steward (the demo home, its clock pinned on Mon 14 Sep 2026, no model).

Each test is one kind: a question with no day about what is ahead, a kind of entry the calendar does not
hold, a part of the day said apart from the day, a list Steward does not keep, a sender the mail does not
hold, the newest mail, a span of hours, the clock itself, "let me know" opening a question, an address
asked of a day that holds only a bill, one thing asked "about" that is not the brief, a month's name as
the one who wrote.
"""

from __future__ import annotations

import pytest

from chat_helpers import ask
from steward.app import App

NOW = "2026-09-14T09:00:00+05:30"


@pytest.mark.parametrize("text", ["anything upcoming in my diary?", "what events have I got coming up",
                                  "go through my events"])
def test_a_question_with_no_day_about_events_says_what_is_ahead(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader", reply
    assert "Pawsome Vets" in reply and "Saffron Table" in reply, reply  # tomorrow's and Friday's


@pytest.mark.parametrize("text", ["how many concerts have I got this week?", "when's my next seminar",
                                  "any rehearsals on friday?"])
def test_a_kind_of_entry_nothing_holds_is_said_missing_never_counted_from_others(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("I can't find any "), reply


def test_a_part_of_the_day_said_apart_from_the_day_is_that_part(demo: App) -> None:
    _, reply = ask(demo, "what's my evening like on friday?")
    assert "Saffron Table" in reply and "Pawsome" not in reply, reply
    handled_by, reply = ask(demo, "what's my afternoon looking like tomorrow")
    assert handled_by == "reader" and "Pawsome" not in reply and "afternoon" in reply, reply  # the vet is at 09:15


@pytest.mark.parametrize("text", ["what's on my packing list", "read out the grocery list for today",
                                  "what is on that list"])
def test_a_list_steward_does_not_keep_is_never_answered_with_the_schedule(demo: App, text: str) -> None:
    handled_by, _ = ask(demo, text)
    assert handled_by not in ("schedule_query", "reader"), text


@pytest.mark.parametrize(("text", "said"), [("any emails from bartholomew lately?", "bartholomew"),
                                            ("check for messages from Ingrid Solberg", "Ingrid Solberg"),
                                            ("pull up the latest email from grace", "grace")])
def test_a_sender_the_mail_does_not_hold_is_said_plainly(demo: App, text: str, said: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and f"nothing called \u2018{said}\u2019 among your senders" in reply, reply
    assert "messages from" not in reply and "emails from" not in reply, reply


def test_a_family_word_names_the_sender_called_by_another(demo: App) -> None:
    handled_by, reply = ask(demo, "did my mother email me?")
    assert handled_by == "reader" and "from Mum" in reply, reply


def test_a_name_written_without_its_accent_is_the_same_name(demo: App) -> None:
    handled_by, reply = ask(demo, "what has Zoe sent me")
    assert handled_by == "reader" and "Zoë Müller" in reply, reply


@pytest.mark.parametrize("text", ["anything new in my inbox?", "show me my latest emails",
                                  "who's been emailing me lately and about what"])
def test_the_newest_mail_is_listed_with_senders_and_subjects(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply
    assert "\u201c" in reply  # subjects shown


def test_a_span_of_hours_counts_only_the_mail_of_those_hours(demo: App) -> None:
    _, day = ask(demo, "how many emails came in today?")
    handled_by, hours = ask(demo, "did anything arrive by email in the last hour?")
    assert handled_by == "reader", hours
    assert hours != day.replace("today", "the last hour")


def test_since_a_time_reaches_back_to_it(demo: App) -> None:
    handled_by, reply = ask(demo, "have any emails landed since 6 pm?")
    assert handled_by == "reader" and "since 6 pm" in reply, reply


@pytest.mark.parametrize(("text", "answer"), [("is the 9th of may a friday?", "No, it's a Sunday (Sunday, 9 May 2027)."),
                                             ("what is it today?", "Today is Monday, 14 September 2026."),
                                             ("give me the current date", "Today is Monday, 14 September 2026.")])
def test_a_question_of_the_calendar_itself_is_answered_with_the_date_not_the_schedule(demo: App, text: str,
                                                                                      answer: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply == answer, reply


@pytest.mark.parametrize("text", ["let me know if any new emails turned up", "let me know the current time",
                                  "let me know whether my inbox has anything from the bank"])
def test_let_me_know_opening_a_question_sets_no_reminder(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "reminder_creation", reply


def test_let_me_know_with_a_time_still_sets_a_reminder(demo: App) -> None:
    handled_by, _ = ask(demo, "let me know the day before the vet visit")
    assert handled_by == "reminder_creation"


def test_email_alerts_are_mail_not_reminders(demo: App) -> None:
    handled_by, reply = ask(demo, "do I have any new email notifications")
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply


def test_an_address_asked_of_a_day_is_asked_of_its_events_not_its_bills(demo: App) -> None:
    handled_by, reply = ask(demo, "where is the event on the 23rd?")
    assert handled_by == "reader" and "AutoFix Garage" in reply, reply
    assert "Kaveri" not in reply and "bill due" not in reply, reply


def test_one_thing_asked_about_is_not_the_brief(demo: App) -> None:
    handled_by, _ = ask(demo, "what should I know about the recital?")
    assert handled_by not in ("reader", "brief")


def test_a_month_named_as_the_one_who_wrote_is_no_window(demo: App) -> None:
    _, reply = ask(demo, "has june sent me anything by email?")
    assert "came in june" not in reply.casefold() and "no mail came" not in reply.casefold(), reply


@pytest.mark.parametrize(("text", "opening"), [("pull up my inbox", "Your newest mail"), ("my diary", "Coming up"),
                                               ("coming events", "Coming up")])
def test_a_request_in_a_domains_words_alone_is_answered(demo: App, text: str, opening: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith(opening), reply


@pytest.mark.parametrize("text", ["any unread mail in my inbox?", "find a contact"])
def test_a_state_or_an_address_book_is_not_the_newest_mail(demo: App, text: str) -> None:
    _, reply = ask(demo, text)
    assert not reply.startswith("Your newest mail"), reply


@pytest.mark.parametrize("text", ["pull up my new emails", "any new mail for me?"])
def test_new_mail_asked_in_mails_own_words_is_the_newest_not_mail_about_new(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and reply.startswith("Your newest mail"), reply


@pytest.mark.parametrize("text", ["is there a contacts list for the reunion I'm organising?",
                                  "what's the address for Priya in my address book?"])
def test_an_address_book_is_not_read_from_the_schedule_or_the_mail(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "reader", reply


@pytest.mark.parametrize("text", ["we should book the dentist again next month, can you sort it?",
                                  "I have to pay the electricity bill tomorrow at 6, can you help"])
def test_a_person_saying_what_they_must_do_and_asking_for_help_is_not_asked_what_is_owed(
        demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by != "reader", reply  # a request for help (a reminder, a model's work), not a read


def test_a_thing_named_first_and_then_asked_about_is_still_read(demo: App) -> None:
    handled_by, reply = ask(demo, "the Meridian card, how much is on it?")
    assert handled_by == "reader" and "Meridian" in reply, reply


@pytest.mark.parametrize(("text", "said"), [("did rosalind send me the forms?", "rosalind"),
                                            ("can you check what thaddeus emailed me about", "thaddeus"),
                                            ("has winifred written to me this week", "winifred")])
def test_a_writer_the_mail_does_not_hold_is_said_plainly(demo: App, text: str, said: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and f"nothing called \u2018{said}\u2019 among your senders" in reply, reply


def test_a_writer_the_mail_holds_is_their_mail(demo: App) -> None:
    handled_by, reply = ask(demo, "did priya send me anything?")
    assert handled_by == "reader" and "from Priya Sharma" in reply, reply


def test_a_few_messages_of_a_span_are_each_shown_with_their_subjects(demo: App) -> None:
    handled_by, reply = ask(demo, "what's piled up in my inbox since 6 pm yesterday?")
    assert handled_by == "reader" and reply.startswith("4 messages came in"), reply
    assert "\u201cKitchen Notes: this week in chutney\u201d" in reply, reply  # each with its subject


def test_mail_counted_by_its_arriving_is_never_a_search_for_the_verb(demo: App) -> None:
    handled_by, reply = ask(demo, "how many emails came in yesterday?")
    assert handled_by == "reader" and "No emails match" not in reply and "came" not in reply.split(":")[0], reply


@pytest.mark.parametrize("text", ["my weekly schedule", "what's the plan for the week?"])
def test_a_plan_said_by_the_week_is_the_week_ahead(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "Pawsome Vets" in reply and "Saffron Table" in reply, reply


def test_a_date_asked_of_the_persons_day_is_their_schedule_not_the_calendar(demo: App) -> None:
    handled_by, reply = ask(demo, "do I have a date on friday?")
    assert handled_by == "reader" and "Saffron Table" in reply, reply  # the table is booked for Friday evening


@pytest.mark.parametrize("text", ["what were the highlights from last night's rugby final?",
                                  "give me a recap of the school play"])
def test_a_summing_up_of_one_thing_is_never_the_days_brief(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert not reply.startswith("Your brief"), reply


def test_a_summing_up_of_the_day_is_still_the_brief(demo: App) -> None:
    _, reply = ask(demo, "give me the highlights of today")
    assert reply.startswith("Your brief"), reply
