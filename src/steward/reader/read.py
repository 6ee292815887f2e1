"""The reader: a question in anyone's words -> `Frame(domain, ask, filters, window)`, or None.

Pure: it reads the text against the reader's words (`words.yaml`), the slot lists of the person's own
store and `steward.dates`; it writes nothing and calls no model. The domain is the one with the most
evidence: a name found in the person's data (an issuer or a card is money, a provider is an
appointment, a sender with a mail word is mail) counts more than a cue word. Reads decline turns that
ask for an action (the vocabulary's mutate verbs) or for a model's work on the data (`for_a_model`),
so "add the dues section to my brief" is never read as a question about dues.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from steward.clock import Clock
from steward.reader.carry import around, of_the_thing_before
from steward.reader.details import (
    asked_detail,
    asks_arrival,
    asks_the_end,
    detail_domain,
    place_asked,
    points_back,
)
from steward.reader.frame import Frame, Named, Unmatched, Window
from steward.reader.honesty import ANY_ENTRY
from steward.reader.how_long import asks_how_long
from steward.reader.kin import family_named, said_in
from steward.reader.lists import SlotLists, kind_of, name_words
from steward.reader.match import card_network, find_names, name_tokens, nearest_names, travel_number
from steward.reader.meaning import ByMeaning
from steward.reader.rolling import rolling_back, week_ahead
from steward.reader.timeasks import read_time_question, time_triggers
from steward.reader.words import ReaderWords
from steward.reader.wrappers import unwrapped
from steward.vocab import Phrase, Vocab, match_at, words
from steward.vocab.language import is_action_request, is_question

_CALENDAR_WORDS = frozenset(("day", "date", "weekday", "week", "time", "year"))
_UP_TO = ("before", "by", "until", "till", "til")
# the flags that are evidence for a domain
_SENT_ME = re.compile(r"\b(?:send|sent|transfer|transferred|give|gave|pay|paid)\s+me\b", re.I)
_FLAG_DOMAIN = {"payday": "money", "bank_balance": "money", "savings_circle": "money", "kitty": "money", "payments": "money", "paid_off": "money", "sent": "money", "paid_me": "money", "detail": "appointments", "overdue": "money", "unpaid": "money", "autopay": "money", "manual": "money", "suspicious": "mail", "delivery": "mail", "cod": "mail",
                "cancelled": "appointments", "moved": "appointments", "offered": "appointments", "reference": "appointments",
                "invited": "appointments", "seat": "appointments",
                "free": "schedule", "busiest": "schedule", "quietest": "schedule"}
# how much a name found in the person's data weighs for a domain, beside one cue word (1)
_NAME_WEIGHT = 2.0
_A_RATE = re.compile(r"\b(?:cost|costs|costing|pay|paying|charge|charged|charging|be|is|it's|that's)\s+"
                    r"(?P<rate>(?:a|per|each|every)\s+(?:month|week|fortnight|year|quarter))\b", re.I)
# a part of the day that names a kind of shift ("my first night shift", "the day shifts") is no span of time
_A_SHIFT = re.compile(r"\b(?:night|day|morning|evening|afternoon|overnight)(?=[\s-]+shifts?\b)", re.I)
_CHECK_IN = frozenset(("check", "in", "check-in", "checkin", "online"))
# how much a detail asked of a booking or a bill weighs for its domain ("by when must I answer?")
_DETAIL_WEIGHT = 1.5
_LOOKS = frozenset(("look", "looks", "looking", "shaping", "seem", "seems", "seeming"))
# the verbs of writing: said of a kind of place ("has the vet written?"), they ask of its mail
_WRITING = frozenset(("email", "emailed", "e-mail", "e-mailed", "mailed", "messaged", "wrote", "written", "write",
                      "sent", "send", "texted", "replied", "contacted", "forwarded"))

# mail said as a thing ("any messages from the gym?"): of a kind of place, it asks of that place's mail
_MAIL_NOUNS = frozenset(("emails", "e-mails", "mails", "message", "messages", "mail"))
# words that say mail was written, beside a reply ("has the vet emailed me back?" asks of the mail itself)
_SAYS_MAIL = _MAIL_NOUNS | frozenset(("email", "e-mail", "emailed", "e-mailed", "mailed", "messaged", "texted", "wrote",
                                      "written", "write", "sent", "send", "inbox"))


# each phrase list's index, by the list's identity: a list is a reader's word table, read on every turn, and a
# tuple's hash (what a cache keyed on the list itself computes) walks every phrase of it on every call
_INDEXES: dict[int, tuple[tuple[Phrase, ...], dict[str, tuple[Phrase, ...]]]] = {}


def _by_first(phrases: tuple[Phrase, ...]) -> dict[str, tuple[Phrase, ...]]:
    """The phrases indexed by their first word (longest first), built once per phrase list."""
    kept = _INDEXES.get(id(phrases))
    if kept is not None and kept[0] is phrases:  # the list itself is kept with it, so its id is never another's
        return kept[1]
    out: dict[str, list[Phrase]] = {}
    for p in phrases:
        if p:
            out.setdefault(p[0], []).append(p)
    index = {k: tuple(sorted(v, key=len, reverse=True)) for k, v in out.items()}
    if len(_INDEXES) >= 1024:  # lists made on the fly, not a reader's tables
        _INDEXES.clear()
    _INDEXES[id(phrases)] = (phrases, index)
    return index


def _another_thing(network: str, low: Sequence[str], rw: ReaderWords) -> bool:
    """Whether a network's word said names the other thing it names too ("the visa" of a residence visa): a word of
    `card_network_shared` said with no word of money or a card and not after "on" ("what's on my visa?")."""
    said = network.casefold().split()
    if not set(said) & rw.card_network_shared:
        return False
    if any(set(low[i:i + n]) - set(said) for i, n in _hits(low, rw.domains.get("money", ()))):
        return False
    at = next((i for i in range(len(low)) if low[i] == said[0]), 0)
    before = [w for w in low[max(0, at - 3):at] if w not in ("my", "the", "your", "our")]
    return not (before and before[-1] == "on")


def _hits(norms: Sequence[str], phrases: tuple[Phrase, ...]) -> list[tuple[int, int]]:
    """(start, length) of every whole-phrase occurrence, longest first at each place, not overlapping."""
    index = _by_first(phrases)
    if index.keys().isdisjoint(norms):  # (most lists are asked of a turn that says none of their first words)
        return []
    out: list[tuple[int, int]] = []
    i = 0
    count = len(norms)
    while i < count:
        n = 0
        for p in index.get(norms[i], ()):
            if len(p) == 1 or tuple(norms[i:i + len(p)]) == p:
                n = len(p)
                break
        if n:
            out.append((i, n))
            i += n
        else:
            i += 1
    return out


# words before a day that say it is where something goes or is due, not when it was
_TOWARDS = frozenset(("to", "for", "until", "till", "til", "by", "from", "before"))


def _window(text: str, clock: Clock, options: Any, in_past: bool = False) -> tuple[Window | None, frozenset[int]]:
    """The span the text names (steward.dates, future first; the past first when `in_past`, unless the day is
    where something goes) and the character positions it used."""
    from steward import dates

    # "how much will the gym be a month from March?": a rate ("a month", "per week") is no span of time; blanked, same length
    text = _A_RATE.sub(lambda m: m.group(0)[:m.start("rate") - m.start()] + " " * len(m.group("rate")), text)
    text = _A_SHIFT.sub(lambda m: " " * len(m.group(0)), text)
    found = dates.find(text, clock, prefer="future", options=options)
    if found is None or found.start is None:
        return None, frozenset()
    spans = list(found.parts) or [found.span]
    if _ordinal_of_a_thing(text, spans):
        return None, frozenset()
    found = _today_by_its_name(found, text, clock)
    if in_past and not set(words(text[:spans[0][0]])[-1:]) & _TOWARDS and found.start > clock.now():
        earlier = dates.find(text, clock, prefer="past", options=options)
        if earlier is not None and earlier.start is not None and earlier.start < found.start:
            found = earlier
            spans = list(found.parts) or [found.span]
    chars = frozenset(c for a, b in spans for c in range(a, b))
    start, end = found.start, found.end if found.end is not None else found.start
    said = " ".join(text[a:b] for a, b in spans)
    if _FROM_NOW.match(said) and asks_how_long(text):
        return None, frozenset()  # "how long from now is it?": counted from now, no span asked of
    lead = _ON_BEFORE.match(said)
    if lead:
        # "what's on before the end of the month": "on" is what is asked ("what's on"), the span starts after it
        said = said[lead.end():]
        spans = [(spans[0][0] + lead.end(), spans[0][1]), *spans[1:]]
    if in_past and start > clock.now() and _WEEKEND.search(said) and not _COMING.search(text):
        # "what did I miss over the weekend?" on a Monday: the weekend just gone, not the next one
        start, end = start - timedelta(days=7), end - timedelta(days=7)
    before = words(text[:spans[0][0]])[-1:]
    opening = words(text[spans[0][0]:spans[0][1]])[:1]
    rolling = rolling_back(said, before, clock)
    if rolling is not None:
        start, end = rolling
    elif not in_past and (ahead := week_ahead(said, found.grain, end, clock)) is not None:
        start, end, said = ahead  # "what have I got on this week?" on the week's last day: the week ahead
    if opening and opening[0] in _UP_TO:
        before = opening  # "by the 15th" read whole by dates: it still ends the window there
    elif not (before and before[0] in (*_UP_TO, "between", "from", "since")):
        before = _up_to_a_clause(words(text[:spans[0][0]])) or before
    if before and before[0] in ("between", "from"):
        # "between the 14th and the 18th": the second date ends the window
        rest = dates.find(text[spans[-1][1]:], clock, prefer="future", options=options)
        if rest is not None and rest.start is not None and rest.start >= start:
            end = rest.end if rest.end is not None else rest.start
            offset = spans[-1][1]
            spans = [*spans, *[(a + offset, b + offset) for a, b in (list(rest.parts) or [rest.span])]]
            chars = frozenset(c for a, b in spans for c in range(a, b))
            said = f"{before[0]} {said} and {rest.text}" if hasattr(rest, "text") else said
    elif (before and before[0] == "since") or (opening and opening[0] == "since"):
        # "since 6 pm", "since monday": from that moment (the last one, not the next) up to now
        back = dates.find(text, clock, prefer="past", options=options)
        if back is not None and back.start is not None and back.start <= clock.now():
            start, end = back.start, clock.now()
            said = said if said.split()[0].lower() == "since" else f"since {said}"
    elif before and before[0] in _UP_TO:
        # "before the 10th" ends where the day starts; "by friday", "until friday" end with it, and so does
        # "before the end of the month" (the month's last day is before its end)
        start, end = clock.now(), (found.start if before[0] == "before" and not _END_OF.match(said) else end)
        said = said if said.split()[0].lower() == before[0] else f"{before[0]} {_ON_THE_DAY.sub('', said)}"
    return Window(start, end, said, found.grain), chars


# "on Saturday" said after a clause ("before we go away on Saturday"): the day alone ends the span
_ON_THE_DAY = re.compile(r"^(?:on|this)\s+", re.I)
_CLAUSE_SUBJECTS = frozenset(("i", "we", "you", "they", "he", "she"))


def _up_to_a_clause(said: list[str]) -> list[str]:
    """["before"] when the words before a day say a span up to what someone does on it ("what's on before we go
    away on Saturday?", "anything before I fly on the 12th?"): "before" and then a person doing it, in the few
    words right before the day; else []."""
    tail = said[-7:]
    for n in range(len(tail) - 2, -1, -1):
        if tail[n] == "before" and tail[n + 1].split("'")[0] in _CLAUSE_SUBJECTS:
            return [tail[n]]
    return []


# the moment a time is counted from ("how far is that from now?"), which is no span to look in
_FROM_NOW = re.compile(r"^\s*(?:from\s+)?(?:right\s+)?(?:now|today)\s*$", re.I)


# the end of a span said ("the end of the month", "end of next week", "month-end"): its last day, whole
_END_OF = re.compile(r"^(?:before\s+)?(?:the\s+)?(?:very\s+)?(?:end\s+of|(?:(?:this|next|coming)\s+)?(?:month|year)"
                     r"(?:['\u2019]s)?[- ]end|week[- ]end\b(?!s)|eo[myw]\b)", re.I)
# "on" before a word that ends a span ("what's on before the end of the month", "anything on by friday")
_ON_BEFORE = re.compile(r"^(?:on|in)\s+(?=(?:before|by|until|till|til)\b)", re.I)


# "anything from the school?", "is there anything from my landlord": a question of what came from a kind of sender
_FROM_A_KIND = re.compile(r"^\W*(?:is\s+there\s+|are\s+there\s+|have\s+i\s+(?:got|had)\s+|did\s+i\s+get\s+|got\s+)?"
                          r"(?:any(?:thing|\s+news|\s+mail|\s+word)?|something)\s+(?:new\s+)?from\s+(?:(?:the|my|our)\s+"
                          r"(?:[a-z]+(?:'s|\u2019s|'|\u2019)\s+)?|[a-z]+(?:'s|\u2019s|'|\u2019)\s+)"
                          r"[a-z'\u2019-]+(?:\s+[a-z'\u2019-]+)?\s*\??\s*$", re.I)


# "the second one", "the first ones": a thing by its place in a list, never a day of a month
_ORDINAL_DAY = re.compile(r"^(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|"
                          r"\d{1,2}(?:st|nd|rd|th))(?P<one>\s+ones?)?$", re.I)
_A_THING_AFTER = re.compile(r"^\s*(?:ones?|of\s+(?:them|those|these))\b", re.I)


def _ordinal_of_a_thing(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether the date found is only an ordinal followed by "one" ("the second one", "the third of those")."""
    a, b = spans[0][0], spans[-1][1]
    said = _ORDINAL_DAY.match(text[a:b].strip())
    return said is not None and (bool(said["one"]) or bool(_A_THING_AFTER.match(text[b:])))


_INITIALS = re.compile(r"\b[A-Z]{2,6}\b")  # a thing said by its initials ("the AGM", "the QBR")
_WEEKEND = re.compile(r"\bweek-?ends?\b", re.I)
_COMING = re.compile(r"\b(?:next|coming|upcoming|following)\b", re.I)
_NAMED_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _today_by_its_name(found: Any, text: str, clock: Clock) -> Any:
    """A part of today or a time today said by today's name ("anything on Tuesday night?" asked on a
    Tuesday morning): today, while that part is still ahead; the same said with "next" or once it is over is a week on."""
    from dataclasses import replace as _replace

    today = clock.today()
    if found.grain != "hour" or found.start is None or found.start.date() != today + timedelta(days=7):
        return found
    said = words(found.text)
    if _NAMED_DAYS[today.weekday()] not in said or {"next", "week", "fortnight"} & set(said):
        return found
    start = found.start - timedelta(days=7)
    end = None if found.end is None else found.end - timedelta(days=7)
    if (end or start) <= clock.now():
        return found
    return _replace(found, start=start, end=end)


_NUMBER_WORDS = frozenset(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                          "twelve"])
_CLOCK_AFTER = frozenset(["am", "pm", "a.m.", "p.m.", "o'clock", "oclock", "in", "at"])


def _names_a_clock_time(said: Sequence[str]) -> bool:
    """Whether words name a clock time: "6:30", "6pm", "at 6", "six in the evening", "noon" (not "the 10th")."""
    for at, w in enumerate(said):
        if w in ("noon", "midday", "midnight") or re.fullmatch(r"\d{1,2}[:.]\d{2}(am|pm)?|\d{1,2}(am|pm|a|p)", w):
            return True
        if w.isdigit() or w in _NUMBER_WORDS:
            after = said[at + 1] if at + 1 < len(said) else ""
            if after in _CLOCK_AFTER or (at and said[at - 1] == "at"):
                return True
    return False


def whole_part_of_day(window: Window | None, rw: ReaderWords) -> Window | None:
    """A part of a day said ("tomorrow night", "Tuesday morning") as the hours people mean by it."""
    if window is None or window.grain != "hour" or window.end - window.start > timedelta(hours=12):
        return window
    said = [w.replace("\u2019", "'") for w in words(window.said)]
    if _names_a_clock_time(said):
        return window  # a clock time said ("at 6 pm", "six in the evening") is that moment, not the part
    for hours, phrases in rw.day_parts.items():
        if _hits(said, phrases):
            first, last = (int(h) for h in hours.split("-"))
            day = window.start.replace(hour=0, minute=0, second=0, microsecond=0)
            start = day + timedelta(hours=first)
            end = day + timedelta(hours=last)
            return Window(min(start, window.start), max(end, window.end), window.said, window.grain)
    return window


# the parts of a day said apart from the day ("my evening plans on friday"); "am" and "pm" are left
# out ("am I free tomorrow?" asks nothing of the morning)
_NOT_A_PART = frozenset(("am", "pm"))


def part_said_apart(window: Window | None, norms: Sequence[str], chars_words: frozenset[int],
                    rw: ReaderWords) -> Window | None:
    """A one-day window narrowed to a part of the day the question says elsewhere ("what's my afternoon
    like tomorrow?" is tomorrow from 12 to 18); `chars_words` are the word positions the date used."""
    if window is None or window.grain != "day" or window.end - window.start != timedelta(days=1):
        return window
    outside = [w if i not in chars_words and w not in _NOT_A_PART else "_" for i, w in enumerate(norms)]
    for hours, phrases in rw.day_parts.items():
        if _hits(outside, phrases):
            first, last = (int(h) for h in hours.split("-"))
            part = next(" ".join(norms[at:at + n]) for at, n in _hits(outside, phrases))
            return Window(window.start + timedelta(hours=first), window.start + timedelta(hours=last),
                          f"{window.said} {part}", "hour")
    return window


