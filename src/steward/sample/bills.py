"""The sample mailbox's household bills in pounds and euros, beside the INR and USD cards of `mailbox`:
an energy bill collected by direct debit each month (each new one supersedes the last), a mobile
bill paid by hand (the older one confirmed paid), an insurance premium left overdue, and the rent.

Every message is labelled `bill` (or `bill_paid`) with `facts` (issuer, amount, currency, due date)
an evaluation can check. The senders are invented, like the rest of the sample.
"""

from __future__ import annotations

import random
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import Builder
from steward.sample.locale import dd_mm_yyyy, decimal_comma

LON = ZoneInfo("Europe/London")
BER = ZoneInfo("Europe/Berlin")


def _at(day: datetime, hour: int) -> datetime:
    return datetime.combine(day.date(), time(hour, 15), day.tzinfo)


def _gbp(amount: float) -> str:
    return f"£{amount:,.2f}"


def _eur(amount: float) -> str:
    return f"{decimal_comma(amount)} €"


def add_bills(b: Builder) -> None:
    """Add the pound and euro bills to the builder (a generator of their own: the rest stays as it was)."""
    rng = random.Random(b.seed * 7919 + 16)
    now = b.now
    # energy, collected by direct debit a month apart: three bills, each superseding the one before
    for months_back in (2, 1, 0):
        due = (now.astimezone(LON) + timedelta(days=9 - 30 * months_back)).replace(hour=0, minute=0)
        sent = _at(due - timedelta(days=14), 7)
        if sent >= now or sent < b.start:
            continue
        amount = round(rng.uniform(62, 140), 2)
        b.add("bill", ("Thameside Energy", "bills@thameside-energy.example"),
              f"Your Thameside Energy bill: {_gbp(amount)}",
              f"Hello Alex, your energy bill for account 7712 is ready. Amount due: {_gbp(amount)}. We will "
              f"collect it by Direct Debit on {dd_mm_yyyy(due)}. You do not need to do anything.", sent,
              facts={"issuer": "Thameside Energy", "amount": f"{amount:.2f}", "currency": "GBP",
                     "due_date": due.date().isoformat(), "kind": "utility", "autopay": "true",
                     "status": "open" if months_back == 0 else "superseded"})
    # mobile, paid by hand: last month's confirmed paid, this month's open
    for months_back in (1, 0):
        due = (now.astimezone(BER) + timedelta(days=12 - 30 * months_back)).replace(hour=0, minute=0)
        sent = _at(due - timedelta(days=12), 9)
        if sent >= now or sent < b.start:
            continue
        amount = round(rng.uniform(24, 60), 2)
        facts = {"issuer": "Rheinblick Mobilfunk", "amount": f"{amount:.2f}", "currency": "EUR",
                 "due_date": due.date().isoformat(), "kind": "telecom",
                 "status": "paid" if months_back else "open"}
        b.add("bill", ("Rheinblick Mobilfunk", "rechnung@rheinblick.example"),
              f"Your mobile bill for {due:%B}: amount due {_eur(amount)}",
              f"Dear customer, your mobile phone bill for number ending 3309 is ready. Amount due: {_eur(amount)}. "
              f"Due date: {due:%d.%m.%Y}. Please pay by bank transfer.", sent, facts=facts)
        paid_at = _at(due - timedelta(days=2), 18)
        if months_back and paid_at < now:
            b.add("bill_paid", ("Rheinblick Mobilfunk", "rechnung@rheinblick.example"), "We received your payment",
                  f"Thank you: we received your payment of {_eur(amount)} for the number ending 3309.", paid_at,
                  facts=facts)
    # home insurance: the premium fell due five days ago and is still unpaid
    due = (now.astimezone(LON) - timedelta(days=5)).replace(hour=0, minute=0)
    sent = _at(due - timedelta(days=21), 10)
    if sent >= b.start:
        b.add("bill", ("Avalon Mutual", "renewals@avalonmutual.example"),
              "Premium due: your home insurance policy",
              f"Your home insurance policy AV-55120 renews soon. Premium due: {_gbp(312.50)}, to be paid by "
              f"{due:%d %B %Y}. Pay online or call us.", sent,
              facts={"issuer": "Avalon Mutual", "amount": "312.50", "currency": "GBP",
                     "due_date": due.date().isoformat(), "kind": "insurance", "status": "open"})
    # rent, due on the first of next month
    first = (now.astimezone(BER).replace(day=1) + timedelta(days=32)).replace(day=1, hour=0, minute=0)
    sent = min(_at(first - timedelta(days=10), 8), now - timedelta(hours=3))
    if b.start <= sent:
        b.add("bill", ("Casa Verde Lettings", "rent@casaverde.example"), f"Rent reminder: payment due {first:%d %b}",
              f"Hi Alex, a reminder that the rent for {first:%B} of {_eur(1150)} is due on {first:%d %B %Y}.",
              sent, facts={"issuer": "Casa Verde Lettings", "amount": "1150.00", "currency": "EUR",
                           "due_date": first.date().isoformat(), "kind": "rent", "status": "open"})
