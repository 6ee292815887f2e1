"""Events in the person's words: adding one, and moving, cancelling or resizing one that exists.

    "add lunch with Priya on saturday at 1"        add (title, when, a length, a place, a repeat)
    "move my dentist appointment to friday at 5"   move (to a day, a time, both)
    "push the physio an hour later"                 move by a shift ("an hour later", "to next week")
    "cancel tomorrow's physio"                      cancel ("skip" cancels one occurrence)
    "make the standup 30 minutes"                   resize

Pure reading of the words (`event_talk.yaml`, the reminder words for move and cancel verbs, and
`steward.dates`); which event is meant is chosen by `event_targets`, and every write is the calendar
service's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import lru_cache
from importlib import resources
from typing import Any

from steward.calendar.event_forms import FormWords, rephrase, words_of
from steward.calendar.reminders.requests import ManageWords, parse_request
from steward.calendar.series_talk import SeriesWords, read_series, series_words_of
from steward.calendar.shifts import LENGTH, find_shift, minutes_of
from steward.clock import Clock
from steward.vocab import Phrase, Vocab, is_word, match_at, tokenize
from steward.vocab.slips import near_verb
from steward.yamldata import load_yaml


@dataclass(frozen=True)
class EventWords:
    """The phrase lists of `event_talk.yaml`."""

    add_verbs: tuple[Phrase, ...]
    calendar_words: tuple[Phrase, ...]
    nouns: tuple[Phrase, ...]
    resize_verbs: tuple[Phrase, ...]
    preambles: tuple[Phrase, ...] = ()
    end_verbs: tuple[Phrase, ...] = ()
    forms: FormWords | None = None
    pause_verbs: tuple[Phrase, ...] = ()
    move_verbs: tuple[Phrase, ...] = ()
    not_events: frozenset[str] = frozenset()
    news_words: tuple[Phrase, ...] = ()
    spelled_verbs: tuple[str, ...] = ()
    shorthand: tuple[tuple[str, str], ...] = ()
    series: SeriesWords | None = None
    named_by_a_verb: tuple[Phrase, ...] = ()
    evening_things: tuple[Phrase, ...] = ()
    morning_things: tuple[Phrase, ...] = ()


@lru_cache(maxsize=1)
def load_event_words() -> EventWords:
    """The words of event requests, from `event_talk.yaml` beside this module."""
    raw = load_yaml(resources.files("steward.calendar").joinpath("event_talk.yaml").read_text("utf-8"))
    lists = {k: tuple(sorted((tuple(p.lower().split()) for p in raw[k]), key=len, reverse=True))
             for k in ("add_verbs", "calendar_words", "nouns", "resize_verbs", "preambles", "end_verbs",
                       "pause_verbs", "move_verbs", "news_words", "named_by_a_verb", "evening_things",
                       "morning_things")}
    return EventWords(**lists, forms=words_of(raw["forms"]), not_events=frozenset(w.lower() for w in raw["not_events"]),
                      shorthand=tuple((str(k).lower(), str(v)) for k, v in (raw.get("shorthand") or {}).items()),
                      series=series_words_of(raw["series"]),
                      spelled_verbs=tuple(str(v).lower() for v in raw.get("spelled_verbs") or ()))


# signs that close a typed request and say nothing of it: "🙏", "!!", "😊"
_SIGNS = re.compile(r"[\s\u2600-\u27bf\U0001F000-\U0001FAFF\ufe0f\u200d!.]+$")


def misspelt_verb(word: str, words: EventWords) -> str | None:
    """The verb of a change a mistyped word stands for ("resheduel": "reschedule", "cancle": "cancel"),
    or None when the word is no near miss of one (`steward.vocab.slips`)."""
    return near_verb(word, words.spelled_verbs)


def expand(text: str, words: EventWords) -> str:
    """The request with its typed short words read whole ("plz add lunch 2moro": "please add lunch
    tomorrow"), a mistyped verb that opens it read as the verb ("resheduel the dentist"), and the signs
    that close it ("🙏") left off."""
    text = _SIGNS.sub("", text) or text
    first = re.match(r"\W*(?:(?:please|pls|plz|can\s+you|could\s+you)\s+)?(?P<verb>[a-z]+)\b", text, re.IGNORECASE)
    if first is not None and (verb := misspelt_verb(first["verb"], words)) is not None:
        text = text[:first.start("verb")] + verb + text[first.end("verb"):]
    if not words.shorthand:
        return text
    said = dict(words.shorthand)
    pattern = _shorthand_pattern(tuple(said))
    return pattern.sub(lambda m: said[m[0].lower()], text)


@lru_cache(maxsize=4)
def _shorthand_pattern(keys: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'/])(?:" + "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
                      + r")(?![\w'/])", re.IGNORECASE)


@dataclass(frozen=True)
class EventAdd:
    """An event to add: its title, the words of when (a repeat among them), a length and a place."""

    title: str
    when: str
    minutes: int | None = None
    place: str | None = None


@dataclass(frozen=True)
class EventChange:
    """A change to an existing event: which one (words, "it", times said of it) and what to do."""

    action: str                         # move | cancel | resize | end
    target: tuple[str, ...] = ()
    pronoun: bool = False
    noun: bool = False                  # "appointment", "meeting" ... was said
    series: bool = False                # "every", "all of them", "from now on"
    occurrence: bool = False            # "skip", "just this one"
    when: str = ""                      # move: where to
    shift: timedelta | None = None      # move: "an hour later", "to next week"
    minutes: int | None = None          # resize: the new length
    filters: tuple[tuple[int, int], ...] = ()
    last_day: date | None = None        # end: the last day the series keeps
    since: date | None = None           # a series changed from this day on ("from the 14th")
    text: str = ""                      # the request as read (the spans of `filters` are in it)
    several: Several | None = None      # several times skipped at once ("the next two", "until january")
    corrects: bool = False              # a time put right just after a write ("sorry, 11 not 9")
    follows: bool = False               # the time after the one just skipped ("and the one after that")


@dataclass(frozen=True)
class Several:
    """Which times of a repeating event one request skips: its next `count`, every time on the days from
    `first` to `last`, or every time on the `days` named."""

    count: int | None = None
    first: date | None = None
    last: date | None = None
    days: tuple[date, ...] = ()


_BARE_HOUR = re.compile(r"\b(to|at|for)\s+(\d{1,2})\s*([.!?]?)\s*$", re.IGNORECASE)
# words that say how a change is meant, never which event: "push it *another* hour", "*actually* cancel it"
_HOW = frozenset(("another", "again", "instead", "too", "also", "actually", "just", "please", "then", "now",
                  "back", "forward", "later", "earlier", "by", "this", "time", "one"))
_NEXT_WEEK = re.compile(r"\b(?:to|till|until|into)\s+next\s+week\b", re.IGNORECASE)
_PLACE = re.compile(r"\b(?:at|in)\s+(?P<place>(?:the\s+)?[A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|of|on|de))*)")
_TRAIL = frozenset(("on", "at", "in", "for", "from", "to", "the", "a", "an", "my", "and", "with", "by"))
# a reminder, an alarm or a to-do is asked for, not an event ("add a to-do to call the plumber at 5 pm")
_REMINDER = re.compile(r"\b(?:remind\w*|alarms?|to-?dos?|to do|tasks?)\b", re.IGNORECASE)


# a party size after a table or a booking ("a table at Nonna's for two"): part of the title, never a time
_PARTY = re.compile(r"\b(?:table|booking|reservation)\b.*?\b(?P<party>for\s+(?:\d{1,2}|two|three|four|five|six|seven|"
                    r"eight|nine|ten|twelve)(?:\s+(?:people|persons|guests|of\s+us))?)\b(?!\s*(?:am|pm|o'?clock|:))",
                    re.IGNORECASE)
# words that open the day a series ends on or after ("stop the choir *after* ...")
_END_SAID = re.compile(r"\b(?:after|from|until|till|starting|beginning|as\s+of|by\s+the\s+end|at\s+the\s+end|"
                       r"through|once)\b", re.IGNORECASE)
# the polite words that close a request ("skip yoga on the 14th pls"): no part of it
_CLOSING = re.compile(r"[\s,]+(?:pls|plz|please|thanks|thank\s+you|thx|ta|cheers)\s*[.!]*$", re.IGNORECASE)
# a series' end said as a statement: "the choir *ends on* the 18th", "the *last* run *is on* the 23rd"
_ENDS = re.compile(r"^\W*(?P<target>\S.*?)\s+(?:ends|finishes|stops|will\s+(?:end|stop|finish)|is\s+(?:ending|finishing|"
                   r"stopping))\s+(?:on\s+|after\s+|by\s+)?(?P<when>\S.*?)\s*[.!?]*$", re.IGNORECASE)
_LAST = re.compile(r"^\W*(?:the\s+)?(?:very\s+)?last\s+(?P<target>\S.*?)\s+(?:is|will\s+be|falls|should\s+be)\s+"
                   r"(?:on\s+)?(?P<when>\S.*?)\s*[.!?]*$", re.IGNORECASE)
_MONTHS = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|" \
          r"nov(?:ember)?|dec(?:ember)?)"
_REST_OF = re.compile(r"\b(?:all\s+)?the\s+rest\s+of\s+(?!(?:the\s+|this\s+)?(?:week|month|year|term|day|season|"
                      + _MONTHS + r")\b)"
                      r"(?:the\s+|my\s+)?", re.IGNORECASE)  # "the rest of the week" is a time, not every time
_OVER = re.compile(r"\b(?:once|when|after)\s+(?P<when>\S.*?)(?:'s|’s|\s+is|\s+has\s+been)\s+(?:over|done|finished|through|"
                   r"out)\b", re.IGNORECASE)
_END = re.compile(r"\s+(?P<how>after|from|starting|beginning|as\s+of|until|till|through|thru|at\s+the\s+end\s+of|"
                  r"by\s+the\s+end\s+of)\s+(?P<when>\S.*?)\s*[.!?]*$", re.IGNORECASE)


def strip_preamble(text: str, words: EventWords) -> str:
    """The request without the words that open it and are not part of it ("i need to", "actually")."""
    while True:
        tokens = [t for t in tokenize(text) if is_word(t)]
        n = match_at([t.norm for t in tokens], 0, words.preambles) if tokens else 0
        if not n or n >= len(tokens):
            return text
        text = text[tokens[n].start:]


def _norms(text: str) -> list[str]:
    return [t.norm for t in tokenize(text) if is_word(t)]


def _opens(norms: list[str], phrases: tuple[Phrase, ...], vocab: Vocab) -> int:
    """The length of the verb phrase that opens the request (after polite words), or 0."""
    i = 0
    while i < len(norms) and (n := match_at(norms, i, vocab.polite_wrappers)):
        i += n
    return match_at(norms, i, phrases) if i < len(norms) else 0


_COPULA = frozenset(("is", "are", "will", "was", "'s", "isn't", "aren't", "won't"))
# "put this in my diary: lunch with Ana, friday at 1": the pronoun stands for what the colon brings
_IT_THEN_WHAT = re.compile(r"^(?P<verb>[^:]*?\b(?:put|add|stick|pop|pencil)\b)\s+(?:it|this|that)\s+(?:in|on|to|into)\s+"
                           r"(?:my|the)\s+(?:calendar|diary|schedule)\s*:\s*", re.I)


def parse_add(text: str, words: EventWords, vocab: Vocab, clock: Clock, options: Any = None) -> EventAdd | None:
    """The event `text` asks to add, or None when it is not such a request (or says no time)."""
    from steward import dates

    text = _CLOSING.sub("", strip_preamble(expand(text, words), words))
    text = _IT_THEN_WHAT.sub(r"\g<verb> ", text)
    norms = _norms(text)
    if not norms or _REMINDER.search(text) or not _opens(norms, words.add_verbs, vocab):
        return None
    lead = _lead(norms, vocab)
    if match_at(norms, lead, words.named_by_a_verb):
        return None  # "book club wednesday": a thing whose name opens with an add verb, asked of, never booked
    if (norms[lead] == "put" or _COPULA & set(norms[lead + 1:lead + 4])) and \
            read_series(text, words, clock, options) is not None:
        # "put the choir on thursdays from now on", "put rowing on hold", "book club is 2 hours from now
        # on" (a name that opens with an add verb): a change, not a new event
        return None
    rest = text
    cut: list[tuple[int, int]] = []
    # a party size and a length said with "for" ("for two", "for 30 minutes") are never the time
    hidden = [m.span("party") for m in [_PARTY.search(text)] if m is not None]
    hidden += [m.span() for m in LENGTH.finditer(text) if m[0].lower().startswith("for")]
    timed = _blank(text, hidden, " ")
    # a named day before other words of when ("the diwali dinner on the 8th at 8"): a word of the title
    said_all = dates.find_all(timed, clock, options=options)
    if any(r.named for r in said_all) and any(not r.named and r.has_date for r in said_all):
        timed = _blank(timed, [r.span for r in said_all if r.named], " ")
    repeat = dates.find_recurrence(timed, clock, options)
    found = dates.find(timed, clock, options=options)
    if repeat is not None:
        spans = list(repeat.parts or [repeat.span])
    elif found is not None and found.start is not None:
        spans = list(found.parts or [found.span])
    else:
        return None
    cut.extend(spans)
    minutes = None
    length = LENGTH.search(text)
    if length is not None and not any(a <= length.start() < b for a, b in spans):
        minutes = round(minutes_of(length))
        cut.append(length.span())
    place = None
    blanked = _blank(text, cut)
    m = _PLACE.search(blanked)
    if m is not None:
        place = m["place"].strip()
        cut.append(m.span())
    rest = _blank(text, cut, " ")
    title_words = rest.split()
    # the opening verb and polite words, the calendar words, and the little words left at the ends
    tokens = _norms(rest)
    skip = _opens(tokens, words.add_verbs, vocab)
    i = 0
    while i < len(tokens) and (n := match_at(tokens, i, vocab.polite_wrappers)):
        i += n
    drop = i + skip
    title_words = title_words[drop:] if len(title_words) >= drop else []
    title = " ".join(title_words)
    for phrase in words.calendar_words:
        title = re.sub(rf"\b{re.escape(' '.join(phrase))}\b", " ", title, flags=re.IGNORECASE)
    parts = [w.strip(",.!?;:") for w in title.split()]
    parts = [w for w in parts if w]
    while parts and parts[0].lower() in _TRAIL:
        parts.pop(0)
    while parts and parts[-1].lower() in _TRAIL:
        parts.pop()
    if not parts:
        return None
    title = " ".join(parts)
    left = dates.find(title, clock, options=options)
    if left is not None and left.has_date and not left.named:
        return None  # words of a second day left in the title: which day is meant is not clear
    when = " ".join(text[a:b] for a, b in sorted(spans))
    return EventAdd(title, _in_its_part(when, norms, words, clock, options), minutes, place)


# an hour said with the half of the day it is in, or a part of the day: kept as said
_HALF_SAID = re.compile(r"\b(?:a\.?m\.?|p\.?m\.?|morning|afternoon|evening|night|tonight|noon|midday|midnight|"
                        r"lunch|lunchtime|dinner|dinnertime)\b|\d(?:am|pm)\b|\b\d{1,2}[:.h]?\d{2}\s*h(?:rs)?\b|"
                        r"\b(?:1[3-9]|2[0-3]|0\d)[:.]\d{2}\b", re.IGNORECASE)


def _in_its_part(when: str, norms: list[str], words: EventWords, clock: Clock, options: Any) -> str:
    """WHEN with the part of the day its thing is in, when its hour is said bare ("friday at 7" for a table or a
    dinner is that evening; "tuesday at 8" for a breakfast that morning); else WHEN as said."""
    from steward import dates

    if _HALF_SAID.search(when):
        return when
    part = ("in the evening" if any(match_at(norms, i, words.evening_things) for i in range(len(norms)))
            else "in the morning" if any(match_at(norms, i, words.morning_things) for i in range(len(norms)))
            else None)
    if part is None:
        return when
    said = dates.find(when, clock, options=options)
    placed = dates.find(f"{when} {part}", clock, options=options)
    if said is None or placed is None or said.start is None or placed.start is None or not said.has_time:
        return when
    # the same clock hour in the other half of the day, on the same day: the bare hour read in its thing's part
    same_day = said.start.date() == placed.start.date()
    if same_day and placed.start.minute == said.start.minute and abs(placed.start.hour - said.start.hour) == 12:
        return f"{when} {part}"
    return when


# how long ago a day said without its year may have been for the words to mean it, not next year's
_LATELY = timedelta(days=92)


def passed_lately(when: str, clock: Clock, options: Any = None) -> date | None:
    """The day WHEN names this year, when that day has passed in the last three months and the words say
    no year ("on 8 nov" said on 12 November): next year's is not what was meant, so nothing is written.
    None when WHEN names a day to come (or gives its year)."""
    from steward import dates

    if re.search(r"\b(?:19|20)\d\d\b|'\d\d\b", when):
        return None
    ahead = dates.resolve(when, clock, prefer="future", options=options)
    this = dates.resolve(when, clock, prefer="current", options=options)
    if ahead is None or this is None or not this.has_date or ahead.recurring or ahead.named:
        return None
    was, now = this.start.astimezone(clock.zone), clock.now()
    if ahead.start - this.start < timedelta(days=300) or not now - _LATELY < was < now:
        return None
    return was.date()


def _blank(text: str, spans: list[tuple[int, int]], fill: str = "_") -> str:
    chars = list(text)
    for a, b in spans:
        for k in range(a, min(b, len(chars))):
            chars[k] = fill
    return "".join(chars)


def parse_change(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                 options: Any = None) -> EventChange | None:
    """The change `text` asks of an existing event, or None when it asks none (or names a reminder)."""
    text = expand(text, words)
    if _REMINDER.search(text):
        return None
    # "back to the train. when does it get in?": a return to a topic said before the question, never a move
    text = _BACK_TO.sub("", text) or text
    fixed = _CORRECTION.match(text)
    if fixed is not None:
        when = re.sub(r"^(\d{1,2})$", r"\1:00", fixed["new"].strip())
        return EventChange("move", pronoun=True, when=when, text=text, corrects=True)
    after = _AFTER_THAT.match(text)
    if after is not None and (after["lead"] or after["more"] or re.search(r"\bafter\b", text, re.IGNORECASE)):
        return EventChange("cancel", pronoun=True, occurrence=True, text=text, follows=True)
    away = _while_away(text, words, clock, options)
    if away is not None:
        return away
    said = _clause_meant(text, words, manage, vocab, clock, options)
    return _parse_text(said or text, words, manage, vocab, clock, options)


# a return to an earlier topic opening a turn ("back to the hotel.", "ok, back to Leeds:"), not what it asks
_BACK_TO = re.compile(r"^\W*(?:(?:ok(?:ay)?|right|so|and|now)[\s,]+)*back\s+to\s+[^.?!:;]{1,40}[.?!:;]\s*(?=\S)", re.IGNORECASE)


# after a time was skipped, the next one too: "and the one after it as well", "plus the following one"
# ("the next one" alone may answer a question of which one: "and", "too" or "after that" must be said)
_AFTER_THAT = re.compile(r"^\W*(?P<lead>(?:(?:and|also|plus)\s+)*)(?:(?:skip|cancel|drop)\s+)?(?:the\s+one\s+after\s+"
                         r"(?:that|it)|the\s+next\s+one(?:\s+after\s+(?:that|it))?|the\s+following\s+one)"
                         r"(?P<more>(?:\s+(?:too|as\s+well|also))*)(?:\s+(?:please|pls))?\W*$", re.IGNORECASE)
# a change said of days named in another clause: "I'm away 3-9 May, so take choir off *that week*"
_THEN_OFF = re.compile(r"^\W*(?:(?:so|please|pls|just|then)\s+)*(?:take|skip|cancel|drop|remove|clear|no)\s+(?P<target>\S.*?)"
                       r"(?:\s+off(?:\s+(?:my|the)\s+(?:calendar|diary|schedule))?)?\s+(?:for\s+)?(?:that\s+week|those\s+days|"
                       r"that\s+time|then|during\s+that(?:\s+time|\s+week)?|while\s+i'?m\s+away)\W*$", re.IGNORECASE)


def _while_away(text: str, words: EventWords, clock: Clock, options: Any) -> EventChange | None:
    """ "I'm away 7-13 May so take choir off that week": every time of the event on the days the other
    clause names (a span of days, no clock time) skipped. None when the sentence has no such shape."""
    from steward import dates

    clauses = [c for c in _CLAUSES.split(text) if c and c.strip(" .!?")]
    if len(clauses) != 2:
        return None
    for days_said, doing in (clauses, clauses[::-1]):
        m = _THEN_OFF.match(doing)
        said = dates.find(days_said, clock, options=options)
        if m is None or said is None or said.start is None or said.end is None or said.has_time:
            continue
        first = said.start.astimezone(clock.zone).date()
        last = (said.end - timedelta(seconds=1)).astimezone(clock.zone).date()
        if last <= first:
            continue
        nouns = {w for p in words.nouns for w in p}
        target = tuple(w for w in _norms(m["target"]) if w not in _TRAIL and w not in nouns and w not in _HOW)
        if target:
            return EventChange("cancel", target, occurrence=True, text=doing, several=Several(first=first, last=last))
    return None


_TIME = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?|noon|midday)"
# a time said again to put right the one just written: "sorry, 11 not 9", "oops i meant 4pm", "no, 9:30"
_CORRECTION = re.compile(rf"^\W*(?:sorry|oops|no|nope|actually|wait|my\s+bad|i\s+meant?|make\s+(?:that|it))\b[\s,!.:-]*"
                         rf"(?:(?:i\s+meant?|make\s+(?:that|it)|it'?s|at|to)\s+)*(?P<new>{_TIME})"
                         rf"(?:[\s,]+(?:not|instead\s+of|rather\s+than)\s+{_TIME})?(?:[\s,]+(?:instead|please|pls))?\W*$",
                         re.IGNORECASE)


# where one clause of a request ends and the next begins: "the trip's off, delete the flight"
_CLAUSES = re.compile(r"\s*[,;]\s*|\s+[-–—]+\s+|\s+(?:so|because|cos|since)\s+(?!(?:on|far)\b)", re.IGNORECASE)
# a clause that does something to "it" and names nothing: "delete it", "take it off the calendar", "update it"
_DO_IT = re.compile(r"^\W*(?:(?:please|can\s+you|could\s+you|just)\s+)*(?P<verb>delete|remove|cancel|drop|scrap|bin|"
                    r"clear|take|get\s+rid\s+of|update|change|fix|adjust|amend|edit|correct|sort)\s+(?:it|that|this|them)"
                    r"(?:\s+(?:off|out\s+of|from)\s+(?:my|the)\s+(?:calendar|diary|schedule)|\s+off|\s+out|\s+please|"
                    r"\s+accordingly|\s+too|\s+for\s+me|\s+then)*\W*$", re.IGNORECASE)
_UPDATE = frozenset(("update", "change", "fix", "adjust", "amend", "edit", "correct", "sort"))


def _clause_meant(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                  options: Any) -> str | None:
    """The request a sentence of several clauses makes, said as one: "we've stopped going to the choir,
    delete it" is "cancel the choir" (the news before says which event "it" is; "update it" after news
    of a new time is that news); "cancel the choir, the hall is closed" is its first clause (a reason
    that says no day or time is no part of it). None when no clause says more than the whole."""
    from steward import dates

    clauses = [c for c in _CLAUSES.split(text) if c and c.strip(" .!?")]
    if len(clauses) < 2:
        return None
    doing = [k for k, c in enumerate(clauses) if _DO_IT.match(c)]
    if len(doing) == 1:
        verb = _DO_IT.match(clauses[doing[0]])["verb"].lower()  # type: ignore[index]
        news = ", ".join(c for k, c in enumerate(clauses) if k != doing[0])
        if verb in _UPDATE:
            return news
        said = _parse_text(news, words, manage, vocab, clock, options)
        if said is not None and said.action == "cancel":
            return news  # "there's no choir on friday, so take it off": the news says which time
        return "cancel " + _without(news, words.news_words)
    meant = [c for c in clauses if _parse_text(c, words, manage, vocab, clock, options) is not None]
    if len(meant) > 1:  # "delete the ferry, the trip is off": the clause that says what to do
        verbs = (*manage.verbs["move"], *manage.verbs["cancel"], *words.resize_verbs, *words.end_verbs,
                 *words.pause_verbs, *words.move_verbs, *words.add_verbs)
        meant = [c for c in meant if _opens(_norms(strip_preamble(c, words)), verbs, vocab)]
    if len(meant) != 1:
        return None
    rest = [c for c in clauses if c is not meant[0]]
    if any(r.start is not None for c in rest for r in dates.find_all(c, clock, options=options)):
        return None  # "on the 1st instead, 2pm": a time said apart is part of the request
    assert words.forms is not None
    marks = (*words.forms.once, *words.forms.onward, *words.forms.since)
    if any(match_at(n, i, marks) for n in map(_norms, rest) for i in range(len(n))):
        return None  # "just this once, push the choir to 9": how the change is meant is part of it
    return meant[0]


def _without(text: str, phrases: tuple[Phrase, ...]) -> str:
    """The text without the words of `phrases` ("i won't need the boiler check any more": "the boiler
    check")."""
    tokens = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm for t in tokens]
    keep, i = [], 0
    while i < len(tokens):
        n = match_at(norms, i, phrases)
        if n:
            i += n
            continue
        keep.append(text[tokens[i].start:tokens[i].end])
        i += 1
    return " ".join(keep)