def loose_span(norms: Sequence[str], clock: Clock, rw: ReaderWords) -> Window | None:
    """The days from today a span said loosely covers ("my week", "the days ahead"), or None."""
    from datetime import datetime

    for days, phrases in rw.loose_spans.items():
        if _hits(norms, phrases):
            start = datetime.combine(clock.today(), datetime.min.time(), clock.zone)
            return Window(start, start + timedelta(days=int(days)), f"in the next {days} days", "day")
    return None


# a month's name said as the one who writes ("has june written to me?", "did june email"): a person
_WRITES = frozenset(("has", "have", "sent", "send", "sends", "emailed", "e-mailed", "mailed", "wrote", "writes",
                     "replied", "messaged", "texted", "said"))
_MONTHS = frozenset(("january", "february", "march", "april", "may", "june", "july", "august", "september",
                     "october", "november", "december"))


def _month_as_a_person(text: str, window: Window | None, date_chars: frozenset[int]) -> bool:
    """Whether the only date found is a month's bare name followed by a verb of writing."""
    if window is None or window.said.casefold() not in _MONTHS:
        return False
    after = words(text[max(date_chars) + 1:])[:1]
    return bool(after) and after[0] in _WRITES


# what a question asks when it says only a day beside words that ask nothing of the person's data
# ("what is it, today?" asks the date)
# a statement turned into a question by a tag at its end ("..., right?", "..., haven't I?")
# ("... Saturday morning isn't it", said with no comma and no question mark: a negative tag asks all the same)
_NEGATIVE_TAG = (r"innit|isn'?t\s+it|aren'?t\s+(?:i|they|we)|don'?t\s+(?:i|we)|haven'?t\s+(?:i|we)|"
                 r"didn'?t\s+(?:i|we)|wasn'?t\s+it|won'?t\s+it")
_TAG = re.compile(r",\s*(?:right|yeah|yes|correct|no|is\s+it|is\s+that\s+right|am\s+i\s+right|"
                  rf"{_NEGATIVE_TAG})\s*\?+\s*$|\s(?:{_NEGATIVE_TAG})\s*[?.!]*\s*$", re.I)
_EMPTY = frozenset(("what", "what's", "whats", "is", "it", "it's", "so", "then", "again", "please", "now"))
_WEEKDAYS = frozenset(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekday",
                       "weekend"))


def _ask(norms: Sequence[str], rw: ReaderWords, vocab: Vocab | None = None) -> str:
    for ask in ("how_much", "count", "where", "when"):
        if _hits(norms, rw.asks[ask]):
            return ask
    if norms and any(tuple(norms[:len(p)]) == p for p in rw.asks["is_there"]):
        return "is_there"
    for ask in ("which", "show"):
        if _hits(norms, rw.asks[ask]):
            return ask
    if opens_with_show_verb(norms, rw, vocab):
        return "show"
    return "list"


def opens_with_show_verb(norms: Sequence[str], rw: ReaderWords, vocab: Vocab | None = None) -> bool:
    """Whether the request opens with a verb of showing ("find my physio booking", "can I see my bills"),
    after polite words, or says one to "me" ("get me the rundown"); such a verb elsewhere asks nothing."""
    return _show_verb(norms, rw, vocab) is not None


def _show_verb(norms: Sequence[str], rw: ReaderWords, vocab: Vocab | None) -> tuple[int, int] | None:
    openers = rw.request_openers + (vocab.polite_wrappers if vocab is not None else ())
    i = 0
    while i < len(norms):
        n = max((len(p) for p in openers if tuple(norms[i:i + len(p)]) == p), default=0)
        if not n:
            break
        i += n
    n = max((len(p) for p in rw.show_opening if tuple(norms[i:i + len(p)]) == p), default=0)
    if n:
        return i, n
    return next(((at, n) for at, n in _hits(norms, rw.show_opening) if norms[at + n - 1] == "me"), None)


# where the thing a verb of showing asks for ends: "find my passport | before the flight"
_OBJECT_ENDS = frozenset(("before", "after", "for", "to", "at", "in", "on", "with", "when", "while", "and", "but",
                          "so", "because", "if", "later", "tonight", "today", "tomorrow", "first", "then"))


def _shows_data(norms: Sequence[str], rw: ReaderWords, vocab: Vocab) -> bool:
    """Whether what a verb of showing opens on is the person's data ("find *my physio booking*", "get
    me *the rundown*"), not a thing of their day ("I need to find *my passport* before the flight")."""
    verb = _show_verb(norms, rw, vocab)
    if verb is None:
        return True
    end = verb[0] + verb[1]
    if end < len(norms) and norms[end] in ("for", "if", "whether"):
        end += 1  # "check for emails from ...", "let me know if anything came from ..."
    stop = next((k for k in range(end, len(norms)) if norms[k] in _OBJECT_ENDS), len(norms))
    said = norms[end:stop]
    return any(_hits(said, cues) for cues in rw.domains.values())


# card brands whose names carry a country's word: "my American Express" names no currency
_BRANDS = (("american", "express"), ("banco", "do", "brasil"), ("bank", "of", "america"), ("bank", "of", "canada"))


def _brands_masked(norms: Sequence[str]) -> list[str]:
    out = list(norms)
    for at, n in _hits(out, _BRANDS):
        out[at:at + n] = ["_"] * n
    return out


def _kind_vocabulary(rw: ReaderWords) -> frozenset[str]:
    """Every word of a kind of booking ("bus", "dentist")."""
    return frozenset(w for phrases in rw.provider_kinds.values() for p in phrases for w in p)


def _due_kind_vocabulary() -> frozenset[str]:
    """Every word a question calls a kind of due by ("tax", "rent")."""
    from steward.finance.vocab import category_words

    return frozenset(w for phrases in category_words().values() for p in phrases for w in p.split())


def _kind_words(norms: Sequence[str], rw: ReaderWords) -> list[str]:
    """The words of a question as kinds are read from: a kind's word said of something else ("the school bus",
    "the bus fee", `not_kinds`) is masked, and a kind said with a possessive is the kind ("the vet's address")."""
    out = [w[:-2] if w.endswith("'s") and len(w) > 3 else w for w in norms]
    for at, n in _hits(out, rw.not_kinds):
        out[at:at + n] = ["_"] * n
    return out


_ON_THE = frozenset(("on", "for"))
_OWNED_BY = frozenset(("the", "my", "our", "your"))


def _of_a_thing(norms: list[str], known: frozenset[str]) -> list[str]:
    """The words kinds are read from, with a kind's word masked where it says what a thing no word of Steward's
    names is of ("the rego on the car", "the permit for my van"): the thing is asked, not a booking of that kind."""
    out = list(norms)
    for i in range(1, len(out) - 2):
        before = out[i - 1].removesuffix("'s")
        if out[i] in _ON_THE and out[i + 1] in _OWNED_BY and len(before) >= 3 and before not in known and \
                not before.isdigit():
            out[i + 2] = "_"
    return out


_KIND_INDEXES: dict[int, tuple[dict[str, tuple[Phrase, ...]], dict[str, tuple[str, ...]]]] = {}


def _kinds_by_first(table: dict[str, tuple[Phrase, ...]]) -> dict[str, tuple[str, ...]]:
    """The kinds of a table by the first words of their phrases, built once per table (kept by its identity,
    as `_by_first` keeps a list's)."""
    kept = _KIND_INDEXES.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    out: dict[str, list[str]] = {}
    for kind, phrases in table.items():
        for p in phrases:
            if p and kind not in out.setdefault(p[0], []):
                out[p[0]].append(kind)
    index = {w: tuple(kinds) for w, kinds in out.items()}
    if len(_KIND_INDEXES) >= 64:  # tables made on the fly, not a reader's
        _KIND_INDEXES.clear()
    _KIND_INDEXES[id(table)] = (table, index)
    return index


def _kinds(norms: Sequence[str], table: dict[str, tuple[Phrase, ...]]) -> list[str]:
    """The kinds whose words the text says; a kind said only inside a longer phrase of another ("physical"
    in "physical therapy") is not said."""
    firsts = _kinds_by_first(table)
    said = {k for w in set(norms) for k in firsts.get(w, ())}  # (a kind none of whose first words is said has no hit)
    hits = {k: _hits(norms, phrases) for k, phrases in table.items() if k in said}
    spans = [(at, at + n) for found in hits.values() for at, n in found]

    def inside(at: int, n: int) -> bool:
        return any(a <= at and at + n <= b and b - a > n for a, b in spans)

    return [k for k, found in hits.items() if any(not inside(at, n) for at, n in found)]


# mail as the head of what is asked for: "the book club email", "the messages about the party"
_MAIL_HEAD = re.compile(r"\b(?:e-?mails?|mails?|messages?)\s+(?:about|regarding|concerning|re)\b|"
                        r"\b(?:the|that|this|my|find|show|get)\s+(?:[\w'-]+\s+){1,4}(?:e-?mails?|mails?)\s*(?:[?.!]|$)",
                        re.I)
_TERSE = 6
_REMARK_OPENERS = frozenset(("i", "i'm", "im", "i've", "i'll", "i'd", "we", "we're", "you", "you're", "he", "she",
                             "they", "it", "it's", "that", "that's", "this", "thanks", "thank", "ok", "okay", "yes",
                             "no", "nope", "yeah", "yep", "sure", "great", "cool", "fine", "sorry", "hi", "hello",
                             "hey", "bye", "good", "nice", "lol", "haha", "well", "oh", "ah", "hmm"))
_BACK = frozenset(("it", "that", "this", "those", "them", "these", "one", "same", "there", "they", "their", "its"))
_FOLLOW_ON = (("and",), ("what", "about"), ("how", "about"), ("also",), ("then",))
# a question's own evidence for its domain: a cue word or a name (a day said alone scores less)
_OWN_EVIDENCE = 1.0


def refers_back(text: str, clock: Clock | None = None, options: Any = None) -> bool:
    """Whether a question points at the one before ("and what was the due date on that?", "did that one get
    paid?"); the words of a date it says ("this week") point nowhere."""
    text = _TAG.sub("", text)  # "the vet's on Friday, isn't it?": the tag's "it" is the thing it says
    norms = words(text)
    if any(tuple(norms[:len(p)]) == p for p in _FOLLOW_ON):
        return True
    if clock is not None:
        from steward import dates

        found = dates.find(text, clock, prefer="future", options=options)
        if found is not None:
            spans = list(found.parts) or [found.span]
            norms = words(" ".join(text[a:b] if not any(x <= a < y for x, y in spans) else " "
                                   for a, b in _word_spans(text)))
    # "is there anything on friday?", "are there any bills": a "there" that says something exists points nowhere
    norms = [w for i, w in enumerate(norms) if not (w == "there" and (
        (i and norms[i - 1] in _BE) or (i + 1 < len(norms) and norms[i + 1] in _BE)))]
    # "how much are the rates this time?": the present one, said of the thing the question names
    norms = [w for i, w in enumerate(norms) if not (w == "this" and norms[i + 1:i + 2] == ["time"])]
    return bool(set(norms) & _BACK)


_BE = frozenset(("is", "are", "was", "were", "be", "will", "isn't", "aren't", "wasn't", "weren't", "won't"))


def _word_spans(text: str) -> list[tuple[int, int]]:
    import re

    return [m.span() for m in re.finditer(r"\S+", text)]


def relative_window(text: str, before: Frame, rw: ReaderWords, clock: Clock, options: Any = None) -> Window | None:
    """The window a follow-up says from the one before ("and the next day?" after Monday's schedule is
    Tuesday's); None when it says none, or the question before had no window."""
    if before.window is None:
        return None
    norms = [w.replace("\u2019", "'") for w in words(text)]
    for days, phrases in rw.relative_windows.items():
        for at, n in _hits(norms, phrases):
            said = " ".join(norms[at:at + n])
            from steward import dates

            found = dates.find(text, clock, prefer="future", options=options)
            if said == "then" and found is not None:
                continue  # "the rundown for today then": a day of its own said, "then" is only a word of talk
            found_words = words(found.text) if found is not None else []
            if found_words[:1] and found_words[0] in ("on", "for", "at", "in"):
                found_words = found_words[1:]  # "on the day before" is still the day before
            if len(found_words) > n and said in " ".join(found_words):
                return None  # "the day after christmas": a date of its own
            delta = timedelta(days=int(days))
            w = before.window
            if not delta:
                return w
            start, end = w.start + delta, w.end + delta
            first = clock.local(start).date()
            last = clock.local(end - timedelta(microseconds=1)).date() if end > start else first
            today = clock.today()
            days_said = clock.formats.day_near(first, today) if first == last else clock.formats.span(first, last)
            return Window(start, end, f"on {days_said}" if first == last else days_said, w.grain)
    return None


_NOT_WHOSE = frozenset(("what", "when", "where", "who", "how", "it", "that", "there", "here", "he", "she", "let",
                        "this", "what's", "one"))


def _someones(norms: Sequence[str]) -> bool:
    """Whether a question says a thing as someone's ("my father's birthday", "Leo's party"): asked of the mail that
    says it, never only of the schedule."""
    return any(w.endswith("'s") and w[:-2] not in _NOT_WHOSE and len(w) > 3 for w in norms)


def says_a_day_from_before(text: str, rw: ReaderWords, own_day: bool = False) -> bool:
    """Whether the text says a day from the one before ("the day before", "the next day", "that day"); with a
    day of its own said (`own_day`), a "then" is a word of talk ("what's on today then?"), no day."""
    norms = [w.replace("\u2019", "'") for w in words(text)]
    return any((norms[at:at + n] != ["then"] or not own_day)
               for phrases in rw.relative_windows.values() for at, n in _hits(norms, phrases))


# "call" said as the verb ("the number to call them on", "should I call back?"), never a call the person waits for
_CALLING = re.compile(r"\b(?:to|can|could|should|shall|will|i'll|i\u2019ll|we'll|please|do|must)\s+call\b|"
                      r"\bcall\s+(?:them|him|her|us|me|you|back|it|the|my|our|their|his)\b", re.I)
# a person said back ("from her", "did he send"): the one a question before named
_A_PERSON_BACK = re.compile(r"\b(?:she|he|her|him|they|them)\b", re.I)
# a journey of the person named before ("her train", "his flight")
_THEIR_JOURNEY = re.compile(r"\b(?:her|his|their)\s+(train|flight|plane|coach|bus|ferry)s?\b", re.I)


def around_before(text: str, before: Frame, clock: Clock) -> Window | None:
    """The rest of the day after the thing asked of before ("am I free after that?" after an event added at
    4 pm: from its end to midnight), or the day up to its start ("before it"); None when the text says
    neither, or the frame before names no time of day (a whole day is no "that" to be after)."""
    said = around(text)
    w = before.window
    if not said or w is None or w.grain == "day" or w.end <= w.start:
        return None
    day = clock.local(w.start).date()
    if said == "after":
        end = datetime.combine(day + timedelta(days=1), datetime.min.time(), clock.zone)
        # (a thing's own moment, kept a minute long, is said by its start: "after 08:15")
        said_at = w.start if w.end - w.start <= timedelta(minutes=1) else w.end
        return Window(w.end, end, f"after {clock.formats.time(clock.local(said_at))} on "
                                  f"{clock.formats.day_near(day, clock.today())}", "minute") if w.end < end else None
    start = datetime.combine(day, datetime.min.time(), clock.zone)
    return Window(start, w.start, f"before {clock.formats.time(clock.local(w.start))} on "
                                  f"{clock.formats.day_near(day, clock.today())}", "minute") if start < w.start else None


