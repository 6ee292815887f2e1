"""Slot lists: the names in the person's own store (issuers and their cards, providers and their kinds,
senders and their display names, reminders, event titles), built once and rebuilt only when the store
changes (`SlotCache`), never once per turn.

A name is matched by its whole words ("kaveri bank"), by each distinctive word of it ("kaveri": not a
generic word such as "bank" or "card"), by the last four digits of a card, and, through `match`, by
spelling distance.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from steward.reader.frame import SlotValue
from steward.reader.words import ReaderWords
from steward.store import slots as repo
from steward.vocab import words


@lru_cache(maxsize=8192)  # the same names and titles are read on every question about them
def name_words(text: str) -> tuple[str, ...]:
    """Words of a name: hyphens split, possessives dropped, accents folded ("José" is named "jose" too)."""
    out: list[str] = []
    for w in words(text):
        for part in _folded(w).replace("-", " ").split():
            part = part.removesuffix("'s").rstrip("'")  # ("parents' evening" is said "parents evening" too)
            if part:
                out.append(part)
    return tuple(out)


@lru_cache(maxsize=8192)
def _folded(word: str) -> str:
    """A word without its accents ("zoë" -> "zoe", "álvarez" -> "alvarez")."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def name_phrases(name: str, generic: frozenset[str], shortest: int = 4) -> tuple[tuple[str, ...], ...]:
    """The word sequences that name a thing: all of its words, and each distinctive word alone (of
    `shortest` letters or more: a person's "Sam" or "Zoë" is a name, a company's "Box" is not)."""
    full = name_words(name)
    if not full:
        return ()
    out = [full]
    for n in range(2, len(full)):
        out.append(full[:n])  # "brunswick vet" names Brunswick Vet Clinic
    for w in full:
        if len(w) >= shortest and w not in generic and not w.isdigit() and (w,) not in out:
            out.append((w,))
    return tuple(out)


KindTable = tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]


def kind_of(text: str, kinds: dict[str, tuple[tuple[str, ...], ...]]) -> str:
    """The first kind whose words appear in `text` (a provider's name and title), else ""."""
    # asked of every sender and booking on some turns, with the same few texts each time: remembered, per table
    # of kinds by its identity (the table is kept with its answers, so its id is never another's): a table is
    # the reader's words, and a tuple of it would be hashed whole on every call
    kept = _KIND_TABLES.get(id(kinds))
    if kept is None or kept[0] is not kinds:
        if len(_KIND_TABLES) >= 64:  # tables made on the fly (a doctor's specialties), not the reader's own
            _KIND_TABLES.clear()
        table = tuple(kinds.items())
        kept = _KIND_TABLES[id(kinds)] = (kinds, table, _kind_starts(table), {})
    _, table, starts, answers = kept
    found = answers.get(text)
    if found is None:
        if len(answers) >= 4096:
            answers.clear()
        found = answers[text] = _kind_of(text, table, starts)
    return found


KindStarts = dict[str, tuple[tuple[tuple[str, ...], int], ...]]
_KIND_TABLES: dict[int, tuple[dict[str, tuple[tuple[str, ...], ...]], KindTable, KindStarts, dict[str, str]]] = {}


def specialty_of(kind: str, mail: str, rw: ReaderWords) -> str:
    """The specialty a doctor's visit (or a booking whose names say no kind) has by its own mail's words ("Dr.
    Meera Rao appointment", whose mail says "Dermatology": skin), so a kind of doctor asked ("the ENT") is
    answered by that kind's visits alone; "" when its mail says none, or it is of another kind."""
    if kind not in ("", "doctor") or not mail or not rw.specialties:
        return ""
    return kind_of(mail, rw.specialty_kinds)


def _kind_of(text: str, table: KindTable, starts: KindStarts) -> str:
    have = name_words(text)
    found = [order for i, w in enumerate(have) for p, order in starts.get(w, ()) if have[i:i + len(p)] == p]
    return table[min(found)][0] if found else ""


