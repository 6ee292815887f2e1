"""Bills taken from a bank account under the many names of a direct debit (GIRO, Lastschrift, domiciliación,
prélèvement, incasso), said below a table of charges in a bill written in HTML alone; and an insurer's
renewal notice with the premium to pay and the day to pay it by. The mails are written for these tests."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from steward.finance.extract import read_bill
from steward.finance.vocab import finance_vocab
from steward.mail.categories import default_classifier

V = finance_vocab()
KL = ZoneInfo("Asia/Kuala_Lumpur")
RECEIVED = datetime(2027, 4, 2, 8, 0, tzinfo=KL)


def _water_bill(sent: datetime) -> bytes:
    """A water company's bill in HTML alone: its charges in a table long enough to push the words of how it is
    paid past the first lines, then the day the bank takes it."""
    msg = EmailMessage()
    msg["From"], msg["To"] = formataddr(("Sungai Jernih Water", "ebills@sjwater.example")), "mei@home.example"
    msg["Subject"], msg["Date"], msg["Message-ID"] = "Your water bill for March 2027", format_datetime(sent), "<sj-1@w>"
    rows = "".join(f"<tr><td>{what}</td><td>MYR {amount}</td></tr>" for what, amount in (
        ("Water supply (first 20 m3)", "11.40"), ("Water supply (above 20 m3)", "19.85"),
        ("Sewerage service charge", "8.00"), ("Meter rental", "1.00"), ("Rounding adjustment", "0.02")))
    msg.set_content(
        "<html><body><table><tr><td colspan=2><b>Sungai Jernih Water</b></td></tr>"
        "<tr><td colspan=2>Dear Tan Mei Ling, here is the bill for your premises at 14 Jalan Bunga Raya 3, "
        "Taman Seri Kenanga.</td></tr><tr><td>Account number</td><td>4402 7718 03</td></tr>"
        "<tr><td>Reading period</td><td>1 Mar - 31 Mar 2027</td></tr>"
        f"{rows}<tr><td><b>Total charges this month</b></td><td><b>MYR 40.27</b></td></tr>"
        "<tr><td>Deduction date</td><td>19/04/2027</td></tr></table>"
        "<p>This amount will be paid by GIRO from your bank account on the deduction date. You need not do "
        "anything.</p></body></html>", subtype="html")
    return bytes(msg)


def test_an_html_bill_paid_by_giro_is_owed_on_its_deduction_day_as_autopay(tmp_path: Path, cli: Any) -> None:
    folder = tmp_path / "mail"
    folder.mkdir()
    (folder / "bill.eml").write_bytes(_water_bill(RECEIVED))
    now, zone = "2027-04-03T09:00:00+08:00", "Asia/Kuala_Lumpur"
    assert cli("--now", now, "--tz", zone, "mail", "import", str(folder)).code == 0
    assert cli("--now", now, "--tz", zone, "dues", "extract").code == 0
    r = cli("--now", now, "--tz", zone, "--json", "dues")
    assert r.code == 0, r.err
    items = [i for c in r.json()["currencies"] for i in c["items"]]
    assert [(i["issuer"], i["amount"], i["currency"], i["due_date"], i["autopay"]) for i in items] == [
        ("Sungai Jernih Water", "40.27", "MYR", "2027-04-19", True)]


# (subject, the first part of the text, its category): the words of a bank taking the bill stand below the
# charges, past the snippet
@pytest.mark.parametrize(("subject", "head", "category"), [
    ("Ihre Stromrechnung März 2027", "Verbrauch 212 kWh ... Rechnungsbetrag 74,10 EUR. Der Betrag wird per "
     "Lastschrift am 14.04.2027 von Ihrem Konto eingezogen.", "autopay"),
    ("Tu factura de luz", "Consumo 190 kWh ... Importe total 58,30 EUR. Cargo por domiciliación en tu cuenta el "
     "12/04/2027.", "autopay"),
    ("Your electricity bill", "Usage 300 kWh ... Total charges S$88.10. Paid by GIRO on 20/04/2027.", "autopay"),
])
def test_a_bill_the_bank_takes_under_another_name_is_filed_as_autopay(subject: str, head: str,
                                                                      category: str) -> None:
    from steward.mail.lure_score import MailContext

    got = default_classifier().classify("bills@power.example", "", subject, head[:40], context=MailContext(head=head))
    assert got == category


def test_an_offer_to_pay_by_giro_is_no_autopay() -> None:
    from steward.mail.lure_score import MailContext

    head = "Save time: apply for GIRO today and never queue to pay again. Terms apply."
    assert default_classifier().classify("news@power.example", "", "Make paying easy", head[:40],
                                         context=MailContext(head=head)) != "autopay"


def test_an_insurers_renewal_notice_is_a_bill_of_its_premium_by_its_pay_by_day() -> None:
    text = ("Renewal notice: home contents policy HC-220917\nDear Mr Lim\nYour home contents policy expires on "
            "1 May 2027.\nRenewal premium (incl. 8% SST): RM 412.50 (last year RM 398.00)\nPlease pay by "
            "28/04/2027 by bank transfer, card or cheque to keep your cover.")
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="renewals@kenari-insurance.example",
                    home_country="MY")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal("412.50"), "MYR")
    assert got.due_date is not None and got.due_date.isoformat() == "2027-04-28"
    # the card among the ways to pay does not make it a card's bill
    assert got.kind == "insurance" and not got.autopay


@pytest.mark.parametrize(("subject", "snippet", "category"), [
    ("Renewal notice: travel policy TP-5521", "Your renewal premium is S$96.00. Please renew before 1 June.",
     "payment_due"),
    ("Your renewal quote is ready", "Renewal premium quote for your policy: S$96.00. Get covered today.", "other"),
])
def test_a_renewal_notice_is_a_bill_and_a_renewal_quote_is_not(subject: str, snippet: str, category: str) -> None:
    assert default_classifier().classify("noreply@insurer.example", "", subject, snippet) == category
