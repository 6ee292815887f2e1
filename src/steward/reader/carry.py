"""What a follow-up carries from the turn before: the one thing that turn was about.

A conversation asks one thing and then more of it: "what day is my teeth cleaning?", then "who's doing the scale
and polish?", "where do they have their office?", "which doctor will that be with?", "have I got anything straight
after?". Such a turn names nothing of its
own (at most a word for what the thing is, "doctor", said of it), so it is read as the question before with only
what it says replaced: the thing's names, kinds and places are kept, and what is asked (who, where, a detail of
its mail) is the turn's own. A turn that names a thing of its own is never read so, and one that points at
nothing before it is left to be asked back or refused: it is never answered about something else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from steward.reader.details import asked_detail, detail
from steward.reader.frame import Frame
from steward.vocab import words

# the domains whose frames are about one booking or one entry of the calendar
_OF_ENTRIES = frozenset(("appointments", "schedule"))
# a word that points at the thing before ("that", "their office", "its address")
_POINTERS = frozenset(("it", "its", "it's", "that", "that's", "this", "there", "their", "theirs", "they", "them",
                       "one", "same"))
# what a booking's place is called when it is asked where it is ("the office", "the practice"): the place of the
# thing before, never a place of its own (a place that is a kind of business, "the nearest pharmacy", is no word here)
_PLACE_WORDS = (r"office|offices|practice|clinic|surgery|place|address|building|venue|location|premises|rooms|ground|"
                r"stadium|arena|theatre|theater|hall")
_ITS_PLACE = re.compile(rf"\b(?:the|their|its|your|that)\s+(?:{_PLACE_WORDS})\b", re.I)
# the place of the thing before said as its own ("their surgery" after the dentist is the dental surgery, whatever
# kind of place "surgery" alone would be)
_THEIR_PLACE = re.compile(rf"\b(?:their|its|that|the\s+same)\s+(?:{_PLACE_WORDS})\b", re.I)
# "after that", "straight after", "anything afterwards?", "just before": a time said from the thing before
# ("the day after?", "the week after" say a day from the one before: relative_window's, never this)
_AROUND = re.compile(r"\b(?P<a>after|before)\s+(?:that|it|this|then|the\s+(?:appointment|appt|booking|visit))\b|"
                     r"\b(?:right|just|straight|immediately|directly|soon|anything|something|on|free|busy)\s+"
                     r"(?P<b>after)(?:wards)?\s*[?.!]*\s*$|\b(?P<d>after)wards\s*[?.!]*\s*$|"
                     r"\b(?:right|just|straight|immediately)\s+(?P<c>before)\s*[?.!]*\s*$", re.I)


def around(text: str) -> str:
    """"after" or "before" when a question asks what is on after (or before) the thing asked of before ("do I
    got anything straight after?", "what's on after that one?"), else ""."""
    said = _AROUND.search(text)
    if said is None or asked_detail(text):
        return ""  # ("can we eat breakfast before it?" asks what its mail says of before it, never a time then)
    return (said["a"] or said["b"] or said["c"] or said["d"]).lower()


def _points_back(norms: Sequence[str]) -> bool:
    return bool(set(norms) & _POINTERS)


def asks_of_a_booking(text: str) -> str:
    """What a question asks of one booking with no name of its own: a detail its mail gives ("person",
    "phone" ...), or "where"; "" when it asks neither."""
    asked = asked_detail(text)
    if asked and detail(asked).of != "bill":
        return asked
    norms = [w.replace("\u2019", "'") for w in words(text)]
    if norms and norms[0] in ("where", "where's", "wheres") and (_points_back(norms) or _ITS_PLACE.search(text)):
        return "where"  # "where do they have their office?", "where's it at?", "where's the practice, again?"
    if _ITS_PLACE.search(text) and ("address" in norms or "where" in norms):
        return "where"  # "what address is the office at?"
    return ""


def of_the_thing_before(text: str, before: Frame, now: Frame | None) -> Frame | None:
    """The frame of a follow-up that asks one more thing of the booking or entry the question before was about
    ("who's doing the scale and polish?" after the dentist, "which doctor will that be with?" after a child's
    check-up, "where do they have their office?"): the thing before, its names and kinds kept, asked what this turn
    asks; None when the turn says a thing of its own, or the question before was about no one thing."""
    if before.domain not in _OF_ENTRIES or before.writes or not (before.names_something or before.kinds
                                                                 or before.things):
        return None
    if before.places:
        return None  # (asked where after the ferry to an island: that journey, read as a journey is)
    asked = asks_of_a_booking(text)
    if not asked:
        return None
    norms = [w.replace("\u2019", "'") for w in words(text)]
    if now is not None:
        if now.names_something or now.window is not None or now.bills or now.places or now.currencies or now.things:
            return None  # "who's the dentist at the Elm Road practice?": a thing of its own
        if now.kinds and not set(now.kinds) <= set(before.kinds) and not (
                asked == "person" and _points_back(norms)) and not (asked == "where" and _THEIR_PLACE.search(text)):
            # "who's the vet?" after the dentist, "where's the hotel out there?" after the train: another kind of
            # thing, never the one before ("which doctor will that be with?", "who's the physio there?" ask who the
            # thing before is with)
            return None
        if now.domain not in _OF_ENTRIES:
            return None
    where = asked == "where" or (now is not None and now.ask == "where" and asked == "place")
    flags = frozenset({"where"}) if where else frozenset({"detail"})
    # the thing, whenever it is: the day asked before may not be its day (the answer said when it is instead)
    # (where a journey goes is its name's, said before; asked of again here it would be a place this detail must hold)
    return replace(before, text=text, domain="appointments", ask="where" if where else (
        now.ask if now is not None else "show"), flags=flags, window=None, places=(), scores=(), sure=True, wants="")