def _parse_text(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                options: Any = None) -> EventChange | None:
    text = _CLOSING.sub("", strip_preamble(text, words))
    text = _REST_OF.sub("all the ", text)  # "cancel the rest of the runs": every time still to come
    text = _topic_first(text, words, manage, vocab)
    plain = _plain_change(text, words, manage, vocab, clock, options)
    return _better(plain, read_series(text, words, clock, options), words)


_PLURAL_DAYS = re.compile(r"(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|weekends)", re.IGNORECASE)


_DAY_NAMES = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", re.IGNORECASE)


def _better(plain: EventChange | None, parts: EventChange | None, words: EventWords) -> EventChange | None:
    """The change read by the shapes of `event_forms` (`plain`), or the one read by the parts of a series
    change (`series_talk`) where the shapes read none, or read a move where the parts say an end, a new
    length or a pause."""
    if parts is None or any(w in words.not_events for w in parts.target):
        return plain
    if plain is None:
        return parts
    if parts.action != plain.action and parts.action in ("end", "resize") or \
            parts.several is not None and plain.several is None:
        return parts
    # days said of every time ("on sundays") pick no one time of it
    every_day = all(_PLURAL_DAYS.fullmatch(plain.text[a:b].strip()) for a, b in plain.filters)
    if plain.action == "cancel" and parts.action == "move" and every_day:
        return parts  # "no more rowing on sundays, saturdays instead": where it goes, not an end
    more_days = len(_DAY_NAMES.findall(parts.when)) > len(_DAY_NAMES.findall(plain.when))
    if parts.action == plain.action == "move" and (plain.series or plain.since or more_days) and every_day \
            and not plain.occurrence and plain.shift is None and \
            (not re.search(r"\d", plain.when) or re.search(r"\d", parts.when)):
        return parts  # every time moved: the parts read its new days and time whole, its name without the rest
    if plain.when and parts.when and re.search(rf"\b(?:not|instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:on\s+|at\s+)?"
                                               rf"{re.escape(plain.when)}", parts.text, re.IGNORECASE):
        return parts  # "thursdays from now on, not tuesdays": where it goes is not the day it leaves
    if parts.action == plain.action and words.series is not None:
        # the same change: its event named without the little words the shapes left in ("can choir be")
        kept = tuple(w for w in plain.target if w not in words.series.filler or w in parts.target)
        if kept:
            return replace(plain, target=kept)
    return plain


