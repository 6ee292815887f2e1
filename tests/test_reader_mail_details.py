"""Details of a booking or a bill that only its mail states: the time to answer an offer by, what a booking
is for, the amount a workshop quoted, a bill's late fee, how many a table is for. Each is read by how a
question asks it and quoted from the mail that says it; a mail that does not say it is said so, never a
guess from another number. A bill's kind ("the electricity bill") finds the biller whose bill lists it.
Over mail written here and over the third, fourth, fifth and sixth sample homes (clocks pinned, no model)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chat_helpers import demo_home_at
from chat_helpers import last_turn as talk
from steward.app import App
from steward.reader.answerers.things import address_in, party_size
from steward.reader.details import asked_detail, detail_domain, detail_in
from steward.reader.how_long import asks_how_long


@pytest.fixture(scope="module")
def thirteenth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Claire's home in Leeds."""
    return demo_home_at(app_in_own_home, "Europe/London", "2027-10-20T07:50:00+01:00", "thirteenth")


@pytest.fixture(scope="module")
def fourteenth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Megan's home in Jersey City."""
    return demo_home_at(app_in_own_home, "America/New_York", "2027-11-03T07:40:00-04:00", "fourteenth")


@pytest.fixture(scope="module")
def third(app_in_own_home: Callable[[str, str], App]) -> App:
    """Inês's home in Toronto."""
    return demo_home_at(app_in_own_home, "America/Toronto", "2026-12-07T07:40:00-05:00", "third")


@pytest.fixture(scope="module")
def fifth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Akinyi's home in Nairobi."""
    return demo_home_at(app_in_own_home, "Africa/Nairobi", "2026-12-15T07:45:00+03:00", "fifth")


@pytest.fixture(scope="module")
def sixth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Lindiwe's home in Cape Town."""
    return demo_home_at(app_in_own_home, "Africa/Johannesburg", "2027-01-21T07:20:00+02:00", "sixth")


# -- how a question asks ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind"), [
    ("how long do we have to accept the new slot?", "reply_by"),
    ("by when do I need to confirm the dentist?", "reply_by"),
    ("till when will they hold it for me?", "reply_by"),
    ("when must I reply to the clinic by?", "reply_by"),
    ("what's the rsvp deadline for the wedding?", "reply_by"),
    ("and what is this one for?", "purpose"),
    ("what's Biscuit's appointment for?", "purpose"),
    ("why am I seeing the optometrist?", "purpose"),
    ("what kind of appointment is the garage one?", "purpose"),
    ("what did the mechanic quote me?", "quote"),
    ("what was the estimate for the repair?", "quote"),
    ("is there a late payment charge on the card?", "late_fee"),
    ("what's the fee if I pay late?", "late_fee"),
    ("do we need to get there early?", "arrive"),
    ("how early should I turn up for the dentist?", "arrive"),
    ("is there a cancellation fee for the massage?", "cancellation"),
    ("can I cancel the hotel for free?", "cancellation"),
    ("how long does the haircut take?", "duration"),
    ("how much time should I allow for the eye test?", "duration"),
    ("how do we pay the water bill?", "pay_how"),
    ("what's the paybill number for the swim academy?", "pay_how"),
    ("what are the bank details for the rent?", "pay_how"),
    ("what's my limit on the Mastercard?", "limit"),
    ("what's the credit limit on the gold card", "limit"),
    # asked of something else: none of these
    ("did I pay the phone bill?", ""),
    ("when do I arrive in Lisbon?", ""),
    ("can I cancel the dentist?", ""),
    ("how long is the flight to Joburg?", ""),
    ("how long is it until the school play?", ""),
    ("what was that charge for?", ""),
    ("what's the pickup at the airport about?", ""),
    ("what's that email about?", ""),
    ("what's the weather for the weekend?", ""),
    ("what's the estimated delivery time for my parcel?", ""),
    ("how long is the drive to the coast?", ""),
    ("how long until my flight?", ""),
    ("what was the broadband costing before?", "was"),
    ("what was the email before that one?", ""),
    ("how much was the water bill previously?", "was"),
    ("what did the rent go up from?", "was"),
    ("the old direct debit amount?", "was"),
    ("is the council tax going up?", "was"),
    ("when does the water direct debit come down?", "was"),
    ("what have I got coming up?", ""),
    ("what were the real charges on the power bill?", "usage"),
    ("how much did we actually use in October", "usage"),
    ("so what's the actual cost, not the level payment?", "usage"),
    ("what did I use my card for?", ""),
    ("the purchase in Australian dollars on my card?", "foreign"),
    ("any charges in CAD on the Mastercard", "foreign"),
    ("which purchase on that card was in pounds", "foreign"),
    ("is anything due in euros?", ""),
    ("what's the interest rate on the car loan?", "rate"),
    ("what did they refix the mortgage at?", "rate"),
    ("what date is on the final rent cheque?", "last_cheque"),
    ("when's my last post-dated cheque?", "last_cheque"),
    ("when is my last car loan payment due?", ""),
    ("what do they charge to reconnect the water?", "reconnection"),
    ("if the power is cut, what's the reconnection charge?", "reconnection"),
    # said in plain words: the service put back on, or what is cut named
    ("and if they cut us off, what does it cost to have the power back on?", "reconnection"),
    ("how much to get it turned back on?", "reconnection"),
    ("when do I need to pay so they don't shut the water off?", "cut_off"),
    ("could we split it up?", "plan"),
    ("is there a payment plan on the council tax?", "plan"),
    ("can I pay the dentist in installments?", "plan"),
    ("can we split the bill with the neighbours tonight at dinner?", ""),
])
def test_a_question_asks_one_kind_of_detail_or_none(text: str, kind: str) -> None:
    assert asked_detail(text) == kind


