"""Bookings and invitations named by what their mail calls them, not by their provider or kind: "my
check-up" for what a clinic's mail calls an annual exam, "the staff do" for an invitation titled with the
company's name and "social", "Anil's meeting" for a school's parent-teacher conference.

The words a question names its thing by (the words no list knows, the kinds of entry it says, the names
that matched nothing) are looked for in what the store keeps of each booking ahead: its title, provider
and place, and the subject and snippet of its mail and of its sender's other recent mail (never a body).
A word is found under any word of its group (`thing_words`: "party" finds a "birthday bash"). Every word
said must be found, except that one describing word of three or more may be missing ("the work christmas
do" of a company's "Christmas social"); the thing's own noun never may. When more than one booking fits
equally, the answer asks which: it never picks one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from steward.clock import Clock
from steward.reader.frame import Frame
from steward.reader.words import ReaderWords
from steward.vocab import words
from steward.vocab.initials import SAID_SHORT, SKIPPED
from steward.vocab.initials import initials as initials_of_words

if TYPE_CHECKING:
    from steward.records.appointments import Item
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

# how far back a booking's sender's other mail is read for the words it calls the booking by
SENDER_BACK = timedelta(days=120)
_WORD = re.compile(r"[^\W_]+")
# words a question says of a booking that name no thing of it ("my", "still", "on")
_NOT_THINGS = frozenset(("still", "happening", "going", "ahead", "booked", "appointment", "appointments", "booking",
                         "bookings", "reservation", "thing", "event", "events", "plan", "plans", "time", "date",
                         "day", "place", "address", "where", "when", "who", "what", "which", "how", "many", "much",
                         "people", "person", "guests", "for", "with", "the", "and", "this", "that", "next", "upcoming",
                         "coming", "from", "about", "there", "invite", "invites", "invited", "invitation", "invitations"))


def stem(word: str) -> str:
    """A word as one of it ("parties" -> "party", "interviews" -> "interview"), possessive dropped."""
    w = re.sub(r"['\u2019]s$", "", word.casefold())
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


# the endings that make one word another form of it ("renewal", "renewed", "speeding"), longest first
_FORMS = ("ment", "ing", "als", "al", "ed")


@lru_cache(maxsize=8192)
def word_root(word: str) -> str:
    """A word without the ending that makes it another form of one root ("renewal", "renewed" -> "renew",
    "speeding" -> "speed", "shopping" -> "shop"); the word itself when what is left is too short to be a word."""
    w = stem(word)
    for end in _FORMS:
        # (a root of four letters is another word before "al": "rental" is no "rent", "dental" no "dent")
        if w.endswith(end) and len(w) - len(end) >= (5 if end.startswith("al") else 4):
            w = w[: -len(end)]
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls":
                w = w[:-1]  # a consonant doubled before the ending ("shopping")
            return w
    return w


# a name said by its initials in capitals ("the AGM", "the QBR"), and the capitalised names a mail writes in full
_SAID_IN_CAPITALS = re.compile(r"\b[A-Z]{2,6}\b")
_CAPITALISED = re.compile(r"\b[A-Z][\w'\u2019]*(?:(?:[ \t]+|-)(?:(?:of|and|&|for|the)[ \t]+)*[A-Z][\w'\u2019]*)+")


def said_in_capitals(text: str) -> frozenset[str]:
    """The words a question says in capitals, as a thing's initials may be said ("when's the AGM?": agm)."""
    return frozenset(w.casefold() for w in _SAID_IN_CAPITALS.findall(text))


def initials(texts: Iterable[str]) -> frozenset[str]:
    """The initials of the capitalised names some texts write ("Quarterly Business Review": qbr, "Annual General
    Meeting of the Club": agmc), of two to six words each."""
    out: set[str] = set()
    for t in texts:
        for m in _CAPITALISED.finditer(t):
            parts = [p for p in re.split(r"[\s-]+", m.group()) if p and p[0].isupper()]
            if 2 <= len(parts) <= 6:
                out.add(initials_of_words(parts))
    return frozenset(out)