def _plain_change(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                  options: Any = None) -> EventChange | None:
    several = _parse_several(text, words, manage, vocab, clock, options)
    if several is not None:
        return several
    ended = _parse_end(text, words, manage, vocab, clock, options)
    if ended is not None:
        return ended
    # "push the review an hour", "delay the call 30 minutes": a length after a verb that only delays is later
    text = _DELAY_BY.sub(r"\g<0> later", text)
    # "bring the meeting forward an hour", "pull the review back": a move said with a shift
    text = re.sub(r"^(\W*(?:please\s+)?)(?:bring|pull)\b", r"\1move", text, flags=re.IGNORECASE)
    text = _as_move(text, words, vocab)
    norms = _norms(text)
    opened = bool(_opens(norms, (*manage.verbs["move"], *manage.verbs["cancel"], *words.resize_verbs,
                                 *words.end_verbs), vocab))
    whole = False
    stop = _opens(norms, words.end_verbs, vocab)
    if stop and not _opens(norms, manage.verbs["cancel"], vocab):
        # "stop the choir", "no more runs": no day said, so the whole series is cancelled; an end said
        # with a day that could not be read ("no more runs from the thaw") is no cancel of every time
        if _END_SAID.search(text):
            return None
        rest = [t for t in tokenize(text) if is_word(t)]
        lead = _lead(norms, vocab)
        text, whole = "cancel " + text[rest[min(lead + stop, len(rest) - 1)].start:], True
    assert words.forms is not None
    said = rephrase(text, words.forms, opened, clock, options, vocab.polite_wrappers)
    found = _parse_change(said.text, words, manage, vocab, clock, options)
    if found is None or any(w in words.not_events for w in found.target):
        return None  # "end my climbing membership": a thing that is no event
    series = found.series or said.onward or whole
    if said.once:
        return replace(found, occurrence=True, series=False)
    return replace(found, series=series, since=said.since)


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple": 2, "few": 3}
_NEXT_N = re.compile(r"^(?:the\s+)?next\s+(?:(?P<n>[2-9]|two|three|four|five|six)|(?:a\s+)?(?P<a>couple|few)\s+of)\s+"
                     r"(?P<rest>\S.*)$", re.IGNORECASE)