def follow_on(text: str, before: Frame, now: Frame | None, rw: ReaderWords, clock: Clock | None = None,
              options: Any = None) -> Frame | None:
    """A question read with the frame before it: one that names nothing and points back takes the names
    said before ("and what was the due date on that?"), a window said from the one before moves it ("and
    the day after?"), and a question with its own evidence for another domain keeps its own domain ("what's
    on this week?" after a question about a card is about the schedule)."""
    relative = relative_window(text, before, rw, clock) if clock is not None else None
    if relative is None and clock is not None:
        relative = around_before(text, before, clock)
        if relative is not None and before.domain in _DAYS_AND_BOOKINGS and (now is None or (
                now.domain in _DAYS_AND_BOOKINGS and not (now.names_something or now.kinds or now.bills
                                                          or now.things or now.places or now.unmatched))):
            # "anything straight after?", "am I free after that?" after a booking: the rest of its day (or the day up to
            # it), every kind of thing on it, never that booking's kind again
            norms = [w.replace("\u2019", "'") for w in words(text)]
            return replace(before, text=text, domain="schedule", ask=now.ask if now is not None else _ask(norms, rw),
                           window=relative, filters=(), unmatched=(), kinds=(), bills=(), currencies=(), things=(),
                           places=(), flags=now.flags if now is not None else frozenset(), scores=(), sure=True,
                           wants="")
    if (clock is not None and before.domain in _DAYS_AND_BOOKINGS and before.window is None and relative is None
            and (now is None or _a_day_alone(now))):
        # "acha, and tomorrow?" after what a booking costs: a day said alone, after a question of no day, asks what is
        # on that day (the booking before has no day to move from)
        day, _ = _window(text, clock, options)
        opener = [w for w in words(text) if w not in _DAY_OPENERS]
        if day is not None and day.grain == "day" and opener and set(opener) <= set(words(day.said)):
            return Frame(text=text, domain="schedule", ask="list", window=day, sure=True)
    if (before.domain in _DAYS_AND_BOOKINGS and (before.names_something or before.kinds)
            and _ON_A_CLOCK.fullmatch(text.strip())):
        # "what's that in Riyadh time?" after when a flight lands: the same moment asked again, on another clock (the
        # answer gives the place's and the person's own)
        arrives = {"arrives"} if asks_arrival(before.text) and not before.flags & _ASK_FLAGS else set()
        return replace(before, text=text, flags=before.flags | arrives, scores=(), sure=True)
    if (now is not None and now.flags & {"paid_me", "sent"} and not (now.names_something or now.unmatched)
            and before.values("sender") and _A_PERSON_BACK.search(text)):
        # "how much did she send me?" after her mail: money from (or to) the person named before, never every bill
        return replace(now, domain="money", filters=tuple(n for n in before.filters if n.of("sender")), sure=True)
    if (now is not None and "sent" in before.flags and before.domain == now.domain == "money"
            and now.ask == "how_much" and not (now.names_something or now.unmatched or now.kinds or now.bills
                                               or now.window or now.flags - {"total", "bare"})):
        # "and the total with the fee?", "what did that cost me?" after the money sent to someone: that transfer's
        # receipt (what was sent, its fee and the total paid), never every bill's sum
        return replace(before, text=text, flags=before.flags | now.flags, scores=(), sure=True)
    if (before.domain == "mail" and len(before.values("sender")) == 1 and _THEIR_JOURNEY.search(text)
            and (now is None or not now.names_something or now.domain != "mail")):
        # "what time does her train get in?" after Mum's mail: a journey of hers is no booking of the person's own;
        # what her mail says of it is the answer
        journey = _THEIR_JOURNEY.search(text)
        assert journey is not None
        return Frame(text=text, domain="mail", ask="show", filters=tuple(n for n in before.filters if n.of("sender")),
                     flags=frozenset({"says", "theirs"}), unknown=(journey.group(1).casefold(),), sure=True)
    if (before.domain == "money" and len(before.values("sender")) == 1 and _A_PERSON_BACK.search(text)
            and (now is None or not (now.names_something and not now.values("sender")) and not now.unmatched)
            and _hits([w.replace("\u2019", "'") for w in words(text)], rw.flags.get("says", ()))):
        # "what did she say the money was for?" after the money she sent: what her mail says, never what is owed her
        return Frame(text=text, domain="mail", ask="show", filters=tuple(n for n in before.filters if n.of("sender")),
                     flags=frozenset({"says"}), sure=True)
    if (now is not None and now.domain == before.domain == "mail" and not (now.names_something or now.unmatched)
            and len(before.values("sender")) == 1 and _A_PERSON_BACK.search(text)):
        # "has she written since?" after what Mum said: the one person named before, never every sender
        return replace(now, filters=tuple(n for n in before.filters if n.of("sender")), window=relative or now.window,
                       sure=True)
    # "what did we actually use this month?" after the electric bill: that bill's detail (the span said is the
    # bill's period, no new question)
    of_the_bill = bool(now is not None and before.domain == now.domain == "money"
                       and (before.bills or before.values("issuer") or before.values("account"))
                       and "detail" in now.flags and _asks_of_a_bill(text))
    if (now is not None and (now.domain == before.domain or {now.domain, before.domain} <= _DAYS_AND_BOOKINGS)
            and (before.names_something or before.kinds or of_the_bill)
            and not (now.names_something or now.kinds or (now.window and not of_the_bill) or now.bills
                     or ("detail" in now.flags and now.things))
            and (now.flags & {"reference", "seat", "detail"} or now.ask == "where")
            and not _asks_of_a_kind_of_bill(text)):
        # one more thing about the booking just asked of ("and its confirmation code?", "where's that one?",
        # "which terminal?"), in the span it was asked in (not the moment "when is it now?" said); the booking
        # before settles the domain
        # (a booking's detail asked after a day's thing, "what time must we be there?" after "when's Aoife's hockey?", is
        # the booking's mail's to say: the thing named before is the one asked of still)
        detail_of_a_thing = "detail" in now.flags and before.domain == "schedule" and bool(before.things)
        return replace(now, domain="appointments" if detail_of_a_thing else before.domain, filters=before.filters,
                       kinds=before.kinds, bills=before.bills or now.bills,
                       # (whose the thing is, "Aoife's", which no booking's mail need say, is no name to find)
                       unmatched=tuple(u for u in before.unmatched if not (
                           detail_of_a_thing and re.fullmatch(r"[\w-]+['\u2019]s", u.said))),
                       things=now.things or before.things,
                       # (the seat of "that one" after the journey home is that journey's, not the one out's; a
                       # turn that points at none, "which seat do I have going out?", is of every journey)
                       flags=now.flags | (before.flags & {_WAY_BACK_FLAG} if now.flags & {"seat", "reference"}
                                          and points_back(text) else frozenset()),
                       # (the seat on the train to London is that train's; its way back is the one from there)
                       places=now.places or (before.places if now.flags & {"seat", "reference"} else ()),
                       window=before.window if before.window is None or before.window.start < before.window.end
                       else None, sure=True)
    of_the_thing = of_the_thing_before(text, before, now)
    if of_the_thing is not None:
        # "who's the physio there?", "where do they have their office?", "which doctor will that be with?" after a booking: one more
        # thing asked of that booking, never every doctor's visit (the day asked before is left: the booking its
        # answer showed is the one meant)
        return of_the_thing
    if (now is not None and "detail" in now.flags and before.domain in _DAYS_AND_BOOKINGS and before.things
            and not (before.names_something or before.kinds)
            and not (now.names_something or now.kinds or now.window or now.unknown or now.things)):
        # "do I need to bring anything?" after "when's the parent-teacher evening?": that thing's detail
        return replace(now, domain="appointments", things=before.things, unknown=before.unknown,
                       unmatched=before.unmatched, window=before.window)
    if (now is not None and before.domain == "appointments" and (before.names_something or before.kinds)
            and now.ask == "how_much" and not ((now.names_something and not _names_only_its_cost(now)) or now.kinds
                                               or now.bills or now.currencies or now.window
                                               or now.flags - {"bare", "total"})
            and (refers_back(text, clock, options) or _ITS_COST.search(text))):
        # "and what does that cost?", "how much is the fee?" after a booking: what that booking costs (its mail
        # says), never a bill
        return replace(now, domain="appointments", filters=before.filters, kinds=before.kinds,
                       window=before.window, unmatched=before.unmatched, places=before.places, sure=True)
    if (now is not None and _WAY_BACK_FLAG in before.flags and not (now.names_something or now.places or now.window)
            and set(now.kinds) <= set(before.kinds) and refers_back(text, clock, options)):
        # "when does that one land?" after the journey home: that journey still
        return replace(now, kinds=before.kinds, places=before.places, flags=now.flags | {_WAY_BACK_FLAG}, sure=True)
    if (now is not None and before.places and not now.places and now.domain == before.domain == "appointments"
            and now.kinds and set(now.kinds) <= set(before.kinds) and not now.names_something and not now.window):
        # "and our landing time?" after the flight to a place: that journey, the one slot asked changed
        now = replace(now, places=before.places, window=before.window)
    if (before.domain == "appointments" and (before.names_something or before.kinds)
            and (now is None or not (now.names_something or now.kinds or now.window))
            and _hits([w.replace("\u2019", "'") for w in words(text)], rw.flags.get("earlier", ()))):
        # "what was the old time?" after a booking: the time that booking had before it was moved
        return replace(before, text=text, ask="when", flags=frozenset({"earlier"}), window=None, scores=(),
                       sure=True)
    if (before.domain == "appointments" and (before.names_something or before.kinds)
            and (now is None or not (now.names_something or now.kinds or now.window)) and _WHY_MOVED.search(text)):
        # "how come they moved it?" after a booking: the reason the mail that moved it gives
        return replace(before, text=text, ask="when", flags=frozenset({"why"}), window=None, scores=(), sure=True)
    if (before.domain == "appointments" and set(before.kinds) & _JOURNEY_KINDS
            and (now is None or not (now.names_something or now.window
                                     or set(now.kinds) - set(before.kinds) and "travel" not in now.kinds))
            and _hits([w.replace("\u2019", "'") for w in words(text)], rw.way_back)):
        # "what time are we back?" after a journey: the journey home from where that one went ("and for the ferry
        # back?", asking nothing of its own, asks what was asked before of it: its booking code)
        # (the time a booking had before its move is no slot of the journey home: "and coming home?" after it
        # asks when that journey is)
        # (the return asked after the arrival of the journey out: the return's arrival)
        arrives = {"arrives"} if asks_arrival(before.text) and not before.flags & _ASK_FLAGS else set()
        if (before.flags & _ASK_FLAGS - {"earlier"} or arrives) \
                and _ask([w.replace("\u2019", "'") for w in words(text)], rw) in ("list", "show"):
            # (a detail asked before is asked again of the journey home: its words are kept with the turn's)
            asked_again = f"{before.text} {text}" if "detail" in before.flags else text
            return replace(before, text=asked_again, flags=before.flags | arrives | {_WAY_BACK_FLAG}, window=None, scores=(),
                           sure=True)
        return replace(before, text=text, ask="when", flags=(before.flags - _ASK_FLAGS) | {_WAY_BACK_FLAG},
                       window=None, scores=(), sure=True)
    said_place = destination_said(text) if before.domain == "appointments" else ()
    if (now is not None and said_place and set(before.kinds) & _JOURNEY_KINDS and _JOURNEY_VERB.search(text)
            and not (now.window or set(now.kinds) - set(before.kinds))
            and (refers_back(text, clock, options) or not now.kinds)
            and all(set(words(said)) <= set(words(said_place[0]))
                    for said in (*(n.said for n in now.filters), *(u.said for u in now.unmatched)))):
        # "what time does that get into nairobi?" after the flight home, "what time do we reach Leeds?" after a coach: that
        # journey's arrival at the place said (a sender or a booking whose name holds the place's name is not asked of)
        return replace(before, text=text, ask="when", flags=before.flags - _ASK_FLAGS, window=None, scores=(),
                       sure=True)
    if (before.domain == "appointments" and before.kinds and set(before.kinds) <= _STAYS
            and (now is None or not (now.names_something or now.window or set(now.kinds) - set(before.kinds)))
            and _hits([w.replace("\u2019", "'") for w in words(text)], rw.way_back)):
        # "and the trip home?" after the hotel: a stay has no way back, the journey home from its place is asked
        # (never the stay again); its name is no name of a journey, and a journey said by its kind ("the flight
        # back") is of that kind alone
        said_kinds = set(_kinds([w.replace("\u2019", "'") for w in words(text)], rw.provider_kinds)) & _JOURNEY_KINDS
        return replace(before, text=text, ask="when", kinds=tuple(sorted(said_kinds or _JOURNEY_KINDS)), filters=(),
                       flags=(before.flags - _ASK_FLAGS) | {_WAY_BACK_FLAG}, window=None, scores=(), sure=True)
    said_norms = [w.replace("\u2019", "'") for w in words(text)]
    day = relative or (now.window if now is not None else None) or before.window
    if (before.domain in _DAYS_AND_BOOKINGS and set(said_norms) & _ELSE and day is not None and day.grain == "day"
            and (now is None or not (now.names_something or now.kinds or now.bills or now.things or now.places))):
        # "what else is on then?" after a booking: the whole of that day, every kind of thing on it, never
        # that booking's kind again
        return replace(before, text=text, domain="schedule", ask="list", window=day, filters=(), unmatched=(),
                       kinds=(), flags=frozenset(), things=(), places=(), scores=(), sure=True)
    if not refers_back(text, clock, options) and relative is None and not _fragment(text, before, now, rw):
        return now
    if now is not None and now.ask == "when" and now.window is not None and now.window.said.lower() == "now":
        # "when is it now?" of a thing named before asks when it is after a change, not what is on this minute
        now = replace(now, window=None)
    said_currencies = tuple(_kinds(_brands_masked([w.replace("\u2019", "'") for w in words(text)]), rw.currencies))
    if before.domain == "money" and said_currencies and (now is None or not (
            now.names_something or now.kinds or now.bills or now.window)):
        # "and the rupee ones?" after a total: the same question in another currency, its window and names kept;
        # "and the Swiss one?" after a card named is another card, the one in that currency (never the card before)
        # ("and the charge in euros on it?" asks a line of the card before, in whatever currency the card is)
        other = _a_thing_by_its_currency(text, rw) and asked_detail(text) != "foreign"
        return replace(before, text=text, currencies=said_currencies, flags=(now.flags if now else frozenset())
                       | (before.flags & {"total", "overdue", "unpaid", "autopay", "manual"}) | {_IN_CURRENCY},
                       filters=() if other else before.filters, unmatched=() if other else before.unmatched,
                       scores=(), sure=True)
    if _IN_CURRENCY in before.flags:
        # a currency asked of a total is that answer's alone: "which of them are overdue?" after it asks of them all
        before = replace(before, currencies=(), flags=before.flags - {_IN_CURRENCY})
    if now is not None and before.domain in _DAYS_AND_BOOKINGS and set(now.things) - ANY_ENTRY - set(before.things) \
            and (before.kinds or now.ask == "when" and not before.things and now.window is None):
        # "and his recital on Friday?" after the lunch: a thing of its own, never the dinner looked for then;
        # "and when do I start nights?" after a day's schedule asks the day of that thing, never on the day before
        return replace(now, window=relative) if relative is not None else now
    if now is not None and (now.names_something or now.kinds or now.bills or now.currencies):
        if _another_name(text, before, now):
            # "how about Grandpa Joe?" after "how many mails has Dad sent this week?": the same question of
            # another one (its ask, its window, its flags), not a new one about Nacho
            return replace(now, domain=before.domain, ask=before.ask, window=relative or now.window or before.window,
                           flags=now.flags or before.flags - _ASK_FLAGS, sure=True)
        return replace(now, window=relative) if relative is not None else now
    norms = [w.replace("\u2019", "'") for w in words(text)]
    if now is None and _hits(norms, rw.for_a_model):
        return None  # "explain that one": the model's work on what was shown
    if now is None:
        places = set(rw.widen(_kinds(_kind_words(norms, rw), rw.provider_kinds))) - set(before.kinds)
        owed = (_kinds(norms, rw.money_kinds), _kinds(norms, rw.bill_names))
        if (owed[0] or owed[1]) and before.domain == "money" and not places:
            # "and the insurance?" after a bill: the same question of that kind of bill, never the one before
            return replace(before, text=text, filters=(), unmatched=(), kinds=tuple(owed[0]), bills=tuple(owed[1]),
                           scores=(), sure=True)
        if places or (set(owed[0]) | set(owed[1])) - set(before.kinds) - set(before.bills):
            return None  # a kind the question before did not ask of ("and the garage?"): never that thing
        if (before.names_something or before.kinds) and _names_a_new_thing(norms, rw):
            return None  # "and the chiropodist?": a thing of its own that nothing here holds, never the one before
    if now is None:
        flags = frozenset(f for f, phrases in rw.flags.items() if _hits(norms, phrases)) | (
            {"ends"} if asks_the_end(text) else set())
        said = _window(text, clock, options)[0] if clock is not None and relative is None else None
        ask = _ask(norms, rw)
        if (relative or said) is not None and not flags and ask in ("list", "show") and \
                _day_leaves(before, text, relative is not None):
            return replace(before, text=text, domain="schedule", ask="list", window=relative or said, filters=(),
                           unmatched=(),
                           kinds=(), flags=frozenset(), things=(), places=(), scores=(), sure=True)
        kept = before.flags if ask in ("list", "show", before.ask) else before.flags - _ASK_FLAGS
        currencies = tuple(_kinds(_brands_masked(norms), rw.currencies)) if before.domain == "money" else ()
        if currencies:
            # "and in rupees?" after a total in euros: the same question in that currency
            return replace(before, text=text, ask=before.ask, currencies=currencies, scores=(), sure=True,
                           flags=flags or before.flags)
        return replace(before, text=text, ask=ask, flags=flags or kept,
                       window=relative or said or before.window, scores=(), sure=True)
    if _a_day_alone(now) and _day_leaves(before, text, relative is not None):
        # "and Saturday?" after the bookings, or after a detail of one of them (its reference, its place): that
        # day's whole schedule, never that booking (or only the bookings) looked for on it
        return replace(now, domain="schedule", window=relative or now.window, filters=(), unmatched=(), kinds=(),
                       sure=True)
    own = bool(now.scores) and now.scores[0][1] >= _OWN_EVIDENCE
    if own and now.domain != before.domain and not _owns(now.domain, before.filters):
        # a question of another domain: its own, in the window it says (or one said from the one before)
        return replace(now, window=relative or now.window) if relative is not None else now
    domain = now.domain if own else before.domain
    # what the question before asked for as its own ask (a reference, a place, whether one is free) is not
    # what a new ask wants: "and the return leg?" after "which seat am I in?" asks a day
    kept = before.flags if now.ask in ("list", "show", before.ask) else before.flags - _ASK_FLAGS
    # a currency the question before was seen in ("and in rupees?") is no filter of a question that asks
    # something of its own ("and which of those are on direct debit?" is asked of every bill)
    currencies = before.currencies if not now.flags - {"bare"} else now.currencies
    # (whether it still stands, or its place, asked after the flight out to a town: that journey, never the one back)
    kept_places = now.places or (before.places if domain == "appointments" else ())
    return replace(now, domain=domain, filters=before.filters, kinds=before.kinds, bills=before.bills, currencies=currencies,
                   unmatched=before.unmatched, window=relative or now.window or before.window,
                   flags=now.flags or kept, places=kept_places, sure=True)