def _kind_starts(table: KindTable) -> KindStarts:
    """Each kind's phrases by their first word, with the kind's place in the table (the first kind wins)."""
    out: dict[str, list[tuple[tuple[str, ...], int]]] = {}
    for order, (_, phrases) in enumerate(table):
        for p in phrases:
            if p:
                out.setdefault(p[0], []).append((p, order))
    return {k: tuple(v) for k, v in out.items()}


@dataclass(frozen=True)
class SlotLists:
    """Every named thing of one store, indexed by the first word of each of its names."""

    values: tuple[SlotValue, ...]
    by_first: dict[str, tuple[tuple[tuple[str, ...], SlotValue], ...]] = field(default_factory=dict)
    # every word of the titles of what the person's calendar and bookings hold, everyday words too ("committee" of a
    # "Medicines Optimisation Committee"): such a word, said with a day, is looked for in what that day holds
    titles: frozenset[str] = frozenset()

    @classmethod
    def of(cls, values: Iterable[SlotValue], titles: Iterable[str] = ()) -> SlotLists:
        """Lists over `values`, indexed for matching, with the words of `titles`."""
        vals = tuple(values)
        index: dict[str, list[tuple[tuple[str, ...], SlotValue]]] = {}
        for v in vals:
            for phrase in v.names:
                index.setdefault(phrase[0], []).append((phrase, v))
        return cls(vals, {k: tuple(sorted(x, key=lambda e: -len(e[0]))) for k, x in index.items()},
                   frozenset(w for t in titles for w in name_words(t) if len(w) >= 3 and w.isalpha()))

    def of_slot(self, slot: str) -> tuple[SlotValue, ...]:
        """The values of one slot."""
        return self._by_slot.get(slot, ())

    @cached_property
    def _by_slot(self) -> dict[str, tuple[SlotValue, ...]]:
        # lists live until the store changes and are asked for a slot several times a turn
        out: dict[str, list[SlotValue]] = {}
        for v in self.values:
            out.setdefault(v.slot, []).append(v)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def without_trips(self) -> SlotLists:
        """The lists without the places the person's journeys go to (a place said of an event is no journey)."""
        return SlotLists.of((v for v in self.values if v.slot != "trip"), self.titles) if self.of_slot("trip") \
            else self

    @cached_property
    def single_names(self) -> dict[str, tuple[SlotValue, ...]]:
        """Every one-word name (for spelling distance), with the values it names."""
        out: dict[str, list[SlotValue]] = {}
        for first, entries in self.by_first.items():
            for phrase, v in entries:
                if len(phrase) == 1 and not first.isdigit():
                    out.setdefault(first, []).append(v)
        return {k: tuple(v) for k, v in out.items()}


