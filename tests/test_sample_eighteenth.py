"""Frank Kowalczyk's mailbox in Chicago (`steward demo --mailbox eighteenth`): it holds the mail it was written with,
amounts in dollars as US mail writes them, dates month first (day first from a Canadian cruise line), a flight to
Fort Lauderdale on two clocks that the airline moves, and a gas bill overdue with its final notice; the home built
from it owes what his bills say (never the electric bill twice, never the explanation of benefits), finds his
bookings, files the lures as phishing and keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import EIGHTEENTH, assert_booked, assert_owed, dues_items, xfail
from steward.sample import eighteenth

SAMPLE = EIGHTEENTH


def _text(message: bytes, kind: str = "plain") -> str:
    return str(message_from_bytes(message, policy=email_policy).get_body((kind,)).get_content())


def test_the_mailbox_holds_what_was_written() -> None:
    mail = eighteenth.generate(datetime.fromisoformat(EIGHTEENTH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 56
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (8, 2, 5, 6)
    bookings = {m.facts["kind"]: (m.facts["status"], m.facts["start"]) for m in mail if m.kind in (
        "appointment_rescheduled", "cruise")}
    assert bookings == {
        "cardiologist": ("rescheduled", "2027-03-23T10:15:00-05:00"),  # moved from Thursday afternoon
        "cruise": ("confirmed", "2027-04-17T11:30:00-04:00")}  # Fort Lauderdale's clock, an hour ahead
    change = next(m for m in mail if m.kind == "flight" and m.facts["status"] == "rescheduled")
    assert change.facts["start"] == "2027-04-16T08:40:00-05:00" and change.facts["arrive"] == "2027-04-16T12:55:00-04:00"
    cruise = next(m for m in mail if m.kind == "cruise")
    assert "17/04/2027" in _text(cruise.raw)  # day first, as the Canadian line writes a date
    eye = next(m for m in mail if m.facts.get("kind") == "cataract pre-op")
    assert eye.facts["arrive"] == "2027-04-08T06:30:00-05:00"  # 90 minutes before the surgery
    power = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "electricity")
    html = _text(power.raw, "html")
    assert "$94.62" in html and "03/24/2027" in html


BILLS = xfail([
    ("Northern Hearth Gas Company", "287.45", "USD", "2027-02-26", ""),  # overdue; a final notice since
    ("Calumet Power & Light", "94.62", "USD", "2027-03-24", ""),  # on AutoPay
    ("Metro Water Department", "118.36", "USD", "2027-04-02", ""),  # every other month
    ("Harborview Bank", "1642.19", "USD", "2027-04-09", ""),
    ("HomeCraft Hardware Card", "218.40", "USD", "2027-03-28", ""),  # 'Sun, Mar 28, 2027'
    ("Heartland Health Plans", "38.00", "USD", "2027-04-01", ""),  # the premium, a bill
    ("Belmont Terrace Condominium Association", "385.00", "USD", "2027-04-01", ""),
    ("Belmont Terrace Condominium Association", "1450.00", "USD", "2027-05-01", ""),  # 'USD 1,450', 'due in full on'
    ("Metro County Treasurer", "2846.17", "USD", "2027-04-01", ""),  # a property tax installment 'due on or before'
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_his_bills_say_he_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                    amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


def test_the_explanation_of_benefits_and_the_lures_are_not_owed(sample_home: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if i["amount"] in ("40.00", "412.00", "170.00")]  # 'THIS IS NOT A BILL'
    assert not [i for i in items if i["amount"] in ("9.95", "64.20", "812.40", "1.99", "500.00")]
    assert not [i for i in items if i["amount"] in ("3412.88", "1126.50")]  # money coming in, never owed


BOOKINGS = xfail([
    ("Lakeshore Heart Associates", "2027-03-23T10:15:00-05:00", ""),  # moved from Thursday 2 PM
    ("Prairie Diagnostic Labs", "2027-03-19T07:30:00-05:00", ""),  # fasting blood work
    ("Avondale Auto Care", "2027-03-17T10:00:00-05:00", ""),
    ("Northside Comfort", "2027-03-22T08:00:00-05:00", ""),  # an arrival window 'between 8 and 12' after its day
    ("North Branch Eye Surgeons", "2027-03-25T09:00:00-05:00", ""),  # a pre-op visit under a label in capitals
    ("North Branch Eye Surgeons", "2027-04-08T08:00:00-05:00", ""),  # and the surgery on the line below it
    ("Heritage Tax Service", "2027-03-30T13:30:00-05:00", "'Tues 3/30 at 1:30', signed by the preparer"),
    ("LW 1436", "2027-04-16T08:40:00-05:00", ""),  # the airline's new flight, its old one shown beside it
    ("LW 1437", "2027-04-24T16:10:00-04:00", ""),  # the way home, on Fort Lauderdale's clock
    ("Maple Crest Cruises", "2027-04-17T11:30:00-04:00", "a day-first date and a 24-hour boarding time"),
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_his_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


def test_the_flight_the_airline_replaced_is_not_proposed(sample_home: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"]
    was = datetime.fromisoformat("2027-04-16T07:05:00-05:00")
    assert not [i for i in found if i["start"] and datetime.fromisoformat(i["start"]) == was
                and i["status"] in ("proposed", "created")]


LURES = xfail([
    ("renewal@medicare-card-update.example", ""),  # a card replacement fee
    ("tyler.help.now@quickmail-demo.example", ""),  # a grandchild in trouble asking for gift cards, with no link
    ("refunds@neighborly-rx-refund.example", ""),
    ("refunds@irs-taxrefund-online.example", ""),
    ("notice@usparcel-redelivery.example", ""),  # postage due on a parcel
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    EIGHTEENTH.imported_without_bodies(sample_home, capsys, 56, b"reconnection charge")


@pytest.mark.parametrize("question", ["is the furnace guy still coming monday?", "when's the furnace guy coming?"])
def test_a_heating_and_cooling_companys_visit_is_the_furnace_mans(sample_home: Path, capsys: pytest.CaptureFixture[str],
                                                                   question: str) -> None:
    reply = EIGHTEENTH.replies(sample_home, capsys, question)[0]
    assert "22 Mar" in reply and "08:00" in reply and "Northside" in reply, reply