def thing_terms(frame: Frame, rw: ReaderWords) -> tuple[str, ...]:
    """The words the question names its thing by, the thing's own noun (a kind of entry) last."""
    from steward.reader.honesty import an_entry_mistyped

    plain = rw.common | _NOT_THINGS
    said = [*frame.unknown, *(w for u in frame.unmatched for w in words(u.said)), *frame.things]
    out: list[str] = []
    for w in said:
        s = stem(w)
        if len(s) < 3 or s in plain or w.casefold() in plain or s.isdigit():
            continue
        if w in frame.unknown and an_entry_mistyped(w.casefold()):
            continue  # "my apointments": any booking, mistyped, names no one thing
        if s in out:
            out.remove(s)  # said again as a kind of entry: it is the thing's noun, kept last
        out.append(s)
    return tuple(out)


def text_words(texts: Iterable[str]) -> frozenset[str]:
    """The stemmed words of some texts ("Parent-teacher interview" -> parent, teacher, interview, parentteacher), and the
    initials of their runs of capitalised words, marked ("Parent-Teacher Meeting" -> "~ptm"): what an event is
    called for short."""
    return frozenset().union(*(_words_of(t) for t in texts))


@lru_cache(maxsize=4096)  # the same records' texts are read on every question about them
def _words_of(text: str) -> frozenset[str]:
    """`text_words` of one text."""
    out = {stem(w) for w in _WORD.findall(text.casefold())}
    # a word written with a hyphen is said without one too ("pick-up": pickup, "check-in": checkin)
    out |= {stem(w.replace("-", "")) for w in _HYPHENED.findall(text.casefold())}
    out |= _initials(text)
    return frozenset(out)


_HYPHENED = re.compile(r"\b[a-z]+-[a-z]+\b")


def _initials(text: str) -> set[str]:
    """The initials of each run of two to five capitalised words of a text ("Annual General Meeting" -> agm,
    "Parent-Teacher Meeting" -> ptm; "of" and "the" are skipped, as people skip them)."""
    out: set[str] = set()
    run: list[str] = []
    for w in [*_WORD.findall(text), ""]:
        if w.casefold() in SKIPPED and run:
            continue
        if w[:1].isupper() and w.isalpha():
            run.append(w)
            continue
        for n in SAID_SHORT:
            out.update("~" + initials_of_words(run[i:i + n]) for i in range(len(run) - n + 1))
        run = []
    return out


def held(term: str, pool: frozenset[str]) -> bool:
    """Whether a word of a question is in a text's words: itself, or an event's short name that is the initials of
    its name there ("the PTM" of a "Parent-Teacher Meeting"), when that word is no English word."""
    from steward.reader.lists import common_english

    s = stem(term)
    if s in pool or (2 <= len(s) <= 5 and s.isalpha() and f"~{s}" in pool and s not in common_english()):
        return True
    root = word_root(s)
    if root != s and (root in pool or any(word_root(w) == root for w in pool if w[:3] == root[:3])):
        # another form of the word ("speeding" of "speed", "renewal" of "renews"): one root, one thing
        return True
    # two letters typed the wrong way round ("eye tset", "dentsit"): the word they spell, when the said one is no
    # English word
    # (the word as said and as stemmed: "tets" is "test" typed so, not a plural); a long word with one letter
    # left out ("apointment") is the word it misses it from
    return any(len(t) >= 4 and t.isalpha() and t not in common_english() and any(mistyped(t, w) for w in pool)
               for t in {term.casefold(), s})


def mistyped(said: str, word: str) -> bool:
    """Whether `said` is `word` typed with two letters side by side the other way round, or (a long word) with one
    of its letters left out."""
    return _swapped(said, word) or (len(said) >= 6 and _one_left_out(said, word))


def _swapped(said: str, word: str) -> bool:
    """Whether `said` is `word` with two letters side by side the other way round."""
    if len(said) != len(word) or said == word:
        return False
    at = [i for i in range(len(said)) if said[i] != word[i]]
    return len(at) == 2 and at[1] == at[0] + 1 and said[at[0]] == word[at[1]] and said[at[1]] == word[at[0]]


