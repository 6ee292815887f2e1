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
