"""Aoife Brennan's mailbox in Dublin (`steward demo --mailbox tenth`): it holds the mail it was written with, dates
and amounts as Irish mail writes them, and the home built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import TENTH
from steward.sample import tenth

SAMPLE = TENTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = tenth.generate(datetime.fromisoformat(TENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 60
    assert (kinds["bill"], kinds["phishing"], kinds["personal"], kinds["newsletter"]) == (9, 3, 6, 13)
    bookings = {m.facts["kind"]: m.facts["status"] for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "ferry", "train", "reservation", "hotel", "flight")}
    assert bookings == {"dentist": "rescheduled", "optician": "cancelled", "ferry": "confirmed", "train": "confirmed",
                        "restaurant": "confirmed", "hotel": "confirmed", "flight": "confirmed"}
    statement = next(m for m in mail if m.kind == "statement" and m.facts["kind"] == "card")
    html = message_from_bytes(statement.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "€1,486.20" in html and "24/06/2027" in html


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    TENTH.imported_without_bodies(sample_home, capsys, 60, b"Registered in Ireland No. 000000")
