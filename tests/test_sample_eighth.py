"""Deepa Venkatesh's mailbox in Bengaluru (`steward demo --mailbox eighth`): it holds the mail it was written
with, amounts grouped in lakhs as Indian mail writes them, and the home built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from sample_homes import EIGHTH
from steward.sample import eighth

SAMPLE = EIGHTH


def test_an_amount_is_grouped_in_lakhs_and_crores() -> None:
    assert [eighth.lakh(x) for x in (765.82, 18600, 108642.30, 12345678)] == [
        "765.82", "18,600.00", "1,08,642.30", "1,23,45,678.00"]


def test_the_mailbox_holds_what_was_written() -> None:
    mail = eighth.generate(datetime.fromisoformat(EIGHTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 63
    assert (kinds["bill"], kinds["phishing"], kinds["invitation"], kinds["receipt"], kinds["personal"]) == (5, 3, 3, 6, 9)
    bookings = {m.facts["kind"]: m.facts["status"] for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "flight_change", "train", "reservation")}
    assert bookings == {"dentist": "rescheduled", "salon": "cancelled", "flight": "changed", "train": "confirmed",
                        "restaurant": "confirmed"}


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    again = EIGHTH.run(sample_home, capsys, "demo", "--no-serve", "--mailbox", "eighth")
    assert (again["messages"], again["added"]) == (63, 0)
    marker = b"U00000KA2001PLC000000"  # the bank's registration number, at the foot of its long mail
    stores = [p for p in sample_home.iterdir() if p.name.startswith("steward.db")]
    assert stores and not [p.name for p in stores if marker in p.read_bytes()]
