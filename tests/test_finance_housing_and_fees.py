"""Bills by kind of biller: a housing society's, owners' association's or strata's maintenance demand and a
school's or college's fee notice are dues of their own kinds; a charge for paying late is never the amount
owed; a bill paid from a card (AutoPay, a card on file) is filed under what it is for and its own account,
never the card's."""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mail_files import eml
from steward.finance.extract import read_bill
from steward.finance.vocab import finance_vocab
from steward.reader.requests import categories_in

V = finance_vocab()
KOLKATA = ZoneInfo("Asia/Kolkata")
RECEIVED = datetime(2027, 6, 2, 10, 0, tzinfo=KOLKATA)
NOW = "2026-10-05T10:00:00-04:00"


@pytest.mark.parametrize(("text", "amount", "due"), [
    ("Reminder: maintenance pending for Flat 3C\nDear Member, the maintenance of Rs. 9,450/- for flat 3C for the "
     "quarter July-September, which was due on 05-06-2027, remains unpaid. A late fee of Rs. 150/- will be added "
     "from next week.\nHon. Treasurer, Green Acres Co-operative Housing Society", "9450.00", date(2027, 6, 5)),
    ("Maintenance demand - Tower 2, 1104\nDear Resident, maintenance charges @ Rs. 3.20 per sq ft x 1,150 sq ft: "
     "Rs. 3,680.00. Sinking fund: Rs. 400.00. Net payable: Rs. 4,080.00. Due date: 15/06/2027. Interest of "
     "Rs. 25 per day applies after the due date.\nSunrise Residents Welfare Association", "4080.00",
     date(2027, 6, 15)),
])
def test_a_housing_societys_maintenance_demand_is_a_housing_due(text: str, amount: str, due: date) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="treasurer@society.example",
                    home_country="IN")
    assert got.amount is not None and got.amount.amount == Decimal(amount) and got.amount.currency == "INR"
    assert got.due_date == due
    assert got.kind == "housing"


def test_an_owners_associations_dues_abroad_are_housing_too() -> None:
    text = ("Your HOA dues statement\nMaple Court Homeowners Association. Quarterly assessment: $612.00, due by "
            "07/01/2027. A late fee of $25.00 is charged after the 15th.")
    got = read_bill(text, received=datetime(2027, 6, 2, 9, 0, tzinfo=ZoneInfo("America/Chicago")), institution=None,
                    vocab=V, sender="board@maplecourt.example", home_country="US")
    assert got.amount is not None and got.amount.amount == Decimal("612.00")
    assert got.kind == "housing"


@pytest.mark.parametrize(("text", "amount", "due"), [
    ("Fee reminder - Class VII\nDear Parent, the Term 2 fee of Rs. 27,800/- for Kavya (Class VII-A, Adm. No. "
     "1187) for the academic year 2027-28 is due on or before 20/06/2027. A late fee of Rs. 100/- per day will be "
     "charged after the due date.\nAccounts Office", "27800.00", date(2027, 6, 20)),
    ("Semester fees due\nDear Student, your semester fees of INR 68,000 for the odd semester are payable by "
     "25-06-2027 through the college fee portal. A late payment fee of INR 500 applies after the last date.",
     "68000.00", date(2027, 6, 25)),
])
def test_a_schools_or_colleges_fee_notice_is_an_education_due(text: str, amount: str, due: date) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="accounts@school.example",
                    home_country="IN")
    assert got.amount is not None and got.amount.amount == Decimal(amount)
    assert got.due_date == due
    assert got.kind == "education"


def test_a_late_fee_written_before_the_amount_is_not_the_amount_owed() -> None:
    text = ("Tuition fee notice\nPlease note a late fee of Rs. 200 applies after the last date. Tuition fee: "
            "Rs. 15,000. Last date: 30/06/2027.")
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="office@tutors.example",
                    home_country="IN")
    assert got.amount is not None and got.amount.amount == Decimal("15000.00")


