"""What "it" in a new reminder points back at: the thing the conversation's turn before was about.

    "when does Riverside Water take theirs?" -> "remind me to pay it friday" -> "pay Riverside Water"
    "when am I at the physio?" -> "remind me about that at 8" -> "Bodyworks Physio appointment"
    "what did the school send me?" -> "remind me to answer it tonight" -> "answer the email from Elm Primary"

A reminder's words that point back ("it", "them", "that" at the end) are read against the turn before:
what it wrote (an event added), the one thing its answer listed, or the one thing its
question named in the person's data. Several things listed, or nothing, leaves the pointer unresolved:
the reminder asks which one, and is never saved as "pay it". Pure: the turn before is handed in as its
recorded trace (a mapping); nothing here reads a store.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any

from steward.vocab import words

# words that stand for a thing wherever they are; "that", "this", "those", "these" only when the words
# end with them ("check that the door is locked" is no pointer)
_ANYWHERE = frozenset(("it", "them"))
_AT_END = frozenset(("that", "this", "those", "these"))
MAX_CHOICES = 4


@dataclass(frozen=True)
class Pointer:
    """A word of a reminder's text that points back, and where it is in the text's words."""

    word: str
    index: int


def pointer_in(text: str, anywhere: bool = False) -> Pointer | None:
    """The first word of `text` (a reminder's subject) that points back at a thing, or None; with `anywhere`,
    "that" and "this" count wherever they are (in words that said nothing else)."""
    said = words(text)
    for i, word in enumerate(said):
        if word in _ANYWHERE or (word in _AT_END and (anywhere or i == len(said) - 1)):
            return Pointer(word, i)
    return None


def fill(text: str, pointer: Pointer, name: str) -> str:
    """`text` with the pointer said as the thing's name ("pay it" -> "pay the Riverside Water bill"); the
    name alone, without its article, when the pointer is all there is."""
    said = text.split()
    if len(said) <= 1:
        return name.removeprefix("the ")
    # the pointer's place among the words as written (tokenising may split a word in two: "it's")
    at = next((i for i, w in enumerate(said) if words(w) and words(w)[0] == pointer.word), None)
    if at is None:
        return name.removeprefix("the ")
    return " ".join([*said[:at], name, *said[at + 1:]])


def referents(trace: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The names of the things the turn before (`trace`, as recorded) was about, as a reminder would say
    them: what it wrote, else the one thing its answer listed, else the one thing its question named,
    else the several things its answer listed (to ask among). Empty when it was about nothing."""
    if not isinstance(trace, Mapping):
        return ()
    written = tuple(dict.fromkeys(n for w in trace.get("writes") or () if isinstance(w, Mapping)
                                  if (n := _written(w))))
    if written:
        return written
    data = trace.get("data") or {}
    if not isinstance(data, Mapping):
        return ()
    listed = _listed(data.get("view"))
    if len(listed) == 1:
        return listed
    named = _named(data.get("frame") or data.get("read"))
    if len(named) == 1:
        return named
    return listed[:MAX_CHOICES]


def _written(write: Mapping[str, Any]) -> str:
    fields = write.get("fields") or {}
    if not isinstance(fields, Mapping):
        return ""
    # a reminder just set is not what the next one is about: "remind me about it at 9" right after one is set
    # is about something else the person has in mind (asked), never the same reminder again
    if write.get("kind") == "event":
        return str(fields.get("title") or "")
    return ""


def referent_day(trace: Mapping[str, Any] | None, zone: tzinfo) -> date | None:
    """The day of the one thing the turn before (`trace`, as recorded) showed: a booking's or an entry's day,
    a bill's due day, on the person's clock (`zone`); None when it showed no one thing with a day."""
    data = trace.get("data") if isinstance(trace, Mapping) else None
    view = data.get("view") if isinstance(data, Mapping) else None
    if not isinstance(view, Mapping):
        return None
    kind = str(view.get("kind") or "")
    items = [i for d in view.get("days") or () if isinstance(d, Mapping) for i in d.get("items") or ()] \
        if kind == "schedule" else list(view.get("items") or ())
    return day_of(kind, items, zone)


def day_of(kind: str, items: Sequence[Any], zone: tzinfo) -> date | None:
    """The one day the things a view of `kind` lists are on (a booking's or an entry's start, a bill's due
    day), on the person's clock; None for mail (the day a message came is no day of the thing it is about),
    for nothing listed, or for things on several days."""
    if kind not in ("bookings", "schedule", "dues") or not items:
        return None
    days = set()
    for item in items:
        said = item.get("start") or item.get("at") or item.get("due_date") if isinstance(item, Mapping) else None
        try:
            moment = datetime.fromisoformat(str(said))
        except ValueError:
            return None
        days.add(moment.astimezone(zone).date() if moment.tzinfo is not None else moment.date())
    return days.pop() if len(days) == 1 else None


def _listed(view: Any) -> tuple[str, ...]:
    """The things an answer's view lists, each by the name a reminder would give it."""
    if not isinstance(view, Mapping):
        return ()
    kind = str(view.get("kind") or "")
    items: Sequence[Any]
    if kind == "schedule":
        items = [i for d in view.get("days") or () if isinstance(d, Mapping) for i in d.get("items") or ()]
    elif kind in ("bookings", "mail", "dues"):
        items = list(view.get("items") or ())
    else:
        return ()
    names = (_item_name(kind, i) for i in items if isinstance(i, Mapping))
    return tuple(dict.fromkeys(n for n in names if n))


def _item_name(kind: str, item: Mapping[str, Any]) -> str:
    if kind == "mail":
        sender = str(item.get("sender_name") or item.get("sender") or "")
        return f"the email from {sender}" if sender else ""
    if kind == "dues":
        issuer, what = str(item.get("issuer") or ""), str(item.get("kind") or "bill")
        return f"the {issuer} {what}".strip() if issuer else ""
    title = str(item.get("title") or "")
    return f"the {title}" if title and not title.lower().startswith(("the ", "a ", "an ")) else title


# the slot a domain's answers are about: a bill's issuer, a booking's provider, a message's sender
_OWN_SLOT = {"money": "issuer", "appointments": "provider", "mail": "sender"}


def _named(frame: Any) -> tuple[str, ...]:
    """The one thing (or the things) a question's frame named in the person's data, by value."""
    if not isinstance(frame, Mapping):
        return ()
    said = [v for n in frame.get("filters") or () if isinstance(n, Mapping)
            for v in n.get("values") or () if isinstance(v, Mapping)]
    values = [str(v.get("value") or "") for v in said]
    values = [v for v in dict.fromkeys(values) if v and not v.isdigit()]  # a card's last four is no name
    own = list(dict.fromkeys(str(v.get("value") or "") for v in said
                             if v.get("slot") == _OWN_SLOT.get(str(frame.get("domain") or ""))))
    if len(values) > 1 and len(own) == 1:
        # "Wattle" is the bank's name and two of its senders' ("Wattle Bank Security"): of a bill, the issuer
        values = own
    kinds = [str(k) for k in frame.get("kinds") or ()]
    if len(values) == 1 and len(kinds) == 1 and frame.get("domain") == "money" and \
            kinds[0].lower() not in values[0].lower():
        return (f"the {values[0]} {kinds[0]}",)
    return tuple(values)
