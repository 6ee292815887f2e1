"""Two days' conversations with the reader on the fourth sample home (Tomás Ríos's mail, Berlin, no model, the
clock pinned on Thu 10 Dec 2026, 07:30): a person talks from morning to night, mixing money, bookings, mail
and reminders, pointing back ("the first one", "the second one", "that"), asking a fragment ("and the
minimum?"), correcting themselves ("no, make it 3.30"), asking about something that is not there, and saying
"thanks", "never mind" and "good night" between. Every turn's answer is checked: what a right answer must
say, and what a wrong one would bring in (another card's figures, yesterday for "the day before", the
newest mail of everything for "when is she arriving?").

Each conversation is one recorded session, read one turn at a time as `steward chat` reads it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conversation_turns import Say, misses
from steward.app import App
from steward.demo import build_demo_home

NOW = "2026-12-10T07:30:00+01:00"


@pytest.fixture(scope="module")
def fourth(app_in_own_home: Callable[[str, str], App]) -> App:
    """The fourth sample home, built once for the module, with no model configured."""
    built = app_in_own_home("Europe/Berlin", NOW)
    build_demo_home(built, mailbox="fourth")
    return built


THURSDAY = (
    Say("hi there", by="small_talk"),
    Say("what's on my plate today?", ("15:00", "Hamburg pitch prep", "18:30", "Kraftwerk Fitness")),
    # "the first one" is the first thing listed, never the 1st of January
    Say("who invited me to the first one?", ("Priya Nair",), ("Kraftwerk", "January", "No appointments")),
    Say("and where's that happening?", ("Room Spree",), ("Kraftwerk", "Coming up")),
    Say("ok. have I missed paying anything?", ("Spreewatt Energie", "142.60"), ("Spreeufer",)),
    Say("how much was it again?", ("142.60",), ("Spreeufer",)),
    Say("what's my Spreeufer card balance", ("2,046.75",), ("Spreewatt", "Havelstern")),
    Say("and the minimum?", ("61.40",), ("Havelstern", "Jacaranda")),
    Say("when's it due?", ("Fri 18 Dec",), ("Havelstern",)),
    Say("thanks", by="small_talk"),
    Say("did Lena message me this morning?", ("Sofía today",)),
    Say("what time does she want me there?", ("16:00",)),
    Say("remind me at 3.40 to leave for the Kita", ("15:40", "leave for the Kita")),
    Say("no, make it 3.30", ("15:30",)),
    Say("when does the parcel get here?", ("10:00", "14:00")),
    Say("which shop is it from?", ("Kiezrad",)),
    Say("what's the weather in Berlin?", ("no weather service",), by="outside"),
    # a nod said before a question is not part of it
    Say("fair enough. what have I got tomorrow?", ("08:00", "Sanitär Krüger", "19:30", "Trattoria Lupo")),
    Say("the first one", ("Sanitär Krüger", "08:00"), ("Trattoria", "January")),
    # the second thing of the list before, though the answer just before showed one thing
    Say("the second one", ("Trattoria Lupo", "19:30"), ("Sanitär", "January")),
    Say("what's the reservation number", ("TL-88412",), ("Sanitär", "Kraftwerk")),
    Say("how many people is it for?", ("For 4",), ("Sanitär",)),
    # a day said alone after a booking's detail is that day's whole schedule, never the booking looked for on it
    Say("and Saturday?", ("Jonas Becker", "party"), ("Trattoria", "No appointments")),
    Say("is the dentist next week?", ("nothing ahead for the dentist",), ("Physio",)),
    # "never mind" closes what came before; the question after it is asked, no reminder is cancelled
    Say("never mind. that electric bill from earlier, who's it with?", ("Spreewatt Energie", "142.60"), by="reader"),
    Say("what did my mother write?", ("Carmen Herrera", "Navidad")),
    # what she plans is what her message says, never when it came nor the newest mail of everything
    Say("when is she arriving", ("27 de diciembre",), ("came on", "Paketblitz")),
    Say("remind me on the 26th at 6pm to clean the guest room", ("26 Dec", "18:00")),
    Say("what reminders have I set?", ("15:30", "leave for the Kita", "clean the guest room")),
    Say("cancel the kita one", ("Cancelled", "leave for the Kita"), ("guest room",)),
    Say("and what time is the gym tonight?", ("18:30", "Kraftwerk Fitness")),
    # small talk to a question still open about a booking is small talk, the booking is left as it was
    Say("cheers, night", ("Good night",), by="small_talk"),
)


EVENING = (
    Say("evening!", by="small_talk"),
    Say("how much do I owe in total?", ("3,190.93", "8,415.60")),
    Say("and just the credit cards?", ("Spreeufer Bank", "Havelstern", "Banco Jacaranda"), ("Spreewatt", "Funkwelle")),
    Say("the third one", ("Spreeufer Bank", "2,046.75"), ("Havelstern", "Jacaranda")),
    # the card pointed at is what "that" is, not the three listed before it
    Say("what's the minimum on that?", ("61.40",), ("1,262.34", "Havelstern")),
    Say("when do I need to have that paid?", ("Fri 18 Dec",), ("Havelstern", "Jacaranda")),
    Say("and the other card?", ("Banco Jacaranda", "Havelstern"), ("2,046.75",)),
    Say("the Jacaranda one", ("8,415.60",), ("Spreeufer", "Havelstern")),
    Say("what about the phone bill?", ("Funkwelle Mobil", "27.50"), ("Jacaranda",)),
    Say("is it taken automatically?", ("direct debit",), ("Jacaranda",)),
    Say("and the internet?", ("Glasfaser Nord", "44.99"), ("OVERDUE", "Funkwelle")),
    Say("ok, that Edinburgh trip, when do we fly out?", ("Sat 19 Dec", "10:40"), ("SK 436",)),
    Say("what's the flight number", ("SK 431",)),
    Say("and coming back?", ("SK 436", "Tue 22 Dec")),
    Say("where are we staying?", ("Castle Wynd Hotel", "Edinburgh")),
    # a hotel's check-out on its town's clock, beside the person's own
    Say("check out time?", ("11:00 local time",)),
    Say("thanks. when's the Hamburg trip?", ("Thu 17 Dec", "07:04")),
    Say("which seat have I got", ("coach 7, seat 45",)),
    # "the day before" is the day before the train, never yesterday
    Say("what's on the day before?", ("Wed 16 Dec", "17:45"), ("Wed 9 Dec",)),
    Say("the physio, wasn't that on the monday?", ("Wed 16 Dec", "17:45")),
    # what they wrote since is their getting back, a reply or not
    Say("did the optician get back to me?", ("cancelled",), ("No reply",)),
    Say("any dodgy emails this week?", ("StreamFlix", "Online-Banking")),
    Say("the second one", ("StreamFlix",), ("Online-Banking",)),
    Say("who sent it", ("billing@streamflix-account-update.example",)),
    Say("did Ben write?", ("30 min next week?",)),
    Say("what day does he want?", ("Mon 14 Dec at 10:00",)),
    Say("put staffing plan with Ben on Monday at 10", ("Added", "14 Dec", "10:00")),
    Say("push it to 11", ("11:00",)),
    Say("any word from Wanji?", ("Berlin in January",)),
    Say("and from Jo?", ("Jonas Becker",), ("Wanjiru",)),
    Say("what did he say?", ("Sat 12 Dec at 20:00",)),
    # a name no sender has and no message says: said plainly, with the nearest names
    Say("did Netflix email me?", ("nothing called \u2018Netflix\u2019",), by="reader"),
    Say("never mind. good night", ("Good night",), by="small_talk"),
)


def test_a_thursday_from_breakfast_to_bed(fourth: App) -> None:
    wrong = misses(fourth, "thursday", THURSDAY)
    assert not wrong, "\n".join(wrong)


def test_an_evening_of_bills_trips_and_mail(fourth: App) -> None:
    wrong = misses(fourth, "evening", EVENING)
    assert not wrong, "\n".join(wrong)


def test_a_day_said_next_keeps_the_thing_only_when_a_day_was_asked_of_it(fourth: App) -> None:
    # the gym's time told, "and tomorrow?" asks tomorrow; the plumber asked of a day, another day asks of him
    wrong = misses(fourth, "days-next", (
        Say("what time is the gym?", ("18:30",)),
        Say("and tomorrow?", ("Trattoria Lupo", "08:00"), ("Nothing tomorrow on",)),
        Say("is the plumber coming tomorrow?", ("Sanitär Krüger", "08:00")),
        Say("and Saturday?", ("anything on Saturday on the plumber",), ("Jonas",)),
    ))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("question", ["which coach am I in on the Hamburg train?", "what coach are we in on the train"])
def test_a_trains_coach_asked_is_its_carriage_never_a_person(fourth: App, question: str) -> None:
    wrong = misses(fourth, f"coach-{question}", (Say(question, ("coach 7, seat 45",), ("who",)),))
    assert not wrong, "\n".join(wrong)