def test_a_bills_detail_is_asked_of_the_money_and_a_bookings_of_the_appointments() -> None:
    assert detail_domain("late_fee") == "money"
    assert detail_domain("quote") == detail_domain("reply_by") == "appointments"


def test_a_time_to_answer_by_is_no_time_until_the_thing() -> None:
    assert not asks_how_long("how long have we got to say yes to the new time?")
    assert asks_how_long("how long have I got until the dentist?")


# -- how a mail says it -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind", "said"), [
    ("Hi Sam, a slot opened on Friday at 10. Please confirm by Thursday noon, or it goes to the waitlist.",
     "reply_by", "confirm by Thursday noon"),
    ("We can keep the room reserved until 18:00 on the 3rd.", "reply_by", "reserved until 18:00"),
    ("Your table is held for 15 minutes after the booking time.", "reply_by", ""),
    ("Please confirm by replying YES to this message.", "reply_by", ""),
    ("Reason for visit: six-monthly check-up and clean\nDr Amos", "purpose", "six-monthly check-up"),
    ("Max is booked in for his booster on Tuesday.", "purpose", "booster"),
    ("Your booking for 4 on Friday is confirmed.", "purpose", ""),
    ("Quotation: GBP 412.00 including parts.", "quote", "GBP 412.00"),
    ("We will call you before any work beyond the estimate.", "quote", ""),
    ("If unpaid by the due date a late fee of \u00a312 is added.", "late_fee", "late fee of \u00a312"),
    ("An admin fee of 2% applies to payments received late.", "late_fee", "admin fee of 2%"),
    ("Please pay now to avoid a late payment fee.", "late_fee", ""),
    ("Check-in opens at 9.\nPlease come 15 minutes before your slot to fill in a form.", "arrive", "15 minutes before"),
    ("Late cancellations (under 48 hours) are charged in full.", "cancellation", "Late cancellations"),
    ("Sorry, we had to cancel your lesson on Friday 4 June.", "cancellation", ""),
    ("Pay by: 14/03/2027\nAccount: 22-118", "pay_how", ""),
    ("Kindly pay by M-Pesa paybill 667788 (account PSA-1142) or bank transfer.", "pay_how", "paybill 667788"),
    ("Treatment: deep tissue massage, 60 mins\nTherapist: Jo", "duration", "60 mins"),
    ("We keep your table for 15 minutes.", "duration", ""),
    # a statement's table: the label on one line, its figure on the next
    ("Minimum payment\n£25.00\nCredit limit\n£3,500.00\nAvailable credit\n£1,210.40", "limit", "Credit limit £3,500.00"),
    ("Missing a payment may limit your ability to borrow.", "limit", ""),
    ("Your monthly payment is changing from £54.00 to £61.50 from 1 May.", "was", "changing from £54.00"),
    ("Renewal premium: £402.10 (last year: £377.00)", "was", "(last year: £377.00)"),
    ("Your payment of £61.50 will be taken on 1 May.", "was", ""),
    # a bill on budget billing or a level plan: what the period's use cost, beside the amount billed
    ("Gas used: 41 therms\nCurrent charges: $63.15\nLevel Payment Plan amount: $88.00", "usage",
     "Current charges: $63.15"),
    ("Your usage charges for this period were $74.02. You pay $95.00 a month on Equal Payments.", "usage",
     "usage charges for this period were $74.02"),
    ("Budget amount due: $120.00", "usage", ""),
    ("11/02  LIBRERIA CENTRAL MADRID  EUR 41.90 = USD 45.77", "foreign", "EUR 41.90 = USD 45.77"),
    # a lease paid by post-dated cheques: the last one's day, never the next one the bill is for
    ("Cheque date: 01/05/2027\nThe final cheque of your lease is dated 01/11/2027.", "last_cheque",
     "final cheque of your lease is dated 01/11/2027"),
    ("Please keep your last cheque ready.", "last_cheque", ""),
    ("Pay by 14 May 2027 to avoid disconnection. A reconnection charge of £65.00 applies.", "reconnection",
     "reconnection charge of £65.00"),
    ("Pay by 14 May 2027 to avoid disconnection.", "cut_off", "14 May 2027 to avoid disconnection"),
    ("To avoid interruption of your water service, please pay the balance by June 9, 2027. Thank you.", "cut_off",
     "pay the balance by June 9, 2027"),
    ("To avoid interruption, keep your details up to date.", "cut_off", ""),
    ("Your share is USD 900. It is due in full on June 1, or in three payments of $300.00 (April, May and June).",
     "plan", "three payments of $300.00"),
    ("Behind on your bill? Call us about a payment plan at 1-800-555-0199.", "plan", "payment plan at 1-800-555-0199"),
    ("Your plan renews on 4 May for $12.00.", "plan", ""),
])
def test_a_detail_is_the_sentence_of_the_mail_that_says_it(text: str, kind: str, said: str) -> None:
    found = detail_in(text, kind)
    assert (said in found) if said else found == "", found