def _asks_of_a_bill(text: str) -> bool:
    """Whether a question asks a detail only a bill's mail gives ("what were the actual charges?")."""
    from steward.reader.details import detail

    asked = asked_detail(text)
    return bool(asked) and detail(asked).of == "bill"


def _asks_of_a_kind_of_bill(text: str) -> bool:
    """Whether a question asks a detail only one kind of bill has ("what do I still owe?": a loan's principal),
    which is no more of the thing before unless it points back at it."""
    from steward.reader.details import detail

    asked = asked_detail(text)
    return bool(asked) and detail(asked).of == "bill" and bool(detail(asked).kinds)


# a moment said as the present alone ("now", "at the moment"): of a booking's detail, the latest word on it
_NOW_ALONE = re.compile(r"(?:at\s+|right\s+|just\s+)?(?:now|the\s+moment|present)", re.I)


# what a thing costs, said of the one before ("how much is the fee?", "what are the charges?")
_ITS_COST = re.compile(r"\b(?:the|its)\s+(?:fee|fees|cost|costs|price|prices|charge|charges|rate|rates)\b|"
                       # "how much were the tickets?" after a journey or a show: what its tickets cost
                       r"\b(?:the|those|these|our|my|its)\s+(?:tickets?|fares?)\b", re.I)
def _names_only_its_cost(now: Frame) -> bool:
    """Whether the only names a question says are words of what a thing costs ("tickets" of a ticket seller's name,
    "how much were the tickets?" after the show): no name of a thing of its own."""
    return bool(now.filters) and not now.unmatched and all(
        _ITS_COST.fullmatch(f"the {n.said}") for n in now.filters)


# what asks for the other things than the one before ("anything else on then?", "what other plans that day?")
_ELSE = frozenset(("else", "other", "others"))
# what follows an account's ID, never an identity card's ("my Apple ID password")
_AN_ACCOUNTS = frozenset(("password", "passcode", "login", "log", "sign", "account", "username", "email", "verification"))
# the words around a day said alone ("and tomorrow?", "what about on Friday then?")
_DAY_OPENERS = frozenset(("and", "what", "about", "how", "then", "so", "ok", "okay", "on", "for"))
# the same moment asked on another clock: "what's that in Riyadh time?", "and in local time?", "in my time?"
_ON_A_CLOCK = re.compile(r"(?:(?:and|ok|okay|so)[,\s]+)?(?:(?:what(?:'s|\u2019s|\s+is)|and)\s+(?:that|it|this)\s+)?"
                         r"in\s+(?:my|our|your|local|home|the\s+local|[\w.'\u2019-]+(?:\s+[\w.'\u2019-]+)?)\s+time"
                         r"(?:\s+(?:then|please|pls))?\s*\??", re.I)
_ASK_FLAGS = frozenset(("reference", "seat", "where", "free", "genuine", "earlier", "detail", "ends", "arrives"))
# why a booking was moved: "why did they move it?", "how come it got pushed back?", "what's the reason for the change?"
_WHY_MOVED = re.compile(r"\b(?:why|how\s+come|what(?:'s|\u2019s|\s+is|\s+was)\s+the\s+reason)\b[^?.!]{0,40}?"
                        r"\b(?:shift(?:s|ed|ing)?|mov(?:e|es|ed|ing)|chang(?:e|es|ed|ing)|reschedul(?:e|es|ed|ing)|"
                        r"postpon(?:e|es|ed|ing)|push(?:es|ed|ing)?|brought|bring(?:ing)?|delay(?:s|ed|ing)?)\b", re.I)
_WAY_BACK_FLAG = "way_back"  # the journey asked about is the one home (the travel answerer's flag)
_DAYS_AND_BOOKINGS = frozenset(("appointments", "schedule"))


def _day_leaves(before: Frame, text: str, from_before: bool = False) -> bool:
    """Whether a day said alone after this frame asks that day's schedule: after the bookings, after a
    detail of one booking (its reference, its place), or said from the booking's day ("what about the day after that?");
    "and Friday?" after "is the vet on Thursday?" keeps the vet, and "surely that was a Monday?" asks of the thing
    before, never of the day."""
    if before.domain != "appointments" or (not from_before and set(words(text)) & _THING_BACK):
        return False
    # (a thing asked of with no day, "what time is the vet?", has its time told: a day said next asks that day)
    return from_before or not (before.filters or before.kinds) or before.window is None \
        or before.ask not in ("when", "is_there") or bool(before.flags & _ASK_FLAGS)


# a pronoun for the thing asked of before ("surely that was a Monday?", "is it the 9th then?")
_THING_BACK = frozenset(("it", "that", "this", "they", "it's", "that's", "its"))


def _a_day_alone(now: Frame) -> bool:
    """Whether a question says a day and nothing else ("and Saturday?", "what about the 14th?")."""
    return now.window is not None and not (now.names_something or now.kinds or now.bills or now.things
                                           or now.places or now.currencies or now.flags - {"bare"}) \
        and now.ask in ("list", "show")


_IN_CURRENCY = "in_currency"  # a frame's currency came from a follow-up that asked a total in it
# the words that ask what is owed to someone ("have I paid the builder?", "do I still owe Ana?")
_OWING = frozenset(("owe", "owed", "owing", "paid", "pay", "outstanding", "settled"))
# the nouns of things owed, and of the calendar itself
_OWED_NOUNS = frozenset(("bill", "bills", "payment", "payments", "dues", "debits", "instalment",
                         "instalments", "installment", "installments", "invoice", "invoices", "repayment", "repayments"))
_CALENDAR_NOUNS = frozenset(("schedule", "calendar", "diary", "agenda", "plans", "event", "events", "meeting",
                             "meetings", "appointment", "appointments"))


_NEW_THING_WORDS = 4  # "and the chiropodist?", "what about the podiatrist then?": a thing said after an opener


def _names_a_new_thing(norms: Sequence[str], rw: ReaderWords) -> bool:
    """Whether a short follow-up opens on "and" (or "what about") and then says a word that is no word of the
    reader's, no everyday English word and no name in the person's data: a thing of its own, which the question
    before never asked of."""
    from steward.reader.lists import common_english

    opener = next((len(p) for p in _FOLLOW_ON if tuple(norms[:len(p)]) == p), 0)
    rest = norms[opener:]
    if not opener or not rest or len(rest) > _NEW_THING_WORDS:
        return False
    everyday = rw.known | common_english()
    return any(w.isalpha() and len(w) > 3 and w not in everyday and w.rstrip("s") not in everyday for w in rest)


def _another_name(text: str, before: Frame, now: Frame) -> bool:
    """Whether a short follow-up only puts another name in the question before ("how about Grandpa Joe?",
    "and Auntie Meg?"): it opens on "and", "what about" or "how about", asks nothing of its own and says no day."""
    norms = words(text)
    opener = next((len(p) for p in _FOLLOW_ON if tuple(norms[:len(p)]) == p), 0)
    named = {w for n in now.filters for w in words(n.said)} | {w for u in now.unmatched for w in words(u.said)}
    rest = [w for w in norms[opener:] if w not in named and w not in ("the", "my", "from", "with", "then", "one")]
    return bool(opener) and not rest and now.window is None and now.ask in ("list", "show") and \
        (now.domain == before.domain or _owns(before.domain, now.filters)) and \
        bool(before.filters or before.unmatched) and before.ask not in ("list", "show")


# what a currency or a country's name stands before when it names a thing of its own ("the Swiss one", "my euro
# card", "the rupee account"), not a span of a total ("and in rupees?")
_HELD_BY_CURRENCY = frozenset(("one", "ones", "card", "cards", "account", "accounts", "bill", "bills", "loan", "loans"))


def _a_thing_by_its_currency(text: str, rw: ReaderWords) -> bool:
    """Whether a currency is said as the name of a thing ("and the Swiss one?", "what about my euro card?")."""
    norms = _brands_masked([w.replace("\u2019", "'") for w in words(text)])
    for phrases in rw.currencies.values():
        for at, n in _hits(norms, phrases):
            after = norms[at + n:at + n + 2]
            if after and (after[0] in _HELD_BY_CURRENCY or after[-1] in _HELD_BY_CURRENCY and after[0] == "credit"):
                return True
    return False


_BARE_ASKS = frozenset(("when", "where", "much", "long"))
# a state a thing is in ("overdue", "unpaid"), asked of as which things are in it ("what's overdue?", "anything unpaid?")
_OWED_STATES = frozenset(("overdue", "unpaid", "autopay", "manual"))
_WHICH_THINGS = frozenset(("what's", "whats", "what", "which", "anything", "any", "whatever", "who"))
_FRAGMENT_WORDS = 3  # "minimum?", "and the due date?", "what about the balance": a slot said alone


def _fragment(text: str, before: Frame, now: Frame | None, rw: ReaderWords | None = None) -> bool:
    """A few words that change one slot of the question before and name nothing new ("minimum?" after a
    card was asked about): read with the things that question named."""
    said = [w for w in words(text) if w not in ("and", "what", "about", "how", "the", "its", "it's", "then")]
    if now is None and 0 < len(said) <= 2 and said[-1] in _BARE_ASKS and set(said[:-1]) <= {"since", "so", "till"} \
            and (before.names_something or before.kinds or before.bills or before.flags - {"bare"}):
        return True  # "since when, then?" after the overdue bill, "where?" after a booking: asked of what was asked before
    if now is None and rw is not None and 0 < len(said) <= 2 and before.domain in ("money", "appointments") \
            and (before.names_something or before.kinds or before.bills) and set(said) <= rw.known \
            and any(w in p for table in (rw.domains, rw.asks, rw.flags) for phrases in table.values()
                    for p in phrases for w in said):
        # "cut-off date?" after the gas bill: a word of the reader's own, said of the thing asked before (a word of
        # talk alone, "ta", is no question of it)
        return True
    if not said or len(said) > _FRAGMENT_WORDS or not (before.names_something or before.kinds or before.bills):
        return False
    if now is not None and now.flags & _OWED_STATES and (words(text) or [""])[0] in _WHICH_THINGS:
        return False  # "what's overdue?" after a card asks which things are, of them all (never "is it?")
    return now is not None and (now.domain == before.domain and not (
        now.names_something or now.kinds or now.bills or now.currencies or now.window or now.unmatched))


# before "list" as a verb ("can you list my bookings", "please list ..."), not a list kept
_BEFORE_THE_VERB = frozenset(("please", "pls", "can", "could", "would", "you", "to", "just", "and", "then", "me",
                              "u", "i", "also", "now"))


_TO_DO = frozenset(("to-do", "todo", "do", "to-dos", "todos"))


def says_a_kept_list(norms: Sequence[str], rw: ReaderWords, *, to_do_is_ours: bool = False) -> bool:
    """Whether the words name a thing Steward does not keep ("my shopping list", "what's on my packing list",
    "the weather"); "the list of events" asks for the events, and "list my bookings" is the verb. With
    `to_do_is_ours`, a to-do list is the day's reminders (the schedule shows them)."""
    if to_do_is_ours and any(w in ("list", "lists") and at > 0 and norms[at - 1] in _TO_DO
                             for at, w in enumerate(norms)):
        return False
    def of_ours(at: int) -> bool:
        """ "list of my events": a list of what Steward keeps ("a list of contacts" is not)."""
        return at < len(norms) and norms[at] == "of" and any(w in _cue_words(rw) for w in norms[at + 1:at + 4])

    for at, n in _hits(norms, rw.not_ours):
        if tuple(norms[at:at + n]) == ("news",) and norms[at + 1:at + 2] == ["from"]:
            continue  # "any news from Ayo?": what a person sends is their mail, not the news
        if not (norms[at + n - 1] in ("list", "lists") and of_ours(at + n)):
            return True
    return any(w in ("list", "lists") and at > 0 and norms[at - 1] not in _BEFORE_THE_VERB
               and not of_ours(at + 1) and not (at + 1 < len(norms) and norms[at + 1] == "of"
                                                and norms[at - 1] in ("a", "the"))
               for at, w in enumerate(norms))


def _cue_words(rw: ReaderWords) -> frozenset[str]:
    """Every single word that points to a domain."""
    return rw.cue_words


def known_words(vocab: Vocab, rw: ReaderWords) -> frozenset[str]:
    """Every word the vocabulary and the reader's words hold: such a word is never taken for a name."""
    return rw.known | frozenset(w for p in vocab.__dict__.values() if isinstance(p, tuple) for w in _flat(p))


# "remind me when the dentist is", "could you remind me what time the train leaves?": a question about what
# Steward holds, asked as "remind me" (told again now), not a reminder to set
_REMIND_ASKS = re.compile(r"^\s*(?:(?:can|could|would|will)\s+(?:you|u)\s+|please\s+|pls\s+|just\s+)*remind\s+me\s+"
                          r"(?:again\s+)?(?P<q>(?:when|what|where|which|who|how)\b[^.!]*?)\s*(?P<end>[?.!]*)\s*$", re.I)
_COPULAS = frozenset(("is", "are", "was", "were", "be", "again", "'s"))


def remind_me_asks(text: str) -> str | None:
    """The question inside "remind me when ...", "remind me what time ...", when it asks to be told now
    (it ends on "is"/"are", or is asked with "?" and says nothing to do: "remind me when I get home to
    call mum" sets a reminder); None otherwise."""
    m = _REMIND_ASKS.match(text)
    if m is None:
        return None
    said = [w.replace("\u2019", "'") for w in words(m.group("q"))]
    if "to" in said[1:] or not said:
        return None  # "remind me when I'm at the shop to buy milk": something to do, later
    if said[-1] in _COPULAS or said[-1].endswith("'s") or "?" in m.group("end"):
        return m.group("q").strip() + "?"
    return None


# "did you add Friday's lunch to my calendar?", "have you put the party in my diary yet?": a question of whether a
# thing is there (asked as "when is it?": where the calendar or the mail has it, or that nothing does), not a
# request to add it
_DID_YOU_ADD = re.compile(r"^\s*(?:did|have|has)\s+(?:you|u)\s+(?:already\s+)?(?:add|added|put|schedule|scheduled|"
                          r"enter|entered|save|saved|note|noted|write|written|pop|popped)\s+(?P<thing>.+?)\s+"
                          r"(?:to|in|on|into|onto)\s+(?:my|the|our)\s+(?P<where>calendar|diary|agenda)"
                          r"(?:\s+(?:yet|already))?\s*[?.!]*\s*$", re.I)


def did_you_add_asks(text: str) -> str | None:
    """ "did you add X to my calendar?" asked as "when is X?"; None for any other text."""
    m = _DID_YOU_ADD.match(text)
    return None if m is None else f"when is {m.group('thing')}?"


# "is this week a bin collection week?", "is next month a bonus month?": whether that thing is in the span, asked
# as "is there a bin collection this week?"
_SPAN_OF_A_THING = re.compile(r"^\s*is\s+(?P<which>this|next)\s+(?P<span>week|weekend|month)\s+(?:an?\s+|the\s+|my\s+)?"
                              r"(?P<thing>[a-z][a-z' -]*?)\s+(?P=span)\s*[?.!]*\s*$", re.I)


# "let me know when Ana emails", "notify me if any mail comes in": a standing watch on the mail, which Steward does
# not keep (it answers when asked, and the brief lists what came in): no read now, and no reminder either. "Tell
# me if Ana has written" and "let me know if there's new mail" ask now: a watch is a verb of notice ("notify",
# "alert", "ping"), or "when ..." said of mail to come, or "if" with mail to come in the plain present ("if the
# landlord emails"), never with "has", "have", "is" or "there"
_TELL = (r"\b(?:let\s+me\s+know|tell\s+me|notify\s+me|alert\s+me|ping\s+me|warn\s+me|inform\s+me|give\s+me\s+a\s+shout|"
         r"buzz\s+me|message\s+me|text\s+me)\s+")
_TO_COME = (r"\b(?:e-?mails|mails|writes|sends|messages|replies|arrives|lands|comes\s+in|come\s+in|arrive|gets\s+back|"
            r"receive|get\s+(?:an?\s+)?(?:e-?mail|mail|message))\b")
_WATCH = (re.compile(_TELL + r"(?:when|as\s+soon\s+as|once|whenever|the\s+moment)\b.*?" + _TO_COME, re.I),
          re.compile(r"\b(?:notify|alert|ping|warn|buzz)\s+me\s+(?:if|when)\b", re.I),
          re.compile(_TELL + r"if\b(?:(?!\b(?:has|have|had|is|are|was|were|there|there's|did|got)\b).)*?" + _TO_COME, re.I))


# a yes-or-no question said as a request ("kindly confirm if ...", "can you check whether ...", "let me know if ...")
_WHETHER = re.compile(r"\b(?:confirm|check|verify|tell\s+me|let\s+me\s+know|find\s+out|see|advise)\s+(?:if|whether)\b",
                      re.I)


def asks_a_watch(text: str) -> bool:
    """Whether the turn asks to be told when mail comes ("let me know when Sam emails me")."""
    return any(p.search(text) for p in _WATCH)


# what is paid for by what is done to a thing ("how much to tax the motorbike?", "what does it cost to insure the van?"):
# the verb's own bill
# (a thing renewed is asked as it is: "to renew the rego" is the rego's price)
_COST_NOUNS = {"tax": "tax", "insure": "insurance", "register": "registration", "licence": "licence",
               "license": "licence", "service": "service", "mot": "mot"}
