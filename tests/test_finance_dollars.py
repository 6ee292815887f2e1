"""The many dollars: a bill's "$" is the dollar its ISO code names wherever the code stands ("$1,180.00 TTD",
"BBD $95.00"), a letter or two before "$" name the dollar whose code begins with them ("J$", "TT$", "BZ$"), and a
bare "$" in the mail of a person whose country pays in another dollar is that dollar when the mail names none.
Bills in those dollars are read whole: a notice that a supply will be cut off (overdue from its own day), a balance asked for in full by a day,
a duty to clear, a plan charged to a card, a vehicle's inspection (never its insurance)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from steward.finance.extract import read_bill
from steward.finance.money import find_money, local_dollar
from steward.finance.vocab import finance_vocab

PORT_OF_SPAIN = ZoneInfo("America/Port_of_Spain")
KINGSTON = ZoneInfo("America/Jamaica")


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("Balance: J$9,875.40", "9875.40", "JMD"),
    ("Outstanding TT$ 1,250.00 on your account", "1250.00", "TTD"),
    ("Rates due BZ$845.50", "845.50", "BZD"),
    ("Fee: $1,180.00 TTD", "1180.00", "TTD"),
    ("Fee: BBD $95.00", "95.00", "BBD"),
    ("Charged $25.00 USD", "25.00", "USD"),
])
def test_a_dollar_is_the_one_its_code_or_letters_name(text: str, amount: str, currency: str) -> None:
    found = find_money(text)
    assert [(m.amount, m.currency) for m in found] == [(Decimal(amount), currency)]


def test_letters_that_name_several_dollars_are_the_persons_own_or_none() -> None:
    assert [m.currency for m in find_money("Dues B$120.00", dollar="BSD")] == ["BSD"]
    assert find_money("Dues B$120.00") == []


def test_a_word_in_capitals_after_a_dollar_amount_is_no_code() -> None:
    assert [m.currency for m in find_money("Tickets $45 ALL INCLUSIVE")] == ["USD"]


@pytest.mark.parametrize(("country", "dollar"), [("TT", "TTD"), ("JM", "JMD"), ("US", "USD"), ("AU", "AUD"),
                                                  ("NZ", "NZD"), ("CA", "CAD"), ("SG", "SGD"), ("GB", "USD")])
def test_a_bare_dollar_is_the_persons_countrys_dollar(country: str, dollar: str) -> None:
    assert local_dollar("Your order total is $64.00", "orders@shop.example", country) == dollar


def test_a_bare_dollar_follows_the_dollar_the_mail_names() -> None:
    assert local_dollar("Card balance US$210.00, of which $15.00 fees", "", "JM") == "USD"
    assert local_dollar("Plan: $300.00 / Total: $345.00 TTD", "", "US") == "TTD"


def _bill(text: str, sender: str, received: datetime, country: str):  # type: ignore[no-untyped-def]
    return read_bill(text, received=received, institution=None, vocab=finance_vocab(), user_day_first=True,
                     sender=sender, home_country=country)


def test_a_disconnection_notice_is_owed_from_the_day_it_was_due_and_a_cut_off_day_alone_is_the_day_to_pay() -> None:
    text = ("Final notice\nDear customer, the amount below, due on 03/05/2027, has not been paid.\n"
            "Account: 55-310-8842\nCurrent charges: TT$ 612.30\nAmount Overdue: TT$ 1,204.60\n"
            "Disconnection Date: 21/05/2027\nPlease pay TT$ 1,204.60 on or before 21 May 2027 to keep your supply.")
    got = _bill(text, "notices@northernpower.example", datetime(2027, 5, 12, 9, tzinfo=PORT_OF_SPAIN), "TT")
    assert got.owed is not None and (got.owed.amount, got.owed.currency) == (Decimal("1204.60"), "TTD")
    # overdue since its own day (the day the supply is cut off is what its mail says beside it)
    assert got.due_date is not None and got.due_date.isoformat() == "2027-05-03"
    assert got.labelled
    cut = _bill("Notice of disconnection\nAmount Overdue: TT$ 1,204.60\nDisconnection Date: 21/05/2027", "notices@"
                "northernpower.example", datetime(2027, 5, 12, 9, tzinfo=PORT_OF_SPAIN), "TT")
    assert cut.due_date is not None and cut.due_date.isoformat() == "2027-05-21" and cut.labelled


def test_a_plan_charged_to_a_card_is_owed_on_the_day_the_card_is_charged() -> None:
    text = ("Your Skyline Home 50 broadband bill is ready.\nPlan: $4,350.00\nTax: $652.50\nTotal: $5,002.50 JMD\n"
            "This amount will be charged automatically to your Seagrape Mastercard ending 9012 on 14/06/2027.")
    got = _bill(text, "billing@skylinehome.example", datetime(2027, 6, 2, 8, tzinfo=KINGSTON), "JM")
    assert got.owed is not None and (got.owed.amount, got.owed.currency) == (Decimal("5002.50"), "JMD")
    assert got.due_date is not None and got.due_date.isoformat() == "2027-06-14"
    assert got.autopay and got.labelled and got.kind == "telecom"


def test_a_balance_asked_in_full_by_a_day_and_a_duty_to_clear_are_owed() -> None:
    fees = _bill("Re: summer term fees balance\nTuition: J$41,000.00\nTotal outstanding: J$41,000.00\nKindly pay "
                 "in full by Monday, 7th June, 2027 at the bursary.", "bursar@hillsideacademy.example",
                 datetime(2027, 5, 28, 12, tzinfo=KINGSTON), "JM")
    assert fees.owed is not None and fees.owed.amount == Decimal("41000.00") and fees.labelled
    assert fees.due_date is not None and fees.due_date.isoformat() == "2027-06-07"
    duty = _bill("Customs assessment\nDuty: J$6,100.00\nHandling: J$1,500.00\nTotal to pay: J$7,600.00\nPlease "
                 "clear and collect by 18/06/2027.", "desk@bayfreight.example", datetime(2027, 6, 9, 10, tzinfo=KINGSTON),
                 "JM")
    assert duty.owed is not None and (duty.owed.amount, duty.owed.currency) == (Decimal("7600.00"), "JMD")
    assert duty.due_date is not None and duty.due_date.isoformat() == "2027-06-18" and duty.labelled


def test_a_vehicle_inspection_in_local_dollars_is_read_day_first_and_is_no_insurance() -> None:
    text = ("Inspection reminder\nThe fitness certificate for your car expires on 09/04/2027. Bring your insurance "
            "certificate and registration. Inspection fee: $3,900.00 JMD.")
    got = _bill(text, "depot@roadsafe.example", datetime(2027, 3, 20, 9, tzinfo=KINGSTON), "JM")
    assert got.owed is not None and (got.owed.amount, got.owed.currency) == (Decimal("3900.00"), "JMD")
    assert got.due_date is not None and got.due_date.isoformat() == "2027-04-09"
    assert got.kind != "insurance"
