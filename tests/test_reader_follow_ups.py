"""A conversation's follow-up turns, asked of Megan Castellano's mailbox (`steward demo --mailbox fourteenth`): a turn
that names nothing of its own asks one more thing of the booking the turn before was about (who it is with, where
it is, what is on right after it, the journey home), and one with nothing before it to be about is never answered
about something else."""

from __future__ import annotations

from pathlib import Path

import pytest

from sample_homes import FOURTEENTH

SAMPLE = FOURTEENTH


def replies(home: Path, capsys: pytest.CaptureFixture[str], *turns: str) -> list[str]:
    """The replies to `turns` said one after another in one conversation, writing nothing."""
    return FOURTEENTH.replies(home, capsys, *turns)


def test_who_and_where_after_a_booking_are_that_bookings(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # the day asked is not the booking's day (it was moved to Thursday): the booking the answer showed is meant
    day, who, where = replies(sample_home, capsys, "is my teeth cleaning on monday?", "who's doing it?",
                              "and where is their office?")
    assert "Thu 11 Nov" in day, day
    assert who.startswith("Rosa"), who
    assert "302 Grove" in where and "Rosa" not in where, where


def test_which_doctor_after_a_childs_booking_is_that_bookings_doctor(sample_home: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # "doctor" is what the person asked is, said of the booking before: never another doctor's visit
    _, doctor = replies(sample_home, capsys, "when does Gianna see the pediatrician?", "which doctor is it with?")
    assert "Feldman" in doctor and "Hudson Primary" not in doctor, doctor


def test_right_after_a_booking_is_the_rest_of_its_day(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at, after = replies(sample_home, capsys, "when's my annual physical?", "have I got anything straight after?")
    assert "08:15" in at, at
    assert "09:30" in after and "deposition prep" in after and "Hudson Primary" not in after, after
    assert "after 08:15" in after, after


def test_the_way_back_after_a_journeys_seat_is_the_journey_home(sample_home: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # "DC" is the region the station at the end of the route is in: the seat is that train's, never "nothing for DC"
    _, seat, back = replies(sample_home, capsys, "which train am I on to DC?", "which seat have I got?",
                            "and on the return?")
    assert "8C" in seat and "can't find" not in seat, seat
    assert "Wed 10 Nov" in back and "17:05" in back and "8C" not in back, back


def test_a_follow_up_with_nothing_before_it_is_not_answered_about_something_else(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (who,) = replies(sample_home, capsys, "who's doing it?")
    assert "Rosa" not in who and "Feldman" not in who, who
    (after,) = replies(sample_home, capsys, "have I got anything straight after?")
    assert "09:30" not in after and "deposition" not in after, after


def test_a_slot_said_alone_after_a_bill_is_that_bills(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a kind of bill said is the thing asked of: a word of its said alone is never every bill
    _, due, _, deadline = replies(sample_home, capsys, "how much is my electric bill?", "due by?",
                                  "what's the water bill come to?", "deadline")
    assert "Thu 18 Nov" in due and "Harborline" not in due and "Water" not in due, due
    assert "Tue 30 Nov" in deadline and "Gas & Power" not in deadline, deadline


def test_the_other_one_after_one_booking_is_another_of_its_kind_or_none(sample_home: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # the flight out was answered: the other flight is the one home; the only vet visit has no other, said so
    _, home_leg = replies(sample_home, capsys, "which flight do I take to Tampa?", "what about the other one, then?")
    assert "Sun 28 Nov" in home_leg and "16:15" in home_leg and "Wed 24 Nov" not in home_leg, home_leg
    _, none = replies(sample_home, capsys, "what time's the dog at the vet?", "what about the other one, then?")
    assert none.startswith("I hold no other vet"), none


def test_the_tickets_after_a_show_are_what_that_show_cost(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # "tickets" is a word of the ticket seller's name too: after the show it asks what the show's tickets cost
    _, cost = replies(sample_home, capsys, "what night is the musical?", "what did the tickets cost?")
    assert "298.00" in cost and "message" not in cost, cost
