"""Money answers: one issuer, one card (by name or last four), one kind, due by a date, unpaid,
overdue, autopay; totals per currency (never added across currencies). Through `DuesService`."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date, time, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader import honesty
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text, money_text
from steward.reader.frame import Frame, Named, SlotValue
from steward.reader.lists import SlotLists, name_words
from steward.reader.views import dues_view, window_words
from steward.reader.words import ReaderWords
from steward.vocab import words

if TYPE_CHECKING:
    from steward.finance.money import MoneyAt
    from steward.finance.service import DuesService
    from steward.records.finance import Due, Payment
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

DOLLARS = frozenset(("USD", "AUD", "NZD", "CAD", "SGD", "HKD", "TWD", "JMD", "BSD", "FJD"))
# a currency word many countries share: the one of them the person owes in
FAMILIES = {"DOLLAR": DOLLARS, "PESO": frozenset(("MXN", "ARS", "CLP", "COP", "PHP", "UYU", "DOP", "CUP")),
            "KRONE": frozenset(("SEK", "NOK", "DKK", "ISK"))}


def _label(due: Due) -> str:
    account = f" {due.kind} XXXX{due.account}" if due.account else f" {due.kind}"
    return f"{due.issuer}{account}"


def _line(due: Due, overdue: bool, clock: Clock, paid: Payment | None = None) -> str:
    text = f"- {_label(due)}: {money_text(due.amount, due.currency, clock)} due {day_text(due.due_date, clock)}"
    if due.minimum is not None:
        text += f" (minimum {money_text(due.minimum, due.currency, clock)})"
    if due.autopay:
        text += "; taken automatically (autopay / direct debit)"
    if overdue:
        text += "; OVERDUE"
    if due.status == "paid" and paid is not None:
        # the day its payment was made, as the mail that confirms it says ("received on 05/03/2027")
        text += f"; paid {money_text(paid.amount, paid.currency, clock)} on {day_text(paid.paid_on, clock)}"
    elif due.status == "paid":
        text += "; paid"
    return text


def _totals(dues: list[Due], clock: Clock) -> str:
    sums: dict[str, Decimal] = {}
    for d in dues:
        sums[d.currency] = sums.get(d.currency, Decimal(0)) + d.amount
    return "Total: " + "; ".join(money_text(v, k, clock) for k, v in sorted(sums.items()))


# words of a kind's phrase that name no biller on their own: "bill" of "water bill", "company" of "water company",
# "dual" and "fuel" of "dual fuel" (a fuel card's issuer sells no electricity nor gas)
_NO_KIND_ALONE = frozenset(("bill", "bills", "company", "dual", "fuel"))


def _bill_issuers(frame: Frame, rw: ReaderWords, issuers: set[str], mailbox: Mailbox | None = None,
                  clock: Clock | None = None, bills: Sequence[Due] = ()) -> set[str]:
    """The issuers whose own names say the kind of bill asked about ("water" -> Corella Water, "Stromkontor"
    for electricity), else whose own mail's subjects say it ("Your broadband invoice")."""
    said = {w for group in frame.bills for p in rw.bill_names[group] for w in p} - _NO_KIND_ALONE
    by_name = {i for i in issuers if said & set(name_words(i))}
    # one word of a kind alone ("water", "strom"), never a word of a phrase ("bill" of "water bill")
    single = {p[0] for group in frame.bills for p in rw.bill_names[group] if len(p) == 1}
    by_name |= {i for i in issuers if any(_names_kind(w, single) for w in name_words(i))}
    if by_name and mailbox is not None:
        by_name -= _billed_for_another_kind(frame, rw, by_name, mailbox, bills)
    if by_name or mailbox is None or clock is None:
        return by_name
    # (a word several kinds share says none of them in a subject: "Your Yarra Edge Energy account is overdue")
    return _subjects_say(single - _shared_words(frame, rw), issuers, mailbox, clock, bills)


def _shared_words(frame: Frame, rw: ReaderWords) -> set[str]:
    """The words of the kinds asked that name another kind of bill too ("energy": electricity or gas)."""
    asked = {w for group in frame.bills for p in rw.bill_names[group] if len(p) == 1 for w in p}
    others = {w for group, phrases in rw.bill_names.items() if group not in frame.bills for p in phrases
              if len(p) == 1 for w in p}
    return asked & others


def _billed_for_another_kind(frame: Frame, rw: ReaderWords, issuers: set[str], mailbox: Mailbox,
                             bills: Sequence[Due] = ()) -> set[str]:
    """The issuers named only by a word several kinds share ("Yarra Edge Energy" for "the gas bill") whose own
    bills say another kind and never the one asked ("Your electricity bill is ready"): not the biller asked of."""
    shared = _shared_words(frame, rw)
    own = {w for group in frame.bills for p in rw.bill_names[group] if len(p) == 1 for w in p} - shared
    other = {w for group, phrases in rw.bill_names.items() if group not in frame.bills for p in phrases
             if len(p) == 1 for w in p} - shared
    loose = {i for i in issuers if set(name_words(i)) & (own | other) == set() and set(name_words(i)) & shared}
    if not loose:
        return set()
    mine = [d for d in bills if d.issuer in loose]
    stored = mailbox.stored([d.message_id for d in mine])
    from steward.finance.vocab import finance_vocab

    billing = finance_vocab().due_words
    said: dict[str, set[str]] = {}
    for d in mine:
        m = stored.get(d.message_id)
        if m is None:
            continue
        # the kind a bill's subject gives it ("Your electricity bill is ready"), never a line of its charges (an
        # energy bill lists electricity before its gas); a subject that gives none ("Your Tui Energy bill is
        # ready") leaves it to the whole bill, which names every kind it charges for ("Your latest power bill is
        # here ... Electricity used: 958 kWh", and never gas)
        subject = set(name_words(m.subject)) if billing.search(m.subject) else set()
        seen = subject if subject & (own | other) else set(name_words(f"{m.subject} {m.snippet}"))
        said.setdefault(d.issuer, set()).update(seen)
    return {i for i, seen in said.items() if seen & other and not seen & own}


def _bills_here(frame: Frame, rw: ReaderWords, clock: Clock) -> Frame:
    """The frame without a kind of bill said only in words that name it elsewhere ("the current bill" is the
    electricity bill in India, the latest bill in Canada)."""
    if not frame.bills or not rw.bill_names_where:
        return frame

    from steward.finance.money import country_of_zone

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    said = f" {' '.join(words(frame.text))} "
    kept = []
    for group in frame.bills:
        phrases = [p for p in rw.bill_names[group] if f" {' '.join(p)} " in said]
        # (a phrase inside a longer one said is the longer one's: "bill" of "current bill")
        phrases = [p for p in phrases if not any(len(q) > len(p) and f" {' '.join(p)} " in f" {' '.join(q)} "
                                                 for q in phrases)]
        if not phrases or any(country in rw.bill_names_where.get(p, frozenset((country,))) for p in phrases):
            kept.append(group)
    return frame if len(kept) == len(frame.bills) else replace(frame, bills=tuple(kept))


def _names_kind(word: str, said: set[str]) -> bool:
    """A word of a name says a kind: the kind's word itself, or a compound built on a long one."""
    return any(len(s) >= 5 and len(word) > len(s) and (word.startswith(s) or word.endswith(s))
                               for s in said)


