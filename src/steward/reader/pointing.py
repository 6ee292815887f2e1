"""Things pointed at in the answer before: "the third of those", "the final one", "who wrote that?", "what day was that?".

An answer that lists things (messages, a day's entries, bookings, dues) keeps them in its view. A short
turn after it that points at one of them, by its place ("the third email", "the newest message") or with a
pronoun and a question about it ("what does that one say?", "who wrote that one?"), is answered from that thing
alone. "It" is the only thing listed, or the first one listed (the newest message, the soonest entry),
and a reply about the first of several says which one it took; a question of what all the things listed
share ("who wrote those?" when every message came from one sender) is answered for all of them.

Pure: `pointed(text, view)` reads the words against the view's things; nothing here reads a store.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from steward.reader.frame import Frame, Named, SlotValue
from steward.reader.how_long import UNTIL_WORDS, asks_how_long
from steward.reader.lists import SlotLists, name_words
from steward.vocab import words

# a thing by its place; "latest" and "newest" are the first of a list that is newest first (mail)
_PLACES = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4,
           "5th": 4, "sixth": 5, "6th": 5, "seventh": 6, "7th": 6, "eighth": 7, "8th": 7, "last": -1, "final": -1,
           "bottom": -1, "top": 0}
_NEWEST = frozenset(("latest", "newest", "most", "recent"))
_OLDEST = frozenset(("oldest", "earliest"))
_NUMBERS = {"one": 0, "two": 1, "three": 2, "four": 3, "five": 4, "six": 5, "seven": 6, "eight": 7}
# what follows a place when it names a thing listed ("the third email", "the bottom item"), not a day
_THING = frozenset(("one", "ones", "item", "message", "messages", "email", "e-mail", "mail", "bill", "card",
                    "appointment", "booking", "event", "entry", "thing", "line", "reservation", "payment", "due"))
_BACK = frozenset(("it", "that", "this", "its", "it's", "that's", "thats", "whats"))
# "there" said of a place asked ("and the street address there?"), never "is there ...", "there is ..."
_BE = frozenset(("is", "are", "was", "were", "be", "will", "isn't", "aren't", "wasn't", "weren't", "won't", "'s"))
# the one who wrote, said back of a message ("what was she after?"): only of mail
_WRITER = frozenset(("he", "she", "they", "he's", "she's", "they're", "him", "her", "them"))
# what the one who wrote asked for or said: the message's words, whatever day or time the question names
_SAYS = frozenset(("want", "wanted", "wants", "suggest", "suggested", "suggests", "propose", "proposed", "ask",
                   "asked", "asking", "need", "needed", "needs", "mention", "mentioned", "say", "said", "says",
                   "write", "wrote", "tell", "told", "offer", "offered"))
# what is asked of a thing: its sender, when it is (or was), what it says, how much, where
_WHO = frozenset(("who", "whom", "who's", "whos", "sender", "sent", "from"))
# who made a thing listed ("who invited me to it?", "who set that one up?"): its sender or organiser
_MADE = frozenset(("invited", "invite", "invites", "organised", "organized", "organising", "organizing", "arranged",
                   "booked", "set", "up"))
# who changed a thing listed ("who pushed that back?", "who called it off?"): the sender of the mail that changed it
_CHANGED = frozenset(("moved", "changed", "rescheduled", "cancelled", "canceled", "postponed", "updated", "shifted",
                      "pushed", "brought", "forward", "back", "called", "off"))
_CHANGE_SAID = re.compile(r"\b(?:moved?|moving|changed?|resched\w*|cancel\w*|postpone\w*|updated?|shift\w*|"
                          r"new (?:time|date))\b", re.I)
# the occasion a message shown is about, said by what it is and not by its name ("when is the do?", "where's the
# function?" after a relative's mail about a wedding): that message, as "it" would be
_OCCASION = frozenset(("function", "event", "occasion", "ceremony", "do", "programme", "program", "celebration",
                       "gathering", "get-together", "party", "thing"))
# a thing's happening, said around a question of when or where ("where's that happening?")
_GOES_ON = frozenset(("happening", "happen", "happens", "held", "taking", "on"))
_WHEN = frozenset(("when", "when's", "whens", "day", "date", "time"))
_ABOUT = frozenset(("about", "say", "said", "says", "subject", "regarding", "re", "content", "details", "detail",
                    "more", "open", "read", "show"))
_HOW_MUCH = frozenset(("much", "amount", "cost", "total", "sum", "owe"))
_WHERE = frozenset(("where", "where's", "wheres", "address", "location", "place"))
# words a pointing turn may say besides its pointer and its question
_FILLER = frozenset(("and", "who's", "whos", "what", "what's", "whats", "was", "is", "the", "a", "of", "about", "me", "tell", "show",
                     "again", "so", "then", "ok", "okay", "please", "did", "does", "do", "on", "at", "for", "to", "one", "how", "which", "who", "when", "where", "?", "exactly",
                     "there", "time", "day", "date", "it", "that", "this", "its", "it's", "that's", "thats",
                     "sent", "send", "say", "says", "said", "from", "by", "much", "just", "can", "you", "could",
                     "read", "open", "more", "details", "detail", "subject", "i", "is", "are", "were", "be", "of", "with", "regarding", "wrote", "write", "written",
                     "email", "e-mail", "mail", "message", "bill", "booking", "appointment", "event", "due",
                     "cost", "amount", "total", "owe", "address", "location", "place", "sender", "whom", "content",
                     "item", "entry", "card", "reservation", "payment", "thing", "line", "number", "no", "no.",
                     "ones", "top", "bottom", "latest", "newest", "oldest", "earliest", "most", "recent",
                     "later", "latter", "former", "earlier", "next", "previous", "following", "preceding",
                     *_PLACES, *_NUMBERS))
# said of a message only: "when did it come in?" asks when it arrived; of a train it asks the arrival
_OF_MAIL = frozenset(("arrive", "arrived", "get", "got", "come", "came", "in", "receive", "received"))
# money said to have come from (or gone to) a writer: "how much did she send?", "how much did I get from her?"
_MONEY_CAME = frozenset(("receive", "received", "get", "got", "send", "sent"))
# what a writer plans, asked of them ("when is she arriving?"): what their message says, not when it came
_PLANS = frozenset(("arriving", "arrive", "arrives", "landing", "land", "lands", "coming", "visiting", "visit",
                    "leaving", "leave", "flying", "fly", "back", "here", "free", "available", "planning"))
# the writing itself ("when did she write?"): when the message came
_WRITING = frozenset(("write", "wrote", "written", "send", "sent", "email", "emailed", "e-mail", "mail", "mailed",
                      "message", "messaged"))
# a question said in the present or ahead ("when is it?") or of the past ("when was it?", "when did it come?")
_NOW_OR_AHEAD = frozenset(("is", "whens", "when's", "it's", "will", "are"))
_PAST = frozenset(("was", "were", "did"))
_MOST_WORDS = 9
_EACH = 3  # a pronoun after this many things listed (not mail, newest first) asks which one


@dataclass(frozen=True)
class Pointed:
    """A thing (or the things) of the answer before that a turn points at, and what it asks of them."""

    items: tuple[Mapping[str, Any], ...]
    kind: str            # the view's kind: mail, dues, schedule, bookings
    asks: str            # who | when | about | how_much | where | show
    place: int | None    # the place said ("the third email": 2), None for a pronoun
    of: int              # how many things the answer before listed


def listed(view: Mapping[str, Any] | None) -> tuple[str, tuple[Mapping[str, Any], ...]]:
    """(the view's kind, the things it lists in their order); a schedule's days are read through."""
    if not isinstance(view, Mapping):
        return "", ()
    kind = str(view.get("kind") or "")
    if kind == "schedule":
        items = [{**i, "day_text": d.get("day_text", "")} for d in view.get("days") or () if isinstance(d, Mapping)
                 for i in d.get("items") or () if isinstance(i, Mapping)]
        return kind, tuple(items)
    if kind in ("mail", "dues", "bookings"):
        return kind, tuple(i for i in view.get("items") or () if isinstance(i, Mapping))
    return kind, ()


def _place(said: Sequence[str], kind: str, count: int) -> int | None:
    """The place a turn names ("the third email", "number 2", "the newest message"), or None."""
    for at, w in enumerate(said):
        after = said[at + 1] if at + 1 < len(said) else ""
        before = said[at - 1] if at else ""
        if w in _PLACES and (after in _THING or (after == "" and before == "the" and _bare_place(w, kind))
                             or w in ("last", "final") and before == "the"):
            return _PLACES[w]
        if w in ("number", "no", "no.", "#") and (after.isdigit() or after in _NUMBERS):
            return (int(after) - 1) if after.isdigit() else _NUMBERS[after]
        if w in _NEWEST and (after in _THING or after == "") and before in ("the", "most"):
            return 0 if kind == "mail" else None
        if w in _OLDEST and (after in _THING or after == "") and before == "the":
            return -1 if kind == "mail" else 0
        if w in _OF_TWO and (after in _THING or after == "") and before == "the" and count == 2:
            # "the latter", "the earlier booking" of two things: by time for "later" and "earlier" (mail is newest
            # first), by the order they were listed in for "former" and "latter"
            return _OF_TWO[w] if w in ("former", "latter") or kind != "mail" else 1 - _OF_TWO[w]
    return None


# the thing listed after (or before) the one shown
_STEPS = {"next": 1, "following": 1, "previous": -1, "preceding": -1}
# one of two things listed, by the order they were listed in
_OF_TWO = {"former": 0, "latter": 1, "earlier": 0, "later": 1}


def _bare_place(word: str, kind: str) -> bool:
    """Whether a place said alone names a thing listed: "the first", "the last"; "the second" and "the 2nd"
    are days of a month too, so alone they name a thing only of a list that holds no days (mail, dues)."""
    return word in ("first", "last", "final", "top", "bottom") or (kind in ("mail", "dues") and word.isalpha())


def _asks(said: Sequence[str], text: str = "") -> str:
    have = set(said)
    if text and asks_how_long(text):
        return "until"  # "how far off is that?", "how long till the second one?": how long from now
    if have & _SAYS and not have & {"who", "whom"}:
        return "about"  # "which day does he propose?": what the message says, not when it came
    if have & _WHO and (have & {"who", "whom", "who's", "whos", "sender"} or ("from" in have and "where" not in have
                                                                                  and "when" not in have)):
        return "who"
    if have & _WHERE:
        return "where"
    if "how" in have and have & _HOW_MUCH or have & {"amount", "cost", "total"}:
        return "how_much"
    if have & _WHEN and not have & {"about", "say", "said"}:
        return "when"
    if have & _ABOUT or {"what"} <= have:
        return "about"
    return "show"


# what is inside a parcel, asked of its notice ("what was in it?", "what's inside?", "what did I order?")
_CONTENTS = re.compile(r"\bwhat(?:'s|\u2019s|s|\s+is|\s+was|\s+were)?\s+(?:in|inside)\s+(?:it|there|them)\b|"
                       r"\bwhat(?:'s|\u2019s|s|\s+is|\s+was)\s+inside\b|\bwhat\s+did\s+(?:i|we)\s+order\b", re.I)
_PARCEL = re.compile(r"\b(?:parcel|package|delivery|shipment|tracking|courier)\b", re.I)
_AN_ORDER = re.compile(r"\b(?:order|receipt|purchase)\b", re.I)


def pointed(text: str, view: Mapping[str, Any] | None) -> Pointed | None:
    """What a short turn points at in the answer whose view is `view`, or None when it points at nothing
    there (it names something of its own, or says no pointer, or the answer listed nothing)."""
    found = _pointed(text, view)
    if found is None or found.kind != "mail" or len(found.items) != 1 or not _CONTENTS.search(text):
        return found
    one = found.items[0]
    said = f"{one.get('subject', '')} {one.get('snippet', '')}"
    if not _PARCEL.search(said) or _AN_ORDER.search(str(one.get("subject", ""))):
        return found
    # "what was in it?" of a courier's notice asks what the parcel holds: the order mail of the shop the notice
    # names, when the list holds it (a notice says no contents; none named, nothing is picked)
    inner = (view or {}).get("listed")
    _, whole = listed(inner) if isinstance(inner, Mapping) else listed(view)
    orders = [i for i in whole if _AN_ORDER.search(str(i.get("subject", ""))) and _sender(i)
              and re.search(rf"(?<!\w){re.escape(_sender(i))}(?!\w)", said, re.I)]
    if not orders:
        return None
    return Pointed((orders[0],), "mail", "about", whole.index(orders[0]), len(whole))


def _pointed(text: str, view: Mapping[str, Any] | None) -> Pointed | None:
    kind, items = listed(view)
    if not items or view is None:
        return None
    said = [w.replace("\u2019", "'").strip("?.!,") for w in words(text)]
    said = [w for w in said if w]
    occasion = kind == "mail" and any(w in _OCCASION and at and said[at - 1] in ("the", "that", "this")
                                      for at, w in enumerate(said))
    allowed = (_FILLER | _OF_MAIL | _WRITER | _SAYS | _PLANS | (_OCCASION if occasion else frozenset())
               if kind == "mail" else _FILLER) | _MADE | _GOES_ON \
        | _WHEN | _WHERE | _CHANGED | (UNTIL_WORDS if kind != "mail" and asks_how_long(text) else frozenset())
    if not said or len(said) > _MOST_WORDS or any(w not in allowed and not w.isdigit() for w in said):
        return None
    if said[0] == "what" and said[1:2] and said[1] in ("time", "day", "date") and said[-1] == "it":
        return None  # the hour asked ("what time is it now?") is the clock's
    whole_kind, whole = listed(view.get("listed")) if isinstance(view.get("listed"), Mapping) else (kind, items)
    place = _place(said, whole_kind, len(whole))
    step = _STEPS.get(next((w for w in said if w in _STEPS), ""), 0)
    if step and place is None:
        # "and the next one?" after one thing of a list was shown: the thing listed after it (before it)
        if len(items) != 1 or items[0] not in whole:
            return None
        place = whole.index(items[0]) + step
        if place < 0:
            return None
    if kind == "mail" and {"how", "much"} <= set(said) and set(said) & _MONEY_CAME:
        return None  # "how much did he get from them?": the money a writer sent, asked of them, not of their message
    asks = _asks(said, text if kind != "mail" else "")
    if kind == "mail" and asks == "when" and not set(said) & (_WRITING | _OF_MAIL | _PAST) and (
            set(said) & _WRITER and set(said) & _PLANS or set(said) & _NOW_OR_AHEAD):
        # "when is she arriving?", "when is it?" of a message: the day it gives, never the day it came
        asks = "about"
    if place is not None:
        if not -len(whole) <= place < len(whole):
            return None
        return Pointed((whole[place],), whole_kind, asks, place, len(whole))
    back = _BACK | _WRITER | (_OCCASION if occasion else frozenset()) if kind == "mail" else _BACK
    if asks == "where" and points_there(text):
        back = back | {"there"}
    if not set(said) & back or asks == "show":
        return None  # a pronoun and a question about the thing, or nothing
    if kind == "mail" and asks == "who" and set(said) & _CHANGED:
        # "who shifted that?" after the mail about a thing: the newest of it that says it was changed
        changing = [i for i in items if _CHANGE_SAID.search(f"{i.get('subject', '')} {i.get('snippet', '')}")]
        if changing:
            return Pointed((changing[0],), kind, asks, None, len(items))
    if asks == "where" and not all(i.get("location") for i in items):
        # a place the list does not hold: the thing's own answerer knows it (of several, which one is asked)
        return Pointed((), kind, asks, None, len(items)) if len(items) > 1 else None
    if len(items) > 1 and asks == "who" and kind == "mail" and len({_sender(i) for i in items}) == 1:
        return Pointed(items, kind, asks, None, len(items))  # every message listed is from one sender
    if len(items) > 1 and kind != "mail":
        # "when is it?" after a few bills or entries: each of them (a long list: which one is asked)
        return Pointed(items, kind, asks, None, len(items)) if len(items) <= _EACH else \
            Pointed((), kind, asks, None, len(items))
    return Pointed((items[0],), kind, asks, None, len(items))


def points_there(text: str) -> bool:
    """Whether "there" points at the place of the thing before: said with a question of where it is ("the postcode
    there?", "how would we get there?"), never as "is there", "there is" (something exists)."""
    said = [w.replace("\u2019", "'").strip("?.!,") for w in words(text)]
    if not set(said) & _WHERE_THERE:
        return False
    return any(w == "there" and not ((at and said[at - 1] in _BE) or (at + 1 < len(said) and said[at + 1] in _BE))
               for at, w in enumerate(said))


# a place asked of "there"
_WHERE_THERE = _WHERE | frozenset(("directions", "postcode", "zip", "parking", "get"))


def _sender(item: Mapping[str, Any]) -> str:
    return str(item.get("sender_name") or item.get("sender") or "")


def reply(p: Pointed) -> str:
    """The answer about the thing pointed at, in one or two lines (one line each for a few things)."""
    if not p.items:
        return f"Which of the {p.of} do you mean: \u201cthe first\u201d, \u201cthe second\u201d ...?"
    if p.kind == "mail":
        return _mail(p, p.items[0])
    if len(p.items) > 1:
        return "\n".join(f"- {_one(replace(p, items=(i,)), i)}" for i in p.items)
    return _one(p, p.items[0])


def _one(p: Pointed, one: Mapping[str, Any]) -> str:
    if p.kind == "dues":
        who = f"{one.get('issuer', '')} {one.get('kind', '')}".strip()
        if one.get("last4"):
            who += f" XXXX{one['last4']}"
        status = {"overdue": "; OVERDUE", "autopay": "; taken automatically (autopay / direct debit)",
                  "paid": "; paid"}.get(str(one.get("status")), "")
        return f"{who}: {one.get('amount_text', '')} due {one.get('due_text', '')}{status}."
    if p.kind in ("schedule", "bookings"):
        title = str(one.get("title") or one.get("provider") or "")
        at = " ".join(x for x in (str(one.get("day_text") or ""), str(one.get("time_text") or "")) if x)
        where = f", at {one['location']}" if one.get("location") else ""
        status = f" ({one['status']})" if p.kind == "bookings" and one.get("status") else ""
        status += f": {one['amount_text']}" if one.get("amount_text") else ""
        waiting = " (found in your mail, waiting for your yes)" if one.get("waiting") and "waiting" not in status \
            else ""
        return f"{title}: {at}{where}{status}{waiting}."
    return ""


def _which(p: Pointed) -> str:
    """ "The first of the 4: " when the thing was taken from several by a pronoun, so the reply says which."""
    if p.place is None and p.of > 1 and len(p.items) == 1:
        return f"The {'newest' if p.kind == 'mail' else 'first'} of the {p.of} I listed: "
    return ""


def _mail(p: Pointed, one: Mapping[str, Any]) -> str:
    subject = f"\u201c{one.get('subject', '')}\u201d"
    sender = _sender(one)
    address = str(one.get("sender") or "")
    who = f"{sender} <{address}>" if address and address != sender else sender
    when = " ".join(x for x in (str(one.get("day_text") or ""), str(one.get("time_text") or "")) if x)
    warn = "\nIt looks suspicious: treat its links with care." if any(i.get("suspicious") for i in p.items) else ""
    if p.asks == "who" and len(p.items) > 1:
        return f"All {len(p.items)} came from {who}.{warn}"
    snippet = " ".join(str(one.get("snippet") or "").split())
    said = f"\n\u201c{snippet}\u201d" if snippet else ""
    if p.asks == "who":
        # what it says too: a courier's mail names the shop the parcel is from
        return f"{_which(p)}{subject} came from {who}, on {when}.{said}{warn}"
    if p.asks == "when":
        return f"{_which(p)}{subject} from {sender} came on {when}.{warn}"
    return f"{_which(p)}{subject}, from {who}, {when}.{said}{warn}"


def item_view(p: Pointed, view: Mapping[str, Any]) -> dict[str, Any]:
    """The view of an answer about the things pointed at: the same kind, only them (so "when is it?" after
    "the third email" is asked of that one), and the list they were taken from (so "the bottom one" still is)."""
    kind = str(view.get("kind") or "")
    base = {k: v for k, v in view.items() if k not in ("items", "days", "listed")}
    if kind == "schedule":
        one = {"kind": kind, **base, "days": [{"day_text": i.get("day_text", ""), "items": [i]} for i in p.items]}
    else:
        one = {"kind": kind, **base, "items": list(p.items)}
    return {**one, "listed": view.get("listed") or view}


_OTHER = re.compile(r"\bother\b", re.I)


def says_the_other(text: str) -> bool:
    """Whether a short turn asks for "the other one" ("and the other account?", "how about the other?")."""
    return len(words(text)) <= 7 and bool(_OTHER.search(text))


def the_other_listed(text: str, view: Mapping[str, Any] | None) -> Pointed | None:
    """ "how about the other?" after one of two things listed was pointed at: the one not pointed at."""
    if not says_the_other(text) or not isinstance(view, Mapping) or not isinstance(view.get("listed"), Mapping):
        return None
    kind, now = listed(view)
    _, whole = listed(view["listed"])
    rest = [i for i in whole if i not in now]
    if len(whole) != 2 or len(rest) != 1:
        return None
    return Pointed((rest[0],), kind, "show", whole.index(rest[0]), len(whole))


def other_named(before: Frame, lists: SlotLists) -> tuple[SlotValue, ...] | None:
    """The issuers a money question before did not name, of the kinds it asked about ("how much is on the
    Harbor card?" then "and the other account?": every other card's issuer); None when it named none."""
    named = {v.value for v in before.values("issuer")} | {v.issuer for v in before.values("account")}
    if not named:
        return None
    issuers = lists.of_slot("issuer")
    kinds = set(before.kinds) or {k for v in issuers if v.value in named for k in v.kind.split(",") if k}
    return tuple(v for v in issuers if v.value not in named and set(v.kind.split(",")) & kinds)


def one_shown(view: Mapping[str, Any] | None,
              lists: SlotLists) -> tuple[SlotValue, tuple[SlotValue, ...]] | None:
    """The one account an answer showed alone, and every other account of its kind ("what's the closing balance
    on my visa?" answered with one card: that card, and the other cards); None unless one bill was shown."""
    kind, items = listed(view)
    if kind != "dues" or len(items) != 1:
        return None
    one = items[0]
    issuer, last4 = str(one.get("issuer") or ""), str(one.get("last4") or "")
    accounts = [v for v in lists.of_slot("account") if v.kind == one.get("kind")]
    shown = [v for v in accounts if last4 and v.value == last4 and v.issuer == issuer]
    if len(shown) != 1:
        return None
    others = [v for v in accounts if v.value != last4]
    # one card seen twice, by its issuer and by that issuer's alerts ("Harbor Bank" and "Harbor Bank Alerts", the
    # same last four digits): the issuer's own
    return shown[0], tuple(v for v in others if not any(
        o.value == v.value and o.issuer != v.issuer and v.issuer.startswith(o.issuer + " ") for o in others))


def pointed_frame(p: Pointed, before: Frame | None, lists: SlotLists, text: str) -> Frame | None:
    """The frame the next turn is read with after one thing was pointed at: that thing named (a bill's
    issuer and card, a booking's provider, a message's sender), so "the least I can pay on it?" or "where is
    that?" is asked of it alone, not of the whole list it was taken from; None when several things were
    pointed at or nothing in the person's lists names the one."""
    if len(p.items) != 1:
        return None
    one = p.items[0]
    values: tuple[SlotValue, ...] = ()
    if p.kind == "dues":
        issuer = str(one.get("issuer") or "")
        last4 = str(one.get("last4") or "")
        values = tuple(v for v in lists.of_slot("account") if last4 and v.value == last4 and v.issuer == issuer
                       and v.kind == one.get("kind")) or tuple(v for v in lists.of_slot("issuer") if v.value == issuer)
        domain = "money"
    elif p.kind in ("schedule", "bookings"):
        values = _provider_of(one, lists)
        domain = "appointments"
    elif p.kind == "mail":
        sender = _sender(one)
        values = tuple(v for v in lists.of_slot("sender") if v.value == sender or str(one.get("sender")) in v.addresses)
        domain = "mail"
    if not values:
        return None
    base = before if before is not None else Frame(text=text, domain=domain, ask="show")
    # the kinds of booking the list was of stay ("the second one" of the flights is a flight, asked when it lands)
    kinds = base.kinds if domain == "appointments" and base.domain == "appointments" else ()
    return replace(base, text=text, domain=domain, ask="show", filters=(Named(values[0].label, values[:1], "words"),),
                   window=None, kinds=kinds, bills=(), currencies=(), flags=frozenset(), unmatched=(), things=(),
                   places=(), sure=True, wants="", scores=())


def _provider_of(one: Mapping[str, Any], lists: SlotLists) -> tuple[SlotValue, ...]:
    """The provider a booking or an entry of a day is of: the one whose whole name its provider or title says
    (the longest, so "Table at Trattoria Lupo" is Trattoria Lupo's)."""
    said = name_words(str(one.get("provider") or one.get("title") or ""))
    found = []
    for v in lists.of_slot("provider"):
        name = name_words(v.value)
        if name and any(said[at:at + len(name)] == name for at in range(len(said) - len(name) + 1)):
            found.append(v)
    found.sort(key=lambda v: -len(name_words(v.value)))
    return tuple(found[:1])