_COST_TO = re.compile(r"^\s*(?:how\s+much|what(?:'s|\s+is|\s+does)?\s+(?:it\s+)?cost)\s+(?:is\s+it\s+|does\s+it\s+cost\s+|"
                      r"will\s+it\s+(?:be|cost)\s+|would\s+it\s+(?:be|cost)\s+)?(?:to\s+)?(?P<verb>"
                      + "|".join(_COST_NOUNS) + r")\s+(?:the|my|our)\s+(?P<thing>[a-z][\w-]*)(?P<rest>[^\n]*)$", re.I)


def asked_plainly(text: str) -> str | None:
    """A question said in a roundabout shape, said plainly: "did you add X to my calendar?" as "when is X?",
    "is this week a X week?" as "is there a X this week?", "tell me when X is" as "when X is?"; None for any
    other text."""
    added = did_you_add_asks(text)
    if added is not None:
        return added
    if not asks_a_watch(text) and (inner := unwrapped(text)) is not None:
        # "tell me when the vet is", "I need to know what time the train leaves": the question inside
        return asked_plainly(inner) or inner
    paid_to = _COST_TO.match(text)
    if paid_to is not None:
        # "how much to tax the motorbike for six months?" asks the motorbike's tax: what it costs said by what is done
        return (f"how much is the {paid_to.group('thing')} {_COST_NOUNS[paid_to.group('verb').casefold()]}"
                f"{paid_to.group('rest')}")
    m = _SPAN_OF_A_THING.match(text)
    if m is None:
        return None
    return f"is there a {m.group('thing')} {m.group('which').lower()} {m.group('span').lower()}?"


# "#" after a word, as US English writes "number" ("the confirmation # for the hotel", "flight #?"); never a tag
# or an id ("#12")
_NUMBER_SIGN = re.compile(r"(?<=[A-Za-z])\s*#(?![\w#])")