_SPAN_UNIT = re.compile(r"^(?:weeks?|days?|months?|times?)\b", re.IGNORECASE)
# the days a pause covers: "for the next two weeks", "for the rest of the week", "until the new year"
_WINDOW = re.compile(r"\s+(?:for\s+(?:the\s+next\s+|the\s+coming\s+|next\s+)?(?P<n>[1-9]|one|two|three|four|five|six|(?:a\s+)?couple\s+of|"
                     r"(?:a\s+)?few)\s+"
                     r"(?P<unit>weeks?|days?)|for\s+the\s+rest\s+of\s+(?:(?:the|this)\s+(?P<rest>week|month)|(?P<month>" + _MONTHS
                     + r"))|"
                     r"(?P<how>until|till|til|through|thru|up\s+to)\s+(?P<until>\S.*?))\s*$", re.IGNORECASE)
_AND_DAY = re.compile(r"^\s*(?:,\s*)?(?:and|&|,|plus)\s+(?:(?:on|the)\s+)*(?=\S)", re.IGNORECASE)


def _days_listed(text: str, clock: Clock, options: Any) -> tuple[int, tuple[date, ...]] | None:
    """ "on the 13th and the 20th", "friday and monday": two days or more said one after another (where
    the first begins, and the days), or None."""
    from steward import dates

    first = dates.find(text, clock, options=options)
    if first is None or first.start is None or not first.has_date:
        return None
    days, at = [first.start.astimezone(clock.zone).date()], first.span[1]
    while (m := _AND_DAY.match(text[at:])) is not None:
        tail = text[at + m.end():]
        said = dates.find(_on_day(tail), clock, options=options)
        if said is None or said.start is None or not said.has_date or said.span[0] > 3:
            break
        days.append(said.start.astimezone(clock.zone).date())
        at = len(text) if said.span[1] >= len(_on_day(tail)) else at + m.end() + len(tail.split(None, 1)[0])
        if at >= len(text):
            break
    return (first.span[0], tuple(days)) if len(days) > 1 else None


