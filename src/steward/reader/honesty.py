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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.frame import Frame, Named, SlotValue, Unmatched

if TYPE_CHECKING:
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


def elsewhere(what: str, window_said: str, lines: Sequence[str]) -> str:
    """Nothing in the window asked about, but the store holds it at other times: say when, never "none"."""
    said = window_said if window_said.split(" ", 1)[0].lower() in _PREPOSITIONS else f"on {window_said}"
    return "\n".join([f"Nothing {said} on {what}. What your data holds:", *lines])


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
        return ("money", v.issuer if v.slot == "account" else v.value)
    if v.slot == "sender":
        own = tuple(sorted({w for w in name_words(v.value) if w not in plain}))
        return ("sender", *own) if own else ("sender", v.value.casefold())
    return (v.slot, v.value.casefold())


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


def which_one(labels: Sequence[str]) -> str:
    """One short question when a name fits several things equally."""
    if len(labels) == 2:
        return f"Do you mean {labels[0]} or {labels[1]}?"
    return f"Which one do you mean: {', '.join(labels[:-1])} or {labels[-1]}?"


def mail_instead(what: str, senders: Sequence[SlotValue], mailbox: Mailbox, clock: Clock) -> Answer:
    """Mail of the kind asked about that Steward read nothing from: say so and show it, never "none"."""
    hits = [h for s in senders[:3] for a in s.addresses for h in mailbox.from_sender(a, limit=3, clock=clock).hits]
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    lines = [f"- {h.message.received_at.date():%a} {h.message.received_at.day} {h.message.received_at:%b %Y} "
             f"{h.message.sender_name}: \u201c{h.message.subject}\u201d" for h in hits[:3]]
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
