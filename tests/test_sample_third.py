"""The third sample mailbox (Inês Carvalho, Toronto): a home built from it shows her
bills, bookings and day. Each bill and booking is checked on its own, so what Steward does not yet read
from her mail is named (an expected failure with the reason) instead of hiding in a count: her mail was
written without looking at how Steward reads mail, so what it misses is a finding about real mail."""

from __future__ import annotations

from pathlib import Path

import pytest

from sample_homes import THIRD, assert_booked, assert_on_day, assert_owed, dues_items, xfail

SAMPLE = THIRD


# (issuer, amount, currency, due date, autopay) of every bill still owed at her clock, and why Steward misses it
OWED = [
    ("Maplecrest Bank", "3126.48", "CAD", "2026-12-16", False, None),
    ("Lakeshore Trust", "742.19", "CAD", "2026-12-11", True, None),
    ("Cascade National Bank", "412.37", "USD", "2026-12-03", False, None),
    ("Banco Ipê", "1870.90", "BRL", "2026-12-14", False, None),
    ("Humber Valley Hydro", "168.34", "CAD", "2026-12-02", False, None),
    ("Lynx Mobile", "72.88", "CAD", "2026-12-15", True, None),
    ("Trillium Mutual Insurance", "1384.00", "CAD", "2026-12-21", False, None),
    ("Parkdale Lofts Management", "2650.00", "CAD", "2027-01-01", False, None),
]


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "autopay", "missed"), xfail(OWED))
def test_each_bill_owed_is_in_the_dues(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str, amount: str,
                                       currency: str, due: str, autopay: bool, missed: str | None) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues"), issuer, amount, currency, due, autopay)


def test_overdue_is_flagged(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dues = SAMPLE.run(sample_home, capsys, "dues")
    overdue = {i["issuer"] for c in dues["currencies"] for i in c["items"] if i["overdue"]}
    assert {"Humber Valley Hydro", "Cascade National Bank"} <= overdue
    assert not overdue & {"Maplecrest Bank", "Lakeshore Trust", "Trillium Mutual Insurance"}


def test_no_bill_is_owed_twice_or_in_a_currency_it_was_not_written_in(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dues = SAMPLE.run(sample_home, capsys, "dues")
    items = [(i["issuer"], i["amount"]) for c in dues["currencies"] for i in c["items"]]
    assert len(items) == len(set(items)), items


def test_paid_bills_and_lures_are_not_owed(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dues = SAMPLE.run(sample_home, capsys, "dues")
    items = dues_items(dues)
    issuers = {i["issuer"] for i in items}
    assert "Northern Fibre" not in issuers
    assert not issuers & {"Federal Refund Centre", "Parcel Services"}
    assert not [i for i in items if i["amount"] in ("2054.11", "688.40", "612.40")]  # last month's, and a lure's


def test_the_cards_she_holds_are_her_accounts(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    accounts = SAMPLE.run(sample_home, capsys, "accounts")["accounts"]
    held = {(a["issuer"], a["account"][-4:]) for a in accounts}
    assert {("Maplecrest Bank", "2287"), ("Lakeshore Trust", "5510"), ("Cascade National Bank", "8043")} <= held


# (provider, start, kind) of every booking ahead of her clock as the mail leaves it, and why Steward misses it
BOOKED = [
    ("Leslieville Animal Hospital", "2026-12-07T17:15:00-05:00", "vet", None),
    ("Riverdale Hill School", "2026-12-08T16:40:00-05:00", "school", None),
    ("Corridor Rail", "2026-12-10T06:40:00-05:00", "train", None),
    ("Osteria Lumi", "2026-12-11T19:45:00-05:00", "restaurant", None),
    ("Kingsway Auto Care", "2026-12-12T09:30:00-05:00", "car service", None),
    ("Studio Nove Hair", "2026-12-15T18:30:00-05:00", "hair salon", None),
    # a flight is named by its number, as its boarding pass and the airport's screens name it
    ("NV 118", "2026-12-19T22:50:00-05:00", "flight", None),
]


@pytest.mark.parametrize(("provider", "start", "kind", "missed"), xfail(BOOKED))
def test_each_booking_ahead_is_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                     kind: str, missed: str | None) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


def test_the_cancelled_physical_is_a_cancellation_never_a_booking(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    doctor = [(i["start"], i["status"], i["reason"]) for i in found if i["provider"] == "Danforth Family Health"]
    assert ("2026-12-09T10:15:00-05:00", "rejected", "cancellation") in doctor
    assert not [d for d in doctor if d[1] in ("proposed", "created")]


def test_the_salon_is_never_proposed_at_the_time_it_was_moved_from(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    assert not [i for i in found if i["provider"] == "Studio Nove Hair" and i["status"] in ("proposed", "created")
                and i["start"] == "2026-12-12T11:00:00-05:00"]


# (day, title words, start) of what her day holds once her bookings are accepted, and why it is missing
DAYS = [
    ("2026-12-07", "Leslieville Animal Hospital", "17:15", None),
    ("2026-12-08", "Riverdale Hill School", "16:40", None),
    ("2026-12-10", "Corridor Rail", "06:40", None),
    ("2026-12-11", "Osteria Lumi", "19:45", None),
    ("2026-12-12", "Kingsway Auto Care", "09:30", None),
    ("2026-12-15", "Studio Nove Hair", "18:30", None),
    ("2026-12-19", "Flight NV 118 YYZ → GRU", "22:50", None),
]


@pytest.mark.parametrize(("day", "words", "start", "missed"), xfail(DAYS))
def test_her_schedule_holds_each_accepted_booking_on_its_day(sample_accepted: Path, capsys: pytest.CaptureFixture[str],
                                                              day: str, words: str, start: str,
                                                              missed: str | None) -> None:
    assert_on_day(SAMPLE.run(sample_accepted, capsys, "schedule", day)["items"], words, start)


def test_wednesday_stays_free_after_the_cancellation(sample_accepted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert SAMPLE.run(sample_accepted, capsys, "schedule", "2026-12-09")["items"] == []


@pytest.mark.parametrize(("sender", "missed"), xfail([
    ("security@maplecrest-secure-login.example", None),
    ("notice@parcel-customs-fee.example", None),
    ("refunds@gc-refund-centre.example", None),
]))
def test_each_lure_is_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                        missed: str | None) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)