def _subjects_say(said: set[str], issuers: set[str], mailbox: Mailbox, clock: Clock,
                  bills: Sequence[Due] = ()) -> set[str]:
    """The issuers whose mail's subject names the kind of bill ("Your electricity bill is ready"), else the
    utilities whose bill charges for it line by line ("Your utilities bill": "Electricity (312 kWh) S$94.21")."""
    from steward.finance.vocab import finance_vocab

    billing = finance_vocab().due_words
    out: set[str] = set()
    for word in sorted(w for w in said if len(w) >= 4):
        for h in mailbox.search(f'"{word}"', limit=50, clock=clock).hits:
            # a subject says the kind of a bill when it says a bill ("Electricity invoice for March", "Q2 water charges bill"); a
            # notice's word is no bill of it ("Water supply interruption on Saturday" from the housing society)
            if h.message.sender_name in issuers and word in name_words(h.message.subject) \
                    and billing.search(h.message.subject):
                out.add(h.message.sender_name)
    if out or not bills or not said & _CHARGED_ON_A_UTILITY_BILL:
        return out
    utilities = [d for d in bills if d.kind == "utility" and d.issuer in issuers]
    of_bills = mailbox.stored([d.message_id for d in utilities])
    for d in utilities:
        m = of_bills.get(d.message_id)
        if m is not None and set(name_words(f"{m.subject} {m.snippet}")) & said & _CHARGED_ON_A_UTILITY_BILL:
            out.add(d.issuer)
    return out


# what one utilities bill charges for, line by line ("Electricity (312 kWh) S$94.21", "Water ..."): a bill of
# another kind that says such a word says it of something else ("pay by internet banking")
_CHARGED_ON_A_UTILITY_BILL = frozenset(("electricity", "electric", "gas", "water"))


def _asks_a_foreign_line(text: str) -> bool:
    from steward.reader.details import asked_detail

    return asked_detail(text) == "foreign"


def _paid_in_mail(senders: Sequence[SlotValue], rw: ReaderWords, mailbox: Mailbox, clock: Clock) -> Answer | None:
    """A sender Steward read no bill from whose latest mail says a payment arrived: paid, its amount and day,
    nothing owed. None when that sender's latest mail says no such thing."""
    lines, ids = [], []
    for sender in senders[:3]:
        hits = [h for a in sender.addresses for h in mailbox.from_sender(a, limit=1, clock=clock).hits]
        if not hits:
            continue
        latest = max(hits, key=lambda h: h.message.received_at)
        m = latest.message
        said = " ".join(words(f"{m.subject} {m.snippet}"))
        if not any(f" {' '.join(p)} " in f" {said} " for p in rw.paid_mail):
            return None
        # amounts read from mail (price_parser) load on first use
        from steward.finance.money import find_money

        money = find_money(f"{m.subject} {m.snippet}")
        amount = f" {money_text(money[0].amount, money[0].currency, clock)}" if money and money[0].currency else ""
        day = clock.local(m.received_at).date()
        lines.append(f"Paid: {sender.value} confirmed your payment{amount} on {day_text(day, clock)} "
                     f"(\u201c{m.subject}\u201d); nothing is owed to them in the mail Steward has read.")
        ids.append(latest.id)
    return Answer("\n".join(lines), {"messages": ids, "dues": []}) if lines else None


def _mentioned_by(word: str, issuers: set[str], mailbox: Mailbox, clock: Clock) -> set[str]:
    """The issuers whose own mail says `word` ("Mastercard" on a bank's statement)."""
    hits = mailbox.search(f'"{word}"', limit=50, clock=clock).hits
    said = " ".join(word.casefold().split())
    # the words themselves, not a neighbour by meaning: "Visa Infinite" is one bank's card, not every Visa
    found = {h.message.sender_name for h in hits if h.message.sender_name in issuers
             and said in " ".join(f"{h.message.subject} {h.message.snippet}".casefold().split())}
    if found or not (word.isalpha() and len(word) >= _SHORT_NAME):
        return found
    # a person's name said short, as family says it ("Nico's tuition" is Nicolas's, "Bea" Beatriz): a name the bill's
    # own mail writes in capitals that opens with the word
    short = re.compile(rf"\b{re.escape(word[0].upper() + word[1:].lower())}[a-z]{{1,6}}\b|\b{re.escape(word.upper())}"
                       rf"[A-Z]{{1,6}}\b")
    return {h.message.sender_name for h in mailbox.search(f"{word}*", limit=50, clock=clock).hits
            if h.message.sender_name in issuers and short.search(f"{h.message.subject} {h.message.snippet}")}


_SHORT_NAME = 3  # the fewest letters a name said short keeps ("Bea", "Nico")


