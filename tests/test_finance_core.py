"""The pure core of money owed: the registry, the candidate gate, grounded extraction, the digest."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from steward.errors import ConfigError, UsageError
from steward.finance.digest import digest, render
from steward.finance.extract import missing, read_bill
from steward.finance.gate import gate
from steward.finance.model_extract import Refused, check_answer
from steward.finance.pdf import read_pdf
from steward.finance.registry import build_registry
from steward.finance.vocab import finance_vocab
from steward.records.finance import KINDS, Due, MessageFacts

V = finance_vocab()
R = build_registry()
NYC = ZoneInfo("America/New_York")
IST = ZoneInfo("Asia/Kolkata")
LON = ZoneInfo("Europe/London")


def facts(sender: str, subject: str, snippet: str = "", category: str = "statement", name: str = "") -> MessageFacts:
    return MessageFacts(1, sender, name, subject, snippet, datetime(2026, 9, 20, 9, tzinfo=NYC), "-04:00",
                        category, False)


# -- the registry ---------------------------------------------------------------------------------

def test_the_registry_knows_forty_real_issuers_in_four_regions() -> None:
    zones = {i.zone.split("/")[0] + ("/India" if i.zone == "Asia/Kolkata" else "") for i in R.institutions}
    assert len(R.institutions) >= 40
    assert {"America", "Europe", "Asia/India"} <= zones
    assert {i.currency for i in R.institutions} >= {"USD", "GBP", "EUR", "INR"}
    assert R.lookup("alerts@alerts.hdfcbank.net").name == "HDFC Bank"  # a subdomain counts
    assert R.lookup("statements@chase.com").date_order == "mdy"
    assert R.lookup("bills@octopus.energy").kind == "utility"
    assert R.lookup("someone@notchase.com") is None


def test_a_user_entry_adds_or_replaces_an_institution() -> None:
    reg = build_registry([{"name": "Riverside CU", "domains": ["riversidecu.org"], "kind": "card",
                           "currency": "USD", "date_order": "mdy"},
                          {"name": "My Chase", "domains": ["chase.com"], "kind": "bank", "currency": "USD"}])
    assert reg.lookup("x@riversidecu.org").name == "Riverside CU"
    assert reg.lookup("x@chase.com").name == "My Chase"
    with pytest.raises(ConfigError, match="kind 'shop'"):
        build_registry([{"name": "X", "domains": ["x.com"], "kind": "shop"}])
    with pytest.raises(ConfigError, match="needs domains"):
        build_registry([{"name": "X"}])


# -- the gate -------------------------------------------------------------------------------------

def test_a_phishing_invoice_is_never_a_candidate_whoever_it_claims_to_be() -> None:
    lure = facts("billing@chase.com", "Invoice overdue - verify your account", "Amount due $1,249.00",
                 category="phishing_suspect")
    assert isinstance(gate(lure, R, V), str)


def test_outside_the_registry_the_category_and_due_words_decide() -> None:
    bill = gate(facts("billing@riverside-water.example", "Your water bill is ready", category="payment_due",
                      name="Riverside Water"), R, V)
    assert not isinstance(bill, str) and bill.issuer == "Riverside Water" and bill.institution is None
    personal = gate(facts("friend@mail.example", "the bill for dinner", category="personal"), R, V)
    assert isinstance(personal, str)
    news = gate(facts("news@chase.com", "Five ways to travel this fall", category="newsletter"), R, V)
    assert news == "no due vocabulary (statement, payment due, amount due, autopay, premium, bill) in subject or snippet"
    paid = gate(facts("alerts@kaveribank.in", "We received your payment", category="bank_alert"), R, V)
    assert not isinstance(paid, str) and paid.payment_confirmation


# -- extraction -----------------------------------------------------------------------------------

def test_a_us_issuer_writes_month_first_and_a_uk_one_day_first() -> None:
    text = "New balance: $2,310.55. Minimum payment due: $35.00. Payment due date: 10/05/2026. Card ending in 9012."
    us = read_bill(text, received=datetime(2026, 9, 20, tzinfo=NYC), institution=R.lookup("x@chase.com"), vocab=V)
    assert us.due_date == date(2026, 10, 5)
    assert (us.owed.amount, us.owed.currency, us.minimum.amount, us.account) == (
        Decimal("2310.55"), "USD", Decimal("35.00"), "9012")
    uk = read_bill("Your statement balance is £410.00. Pay by 10/05/2026.", received=datetime(2026, 4, 20, tzinfo=LON),
                   institution=R.lookup("x@barclaycard.co.uk"), vocab=V)
    assert uk.due_date == date(2026, 5, 10) and uk.owed.currency == "GBP"


def test_an_indian_card_statement_reads_every_figure_as_written() -> None:
    text = ("Dear customer, the statement for your Kaveri Platinum Credit Card (XXXX4821) dated 03 Sep 2026 is "
            "ready. Total amount due: INR 1,23,480.50. Minimum amount due: INR 6,174.00. Payment due date: "
            "23 Sep 2026.")
    got = read_bill(text, received=datetime(2026, 9, 3, 6, 30, tzinfo=IST), institution=None, vocab=V)
    assert got.amount.amount == Decimal("123480.50") and got.amount.currency == "INR"
    assert got.minimum.amount == Decimal("6174.00")
    assert got.due_date == date(2026, 9, 23) and got.account == "4821" and got.kind == "card"
    assert got.evidence == "Total amount due: INR 1,23,480.50"
    assert missing(got) is None


def test_autopay_is_will_be_debited_and_a_bare_amount_takes_the_institutions_currency() -> None:
    got = read_bill("Your bill is ready. Amount due: 84.20. It will be collected by Direct Debit on 10/10/2026.",
                    received=datetime(2026, 9, 25, tzinfo=LON), institution=R.lookup("hello@octopus.energy"), vocab=V)
    assert (got.amount.amount, got.amount.currency, got.autopay, got.kind) == (Decimal("84.20"), "GBP", True, "utility")
    # outside the registry a bare number has no currency: no due rather than a guess
    none = read_bill("Amount due: 84.20, due on 10/10/2026.", received=datetime(2026, 9, 25, tzinfo=LON),
                     institution=None, vocab=V)
    assert none.amount is None or not none.amount.currency
    assert missing(none) is not None


def test_an_autopay_of_the_minimum_alone_leaves_the_statement_owed_by_hand() -> None:
    # a card's autopay that pays only its minimum is no autopay of the statement: the rest is the person's to pay
    text = ("Statement balance AUD 3,412.90 Minimum payment due AUD 68.00 Payment due date 21/10/2026 "
            "Credit limit AUD 9,000.00 Direct debit: your minimum payment (AUD 68.00) will be debited from your "
            "everyday account ending 5521 on 21/10/2026. The rest of your balance is not covered by your direct "
            "debit arrangement; please pay it by the due date.")
    got = read_bill(text, received=datetime(2026, 10, 1, tzinfo=LON), institution=None, vocab=V)
    assert (got.owed.amount, got.minimum.amount, got.due_date) == (Decimal("3412.90"), Decimal("68.00"),
                                                                   date(2026, 10, 21))
    assert got.autopay is False
    # an autopay of the whole, beside the minimum's row of the table, is still one
    whole = read_bill("Statement balance AUD 3,412.90 Minimum payment due AUD 68.00 Payment due date 21/10/2026 "
                      "Autopay: your full statement balance will be debited on 21/10/2026.",
                      received=datetime(2026, 10, 1, tzinfo=LON), institution=None, vocab=V)
    assert whole.autopay is True


def test_an_autopay_form_among_the_ways_to_pay_is_not_an_autopay_in_place() -> None:
    text = ("Service charge for June\nAmount: GBP 310.00\nPlease pay on or before 14/06/2026.\n\nPay by cheque at "
            "the estate office, by bank transfer, or by direct debit form. A late charge applies after the due date.")
    got = read_bill(text, received=datetime(2026, 6, 1, tzinfo=LON), institution=None, vocab=V)
    assert (got.amount.amount, got.due_date, got.autopay) == (Decimal("310.00"), date(2026, 6, 14), False)
    asked = read_bill("Amount due: GBP 42.00, due on 14/06/2026. Return the enclosed direct debit mandate form "
                      "to set it up.", received=datetime(2026, 6, 1, tzinfo=LON), institution=None, vocab=V)
    assert asked.autopay is False


@pytest.mark.parametrize(("text", "amount", "due", "autopay"), [
    # the day a bill is taken, said around the account it is taken from
    ("Toll statement for March\nTotal: GBP 64.00\nThis amount will be debited from your bank account ending 8812 on "
     "09/04/2026.", "64.00", date(2026, 4, 9), True),
    ("Your Home bundle bill\nTotal this month GBP 42.50\nGBP 42.50 will be charged to your credit card ending 1180 "
     "on 12/04/2026.", "42.50", date(2026, 4, 12), False),
    # a bill's table that names the day its card is charged, a government demand's last day for payment
    ("Your bill for April\nTotal this month GBP 42.50\nCharge date 12/04/2026", "42.50", date(2026, 4, 12), False),
    ("Demand for council rates\nTotal amount payable: GBP 388.00\n\nLast day for payment: 30 April 2026\n\nA "
     "surcharge is added to any amount unpaid after 14 May 2026.", "388.00", date(2026, 4, 30), False),
])
def test_a_day_to_pay_is_read_from_the_words_a_bill_labels_it_with(text: str, amount: str, due: date,
                                                                  autopay: bool) -> None:
    got = read_bill(text, received=datetime(2026, 4, 1, tzinfo=LON), institution=None, vocab=V)
    assert (got.amount.amount, got.due_date, got.autopay) == (Decimal(amount), due, autopay)
    assert got.labelled  # so a bill filed as other mail is read all the same


def test_a_payment_confirmation_reads_the_amount_received() -> None:
    got = read_bill("We received your payment of $1,842.17 for the card ending 1234. Thank you.",
                    received=datetime(2026, 10, 3, tzinfo=NYC), institution=None, vocab=V, payment_confirmation=True)
    assert got.paid.amount == Decimal("1842.17") and got.paid.currency == "USD" and got.account == "1234"
    assert got.due_date is None


def test_a_pdf_statement_is_read_with_pypdf() -> None:
    fpdf = pytest.importorskip("fpdf")
    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    for line in ("Chase Sapphire statement", "Account ending in 7001", "New Balance: $3,050.12",
                 "Minimum Payment Due: $40.00", "Payment Due Date: 11/02/2026"):
        pdf.cell(0, 8, line, new_x="LMARGIN", new_y="NEXT")
    text = read_pdf(bytes(pdf.output())).text
    got = read_bill(text, received=datetime(2026, 10, 8, tzinfo=NYC), institution=R.lookup("x@chase.com"), vocab=V)
    assert (got.owed.amount, got.minimum.amount, got.due_date, got.account) == (
        Decimal("3050.12"), Decimal("40.00"), date(2026, 11, 2), "7001")
    assert "cannot be read" in read_pdf(b"%PDF-1.4 not really").error


# -- the model's answer is checked against the text -----------------------------------------------

SOURCE = ("Hi, your broadband invoice 5521 is ready: please settle 1,020.00 Rs before the fifth of October 2026. "
          "Due 05/10/2026.")


def answer(**over: object) -> dict[str, object]:
    base = {"is_bill": True, "amount_due": "1,020.00", "minimum_due": "", "currency": "INR",
            "due_date_text": "05/10/2026", "account_last4": "", "autopay": False, "confidence": "high"}
    return {**base, **over}


def test_a_grounded_model_answer_is_taken_and_its_date_placed_by_steward() -> None:
    got = check_answer(answer(due_date_text="October 2026"), SOURCE, received=datetime(2026, 9, 20, tzinfo=IST),
                       institution=None)
    assert isinstance(got, Refused)  # "October 2026" is a month, not one due date
    got = check_answer(answer(due_date_text="fifth of October 2026"), SOURCE,
                       received=datetime(2026, 9, 20, tzinfo=IST), institution=None)
    assert isinstance(got, Refused)  # not a date Steward places: refused, not guessed
    got = check_answer(answer(), SOURCE, received=datetime(2026, 9, 20, tzinfo=IST), institution=None)
    assert not isinstance(got, Refused)
    assert (got.amount.amount, got.amount.currency, got.due_date, got.method) == (
        Decimal("1020.00"), "INR", date(2026, 10, 5), "model")


@pytest.mark.parametrize("over, reason", [
    ({"amount_due": "1,200.00"}, "amount '1,200.00' is not in the text"),
    ({"minimum_due": "51.00"}, "minimum '51.00' is not in the text"),
    ({"due_date_text": "2026-10-05"}, "due date '2026-10-05' is not in the text"),
    ({"account_last4": "9911"}, "account digits '9911' are not in the text"),
    ({"currency": "USD"}, "currency 'USD' is not written in the text"),
    ({"confidence": "low"}, "not confident"),
])
def test_a_model_that_invents_a_figure_is_refused(over: dict[str, object], reason: str) -> None:
    got = check_answer(answer(**over), SOURCE, received=datetime(2026, 9, 20, tzinfo=IST),
                       institution=None)
    assert isinstance(got, Refused) and reason in got.reason


# -- the digest -----------------------------------------------------------------------------------

def due(i: int, amount: str, currency: str, day: date, kind: str = "card", status: str = "open",
        autopay: bool = False) -> Due:
    return Due(i, f"Issuer {i}", kind, "1234", Decimal(amount), None, currency, day, "UTC", autopay,
               status, i, "", datetime(2026, 9, 1, tzinfo=NYC))  # type: ignore[arg-type]


def test_the_digest_groups_by_currency_and_never_sums_across() -> None:
    dues = [due(1, "100.00", "USD", date(2026, 9, 25)), due(2, "23480.00", "INR", date(2026, 9, 23)),
            due(3, "50.00", "USD", date(2026, 9, 10)), due(4, "9.99", "USD", date(2026, 9, 22), status="paid"),
            due(5, "84.20", "GBP", date(2026, 12, 1), kind="utility", autopay=True)]
    got = digest(dues, as_of=date(2026, 9, 20), window="7d")
    assert [g.currency for g in got.currencies] == ["INR", "USD"]
    usd = got.currencies[1]
    assert usd.total_due == Decimal("150.00") and usd.overdue_total == Decimal("50.00")
    assert [i.due.id for i in usd.items] == [3, 1] and usd.items[0].overdue
    assert got.to_json()["currencies"][1]["total_due"] == "150.00"
    everything = digest(dues, as_of=date(2026, 9, 20), window="all")
    assert "will be debited" in render(everything) and "£84.20" in render(everything)
    assert [g.currency for g in digest(dues, as_of=date(2026, 9, 20), categories=["utility"]).currencies] == ["GBP"]
    assert render(digest([], as_of=date(2026, 9, 20), window="month")) == \
        "Nothing owed this month in the bills Steward has read."


def test_a_bad_window_or_category_is_one_clear_error() -> None:
    with pytest.raises(UsageError, match="use 7d"):
        digest([], as_of=date(2026, 9, 20), window="soon")
    with pytest.raises(UsageError, match="category 'shoes'"):
        digest([], as_of=date(2026, 9, 20), categories=["shoes"])
    assert "card" in KINDS and "insurance" in KINDS


@pytest.mark.parametrize(("written", "amount", "currency"), [
    ("Amount payable: KShs. 1,480/=", "1480.00", "KES"),
    ("Balance due Ksh 12,300.50 by Friday", "12300.50", "KES"),
    ("Total: USh 45,000", "45000.00", "UGX"),
    ("Kiasi: TSh 18,500", "18500.00", "TZS"),
    ("Please pay ₦23,750.00", "23750.00", "NGN"),
])
def test_shillings_and_naira_are_read_as_their_bills_write_them(written: str, amount: str,
                                                                         currency: str) -> None:
    from steward.finance.money import find_money

    (found,) = find_money(written)
    assert (found.amount, found.currency) == (Decimal(amount), currency)


def test_a_billers_thanks_for_a_payment_is_read_whatever_it_was_filed_as() -> None:
    thanks = facts("akaunti@maji-safi.example", "Malipo yamepokelewa",
                   "Habari, tumepokea malipo yako ya KShs. 1,480.00. Asante.", category="personal")
    assert isinstance(gate(thanks, R, V), str)  # a stranger's thanks in personal mail is no one's bill
    found = gate(thanks, R, V, frozenset({"akaunti@maji-safi.example"}))
    assert not isinstance(found, str) and found.payment_confirmation
