"""Aoife Brennan's mailbox in Dublin (`steward demo --mailbox tenth`): it holds the mail it was written with, dates
and amounts as Irish mail writes them, and the home built from it keeps no body."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime
from email import message_from_bytes
from email.policy import default as email_policy
from pathlib import Path

import pytest

from chat_helpers import demo_home_at, talk
from sample_homes import TENTH
from steward.app import App
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


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App]) -> App:
    return demo_home_at(app_in_own_home, TENTH.zone, TENTH.now, "tenth")


@pytest.mark.parametrize(("turns", "said", "not_said"), [
    # a sister's dinner, moved by her later mail to a bare hour ("at 7.30, not 7"): the evening's, at the same place
    (("when's dinner on Saturday?",), ["19:30"], ["19:00", "07:30"]),
    (("when's dinner on Saturday?", "and where?"), ["Quay Street"], []),
    # what the bank's mail says was paid off the card, and its statement's credit limit
    (("how much have I paid off the Brayhead card?",), ["1,102.75"], ["1,486.20"]),
    (("how much have I paid off the Brayhead card?", "and what's the credit limit on it?"), ["6,000.00"], []),
    # an operator's eTicket out and back, with a seat in each leg's block, and a ferry's line "A - B"
    (("what time is the Galway train on Sunday?",), ["17:15"], ["09:35"]),
    (("what day do we sail to Holyhead?",), ["Fri 2 Jul", "08:05"], []),
    # a city's own name for its tram, and a sister asked of in Irish English
    (("have I any mail about the Luas works?",), ["Broombridge"], []),
    (("did me sister write?",), ["Niamh"], []),
])
def test_the_tenth_homes_kinds_of_mail_are_answered(home: App, turns: tuple[str, ...], said: list[str],
                                                   not_said: list[str]) -> None:
    reply = talk(home, *turns)[-1]
    assert all(s in reply for s in said) and not any(s in reply for s in not_said), reply


def test_the_next_bill_of_a_kind_is_the_soonest_one_alone(sample_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # her electricity and her gas are both energy: the next energy bill is the one due first
    reply = SAMPLE.replies(sample_home, capsys, "when's the next energy bill?")[0]
    assert "187.43" in reply and "96.18" not in reply, reply
    both = SAMPLE.replies(sample_home, capsys, "when are the energy bills due?")[0]
    assert "187.43" in both and "96.18" in both, both