def money_answerer(dues: Callable[[], DuesService], rw: ReaderWords, lists: Callable[[], SlotLists],
                   mailbox: Callable[[], Mailbox] | None = None) -> Answerer:
    """The money answerer over the dues service (and the mail, for a name a bank's own mail uses)."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        frame = _bills_here(frame, rw, clock)
        # "that charge in Canadian dollars on it": a line of a card's statement in another currency, never money
        # spent nor a bill owed in that currency
        foreign = "detail" in frame.flags and _asks_a_foreign_line(frame.text)
        if "bank_balance" in frame.flags and mailbox is not None and not (frame.unmatched or frame.bills) \
                and not set(frame.kinds) - {"bank"} and not frame.values("account"):
            from steward.reader.answerers.bank_balance import balance_answer

            # "what is the balance in my account?": the balance the bank's latest alert writes, never the bills owed
            return balance_answer(frame, clock, mailbox())
        if "savings_circle" in frame.flags and mailbox is not None and not frame.bills:
            from steward.reader.answerers.circles import circle_answer

            # "how much is my ajo this month?": the share the circle's organiser asks in their mail, never a bill
            circle = circle_answer(frame, clock, mailbox(), [" ".join(p) for p in rw.flags["savings_circle"]])
            if circle is not None:
                return circle
        if "kitty" in frame.flags and mailbox is not None and not frame.bills:
            from steward.reader.answerers.circles import circle_answer

            # "how much is the kitty for the stag do?": the share its collector's mail asks of each, a friend's named
            # with it ("Dee's leaving do") no card; kept as a savings circle's share is
            pot = circle_answer(frame, clock, mailbox(), [" ".join(p) for p in rw.flags["kitty"]], share="share")
            if pot is not None:
                return pot
        if "payday" in frame.flags and mailbox is not None and not frame.unmatched:
            from steward.reader.answerers.pay import pay_answer

            return pay_answer(frame, clock, mailbox())  # "when's payday?": the pay mail held, never the dues
        if "spending" in frame.flags and mailbox is not None and not foreign:
            from steward.reader.spending_kinds import kind_said

            kind = kind_said(frame.text)
            if kind is not None and not frame.unmatched and not set(frame.unknown) - {w.casefold() for w in kind[1]} \
                    and not frame.values("sender") and not frame.values("issuer") and not frame.values("account"):
                # (a card named with it is left to a model: a receipt does not say which card paid)
                from steward.reader.answerers.spending import spent_on

                # "how much went on groceries this month?": the receipts and card alerts of that kind of shop
                return spent_on(frame, clock, mailbox(), kind[0].name)
        if "spending" in frame.flags and not foreign and mailbox is not None and frame.unknown \
                and not (frame.unmatched or frame.bills or frame.values("sender")):
            from steward.reader.answerers.spending import spent_at

            # "what have we spent at Palmgrove?": a shop no mail comes from, named in the bank's purchase alerts
            at = spent_at(frame, clock, mailbox(), frame.unknown)
            if at is not None:
                return at
        if "spending" in frame.flags and not foreign:
            # what was spent is not in the dues: the purchase alerts say it, unless what was bought is asked
            if mailbox is None or frame.unknown or frame.unmatched or frame.bills or set(frame.kinds) - {"card", "bank"} \
                    or frame.currencies:
                return None
            from steward.reader.answerers.spending import spent

            alerted_by = tuple(dict.fromkeys(v.issuer or v.value
                                             for v in (*frame.values("issuer"), *frame.values("account"))))
            return spent(frame, clock, mailbox(), alerted_by)
        if "paid_me" in frame.flags and not (frame.filters or frame.unmatched):
            # "how much did she send me?" with no one named before it: who is asked, never what is owed
            return Answer("I can't tell whose money you mean: say who sent it (\u201chow much did I receive from "
                          "Ana?\u201d).", {"asked": "who"})
        service = dues()
        if "payments" in frame.flags and not _hits(frame.text, rw.still_to_pay):
            # "the last card payment I made": what the mail confirms was paid, never what is owed ("when is my
            # last loan payment due?" is owed)
            return _payments_made(frame, service, rw, mailbox() if mailbox else None, clock)
        if "paid_off" in frame.flags and not _hits(frame.text, rw.still_to_pay):
            made = _payments_made(frame, service, rw, mailbox() if mailbox else None, clock)
            if made is not None:
                return made  # "how much did I pay off the Amex in March?": the payment its mail confirms
        frame = _insurance_by_its_cover(_a_loan_by_its_kind(frame, rw), rw)
        named = honesty.names_in(frame, ("issuer", "account"))
        if not named and frame.unknown and mailbox is not None:
            billers = {i.due.issuer for i in service.digest(window="all", statuses=("open", "paid")).items}
            lure = honesty.lure_instead(frame.unknown, mailbox(), clock, billers)
            if lure is not None:
                return lure  # a fee only a lure asks for is never among what is owed
        mentioned: set[str] = set()
        called = ""  # the name the mail of the issuers meant uses ("the Visa Platinum")
        if not named and frame.unmatched:
            # a name no biller has, said in a biller's own mail ("the Visa Platinum"; "Noor's piano invoice": the
            # school's invoice for Noor's lessons): that biller's bills, when every name said is in its mail
            issuers_all = {i.due.issuer for i in service.digest(window="all", statuses=("open", "paid")).items}
            network = next((u for u in frame.unmatched if u.what == "card"), None)
            if network is not None and mailbox is not None and not _mentioned_by(network.said, issuers_all, mailbox(),
                                                                                 clock):
                from steward.reader.answerers.card_alerts import card_by_its_alerts

                # "the London charge on my Mastercard": the card on that network known only by its bank's alerts,
                # when its alert says every other name the question did
                # (never a card a bill came for: its bank's statement says the network, or its alerts' last four
                # digits are the billed card's)
                billed_cards = {i.due.account for i in service.digest(window="all", statuses=("open", "paid")).items
                                if i.due.account}
                alerted = card_by_its_alerts(network.said, issuers_all, service, mailbox(), clock,
                                             tuple(u.said for u in frame.unmatched if u is not network), billed_cards)
                if alerted is not None:
                    return alerted
            for u in frame.unmatched:
                whose = re.sub(r"['\u2019]s$", "", u.said)
                these = _mentioned_by(whose, issuers_all, mailbox(), clock) if mailbox is not None else set()
                mentioned = these if not called else mentioned & these
                called = f"{called} {whose}".strip()
                if not mentioned:
                    # "what did I pay Rosa for the sitting?": a person paid, named in no bill but in a payment's receipt
                    paid = _sent_to_payee(whose, service, mailbox(), clock) if mailbox is not None else None
                    if paid is not None:
                        return paid
                    return Answer(honesty.no_such(u, "cards and bills" if u.what != "card" else "cards"),
                                  {"unmatched": u.said, "nearest": list(u.nearest)})
        said_senders = frame.values("sender")
        theirs = [n for n in frame.filters if n.of("sender") and re.search(r"['\u2019]s$", n.said)
                  and all(v.kind for v in n.of("sender"))]
        if frame.bills and theirs and not named and mailbox is not None:
            from steward.reader.answerers.theirs import their_bill

            # "what's Nani's gas bill?", "Ammi's bijli bill": a relative's bill, never the person's own of that kind
            of_them = [re.sub(r"['\u2019]s$", "", n.said) for n in theirs] + [v.value for n in theirs
                                                                                for v in n.of("sender")]
            bill_words = {w for group in frame.bills for p in rw.bill_names[group] if len(p) == 1 for w in p}
            return their_bill(of_them, frame.bills[0], bill_words, mailbox(), clock)
        if said_senders and not named and mailbox is not None:
            # "have I paid the fibre company?" of a sender whose own latest mail confirms the payment: that mail
            # says so, and that nothing is owed to them
            paid = None if "paid_me" in frame.flags else _paid_in_mail(said_senders, rw, mailbox(), clock)
            if paid is not None:
                return paid
            # "have I sent Priya the rent?", "what did I transfer to Tom on PayLah?": the payments the mail says were
            # sent; "has Ana paid me back?": the receipts that say her money came in
            sent = _paid_by(frame, mailbox(), clock) if "paid_me" in frame.flags else \
                _sent_to(frame, service, mailbox(), clock)
            if sent is not None:
                return sent
            owed = _owed_by(said_senders, mailbox(), clock, frame.ask == "when") \
                if "paid_me" in frame.flags and not frame.bills else None
            if owed is not None:
                return owed
            their_ask = _asked_of_you(said_senders, frame.kinds, rw, mailbox(), clock) \
                if "paid_me" not in frame.flags and not frame.bills else None
            if their_ask is not None:
                return their_ask
            if not frame.bills:
                # a question about one sender is answered about that sender alone, never with every bill
                return honesty.mail_instead(f"what you owe {', '.join(v.value for v in said_senders[:3])}",
                                            said_senders, mailbox(), clock)
        today = clock.today()
        # a span wholly gone ("last month's statement", "what was the phone bill in December?") asks what was
        # billed then: the bills paid since count, not only what is still owed
        gone = (frame.window is not None and frame.window.start < frame.window.end
                and clock.local(frame.window.end).date() <= today and clock.local(frame.window.end).time() == time()
                and frame.window.end <= clock.now() and "overdue" not in frame.flags)
        digest = service.digest(window="all", as_of=today, statuses=("open", "paid", "superseded") if gone else ("open",))
        overdue_ids = {i.due.id for i in digest.items if i.overdue}
        items = [i.due for i in digest.items]

        def about(due: Due, v: object) -> bool:
            slot, value = getattr(v, "slot", ""), getattr(v, "value", "")
            return due.issuer == value if slot == "issuer" else due.account == value

        items = honesty.named_only(frame, items, ("issuer", "account"), about)
        if frame.values("account") and items and mailbox is not None:
            other = _another_network(frame, items, rw, mailbox(), clock)
            if other is not None:
                return other
        things = honesty.named_things(frame, rw)
        if things and len(items) > 1 and mailbox is not None:
            # "how much is the parking space invoice?": the bills whose own words or mail say it, when some do
            # (when none does, the reader says what was looked for instead of every bill)
            stored = mailbox().stored([d.message_id for d in items])
            holding = [d for d in items if not honesty.unheld(things, [_held_text(d, stored.get(d.message_id))], rw)]
            # "the rates": the bill whose mail says "rates" (a rates notice), over one that says another form of
            # the word ("your fixed rate" of a loan)
            as_said = [d for d in holding if _says_as_said(things, _held_text(d, stored.get(d.message_id)))]
            items = as_said or holding or items
        if mentioned:
            items = [d for d in items if d.issuer in mentioned]
            if not items:
                return _latest_paid(service, mentioned, clock)
        if frame.bills and not named:
            every = service.digest(window="all", statuses=("open", "paid")).items
            issuers = _bill_issuers(frame, rw, {i.due.issuer for i in every}, mailbox() if mailbox else None, clock,
                                    [i.due for i in every])
            if not issuers:
                # a sender whose name says the kind, though Steward read no bill of theirs, is the one meant
                words_said = {w for group in frame.bills for p in rw.bill_names[group] for w in p}
                single = {p[0] for group in frame.bills for p in rw.bill_names[group] if len(p) == 1}
                every_issuer = {i.due.issuer for i in every}
                ruled_out = _billed_for_another_kind(frame, rw, every_issuer, mailbox(), [i.due for i in every]) \
                    if mailbox is not None else set()
                senders = [v for v in lists().of_slot("sender") if v.value not in ruled_out and (
                           words_said & set(name_words(v.value)) or any(_names_kind(w, single)
                                                                        for w in name_words(v.value)))]
                if senders and mailbox is not None:
                    return _paid_in_mail(senders, rw, mailbox(), clock) or honesty.mail_instead(
                        f"your {' or '.join(frame.bills)} bill", senders, mailbox(), clock)
            if not issuers:
                # the kinds held, not their billers: a biller named beside the kind asked ("no gas bill ... Nandi
                # Power") reads as that kind's
                known = sorted({i.due.kind for i in every})
                held = f"The kinds of bill it has read: {', '.join(known)}." if known else "It has read no bills yet."
                return Answer(f"I found no {' or '.join(frame.bills)} bill in the bills Steward has read. {held}",
                              {"dues": []})
            items = [d for d in items if d.issuer in issuers]
            if not items:
                return _latest_paid(service, issuers, clock)
        if frame.currencies and not named and not foreign:
            wanted = set(frame.currencies)
            for family, members in FAMILIES.items():
                if family not in wanted:
                    continue
                if wanted & members:
                    wanted.discard(family)  # "in US dollars": the one dollar said, not every dollar owed in
                    continue
                # "in dollars": the dollar the person owes in; two of them are asked about, never one picked
                owed_in = sorted({d.currency for d in items if d.currency in members})
                if len(owed_in) > 1:
                    return Answer("", question=f"Which {family.lower()}s: {' or '.join(owed_in)}?")
                wanted |= set(owed_in)
            items = [d for d in items if d.currency in wanted]  # "the euro card"
        if frame.kinds and not named and not frame.bills:  # "my energy account": the bill said is the kind
            items = [d for d in items if d.kind in frame.kinds]
            if "loan" in frame.kinds and mailbox is not None:
                narrowed = _loans_said(frame.text, items, rw, mailbox(), clock)
                if isinstance(narrowed, Answer):
                    return narrowed
                items = narrowed
        if "detail" in frame.flags and mailbox is not None and items:
            from steward.reader.details import asked_detail, detail, points_back

            asked = asked_detail(frame.text)
            if asked and detail(asked).kinds:
                # "what's left to pay on my van loan?" is the loan's principal; of a card, of every bill, the dues
                of_kind = [d for d in items if d.kind in detail(asked).kinds]
                if of_kind and (named or frame.kinds or mentioned) and len(of_kind) == len(items):
                    items = of_kind
                elif of_kind and asked in ("available", "limit", "foreign") and not (named or frame.bills or frame.kinds):
                    # "what's my available credit?", "any charges in euros?": only a card has them, so it asks of
                    # the cards
                    items = of_kind
                else:
                    asked = ""
            if asked and detail(asked).of == "bill" and len(items) > 1 and points_back(frame.text) and not (
                    named or frame.bills or frame.kinds or mentioned):
                return None  # "what's the late charge on that one?" of no bill said before: no bill was pointed at
            if asked and detail(asked).of == "bill":
                from steward.reader.answerers.bill_details import bill_details_answer

                # "what's the late charge on that one?": in the words of the bill's own mail, or that mail to open
                # (a line in another currency is asked by the currency said, never the bills owed in it)
                said_in = frozenset(c for c in frame.currencies if c not in FAMILIES) if foreign else frozenset()
                read_from = frozenset(i.due.message_id for i in service.digest(window="all", statuses=("open", "paid")).items)
                return bill_details_answer(sorted(items, key=lambda d: (d.due_date, d.issuer)),
                                           _what(replace(frame, currencies=()) if foreign else frame), asked,
                                           mailbox(), clock, said_in, read_from)
        if "overdue" in frame.flags:
            late = [d for d in items if d.id in overdue_ids]
            if not late and items and honesty.names_in(frame, ("issuer", "account")):
                # "is Harbor overdue?" while its bill is open and not yet due: no, and when it is due
                items.sort(key=lambda d: (d.due_date, d.issuer))
                return Answer("\n".join([f"No: nothing on {_what(frame)} is overdue. Still to pay:",
                                         *(_line(d, False, clock) for d in items)]), {"dues": [d.id for d in items]})
            items = late
        if "manual" in frame.flags and not named and not frame.bills:
            items = [d for d in items if not d.autopay]  # "which do I pay myself, not by direct debit?"
        elif "autopay" in frame.flags and not named and not frame.bills and not frame.kinds:
            # ("which bills are on autopay?"; of a kind said, "is the maintenance taken automatically?" is asked of
            # its bills, yes or no)
            items = [d for d in items if d.autopay]
        cover = _insurance_asked(frame, items, rw)
        covered = False  # the kind of insurance asked ("the house insurance") is held by the bills shown
        if cover is not None and mailbox is not None:
            # "what does the motor policy cost?": the insurance of that kind alone, never the home policy held
            stored = mailbox().stored([d.message_id for d in items])
            kinds = {d.id: _insurance_kinds(_held_text(d, stored.get(d.message_id)), rw) for d in items}
            items = [d for d in items if cover in kinds[d.id]]
            if not items:
                held_kinds = sorted({k for ks in kinds.values() for k in ks})
                said = f"the insurance it holds is {' and '.join(f'{k} insurance' for k in held_kinds)}" if held_kinds else \
                    "the insurance it holds does not say what it covers"
                return Answer(f"I found no {cover} insurance in the bills Steward has read: {said}.", {"dues": []})
            covered = True
        what = f"your {called}" if mentioned and called else _what(frame, items)
        if not items:
            return _nothing_open(frame, service, what, rw, lists(), mailbox() if mailbox else None, clock)
        short = frame.window is not None and frame.window.end - frame.window.start < timedelta(hours=23)
        if frame.window is not None and "overdue" not in frame.flags and not short:
            first, last = frame.window.start.date(), frame.window.end.date()
            # a bill already overdue is still owed in any window that reaches past today
            inside = [d for d in items if first <= d.due_date < last or (d.due_date == first == last)
                      or (d.id in overdue_ids and last > today)]
            if gone and mailbox is not None:
                # a statement is of the span its mail came in as much as of the day it fell due (December's
                # statement may be due in January): either counts, and both are shown when they differ
                came = _statement_days(items, mailbox(), clock)
                inside += [d for d in items if first <= came.get(d.id, d.due_date) < last and d not in inside]
            if not inside:
                items.sort(key=lambda d: (d.due_date, d.issuer))
                lines = [_line(d, d.id in overdue_ids, clock) for d in items]
                return Answer(honesty.elsewhere(what, frame.window.said, lines, frame.ask == "is_there"), {"dues": [d.id for d in items]})
            items = inside
        items.sort(key=lambda d: (d.due_date, d.issuer))
        if (frame.ask == "when" and (frame.kinds or frame.bills) and not named and not gone and len(items) > 1
                and _THE_NEXT_ONE.search(frame.text)):
            # "when is my next energy bill?": one bill of the kind, the soonest (two due that day are both it)
            items = [d for d in items if d.due_date == items[0].due_date]
        owe = "Billed on " if gone else "What you owe on "
        head = ("Overdue on " if "overdue" in frame.flags else owe) + what + (
            f" ({frame.window.said})" if frame.window and not short else "") + ":"
        if "cycle" in frame.flags:
            # "when does my billing cycle end?": no statement period is read from the mail, only the due days
            head = f"Steward reads no billing cycle from your mail, only when each bill is due. {head}"
        if "manual" in frame.flags and (named or frame.bills):
            # "do I pay the water bill myself?": yes or no first, then the bill
            if all(d.autopay for d in items):
                head = f"No: {what} is taken automatically (autopay / direct debit):"
            elif not any(d.autopay for d in items):
                head = f"Yes: the mail Steward has read sets up no autopay or direct debit for {what}:"
        elif "autopay" in frame.flags and (named or frame.bills or frame.kinds):
            # "does the phone bill come out on its own?": yes or no first, then the bill
            if all(d.autopay for d in items):
                head = f"Yes: {what} is taken automatically (autopay / direct debit):"
            elif not any(d.autopay for d in items):
                head = f"No: in the mail Steward has read, no autopay or direct debit pays {what} in full:"
        lines = [head, *(_line(d, d.id in overdue_ids, clock) for d in items)]
        if gone and mailbox is not None:
            # which statement is which: the day each came
            came = _statement_days(items, mailbox(), clock)
            lines = [head, *(_line(d, d.id in overdue_ids, clock)
                             + (f" (its mail came {day_text(came[d.id], clock)})" if d.id in came else "")
                             for d in items)]
        if mailbox is not None and not gone and len(items) <= _OPTIONS_READ:
            # a licence or a tax priced as options is owed at its full term's price, but which option is the
            # person's to choose: every price its letter gives is said under its line
            box = mailbox()
            lines = [head, *(line + _priced_options(d, box, clock) for line, d in zip(lines[1:], items, strict=True))]
        from_what = "charged_to" in frame.flags and bool(_WHICH.search(frame.text))
        if ("autopay" in frame.flags and "manual" not in frame.flags or from_what) and mailbox is not None \
                and len(items) <= _OPTIONS_READ:
            # what is taken and from where, as its mail says it: an autopay of part of a bill (a card's minimum
            # alone) with what is left to pay by hand; "which card is it charged to?" of a mail that names none
            # is said so
            lines += [said for d in items for said in (_autopay_said(d, mailbox(), clock) or (
                ["  its mail names no card or account it is taken from"] if from_what else []))]
        if len(items) > 1 and "total" in frame.flags:
            lines.insert(0, _totals(items, clock) + ".")  # "how much is that altogether?": the sum first
        elif len(items) > 1 and not gone:  # (two statements of one card are no sum)
            lines.append(_totals(items, clock))
        view = dues_view(head.rstrip(":"), items, overdue_ids, clock, window_words(frame, clock) if not short else None)
        # (a bill of the kind of insurance asked holds its words under any word of that kind: "house" of home cover)
        return Answer("\n".join(lines), {"dues": [d.id for d in items], "view": view,
                                         **({"accounted": True} if covered else {})})

    return Answerer("money", "money", answer)


# one bill asked as the next of its kind ("my next energy bill", "the next phone bill"), never "my next bills"
_THE_NEXT_ONE = re.compile(r"\b(?:my|the|our)\s+next\s+(?:[\w'\u2019-]+\s+){0,2}?bill\b(?!s)", re.I)


def _payments_made(frame: Frame, service: DuesService, rw: ReaderWords, mailbox: Mailbox | None,
                   clock: Clock) -> Answer | None:
    """The payments the person made that their mail confirms, of what the question names (a biller, a card,
    a kind, a span): the newest alone when one payment is asked of. None when no such payment was read (a
    payment Steward has not read is not said to be none)."""
    if honesty.named_things(frame, rw) or _PAID_FOR.search(frame.text):
        return None  # ("what have I paid for the hotel?" asks what a thing cost, not the payments made)
    made = list(service.payments())
    if frame.unmatched:
        # a name no payee has, said in a payee's own mail ("the Visa": the bank whose card mail says Visa)
        if mailbox is None:
            return None
        for u in frame.unmatched:
            payees = _mentioned_by(re.sub(r"['\u2019]s$", "", u.said), {p.payee for p in made}, mailbox, clock)
            made = [p for p in made if p.payee in payees]
        if not made:
            return None
    if honesty.names_in(frame, ("issuer", "account")):
        issuers = {v.value for v in frame.values("issuer")} | {v.issuer for v in frame.values("account")}
        own = {w for i in issuers for w in _own_words(i, rw)}
        accounts = {v.value for v in frame.values("account")}
        # one bank's names are one ("Suvarna Bank Alerts", "Suvarna Bank Credit Cards"), its card by its digits
        made = [p for p in made if (p.payee in issuers or (own and _own_words(p.payee, rw) <= own))
                and (not accounts or p.account in accounts)]
    if frame.kinds:
        made = [p for p in made if p.kind in frame.kinds]
    if frame.bills:
        payees = _bill_issuers(frame, rw, {p.payee for p in made}, mailbox, clock)
        made = [p for p in made if p.payee in payees]
    if frame.window is not None and frame.window.start < frame.window.end:
        first, last = clock.local(frame.window.start).date(), clock.local(frame.window.end).date()
        made = [p for p in made if first <= p.paid_on < last or p.paid_on == first == last]
    if not made:
        return None
    # one payment is asked of when one is said ("my last payment"); "what have I paid this month?" asks them all
    one = bool(re.search(r"\bpayment\b", frame.text, re.I)) and not re.search(r"\bpayments\b", frame.text, re.I)
    shown = made[:1] if one else made[:10]
    head = "Your last payment" if one else "The payments your mail confirms"
    if frame.kinds and one:
        head = f"Your last {' or '.join(frame.kinds)} payment"
    lines = [f"{head}:"]
    for p in shown:
        account = f" {p.kind} {p.masked_account}" if p.account else f" ({p.kind})" if p.kind != "other" else ""
        lines.append(f"- {money_text(p.amount, p.currency, clock)} to {p.payee}{account}, paid "
                     f"{day_text(p.paid_on, clock)}")
    return Answer("\n".join(lines), {"payments": [p.id for p in shown], "messages": [p.message_id for p in shown]})


def _sent_to_payee(said: str, service: DuesService, mailbox: Mailbox, clock: Clock) -> Answer | None:
    """The payments made to a person the question names by words of the payee's own name ("Rosa" of Rosa
    Alvarez), newest first; None when no payment's payee is called so."""
    words_said = set(name_words(said))
    paid = [p for p in service.payments() if p.payee and words_said and words_said <= set(name_words(p.payee))]
    return _receipts_of(paid, mailbox, clock) if paid else None


