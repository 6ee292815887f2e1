"""A thing of someone's, asked of the mail that names it: "when is Dad's 70th?", "when is Ken's wedding?".

A person's name (or a family word for them) said with a possessive and a thing names that thing, not the
person's mail: the answer is the mail that says the thing as theirs ("Mum's 60th", "Mum's birthday", in
anyone's mail: the brother who writes about it too), and the day the sentence that says it gives. When no
message says it, the mail from that person whose subject says the thing. A message that says it and gives
no day is shown, with "I can't tell when"; nothing is said of a day no message gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame, SlotValue
from steward.reader.kin import relation_of
from steward.reader.words import ReaderWords

if TYPE_CHECKING:
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

# words after a possessive that are mail, not a thing of the person's ("Mum's email", "Ken's last message") or
# that say nothing of what the thing is ("Ken's new ...")
_NOT_THINGS = frozenset(("email", "emails", "e-mail", "mail", "mails", "message", "messages", "note", "notes",
                         "letter", "letters", "reply", "replies", "text", "texts", "address", "number", "phone",
                         "latest", "last", "newest", "recent", "new", "big", "next", "upcoming", "coming", "own",
                         "and", "or", "to", "for", "on", "at", "in", "is", "was", "be", "the", "a", "an", "this",
                         "that", "of", "from", "about", "with", "it", "again"))
# an ordinal said as a thing ("Mum's 60th"): a birthday or an anniversary of that number
_ORDINAL = re.compile(r"^\d{1,3}(?:st|nd|rd|th)$", re.I)
_BIRTHDAY = ("birthday", "bday", "b-day", "party", "celebration", "anniversary")
_POSSESSIVE = re.compile(r"['\u2019]s\b", re.I)
_TOKEN = re.compile(r"[^\W_][\w-]*", re.I)
SEARCHED = 50  # the messages read for each word of the thing


@dataclass(frozen=True)
class Owned:
    """A thing said as someone's: whose (the sender values and the words said for them) and the thing's words."""

    whose: tuple[SlotValue, ...]
    said: str
    thing: tuple[str, ...]


def owned_thing(frame: Frame) -> Owned | None:
    """The thing the question says as a sender's or a family member's no sender is known as ("Mum's 60th" ->
    Mum, ("60th",); "Appa's anniversary" -> "Appa", ("anniversary",)); None when it says none."""
    said: list[tuple[str, tuple[SlotValue, ...]]] = [
        (n.said, n.of("sender")) for n in frame.filters if n.of("sender") and n.how in ("words", "spelling")]
    said += [(u.said, ()) for u in frame.unmatched if u.what == "relation"]
    for words_said, people in said:
        at = frame.text.find(words_said)
        if at < 0:
            continue
        rest = frame.text[at + len(words_said):]
        if not _POSSESSIVE.search(words_said[-2:]):
            if not rest.startswith(("'s", "\u2019s")):
                continue
            rest = rest[2:]
        if not re.match(r"\s+[^\W_]", rest):
            continue  # "Mum's?": no thing said after the possessive
        thing: list[str] = []
        for m in _TOKEN.finditer(rest):
            w = m.group(0).casefold()
            if w in _NOT_THINGS or len(thing) >= 2:
                break
            thing.append(w)
            if not re.match(r"\s+[^\W_]", rest[m.end():]):
                break  # the thing ends where the sentence or the clause does
        if thing:
            return Owned(people, words_said, tuple(thing))
    return None


def thing_words(thing: Sequence[str], rw: ReaderWords) -> tuple[frozenset[str], ...]:
    """Each word of a thing with every word of its group ("party" finds a "bash"; "60th" a birthday too)."""
    out: list[frozenset[str]] = []
    for w in thing:
        group = set(rw.thing_words.get(w, frozenset((w,)))) | {w}
        if _ORDINAL.match(w):
            group |= {g for b in _BIRTHDAY for g in rw.thing_words.get(b, frozenset((b,)))}
        out.append(frozenset(group))
    return tuple(out)


def _says_it(text: str, names: Iterable[str], groups: Sequence[frozenset[str]]) -> list[re.Match[str]]:
    """Where a text says the thing as the person's ("Mum's 60th", "Mum's 60th birthday", "Mum's big 60th")."""
    whose = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n)
    if not whose:
        return []
    last = "|".join(re.escape(w) for w in sorted(groups[-1], key=len, reverse=True))
    if groups[-1] & set(_BIRTHDAY):
        last += r"|\d{1,3}(?:st|nd|rd|th)"  # "Mum's birthday" said in the mail as "Mum's 60th"
    pattern = rf"\b(?:{whose})['\u2019]s\s+(?:[\w-]+\s+){{0,2}}?(?:{last})\b"
    # every word of the thing said there, not its last alone ("Dad's retirement party" is no "Dad's 70th")
    return [m for m in re.finditer(pattern, text, re.I)
            if all(set(_TOKEN.findall(m.group(0).casefold())) & g for g in groups[:-1])]


