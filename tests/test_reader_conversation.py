"""A day's conversation with the reader on the demo home (Alex Morgan's mail, no model, the clock pinned on
Wed 2 Dec 2026, 08:30 in Kolkata): follow-ups point at what the answer before listed ("the second one",
"who sent it?"), a fragment keeps the thing asked about ("minimum?"), "the other card" is another card,
a greeting said before a question is not part of it, and an old frame never answers a new question it
does not fit ("what about tomorrow?" after a question about mail asks the day, not tomorrow's mail).

Every turn is recorded (no dry run): the next turn is read with the last one's frame and view, as in
`steward chat` one turn at a time.
"""

from __future__ import annotations

import pytest

from steward.app import App

NOW = "2026-12-02T08:30:00+05:30"


def talk(app: App, session: str, *turns: str) -> list[tuple[str, str]]:
    """Each turn's (handled_by, reply), in one recorded session."""
    out = []
    for text in turns:
        trace = app.engine.turn(text, session=session)
        out.append((trace.handled_by, trace.reply))
    return out


def test_a_greeting_before_the_question_is_not_read_as_part_of_it(demo: App) -> None:
    [(by, reply)] = talk(demo, "greeting", "good morning! what have I got tomorrow?")
    assert by == "reader" and "Pawsome Vets" in reply, reply


def test_the_second_and_the_last_one_are_things_listed_never_a_day(demo: App) -> None:
    week, second, last, when = talk(demo, "places", "anything on next week?", "the second one", "the last one",
                                    "and when is that?")
    assert "ClearSight" in week[1] and "Harbor Credit Union" in week[1], week
    # an invitation is on the day it falls on, said as one: it is the second thing listed
    assert second[1].startswith("Book club planning (an invitation from Priya Sharma") and "11:00" in second[1], second
    assert "Nothing on the second" not in second[1]
    assert last[1].startswith("AutoFix Garage") and "Fri 11 Dec" in last[1] and "14:00" in last[1], last
    assert when[1] == last[1]  # "that" is the one just picked


def test_who_sent_it_and_when_are_asked_of_the_messages_listed(demo: App) -> None:
    listed, when, who, about = talk(demo, "mail", "did Lakeside Dental write to me?", "when did that come in?",
                                    "and who sent it?", "what did it say?")
    assert listed[1].startswith("4 messages from Lakeside Dental"), listed
    # several listed: "it" is the newest, and the reply says so
    assert when[1].startswith("The newest of the 4") and "Tue 1 Dec" in when[1], when
    assert "lakesidedenta1.example" in who[1] and "suspicious" in who[1], who
    assert "Sunday, 6 December 2026" in about[1], about


def test_a_fragment_after_a_card_keeps_the_card_and_the_other_card_is_another(demo: App) -> None:
    card, other, minimum = talk(demo, "cards", "what's the balance on the Harbor card", "and the other card?",
                                "minimum?")
    assert "1,461.17" in card[1], card
    # four cards in the mail: which other one is asked, never Harbor's answer again
    assert other[1].startswith("Which other card") and "Meridian Bank" in other[1], other
    assert "Harbor" not in other[1]
    # which card "minimum?" is of was asked and not yet said: asked again, never Harbor's minimum guessed
    assert minimum[1].endswith("?") and "73.06" not in minimum[1] and "Meridian" not in minimum[1], minimum


def test_a_day_after_a_question_about_mail_asks_the_schedule(demo: App) -> None:
    mail, tomorrow, week = talk(demo, "leak", "anything from Priya lately?", "what about tomorrow?",
                                "and next week?")
    assert "Priya Sharma" in mail[1], mail
    assert "came in" not in tomorrow[1] and "Pawsome Vets" in tomorrow[1], tomorrow
    assert "ClearSight" in week[1], week


def test_what_time_is_it_after_a_listing_asks_the_clock(demo: App) -> None:
    _, now = talk(demo, "clock", "emails from Sam?", "what time is it?")
    assert "08:30" in now[1] and "Sam" not in now[1], now


@pytest.mark.parametrize("text", ["when is it?", "who sent it?", "the last one"])
def test_a_pointer_with_nothing_listed_before_points_at_nothing(demo: App, text: str) -> None:
    [(by, reply)] = talk(demo, f"alone-{text}", text)
    assert by != "reader" or not reply.startswith(("The newest", "Harbor", "AutoFix")), reply


def test_mail_from_a_kind_of_sender_is_every_sender_of_that_kind_or_none(demo: App) -> None:
    [(_, banks)] = talk(demo, "kind", "got any emails from my bank?")
    assert "Kaveri Bank" in banks and "Meridian Bank" in banks and "City Library" not in banks, banks
    [(_, gym)] = talk(demo, "kind-none", "any messages from the gym?")
    # no sender's name says gym: what was looked for is said, never "nothing" (a gym may write as "Fitness ...")
    assert gym.startswith("I can't tell which of your senders is \u2018the gym\u2019"), gym


def test_the_other_one_after_a_list_of_bills_asks_which(demo: App) -> None:
    _, other = talk(demo, "other-list", "what are my bills?", "and the other one?")
    assert other[1].startswith("Which one do you mean:") and "Avalon Mutual" in other[1], other