def build_lists(conn: sqlite3.Connection, reader_words: ReaderWords,
                senders: Iterable[repo.SenderRow]) -> SlotLists:
    """The slot lists of one store (its senders passed in, as they are gathered incrementally)."""
    generic = reader_words.generic | reader_words.common
    values: list[SlotValue] = []
    by_issuer: dict[str, set[str]] = {}
    for issuer, kind, account in repo.issuers(conn):
        by_issuer.setdefault(issuer, set()).add(kind)
        if account:
            values.append(SlotValue("account", account, f"{issuer} {kind} XXXX{account}", ((account,),),
                                    kind=kind, issuer=issuer))
    everyday = generic | common_english()
    for issuer, kinds_seen in sorted(by_issuer.items()):
        # (a short word of its name that is no English word names it alone too: "the tui bill" of Tui Energy)
        phrases = name_phrases(issuer, generic)
        phrases += tuple(p for p in name_phrases(issuer, everyday | reader_words.known, 3) if p not in phrases)
        phrases += tuple(p for p in _initials(issuer, everyday | reader_words.known) if p not in phrases)
        values.append(SlotValue("issuer", issuer, issuer, phrases, kind=",".join(sorted(kinds_seen))))
    rows = repo.providers(conn)
    senders = list(senders)
    people = frozenset(w for row in senders for w in name_words(row.name))  # the person's own name too
    # an everyday word is never a booking's name alone ("book" from a "Book club" invitation, "line" of
    # "Murray Line Rail"): "can I book a table?" asks about no one; the words together still name it
    aliases = _excerpt_names(rows, everyday | reader_words.known | people)
    owned = {w for names in aliases.values() for w in names}
    booking_mail = repo.booking_mail(conn)
    named_for = _names_it_is_for(booking_mail, everyday | reader_words.known)
    for provider, names in named_for.items():
        # a name the mail of one booking alone gives it: one that two bookings' mail give (the pet of the vet's
        # booking and of the owner's own note of it) or another booking's words already give is no one's here
        given = aliases.get(provider, ())
        alone = [w for w in names if w not in owned and sum(w in n for n in named_for.values()) == 1]
        shortened = _said_short([w for w in names if w in given or w in alone], everyday | reader_words.known)
        aliases[provider] = tuple(dict.fromkeys((*given, *alone, *shortened)))
    # an airline's code names its flights said with the word ("my KA flight"), never alone: a code is often a
    # word of another language ("ka pai" is Māori's "good")
    codes = _airline_codes(rows, everyday | reader_words.known | people)
    told = _told_titles(rows, everyday | reader_words.known)
    for provider, phrases in _invitation_titles(repo.invitation_summaries(conn), everyday | reader_words.known).items():
        told[provider] = (*told.get(provider, ()), *(p for p in phrases if p not in told.get(provider, ())))
    writing_in_person = {row.name for row in senders if row.category == "personal"}
    for provider in sorted({p for p, _, _, _ in rows}):
        titles = " ".join(t for p, t, _, _ in rows if p == provider)
        via = next((v for p, _, _, v in rows if p == provider and v and v != provider), "")
        phrases = name_phrases(provider, _everyday_apart(provider, generic, everyday)) + tuple(
            (a,) for a in aliases.get(provider, ())) + tuple(t for t in told.get(provider, ())) + tuple(
            (c, word) for c in codes.get(provider, ()) for word in ("flight", "flights"))
        if via and via not in writing_in_person:
            # (a booking service's name names what it booked; a relative who forwarded a booking is named by their
            # own name alone: "can Sam come?" asks nothing of the school's interview he passed on)
            phrases += tuple(p for p in name_phrases(via, _everyday_apart(via, generic, everyday)) if p not in phrases)
        kind = kind_of(f"{provider} {titles} {via}", reader_words.provider_kinds) or _kind_booked(
            [subject for p, subject, _ in booking_mail if p == provider], reader_words)
        values.append(SlotValue("provider", provider, provider, phrases, kind=kind, issuer=via))
    ends = repo.message_ends(conn)
    signatures = _signatures(ends, reader_words, {row.address: row.name for row in senders})
    family = _family(ends, repo.sent_openings(conn), reader_words)
    personal = frozenset(row.address for row in senders if row.category == "personal")
    by_name: dict[str, list[str]] = {}
    for row in senders:
        name = row.name or row.address
        by_name.setdefault(name, []).append(row.address)
    # (a friend or a relative whose invitation Steward read is a provider of it, and no business: "Sam", whatever
    # else the word means, names him)
    people_writing = {row.name for row in senders if row.category == "personal"}
    businesses = {p for p, _, _, _ in rows if p not in people_writing} | set(by_issuer)
    for name, addresses in sorted(by_name.items()):
        # an everyday word of a business's name is no name of it alone ("sharp" of Sharp Cuts Salon: "how
        # sharp is it?"); a person's first name, however common a word ("Grace", "Mark"), names them
        # nor is one of a name made only of everyday words ("long" of The Long Weekend: "how long is it overdue?")
        plain = _everyday_apart(name, generic, everyday) if _a_business(name, businesses, reader_words) \
            or _everyday_words_only(name, generic, everyday) else generic
        # a person's short first name ("Sam", "Zoë") names them, unless it is a word the reader knows
        phrases = name_phrases(name, plain | reader_words.known, 3) if "@" not in name else ()
        phrases += tuple(p for p in name_phrases(name, plain) if p not in phrases) if "@" not in name else ()
        if "@" not in name and not any(c.isascii() and c.isalpha() for c in name):
            # a name in a script the keyboard may not type ("田中 ゆき"): the words of their address name them
            for address in addresses:
                local = [w for w in re.split(r"[._+-]+", address.split("@")[0].casefold()) if len(w) >= 3
                         and w.isalpha() and w not in generic]
                phrases += tuple(p for p in (tuple(local), *((w,) for w in local)) if p and p not in phrases)
        phrases += tuple(p for p in _kin_words(name, reader_words) if p not in phrases)
        for signed in {w for a in addresses for w in signatures.get(a, ())}:
            # "Mamá" at the end of her mail: every word for a mother names her; "Tavo": that name does
            kin = _kin_words(signed, reader_words)
            # (a short form of their own first name, "Ken" of Kenneth, names them however common a word it is)
            short = bool(name_words(name)) and len(signed) >= 3 and name_words(name)[0].startswith(signed.casefold())
            mine = kin or ((name_words(signed),) if short or signed.casefold() not in everyday | reader_words.known
                           else ())
            phrases += tuple(p for p in mine if p and p not in phrases)
        # "Ah Ma" who signs her mail "阿嬷", "Mum" whom the person greets so: every word for that relation
        relation = ",".join(sorted({r for a in addresses for r in family.get(a, ())}))
        if not relation and not _a_business(name, businesses, reader_words):
            relation = _titled(name, reader_words) or ""  # "Uncle Bob", "Grandma Rose", "Mum (mobile)"
        for r in relation.split(",") if relation else ():
            phrases += tuple(p for p in reader_words.kin.get(r, ()) if p not in phrases)
        if not relation and _kin_words(name, reader_words):
            relation = next(r for r, ps in reader_words.kin.items() if name_words(name) in ps)
        if not relation and _a_person(name, addresses, signatures, personal, by_issuer, reader_words):
            relation = PERSON  # someone who writes in their own name: who a family word may be, when none says
        values.append(SlotValue("sender", name, name, phrases, kind=relation, addresses=tuple(sorted(addresses))))
    values = _lures_by_their_whole_names(values, {row.address for row in senders if row.category == PHISHING})
    # a person who invited the person to something is named as their mail names them ("Jo" who signs so)
    said_by = {v.value: v.names for v in values if v.slot == "sender"}
    values = [replace(v, names=v.names + tuple(p for p in said_by[v.value] if p not in v.names))
              if v.slot == "provider" and v.value in said_by else v for v in values]
    values += _trip_places(conn, reader_words, generic | reader_words.known)
    for text in repo.reminder_texts(conn):
        values.append(SlotValue("reminder", text, text, name_phrases(text, generic | reader_words.known)))
    held = repo.event_titles(conn)
    for title in held:
        values.append(SlotValue("event", title, title, name_phrases(title, generic | reader_words.known)))
    held += [t for _, t, _, _ in rows if t] + [summary for _, summary in repo.invitation_summaries(conn)]
    return SlotLists.of(values, held)