# the lines of a transfer's receipt that say what arrived and what it cost, each a label and a sum
_LABELLED_LINE = re.compile(r"^[ \t]*((?:amount\s+received|received\s+amount|recipient\s+gets|(?:transfer\s+)?fees?|"
                            r"charges?|total\s+(?:paid|charged|cost|amount))\s*:[^\n]{1,40})$", re.I | re.M)


def _receipts_of(paid: list[Payment], mailbox: Mailbox, clock: Clock) -> Answer:
    """The payments the mail confirms were sent, each with its receipt."""
    stored = mailbox.stored([p.message_id for p in paid])
    lines = ["Yes: the mail confirms you sent:" if len(paid) == 1 else "The payments your mail confirms you sent:"]
    for p in paid[:10]:
        m = stored.get(p.message_id)
        via = f" (\u201c{m.subject}\u201d from {m.sender_name or m.sender} [#{m.id}])" if m is not None else ""
        lines.append(f"- {money_text(p.amount, p.currency, clock)} to {p.payee} on {day_text(p.paid_on, clock)}{via}")
        if m is not None and len(paid) == 1:
            # a transfer's receipt tells what arrived and what it cost ("Amount received: PKR 114,225.00", "Fee: AED
            # 22.00", "Total paid: AED 1,522.00"): its own lines, as written
            lines += [f"  {line}" for line in _LABELLED_LINE.findall(_body(m, mailbox, clock))[:4]]
    return Answer("\n".join(lines), {"payments": [p.id for p in paid[:10]], "messages": [p.message_id for p in paid[:10]]})


