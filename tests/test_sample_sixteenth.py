"""Shanice Campbell-Reid's mailbox in Kingston (`steward demo --mailbox sixteenth`): it holds the mail it was written
with, amounts in Jamaican dollars as Jamaican mail writes them, dates day first (month first from Florida), a flight
to Fort Lauderdale whose return is after the United States moves to summer time; the home built from it owes what her
bills say, finds her bookings, files the lures as phishing and keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import SIXTEENTH, assert_booked, assert_owed, dues_items, xfail
from steward.sample import sixteenth

SAMPLE = SIXTEENTH


def test_the_mailbox_holds_what_was_written() -> None:
    mail = sixteenth.generate(datetime.fromisoformat(SIXTEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 53
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (7, 2, 5, 6)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "appointment_cancelled", "flight", "hotel", "reservation")}
    assert bookings == {
        "dentist": ("rescheduled", "2027-02-24T11:30:00-05:00"),
        "salon": ("cancelled", "2027-02-20T09:00:00-05:00"),
        "flight": ("confirmed", "2027-03-11T10:40:00-05:00"),
        "hotel": ("confirmed", "2027-03-11T15:00:00-05:00"),  # Fort Lauderdale keeps EST until 14 March
        "restaurant": ("confirmed", "2027-02-20T19:30:00-05:00")}
    flight = next(m for m in mail if m.kind == "flight")
    assert flight.facts["return"] == "2027-03-16T15:05:00-04:00"  # EDT by then: 14:05 in Kingston
    text = message_from_bytes(flight.raw, policy=email_policy).get_body(("plain",)).get_content()
    assert "03/11/2027" in text and "03/16/2027" in text  # month first, as US mail writes a date
    light = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "electricity")
    html = message_from_bytes(light.raw, policy=email_policy).get_body(("html",)).get_content()
    assert "J$16,482.75" in html and "24/02/2027" in html


BILLS = xfail([
    ("Harbourview Bank", "612.48", "USD", "2027-03-15", ""),
    ("Caribbean Light & Power", "16482.75", "JMD", "2027-02-12", ""),  # overdue since then; cut off on the 24th
    ("Pelican Bay Co-operative Credit Union", "23450.00", "JMD", "2027-02-26", ""),
    ("Harbourview Bank", "47316.20", "JMD", "2027-03-08", ""),
    ("Blue Marlin General Insurance", "86400.00", "JMD", "2027-03-05", ""),
    ("Island Vehicle Inspection Depot", "4200.00", "JMD", "2027-03-12", ""),  # '$4,200.00 JMD', '12/03/2027'
    ("Islandnet Fibre", "8999.90", "JMD", "2027-02-28", ""),
    ("Cedar Grove Preparatory School", "32750.00", "JMD", "2027-02-26", ""),
    ("Island Cargo Express", "16800.00", "JMD", "2027-03-03", ""),
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_her_bills_say_she_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                     amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


def test_the_water_bill_she_paid_and_the_lures_are_not_owed(sample_home: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if "water" in (i["issuer"] or "").lower()]
    assert not [i for i in items if i["amount"] in ("7850.00", "3500000.00", "12000.00")]


BOOKINGS = xfail([
    ("Pearl Cove Dental", "2027-02-24T11:30:00-05:00", ""),
    ("Palmfield Family Medical Centre", "2027-02-25T10:15:00-05:00", ""),
    ("Ackee Tree Terrace", "2027-02-20T19:30:00-05:00", ""),
    ("SW 341", "2027-03-11T10:40:00-05:00", ""),
    ("SW 346", "2027-03-16T15:05:00-04:00", ""),  # the way home, after Florida moved to summer time
    ("The Coral Tide Hotel", "2027-03-11T15:00:00-05:00", ""),
    # the harvest service and its concert that evening, from the church's bulletin her mother forwarded
    ("Bethel Gardens Church of God", "2027-02-28T10:00:00-05:00", ""),
    ("Bethel Gardens Church of God", "2027-02-28T17:00:00-05:00", ""),
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_her_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


LURES = xfail([
    ("security@harbourview-secure-login.example", ""),
    ("fees@jm-customs-parcels.example", ""),
    ("refunds@clp-billing-refund.example", ""),
    ("track@parcel-redelivery-jm.example", ""),
    ("winners@caribmega-lotto.example", ""),
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    SIXTEENTH.imported_without_bodies(sample_home, capsys, 53, b"reconnection fee")


def test_the_other_card_after_one_card_is_her_other_card_never_the_same_card_by_its_alerts(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, other = SAMPLE.replies(sample_home, capsys, "how much is owed on my USD Mastercard?", "nah, the other card")
    assert "612.48" in first
    assert "47,316.20" in other and "Alerts" not in other


def test_her_trip_asked_by_its_places(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hotel, home = SAMPLE.replies(sample_home, capsys, "what's the check-out time for the hotel in Florida?",
                                 "what time does the flight land back in Kingston?")
    # a state holds the town of her hotel; her own town is no shop's newsletters that bear its name
    assert "Coral Tide" in hotel and "11:00" in hotel and "Nurses Forum" not in hotel, hotel
    assert "SW 346" in home and "16:10" in home and "Kingston Mart" not in home, home


def test_the_teachers_mail_about_sports_day_gives_its_day(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (said,) = SAMPLE.replies(sample_home, capsys, "did the school email anything about sports day?")
    assert "Fri 26 Feb" in said, said


def test_what_the_salon_said_of_the_deposit_of_the_visit_it_cancelled(sample_home: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _, deposit = SAMPLE.replies(sample_home, capsys, "is my hair appointment on saturday still happening?",
                                "and what about my deposit?")
    assert "J$2,000 deposit will be refunded" in deposit, deposit


def test_a_vehicles_fitness_certificate_is_asked_of_its_bill_and_a_customs_duty_is_its_own_line(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (fitness,) = SAMPLE.replies(sample_home, capsys, "when is the fitness certificate due?")
    assert "12 Mar" in fitness, fitness
    (duty,) = SAMPLE.replies(sample_home, capsys, "how much are the customs charges on the Island Cargo Express bill?")
    assert "14,300.00" in duty, duty


def test_an_event_her_mail_tells_of_is_asked_by_its_own_name(sample_home: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # the school's "Annual Sports Day" asked without "annual"; the church's harvest asked by a name holding a
    # holiday's ("thanksgiving" is no November day here), then its concert, and the hour of the one just named
    sports, harvest, concert, hour = SIXTEENTH.replies(
        sample_home, capsys, "when's sports day?", "when's the harvest thanksgiving?",
        "which day of the week is the harvest concert?", "and what time?")
    assert "Fri 26 Feb" in sports and "09:00" in sports
    assert "Sun 28 Feb" in harvest and "10:00" in harvest and "Nov" not in harvest
    assert "Sun 28 Feb" in concert and "17:00" in concert and "10:00" not in concert
    assert "17:00" in hour and "18:30" not in hour
