"""Which date in a reminder request is *when* to remind, and which only describes *what* it is for.

"remind me about tomorrow's meeting tonight": "tomorrow's" says which meeting, "tonight" says when.
"add valentine's day with her tomorrow": the holiday is the event, "tomorrow" the day. A date
expression that a time preposition does not introduce ("on", "at", "in the morning") describes the
subject when it is
- possessive ("tomorrow's meeting"),
- opened by a determiner and followed by a noun ("the evening program", "my friday call"),
- a named day (a holiday) after a connector ("about valentine's day"), or any named day when another
  time is said,
- a day said after "for" when another time is said ("slides for the 15th on monday"), unless `find`
  made the two one day ("a table for friday next week").
When a request has both kinds, the reminder's time comes from the others; the describing ones stay in
the reminder's text, and all but the possessive ones in the event's name. When every expression
describes, they are still the best time there is ("remind me about the evening program": this
evening, "evening program").

A time written with a dot ("7.40") is a clock time in a reminder when a word of time introduces it
("for 7.40", "by 9.05") or when the request is an alarm or a wake-up; alone it may be an amount
("top up 7.40"). An alarm or a wake-up said with an hour that names no half of the day ("wake me at
half five", "an alarm for 7") is in the morning: nobody is woken at teatime unless they say so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import TYPE_CHECKING, Any

from steward.calendar.reminders.subjects import SubjectParse, parse_subject
from steward.vocab import Phrase, Token, Vocab, is_word, match_at, tokenize

if TYPE_CHECKING:
    from steward.clock import Clock
    from steward.dates import Resolution

Span = tuple[int, int]

_AHEAD = re.compile(r"\b(?:before|earlier|ahead|prior)\s*$", re.IGNORECASE)

# a named day after one of these is the time ("on valentine's day"), not the subject
_TIME_PREPOSITIONS = frozenset({"on", "at", "by", "in", "until", "till", "before", "after", "during", "from",
                                "since", "this", "next", "coming"})


@dataclass(frozen=True)
class RelativeTo:
    """ "30 minutes before my meeting with Dana": the reminder is due a lead away from an event that
    the calendar may know. `seconds` is signed (negative: before); `event` the words that name the
    event ("meeting with Dana"); `day` a day said with it ("my friday meeting"), to look on."""

    seconds: float
    event: str  # "" when the event is the reminder's own subject ("... an hour before it starts")
    day: Resolution | None = None
    span: Span = (0, 0)


@dataclass(frozen=True)
class ReminderDates:
    """The reminder's time (None when no date was said) and how the subject treats each date span.

    `cut`: the spans of the time, cut from the reminder's text. `context`: describing dates that stay
    in the text but are not the event's name ("tomorrow's"). `names`: describing dates that are part of
    the event's name ("valentine's day", "the evening program"). `bare_names`: named days in `cut`
    said without a preposition, the subject when nothing else is ("add valentine's day to my calendar").
    """

    when: Resolution | None
    cut: tuple[Span, ...] = ()
    context: tuple[Span, ...] = ()
    names: tuple[Span, ...] = ()
    bare_names: tuple[Span, ...] = ()
    relative: RelativeTo | None = None
    alarm: bool = False  # an alarm or a wake-up ("set an alarm for 7", "wake me at half six")


# the words of a trigger that make it an alarm or a wake-up
_ALARM_WORDS = frozenset(("alarm", "alarms", "wake", "waken"))
# a time written with a dot, and the word of time that makes it one outside an alarm ("for 7.40")
_DOTTED = re.compile(r"(?<![\d.,:$£€¥₹])\b(?P<h>[01]?\d|2[0-3])\.(?P<mi>[0-5]\d)\b(?![.,:]?\d|\s?%)")
_TIME_WORD_BEFORE = re.compile(r"\b(?:for|by|around|about|until|till|before|after|from|to)\s$", re.IGNORECASE)
# what names the half of the day (or a 24-hour clock) in a time said
_HALF_SAID = re.compile(r"\b(?:[ap]\.?\s?m\b\.?|[ap]\b|noon|midday|midnight|morning|afternoon|evening|tonight|"
                        r"night|lunch|dinner|breakfast|tea)|(?<![\d:.])(?:0\d|1[3-9]|2[0-3])(?!\d)", re.IGNORECASE)

# a time counted from now ("in 20 minutes", "two hours from now"): never moved to the morning
_OFFSET = re.compile(r"\b(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|from now|later)\b|^\s*in\b", re.IGNORECASE)


def is_alarm(text: str, vocab: Vocab) -> bool:
    """Whether the request is an alarm or a wake-up: its first trigger says "alarm" or "wake"."""
    norms = [t.norm for t in tokenize(text) if is_word(t)]
    for i in range(len(norms)):
        n = match_at(norms, i, vocab.reminder_triggers)
        if n:
            return not _ALARM_WORDS.isdisjoint(norms[i:i + n])
    return False


# the words of asking for an alarm, which say nothing of what it is for ("i'd like a wake up alarm")
_ALARM_ASKING = frozenset(("alarm", "alarms", "clock", "call", "wake", "wake-up", "up", "me", "my", "a", "an", "the",
                           "set", "make", "create", "put", "on", "new", "i", "i'd", "would", "like", "want", "need",
                           "please", "can", "could", "you", "for"))


def alarm_subject(subject: str, text: str) -> str:
    """What an alarm says: its subject, or "Wake up" / "Alarm" when its words only ask for the alarm."""
    if subject and not set(subject.lower().split()) <= _ALARM_ASKING:
        return subject
    said = {t.norm for t in tokenize(text)}
    return "Wake up" if said & {"wake", "wake-up", "waken"} else "Alarm"


def clock_dots(text: str, alarm: bool) -> str:
    """`text` with each dotted time a reminder means written with a colon ("for 6.15" -> "for 6:15"), the
    offsets unchanged: in an alarm every such time, else one a word of time introduces."""
    def colon(m: re.Match[str]) -> str:
        if alarm or _TIME_WORD_BEFORE.search(text, 0, m.start()):
            return f"{m['h']}:{m['mi']}"
        return m.group()

    return _DOTTED.sub(colon, text) if "." in text else text


def _in_the_morning(when: Resolution, clock: Clock) -> Resolution:
    """An alarm's time said with no half of the day, put in the morning (the next one when it has passed)."""
    start = when.start
    if not when.has_time or when.end is not None or not 13 <= start.hour <= 23 or _HALF_SAID.search(when.text) \
            or _OFFSET.search(when.text):
        return when
    start = start - timedelta(hours=12)
    if start <= clock.now():
        if when.has_date:
            return when  # "wake me at 6 today" at noon: that morning has gone; the time said stands
        start = start + timedelta(days=1)
    return replace(when, start=start)