def _one_left_out(said: str, word: str) -> bool:
    """Whether `said` is `word` with one of its letters left out."""
    if len(word) != len(said) + 1:
        return False
    at = next((i for i in range(len(said)) if said[i] != word[i]), len(said))
    return said[at:] == word[at + 1:]


def _found(term: str, pool: frozenset[str], rw: ReaderWords) -> bool:
    group = rw.thing_words.get(term) or rw.thing_words.get(term + "s") or frozenset((term,))
    return any(held(w, pool) for w in group | {term})


def fitting(terms: Sequence[str], pools: Sequence[frozenset[str]], rw: ReaderWords, head: str | None = None) -> list[int]:
    """The places of the pools that fit the terms best (every term found, or all but one describing word of
    three or more; the head always), or [] when none fits."""
    if not terms:
        return []
    head = head or terms[-1]
    scored = []
    for at, pool in enumerate(pools):
        got = [t for t in terms if _found(t, pool, rw)]
        if head in terms and head not in got:
            continue
        if len(got) == len(terms) or (len(terms) >= 3 and len(got) == len(terms) - 1):
            scored.append((len(got), at))
    if not scored:
        return []
    best = max(s for s, _ in scored)
    return [at for s, at in scored if s == best]


@dataclass(frozen=True)
class Said:
    """What the store keeps that names one booking: its own words and its mail's."""

    words: frozenset[str]
    message: Message | None  # the mail it was read from, as stored


T = TypeVar("T")  # a booking of any kind (an appointment's, a calendar event's)


def booking_words(bookings: Sequence[T], mailbox: Callable[[], Mailbox] | None, clock: Clock,
                  fields: Callable[[T], tuple[str, ...]], message_id: Callable[[T], int | None]
                  ) -> list[Said]:
    """For each booking: the words of its fields, of its mail and of its sender's other recent mail."""
    ids = [i for b in bookings if (i := message_id(b)) is not None]
    stored = mailbox().stored(ids) if mailbox is not None and ids else {}
    by_sender: dict[str, list[str]] = {}
    if mailbox is not None:
        since = (clock.now() - SENDER_BACK).date().isoformat()
        for m in stored.values():
            if m.sender and m.sender not in by_sender:
                hits = mailbox().from_sender(m.sender, f"after:{since}", limit=8, clock=clock).hits
                by_sender[m.sender] = [f"{h.message.subject} {h.message.snippet}" for h in hits]
    out = []
    for b in bookings:
        kept = stored.get(message_id(b) or -1)
        texts = [*fields(b)]
        if kept is not None:
            texts += [kept.subject, kept.snippet, kept.sender_name or "", *by_sender.get(kept.sender, [])]
        out.append(Said(text_words([no_street_titles(t) for t in texts]), kept))
    return out


def no_street_titles(text: str) -> str:
    """The text without the "Dr" and "St" that end a street's name ("1418 Sycamore Ridge Dr"): a drive and a street,
    never the doctor or the saint a question names by them ("my appointment with dr hamilton")."""
    if not re.search(r"\b(?:Dr|St)\b", text):
        return text
    return _STREET_RE.sub(lambda m: re.sub(r"\s+(?:Dr|St)\b\.?", "", m.group(0)), text)


# a street address as mail writes it, with the place's name before it when it has one
# (a numbered street as North American addresses write it: "3300 W 32nd Ave"; never the minutes of a clock time
# before a name: "at 4:30 PM. Grove Street Dental")
_STREET = (r"(?<![\d:])\d{1,5}[A-Za-z]?\s+(?:(?!(?:AM|PM|A\.M|P\.M)\b)(?:[A-Z][\w'.-]*|\d{1,3}(?:st|nd|rd|th))\s+){0,3}(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Blvd|Boulevard|Lane|"
           r"Ln|Way|Cres|Crescent|Ct|Court|Pl|Place|Terrace|Parkway|Pkwy|Hwy|Highway|Sq|Square)\b\.?(?:\s+[NSEW]\b)?")
