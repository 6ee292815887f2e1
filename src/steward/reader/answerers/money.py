"""Money answers: one issuer, one card (by name or last four), one kind, due by a date, unpaid,
overdue, autopay; totals per currency (never added across currencies). Through `DuesService`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader import honesty
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text, money_text
from steward.reader.frame import Frame
from steward.reader.lists import SlotLists, name_words
from steward.reader.views import dues_view, window_words
from steward.reader.words import ReaderWords

if TYPE_CHECKING:
    from steward.finance.service import DuesService
    from steward.records.finance import Due
    from steward.search.mailbox import Mailbox

DOLLARS = frozenset(("USD", "AUD", "NZD", "CAD", "SGD", "HKD", "TWD", "JMD", "BSD", "FJD"))


def _label(due: Due) -> str:
    account = f" {due.kind} XXXX{due.account}" if due.account else f" {due.kind}"
    return f"{due.issuer}{account}"


def _line(due: Due, overdue: bool, clock: Clock) -> str:
    text = f"- {_label(due)}: {money_text(due.amount, due.currency, clock)} due {day_text(due.due_date, clock)}"
    if due.minimum is not None:
        text += f" (minimum {money_text(due.minimum, due.currency, clock)})"
    if due.autopay:
        text += "; taken automatically (autopay / direct debit)"
    if overdue:
        text += "; OVERDUE"
    if due.status == "paid":
        text += "; paid"
    return text


def _totals(dues: list[Due], clock: Clock) -> str:
    sums: dict[str, Decimal] = {}
    for d in dues:
        sums[d.currency] = sums.get(d.currency, Decimal(0)) + d.amount
    return "Total: " + "; ".join(money_text(v, k, clock) for k, v in sorted(sums.items()))


def _bill_issuers(frame: Frame, rw: ReaderWords, issuers: set[str]) -> set[str]:
    """The issuers whose own names say the kind of bill asked about ("water" -> Corella Water)."""
    said = {w for group in frame.bills for p in rw.bill_names[group] for w in p}
    return {i for i in issuers if said & set(name_words(i))}


def _mentioned_by(word: str, issuers: set[str], mailbox: Mailbox, clock: Clock) -> set[str]:
    """The issuers whose own mail says `word` ("Mastercard" on a bank's statement)."""
    hits = mailbox.search(f'"{word}"', limit=50, clock=clock).hits
    said = " ".join(word.casefold().split())
    # the words themselves, not a neighbour by meaning: "Visa Infinite" is one bank's card, not every Visa
    return {h.message.sender_name for h in hits if h.message.sender_name in issuers
            and said in " ".join(f"{h.message.subject} {h.message.snippet}".casefold().split())}


def money_answerer(dues: Callable[[], DuesService], rw: ReaderWords, lists: Callable[[], SlotLists],
                   mailbox: Callable[[], Mailbox] | None = None) -> Answerer:
    """The money answerer over the dues service (and the mail, for a name a bank's own mail uses)."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        if "spending" in frame.flags:
            # what was spent is not in the dues: the purchase alerts say it, unless what was bought is asked
            if mailbox is None or frame.unknown or frame.unmatched or frame.bills or set(frame.kinds) - {"card", "bank"} \
                    or frame.currencies:
                return None
            from steward.reader.answerers.spending import spent

            alerted_by = tuple(dict.fromkeys(v.issuer or v.value
                                             for v in (*frame.values("issuer"), *frame.values("account"))))
            return spent(frame, clock, mailbox(), alerted_by)
        service = dues()
        named = honesty.names_in(frame, ("issuer", "account"))
        if not named and frame.unknown and mailbox is not None:
            billers = {i.due.issuer for i in service.digest(window="all", statuses=("open", "paid")).items}
            lure = honesty.lure_instead(frame.unknown, mailbox(), clock, billers)
            if lure is not None:
                return lure  # a fee only a lure asks for is never among what is owed
        mentioned: set[str] = set()
        called = ""  # the name the mail of the issuers meant uses ("the Visa Platinum")
        if not named:
            for u in frame.unmatched:
                called = u.said
                issuers_all = {i.due.issuer for i in service.digest(window="all", statuses=("open", "paid")).items}
                mentioned = _mentioned_by(u.said, issuers_all, mailbox(), clock) if mailbox is not None else set()
                if mentioned:
                    break
                return Answer(honesty.no_such(u, "cards and bills" if u.what != "card" else "cards"),
                              {"unmatched": u.said, "nearest": list(u.nearest)})
        today = clock.today()
        digest = service.digest(window="all", as_of=today)
        overdue_ids = {i.due.id for i in digest.items if i.overdue}
        items = [i.due for i in digest.items]

        def about(due: Due, v: object) -> bool:
            slot, value = getattr(v, "slot", ""), getattr(v, "value", "")
            return due.issuer == value if slot == "issuer" else due.account == value

        items = honesty.named_only(frame, items, ("issuer", "account"), about)
        if mentioned:
            items = [d for d in items if d.issuer in mentioned]
            if not items:
                return _latest_paid(service, mentioned, clock)
        if frame.bills and not named:
            every = service.digest(window="all", statuses=("open", "paid")).items
            issuers = _bill_issuers(frame, rw, {i.due.issuer for i in every})
            if not issuers:
                words_said = {w for group in frame.bills for p in rw.bill_names[group] for w in p}
                senders = [v for v in lists().of_slot("sender") if words_said & set(name_words(v.value))]
                if senders and mailbox is not None:
                    return honesty.mail_instead(f"your {' or '.join(frame.bills)} bill", senders, mailbox(), clock)
                known = sorted({i.due.issuer for i in every})
                held = f"Your bills are from: {', '.join(known)}." if known else "It has read no bills yet."
                return Answer(f"I found no {' or '.join(frame.bills)} bill in the bills Steward has read. {held}",
                              {"dues": []})
            items = [d for d in items if d.issuer in issuers]
            if not items:
                return _latest_paid(service, issuers, clock)
        if frame.currencies and not named:
            wanted = set(frame.currencies)
            if "DOLLAR" in wanted and wanted & DOLLARS:
                wanted.discard("DOLLAR")  # "in US dollars": the one dollar said, not every dollar owed in
            if "DOLLAR" in wanted:
                # "in dollars": the dollar the person owes in; two of them are asked about, never one picked
                dollars = sorted({d.currency for d in items if d.currency in DOLLARS} - wanted)
                if len(dollars) > 1:
                    return Answer("", question=f"Which dollars: {' or '.join(dollars)}?")
                wanted |= set(dollars)
            items = [d for d in items if d.currency in wanted]  # "the euro card"
        if frame.kinds and not named and not frame.bills:  # "my energy account": the bill said is the kind
            items = [d for d in items if d.kind in frame.kinds]
        if "overdue" in frame.flags:
            late = [d for d in items if d.id in overdue_ids]
            if not late and items and honesty.names_in(frame, ("issuer", "account")):
                # "is Harbor overdue?" while its bill is open and not yet due: no, and when it is due
                items.sort(key=lambda d: (d.due_date, d.issuer))
                return Answer("\n".join([f"No: nothing on {_what(frame)} is overdue. Still to pay:",
                                         *(_line(d, False, clock) for d in items)]), {"dues": [d.id for d in items]})
            items = late
        if "autopay" in frame.flags and not named:
            items = [d for d in items if d.autopay]
        what = f"your {called}" if mentioned and called else _what(frame)
        if not items:
            return _nothing_open(frame, service, what, rw, lists(), mailbox() if mailbox else None, clock)
        short = frame.window is not None and frame.window.end - frame.window.start < timedelta(hours=23)
        if frame.window is not None and "overdue" not in frame.flags and not short:
            first, last = frame.window.start.date(), frame.window.end.date()
            # a bill already overdue is still owed in any window that reaches past today
            inside = [d for d in items if first <= d.due_date < last or (d.due_date == first == last)
                      or (d.id in overdue_ids and last > today)]
            if not inside:
                items.sort(key=lambda d: (d.due_date, d.issuer))
                lines = [_line(d, d.id in overdue_ids, clock) for d in items]
                return Answer(honesty.elsewhere(what, frame.window.said, lines), {"dues": [d.id for d in items]})
            items = inside
        items.sort(key=lambda d: (d.due_date, d.issuer))
        head = ("Overdue on " if "overdue" in frame.flags else "What you owe on ") + what + (
            f" ({frame.window.said})" if frame.window and not short else "") + ":"
        if "autopay" in frame.flags and named:
            # "does the phone bill come out on its own?": yes or no first, then the bill
            if all(d.autopay for d in items):
                head = f"Yes: {what} is taken automatically (autopay / direct debit):"
            elif not any(d.autopay for d in items):
                head = f"No: the mail Steward has read sets up no autopay or direct debit for {what}:"
        lines = [head, *(_line(d, d.id in overdue_ids, clock) for d in items)]
        if len(items) > 1:
            lines.append(_totals(items, clock))
        view = dues_view(head.rstrip(":"), items, overdue_ids, clock, window_words(frame, clock) if not short else None)
        return Answer("\n".join(lines), {"dues": [d.id for d in items], "view": view})

    return Answerer("money", "money", answer)


def _what(frame: Frame) -> str:
    names = [v.label for v in frame.values("account")] or [v.value for v in frame.values("issuer")]
    if names:
        return " and ".join(names)
    if frame.bills:
        return "your " + " and ".join(frame.bills) + " bill"
    money = f"{'/'.join(c for c in frame.currencies if c != 'DOLLAR') or 'dollar'} " if frame.currencies else ""
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
            return honesty.mail_instead(what, senders, mailbox, clock)
    return Answer(f"Nothing is open on {what} in the bills Steward has read.", {"dues": []})


def _latest_paid(service: DuesService, issuers: set[str], clock: Clock, accounts: set[str] | None = None) -> Answer:
    """Nothing open for these issuers: their latest bill, paid (never a bare "none")."""
    past = [i.due for i in service.digest(window="all", statuses=("paid", "open")).items
            if i.due.issuer in issuers and (not accounts or i.due.account in accounts)]
    if not past:
        return Answer(f"Nothing is open for {', '.join(sorted(issuers))}.", {"dues": []})
    lines = []
    for issuer in sorted(issuers):
        mine = [d for d in past if d.issuer == issuer]
        if mine:
            last = max(mine, key=lambda d: d.due_date)
            lines.append(_line(last, False, clock))
    return Answer(f"Nothing is open for {', '.join(sorted(issuers))}: nothing to pay. The latest bill:\n"
                  + "\n".join(lines), {"dues": []})
