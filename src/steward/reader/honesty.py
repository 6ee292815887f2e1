"""The honesty rules, in one place.

1. A question that names something is answered about that thing only (`named_only`).
2. A name that matches nothing is said plainly, with the nearest names (`no_such`).
3. "None found" is never said while the store holds a match under another word or outside the window
   asked about: the answer says where it is instead (`elsewhere`).
4. Mail marked suspicious (a lure) never becomes money owed: a question about paying a thing that only
   such mail asks for is answered with that mail, marked, and "not among what you owe" (`lure_instead`).
5. A frame the reader is unsure of asks one short question rather than guessing (`which_one`); so does a
   name that fits two things of the domain asked about equally well (`tied_name`): "Brunswick" said of
   the mail from Bookish Brunswick and from Brunswick Vet Clinic is asked about, never one of them picked.
6. Every word of a question that names a thing is accounted for by what the answer is about
   (`unaccounted`, `not_held`): a kind of entry ("the hockey final"), a place a journey goes to or comes
   from, a kind of place ("the optician"). An answer about bookings or a calendar whose records hold none of
   them (the niece's dentist visit given for her swimming gala) is replaced by what was looked for and
   the nearest things held. A record holds a word under any word of its group (`thing_words`) or of its
   kind ("dentist" is held by a dental practice's booking), so "none found" is never said of a thing held
   under another word.
7. Any word of a question that names a thing its frame does not explain (`named_things`: "the rice cooker",
   "my expense claims", "Mum's 60th"; never a word that names nothing, `not_things`) is held by what the
   answer shows (a bill, a message, its mail's subject and snippet), or the reply says what was looked for,
   with the mail that says it, else what is held instead (`said_instead`): never every bill, or a person's
   other mail, in place of the one thing asked.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.frame import Frame, Named, SlotValue, Unmatched

if TYPE_CHECKING:
    from steward.reader.words import ReaderWords
    from steward.search.lexical import Hit
    from steward.search.mailbox import Mailbox

T = TypeVar("T")


def named_only(frame: Frame, items: Iterable[T], slots: Sequence[str], key: Callable[[T, SlotValue], bool]) -> list[T]:
    """The items about the values the frame names in `slots` (all items when it names none of them)."""
    wanted = [v for s in slots for v in frame.values(s)]
    rows = list(items)
    if not wanted:
        return rows
    return [r for r in rows if any(key(r, v) for v in wanted)]


def names_in(frame: Frame, slots: Sequence[str]) -> bool:
    """Whether the frame names a value of one of `slots`."""
    return any(frame.values(s) for s in slots)


def no_such(unmatched: Unmatched, what: str) -> str:
    """ "No card called 'Kavery'. Your cards: ..." """
    head = f"I have nothing called \u2018{unmatched.said}\u2019 among your {what}."
    if unmatched.nearest:
        return f"{head} The nearest: {', '.join(unmatched.nearest)}."
    return head


def elsewhere(what: str, window_said: str, lines: Sequence[str], checked: bool = False) -> str:
    """Nothing in the window asked about, but the store holds it at other times: say that none was found then
    and when it is held, never "none" (the one asked of may be another thing, in mail Steward could not read:
    "Dad's dinner on Saturday" is no table booked for Thursday). A question asked yes or no (`checked`: "is the
    physio on friday?") is answered no first."""
    said = window_said if window_said.split(" ", 1)[0].lower() in _PREPOSITIONS else f"on {window_said}"
    return "\n".join([f"{'No, I' if checked else 'I'} can't find anything {said} on {what}. What your data holds:",
                       *lines])


_PREPOSITIONS = frozenset(("on", "in", "at", "by", "before", "after", "until", "till", "from", "between", "this",
                           "next", "last", "the", "today", "tonight", "tomorrow", "yesterday", "over", "during"))


# the slots whose values a domain's answer is about
DOMAIN_SLOTS = {"money": ("issuer", "account"), "appointments": ("provider",), "mail": ("sender",),
                "schedule": ("event",), "reminders": ("reminder",)}


def _identity(v: SlotValue, plain: frozenset[str]) -> tuple[str, ...]:
    """What one value is, as a person tells things apart: an account is its issuer's; a sender is its
    distinctive words ("Wattle Bank" and "Wattle Bank Security" are one bank, "Sam Patel" and "Sam Green" two)."""
    from steward.reader.lists import name_words

    if v.slot in ("issuer", "account"):
        # one bank's card seen from its alerts and from its statements ("Suvarna Bank Alerts", "Suvarna Bank Credit
        # Cards") is one, as its senders are
        issuer = v.issuer if v.slot == "account" else v.value
        own = tuple(sorted({w for w in name_words(issuer) if w not in plain}))
        return ("money", *own) if own else ("money", issuer)
    if v.slot == "sender":
        own = tuple(sorted({w for w in name_words(v.value) if w not in plain}))
        return ("sender", *own) if own else ("sender", v.value.casefold())
    if v.slot == "provider" and v.issuer and _FLIGHT_NUMBER.fullmatch(v.value):
        # the flights of one airline ("my Kestrel flight", "the KA one") are its journeys, shown together and
        # told apart by their route and day, not asked about one by one
        return ("airline", v.issuer.casefold())
    return (v.slot, v.value.casefold())


# a booking named by its flight's number ("KA 311", "AP417")
_FLIGHT_NUMBER = re.compile(r"[A-Z0-9]{2}\s?\d{1,4}[A-Z]?")


def tied_name(frame: Frame, plain: frozenset[str]) -> tuple[Named, tuple[SlotValue, ...]] | None:
    """The first name the frame says that fits two or more different things of its domain equally (the
    same words, or the same spelling distance), with one value for each thing; None when every name is clear.
    `plain` are the words that tell nothing apart (generic words: "bank", "security", "delivery")."""
    slots = DOMAIN_SLOTS.get(frame.domain, ())
    for named in frame.filters:
        if named.how == "kind":
            continue  # "from the bank": every sender of that kind is meant, none is picked
        things: dict[tuple[str, ...], SlotValue] = {}
        for v in named.values:
            if v.slot in slots:
                things.setdefault(_identity(v, plain), v)
        if len(things) >= 2:
            return named, tuple(things.values())
    return None


def said_whole(frame: Frame) -> Frame:
    """The frame with each sender said by the whole of one sender's name ("the Parcelhop email") narrowed to that
    sender, never tied with one whose name only starts the same ("Parcelhop Fees", a lookalike's)."""
    kept = []
    for named in frame.filters:
        said = " ".join(named.said.casefold().split())
        whole = [v for v in named.values if v.slot == "sender" and " ".join(v.value.casefold().split()) == said]
        if len(whole) == 1 and len(named.values) > 1 and all(v.slot == "sender" for v in named.values):
            named = replace(named, values=tuple(whole))
        kept.append(named)
    # a word one thing shares with another ("office"), said beside words that name that one thing alone
    # ("rating & valuation office"), is that thing's: never a tie, never the other thing too
    pinned = {next(iter(names)) for n in kept if n.how == "words"
              and len(names := {v.value.casefold() for v in n.values}) == 1}
    for i, named in enumerate(kept):
        names = {v.value.casefold() for v in named.values}
        if named.how == "words" and len(names) > 1 and len(names & pinned) == 1:
            kept[i] = replace(named, values=tuple(v for v in named.values if v.value.casefold() in pinned))
    return replace(frame, filters=tuple(kept)) if kept != list(frame.filters) else frame


def which_one(labels: Sequence[str]) -> str:
    """One short question when a name fits several things equally."""
    if len(labels) == 2:
        return f"Do you mean {labels[0]} or {labels[1]}?"
    return f"Which one do you mean: {', '.join(labels[:-1])} or {labels[-1]}?"


def mail_instead(what: str, senders: Sequence[SlotValue], mailbox: Mailbox, clock: Clock) -> Answer:
    """Mail of the kind asked about that Steward read nothing from: say so and show it, never "none"."""
    hits = [h for s in senders[:3] for a in s.addresses for h in mailbox.from_sender(a, limit=3, clock=clock).hits]
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    # the day each came on the person's own clock (a mail at 9pm in New York is stored on the next day's UTC)
    days = [clock.local(h.message.received_at) for h in hits[:3]]
    lines = [f"- {day:%a} {day.day} {day:%b %Y} {h.message.sender_name}: \u201c{h.message.subject}\u201d"
             for day, h in zip(days, hits[:3], strict=True)]
    who = ", ".join(s.value for s in senders[:3])
    return Answer("\n".join([f"I can't tell {what} from your mail: I read nothing I could use from {who}. "
                             "Their latest mail:", *lines]), {"messages": [h.id for h in hits[:3]]})


def why_suspicious(hit: Hit, mailbox: Mailbox) -> str:
    """Why a message is marked suspicious, in a few words (its sender's checks, else that it reads as a lure)."""
    from steward.mail.senders import check_sender

    m = hit.message
    verdict = check_sender(m.sender, m.sender_name, "", f"{m.subject} {m.snippet}", mailbox.brands)
    return "; ".join(verdict.reasons) or "it reads like a phishing lure"


def lure_instead(said: Sequence[str], mailbox: Mailbox, clock: Clock, billers: Iterable[str] = ()) -> Answer | None:
    """A thing asked to be paid ("the customs charge", "that toll fee") that only mail marked suspicious
    asks for: that mail, marked, and nothing owed. None when no such mail says every word of `said`, or
    mail from one of `billers` (whose bills Steward has read) says them too."""
    if not said:
        return None
    words_said = " ".join(said)
    found = mailbox.search(f"category:phishing_suspect {words_said}", limit=5, clock=clock)
    if found.broadened or not found.matched or not found.hits:
        return None
    owed_by = {b.casefold() for b in billers}
    every = mailbox.search(words_said, limit=50, clock=clock)
    if any((h.message.sender_name or "").casefold() in owed_by and h.message.category != "phishing_suspect"
           for h in every.hits if not every.broadened):
        return None  # a biller's own mail says it too: the dues answer it
    lines = []
    for h in found.hits:
        day = clock.local(h.message.received_at)
        lines.append(f"- {day:%a} {day.day} {day:%b} {h.message.sender_name or h.message.sender} <{h.message.sender}>: "
                     f"\u201c{h.message.subject}\u201d \u2014 SUSPICIOUS: {why_suspicious(h, mailbox)}")
    what = " ".join(said)
    return Answer("\n".join([f"Nothing you owe is for \u2018{what}\u2019: no bill Steward has read asks for it. "
                             "The mail that does is marked suspicious; don't pay through it:", *lines]),
                  {"dues": [], "messages": [h.id for h in found.hits], "suspicious": True})


# kinds of entry that any booking or calendar entry may be called, which no record need say in its words
ANY_ENTRY = frozenset(("appointment", "appt", "booking", "reservation", "event", "thing", "plan", "meeting",
                        "holiday", "trip", "journey", "visit", "session",
                        # what a journey, a match or a show is booked as: "how much were the tickets?"
                        "ticket", "tickets"))
# the domains whose answers are about bookings and calendar entries (records with a title, a provider, a place)
_OF_ENTRIES = frozenset(("appointments", "schedule"))
_CODE = re.compile(r"\b[A-Z]{3}\b")
_LINE = re.compile(r"^\s*-\s")


def records(answer: Answer) -> list[tuple[str, int | None]] | None:
    """The words of each thing an answer about bookings or a calendar is about (a listed line; a booking's
    title, provider and place; an entry's title), each with the message it was read from when the answer
    says it; None when the answer lists no such records."""
    view = answer.data.get("view")
    items = [i for i in view.get("items") or () if isinstance(i, Mapping)] \
        if isinstance(view, Mapping) and view.get("kind") == "bookings" else []
    ids = [i.get("message_id") if isinstance(i.get("message_id"), int) else None for i in items]
    for key in ("appointments", "items"):
        lines = answer.data.get(key)
        if isinstance(lines, list) and lines and all(isinstance(line, str) for line in lines):
            # (a detail's lines and its view list the same bookings in the same order)
            return [(line, ids[at] if at < len(ids) and len(ids) == len(lines) else None)
                    for at, line in enumerate(lines)]
    if items:
        return [(" ".join(str(i.get(k) or "") for k in ("title", "provider", "location")), m)
                for i, m in zip(items, ids, strict=True)]
    if isinstance(view, Mapping) and view.get("kind") == "schedule":
        return [(str(i.get("title") or ""), None) for d in view.get("days") or () if isinstance(d, Mapping)
                for i in d.get("items") or () if isinstance(i, Mapping)]
    return None


def record_texts(answer: Answer) -> list[str] | None:
    """The words of each record an answer lists (see `records`); None when it lists none."""
    found = records(answer)
    return None if found is None else [text for text, _ in found]


def folded(text: str) -> str:
    """Text without accents, case or punctuation ("Montréal (Gare)" -> "montreal gare")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.findall(r"[a-z0-9]+", plain.casefold()))


def _places_of(text: str) -> str:
    """A record's words with the names of the airports its route names by code (their city, region, country)."""
    from steward.appointments.places import airport_country, airport_names

    return folded(" ".join([text, *(n for c in _CODE.findall(text) for n in (*airport_names(c), *airport_country(c)))]))


def _held(term: str, pool: frozenset[str], rw: ReaderWords) -> bool:
    from steward.reader.answerers.things import held

    group = rw.thing_words.get(term) or rw.thing_words.get(term + "s") or frozenset((term,))
    return any(held(w, pool) for w in group | {term})


def _kind_word_held(kind: str, pool: frozenset[str], rw: ReaderWords) -> bool:
    """Whether a record's words say its kind by a word of that kind's own ("Your MOT is booked" of a test
    centre's booking: a car's), never by a word any record may say ("service", "care")."""
    from steward.reader.answerers.things import held, stem

    plain = rw.generic | rw.common
    return any(held(stem(p[0]), pool) for p in rw.provider_kinds.get(kind, ()) if len(p) == 1 and p[0] not in plain)


def _kinds_in(text: str, rw: ReaderWords) -> list[str]:
    """Every kind of place whose words a record says ("Table at Saffron Table": table), in any order."""
    from steward.reader.lists import name_words

    have = name_words(text)
    starts = rw.provider_kinds_by_first
    found = {kind for i, w in enumerate(have) for kind, p in starts.get(w, ()) if have[i:i + len(p)] == p}
    return [kind for kind in rw.provider_kinds if kind in found]


def _pool(text: str, rw: ReaderWords) -> frozenset[str]:
    """A record's stemmed words, with the words of its kinds ("dentist" for a dental practice's booking)."""
    from steward.reader.answerers.things import text_words

    kinds = _kinds_in(text, rw)
    return text_words([text, *kinds, *(" ".join(p) for k in kinds for p in rw.provider_kinds[k])])


# what a question about the calendar asks that no kind of place answers
_NOT_OF_A_PLACE = frozenset(("free", "busiest", "quietest"))


def kind_not_held(frame: Frame, answer: Answer, rw: ReaderWords) -> str:
    """The kind of place a question about the calendar names ("is the vet on my calendar?", "when's the
    dentist?") when no entry of the calendar's answer is of that kind: the bookings of that kind answer it;
    "" otherwise."""
    from steward.reader.lists import kind_of

    if frame.domain != "schedule" or frame.flags & _NOT_OF_A_PLACE or frame.names_something or answer.question:
        return ""
    kind = kind_of(frame.text, rw.provider_kinds)
    if not kind or kind in rw.kind_groups:
        return ""
    texts = record_texts(answer) or []
    return "" if any(_held(kind, _pool(t, rw), rw) for t in texts) else kind


def kind_said(text: str, kind: str, rw: ReaderWords) -> str:
    """The words a question says a kind of place by ("lunch" for a table), else the kind's own name."""
    from steward.reader.lists import name_words

    have = name_words(text)
    for p in sorted(rw.provider_kinds.get(kind, ()), key=len, reverse=True):
        if p and any(have[i:i + len(p)] == p for i in range(len(have))):
            # a kind said with its article ("the show") is said with the answer's own
            return " ".join(p[1:] if len(p) > 1 and p[0] in _ARTICLES else p)
    return kind


_ARTICLES = frozenset(("the", "a", "an", "that", "our", "my", "any"))


def _name_held(values: Sequence[SlotValue], pool: frozenset[str], rw: ReaderWords) -> bool:
    """Whether a record says one of the things a name resolved to, by a word of its own (not "bank", "the")."""
    from steward.reader.answerers.things import stem, text_words

    plain = rw.generic | rw.common
    for v in values:
        # (by its words: the initials a name is also known by, "~tmch" of "The Marlowe Court Hotel", are how it is
        # said, and a record that writes its words holds it)
        own = {stem(w) for w in text_words([v.value]) if not w.startswith("~")} - plain
        if not own or own <= pool or (v.issuer and text_words([v.issuer]) - plain <= pool):
            return True
    return False


# the stemmed words of the mail each record was read from (its subject and snippet, its sender's other
# recent mail), by the records' message ids in order; a record with none has no words of mail
MailWords = Callable[[Sequence[int | None]], Sequence[frozenset[str]]]


def unaccounted(frame: Frame, answer: Answer, rw: ReaderWords, places: Sequence[str] = (),
                mail_words: MailWords | None = None) -> tuple[str, ...]:
    """The words of an answer's question that name a thing no record of the answer holds: a kind of entry
    said ("match", "recital"), a kind of place ("the optician", "lunch"), a person or a provider named, a
    place said of a journey (`places`, and the frame's); () when every one is held by some record, or when
    the answer is no list of bookings or calendar entries. A record holds what its own mail calls it
    (`mail_words`: "the interview" of a school's booking whose mail says so)."""
    from steward.reader.answerers.things import stem
    from steward.reader.lists import kind_of

    if frame.domain not in _OF_ENTRIES or answer.question or answer.data.get("accounted") or \
            answer.data.get("missing"):
        return ()  # (an answer that already says what it did not find is left as it is)
    found = records(answer)
    if not found:
        return ()
    texts = [text for text, _ in found]
    pools = [_pool(t, rw) for t in texts]
    if mail_words is not None and any(m is not None for _, m in found):
        pools = [p | extra for p, extra in zip(pools, mail_words([m for _, m in found]), strict=True)]
    missing: list[str] = []
    said = [s for t in frame.things if (s := stem(t)) not in ANY_ENTRY and s not in rw.common]
    # a kind of booking said by a word of the domain's own that names one kind of thing ("Sam's jab", "the
    # booster"): a record of the answer holds it under a word of its group, or the answer is of something else
    said += [s for w in re.findall(r"[a-z][a-z-]*", frame.text.casefold()) if w in _booking_things(rw)
             and (s := stem(w)) not in said]
    travel = set(rw.widen(list(rw.kind_groups)))
    kinds = [k for k in frame.kinds if k not in travel]
    if frame.domain == "schedule" and not frame.flags & _NOT_OF_A_PLACE:
        kind = kind_of(frame.text, rw.provider_kinds)
        kinds += [kind] if kind and kind not in travel else []
    if kinds and not any(_held(k, p, rw) or _kind_word_held(k, p, rw) for k in kinds for p in pools):
        # "lunch with Priya" answered with her book club: no record is of the kind said (of several said,
        # "any dentist or vet?", one is enough)
        missing.append(kind_said(frame.text, kinds[0], rw))
    # (a thing of two words, "book club", is held by a record that says both)
    missing += [w for w in dict.fromkeys(said) if not any(_held(w, p, rw) or " " in w and all(
        _held(stem(x), p, rw) for x in w.split()) for p in pools)]
    home = someones_home(frame.text, rw)
    if home and not any(folded(home) in folded(t) for t in texts):
        # "brunch at his place", "lunch at Mum's": a booking with a provider is never at a person's home
        what = kind_said(frame.text, kinds[0], rw) if kinds else (said[0] if said else "anything")
        missing = [m for m in missing if m != what] + [f"{what} at {home}"]
    # a thing said in words no vocabulary holds ("the kids' swim carnival"): one record holds all its words
    missing += [t for t in named_things(frame, rw)
                if not any(all(_held(stem(w), p, rw) for w in t.split()) for p in pools) and t not in missing
                and t not in ANY_ENTRY]
    where = [_places_of(t) for t in texts]
    for named in frame.filters:
        values = [v for v in named.values if v.slot in ("provider", "sender", "event")]
        if values and named.how != "kind" and not any(_name_held(values, p, rw) for p in pools) and not (
                named.how == "spelling" and any(all(_held(stem(w), p, rw) for w in named.said.split()) for p in pools)
        ) and not _a_place_held(named.said, texts) and not (
                frame.things and any(all(_held(stem(w), p, rw) for w in (*named.said.split(), *frame.things))
                                     for p in pools)):
            # (a word only spelled near another provider's name, "junior" of "Juniors FC", is held by a record
            # whose own words say it: "the junior ballet"; a town that is also a word of a provider's name, "Cebu"
            # of a hotel in Cebu, is held by the journey whose route goes there: "the flight to Cebu"; and a name said
            # with the thing it holds, "the Northpoint holiday party" of Northpoint IT's sender, is held by a record whose
            # own words say the name and the thing alike)
            missing.append(re.sub(r"['\u2019]s$", "", named.said))
    # a place that is a name of a journey's operator held by these records (its mail says it goes there:
    # "Auckland" of the airline whose booking flies there) is held by them
    held_names = {folded(" ".join(n)) for named in frame.filters for v in named.values
                  if v.slot == "provider" and any(_name_held([v], p, rw) for p in pools) for n in v.names}
    for place in dict.fromkeys((*frame.places, *places)):
        f = folded(place)
        if f and f not in held_names and not any(re.search(rf"\b{re.escape(f)}\b", w) for w in where) \
                and not _route_in_region(place, texts):
            missing.append(place)
    return tuple(missing)


_BOOKING_THINGS: dict[int, frozenset[str]] = {}


def _booking_things(rw: ReaderWords) -> frozenset[str]:
    """The words that say the appointments domain and one kind of thing at once ("vaccine", "jab", "check-up"):
    a word of the domain's that is also a word of a group of things (`thing_words`), and no word any entry is."""
    if id(rw) not in _BOOKING_THINGS:
        domain = {w for p in rw.domains.get("appointments", ()) for w in (p if isinstance(p, tuple) else (p,))}
        _BOOKING_THINGS[id(rw)] = frozenset(w for w in domain & set(rw.thing_words) if w not in ANY_ENTRY)
    return _BOOKING_THINGS[id(rw)]


def _route_in_region(said: str, texts: Sequence[str]) -> bool:
    """Whether a place said is the region a town at an end of one of the records' routes is in ("DC" of
    "Newark Penn Station → Washington Union Station")."""
    from steward.appointments.places import city_in_region

    return any(city_in_region(end, said) for text in texts for route in _ROUTE.findall(text) for end in route)


def _a_place_held(said: str, texts: Sequence[str]) -> bool:
    """Whether a name said is a town one of the records' journeys goes to or comes from: an end of its route
    ("Dublin → Holyhead") or a town of an airport the route names by code (never any word of its text:
    "Brunswick" of a table on Brunswick Street is no answer about Brunswick Vet Clinic)."""
    from steward.appointments.places import airport_names

    f = folded(said)
    if not f:
        return False
    pattern = re.compile(rf"\b{re.escape(f)}\b")
    for text in texts:
        ends = [end for route in _ROUTE.findall(text) for end in route]
        towns = folded(" ".join([*ends, *(n for c in _CODE.findall(" ".join(ends)) for n in airport_names(c))]))
        if pattern.search(towns):
            return True
    return False


# a journey's route as a record's line says it: "MNL → CEB", "Dublin Port → Holyhead"
_ROUTE = re.compile(r"([A-Z][\w'.-]*(?:\s[A-Z][\w'.-]*){0,2})\s*(?:→|->)\s*([A-Z][\w'.-]*(?:\s[A-Z][\w'.-]*){0,2})")


def not_held(frame: Frame, missing: Sequence[str], answer: Answer, mailbox: Mailbox | None = None,
             clock: Clock | None = None) -> Answer:
    """What was looked for and not found among the records an answer holds, with the mail that says the thing
    (Steward read no booking from it) or else those records by name and day, never by the time that would read
    as the answer: "I can't find any hockey match for Sam ... The nearest I hold for Sam: ..."; a name no
    record says is looked for as itself ("anything for Tomasz")."""
    names = [re.sub(r"['\u2019]s$", "", n.said) for n in frame.filters]
    things = [m for m in missing if m not in names]
    whose = f" for {' and '.join(names)}" if names else ""
    head = f"I can't find {'any ' + ' '.join(things) if things else 'anything'}{whose} in your bookings or calendar."
    told = _mail_telling(things, mailbox, clock) if mailbox is not None and clock is not None else []
    if told:
        return Answer("\n".join([f"{head} The mail that speaks of it:", *told]), {"unaccounted": list(missing)})
    nearest = [without_times(line) for line in answer.reply.splitlines() if _LINE.match(line)][:6]
    if not nearest:
        return Answer(head, {"unaccounted": list(missing)})
    # the records are the named one's only when every name said is held by them
    label = whose if not set(missing) & set(names) else ""
    return Answer("\n".join([f"{head} The nearest I hold{label}:", *nearest]),
                  {"unaccounted": list(missing), "nearest": nearest})


# a time of day in a line of a booking or an entry ("at 08:45", "at 7:30 pm"), left out of what is said as
# the nearest thing held: beside "I can't find ...", a time reads as the answer to the question asked
_AT_A_TIME = re.compile(r"\s+at\s+\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?|\s+\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?(?=\s)",
                        re.I)


def without_times(line: str) -> str:
    """A line of a booking or an entry said by its day and name alone ("- Mon 15 Mar Lorong Lew Clinic ...")."""
    return _AT_A_TIME.sub("", line)


# a person's home said as where a thing is: "at her place", "at my sister's house", "at Mum's"
_HOME_NOUNS = frozenset(("place", "house", "home", "flat", "apartment", "apt", "pad", "cottage", "farm"))
_AFTER_A_HOME = frozenset(("on", "at", "for", "this", "next", "tonight", "tomorrow", "today", "then", "again",
                           "later", "still", "is", "right"))


def someones_home(text: str, rw: ReaderWords) -> str:
    """The home of a person a question says a thing is at ("when is brunch at his place?": "his place",
    "lunch at Mum's on Sunday": "Mum's", "dinner at hers": "hers"), "" when it says none (a provider's name, "at the bar's place")."""
    from steward.reader.kin import relation_of

    said = [w.replace("\u2019", "'") for w in re.findall(r"[\w'\u2019]+", text.casefold())]
    for at, w in enumerate(said[:-1]):
        if w != "at":
            continue
        rest = said[at + 1:]
        if rest[0] == "my" and len(rest) > 1:
            rest = rest[1:]
        who, after = rest[0], rest[1] if len(rest) > 1 else ""
        if who in ("her", "his", "their") and after in _HOME_NOUNS:
            return f"{who} {after}"
        if who in ("hers", "his", "theirs", "yours", "ours") and (not after or after in _AFTER_A_HOME):
            return who  # "dinner at hers", "drinks at theirs on Friday": their home, said as people say it
        owner = who[:-2] if who.endswith("'s") else ""
        if not owner:
            continue
        named = f"my {who}" if said[at + 1] == "my" else who
        if after in _HOME_NOUNS:
            return f"{named} {after}"
        if (not after or after in _AFTER_A_HOME) and relation_of(owner, rw):
            return named
    return ""


def _mail_telling(things: Sequence[str], mailbox: Mailbox, clock: Clock) -> list[str]:
    """The lines of the newest mail that speaks of the things looked for ("brunch" of "brunch at his place"):
    its day, sender, subject and the sentences that say them; [] when none does."""
    from steward.reader.answerers.common import day_text

    words_of = [t.split(" at ")[0] for t in things if t != "anything"]
    out: list[str] = []
    for thing in dict.fromkeys(w for w in words_of if w):
        for h in mail_saying([thing], mailbox, clock):
            m = h.message
            if m.category in ("newsletter", "promotion", "phishing_suspect"):
                continue
            says = _says(h, [thing], False)
            line = (f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                    f"\u201c{m.subject}\u201d" + (f" \u2014 {says}" if says else ""))
            if line not in out:
                out.append(line)
    return out[:MAIL_SHOWN]


# -- any word that names a thing (rule 7) ---------------------------------------------------------------------

# words that open a phrase naming a thing ("the rice cooker", "my expense claims", "about the recital")
_OPENERS = frozenset(("the", "a", "an", "my", "your", "our", "his", "her", "their", "this", "that", "these",
                      "those", "about", "regarding", "concerning"))
_POSSESSIVE = re.compile(r"\w(?:['\u2019]s|s['\u2019])$", re.I)  # "Mum's 60th", "the kids' school"


def _noun_words(rw: ReaderWords) -> frozenset[str]:
    """The words of the reader's vocabulary that name things (kinds of bill, place and entry, generic
    names): they may stand inside a phrase that names a thing ("the car insurance renewal")."""
    tables = (rw.money_kinds, rw.provider_kinds, rw.bill_names)
    return frozenset((*rw.generic, *(w for t in tables for ps in t.values() for p in ps for w in p),
                      *(w for p in rw.event_nouns for w in p), *rw.thing_words))


def named_things(frame: Frame, rw: ReaderWords) -> tuple[str, ...]:
    """The words of a question that name a thing its frame does not explain ("how much did I pay for the
    rice cooker?": rice, cooker): each word the reader knows nothing of (`frame.unknown`: not the ask, not
    a word of a domain, not a day or a time, not a name looked up), said in a phrase that names a thing (after
    "the", "my", a possessive, "about"), and not a word that names nothing (`not_things`: "the card ending
    6038", "the storage mob"), a card's network or tier or a kind of spending (the money answerer reads those
    itself)."""
    from steward.reader.lists import name_words
    from steward.reader.match import name_tokens

    unknown = {w.casefold() for w in frame.unknown}
    if not unknown:
        return ()
    low, raw, _ = name_tokens(frame.text)
    names = {w for n in frame.filters for w in name_words(n.said)} | \
        {w for u in frame.unmatched for w in name_words(u.said)}
    plain = rw.not_things | rw.card_tiers | {w for p in rw.card_networks for w in p} | names
    if frame.currencies:
        # "the charge in aussie dollars": the currency said, which the money answerer reads itself
        plain = plain | {w for c in frame.currencies for p in rw.currencies.get(c, ()) for w in p}
    if "detail" in frame.flags:
        from steward.reader.details import asked_detail, detail

        # "what did they refix the loan at?": the words that ask for a detail, which its answer quotes from the mail
        kind = asked_detail(frame.text)
        asked = detail(kind).asked.search(frame.text) if kind else None
        plain = plain | (set(name_words(asked.group(0))) if asked else set())
    if "loan" in frame.kinds:
        # "how much is left on my study loan?": what a loan is for, which the money answerer reads in its mail itself
        said = f" {' '.join(low)} "
        plain = plain | {w for phrases in rw.loan_kinds.values() for p in phrases if f" {' '.join(p)} " in said
                         for w in p}
    if "spending" in frame.flags:
        from steward.reader.spending_kinds import kind_said

        # "how much went on the pharmacy?": a kind of spending, which the spending answer reads itself
        spent_on = kind_said(frame.text)
        plain = plain | {w for said in (spent_on[1] if spent_on else ()) for w in name_words(said)}
    inside = unknown | names | _noun_words(rw)
    topic = _topic_said_first(low, rw)
    out: list[str] = []
    last = -2
    for at, w in enumerate(low):
        if w in unknown and w not in plain and not an_entry_mistyped(w) and (
                _in_a_phrase(at, low, raw, inside) or (at < topic and all(x in inside for x in low[:at]))):
            # words said side by side are one thing ("rice cooker"), held together or not at all
            if last == at - 1 and out:
                out[-1] = f"{out[-1]} {w}"
            elif w not in out:
                out.append(w)
            last = at
    return tuple(dict.fromkeys(out))


# a question that says its thing first and asks of it last ("the parking alone how much?", "the lift levy how
# much ah?"): the words before the closing ask name the thing, as a phrase opened by "the" does
_CLOSING_ASKS = (("how", "much"), ("berapa",))


def _topic_said_first(low: Sequence[str], rw: ReaderWords) -> int:
    """Where the closing ask of a question that says its thing first starts (its words before it name the thing);
    -1 when the question does not end on its ask (a particle after it aside: "ah", "lah")."""
    for ask in _CLOSING_ASKS:
        for at in range(1, len(low) - len(ask) + 1):
            if tuple(low[at:at + len(ask)]) == ask and all(w in rw.not_things for w in low[at + len(ask):]):
                return at
    return -1


def an_entry_mistyped(word: str) -> bool:
    """Whether a word is a kind of entry any booking may be called, mistyped ("my apointments"): it names no thing."""
    from steward.reader.answerers.things import mistyped, stem

    said = {word, stem(word)}
    return not said & ANY_ENTRY and any(mistyped(w, entry) for w in said for entry in ANY_ENTRY)


def _in_a_phrase(at: int, low: Sequence[str], raw: Sequence[str], inside: frozenset[str] | set[str]) -> bool:
    """Whether a word stands in a phrase that names a thing: an opener before it, with only words of
    things between."""
    for j in range(at - 1, -1, -1):
        if low[j] in _OPENERS or _POSSESSIVE.search(raw[j]):
            return True
        if low[j] not in inside:
            return False
    return False


def unheld(things: Sequence[str], texts: Iterable[str], rw: ReaderWords) -> tuple[str, ...]:
    """The things no text holds (a record's line, its mail's subject and snippet), under any word of its
    group (`thing_words`), singular or plural."""
    from steward.reader.answerers.things import text_words

    pools = [text_words([t]) for t in texts]
    return tuple(t for t in things if not any(all(_held(w, p, rw) for w in t.split()) for p in pools))


def shown_records(answer: Answer) -> tuple[list[str], list[int]]:
    """What a money or mail answer shows: the words of each thing it lists (its lines; the head of mail
    found by its words, which says them), and the messages they were read from."""
    lines = [line for line in answer.reply.splitlines() if _LINE.match(line)]
    if answer.data.get("groups") and answer.reply:
        lines.append(answer.reply.splitlines()[0])
    ids = [i for i in answer.data.get("messages") or () if isinstance(i, int)]
    view = answer.data.get("view")
    if isinstance(view, Mapping):
        for item in view.get("items") or ():
            if isinstance(item, Mapping):
                m = item.get("message_id") if view.get("kind") != "mail" else item.get("id")
                if isinstance(m, int) and m not in ids:
                    ids.append(m)
    return lines, ids


# what a domain's answer is about, as "I can't find ... in ..." says it
_AMONG = {"money": "the bills Steward has read", "mail": "that mail"}
MAIL_SHOWN = 3
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"\u201c(])|\n+")
# a sentence's end that is an abbreviation's ("(incl. GST)", "approx. $40", "Mr. Tan"), not the sentence's
_ABBREVIATION = re.compile(r"(?:^|[\s(])(?:incl|excl|approx|no|nr|vs|etc|ref|acct|a/c|mr|mrs|ms|dr|st|ave|rs|[A-Z])\.$",
                           re.I)