_STREET_RE = re.compile(_STREET)
_ADDRESS = re.compile(rf"(?:(?P<name>(?<![\w.])(?:(?!(?:AM|PM|A\.M|P\.M)\b)[A-Z][\w'&.-]*\s+){{0,2}}(?!(?:AM|PM)\b)[A-Z][\w'&.-]*),\s+)?"
                      rf"(?P<street>{_STREET})")


# the town a sentence puts a street in, said apart from it ("at our place in Kalk Bay on Friday, 9 Sea Road"):
# a name after "in", never a month, a day, a room or a hall ("in Room 4", "in March")
_TOWN_SAID = re.compile(r"\bin\s+(?P<town>[A-Z][a-z\u00df-\u00ff'-]{2,}(?:\s+[A-Z][a-z\u00df-\u00ff'-]{2,})?)\b(?!\s*\d)")
_NO_TOWN = frozenset(("january", "february", "march", "april", "may", "june", "july", "august", "september",
                      "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                      "saturday", "sunday", "room", "hall", "building", "block", "unit", "suite", "studio", "floor",
                      "reception", "the", "our", "your", "person"))


def address_in(text: str) -> str:
    """The first street address a text gives, with the place's name before it ("Jumpstart Trampoline Park,
    45 Esandar Dr") and the town its sentence puts it in when it writes none after it, or ""."""
    m = _ADDRESS.search(text)
    if m is None:
        return ""
    name = (m.group("name") or "").strip()
    street = f"{name}, {m.group('street').strip()}" if name else m.group("street").strip()
    if re.match(r"\s*,\s*[A-Z0-9]|[ \t]*\n\s*[A-Z0-9]", text[m.end():]):
        return street  # the mail writes a town or a postcode after it: the street as it gives it
    start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
    stops = [i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0]
    end = m.end() if street.endswith(".") else min(stops, default=len(text))
    towns = [t.group("town") for t in _TOWN_SAID.finditer(text[start:end])
             if not {w.casefold() for w in t.group("town").split()} & _NO_TOWN
             and t.group("town").casefold() not in street.casefold()]
    return f"{street.rstrip('.')}, {towns[0]}" if len(towns) == 1 else street


# how many a table is for, as reservation mail writes it: "Party of 2", "table for 4", "3 guests", "4 pax"; never
# a number of minutes or days ("we hold your table for 15 minutes"), nor one of a date or an address
_PARTY = re.compile(r"\b(?:party of|table for|party size:?|guests?:|covers?:|people:|pax:?|persons?:|"
                    r"number of (?:guests|people|persons|diners):?)\s*(\d{1,2})\b(?!\s*(?:min|mins|minutes|hours?|hrs?|"
                    r"days?|nights?|weeks?|months?|years?|am|pm|st|nd|rd|th)\b|[:.]\d)|"
                    r"\b(\d{1,2})\s*(?:people|persons|guests|adults|diners|covers|pax)\b", re.I)


def party_size(text: str) -> int | None:
    """How many a booking is for, when its mail says it; None when it does not."""
    m = _PARTY.search(text)
    return None if m is None else int(m.group(1) or m.group(2))


# who a booking is with, as its mail labels it: "Teacher: Ms. Okonkwo", "with Dr. Singh", "Stylist: Paola"
_ROLE = r"(?i:teacher|stylist|doctor|dentist|therapist|physiotherapist|physio|physician|practitioner|host|organi[sz]er|" \
        r"instructor|coach|tutor|clinician|consultant|hygienist|surgeon|specialist|optometrist|trainer)"
# (or the role said, then the person's titled name: "you will see our senior physiotherapist, Ms. Anna Novak")
_WITH = re.compile(rf"\b(?:{_ROLE}\s*:\s*|(?i:with)\s+(?=(?:Dr|Mr|Mrs|Ms|Mx|Prof)\b)|"
                   # ("You have been given an appointment to see Mr K. Okafor", "to be seen by Dr Patel")
                   r"(?i:to\s+see|to\s+be\s+seen\s+by|seen\s+by)\s+(?=(?:Dr|Mr|Mrs|Ms|Mx|Prof)\b)|"
                   rf"{_ROLE}\b[^.,;:!?\n]{{0,40}},\s+(?=(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\b))"
                   r"(?P<who>(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+(?:[A-Z]\.\s?)?)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)")
