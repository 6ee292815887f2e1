"""Bills by kind of wording: a Canadian pre-authorized debit is autopay, a bill written in HTML alone is
read as its text part would be, card bills in Portuguese and Spanish and invoices in German, French, Dutch
and Italian are read by their own labels with their dates day first."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import yaml

import steward.finance
from steward.errors import ConfigError
from steward.finance.extract import read_bill
from steward.finance.vocab import FinanceVocab, finance_vocab, vocab_from
from steward.mail.categories import default_classifier

V = finance_vocab()
VAN = ZoneInfo("America/Vancouver")
RECEIVED = datetime(2026, 11, 20, 9, 0, tzinfo=VAN)


@pytest.mark.parametrize(("text", "autopay"), [
    ("Statement balance: CAD 512.06\nDue date: 2026-12-04\nPre-authorised debit: your full balance will be "
     "taken from your account ending 4410 on the due date.", True),
    ("Amount due $96.15 on December 4. Your pre-authorized payment will be processed on that day.", True),
    ("Balance $96.15, due December 4. Set up a pre-authorized payment and never miss a due date.", False),
])
def test_a_pre_authorized_debit_is_autopay_and_an_offer_of_one_is_not(text: str, autopay: bool) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="bills@cedar.example",
                    home_country="CA")
    assert got.autopay is autopay
    assert got.due_date is not None and got.due_date.isoformat() == "2026-12-04"


def test_a_pre_authorized_payment_date_is_the_bills_due_date() -> None:
    got = read_bill("Hi Sam, your internet bill is ready. Total: $58.40. Your pre-authorized payment will be "
                    "processed on December 9.", received=RECEIVED, institution=None, vocab=V,
                    sender="ebill@cedarnet.example", home_country="CA")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal("58.40"), "CAD")
    assert got.due_date is not None and got.due_date.isoformat() == "2026-12-09" and got.autopay


@pytest.mark.parametrize(("subject", "snippet", "category"), [
    ("Your Cedar Mobile bill", "Amount: $58.40. Your pre-authorized payment will be processed on December 9.",
     "autopay"),
    ("Sua fatura Jacarandá Visa está disponível", "Valor total: R$ 932,10. Data de vencimento: 08/12/2026.",
     "statement"),
    ("Tu estado de cuenta de noviembre", "Total a pagar: $4,280.50 MXN. Fecha límite de pago: 15/12/2026.",
     "statement"),
    # a sum "payable by" a day: a phone company's bill that names no due date in other words
    ("Your Ndege Mobile postpaid bill", "Your bill for line 0711 000 222 is UGX 96,000, payable by 30 December 2026.",
     "payment_due"),
])
def test_these_bills_are_filed_as_bills(subject: str, snippet: str, category: str) -> None:
    assert default_classifier().classify("bills@issuer.example", "", subject, snippet) == category


def test_a_card_bill_in_portuguese_is_read_by_its_labels_day_first() -> None:
    text = ("Olá, Marta! A fatura do seu cartão Jacarandá Visa final 3391 fechou.\nValor total: R$ 2.415,37\n"
            "Pagamento mínimo: R$ 362,31\nData de vencimento: 08/12/2026\nPague pelo app ou pelo boleto.")
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="fatura@jacaranda.example")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal("2415.37"), "BRL")
    assert got.minimum is not None and got.minimum.amount == Decimal("362.31")
    assert got.due_date is not None and got.due_date.isoformat() == "2026-12-08"
    assert got.kind == "card" and got.account == "3391" and not got.autopay


def test_a_card_bill_in_spanish_is_read_by_its_labels_day_first() -> None:
    text = ("Hola Diego, tu estado de cuenta de la tarjeta Ceiba Oro terminación 7720 ya está disponible.\n"
            "Saldo al corte: $4,280.50 MXN\nPago mínimo: $428.05 MXN\nFecha límite de pago: 05/12/2026")
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="avisos@ceiba.example")
    owed = got.amount or got.statement_balance
    assert owed is not None and (owed.amount, owed.currency) == (Decimal("4280.50"), "MXN")
    assert got.minimum is not None and got.minimum.amount == Decimal("428.05")
    assert got.due_date is not None and got.due_date.isoformat() == "2026-12-05"


VIENNA = ZoneInfo("Europe/Vienna")


@pytest.mark.parametrize(("subject", "body", "amount", "due"), [
    # a tradesman's invoice in German, with a year-less due day
    ("Ihre Rechnung RE-4471", "Guten Tag Frau Berger,\nfür die Elektroarbeiten vom 2.12. stellen wir Ihnen in "
     "Rechnung:\nGesamtbetrag (brutto): 1.234,56 €\nfällig am 22.12.\nBitte überweisen Sie auf unser Konto.",
     "1234.56", "2026-12-22"),
    ("Rechnung 2026/0093 – Praxis Dr. Wendl", "Sehr geehrte Patientin,\nZahlungsziel: 07.01.2027\n"
     "Offener Betrag: EUR 96,50\nMit freundlichen Grüßen", "96.50", "2027-01-07"),
    ("Votre facture n° F-20817", "Bonjour Madame Leclerc,\nvotre facture est disponible.\nMontant à payer : "
     "86,40 €\nDate d'échéance : 15/01/2027", "86.40", "2027-01-15"),
    ("Factuur 88120 van Dakwerken Visser", "Beste heer Jansen,\nTe betalen bedrag: € 412,00\nVervaldatum: "
     "28-12-2026\nMet vriendelijke groet", "412.00", "2026-12-28"),
    ("Fattura n. 311/2026", "Gentile cliente,\nImporto da pagare: 72,15 €\nData di scadenza: 20/12/2026",
     "72.15", "2026-12-20"),
])
def test_an_invoice_in_another_european_language_is_a_bill_read_by_its_labels(
        subject: str, body: str, amount: str, due: str) -> None:
    received = datetime(2026, 12, 4, 11, 0, tzinfo=VIENNA)
    snippet = " ".join(body.split())[:200]
    assert default_classifier().classify("office@trades.example", "", subject, snippet) == "payment_due"
    assert V.due_words.search(f"{subject}\n{snippet}")
    got = read_bill(f"{subject}\n{body}", received=received, institution=None, vocab=V, sender="office@trades.example")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal(amount), "EUR")
    assert got.due_date is not None and got.due_date.isoformat() == due
    assert not got.autopay


@pytest.mark.parametrize(("subject", "snippet"), [
    ("Ihre Rechnung zur Bestellung 302-118", "Vielen Dank für Ihren Einkauf. Der Betrag von 49,90 € wurde bereits "
     "bezahlt."),
    ("Votre facture Fibra Box", "Votre facture de 29,99 € a été réglée, merci."),
])
def test_an_invoice_that_says_it_is_settled_is_no_bill(subject: str, snippet: str) -> None:
    assert default_classifier().classify("service@shop.example", "", subject, snippet) != "payment_due"


def test_a_day_and_month_with_a_closing_dot_is_a_date_and_an_amount_is_not() -> None:
    got = read_bill("Beitragsrechnung: zu zahlen 35,00 € bis spätestens 3.1.", received=datetime(
        2026, 12, 4, 11, 0, tzinfo=VIENNA), institution=None, vocab=V, sender="kasse@verein.example")
    assert got.due_date is not None and got.due_date.isoformat() == "2027-01-03"
    assert read_bill("Mahngebühr € 12.10. Danke.", received=RECEIVED, institution=None, vocab=V).due_date is None


def test_a_language_table_may_add_only_to_the_lists_it_names() -> None:
    base = {"labels": {k: ["x"] for k in ("minimum", "statement_balance", "amount", "due_date", "paid")},
            "kind_words": {}, "category_words": {}, "due_words": [], "payment_received": [], "autopay": [],
            "financial_categories": [], "card_context": [], "account_context": []}
    with pytest.raises(ConfigError, match="languages.xx"):
        vocab_from({**base, "languages": {"xx": {"kind_words": ["y"]}}})
    assert vocab_from({**base, "languages": {"xx": {"labels": {"amount": ["zu zahlen"]}}}}).labels["amount"].search(
        "zu zahlen: 5,00 €")


def _html_bill(sent: datetime) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"] = formataddr(("Cedar Mobile", "ebill@cedarmobile.example")), "sam@home.example"
    msg["Subject"], msg["Date"], msg["Message-ID"] = "Your Cedar Mobile bill is ready", format_datetime(sent), "<cm-1@c>"
    msg.set_content("<html><body><h1>Your bill is ready</h1><p>Account: 604-555-0199</p><p>Amount: <b>$58.40</b>"
                    "</p><p>Your pre-authorized payment will be processed on December 9.</p></body></html>",
                    subtype="html")
    return bytes(msg)


def test_a_bill_written_in_html_alone_is_owed_on_its_day_as_autopay(tmp_path: Path, cli: Any) -> None:
    folder = tmp_path / "mail"
    folder.mkdir()
    (folder / "bill.eml").write_bytes(_html_bill(RECEIVED))
    now, zone = "2026-11-21T09:00:00-08:00", "America/Vancouver"
    assert cli("--now", now, "--tz", zone, "mail", "import", str(folder)).code == 0
    assert cli("--now", now, "--tz", zone, "dues", "extract").code == 0
    r = cli("--now", now, "--tz", zone, "--json", "dues")
    assert r.code == 0, r.err
    items = [i for c in r.json()["currencies"] for i in c["items"]]
    assert [(i["issuer"], i["amount"], i["currency"], i["due_date"], i["autopay"]) for i in items] == [
        ("Cedar Mobile", "58.40", "CAD", "2026-12-09", True)]


@pytest.mark.parametrize(("text", "kind"), [
    # a space hired for things or a car is no kind of the home's bills, however its invoice says it is paid
    ("Invoice 5512 from Harbourside Self Storage. Your invoice for locker 7C (January). Amount due: $88.00. "
     "Due date: 10 Dec 2026. Pay by internet banking to account ending 2231.", "other"),
    ("Your storage unit invoice: $120.00 due 12 December 2026. Pay by mobile banking or phone banking.", "other"),
    ("Parking space hire for December: $65.00, due 1 Dec 2026. Pay on our mobile app.", "other"),
    ("Rent for 4/18 Kea St, December: $1,450.00 due 1 Dec 2026. Pay by internet banking.", "rent"),
    # the way a bill is paid is no word of what it is for; what it is for still is
    ("Your Tern Broadband bill: $59.00 due 9 Dec 2026. Pay by internet banking.", "telecom"),
    ("Invoice for garden care, $80.00, due 14 Dec 2026. Pay by internet banking or call us.", "other"),
])
def test_what_a_bill_is_for_is_its_kind_not_how_it_is_paid(text: str, kind: str) -> None:
    got = read_bill(text, received=RECEIVED, institution=None, vocab=V, sender="accounts@issuer.example",
                    home_country="CA")
    assert got.kind == kind


UK = ZoneInfo("Europe/London")


@pytest.mark.parametrize(("text", "amount", "due"), [
    # a direct debit taken at the earliest on a day, after the bill's own date
    ("Your water bill\nBill date: 18/11/2026\nAmount due: £64.20\nWe'll collect £64.20 by Direct Debit from your "
     "account ending 0912 on or after 02/12/2026.", "64.20", "2026-12-02"),
    # a loan's statement: the next repayment it takes, never the balance left on the loan
    ("Loan statement 01/06/2026 to 31/10/2026\nBalance outstanding: £8,412.77\nMonthly repayment: £212.40\n"
     "Next repayment: £212.40 by direct debit on 05/12/2026\nArrears: £0.00", "212.40", "2026-12-05"),
])
def test_a_debit_on_or_after_a_day_and_a_loans_next_repayment_are_dues(text: str, amount: str, due: str) -> None:
    got = read_bill(text, received=datetime(2026, 11, 18, 9, 0, tzinfo=UK), institution=None, vocab=V,
                    sender="bills@example.org", home_country="GB")
    assert got.amount is not None and got.amount.amount == Decimal(amount)
    assert got.due_date is not None and got.due_date.isoformat() == due


@pytest.mark.parametrize("text", [
    "Amount due: £40.00. Due date: 02/12/2026. You don't have a Direct Debit set up: pay online or by phone.",
    # a direct debit among the ways to pay
    "Amount due: £40.00. Due date: 02/12/2026. Pay by direct debit, by card or at the post office.",
    "Amount due: £40.00. Due date: 02/12/2026. You can pay by Direct Debit or online.",
    "Amount due: £40.00. Due date: 02/12/2026. As you do not hold a direct debit with us, please pay by card.",
])
def test_a_direct_debit_the_bill_says_is_not_set_up_is_no_autopay(text: str) -> None:
    got = read_bill(text, received=datetime(2026, 11, 18, 9, 0, tzinfo=UK), institution=None, vocab=V,
                    sender="bills@example.org", home_country="GB")
    assert got.autopay is False


def test_a_yearly_premium_taken_by_the_month_is_due_its_monthly_instalment() -> None:
    text = ("Your cover renews on 01/12/2026.\nAnnual premium: £1,020.00\nPayment: £85.00 a month by Direct Debit, "
            "first collection on 01/12/2026.")
    got = read_bill(text, received=datetime(2026, 11, 10, 9, 0, tzinfo=UK), institution=None, vocab=V,
                    sender="renewals@example.org", home_country="GB")
    assert got.amount is not None and got.amount.amount == Decimal("85.00")
    assert got.due_date is not None and got.due_date.isoformat() == "2026-12-01"


def test_a_day_labelled_as_a_lapse_gives_way_to_the_day_to_pay() -> None:
    shipped = yaml.safe_load(Path(steward.finance.__file__).with_name("vocab.yaml").read_text(encoding="utf-8"))

    def adding(kind: str) -> FinanceVocab:
        return vocab_from({**shipped, "languages": {**shipped["languages"], "xx": {"labels": {kind: ["lapses on"]}}}})

    text = ("Your residents' parking permit lapses on 30/06/2027. Renewal fee: £60.00. Please pay by 20/06/2027 "
            "to keep parking in your zone.")
    received = datetime(2027, 6, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))

    def due(vocab: FinanceVocab) -> str:
        got = read_bill(text, received=received, institution=None, vocab=vocab, sender="permits@council.example",
                        home_country="GB")
        assert got.amount is not None and got.amount.amount == Decimal("60.00")
        return got.due_date.isoformat() if got.due_date is not None else ""

    # the vocabulary's `lapse` labels name the day a thing lapses, the day to pay by only when no other is said
    assert due(adding("lapse")) == "2027-06-20"
    assert "lapses on" in adding("lapse").lapse_labels
    # the same words as a label of the day to pay would make the first day labelled the one to pay by
    assert due(adding("due_date")) == "2027-06-30"
