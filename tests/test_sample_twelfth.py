"""Rebecca Walsh's mailbox in Auckland (`steward demo --mailbox twelfth`): it holds the mail it was written with,
dates and amounts as New Zealand mail writes them, and the home built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import TWELFTH
from steward.sample import twelfth

SAMPLE = TWELFTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = twelfth.generate(datetime.fromisoformat(TWELFTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 64
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (10, 2, 4, 6)
    bookings = {m.facts["kind"]: m.facts["status"] for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "ferry", "reservation", "hotel", "flight", "ticket",
        "car_rental")}
    assert bookings == {"physiotherapy": "rescheduled", "hair": "cancelled", "ferry": "confirmed",
                        "restaurant": "confirmed", "motel": "confirmed", "flight": "confirmed", "rugby": "confirmed",
                        "car rental": "confirmed"}
    assert {m.facts["issuer"]: m.facts["currency"] for m in mail if m.kind == "statement"} == {
        "Harbourside Bank": "NZD", "Kauri Card": "NZD"}
    statement = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "4821")
    html = message_from_bytes(statement.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "$3,486.72" in html and "17/08/2027" in html
    kauri = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "0937")
    assert b"AUD 42.00" in kauri.raw


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    TWELFTH.imported_without_bodies(sample_home, capsys, 64, b"Prudential")
