"""A domain made of words joined to sound like a service's back office ("-toll", "-verify", "-payment") is a
lure's sign beside what its text presses for; a biller writing from its own name is not marked for the same
words. The mail here is written for these tests (none is taken from a lure collection or a sample home)."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime

import pytest

from steward.mail.categories import default_classifier, mail_context
from steward.mail.lure_score import weak_reasons
from steward.mail.parse import parse_message


def _mail(sender: str, subject: str, text: str) -> bytes:
    msg = EmailMessage(policy=SMTPUTF8)
    msg["From"] = sender
    msg["To"] = "Sam Rivera <sam@example.org>"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime(2027, 3, 2, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{abs(hash(sender + subject))}@example.org>"
    msg.set_content(text)
    return bytes(msg)


def _category(raw: bytes) -> str:
    return default_classifier().classify_parsed(parse_message(raw))


LURES = (
    # an unpaid toll: a small sum by a link, a penalty, a deadline
    ("Lakeshore Toll Authority <notice@lakeshore-toll-pay.example>", "Final notice: unpaid toll of $4.15",
     "Our records show an unpaid toll of $4.15 for your vehicle. To avoid a $40.00 late fee and suspension of your "
     "registration, pay within 24 hours at http://lakeshore-toll-pay.example/settle"),
    # a parcel held for a fee
    ("Swiftbox Couriers <help@swiftbox-fees.example>", "Your parcel is on hold",
     "We could not deliver your parcel. Pay the delivery fee of 2.49 within 48 hours or it will be returned: "
     "http://swiftbox-fees.example/p"),
    # a sign-in alert from a bank's look-alike
    ("Tidewater Bank <no-reply@tidewater-alerts-verify.example>", "Unusual sign-in to your account",
     "We noticed an unusual sign-in from a new device. Verify your identity now or your access will be locked: "
     "http://tidewater-alerts-verify.example/s"),
    # an overdue invoice from a payment desk nobody knows
    ("Accounts Receivable <ar@vendor-invoice-payment.example>", "Overdue invoice 5521: final reminder",
     "Invoice 5521 is overdue. Immediate payment is required to avoid suspension of your service. Pay the balance "
     "at http://vendor-invoice-payment.example/pay"),
    # a penalty charge for a low-emission zone, paid by a link on a made-up domain
    ("Low Emission Zone Bristol <notices@lez-fine-payment.example>", "Penalty Charge Notice: LEZ",
     "Your vehicle was seen in the Low Emission Zone without paying the charge. A penalty of £120 is now due, "
     "halved if you pay within 14 days at http://lez-fine-payment.example/pcn"),
    # a bridge fee said to be unpaid, from the toll operator's name joined to "unpaid"
    ("Skyway Bridge Notice <notice@skywaybridge-unpaid.example>", "Unpaid bridge fee - $6",
     "Skyway Bridge: your car crossed the bridge and the bridge fee of $6 is unpaid. Pay today at "
     "http://skywaybridge-unpaid.example/fee to avoid a penalty of $90."),
    # a tax refund that waits for the reader's card details, from a domain with a government's word joined on
    ("Revenue Office Refunds <claims@revenue-taxrefund-gov.example>", "You are eligible for a tax refund of $412",
     "After this year's assessment you are eligible for an income tax refund of $412. Enter your bank card details "
     "at http://revenue-taxrefund-gov.example/claim within 48 hours to receive it."),
)


@pytest.mark.parametrize(("sender", "subject", "text"), LURES, ids=["toll", "parcel", "sign-in", "invoice", "zone",
                                                                     "bridge fee", "tax refund"])
def test_a_made_up_service_domain_pressing_for_money_or_a_sign_in_is_marked(sender: str, subject: str,
                                                                            text: str) -> None:
    raw = _mail(sender, subject, text)
    assert _category(raw) == "phishing_suspect"


def test_the_reason_says_the_domain_is_made_up() -> None:
    raw = _mail(*LURES[0])
    p = parse_message(raw)
    why = " ".join(weak_reasons(p.sender, p.sender_name, p.subject, p.snippet, mail_context(p)))
    assert "lakeshore-toll-pay.example is words joined to" in why


GENUINE = (
    # the toll road's own bill, from its own name, with a due date and a late fee
    ("Lakeshore Toll Authority <billing@lakeshoretoll.example>", "Your toll statement is ready",
     "Hi Sam, your statement for account 4471 is ready. Amount due: $18.40 by March 20. A late fee of $5.00 "
     "applies to payments received after the due date. Pay at https://lakeshoretoll.example/pay"),
    # a utility's final notice, from its own name
    ("Riverbend Water <billing@riverbendwater.example>", "Final notice: your water bill is overdue",
     "Hi Sam, your water bill of $62.10 is overdue. Please pay by March 9 to avoid a late fee. "
     "Pay online at https://riverbendwater.example/pay"),
    # a hyphenated business that adds no back-office word to its name
    ("Harbor-Side Plumbing <office@harbor-side-plumbing.example>", "Invoice 2210 for the boiler repair",
     "Hi Sam, thanks for having us out. Invoice 2210: $240.00, due within 30 days. Pay by card or bank transfer."),
    # a council's own penalty charge notice, from its own name
    ("Harbourside Council Parking <parking@harbourside.gov.example>", "Penalty Charge Notice HB20417",
     "A Penalty Charge Notice of £70 was issued to your vehicle for parking without paying. It is reduced to £35 "
     "if paid within 14 days at https://harbourside.gov.example/pcn"),
    # the bridge operator's own monthly statement, taken from the person's account
    ("Skyway Bridge <statements@skywaybridge.example>", "Your monthly bridge fee statement - May",
     "Dear Sam, May crossings: 14. Bridge fees: $84.00. This amount will be debited from your bank account ending "
     "2210 on 06/06/2027."),
    # a tax office's own notice that a refund was paid where the tax was paid from
    ("Revenue Office <notices@revenue.gov.example>", "Your income tax refund",
     "Dear Sam Rivera, your income tax refund of $412 has been paid into the bank account you pay your tax from."),
)


@pytest.mark.parametrize(("sender", "subject", "text"), GENUINE, ids=["toll bill", "final notice", "hyphenated",
                                                                       "council pcn", "bridge statement",
                                                                       "tax office refund"])
def test_a_billers_own_bill_is_not_marked(sender: str, subject: str, text: str) -> None:
    assert _category(_mail(sender, subject, text)) != "phishing_suspect"
