"""The frame a question is read into: what it is about, what it wants, the names it says, the window.

`Frame(domain, ask, filters, window)` is the one shape every answerer reads. Reads and writes share it:
`ask` names what is wanted, a read ("list", "count", "when", "how_much", "is_there", "which", "show") or
a write ("add", "move", "resize", "cancel", "skip", "change_series", "end_series", "snooze", "done",
"add_reminder"). A write frame carries its `write`: what the calendar grammar parsed of the request (the
event to add, or the change and the words of its target; a reminder's change; a new reminder's dates and
repeat) and who it is made for (the conversation and turn: its provenance). A write frame is
answered by a write answerer and never kept as the context a later question is read with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from steward.calendar.event_talk import EventAdd, EventChange
    from steward.calendar.reminders.creation import NewReminder
    from steward.calendar.reminders.requests import Request
    from steward.records.calendar import Event

Domain = Literal["money", "appointments", "schedule", "mail", "brief", "reminders", "clock"]
# "clock": the date and the time themselves ("what day is the 14th?"), from the person's clock
DOMAINS: tuple[str, ...] = ("money", "appointments", "schedule", "mail", "brief", "reminders", "clock")
READ_ASKS: tuple[str, ...] = ("how_much", "count", "when", "where", "is_there", "which", "show", "list")
# what a write frame asks: an event added, moved (to a time or by a shift), given a new length, cancelled,
# one time of a repeating one skipped, a whole series changed from a day on, or a series ended; a reminder
# moved, cancelled, snoozed or marked done; a new reminder set
WRITE_ASKS: tuple[str, ...] = ("add", "move", "resize", "cancel", "skip", "change_series", "end_series", "snooze",
                               "done", "add_reminder")
# how a name was found in the person's own data
How = Literal["words", "spelling", "kind", "meaning"]


@dataclass(frozen=True)
class SlotValue:
    """One thing the person's store holds under a name: an issuer, a card, a provider, a sender ..."""

    slot: str                       # issuer | account | provider | sender | reminder | event
    value: str                      # the canonical value: "Kaveri Bank", "4821", a sender's display name
    label: str                      # how a reply names it: "Kaveri Bank card XXXX4821"
    names: tuple[tuple[str, ...], ...]  # the word sequences that name it ("kaveri bank", "kaveri")
    kind: str = ""                  # card, utility ... for money; vet, dentist ... for providers
    issuer: str = ""                # an account's issuer; a provider's sender (who its mail came from)
    addresses: tuple[str, ...] = ()  # a sender's addresses
    lure: bool = False              # a sender all of whose mail is marked as phishing


@dataclass(frozen=True)
class Named:
    """A name the question says, resolved to the values it names in the person's data."""

    said: str
    values: tuple[SlotValue, ...]
    how: How

    def of(self, slot: str) -> tuple[SlotValue, ...]:
        """The values of one slot this name resolved to."""
        return tuple(v for v in self.values if v.slot == slot)


@dataclass(frozen=True)
class Unmatched:
    """A name the question says that nothing in the person's data matches, with the nearest names."""

    said: str
    what: str                        # "card", "provider", "sender", "name"
    nearest: tuple[str, ...]


@dataclass(frozen=True)
class Window:
    """The span a question asks about, as `steward.dates` resolved it on the person's clock."""

    start: datetime
    end: datetime
    said: str
    grain: str


@dataclass(frozen=True)
class WriteFor:
    """Whom a write is made for: the conversation and the turn that asked it (its provenance), and whether
    it is only shown (a dry run writes nothing)."""

    session: str
    turn: str
    dry_run: bool = False


@dataclass(frozen=True)
class EventWrite:
    """An event write read from a request: what the calendar grammar parsed (`EventAdd` for a new event,
    `EventChange` for a change to one: the words of its target, its new time, length or scope), and, once
    grounded in the person's calendar, the event it is about: the one meant (`event`, as "it"), or the
    upcoming events its words may name (`pool`, ranked by the answerer) with their times on the days
    said (`times`)."""

    parsed: EventAdd | EventChange
    via: WriteFor
    event: Event | None = None
    pool: tuple[Event, ...] = ()
    times: tuple[Event, ...] = ()
    unknown: tuple[str, ...] = ()   # words of the target no event holds (`event` is then the nearest)

    @property
    def adds(self) -> bool:
        """Whether the request adds an event (else it changes one)."""
        return not hasattr(self.parsed, "action")


@dataclass(frozen=True)
class ReminderWrite:
    """A reminder request read (`Request` of the reminder grammar: list, cancel, move, snooze, done, the words
    of its target, the new time) and whom it is for. A listing rides with the changes: it is what "it" in the
    next change points at."""

    parsed: Request
    via: WriteFor


@dataclass(frozen=True)
class ReminderAdd:
    """A new reminder asked for (`NewReminder` of the reminder grammar: the time said and the spans of the
    words that are not what it is for, its repeat) and whom it is for."""

    parsed: NewReminder
    via: WriteFor