# what follows a bill's name in a listed line ("- Nandanam Public School education: ₹42,500.00 due Fri 30 Apr")
_BILL_FIGURES = re.compile(r":\s.*$")
# what a sum asked by its purpose is called ("the bus fee", "the field trip money", "the registration charge")
_A_FEE = r"(?:fees?|charges?|fines?|levy|levies|money|contributions?|deposits?|dues|subscriptions?)\b"
_AMOUNT = re.compile(r"(?:[$€£₹¥]|\b[A-Z]{1,3}\$|\b(?:USD|CAD|EUR|GBP|INR|AUD|NZD|SGD|KES|ZAR|BRL|MXN|Rs\.?|Ksh)\s?)\d")


def mail_saying(things: Sequence[str], mailbox: Mailbox, clock: Clock) -> list[Hit]:
    """The newest messages whose subject or snippet says every one of `things` (one of each kind of
    message: a receipt sent again is shown once), marked suspicious when they are."""
    from steward.reader.answerers.things import text_words

    if not things:
        return []
    found = mailbox.search(" ".join(f'"{w}"' for t in things for w in t.split()), limit=50, clock=clock)
    if found.broadened or not found.matched:
        return []
    wanted = [text_words([w]) for t in things for w in t.split()]
    out: list[Hit] = []
    seen: set[tuple[str, str]] = set()
    for h in sorted(found.hits, key=lambda h: h.message.received_at, reverse=True):
        pool = text_words([h.message.subject, h.message.snippet])
        if not all(w & pool for w in wanted):
            continue
        key = (h.message.sender, re.sub(r"[\d#]+", "", h.message.subject.casefold()))
        if key not in seen:
            seen.add(key)
            out.append(h)
    return out[:MAIL_SHOWN]