PHISHING = "phishing_suspect"
# the small words an organisation's initials leave out ("Bank of the West" is BW, never BOTW)
_NOT_INITIALLED = frozenset(("of", "the", "and", "for", "de", "du", "la", "le", "del", "da"))


def _initials(name: str, everyday: frozenset[str]) -> tuple[tuple[str, ...], ...]:
    """An organisation of three words or more by its initials ("cpwa" of Creek Power & Water Authority), when they
    are no everyday word."""
    whole = [w for w in name_words(name) if w not in _NOT_INITIALLED and w[0].isalpha()]
    initials = "".join(w[0] for w in whole)
    return ((initials,),) if len(whole) >= 3 and initials not in everyday else ()


def _lures_by_their_whole_names(values: list[SlotValue], lures: set[str]) -> list[SlotValue]:
    """The senders of mail filed as phishing named only by words no real sender, biller or provider is named by: a
    lure's "CPWA Refunds" or "SwiftGate Fines" borrows the real one's name ("CPWA", "SwiftGate"), which names the
    real one alone; the lure keeps its whole name ("is the CPWA Refunds mail genuine?")."""
    if not lures:
        return values
    false = {v.value for v in values if v.slot == "sender" and v.addresses and set(v.addresses) <= lures}
    if not false:
        return values
    real = {p for v in values if v.value not in false and v.slot in ("sender", "issuer", "provider", "account")
            for p in v.names if len(p) == 1}
    return [replace(v, names=tuple(p for p in v.names if len(p) > 1 or p not in real),
                    lure=v.slot == "sender") if v.value in false
            else v for v in values]