@pytest.mark.parametrize(("text", "size"), [
    ("Reservation confirmed at Kopi House for 6 pax", 6),
    ("Guests: 3", 3),
    ("The restaurant will hold your table for 15 minutes.", None),
    ("Table for 12.30 on Sunday at 45 King St", None),
    ("Booking at 7:30pm, 22 Bridge Rd", None),
])
def test_how_many_a_table_is_for_is_never_another_number(text: str, size: int | None) -> None:
    assert party_size(text) == size


@pytest.mark.parametrize(("text", "address"), [
    # the town its sentence puts the street in, said apart from it
    ("Come round to ours in Kalk Bay on Friday from 6, 9 Sea Road. Bring a jumper.", "9 Sea Road, Kalk Bay"),
    # never a room, a month, or a town of another sentence; a town written after it is the mail's own
    ("The talk is in Room 4, 12 Main Street.", "12 Main Street."),
    ("See you in March at 12 Main Street", "12 Main Street"),
    ("Drop it at 12 Main Street. We moved in Dublin last year.", "12 Main Street."),
    ("We moved to Galway. Find us at 12 Main Street, Salthill", "12 Main Street"),
    # the minutes of a clock time before a name are no house number
    ("See you on Monday at 9:45 AM. Bayside Physio, 21 Quay Street, Cobh", "Bayside Physio, 21 Quay Street"),
])
def test_an_address_is_given_with_the_town_its_sentence_says(text: str, address: str) -> None:
    assert address_in(text) == address


