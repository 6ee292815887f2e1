"""The mail that has come in, read by what kind it is: replies ("did anyone get back to me?"), the mail
that matters ("any important emails?", not newsletters, receipts or alerts), what a named sender's latest
says ("what did Priya say?"), and mail asked about as unread (Steward keeps no read state: it says so and
shows what came in). Through `Mailbox`; the mail answerer calls these when the frame's flags ask."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame, Window
from steward.reader.views import mail_view, window_words

if TYPE_CHECKING:
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

SHOWN = 10
# how far back "any replies?" and "any important mail?" look when no day is said
LOOK_BACK_DAYS = 7
# "how many unread?": the mail of the last day, since which messages were opened is not known here
UNREAD_HOURS = 24
# the mail that matters: a person's own mail, a bill due, a booking, a statement; and mail marked as a lure,
# shown as a warning (newsletters, receipts, alerts and the rest are left out)
IMPORTANT = ("personal", "payment_due", "appointment", "statement", "phishing_suspect")
# the subject of a reply, in the languages mail clients write it ("Re:", "AW:", "SV:", "Antw:", "RES:")
_REPLY = re.compile(r"^\s*(?:re|aw|sv|antw|res|r|vs|odp)\s*(?:\[\d+\])?\s*:", re.I)
_SNIPPET = 220
# what the store keeps of a message is cut at about this many characters: a note that long may say more
_KEPT_AT_MOST = 180
_NOTE = 600  # how much of a person's note a reply gives whole
# where a reply's quote of the mail before it starts ("On Tue, Sam wrote:", "> ...", "-----Original Message-----")
_QUOTED = re.compile(r"^\s*(?:On\b[^\n]{0,120}\bwrote:|>|-{2,}\s*Original Message)", re.I | re.M)


def is_reply(message: Message) -> bool:
    """Whether a message's subject says it answers another."""
    return _REPLY.match(message.subject) is not None


def _since(frame: Frame, clock: Clock, box: Mailbox, days: int) -> tuple[list[Message], str]:
    """The messages of the frame's window, or of the last `days` days, newest first, and the words for when."""
    if frame.window is not None:
        start, end, said = frame.window.start, frame.window.end, frame.window.said
        if end <= start:
            end = start + timedelta(days=1)
    else:
        start = datetime.combine(clock.today() - timedelta(days=days - 1), datetime.min.time(), clock.zone)
        end, said = clock.now() + timedelta(minutes=1), f"over the last {days} days"
    after, before = clock.local(start).date(), clock.local(end).date() + timedelta(days=1)
    hits = box.search(f"after:{after.isoformat()} before:{before.isoformat()}", limit=500, clock=clock).hits
    out = [h.message for h in hits if start <= h.message.received_at < end]
    out.sort(key=lambda m: m.received_at, reverse=True)
    return out, said


def _line(m: Message, clock: Clock, *, snippet: bool = False) -> str:
    at = clock.local(m.received_at)
    flag = " \u2014 looks like phishing" if m.category == "phishing_suspect" else ""
    said = f": {_short(m.snippet)}" if snippet and m.snippet.strip() and not flag else ""
    return (f"- {day_text(at.date(), clock)} {clock.formats.time(at)} {m.sender_name or m.sender}: "
            f"\u201c{m.subject}\u201d{flag}{said}")


def _note_of(m: Message, box: Mailbox, clock: Clock) -> str:
    """A person's short note as they wrote it, from its body fetched live (up to its quoted reply, a few lines
    long at most); "" when its source cannot be read."""
    from steward.errors import StewardError

    try:
        body = box.read(m.id, clock=clock).body
    except StewardError:
        return ""
    own = _QUOTED.split(body, maxsplit=1)[0]
    flat = " ".join(own.split())
    return flat if len(flat) <= _NOTE else flat[:_NOTE].rsplit(" ", 1)[0] + " \u2026"


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _SNIPPET else flat[:_SNIPPET].rsplit(" ", 1)[0] + " \u2026"


