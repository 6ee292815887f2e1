"""What was spent, as the card and bank alerts in the mail say it ("how much did I spend this month?").

Steward keeps no ledger: it sees a purchase only when the bank mails an alert of it. So the answer is
the alerts of the window (this month when no day is said), each purchase's amount as the alert writes
it, summed per currency (never across currencies) and per sender, and it says that only alerted
purchases are counted. An alert of money received (a refund, a deposit, a payment to the card) is no
spending. A question that narrows what was bought ("on groceries") is left to a model: alerts name a
shop, not what it sells. What was spent with one named sender ("at the café") is what their own receipts
say was paid, summed the same way. Through `Mailbox`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import money_text
from steward.reader.frame import Frame, SlotValue
from steward.reader.views import mail_view, window_words

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

# the words of an alert of a purchase, and of money coming in (never spending)
# (a bank's "Debit Alert", "Transaction Type: Debit" is money out of the account, as "debited" is)
_SPENT = re.compile(r"\b(?:spent|spend|purchase|purchased|charged|debited|debit|paid\s+at|transaction\s+at|used\s+at)\b",
                    re.I)
_RECEIVED = re.compile(r"\b(?:refund(?:ed)?|credited|received|deposit(?:ed)?|reversal|reversed|cashback|payment\s+"
                       r"(?:of|received)|transfer\s+of|thank\s+you\s+for\s+your\s+payment)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def spent(frame: Frame, clock: Clock, box: Mailbox, senders: tuple[str, ...] = ()) -> Answer:
    """The purchases the alerts of the window say, per currency and per sender (of `senders` when named)."""
    from steward.finance.money import country_of_zone, find_money, local_dollar, local_letter

    if frame.window is not None:
        start, end, said = frame.window.start, frame.window.end, frame.window.said
        if end <= start:
            end = start + timedelta(days=1)
    else:
        today = clock.today()
        start = datetime.combine(today.replace(day=1), datetime.min.time(), clock.zone)
        end, said = clock.now() + timedelta(minutes=1), "this month"
    after, before = clock.local(start).date(), clock.local(end).date() + timedelta(days=1)
    hits = box.search(f"category:bank_alert after:{after.isoformat()} before:{before.isoformat()}", limit=500,
                      clock=clock).hits
    country = country_of_zone(str(clock.zone))
    named = {s.casefold() for s in senders}
    sums: dict[str, Decimal] = {}
    by: dict[tuple[str, str], tuple[Decimal, int]] = {}
    used = []
    for h in hits:
        m = h.message
        if not start <= m.received_at < end or (named and (m.sender_name or m.sender).casefold() not in named):
            continue
        text = f"{m.subject}. {m.snippet}"
        dollar, letter = local_dollar(text, m.sender, country), local_letter(m.sender, country)
        # the first sentence that says a purchase and its amount ("You've made a purchase. You spent $16.72 ...")
        found = next((f for s in _SENTENCE.split(" ".join(text.split())) if _SPENT.search(s)
                      and not _RECEIVED.search(s) and (f := find_money(s, dollar=dollar, letter=letter))), [])
        if not found or not found[0].currency:
            continue
        amount, currency = found[0].amount, found[0].currency
        sums[currency] = sums.get(currency, Decimal(0)) + amount
        who = m.sender_name or m.sender
        total, n = by.get((who, currency), (Decimal(0), 0))
        by[(who, currency)] = (total + amount, n + 1)
        used.append(m)
    only = " from " + " and ".join(senders) if senders else ""
    if not used:
        return Answer(f"No alert of a purchase came in{only} {said}. Steward sees what you spend only through "
                      "the alerts your bank or card mails you.", {"count": 0})
    count = len(used)
    head = (f"Spent {said}{only}, as the {count} purchase alert{'s' if count != 1 else ''} in your mail "
            f"say{'s' if count == 1 else ''} "
            f"(purchases your bank did not alert are not counted): "
            + "; ".join(money_text(v, k, clock) for k, v in sorted(sums.items())))
    lines = [head]
    for (who, currency), (total, n) in sorted(by.items(), key=lambda kv: (kv[0][1], -kv[1][0])):
        lines.append(f"- {who}: {money_text(total, currency, clock)} in {n} purchase{'s' if n != 1 else ''}")
    used.sort(key=lambda m: m.received_at, reverse=True)
    view = mail_view(f"Purchase alerts {said}", used[:10], clock, window_words(frame, clock))
    return Answer("\n".join(lines), {"count": count, "totals": {k: str(v) for k, v in sums.items()},
                                     "messages": [m.id for m in used[:10]], "view": view})


# the sentence of a receipt that gives what was paid ("Total charged: $35.14 CAD", "Order 409, total INR 2,753.99")
# (or the one sum a payment's receipt labels "Amount:", as a bill payment or a prepaid token's does)
_TOTAL = re.compile(r"\b(?:total|totals|paid|charged|amount\s+paid|you\s+paid|order\s+total)\b|\bamount\s*:", re.I)
SHOWN = 10


def spent_with(frame: Frame, clock: Clock, box: Mailbox, senders: Sequence[SlotValue]) -> Answer | None:
    """ "how much did I spend at Bean There?": what the named senders' receipts in the mail say was paid, summed
    per currency (never across), in the window (all the mail kept when none is said); None when no mail of
    theirs gives a total paid (their mail is then listed as it is)."""
    from steward.finance.money import country_of_zone, find_money, local_dollar, local_letter

    country = country_of_zone(str(clock.zone))
    start = frame.window.start if frame.window is not None else None
    end = frame.window.end if frame.window is not None else None
    sums: dict[str, Decimal] = {}
    used: list[tuple[Any, Decimal, str]] = []
    seen: set[int] = set()
    for sender in senders:
        for address in sender.addresses:
            for h in box.from_sender(address, limit=500, clock=clock).hits:
                m = h.message
                if m.id in seen or (start is not None and end is not None and not start <= m.received_at < end):
                    continue
                seen.add(m.id)
                text = " ".join(f"{m.subject}. {m.snippet}".split())
                if _RECEIVED.search(text) and not _TOTAL.search(text):
                    continue
                dollar, letter = local_dollar(text, m.sender, country), local_letter(m.sender, country)
                found = next((f for s in _SENTENCE.split(text) if _TOTAL.search(s)
                              and (f := find_money(s, dollar=dollar, letter=letter))), [])
                if not found or not found[0].currency:
                    continue
                sums[found[0].currency] = sums.get(found[0].currency, Decimal(0)) + found[0].amount
                used.append((m, found[0].amount, found[0].currency))
    if not used:
        return None
    used.sort(key=lambda u: u[0].received_at, reverse=True)
    who = " and ".join(s.label or s.value for s in senders)
    first = clock.local(used[-1][0].received_at).date()
    span = frame.window.said if frame.window is not None else f"since {clock.formats.day(first)}"
    n = len(used)
    head = (f"Spent with {who} {span}, as {n} of their mail{'s' if n != 1 else ''} with a total paid "
            f"say{'s' if n == 1 else ''} (only what they mailed you is counted): "
            + "; ".join(money_text(v, k, clock) for k, v in sorted(sums.items())))
    lines = [head] + [f"- {clock.formats.day(clock.local(m.received_at).date())}: {money_text(a, c, clock)} "
                      f"\u201c{m.subject}\u201d" for m, a, c in used[:SHOWN]]
    if n > SHOWN:
        lines.append(f"(and {n - SHOWN} more)")
    view = mail_view(head.split(":", 1)[0], [m for m, _, _ in used[:SHOWN]], clock, window_words(frame, clock))
    return Answer("\n".join(lines), {"count": n, "totals": {k: str(v) for k, v in sums.items()},
                                     "messages": [m.id for m, _, _ in used[:SHOWN]], "view": view})


# the purchases looked through for a shop the question names that no sender is (a bank alert's description names it)
_LOOKED_AT = 80
_CUT = 180  # a stored start this long may have left the shop's name in the rest of the mail


def spent_at(frame: Frame, clock: Clock, box: Mailbox, shop: Sequence[str]) -> Answer | None:
    """ "what have we spent at Palmgrove?" of a shop no mail comes from: the purchase alerts and receipts (of the
    window, else of all the mail kept) whose text names it ("POS PURCHASE PALMGROVE OSU"), each one's sum summed
    per currency; None when none names it."""
    from steward.errors import StewardError
    from steward.finance.money import country_of_zone, find_money, local_dollar, local_letter
    from steward.reader.lists import name_words

    wanted = tuple(w for w in (" ".join(name_words(w)) for w in shop) if w)
    if not wanted:
        return None
    span = ""
    if frame.window is not None:
        after = clock.local(frame.window.start).date()
        before = clock.local(max(frame.window.end, frame.window.start + timedelta(days=1))).date() + timedelta(days=1)
        span = f" after:{after.isoformat()} before:{before.isoformat()}"
    country = country_of_zone(str(clock.zone))
    used: list[tuple[Any, Decimal, str]] = []
    hits = [h for category in ("bank_alert", "receipt")
            for h in box.search(f"category:{category}{span}", limit=_LOOKED_AT, clock=clock).hits]
    for h in sorted(hits, key=lambda h: h.message.received_at, reverse=True)[:_LOOKED_AT]:
        m = h.message
        if frame.window is not None and not frame.window.start <= m.received_at < max(
                frame.window.end, frame.window.start + timedelta(days=1)):
            continue
        text = " ".join(f"{m.subject}. {m.snippet}".split())
        if not _names(text, wanted) and len(m.snippet) >= _CUT:
            try:
                text = " ".join(f"{m.subject}. {box.read(m.id, clock=clock).body}".split())
            except StewardError:
                continue
        if not _names(text, wanted) or (_RECEIVED.search(text) and not _SPENT.search(text)):
            continue
        dollar, letter = local_dollar(text, m.sender, country), local_letter(m.sender, country)
        said = (s for s in _SENTENCE.split(text) if (_TOTAL.search(s) if m.category == "receipt" else
                                                     _SPENT.search(s) and not _RECEIVED.search(s)))
        found = next((f for s in said if (f := find_money(s, dollar=dollar, letter=letter))), [])
        if found and found[0].currency:
            used.append((m, found[0].amount, found[0].currency))
    if not used:
        return None
    sums: dict[str, Decimal] = {}
    for _, amount, currency in used:
        sums[currency] = sums.get(currency, Decimal(0)) + amount
    who = " ".join(shop)
    n = len(used)
    span_said = frame.window.said if frame.window is not None else "in the mail kept"
    head = (f"Spent at {who} {span_said}, as {n} alert{'s' if n != 1 else ''} or receipt{'s' if n != 1 else ''} "
            f"naming it say{'s' if n == 1 else ''} (only what your mail shows is counted): "
            + "; ".join(money_text(v, k, clock) for k, v in sorted(sums.items())))
    lines = [head] + [f"- {clock.formats.day(clock.local(m.received_at).date())}: {money_text(a, c, clock)} "
                      f"\u201c{m.subject}\u201d [#{m.id}]" for m, a, c in used[:SHOWN]]
    view = mail_view(head.split(":", 1)[0], [m for m, _, _ in used[:SHOWN]], clock, window_words(frame, clock))
    return Answer("\n".join(lines), {"count": n, "totals": {k: str(v) for k, v in sums.items()},
                                     "messages": [m.id for m, _, _ in used[:SHOWN]], "view": view})


def _names(text: str, wanted: Sequence[str]) -> bool:
    """Whether a text says every one of the shop's words (each whole, in any case)."""
    from steward.reader.lists import name_words

    said = f" {' '.join(name_words(text))} "
    return all(f" {w} " in said for w in wanted)