# -- over the sample homes --------------------------------------------------------------------------------

def test_what_the_hair_appointment_is_for(third: App) -> None:
    _, reply = talk(third, "what's the hair appointment for?")
    assert "Cut & colour" in reply, reply


def test_a_cards_late_fee_from_its_statement(third: App) -> None:
    handled_by, reply = talk(third, "what's the late fee on my credit card?")
    assert handled_by == "reader" and "$40.00" in reply, reply


def test_a_workshops_estimate(fifth: App) -> None:
    _, reply = talk(fifth, "what did the garage estimate for the car?")
    assert "23,450" in reply, reply


def test_a_workshops_quote(sixth: App) -> None:
    _, reply = talk(sixth, "how much did they quote for the car service?")
    assert "6 240,00" in reply, reply


def test_how_many_a_table_is_for_not_how_long_it_is_held(fifth: App) -> None:
    _, reply = talk(fifth, "how many people is the dinner booking for?")
    assert "For 2" in reply and "15" not in reply.split("\n")[0], reply


def test_how_long_a_garage_visit_takes(third: App) -> None:
    _, reply = talk(third, "how long is the garage appointment?")
    assert "90 minutes" in reply, reply


def test_a_thing_named_after_a_booking_is_that_things_detail(third: App) -> None:
    _, reply = talk(third, "do I need to get there early for the physical?", "how long is the parent-teacher interview?")
    assert "10 minutes" in reply and "Riverdale Hill School" in reply, reply


def test_a_bills_kind_said_after_another_bill_is_that_kinds_bill(fifth: App) -> None:
    _, reply = talk(fifth, "how much do I owe on my credit card?", "how do I pay the internet bill?")
    assert "Simba Fibre" in reply and "direct debit" in reply and "Mvuli Bank" not in reply, reply


def test_the_day_a_bills_mail_says_the_service_is_cut_is_a_detail_of_that_bill() -> None:
    from steward.reader.details import asked_detail, detail_in

    assert asked_detail("when do they cut off the water if I'm late?") == "cut_off"
    assert asked_detail("when will Ilaw disconnect us?") == "cut_off"
    said = ("Dear Customer, your bill is ready. If unpaid by the due date, your electric service may be "
            "disconnected on or after 08/21/2027 without further notice. Thank you.")
    assert "08/21/2027" in detail_in(said, "cut_off")
    assert detail_in("Avoid disconnection: pay on time.", "cut_off") == ""


def test_what_a_changing_payment_was_before_is_asked_of_the_bill_said_before(thirteenth: App) -> None:
    _, reply = talk(thirteenth, "when does the gas and electric direct debit change?", "and what was it till now?")
    assert "142.00" in reply and "168.00" in reply, reply


def test_what_a_budget_billed_bills_use_cost_is_asked_of_the_bill_said_before(fourteenth: App) -> None:
    _, reply = talk(fourteenth, "how much is the gas and electric bill?", "and what were the real charges last month?")
    assert "Hudson Gas & Power" in reply and "118.37" in reply and "Skyway" not in reply, reply


def test_a_cards_charge_in_another_currency_is_its_statements_line(fourteenth: App) -> None:
    _, reply = talk(fourteenth, "what's on the card ending 9052?", "any purchases in Canadian dollars on it?")
    assert "CAD 112.50" in reply and "Harborline" not in reply, reply