def write_ask(parsed: EventAdd | EventChange) -> str:
    """The frame's ask for what the grammar parsed: "add", or the change ("skip" for one time of a
    repeating event said as cancelled, "change_series" for every time moved, "end_series")."""
    action = getattr(parsed, "action", None)
    if action is None:
        return "add"
    if action == "end":
        return "end_series"
    if action == "cancel" and (getattr(parsed, "occurrence", False) or getattr(parsed, "several", None)):
        return "skip"
    if action == "move" and getattr(parsed, "series", False):
        return "change_series"
    return str(action)


@dataclass(frozen=True)
class Frame:
    """A question read: its domain, what it asks, the names it says, its window and its flags."""

    text: str
    domain: str
    ask: str
    filters: tuple[Named, ...] = ()
    window: Window | None = None
    kinds: tuple[str, ...] = ()          # kinds said in words ("cards", "the vet")
    bills: tuple[str, ...] = ()          # kinds of bill said by what they are for ("water", "mobile")
    currencies: tuple[str, ...] = ()     # a currency said, or a country's ("the euro card": EUR)
    flags: frozenset[str] = frozenset()  # overdue, unpaid, paid, autopay, suspicious, free
    unmatched: tuple[Unmatched, ...] = ()
    scores: tuple[tuple[str, float], ...] = ()  # every domain's evidence, best first
    unknown: tuple[str, ...] = ()        # words the question says that nothing here knows ("bert")
    things: tuple[str, ...] = ()         # kinds of calendar entry said ("meetings", "a concert")
    places: tuple[str, ...] = ()         # where a journey asked about goes ("the flight to lisbon")
    sure: bool = True
    # the whole answer a request's words ask for, when they ask for one (reader/requests.py): "digest"
    # (what is owed), "accounts", "days" (a day's calendar), "senders" (mail counted by sender), "brief"
    wants: str = ""
    write: EventWrite | ReminderWrite | ReminderAdd | None = None  # a write's payload (its ask: one of WRITE_ASKS)

    @property
    def writes(self) -> bool:
        """Whether the frame asks for a write (never kept as a later question's context)."""
        return self.write is not None or self.ask in WRITE_ASKS

    def values(self, slot: str) -> tuple[SlotValue, ...]:
        """Every value of one slot the question names, in the order said."""
        seen: dict[tuple[str, str], SlotValue] = {}
        for named in self.filters:
            for v in named.of(slot):
                seen.setdefault((v.slot, v.value), v)
        return tuple(seen.values())

    @property
    def names_something(self) -> bool:
        """Whether the question names a thing (found or not)."""
        return bool(self.filters or self.unmatched)

    def to_json(self) -> dict[str, Any]:
        """The frame as the trace shows it (and as `from_json` reads it back)."""
        return {
            "text": self.text, "domain": self.domain, "ask": self.ask,
            "filters": [{"said": n.said, "how": n.how, "values": [{"slot": v.slot, "value": v.value}
                                                                  for v in n.values]} for n in self.filters],
            "window": None if self.window is None else {"start": self.window.start.isoformat(),
                                                        "end": self.window.end.isoformat(),
                                                        "said": self.window.said, "grain": self.window.grain},
            "kinds": list(self.kinds), "bills": list(self.bills), "currencies": list(self.currencies),
            "flags": sorted(self.flags), "things": list(self.things), "places": list(self.places),
            "unmatched": [{"said": u.said, "what": u.what, "nearest": list(u.nearest)} for u in self.unmatched],
            "sure": self.sure, **({"wants": self.wants} if self.wants else {}),
        }


def from_json(data: Mapping[str, Any], lookup: Callable[[str, str], SlotValue | None]) -> Frame | None:
    """A frame read back from its trace (`to_json`), each value found again by `lookup(slot, value)` in
    today's slot lists (one no longer there is kept by its name); None when `data` is no frame."""
    try:
        if str(data["ask"]) in WRITE_ASKS:
            return None  # a write is never read back as the context of a later question
        filters = []
        for named in data.get("filters") or []:
            values = tuple(lookup(str(v["slot"]), str(v["value"])) or SlotValue(str(v["slot"]), str(v["value"]),
                                                                                str(v["value"]), ())
                           for v in named["values"])
            filters.append(Named(str(named["said"]), values, named.get("how", "words")))
        w = data.get("window")
        window = None if not w else Window(datetime.fromisoformat(w["start"]), datetime.fromisoformat(w["end"]),
                                           str(w["said"]), str(w.get("grain", "day")))
        return Frame(text=str(data.get("text", "")), domain=str(data["domain"]), ask=str(data["ask"]),
                     filters=tuple(filters), window=window, kinds=tuple(data.get("kinds") or ()),
                     bills=tuple(data.get("bills") or ()), currencies=tuple(data.get("currencies") or ()),
                     flags=frozenset(data.get("flags") or ()), things=tuple(data.get("things") or ()),
                     places=tuple(data.get("places") or ()),
                     unmatched=tuple(Unmatched(str(u["said"]), str(u["what"]), tuple(u.get("nearest") or ()))
                                     for u in data.get("unmatched") or ()),
                     sure=bool(data.get("sure", True)), wants=str(data.get("wants") or ""))
    except (KeyError, TypeError, ValueError):
        return None
