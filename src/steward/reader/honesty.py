"""The honesty rules, in one place.

1. A question that names something is answered about that thing only (`named_only`).
2. A name that matches nothing is said plainly, with the nearest names (`no_such`).
3. "None found" is never said while the store holds a match under another word or outside the window
   asked about: the answer says where it is instead (`elsewhere`).
4. A frame the reader is unsure of asks one short question rather than guessing (`which_one`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from steward.reader.frame import Frame, SlotValue, Unmatched

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