def _parse_several(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                   options: Any) -> EventChange | None:
    """ "skip the next two runs", "no choir for the next two weeks", "pause yoga until the new year",
    "skip piano on the 13th and the 20th": several times of a repeating event skipped at once."""
    from steward import dates

    assert words.forms is not None
    tokens = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm for t in tokens]
    lead = _lead(norms, vocab)
    if lead >= len(norms):
        return None
    n = match_at(norms, lead, (*words.forms.not_on, *words.pause_verbs, ("skip",), ("cancel",), ("drop",)))
    if not n or lead + n >= len(tokens):
        return None
    rest = text[tokens[lead + n].start:].rstrip(" .!?")
    several: Several | None = None
    m = _NEXT_N.match(rest)
    if m is not None and not _SPAN_UNIT.match(m["rest"]):
        several, rest = Several(count=_COUNTS.get((m["n"] or m["a"]).lower()) or int(m["n"])), m["rest"]
    elif (w := _WINDOW.search(rest)) is not None:
        today = clock.today()
        if w["unit"]:
            said_n = [x for x in w["n"].lower().split() if x not in ("a", "of")][0]
            k = int(said_n) if said_n.isdigit() else 1 if said_n == "one" else _COUNTS.get(said_n, 2)
            span = timedelta(days=7 * k if w["unit"].lower().startswith("week") else k)
            several = Several(first=today, last=today + span - timedelta(days=1))
        elif w["month"]:
            said = dates.find(w["month"], clock, options=options)
            if said is None or said.start is None or said.end is None:
                return None
            several = Several(first=today, last=(said.end - timedelta(seconds=1)).astimezone(clock.zone).date())
        elif w["rest"]:
            if w["rest"].lower() == "week":
                last = today + timedelta(days=6 - today.weekday())
            else:
                last = (today.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
            several = Several(first=today, last=last)
        else:
            said = dates.find(w["until"], clock, options=options)
            if said is None or said.start is None or said.span[0] > 4:
                return None
            begin = said.start.astimezone(clock.zone).date()
            if w["how"].lower() in ("through", "thru"):
                end = said.end if said.end is not None and said.end > said.start else said.start
                last = (end - timedelta(seconds=1)).astimezone(clock.zone).date() if end > said.start else begin
            else:
                last = begin - timedelta(days=1)
            several = Several(first=today, last=last)
        rest = rest[:w.start()]
    else:
        days = _days_listed(rest, clock, options)
        if days is None:
            return None
        several, head = Several(days=days[1]), rest[:days[0]]
        rest = re.sub(r"\s+(?:on|for)\s*$", "", head, flags=re.IGNORECASE)
    nouns = {w for p in words.nouns for w in p}
    said_words = _norms(rest)
    target = tuple(w for w in said_words if w not in _TRAIL and w not in nouns and w not in _HOW
                   and w not in _QUANTIFIERS and w not in ("it", "that", "them", "rest", "of"))
    pronoun = any(w in ("it", "that", "them") for w in said_words)
    if not target and not pronoun:
        return None
    return EventChange("cancel", target, pronoun, any(w in nouns for w in said_words), False, True,
                       text=text, several=several)


_TOPIC = re.compile(r"^\W*(?P<topic>[^:\n]{2,60}?)\s*[:\-–—]\s+(?P<rest>\S.*)$")


def _topic_first(text: str, words: EventWords, manage: ManageWords, vocab: Vocab) -> str:
    """ "choir: stop after march", "the run - move it to 7": the event named first, then the change,
    read as the change said of it ("stop choir after march")."""
    m = _TOPIC.match(text)
    if m is None:
        return text
    rest = m["rest"]
    tokens = [t for t in tokenize(rest) if is_word(t)]
    norms = [t.norm for t in tokens]
    verbs = (*manage.verbs["move"], *manage.verbs["cancel"], *words.resize_verbs, *words.end_verbs,
             *words.pause_verbs, *words.move_verbs)
    n = _opens(norms, verbs, vocab)
    if not n or n >= len(tokens):
        return text
    at = tokens[_lead(norms, vocab) + n - 1].end
    after = re.sub(r"^\s*(?:it|that|them)\b", "", rest[at:], flags=re.IGNORECASE)
    return f"{rest[:at]} {m['topic'].strip()}{after}"


def _as_move(text: str, words: EventWords, vocab: Vocab) -> str:
    """A move said with another verb ("swap the choir to thursdays") as "move ..."."""
    tokens = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm for t in tokens]
    lead = _lead(norms, vocab)
    n = match_at(norms, lead, words.move_verbs) if lead < len(norms) else 0
    if not n or lead + n >= len(tokens):
        return text
    return f"{text[:tokens[lead].start]}move {text[tokens[lead + n].start:]}"


