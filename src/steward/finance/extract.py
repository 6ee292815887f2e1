"""Grounded extraction by patterns (pure): what a bill's text says is owed, and by when.

The text (subject + body, or a PDF's text) is read for labelled figures: the amount due, the
minimum, the statement balance, each an amount written right after its label ("Total amount due:
INR 23,480.00", "a payment of $84.20", "Minimum due £25.00") or just before "due"; the due date
after its label ("Payment due date: 05 Oct 2026", "due on 10/05/2026", "will be debited on 5
October"); the last four digits of the card or account; the kind; whether it will be debited
(autopay); and, in a payment confirmation, the amount received. Nothing is computed: each figure
is one the text wrote, and `Extraction.evidence` is the phrase it came from.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from decimal import Decimal

from steward.finance.model import Extraction, Institution, Money
from steward.finance.money import (
    DateAt,
    MoneyAt,
    bare_amount_after,
    find_dates,
    find_last4,
    find_money,
    local_dollar,
    local_letter,
    order_written,
    us_address,
)
from steward.finance.vocab import FinanceVocab, Hit

# how far (characters) a label may stand before its figure, and "due" after an amount
LABEL_REACH = 48
DATE_REACH = 40
AFTER_REACH = 14
# an autopay phrase offered, not in place: "set up direct debit and never miss a due date", "switch to
# autopay", "you have not set up a direct debit", "pay by direct debit or online"
_OFFERED = re.compile(r"(?:set(?:ting)?\s+up|sign(?:ing)?\s+up\s+for|switch(?:ing)?\s+to|enrol(?:l)?(?:\s+in)?|"
                      r"register\s+for|activate|turn\s+on|opt\s+in(?:\s+to)?|why\s+not|consider|no|not|"
                      r"haven't|have\s+not|don't|do\s+not|isn't|is\s+not|without|"
                      # a sum left out of it ("The remaining balance is not covered by your autopay instruction")
                      r"(?:not|never)\s+(?:covered|paid|taken|included)\s+(?:by|under|in)|"
                      # a way to pay among others ("by cheque, by FPS, or by autopay form")
                      r"\bor\s+(?:by|via|through)|"
                      # a way to pay among others, told to the reader ("Pay by direct debit, online banking or at
                      # any service centre", "you can pay by direct debit")
                      r"(?:^|[.!?:;]\s*|\b(?:can|may|could|please)\s+)pay\s+(?:by|via|through|with|using)|"
                      # "as you haven't got a standing order with us": denied with the verb of holding one between
                      r"(?:don't|do\s+not|doesn't|does\s+not|haven't|have\s+not|hasn't|has\s+not)\s+(?:have|got|hold|use))"
                      r"\s+(?:an?\s+|the\s+|your\s+)?$")


# how a bill is paid is not what it is for: "by direct debit from your card", "pay with a credit card", "AutoPay
# will charge your card ending 4417", a card
# among the ways to pay ("by bank transfer, card or cheque"), a card named by its bank and its last digits
# ("auto-debited from your Suvarna Bank credit card ending 7731")
# (the verb of charging or debiting is kept, so the day's label around the card still reads: "HK$398.00 will be
# charged to your credit card ending 6621 on 10/05", "will be debited from your bank account ending 3307 on 06/05")
_PAID_WITH = re.compile(r"(?:\b(?:from|to|with|by|on|using|via|through)\s+|(?<=\bcharge\s)|(?<=\bcharges\s)|"
                        r"(?<=\bcharged\s)|(?<=\bcharging\s))"
                        r"(?:[\w-]+(?:\s+[\w-]+)?,\s+|[\w-]+\s+or\s+)*"
                        r"(?:your|the|a|any|my)?\s*(?:[\w&'.-]+\s+){0,3}?(?:credit\s+|debit\s+)?card"
                        r"(?:\s+on\s+file|\s+(?:ending|ending\s+in|ending\s+with|no\.?|number)\s*[:#]?\s*[x*•.\s-]*\d{4,5})?\b|"
                        # a card named by its network ("We'll charge it to your Aspenridge Visa ending 4417")
                        # ("We will charge your Mastercard ending 5083 automatically")
                        # (the verb kept, so "will charge ... automatically" still says it is taken)
                        r"(?:\b(?:to|from|with|using|via|through|by)\s+|(?<=\bcharge\s)|(?<=\bcharges\s))"
                        r"(?:your|the|a|my)?\s*(?:[\w&'.-]+\s+){0,2}?"
                        r"(?:visa|mastercard|master\s+card|amex|american\s+express|rupay|discover|maestro)"
                        r"(?:\s+[\w-]+){0,2}?\s+(?:ending|ending\s+in|ending\s+with)\s*[:#]?\s*[x*•.\s-]*\d{4,5}\b|"
                        # the account a payment came from ("Payment method: eCheck ending 0932", "Funded by: Bank
                        # account ending 0932"): the payer's, never the account the bill is for
                        r"\b(?:payment\s+method|paid\s+(?:with|from|by|using)|funded\s+by|(?<=debited\s)from)\s*:?\s*"
                        r"(?:your\s+)?(?:[\w&'.-]+\s+){0,3}?(?:ending|ending\s+in|ending\s+with)\s*[:#]?\s*"
                        r"[x*•.\s-]*\d{4,5}\b")
# a full stop that ends an abbreviation, not a sentence: "(incl. 9% GST)", "approx. 40 kWh", "Ref. no. 88"
_ABBREVIATION = re.compile(r"\b(?:incl|excl|inc|approx|est|no|nr|ref|acc|a/c|vs|cf|e\.g|i\.e)\.\s")


def paid_with_left_out(text: str) -> str:
    """`text` with the card a bill is paid by blanked out (same length, so places stay the same)."""
    return _PAID_WITH.sub(lambda m: " " * len(m.group(0)), text)


def kind_said(lowered: str, vocab: FinanceVocab) -> str | None:
    """The kind of due the words say, with the card a bill is paid by left out of it."""
    return vocab.kind_of(paid_with_left_out(lowered))


def account_of(text: str, lowered: str, kind: str) -> tuple[str, int] | None:
    """The last four digits of the account a bill is for. A card's own statement is for the card; any other
    bill's account is the biller's, never the card it is paid from ("AutoPay ... from your credit card
    ending 7731" is how a broadband bill is paid, not its account)."""
    if kind in ("card", "bank"):
        return find_last4(text)
    kept = list(text)
    for m in _PAID_WITH.finditer(lowered):
        kept[m.start():m.end()] = " " * (m.end() - m.start())
    return find_last4("".join(kept))


def autopay_in_place(lowered: str, vocab: FinanceVocab) -> bool:
    """Whether the text says the due is paid without the person doing anything (an autopay phrase not
    offered, invited or denied by the words right before it, nor said to be off by the words after it)."""
    # (the card it is taken from may stand inside the phrase: "we will charge your Visa ending 1234 automatically")
    return any(not _OFFERED.search(said[max(0, m.start() - 30):m.start()]) and not _OFF.match(said, m.end())
               and not _FORM.match(said, m.end()) and not _minimum_only(said, m.start(), m.end())
               for said in (lowered, paid_with_left_out(lowered)) for m in vocab.autopay.finditer(said))


# a form to set an autopay up is not one in place ("return the autopay form", "direct debit mandate form")
_FORM = re.compile(r"(?:\s+(?:instruction|mandate|authori[sz]ation|application|enrol?ment))?\s+(?:form|application)s?\b")
# what a card's autopay pays when it pays only part: the minimum ("Autopay: the minimum payment due will be debited
# from your savings account") leaves the rest of the statement to be paid by hand
_MINIMUM = re.compile(r"\bmin(?:imum|\.)?\s+(?:payment|amount|due|repayment)")
_WHOLE = re.compile(r"\b(?:full|in\s+full|whole|statement\s+balance|total\s+(?:amount|balance)|entire)\b")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")


def _minimum_only(said: str, start: int, end: int) -> bool:
    """Whether the sentence an autopay phrase stands in says it pays the minimum alone (not the whole)."""
    # (a statement's table runs on without full stops: before the phrase, no further back than its last figure,
    # so the table's own "Minimum payment due HK$385.00" row is not read as the autopay's)
    before = [m.end() for m in _SENTENCE_END.finditer(said, max(0, start - 60), start)]
    lead = said[before[-1] if before else max(0, start - 60):start]
    after = _SENTENCE_END.search(said, end)
    # (a figure in brackets is the phrase's own: "the minimum payment due (HK$385.00) will be debited")
    sentence = re.split(r"\d", re.sub(r"\([^)]*\)", " ", lead))[-1] + said[start:after.start() if after else len(said)]
    return bool(_MINIMUM.search(sentence)) and not _WHOLE.search(sentence)


# an autopay said to be off by the words after it: "AutoPay is off for this account", "Autopay: Off", "auto-pay is
# not set up", "direct debit has been cancelled"
_OFF = re.compile(r"\s*(?::\s*(?:off|no|none|not\s+set\s+up|inactive|disabled)\b|(?:is|has\s+been|was|status\s*:?)\s+"
                  r"(?:currently\s+|now\s+)?(?:turned\s+off|switched\s+off|off|not\s+(?:on|set\s+up|active|enabled)|"
                  r"inactive|disabled|cancell?ed|stopped)\b)")


def normalise(text: str) -> str:
    """Runs of white space as one space (so labels and figures split across lines still meet)."""
    return " ".join(text.split())


def _lower(text: str) -> str:
    # str.lower() can change the length of a few characters (İ); keep places the same
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def date_first_order(institution: Institution | None, currency: str, user_day_first: bool) -> bool:
    """Whether 10/05 means 10 May: the institution's order, else the currency's country, else the user's."""
    if institution is not None:
        return institution.date_order == "dmy"
    if currency == "USD":
        return False
    if currency:
        return True
    return user_day_first


def _label_before(hits: list[Hit], start: int, reach: int, lowered: str) -> Hit | None:
    """The nearest label ending at most `reach` characters before `start`, in the same sentence."""
    best = None
    for h in hits:
        if h.end > start:
            break
        if start - h.end <= reach:
            best = h
    if best is None:
        return None
    between = _ABBREVIATION.sub(" ", lowered[best.end:start])
    if ". " in between or "; " in between or "\n" in between:
        return None
    return best


def _labelled_money(text: str, lowered: str, vocab: FinanceVocab, usual: str, money: list[MoneyAt],
                    confirmation: bool = False) -> dict[str, tuple[MoneyAt, int]]:
    """The first amount each money label gives: kind -> (amount, where its label starts)."""
    # in a payment confirmation "payment of" labels what was paid; elsewhere what is owed
    kinds = ("paid", "minimum", "statement_balance", "amount", "penalty") if confirmation else (
        "minimum", "statement_balance", "amount", "paid", "penalty")
    hits = vocab.label_hits(lowered, kinds)
    found: dict[str, tuple[MoneyAt, int]] = {}
    taken: set[int] = set()
    for m in money:
        label = _label_before(hits, m.start, LABEL_REACH, lowered)
        # no other amount between the label and this one: "minimum INR 1,174 (of INR 23,480)" labels the first
        if label is not None and not any(label.end <= o.start < m.start for o in money if o is not m):
            if label.what not in found:
                found[label.what] = (m, label.start)
            taken.add(m.start)
            continue
        after = lowered[m.end:m.end + AFTER_REACH]
        # "due" after an amount ("R 120,00 due on ..."), unless it is the next figure's label ("Total due:"); or
        # what a renewal or a direct debit will take ("N25,000.00 will be deducted from your wallet on ..."), never a
        # fee for paying late
        taking = _TAKEN_AFTER.match(lowered, m.end) is not None and not _penalty(lowered, vocab, m)
        if (("due" in after.split(".")[0] or taking)
                and "amount" not in found and not any(m.end <= h.start < m.end + AFTER_REACH for h in hits)):
            # (what is to be taken is labelled by its own sentence: "Auto-renewal is ON: N25,000.00 will be ...")
            opens = max(lowered.rfind(". ", 0, m.start) + 2, lowered.rfind("\n", 0, m.start) + 1, 0)
            found["amount"] = (m, min(opens, max(m.start - 1, 0)) if taking else m.start)
            taken.add(m.start)
    if usual:
        for h in hits:
            if h.what in found or h.what == "penalty":
                continue
            bare = bare_amount_after(text, h.end, usual)
            if bare is not None and not any(o.start <= bare.start < o.end for o in money):
                found[h.what] = (bare, h.start)
    return found


_TAKEN_AFTER = re.compile(r"\s*(?:will|shall)\s+be\s+(?:deducted|debited|charged|taken|collected|withdrawn)\b")
_YEARLY = re.compile(r"\b(?:annual|annually|yearly|per\s+year|a\s+year)\b")
# a sum for a whole year, said by its label ("Total rates for 2027/2028", "Total for the year", "annual charge");
# a total alone is a bill's sum of its lines ("Device installment: $11.25 ... Total: $187.52"), never a year's
_A_YEARS = re.compile(r"\b(?:annual|annually|yearly|per\s+year|a\s+year|for\s+the\s+(?:year|financial\s+year)|"
                      r"(?:19|20)\d\d\s*[/\u2013-]\s*(?:(?:19|20)?\d\d)\b)")
# the label of one instalment of a sum paid in parts ("Instalment 1 of 4:", "Instalment 2:", "This instalment",
# "Quarter 1 instalment", "Amount of this instalment", "10 monthly instalments of"), written right before its figure
_INSTALMENT = re.compile(r"\b(?:(?:this\s+|(?:first|second|third|fourth|next)\s+|(?:quarter|q)\s*\d\s+)?"
                         r"instal(?:l)?ment(?:\s+(?:no\.?\s*)?\d{1,2}(?:\s*(?:of|/)\s*\d{1,2})?)?"
                         r"(?:\s+(?:amount|due))?\s*[:=\u2013-]?|"
                         r"(?:\d{1,2}\s+)?(?:(?:equal|monthly|quarterly|fortnightly|weekly)\s+)*"
                         r"instal(?:l)?ments\s+of)\s*$")
_PER_MONTH = re.compile(r"\s*(?:(?:a|per|each|every)\s+month|/\s*(?:month|mth|mo)|monthly|pcm)\b")


# a charge for paying late named right after its amount ("a $100 late fee", "a $25 late charge")
_PENALTY_AFTER = re.compile(r"\s*(?:late\s+(?:payment\s+)?(?:fee|charge|fine)|penalty|returned\s+payment\s+fee)\b")


def _penalty(lowered: str, vocab: FinanceVocab, m: MoneyAt) -> bool:
    """Whether the amount is labelled a charge for paying late ("late fee of", "penalty of", "interest @", "a $100
    late fee")."""
    if _PENALTY_AFTER.match(lowered, m.end):
        return True
    label = _label_before(vocab.label_hits(lowered, ("amount", "penalty")), m.start, LABEL_REACH, lowered)
    return label is not None and label.what == "penalty"


# a due date's label that says paying ("Due date:", "pay by", "last date", "will be debited on"), not a bare
# "by" or "before" that any day may stand after ("delivered by 16 Apr")
_BARE_DAY_LABELS = frozenset(("by", "before"))
# a sum asked for right before a bare "by" ("pay £52.00 by ...", "send GBP 40 before ..."): that day is one to pay
_PAY_THE_SUM = re.compile(r"\b(?:pay|send|transfer)\s+(?:[^\s;:]+\s+){1,2}$")


def _due_date(lowered: str, vocab: FinanceVocab, dates: list[DateAt], received: datetime) -> tuple[DateAt, bool] | None:
    """The due date, and whether a label of a day to pay stands before it."""
    found = _labelled_day(lowered, vocab, dates, received)
    if found is None or not found[1]:
        # the card a bill is charged to, said between the label and the day ("will be charged automatically to your
        # Visa ending 1234 on 28/02"), is left out
        around = _labelled_day(paid_with_left_out(lowered), vocab, dates, received)
        if around is not None and around[1]:
            return around
    if found is not None:
        return found
    later = {d.day: d for d in dates if d.day >= received.date()}
    if len(later) == 1:  # the only day after the message was sent: what else could be due then
        return next(iter(later.values())), False
    return None


def _labelled_day(lowered: str, vocab: FinanceVocab, dates: list[DateAt],
                  received: datetime) -> tuple[DateAt, bool] | None:
    hits = vocab.label_hits(lowered, ("due_date",))
    by_label: dict[str, list[DateAt]] = {"pay": [], "lapse": [], "bare": []}
    for d in dates:
        label = _label_before(hits, d.start, DATE_REACH, lowered)
        if label is not None and not any(label.end <= o.start < d.start for o in dates if o is not d):
            said = " ".join(lowered[label.start:label.end].split())
            # a day the thing lapses (the vocabulary's `lapse` labels) is the day to pay by only when no day to pay
            # is labelled ("Please pay by 28/04" before the policy expires wins)
            kind = "lapse" if said in vocab.lapse_labels else "bare" if said in _BARE_DAY_LABELS else "pay"
            if kind == "bare" and _PAY_THE_SUM.search(lowered, max(0, label.start - 32), label.start):
                kind = "pay"  # "pay £52.00 by 09/04/2027": the day to pay the sum just said
            by_label[kind].append(d)
    for kind in ("pay", "lapse", "bare"):
        if by_label[kind]:
            # a notice of a day missed names the day to pay by now ("the amount below, due on 12/02, has not been
            # paid ... Please pay on or before 24 February"): the first day to pay not yet past when the mail came
            return by_label[kind][0], kind != "bare"
    return None


def _instalment_of(lowered: str, money: list[MoneyAt], whole: MoneyAt | None) -> tuple[MoneyAt, int] | None:
    """The amount labelled one instalment (of `whole` when given: less than it, in its currency), with where
    its label starts; None when the text labels none."""
    for m in money:
        if whole is not None and (m.currency != whole.currency or m.amount >= whole.amount):
            continue
        before = max(0, m.start - LABEL_REACH)
        label = _INSTALMENT.search(lowered[before:m.start])
        if label is not None:
            return m, before + label.start()
    return None


# one of a sum's equal parts, said by its number ("payment 3 of 4", "instalment 2/6")
_PART_OF = re.compile(r"\b(?:payment|instal(?:l)?ment|repayment)\s+(?:no\.?\s*)?\d{1,2}\s*(?:of|/)\s*(\d{1,2})\b")


def _full_term(text: str, money: list[MoneyAt]) -> tuple[MoneyAt, int] | None:
    """The amount of the option paying for the longest term of a bill priced as options, with where its label
    starts; None when the text prices no options."""
    from steward.finance.options import full_term

    span = full_term(text)
    if span is None:
        return None
    return next(((m, span[0]) for m in money if span[0] < m.start < span[1]), None)


def _part_of_a_whole(lowered: str, money: list[MoneyAt]) -> tuple[MoneyAt, int] | None:
    """The part owed when a text says which of a sum's equal parts is due ("payment 3 of 4 for your order (£149.00)
    is £37.25"): the amount that is the whole, said with it, split in that many parts; None when none is."""
    said = _PART_OF.search(lowered)
    if said is None or int(said.group(1)) < 2:
        return None
    parts = int(said.group(1))
    for whole in money:
        for m in money:
            if m.currency == whole.currency and m.amount < whole.amount and \
                    abs(m.amount * parts - whole.amount) <= Decimal("0.01") * parts:
                # ("payment 3 of 4" labels the part owed when it is said before it)
                return m, said.start() if said.start() < m.start else m.start
    return None


def _money(m: MoneyAt) -> Money:
    return Money(m.amount, m.currency, m.text)


def read_bill(text: str, *, received: datetime, institution: Institution | None, vocab: FinanceVocab,
              user_day_first: bool = False, payment_confirmation: bool = False, sender: str = "",
              home_country: str = "") -> Extraction:
    """Everything the text says about a due (fields it does not say stay empty). `sender` and the
    person's `home_country` say which dollar a bare "$" is when the institution does not."""
    text = normalise(text)
    lowered = _lower(text)
    usual = institution.currency if institution is not None else ""
    money = find_money(text, usual, local_dollar(text, sender, home_country), local_letter(sender, home_country))
    labelled = _labelled_money(text, lowered, vocab, usual, money, payment_confirmation)
    amount = labelled.get("amount")
    balance = labelled.get("statement_balance")
    minimum = labelled.get("minimum")
    paid = labelled.get("paid")
    full: tuple[MoneyAt, int] | None = None  # the amount of a bill priced as options, when it is one
    # a charge for paying late ("a late fee of Rs. 50/- per day") is not what the bill is for
    penalties = {(m.amount, m.currency) for m in money if _penalty(lowered, vocab, m)}
    if payment_confirmation and paid is None and money:
        paid = (money[0], money[0].start)
    if payment_confirmation and paid is not None and amount is not None and amount[0].start == paid[0].start:
        # "Thank you for your payment. Payment amount: $88.40": the one sum a confirmation labels is what was paid,
        # never a new bill of the same sum
        amount = None
    if not payment_confirmation:
        paid = None
    if amount is None and balance is None and not payment_confirmation:
        # "Annual charge $1,800.00. This instalment: $450.00 payable by ...": the instalment is what is owed
        amount = _instalment_of(lowered, money, None) or _part_of_a_whole(lowered, money)
    if amount is None and balance is None and not payment_confirmation:
        # a vehicle tax or a licence priced as options ("12 months: £190.00 / 6 months: £104.50 / Monthly Direct
        # Debit: £16.63 a month"): one bill, whose sum for the longest term is its whole price (the answer names
        # every option, from its mail)
        amount = full = _full_term(text, money)
    if amount is None and balance is None and not payment_confirmation:
        distinct = {(m.amount, m.currency) for m in money} - penalties - {
            (minimum[0].amount, minimum[0].currency) if minimum else None}
        if len(distinct) == 1 and len(money) >= 1:  # one amount in a bill is the amount of the bill
            lone = next(m for m in money if (m.amount, m.currency) in distinct)
            amount = (lone, lone.start)
    if amount is not None and _YEARLY.search(lowered[amount[1]:amount[0].start]):
        # "Yearly premium £960.00 ... you pay £80.00 a month, the first on 1 March": what
        # is taken on the day is the month's instalment, never the year's sum
        monthly = next((m for m in money if m.currency == amount[0].currency and m.amount < amount[0].amount
                        and _PER_MONTH.match(lowered[m.end:m.end + 20])), None)
        if monthly is not None:
            amount = (monthly, monthly.start)
    if amount is not None and _A_YEARS.search(lowered[amount[1]:amount[0].start]):
        # "Total rates for 2027/2028: $4,568.00 / Instalment 1 of 4: $1,142.00 / Due date: ...": what is due on
        # the day is the instalment, never the year's sum
        amount = _instalment_of(lowered, money, amount[0]) or amount
    if amount is not None and amount[1] == amount[0].start:
        # an amount read by the "Due:" after it is labelled all the same by the instalment it is ("Instalment 2 of
        # 3: MYR 133.00 / Due: 20 Apr")
        part = _instalment_of(lowered, [amount[0]], None)
        if part is not None:
            amount = part
    owed = amount or balance
    currency = owed[0].currency if owed else (paid[0].currency if paid else usual)
    # the mail's own dates that read one way only ("24/11/2027" on a dollar card's statement from a Lagos bank)
    # say its order better than its currency or its sender
    written = order_written(text)
    if written is None and us_address(text):
        written = False  # a sender in the United States writes "04/03/2027" for 3 April
    day_first = date_first_order(institution, currency, user_day_first) if written is None else written
    dates = find_dates(text, received, day_first)
    dated = _due_date(lowered, vocab, dates, received) if not payment_confirmation or owed else None
    due = dated[0] if dated else None
    # the day a payment was made: the latest the confirmation writes on or before the day it came ("we have
    # received your payment of Rs. 62,118.00 ... on 27/03/2027")
    before = [d.day for d in dates if d.day <= received.date()] if paid is not None else []
    kind = kind_said(lowered, vocab) or (institution.kind if institution is not None else None) or "other"
    if institution is not None and institution.kind not in ("card", "bank") and kind in ("card", "bank"):
        kind = institution.kind  # a utility's "pay by card" does not make its bill a card due
    last4 = account_of(text, lowered, kind)
    evidence_from = owed or paid
    evidence = ""
    if evidence_from is not None:
        evidence = text[evidence_from[1]:evidence_from[0].end]
    return Extraction(
        amount=_money(amount[0]) if amount else None,
        minimum=_money(minimum[0]) if minimum else None,
        statement_balance=_money(balance[0]) if balance else None,
        due_date=due.day if due else None,
        due_text=due.text if due else "",
        account=last4[0] if last4 else "",
        kind=kind,  # type: ignore[arg-type]
        # (a bill priced as options offers a Direct Debit among them: none is set up until the person chooses)
        autopay=autopay_in_place(lowered, vocab) and not (amount is not None and amount is full),
        paid=_money(paid[0]) if paid else None,
        paid_on=max(before) if before else None,
        evidence=evidence,
        labelled=bool(owed and owed[1] < owed[0].start and dated and dated[1]),
        past_due=bool(vocab.past_due is not None and vocab.past_due.search(lowered)),
    )


def merge(first: Extraction, second: Extraction) -> Extraction:
    """`first` with the fields it lacks taken from `second` (a PDF's text after the mail's own)."""
    return replace(
        first,
        amount=first.amount or second.amount,
        minimum=first.minimum or second.minimum,
        statement_balance=first.statement_balance or second.statement_balance,
        due_date=first.due_date or second.due_date,
        due_text=first.due_text or second.due_text,
        account=first.account or second.account,
        kind=first.kind if first.kind != "other" else second.kind,
        autopay=first.autopay or second.autopay,
        paid=first.paid or second.paid,
        paid_on=first.paid_on or second.paid_on,
        evidence=first.evidence or second.evidence,
        labelled=first.labelled or second.labelled,
    )


def missing(extraction: Extraction) -> str | None:
    """Why an extraction is no due (None when it is one)."""
    owed = extraction.owed
    if owed is None:
        return "no amount due in the text"
    if not owed.currency:
        return "no currency in the text, and the sender is not an institution with a usual currency"
    if extraction.due_date is None:
        return "no due date in the text"
    if owed.amount <= 0:
        return "the amount due is zero"
    return None
