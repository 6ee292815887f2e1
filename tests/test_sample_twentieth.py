"""Kirsty Fraser's mailbox in Glasgow (`steward demo --mailbox twentieth`): it holds the mail it was written with,
pounds written as British mail writes them (one hotel in euros), dates day first (month first from a US app), a
webinar given in UTC for a day after the clocks go forward, and bookings on both sides of the change to summer time;
the home built from it owes what her bills say, finds her bookings, files the lures as phishing and keeps no body."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from sample_homes import TWENTIETH, assert_booked, assert_owed, dues_items, xfail
from steward.sample import twentieth

SAMPLE = TWENTIETH


def _text(message: bytes, kind: str = "plain") -> str:
    return str(message_from_bytes(message, policy=email_policy).get_body((kind,)).get_content())


def test_the_mailbox_holds_what_was_written() -> None:
    mail = twentieth.generate(datetime.fromisoformat(TWENTIETH.now))
    kinds = Counter(m.kind for m in mail)
    assert len(mail) == 58
    assert (kinds["bill"], kinds["statement"], kinds["phishing"], kinds["personal"]) == (6, 1, 5, 8)
    moved = {m.facts["kind"]: (m.facts["was"], m.facts["start"]) for m in mail
             if m.facts.get("status") == "rescheduled"}
    assert moved == {
        "dentist": ("2027-03-30T16:15:00+01:00", "2027-04-08T09:00:00+01:00"),
        "ferry": ("2027-04-03T11:00:00+01:00", "2027-04-03T11:45:00+01:00")}  # both after the clocks go forward
    football = next(m for m in mail if m.facts.get("kind") == "football")
    assert football.facts["start"] == "2027-03-27T10:00:00+00:00"  # Saturday, still GMT
    morag = next(m for m in mail if m.facts.get("kind") == "visit")
    assert morag.facts["start"] == "2027-03-28T14:00:00+01:00"  # Sunday, British Summer Time
    webinar = next(m for m in mail if m.facts.get("kind") == "webinar")
    assert "15:30 UTC" in _text(webinar.raw) and webinar.facts["start"] == "2027-03-30T16:30:00+01:00"
    app = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "subscription")
    assert "04/03/2027" in _text(app.raw) and app.facts["due_date"] == "2027-04-03"  # month first: 3 April
    council = next(m for m in mail if m.kind == "bill" and m.facts["kind"] == "council tax")
    assert "£1,920.00" in _text(council.raw, "html") and council.facts["amount"] == "192.00"


BILLS = xfail([
    ("Clydeview City Council", "192.00", "GBP", "2027-04-01", ""),  # the instalment, never the year's £1,920.00
    ("Kelpie Energy", "142.37", "GBP", "2027-04-06", ""),  # gas and electricity, by Direct Debit
    ("TV Licence Office", "174.50", "GBP", "2027-03-31", ""),  # 'To renew for another year, pay £174.50 by ...'
    ("Puffin Mobile", "23.50", "GBP", "2027-04-02", ""),  # 'GBP 23.50'
    ("Braeside Bank", "1248.63", "GBP", "2027-04-19", ""),  # '19 Apr 2027' in an HTML table
    ("Wee Stars Out of School Care", "216.60", "GBP", "2027-04-01", ""),
    ("StoryNest", "7.99", "GBP", "2027-04-03", ""),  # a US app's renewal, its date month first ('04/03/2027')
])


@pytest.mark.parametrize(("issuer", "amount", "currency", "due", "reason"), BILLS)
def test_what_her_bills_say_she_owes(sample_home: Path, capsys: pytest.CaptureFixture[str], issuer: str,
                                     amount: str, currency: str, due: str, reason: str) -> None:
    assert_owed(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"), issuer, amount, currency, due)


def test_the_council_tax_she_paid_and_the_lures_are_not_owed(sample_home: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    items = dues_items(SAMPLE.run(sample_home, capsys, "dues", "--window", "all"))
    assert not [i for i in items if i["amount"] in ("184.00", "326.84", "1.99", "400.00", "169.50")]


BOOKINGS = xfail([
    ("Birkwood Dental Practice", "2027-04-08T09:00:00+01:00", ""),  # moved by the practice's reply
    ("Dowanvale Motors", "2027-04-06T08:30:00+01:00", ""),  # the MOT
    ("Lomond Heating Services", "2027-03-29T08:00:00+01:00", ""),  # 'between 8am and 1pm'
    ("Firthlink Ferries", "2027-04-03T11:45:00+01:00", ""),  # the sailing retimed from 11:00 by a reply
    ("GA 412", "2027-04-16T18:40:00+01:00", ""),
    ("The Liffey Quay Hotel", "2027-04-16T15:00:00+01:00", ""),
    ("The Wee Bothy Kitchen", "2027-03-27T19:30:00+00:00", ""),  # a table her husband forwarded from a booking service
    ("Anniesland Royal Infirmary", "2027-03-31T10:40:00+01:00",
     "her dad's letter forwarded from Outlook is found under the health board, not the hospital it names"),
])


@pytest.mark.parametrize(("provider", "start", "reason"), BOOKINGS)
def test_her_bookings_are_found(sample_home: Path, capsys: pytest.CaptureFixture[str], provider: str, start: str,
                                reason: str) -> None:
    assert_booked(SAMPLE.run(sample_home, capsys, "appointments", "scan", "--dry-run")["items"], provider, start)


LURES = xfail([
    ("refunds@hmrc-taxrefund-online.example", ""),
    ("redelivery@parcel-redeliver-uk.example", ""),
    ("security@braeside-alerts.example", ""),  # a new payee 'added', with a number to call and no link
    ("claims@uk-energy-rebate.example", ""),  # a rebate claimed by entering a bank card
    ("noreply@tvlicence-renewals-online.example", "a licence 'expired' with a threat of prosecution, beside the genuine renewal"),
])


@pytest.mark.parametrize(("sender", "reason"), LURES)
def test_the_lures_are_filed_as_phishing(sample_home: Path, capsys: pytest.CaptureFixture[str], sender: str,
                                         reason: str) -> None:
    assert sender in SAMPLE.phishing(sample_home, capsys)


def test_the_genuine_renewal_and_the_bank_are_not_lures(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = SAMPLE.phishing(sample_home, capsys)
    assert "renewals@tvlicenceoffice.example" not in found and "statements@braesidebank.example" not in found


def test_the_home_imports_every_message_and_keeps_no_body(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    TWENTIETH.imported_without_bodies(sample_home, capsys, 58, b"given to another patient")


def test_messages_asked_from_a_biller_by_its_kind_are_its_mail_never_said_paid_off(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the council is a biller (its new year's first instalment is open) whose newest mail is last year's receipt
    reply = SAMPLE.replies(sample_home, capsys, "were there any messages from the council?")[0]
    assert "Council Tax bill 2027/28" in reply and "payment received" in reply, reply
    assert "Nothing owed" not in reply and "What you owe" not in reply, reply


def test_the_boilers_engineer_is_asked_of_by_what_they_look_after(sample_home: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    reply = SAMPLE.replies(sample_home, capsys, "what day is the boiler guy coming?")[0]
    assert "Mon 29 Mar" in reply and "08:00" in reply, reply


def test_the_ferrys_check_in_is_the_one_its_later_mail_moved_and_the_way_backs_its_own(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reply = SAMPLE.replies(sample_home, capsys, "when do we need to check in for the sailing?")[0]
    out, back = [line for line in reply.splitlines() if line.startswith("- ")][:2]
    assert "11:45" in out and "check in by 11:15" in out, reply
    assert "16:05" in back and "11:15" not in back and "30 minutes before" in back, reply


def test_arriving_minutes_early_is_said_as_the_time_it_makes(sample_home: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # her dad's clinic at 10:40 asks him to come a quarter of an hour before
    reply = SAMPLE.replies(sample_home, capsys, "when's dad's appointment at the hospital?",
                           "how early do we need to get there?")[-1]
    assert "15 minutes early" in reply and "10:25" in reply, reply


def test_until_when_after_a_days_plans_is_when_they_end(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the boiler engineer comes on Monday in a window from 8 to 1
    reply = SAMPLE.replies(sample_home, capsys, "anything on for Monday?", "until what time?")[-1]
    assert "13:00" in reply and "07:50" not in reply, reply


def test_the_days_plans_her_friends_school_and_club_tell_of_are_on_her_days(
        sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the coach's game at its kick-off, the teacher's slot, the friend's evening at half past seven
    assert "10:00" in SAMPLE.replies(sample_home, capsys, "anything on Saturday morning?")[0]
    assert "18:20" in SAMPLE.replies(sample_home, capsys, "what's happening on Tuesday evening?")[0]
    reply = SAMPLE.replies(sample_home, capsys, "am I busy on Thursday 1 April in the evening?")[0]
    assert "19:30" in reply and "07:30" not in reply, reply
