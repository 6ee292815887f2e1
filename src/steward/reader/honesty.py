"""The honesty rules, in one place.

1. A question that names something is answered about that thing only (`named_only`).
2. A name that matches nothing is said plainly, with the nearest names (`no_such`).
3. "None found" is never said while the store holds a match under another word or outside the window
   asked about: the answer says where it is instead (`elsewhere`).
4. A frame the reader is unsure of asks one short question rather than guessing (`which_one`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.frame import Frame, SlotValue, Unmatched

if TYPE_CHECKING:
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
    return "\n".join([f"Nothing {window_said} on {what}. What your data holds:", *lines])


def which_one(labels: Sequence[str]) -> str:
    """One short question when a name fits several things equally."""
    if len(labels) == 2:
        return f"Do you mean {labels[0]} or {labels[1]}?"
    return f"Which one do you mean: {', '.join(labels[:-1])} or {labels[-1]}?"


def mail_instead(what: str, senders: Sequence[SlotValue], mailbox: Mailbox, clock: Clock) -> Answer:
    """Mail of the kind asked about that Steward read nothing from: say so and show it, never "none"."""
    hits = [h for s in senders[:3] for a in s.addresses for h in mailbox.search(f"from:{a}", limit=3, clock=clock).hits]
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    lines = [f"- {h.message.received_at.date():%a} {h.message.received_at.day} {h.message.received_at:%b %Y} "
             f"{h.message.sender_name}: \u201c{h.message.subject}\u201d" for h in hits[:3]]
    who = ", ".join(s.value for s in senders[:3])
    return Answer("\n".join([f"I can't tell {what} from your mail: I read nothing I could use from {who}. "
                             "Their latest mail:", *lines]), {"messages": [h.id for h in hits[:3]]})