class _Words:
    """The single words of the vocabulary lists that can stand right after a date without being its noun."""

    def __init__(self, vocab: Vocab) -> None:
        self.vocab = vocab

    @cached_property
    def not_nouns(self) -> frozenset[str]:
        v = self.vocab
        lists: tuple[tuple[Phrase, ...], ...] = (
            v.leading_connectors, v.trailing_connectors, v.modifier_markers, v.date_residue, v.date_lead_ins,
            v.polite_wrappers, v.reminder_triggers, v.mutate_verbs, v.question_openers, v.verb_cues)
        return frozenset(p[0] for phrases in lists for p in phrases if len(p) == 1)

    @cached_property
    def connectors(self) -> frozenset[str]:
        # not the person a trigger names ("remind *me* nye 11pm": the holiday is when, not what)
        return frozenset(p[0] for p in self.vocab.leading_connectors if len(p) == 1 and p[0] not in ("me", "us"))

    @cached_property
    def determiners(self) -> frozenset[str]:
        return frozenset(p[0] for p in self.vocab.determiners if len(p) == 1)


def _token_after(tokens: list[Token], end: int) -> Token | None:
    return next((t for t in tokens if t.start >= end), None)


def _token_before(tokens: list[Token], begin: int) -> Token | None:
    before = [t for t in tokens if t.end <= begin]
    return before[-1] if before else None


def _inside(tokens: list[Token], span: Span) -> list[Token]:
    return [t for t in tokens if t.start >= span[0] and t.end <= span[1] and is_word(t)]


def describes(text: str, tokens: list[Token], res: Resolution, words: _Words, others_timed: bool) -> bool:
    """True when the date expression `res` describes the subject rather than says when to remind."""
    begin, end = res.span
    if _possessive(text, res):
        return True  # "tomorrow's meeting"
    inside = _inside(tokens, res.span)
    prev = _token_before(tokens, begin)
    if (inside and inside[0].norm in _TIME_PREPOSITIONS) or (prev and prev.norm in _TIME_PREPOSITIONS):
        return False  # "in the morning", "on valentine's day": said as a time
    lead = _token_before(tokens, prev.start) if prev is not None and prev.norm in words.determiners else prev
    if others_timed and lead is not None and lead.norm == "for":
        return True  # "slides for the 15th on monday": the 15th is what they are for, monday is when
    if res.named:
        return others_timed or (prev is not None and prev.norm in words.connectors)
    after = _token_after(tokens, end)
    opens = (inside and inside[0].norm in words.determiners) or (prev and prev.norm in words.determiners)
    # "the evening program", "the friday call": a determiner opens the phrase and a noun follows it
    return bool(opens) and after is not None and is_word(after) and after.norm not in words.not_nouns


