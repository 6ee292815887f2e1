"""What is in the person's bank account ("what is the balance in my account?", "how much do I have in my account?"), from
the bank's own alerts.

Steward keeps no bank ledger: it knows a balance only from mail that says one, a bank's debit or credit alert that
writes the balance after it ("Available Balance: NGN 509,510.15"). The answer is the newest such alert's balance,
with its day, its account as the alert masks it and the alert itself to open; a plain line when no alert says a
balance. A mail marked suspicious is never read for one. Through `Mailbox`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text, money_text
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

_QUERY = "alert OR balance OR debited OR credited"
# the balance an alert writes after its transaction ("Available Balance: NGN 509,510.15", "Avail Bal: ...", "Ledger
# balance ..."), never a card statement's balance owed
_BALANCE = re.compile(r"\b(?:available|avail\.?|ledger|account|current|closing|cleared)\s+(?:balance|bal\.?)\s*[:\-]?\s*|"
                      r"\bbal(?:ance)?\s*:\s*", re.I)
# the words of an alert of money moved on an account, in its subject or start
_ALERT = re.compile(r"\b(?:debit|credit|dr|cr|transaction|txn)\b.{0,40}\balert\b|\balert\b.{0,40}\b(?:debit|credit)\b|"
                    r"\btransaction\s+(?:type|alert|notification)\b|\bhas\s+been\s+(?:debited|credited)\b", re.I | re.S)
_ACCOUNT = re.compile(r"\b(?:account(?:\s+number|\s+no\.?)?|a/c(?:\s+no\.?)?|acct)\s*:?\s*([0-9Xx*]{2,}[0-9]{2,4})", re.I)
_NOT_ALERTS = frozenset(("phishing_suspect", "newsletter", "promotion"))
_LOOKED = 40


def balance_answer(frame: Frame, clock: Clock, box: Mailbox) -> Answer:
    """The newest bank alert's balance, said with its day and account; said plainly when no alert writes one."""
    from steward.finance.money import country_of_zone, find_money, local_dollar, local_letter

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    hits = sorted((h for h in box.search(_QUERY, limit=_LOOKED, clock=clock).hits
                   if h.message.category not in _NOT_ALERTS
                   and _ALERT.search(f"{h.message.subject}\n{h.message.snippet}")),
                  key=lambda h: h.message.received_at, reverse=True)
    for h in hits:
        m = h.message
        text = _text(m, box, clock)
        label = _BALANCE.search(text)
        if label is None:
            continue
        money = find_money(text[label.end():label.end() + 40], dollar=local_dollar(text, m.sender, country),
                           letter=local_letter(m.sender, country))
        if not money or not money[0].currency:
            continue
        account = _ACCOUNT.search(text)
        of = f" in account {account.group(1)}" if account else ""
        when = clock.local(m.received_at)
        return Answer(f"Your balance{of} was {money_text(money[0].amount, money[0].currency, clock)} after the "
                      f"latest alert, {day_text(when.date(), clock)} at {when:%H:%M} (\u201c{m.subject}\u201d from "
                      f"{m.sender_name or m.sender} [#{m.id}]). Steward knows a balance only from your bank's mail: "
                      "money moved since is not counted.", {"messages": [m.id]})
    return Answer("I can't tell your account balance: I found no bank alert in your mail that says one. Steward knows "
                  "a balance only from your bank's mail.", {"messages": []})


def _text(m: Message, box: Mailbox, clock: Clock) -> str:
    """What the store keeps of a message; its body fetched live when the kept start ends before its balance."""
    from steward.errors import StewardError

    kept = f"{m.subject}\n{m.snippet}"
    if _BALANCE.search(kept):
        return kept
    try:
        return f"{m.subject}\n{box.read(m.id, clock=clock).body}"
    except StewardError:
        return kept