# the merchant a card alert names ("... was used for KES 940.00 at Soko Fresh on 14/12", "You spent $9.10 at
# BUN & BEAN CAFE with your card ending 6604")
_MERCHANT = re.compile(r"\bat\s+(?P<m>.+?)(?=\s+(?:on|with|using|via|from|for)\b|[.,;]|$)")
# what a receipt says was bought ("Thank you for your order #5551: a family pizza. Total ...")
_BOUGHT = re.compile(r"(?:order|purchase)\b[^:]{0,24}:\s*(?P<i>[^.]+)", re.I)
# a receipt and an alert of one purchase arrive within these days of each other
_SAME_PURCHASE = timedelta(days=3)


def _month_so_far(frame: Frame, clock: Clock) -> tuple[datetime, datetime, str]:
    if frame.window is not None:
        start, end = frame.window.start, frame.window.end
        return start, (end if end > start else start + timedelta(days=1)), frame.window.said
    today = clock.today()
    start = datetime.combine(today.replace(day=1), datetime.min.time(), clock.zone)
    return start, clock.now() + timedelta(minutes=1), "this month"


def spent_on(frame: Frame, clock: Clock, box: Mailbox, kind: str) -> Answer:
    """ "how much did I spend on groceries this month?": the receipts and purchase alerts of the window whose
    shop (or, in a receipt, what was bought) is of `kind`, summed per currency, each shop with its count;
    said plainly when none of the window's purchases is of that kind."""
    from steward.finance.money import country_of_zone, find_money, local_dollar, local_letter
    from steward.reader.lists import name_words
    from steward.reader.spending_kinds import kind_of_purchase

    start, end, said = _month_so_far(frame, clock)
    after, before = clock.local(start).date(), clock.local(end).date() + timedelta(days=1)
    span = f"after:{after.isoformat()} before:{before.isoformat()}"
    country = country_of_zone(str(clock.zone))
    # (message, shop, amount, currency, from a receipt)
    found: list[tuple[Any, str, Decimal, str, bool]] = []
    looked = 0
    for category, receipt in (("receipt", True), ("bank_alert", False)):
        for h in box.search(f"category:{category} {span}", limit=500, clock=clock).hits:
            m = h.message
            if not start <= m.received_at < end:
                continue
            text = " ".join(f"{m.subject}. {m.snippet}".split())
            dollar, letter = local_dollar(text, m.sender, country), local_letter(m.sender, country)
            if receipt:
                if _RECEIVED.search(text) and not _TOTAL.search(text):
                    continue
                money = next((f for s in _SENTENCE.split(text) if _TOTAL.search(s)
                              and (f := find_money(s, dollar=dollar, letter=letter))), [])
                shop = m.sender_name or m.sender
                bought = _BOUGHT.search(text)
                items = bought.group("i") if bought else m.subject
            else:
                spent_in = [s for s in _SENTENCE.split(text) if _SPENT.search(s) and not _RECEIVED.search(s)
                            and find_money(s, dollar=dollar, letter=letter)]
                # the sentence that names the shop ("... was spent on your card at SHELL OIL on 04-09"), else the first
                sentence = next((s for s in spent_in if _MERCHANT.search(s)), spent_in[0] if spent_in else "")
                money = find_money(sentence, dollar=dollar, letter=letter) if sentence else []
                at = _MERCHANT.search(sentence)
                shop, items = (at.group("m").strip() if at else ""), ""
            if not money or not money[0].currency:
                continue
            looked += 1
            if shop and kind_of_purchase(shop, items) == kind:
                found.append((m, shop, money[0].amount, money[0].currency, receipt))
    counted = _once(found)
    if not counted:
        seen = f"none of the {looked} purchase{'s' if looked != 1 else ''} your receipts and card alerts show " \
               f"{said} is" if looked else f"no receipt or card alert of a purchase came in {said}, so none is"
        return Answer(f"I found nothing spent on {kind} {said}: {seen} from a shop I can tell is for {kind}. "
                      "Steward sees what you spend only through the receipts and card alerts in your mail.",
                      {"count": 0, "kind": kind})
    sums: dict[str, Decimal] = {}
    by: dict[tuple[str, str], tuple[Decimal, int]] = {}
    names: dict[str, str] = {}  # a shop as its receipts write it ("Gobble Eats"), before an alert's capitals
    for _, shop, _, _, receipt in counted:
        key = " ".join(name_words(shop))
        if receipt or key not in names:
            names[key] = shop
    for _, shop, amount, currency, _ in counted:
        sums[currency] = sums.get(currency, Decimal(0)) + amount
        key = names[" ".join(name_words(shop))]
        total, n = by.get((key, currency), (Decimal(0), 0))
        by[(key, currency)] = (total + amount, n + 1)
    n = len(counted)
    receipts = sum(1 for f in counted if f[4])
    told = " and ".join(f"{k} {what}{'s' if k != 1 else ''}" for k, what in ((n - receipts, "card alert"),
                                                                            (receipts, "receipt")) if k)
    head = (f"Spent on {kind} {said}, as {told} in your mail say{'s' if n == 1 else ''} "
            f"(what your mail does not show is not counted): "
            + "; ".join(money_text(v, k, clock) for k, v in sorted(sums.items())))
    lines = [head] + [f"- {shop}: {money_text(total, currency, clock)} in {k} purchase{'s' if k != 1 else ''}"
                      for (shop, currency), (total, k) in sorted(by.items(), key=lambda kv: (kv[0][1], -kv[1][0]))]
    used = sorted((m for m, *_ in counted), key=lambda m: m.received_at, reverse=True)
    view = mail_view(f"Spent on {kind} {said}", used[:SHOWN], clock, window_words(frame, clock))
    return Answer("\n".join(lines), {"count": n, "kind": kind, "totals": {k: str(v) for k, v in sums.items()},
                                     "messages": [m.id for m in used[:SHOWN]], "view": view})


def _once(found: list[tuple[Any, str, Decimal, str, bool]]) -> list[tuple[Any, str, Decimal, str, bool]]:
    """The purchases, each once: a card alert of the same amount at the shop a receipt came from, within a
    few days of it, is that receipt's purchase."""
    from steward.reader.lists import name_words

    receipts = [f for f in found if f[4]]
    out = list(receipts)
    for alert in (f for f in found if not f[4]):
        shop = set(name_words(alert[1]))
        if not any(r[2] == alert[2] and r[3] == alert[3] and set(name_words(r[1])) <= shop
                   and abs(r[0].received_at - alert[0].received_at) <= _SAME_PURCHASE for r in receipts):
            out.append(alert)
    return out
