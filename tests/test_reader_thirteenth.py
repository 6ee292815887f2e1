"""Questions asked of Claire Haigh's Leeds mailbox (`steward demo --mailbox thirteenth`) in her own words: British
mail, its lures, and a reader that answers about the thing asked or says it holds none."""

from __future__ import annotations

from pathlib import Path

import pytest

from sample_homes import THIRTEENTH

SAMPLE = THIRTEENTH


def replies(home: Path, capsys: pytest.CaptureFixture[str], *turns: str) -> list[str]:
    """The replies to `turns` said one after another in one conversation, writing nothing."""
    return THIRTEENTH.replies(home, capsys, *turns)


def test_a_lure_named_by_a_money_question_never_answers_it(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # "vehicle tax" is the name a lure's sender borrows: the licensing office's own letter answers, with every
    # price it gives and none of them picked
    (cost,) = replies(sample_home, capsys, "what will it cost to tax my vehicle")
    assert "£190.00" in cost and "£104.50" in cost and "£16.63" in cost, cost
    assert "payment failed" not in cost, cost
    # a word no genuine mail under that name says is not that letter's: the lure is shown as nothing owed
    (refund,) = replies(sample_home, capsys, "how much was the tax refund they offered")
    assert "£190.00" not in refund and "suspicious" in refund, refund


def test_the_seat_the_way_back_and_the_cost_of_a_rail_ticket_out_and_back(sample_home: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # one e-ticket books the train out and the train back: the seat asked after the train out is that train's, the
    # way back is the train that leaves London, and the tickets' cost is the total the ticket says
    _, seat, back, cost = replies(sample_home, capsys, "when's my train down to London?", "what's my seat number?",
                                  "and on the way back?", "what did the tickets cost in total?")
    assert "seat 42" in seat and "seat 17" not in seat, seat
    assert "17:33" in back and "seat 17" in back and "seat 42" not in back, back
    assert "£81.50" in cost, cost
    # "tickets" is the word itself, not a slip of "ticket": asked with a word no vocabulary holds, the same total
    *_, together = replies(sample_home, capsys, "when's my train down to London?", "what's my seat number?",
                           "and on the way back?", "how much were the tickets all together?")
    assert "£81.50" in together, together


def test_a_journey_of_the_person_just_asked_about_is_what_their_mail_says(sample_home: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # her train is no booking of Claire's own: her mam's mail that speaks of it says when it gets in
    _, train = replies(sample_home, capsys, "any mail from my mam?", "when does her train arrive?")
    assert "11.28" in train and "Scarborough" in train, train


def test_a_noun_typed_with_two_letters_swapped_is_the_word_it_spells(sample_home: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (booster,) = replies(sample_home, capsys, "when's the cat's bosoter?")
    assert "Meanwood Vets" in booster and "17:40" in booster and "can't find" not in booster, booster
    # a long word with one letter left out is the word too
    (hospital,) = replies(sample_home, capsys, "when is the hospital apointment")
    assert "09:15" in hospital and "can't find" not in hospital, hospital


def test_the_card_a_courier_left_is_a_delivery_notice_never_a_bank_card(sample_home: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    (card,) = replies(sample_home, capsys, "what's on the delivery card?")
    assert "Sorry we missed you" in card and "Yorkstone" not in card, card


def test_what_a_club_and_a_coach_write_in_plain_words_is_on_the_days_they_name(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the Brownie leader gives Thursday's hours in the sentence after its day, the British way ("6 till half 7")
    (thursday,) = replies(sample_home, capsys, "anything on thursday evening?")
    assert "18:00" in thursday and "07:00" not in thursday, thursday
    # the coach says the next game by its kick-off, after a Sunday with no game
    (sunday,) = replies(sample_home, capsys, "have we got anything on Sunday the 7th?")
    assert "10:30" in sunday, sunday
    (no_game,) = replies(sample_home, capsys, "anything on this sunday?")
    assert "10:30" not in no_game, no_game


def test_the_surgery_is_the_gps_practice_and_where_it_is_is_its_address(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # British English calls a GP's practice "the surgery": asked where, it is the GP booking's place
    (where,) = replies(sample_home, capsys, "where is the surgery?")
    assert "2 Alma Road" in where and "offline" not in where, where
