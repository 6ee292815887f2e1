"""Kristine Villanueva-Reyes's mailbox in Quezon City (`steward demo --mailbox eleventh`): it holds the mail it was
written with, dates and amounts as Philippine mail writes them, and the home built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import ELEVENTH
from steward.sample import eleventh

SAMPLE = ELEVENTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = eleventh.generate(datetime.fromisoformat(ELEVENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 59
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (10, 2, 3, 5)
    bookings = {m.facts["kind"]: m.facts["status"] for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "bus", "reservation", "hotel", "flight", "ticket")}
    assert bookings == {"pediatrician": "rescheduled", "lab test": "cancelled", "bus": "confirmed",
                        "restaurant": "confirmed", "hotel": "confirmed", "flight": "confirmed", "concert": "confirmed"}
    currencies = {m.facts["issuer"]: m.facts["currency"] for m in mail if m.kind == "statement"}
    assert currencies == {"Kalayaan Bank": "PHP", "Perlas Bank": "USD"}
    statement = next(m for m in mail if m.kind == "statement" and m.facts["currency"] == "PHP")
    html = message_from_bytes(statement.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "PHP 38,452.17" in html and "07/27/2027" in html


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    ELEVENTH.imported_without_bodies(sample_home, capsys, 59, b"Deposits are insured up to PHP")