def _says(hit: Hit, things: Sequence[str], sums: bool) -> str:
    """The sentences of a message's snippet that say the things (and its amount, when a sum is asked)."""
    from steward.reader.answerers.things import text_words

    wanted = text_words(things)
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(" ".join(hit.message.snippet.split())):
        if sentences and _ABBREVIATION.search(sentences[-1]):
            sentences[-1] += " " + piece
        elif piece.strip():
            sentences.append(piece.strip())
    chosen = [s for s in sentences if text_words([s]) & wanted]
    if sums and not any(_AMOUNT.search(s) for s in chosen):
        chosen += [s for s in sentences if _AMOUNT.search(s)][:1]
    return " ".join(chosen)[:240]


# words a question about a sum says of any sum, never what the sum is of
_ANY_SUM = frozenset(("much", "what", "cost", "costs", "price", "that", "this", "does", "will", "have", "mean",
                      "money", "owe", "pay", "paid", "about", "there", "their", "they", "them", "with", "from"))


def _sum_said(message_id: int, question: str, mailbox: Mailbox) -> str:
    """The one sentence of a message's body that gives a sum and shares the most words of `question` beyond
    those any question of a sum says; "" when none does, or two do as well (never one picked)."""
    from steward.errors import StewardError
    from steward.reader.answerers.things import text_words

    asked = text_words([w for w in re.findall(r"[a-z]{4,}", question.casefold()) if w not in _ANY_SUM])
    try:
        body = mailbox.read(message_id).body
    except StewardError:
        return ""
    scored = []
    for piece in _SENTENCE_END.split(body):
        sentence = " ".join(piece.split())
        if _AMOUNT.search(sentence) and len(sentence) <= 240:
            scored.append((len(text_words([sentence]) & asked), sentence))
    scored.sort(key=lambda x: -x[0])
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return ""
    return f"\u201c{scored[0][1]}\u201d"


