"""A new reminder whose words point back ("remind me to pay it", "remind me about that on friday") is about the
thing the turn before was about, or asks which; it is never saved as "pay it"."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from steward.app import App
from steward.calendar.reminders.referents import fill, pointer_in, referents

NOW = "2026-12-02T08:30:00+05:30"


@pytest.mark.parametrize("text,word", [
    ("pay it", "it"), ("take them to the tip", "them"), ("sort that", "that"), ("post this", "this"),
])
def test_words_that_point_back(text: str, word: str) -> None:
    found = pointer_in(text)
    assert found is not None and found.word == word


@pytest.mark.parametrize("text", ["check that the gate is shut", "water the ferns", "this week's recycling"])
def test_that_and_this_inside_a_sentence_point_nowhere(text: str) -> None:
    assert pointer_in(text) is None


def test_the_thing_named_is_said_in_the_reminder() -> None:
    it = pointer_in("renew it online")
    assert it is not None and fill("renew it online", it, "the Harbour Mutual policy") == \
        "renew the Harbour Mutual policy online"
    alone = pointer_in("it")
    assert alone is not None and fill("it", alone, "the allotment rent") == "allotment rent"


def test_what_the_turn_before_was_about() -> None:
    # what it wrote comes first
    wrote = {"writes": [{"kind": "event", "id": 3, "fields": {"title": "Quiz night at the Crown"}}], "data": {}}
    assert referents(wrote) == ("Quiz night at the Crown",)
    # one thing listed
    one = {"data": {"view": {"kind": "bookings", "items": [{"title": "Bodyworks Physio appointment"}]}}}
    assert referents(one) == ("the Bodyworks Physio appointment",)
    # several listed, one named in the question: the one named
    mail = {"data": {"frame": {"domain": "mail", "filters": [{"said": "the school", "values": [
        {"slot": "sender", "value": "Elm Primary"}]}], "kinds": []},
        "view": {"kind": "mail", "items": [{"sender_name": "Elm Primary"}, {"sender_name": "Elm Primary PTA"}]}}}
    assert referents(mail) == ("Elm Primary",)
    # a bill named by its issuer and its kind
    bill = {"data": {"frame": {"domain": "money", "filters": [{"said": "torrent", "values": [
        {"slot": "issuer", "value": "Torrent Power"}, {"slot": "sender", "value": "Torrent Power"}]}],
        "kinds": ["utility"]}}}
    assert referents(bill) == ("the Torrent Power utility",)
    # several listed and none named: each, to ask among; nothing at all: nothing
    two = {"data": {"view": {"kind": "dues", "items": [{"issuer": "Aqua Vale", "kind": "utility"},
                                                        {"issuer": "Norbank", "kind": "card"}]}}}
    assert referents(two) == ("the Aqua Vale utility", "the Norbank card")
    assert referents({"data": {}}) == () and referents(None) == ()


def talk(app: App, session: str, *turns: str) -> list[tuple[str, str, list[str]]]:
    out = []
    for text in turns:
        trace = app.engine.turn(text, session=session)
        out.append((trace.handled_by, trace.reply, [str(w.fields.get("text")) for w in trace.writes]))
    return out


def test_pay_it_after_a_card_is_that_card(demo: App) -> None:
    _, (by, reply, saved) = talk(demo, "card", "when's the Kaveri card due?", "remind me to pay it on friday at 6 pm")
    assert by == "reminder_creation" and saved == ["pay the Kaveri Bank card"], reply


def test_about_it_after_one_booking_is_that_booking(demo: App) -> None:
    _, (_, reply, saved) = talk(demo, "vet", "when am I at the vet?", "remind me about it tonight at 9")
    assert saved == ["Pawsome Vets appointment"], reply


def test_reply_to_it_after_a_senders_mail_is_their_mail(demo: App) -> None:
    _, (_, reply, saved) = talk(demo, "mail", "what did Lakeside Dental send me?", "remind me to reply to it at 7 pm")
    assert saved == ["reply to the email from Lakeside Dental"], reply


def test_that_after_a_schedule_of_several_things_asks_which_and_the_answer_picks(demo: App) -> None:
    _, (by, asked, saved), (_, reply, picked) = talk(
        demo, "week", "what's coming up this week?", "remind me about that on friday at 8 am", "the vet one")
    assert saved == [] and asked.startswith("Which do you mean by “that”: 1)"), asked
    assert picked == ["Pawsome Vets appointment"], reply


def test_it_with_nothing_before_is_asked_and_never_saved_as_it(demo: App) -> None:
    (_, asked, saved), (_, when, _), (_, reply, made) = talk(
        demo, "fresh", "remind me to pay it", "the water bill", "tomorrow at 6 pm")
    assert saved == [] and "“it”" in asked
    assert when == "When should I remind you?"
    assert made == ["pay the water bill"], reply


def test_about_it_with_nothing_before_asks_what_it_is_for(demo: App) -> None:
    (_, asked, saved), (_, reply, made) = talk(demo, "bare", "remind me about it tomorrow at 7 pm", "the boiler service")
    assert saved == [] and asked == "What should I remind you about?"
    assert len(made) == 1 and made[0].endswith("boiler service"), reply


def test_a_reminder_just_set_is_not_what_it_means() -> None:
    # "remind me about it at 9" right after a reminder is set is about something else: asked
    just_set = {"writes": [{"kind": "reminder", "id": 4, "fields": {"text": "book the vet"}}], "data": {}}
    assert referents(just_set) == ()


def reminded(app: App, session: str, *turns: str) -> tuple[str, list[Any]]:
    """The last turn's reply and the moments of the reminders it set."""
    trace = None
    for text in turns:
        trace = app.engine.turn(text, session=session)
    assert trace is not None
    return trace.reply, [w.fields.get("start") or w.fields.get("due") for w in trace.writes]


