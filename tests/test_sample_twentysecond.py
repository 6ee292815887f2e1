"""Darnell Carter's mailbox in Decatur, Georgia (`steward demo --mailbox twentysecond`): it holds the mail it was
written with, dollars as US mail writes them, dates month first (year first from a Canadian supplier), a tournament
in Chattanooga on Eastern time and a game in Birmingham on Central time; the home built from it owes what his bills
say (never the water bill he paid, the customer's bounced check owed to him or the lures' amounts), finds his jobs
and his family's bookings in the state the latest mail leaves them, files the lures as phishing and keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import TWENTY_SECOND, assert_booked, assert_owed, dues_items, xfail
from steward.sample import twentysecond

SAMPLE = TWENTY_SECOND


def _text(message: bytes, kind: str = "plain") -> str:
    return str(message_from_bytes(message, policy=email_policy).get_body((kind,)).get_content())


def test_the_mailbox_holds_what_was_written() -> None:
    mail = twentysecond.generate(datetime.fromisoformat(TWENTY_SECOND.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 72
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (9, 4, 5, 7)
    moves = sorted((m.kind, m.facts["start"]) for m in mail if m.kind.startswith("appointment_"))
    assert moves == [("appointment_cancelled", "2027-06-18T09:00:00-04:00"),
                     ("appointment_rescheduled", "2027-06-21T10:00:00-04:00")]
    hotel = next(m for m in mail if m.kind == "hotel")
    assert (hotel.facts["start"], hotel.facts["end"]) == ("2027-06-18T15:00:00-04:00", "2027-06-20T11:00:00-04:00")
    birmingham = next(m for m in mail if m.facts.get("provider") == "Ironworks Fieldhouse")
    assert birmingham.facts["start"] == "2027-06-27T13:00:00-05:00"  # Central time: 2 PM in Decatur
    shipped = next(m for m in mail if m.facts.get("kind") == "shipped")
    assert "2027-06-18" in _text(shipped.raw)  # year first, as the Canadian supplier writes a date
    supply = next(m for m in mail if m.kind == "statement" and m.facts.get("account") == "30-1187")
    assert "$1,843.81" in _text(supply.raw, "html")


BILLS = xfail([
    ("Red Clay Community Bank", "612.48", "USD", "2027-06-20",
     "a loan payment on autopay, told as a courtesy notice, is not among the dues"),  # the van note
    ("FleetLine Fuel Card", "486.22", "USD", "2027-06-23", ""),  # net 15 from the statement date
    ("Magnolia Federal Credit Union", "3412.67", "USD", "2027-06-25", ""),  # the business card's statement balance
    ("Brightwater Bank", "1284.50", "USD", "2027-06-28", ""),  # the personal card
    ("Southern Pipe & Valve Supply", "1216.40", "USD", "2027-07-03", ""),  # the later net 30 invoice
    ("Ridgeline Electric", "187.00", "USD", "2027-06-24",
     "an HTML-only bill under a budget billing table is not read"),  # the budget amount, not the usage
    ("Keystone Trades Mutual", "2364.00", "USD", "2027-06-30",
     "read as the first quarterly installment ($591.00), not the premium in full"),  # the liability renewal
    ("TeamPay", "85.00", "USD", "2027-06-17", "a payment request from a team-payments app is not read as a bill"),
    ("Sunbeam Day Camp", "165.00", "USD", "2027-06-21", "a camp's tuition note is not read as a bill"),
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_his_bills_say_he_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                    amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


def test_the_water_bill_he_paid_is_not_owed(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if "sweetgum" in (i["issuer"] or "").lower()]


def test_the_check_owed_to_him_and_the_lures_are_not_owed(sample_home: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if i["amount"] in ("1200.00", "1284.00", "6.85", "1.99")]


BOOKINGS = xfail([
    ("JobRoute", "2027-06-16T08:00:00-04:00", ""),  # a job card's arrival window ("Wed 6/16 8:00-10:00 AM")
    ("JobRoute", "2027-06-21T10:00:00-04:00", ""),  # the job the customer moved to Monday
    ("Bulldog Lube & Tire", "2027-06-17T07:00:00-04:00", ""),
    ("Lookout Ridge Inn & Suites", "2027-06-18T15:00:00-04:00", ""),  # two rooms in Chattanooga, Eastern time
    ("Riverbend Biscuit House", "2027-06-20T11:30:00-04:00",
     "found, but named for the booking service (OpenSeat), not the restaurant"),  # Father's Day brunch
    ("Crown & Fade", "2027-06-17T17:30:00-04:00", ""),  # a barber booked through an app
    ("Ledger Lane", "2027-06-22T16:30:00-04:00", "the invitation is named for its sender and not proposed"),
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_his_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


def test_the_cancelled_job_is_not_booked(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    assert not [i for i in found if i["start"] and datetime.fromisoformat(i["start"]) == datetime.fromisoformat(
        "2027-06-18T09:00:00-04:00") and i["status"] in ("proposed", "created")]


LURES = xfail([
    ("alerts@redclay-bank-secure.example", ""),  # a van-loan "payment declined"
    ("refunds@irs-taxrefund-status.example", ""),
    ("billing@southernpipe-valve.example", "an invoice-overdue lure under a real supplier's name is not filed"),
    ("notice@peachlane-tollpay.example", ""),
    ("support@parcelswift-redelivery.example", ""),
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    TWENTY_SECOND.imported_without_bodies(sample_home, capsys, 72, b"in good shape for the mid-year")
