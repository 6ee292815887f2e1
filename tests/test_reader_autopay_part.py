"""Whether a bill is taken automatically, asked of bills whose mail sets up part of it or only offers a way to set
it up: a card whose autopay pays its minimum alone is owed by hand for the rest (the answer says no, and quotes
what its mail says is taken and what is left), a service charge whose notice lists an autopay form among the ways to
pay is not on autopay, and the words people use for it ("auto deduct", "won't the direct debit cover the rest?")
are how a bill is paid, never a car or an insurer's cover; which card a bill is charged to is what its mail says. A day that holds only a bill due is not said to hold nothing else
while mail gives a time on it. A home in Singapore with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App

NOW = "2026-08-02T19:00:00+08:00"
ZONE = ZoneInfo("Asia/Singapore")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2026, 7, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Asia/Singapore", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "card": message("c1@merlionbank.example", ("Merlion Bank", "statements@merlionbank.example"),
                        "Your Merlion Bank card statement",
                        "Your card statement is ready.\nCard ending 2290\nStatement balance: SGD 5,318.40\n"
                        "Minimum payment due: SGD 160.00\nPayment due date: 20/08/2026\n\nAutopay: your minimum payment "
                        "(SGD 160.00) will be debited from your savings account ending 7714 on 20/08/2026. The rest "
                        "of your balance is not covered by your autopay instruction. Please pay it by the due date.",
                        _sent(28)),
        "condo": message("m1@palmcourt-mcst.example", ("Palm Court MCST", "office@palmcourt-mcst.example"),
                         "Maintenance charges for August",
                         "Dear Owner,\n\nMaintenance charges for August\nAmount: SGD 410.00\nPlease pay on or before "
                         "14/08/2026.\n\nPay by cheque at the management office, by PayNow, or by GIRO form. A late "
                         "charge applies after the due date.\n\nPalm Court MCST", _sent(30)),
        "fibre": message("f1@lionfibre.example", ("LionFibre", "billing@lionfibre.example"),
                         "LionFibre broadband: your August bill",
                         "Hi,\n\nYour broadband bill for August is ready.\n\nFibre 1Gbps plan SGD 49.90\nTotal this "
                         "month SGD 49.90\nCharge date 18/08/2026\n\nSGD 49.90 will be charged to your credit card "
                         "ending 4410 on 18/08/2026. No action is needed.\n\nLionFibre", _sent(31, 8)),
        "review": message("r1@tidewaterfreight.example", ("Wei Ling Tan", "weiling.tan@tidewaterfreight.example"),
                          "Q2 budget review",
                          "Hi, just so you know, the Q2 budget review with finance is on Friday 14 August at 10:00 in "
                          "the Orchid Room. Please bring the cost centre report. Thanks, Wei Ling", _sent(31, 17)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def ask(app: App, *turns: str) -> str:
    reply = ""
    for text in turns:
        reply = app.engine.turn(text, session=f"s-{'|'.join(turns)}").reply
    return reply


def test_a_card_whose_autopay_pays_its_minimum_is_not_taken_in_full(home: App) -> None:
    card = next(i.due for i in home.dues.digest(window="all").items if i.due.issuer == "Merlion Bank")
    assert not card.autopay
    reply = ask(home, "is my Merlion card on autopay?")
    assert reply.startswith("No") and "5,318.40" in reply, reply
    # what its mail says is taken, and what is left to pay by hand
    assert "160.00" in reply and "not covered" in reply and "taken automatically" not in reply, reply


@pytest.mark.parametrize("turns", [("how much is the Merlion card?", "so the autopay doesn't cover all of it?"),
                                   ("how much is the Merlion card?", "this one auto deduct or not?")])
def test_autopay_asked_of_the_card_before_is_about_that_card(home: App, turns: tuple[str, ...]) -> None:
    reply = ask(home, *turns)
    assert "Merlion" in reply and "160.00" in reply, reply
    assert "insurance" not in reply and "car" not in reply.split() and "loan" not in reply, reply


def test_an_autopay_form_among_the_ways_to_pay_is_no_autopay(home: App) -> None:
    reply = ask(home, "is the maintenance charge auto deduct?")
    assert reply.startswith("No") and "410.00" in reply and "taken automatically" not in reply, reply


def test_a_day_with_only_a_bill_due_still_says_the_time_mail_gives_then(home: App) -> None:
    reply = ask(home, "what's on fri the 14th?")
    assert "410.00" in reply, reply  # the maintenance charges due that day
    assert "10:00" in reply and "budget review" in reply, reply  # a colleague's mail gives a time then


def test_which_card_a_bill_is_charged_to_is_what_its_mail_says(home: App) -> None:
    reply = ask(home, "which card is the broadband charged to?")
    assert "49.90" in reply and "ending 4410" in reply, reply
    # a bill whose mail names no card or account says so, never another bill's card
    other = ask(home, "which account is the maintenance charge taken from?")
    assert "410.00" in other and "4410" not in other and "Nothing is open" not in other, other
    assert "names no card or account" in other or other.startswith("No:"), other