def _sender_says_sum(frame: Frame, missing: Sequence[str], mailbox: Mailbox, clock: Clock) -> tuple[str, int] | None:
    """The newest mail of the senders `frame` names whose one sentence that gives a sum (`_sum_said`) says every
    thing of `missing` ("Balance paid: EUR 2,340.00"), as a line and the mail's id; None when none does."""
    from steward.reader.answerers.common import day_text
    from steward.reader.answerers.things import text_words

    if frame.ask != "how_much":
        return None
    wanted = [text_words([w]) for t in missing for w in t.split()]
    found = {h.message.id: h.message for v in frame.values("sender")[:3] for a in v.addresses
             for h in mailbox.from_sender(a, limit=5, clock=clock).hits}
    for m in sorted(found.values(), key=lambda x: x.received_at, reverse=True):
        if m.category == "phishing_suspect":
            continue
        sentence = _sum_said(m.id, frame.text, mailbox)
        if sentence and all(w & text_words([sentence]) for w in wanted):
            return (f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                    f"\u201c{m.subject}\u201d \u2014 {sentence}"), m.id
    return None


def part_of_a_bill(frame: Frame, things: Sequence[str], answer: Answer, mailbox: Mailbox, clock: Clock
                   ) -> Answer | None:
    """A sum asked of one part of a bill by that part's own name ("how much is the lift levy by itself?"), which the
    bill's line does not name but its mail does: the line of that mail that gives the part and its sum, never the
    bill's whole; None when no mail the answer was read from gives it (or the question asks a total)."""
    from steward.errors import StewardError
    from steward.reader.answerers.booking_details import mail_line
    from steward.reader.details import part_in

    if frame.domain != "money" or frame.ask != "how_much" or "total" in frame.flags or not things:
        return None
    _, ids = shown_records(answer)
    found: list[tuple[str, str]] = []
    for m in sorted(mailbox.stored(ids).values(), key=lambda x: x.received_at, reverse=True)[:MAIL_SHOWN]:
        try:
            body = mailbox.read(m.id, clock=clock).body
        except StewardError:
            continue
        said = [part_in(f"{m.subject}\n{body}", t) for t in things]
        if all(said):
            found.append(("; ".join(f"\u201c{s}\u201d" for s in said), mail_line(m, clock)))
    if not found:
        return None
    head = f"The {' and the '.join(things)}, one part of a bill, as its mail gives it:"
    lines = [f"- {said} ({where})" for said, where in found]
    return Answer("\n".join([head, *lines]), {"parts": list(things), "messages": ids})


