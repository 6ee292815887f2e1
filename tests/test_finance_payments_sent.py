"""Payments the person made, read from the mail that says each was sent: a payment app's receipt, a transfer's
confirmation, a bank's debit alert; money that came in, a request or a refund is none. They are listed by
`steward payments` and asked of in chat ("did I pay Sam back?"). The mails are written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App
from steward.finance.sent import read_sent

PHX = ZoneInfo("America/Phoenix")
RECEIVED = datetime(2026, 10, 9, 18, 0, tzinfo=PHX)


@pytest.mark.parametrize(("text", "country", "payee", "amount", "currency"), [
    ("You paid Dana Whitfield $45.00\n\"concert tickets\"\nOctober 7, 2026\nFunded by: Bank account ending 2208",
     "US", "Dana Whitfield", "45.00", "USD"),
    ("You sent $18.25 to Marco Bellini", "US", "Marco Bellini", "18.25", "USD"),
    # the subject and the body run together: the body's first words are no part of the name
    ("You sent $22.00 to Priya Nair\nYou sent $22.00 to Priya Nair\nFor: dog walking", "US", "Priya Nair", "22.00",
     "USD"),
    ("Transfer complete\nYour payment of £120.00 to Birchwood Lettings was sent on 6 October 2026.", "GB",
     "Birchwood Lettings", "120.00", "GBP"),
    ("Dear Customer, A/c XX4471 is debited by Rs 3,250.00 on 07-10-26 towards VPA ravi.k@oksbi. Ref 66120.", "IN",
     "ravi.k@oksbi", "3250.00", "INR"),
    ("Alert: INR 799.00 debited from A/c XX9012 on 08-10-26.", "IN", "", "799.00", "INR"),
    # an e-wallet's receipt in the Philippines, the peso typed as a P
    ("You have paid P2,150.00 to BATIS WATER BILLS. Account number: XXXX0217 Date: Oct 8, 2026", "PH",
     "BATIS WATER BILLS", "2150.00", "PHP"),
    # a bank's transfer confirmation that says it went through
    ("You have successfully transferred PHP 3,000.00 to ROSA LIM via InstaPay. Transfer fee: PHP 15.00", "PH",
     "ROSA LIM", "3000.00", "PHP"),
    # a money transfer's receipt in labelled lines: the name runs to the next label
    ("Your transfer is complete\nYour money transfer has been paid.\nBeneficiary: GRACE WANJIRU OKOTH\nWallet: M-Pesa"
     "\nAmount sent: USD 200.00\nAmount received: KES 25,800.00\nFee: USD 4.00", "US", "GRACE WANJIRU OKOTH",
     "200.00", "USD"),
    ("Transfer update\nYour transfer was completed. Recipient: Maria Santos Cruz Bank name: BDO\nAmount sent: "
     "AED 900.00", "AE", "Maria Santos Cruz", "900.00", "AED"),
])
def test_a_payment_sent_is_read_with_its_payee_and_amount(text: str, country: str, payee: str, amount: str,
                                                          currency: str) -> None:
    found = read_sent(text, received=RECEIVED, home_country=country, day_first=country != "US")
    assert found is not None
    assert (found.payee, found.amount.amount, found.amount.currency) == (payee, Decimal(amount), currency)
    assert found.paid_on <= RECEIVED.date()


def test_the_day_a_receipt_writes_is_the_day_paid() -> None:
    found = read_sent("You paid Dana Whitfield $45.00\nOctober 7, 2026", received=RECEIVED, home_country="US")
    assert found is not None and found.paid_on == date(2026, 10, 7)


@pytest.mark.parametrize("text", [
    "Dana Whitfield paid you $45.00\nThe money is in your balance.",
    "Marco Bellini sent you $18.25",
    "You requested $30.00 from Marco Bellini",
    "Your A/c XX4471 is credited by Rs 3,250.00 on 07-10-26.",
    "Your payment of $60.00 to Dana Whitfield failed. No money was taken.",
    "Refund: you sent $18.25 to Marco Bellini and it has been reversed.",
    "We have received your payment of $96.40. Thank you.",
    "Your money transfer has been cancelled. Beneficiary: GRACE OKOTH Amount sent: USD 200.00",
])
def test_money_that_came_in_was_asked_for_or_never_went_is_no_payment(text: str) -> None:
    assert read_sent(text, received=RECEIVED, home_country="US") is None


NOW = "2026-10-10T09:00:00-07:00"


def _sent(day: int, hour: int = 12) -> datetime:
    return datetime(2026, 10, day, hour, 0, tzinfo=PHX)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Phoenix", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "app": message("z1@zipcash.example", ("ZipCash", "receipts@zipcash.example"), "You paid Dana Whitfield $45.00",
                       "You paid Dana Whitfield\n$45.00\n\"concert tickets\"\nOctober 7, 2026\n"
                       "Funded by: Bank account ending 2208", _sent(7)),
        "in": message("z2@zipcash.example", ("ZipCash", "receipts@zipcash.example"), "Owen Park paid you $30.00",
                      "Owen Park paid you\n$30.00\n\"pizza\"\nThe money is in your ZipCash balance.", _sent(8)),
        "dana": message("d1@mailbox.example", ("Dana Whitfield", "dana.whitfield@mailbox.example"), "tickets!",
                        "Got the tickets for Saturday, see you there.", _sent(6)),
        "owen": message("o1@mailbox.example", ("Owen Park", "owen.park@mailbox.example"), "pizza night",
                        "Thanks for hosting!", _sent(8, 9)),
        "rui": message("r1@mailbox.example", ("Rui Tavares", "rui.tavares@mailbox.example"), "cabin",
                       "Sorry, still owe you $62.40 for my share of the cabin. I'll send it on the 15th!", _sent(5)),
        "ask": message("z3@zipcash.example", ("ZipCash", "receipts@zipcash.example"),
                       "You requested $62.40 from Rui Tavares",
                       "You requested $62.40 from Rui Tavares\n\"cabin\"\nStatus: Pending", _sent(5, 14)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_a_payment_apps_receipt_is_kept_as_a_payment(home: App) -> None:
    made = home.dues.payments()
    assert [(p.payee, p.amount, p.currency, p.paid_on) for p in made] == [
        ("Dana Whitfield", Decimal("45.00"), "USD", date(2026, 10, 7))]


def test_did_i_pay_someone_is_answered_from_the_payments(home: App) -> None:
    reply = talk(home, "did I pay Dana back?")[0]
    assert reply.startswith("Yes") and "45.00" in reply
    sent = talk(home, "how much did I send Dana on ZipCash?")[0]
    assert "45.00" in sent


def test_money_that_came_in_is_no_payment_made(home: App) -> None:
    reply = talk(home, "did I pay Owen?")[0]
    assert "30.00" not in reply


def test_steward_payments_lists_them(cli: Any, home: App) -> None:
    home_dir = home.paths.data_folder  # (a home keeps its config and its data in one folder)
    listed = cli("--home", home_dir, "--now", NOW, "--json", "payments")
    assert listed.code == 0, listed.err
    assert [(p["payee"], p["amount"], p["paid_on"]) for p in listed.json()["payments"]] == [
        ("Dana Whitfield", "45.00", "2026-10-07")]
    text = cli("--home", home_dir, "--now", NOW, "payments")
    assert text.code == 0 and "Dana Whitfield" in text.out
    bad = cli("--home", home_dir, "--now", NOW, "payments", "--limit", "0")
    assert bad.code == 2 and len(bad.err.strip().splitlines()) == 1


def test_did_someone_pay_me_is_answered_from_the_receipt_that_says_it_came_in(home: App) -> None:
    reply = talk(home, "did Owen pay me back?")[0]
    assert reply.startswith("Yes") and "30.00" in reply and "45.00" not in reply


@pytest.mark.parametrize("text", ["how much does Rui owe me?", "did Rui pay me back?"])
def test_money_owed_to_the_person_is_what_the_mail_says_of_it_with_no_receipt(home: App, text: str) -> None:
    reply = talk(home, text)[0]
    assert reply.startswith("No mail says Rui Tavares has paid you") and "62.40" in reply, reply
    assert "45.00" not in reply and "30.00" not in reply, reply


def test_what_have_i_paid_lists_the_payments_made_never_what_is_owed(home: App) -> None:
    reply = talk(home, "what have I paid this month?")[0]
    assert "45.00" in reply and "Dana Whitfield" in reply and "30.00" not in reply
    assert "45.00" in talk(home, "who did I send money to?")[0]


def test_a_remittance_received_is_the_sum_its_mail_labels_received(app_in_own_home: Callable[[str, str], App],
                                                                   tmp_path: Path) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Asia/Manila", "2027-08-11T08:00:00+08:00")
    folder = write_folder(tmp_path / "mail", {
        "r": message("r1@remitwell.example", ("RemitWell", "notify@remitwell.example"),
                     "You've received money from TESS AQUINO",
                     "Hi ANA,\n\nGood news! Money sent by TESS AQUINO from Doha, Qatar has been credited to your bank "
                     "account ending 1182. Amount sent: QAR 500.00\nExchange rate: 1 QAR = PHP 15.40\nAmount "
                     "received: PHP 7,700.00\n", datetime(2027, 8, 10, 20, tzinfo=ZoneInfo("Asia/Manila"))),
        "t": message("t1@mailbox.example", ("Tess Aquino", "tess.aquino@mailbox.example"), "padala",
                     "Nagpadala ako, check mo ha.\n\nTess", datetime(2027, 8, 10, 21, tzinfo=ZoneInfo("Asia/Manila"))),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    reply = talk(app, "how much did I receive from Tess?")[0]
    assert "7,700.00" in reply and "RemitWell" in reply, reply
    # "her" after her mail is Tess: the money she sent, never her message shown again nor every bill
    reply = talk(app, "any email from Tess?", "how much did I receive from her?")[1]
    assert "7,700.00" in reply and "RemitWell" in reply, reply
    # with no one named before it, who is asked
    reply = talk(app, "how much did I receive from her?")[0]
    assert "who" in reply and "7,700.00" not in reply, reply


def test_a_remittance_whose_subject_says_money_received_from_them_is_their_payment(
        app_in_own_home: Callable[[str, str], App], tmp_path: Path) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Jamaica", "2027-09-06T19:00:00-05:00")
    sent = datetime(2027, 9, 3, 17, tzinfo=ZoneInfo("America/Jamaica"))
    folder = write_folder(tmp_path / "mail", {
        "r": message("r2@islandsend.example", ("IslandSend", "notify@islandsend.example"),
                     "Money received from Andre Blake",
                     "Hello,\n\nYou have received money.\n\nSender: Andre Blake (Birmingham, UK)\nAmount sent: GBP "
                     "100.00\nAmount received: J$19,850.00\n", sent),
        "a": message("a1@mailbox.example", ("Andre Blake", "andre.blake@mailbox.example"), "sent it",
                     "Sis, mi send the 100 pound this morning, half for the light bill. Andre", sent),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    reply = talk(app, "how much Andre send me")[0]
    # what came in, and what he sent before the exchange
    assert reply.startswith("Yes") and "19,850.00" in reply and "100.00" in reply and "IslandSend" in reply, reply


def test_a_person_paid_who_never_wrote_is_found_by_the_payees_name(
        app_in_own_home: Callable[[str, str], App], tmp_path: Path) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Phoenix", NOW)
    folder = write_folder(tmp_path / "mail", {
        "app": message("z3@zipcash.example", ("ZipCash", "receipts@zipcash.example"), "You sent $22.00 to Priya Nair",
                       "You sent $22.00 to Priya Nair\nFor: dog walking\nFrom: ZipCash balance", _sent(7))})
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    reply = talk(app, "how much did I send Priya")[0]
    assert "22.00" in reply and "nothing called" not in reply, reply


def test_when_someone_will_pay_the_person_back_is_the_day_their_note_gives(home: App) -> None:
    reply = talk(home, "any mail from Rui?", "when's he paying me back?")[-1]
    assert "Thu 15 Oct" in reply and "62.40" in reply, reply