def _trip_places(conn: sqlite3.Connection, reader_words: ReaderWords, own: frozenset[str]) -> list[SlotValue]:
    """The places the person's journeys and stays take them to ("Porto" of a flight to OPO, the town of a
    hotel), each named by its whole name; never the place the first journey leaves from (home), nor a
    place whose name is a word the reader knows as a word of its own."""
    rows = repo.bookings_with_places(conn)
    if not rows:
        return []
    from steward.reader.answerers.trips import destinations, origins  # airports load only with bookings

    found: dict[str, SlotValue] = {}
    home: list[tuple[str, ...]] = []  # where the first journey leaves from, by each name its mail gives
    for provider, title, excerpt, location, _ in rows:
        places = destinations(provider, title, excerpt, location, reader_words)
        if places and not home and kind_of(f"{provider} {title}", reader_words.provider_kinds) != "hotel":
            home = [name_words(p) for p in origins(provider, title, excerpt, location) if name_words(p)]
        for place in places:
            said = name_words(place)
            if not said or any(h[-len(said):] == said for h in home) or (len(said) == 1 and said[0] in own):
                continue  # ("Southern Cross Station, Melbourne": the journey home goes to Melbourne)
            found.setdefault(" ".join(said), SlotValue("trip", place, place, (said, *_other_names(place, own))))
    return list(found.values())


def _other_names(place: str, own: frozenset[str]) -> tuple[tuple[str, ...], ...]:
    """The other names people use for a city a journey goes to ("Joburg", "Oporto", "Bombay": GeoNames'),
    each as words; never one that is an everyday word or a word the reader knows as a word of its own."""
    from steward.appointments.places import city_other_names

    out: list[tuple[str, ...]] = []
    for other in city_other_names(place):
        said = name_words(other)
        if said and said not in out and not (len(said) == 1 and (said[0] in own or said[0] in common_english())):
            out.append(said)
    # a city of three words or more by its initials ("NYC" of New York City, "HCMC" of Ho Chi Minh City)
    whole = name_words(place)
    initials = "".join(w[0] for w in whole)
    if len(whole) >= 3 and initials.isalpha() and initials not in own and initials not in common_english() \
            and (initials,) not in out:
        out.append((initials,))
    return tuple(out)


# the words of `generic` that say nothing of what a sender is ("the", "my"): a person may be "Anna of Cleves"
_FUNCTION = frozenset(("the", "a", "an", "of", "and", "my", "me", "i", "you", "your"))
# words of what a group or a place is, beside `generic`'s kinds of business: "Book Club", "Chess Society"
_GROUPS = frozenset(("club", "society", "library", "council", "school", "college", "gym", "studio", "centre",
                     "center", "institute", "committee", "office", "church", "choir", "league", "academy"))


def _a_business(name: str, businesses: set[str], reader_words: ReaderWords) -> bool:
    """Whether a sender's name is a business's or a group's: one that books or bills, or one with a word of
    what a business or a group is ("Salon", "Board", "Services", "Club")."""
    return name in businesses or bool(set(name_words(name)) & ((reader_words.generic - _FUNCTION) | _GROUPS))


def _everyday_words_only(name: str, generic: frozenset[str], everyday: frozenset[str]) -> bool:
    """Whether a name is a title of everyday words ("The Long Weekend", "The Daily Grind": a newsletter's or a
    shop's, never a person's): what it is called together, none of its words alone."""
    own = [w for w in name_words(name) if w not in generic]
    return name.split()[:1] in (["The"], ["the"]) and len(own) >= 2 and all(w in everyday for w in own)


def _everyday_apart(name: str, generic: frozenset[str], everyday: frozenset[str]) -> frozenset[str]:
    """The words that do not name `name` alone: everyday words too when the name has two words of its own or
    more ("sharp" and "cuts" of Sharp Cuts Salon: "sharp cuts" names it), never its only one ("library" of
    City Library, "water" of City Water Board: what people call it)."""
    own = [w for w in name_words(name) if w not in generic]
    return everyday if len(own) >= 2 else generic


