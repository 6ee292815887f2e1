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
# when someone fetches the person, asked of them ("what time Daniel fetch me ah?", "when is Dad picking us up?"); a
# coach's, a shuttle's or a driver's pick-up is a booking's (`details`: "the pick-up time"), never asked here
FAVOUR_WHEN = re.compile(r"^(?![^?]*\b(?:coach|coaches|shuttle|transfer|taxi|cab|uber|bus|driver|chauffeur|hotel|"
                         r"limo|car\s+service)\b)\W*(?:and\s+|so\s+)?(?:what\s+time|wh?at\s+time|when|wah\s+time)\b"
                         r"(?:'s|\u2019s)?[^?]*?\b(?:pick(?:s|ing)?\s+(?:me|us)\s+up|pick(?:s|ing)?\s+up\s+(?:me|us)|"
                         r"(?:fetch|collect|grab)(?:es|s|ing|bing)?\s+(?:me|us))\b", re.I)
# when the person fetches someone, as their own mail asks it of them ("what time do I gotta grab Gianna?", "when do
# we pick Mam up?"): a person said by name or by what they are to the person
_FETCH = r"(?:pick\s+up|pick|grab|collect|fetch|get)"
FETCHING_WHEN = re.compile(r"^\W*(?:and\s+|so\s+)?(?:what\s+time|when)\b[^?]*?\b(?:i|we)\s+(?:(?:need|have|got|ought|"
                           r"supposed)\s+to\s+|gotta\s+|should\s+|must\s+)?" + _FETCH + r"\s+(?:up\s+)?"
                           r"(?P<who>(?:our\s+|my\s+|me\s+)?[\w'\u2019]+)(?:\s+up)?\b", re.I)
_WHO_NOT = frozenset(("the", "a", "an", "it", "them", "that", "this", "my", "our", "me", "us", "him", "her", "there",
                      "up", "ready", "back", "home", "going", "in", "to", "some", "any", "your"))
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


# a time said with no half of the day ("I fetch you at 7.50"), and one said with it in the same mail ("dinner
# tonight 8.15pm")
_BARE = re.compile(r"\b(?:at|by|around|about|for)\s+(\d{1,2})[.:](\d{2})\b(?!\s*[ap]\.?m\b)", re.I)
_WITH_HALF = re.compile(r"\b(\d{1,2})(?:[.:](\d{2}))?\s*([ap])\.?m\b", re.I)
_BEFORE = 4 * 60  # minutes: how long before a time the mail names a lift to it is read as being


def _on_the_clock(said: str, body: str) -> str:
    """A lift's time said with no "am" or "pm", read on the clock by the time its mail names with one that it comes
    before ("I fetch you at 7.50" beside "dinner tonight 8.15pm": "; its “7.50” is 19:50"); "" when none says."""
    bare = _BARE.search(said)
    if bare is None or not 1 <= int(bare[1]) <= 12:
        return ""
    named = [(int(h) % 12 + (12 if half.casefold() == "p" else 0)) * 60 + int(m or 0)
             for h, m, half in _WITH_HALF.findall(body) if 1 <= int(h) <= 12]
    for hour in (int(bare[1]) % 12, int(bare[1]) % 12 + 12):
        at = hour * 60 + int(bare[2])
        if any(0 < t - at <= _BEFORE for t in named):
            return f" (its \u201c{said[bare.start(1):bare.end(2)]}\u201d is {hour:02d}:{bare[2]})"
    return ""


def asks_a_favour(text: str) -> bool:
    """Whether a question asks who does a thing for the person ("who's picking us up at the airport?"), when they
    do it ("what time is Dad picking us up?"), or when the person fetches someone ("what time do I grab Gianna?")."""
    return FAVOUR_ASKED.match(text) is not None or FAVOUR_WHEN.match(text) is not None or _fetched(text) is not None


def _fetched(text: str) -> re.Pattern[str] | None:
    """How mail says the person fetches the one a question names ("can you grab Gianna at 5:45?"), or None when the
    question asks no such thing (or names a thing, not a person: "when do I pick up the parcel?")."""
    m = FETCHING_WHEN.match(text)
    if m is None:
        return None
    who = m.group("who").split()[-1].removesuffix("'s").removesuffix("\u2019s")
    if who.casefold() in _WHO_NOT or not (who[:1].isupper() or who.casefold() in _KIN):
        return None
    return re.compile(rf"\b{_FETCH}(?:s|es|ing|bing|ed|bed)?\s+(?:up\s+)?(?:our\s+|my\s+|me\s+|your\s+)?"
                      rf"{re.escape(who)}\b", re.I)


# what a person is to the one asking, said for them ("when do I pick up mum?")
_KIN = frozenset(("mum", "mom", "mam", "mummy", "mommy", "mother", "dad", "daddy", "father", "nan", "nana", "gran",
                  "granny", "grandma", "grandpa", "grandad", "granddad", "kids", "kid", "children", "son", "daughter",
                  "husband", "wife", "sister", "brother", "baby", "ammi", "abbu", "amma", "appa"))


def favour_answer(text: str, box: Mailbox, clock: Clock) -> Answer | None:
    """The sentences of recent personal mail that say who does what the question asks ("Daddy will pick y'all up at
    the airport"), quoted with whose mail each is; None when the question asks no such thing or no mail says one."""
    m = FAVOUR_ASKED.match(text)
    fetching = _fetched(text) if m is None else None
    if m is None and fetching is None and FAVOUR_WHEN.match(text) is None:
        return None
    verb = m.group("verb").casefold() if m is not None else "fetch"
    said = fetching or _LIFT
    place = _FROM.search(m.group("rest")) if m is not None else None
    # ("what time Daniel fetch me ah?": the one named doing it; their mail alone, when they wrote of it)
    named = {w.casefold() for w in re.findall(r"(?<=\s)[A-Z][a-z]+", text)} if FAVOUR_WHEN.match(text) else set()
    since = datetime.combine((clock.now() - LOOK_BACK).date(), time.min, clock.zone)
    lines: list[tuple[str, str]] = []
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
        lines.append((who, f"- {day_text(clock.local(msg.received_at).date(), clock)} {who}: \u201c{msg.subject}\u201d "
                      f"\u2014 \u201c{' '.join(found[:2])[:240]}\u201d{_on_the_clock(' '.join(found[:2]), body)}"))
    theirs = [(who, line) for who, line in lines if named & set(who.casefold().split())]
    shown = [line for _, line in (theirs or lines)[:SHOWN]]
    if not shown:
        return None
    return Answer("\n".join(["As your mail says it:", *shown]), {"items": shown, "favour": verb})
