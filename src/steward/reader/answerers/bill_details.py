"""A detail only a bill's mail holds ("what's the late charge on that one?", "is there a penalty if I pay late?"): quoted
from the mail of that bill and its issuer's later ones, never made up or taken from another number.

The kinds of detail and how each is said are `steward.reader.details` (one table with the bookings'). A bill's
mail is the one its due was read from; a later mail from the same sender (a payment reminder) may say what the
statement did not, and is read first. What the store keeps is read before the body, which is fetched live and
dropped after. Through `Mailbox`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.booking_details import as_of, details_head, mail_line, nothing_said, said_in
from steward.reader.answerers.common import day_text, money_text
from steward.reader.details import detail, in_currency, named_in

if TYPE_CHECKING:
    from steward.records.finance import Due
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

SHOWN = 5
_READ_AT_MOST = 15  # the bills whose mail is read for a detail asked of them all
_LATER = 6  # the sender's newest mail read for the detail, beside the bill's own


def bill_details_answer(dues: Sequence[Due], what: str, kind: str, mailbox: Mailbox, clock: Clock,
                        currencies: frozenset[str] = frozenset(), others: frozenset[int] = frozenset()) -> Answer:
    """Each bill's detail in its mail's own words, or that mail to open when none of its sender's says it;
    `currencies`: a line in another currency is one in these ("the charge in euros" is never a line in dollars);
    `others`: the mail every bill read was read from (a later one that is another bill's is never this one's)."""
    shown = list(dues[:_READ_AT_MOST])
    stored = mailbox.stored([d.message_id for d in shown])
    told = [_told(d, stored.get(d.message_id), kind, mailbox, clock, currencies, others) for d in shown]
    if len(shown) > 1 and any(found for _, found in told):
        # "how much is the customs duty?" of every bill: the bills whose mail gives it, never the others
        kept = [(d, t) for d, t in zip(shown, told, strict=True) if t[1]]
        shown, told = [d for d, _ in kept], [t for _, t in kept]
    shown, told = shown[:SHOWN], told[:SHOWN]
    label = detail(kind).label or kind
    if currencies:
        label = f"{label} ({'/'.join(sorted(currencies))})"
    lines = [line for line, _ in told]
    return Answer("\n".join([details_head(what, label, told), *lines]), {"dues": [d.id for d in shown], "lines": lines})


def _told(due: Due, kept: Message | None, kind: str, mailbox: Mailbox, clock: Clock,
          currencies: frozenset[str] = frozenset(), others: frozenset[int] = frozenset()) -> tuple[str, bool]:
    """(the line that gives one bill's detail, or its mail to open; whether it gives the detail)."""
    account = f" {due.kind} XXXX{due.account}" if due.account else f" {due.kind}"
    at = (f"- {due.issuer}{account}: {money_text(due.amount, due.currency, clock)} due "
          f"{day_text(due.due_date, clock)}")
    if kept is None:
        return f"{at}: no mail of it is kept", False
    mail = _its_mail(kept, mailbox, clock, others)
    for m in mail:
        said = said_in(m, kind, mailbox, clock)
        if said and currencies and not in_currency(said, currencies):
            said = ""  # a line in another currency than the one asked
        if said:
            return f"{at}: its mail says \u201c{said}\u201d ({mail_line(m, clock)}){as_of(said, m, clock)}", True
    for m in mail:
        named = named_in(f"{m.subject}\n{m.snippet}", kind)
        if named:
            # "to avoid a late payment fee": named, and no amount given for it
            return (f"{at}: its mail names {detail(kind).label or kind} but gives no amount: \u201c{named}\u201d "
                    f"({mail_line(m, clock)})"), False
    of = f"{detail(kind).label or kind}" + (f" in {'/'.join(sorted(currencies))}" if currencies else "")
    return nothing_said(at, kept, of, clock), False


def _its_mail(kept: Message, mailbox: Mailbox, clock: Clock, others: frozenset[int] = frozenset()) -> list[Message]:
    """The bill's sender's mail from the bill's on, newest first, then the bill's own mail; a later mail another
    bill was read from is that bill's (a bank's statement of a second card is never the first card's)."""
    later = [h.message for h in mailbox.from_sender(kept.sender, limit=_LATER, clock=clock).hits
             if h.message.received_at >= kept.received_at and h.message.id != kept.id
             and h.message.id not in others]
    return [*sorted(later, key=lambda m: m.received_at, reverse=True), kept]