def _sent_to(frame: Frame, service: DuesService, mailbox: Mailbox, clock: Clock) -> Answer | None:
    """The payments made to the people said, through the app said with them ("Chris ... on Swapp": a payment to
    Chris whose receipt came from Swapp), newest first; None when the mail confirms none."""
    made = [p for p in service.payments() if p.payee]
    said = [n for n in frame.filters if n.of("sender")]
    if not made or not said:
        return None
    stored = mailbox.stored([p.message_id for p in made])

    def to(p: Payment, n: Named) -> bool:
        # the words the question said for them are the payee's ("Chris"), or the payee is the sender said by
        # another word ("my brother"); a surname shared with another person is neither
        payee = set(name_words(p.payee))
        return set(name_words(n.said)) <= payee or any(payee == set(name_words(v.value)) for v in n.of("sender"))

    def through(p: Payment, n: Named) -> bool:
        m = stored.get(p.message_id)
        return m is not None and m.sender.lower() in {a.lower() for v in n.of("sender") for a in v.addresses}

    paid = [p for p in made if all(to(p, n) or through(p, n) for n in said) and any(to(p, n) for n in said)]
    return _receipts_of(paid, mailbox, clock) if paid else None


def _another_network(frame: Frame, items: list[Due], rw: ReaderWords, mailbox: Mailbox, clock: Clock) -> Answer | None:
    """"The Mastercard ending 4417" when the card ending 4417 is its bank's Visa (its mail says Visa, never
    Mastercard): said plainly, with the card there is; None when the network said is the card's or unknown."""
    from steward.reader.match import card_network

    norms = [w.replace("\u2019", "'") for w in words(frame.text)]
    said = card_network(norms, norms, rw.card_networks, frozenset(), set())
    if said is None:
        return None
    issuers = {d.issuer for d in items}
    if _mentioned_by(said, issuers, mailbox, clock):
        return None
    others = [" ".join(n) for n in rw.card_networks if " ".join(n) != said.casefold()]
    if not any(_mentioned_by(n, issuers, mailbox, clock) for n in others):
        return None  # (a bank whose mail names no network is not said to be another)
    ending = " or ".join(dict.fromkeys(v.value for v in frame.values("account")))
    lines = [f"I found no {said.title()} ending {ending} in your mail; the card it could be, whose mail never says "
             f"{said.title()}:",
             *(_line(d, False, clock) for d in sorted(items, key=lambda d: (d.due_date, d.issuer)))]
    return Answer("\n".join(lines), {"dues": [], "unmatched": said})