def _lead(norms: list[str], vocab: Vocab) -> int:
    i = 0
    while i < len(norms) and (n := match_at(norms, i, vocab.polite_wrappers)):
        i += n
    return i


def _parse_change(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                  options: Any = None) -> EventChange | None:
    from steward import dates

    found = _read_change(text, words, manage, vocab, clock, options)
    if found is None:
        return None
    said = _BARE_HOUR.sub(lambda m: f"{m[1]} {m[2]}:00{m[3]}", _on_day(text))
    # a named day said as a word of the event's title ("cancel the christmas market"), not after "on",
    # "over", "before" ... ("skip yoga over christmas"), is part of which event, never a day
    named = [(a, b) for a, b in found.filters if not _DAY_LEAD.search(said[:a]) and not _DAY_OPENS.match(said[a:b])
             and (r := dates.find(said[a:b], clock, options=options)) is not None and r.named]
    if named:
        found = replace(found, filters=tuple(f for f in found.filters if f not in named),
                        target=found.target + tuple(w for a, b in named for w in _norms(said[a:b])))
    return replace(found, text=said)


_DELAY_BY = re.compile(r"^\W*(?:please\s+)?(?:push|bump|delay|postpone|put\s+off)\s+\S.*?\s+(?:by\s+)?(?:an?|half\s+an?|"
                       r"\d+(?:[.,]\d+)?|one|two|three|a\s+couple\s+of)\s*(?:hours?|hrs?|h|minutes?|mins?|days?|weeks?)"
                       r"(?=\W*$)", re.IGNORECASE)