def _options_said(hits: Sequence[Hit], mailbox: Mailbox | None) -> str | None:
    """The options the newest genuine mail of `hits` prices ("12 months: $119.72; 6 months: $62.51"), said as a
    line; None when it gives one sum or none."""
    from steward.errors import StewardError
    from steward.finance.options import options_line, priced_options

    genuine = [h for h in hits if h.message.category != "phishing_suspect"]
    if mailbox is None or not genuine:
        return None
    m = genuine[0].message
    try:
        text = f"{m.subject}\n{mailbox.read(m.id).body}"
    except StewardError:
        text = f"{m.subject}\n{m.snippet}"
    options = priced_options(text)
    return options_line(options) if options else None


def _a_share_said(frame: Frame, hits: Sequence[Hit], mailbox: Mailbox, clock: Clock) -> Answer | None:
    """What each person pays for a thing no bill names, asked so ("how much each for the court?"), when the newest
    genuine mail that says the thing gives one sum a head ("RM 40 split 4 = RM 10 each"): that sum, with the line
    that says it; None otherwise (a share is never worked out from a total here)."""
    from steward.errors import StewardError
    from steward.finance.money import country_of_zone, local_dollar, local_letter
    from steward.reader.answerers.common import day_text
    from steward.reader.answerers.costs import share_asked, shares_in

    if not share_asked(frame.text):
        return None
    country = country_of_zone(getattr(clock.zone, "key", "") or str(clock.zone))
    for h in sorted(hits, key=lambda x: x.message.received_at, reverse=True):
        m = h.message
        if m.category == "phishing_suspect":
            continue
        try:
            text = mailbox.read(m.id, clock=clock).body
        except StewardError:
            text = m.snippet
        shares = shares_in(text, local_dollar(text, m.sender, country), local_letter(m.sender, country), country)
        if len({c.value for c in shares}) != 1:
            continue  # none, or two different sums a head: not chosen between
        sent = day_text(clock.local(m.received_at).date(), clock)
        return Answer(f"Each person's share is {shares[0].amount}, as {m.sender_name or m.sender}'s mail says: "
                      f"\u201c{shares[0].line}\u201d ({sent}, \u201c{m.subject}\u201d [#{m.id}])",
                      {"messages": [m.id], "dues": []})
    return None