def _paid_by(frame: Frame, mailbox: Mailbox, clock: Clock) -> Answer | None:
    """The mail that says money came in from the person said ("Jess Miller paid you $25.00"), newest first; None
    when none says so."""
    from steward.finance.money import country_of_zone, find_money, local_dollar

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    lines, ids = [], []
    for n in frame.filters:
        for v in n.of("sender"):
            names = {re.escape(x) for x in (v.value, n.said) if x}
            came = re.compile(rf"\b(?:{'|'.join(names)})\b[^.!?\n]{{0,30}}?\b(?:paid|sent|transferred)\s+you\b|"
                              # a remittance's or a bank's word of money from them ("You've received money from
                              # ANA CRUZ", "Money sent by ANA CRUZ from Doha has been credited")
                              rf"\b(?:received\s+(?:money|a\s+transfer|a\s+remittance|funds|a\s+payment)\s+from|"
                              rf"(?:money|funds|remittance)\s+sent\s+by|"
                              # a remittance's subject ("Money received from Devon Campbell")
                              rf"(?:money|funds|remittance|payment|transfer)\s+received\s+from|"
                              # a bank's credit alert's description ("TRF FROM ANA CRUZ/RENT", "NIP TRANSFER FROM ...")
                              rf"(?:trf|tfr|transfer|trsf)\s+from)\s+(?:{'|'.join(names)})\b", re.I)
            # (a bank's credit alert names the sender only in its description: it is found by its own words)
            hits = [*mailbox.search(f'"{v.value}"', limit=30, clock=clock).hits,
                    *mailbox.search(_ALERT_QUERY, limit=50, clock=clock).hits]
            for h in hits:
                m = h.message
                said = f"{m.subject}\n{m.snippet}"
                found = came.search(said)
                if found is None and m.category in ("other", "bank_alert") and _ALERT_CUT.search(said):
                    said = _body(m, mailbox, clock) or said  # the description the kept start cut off
                    found = came.search(said)
                labelled = _ALERT_AMOUNT.search(said) if found and found.group(0).lower().startswith(("trf", "tfr", "tr")) \
                    else None
                if labelled is not None:
                    # a bank alert writes its sum before the description, and its balance after: the labelled sum
                    money = find_money(said[labelled.end():], dollar=local_dollar(said, m.sender, country))[:1]
                else:
                    money = (_received_sum(m, mailbox, clock, country)
                             or find_money(said[found.start():], dollar=local_dollar(said, m.sender, country))) \
                        if found else []
                if found and money and money[0].currency and m.id not in ids:
                    # a remittance paid out in another currency says what they sent too ("Amount sent: CAD 250.00")
                    sent = [s for s in _labelled_sum(m, mailbox, clock, country, _SENT)
                            if s.currency != money[0].currency]
                    as_sent = f" (sent as {money_text(sent[0].amount, sent[0].currency, clock)})" if sent else ""
                    lines.append(f"- {v.value} paid you {money_text(money[0].amount, money[0].currency, clock)}"
                                 f"{as_sent} on {day_text(clock.local(m.received_at).date(), clock)} (\u201c{m.subject}\u201d from "
                                 f"{m.sender_name or m.sender} [#{m.id}])")
                    ids.append(m.id)
    if not lines:
        return None
    return Answer("\n".join(["Yes: the mail says it came in:", *lines[:10]]), {"messages": ids[:10]})


# a person's mail asking the person for money of their own ("your share is RM 15", "transfer to me")
_ASKS_YOU = re.compile(r"\b(?:you\s+owe\s+me|your\s+(?:half|share|part|portion|cut)|pay\s+me|(?:transfer|bank\s+in|"
                       r"send|pass|give)\s+(?:it\s+|them\s+)?(?:to\s+)?me)\b", re.I)


def _asked_of_you(senders: Sequence[SlotValue], kinds: Sequence[str], rw: ReaderWords, mailbox: Mailbox,
                  clock: Clock) -> Answer | None:
    """A person's own mail that asks the person for a sum (of the kind asked, when one is: "how much rent do I
    pass my flatmate?": her "rent for May RM 700, transfer to me by Friday"; "what do I owe Imran?": his
    "your share is RM 15"), quoted newest first; None when none of their mail asks it."""
    from steward.finance.money import country_of_zone
    from steward.reader.answerers.mail import money_sentence

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    said_kind = [p for k in kinds for p in rw.money_kinds.get(k, ())]
    lines, ids = [], []
    for v in senders[:3]:
        for a in v.addresses:
            for h in mailbox.from_sender(a, limit=5, clock=clock).hits:
                m = h.message
                said = money_sentence(m.snippet, country) if m.category != "phishing_suspect" else None
                low = f" {' '.join(words(said))} " if said else ""
                if said and m.id not in ids and (any(f" {' '.join(p)} " in low for p in said_kind) if kinds
                                                 else _ASKS_YOU.search(said)):
                    lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                                 f"\u201c{m.subject}\u201d \u2014 \u201c{said}\u201d [#{m.id}]")
                    ids.append(m.id)
    if not lines:
        return None
    who = " and ".join(v.value for v in senders[:3])
    return Answer("\n".join([f"No bill of it; what {who}'s own mail asks of you, newest first:", *lines[:3]]),
                  {"messages": ids[:3]})


