"""Is a mail genuine? ("is the parking fine email legit?", "did Kestrel Bank really freeze my card?"): the
verdict on the mail the question points at, and why, never the sender's bills or the mail listed bare.

The mail meant is the one whose sender's name or words say what the question says. Mail marked as a
lure is said to be one, with its sender's checks; mail not marked is said not to be, and that this is no
proof (a careful lure passes every check Steward can make from what it keeps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame
from steward.reader.honesty import why_suspicious
from steward.reader.lists import name_words

if TYPE_CHECKING:
    from steward.search.lexical import Hit
    from steward.search.mailbox import Mailbox

MARKED = "phishing_suspect"


def _said_words(frame: Frame, ignore: frozenset[str]) -> set[str]:
    """The words that point at the mail: the names said and the words nothing else here knows."""
    out = {w for n in frame.filters for w in name_words(n.said)}
    out |= {w for v in (*frame.values("sender"), *frame.values("issuer")) for w in name_words(v.value)}
    out |= {w.casefold() for w in frame.unknown}
    return {w for w in out if len(w) >= 3 and w not in ignore}


def _fits(hit: Hit, said: set[str]) -> int:
    m = hit.message
    text = set(name_words(f"{m.sender_name} {m.subject} {m.snippet}"))
    # a word said is in the mail, or is the stem of one of its words ("lock" in "locked", "refund" in "refunds")
    return sum(1 for w in said if w in text or any(t.startswith(w[:5]) for t in text if len(w) >= 5))


def _line(hit: Hit, clock: Clock) -> str:
    m = hit.message
    day = day_text(clock.local(m.received_at).date(), clock)
    return f"{day} {m.sender_name or m.sender} <{m.sender}>: \u201c{m.subject}\u201d"


def genuine_answer(frame: Frame, box: Mailbox, senders: Sequence[str], clock: Clock,
                   ignore: frozenset[str]) -> Answer | None:
    """The verdict on the mail a "is it legit?" question points at; None when it points at no mail."""
    said = _said_words(frame, ignore)
    if not said and not senders:
        return None
    names = {s.casefold() for s in senders}
    marked = [h for h in box.search(f"category:{MARKED}", limit=100, clock=clock).hits
              if (h.message.sender_name or "").casefold() in names or _fits(h, said)]
    if marked:
        best = max(_fits(h, said) for h in marked)
        marked = [h for h in marked if _fits(h, said) == best]
        lines = [f"No: that looks like phishing. Steward marked {'it' if len(marked) == 1 else 'them'} as suspicious:"]
        lines += [f"- {_line(h, clock)} \u2014 {why_suspicious(h, box)}" for h in marked[:5]]
        lines.append("Don't use its links or reply to it; if in doubt, reach the sender through its own site, app "
                     "or the number on your card.")
        return Answer("\n".join(lines), {"messages": [h.id for h in marked[:5]], "suspicious": True})
    query = " OR ".join(sorted(said)) if said else ""
    found = box.search(query, limit=50, clock=clock) if query else None
    hits = [h for h in (found.hits if found is not None and not found.broadened else [])
            if (not names or (h.message.sender_name or "").casefold() in names) and _fits(h, said)]
    if not hits:
        return None
    hits.sort(key=lambda h: (-_fits(h, said), -h.message.received_at.timestamp()))
    lines = ["Steward has not marked this mail as phishing:", *(f"- {_line(h, clock)}" for h in hits[:3]),
             "That is no proof it is genuine: check that the address is the sender's own, and go to its site "
             "or app yourself rather than through a link in the mail."]
    return Answer("\n".join(lines), {"messages": [h.id for h in hits[:3]], "suspicious": False})