_DAY_OPENS = re.compile(r"\s*(?:on|for|at|over|before|after|until|till|by|from|this|next|since|during|around)\b",
                        re.IGNORECASE)
_DAY_LEAD = re.compile(r"\b(?:on|for|at|over|before|after|until|till|by|from|this|next|since|during|around)\s*$",
                       re.IGNORECASE)


# a day of the month said bare, after the event's words: "skip yoga 14th", "cancel piano the 12th"
_ORDINAL = re.compile(r"(?<![\w'])(?P<the>the\s+)?(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:of\b|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))",
                      re.IGNORECASE)
_BEFORE_DAY = frozenset(("on", "to", "from", "until", "till", "by", "after", "before", "for", "since", "of", "the",
                         "through", "thru", "starting", "beginning", "monday", "tuesday", "wednesday", "thursday",
                         "friday", "saturday", "sunday"))


def _on_day(text: str) -> str:
    """A bare day of the month said "on the 14th" (how `dates` reads a day without its month)."""
    def said(m: re.Match[str]) -> str:
        before = text[:m.start()].split()
        if before and before[-1].lower() in _BEFORE_DAY:
            return m[0]
        return f"on the {m[0][len(m['the'] or ''):]}"

    return _ORDINAL.sub(said, text)


def _read_change(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
                 options: Any = None) -> EventChange | None:
    text = _on_day(text)
    text = _BARE_HOUR.sub(lambda m: f"{m[1]} {m[2]}:00{m[3]}", text)  # "move it to 10": a clock time
    norms = _norms(text)
    shift = find_shift(text)
    if shift is not None or _NEXT_WEEK.search(text):
        cut = shift.span if shift is not None else _NEXT_WEEK.search(text).span()  # type: ignore[union-attr]
        rest = _blank(text, [cut], " ")
        request = parse_request(rest + " to tomorrow", manage, vocab, clock, options)
        if request is None or request.action != "move":
            return None
        delta = shift.delta if shift is not None else timedelta(days=7)
        return _change("move", request, words, norms, shift=delta,
                       filters=tuple(s for s in request.filters if s[1] <= len(rest.rstrip())))
    ends = _END_AT.match(text)
    if ends is not None:
        # "make the recital end at 9": a new end, the start kept
        nouns = {w for p in words.nouns for w in p}
        said = _norms(ends["target"])
        target = tuple(w for w in said if w not in _TRAIL and w not in nouns and w not in _HOW)
        return EventChange("resize", target, any(w in ("it", "that") for w in said) and not target,
                           any(w in nouns for w in said), when=ends["when"])
    opening = _opens(norms, words.resize_verbs, vocab)
    length = LENGTH.search(text)
    if opening and length is not None and length["unit"].lower()[0] in "mh":
        from steward.calendar.reminders.requests import Request

        rest = _blank(text, [length.span()], " ")
        nouns = {w for p in words.nouns for w in p}
        target = tuple(w for w in _norms(rest)[opening:] if w not in _TRAIL and w not in _QUANTIFIERS
                       and w not in nouns and w not in ("it", "that", "long", "last"))
        pronoun = any(w in ("it", "that") for w in _norms(rest)[opening:])
        return _change("resize", Request("move", target, pronoun), words, norms, minutes=round(minutes_of(length)))
    split = _move_to(text, manage, vocab, clock, options)
    if split is not None:
        return _change("move", split, words, norms, when=split.when, filters=split.filters)
    request = parse_request(text, manage, vocab, clock, options)
    if request is None:
        return _to_repeat(text, words, manage, vocab, clock, options)
    if request.action not in ("move", "cancel"):
        return None
    when = _repeat_said(text, request.when, clock, options) if request.action == "move" else request.when
    return _change(request.action, request, words, norms, when=when, filters=request.filters)


_END_AT = re.compile(r"^\W*(?:please\s+)?(?:make|have)\s+(?P<target>\S.*?)\s+(?:end|finish)\s+(?:at\s+)?(?P<when>\S.*?)\W*$",
                    re.IGNORECASE)
# words that say how many of a repeating event's times, never which event: "*all future* runs"
_QUANTIFIERS = frozenset(("every", "each", "all", "future", "upcoming", "remaining", "coming"))
# where a move goes: "to", or an arrow ("all future runs → 7am")
_TO_SAID = re.compile(r"(?:\s+to|\s*(?:→|->|=>))\s+", re.IGNORECASE)
# the words that may follow where a move goes without changing it ("to weekdays *only*", "to
# thursday *evenings*", "to 4 *instead*")
_AFTER_WHEN = frozenset(("only", "instead", "please", "pls", "then", "now", "evenings", "mornings", "afternoons",
                         "nights", "as", "well", "too", "each", "every", "week", "weekly", "time", "thanks"))
_LEAD_HOUR = re.compile(r"^(?P<hour>\d{1,2})(?=\s+(?:every|each|on|daily|weekdays?|weekends?)\b|\s*$)", re.IGNORECASE)