def _owed_by(senders: Sequence[SlotValue], mailbox: Mailbox, clock: Clock, when: bool = False) -> Answer | None:
    """No receipt says money came in from them ("has Rui paid us back?", "what does Rui still owe me?"): what
    their own mail and the mail naming them say of money (a payment app's "You requested $62.40 from Rui Tavares",
    their "still owe you $62.40, I'll send it on the 15th"), newest first, with the day their note gives when
    `when` is asked; None when none says an amount."""
    from steward.finance.money import country_of_zone
    from steward.reader.answerers.mail import money_sentence
    from steward.reader.answerers.mail_news import day_it_gives

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    found: dict[int, Message] = {}
    for v in senders[:3]:
        for a in v.addresses:
            found.update((h.message.id, h.message) for h in mailbox.from_sender(a, limit=10, clock=clock).hits)
        found.update((h.message.id, h.message) for h in mailbox.search(f'"{v.value}"', limit=20, clock=clock).hits)
    lines, ids = [], []
    for m in sorted(found.values(), key=lambda x: x.received_at, reverse=True):
        said = money_sentence(m.snippet, country) if m.category != "phishing_suspect" else None
        if said is None:
            continue
        lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                     f"\u201c{m.subject}\u201d \u2014 \u201c{said}\u201d [#{m.id}]")
        ids.append(m.id)
    if not lines:
        return None
    who = " and ".join(v.value for v in senders[:3])
    head = [f"No mail says {who} has paid you yet. What the mail says of money between you, newest first:"]
    own = {a for v in senders[:3] for a in v.addresses}
    gives = next((g for m in sorted(found.values(), key=lambda x: x.received_at, reverse=True)
                  if m.id in ids and m.sender in own and (g := day_it_gives(m, clock))), None) if when else None
    if gives:
        head.insert(0, f"{gives[:-1]}, as {who}'s own mail says it.")  # "when will Rui pay us back?"
    return Answer("\n".join([*head, *lines[:5]]), {"messages": ids[:5]})


_ALERT_QUERY = "trf OR tfr OR transfer OR credit OR credited"
# a credit alert whose kept start ends before its description names who sent the money
_ALERT_CUT = re.compile(r"\bcredit\b.{0,200}\bamount\s*:", re.I | re.S)
# a bank alert's own sum, by its label ("Amount: NGN 150,000.00", "Transaction Amount: ..."), never its balance
_ALERT_AMOUNT = re.compile(r"(?:^|\n|\s)(?:transaction\s+|txn\s+)?amount\s*:\s*", re.I)


# the sum a remittance or a transfer says came in, by its label ("Amount received: PHP 15,320.00", "credited: ...")
_RECEIVED = re.compile(r"\b(?:amount\s+received|amount\s+credited|you\s+received|received\s+amount|payout\s+amount|"
                       r"amount\s+paid\s+out)\s*:?\s*", re.I)


# the sum a remittance says its sender paid in, before the exchange ("Amount sent: CAD 250.00", "You sent: ...")
_SENT = re.compile(r"\b(?:amount\s+sent|sent\s+amount|send\s+amount)\s*:?\s*", re.I)


_OPTIONS_READ = 3  # the bills an answer of a few reads in whole for the options they price


def _priced_options(due: Due, mailbox: Mailbox, clock: Clock) -> str:
    """The options the bill's mail prices, said after its line ("\n  It's priced as options ..."), or ""."""
    from steward.finance.options import options_line, priced_options

    m = mailbox.stored([due.message_id]).get(due.message_id)
    if m is None:
        return ""
    options = priced_options(_body(m, mailbox, clock) or f"{m.subject}\n{m.snippet}")
    return f"\n  {options_line(options)}" if options else ""


def _body(m: Message, mailbox: Mailbox, clock: Clock) -> str:
    """A message's subject and body fetched live; "" when its source is gone."""
    from steward.errors import StewardError

    try:
        return f"{m.subject}\n{mailbox.read(m.id, clock=clock).body}"
    except StewardError:
        return ""


def _received_sum(m: Message, mailbox: Mailbox, clock: Clock, country: str) -> list[MoneyAt]:
    """The sum a mail labels as received (what came in, after a remittance's exchange), from what the store keeps
    of it, else from its body fetched live; [] when none is labelled so."""
    return _labelled_sum(m, mailbox, clock, country, _RECEIVED)


def _labelled_sum(m: Message, mailbox: Mailbox, clock: Clock, country: str, label_of: re.Pattern[str]) -> list[MoneyAt]:
    """The sum a mail writes after a label of `label_of`, from what the store keeps of it, else from its body
    fetched live; [] when none is labelled so."""
    from steward.errors import StewardError
    from steward.finance.money import find_money, local_dollar, local_letter

    def labelled(text: str) -> list[MoneyAt]:
        for label in label_of.finditer(text):
            found = find_money(text[label.end():label.end() + 30], dollar=local_dollar(text, m.sender, country),
                               letter=local_letter(m.sender, country))
            if found and found[0].currency:
                return found[:1]
        return []

    kept = labelled(f"{m.subject}\n{m.snippet}")
    if kept:
        return kept
    try:
        return labelled(mailbox.read(m.id, clock=clock).body)
    except StewardError:
        return []


def _a_loan_by_its_kind(frame: Frame, rw: ReaderWords) -> Frame:
    """A loan asked of by what it is for ("my car loan") names no lender whose name only holds "loan" ("Bluestem
    Loan Servicing"): the loans are asked of, and the kind said picks among them."""
    if not any(_hits(_kind_words(frame.text, rw), p) for p in rw.loan_kinds.values()):
        return frame  # (a loan's word said of something else names no loan: "is it auto deduct?")

    if not (frame.filters or frame.kinds or frame.bills or frame.unknown or frame.unmatched or frame.things):
        return replace(frame, kinds=("loan",))  # "how much is left on the car?": the loan for it, when there is one
    if not frame.filters:
        return frame
    loan_words = {w for p in rw.money_kinds.get("loan", ()) for w in p}
    if not all(set(words(n.said)) <= loan_words for n in frame.filters):
        return frame
    return replace(frame, filters=(), kinds=tuple(dict.fromkeys((*frame.kinds, "loan"))))


def _insurance_by_its_cover(frame: Frame, rw: ReaderWords) -> Frame:
    """Insurance asked of by what it covers ("my dental insurance") names no insurer whose name only holds
    "insurance" ("Larkspur Insurance"): the insurance bills are asked of, and the cover said picks among them."""
    if not frame.filters or not _insurance_kinds(frame.text, rw):
        return frame
    own = {w for p in rw.money_kinds.get("insurance", ()) for w in p}
    if not all(set(words(n.said)) <= own for n in frame.filters):
        return frame

    return replace(frame, filters=(), kinds=tuple(dict.fromkeys((*frame.kinds, "insurance"))))


def _loans_said(text: str, loans: list[Due], rw: ReaderWords, mailbox: Mailbox, clock: Clock) -> list[Due] | Answer:
    """The loans of the kind a question says ("the mortgage"): those whose lender or mail says it. None of them:
    said plainly, with the loans there are (never another loan as if it were the one asked of)."""
    kinds = [k for k, phrases in rw.loan_kinds.items() if _hits(text, phrases)]
    if not kinds or not loans:
        return loans
    stored = mailbox.stored([d.message_id for d in loans])
    held = [d for d in loans if any(_hits(_held_text(d, stored.get(d.message_id)), rw.loan_kinds[k]) for k in kinds)]
    if held:
        return held
    # (named, never with their sums and days: those would read as the answer about the loan asked of)
    names = dict.fromkeys(f"- {d.issuer}" + (f" (account ending {d.account[-4:]})" if d.account else "")
                          for d in sorted(loans, key=lambda d: (d.due_date, d.issuer)))
    return Answer("\n".join([f"I found no {' or '.join(kinds)} in the bills Steward has read. The loans it has read:",
                             *names]), {"dues": []})