def test_a_landlords_rent_reminder_is_rent_whatever_else_it_tells_of() -> None:
    text = ("Rent for July + hallway painting\nHello tenants of 18 Elm Row,\nJust a reminder that July rent is due "
            "on July 1, 2027. Your unit's rent is $1,940.00; a $75 late fee applies after the 3rd. Also, the water "
            "and hot water will be off Tuesday morning for the painters.\nElm Row Management")
    got = read_bill(text, received=datetime(2027, 6, 20, 9, tzinfo=ZoneInfo("America/Chicago")), institution=None,
                    vocab=V, sender="office@elmrowmgmt.example", home_country="US")
    assert got.kind == "rent" and got.amount is not None and got.amount.amount == Decimal("1940.00")
    assert got.due_date == date(2027, 7, 1)


@pytest.mark.parametrize(("text", "kind"), [
    ("Your invoice for June - AutoPay scheduled\n200 Mbps plan. Total: INR 1,416.00. AutoPay is active: INR "
     "1,416.00 will be auto-debited on 12-06-2027 from your Kotak Royale credit card ending 4421.", "telecom"),
    ("Your phone bill is ready. Amount due: $84.20, due 06/18/2027. It will be charged to your Visa card "
     "ending in 9902 on file.", "telecom"),
    ("Membership renewal: your subscription of $120.00 renews on 06/20/2027 and will be charged to the card "
     "ending 3310.", "subscription"),
])
def test_the_card_a_bill_is_paid_from_is_neither_its_kind_nor_its_account(text: str, kind: str) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="billing@provider.example",
                    home_country="IN")
    assert got.kind == kind
    assert got.account == ""


def test_a_cards_own_statement_keeps_its_card_as_its_account() -> None:
    text = ("Your credit card statement\nCard ending 5521. Total amount due: INR 23,480.00. Payment due date: "
            "18/06/2027. Pay from your savings account or by UPI to your credit card ending 5521.")
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="cards@bank.example",
                    home_country="IN")
    assert got.kind == "card"
    assert got.account == "5521"


def test_a_bills_own_account_number_is_kept_beside_the_card_it_is_paid_from() -> None:
    text = ("Electricity bill for account XXXX6620. Bill amount: Rs. 1,904.00. Due date: 21-06-2027. "
            "AutoPay will debit it from your HDFC credit card ending 7731.")
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="bills@power.example",
                    home_country="IN")
    assert got.kind == "utility"
    assert got.account == "6620"
    assert got.autopay


@pytest.mark.parametrize(("question", "kind"), [
    ("how much is the society maintenance?", "housing"),
    ("what do I owe the HOA", "housing"),
    ("when are the school fees due?", "education"),
    ("is the tuition paid", "education"),
])
def test_a_question_names_the_new_kinds(question: str, kind: str) -> None:
    assert kind in categories_in(question)


