"""Tan Wei Ling's mailbox in Petaling Jaya (`steward demo --mailbox nineteenth`): it holds the mail it was written
with, amounts in ringgit as Malaysian mail writes them ("RM 187.45", "RM38.60", "MYR 139.00"), dates day first (month
first from a gym app, "28-4-27" from the water company), a workshop priced in Singapore dollars and a flight whose
departure the airline moves; the home built from it owes what her bills say, finds her bookings, files the lures as
phishing and keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import NINETEENTH, assert_booked, assert_owed, dues_items, xfail
from steward.sample import nineteenth

SAMPLE = NINETEENTH


def _text(message: bytes, kind: str = "plain") -> str:
    return str(message_from_bytes(message, policy=email_policy).get_body((kind,)).get_content())


def test_the_mailbox_holds_what_was_written() -> None:
    mail = nineteenth.generate(datetime.fromisoformat(NINETEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 59
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (8, 1, 5, 8)
    moved = {m.facts["kind"]: (m.facts["was"], m.facts["start"]) for m in mail if m.facts.get("status") == "rescheduled"}
    assert moved == {"dentist": ("2027-04-17T10:30:00+08:00", "2027-04-27T19:00:00+08:00"),
                     "flight": ("2027-05-07T19:05:00+08:00", "2027-05-07T20:35:00+08:00")}
    gym = next(m for m in mail if m.facts.get("kind") == "gym class")
    assert "04/19/2027" in _text(gym.raw)  # month first, as the app writes a date: Monday 19 April
    water = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "water")
    assert "28-4-27" in _text(water.raw) and "RM38.60" in _text(water.raw)
    power = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "electricity")
    html = _text(power.raw, "html")
    assert "RM 187.45" in html and "23/04/2027" in html
    workshop = next(m for m in mail if m.facts.get("currency") == "SGD")
    assert "SGD 89.00" in _text(workshop.raw)


BILLS = xfail([
    ("Suria Grid Berhad", "187.45", "MYR", "2027-04-23", ""),  # an HTML table with Malay and English labels
    ("Aliran Jernih Selangor", "38.60", "MYR", "2027-04-28", ""),  # 'RM38.60', due '28-4-27'
    ("Bank Merbok", "3412.67", "MYR", "2027-04-28", ""),
    ("Bank Cempaka", "612.00", "MYR", "2027-04-22", ""),  # a car's hire purchase instalment, 'RM612.00'
    ("Dana Pendidikan Nasional", "250.00", "MYR", "2027-04-30", ""),  # a study loan's monthly repayment
    ("Residensi Kayu Manis Management Office", "242.00", "MYR", "2027-04-25", ""),  # maintenance and sinking fund
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_her_bills_say_she_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                     amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


AUTOPAY = xfail([
    ("KilatNet Fibre", "139.00", "MYR", "2027-04-20", ""),  # 'MYR 139.00', auto-debited from her card
    ("AnsurLah", "133.00", "MYR", "2027-04-20", ""),  # a buy-now-pay-later instalment charged automatically
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), AUTOPAY)
def test_what_is_taken_from_her_card_by_itself(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                               amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due,
                autopay=True)


def test_the_phone_bill_she_paid_and_the_lures_are_not_owed(sample_home: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if "rentak" in (i["issuer"] or "").lower()]
    assert not [i for i in items if i["amount"] in ("1284.50", "4.90", "5000.00", "300.00", "150.00")]


BOOKINGS = xfail([
    ("Senyum Dental Studio", "2027-04-27T19:00:00+08:00", ""),  # moved from Saturday morning
    ("Klinik Harmoni SS2", "2027-04-21T08:15:00+08:00", "found, but set aside (rejected)"),  # a panel clinic booked through her employer
    ("Helai Hair Studio", "2027-04-18T15:00:00+08:00", ""),
    ("Smash Arena", "2027-04-17T09:00:00+08:00", "found at its time, but under the booking app's name"),  # a badminton court booked in an app
    ("Gerak Fitness", "2027-04-19T19:15:00+08:00", "found, but set aside (rejected)"),  # '04/19/2027' from a gym app
    ("Ekspres Kinta Jaya", "2027-04-24T08:30:00+08:00", ""),  # the bus to Ipoh, a row of its e-ticket's table of trips
    ("Ekspres Kinta Jaya", "2027-04-25T16:00:00+08:00", ""),  # and the bus back, the table's next row
    ("KE 1342", "2027-05-07T20:35:00+08:00", ""),  # the flight to Penang by its number, at the time its change gives
    ("KE 1349", "2027-05-09T18:15:00+08:00", ""),  # and the flight back, a row of the same table
    ("Dewan Muzika Seri Bayu", "2027-04-29T20:30:00+08:00", ""),  # a concert's e-tickets, at its hall
    ("Lorong UX Academy", "2027-04-22T19:30:00+08:00", "an online workshop's registration is not read"),  # an online workshop priced in Singapore dollars
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_her_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


LURES = xfail([
    ("refund@bcn-cukai-refund.example", ""),
    ("secure@merbok-tac-verify.example", ""),
    ("customs@posnasional-clearance.example", ""),
    ("lucky@taptap-luckydraw.example", ""),
    ("saman@trafik-saman-diskaun.example", ""),
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_real_senders_are_not_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    marked = SAMPLE.phishing(sample_home, capsys)
    assert not marked & {"estatement@bankmerbok.example", "e-filing@birocukai.example",
                         "tracking@pantasxpress.example", "receipts@taptapwallet.example"}, marked


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    NINETEENTH.imported_without_bodies(sample_home, capsys, 59, b"late payment interest of 10%")


def test_her_utility_bills_are_answered_and_a_place_is_no_biller(sample_home: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    power, water, flight = SAMPLE.replies(sample_home, capsys, "what's my electricity bill?", "how much is water?",
                                          "has the Penang flight changed?")
    assert "187.45" in power and "23 Apr" in power, power
    assert "38.60" in water and "28 Apr" in water, water
    # a town's name is never the water company named after the state, nor a dinner whose mail speaks of it
    assert "Aliran" not in flight and "dinner" not in flight, flight


def test_when_her_boyfriend_fetches_her_is_his_note(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reply = SAMPLE.replies(sample_home, capsys, "what time is Daniel coming to fetch me ah?")[0]
    assert "7.50" in reply and "Daniel" in reply, reply
