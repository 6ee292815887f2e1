"""A bill of someone else's, said by whose it is ("how much is Ammi's electricity bill?", "my dad's water bill"): never
the person's own bill of that kind. What the mail says of it is the sentence that names them and the bill with its
sum ("Ammi ka bijli ka bill Rs 23,180 aya hai", in a brother's mail), quoted as written; else it is said plainly that
no mail says it. Through `Mailbox`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.lists import name_words

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_LOOKED = 30


def their_bill(whose: Iterable[str], kind: str, bill_words: set[str], mailbox: Mailbox, clock: Clock) -> Answer:
    """The sentences of the mail that name one of `whose` (their name or the word said for them) with a word of the
    bill's kind and a sum, newest first; a plain answer that none does when none is found."""
    from steward.errors import StewardError
    from steward.finance.money import country_of_zone, find_money, local_letter

    names = [w for w in dict.fromkeys(whose) if w]
    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    said = {w for n in names for w in name_words(n)}
    seen: dict[int, str] = {}
    found = []
    for n in names:
        for h in mailbox.search(f'"{n}"', limit=_LOOKED, clock=clock).hits:
            m = h.message
            if m.id in seen or m.category == "phishing_suspect":
                continue
            try:
                text = mailbox.read(m.id, clock=clock).body
            except StewardError:
                text = m.snippet
            seen[m.id] = text
            for sentence in _SENTENCE.split(text):
                ws = set(name_words(sentence))
                if ws & said and ws & bill_words and find_money(sentence, letter=local_letter(m.sender, country)):
                    found.append((m, " ".join(sentence.split())))
                    break
    who = names[0]
    if not found:
        return Answer(f"{who}'s {kind} bill is not among your bills, and no mail I read gives its amount.",
                      {"dues": [], "messages": []})
    found.sort(key=lambda f: f[0].received_at, reverse=True)
    lines = [f"{who}'s {kind} bill is not among your own bills; the mail that speaks of it:"]
    for m, sentence in found[:3]:
        lines.append(f"- {m.sender_name or m.sender}, {day_text(clock.local(m.received_at).date(), clock)} "
                     f"(\u201c{m.subject}\u201d): \u201c{sentence[:240]}\u201d")
    return Answer("\n".join(lines), {"dues": [], "messages": [m.id for m, _ in found[:3]]})
