"""What was spent on a kind of thing, and when the person is paid, answered from the mail Steward holds
(the demo and second sample homes, clocks pinned, no model; a home of one's own for pay mail): receipts and
card alerts of that kind of shop summed per currency with what was counted, or said plainly; pay mail
shown to open, or its absence said, never the bills owed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.app import App
from steward.demo import build_demo_home
from steward.reader.spending_kinds import kind_of_purchase, kind_said

NOW = "2026-12-02T08:30:00+05:30"
SECOND_NOW = "2026-12-03T19:40:00+11:00"


@pytest.fixture(scope="module")
def demo(app_in_own_home: Callable[[str, str], App]) -> App:
    """The demo home, built once for the module, with no model configured."""
    built = app_in_own_home("Asia/Kolkata", NOW)
    build_demo_home(built)
    return built


@pytest.fixture(scope="module")
def second(app_in_own_home: Callable[[str, str], App]) -> App:
    """The second sample home (other names, country and shops), with no model configured."""
    built = app_in_own_home("Australia/Melbourne", SECOND_NOW)
    build_demo_home(built, mailbox="second")
    return built


def ask(app: App, text: str) -> tuple[str, str]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    return trace.handled_by, trace.reply


@pytest.mark.parametrize(("shop", "items", "kind"), [
    ("Corner Grocer Ltd", "", "groceries"), ("FRESHMART 24", "", "groceries"), ("Noodle Bar Kitchen", "", "eating out"),
    ("Rapid Deliveries", "a large pizza and two sodas", "eating out"), ("Hillside Supermarket", "a frozen pizza", "groceries"),
    ("PETRO STOP 12", "", "fuel"), ("Apotheke am Markt", "", "pharmacy"), ("Lamp Emporium", "a desk lamp", "")])
def test_a_purchase_is_of_the_kind_its_shop_says_before_what_was_bought(shop: str, items: str, kind: str) -> None:
    assert kind_of_purchase(shop, items) == kind


@pytest.mark.parametrize(("text", "kind"), [("what did we spend on takeout in october?", "eating out"),
                                            ("grocery spending last month", "groceries"),
                                            ("how much has gone on petrol lately", "fuel"),
                                            ("how much did I spend this month?", None)])
def test_the_kind_of_spending_a_question_names(text: str, kind: str | None) -> None:
    said = kind_said(text)
    assert (said[0].name if said else None) == kind


def test_spending_on_a_kind_sums_its_shops_per_currency(demo: App) -> None:
    handled_by, reply = ask(demo, "what did I spend on petrol in october?")
    assert handled_by == "reader" and reply.startswith("Spent on fuel in october"), reply
    # rupees and dollars summed apart, each shop with its count; a café or a bookshop is no fuel
    assert "₹" in reply and "US$" in reply and "purchases" in reply, reply
    assert "Bean There" not in reply and "BookNook" not in reply, reply


def test_eating_out_counts_receipts_and_card_alerts_once_each(second: App) -> None:
    handled_by, reply = ask(second, "how much have we spent on takeaways last month")
    assert handled_by == "reader" and reply.startswith("Spent on eating out last month"), reply
    assert "Gobble Eats" in reply and "card alert" in reply and "receipt" in reply, reply
    assert "Circuit Barn" not in reply and "Bookish" not in reply, reply  # headphones and novels are not food


def test_a_kind_nothing_was_spent_on_is_said_plainly(second: App) -> None:
    handled_by, reply = ask(second, "how much did I spend on the pharmacy in september?")
    assert handled_by == "reader", reply
    assert reply.startswith("I found nothing spent on pharmacy") or reply.startswith("Spent on pharmacy"), reply
    assert "What you owe" not in reply, reply


@pytest.mark.parametrize("text", ["when's my next payday?", "when do we get paid", "has my salary come in yet?"])
def test_pay_with_no_pay_mail_is_said_plainly_never_the_bills(demo: App, text: str) -> None:
    handled_by, reply = ask(demo, text)
    assert handled_by == "reader" and "no payslip, salary or payroll mail" in reply, reply
    assert "What you owe" not in reply and "Meridian" not in reply, reply


def test_which_bills_are_paid_automatically_is_still_about_bills(demo: App) -> None:
    _, reply = ask(demo, "which of my bills are paid automatically?")
    assert "payslip" not in reply, reply


def test_pay_mail_is_shown_to_open(cli: Any, tmp_path: Path) -> None:
    now = "2026-11-30T09:00:00+00:00"
    for month, day in (("09", "25"), ("10", "26")):
        eml(tmp_path / "mail", f"pay{month}", "payroll@brightwater-logistics.example",
            f"Your payslip for 2026-{month} is ready", "Your monthly payslip is available in the staff portal. "
            "Net pay will reach your account within one working day.", f"2026-{month}-{day}T07:00:00+00:00",
            "Brightwater Payroll")
    assert cli("--now", now, "mail", "import", str(tmp_path / "mail")).code == 0
    out = cli("--now", now, "--json", "chat", "when is payday this month?")
    assert out.code == 0, out.err
    trace = json.loads(out.out)
    reply = trace["reply"]
    assert trace["handled_by"] == "reader" and "Brightwater Payroll" in reply, reply
    assert "Your payslip for 2026-10 is ready" in reply and "25th, 26th of the month" in reply, reply


@pytest.fixture(scope="module")
def accra(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    """A home in Accra whose bank mails a debit alert for each purchase (the shop only in its description, past
    what the store keeps of it) and whose prepaid meter's tokens come as a payment app's receipt."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from appointment_mail import message, write_folder
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    def sent(day: int, hour: int = 9) -> datetime:
        return datetime(2028, 5, day, hour, 0, tzinfo=ZoneInfo("Africa/Accra"))

    def alert(n: int, day: int, amount: str, description: str) -> bytes:
        return message(f"a{n}@goldcoastbank.example", ("Goldcoast Bank Alerts", "alerts@goldcoastbank.example"),
                       f"Goldcoast Bank Debit Alert [GHS {amount}]",
                       "Dear KOFI MENSAH,\n\nWe wish to let you know that a debit transaction has occurred on your "
                       f"account.\n\nAccount Number: 10******52\nTransaction Type: Debit\nAmount: GHS {amount}\n"
                       f"Description: {description}\nAvailable Balance: GHS 8,120.40\n\nGoldcoast Bank", sent(day))

    app = app_in_own_home("Africa/Accra", "2028-05-20T08:00:00+00:00")
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a1": alert(1, 6, "412.50", "POS PURCHASE PALMGROVE HYPERSTORE OSU"),
        "a2": alert(2, 15, "96.20", "POS PURCHASE PALMGROVE HYPERSTORE OSU"),
        "a3": alert(3, 16, "230.00", "POS PURCHASE KORLE FABRICS MAKOLA"),
        "token": message("t1@zapwallet.example", ("ZapWallet", "receipts@zapwallet.example"),
                         "Electricity Token Purchase Successful",
                         "Transaction Successful!\n\nBiller: Accra Power Prepaid\nMeter Number: 0291187733\n"
                         "Amount: GHS 150.00\nUnits: 88.1 kWh\nToken: 1148-2290-3371-0045\n\nZapWallet", sent(12, 18)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    return app


def test_spending_at_a_shop_only_a_bank_alert_names_is_summed_from_those_alerts(accra: App) -> None:
    handled_by, reply = ask(accra, "how much have I spent at Palmgrove this month?")
    assert handled_by == "reader" and "508.70" in reply and "230.00" not in reply


def test_a_prepaid_meters_token_is_electricity_bought(accra: App) -> None:
    for question in ("did we buy power in May?", "how much did I spend on electricity tokens this month"):
        reply = ask(accra, question)[1]
        assert "150.00" in reply and "412.50" not in reply, question