_INVITED_BY = re.compile(r"\b(?P<who>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?:has\s+)?invited you\b")


_DAYS = frozenset(("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "jan", "feb", "mar",
                   "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"))
# a session with a person named by a first name alone ("Private lesson with Ingrid", "Massage with Tomek")
_WITH_NAME = re.compile(r"\b(?:with|mit|con|avec)\s+(?P<who>[A-Z][a-z\u00df-\u00ff'-]{2,}(?:\s+[A-Z][a-z\u00df-\u00ff'-]+)?)"
                        r"(?![\w-])")


def who_in(text: str, not_names: frozenset[str] = frozenset()) -> str:
    """Who a booking is with, or who invited the person, as its mail says it; "" when it does not. A name after
    "with" alone counts when no word of it is an everyday word or one of `not_names` (the business's own)."""
    from steward.reader.lists import common_english

    everyday = common_english() | not_names | _DAYS
    m = _WITH.search(text) or _INVITED_BY.search(text)
    if m is not None:
        who = m.group("who").strip().split()
        # "Coach: Ines Thu, 10.12.": a label's name ends before a day or an everyday word that follows it
        return " ".join(who[:1] if len(who) == 2 and who[1].casefold().strip(".,") in everyday else who)
    for m in _WITH_NAME.finditer(text):
        who = m.group("who").strip()
        if not any(w.casefold() in everyday for w in who.split()):
            return who
    return ""


# the words an invitation's subject opens with before what it invites to
_INVITED_TO = re.compile(r"^\s*(?:(?:updated\s+)?invitation\s*:|you(?:'re|\u2019re| are)\s+invited\s+(?:to\s+)?|"
                         r"join us (?:for|at)\s+|please join us (?:for|at)\s+|save the date\s*:?)\s*", re.I)


# a forward's subject, as mail programs write it in the languages they are used in
_FORWARDED = re.compile(r"^\s*(?:fwd?|wg|tr|rv|doorgestuurd|enc|i)\s*:", re.I)


def forwarded_by(subject: str, sender: str) -> str:
    """Who forwarded a message, when its subject says it is a forward ("Fwd: ..."); "" when it is not one."""
    return sender if sender and _FORWARDED.match(subject) else ""


def invitation_title(subject: str, title: str = "", provider: str = "") -> str:
    """What an invitation's subject invites to ("You're invited to Ravi's Roller Disco!" -> "Ravi's Roller Disco").
    An invitation read from a friend's own words is named by what they invite to ("barbecue"), not by a
    subject that says nothing of it ("guess what!!"), unless the subject says it is an invitation."""
    opens = _INVITED_TO.match(subject)
    if (opens is None or not opens.group(0).strip()) and provider and title.startswith(f"{provider}: "):
        return title.removeprefix(f"{provider}: ")
    said = _INVITED_TO.sub("", subject).strip(" !.")
    return re.sub(r"\s*@.*$", "", said).strip(" !.")


# a move said in the words of the mail that makes it ("is moving from 5:30 to 6:15", "has been pushed to 4")
_MOVE_SAID = re.compile(r"\b(?:mov(?:e|ed|es|ing)|reschedul(?:e|ed|ing)|postpon(?:e|ed|ing)|prepon(?:e|ed|ing)|"
                        r"push(?:ed|ing)?\s+(?:back|to)|brought\s+forward|bring(?:ing)?\s+(?:it\s+)?forward|"
                        r"chang(?:e|ed|ing)\s+(?:the\s+time\s+)?to)\b", re.I)


def moves_to_its_start(item: Item, items: Sequence[Item]) -> bool:
    """Whether a move's own mail says the time it holds: read from words (not a calendar part), its excerpt a
    move, and no other booking of its provider read from other mail that it could have moved (a booking moved by
    a later mail holds the time it had before; what the same mail tells of besides, "Saturday's game", is not it)."""
    return (item.origin == "pattern" and _MOVE_SAID.search(item.excerpt or "") is not None
            and not any(o.provider == item.provider and (o.id, o.start) != (item.id, item.start)
                        and o.message_id != item.message_id for o in items))
