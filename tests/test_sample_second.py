"""The second sample mailbox (Noor Haddad, Melbourne): a home built from it shows her
bills and bookings. Each bill and booking is checked on its own, so what Steward does not yet read
from her mail is named (an expected failure with the reason) instead of hiding in a count."""

from __future__ import annotations

from pathlib import Path

import pytest

from sample_homes import SECOND, assert_booked, assert_owed, xfail

SAMPLE = SECOND


# (issuer, amount, currency, due date) of every bill still owed at her clock, and why Steward misses it, if it does
OWED = [
    ("Wattle Bank", "2418.60", "AUD", "2026-12-12", None),
    ("Lyrebird Credit Union", "864.15", "AUD", "2026-12-15", None),
    ("Zuidkust Bank", "1187.40", "EUR", "2026-11-28", None),
    ("Corella Water", "198.30", "AUD", "2026-12-22", None),
    ("Aotea Self Storage", "145.00", "NZD", "2026-12-10", None),
    ("Yarra Edge Energy", "287.45", "AUD", "2026-11-30", None),
    ("Banksia Mutual", "1146.20", "AUD", "2026-12-20", None),
    ("Kookaburra Mobile", "65.00", "AUD", "2026-12-08", None),
    ("Grevillea Property Group", "2340.00", "AUD", "2026-12-14", None),
]


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "missed"), xfail(OWED))
def test_each_bill_owed_is_in_the_dues(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str, amount: str,
                                       currency: str, due: str, missed: str | None) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues"), issuer, amount, currency, due)


def test_paid_bills_and_phishing_lures_are_not_owed(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dues = SAMPLE.run(sample_home, capsys, "dues")
    issuers = {i["issuer"] for c in dues["currencies"] for i in c["items"]}
    assert "Tern Broadband" not in issuers and "ParcelLink Delivery" not in issuers
    assert not any("Wattle Bank Security" in name for name in issuers)


# (provider, start, status) of every booking ahead of her clock as the mail leaves it, and why Steward misses it
BOOKED = [
    ("Tavola Nera", "2026-12-04T19:30:00+11:00", "confirmed", None),
    ("Murray Line Rail", "2026-12-12T07:05:00+11:00", "confirmed", None),
    ("Southbank Smiles Dental", "2026-12-08T08:45:00+11:00", "confirmed", None),
    ("Brunswick Vet Clinic", "2026-12-05T10:00:00+11:00", "confirmed", None),
    ("Pitstop Motors Coburg", "2026-12-14T08:00:00+11:00", "confirmed", None),
    ("Clarity Optometrists", "2026-12-16T14:40:00+11:00", "rescheduled", None),
    ("AP 417", "2026-12-18T09:25:00+11:00", "rescheduled", None),
]


@pytest.mark.parametrize(("provider", "start", "status", "missed"), [
    pytest.param(*row, marks=pytest.mark.xfail(reason=row[3], strict=False)) if row[3] else row for row in BOOKED])
def test_each_booking_ahead_is_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                     status: str, missed: str | None) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


def test_an_offer_a_cancellation_and_a_move_are_said_as_such_never_proposed_as_booked(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    said = {(i["provider"], i["start"], i["status"], i["reason"]) for i in found}
    assert ("Fitzroy Physio & Pilates", "2026-12-11T07:30:00+11:00", "rejected", "offer") in said
    assert ("Fitzroy Physio & Pilates", "2026-12-04T16:00:00+11:00", "rejected", "cancellation") in said
    assert not [i for i in found if i["provider"] == "Fitzroy Physio & Pilates" and i["status"] == "proposed"]
    # the eye examination is proposed at its new time only, not also at the time it was moved from
    assert [i["start"] for i in found if i["provider"] == "Clarity Optometrists" and i["status"] == "proposed"] == [
        "2026-12-16T14:40:00+11:00"]


@pytest.mark.parametrize(("question", "holds"), [
    ("has anything been moved?", ["Clarity Optometrists", "16 Dec", "14:40", "moved to this time"]),
    ("when is my eye test?", ["Clarity Optometrists", "16 Dec", "14:40"]),
    ("what's the physio offering me?", ["11 Dec", "07:30", "not booked until you say yes"]),
])
def test_a_moved_booking_and_an_offer_are_said_as_the_mail_left_them(
        sample_home: Path, capsys: pytest.CaptureFixture[str], question: str, holds: list[str]) -> None:
    reply = SAMPLE.run(sample_home, capsys, "chat", question)["reply"]
    for piece in holds:
        assert piece in reply, reply
    assert "can't tell the new time" not in reply


def test_a_business_named_after_at_that_she_does_not_use_is_said_plainly(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "at Harbourside Vets" names a business, not a place: never answered with the vet she does use
    reply = SAMPLE.run(sample_home, capsys, "chat", "what time am I at Harbourside Vets?")["reply"]
    assert "nothing called" in reply and "10:00" not in reply, reply


def test_the_two_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert SAMPLE.phishing(sample_home, capsys) >= {"security@wattlebank-verify.example",
                                             "noreply@parcelink-redelivery.example"}
