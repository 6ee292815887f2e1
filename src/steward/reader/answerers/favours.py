"""Who does a thing for the person that family or friends arrange in their mail: "who's picking us up at the
airport?", "who is collecting me from the station?", "who's meeting me when I land?". No booking holds it (a lift
from a relative is no reservation), so the answer is the sentence of their mail that says it, quoted with whose
mail it is; never a guess when no mail says one."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

# "who's picking us up", "who is collecting me from the station", "who'll meet me at the airport", "who's getting us"
FAVOUR_ASKED = re.compile(r"^\W*(?:and\s+|so\s+)?who(?:'s|\u2019s|\s+is|\s+will|'ll|\u2019ll|\s+are)?\s+(?:be\s+)?"
                          r"(?P<verb>pick(?:ing)?|collect(?:ing)?|fetch(?:ing)?|grab(?:bing)?|meet(?:ing)?|get(?:ting)?|"
                          r"giv(?:e|ing))\s+(?:me|us)\b(?P<rest>.*)$", re.I)
# a lift, as mail says it to the person, in any of its words ("Daddy will pick y'all up", "Kiri said she can pick you
# up", "happy to grab you from the airport", "I'll collect you at the station", "airport pick-up")
_YOU = r"(?:you|u|ya|y'all|y\u2019all|yall|you\s+all|you\s+guys|us)"
_LIFT = re.compile(rf"\bpick(?:s|ing|ed)?\s+{_YOU}\s+up\b|\b(?:collect|fetch|grab)(?:s|es|ing|bing|ed|bed)?\s+"
                   rf"{_YOU}\b|\b(?:come\s+(?:and\s+)?)?get(?:s|ting)?\s+{_YOU}\s+(?:from|at)\b|\bgiv(?:e|es|ing)\s+{_YOU}\s+"
                   rf"a\s+(?:lift|ride)\b|\bmeet(?:s|ing)?\s+{_YOU}\s+at\s+the\s+(?:airport|station|terminal|port)\b", re.I)
# a lift named as a thing, in a subject ("Airport pick-up"): what the mail under it is about (a business's "a shuttle
# pick-up is available" in a sentence is an offer, no one's lift)
_LIFT_NAMED = re.compile(r"\bpick[- ]?ups?\b|\blift\b", re.I)
# what the person is fetched from, said in the question ("at the airport in Tampa", "from the station")
_FROM = re.compile(r"\b(?:airport|station|terminal|port|harbour|harbor|bus\s+stop|school)\b", re.I)
_SENTENCE_END = re.compile(r"(?<![A-Z][a-z]\.)(?<!\bMrs\.)(?<=[.!?])\s+")
LOOK_BACK = timedelta(days=45)
READ_AT_MOST = 40
SHOWN = 2
# mail from people the person knows, never a business's offer of a pick-up ("free airport pick-up is not included")
_PEOPLE = frozenset(("personal",))


def asks_a_favour(text: str) -> bool:
    """Whether a question asks who does a thing for the person ("who's picking us up at the airport?")."""
    return FAVOUR_ASKED.match(text) is not None


def favour_answer(text: str, box: Mailbox, clock: Clock) -> Answer | None:
    """The sentences of recent personal mail that say who does what the question asks ("Daddy will pick y'all up at
    the airport"), quoted with whose mail each is; None when the question asks no such thing or no mail says one."""
    m = FAVOUR_ASKED.match(text)
    if m is None:
        return None
    verb = m.group("verb").casefold()
    said = _LIFT
    place = _FROM.search(m.group("rest"))
    since = datetime.combine((clock.now() - LOOK_BACK).date(), time.min, clock.zone)
    lines: list[str] = []
    own = (box.own_address() or "").casefold()
    for msg in box.previews_since(since, READ_AT_MOST):
        if msg.category not in _PEOPLE or (own and msg.sender.casefold() == own):
            continue  # (the person's own reply quotes the mail it answers: that mail is shown, not the reply)
        from steward.errors import StewardError

        try:
            body = " ".join(box.read(msg.id, clock=clock).body.split())
        except StewardError:
            body = msg.snippet
        found = [s.strip() for s in _SENTENCE_END.split(body) if said.search(s)]
        if place is not None:
            # ("who's picking us up at the airport?": a lift from the airport, or one in mail about it)
            found = [s for s in found if re.search(rf"\b{re.escape(place.group(0))}\b", f"{s} {msg.subject}", re.I)
                     or _LIFT_NAMED.search(msg.subject)]
        if not found:
            continue
        who = msg.sender_name or msg.sender
        lines.append(f"- {day_text(clock.local(msg.received_at).date(), clock)} {who}: \u201c{msg.subject}\u201d \u2014 "
                     f"\u201c{' '.join(found[:2])[:240]}\u201d")
        if len(lines) >= SHOWN:
            break
    if not lines:
        return None
    return Answer("\n".join(["As your mail says it:", *lines]), {"items": lines, "favour": verb})
