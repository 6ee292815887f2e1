"""Mandy Chan's mailbox in Hong Kong (`steward demo --mailbox twentyfirst`): it holds the mail it was written with,
amounts in Hong Kong dollars as Hong Kong mail writes them, dates day first (month first from a US fitness app), a
flight to Osaka whose departure the airline moved, a hotel there in yen and her brother's call on Manchester's clock;
the home built from it owes what her bills say (never the water bill she paid), finds her bookings in the state the
latest mail leaves them, files the lures as phishing and keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import TWENTY_FIRST, assert_booked, assert_owed, dues_items, xfail
from steward.sample import twentyfirst

SAMPLE = TWENTY_FIRST


def _text(message: bytes, kind: str = "plain") -> str:
    return str(message_from_bytes(message, policy=email_policy).get_body((kind,)).get_content())


def test_the_mailbox_holds_what_was_written() -> None:
    mail = twentyfirst.generate(datetime.fromisoformat(TWENTY_FIRST.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 56
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (7, 2, 5, 8)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "flight_change", "hotel", "reservation")}
    assert bookings == {
        "school interview": ("rescheduled", "2027-05-15T09:30:00+08:00"),
        "flight": ("rescheduled", "2027-06-18T10:05:00+08:00"),
        "hotel": ("confirmed", "2027-06-18T15:00:00+09:00"),  # on Osaka's clock, an hour ahead
        "restaurant": ("confirmed", "2027-05-09T12:00:00+08:00")}
    call = next(m for m in mail if m.facts.get("kind") == "video call")
    assert call.facts["start"] == "2027-05-09T08:00:00+01:00"  # 15:00 in Hong Kong
    renewal = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "subscription")
    assert "05/12/2027" in _text(renewal.raw)  # month first, as US mail writes a date: 12 May
    card = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "6621")
    html = _text(card.raw, "html")
    assert "HK$12,846.50" in html and "17/05/2027" in html and "HK$12,461.50" in html


BILLS = xfail([
    ("Harbourlight Bank", "12846.50", "HKD", "2027-05-17", ""),  # its minimum paid by autopay from savings
    ("Victoria Crest Bank", "4219.30", "HKD", "2027-05-11", ""),  # with a phone's instalment in it
    ("Lantau Power & Light", "1284.60", "HKD", "2027-05-18", ""),  # headings in English and Chinese
    ("FiberWave", "398.00", "HKD", "2027-05-10", ""),  # a bundle's bill in HTML alone, charged to a card
    ("Sunrise Court Management Office", "2140.00", "HKD", "2027-05-10", ""),  # 'HKD 2,140'
    ("Rating & Valuation Office", "2264.00", "HKD", "2027-05-31", ""),  # a demand with its 'last day for payment'
    ("HarbourPass", "500.00", "HKD", "2027-05-06", ""),  # a toll statement debited from a bank account
    ("FitLoop", "59.99", "USD", "2027-05-12", ""),  # a US app's renewal, its date month first
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_her_bills_say_she_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                     amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


def test_the_water_bill_she_paid_and_the_lures_are_not_owed(sample_home: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if "tai lam" in (i["issuer"] or "").lower()]
    assert not [i for i in items if i["amount"] in ("18.50", "48.00", "3860.00", "78.00")]


BOOKINGS = xfail([
    ("Shing Mun Diabetes Centre", "2027-05-03T09:15:00+08:00", ""),  # her mother's follow-up
    ("Pearl Smile Dental", "2027-05-04T18:45:00+08:00", ""),  # 'Time: 1845', four figures of a 24-hour clock
    ("Studio Ivy Hair", "2027-05-08T16:00:00+08:00", ""),  # 'Sat 8/5 16:00' in a chat-style confirmation
    ("Bright Hands Employment Agency", "2027-05-08T14:30:00+08:00",
     "an agency's signing booked in a letter is not read"),
    ("Cedar Grove Primary School", "2027-05-15T09:30:00+08:00", ""),  # moved by the school from Thursday
    ("Maple Ridge Primary School", "2027-05-08T10:40:00+08:00", ""),  # forwarded by her husband: the school's time
    ("Golden Lotus Seafood Restaurant", "2027-05-09T12:00:00+08:00", ""),  # Mother's Day dim sum for eight
    ("JC 512", "2027-06-18T10:05:00+08:00", ""),  # the airline's NEW / WAS change: the new time, never 08:40
    ("JC 515", "2027-06-22T14:50:00+09:00", ""),  # home from Osaka, on Osaka's clock
    ("Hotel Sakura Dotonbori", "2027-06-18T15:00:00+09:00", ""),
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_her_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


LURES = xfail([
    ("security@harbourlight-verify.example", ""),  # an account 'suspended', borrowing her bank's name
    ("customs@hkparcel-dutyfee.example", ""),
    ("notice@harbourpass-unpaid.example", ""),  # an unpaid tunnel fee with a penalty
    ("refund@ird-taxrefund-gov.example", ""),  # a tax refund that asks for bank card details
    ("billing@streamnest-accounts.example", ""),
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    TWENTY_FIRST.imported_without_bodies(sample_home, capsys, 56, b"graduation photo")


def test_when_her_mother_must_be_at_the_clinic_is_the_time_before_it_on_the_clock(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the clinic at 09:15 asks its patient to come half an hour before
    reply = SAMPLE.replies(sample_home, capsys, "anything on tomorrow?", "what time does mum need to be there?")[-1]
    assert "30 minutes before" in reply and "08:45" in reply, reply


def test_the_kindergartens_parents_day_is_on_thursday_at_her_slot(sample_home: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    reply = SAMPLE.replies(sample_home, capsys, "anything on thursday?")[0]
    assert "16:20" in reply and "Parents' day" in reply, reply