def gist(snippet: str) -> str:
    """The start of what a message says, on one line, cut at a word."""
    return _short(snippet)


def _answer(head: str, shown: Sequence[Message], frame: Frame, clock: Clock, lines: Sequence[str],
            count: int) -> Answer:
    view = mail_view(head, list(shown), clock, window_words(frame, clock))
    return Answer("\n".join([head + ":", *lines]), {"messages": [m.id for m in shown], "count": count, "view": view})


def replies(frame: Frame, clock: Clock, box: Mailbox, senders: Sequence[str] = ()) -> Answer:
    """The replies that came in (from the senders named, when any), newest first."""
    mail, said = _since(frame, clock, box, LOOK_BACK_DAYS)
    named = {s.casefold() for s in senders}
    if named:
        mail = [m for m in mail if (m.sender_name or "").casefold() in named or m.sender.casefold() in named]
    got = [m for m in mail if is_reply(m)]
    who = f" from {' or '.join(senders)}" if senders else ""
    if named and mail and not got:
        # "did the optician get back to me?": whatever they wrote since is their answer, a reply or not
        head = f"{len(mail)} message{'s' if len(mail) != 1 else ''} came in{who} {said}, newest first"
        return _answer(head, mail[:SHOWN], frame, clock, [_line(m, clock, snippet=True) for m in mail[:SHOWN]],
                       len(mail))
    if not got:
        newest = [f"- their latest: {_line(mail[0], clock)[2:]}"] if named and mail else []
        return Answer("\n".join([f"No reply came in{who} {said}.", *newest]), {"messages": [], "count": 0})
    head = f"{len(got)} repl{'ies' if len(got) != 1 else 'y'} came in{who} {said}, newest first"
    return _answer(head, got[:SHOWN], frame, clock, [_line(m, clock, snippet=True) for m in got[:SHOWN]], len(got))


def important(frame: Frame, clock: Clock, box: Mailbox) -> Answer:
    """The mail that matters of the window (or of the last week): people's own mail, bills due, bookings,
    statements, and a warning for mail marked as a lure."""
    mail, said = _since(frame, clock, box, LOOK_BACK_DAYS)
    got = [m for m in mail if m.category in IMPORTANT]
    left = len(mail) - len(got)
    rest = f" ({left} newsletter{'s' if left != 1 else ''}, receipts and alerts left out)" if left else ""
    if not got:
        return Answer(f"Nothing that looks important came in {said}{rest}: no mail from people, no bill due, "
                      "no booking.", {"messages": [], "count": 0})
    head = (f"{len(got)} message{'s' if len(got) != 1 else ''} that look{'s' if len(got) == 1 else ''} important "
            f"came in {said}{rest}, newest first")
    return _answer(head, got[:SHOWN], frame, clock, [_line(m, clock) for m in got[:SHOWN]], len(got))


def personal(frame: Frame, clock: Clock, box: Mailbox) -> Answer:
    """People's own mail of the window (or of the last week), not a company's: newsletters, receipts, alerts
    and bills left out, and the person's own messages too."""
    mail, said = _since(frame, clock, box, LOOK_BACK_DAYS)
    own = box.own_address()
    got = [m for m in mail if m.category == "personal" and m.sender.casefold() != (own or "")]
    if not got:
        return Answer(f"No personal mail came in {said}: only newsletters, receipts, alerts and notices from "
                      "companies.", {"messages": [], "count": 0})
    head = f"{len(got)} personal message{'s' if len(got) != 1 else ''} (from people, not companies) came in {said}, newest first"
    return _answer(head, got[:SHOWN], frame, clock, [_line(m, clock) for m in got[:SHOWN]], len(got))