@lru_cache(maxsize=1)
def common_english() -> frozenset[str]:
    """Everyday English words (common_words.txt: wordfreq's, Zipf frequency >= 4), never a booking's name alone."""
    from steward.yamldata import shipped_text

    text = shipped_text("steward.reader", "common_words.txt")
    return frozenset(w for w in text.split("\n") if w and not w.startswith("#"))


# the kind of a sender who writes in their own name and whom no family word is known to name
PERSON = "person"


def _a_person(name: str, addresses: Iterable[str], signatures: Mapping[str, tuple[str, ...]],
              personal: frozenset[str], billers: Mapping[str, object], reader_words: ReaderWords) -> bool:
    """Whether a sender writes as a person in their own name: personal mail (`personal`: the addresses whose
    newest mail is), from a name with no word of a business or a group, sent from an address that says a word
    of that name ("kenneth.lau@...", never "track@..." of Redbird Parcel) or signed with a name."""
    said = name_words(name)
    if "@" in name or not said or name in billers or set(said) & ((reader_words.generic - _FUNCTION) | _GROUPS):
        return False
    if personal.isdisjoint(addresses):
        return False
    return any(signatures.get(a) or any(w in a.split("@")[0] for w in said if len(w) >= 2) for a in addresses)


def _titled(name: str, reader_words: ReaderWords) -> str | None:
    """The relation a display name opens with, before a name or a note ("Uncle Bob" -> uncle, "Mum (mobile)"
    -> mother); None when it opens on anything else."""
    from steward.reader import kin

    said = name_words(name)
    for n in range(min(kin.LONGEST, len(said) - 1), 0, -1):
        relation = kin.relations(reader_words).get(said[:n])
        if relation is not None:
            return relation
    return None


def _family(ends: Iterable[tuple[str, str]], openings: Iterable[tuple[str, str]],
            reader_words: ReaderWords) -> dict[str, frozenset[str]]:
    """The relations each address is known by in the person's own mail: the family word it signs its mail with,
    the one the person greets it with (`steward.reader.kin`)."""
    from steward.reader import kin

    signed: dict[str, set[str]] = {}
    for sender, end in ends:
        relation = kin.signed_with(end, reader_words)
        if relation is not None:
            signed.setdefault(sender, set()).add(relation)
    greeted: dict[str, set[str]] = {}
    for to, opening in openings:
        relation = kin.greeted_as(opening, reader_words)
        if relation is not None:
            greeted.setdefault(to, set()).add(relation)
    return kin.known_relations(signed, greeted)


def _kin_words(name: str, reader_words: ReaderWords) -> tuple[tuple[str, ...], ...]:
    """A sender called by a family word ("Mum") is named by every word for the same person ("mom", "mother")."""
    said = name_words(name)
    for phrases in reader_words.kin.values():
        if said in phrases:
            return phrases
    return ()


# a name that ends a message: a word with its capital ("Tavo", "Mamá"), or one capital alone ("L", "D"; never
# "A", "I" or the "X" of a kiss)
_SIGNED = re.compile(r"(?:^|[\s,.!])([A-Z\u00c0-\u00de][a-z\u00df-\u00ff'-]{1,14}|[B-HJ-WYZ])\s*[.!]?\s*$")
_SIGN_OFF = re.compile(r"(?:love|cheers|thanks|best|regards|xo+|x+|beijos?|bjs|abra[çc]os?|besos|bisous|saludos|"
                       r"hugs|kisses|ciao|cuídate|take care)[,!.]?\s+\S+\s*[.!]?\s*$", re.I)


def _signatures(ends: Iterable[tuple[str, str]], reader_words: ReaderWords,
                names: Mapping[str, str] | None = None) -> dict[str, tuple[str, ...]]:
    """The name each personal sender signs with, read from the ends of their stored snippets: a word for
    a relation ("Mamá") wherever it ends a message, a name ("Tavo") after a sign-off or ending two of them,
    or once when it is the short form of the sender's own first name ("Bart" of Bartholomew)."""
    seen: dict[str, dict[str, int]] = {}
    for sender, end in ends:
        m = _SIGNED.search(end)
        if m is None:
            continue
        word = m.group(1)
        weight = 2 if _kin_words(word, reader_words) or _SIGN_OFF.search(end) or \
            _short_of(word, (names or {}).get(sender, "")) else 1
        counts = seen.setdefault(sender, {})
        counts[word] = counts.get(word, 0) + weight
    return {s: tuple(w for w, n in counts.items() if n >= 2) for s, counts in seen.items()}