def reminder_dates(text: str, clock: Clock, vocab: Vocab, options: Any = None) -> ReminderDates:
    """The reminder's time in `text` and the spans the subject cuts, keeps as context, or keeps as names."""
    alarm = is_alarm(text, vocab)
    text = clock_dots(text, alarm)
    dated = _reminder_dates(text, clock, vocab, options)
    if not alarm:
        return dated
    return replace(dated, alarm=True, when=_in_the_morning(dated.when, clock) if dated.when else None)


def _reminder_dates(text: str, clock: Clock, vocab: Vocab, options: Any = None) -> ReminderDates:
    from steward import dates

    found = dates.find_all(text, clock, options=options)
    relative = _relative_to(text, found, clock, options)
    if relative is not None:
        return relative
    when = dates.find(text, clock, options=options)
    if when is None:
        return ReminderDates(None)
    tokens = tokenize(text)
    words = _Words(vocab)
    describing = [r for r in found if describes(text, tokens, r, words, others_timed=False)]
    # a named day, or a day said after "for", describes when another time is said; not a piece that
    # `find` made part of the time ("for friday next week" is one day)
    combined = set(when.parts) if len(when.parts) > 1 else set()
    describing = [r for r in found if r in describing or (
        r.span not in combined and any(not o.named and o not in describing for o in found if o is not r)
        and describes(text, tokens, r, words, others_timed=True))]
    described = [r.span for r in describing]
    parts: list[Span] = [(p[0], p[1]) for p in when.parts] or [when.span]
    if described and len(describing) < len(found) and all(_within(p, described) for p in parts):
        again = dates.find(_mask(text, described), clock, options=options)
        if again is not None:
            when = again
            parts = [(p[0], p[1]) for p in when.parts] or [when.span]
    ahead = _ahead_of(text, found, when, [r for r in found if r not in describing], clock.now())
    if ahead is not None:
        when = ahead
        parts = [(p[0], p[1]) for p in when.parts]
    # a possessive date on the reminder's own day says nothing the reminder's time does not: "remind me
    # about tomorrow's meeting" is "meeting" tomorrow; on another day it says which one and stays
    # ("friday's dentist appointment" reminded on thursday)
    same_day = [r for r in describing if _possessive(text, r) and not r.named and _same_day(r, when)]
    describing = [r for r in describing if r not in same_day]
    described = [r.span for r in describing]
    cut = tuple(p for p in parts if not _within(p, described)) + tuple(
        r.span for r in same_day if not _within(r.span, list(parts)))
    # a named day said bare ("add valentine's day") is the time, and the subject when nothing else is
    bare = tuple(r.span for r in found if r.named and r not in describing and _within(r.span, list(cut))
                 and describes(text, tokens, r, words, others_timed=True))
    possessive = [r for r in describing if _possessive(text, r)]
    return ReminderDates(when, cut, tuple(r.span for r in possessive),
                         tuple(r.span for r in describing if r not in possessive), bare)


def _ahead_of(text: str, found: list[Resolution], when: Resolution, timed: list[Resolution],
              now: datetime) -> Resolution | None:
    """ "30 minutes before the meeting at 5 pm": the lead counted back from the time said after it.

    Alone, "30 minutes before" is half an hour ago; in a reminder it is how long ahead of the clock time
    that follows (16:30), counted on the instant. None when the request is not so.
    """
    lead = next((r for r in found if r.span == when.span), None)
    if lead is None or lead.start >= now or not _AHEAD.search(lead.text):
        return None
    later = next((r for r in timed if r.span[0] >= lead.span[1]), None)
    if later is None:
        return None
    # days before a day are `dates`' own ("two days before friday"); an hour before a whole day is no moment
    if lead.grain not in ("second", "minute", "hour") or not later.has_time:
        return None
    start = (later.start.astimezone(UTC) - (now - lead.start)).astimezone(later.start.tzinfo)
    parts = (lead.parts or (lead.span,)) + (later.parts or (later.span,))
    return replace(later, start=start, end=None, span=(lead.span[0], later.span[1]),
                   text=text[lead.span[0]:later.span[1]], parts=parts)


# "<lead> before|after <my|the ...> <event>": a lead said from an event, not from now
_FROM_EVENT = re.compile(
    r"(?P<lead>(?:\b[\w-]+\s){0,4}?[\w-]+)\s(?P<dir>(?i:before|after|ahead of|prior to))\s"
    r"(?P<event>(?i:my|the|our|your|his|her|their)\s[^,.;:!?]+?|(?i:it|that|this)(?:\s(?i:starts|begins|is))?)"
    # the event ends before "to" and a verb ("... the match to put the telly on"), not before "to"
    # and a name ("my flight to Bangalore")
    r"(?=\s*$|\s*[,.;:!?]|\s(?i:remind|so|and|please|then)\b|\s(?i:to)\s(?![A-Z]))")
