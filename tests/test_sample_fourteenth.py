"""Megan Castellano's mailbox in Jersey City (`steward demo --mailbox fourteenth`): it holds the mail it was written
with, dates and amounts as US mail writes them, bookings after daylight saving time ends on her clock, and the home
built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import FOURTEENTH
from steward.sample import fourteenth

SAMPLE = FOURTEENTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = fourteenth.generate(datetime.fromisoformat(FOURTEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 63
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (9, 2, 5, 6)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "flight_changed", "train", "reservation", "ticket")}
    assert bookings == {
        "dentist": ("rescheduled", "2027-11-11T17:15:00-05:00"),  # after daylight saving time ends: EST
        "haircut": ("cancelled", "2027-11-05T18:30:00-04:00"),
        "flight": ("rescheduled", "2027-11-24T08:35:00-05:00"),
        "train": ("confirmed", "2027-11-09T06:12:00-05:00"),
        "restaurant": ("confirmed", "2027-11-19T19:30:00-05:00"),
        "show": ("confirmed", "2027-11-13T20:00:00-05:00")}
    statement = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "4417")
    html = message_from_bytes(statement.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "$2,318.64" in html and "11/22/2027" in html
    keystone = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "9052")
    assert b"CAD 112.50" in keystone.raw


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    FOURTEENTH.imported_without_bodies(sample_home, capsys, 63, b"stool sample")


def test_when_she_fetches_her_daughter_is_her_husbands_note(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    reply = FOURTEENTH.replies(sample_home, capsys, "what time do I need to pick up Gianna today?")[0]
    assert "5:45" in reply and "Chris" in reply, reply
