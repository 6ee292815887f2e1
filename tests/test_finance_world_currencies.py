"""Bills in any country's money, and a bank's own standing advice read as advice: an amount in a
currency of the CLDR table (its code or a local mark that names it alone: shillings as "Ksh", naira as
"₦", ringgit as "RM", złoty as "zł") is read as that currency, and a code that is no word beside a whole
number too ("SAR 120"); a word that is also a code ("TOP 10", "ALL 3") or a date after a mark
("Le 12.10.2026") is no money; "payable by" with a bill's name files a bill; a statement whose footer says
the bank never asks for a password, or a disclaimer that asks a wrong recipient to delete it immediately,
is not marked a lure for those words, nor is a company's "Limited" read as a threat."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from steward.finance.currencies import TABLE_FILE, cldr_module, cldr_table
from steward.finance.extract import read_bill
from steward.finance.money import find_money, money_said_at_home
from steward.finance.vocab import finance_vocab
from steward.mail.categories import default_classifier
from steward.mail.lure_score import MailContext, weak_reasons

LAGOS = ZoneInfo("Africa/Lagos")
RECEIVED = datetime(2026, 11, 20, 9, 0, tzinfo=LAGOS)


def test_the_kept_currency_table_is_babels_own() -> None:
    """currencies_cldr.py is what babel gives today; after a babel upgrade, write it again with
    `python -m steward.finance.currencies`."""
    with open(TABLE_FILE, encoding="utf-8") as file:
        assert file.read() == cldr_module(cldr_table())


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("Balance owing: KSh 12,400.00 by the 9th", "12400.00", "KES"),
    ("Outstanding: 3,250.00 KES", "3250.00", "KES"),
    ("Your DSTV renewal of ₦21,500.00 is due", "21500.00", "NGN"),
    ("Jumlah: TSh 45,000.00", "45000.00", "TZS"),
    ("Bayaran RM 1,204.90 sebelum 3 Jan", "1204.90", "MYR"),
    ("Do zapłaty: 389,99 zł", "389.99", "PLN"),
    ("Tagihan Rp 250.000 jatuh tempo", "250000.00", "IDR"),
    ("Amount due GHS 640.00", "640.00", "GHS"),
    ("Total UGX 185,000", "185000.00", "UGX"),
    ("Visa fee SAR 120 at the counter", "120.00", "SAR"),
    ("Sent to your account: PKR 45000", "45000.00", "PKR"),
    ("Please bring 800 KES in cash", "800.00", "KES"),
])
def test_an_amount_in_any_countrys_money_is_read_with_its_currency(text: str, amount: str, currency: str) -> None:
    found = find_money(text)
    assert [(m.amount, m.currency) for m in found] == [(Decimal(amount), currency)]


@pytest.mark.parametrize("text", ["our TOP 10 picks for you", "ALL 3 parcels arrived", "Le 12.10.2026 à 14h",
                                  "CUP 2 kicks off Sunday", "Le rendez-vous",
                                  "TRY 3 free lessons", "ref KES 2027-03-01", "desk QAR 12/03"])
def test_a_word_that_is_also_a_code_or_a_date_after_a_mark_is_no_money(text: str) -> None:
    assert find_money(text) == []


def test_a_whole_number_beside_the_letters_of_the_persons_own_money_is_money_at_home_only() -> None:
    note = "the flat's cleaning this month RM 90 ok, pass to me by Friday"
    assert [(m.amount, m.currency) for m in money_said_at_home(note, "MY")] == [(Decimal("90.00"), "MYR")]
    assert money_said_at_home(note, "GB") == [] and find_money(note) == []
    assert money_said_at_home("shelf RM12 is full", "MY")[0].amount == Decimal("12.00")
    assert money_said_at_home("RM 1,204.90 due", "MY")[0].amount == Decimal("1204.90")  # as a sum is read anywhere


def test_a_bill_in_shillings_is_read_with_its_amount_and_due_date() -> None:
    got = read_bill("Dear customer, your water bill for account 55-1209 is Kshs 2,310.00.\nDue date: 02-Dec-2026",
                    received=RECEIVED, institution=None, vocab=finance_vocab(), sender="billing@maji.example")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal("2310.00"), "KES")
    assert got.due_date is not None and got.due_date.isoformat() == "2026-12-02"


def test_a_bill_payable_by_a_day_is_filed_as_a_bill() -> None:
    category = default_classifier().classify(
        "accounts@jollofnet.example", "JollofNet", "Your JollofNet invoice for line 0803 111",
        "Hello Tunde, your invoice for this month is NGN 9,800.00, payable by Monday 4 January 2027.")
    assert category in ("payment_due", "statement")


STATEMENT = ("Dear Chidi Obi,\nYour credit card statement is ready.\nStatement balance NGN 412,300.00\n"
             "Minimum payment NGN 20,615.00\nPayment due date 22/12/2026\nPay the full balance to avoid interest.\n"
             "This message is confidential and intended solely for the addressee; if you received it in error, "
             "notify us immediately and delete it. Ikoyi Trust Bank will never ask for your PIN, password or "
             "one-time code. Ikoyi Trust Bank Limited, Marina, Lagos.")


def test_a_statement_with_the_banks_standing_advice_and_legal_footer_is_no_lure() -> None:
    context = MailContext(recipients=("chidi@obi.example",), head=STATEMENT)
    assert weak_reasons("statements@ikoyitrust.example", "Ikoyi Trust Bank", "Your card statement", STATEMENT[:200],
                        context) == []


def test_the_same_words_asked_outright_are_still_a_lure() -> None:
    lure = ("Dear Customer,\nYour account has been limited. Click here immediately to confirm your password "
            "and card details or it will be suspended.")
    context = MailContext(recipients=("chidi@obi.example",), head=lure)
    assert weak_reasons("alerts@ikoyi-trust-secure.example", "Ikoyi Trust Bank", "Account notice", lure[:200],
                        context) != []


def test_a_payment_confirmed_in_swahili_settles_the_bill_and_a_balance_of_nothing_is_no_due() -> None:
    text = ("Malipo yako yamepokelewa\nHabari Juma,\nTumepokea malipo yako ya KSh 1,120.00 kwa akaunti 7781. "
            "Salio lako sasa ni KSh 0.00.")
    assert default_classifier().classify("malipo@majisafi.example", "Maji Safi", text.split("\n")[0],
                                         text) == "bank_alert"
    got = read_bill(text, received=RECEIVED, institution=None, vocab=finance_vocab(), payment_confirmation=True,
                    sender="malipo@majisafi.example")
    assert got.paid is not None and (got.paid.amount, got.paid.currency) == (Decimal("1120.00"), "KES")
    assert got.owed is None


KL = ZoneInfo("Asia/Kuala_Lumpur")
KL_RECEIVED = datetime(2026, 11, 24, 10, 0, tzinfo=KL)


@pytest.mark.parametrize(("text", "amount", "due"), [
    # each label in Malay and English on one line, as Malaysian bills write them
    ("Bil Elektrik / Electricity Bill\nNo. Akaun / Account No.: 8812 0045\nJumlah Perlu Dibayar / Amount Due: "
     "RM 96.30\nTarikh Akhir / Due Date: 09/12/2026", "96.30", "2026-12-09"),
    # Malay alone, the sum with no space and the day short and dashed
    ("Notis bil air anda\nJumlah bil: RM54.10\nSila bayar sebelum 3-12-26", "54.10", "2026-12-03"),
    # English alone, a day to pay said with "before"
    ("Your gas bill\nTotal: RM 71.25\nPlease pay before: 5-12-26", "71.25", "2026-12-05"),
])
def test_a_malaysian_bill_labels_its_sum_and_day_in_malay_english_or_both(text: str, amount: str, due: str) -> None:
    got = read_bill(text, received=KL_RECEIVED, institution=None, vocab=finance_vocab(), user_day_first=True,
                    sender="ebil@tenagasinar.example", home_country="MY")
    assert got.amount is not None and (got.amount.amount, got.amount.currency) == (Decimal(amount), "MYR")
    assert got.due_date is not None and got.due_date.isoformat() == due
    assert got.labelled and not got.autopay


def test_a_berhads_e_bil_filed_as_personal_mail_is_a_bill_by_what_it_says() -> None:
    from steward.finance.gate import gate
    from steward.finance.registry import build_registry
    from steward.records.finance import MessageFacts

    facts = MessageFacts(1, "ebil@tenagasinar.example", "Tenaga Sinar Berhad", "e-Bil Tenaga Sinar: November 2026",
                         "Dear customer, your electricity bill is ready. Jumlah Perlu Dibayar / Amount Due RM 96.30",
                         KL_RECEIVED, "+08:00", "personal", False)
    got = gate(facts, build_registry(), finance_vocab(), home_country="MY")
    assert not isinstance(got, str) and got.by_content, got


def test_a_bill_auto_debited_or_an_instalment_charged_to_a_card_is_taken_by_itself() -> None:
    fibre = read_bill("Your home internet bill\nTotal: MYR 118.00\nThis amount will be auto-debited from your card "
                      "ending 4421 on Tue 1 Dec 2026. No action is needed.", received=KL_RECEIVED, institution=None,
                      vocab=finance_vocab(), user_day_first=True, sender="billing@pantasnet.example",
                      home_country="MY")
    assert fibre.owed is not None and fibre.owed.amount == Decimal("118.00") and fibre.autopay
    plan = read_bill("Your 3rd instalment is coming up\nInstalment 3 of 4: MYR 75.00\nDue: Fri 4 Dec 2026\nWe will "
                     "charge your Visa ending 4421 automatically on the due date.", received=KL_RECEIVED,
                     institution=None, vocab=finance_vocab(), user_day_first=True, sender="hi@bayansur.example",
                     home_country="MY")
    assert plan.amount is not None and plan.amount.amount == Decimal("75.00") and plan.labelled and plan.autopay
    assert plan.due_date is not None and plan.due_date.isoformat() == "2026-12-04"
    assert plan.kind != "card"  # the card it is charged to is not what it is for