_LEAD_DAY = re.compile(r"^(?:the|a|one)\s(?:day|night)$", re.IGNORECASE)
_EVENT_END = re.compile(r"\s(?:starts|begins|start|begin|is)$", re.IGNORECASE)


def _relative_to(text: str, found: list[Resolution], clock: Clock, options: Any) -> ReminderDates | None:
    """ "remind me 30 minutes before my meeting with Dana", "the day before my exam": the lead and the
    event it counts from, when no clock time of the event is said (that is `_ahead_of`'s)."""
    from steward import dates

    for m in _FROM_EVENT.finditer(text):
        event_span = (m.start("event"), m.end("event"))
        inside = [r for r in found if _within(r.span, [event_span])]
        if any(r.has_time or _said_as_time(text, r) for r in inside):
            # "30 minutes before the meeting at 5 pm", "two days before the trip on friday": when the
            # event is, is said (`_ahead_of`, or `dates` itself for days before a day)
            return None
        lead_words = m["lead"].split()
        lead = None
        for k in range(len(lead_words)):  # the longest run of words before "before" that is a duration
            said = " ".join(lead_words[k:])
            said = "a day" if _LEAD_DAY.match(said) else said
            query = "in " + said
            res = dates.resolve(query, clock, options=options)
            # the words are the duration, all of them ("remind me half an hour" is not one)
            if res is not None and res.span == (0, len(query)) and res.start > clock.now():
                lead = res
                lead_at = m.start("lead") + len(" ".join(lead_words[:k])) + (1 if k else 0)
                break
        if lead is None:
            continue
        if any(not _within(r.span, [event_span]) and r.span[1] <= lead_at and r.has_time for r in found):
            return None  # "at 5 pm, 30 minutes before the meeting": another time is when
        seconds = (lead.start - clock.now()).total_seconds()
        sign = -1 if m["dir"].lower() != "after" else 1
        event = _EVENT_END.sub("", text[event_span[0]:event_span[1]]).strip()
        if event.lower() in ("it", "that", "this"):
            event = ""  # "remind me about the dentist an hour before it starts": the subject is the event
        day = next((r for r in inside if r.grain == "day"), None)
        cut = ((lead_at, m.end("dir")),)
        return ReminderDates(None, cut, relative=RelativeTo(sign * seconds, event, day, event_span))
    return None


def _said_as_time(text: str, res: Resolution) -> bool:
    """True when a time preposition introduces the date ("on friday"), not a determiner ("my friday")."""
    before = text[:res.span[0]].split()
    inside = res.text.split()
    first = (inside[0] if inside else "").lower()
    return first in _TIME_PREPOSITIONS or bool(before) and before[-1].lower() in _TIME_PREPOSITIONS


def subject_of(text: str, vocab: Vocab, found: ReminderDates) -> SubjectParse:
    """The subject of a reminder request with its dates treated as `found` says.

    A named day that is the time and leaves nothing else is the subject too ("add valentine's day").
    """
    if found.relative is not None:
        # "remind me to stretch 10 minutes after the standup": the event is when, not what; alone
        # ("remind me 30 minutes before my meeting with Dana") it is what the reminder is for too
        span = found.relative.span
        without = parse_subject(text, vocab, found.cut + (span,))
        return without if without.subject else parse_subject(text, vocab, found.cut)
    parsed = parse_subject(text, vocab, found.cut, context=found.context, names=found.names)
    if parsed.subject or not found.bare_names:
        return parsed
    cut = tuple(c for c in found.cut if c not in found.bare_names)
    return parse_subject(text, vocab, cut, context=found.context, names=found.names + found.bare_names)


def _same_day(res: Resolution, when: Resolution) -> bool:
    """True when a date names the local day the reminder is due on."""
    zone = when.start.tzinfo
    return res.grain not in ("week", "month", "year") and \
        res.start.astimezone(zone).date() == when.start.astimezone(zone).date()


def _possessive(text: str, res: Resolution) -> bool:
    return text[res.span[1]:res.span[1] + 2] in ("'s", "’s")


def _within(span: Span, spans: list[Span]) -> bool:
    return any(b <= span[0] and span[1] <= e for b, e in spans)


def _mask(text: str, spans: list[Span]) -> str:
    """The text with `spans` struck out, offsets unchanged (not blanked: words around a blank would glue
    into one phrase across it, "the ... next week")."""
    chars = list(text)
    for begin, end in spans:
        chars[begin:end] = "_" * (end - begin)
    return "".join(chars)
