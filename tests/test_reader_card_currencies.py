"""Two cards of one bank in two currencies, asked of by the currency's own word: "my naira card" is the card owed in
naira (never a sender whose name is a letter away, "Naija ..."), "the GBP charge" on the dollar card is the line its
statement gives in pounds, and a line of one card's statement is never said to be the other card's. A home in Port
Harcourt with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App

NOW = "2028-03-06T08:00:00+01:00"  # Monday 6 March 2028
ZONE = ZoneInfo("Africa/Lagos")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2028, 3, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Africa/Lagos", NOW)
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "naira": message("n1@deltaview.example", ("Deltaview Bank", "cards@deltaview.example"),
                         "Your Deltaview Naira Mastercard statement",
                         "Dear Customer,\n\nYour Deltaview Naira Mastercard statement is ready.\nCard ending 3310\n"
                         "Closing balance: NGN 148,200.00\nMinimum payment due: NGN 14,820.00\n"
                         "Payment due date: 24/03/2028\n\nDeltaview Bank", _sent(1)),
        "dollar": message("d1@deltaview.example", ("Deltaview Bank", "cards@deltaview.example"),
                          "Deltaview USD Visa - statement of account",
                          "Dear Customer,\n\nYour Deltaview USD Visa statement is ready.\nCard ending 7752\n\n"
                          "Transactions:\n27/02/2028  PHOTOSTACK ANNUAL  USD 89.00\n"
                          "29/02/2028  PAGEHALL BOOKS LONDON GB  GBP 18.00 = USD 23.90\n\n"
                          "Closing balance: USD 112.90\nMinimum payment due: USD 11.29\n"
                          "Payment due date: 30/03/2028\n\nDeltaview Bank", _sent(3)),
        "promo": message("p1@naijabites.example", ("Naija Bites", "hello@naijabites.example"),
                         "Weekend jollof deals", "Order two plates of jollof and get a free drink this weekend.",
                         _sent(4)),
    })


@pytest.mark.parametrize("question", ["what's the minimum due on my naira card?", "how much do I owe on the naira card"])
def test_a_card_asked_by_its_currency_is_the_card_owed_in_it(home: App, question: str) -> None:
    reply = talk(home, question)[-1]
    assert "148,200.00" in reply and "3310" in reply, reply
    assert "Naija" not in reply and "7752" not in reply, reply


@pytest.mark.parametrize("turns", [("what was the GBP charge on my dollar card?",),
                                   ("how much do I owe on the dollar card?", "and the pound charge on it?")])
def test_a_charge_asked_by_its_currency_is_the_line_its_statement_gives(home: App, turns: tuple[str, ...]) -> None:
    reply = talk(home, *turns)[-1]
    assert "GBP 18.00" in reply and "7752" in reply, reply
    assert "nothing called" not in reply, reply
    for line in reply.splitlines():
        assert "3310" not in line or "GBP 18.00" not in line, reply  # the dollar card's line, never the naira card's