def test_that_day_is_the_day_of_the_thing_pointed_at_and_the_night_before_the_day_before_it(demo: App) -> None:
    first = demo.engine.turn("when am I at the vet?", session="that-day")
    day = first.data["view"]["items"][0]["start"][:10] if first.data else ""
    assert day and day != NOW[:10], first.reply
    reply, set_for = reminded(demo, "that-day", "remind me to take the lead to it at 6 pm that day")
    assert [str(s)[:16] for s in set_for] == [f"{day}T18:00"], reply
    demo.engine.turn("when am I at the vet?", session="night-before")
    before = (date.fromisoformat(day) - timedelta(days=1)).isoformat()
    reply, set_for = reminded(demo, "night-before", "remind me to pack its food for it the night before at 9 pm")
    assert [str(s)[:16] for s in set_for] == [f"{before}T21:00"], reply


def test_a_weekday_before_the_thing_pointed_at_is_the_last_such_day_before_it(demo: App) -> None:
    first = demo.engine.turn("when am I at the vet?", session="weekday-before")
    day = first.data["view"]["items"][0]["start"][:10] if first.data else ""
    assert day, first.reply
    on = date.fromisoformat(day)
    back = (on.weekday() - 2) % 7 or 7  # the Wednesday before it, never the day itself
    reply, set_for = reminded(demo, "weekday-before", "remind me to book the dog sitter for it the wednesday before at 7 pm")
    assert [str(s)[:16] for s in set_for] == [f"{(on - timedelta(days=back)).isoformat()}T19:00"], reply
    assert not reply.rstrip().endswith(" the"), reply


def test_that_day_with_no_one_thing_before_it_is_asked_never_today(demo: App) -> None:
    reply, set_for = reminded(demo, "no-day", "remind me to water the ferns at 6 pm that day")
    assert set_for == [] and "which day do you mean by “that day”" in reply


def test_the_night_before_a_thing_the_reminder_itself_names_is_the_day_before_it(demo: App) -> None:
    first = demo.engine.turn("when am I at the vet?", session="vet-day")
    day = first.data["view"]["items"][0]["start"][:10] if first.data else ""
    assert day, first.reply
    before = (date.fromisoformat(day) - timedelta(days=1)).isoformat()
    reply, set_for = reminded(demo, "named-night", "remind me the night before my vet appointment at 9 pm to pack the lead")
    assert [str(s)[:16] for s in set_for] == [f"{before}T21:00"], reply
    # a thing no booking ahead is called: the day is asked, never another booking's taken
    reply, set_for = reminded(demo, "named-none", "remind me the night before my rowing regatta at 9 pm to pack")
    assert set_for == [] and "which day do you mean" in reply, reply
