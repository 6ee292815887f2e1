"""Farhan Qureshi's mailbox in Dubai (`steward demo --mailbox seventeenth`): it holds the mail it was written with,
amounts in dirhams as UAE mail writes them, dates day first (month first from a US software company), his mother's
flight from Lahore on Lahore's clock and a flight to London whose return is after the United Kingdom moves to summer
time; the home built from it owes what his bills say, finds his bookings, files the lures as phishing and keeps no
body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import SEVENTEENTH, assert_booked, assert_owed, dues_items, xfail
from steward.sample import seventeenth

SAMPLE = SEVENTEENTH


def _text(message: bytes, kind: str = "plain") -> str:
    return str(message_from_bytes(message, policy=email_policy).get_body((kind,)).get_content())


def test_the_mailbox_holds_what_was_written() -> None:
    mail = seventeenth.generate(datetime.fromisoformat(SEVENTEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 59
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (11, 1, 5, 8)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "flight", "hotel", "reservation")}
    assert bookings == {
        "dentist": ("rescheduled", "2027-03-07T21:00:00+04:00"),
        "flight": ("confirmed", "2027-03-27T08:15:00+04:00"),
        "hotel": ("confirmed", "2027-03-27T15:00:00+00:00"),  # London keeps GMT until 28 March
        "restaurant": ("confirmed", "2027-03-03T18:15:00+04:00")}
    flight = next(m for m in mail if m.kind == "flight")
    assert flight.facts["return"] == "2027-04-03T21:15:00+01:00"  # BST by then: 00:15 in Dubai
    ammi = next(m for m in mail if m.kind == "forwarded" and m.facts.get("flight") == "NW 204")
    assert ammi.facts["start"] == "2027-03-07T23:50:00+05:00" and ammi.facts["arrive"] == "2027-03-08T02:25:00+04:00"
    renewal = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "software")
    assert "03/12/2027" in _text(renewal.raw)  # month first, as US mail writes a date: 12 March
    cooling = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "district cooling")
    html = _text(cooling.raw, "html")
    assert "AED 312.90" in html and "12/03/2027" in html


BILLS = xfail([
    ("Creek Power & Water Authority", "674.31", "AED", "2027-02-22", ""),  # overdue; cut off after 10 March
    ("Polar Breeze District Cooling", "312.90", "AED", "2027-03-12", ""),
    ("Zahra Telecom", "246.75", "AED", "2027-03-08", ""),  # '246.75 AED'
    ("Dunecrest Bank", "9846.35", "AED", "2027-03-21", ""),
    ("RoadSafe Vehicle Licensing", "420.00", "AED", "2027-03-19", ""),  # '19 March 2027'
    ("Greenfield Crescent Primary School", "11350.00", "AED", "2027-03-31", ""),
    ("Sandstone Motor Insurance", "2135.00", "AED", "2027-03-17", ""),  # 'Dhs 2,135'
    ("Metro Traffic Police", "600.00", "AED", "2027-03-28", ""),  # a speeding fine
    ("Palm Vista Properties", "21250.00", "AED", "2027-03-15", ""),  # the next post-dated rent cheque
    ("PlanForge Software", "329.00", "USD", "2027-03-12", ""),  # '03/12/2027' from a US company
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_his_bills_say_he_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                    amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


def test_the_internet_bill_he_paid_and_the_lures_are_not_owed(sample_home: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if "falcon" in (i["issuer"] or "").lower()]
    assert not [i for i in items if i["amount"] in ("346.20", "980.00", "7.50", "50.00")]


BOOKINGS = xfail([
    ("Smile Harbour Dental Clinic", "2027-03-07T21:00:00+04:00", ""),  # moved from Thursday evening
    ("Zaitoon Courtyard", "2027-03-03T18:15:00+04:00", ""),  # the iftar table for eight, tonight
    ("Crescent Medical Fitness Centre", "2027-03-08T08:30:00+04:00", ""),
    ("SF 17", "2027-03-27T08:15:00+04:00", ""),
    ("SF 18", "2027-04-03T21:15:00+01:00", ""),  # the way home, after London moved to summer time
    ("The Kensington Arches Hotel", "2027-03-27T15:00:00+00:00", ""),
    ("Medline Clinic", "2027-03-04T11:30:00+04:00", ""),  # a visit told in the insurer's pre-approval
    ("Al Waha Typing Services", "2027-03-16T10:30:00+04:00", ""),  # booked by a typing centre with its application
    ("NW 204", "2027-03-07T23:50:00+05:00", ""),  # a forwarded e-ticket in the older Outlook form
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_his_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


LURES = xfail([
    ("kyc-update@dunecrest-verify.example", ""),
    ("fines@swiftgate-payments.example", ""),
    ("customs@emirates-parcel-hold.example", ""),
    ("refund@cpwa-refund-portal.example", ""),
    ("notice@uae-residency-status.example", ""),  # a notice that a visa was cancelled, with a fee to pay
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    SEVENTEENTH.imported_without_bodies(sample_home, capsys, 59, b"returned cheque fee")


@pytest.mark.parametrize(("question", "says", "never"), [
    ("is the chiller paid yet?", "312.90", "674.31"),  # district cooling in the Gulf's word, never the power bill
    ("what's the medical for my visa, what time?", "08:30", "9,846.35"),  # a residence visa, never the Visa card
    ("what did the Mastercard charge in London come to?", "706.59", "Dunecrest"),  # a card known by its alert
    ("what's the date on the final rent cheque?", "15/06/2027", "Dunecrest"),
    ("what do I owe CPWA?", "674.31", "346.20"),  # the utility's initials, never the lure that borrows them
    ("how much to reconnect if CPWA cut us off?", "200.00", "346.20"),
    ("how much is left on SwiftGate?", "14.00", "Fines"),
    ("what's Ammi's electricity bill come to?", "23,180", "674.31"),  # his mother's, as his brother's mail tells it
    ("has Ammi got the money I sent?", "114,225.00", "674.31"),  # the transfer's receipt, never what he owes
])
def test_his_money_asked_in_his_words(sample_home: Path, capsys: pytest.CaptureFixture[str], question: str,
                                      says: str, never: str) -> None:
    reply = SAMPLE.replies(sample_home, capsys, question)[0]
    assert says in reply and never not in reply, reply


def test_when_to_reach_is_the_time_his_friends_mail_says(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reply = SAMPLE.replies(sample_home, capsys, "when should I reach for the match on saturday?")[0]
    assert "9.30" in reply and "21:30" in reply, reply


@pytest.mark.parametrize(("question", "says", "never"), [
    ("what time is iftar tonight?", "18:15", "Greenfield"),  # the table booked for the meal, never the school's iftar
    ("what time is the family iftar at school?", "17:45", "Zaitoon"),
    ("how much is the committee this month?", "2,000.00", "Hina Rauf"),  # the savings circle's share, no meeting
])
def test_iftar_and_the_committee_in_his_words(sample_home: Path, capsys: pytest.CaptureFixture[str], question: str,
                                              says: str, never: str) -> None:
    reply = SAMPLE.replies(sample_home, capsys, question)[0]
    assert says in reply and never not in reply, reply