def read(text: str, lists: SlotLists, clock: Clock, vocab: Vocab, rw: ReaderWords, known: frozenset[str],
         date_options: Any = None, meaning: ByMeaning | None = None) -> Frame | None:
    """The frame of a question about the person's own data, or None when it is not one (or asks an action)."""
    text = _NUMBER_SIGN.sub(" number", text)
    text = remind_me_asks(text) or asked_plainly(text) or text
    if is_action_request(text, vocab):
        return None
    from steward.reader.answerers.favours import asks_a_favour

    if asks_a_favour(text):
        # "who's picking us up at the airport?": what family mail arranges for the person, asked of that mail
        return Frame(text=text, domain="schedule", ask="which", flags=frozenset(("favour",)), scores=(("schedule", 1.0),))
    said_norms = [w.replace("\u2019", "'") for w in words(text)]
    if not set(said_norms).isdisjoint(time_triggers()) and not any(_hits(said_norms, c) for c in rw.domains.values()) \
            and not asks_the_end(text):
        # ("up to what time, then?" asks when a thing ends, never the time now)
        # the date or the clock itself ("what day is the 14th?"), asked with no word of the person's data
        of_the_clock = read_time_question(text, clock, date_options)
        if of_the_clock is not None:
            return of_the_clock
    if not_a_read(text, rw) and not (_hits(said_norms, rw.time_questions) and _names_a_booking(text, lists, known)):
        # ("what day of the week is sports day?" asks the day of an event the person's mail tells of, not the date)
        return None
    ask_said = _ask(said_norms, rw, vocab)
    if ask_said == "list" and _TAG.search(text):
        ask_said = "is_there"  # "the choir is tomorrow evening, isn't it?": a thing said, then asked to be confirmed
    yes_or_no = _WHETHER.search(text) is not None and not asks_a_watch(text)
    if ask_said == "list" and yes_or_no:
        ask_said = "is_there"  # "please confirm whether the gas bill has gone through": asked yes or no
    # "the gym membership, when does it renew": the thing asked about said first, then the question
    # ("I should pay the gym tomorrow, can you help" opens on its speaker: a request for help, not this)
    asked = is_question(text, vocab) or ("," in text and said_norms[0] not in _SPEAKERS
                                         and is_question(text.split(",", 1)[1].strip(), vocab)) \
        or bool(_hits(said_norms, rw.news)) or sums_up_the_day(said_norms, rw) or yes_or_no or _TAG.search(text) is not None
    # ("what've I missed", "a recap of today": a question or a request, whatever its opening)
    # a few words that open on no one ("texts from Sam", "Harbor bill") may be a request by its names alone
    terse = len(said_norms) <= _TERSE and bool(said_norms) and said_norms[0] not in _REMARK_OPENERS
    # "the mail about the power being cut": mail named by what it is about is a request, however long
    about_mail = bool(said_norms) and said_norms[0] not in _REMARK_OPENERS and bool(_MAIL_HEAD.search(text))
    if ask_said == "list" and not asked and not terse and not about_mail:
        return None  # neither a question nor a request to show: an answer to something, a remark
    norms = [w.replace("\u2019", "'") for w in words(text)]
    window, date_chars = _window(text, clock, date_options, in_past=bool(_hits(said_norms, rw.past_tense)))
    window = whole_part_of_day(window, rw)
    if window is not None and ask_said == "when" and window.said.lower() == "now":
        # "what time is my flight to Enugu now?": when a thing is after a change, never what is on this minute
        window = None
    low, raw, spans = name_tokens(text)
    skip = frozenset(i for i, (a, b) in enumerate(spans) if a in date_chars or (b - 1) in date_chars)
    # "my Emirates ID appointment", "the national ID renewal": an identity card called by who issues it names no
    # sender (an account's ID, "my Apple ID password", still does)
    skip |= frozenset(i for i in range(len(low) - 1) if low[i + 1] == "id"
                      and (i + 2 >= len(low) or low[i + 2] not in _AN_ACCOUNTS))
    if _month_as_a_person(text, window, date_chars):
        window, skip = None, frozenset()
    window = part_said_apart(window, low, skip, rw)
    loose = window is None and (window := loose_span(said_norms, clock, rw)) is not None
    if lists.of_slot("trip") and any(n not in _AWAY for at, k in _hits(norms, rw.event_nouns)
                                     for n in norms[at:at + k]):
        # "what time is the client meeting in Lisbon?": a place said of an event, not a journey there
        lists = lists.without_trips
    found = find_names(low, raw, lists, known, skip, family=said_in(low, rw))
    if rw.family_senders:
        # "anything from the family?": the senders known as family, never a Family Clinic
        as_family, no_family = family_named(low, raw, found.named, lists, rw)
        found = replace(found, named=as_family, unmatched=found.unmatched + no_family)
    if window is not None and window.grain == "day" and found.named and \
            set(words(window.said)) <= {w for n in found.named for w in words(n.said)}:
        # "when is harvest thanksgiving?": a holiday's name inside the name of an event the person's mail tells of
        # is that event's, no day
        window = None
    # nothing said but a domain's words ("check my inbox"): no name, no count, no state Steward does not keep
    bare = not found.named and ask_said != "count" and _bare(low, skip | found.used, rw) and \
        not set(low[1:] if tuple(low[:1]) == ("read",) else low) & (_STATES | _BACK)
    # ("and who wrote that?" asks of the mail before, not the newest; "read my mail" opens on a verb, no state)
    # ("vet appointment", "ferry booking details": a kind of booking and a word of bookings, nothing else, ask for it)
    kind_booked = terse and not found.named and _a_kind_booked(low, rw)
    if ask_said == "list" and not asked and not found.named and not (terse and bare) and not kind_booked \
            and not about_mail:
        return None  # a short remark that names nothing of the person's ("upcoming events" asks for them)
    # an idiom says its domain whole and lends its words to no other ("on the cards" is what is planned)
    idioms = [(d, at, n) for d, phrases in rw.idioms.items() for at, n in _hits(norms, phrases)]
    for _, at, n in idioms:
        norms[at:at + n] = ["_"] * n
    # a domain's word inside a longer phrase of another's is that phrase's ("is the regatta still happening?" asks
    # a thing's status, not what is happening)
    hits = {d: _hits(norms, cues) for d, cues in rw.domains.items()}
    cue_spans = [(at, n, d) for d, found_at in hits.items() for at, n in found_at]
    scores = {d: float(sum(1 for at, n in found_at if not any(
        o != d and m > n and a <= at and at + n <= a + m for a, m, o in cue_spans))) for d, found_at in hits.items()}
    cued = {d for d, v in scores.items() if v > 0}
    for d, _, _ in idioms:
        scores[d] = scores.get(d, 0.0) + 1
    day_looks = [at for d, at, n in idioms if d == "schedule" and "day" in said_norms[at:at + n]]
    if day_looks and scores.get("brief", 0) > 0:
        scores["brief"] += 1  # "how's my day looking? the full rundown please": the brief asked for by its name
    elif day_looks and window is None:
        # "how's my day looking?": the day it is, as "what's on?" is asked of today
        start = datetime.combine(clock.today(), datetime.min.time(), clock.zone)
        window = Window(start, start + timedelta(days=1), "today", "day")
    if sums_up_the_day(said_norms, rw):
        scores["brief"] += 1
    if _hits(norms, rw.event_nouns) and not any(scores.values()):
        # "when's my next seminar?": a kind of calendar entry, said with no word of any domain, is the
        # schedule's ("find the birthday plans email" is mail's)
        scores["schedule"] += 0.5
    initialled = [w.casefold() for w in _INITIALS.findall(text) if w.casefold() not in known
                  and not travel_number(w)]
    if initialled and not any(scores.values()) and ask_said in ("when", "is_there", "where"):
        # "when is the AGM?": a thing said by its initials, with no word of any domain, is looked for on the
        # calendar and in the bookings, whose mail may write it in full ("Annual General Meeting")
        scores["schedule"] += 0.5
    titled = _title_words(low, skip | found.used, lists, rw) if ask_said in ("when", "is_there", "where") else ()
    if titled and not any(scores.values()):
        # "when's committee?", "is quiz night on friday?": a word of the title of a thing the person holds, said
        # with no word of any domain, is looked for on the calendar and in the bookings
        scores["schedule"] += 0.5
    if loose and not any(scores.values()):
        scores["schedule"] += 1  # "how's my week shaping up?": a span said loosely, of nothing else, is the schedule's
    # "anything new?", "what did I miss?": what has come in, asked with no word of another domain, is the newest
    # mail, and its words lend nothing to the flags ("missed" here is no missed payment)
    news = _hits(norms, rw.news) if not any(v > 0 for d, v in scores.items() if d != "mail") else []
    in_news = {i for at, n in news for i in range(at, at + n)}
    dated = set(words(window.said)) if window is not None else set()
    everyday = rw.common | {w for p in rw.domains["mail"] for w in p}
    if any(i not in in_news and w not in everyday and w not in dated and not w.isdigit() for i, w in enumerate(norms)):
        news = []  # "have I missed paying the gym?", "the latest on the lease": what it is about is said
    for at, n in news:
        norms[at:at + n] = ["_"] * n
    verb = _show_verb(norms, rw, vocab)
    if verb is not None and norms[verb[0]] == "open":
        norms[verb[0]] = "_"  # "open the latest message" asks to see it: no open (unpaid) bill
    # a kind said with a possessive is the kind ("the doctor's appointment", "the vet's address")
    kind_norms = _of_a_thing(_kind_words(norms, rw), known)
    # "which practice is that at?": the place asked which one of is no kind of booking (a dentist's is at one too)
    asked_place = place_asked(text)
    kind_norms = [("_" if w == asked_place else w) for w in kind_norms]
    if asked_detail(text) == "checkin":
        # "until what time can we do online check-in?": a journey's check-in, no word of a hotel's
        kind_norms = [("_" if w in _CHECK_IN else w) for w in kind_norms]
    money_kinds = _kinds(kind_norms, rw.money_kinds)
    provider_kinds = rw.widen(_kinds(kind_norms, rw.provider_kinds))
    if provider_kinds and not money_kinds and scores.get("money", 0) > 0:
        found = _billers_of_a_kind(found, provider_kinds, lists, rw)
    if set(provider_kinds) & _JOURNEY_KINDS or (not provider_kinds and _JOURNEY_VERB.search(text)):
        found = _journeys_over_stays(found)
    flags = frozenset(f for f, phrases in rw.flags.items() if _hits(norms, phrases)) | (
        {"bare"} if bare else set())
    # a mail idiom keeps what it says of the mail asked for ("the parcel card" is a delivery's)
    flags |= {f for f, phrases in rw.flags.items() for d, at, n in idioms
              if (d == "mail" or d == "money" and f == "payments") and _hits(said_norms[at:at + n], phrases)}
    # (and a money idiom of a payment made, "did my last rates payment go through?", asks the payments made)
    # "which terminal?", "who's the tutor?", "do I need to bring anything?": a detail only a booking's mail gives
    # (its reference and its seat are answered as such)
    flags = flags - {"detail"} | ({"detail"} if asked_detail(text) and not flags & {"reference", "seat"} else set())
    if "detail" in flags:
        flags -= {"cancelled", "moved", "offered", "earlier"}  # "who do I ring to rebook?" asks a number, not a move
        if window is not None and _NOW_ALONE.fullmatch(window.said.strip()):
            window = None  # "what's the gate now?": the detail as the latest mail gives it, asked of no span
    if said_norms[:2] == ["how", "much"] and _SENT_ME.search(text) and "sent" not in flags:
        flags |= {"paid_me"}  # "how much did Tunde send me?": money someone sent, whoever is named between
    if asks_the_end(text) and asked_detail(text) != "checkin":
        # ("till what time is online check-in open?" asks a journey's check-in, not when a thing ends)
        flags |= {"ends"}  # "until when does the board meeting run?": when it ends, as its mail or entry says
    # "the next Harbour Lights": a bill's word inside the name of a booking or a sender said whole is that name's, no
    # bill (said alone, "the electricity bill", it is the bill's, whoever's name it is a word of)
    of_names = {w for named in found.named if named.how == "words" and len(words(named.said)) > 1 and named.values
                and all(v.slot in ("provider", "sender", "event") for v in named.values) for w in words(named.said)}
    bills = _kinds([("_" if w in of_names else w) for w in kind_norms], rw.bill_names)
    currencies = _kinds(_brands_masked(norms), rw.currencies)
    for flag in flags:
        if flag in _FLAG_DOMAIN and not (flag == "detail" and asked_detail(text) in ("person", "purpose")
                                         and _hits(norms, rw.event_nouns)):
            # (who a thing the calendar names is with, or what it is about, is read of its entry as of a
            # booking: "who is the review meeting with?"; a bill's detail, "the late fee on it?", is money's; a
            # detail is read by the whole of how it is asked, so it weighs more than one cue word)
            scores[detail_domain(asked_detail(text)) if flag == "detail" else _FLAG_DOMAIN[flag]] += \
                _DETAIL_WEIGHT if flag == "detail" else 1
    if "ends" in flags and not scores.get("money", 0):
        scores["appointments"] += 1  # the end of a thing on the calendar is its booking's or its invitation's
    if "delivery" in flags and window is None and scores.get("mail", 0) and scores["mail"] == scores.get("schedule", 0):
        # "what's up with my parcel?", "what's happening with the package": a parcel asked after with no day
        # is what its delivery notices say, not the calendar's
        scores["mail"] += 0.5
    if "bank_balance" in flags:
        scores["money"] += 1  # "what is the balance in my account?": what the bank's alerts say is in it
    if "payday" in flags:
        scores["money"] += 1  # "has my salary come in?": the person's pay, whatever mail word is said with it
    if flags & {"paid_me", "sent"} and said_norms[:2] == ["how", "much"]:
        # "how much did Tita send me?", "how much have I received from Kuya?": a sum of money, whatever words of
        # mail and whichever sender are said with it
        scores["money"] += _NAME_WEIGHT
    if "spending" in flags:
        from steward.reader.spending_kinds import kind_said

        if kind_said(text) is not None:
            scores["money"] += 1  # "what did I spend eating out?": a kind of spending is money, not a booking
    if news:
        scores["mail"] += 1
        flags |= {"recent"}
    if said_norms[:1] == ["who"] and said_norms[1:2] and said_norms[1] in _WRITING:
        scores["mail"] += _NAME_WEIGHT  # "who sent me the seating plan?": who wrote is asked of the mail
    if "important" in flags and (scores.get("mail", 0) > 0 or "flag" in said_norms[:3]):
        # "any important emails?", "flag anything urgent": the mail that matters, not the brief
        scores["mail"] = max(scores["mail"], scores.get("brief", 0)) + 1
    if "genuine" in flags:
        scores["mail"] += _NAME_WEIGHT + 1  # whether a mail is genuine is asked of the mail, whoever it names
    if bills:
        scores["money"] += 1
    mail_said = scores.get("mail", 0) > 0
    unmatched = found.unmatched
    work, no_work, at_work = _senders_at_work(low, raw, lists, rw, skip | found.used)
    if not found.named and not cued and work and at_work and low[min(at_work)] == "from":
        scores["mail"] += 1  # "anything from work?": the workplace's senders said with no word of any domain
    if not found.named and not cued and any(t == "from" and i + 1 < len(low) and (
            low[i + 1] in ("the", "my", "our") or _possessive(raw[i + 1])) for i, t in enumerate(low)):
        # "anything from the school?": a kind of sender said with no word of any domain; mail if it is one
        by_kind, _ = _senders_of_a_kind(low, raw, lists, rw, skip | found.used | at_work)
        if by_kind or (window is None and _FROM_A_KIND.search(text)):
            # (a kind no sender is of, "anything from the school?" in a home with none, is asked of the mail
            # all the same: said not found, never answered with the day's schedule)
            scores["mail"] += 1
    if scores.get("mail", 0) > 0 and not found.named and (work or no_work):
        # "has anybody from work written?": the senders at the person's workplace, or said that none is known
        found = replace(found, named=found.named + work, used=found.used | at_work)
        unmatched = unmatched + no_work
    if scores.get("mail", 0) > 0 and not found.named:
        # "mails from bartholomew": a sender said that the store does not hold is evidence for mail all the same
        missing = _senders_not_found(low, raw, lists, rw, skip | found.used)
        missing += _writers_not_found(low, raw, lists, rw, skip | found.used, {u.said for u in missing})
        covered = {w.casefold() for u in missing for w in u.said.split()}
        unmatched = tuple(u for u in unmatched if u.said.casefold() not in covered) + missing
        # "from the bank", "from my gym": the senders of that kind (their names say it, or their bills or
        # bookings do); a kind nothing in the mail is of is said as not found, once meaning finds none either
        by_kind, no_kind = _senders_of_a_kind(low, raw, lists, rw, skip | found.used)
        found = replace(found, named=found.named + by_kind)
        whose = tuple(u for u in no_kind if any(_possessive(w) for w in u.said.split()))
        if whose:
            # "has Leo's school emailed?": the kind said by whose it is is what is asked of, not a sender called
            # "Leo's school" nor one meaning finds for it
            said = [u.said.casefold() for u in whose]
            unmatched = tuple(u for u in unmatched if not (u.what == "sender" and any(
                u.said.casefold() in w for w in said)))
        elif meaning is not None:
            # "from the library", "from my mother": a sender described, found by meaning or not at all
            described = _senders_described(low, raw, rw, skip | found.used)
            described = tuple(d for d in described if not any(d.said == n.said for n in by_kind))
            by_meaning, _ = meaning.resolve_all(described, lists)
            found = replace(found, named=found.named + by_meaning)
            if no_kind:
                _, no_kind = meaning.resolve_all(no_kind, lists) if not by_meaning else ((), ())
        unmatched = unmatched + tuple(no_kind)
    if meaning is not None and unmatched:
        # what words and spelling did not find, by meaning ("Kaveri Financial" is Kaveri Bank); never a kind of
        # sender said by whose it is ("Leo's school"), which the mail answerer looks up in the mail
        owned = tuple(u for u in unmatched if u.what == "kind of sender" and any(_possessive(w) for w in u.said.split()))
        by_meaning, unmatched = meaning.resolve_all(tuple(u for u in unmatched if u not in owned), lists)
        unmatched = tuple(unmatched) + owned
        if by_meaning:
            found = replace(found, named=found.named + by_meaning)
    network = None if any(v.slot in ("issuer", "account") for n in found.named for v in n.values) else \
        card_network(low, raw, rw.card_networks, rw.card_tiers, skip, rw.card_network_not_before)
    if network is not None and _another_thing(network, low, rw):
        network = None  # "my medical test for the visa": a residence visa, never the card
    if network is not None:
        # "the Visa Infinite": a card by its network, looked for in its bank's own mail by the money answerer
        inside = set(network.casefold().split())
        unmatched = (*(u for u in unmatched if not set(u.said.casefold().split()) <= inside),
                     # (no card is near a network by its spelling: the cards of other networks are not named)
                     Unmatched(network, "card", ()))
        scores["money"] += _NAME_WEIGHT
    if scores.get("mail", 0) > 0:
        scores["mail"] += _NAME_WEIGHT * sum(1 for u in unmatched if u.what in ("sender", "relation"))
    found = replace(found, named=_whose_thing_left_out(found.named, low, raw))
    for named in found.named:
        slots = {v.slot for v in named.values}
        # one word of a longer sender's name ("melbourne") is weaker evidence than the name said whole
        whole = any(len(named.said.split()) >= len(v.names[0]) for v in named.values if v.names)
        if slots & {"issuer", "account"}:
            scores["money"] += _NAME_WEIGHT
            if set(said_norms) & _MAIL_NOUNS and _said_after_from(named.said, low):
                # "any messages from the water board?": mail asked of a biller said after "from" is its mail, not its bill
                scores["mail"] += _NAME_WEIGHT
        if ("provider" in slots and not ((mail_said or scores.get("money", 0) > 0) and _named_by_its_mail(named))
                and not ("sender" in slots and "says" in flags)) or "trip" in slots:
            # ("when do I leave for Porto?": a place the person's journeys go to is asked of those journeys;
            # "any mail from Ana?" of the child a booking is for asks of Ana's mail, not of the booking, and
            # "how much is Ana's tennis invoice?" asks of a bill; "what did mum tell me about lunch?" of a person
            # who invited them asks what her mail says)
            scores["appointments"] += _NAME_WEIGHT
        if "sender" in slots and not mail_said and not slots & {"issuer", "account", "provider"} and \
                set(low) & _OWING:
            # "do I owe the fibre people anything?": what is owed to a sender Steward read no bill from
            scores["money"] += _NAME_WEIGHT
        elif "sender" in slots and (mail_said or not slots & {"issuer", "account", "provider"}):
            scores["mail"] += (_NAME_WEIGHT if whole or mail_said else 1) + (1 if mail_said else 0)
        elif "sender" in slots and not cued and _said_after_from(named.said, low):
            # "anything from Ottilie recently?": someone things come from, said with no word of any domain, wrote
            scores["mail"] += _NAME_WEIGHT + 1
        if "sender" in slots and "says" in flags:
            scores["mail"] += _NAME_WEIGHT + 1  # "what did Priya say?": what a person's mail says, not her booking
        if "reminder" in slots:
            scores["reminders"] += 1
        if "event" in slots:
            scores["schedule"] += 1
    if "says" in flags and any(u.what == "relation" for u in unmatched):
        scores["mail"] += _NAME_WEIGHT + 1  # "what did my brother say?": what a person's mail says, whoever they are
    if not asked and ask_said == "show" and not _hits(said_norms, rw.asks["show"]) and not found.named and \
            not _shows_data(said_norms, rw, vocab):
        return None  # "I want to get some lunch": a verb of showing with nothing of the person's data to show
    if provider_kinds and not money_kinds:
        scores["appointments"] += 1
        if set(said_norms) & (_WRITING | _MAIL_NOUNS) and not _owns("appointments", found.named):
            # "has the optician emailed?", "any messages from the gym?": the mail of that kind of place
            scores["mail"] += 2
    if any(travel_number(t) for i, t in enumerate(low) if i not in found.used):
        scores["appointments"] += 1  # "when's AP417?": a flight's or a train's number is a booking's
    if _WROTE_TO_ME.search(" ".join(low)):
        scores["mail"] += 1  # "has the dentist written to us?": whoever it names, the question is of their mail
    if _MAIL_HEAD.search(text):
        # "the team lunch email", "mail about the party": the thing asked for is mail, whatever its words name
        scores["mail"] += _NAME_WEIGHT
    if money_kinds and ask_said in ("how_much", "when"):
        scores["money"] += 1  # "how much is the car insurance?": a kind of bill asked a sum or a day of
    if ask_said == "how_much" and currencies and max(scores.values()) <= 0:
        scores["money"] += 1  # "the total in euros", asked of nothing else, is what is owed
    if ask_said == "how_much" and max(scores.values()) <= 0 and window is None and _a_thing_bought(text, low, skip | found.used,
                                                                                              known, rw):
        scores["money"] += 1  # "how much was the blender?": a sum asked of a thing, in the bills or the mail that says it
    booked_kind = any(v.kind in provider_kinds for v in lists.of_slot("provider")) if provider_kinds else False
    if "replies" in flags and (booked_kind or _owns("appointments", found.named)) and not money_kinds and \
            not set(said_norms) & _SAYS_MAIL:
        # "has the dentist got back to me about Leo?", "did the garage reply?": whether a booking was answered is
        # its status from the place's mail (confirmed, offered, moved, cancelled), not a count of their mail
        scores["appointments"] = max(scores["appointments"], scores.get("mail", 0)) + 1
    if ask_said in ("when", "where") and scores.get("mail", 0) > 0 and _hits(norms, rw.event_nouns) and \
            not provider_kinds and not set(said_norms) & (_WRITING | _MAIL_NOUNS | {"did"}) and \
            not _MAIL_HEAD.search(text) and not _owns("appointments", found.named) and not _someones(said_norms):
        # "when is the Northpoint holiday party?": an event said with the name of whoever sends mail about it is asked
        # of the schedule (their invitation), never answered with that sender's mail by its days (a kind of booking
        # said, "Mum's birthday dinner", is that booking's)
        scores["schedule"] = max(scores.values(), default=0) + 1
    if "sent" in flags or "paid_me" in flags and said_norms[:2] == ["how", "much"]:
        # "how much did I send Ana on the app?", "how much did Tunde send me?": money sent, whatever mail word
        # ("send") and senders it says
        scores["money"] = max(scores.values(), default=0) + 1
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    best, top = ranked[0]
    # a time in a question that asks nothing of it ("how about 5 PM?", "can you help with X at 5") is no
    # question about the schedule
    # "how does my Thursday look?": a day asked how it looks, of nothing else, is the schedule's too
    looks = said_norms[:1] in (["how"], ["how's"], ["hows"]) and bool(set(said_norms) & _LOOKS)
    if top <= 0 and window is not None and is_question(text, vocab) and (ask_said != "list" or looks):
        best, top = "schedule", 0.5  # "is there anything on for Sunday?": a day asked about is the schedule's
        ranked = [(best, top), *[kv for kv in ranked if kv[0] != best]]
    if top <= 0:
        return None
    sure = len(ranked) < 2 or ranked[1][1] < top
    if not sure and found.named:
        # a tie broken by what the names are: the domain of the names said wins
        owners = [d for d, s in ranked if s == top and _owns(d, found.named)]
        if len(owners) == 1:
            best, sure = owners[0], True
        elif {"money", "appointments"} <= set(owners) and not bills and not money_kinds and "money" not in cued and (
                ask_said in ("when", "where") or _hits(norms, rw.event_nouns)):
            # a name both a bill and a booking are of (a nursery that invoices and tells of its sports morning):
            # WHEN or WHERE asked of it, or a kind of event said with it ("when is the nursery shut for training?",
            # "the creche picnic"), is the booking's, never the bill's due date; in a word of money ("when is the
            # nursery bill due?") the bill's; said with neither, it is asked which
            best, sure = "appointments", True
    if not sure and {d for d, s in ranked if s == top} == {"money", "schedule"} and set(said_norms) & _OWED_NOUNS \
            and not set(said_norms) & _CALENDAR_NOUNS:
        # "which bills go out this week?", "any payments coming up?": things owed, asked in the words of
        # what is ahead, are the bills due then (said with the calendar's own noun, "bills on my calendar", it asks)
        best, sure = "money", True
    if not sure and not found.named and booked_kind and not money_kinds and \
            {d for d, s in ranked if s == top} == {"appointments", "schedule"}:
        # "when's the orthodontist meeting?": a kind of place the person has a booking with, said with a calendar's
        # word for what happens there, is that booking
        best, sure = "appointments", True
    if ask_said == "list" and not asked and not (bare and not found.named and not cued - {best}) and \
            not (about_mail and best == "mail") and not (kind_booked and best == "appointments") and (
            not _owns(best, found.named) or cued - {best}):
        # a short request is one by its names, in their own domain's words: "Kiri's flight" names no booking
        # of Kiri's, and "the mail about Easter in Rome" asks mail about a topic, not Rome's bookings
        return None
    kinds = tuple(money_kinds if best == "money" else provider_kinds if best in ("appointments", "mail") else ())
    if best == "appointments" and set(kinds) & _JOURNEY_KINDS and _hits(norms, rw.way_back):
        # "what time is my flight back?": the journey home, which "and when does it land?" then asks of still
        flags |= {_WAY_BACK_FLAG}
    asks_the_calendar = any(t in _CALENDAR_WORDS for i, t in enumerate(low) if i not in skip and i not in found.used)
    # a weekday said beside a date it is not part of asks what day that date is
    asks_the_calendar = asks_the_calendar or (window is not None and any(
        t in _WEEKDAYS for i, t in enumerate(low) if i not in skip and i not in found.used))
    # ("what time is my first thing tomorrow?" asks the time of an entry a schedule word names)
    if asks_the_calendar and not found.named and best == "schedule" and top <= 1 and not loose and not initialled and \
            not (ask_said == "when" and "schedule" in cued) and not flags & {"busiest", "quietest"} and \
            not _of_the_person(said_norms) and not _initials_said(norms, rw) and not (
                asks_the_end(text) and _hits(norms, rw.event_nouns)) and not (
                ask_said == "when" and _hits(norms, rw.event_nouns)) and \
            not any(d == "schedule" for d, _, _ in idioms) and not (
                ask_said == "when" and window is not None and window.grain == "day"
                and (_a_thing_no_word_names(low, skip | found.used, known, rw) or titled)):
        # ("what time's the steering group on Friday?" asks the time of a thing on that day that no word of Steward's names:
        # looked for on the person's days, never the clock)
        # ("what time is the PTM on saturday?" asks the time of an event its initials name, "till what time
        # does the workshop go on?" when one ends, "what time does the fete start?" the time of a kind of
        # entry, and "what's my day looking like?" the person's day whole, not the calendar's)
        return None  # "what's the day today?", "is the 23rd a saturday?": the calendar itself, not the person's
    rest = [t for i, t in enumerate(low) if i not in skip]
    if best == "schedule" and top <= 0.5 and all(t in _EMPTY for t in rest) and {"it", "it's"} & set(rest):
        return None  # "what is it, today?": "it" and a day, nothing else, asks the date ("what now?" asks what is on)
    if best == "brief" and _about_another_thing(low, skip, rw):
        return None  # "what should I know about the recital?": one thing asked about, not the day's brief
    if best != "mail":
        # "when is my son's match?": a family word no sender is known by is whose the thing is, asked of the
        # schedule or the bookings, not a sender to say is missing
        unmatched = tuple(u for u in unmatched if u.what != "relation")
    things = tuple(dict.fromkeys(_singular(" ".join(norms[at:at + n])) for at, n in _hits(norms, rw.event_nouns)))
    if "call" in things and _CALLING.search(text):
        things = tuple(t for t in things if t != "call")  # "the number to call them on": to call, no call held
    if best in ("schedule", "appointments") and titled and not found.named and not kinds and not things:
        # "what time's the committee tomorrow?", "when's the carol service?": a word of a title the person's things hold
        # is what the day's entries must hold, as a kind of entry said is (one said as whose a thing is, "Josh's
        # football", names no thing; said with a kind of entry, "the school meeting", it only describes that kind)
        things += tuple(t for t in titled if t not in things and not re.search(rf"\b{re.escape(t)}['\u2019]s\b", text, re.I))
    unknown = tuple(t for i, t in enumerate(low) if i not in found.used and i not in skip and t not in known
                    and not t.isdigit() and len(t) >= 3)
    # "the bus fee": a kind's word said of something else names a thing the answer must hold, as an unknown word does
    # ("the tax lady": a kind of due's word said of the person who does it for you, never that due)
    # (a phrase that is itself a flag's names no thing: "auto deduct" is how a bill is paid, "cover it" what it pays)
    flagged = {tuple(p) for phrases in rw.flags.values() for p in phrases}
    unknown += tuple(dict.fromkeys(w for at, n in _hits(norms, rw.not_kinds) for w in norms[at:at + n]
                                   if (w in _kind_vocabulary(rw) or w in _due_kind_vocabulary()) and w not in unknown
                                   and tuple(norms[at:at + n]) not in flagged and norms[at + n - 1] not in _COVER_IT))
    from steward.reader.answerers.closures import asks_of_closing

    if ask_said != "count" and asks_of_closing(text) is not None and rw.sender_kinds.get(_CLOSING_PLACES) and \
            _hits(norms, rw.sender_kinds[_CLOSING_PLACES]) and not bills and not money_kinds:
        # "which days is the nursery shut this month?", "is there school on Friday?", "when does school reopen?": the
        # days a school or a daycare is closed, as its own mail says them, never its fees nor the day's calendar
        return Frame(text=text, domain="schedule", ask=ask_said, window=window, flags=flags | {"closing"},
                     scores=(("schedule", max(top, 1.0)), *[kv for kv in ranked if kv[0] != "schedule"]))
    booked_as = _whose_booking(raw, found.named, kinds, said_norms) if best == "mail" and ask_said == "when" else None
    if booked_as is not None:
        # "when's Lolo's anniversary lunch on Sunday?": a booking of a kind said as someone's is the booking whose
        # own mail says their name ("Occasion: Anniversary (Lolo Ben's 80th)"), never the day of their own mail
        others = tuple(n for n in found.named if n is not booked_as)
        person = Unmatched(re.sub(r"['\u2019]s$", "", booked_as.said), "name", ())
        return Frame(text=text, domain="appointments", ask="when", unknown=unknown, filters=others, window=window,
                     kinds=kinds, flags=flags, unmatched=(person, *unmatched), things=things,
                     scores=(("appointments", top), *[kv for kv in ranked if kv[0] != "appointments"]),
                     places=destination_said(text))
    if best == "mail" and kinds and found.named and not set(said_norms) & _SAYS_MAIL and all(
            _a_place_not_a_sender(n, text) for n in found.named):
        # "when do we land back in Leeds?", "what time is check-out at the hotel in Oregon?": a booking asked of
        # where it is, the place a word of some sender's name only ("Leeds Bargain Deals"), never that sender's mail
        return Frame(text=text, domain="appointments", ask=ask_said, unknown=unknown, window=window, kinds=kinds,
                     flags=flags, unmatched=unmatched, things=things,
                     scores=(("appointments", top), *[kv for kv in ranked if kv[0] != "appointments"]),
                     places=destination_said(text) or tuple(n.said for n in found.named))
    if best == "mail" and ask_said == "when" and unknown and not set(said_norms) & _SAYS_MAIL \
            and _done_with(low, found.named):
        # "when is the concert with my cousin?": a thing done with someone, asked when, is on the calendar (or told
        # in mail as a thing ahead), never the day their mail came
        return Frame(text=text, domain="schedule", ask="when", unknown=unknown, window=window, flags=flags,
                     scores=(("schedule", top), *[kv for kv in ranked if kv[0] != "schedule"]), things=things)
    return Frame(text=text, domain=best, ask=ask_said, unknown=unknown, filters=found.named, window=window, kinds=kinds,
                 bills=tuple(bills) if best == "money" else (),
                 currencies=tuple(currencies) if best == "money" else (),
                 flags=flags, unmatched=unmatched, scores=tuple(ranked), sure=sure, things=things,
                 places=destination_said(text) if best == "appointments" else ())


