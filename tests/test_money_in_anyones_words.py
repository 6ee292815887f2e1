"""Money asked in a person's own words, in a conversation: "the Spanish one" after another bank's card is the
card in euros, a gas bill asked of a home whose energy company bills only its electricity is not found, and
"what's overdue?" after a card asks of every bill. A home in Chicago with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

NOW = "2026-09-14T08:00:00-05:00"
ZONE = ZoneInfo("America/Chicago")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2026, 9, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Chicago", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "prairie": message("c1@prairiecu.example", ("Prairie Credit Union", "cards@prairiecu.example"),
                           "Your Prairie Rewards card statement",
                           "Your card statement is ready.\nCard ending 5512\nNew balance: $1,304.77\n"
                           "Minimum payment: $40.00\nPayment due date: September 25, 2026", _sent(3)),
        "iberia": message("c2@bancosol.example", ("Banco Sol Levante", "extractos@bancosol.example"),
                          "Your Banco Sol card statement",
                          "Your card statement is ready.\nCard ending 8820\nAmount due: EUR 642.10\n"
                          "Payment due date: 30 September 2026", _sent(4)),
        "power": message("e1@lakeshore-energy.example", ("Lakeshore Energy", "billing@lakeshore-energy.example"),
                          "Your electricity bill for August",
                          "Your electricity bill is ready.\nAccount 77-1203\nAmount due: $118.62\n"
                          "Due date: September 22, 2026", _sent(5)),
        "mobile": message("m1@northcell.example", ("Northcell Wireless", "billing@northcell.example"),
                          "Your Northcell bill is overdue",
                          "Your mobile bill for account ending 3390 has not been paid.\nAmount due: $74.30\n"
                          "Due date: September 8, 2026\nPlease pay now to keep your service.", _sent(10)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_a_card_named_by_its_country_after_another_card_is_that_card(home: App) -> None:
    replies = talk(home, "what's on my Prairie card?", "and the Spanish one?")
    assert "1,304.77" in replies[0]
    assert "642.10" in replies[1] and "1,304.77" not in replies[1] and "Prairie" not in replies[1]


def test_a_total_asked_in_another_currency_keeps_what_was_named(home: App) -> None:
    replies = talk(home, "how much do I owe?", "and in euros?")
    assert "642.10" in replies[1] and "1,304.77" not in replies[1]


def test_a_gas_bill_is_not_an_energy_company_that_bills_electricity(home: App) -> None:
    replies = talk(home, "how much is the power bill?", "and the gas bill?")
    assert "118.62" in replies[0]
    assert "118.62" not in replies[1] and "no gas bill" in replies[1]


def test_what_is_overdue_after_a_card_asks_of_every_bill(home: App) -> None:
    replies = talk(home, "how much is on the credit card?", "by when?", "what's overdue?")
    assert "Northcell" in replies[2] and "74.30" in replies[2]
    assert "Prairie" not in replies[2]


def test_is_it_overdue_after_a_card_asks_of_that_card(home: App) -> None:
    replies = talk(home, "how much is on the Prairie card?", "is it overdue?")
    assert "Northcell" not in replies[1]