def said_instead(frame: Frame, missing: Sequence[str], answer: Answer, mailbox: Mailbox | None,
                 clock: Clock) -> Answer | None:
    """A question's thing that what its answer is about does not hold: what was looked for, and the mail
    that says it (its subject, and the sentences that say it), else what is held instead; never the answer
    about other things as if it were the thing asked ("how much was the rice cooker?" answered with every
    bill). None when no mail says it and the answer shows nothing (it already says nothing was found)."""
    from steward.reader.answerers.common import day_text
    from steward.reader.views import mail_view

    said = " ".join(missing)
    senders = [v.value for v in frame.values("sender")]
    among = f"the mail from {' and '.join(senders)}" if frame.domain == "mail" and senders else \
        _AMONG.get(frame.domain, "what I hold")
    head = f"I can't find \u2018{said}\u2019 in {among}."
    hits = mail_saying(missing, mailbox, clock) if mailbox is not None else []
    addresses = {a.casefold() for v in frame.values("sender") for a in v.addresses}
    if addresses and mailbox is not None and frame.domain in ("money", "mail"):
        # "the last instalment for the ferry trip": a thing asked of a sender the question names is looked for in
        # that sender's mail, never found in another's (a power company's "last reminder")
        hits = [h for h in hits if h.message.sender.casefold() in addresses]
        if not hits:
            own = _sender_says_sum(frame, missing, mailbox, clock)
            if own is not None:
                return Answer(f"{head} The mail that says it:\n{own[0]}",
                              {"unaccounted": list(missing), "messages": [own[1]]})
    shared = _a_share_said(frame, hits, mailbox, clock) if hits and mailbox is not None else None
    if shared is not None:
        return shared
    if hits:
        lines = [f"{head} The mail that says it:"]
        for h in hits:
            m = h.message
            flag = f" \u2014 SUSPICIOUS: {why_suspicious(h, mailbox)}" if mailbox is not None and \
                m.category == "phishing_suspect" else ""
            sums = frame.ask == "how_much" or frame.domain == "money"
            says = _says(h, missing, sums)
            if sums and not _AMOUNT.search(says) and mailbox is not None and m.category != "phishing_suspect":
                # "what do I pay toward the knee operation?": the sentence of its mail, past the start
                # Steward keeps, that gives a sum and says what the question says ("Your share for the
                # procedure: $180.00")
                says = (f"{says} {_sum_said(m.id, frame.text, mailbox)}").strip()
            lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                         f"\u201c{m.subject}\u201d" + (f" \u2014 {says}" if says else "") + flag)
        options = _options_said(hits, mailbox) if frame.ask == "how_much" or frame.domain == "money" else None
        if options:
            lines.insert(0, options)  # "how much is the rego?": every price the licence letter gives, none picked
        view = mail_view(lines[0], [h.message for h in hits], clock)
        return Answer("\n".join(lines), {"unaccounted": list(missing), "messages": [h.id for h in hits],
                                         "view": view})
    nearest = [line for line in answer.reply.splitlines() if _LINE.match(line)][:6]
    if frame.domain == "money" and any(re.search(rf"\b{re.escape(m)}\s+{_A_FEE}", frame.text, re.I)
                                       or re.search(rf"\S\s+{_A_FEE}$", m, re.I) for m in missing):
        # the bills held, by name alone: a bill's figure under a fee asked by another purpose ("the bus fee")
        # reads as that fee's (a word not known, "my Banyan crad", is shown the bills held with their figures)
        nearest = list(dict.fromkeys(_BILL_FIGURES.sub("", line) for line in nearest))
    if not nearest:
        return None
    return Answer("\n".join([f"{head} No mail says it either. What I hold instead:", *nearest]),
                  {"unaccounted": list(missing), "nearest": nearest})