def _move_to(text: str, manage: ManageWords, vocab: Vocab, clock: Clock, options: Any) -> Any:
    """ "move the morning run to 7 every day": a move verb, the event's words, then "to" and where it goes
    (a day, a time, a repeat, or a bare hour), read as such whatever the event's own words hold ("morning",
    "weekly" in a title are not where it goes). None when the text has no such shape."""
    from steward import dates
    from steward.calendar.reminders.requests import Request

    tokens = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm for t in tokens]
    lead = _lead(norms, vocab)
    verb = match_at(norms, lead, manage.verbs["move"]) if lead < len(norms) else 0
    if lead + verb >= len(tokens):
        return None
    if verb:
        begin = tokens[lead + verb - 1].end
    elif re.search(r"→|->|=>", text):
        begin = tokens[lead].start  # "all future runs → 7am": an arrow says the move
    else:
        return None
    for m in reversed(list(_TO_SAID.finditer(text, begin))):
        tail = _LEAD_HOUR.sub(lambda h: f"{h['hour']}:00", text[m.end():].rstrip(" .!?"))
        repeat = dates.find_recurrence(tail, clock, options)
        said = dates.find(tail, clock, options=options)
        if repeat is not None and repeat.span[0] == 0:
            end = repeat.span[1]
            if said is not None and said.start is not None and said.span[0] <= end + 4:
                end = max(end, said.span[1])  # "fridays at 3": the time said with the repeat
        elif said is not None and said.start is not None and said.span[0] == 0:
            end = said.span[1]
        else:
            continue
        if not set(_norms(tail[end:])) <= _AFTER_WHEN:
            continue
        head = text[begin:m.start()]
        target = tuple(_norms(head))
        if not target:
            return None
        # the days and times said of the event ("tomorrow's", "on the 9th"); a part of the day alone is a
        # word of its title ("the morning run", "evening class")
        filters = tuple((r.span[0] + begin, r.span[1] + begin) for r in dates.find_all(head, clock, options=options)
                        if r.start is not None and (r.has_date or re.search(r"\d", head[r.span[0]:r.span[1]])))
        kept = tuple(w for w in target if w not in _TRAIL and w not in _QUANTIFIERS
                     and not any(a <= _at(head, w) + begin < b for a, b in filters))
        pronoun = any(w in ("it", "that") for w in kept)
        return _Split(Request("move", tuple(w for w in kept if w not in ("it", "that")), pronoun),
                      " ".join(tail[:end].split()), filters)
    return None


@dataclass(frozen=True)
class _Split:
    request: Any
    when: str
    filters: tuple[tuple[int, int], ...]

    @property
    def target(self) -> tuple[str, ...]:
        return tuple(self.request.target)

    @property
    def pronoun(self) -> bool:
        return bool(self.request.pronoun)

    occurrence = False
    series = False


def _at(text: str, word: str) -> int:
    m = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)
    return m.start() if m else -1


def _to_repeat(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
               options: Any) -> EventChange | None:
    """ "move the run to weekly", "change the 1:1 to fortnightly": a move to a repeat that says no day
    or time `dates` reads as a moment (its days are the event's own unless it names some)."""
    from steward import dates

    norms = _norms(text)
    verb = _opens(norms, manage.verbs["move"], vocab)
    repeat = dates.find_recurrence(text, clock, options) if verb else None
    if repeat is None:
        return None
    tokens = [t for t in tokenize(text) if is_word(t)]
    at = _lead(norms, vocab) + verb
    if at >= len(tokens) or tokens[at].start >= repeat.span[0]:
        return None
    head = _norms(text[tokens[at].start:repeat.span[0]])
    nouns = {w for p in words.nouns for w in p}
    target = tuple(w for w in head if w not in _TRAIL and w not in nouns and w not in _HOW
                   and w not in ("every", "all", "it", "that"))
    pronoun = any(w in ("it", "that") for w in head)
    if not target and not pronoun:
        return None
    return EventChange("move", target, pronoun, any(w in nouns for w in norms), True,
                       when=text[repeat.span[0]:repeat.span[1]], text=text)


def _repeat_said(text: str, when: str, clock: Clock, options: Any) -> str:
    """Where a move goes, with the repeat it says whole ("to every other wednesday", not "wednesday")."""
    from steward import dates

    if not when or (at := text.find(when)) < 0:
        return when
    repeat = dates.find_recurrence(text, clock, options)
    if repeat is not None and repeat.span[0] <= at < repeat.span[1] + 1 and repeat.span[1] >= at + len(when):
        return text[repeat.span[0]:repeat.span[1]]
    return when


def _parse_end(text: str, words: EventWords, manage: ManageWords, vocab: Vocab, clock: Clock,
               options: Any) -> EventChange | None:
    """ "end the choir practice after january": a series ended after a day (its last day kept)."""
    from steward import dates

    text = _OVER.sub(r"after \g<when>", text)  # "once december's over": after december
    norms = _norms(text)
    opening = _opens(norms, words.end_verbs, vocab)
    m = _END.search(text)
    if not opening or m is None:
        return _said_to_end(text, words, clock, options)
    said = dates.find(m["when"], clock, options=options)
    if said is None or said.start is None or said.has_time:
        return None
    zone = clock.zone
    first = said.start.astimezone(zone).date()
    last = (said.end - timedelta(seconds=1)).astimezone(zone).date() if said.end is not None and said.end > said.start \
        else first
    how = " ".join(m["how"].lower().split())
    last_day = first - timedelta(days=1) if how in ("from", "starting", "beginning", "as of") else last
    head = _blank(text, [m.span()], " ")
    nouns = {w for p in words.nouns for w in p}
    target = tuple(w for w in _norms(head)[opening:] if w not in _TRAIL and w not in nouns and w not in _HOW
                   and w not in ("having", "doing", "it", "that"))
    pronoun = any(w in ("it", "that") for w in _norms(head)[opening:])
    if not target and not pronoun:
        return None
    return EventChange("end", target, pronoun, any(w in nouns for w in norms), True, last_day=last_day, text=text)


def _said_to_end(text: str, words: EventWords, clock: Clock, options: Any) -> EventChange | None:
    """ "the choir ends on the 18th", "the last run is on the 23rd": a series ended, said as news of it."""
    from steward import dates

    m = _LAST.match(text) or _ENDS.match(text)
    if m is None:
        return None
    said = dates.find(m["when"], clock, options=options)
    if said is None or said.start is None or said.has_time or said.span[0] > 1:
        return None
    first = said.start.astimezone(clock.zone).date()
    last = (said.end - timedelta(seconds=1)).astimezone(clock.zone).date() if said.end is not None and \
        said.end > said.start else first
    nouns = {w for p in words.nouns for w in p}
    target = tuple(w for w in _norms(m["target"]) if w not in _TRAIL and w not in nouns and w not in _HOW)
    if not target:
        return None
    return EventChange("end", target, False, any(w in nouns for w in _norms(text)), True, last_day=last)


def _change(action: str, request: Any, words: EventWords, norms: list[str], **extra: Any) -> EventChange:
    nouns = {w for p in words.nouns for w in p}
    target = tuple(w for w in request.target if w not in nouns and w not in _HOW)
    noun = any(w in nouns for w in norms)
    occurrence = bool(request.occurrence) or "skip" in norms
    series = bool(request.series) or any(w in ("every", "all", "series") for w in norms) or \
        " ".join(norms).find("from now on") >= 0
    return EventChange(action, target, bool(request.pronoun), noun, series, occurrence, **extra)
