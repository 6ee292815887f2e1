"""A card known only by its bank's alerts ("the charge on my Mastercard" when no bill of it came): the person's card
on the network said is the card the mail shows on that network, and what is asked of it is what its latest alert
that names the network says, line by line with their sums (what was charged, a foreign fee, the total). No bill
is made up: the answer says none came. Through `DuesService.accounts` and `Mailbox`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.vocab import words

if TYPE_CHECKING:
    from steward.finance.service import DuesService
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

_LINES = re.compile(r"(?<=[.!?])\s+(?=[A-Z])|\n+")
_SHOWN = 6  # the most lines of an alert quoted


def card_by_its_alerts(network: str, billed: set[str], service: DuesService, mailbox: Mailbox,
                       clock: Clock, also: tuple[str, ...] = (), billed_cards: set[str] | None = None) -> Answer | None:
    """The card on `network` of a bank that sent no bill (`billed`: the issuers that did), as its latest alert that
    names the network (and each of the words `also` said: "the Toronto charge") says; None when no card the mail
    shows is on that network, when several banks' are, or when no such alert says the other words; a card of
    `billed_cards` (the last four digits of a card a bill came for) is never it."""
    cards = {a.issuer: a for a in service.accounts() if a.kind == "card" and a.issuer not in billed
             and a.account not in (billed_cards or set())}
    if not cards:
        return None
    said = " ".join(network.casefold().split())
    hits = [h.message for h in mailbox.search(f'"{network}"', limit=50, clock=clock).hits
            if h.message.sender_name in cards
            and said in " ".join(f"{h.message.subject} {h.message.snippet}".casefold().split())]
    if len({m.sender_name for m in hits}) != 1:
        return None  # no bank's mail says the network, or two banks' do: which card is not guessed
    latest = max(hits, key=lambda m: m.received_at)
    card = cards[latest.sender_name]
    lines = _money_lines(latest, mailbox, clock)
    shown = " ".join(words(" ".join([latest.subject, *lines])))
    if not lines or any(f" {' '.join(words(w))} " not in f" {shown} " for w in also):
        return None
    ending = f" ending {card.account}" if card.account else ""
    head = (f"Your {network} is the {card.issuer} card{ending}; no bill of it is in your mail. Its latest alert, "
            f"{day_text(clock.local(latest.received_at).date(), clock)} (\u201c{latest.subject}\u201d), says:")
    return Answer("\n".join([head, *(f"- {line}" for line in lines)]), {"messages": [latest.id], "dues": []})


def _money_lines(m: Message, mailbox: Mailbox, clock: Clock) -> list[str]:
    """The lines of a mail that write a sum, each as written, numbers masked; [] when its body is gone."""
    from steward.errors import StewardError
    from steward.finance.money import find_money
    from steward.mail.mask import mask_numbers

    try:
        body = mailbox.read(m.id, clock=clock).body
    except StewardError:
        body = m.snippet
    out = []
    for line in _LINES.split(body):
        line = " ".join(line.split())
        if line and find_money(line):
            out.append(mask_numbers(line))
    return out[:_SHOWN]
