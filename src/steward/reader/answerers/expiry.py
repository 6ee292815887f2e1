"""When a thing the person holds runs out, as their mail says: "when will my work permit expire?", "when does the
boat licence run out?", "what's the expiry date on my passport?".

A document, a permit or a plan is not a bill nor a booking: the day it ends is a sentence of a mail that names it
("The registration of your vehicle ... expires on 19 March 2027", "Your current visa expires on 25/03/2027",
"valid until 30 June"). The answer is that sentence and the day it gives, from the newest mail that says one of
the thing's words beside such a day; none found, nothing is said here (the mail about the thing is shown instead).
The body is read live and nothing of it is kept.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

EXPIRES_FLAG = "expires"

# "when will my work permit expire?", "when will the boat licence run out?", "when is my passport expiring?",
# "what's the expiry date of my Emirates ID?", "my licence expiry?"
_ASKED = re.compile(
    r"\bwhen\s+(?:does|do|will|is|are|did)\s+(?:my|the|our|his|her|their|your|\w+(?:'s|\u2019s))\s+"
    r"(?P<a>[\w'\u2019 -]{2,40}?)\s+(?:expire|expires|expiring|run\s+out|running\s+out|lapse|lapsing|"
    r"become\s+invalid|stop\s+being\s+valid|valid\s+(?:until|till|to))\b|"
    r"\b(?:expiry|expiration)\s+(?:date\s+)?(?:of|for|on)\s+(?:my|the|our|his|her|their|\w+(?:'s|\u2019s))\s+"
    r"(?P<b>[\w'\u2019 -]{2,40}?)\s*[?.!]*$|"
    r"\b(?:my|the|our|his|her|their)\s+(?P<c>[\w'\u2019 -]{2,40}?)(?:'s|\u2019s)?\s+(?:expiry|expiration)\b|"
    r"\b(?:till|until)\s+when\s+is\s+(?:my|the|our|his|her|their)\s+(?P<d>[\w'\u2019 -]{2,40}?)\s+valid\b",
    re.I)
# a sentence that gives the day a thing ends ("expires on", "expiry date:", "valid until", "runs out on")
_ENDS = re.compile(r"\b(?:expir(?:es|ed|ing|y|ation)|valid\s+(?:until|till|through|to)|runs?\s+out|lapses?|"
                   r"will\s+lapse|(?:is|are)\s+due\s+to\s+expire)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])|\n+")
# words of a question that name no thing ("when does my current visa expire?")
_PLAIN = frozenset(("current", "present", "existing", "old", "new", "own", "annual", "the", "my", "a", "an", "of"))


def expiry_asked(text: str) -> str:
    """The thing whose end a question asks ("work permit" of "when will my work permit expire?"), or ""."""
    said = _ASKED.search(text)
    if said is None:
        return ""
    thing = next(g for g in said.groups() if g is not None)
    return " ".join(w for w in thing.split() if w.casefold() not in _PLAIN)


def expiry_frame(text: str) -> Frame | None:
    """The frame of a question asking when a thing runs out, or None when it asks no such thing."""
    thing = expiry_asked(text)
    if not thing:
        return None
    return Frame(text=text, domain="mail", ask="when", flags=frozenset({EXPIRES_FLAG}), unknown=(thing.casefold(),),
                 sure=True)


def _words(text: str) -> set[str]:
    from steward.reader.answerers.things import stem

    return {stem(w) for w in re.findall(r"[a-z0-9]+", text.casefold()) if len(w) > 1}


def expiry_answer(frame: Frame, mailbox: Mailbox, clock: Clock) -> Answer | None:
    """The day the thing asked of runs out and the sentence of the newest mail that says it, or None when no
    mail gives one."""
    from steward.appointments.order import numeric_order, sender_day_first, zone_day_first
    from steward.dates import DateOptions, find
    from steward.errors import StewardError

    thing = " ".join(frame.unknown)
    asked = _words(thing)
    if not asked:
        return None
    seen: set[int] = set()
    hits = []
    for word in sorted(asked, key=len, reverse=True):
        for h in mailbox.search(f'"{word}"', limit=20, clock=clock).hits:
            if h.message.id not in seen and h.message.category != "phishing_suspect":
                seen.add(h.message.id)
                hits.append(h)
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    for h in hits[:12]:
        try:
            shown = mailbox.read(h.message.id, clock=clock)
        except StewardError:
            continue
        # (a date in numbers reads as the mail's own dates do, else as its sender's country, else the person's, writes it)
        day_first = next((said for said in (numeric_order(shown.body), sender_day_first(shown.message.sender))
                          if said is not None), bool(zone_day_first(clock.zone_name)))
        options = DateOptions(day_first=day_first)
        for sentence in _SENTENCE.split(shown.body):
            line = " ".join(sentence.split())
            ends = _ENDS.search(line)
            if ends is None or not asked & _words(line):
                continue
            when = find(line[ends.start():], clock.at(h.message.received_at), prefer="future", options=options)
            if when is None or when.start is None or not when.has_date:
                continue
            day = clock.local(when.start).date()
            m = shown.message
            return Answer(f"Your {thing} runs out on {clock.formats.day(day)}, as {m.sender_name or m.sender}'s mail "
                          f"of {clock.formats.day(clock.local(m.received_at).date())} says: \u201c{line[:200]}\u201d",
                          {"messages": [m.id], "expires": day.isoformat()})
    return None
