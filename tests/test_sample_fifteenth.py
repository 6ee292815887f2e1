"""Chidinma Okafor's mailbox in Lagos (`steward demo --mailbox fifteenth`): it holds the mail it was written with,
amounts in naira as Nigerian mail writes them, dates day first, a flight to London on GMT, and the home built from it
keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import FIFTEENTH
from steward.sample import fifteenth

SAMPLE = FIFTEENTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = fifteenth.generate(datetime.fromisoformat(FIFTEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 61
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (6, 2, 5, 6)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "flight_changed", "hotel", "reservation")}
    assert bookings == {
        "dentist": ("rescheduled", "2027-12-17T16:00:00+01:00"),
        "salon": ("cancelled", "2027-12-17T18:00:00+01:00"),
        "flight": ("rescheduled", "2027-12-23T13:30:00+01:00"),
        "hotel": ("confirmed", "2028-01-16T14:00:00+00:00"),  # London keeps GMT in January
        "restaurant": ("confirmed", "2027-12-19T19:30:00+01:00")}
    naira = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "4821")
    html = message_from_bytes(naira.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "₦312,450.75" in html and "27/12/2027" in html
    dollar = next(m for m in mail if m.kind == "statement" and m.facts["last4"] == "9034")
    text = message_from_bytes(dollar.raw, policy=email_policy).get_body(("plain",)).get_content()
    assert "USD 15.99" in text and "GBP 42.00" in text and "03/01/2028" in text


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    FIFTEENTH.imported_without_bodies(sample_home, capsys, 61, b"new gate passes")



def test_a_childs_jab_is_never_answered_with_another_booking_that_names_the_child(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the school's carol service names the child too, and her clinic books her by her full name: a jab asked by
    # her short name is the clinic's booking (the short form of the name it books her by), never the carol service
    jab, vaccine = FIFTEENTH.replies(sample_home, capsys, "when's Kamsi's booster jab?", "when's Kamsi's vaccine?")
    assert "Sunrise Children's Clinic" in jab and "16:30" in jab and "10:00" not in jab
    assert "Sunrise Children's Clinic" in vaccine and "16:30" in vaccine and "10:00" not in vaccine
