"""Claire Haigh's mailbox in Leeds (`steward demo --mailbox thirteenth`): it holds the mail it was written with,
dates and amounts as British mail writes them, bookings after the clocks go back on her clock, and the home built
from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import THIRTEENTH
from steward.sample import thirteenth

SAMPLE = THIRTEENTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = thirteenth.generate(datetime.fromisoformat(THIRTEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 62
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (10, 2, 5, 6)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "train", "reservation", "holiday", "ticket")}
    assert bookings == {
        "rheumatology": ("rescheduled", "2027-11-02T09:15:00+00:00"),  # after the clocks go back: GMT
        "barber": ("cancelled", "2027-10-21T16:15:00+01:00"),
        "train": ("confirmed", "2027-11-04T07:15:00+00:00"),
        "restaurant": ("confirmed", "2027-10-22T19:30:00+01:00"),
        "package holiday": ("confirmed", "2027-10-23T06:15:00+01:00"),
        "football": ("confirmed", "2027-11-06T15:00:00+00:00")}
    statement = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "3308")
    html = message_from_bytes(statement.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "£1,842.37" in html and "02/11/2027" in html
    pennant = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "7741")
    assert b"EUR 64.00" in pennant.raw


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    THIRTEENTH.imported_without_bodies(sample_home, capsys, 62, b"passcode")


def test_when_the_team_meets_is_the_coachs_sentence(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reply = THIRTEENTH.replies(sample_home, capsys, "what time do they meet for Josh's football on the 7th?")[0]
    assert "ten to ten" in reply, reply
