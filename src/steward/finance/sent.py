"""Payments the person made, read from the mail that says each was sent (pure): a payment app's receipt ("You
paid Ana Ruiz $40.00", "You sent $12.50 to Tom"), a transfer's confirmation ("Your payment of £80.00 to Oak
Lettings was sent") and a bank's debit alert ("A/c XX5521 debited by Rs 1,450.00 ... to priya@okaxis"). Each
gives who was paid (when it says), how much, and the account it came from; nothing is computed, and money
that came in ("Ana paid you", "credited"), a request, a refund or a payment that failed is never one.

A bill's own payment confirmation ("we have received your payment") is the dues pass's (`DuesService`): it
settles that bill; this reads what no bill's mail says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from steward.finance.model import Money
from steward.finance.money import find_dates, find_money, local_dollar, local_letter

# a name as a receipt writes it: capitalised words ("Chris Ortega", "Oak & Elm Lettings"), or an address or
# handle the money went to ("priya@okaxis", "@tomh")
_NAME = r"(?P<payee>[A-Z][\w&'.-]*(?:\s+(?:[A-Z][\w&'.-]*|&|of|and|de|la|van|von))*|[\w.+-]+@[\w.-]+|@[\w.-]+)"
# an amount as written, with a mark or a code before or after ("$60.00", "£12.50", "Rs. 1,450.00", "60.00 EUR")
# (a single capital is a country's letter for its money, "R 50.00", "P1,499.00": money only where `local_letter` says)
_AMOUNT = (r"(?P<amount>(?:[$\u20ac\u00a3\u00a5\u20b9]|\b(?:[A-Z]{1,3}\$|[A-Z]{3}|Rs\.?|[A-Z])\s?)\s?\d[\d,]*(?:[.,]\d{1,2})?"
           r"(?:\s?[A-Z]{3}\b)?|\b\d[\d,]*(?:[.,]\d{1,2})?\s?(?:[A-Z]{3}\b|\u20ac))")
_ACCOUNT = r"(?:a/c|acct|account|card)\s*(?:no\.?|number|ending(?:\s+in)?)?\s*[:#]?\s*(?P<account>[x*X.]*\d{3,4})\b"

# how a receipt says money went out, in the order tried
_SENT = (
    # "You paid Chris Ortega $60.00", "You've sent Ana £20.00"
    re.compile(rf"\b[Yy]ou(?:'ve|\s+have)?\s+(?:just\s+)?(?:paid|sent)\s+{_NAME}\s+{_AMOUNT}"),
    # "You sent $60.00 to Chris", "You sent a payment of $60.00 USD to Chris", "You transferred €50 to Jan",
    # "You have successfully transferred ₱2,000.00 to Rosa Lim"
    re.compile(rf"\b[Yy]ou(?:'ve|\s+have)?\s+(?:just\s+|successfully\s+)?(?:paid|sent|transferred|made\s+a\s+payment\s+of)\s+"
               rf"(?:a\s+payment\s+of\s+)?{_AMOUNT}\s+to\s+{_NAME}"),
    # "Your payment of £80.00 to Oak Lettings was sent", "Your transfer of $200 to Sam has been completed"
    re.compile(rf"\b[Yy]our\s+(?:payment|transfer|money\s+transfer)\s+of\s+{_AMOUNT}\s+to\s+{_NAME}\s+"
               rf"(?:was|has\s+been|is)\s+(?:sent|completed?|successful|processed|made|on\s+its\s+way)"),
    # "Payment of $45.00 sent to Lee", "Money sent: $45.00 to Lee"
    re.compile(rf"\b(?:[Pp]ayment|[Mm]oney|[Tt]ransfer)\s+(?:of\s+)?{_AMOUNT}\s+sent\s+to\s+{_NAME}"),
    # a money transfer's receipt, in labelled lines: "Your money transfer has been paid. Beneficiary: NASEEM AKHTAR
    # Bank: ... Amount sent: AED 1,500.00" (the name runs to the next label, a word in title case and its colon)
    re.compile(rf"\b(?:[Mm]oney\s+)?[Tt]ransfer\s+(?:has\s+been|was|is)\s+(?:paid|completed?|sent|successful|credited)\b"
               rf".{{0,40}}?\b(?:[Bb]eneficiary|[Rr]ecipient|[Rr]eceiver)(?:\s+name)?\s*:\s*"
               rf"(?P<payee>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*?)(?=\s+[A-Z][a-z]+(?:\s+[a-z]+)*\s*:)"
               rf".{{0,120}}?\b(?:[Aa]mount\s+sent|[Ss]end\s+amount|[Tt]ransfer\s+amount)\s*:\s*{_AMOUNT}"),
)
# a bank's debit alert: the account, then the sum ("A/c XX5521 debited by Rs 1,450.00", "Your account ending 0932
# has been debited with $75.00"), or the sum, then the account ("INR 2,000.00 debited from A/c XX1234")
_DEBITED = (
    re.compile(rf"(?i:{_ACCOUNT})\s+(?:(?i:is|has\s+been|was)\s+)?(?i:debited)\s+(?i:by|for|with)\s+{_AMOUNT}"),
    re.compile(rf"{_AMOUNT}\s+(?:(?i:is|has\s+been|was|have\s+been)\s+)?(?i:debited)\s+(?i:from)\s+(?i:your\s+)?"
               rf"(?i:{_ACCOUNT})"),
)
# who a debit alert says the money went to ("to VPA priya@okaxis", "towards Oak Lettings", "Info: ...")
_TO = re.compile(rf"\b(?i:to|towards|in\s+favou?r\s+of|trf\s+to|transfer\s+to)\s+(?:(?i:vpa|upi\s+id)\s+)?{_NAME}")
# money the person did not send: it came in, was asked for, went back, or never went
_NOT_SENT = re.compile(r"\bpaid\s+you\b|\bsent\s+you\b|\bcredited\b|\brequest(?:ed|s)?\b|\brefund(?:ed)?\b|"
                       r"\brevers(?:ed|al)\b|\bdeclined\b|\bfail(?:ed|ure)\b|\bcancel(?:l)?ed\b|\bwas\s+not\s+sent\b|"
                       r"\bcould\s+not\s+be\b|\bunsuccessful\b|\bpending\b|\bwill\s+be\s+debited\b", re.I)
_AROUND = 60  # how far around the words of a payment a word that undoes it is read
# "from your bank account ending 0932", "Funded by: Bank account ending 0932": the account it came from
_FROM = re.compile(r"(?i:from|funded\s+by|paid\s+with|using)\s*:?\s+(?i:your\s+)?[\w ]{0,30}?"
                   r"(?i:account|card|a/c)\s+(?i:ending|ending\s+in|no\.?)?\s*[:#]?\s*[x*X.]*(?P<account>\d{4})\b")
# words a payee's name run picks up that are no part of it
_TRAILING = re.compile(r"(?:\s+(?:on|for|via|at|from|and|of|&))+$")


# a subject that says money went out, whose body is read for the payment when the kept start does not say it
_SUBJECT_SENT = re.compile(r"\b(?:you\s+(?:paid|sent|transferred)|payment\s+(?:sent|made|successful|complete)|"
                           r"money\s+sent|transfer\s+(?:sent|complete|successful)|debited|debit\s+alert|"
                           r"transaction\s+alert)\b", re.I)


def says_sent(subject: str) -> bool:
    """Whether a subject says money went out ("You paid Ana Ruiz", "Debit alert")."""
    return _SUBJECT_SENT.search(subject) is not None


@dataclass(frozen=True)
class Sent:
    """A payment the person made, as its mail says: to whom ("" when it does not say), how much, on which day,
    from which account (last four digits, "" when none)."""

    payee: str
    amount: Money
    paid_on: date
    account: str
    evidence: str


def read_sent(text: str, *, received: datetime, sender: str = "", home_country: str = "",
              day_first: bool = False) -> Sent | None:
    """The payment `text` (a subject and a body) says the person made, or None."""
    flat = " ".join(text.split())
    found = _sent(flat) or _debited(flat)
    if found is None:
        return None
    payee, written, account, evidence = found
    at = flat.find(evidence)
    if _NOT_SENT.search(flat, max(0, at - _AROUND), at + len(evidence) + _AROUND):
        return None  # (said around the payment: a footer's "if you did not request this" says nothing of it)
    money = find_money(written, dollar=local_dollar(flat, sender, home_country),
                       letter=local_letter(sender, home_country))
    if not money or not money[0].currency or money[0].amount <= 0:
        return None
    if not account:
        came_from = _FROM.search(flat)
        account = came_from.group("account") if came_from else ""
    days = [d.day for d in find_dates(flat, received, day_first) if d.day <= received.date()]
    return Sent(payee, Money(money[0].amount, money[0].currency, money[0].text), max(days) if days else received.date(),
                account[-4:], evidence)


def _sent(flat: str) -> tuple[str, str, str, str] | None:
    for pattern in _SENT:
        m = pattern.search(flat)
        if m is not None:
            return _payee(m.group("payee")), m.group("amount"), "", m.group(0)
    return None


def _debited(flat: str) -> tuple[str, str, str, str] | None:
    for pattern in _DEBITED:
        m = pattern.search(flat)
        if m is not None:
            to = _TO.search(flat, m.end()) or _TO.search(flat)
            digits = re.sub(r"\D", "", m.group("account"))
            return _payee(to.group("payee")) if to else "", m.group("amount"), digits, m.group(0)
    return None


# the next sentence's first words a payee's name run goes on into ("SIGNAL ONE POSTPAID. Account number: ...")
_NEXT_SENTENCE = re.compile(r"(?<=[A-Za-z]{4})\.\s+[A-Z].*$")  # (never a title's stop: "Dr. Cruz")


# the words a receipt's next line opens with, which a name run read over the subject and the body takes
# ("You sent $25.00 to Rosa Alvarez" then "You sent ..." again)
_NEXT_LINE = re.compile(r"\s+(?:You|Your|We|We've|Thanks|Thank)\b.*$")


def _payee(name: str) -> str:
    return _TRAILING.sub("", _NEXT_LINE.sub("", _NEXT_SENTENCE.sub("", name)).strip(" .,;:")).strip(" .,;:")