def unread(frame: Frame, clock: Clock, box: Mailbox) -> Answer:
    """Which mail was opened is kept by the mail app: said so, with what came in over the last day."""
    if frame.window is None:
        start = clock.now() - timedelta(hours=UNREAD_HOURS)
        window = Window(start, clock.now() + timedelta(minutes=1), f"over the last {UNREAD_HOURS} hours", "hour")
        frame = replace(frame, window=window)
    mail, said = _since(frame, clock, box, 1)
    note = "Which messages you have opened is kept by your mail app, not by Steward"
    if not mail:
        return Answer(f"{note}; no mail came in {said}.", {"messages": [], "count": 0})
    head = f"{note}; {len(mail)} message{'s' if len(mail) != 1 else ''} came in {said}, newest first"
    return _answer(head, mail[:SHOWN], frame, clock, [_line(m, clock) for m in mail[:SHOWN]], len(mail))


def told_of(messages: Sequence[Message], asked: str = "", topic: str = "") -> Message:
    """The message `latest_says` tells of: the newest, the newest that says `topic`, or the newest that asks
    what `asked` says."""
    m = max(messages, key=lambda x: x.received_at)
    if topic:
        # "what did Jo say about the party?": the newest that says it, when one does
        about = _errand_words(topic)
        m = max(messages, key=lambda x: (len(about & _errand_words(f"{x.subject} {x.snippet}")), x.received_at))
    asking = [x for x in messages if x.category != "phishing_suspect" and _ASKS.search(f"{x.subject} {x.snippet}")]
    if asked and asking:
        wanted = _asked_words(asked)
        m = max(asking, key=lambda x: (bool(wanted & _errand_words(f"{x.subject} {x.snippet}")), x.received_at))
    return m


def latest_says(messages: Sequence[Message], clock: Clock, asked: str = "", topic: str = "",
                box: Mailbox | None = None) -> str:
    """The line that opens an answer about a sender's mail with what the newest one says; `asked` (the
    question, when it asks what they asked for: "what did Jo want me to pick up?"): the one whose stored words
    ask something of the person, the newest of those that ask what the question says (an errand: "can you
    grab milk?"), when one does. With `box`, a person's own note that what is kept cuts short is said whole
    (its body fetched live, to a few lines), so what it asks at its end is not lost."""
    m = told_of(messages, asked, topic)
    asking = asked and any(x.category != "phishing_suspect" and _ASKS.search(f"{x.subject} {x.snippet}")
                           for x in messages)
    at = clock.local(m.received_at)
    body = f" \u2014 {_short(m.snippet)}" if m.snippet.strip() and m.category != "phishing_suspect" else ""
    if body and box is not None and m.category == "personal" and len(" ".join(m.snippet.split())) >= _KEPT_AT_MOST:
        whole = _note_of(m, box, clock)
        body = f" \u2014 {whole}" if whole else body
    head = "What" if asked and asking else "From" if topic else "The latest from"
    who = m.sender_name or m.sender
    return (f"{head} {who} asked, {day_text(at.date(), clock)} {clock.formats.time(at)}: " if head == "What" else
            f"{head} {who}, {day_text(at.date(), clock)} {clock.formats.time(at)}: ") + f"\u201c{m.subject}\u201d{body}"


# words of a message that ask something of its reader ("can you grab milk?", "please bring the forms",
# "don't forget the tickets")
_ASKS = re.compile(r"\b(?:can|could|would|will) (?:you|u)\b|\bplease\b|\bpls\b|\bplz\b|\bdon'?t forget\b|"
                   r"\bremember to\b|\bmake sure\b|\bneed you to\b|\bwould you mind\b|\bmind (?:getting|picking|"
                   r"bringing|buying)\b", re.I)
# the verbs of an errand, one kind of thing asked whichever is said ("pick up" the milk they asked to "grab")
_ERRANDS = frozenset(("get", "grab", "buy", "pick", "bring", "collect", "fetch", "pickup", "order"))
_SMALL = frozenset(("me", "us", "to", "for", "the", "a", "an", "some", "up", "do", "from", "on", "at", "and", "my",
                    "our", "it", "them", "that", "this", "what", "did", "does"))


