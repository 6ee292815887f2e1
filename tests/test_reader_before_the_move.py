"""A booking moved by a later mail, asked about turn by turn: "when's it now?" is its new time (not what is
on this minute), and "and when was it originally?" the time the mail that moved it names, read again from
that mail; a booking no mail moved says so, and a move whose mail names no earlier time is said plainly,
never guessed; "how come they moved it?" is the reason the moving mail gives, quoted, or said to be none (Leeds, a
tailor's fitting, a piano lesson and a physio's session)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_bookings
from chat_helpers import talk
from steward.app import App

NOW = "2026-10-05T09:00:00+01:00"
LDN = ZoneInfo("Europe/London")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    tailor = ("Hartley & Finch Tailoring", "fittings@hartleyfinch.example")
    return with_bookings(app_in_own_home("Europe/London", NOW), tmp_path_factory.mktemp("mail"), {
        "a": message("hf-1@hartleyfinch.example", tailor, "Your fitting is booked",
                     "Dear Priyanka,\n\nyour fitting appointment is confirmed for Friday 9 October 2026 at 2:00 pm "
                     "at our Briggate shop.\n\nHartley & Finch", datetime(2026, 9, 20, 10, 0, tzinfo=LDN)),
        "b": message("hf-2@hartleyfinch.example", tailor, "Appointment rescheduled",
                     "Dear Priyanka, your fitting appointment has been rescheduled from Fri 9 Oct at 2:00 pm to "
                     "Tuesday 13 October at 4:30 pm. Reply to this email if the new time does not suit.\n\n"
                     "Hartley & Finch Tailoring",
                     datetime(2026, 10, 2, 16, 0, tzinfo=LDN)),
        "c": message("pl-1@keystudio.example", ("Keynote Piano Studio", "lessons@keystudio.example"),
                     "Lesson booked", "Hi Priyanka, your piano lesson appointment is confirmed for Thursday 8 "
                     "October 2026 at 6:00 pm.\n\nKeynote Piano Studio", datetime(2026, 9, 28, 12, 0, tzinfo=LDN)),
        "d": message("ph-1@aireside.example", ("Aireside Physio Clinic", "desk@aireside-physio.example"),
                     "Appointment confirmed", "Hi Priyanka, your physio appointment is confirmed for Monday 12 "
                     "October 2026 at 10:00 am.\n\nAireside Physio Clinic", datetime(2026, 9, 25, 9, 0, tzinfo=LDN)),
        "e": message("ph-2@aireside.example", ("Aireside Physio Clinic", "desk@aireside-physio.example"),
                     "Re: Appointment confirmed", "Hi Priyanka,\n\nApologies: Sam is on a training day on Monday 12 "
                     "October, so we have moved your physio appointment to Wednesday 14 October at 11:00 am.\n\n"
                     "Aireside Physio Clinic", datetime(2026, 10, 3, 15, 0, tzinfo=LDN)),
    })


def test_why_a_booking_was_moved_is_the_reason_its_mail_gives_or_said_to_be_none(home: App) -> None:
    _, why = talk(home, "when's my physio now?", "how come they moved it?")
    assert "training day" in why and "Wed 14 Oct at 11:00" in why, why
    # a move whose mail gives no reason: said so, never a reason made up
    _, why = talk(home, "when's my Hartley & Finch appointment?", "why did they change it?")
    assert why.startswith("I can't find a reason"), why


def test_a_moved_booking_now_then_the_time_it_had_before(home: App) -> None:
    now, before = talk(home, "when is the Hartley & Finch fitting now?", "and when was it originally?")
    assert "Tue 13 Oct at 16:30" in now and "Nothing on now" not in now, now
    assert "Fri 9 Oct at 14:00 before it was moved" in before and "Tue 13 Oct at 16:30" in before, before


def test_the_old_time_asked_in_other_words(home: App) -> None:
    _, before = talk(home, "when's my Hartley & Finch appointment?", "what was the old time?")
    assert "Fri 9 Oct at 14:00" in before, before


def test_a_booking_no_mail_moved_is_said_as_booked(home: App) -> None:
    _, before = talk(home, "when's my Keynote lesson?", "what was it before?")
    assert before.startswith("I read no move of"), before
    assert "Thu 8 Oct at 18:00" in before and "Hartley" not in before, before