# a place a question says a booking is in or goes to ("in Oregon", "back in Leeds", "to Lisbon")
_AT_A_PLACE = r"\b(?:in|at|to|into|from)\s+(?:the\s+)?"


def _a_place_not_a_sender(named: Named, text: str) -> bool:
    """Whether a name the question says where a place goes ("in Oregon") is only a word of senders' longer
    names (the shop "Leeds Bargain Deals", the "Oregon Nurses Forum"): a place, not one of them."""
    said = named.said.casefold()
    return (named.how == "words" and bool(named.values) and all(v.slot == "sender" for v in named.values)
            and all(said != v.value.casefold() for v in named.values)
            and re.search(_AT_A_PLACE + re.escape(named.said) + r"\b", text, re.I) is not None)


def _initials_said(norms: Sequence[str], rw: ReaderWords) -> bool:
    """Whether a question names an event by its initials ("the PTM", "the AGM"): a short event word that is no
    English word, which no question about the calendar itself says."""
    from steward.reader.lists import common_english

    return any(len(w) <= 4 and w.isalpha() and w not in common_english()
               for at, n in _hits(norms, rw.event_nouns) for w in norms[at:at + n])


def _whose_booking(raw: Sequence[str], named: Sequence[Named], kinds: Sequence[str], said: Sequence[str]
                   ) -> Named | None:
    """The person a kind of booking is said as the thing of ("Lolo's anniversary lunch", "Nico's check-up"), when
    the question says a kind of booking and no mail word; None otherwise."""
    if not kinds or set(said) & _SAYS_MAIL:
        return None
    people = [n for n in named if n.of("sender") and len(n.of("sender")) == len(n.values)
              and n.said.casefold().endswith(("'s", "\u2019s"))]
    return people[0] if len(people) == 1 else None


def _done_with(low: Sequence[str], named: Sequence[Named]) -> bool:
    """Whether a sender is said as the one a thing is done with ("the gig with my sis", "golf with Ana")."""
    for at, w in enumerate(low):
        if w != "with":
            continue
        rest = [t for t in low[at + 1:at + 4] if t not in ("my", "our", "the")]
        if any(v.slot == "sender" for n in named for v in n.values
               if name_words(n.said) and rest[:len(name_words(n.said))] == list(name_words(n.said))):
            return True
    return False


def _a_thing_bought(text: str, low: Sequence[str], used: frozenset[int] | set[int], known: frozenset[str],
                   rw: ReaderWords) -> bool:
    """Whether a question names a thing in words no domain knows ("the blender", "our new sofa")."""
    from steward.reader.honesty import named_things

    unknown = tuple(t for i, t in enumerate(low) if i not in used and t not in known and not t.isdigit() and len(t) >= 3)
    return bool(unknown) and bool(named_things(Frame(text, "money", "how_much", unknown=unknown), rw))


# event nouns that are a time away, said of a place the person travels to ("the holiday in Lisbon")
_AWAY = frozenset(("holiday", "holidays"))

# a question of the person's own day ("do I have a date on friday?", "am I busy this week?"): a word of the
# calendar in it ("date", "week") names no date or week to be told about
_OF_THE_PERSON = (("do", "i", "have"), ("have", "i", "got"), ("am", "i"), ("will", "i", "have"), ("do", "we", "have"),
                  ("have", "we", "got"), ("are", "we"))


def _of_the_person(norms: Sequence[str]) -> bool:
    """Whether the question opens on the person's own day ("do I have ...", "am I ...")."""
    return any(tuple(norms[:len(p)]) == p for p in _OF_THE_PERSON)


def _billers_of_a_kind(found: Any, kinds: Sequence[str], lists: SlotLists, rw: ReaderWords) -> Any:
    """ "how much is the plumber's bill?": the billers whose names say that kind of place (a "Sanitär ..." is a
    plumber), named by the kind; the names found as they were when no biller is of that kind."""
    billers = tuple(v for v in lists.of_slot("issuer") if kind_of(v.value, rw.provider_kinds) in kinds)
    if not billers or any(kind_of(v.value, rw.provider_kinds) in kinds for n in found.named for v in n.values):
        # (a kind's word inside a name found, "auto" of "Front Range Auto", is that name's, never its kind's)
        return found
    said = {w for k in kinds for p in rw.provider_kinds.get(k, ()) for w in p}
    return replace(found, named=(*found.named, Named(kinds[0], billers, "kind")),
                   unmatched=tuple(u for u in found.unmatched if not set(name_words(u.said)) & said))


# the kinds of booking that are a journey from one place to another (a leg), not a stay
_JOURNEY_KINDS = frozenset(("flight", "train", "ferry", "bus"))
_STAYS = frozenset(("hotel",))
# a word of a journey's ends said with no kind of travel ("when do I get into Saigon?", "what time do we depart?")
_JOURNEY_VERB = re.compile(r"\b(?:arriv(?:e|es|ing)|get(?:s|ting)?\s+(?:in|into|to)|land(?:s|ing)?|reach(?:es|ing)?|touch(?:es|ing)?\s+down|"
                           r"depart(?:s|ing)?|take(?:s)?\s+off|fly(?:ing)?|flies|sail(?:s|ing)?|board(?:s|ing)?|"
                           r"leav(?:e|es|ing)\s+for)\b", re.I)


def _journeys_over_stays(found: Any) -> Any:
    """A place said with a word of a journey ("what time do we touch down in hanoi?") is where the journey goes: a
    name that is both a place the person travels to and a word of a booking of another kind (the Saigon Lotus
    hotel) names the place alone."""
    named = []
    for n in found.named:
        if n.of("trip"):
            n = replace(n, values=tuple(v for v in n.values if v.slot != "provider" or v.kind in _JOURNEY_KINDS))
        named.append(n)
    return replace(found, named=tuple(named))


def _said_after_from(said: str, low: Sequence[str]) -> bool:
    """Whether a name is said right after "from" ("anything from Ottilie?", "heard from the Lees?")."""
    first = said.casefold().split()[:1]
    return bool(first) and any(w == first[0] and i and (low[i - 1] == "from" or low[i - 1] in ("the", "my") and
                                                      i > 1 and low[i - 2] == "from") for i, w in enumerate(low))


# where a journey is said to go, after a word of travel: "the flight to Lisbon", "are we flying to porto alegre
# on the 3rd", "what time does the train get into Leeds?", "do we land in oslo before noon"
_TO_PLACE = re.compile(r"\b(?:fly|flying|flies|flight|flights|train|trains|trip|travel(?:l?ing)?|go|going|get(?:ting)?|"
                       r"head(?:ing)?|drive|driving|bus|coach|ferry|sail(?:ing)?|journey|ticket|tickets|leave|leaving)"
                       r"(?:\s+(?:back|out|over|down|up|home))?\s+(?:to|into)\s+(?P<p>[^\W\d_][\w'\u2019.-]*"
                       r"(?:\s+[^\W\d_][\w'\u2019.-]*){0,3})|"
                       r"\b(?:(?:land|lands|landing|arrive|arrives|arriving|touch(?:es)?\s+down|get(?:s)?\s+in)\s+(?:in|at)"
                       r"|reach(?:es|ing)?)\s+"
                       r"(?P<q>[^\W\d_][\w'\u2019.-]*(?:\s+[^\W\d_][\w'\u2019.-]*){0,3})", re.I)
# words that end a place said ("to lisbon on friday", "to leeds tomorrow") or are no place ("to me")
_PLACE_ENDS = frozenset(("on", "at", "in", "for", "this", "around", "about", "next", "tomorrow", "today", "tonight", "and", "or", "when",
                         "is", "are", "do", "does", "did", "from", "by", "before", "after", "with", "again", "now",
                         "please", "then", "leave", "leaves", "land", "lands", "arrive", "arrives", "get", "gets",
                         "depart", "departs", "what", "which", "so", "but", "later", "soon", "back", "tho", "though",
                         # a state asked of the journey ("is the train to Pune booked?")
                         "confirmed", "booked", "cancelled", "canceled", "still", "delayed", "late", "ok", "okay",
                         "sorted", "reserved", "paid", "right", "yet", "already", "scheduled", "moved", "leaving",
                         "departing", "arriving", "landing"))
_NO_PLACE = frozenset(("me", "my", "you", "us", "it", "them", "her", "him", "the", "a", "an", "work", "bed", "sleep",
                       "see", "be", "do", "pay", "get", "there", "here", "home", "town"))


def destination_said(text: str) -> tuple[str, ...]:
    """Where a journey the text asks about goes, as it says it ("porto alegre" of "are we flying to porto
    alegre?"); () when it says none."""
    for m in _TO_PLACE.finditer(text):
        kept: list[str] = []
        for w in (m.group("p") or m.group("q") or "").split():
            bare = w.strip("?.!,;:").replace("\u2019", "'")
            if bare.casefold() in _PLACE_ENDS or bare.casefold() in _MONTHS or bare.casefold() in _WEEKDAYS:
                break
            kept.append(bare)
            if bare != w:
                break  # "to lisbon, and ...": the place ends at its stop
        while kept and kept[0].casefold() == "the":
            kept.pop(0)
        if kept and kept[0].casefold() not in _NO_PLACE:
            return (" ".join(kept),)
    return ()


def read_bookings(text: str, clock: Clock, rw: ReaderWords, date_options: Any = None) -> Frame:
    """A question said in the words of bookings that the reader read as nothing sure ("any bookings on
    friday?"), as a frame of the appointments: what it asks, the day it says, the kinds of place it names."""
    norms = [w.replace("\u2019", "'") for w in words(text)]
    window = whole_part_of_day(_window(text, clock, date_options)[0], rw)
    kind_norms = _kind_words(norms, rw)
    return Frame(text=text, domain="appointments", ask=_ask(norms, rw), window=window,
                 kinds=tuple(rw.widen(_kinds(kind_norms, rw.provider_kinds))), sure=True)


_DETERMINERS = frozenset(("the", "a", "an", "my", "this", "that", "our", "your", "his", "her", "their"))
# what "cover" as a verb is said of ("won't the direct debit cover the rest?"): a pronoun or the sum, never a thing named
_COVER_IT = frozenset(("it", "that", "this", "them", "all", "everything", "rest", "whole", "full", "balance"))


_SUMMARY_NOUNS = frozenset(("highlights", "rundown", "recap", "summary", "overview", "roundup", "round-up", "lowdown"))


def _about_another_thing(low: Sequence[str], skip: frozenset[int], rw: ReaderWords) -> bool:
    """Whether "about" is followed by a thing that is no domain's word and no date ("about the recital")."""
    cues = {w for phrases in rw.domains.values() for p in phrases for w in p}
    for i, t in enumerate(low):
        # "the highlights from the derby", "a recap of the gala": a summing-up said of one thing
        of_a_thing = t in ("of", "from", "on") and i > 0 and low[i - 1] in _SUMMARY_NOUNS
        if t != "about" and not of_a_thing:
            continue
        j = i + 1
        while j < len(low) and (low[j] in _DETERMINERS or (of_a_thing and j in skip)):
            j += 1  # (a day said of the thing is no thing: "the highlights from tonight's derby")
        if j < len(low) and j not in skip and low[j] not in cues and low[j] not in ("me", "it", "today", "now"):
            return True
    return False


def _senders_not_found(low: Sequence[str], raw: Sequence[str], lists: SlotLists, rw: ReaderWords,
                       used: frozenset[int]) -> tuple[Unmatched, ...]:
    """The words after "from" in a mail question that name no sender ("mails from bartholomew", "from mark"):
    said plainly as not found, never answered with other senders' mail. An everyday or generic word ends
    the name ("from my bank", "from work", "from bob with the subject ...")."""
    plain = rw.common | rw.generic | {w for phrases in rw.domains.values() for p in phrases for w in p}
    out: list[Unmatched] = []
    for i, t in enumerate(low):
        if t != "from":
            continue
        j = i + 1
        while j < len(low) and j not in used and low[j] not in plain and not low[j].isdigit() and j - i <= 3:
            j += 1
        if j > i + 1:
            said = " ".join(raw[i + 1:j])
            out.append(Unmatched(said, "sender", nearest_names(said, lists, "sender")))
    return tuple(out)


# a name is asked about as the one who wrote when one of these opens it: "did Mo send me ...", "what Ana emailed
# me about", "if Kofi has written", "when Ines writes"
_ASKS_A_WRITER = frozenset(("did", "has", "have", "had", "what", "when", "if", "whether", "didn't", "hasn't",
                            "haven't"))
# the verbs of writing as said of someone else (third person too: "when Ines writes", "once Tomas emails")
_WRITER_VERBS = _WRITING | frozenset(("emails", "writes", "sends", "messages", "texts", "replies", "has", "got"))
_PRONOUNS = frozenset(("he", "she", "they", "someone", "anyone", "somebody", "anybody", "nobody", "no", "one", "it",
                       "i", "you", "we", "this", "that", "who"))


def _writers_not_found(low: Sequence[str], raw: Sequence[str], lists: SlotLists, rw: ReaderWords,
                       used: frozenset[int], said_already: set[str]) -> tuple[Unmatched, ...]:
    """A name said as the one who wrote ("did Mo send me the form?", "see what Ana emailed me about"),
    one or two words between a word that asks of a writer and a verb of writing, that names no sender: said
    plainly as not found, never answered with everyone's mail."""
    plain = rw.common | rw.generic | _PRONOUNS | {w for phrases in rw.domains.values() for p in phrases for w in p}
    out: list[Unmatched] = []
    for i, t in enumerate(low):
        if t not in _ASKS_A_WRITER:
            continue
        j = i + 1
        while j < len(low) and j - i <= 2 and j not in used and low[j] not in plain and low[j].isalpha():
            j += 1
        if j == i + 1 or j >= len(low) or low[j] not in _WRITER_VERBS:
            continue
        if low[j] in ("has", "have", "got") and not (j + 1 < len(low) and low[j + 1] in _WRITING):
            continue  # "if Kofi has sent ...": the verb of writing follows; "what Kofi has" says none
        said = " ".join(raw[i + 1:j])
        if said not in said_already:
            out.append(Unmatched(said, "sender", nearest_names(said, lists, "sender")))
    return tuple(out)


# a verb of writing to the person ("email me", "wrote to us", "sent me"): the one before it wrote mail
_WROTE_TO_ME = re.compile(r"\b(?:e-?mail(?:ed)?|mail(?:ed)?|messag(?:e|ed)|wr(?:ote|ite|itten)(?:\s+to)?|sent|send|"
                          r"text(?:ed)?|contact(?:ed)?|reply|replied|get\s+back\s+to|got\s+back\s+to)\s+(?:me|us)\b"
                          # "send me an invite" names a thing sent, not mail
                          r"(?!\s+(?:a|an|the|some|any|my|your|their|his|her)\b)")
def _folded_word(word: str) -> str:
    from steward.reader.lists import name_words

    return " ".join(name_words(word)) or word


# words that say a sender is some kind of body, not which kind ("the energy company", "the school people")
_OF_ANY_KIND = frozenset(("company", "companies", "people", "guys", "folks", "firm", "provider", "providers",
                          "place", "office", "team", "lot", "lady", "man", "woman"))


