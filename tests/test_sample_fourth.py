"""The fourth sample mailbox (Tomás Ríos, Berlin): a home built from it shows his
bills, bookings and day. Each bill and booking is checked on its own, so what Steward does not yet read
from his mail is named (an expected failure with the reason) instead of hiding in a count: his mail was
written without looking at how Steward reads mail, so what it misses is a finding about real mail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sample_homes import FOURTH, assert_booked, assert_on_day, assert_owed, dues_items, xfail

SAMPLE = FOURTH

# (issuer, amount, currency, due date, autopay) of every bill still owed at his clock, and why Steward misses it
OWED = [
    ("Spreeufer Bank", "2046.75", "EUR", "2026-12-18", False, None),
    ("Havelstern Card Services", "587.33", "EUR", "2026-12-15", True, None),
    ("Banco Jacaranda", "8415.60", "MXN", "2026-12-16", False, None),
    ("Spreewatt Energie", "142.60", "EUR", "2026-12-07", False, None),
    ("Funkwelle Mobil", "27.50", "EUR", "2026-12-14", True, None),
    ("Sanitär Krüger GmbH", "386.75", "EUR", "2026-12-22", False, None),
]


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "autopay", "missed"), xfail(OWED))
def test_each_bill_owed_is_in_the_dues(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str, amount: str,
                                       currency: str, due: str, autopay: bool, missed: str | None) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues"), issuer, amount, currency, due, autopay)


def test_the_electricity_bill_alone_is_overdue(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dues = SAMPLE.run(sample_home, capsys, "dues")
    overdue = {i["issuer"] for c in dues["currencies"] for i in c["items"] if i["overdue"]}
    assert overdue == {"Spreewatt Energie"}


def test_paid_bills_last_months_statements_and_lures_are_not_owed(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dues = SAMPLE.run(sample_home, capsys, "dues")
    items = dues_items(dues)
    assert "Glasfaser Nord" not in {i["issuer"] for i in items}
    assert not {i["issuer"] for i in items} & {"StreamFlix"}
    assert not [i for i in items if i["amount"] in ("1318.20", "412.08", "44.99", "13.99", "486.00")]
    pairs = [(i["issuer"], i["amount"]) for i in items]
    assert len(pairs) == len(set(pairs)), pairs


def test_the_cards_he_holds_are_his_accounts(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    accounts = SAMPLE.run(sample_home, capsys, "accounts")["accounts"]
    held = {(a["issuer"], a["account"][-4:]) for a in accounts}
    assert {("Spreeufer Bank", "4471"), ("Havelstern Card Services", "9038"), ("Banco Jacaranda", "3320")} <= held


# (provider, start, why Steward misses it) of every booking ahead of his clock as the mail leaves it
BOOKED = [
    ("Kraftwerk Fitness", "2026-12-10T18:30:00+01:00", None),
    ("Sanitär Krüger GmbH", "2026-12-11T08:00:00+01:00", None),
    ("Trattoria Lupo", "2026-12-11T19:30:00+01:00", None),
    ("SV Kastanie 1921", "2026-12-12T10:00:00+01:00", None),
    ("Kita Sonnenblume", "2026-12-15T08:15:00+01:00", None),
    ("Physio am Kollwitzplatz", "2026-12-16T17:45:00+01:00", None),
    ("Nordbahn", "2026-12-17T07:04:00+01:00", None),
    ("SK 431", "2026-12-19T10:40:00+01:00", None),
    ("Castle Wynd Hotel", "2026-12-19T15:00:00+00:00", None),  # check-in, on Edinburgh's clock
]


@pytest.mark.parametrize(("provider", "start", "missed"), xfail(BOOKED))
def test_each_booking_ahead_is_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                     missed: str | None) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


def test_the_cancelled_eye_test_is_a_cancellation_never_a_booking(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    optician = [(i["start"], i["status"], i["reason"]) for i in found if i["provider"] == "Augenblick Optik"]
    assert ("2026-12-15T16:00:00+01:00", "rejected", "cancellation") in optician
    assert not [o for o in optician if o[1] in ("proposed", "created")]


def test_the_physio_is_never_proposed_at_the_time_it_was_moved_from(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    assert not [i for i in found if i["provider"] == "Physio am Kollwitzplatz"
                and i["status"] in ("proposed", "created") and i["start"] == "2026-12-14T08:30:00+01:00"]


# (day, title words, start) of what his days hold once his bookings are accepted, and why it is missing
DAYS = [
    ("2026-12-10", "Kraftwerk Fitness", "18:30", None),
    ("2026-12-11", "Sanitär Krüger", "08:00", None),
    ("2026-12-11", "Trattoria Lupo", "19:30", None),
    ("2026-12-12", "SV Kastanie", "10:00", None),
    ("2026-12-15", "Kita Sonnenblume", "08:15", None),
    ("2026-12-16", "Physio am Kollwitzplatz", "17:45", None),
    ("2026-12-17", "Nordbahn", "07:04", None),
    ("2026-12-19", "SK 431", "10:40", None),
]


@pytest.mark.parametrize(("day", "words", "start", "missed"), xfail(DAYS))
def test_his_schedule_holds_each_accepted_booking_on_its_day(sample_accepted: Path, capsys: pytest.CaptureFixture[str],
                                                              day: str, words: str, start: str,
                                                              missed: str | None) -> None:
    assert_on_day(SAMPLE.run(sample_accepted, capsys, "schedule", day)["items"], words, start)


def test_the_cancelled_eye_test_and_the_moved_session_leave_no_trace_on_the_calendar(
        sample_accepted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tuesday = json.dumps(SAMPLE.run(sample_accepted, capsys, "schedule", "2026-12-15")["items"], ensure_ascii=False)
    monday = json.dumps(SAMPLE.run(sample_accepted, capsys, "schedule", "2026-12-14")["items"], ensure_ascii=False)
    assert "Augenblick" not in tuesday and "T16:00" not in tuesday
    assert "Physio" not in monday and "T08:30" not in monday


@pytest.mark.parametrize("sender", ["sicherheit@spreeufer-kundenschutz.example",
                                    "billing@streamflix-account-update.example"])
def test_each_lure_is_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_real_bank_is_not_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = {"kartenservice@spreeuferbank.example", "push@spreeuferbank.example"}
    assert not SAMPLE.phishing(sample_home, capsys) & real