_PAID_FOR = re.compile(r"\bpa(?:y|id)\s+for\b", re.I)


def _kind_words(text: str, rw: ReaderWords) -> str:
    """`text` with each phrase that says a kind's word of something else masked (`not_kinds`: "auto deduct")."""
    said = words(text)
    for p in rw.not_kinds:
        for at in range(len(said) - len(p) + 1):
            if tuple(said[at:at + len(p)]) == tuple(p):
                said[at:at + len(p)] = ["_"] * len(p)
    return " ".join(said)


def _hits(text: str, phrases: Sequence[tuple[str, ...]]) -> bool:
    said = f" {' '.join(words(text))} "
    return any(f" {' '.join(p)} " in said for p in phrases)


def _own_words(name: str, rw: ReaderWords) -> set[str]:
    """The words of a name that tell it apart (not "bank", "alerts", "cards")."""
    return {w for w in name_words(name) if w not in rw.generic and w not in rw.common}


def _insurance_asked(frame: Frame, items: Sequence[Due], rw: ReaderWords) -> str | None:
    """The one kind of insurance a question about insurance names ("my car insurance" -> car), when the bills
    it is answered with are insurance; None otherwise."""
    if not items or any(d.kind != "insurance" for d in items):
        return None
    said = _insurance_kinds(frame.text, rw)
    return said[0] if len(said) == 1 else None


def _insurance_kinds(text: str, rw: ReaderWords) -> tuple[str, ...]:
    """The kinds of insurance a text says (a bill's words, or a question's)."""
    return tuple(k for k, phrases in rw.insurance_kinds.items() if _hits(text.replace("\u2019", "'"), phrases))


# which card or account is asked for ("which card is it charged to?", "what bank account does it come out of?")
_WHICH = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(?:card|cards|account|accounts|bank)\b", re.I)
# a sentence that says what a bill is taken from ("HK$398.00 will be charged to your credit card ending 6621")
_TAKEN_FROM = re.compile(r"\b(?:charged|billed)\s+to\s+your\b|\b(?:debited|deducted|taken)\s+from\s+your\b", re.I)


def _autopay_said(due: Due, mailbox: Mailbox, clock: Clock) -> list[str]:
    """What a bill's own mail says of an autopay or a debit set up for it, quoted (at most two sentences): the
    part it pays and the part left to pay by hand. Nothing when its mail names none, or is gone."""
    from steward.errors import StewardError
    from steward.finance.vocab import finance_vocab
    from steward.reader.details import sentences

    if due.message_id is None:
        return []
    try:
        body = mailbox.read(due.message_id, clock=clock).body
    except StewardError:
        return []
    pattern = finance_vocab().autopay
    said = [" ".join(s.split()) for s in sentences(body) if pattern.search(s.lower()) or _TAKEN_FROM.search(s)][:2]
    return [f"  its mail says: \u201c{s.strip()}\u201d" for s in said if len(s) <= 300]


def _held_text(due: Due, message: object | None) -> str:
    """What a bill holds in words: its issuer, kind and card, and its mail's sender, subject and snippet."""
    said = [due.issuer, due.kind, due.account or ""]
    if message is not None:
        said += [str(getattr(message, k, "") or "") for k in ("sender_name", "subject", "snippet")]
    return " ".join(said)


def _says_as_said(things: Sequence[str], text: str) -> bool:
    """Whether a text says every word of the things in the form it was said ("rates", not "rate")."""
    have = set(re.findall(r"[\w'-]+", text.casefold()))
    return all(w in have for t in things for w in t.casefold().split())


def _statement_days(items: Sequence[Due], mailbox: Mailbox, clock: Clock) -> dict[int, date]:
    """The day each due's statement came (its message's day on the person's clock), by the due's id."""
    stored = mailbox.stored([d.message_id for d in items])
    return {d.id: clock.local(stored[d.message_id].received_at).date() for d in items if d.message_id in stored}


def _what(frame: Frame, items: Sequence[Due] = ()) -> str:
    billers = {d.issuer for d in items}
    accounts = frame.values("account")
    issuers = frame.values("issuer")
    if billers:
        # of one bank's names ("Suvarna Bank Alerts", "Suvarna Bank Credit Cards"), the one whose bills are shown
        cards = list(dict.fromkeys(_label(d) for d in items if d.account))
        if accounts and cards and not any(v.issuer in billers for v in accounts):
            return " and ".join(cards)  # the card as its bill names it
        accounts = tuple(v for v in accounts if v.issuer in billers)
        issuers = tuple(v for v in issuers if v.value in billers) or issuers
    names = [v.label for v in accounts] or [v.value for v in issuers]
    if names:
        return " and ".join(names)
    if frame.bills:
        return "your " + " and ".join(frame.bills) + " bill"
    money = f"{'/'.join(c for c in frame.currencies if c not in FAMILIES) or frame.currencies[0].lower()} " \
        if frame.currencies else ""
    if frame.kinds:
        return "your " + money + " and ".join(f"{k} bills" if k != "card" else "cards" for k in frame.kinds)
    if money:
        return f"your {money}bills"
    return "your bills"


def _nothing_open(frame: Frame, service: DuesService, what: str, rw: ReaderWords, lists: SlotLists,
                  mailbox: Mailbox | None, clock: Clock) -> Answer:
    """Nothing open: say the newest bill of what was named (paid), never a bare "none"."""
    if honesty.names_in(frame, ("issuer", "account")):
        issuers = {v.value for v in frame.values("issuer")} | {v.issuer for v in frame.values("account")}
        accounts = {v.value for v in frame.values("account")}
        return _latest_paid(service, issuers, clock, accounts)
    if "overdue" in frame.flags:
        return Answer("Nothing is overdue in the bills Steward has read.", {"dues": []})
    if frame.kinds:
        every = service.digest(window="all", statuses=("paid", "open")).items
        issuers = {i.due.issuer for i in every if i.due.kind in frame.kinds}
        if issuers:
            return _latest_paid(service, issuers, clock)
        kind_words = {w for k in frame.kinds for p in rw.money_kinds.get(k, ()) for w in p}
        senders = [v for v in lists.of_slot("sender") if kind_words & set(name_words(v.value))]
        if senders and mailbox is not None:
            return _paid_in_mail(senders, rw, mailbox, clock) or honesty.mail_instead(what, senders, mailbox, clock)
    return Answer(f"Nothing is open on {what} in the bills Steward has read.", {"dues": []})


def _latest_paid(service: DuesService, issuers: set[str], clock: Clock, accounts: set[str] | None = None) -> Answer:
    """Nothing open for these issuers: their latest bill, paid (never a bare "none")."""
    past = [i.due for i in service.digest(window="all", statuses=("paid", "open")).items
            if i.due.issuer in issuers and (not accounts or i.due.account in accounts)]
    if not past:
        return Answer(f"Nothing is open for {', '.join(sorted(issuers))}.", {"dues": []})
    lines = []
    settled = {p.due_id: p for p in service.payments() if p.due_id is not None}
    for issuer in sorted(issuers):
        mine = [d for d in past if d.issuer == issuer]
        if mine:
            last = max(mine, key=lambda d: d.due_date)
            lines.append(_line(last, False, clock, settled.get(last.id)))
    return Answer(f"Nothing is open for {', '.join(sorted(issuers))}: nothing to pay. The latest bill:\n"
                  + "\n".join(lines), {"dues": []})
