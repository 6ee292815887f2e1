"""The fifth sample mailbox (Akinyi Odera, Nairobi): a home built from it shows her
bills, bookings and day. Each bill and booking is checked on its own, so what Steward does not yet read
from her mail is named (an expected failure with the reason) instead of hiding in a count: her mail was
written without looking at how Steward reads mail, so what it misses is a finding about real mail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sample_homes import FIFTH, assert_booked, assert_on_day, assert_owed, dues_items, xfail

SAMPLE = FIFTH

# (issuer, amount, currency, due date, autopay) of every bill still owed at her clock, and why Steward misses it
OWED = [
    ("Mvuli Bank", "84372.50", "KES", "2026-12-24", False, None),
    ("Savanna Trust Bank", "612.40", "USD", "2026-12-21", True, None),
    ("Mwangaza Power", "6840.00", "KES", "2026-12-11", False, None),
    ("Simba Fibre", "5499.00", "KES", "2026-12-18", True, None),
    ("Twiga Mobile", "1850.00", "KES", "2026-12-26", False, None),
    ("Pomboo Swim Academy", "18000.00", "KES", "2026-12-27", False, None),
]


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "autopay", "missed"), xfail(OWED))
def test_each_bill_owed_is_in_the_dues(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str, amount: str,
                                       currency: str, due: str, autopay: bool, missed: str | None) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues"), issuer, amount, currency, due, autopay)


def test_the_electricity_bill_alone_is_overdue(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    overdue = {i["issuer"] for i in dues_items(SAMPLE.run(sample_home, capsys, "dues")) if i["overdue"]}
    assert overdue == {"Mwangaza Power"}


def test_paid_bills_last_months_statements_and_lures_are_not_owed(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues"))
    assert "Chemchemi Water" not in {i["issuer"] for i in items}
    assert not {i["issuer"] for i in items} & {"Haraka Couriers", "Mvuli Bank Security"}
    assert not [i for i in items if i["amount"] in ("61208.90", "430.15", "2315.00", "150.00", "285.00")]
    pairs = [(i["issuer"], i["amount"]) for i in items]
    assert len(pairs) == len(set(pairs)), pairs


def test_the_cards_she_holds_are_her_accounts(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    accounts = SAMPLE.run(sample_home, capsys, "accounts")["accounts"]
    held = {(a["issuer"], a["account"][-4:]) for a in accounts}
    assert {("Mvuli Bank", "6628"), ("Savanna Trust Bank", "0917")} <= held


# (provider, start, why Steward misses it) of every booking ahead of her clock as the mail leaves it
BOOKED = [
    ("Curl Theory Salon", "2026-12-15T17:30:00+03:00", None),
    ("Kijani Health Rooms", "2026-12-16T10:20:00+03:00", None),
    ("Mawimbi Grill", "2026-12-17T19:30:00+03:00", None),
    ("Tabasamu Dental Studio", "2026-12-18T16:30:00+03:00", None),
    ("Pomboo Swim Academy", "2026-12-19T08:30:00+03:00", None),
    ("Kazi Motors", "2026-12-21T08:00:00+03:00", None),
    ("AC 452", "2026-12-26T07:10:00+03:00", None),
    ("Ikaze Hills Guesthouse", "2026-12-26T14:00:00+02:00", None),  # check-in, on Kigali's clock
    ("AC 457", "2026-12-29T18:40:00+02:00", None),  # the flight home leaves Kigali at 18:40 its time
]


@pytest.mark.parametrize(("provider", "start", "missed"), xfail(BOOKED))
def test_each_booking_ahead_is_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                     missed: str | None) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


def test_the_cancelled_physio_session_is_a_cancellation_never_a_booking(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    physio = [(i["start"], i["status"], i["reason"]) for i in found if i["provider"] == "Mwendo Physiotherapy"]
    assert ("2026-12-18T07:30:00+03:00", "rejected", "cancellation") in physio
    assert not [p for p in physio if p[1] in ("proposed", "created")]


def test_the_dentist_is_never_proposed_at_the_time_it_was_moved_from(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    assert not [i for i in found if i["provider"] == "Tabasamu Dental Studio"
                and i["status"] in ("proposed", "created") and i["start"] == "2026-12-17T09:00:00+03:00"]


# (day, title words, start in Nairobi) of what her days hold once her bookings are accepted, and why it is missing
DAYS = [
    ("2026-12-15", "Curl Theory", "17:30", None),
    ("2026-12-16", "Kijani Health", "10:20", None),
    ("2026-12-17", "Mawimbi Grill", "19:30", None),
    ("2026-12-18", "Tabasamu", "16:30", None),
    ("2026-12-19", "Pomboo", "08:30", None),
    ("2026-12-21", "Kazi Motors", "08:00", None),
    ("2026-12-26", "AC 452", "07:10", None),
]


@pytest.mark.parametrize(("day", "words", "start", "missed"), xfail(DAYS))
def test_her_schedule_holds_each_accepted_booking_on_its_day(sample_accepted: Path, capsys: pytest.CaptureFixture[str],
                                                              day: str, words: str, start: str,
                                                              missed: str | None) -> None:
    assert_on_day(SAMPLE.run(sample_accepted, capsys, "schedule", day)["items"], words, start)


def test_the_cancelled_session_and_the_moved_check_up_leave_no_trace_on_the_calendar(
        sample_accepted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    friday = json.dumps(SAMPLE.run(sample_accepted, capsys, "schedule", "2026-12-18")["items"], ensure_ascii=False)
    thursday = json.dumps(SAMPLE.run(sample_accepted, capsys, "schedule", "2026-12-17")["items"], ensure_ascii=False)
    assert "Mwendo" not in friday and "T07:30" not in friday
    assert "Tabasamu" not in thursday and "T09:00" not in thursday


@pytest.mark.parametrize("sender", ["alerts@mvuli-verify-account.example", "delivery@haraka-parcel-fees.example"])
def test_each_lure_is_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


@pytest.mark.parametrize("sender", [
    "cardstatements@mvulibank.example", "noreply@savannatrust.example", "billing@mwangazapower.example",
    "alerts@mvulibank.example", "track@harakacouriers.example"])
def test_the_real_bank_and_billers_are_not_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str],
                                                            sender: str) -> None:
    assert sender not in SAMPLE.phishing(sample_home, capsys)
