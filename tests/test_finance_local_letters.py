"""Bills written the way their country writes them: a currency written with a letter alone (the rand's
"R 1 204,50", the pula's "P 350.00") is read where that letter is the local money (the person's own
country, or a sender's country-code domain) and nowhere else; a date written year first with slashes
("2027/03/15"); "Total due" on the line after another figure labels its own; a premium collected by debit
order; and a bill and its payment confirmation in Afrikaans. The mails are written for these tests."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from steward.finance.extract import missing, read_bill
from steward.finance.money import country_letter, find_money, local_letter
from steward.finance.vocab import finance_vocab
from steward.mail.categories import default_classifier

JOBURG = ZoneInfo("Africa/Johannesburg")
RECEIVED = datetime(2027, 3, 2, 9, 0, tzinfo=JOBURG)


def _bill(text: str, *, home: str = "ZA", sender: str = "accounts@veldwater.example",
          confirmation: bool = False):  # type: ignore[no-untyped-def]
    return read_bill(text, received=RECEIVED, institution=None, vocab=finance_vocab(), sender=sender,
                     home_country=home, payment_confirmation=confirmation)


def test_the_countries_that_write_their_money_with_a_letter() -> None:
    assert country_letter("ZA") == ("R", "ZAR")
    assert country_letter("BW") == ("P", "BWP")
    assert country_letter("GB") is None and country_letter("KE") is None and country_letter("US") is None
    assert country_letter("NG") == ("N", "NGN")  # the naira's sign typed as the letter ("N45,000.00")


def test_the_letter_is_the_senders_countrys_or_else_the_persons() -> None:
    assert local_letter("billing@veldwater.co.za", "") == ("R", "ZAR")
    assert local_letter("billing@veldwater.example", "ZA") == ("R", "ZAR")
    assert local_letter("billing@veldwater.example", "IE") is None


@pytest.mark.parametrize(("text", "amount"), [
    ("Amount due: R 1 204,50", "1204.50"), ("Amount due: R1 204.50", "1204.50"), ("Amount due: R89.99", "89.99"),
])
def test_a_rand_amount_is_read_in_south_africa(text: str, amount: str) -> None:
    found = find_money(text, letter=("R", "ZAR"))
    assert [(m.amount, m.currency) for m in found] == [(Decimal(amount), "ZAR")]


@pytest.mark.parametrize("text", ["Take the R 300 past the farm stall", "Row R 12, seat 4", "Form R1 is attached",
                                  "Amount due: R 1 204,50"])
def test_a_letter_is_no_money_where_it_is_not_the_local_money_or_not_before_a_sum(text: str) -> None:
    letter = None if text.startswith("Amount") else ("R", "ZAR")
    assert find_money(text, letter=letter) == []


def test_a_municipal_bill_with_its_lines_and_a_year_first_date_is_owed_its_total() -> None:
    got = _bill("Account number: 77 2041 9913\nElectricity: R 812,30\nSewerage: R 392,20\nTotal due: R 1 204,50\n"
                "Due date: 2027/03/15")
    assert missing(got) is None
    assert (got.owed.amount, got.owed.currency, got.due_date.isoformat()) == (Decimal("1204.50"), "ZAR",
                                                                               "2027-03-15")


def test_the_same_bill_for_a_person_elsewhere_gives_no_currency_and_no_due() -> None:
    got = _bill("Total due: R 1 204,50\nDue date: 2027/03/15", home="IE")
    assert missing(got) is not None


def test_a_premium_collected_by_debit_order_is_autopay() -> None:
    got = _bill("Your new monthly premium: R2 310.00 (was R2 145.00)\nPayment method: debit order, first collection "
                "2027/04/01", sender="cover@duinesure.example")
    assert (got.owed.amount, got.due_date.isoformat(), got.autopay) == (Decimal("2310.00"), "2027-04-01", True)


def test_a_bill_in_afrikaans_is_read_and_its_payment_confirmation_is_one() -> None:
    got = _bill("Geagte klant\nBedrag verskuldig: R 1 204,50\nBetaalbaar voor: 2027/03/15")
    assert (got.owed.amount, got.due_date.isoformat()) == (Decimal("1204.50"), "2027-03-15")
    vocab = finance_vocab()
    text = "Betaling ontvang - rekening 77 2041 9913\nOns het u betaling van R 1 204,50 ontvang. Dankie."
    assert vocab.payment_received.search(text.lower())
    paid = _bill(text, confirmation=True)
    assert paid.paid is not None and paid.paid.amount == Decimal("1204.50")
    assert default_classifier().classify("accounts@veldwater.example", "Veld Water", "Betaling ontvang",
                                         "Ons het u betaling van R 1 204,50 ontvang.") == "bank_alert"


def test_a_peso_typed_as_a_p_is_read_in_the_philippines() -> None:
    assert country_letter("PH") == ("P", "PHP")
    got = read_bill("Hi ANA, your Batis Water bill for Acct 4410-22 is P512.40 for 14 cu.m. Due: Mon, Aug 9. Pay via "
                    "any payment center.", received=datetime(2027, 8, 1, 9, tzinfo=ZoneInfo("Asia/Manila")),
                    institution=None, vocab=finance_vocab(), sender="billing@batiswater.example", home_country="PH")
    assert (got.owed.amount, got.owed.currency, got.due_date.isoformat()) == (Decimal("512.40"), "PHP", "2027-08-09")
    assert find_money("Page P 12", letter=("P", "PHP")) == []


def test_a_bill_filed_as_other_mail_is_a_candidate_when_its_snippet_says_the_bill_again() -> None:
    from steward.finance.gate import billed_by_content
    from steward.records.finance import MessageFacts

    def mail(subject: str, snippet: str) -> MessageFacts:
        return MessageFacts(1, "ebills@ilaw-power.example", "Ilaw Power", subject, snippet,
                            datetime(2027, 8, 1, 9, tzinfo=ZoneInfo("Asia/Manila")), "+08:00", "other", False)

    vocab = finance_vocab()
    assert billed_by_content(mail("Your Ilaw e-Bill for August 2027", "Dear Customer, your power bill is ready. "
                                  "Account No.: 7731-02 Service address: 4 Mabini St"), vocab, "PH")
    assert billed_by_content(mail("Batis Water: your bill is ready", "Your bill is P512.40. Due: Mon, Aug 9."),
                             vocab, "PH")
    assert not billed_by_content(mail("Your Ilaw e-Bill for August 2027", "Dear Customer, here are tips to save "
                                      "power this summer"), vocab, "PH")


def test_a_dollar_statement_whose_own_dates_read_day_first_is_read_day_first() -> None:
    # a Lagos bank's dollar card: "22/02/2027" reads only day first, so its due date "05/03/2027" is 5 March
    found = _bill("Your USD card statement\nStatement date: 22/02/2027\n22/02/2027  BOOKSHOP LONDON  USD 40.00\n"
                  "Closing balance: USD 140.00\nMinimum payment due: USD 14.00\nPayment due date: 05/03/2027",
                  home="NG", sender="cards@lagoonbank.example")
    assert found is not None and found.due_date.isoformat() == "2027-03-05"
    assert found.statement_balance is not None and found.statement_balance.amount == Decimal("140.00")


def test_a_sum_in_thousands_or_millions_is_read_as_people_write_it_in_their_own_money() -> None:
    from steward.finance.money import find_spoken_sums

    said = find_spoken_sums("The fabric is 35k, transport N2.5K and the hall ₦1.2m; we meet at 7.30pm, 40km away.",
                            "NGN")
    assert [(str(s.amount), s.currency) for s in said] == [("35000.00", "NGN"), ("2500.00", "NGN"),
                                                           ("1200000.00", "NGN")]
    assert [(str(s.amount), s.currency) for s in find_spoken_sums("rent is $2.4k now", "CAD")] == [("2400.00", "CAD")]

@pytest.mark.parametrize(("text", "amount"), [
    ("Total payable: Dhs 1,480 (VAT included)", "1480.00"), ("Balance: DHS. 2,250.50", "2250.50"),
    ("Amount due: dh 96.40", "96.40"), ("Amount due: 1,480 Dhs", "1480.00"), ("Fine: Dhs 600", "600.00"),
])
def test_a_dirham_written_by_its_names_first_letters_is_read_where_the_dirham_is_the_money(text: str,
                                                                                             amount: str) -> None:
    assert local_letter("billing@oasisgas.example", "AE") == ("Dh", "AED")
    found = find_money(text, letter=local_letter("billing@oasisgas.example", "AE"))
    assert [(m.amount, m.currency) for m in found] == [(Decimal(amount), "AED")]
    assert find_money(text, letter=local_letter("billing@oasisgas.example", "IE")) == []


def test_an_arabic_currency_mark_is_read_with_or_without_its_closing_dot() -> None:
    for text in ("المبلغ: د.إ. 1,480.00", "المبلغ: د.إ 1,480.00"):
        assert [(m.amount, m.currency) for m in find_money(text)] == [(Decimal("1480.00"), "AED")]