def _short_of(word: str, name: str) -> bool:
    """Whether a word is the short form of a name's first word: its first three letters or more, not all of it."""
    first = (name_words(name) or ("",))[0]
    said = word.casefold()
    return len(said) >= 3 and len(first) > len(said) and first.startswith(said)


_LONG_NAME = 7  # a name this long or longer is often said short ("Kamsi" of "Kamsiyochukwu", "Alex" of "Alexandra")
_SHORTEST = 4  # the fewest letters a short form keeps


def _said_short(names: Iterable[str], known: frozenset[str]) -> tuple[str, ...]:
    """The short forms family uses for the long names a booking is for: the name's first four letters or more, short
    of its last two, never a word the reader knows ("Kamsi", "Kamsiyo" of "Kamsiyochukwu"; "Chris" of "Christopher"
    but never "Christ")."""
    return tuple(name[:n] for name in names if len(name) >= _LONG_NAME for n in range(_SHORTEST, len(name) - 1)
                 if name[:n] not in known)


_NOT_NAMES = frozenset(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "hi", "dear", "thanks", "your", "please"])


def _kind_booked(subjects: Sequence[str], rw: ReaderWords) -> str:
    """The kind of a booking whose names say none, as the subject of its mail says what was booked ("Vehicle
    inspection confirmed" from a test centre: car); words any booking's mail uses ("service", "care") say none."""
    said = " ".join(w for subject in subjects for w in name_words(subject) if w not in rw.generic)
    return kind_of(said, rw.provider_kinds) if said else ""


