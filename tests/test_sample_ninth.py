"""Rachel Ortega's mailbox in Denver (`steward demo --mailbox ninth`): it holds the mail it was written with, dates
and amounts as US mail writes them, and the home built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from sample_homes import NINTH
from steward.sample import ninth

SAMPLE = NINTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = ninth.generate(datetime.fromisoformat(NINTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 61
    assert (kinds["bill"], kinds["phishing"], kinds["personal"], kinds["newsletter"]) == (6, 3, 8, 13)
    bookings = {m.facts["kind"]: m.facts["status"] for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "flight_change", "train", "reservation", "hotel")}
    assert bookings == {"eye": "rescheduled", "salon": "cancelled", "flight": "changed", "train": "confirmed",
                        "restaurant": "confirmed", "hotel": "confirmed"}
    statement = next(m for m in mail if m.kind == "statement")
    assert b"$2,846.19" in statement.raw and b"05/25/2027" in statement.raw


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    NINTH.imported_without_bodies(sample_home, capsys, 61, b"NMLS ID 000000")
