"""Questions in Taglish: the Tagalog function words mixed into English (question words, particles of politeness
and of asking, markers) are said in English before a question is read, and nothing else is touched."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chat_helpers import talk
from steward.app import App
from steward.reader.mixed_in import in_english
from steward.reader.words import load_words


@pytest.mark.parametrize(("said", "plain"), [
    ("magkano ang water bill ko?", "how much the water bill?"),
    ("kailan ang renewal ng insurance ko po?", "when the renewal of insurance?"),
    ("saan yung party sa Sabado?", "where the party Sabado?"),
    ("hi po! anything due this week?", "hi! anything due this week?"),
    ("magkano na ba yung rent?", "how much the rent?"),
    ("the vet is on Friday, di ba?", "the vet is on Friday, right?"),
    ("paki-check ang bills ko", "please check the bills"),
    ("pa-remind ako bukas ng 7am", "please remind me tomorrow of 7am"),
    ("paalalahanan mo ako sa Friday", "remind me Friday"),
    ("may dinner ba tayo sa 1930?", "may dinner tayo 1930?"),  # four digits of an hour: a time, no flight
])
def test_the_tagalog_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize("said", [
    "is my BA flight still on time?",  # an airline's initials, in capitals, are no particle
    "what do I owe on the Visa?",
    "anything from Ana?",  # a name that holds a particle's letters is a name
    "did Ang email me about the flat?",  # a surname that is a particle's word, capitalised inside a sentence
    "when is my flight to ho chi minh city?",
    "what gate is flight ng 2418 leaving from?",  # an airline's two letters before a flight's number, lower-case
    "po",  # nothing besides the particle: the text as it was
])
def test_english_and_names_are_left_as_they_are(said: str) -> None:
    assert in_english(said, load_words()) == said



@pytest.mark.parametrize(("said", "plain"), [
    ("wetin dey my diary for Friday?", "what is on my diary for Friday?"),
    ("wetin be the booking code?", "what is the booking code?"),
    ("the water bill nko, how much I go pay?", "the water bill, how much I pay?"),
    ("how much be the gym fee?", "how much is the gym fee?"),
    ("when is the DSTV due? how much to pay am?", "when is the DSTV due? how much to pay it?"),
    ("the train is by 9, abi?", "the train is by 9, right?"),
])
def test_the_pidgin_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize(("said", "plain"), [
    ("wah time mi start Tuesday?", "what time do I start Tuesday?"),
    ("mi work Sunday?", "do I work Sunday?"),
    ("how much mi have fi pay fi collect the parcel?", "how much do I have to pay to collect the parcel?"),
    ("is mi car insurance paid?", "is my car insurance paid?"),
    ("wah bout the phone bill?", "what about the phone bill?"),
])
def test_the_jamaican_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize(("said", "plain"), [
    ("the eye test kab hai?", "the eye test when is?"),
    ("gas bill kitne ka hai?", "gas bill how much is?"),
    ("dinner booking kitne logon ke liye hai?", "dinner booking for how many people is?"),
    ("acha, and Friday?", "and Friday?"),
    ("ok ji shukriya", "ok thanks"),
])
def test_the_urdu_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize(("said", "plain"), [
    ("the gas bill bila kena bayar?", "the gas bill when must I pay?"),
    ("each of us kena pay how much for the dinner?", "each of us have to pay how much for the dinner?"),
    ("the phone bill dah bayar or not?", "the phone bill paid or not?"),
    ("insurance berapa lah?", "insurance how much?"),
    ("esok got anything?", "tomorrow got anything?"),
    ("the gym class what time ah?", "the gym class what time?"),
])
def test_the_malay_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize("said", ["am I free at 9 am?", "I am at work till 5", "send me the bill"])
def test_am_in_english_is_left_as_it_is(said: str) -> None:
    assert in_english(said, load_words()) == said


@pytest.mark.parametrize(("said", "plain"), [
    ("anything from me brother?", "anything from my brother?"),
    ("Me nan sent something?", "My nan sent something?"),
    ("did me dad email about Sunday?", "did my dad email about Sunday?"),
])
def test_me_before_a_family_word_is_my(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize("said", ["remind me tomorrow at 9", "email me the bill", "did Tom send me the photos?"])
def test_me_before_any_other_word_is_me(said: str) -> None:
    assert in_english(said, load_words()) == said


@pytest.mark.parametrize(("said", "when"), [
    ("paki-remind ako sa car registration tomorrow 6pm", "Thu, 12 Aug 2027 at 18:00"),
    ("pa-remind ako bukas 9am na bayaran ang internet", "Thu, 12 Aug 2027 at 09:00"),
    ("paalalahanan mo ako sa Friday 8pm na tawagan si Tita", "Fri, 13 Aug 2027 at 20:00"),
])
def test_a_reminder_asked_for_in_taglish_is_set_at_the_time_said(app_in_own_home: Callable[[str, str], App],
                                                                  said: str, when: str) -> None:
    app = app_in_own_home("Asia/Manila", "2027-08-11T08:00:00+08:00")
    reply = talk(app, said)[0]
    assert "reminder" in reply and when in reply, reply


def test_thanks_in_taglish_is_small_talk(app_in_own_home: Callable[[str, str], App]) -> None:
    app = app_in_own_home("Asia/Manila", "2027-08-11T08:00:00+08:00")
    assert app.engine.turn("salamat po!", session="s", dry_run=True).handled_by == "small_talk"


@pytest.mark.parametrize(("said", "plain"), [
    ("what's on tmrw?", "what's on tomorrow?"),
    ("dentist 2moro what time", "dentist tomorrow what time"),
    ("anything on tonite", "anything on tonight"),
    ("bins go out 2day?", "bins go out today?"),
])
def test_a_text_message_shorthand_for_a_day_is_the_day(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


def test_a_question_of_a_mail_asked_with_a_days_shorthand_finds_the_mail(
        app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from appointment_mail import message, with_mail

    app = app_in_own_home("Europe/London", "2028-03-14T08:00:00+00:00")
    with_mail(app, tmp_path_factory.mktemp("mail"), {"board": message(
        "b1@mailbox-demo.example", ("Priya Shah", "priya.shah@mailbox-demo.example"),
        "Estates Committee agenda, Wed 15 Mar 10:30 - 12:00",
        "Morning all,\n\nThe Estates Committee meets on Wednesday 15 March, 10:30 to 12:00 in the Boardroom. Papers to "
        "follow.\n\nPriya", datetime(2028, 3, 10, 9, 0, tzinfo=ZoneInfo("Europe/London")))})
    plain, short = (talk(app, "the committee tomorrow: what time?")[0],
                   talk(app, "the committee tmrw: what time?")[0])
    assert "Estates Committee" in plain and "10:30" in plain, plain
    assert "Estates Committee" in short and "10:30" in short, short


@pytest.mark.parametrize(("said", "plain"), [
    ("whit time's the match the morra?", "what time's the match tomorrow?"),
    ("are the weans off school the morn?", "are the children off school tomorrow?"),
    ("anything in the diary the day?", "anything in the diary today?"),
    ("what's on the night?", "what's on tonight?"),
    ("is the plumber coming the day or the morra?", "is the plumber coming today or tomorrow?"),
    ("remind me at 9 the night to lock the shed", "remind me at 9 tonight to lock the shed"),
])
def test_the_scots_words_are_said_in_english(said: str, plain: str) -> None:
    assert in_english(said, load_words()) == plain


@pytest.mark.parametrize("said", [
    "give me a summary of the day",
    "remind me the night before the dentist",
    "remind me at 9 the night before the flight",
    "what do I need to bring on the day?",
    "what happened that night?",
    "what's on for the day?",
])
def test_the_day_and_the_night_of_something_else_are_left_as_they_are(said: str) -> None:
    assert in_english(said, load_words()) == said