def _excerpt_names(rows: Iterable[tuple[str, str, str, str]], known: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Names a booking's own words give it (a pet, a stylist: "Biscuit", "Leena"), when only one provider's
    mail says them."""
    import re

    said: dict[str, set[str]] = {}
    for provider, _, excerpt, _ in rows:
        own = set(name_words(provider))
        for word in re.findall(r"\b[A-Z][a-z]{3,}\b", excerpt):
            w = word.casefold()
            if w not in known and w not in _NOT_NAMES and w not in own:
                said.setdefault(w, set()).add(provider)
    out: dict[str, list[str]] = {}
    for word, providers in said.items():
        if len(providers) == 1:
            out.setdefault(next(iter(providers)), []).append(word)
    return {k: tuple(sorted(v)) for k, v in out.items()}


# the words an event's title opens on that say how often it comes or whose it is, not which event it is
_TITLE_QUALIFIERS = frozenset(("annual", "yearly", "our", "the", "this", "year's", "years", "grand", "big"))


def _told_titles(rows: Iterable[tuple[str, str, str, str]], everyday: frozenset[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The names of the events a club or a school told of, by their titles' own words ("early closing" of
    "Little Acorns Creche: early closing", "gala"), when only one provider's titles say them: several words
    together, or one that is no everyday word ("friendly" alone names no match)."""
    said: dict[tuple[str, ...], set[str]] = {}
    for provider, title, _, _ in rows:
        if not title.startswith(f"{provider}:"):
            continue
        phrase = tuple(name_words(title[len(provider) + 1:].split(",")[0]))
        # ("the sports day" of "Annual Sports Day": a title is said without the words that only say how often or
        # whose it is)
        bare = phrase[next((i for i, w in enumerate(phrase) if w not in _TITLE_QUALIFIERS), len(phrase)):]
        for one in dict.fromkeys((phrase, bare)):
            if one and (len(one) > 1 or one[0] not in everyday):
                said.setdefault(one, set()).add(provider)
    out: dict[str, list[tuple[str, ...]]] = {}
    for phrase, providers in said.items():
        if len(providers) == 1:
            out.setdefault(next(iter(providers)), []).append(phrase)
    return {k: tuple(v) for k, v in out.items()}


def _invitation_titles(rows: Iterable[tuple[str, str]], everyday: frozenset[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The names of the events the person is invited to, by their calendar summaries' own words ("the design
    review" of "Riverside design review", "the kick-off" of "Q3 kick-off"): the whole summary, its last words
    (two or more), or a last word that is no everyday word, when only one inviter's summaries say them."""
    said: dict[tuple[str, ...], set[str]] = {}
    for provider, summary in rows:
        phrase = tuple(name_words(summary))
        for start in range(len(phrase)):
            tail = phrase[start:]
            if len(tail) > 1 or tail[0] not in everyday:
                said.setdefault(tail, set()).add(provider)
    out: dict[str, list[tuple[str, ...]]] = {}
    for phrase, providers in said.items():
        if len(providers) == 1:
            out.setdefault(next(iter(providers)), []).append(phrase)
    return {k: tuple(v) for k, v in out.items()}


# a person a booking is for, named beside it in its mail: "Ana's swimming gala", "a check-up for Ana", "can you
# take Ana on Saturday?"
_FOR = re.compile(r"\b(?P<a>[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]{2,15})(?:'s|\u2019s)\s+\w|"
                  r"\b(?:for|take|bring|drop|collect)\s+(?P<b>[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]{2,15})\b(?!['\u2019]s)")


def _names_it_is_for(rows: Iterable[tuple[str, str, str]], known: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The people each booking is for, as the mail it was read from names them beside it (a child, a partner,
    a pet): never a word of the business's own name, a day, a month or a word the reader knows."""
    out: dict[str, list[str]] = {}
    for provider, subject, snippet in rows:
        own = set(name_words(provider))
        for m in _FOR.finditer(f"{subject}. {snippet}"):
            word = name_words(m.group("a") or m.group("b"))
            w = word[0] if word else ""
            if w and w not in known and w not in _NOT_NAMES and w not in own and w not in out.get(provider, []):
                out.setdefault(provider, []).append(w)
    return {k: tuple(v) for k, v in out.items()}


# a flight's number in a booking's title ("Flight KA 311 CPT → JNB"): the airline's two-character IATA code, then digits
_FLIGHT_NUMBER = re.compile(r"\bFlight\s+(?P<code>[A-Z][A-Z0-9]|[0-9][A-Z])\s?\d{1,4}[A-Z]?\b")


def _airline_codes(rows: Iterable[tuple[str, str, str, str]], known: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The airline code each flight is named by ("ka" of KA 311 and of KA 328: "my KA flight"), when the code is
    no word of its own ("AS", "IN", "MY" are words before they are airlines)."""
    out: dict[str, list[str]] = {}
    for provider, title, _, _ in rows:
        for m in _FLIGHT_NUMBER.finditer(title):
            code = m["code"].casefold()
            if code not in known and code not in _NOT_NAMES and code not in out.get(provider, ()):
                out.setdefault(provider, []).append(code)
    return {k: tuple(v) for k, v in out.items()}


class SlotCache:
    """The slot lists of a store, rebuilt when its fingerprint changes (senders gathered incrementally)."""

    def __init__(self, db: Callable[[], sqlite3.Connection], reader_words: ReaderWords) -> None:
        self._db = db
        self.words = reader_words
        self._lock = threading.Lock()
        self._print: tuple[object, ...] | None = None
        self._lists = SlotLists.of(())
        self._senders: dict[str, repo.SenderRow] = {}
        self._last_id = 0
        self.builds = 0  # how many times the lists were built (once, then once per change of the store)

    def lists(self) -> SlotLists:
        """The current lists (rebuilt first when the store changed since the last call)."""
        conn = self._db()
        now = repo.fingerprint(conn)
        if now == self._print:
            return self._lists
        with self._lock:
            if now != self._print:
                fresh, self._last_id = repo.senders_after(conn, self._last_id)
                for row in fresh:
                    old = self._senders.get(row.address)
                    count = row.count + (old.count if old else 0)
                    self._senders[row.address] = repo.SenderRow(row.address, row.name or (old.name if old else ""),
                                                                 count, row.category)
                self._lists = build_lists(conn, self.words, self._senders.values())
                self._print = now
                self.builds += 1
        return self._lists
