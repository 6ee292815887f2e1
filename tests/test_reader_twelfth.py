"""Questions asked of Rebecca Walsh's Auckland mailbox (`steward demo --mailbox twelfth`) in her own words:
New Zealand mail, day-first dates, and a reader that answers about the thing asked or says it holds none."""

from __future__ import annotations

from pathlib import Path

import pytest

from sample_homes import TWELFTH

SAMPLE = TWELFTH


def replies(home: Path, capsys: pytest.CaptureFixture[str], *turns: str) -> list[str]:
    """The replies to `turns` said one after another in one conversation, writing nothing."""
    return TWELFTH.replies(home, capsys, *turns)


def test_a_booking_the_clinic_moved_the_person_to_is_at_its_new_time(sample_home: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # "we've moved you to Monday 9 August at 4pm": the physio is on Monday, no longer tomorrow
    (now,) = replies(sample_home, capsys, "what time is physio now")
    assert "Mon 9 Aug" in now and "16:00" in now and "Wed 4 Aug" not in now, now
    (tomorrow,) = replies(sample_home, capsys, "what have I got on tomorrow?")
    assert "moderation" in tomorrow and "Kingsland" not in tomorrow, tomorrow


def test_a_kind_of_bill_no_biller_sends_is_said_plainly(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Tui Energy sends a power bill ("Electricity used: 958 kWh"), and no gas: "energy" in its name is not gas
    (gas,) = replies(sample_home, capsys, "when is the gas bill due")
    assert "no gas bill" in gas and "286.41" not in gas, gas
    (power,) = replies(sample_home, capsys, "when's the power bill due?")
    assert "286.41" in power and "Thu 12 Aug" in power, power


def test_the_other_card_after_one_card_answered_is_the_other_one(sample_home: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # "my visa" names no card by its issuer, yet the answer showed one: the other card is the Kauri Mastercard
    _, other, due = replies(sample_home, capsys, "what's the closing balance on my visa", "no, the other card",
                            "when's that one due?")
    assert "1,218.40" in other and "Harbourside" not in other, other
    assert "Thu 26 Aug" in due and "Harbourside" not in due, due


def test_since_then_after_what_one_message_said_is_the_mail_after_it(sample_home: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # the answer told what Mum's mail of Thursday says: "her" is Mum, and "after that" is after that message
    _, after = replies(sample_home, capsys, "what did mum tell me about lunch?", "anything from her after that?")
    assert "the album" in after and "“Saturday”" not in after and "Kotuku" not in after, after


def test_the_way_back_on_a_day_said_is_the_journey_home_that_day(sample_home: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # the day said is the way back's: the flight out is found among them all, never read as the only one that day
    _, back = replies(sample_home, capsys, "when do I fly down to christchurch?", "and flying home on Sunday, when do we get in?")
    assert "KA 548" in back and "17:25" in back and "come back from" not in back, back


def test_a_motel_is_a_stay(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (where,) = replies(sample_home, capsys, "what's the address of our motel?")
    assert "88 Riccarton Road" in where, where


def test_a_rates_instalment_is_owed_its_instalment_and_a_thing_said_vaguely_is_still_asked(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the notice writes the year's total above the instalment due on its day; "whatsit" names nothing
    (rates,) = replies(sample_home, capsys, "how much are the rates whatsit?")
    assert "1,142.00" in rates and "4,568" not in rates and "Tue 31 Aug" in rates, rates
    assert "automatically" not in rates, rates  # "Pay by direct debit, online banking or ..." is a way offered


def test_a_loans_new_repayment_after_a_refix_is_owed(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (loan,) = replies(sample_home, capsys, "what's my new home loan repayment?")
    assert "1,384.20" in loan and "Wed 11 Aug" in loan and "1,452.90" not in loan, loan


def test_us_said_for_me_asks_as_me_does(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "give us", "tell us", "show us": a New Zealander's (and a Briton's, an Irish person's) "me"
    brief, power = replies(sample_home, capsys, "give us the catch-up for today", "show us what the power bill is")
    assert brief.startswith("Your brief for Tue 3 Aug"), brief
    assert "286.41" in power, power


def test_a_later_mail_naming_the_flight_without_its_space_gives_its_check_in(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # booked as "KA 537"; the airline's mail the day before writes "KA537" and when its check-in opens
    (opens,) = replies(sample_home, capsys, "from when can I check in online for the christchurch flight?")
    assert "Thu 5 Aug" in opens and "5.30pm" in opens, opens


def test_this_time_said_of_a_new_thing_points_at_no_thing_before(sample_home: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # "this time" is the present one of the thing named, never the water bill asked before
    _, rates = replies(sample_home, capsys, "when is the water due?", "how much do the rates come to this time?")
    assert "1,142.00" in rates and "Waipuna" not in rates, rates


def test_a_card_a_courier_left_is_asked_of_the_delivery_mail(sample_home: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    # the card left when no one was home is the courier's, never a bank card; the lure stays marked
    (card,) = replies(sample_home, capsys, "has the postie left us a card?")
    assert "Tuhono Couriers" in card and "Sorry we missed you" in card and "2.99" not in card, card


def test_a_loans_new_rate_is_what_its_mail_says_never_the_old_one(sample_home: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (rate,) = replies(sample_home, capsys, "what did the bank refix my mortgage at?")
    assert "5.69%" in rate and "6.29%" not in rate, rate


def test_a_charge_asked_in_one_currency_is_the_statements_line_in_that_currency(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (aud,) = replies(sample_home, capsys, "how much was the purchase in aussie dollars on the kauri card?")
    assert "AUD 42.00" in aud, aud
    # a currency the statement holds no charge in is said so, never the charge in another one
    (eur,) = replies(sample_home, capsys, "what was the euro charge on the kauri card?")
    assert "AUD 42.00" not in eur and "can't find" in eur, eur


def test_a_kind_of_entry_mistyped_asks_of_every_booking_as_spelled_right(sample_home: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # "apointments" is "appointments" with a letter left out: any booking, never a thing of that name to pick from
    typed, spelled = replies(sample_home, capsys, "were any of my apointments moved?", "were any of my appointments moved?")
    assert typed == spelled and "could be" not in typed, typed


def test_a_thing_said_as_the_cars_is_that_thing_never_a_booking_for_the_car(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "the rego on the car": the vehicle licence, priced as options, never the garage's service
    (rego,) = replies(sample_home, capsys, "what does the rego for my car cost to renew?")
    assert "$119.72" in rego and "$62.51" in rego and "Mt Albert" not in rego, rego
    # a booking of the car's kind, said so, is still the car's
    (service,) = replies(sample_home, capsys, "any booking for the car?")
    assert "$119.72" not in service, service


def test_someone_named_by_their_role_at_a_club_is_the_sender_whose_address_is_there(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the coach signs with a first name only: "the netball coach" is the sender at the netball club's address
    (coach,) = replies(sample_home, capsys, "anything from the netball coach this week?")
    assert "Shannon" in coach, coach
    # a role at a thing no sender's address is at is said plainly, never guessed
    (rugby,) = replies(sample_home, capsys, "did the rugby coach email?")
    assert "Shannon" not in rugby, rugby