def _errand_words(text: str) -> set[str]:
    """The words of a text, every errand verb read as one ("errand")."""
    said = set(re.findall(r"[a-z']+", text.casefold())) - _SMALL
    return {"errand" if w in _ERRANDS else w for w in said}


def _asked_words(question: str) -> set[str]:
    """What a question says was asked for: its words after "ask me to", "want us to", ..."""
    m = ASKED_FOR.search(question)
    return _errand_words(question[m.end():]) if m else set()


# the words of a question that ask what someone asked for ("what did Jo ask me to get?", "what did Sam need me
# to bring?")
ASKED_FOR = re.compile(r"\b(?:ask|asked|asks|asking|need|needed|needs|tell|told|tells|request|requested|want|"
                       r"wanted|wants)\b(?: (?:me|us))? (?:to|for)\b", re.I)


def day_it_gives(m: Message, clock: Clock) -> str | None:
    """ "The day it gives: Thu 17 Dec at 11:00.": the day (and time) ahead of its arrival that a message's words
    give ("could we meet Thursday at 11?"), read on the clock of the moment it came; None when it gives none."""
    from steward import dates

    came = m.received_at
    found = dates.find(f"{m.subject}. {m.snippet}", clock.at(came), prefer="future")
    if found is None or found.start is None or found.start < came or found.grain not in ("day", "hour", "minute"):
        return None
    start = clock.local(found.start)
    said = clock.formats.day(start.date()) + ("" if found.grain == "day" else f" at {clock.formats.time(start)}")
    return f"The day it gives: {said}."


# the words delivery notices say, searched for when a parcel is asked after
DELIVERY_WORDS = ("parcel", "package", "delivery", "delivered", "courier", "shipped", "dispatched", "shipment",
                  "tracking")
DELIVERY_DAYS = 14
# a thing shipped that a notice names by what it is, not by a word every notice says ("the barrel from Toronto",
# "the boxes from the move"): asked after by it, the notices that name it
_SHIPPED = re.compile(r"\b(barrel|crate|box|pallet|suitcase|trunk)(?:e?s)?\b", re.I)
# a notice of the person's own parcel, said in its subject ("Out for delivery: your Kwikmart shipment", "Your order
# has been dispatched"): one, even when the mail is filed with the newsletters (a shop's "free delivery" is not)
_OWN_PARCEL = re.compile(r"\bout\s+for\s+delivery\b|\b(?:is|was|has\s+been|have\s+been|will\s+be)\s+(?:delivered|"
                         r"dispatched|shipped)\b|\byour\s+(?:[\w&'-]+\s+){0,2}(?:parcel|package|shipment|order|delivery)\s+"
                         r"(?:is|has|was|will|from)\b|\b(?:AWB|tracking\s+(?:no|number|id))\b", re.I)


# the sum a parcel's mail says is paid when it comes ("COD amount: P1,250.00", "Please prepare $40.00 for cash on
# delivery", "Payment: Cash on Delivery ... Total: 980.00")
_COD = re.compile(r"\b(?:cod|c\.o\.d\.?|cash\s+on\s+delivery|pay(?:ment)?\s+on\s+delivery|collect\s+on\s+delivery)\b",
                  re.I)
_COD_QUERY = '"cash on delivery" OR COD OR "pay on delivery"'
_COD_REACH = 60  # how far from the words of paying on delivery its sum may stand