def test_a_bill_on_autopay_from_a_card_lists_no_card_of_its_biller(cli: Any, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    eml(mail, "fibre", "billing@skyfibre.example", "Your broadband invoice for October - AutoPay scheduled",
        "Your 300 Mbps broadband invoice is generated. Total: $64.99. AutoPay is active: $64.99 will be charged on "
        "October 12, 2026 to your Chase Sapphire credit card ending 7731.", "2026-10-02T08:00:00-04:00",
        sender_name="SkyFibre")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    assert cli("--now", NOW, "--json", "dues", "extract", "--no-progress").code == 0
    data = json.loads(cli("--now", NOW, "--json", "dues").out)
    [item] = [i for g in data["currencies"] for i in g["items"]]
    assert (item["issuer"], item["amount"], item["kind"], item["autopay"]) == ("SkyFibre", "64.99", "telecom", True)
    assert "7731" not in json.dumps(item)
    accounts = json.loads(cli("--now", NOW, "--json", "accounts").out)["accounts"]
    assert not [a for a in accounts if a["issuer"] == "SkyFibre"]


def test_a_bill_whose_autopay_will_charge_a_card_is_not_a_card_of_its_biller(cli: Any, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    eml(mail, "cable", "billing@riverlinecable.example", "Your Riverline bill is ready",
        "Hi Sam, your Riverline bill is ready. Account: RL-55102288. Amount due: $58.40. AutoPay will charge your "
        "card ending 6123 on October 14, 2026. Nothing to do.", "2026-10-02T08:00:00-04:00",
        sender_name="Riverline Cable")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    assert cli("--now", NOW, "--json", "dues", "extract", "--no-progress").code == 0
    data = json.loads(cli("--now", NOW, "--json", "dues").out)
    [item] = [i for g in data["currencies"] for i in g["items"]]
    assert (item["issuer"], item["amount"], item["autopay"]) == ("Riverline Cable", "58.40", True)
    assert item["kind"] != "card" and "6123" not in json.dumps(item)
    accounts = json.loads(cli("--now", NOW, "--json", "accounts").out)["accounts"]
    assert not [a for a in accounts if a["issuer"] == "Riverline Cable" and a["kind"] == "card"], accounts


CHICAGO = ZoneInfo("America/Chicago")


def test_a_countys_tax_installment_due_on_or_before_a_day_is_a_tax_due() -> None:
    text = ("Second Installment Property Tax Bill - PIN 44-10-202-118\nLAKE RIDGE COUNTY TREASURER\nSecond "
            "installment amount: $3,118.40\nDue on or before: August 2, 2027\nLate payments are charged interest "
            "of 1.5% per month.")
    got = read_bill(text, received=datetime(2027, 7, 1, 9, 0, tzinfo=CHICAGO), institution=None, vocab=V,
                    sender="tax@lakeridgecounty.example", home_country="US")
    assert got.amount is not None and got.amount.amount == Decimal("3118.40")
    assert (got.due_date, got.kind, got.labelled) == (date(2027, 8, 2), "tax", True)


def test_an_owners_share_of_a_special_assessment_is_a_housing_due() -> None:
    text = ("Special assessment - elevator repair\nDear Owners, the Board approved a special assessment for the "
            "elevator. Your unit's share is USD 2,100. It is due in full on July 15, 2027, or in three payments of "
            "$700.00 if you tell the office by June 30.")
    got = read_bill(text, received=datetime(2027, 6, 2, 9, 0, tzinfo=CHICAGO), institution=None, vocab=V,
                    sender="board@lindenplace.example", home_country="US")
    assert got.amount is not None and got.amount.amount == Decimal("2100.00")
    assert (got.due_date, got.kind, got.labelled) == (date(2027, 7, 15), "housing", True)


def test_a_special_assessment_and_the_monthly_one_are_both_owed_and_a_plans_explanation_never(
        cli: Any, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    now = "2027-06-10T09:00:00-05:00"
    eml(mail, "special", "board@lindenplace.example", "Special assessment - elevator repair",
        "Dear Owners, the Board approved a special assessment for the elevator. Your unit's share is USD 2,100. It "
        "is due in full on July 15, 2027.", "2027-06-01T09:00:00-05:00", sender_name="Linden Place Condominium "
        "Association")
    eml(mail, "monthly", "board@lindenplace.example", "Your July assessment is due - Unit 5A",
        "Dear Owner, your July monthly assessment of $412.00 is due 07/01/2027.", "2027-06-08T09:00:00-05:00",
        sender_name="Linden Place Condominium Association")
    eml(mail, "eob", "claims@prairiehealthplan.example", "Your Explanation of Benefits - THIS IS NOT A BILL",
        "EXPLANATION OF BENEFITS - THIS IS NOT A BILL. Amount billed: $300.00. Plan paid: $260.00. Amount you "
        "owe the provider: $40.00. Due date: 07/01/2027.", "2027-06-05T09:00:00-05:00",
        sender_name="Prairie Health Plan")
    assert cli("--now", now, "--tz", "America/Chicago", "mail", "import", str(mail)).code == 0
    assert cli("--now", now, "--tz", "America/Chicago", "--json", "dues", "extract", "--no-progress").code == 0
    data = json.loads(cli("--now", now, "--tz", "America/Chicago", "--json", "dues", "--window", "all").out)
    items = {(i["issuer"], i["amount"]) for g in data["currencies"] for i in g["items"]}
    assert items == {("Linden Place Condominium Association", "2100.00"),
                     ("Linden Place Condominium Association", "412.00")}, items