def answer_owned(owned: Owned, senders: Iterable[SlotValue], box: Mailbox, clock: Clock, rw: ReaderWords
                 ) -> Answer:
    """The day of a thing of someone's, from the mail that says it as theirs (or that no message says it);
    `senders` are every sender's names (a word another sender's name has too, a family name, names no one)."""
    groups = thing_words(owned.thing, rw)
    shared = {w for v in senders if v not in owned.whose for p in v.names for w in p}
    person = owned.said.removesuffix("'s").removesuffix("\u2019s")
    relation = relation_of(person, rw)
    names = {" ".join(p) for v in owned.whose for p in v.names if len(p) > 1 or p[0] not in shared} | {
        person.casefold()} | {" ".join(p) for p in rw.kin.get(relation or "", ()) if not owned.whose}
    found: dict[int, tuple[Message, list[re.Match[str]]]] = {}
    # the mail that says a word of the thing, or a name of the person ("Mum's 60th" for "mom's birthday")
    searched = (*sorted(groups[-1]), *sorted(n for n in names if n.isascii()))
    for w in searched:
        for h in box.search(f'"{w}"', limit=SEARCHED, clock=clock).hits:
            m = h.message
            said = _says_it(f"{m.subject}. {m.snippet}", names, groups)
            if said:
                found.setdefault(h.id, (m, said))
    if not found:
        # the person's own mail whose subject says the thing ("60th" in a subject of Mum's)
        addresses = {a for v in owned.whose for a in v.addresses}
        for w in groups[-1]:
            for h in box.search(f'"{w}"', limit=SEARCHED, clock=clock).hits:
                m = h.message
                text = f"{m.subject}. {m.snippet}"
                subject = set(_TOKEN.findall(m.subject.casefold()))
                if m.sender in addresses and w in subject and all(subject & g for g in groups[:-1]):
                    found.setdefault(h.id, (m, list(re.finditer(rf"\b{re.escape(w)}\b", text, re.I))))
    whose = owned.said if _POSSESSIVE.search(owned.said[-2:]) else f"{owned.said}'s"
    thing = f"{whose} {' '.join(owned.thing)}"
    if not found:
        # said plainly: never the person's mail listed in place of the day of their thing
        return Answer(f"I can't tell when {thing} is: no message I hold says it.", {"messages": []})
    ranked = sorted(found.values(), key=lambda f: f[0].received_at, reverse=True)
    for m, said in ranked:
        given = next((d for d in (_day_given(m, s, clock) for s in said) if d is not None), None)
        if given is not None:
            day, grain = given
            when = day_text(clock.local(day).date(), clock) + (
                "" if grain == "day" else f" at {clock.formats.time(clock.local(day))}")
            tense = "was" if clock.local(day).date() < clock.today() else "is"
            return Answer(f"{thing[:1].upper()}{thing[1:]} {tense} on {when}, as {_who(m)}'s mail of "
                          f"{day_text(clock.local(m.received_at).date(), clock)} says (\u201c{m.subject}\u201d).",
                          {"messages": list(found), "date": clock.local(day).date().isoformat()})
    m = ranked[0][0]
    return Answer(f"I can't tell when {thing} is: {_who(m)}'s mail of {day_text(clock.local(m.received_at).date(), clock)}"
                  f" (\u201c{m.subject}\u201d) speaks of it but gives no day.", {"messages": list(found)})


def _who(m: Message) -> str:
    return m.sender_name or m.sender


def _day_given(m: Message, said: re.Match[str], clock: Clock) -> tuple[datetime, str] | None:
    """The day (and its grain: a time said too) the sentence that says the thing gives, ahead of the message's
    arrival (read on the clock of the moment it came); None when that sentence gives none."""
    from steward import dates

    text = said.string
    start = max(text.rfind(c, 0, said.start()) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, said.end()) for c in ".!?\n") if i >= 0]
    sentence = text[start:min(ends) if ends else len(text)]
    came = m.received_at
    for found in dates.find_all(sentence, clock.at(came), prefer="future"):
        if found.start is not None and found.start >= came.replace(hour=0, minute=0, second=0) and \
                found.grain in ("day", "hour", "minute"):
            return found.start, found.grain
    return None