def _senders_of_a_kind(low: Sequence[str], raw: Sequence[str], lists: SlotLists, rw: ReaderWords,
                       used: frozenset[int]) -> tuple[tuple[Named, ...], tuple[Unmatched, ...]]:
    """The senders a mail question describes by a kind of sender after "from the" or "from my" ("from the
    bank", "from my gym", "from the dentist"): those whose name has that word, the issuers of bills of that
    kind, the providers of bookings of that kind; (found, said and found nowhere)."""
    from steward.reader.lists import name_words

    found: list[Named] = []
    missing: list[Unmatched] = []
    stop = rw.common - rw.generic
    for i, t in enumerate(low):
        # "from the bank", or "has the dentist written to us?" (a kind of sender said before a verb of writing);
        # "from Leo's school", "has the kids' school emailed?": a kind said by whose it is
        k = _kind_starts(low, raw, i)
        writes = t in ("did", "has", "have") and k is not None and (low[i + 1] != "a" or k > i + 2) and (
            bool(_WROTE_TO_ME.search(" ".join(low[k:k + 5])))
            # "did Maya's teacher write?": whose it is says it is someone of theirs, not a thing
            or (_possessive(raw[k - 1]) and any(w in _WRITING for w in low[k:k + 4])))
        if not writes and (t != "from" or k is None):
            continue
        assert k is not None
        j = k
        # the kind ends where a verb of writing to the person starts ("anyone from the gym emailed me?")
        while j < len(low) and j not in used and low[j] not in stop and not low[j].isdigit() and j - i <= 4 \
                and not _WROTE_TO_ME.match(" ".join(low[j:j + 3])) and low[j] not in _WRITING:
            j += 1
        said = low[k:j]
        if not said or any(_hits(said, cues) and w not in rw.generic for cues in rw.domains.values() for w in said):
            continue
        kind_words = {_singular(w) for w in said if w not in _OF_ANY_KIND} or {_singular(said[-1])}
        of_kind: set[str] = set()
        whole = tuple(w for w in said if w not in _OF_ANY_KIND)
        for phrases in rw.sender_kinds.values():
            # the kind said whole ("the gym", "the electricity company"), never one word of it ("the eye clinic"
            # is no doctor's)
            if whole in phrases or kind_words <= {_singular(w) for p in phrases if len(p) == 1 for w in p}:
                # "the gym": every word names of gyms use ("fitness"), in the languages they come in
                of_kind |= {_folded_word(w) for p in phrases if len(p) == 1 for w in p}
        # a name that has every word said ("the energy company": Yarra Edge Energy; "the housing association"
        # is not Residents Association), or one word of a kind of sender's
        values = [v for v in lists.of_slot("sender")
                  if kind_words <= (have := {_singular(w) for w in name_words(v.value)}) or of_kind & have]
        money = {k for k, phrases in rw.money_kinds.items() if _hits(said, phrases)} | (
            {"card"} if kind_words & {"bank", "card"} else set())
        values += [v for v in lists.of_slot("issuer") if money & set(v.kind.split(","))]
        hit = [k for k, phrases in rw.provider_kinds.items() if _hits(said, phrases)]
        # one kind of place said ("the optician"); two ("the eye clinic") say no one kind
        kinds = set(rw.widen(hit)) if len(hit) == 1 else set()
        values += [v for v in lists.of_slot("provider") if v.kind in kinds]
        if not values and kind_words & _ROLES:
            # "from the netball coach", "the swim club's secretary": someone by their role at a thing their
            # address is at (shannon@kowhaiparknetball.example), when no name says it
            things = {w for w in kind_words - _ROLES if len(w) >= 5 and w not in rw.common}
            values += [v for v in lists.of_slot("sender") if things and any(
                t in a.rpartition("@")[2].casefold() for a in v.addresses for t in things)]
        text = " ".join(raw[k:j])
        whose = " ".join(raw[i + 1:k]) if k > i + 2 or _possessive(raw[i + 1]) else ""
        if values and not whose:
            found.append(Named(text, tuple(dict.fromkeys(values)), "kind"))
        elif whose or all(w not in rw.common for w in said):
            # (a kind said by whose it is, "Leo's school", is looked up in the mail by the mail answerer: the
            # senders of its kind whose mail names that child)
            missing.append(Unmatched(f"{whose or low[i + 1]} {text}", "kind of sender", ()))
    return tuple(found), tuple(missing)


# the roles people write to the person in, at a club, a school or a class ("the netball coach")
_ROLES = frozenset(("coach", "manager", "captain", "secretary", "treasurer", "instructor", "trainer", "leader", "teacher",
                    "tutor"))


def _whose_thing_left_out(named: tuple[Named, ...], low: Sequence[str], raw: Sequence[str]) -> tuple[Named, ...]:
    """The names said, less a sender said only as whose a thing is ("did Gary send his half for Mam's present?":
    Mam's present is what it is about, Gary who sent it) when another sender is said plainly."""
    def whose(n: Named) -> bool:
        words = n.said.split()
        if not words or not _possessive(words[-1]) or {v.slot for v in n.values} != {"sender"}:
            return False
        at = [i for i, w in enumerate(raw) if w.casefold().rstrip("?!.,") == words[-1].casefold()]
        # (followed by the thing it is whose: a word that is no mail's, "Mam's present", not "Mam's email")
        return bool(at) and all(i + 1 < len(low) and low[i + 1] not in _WRITING and low[i + 1] not in _MAIL_NOUNS
                                for i in at)

    plain = [n for n in named if {v.slot for v in n.values} == {"sender"} and not whose(n)]
    # a lure signed with a first name ("Tyler" asking for gift cards) is never whose a thing is: "Tyler's concert"
    # is the grandson's, told of in the family's mail
    return tuple(n for n in named if not ((plain or all(v.lure for v in n.values)) and whose(n)))


def _possessive(word: str) -> bool:
    """Whether a word as written says whose ("Leo's", "kids'", "son’s")."""
    return len(word) > 2 and (word[-2:].casefold() in ("'s", "’s") or word[-1] in "'’")


def _kind_starts(low: Sequence[str], raw: Sequence[str], i: int) -> int | None:
    """Where a kind of sender said after the word at `i` starts: after "the", "my", "our" or "a" ("from the
    bank"), after whose it is ("from Leo's school", "from the kids' school", "my son's teacher"); None when
    no kind follows."""
    k = i + 1
    if k < len(low) and low[k] in ("the", "my", "our", "a"):
        k += 1
        if k < len(raw) and _possessive(raw[k]) and low[i + 1] != "a":
            k += 1
    elif k < len(raw) and _possessive(raw[k]) and raw[k][:1].isalpha():
        k += 1
    else:
        return None
    return k if k < len(low) else None


def _senders_at_work(low: Sequence[str], raw: Sequence[str], lists: SlotLists, rw: ReaderWords,
                     used: frozenset[int]) -> tuple[tuple[Named, ...], tuple[Unmatched, ...], frozenset[int]]:
    """The senders at the person's workplace when a question says them as a group ("anyone from work",
    "my colleagues": `work_senders`), known by their mail's domain (`steward.mail.workplace`); said as not
    found when the mail shows no workplace; (found, not found, the words' places)."""
    hit = next(((at, n) for at, n in _hits(low, rw.work_senders) if not used & set(range(at, at + n))), None)
    if hit is None:
        return (), (), frozenset()
    at, n = hit
    said = " ".join(raw[at:at + n])
    places = frozenset(range(at, at + n))
    from steward.mail.workplace import at_work, workplaces

    senders = lists.of_slot("sender")
    work = workplaces((a, v.value) for v in senders for a in v.addresses)
    values = tuple(v for v in senders if any(at_work(a, work) for a in v.addresses))
    if values:
        return (Named(said, values, "kind"),), (), places
    return (), (Unmatched(said, "kind of sender", ()),), places


def _senders_described(low: Sequence[str], raw: Sequence[str], rw: ReaderWords,
                       used: frozenset[int]) -> tuple[Unmatched, ...]:
    """The words after "from the" or "from my" in a mail question ("from the library", "from my
    mother"): a sender described, for meaning to find (said by no one as not found when it does not)."""
    plain = rw.common | {w for phrases in rw.domains.values() for p in phrases for w in p}
    out: list[Unmatched] = []
    for i, t in enumerate(low):
        if t != "from" or i + 2 >= len(low) or low[i + 1] not in ("the", "my", "our"):
            continue
        j = i + 2
        while j < len(low) and j not in used and low[j] not in plain and not low[j].isdigit() and j - i <= 4:
            j += 1
        if j > i + 2 and not all(w in rw.generic for w in low[i + 2:j]):
            # "from the bank" is any bank's mail: a generic word alone describes no one sender
            out.append(Unmatched(" ".join(raw[i + 2:j]), "sender", ()))
    return tuple(out)


# the states of a message a mail service keeps and Steward does not ("unread", "starred"), and an address
# book's entries ("find contact"): none of them is the newest mail
_STATES = frozenset(("unread", "read", "starred", "flagged", "archived", "opened", "unopened", "contact",
                     "contacts"))


def _bare(low: Sequence[str], used: frozenset[int], rw: ReaderWords) -> bool:
    """Whether the question says nothing but a domain's words, asks, flags and everyday words ("check my
    inbox", "upcoming events", "my work schedule"): no name, no kind, no topic of its own."""
    plain = rw.plain_words
    rest = [t for i, t in enumerate(low) if i not in used]
    return bool(rest) and all(t in plain for t in rest)


def _a_kind_booked(low: Sequence[str], rw: ReaderWords) -> bool:
    """Whether a few words say a kind of booking and a word of bookings and nothing else of their own ("vet
    appointment", "the ferry booking details"): asked for as a request is."""
    kinds = {i for at, n in _hits(list(low), rw.provider_kind_phrases)
             for i in range(at, at + n)}
    booked = {i for at, n in _hits(list(low), rw.domains.get("appointments", ())) for i in range(at, at + n)}
    return bool(kinds) and bool(booked - kinds) and _bare(low, frozenset(kinds), rw)


def _singular(thing: str) -> str:
    """A kind of entry as one of it ("parties" -> "party", "meetings" -> "meeting", "classes" -> "class")."""
    if thing.endswith("ies"):
        return thing[:-3] + "y"
    if thing.endswith(("ches", "shes", "sses", "xes")):
        return thing[:-2]
    return thing[:-1] if thing.endswith("s") and not thing.endswith("ss") else thing


# a sentence that opens on its speaker or on someone else ("I need to ...", "we should ...") says
# something of them; what follows its comma is no question about a thing named before it
_SPEAKERS = frozenset({"i", "i'm", "i'll", "i've", "i'd", "im", "we", "we're", "we'll", "we've", "you", "he", "she",
                       "they", "it", "it's", "there", "there's"})


def sums_up_the_day(norms: Sequence[str], rw: ReaderWords) -> bool:
    """Whether a verb of summing up is said of the day ("give me a recap of today"): the brief."""
    days = rw.summing_up.get("days", ())
    return any(_hits(norms[at + n:at + n + 4], days) for at, n in _hits(norms, rw.summing_up.get("verbs", ())))


# "is my calendar synced?", "is the calendar event false?": a yes-or-no question of the calendar itself (its
# state, its settings, whether it is shared), not of what is on it; said with a day ("is my diary clear
# tomorrow?") or with a word for how full it is ("is my schedule packed?"), it asks what is on
_OF_THE_CALENDAR_ITSELF = re.compile(r"^\W*(?:is|are)\s+(?:my|the|this|that|our)?\s*(?:calendar|diary|schedule|agenda)"
                                     r"(?:\s+(?:event|events|entry|entries|app))?\s+(?P<rest>[a-z'\s]+?)\W*$", re.I)
_WHAT_IS_ON = re.compile(r"\b(?:empty|clear|full|packed|booked|free|busy|open|light|heavy|quiet|rammed|jammed|"
                         r"chock|crammed|hectic|today|tonight|tomorrow|yesterday|week|weekend|month|year|morning|"
                         r"afternoon|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|"
                         r"this|noon|midday)\b", re.I)


def _a_thing_no_word_names(low: Sequence[str], used: frozenset[int] | set[int], known: frozenset[str],
                           rw: ReaderWords) -> bool:
    """Whether a question says a thing in a word no vocabulary of Steward's holds ("committee", "quiz"): neither a
    word it knows, nor a kind of booking, nor a word of the calendar or the clock."""
    kinds = _kind_vocabulary(rw)
    for i, t in enumerate(low):
        bare = t[:-2] if t.endswith("'s") else t
        if i in used or not bare.isalpha() or len(bare) < 3 or bare in known or t in known:
            continue
        if bare in kinds or bare in _CALENDAR_WORDS or bare in _WEEKDAYS or bare in _MONTHS:
            continue
        return True
    return False


# the kind of place whose closing days its mail tells (a school, a nursery, a daycare: `sender_kinds`)
_CLOSING_PLACES = "school"


def _title_words(low: Sequence[str], used: frozenset[int] | set[int], lists: SlotLists, rw: ReaderWords) -> tuple[str, ...]:
    """The words of a question that are words of the title of something the person's calendar or bookings hold, however
    everyday a word ("committee" of a "Medicines Optimisation Committee", "quiz" of a "Pub quiz"): never a word that
    names nothing of its own, a kind of entry, or a word of the day or the clock."""
    if not lists.titles:
        return ()
    plain = rw.not_of_a_title
    out = []
    for i, t in enumerate(low):
        bare = t[:-2] if t.endswith(("'s", "\u2019s")) else t
        if i in used or bare not in lists.titles or bare in plain or t in plain or bare in _CALENDAR_WORDS \
                or bare in _WEEKDAYS or bare in _MONTHS:
            continue
        out.append(bare)
    return tuple(dict.fromkeys(out))


def _names_a_booking(text: str, lists: SlotLists, known: frozenset[str]) -> bool:
    """Whether a text names a booking or an event held in the person's data by its own name (a provider's, or
    the title of an event its mail tells of)."""
    low, raw, _ = name_tokens(text)
    found = find_names(low, raw, lists, known, frozenset())
    return any(v.slot in ("provider", "event") for n in found.named for v in n.values)


def not_a_read(text: str, rw: ReaderWords) -> bool:
    """Whether a text asks for something that is not a read of the person's data: the date or the clock, a
    list they keep ("my shopping list"), what another app holds ("new likes on instagram?"), a secret ("the
    door code?"), the calendar's own
    state ("is my calendar synced?"), a watch on the mail ("tell me when Sam writes"), or a model's work on
    what is stored ("explain it", "summarise it")."""
    said = [w.replace("\u2019", "'") for w in words(text)]
    if contacts_someone(said, rw):
        return True
    if asks_a_watch(text):
        return True  # "let me know when Sam emails": a watch Steward does not keep, told so by its kind
    if _hits(said, rw.other_apps) and not _hits(said, rw.domains.get("mail", ())):
        return True  # "any new tinder matches?": another app's data, not the person's mail or calendar
    if _hits(said, rw.secrets) and not _hits(said, rw.domains.get("mail", ())):
        # a secret a booking's mail gives ("the door code at the cottage?") is read from that mail by the
        # booking's details; any other ("what's the alarm code?") is no read, never the bill its words name
        return not (_hits(said, rw.domains.get("appointments", ())) or _kinds(said, rw.provider_kinds))
    itself = _OF_THE_CALENDAR_ITSELF.match(text)
    if itself is not None and not _WHAT_IS_ON.search(itself.group("rest")):
        return True
    if _hits(said, rw.for_a_model) and not sums_up_the_day(said, rw):
        return True  # ("a recap of the day ahead" is the brief, not a model's work)
    if _hits(said, rw.time_questions):
        # "what day is it?" asks the calendar; "what day is the physio booking?" asks about a booking, and so
        # does "what day is the garage?" (a kind of place a booking is with) or "... the water bill?"
        return not any(_hits(said, cues) for cues in rw.domains.values()) and not _kinds(said, rw.provider_kinds) \
            and not _kinds(said, rw.bill_names)
    if not says_a_kept_list(said, rw):
        return False
    # a list named by what it holds of the person's data ("the list credit card accounts") is theirs to be read
    return not any(_hits(said[at + n:at + n + 4], cues) for at, n in _hits(said, rw.not_ours)
                   for cues in rw.domains.values())


_POLITE = frozenset(("please", "can", "could", "would", "will", "you", "hey", "ok", "okay", "steward", "pls"))


def contacts_someone(said: Sequence[str], rw: ReaderWords) -> bool:
    """Whether the turn opens on a request to call or message someone ("please call mum"), which no read of
    the person's data answers ("texts from Sam", "the call with Ben" are no such request)."""
    i = 0
    while i < len(said) and said[i] in _POLITE:
        i += 1
    n = match_at(list(said), i, rw.contacting) if i < len(said) else 0
    return bool(n) and i + n < len(said) and said[i + n] not in rw.not_contacting


def _named_by_its_mail(named: Named) -> bool:
    """Whether a booking is named only by a word its mail says (a pet, a child it is for), not by its own name
    or its sender's."""
    said = set(name_words(named.said))
    return all(not said & set(name_words(f"{v.value} {v.issuer}")) for v in named.values if v.slot == "provider")


def _owns(domain: str, named: Sequence[Named]) -> bool:
    slots = {v.slot for n in named for v in n.values}
    return {"money": {"issuer", "account"}, "appointments": {"provider", "trip"}, "mail": {"sender"},
            "reminders": {"reminder"}, "schedule": {"event"}}.get(domain, set()) & slots != set()


def _flat(phrases: tuple[Any, ...]) -> list[str]:
    out: list[str] = []
    for p in phrases:
        if isinstance(p, tuple):
            out.extend(w for w in p if isinstance(w, str))
    return out


_ASIDE_END = re.compile(r"^\s*[,!.;:\u2014\u2013-]+\s*")


def without_aside(text: str, rw: ReaderWords) -> str:
    """The question after what is said before it and apart from it ("hey there! anything on tonight?", "ok thanks,
    and the gas bill?"): a greeting or a nod the reader's `asides` hold, ended by a comma or a stop.
    The text as it is when it opens on none, or holds nothing after it."""
    for m in re.finditer(r"[,!.;:\u2014\u2013]|\s-\s", text):
        head = [w.replace("\u2019", "'") for w in words(text[:m.start()])]
        if not head:
            continue
        if tuple(head) not in rw.asides:
            return text
        rest = _ASIDE_END.sub("", text[m.start():])
        return rest if words(rest) else text
    return text