def cash_on_delivery(clock: Clock, box: Mailbox) -> Answer:
    """What the newest mail of the last fortnight that says a parcel is paid on delivery says to pay, with that
    mail; said plainly when none says a sum (lures left out)."""
    from steward.finance.money import country_of_zone, find_money, local_dollar, local_letter

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    since = clock.today() - timedelta(days=DELIVERY_DAYS - 1)
    hits = [h.message for h in box.search(f"{_COD_QUERY} after:{since.isoformat()}", limit=50, clock=clock).hits
            if h.message.category != "phishing_suspect" and (h.message.category != "newsletter"
                                                               or _OWN_PARCEL.search(h.message.subject))]
    hits.sort(key=lambda m: m.received_at, reverse=True)
    for m in hits:
        said = f"{m.subject}\n{m.snippet}"
        money = [x for x in find_money(said, dollar=local_dollar(said, m.sender, country),
                                       letter=local_letter(m.sender, country)) if x.currency]
        for cod in _COD.finditer(said):
            # the sum nearest the words, either side ("COD amount: P1,250.00", "Total: 980.00 Payment: COD")
            gaps = [(max(x.start - cod.end(), cod.start() - x.end), x) for x in money]
            near = [(gap, x) for gap, x in gaps if gap <= _COD_REACH]
            if near:
                nearest = min(near, key=lambda g: g[0])[1]
                sum_ = clock.formats.money(nearest.amount, nearest.currency)
                return Answer(f"To pay on delivery: {sum_}, as {m.sender_name or m.sender}'s mail says "
                              f"({day_text(clock.local(m.received_at).date(), clock)}, \u201c{m.subject}\u201d [#{m.id}]).",
                              {"messages": [m.id]})
    return Answer("I can't find a sum to pay on delivery in your mail of the last "
                  f"{DELIVERY_DAYS} days.", {"messages": [m.id for m in hits[:SHOWN]]})


# an order or a parcel asked after ("how much was that order?", "what did the parcel cost?")
AN_ORDER = re.compile(r"\b(?:order|orders|parcel|parcels|package|packages|delivery|purchase)\b", re.I)
# the shop a courier's notice names ("your parcel from Tartan & Twine is out for delivery", "your order from
# Kedai Buku has shipped")
_FROM_A_SHOP = re.compile(r"\b(?:parcel|package|order|delivery|shipment)\s+from\s+((?:[A-Z0-9][\w'.-]*)"
                          r"(?:\s+(?:&|and|of|[A-Z0-9][\w'.-]*))*)")


def order_behind(notices: Sequence[Message], box: Mailbox, clock: Clock) -> Answer | None:
    """The order behind a courier's notice: the newest mail from the shop the notice names that prices it (its
    total, as the order's mail labels it); None when the notice names no shop, or the shop's mail prices nothing."""
    from steward.errors import StewardError
    from steward.finance.money import country_of_zone, local_dollar, local_letter
    from steward.reader.answerers.costs import the_cost

    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    for notice in notices[:3]:
        named = _FROM_A_SHOP.search(f"{notice.subject}\n{notice.snippet}")
        if named is None or notice.category == "phishing_suspect":
            continue
        shop = re.sub(r"\s+(?:and|of)$", "", named.group(1).strip(" .")).casefold()
        found = box.search(f'"{shop}"', limit=20, clock=clock).hits
        theirs = sorted((x.message for x in found if x.message.category not in ("phishing_suspect", "newsletter")
                         and (x.message.sender_name or "").casefold().strip() == shop),
                        key=lambda m: m.received_at, reverse=True)
        for m in theirs:
            try:
                text = f"{m.subject}\n{box.read(m.id, clock=clock).body}"
            except StewardError:
                continue
            # (a bare "$" is the dollar the mail names, else its sender's country's, else the person's)
            cost, _ = the_cost(text, local_dollar(text, m.sender, country), local_letter(m.sender, country))
            if cost is None:
                continue
            sent = day_text(clock.local(m.received_at).date(), clock)
            return Answer(f"The order from {m.sender_name} came to {cost.amount}, as its mail says: \u201c{cost.line}\u201d "
                          f"({sent}, \u201c{m.subject}\u201d [#{m.id}]; the delivery notice is {notice.sender_name or notice.sender}'s)",
                          {"messages": [m.id, notice.id]})
    return None