def test_a_frame_does_not_outlive_a_write_after_it(demo: App) -> None:
    week, added, after = talk(demo, "after-write", "what's on next week?", "put coffee with Dana on thursday at 4",
                              "am I free after that?")
    assert "ClearSight" in week[1]
    assert added[0] != "reader", added
    # the week before the write is not what "that" is: asked, never answered with next week's entries
    assert "ClearSight" not in after[1] and "free today" not in after[1], after


def test_another_name_in_a_follow_up_keeps_the_question_and_its_days(demo: App) -> None:
    count, other = talk(demo, "swap", "how many emails did Priya send me last month?", "how about Sam?")
    assert "Priya Sharma" in count[1] and "4" in count[1], count
    assert other[1] == "3 messages from Sam Carter last month.", other


def test_a_currency_said_alone_asks_the_question_before_in_it(demo: App) -> None:
    _, dollars = talk(demo, "currency", "what do I owe in rupees?", "and in dollars?")
    assert "1,461.17" in dollars[1] and "43,891.53" not in dollars[1], dollars


def test_what_a_writer_wanted_and_the_day_their_message_gives(demo: App) -> None:
    _, wanted, then = talk(demo, "writer", "did Priya write to me?", "what did she need?",
                           "am I busy then?")
    assert "Book club planning" in wanted[1] and "The day it gives: Mon 7 Dec at 11:00" in wanted[1], wanted
    assert "Mon 7 Dec" in then[1] and "today" not in then[1], then


def test_a_statement_with_a_tag_is_asked(demo: App) -> None:
    [(by, reply)] = talk(demo, "tag", "the vet is tomorrow morning, isn't it?")
    assert by == "reader" and "Pawsome Vets" in reply, reply


def test_a_tag_said_without_a_comma_asks_of_the_thing_said_never_the_one_before(demo: App) -> None:
    # the "it" of "isn't it" is the thing the statement names, not the booking the turn before asked of
    _, (by, reply) = talk(demo, "tag-bare", "when is my dentist appointment?", "the vet is tomorrow morning isn't it")
    assert by == "reader" and "Pawsome Vets" in reply and "Dental" not in reply, reply


def test_then_closing_a_question_that_says_its_own_day_is_a_word_of_talk(demo: App) -> None:
    # "then" is the day before only when no day is said: "today then" after a list of things asks of today
    _, (by, reply) = talk(demo, "then-talk", "show me anything suspicious", "what's my brief for today then?")
    assert by == "reader" and reply.startswith("Your brief for"), reply


def test_a_kind_of_booking_said_in_a_few_words_asks_for_it(demo: App) -> None:
    [(by, reply)] = talk(demo, "kind-terse", "vet booking details")
    assert by == "reader" and "Pawsome Vets" in reply, reply


def test_a_reminder_just_set_is_moved_by_make_it_and_a_time_with_a_dot(demo: App) -> None:
    _, moved = talk(demo, "make-it", "remind me to water the ferns at 5 pm", "actually make it 5.45")
    assert moved[0] == "reminder_management" and "17:45" in moved[1], moved


def test_a_sender_of_a_kind_said_with_no_mail_word_is_their_mail(demo: App) -> None:
    [(by, reply)] = talk(demo, "kind-plain", "anything from the library lately?")
    assert by == "reader" and "City Library" in reply, reply


def test_a_bare_slot_after_a_question_left_unanswered_is_asked_never_the_thing_before_it(demo: App) -> None:
    vet, refused, slot = talk(demo, "unanswered", "when am I at the vet?", "and the chiropodist?", "what time?")
    assert "Pawsome Vets" in vet[1] and refused[0] == "offline", refused
    # what "what time?" is about was never settled: asked, never the vet's hour again
    assert slot[0] == "reader" and slot[1].endswith("?") and "09:15" not in slot[1], slot


def test_it_after_an_answer_that_asked_which_one_is_asked_again_and_the_list_still_picks(demo: App) -> None:
    week, which, again, second = talk(demo, "asked-which", "anything on next week?", "where is it?",
                                      "how long is it?", "the second one")
    assert which[1].startswith("Which one") and "ClearSight" in which[1], which
    assert again[1].endswith("?") and "ClearSight" not in again[1], again  # never a guess among them
    assert second[1].startswith("Book club planning"), second


def test_a_then_of_talk_beside_a_day_said_is_that_day_never_the_one_before(demo: App) -> None:
    _, monday = talk(demo, "then-monday", "when am I at the vet?", "so what's on next monday then?")
    assert "ClearSight" in monday[1] and "Pawsome" not in monday[1], monday
    _, brief = talk(demo, "then-today", "anything on next week?", "ok, show me my brief for today then")
    assert "Wed 2 Dec" in brief[1] and "Mon 7 Dec 2026" not in brief[1], brief


def test_a_thing_not_held_on_the_day_asked_is_said_not_found_with_when_it_is_held(demo: App) -> None:
    [(_, reply)] = talk(demo, "elsewhere", "is the physio on saturday?")
    # asked yes or no, answered no first; never "nothing on saturday": the person's own physio that day may be in
    # mail Steward could not read
    assert reply.startswith("No, I can't find anything on saturday") and "Thu 10 Dec at 18:00" in reply, reply
