"""Money asked in a person's own words, in a conversation: "the Spanish one" after another bank's card is the
card in euros, a gas bill asked of a home whose energy company bills only its electricity is not found, and
"what's overdue?" after a card asks of every bill. An owners' association's past-due notice is overdue; a loan is
asked of by what it is for ("the car loan", "the mortgage", said plainly when there is none) and what is left to
pay on it is its statement's principal; a phone bill charged to a card named by its network is no card bill; a
card named by its network that no bill came from is the card its bank's alerts show. A home in Chicago with mail written here, no model."""

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
                           "Your Prairie Rewards Mastercard statement is ready.\nCard ending 5512\nNew balance: $1,304.77\n"
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
        "hoa": message("h1@cedarbend.example", ("Cedar Bend Condominium Association", "office@cedarbend.example"),
                       "Second notice: assessment past due",
                       "Dear Owner,\n\nWe have not received the quarterly assessment of $290.00 for Unit 14B, due "
                       "09/01/2026. A late fee of $20.00 will be added after 09/20/2026.\n\nCedar Bend Condominium "
                       "Association", _sent(8)),
        "auto": message("a1@lakeviewmotorcredit.example", ("Lakeview Motor Credit", "service@lakeviewmotorcredit.example"),
                        "Your vehicle loan statement",
                        "Your monthly vehicle loan statement is ready.\nLoan ending 6021\nPayment amount: $388.10\n"
                        "Due date: September 28, 2026\nPrincipal balance: $9,870.33\nThank you.", _sent(6)),
        "study": message("s1@keystoneloans.example", ("Keystone Loan Services", "mail@keystoneloans.example"),
                         "Your student loan bill",
                         "Your student loan bill is ready.\nAccount ending 4410\nAmount due: $151.90\n"
                         "Due date: October 2, 2026", _sent(7)),
        "phone": message("p1@skyline-tel.example", ("Skyline Tel", "billing@skyline-tel.example"),
                         "Your Skyline Tel bill is ready",
                         "Your mobile bill for account ending 7765 is ready.\nTotal: $96.15\nAutoPay is on: we will charge "
                         "$96.15 to your Prairie Mastercard ending 5512 on September 24, 2026.", _sent(9)),
        # a toll account's notice, and a lure that borrows its name
        "toll": message("t1@skywaytoll.example", ("Skyway Toll", "noreply@skywaytoll.example"), "Low balance alert",
                        "Your Skyway account has a low balance of USD 6.40 as of 09/12/2026. Please top up.", _sent(12)),
        "lure": message("l1@skyway-fines-portal.example", ("Skyway Fines", "fines@skyway-fines-portal.example"),
                        "Unpaid toll - $25 fine",
                        "Dear customer, you have an unpaid toll. Pay the $25 fine within 24 hours at "
                        "http://skyway-fines-portal.example/pay or your licence will be suspended. Verify your card "
                        "details now.", _sent(12, 10)),
        # a second card, known only by its bank's alert of a purchase abroad
        "abroad": message("v1@harborpoint.example", ("Harbor Point Bank", "alerts@harborpoint.example"),
                          "Card alert - Harbor Point Visa Signature",
                          "Your Harbor Point Visa Signature ending 7204 was used for CAD 84.00 at MAPLE LEAF GARDENS "
                          "TORONTO CA on 09/11/2026.\nForeign transaction fee: $1.86\nTotal charged: $63.94",
                          _sent(11)),
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


def test_an_owners_association_past_due_notice_is_overdue(home: App) -> None:
    replies = talk(home, "which bills are past due?")
    assert "Cedar Bend" in replies[0] and "290.00" in replies[0]
    assert "20.00" not in replies[0].replace("290.00", "")


def test_a_loan_asked_by_what_it_is_for_is_that_loan(home: App) -> None:
    car = talk(home, "when is my car loan due?")[0]
    assert "388.10" in car and "151.90" not in car
    student = talk(home, "how much is the student loan?")[0]
    assert "151.90" in student and "388.10" not in student


def test_a_mortgage_asked_of_when_none_is_held_is_said_plainly(home: App) -> None:
    reply = talk(home, "when is my mortgage payment due?")[0]
    assert reply.startswith("I found no mortgage") and "Lakeview Motor Credit" in reply
    # the loans held are named, never with their sums: those would read as the answer
    assert "388.10" not in reply and "151.90" not in reply


def test_a_loan_asked_of_by_a_kind_of_lender_none_is_is_said_plainly(home: App) -> None:
    reply = talk(home, "when's my credit union loan due?")[0]
    assert reply.startswith("I found no credit union loan") and "388.10" not in reply


def test_what_is_left_on_a_loan_is_its_principal(home: App) -> None:
    reply = talk(home, "how much do I still owe on the car?")[0]
    assert "9,870.33" in reply
    card = talk(home, "how much do I still owe on the Prairie card?")[0]
    assert "1,304.77" in card and "principal" not in card.lower()


def test_a_bill_charged_to_a_card_named_by_its_network_is_not_a_card_bill(home: App) -> None:
    phone = [d for d in home.dues.digest(window="all").items if d.due.issuer == "Skyline Tel"]
    assert [(d.due.kind, d.due.account) for d in phone] == [("telecom", "7765")]


def test_a_card_asked_by_another_network_and_its_last_four_is_said_plainly(home: App) -> None:
    reply = talk(home, "how much is on the Visa ending 5512?")[0]
    assert reply.startswith("I found no Visa ending 5512") and "Prairie" in reply
    right = talk(home, "how much is on the Mastercard ending 5512?")[0]
    assert "1,304.77" in right and "found no" not in right


def test_a_minimum_texted_short_after_a_card_is_that_cards(home: App) -> None:
    replies = talk(home, "how much is on the Prairie card?", "min amt?")
    assert "40.00" in replies[1] and "Prairie" in replies[1]


def test_a_card_named_by_its_network_known_only_by_an_alert_is_that_card(home: App) -> None:
    reply = talk(home, "that Toronto charge on my Visa, what did it come to with the fee?")[0]
    assert "Harbor Point" in reply and "63.94" in reply and "1.86" in reply and "no bill" in reply
    assert "Prairie" not in reply


def test_a_name_a_lure_borrows_is_the_real_senders(home: App) -> None:
    reply = talk(home, "what's my Skyway balance?")[0]
    assert "6.40" in reply and "Fines" not in reply


def test_an_organisation_asked_by_its_initials_is_that_biller(home: App) -> None:
    reply = talk(home, "what do I owe the CBCA?")[0]
    assert "290.00" in reply and "Cedar Bend" in reply


def test_a_study_loan_is_the_student_loan_and_what_is_left_is_its_own_mails(home: App) -> None:
    study = talk(home, "how much left on my study loan?")[0]
    # the student loan's mail gives no balance: its mail to open, never the car loan's balance nor 'study' unknown
    assert "Keystone" in study and "9,870.33" not in study and "\u2018study\u2019" not in study, study