def deliveries(frame: Frame, clock: Clock, box: Mailbox, shops: Sequence[str] = ()) -> Answer:
    """The delivery notices of the window (or of the last fortnight), newest first, what the newest says first;
    newsletters left out (a word of theirs is no parcel). With `shops` ("is the parcel from Tindahan coming
    today?"): those that name a shop said, else every one with a line saying none names it (a courier's notice
    often names no shop)."""
    if frame.window is not None:
        start, end, said = frame.window.start, frame.window.end, frame.window.said
        if end <= start:
            end = start + timedelta(days=1)
    else:
        start = datetime.combine(clock.today() - timedelta(days=DELIVERY_DAYS - 1), datetime.min.time(), clock.zone)
        end, said = clock.now() + timedelta(minutes=1), f"over the last {DELIVERY_DAYS} days"
    after, before = clock.local(start).date(), clock.local(end).date() + timedelta(days=1)
    query = " OR ".join(DELIVERY_WORDS) + f" after:{after.isoformat()} before:{before.isoformat()}"
    got = [h.message for h in box.search(query, limit=200, clock=clock).hits
           if start <= h.message.received_at < end and (h.message.category != "newsletter"
                                                        or _OWN_PARCEL.search(h.message.subject))]
    got.sort(key=lambda m: m.received_at, reverse=True)
    if not got:
        return Answer(f"No delivery notice came in {said}.", {"messages": [], "count": 0})
    # a lure dressed as a parcel notice (a customs fee, a redelivery charge) is no parcel of the person's: beside a
    # real notice it is left out and counted, so the fake is never read as the real one; alone it is shown, flagged
    lures = [m for m in got if m.category == "phishing_suspect"]
    if lures and len(lures) < len(got):
        got = [m for m in got if m.category != "phishing_suspect"]
    else:
        lures = []
    if frame.ask == "how_much" and AN_ORDER.search(frame.text):
        ordered = order_behind(got, box, clock)  # "how much was that order?": the shop's own total, never the notice
        if ordered is not None:
            return ordered
    item = _SHIPPED.search(frame.text)
    if item is not None and not shops:
        # "has the crate come in yet?": the notices of that one thing shipped, when some name it (its arrival said first)
        one = re.compile(rf"\b{re.escape(item.group(1).casefold())}", re.I)
        naming = [m for m in got if one.search(f"{m.subject} {m.snippet}")]
        got = naming or got
    head = f"{len(got)} delivery notice{'s' if len(got) != 1 else ''} came in {said}, newest first"
    if shops:
        names = [re.compile(rf"\b{re.escape(s)}\b", re.I) for s in shops]
        naming = [m for m in got if any(n.search(f"{m.sender_name} {m.subject} {m.snippet}") for n in names)]
        who = " or ".join(shops)
        if naming:
            got, head = naming, (f"{len(naming)} delivery notice{'s' if len(naming) != 1 else ''} naming {who} came in "
                                 f"{said}, newest first")
        else:
            head = f"No delivery notice {said} names {who}; {head[0].lower()}{head[1:]}"
    lines = [_line(m, clock, snippet=i == 0) for i, m in enumerate(got[:SHOWN])]
    if got[0].category != "phishing_suspect" and len(" ".join(got[0].snippet.split())) >= _KEPT_AT_MOST:
        # what the newest notice says past what is kept ("We'll try again Thu, Nov 4 by 8:00 PM"): its body read
        whole = _note_of(got[0], box, clock)
        lines[0] = _line(got[0], clock) + (f": {whole}" if whole else lines[0][len(_line(got[0], clock)):])
    if lures:
        lines.append(f"Left out: {len(lures)} {'mails that look' if len(lures) != 1 else 'mail that looks'} like "
                     "phishing dressed as a delivery notice (ask for scam mail to see them).")
    return _answer(head, got[:SHOWN], frame, clock, lines, len(got))
