"""The other shapes a change to an event is said in, read back into the plain request `event_talk` reads.

People rarely say "move X to Y from now on" word for word. The shapes read here, by kind:

    a statement of the new time       "the choir *is moving to* 8 from monday", "swimming *will be on*
                                      fridays going forward", "sunday's brunch *is at* 11 *instead*"
    a day from which it holds         "*from* the 3rd ...", "*starting* next week", "*as of* monday"
    for every time to come            "*going forward*", "*permanently*", "*onwards*" (a series change)
    one time only                     "*just this once* push the run to 8"
    one time that will not happen     "*no* choir tomorrow", "*i can't make* swimming on the 9th"
    off the calendar                  "take the run on the 2nd *off my calendar*" (a cancel)
    "make" with a time, not a length  "make every run 7 am" (a move; "make it 40 minutes" is a length)
    stopping with no day said         "stop the choir", "no more runs" (the whole series cancelled)

`rephrase(text, ...)` gives the plain request and what the shape said (every time to come, a day from
which, one time only), or the text unchanged when it has none of these shapes. Pure: words and `dates`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from steward.calendar.shifts import LENGTH
from steward.clock import Clock
from steward.vocab import Phrase, Token, is_word, match_at, tokenize


@dataclass(frozen=True)
class FormWords:
    """The phrase lists of the `forms` part of `event_talk.yaml`."""

    onward: tuple[Phrase, ...]
    since: tuple[Phrase, ...]
    becomes: tuple[Phrase, ...]
    becomes_plain: tuple[Phrase, ...]
    once: tuple[Phrase, ...]
    not_on: tuple[Phrase, ...]
    off_calendar: tuple[Phrase, ...]


@dataclass(frozen=True)
class Rephrased:
    """The plain request, and what its shape said of the change."""

    text: str
    onward: bool = False          # every time to come
    since: date | None = None     # from this day on
    once: bool = False            # one time only
    whole: bool = False           # the whole series ("stop the choir")


def words_of(raw: dict[str, Any]) -> FormWords:
    """The form words from the `forms` mapping of `event_talk.yaml`."""
    def phrases(key: str) -> tuple[Phrase, ...]:
        return tuple(sorted((tuple(p.lower().split()) for p in raw[key]), key=len, reverse=True))

    return FormWords(**{k: phrases(k) for k in FormWords.__dataclass_fields__})


def _words(text: str) -> list[Token]:
    return [t for t in tokenize(text) if is_word(t)]


def _find(norms: list[str], phrases: tuple[Phrase, ...], start: int = 0) -> tuple[int, int] | None:
    for i in range(start, len(norms)):
        n = match_at(norms, i, phrases)
        if n:
            return i, n
    return None


def _cut(text: str, a: int, b: int) -> str:
    return " ".join((text[:a] + " " + text[b:]).split()).strip(" ,;:-")


def rephrase(text: str, words: FormWords, opened: bool, clock: Clock, options: Any = None,
             polite: tuple[Phrase, ...] = ()) -> Rephrased:
    """The plain request `text` says in one of the shapes above. `opened`: a verb of a change opens it
    (after the `polite` words)."""
    onward, since, once = False, None, False
    text = _IS.sub(r" is \2", text)
    # a day from which the change holds, or "for every time to come": cut, remembered
    found = _since(text, words, clock, options)
    if found is not None:
        since, text = found
        onward = True
    tokens = _words(text)
    norms = [t.norm for t in tokens]
    hit = _find(norms, words.onward)
    if hit is not None:
        i, n = hit
        text, onward = _cut(text, tokens[i].start, tokens[i + n - 1].end), True
    week = _THIS_WEEK.search(text)
    if week is not None and _has_day(text[:week.start()], clock, options):
        # "tuesday's pickup is at 3 this week": the day said names the time; "this week" says only that time
        text, once = text[:week.start()], True
    tokens = _words(text)
    norms = [t.norm for t in tokens]
    hit = _find(norms, words.once)
    if hit is not None:
        i, n = hit
        text, once = _cut(text, tokens[i].start, tokens[i + n - 1].end), True
        tokens = _words(text)
        norms = [t.norm for t in tokens]
    if not norms:
        return Rephrased(text, onward, since, once)
    # one time that will not happen: "no choir tomorrow" (a day must be said)
    n = match_at(norms, 0, words.not_on)
    if n and n < len(norms) and norms[n] != "more":
        head = re.split(r"[,;.!?]|\s+(?:so|and|please|pls)\s+", text[tokens[n].start:], maxsplit=1)[0]
        if _has_day(head, clock, options):
            return Rephrased(f"skip {head}", onward, since, True)
    # off the calendar: "take the run on the 2nd off my calendar"
    if norms[0] in ("take", "get") and (off := _find(norms, words.off_calendar, 1)) is not None:
        i, n = off
        return Rephrased("cancel " + _cut(text, tokens[i].start, tokens[i + n - 1].end)[tokens[1].start:],
                         onward, since, once)
    # one time off, said as news: "choir is off on friday", "the run isn't happening tomorrow"
    news = _OFF.match(text) if not opened else None
    if news is not None and _has_day(news["day"], clock, options):
        return Rephrased(f"skip {news['subject']} {news['day']}", onward, since, True)
    if not opened:
        said = _news(text, clock, options)
        if said is not None:
            return Rephrased(said, onward, since, once or said.startswith("skip "))
        at = _AT_TIME.match(text) if once else None
        if at is not None and _has_day(at["subject"], clock, options) and _has_time(at["time"], clock, options):
            # "just this once, choir on the 10th at 8": that time of it, at the time said
            return Rephrased(f"move {at['subject']} to {at['time']}", onward, since, once)
    # a statement of the new time: "the choir is moving to 8"
    if not opened:
        said = _statement(text, tokens, norms, words,
                          marked=onward or once or since is not None or "instead" in norms, clock=clock,
                          options=options)
        if said is not None:
            return Rephrased(said, onward, since, once)
        if (onward or since is not None) and _has_time(text, clock, options):
            # "every run at 7 from now on", "swimming on mondays and fridays from now on": a new time or
            # new days said of an event with no verb
            return Rephrased(f"move {_to_before_when(text, clock, options)}", onward, since, once)
    # "make every run 7 am": a time, not a length
    lead = 0
    while lead < len(norms) and (k := match_at(norms, lead, polite)):
        lead += k
    if lead + 1 < len(norms) and norms[lead] == "make" and not any(m["unit"].lower()[0] in "mh" for m in LENGTH.finditer(text)):
        said = _with_to(text, tokens, lead + 1, clock, options)
        if said is not None:
            return Rephrased("move " + said[tokens[lead + 1].start:], onward, since, once)
    return Rephrased(text, onward, since, once)


# "the run's at 8 now", "choir's off on friday": a subject's "'s" that is "is" (not one that owns a noun)
_IS = re.compile(r"(?<=\w)('s|’s)\s+(on|at|now|moving|going|off|every|being|cancell?ed|canceled|no\s+longer|over|"
                 r"done|finished|finishing|ending|stopping|changing)\b", re.IGNORECASE)


_OFF = re.compile(r"^\W*(?P<subject>\S.*?)\s+(?:(?:is|are|will\s+be)\s+(?:off|cancell?ed|called\s+off|not\s+happening|"
                  r"not\s+on)|(?:isn't|aren't|won't\s+be)\s+(?:on|happening))\s+(?P<day>\S.*?)\W*$", re.IGNORECASE)


# news of an event that says the change to make, with no verb of a change:
#   "can the review on friday be at 4 instead"   a new time asked as a question (a move)
#   "the recital runs till 9", "... goes on until 6"   a new end (the start kept)
#   "the physio 30 minutes later please"          a shift said after the event's words
#   "the plumber visit is off", "... won't happen"   off (a day said: that time; none: the event)
_CAN_BE = re.compile(r"^\W*(?:can|could)\s+(?:we\s+(?:have|make)\s+)?(?P<subject>\S.*?)\s+be\s+(?:moved\s+)?"
                     r"(?:to\s+|at\s+|on\s+)?(?P<when>\S.*?)\W*$", re.IGNORECASE)
_THIS_WEEK = re.compile(r"[\s,]+(?:just\s+|only\s+)?this\s+week(?:\s+only)?\W*$", re.IGNORECASE)
_AT_TIME = re.compile(r"^\W*(?P<subject>\S.*?)\s+(?:at\s+)?(?P<time>\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)|\d{1,2}[:.]\d{2}|"
                      r"noon|midday)\W*$", re.IGNORECASE)
# "do the eye test on the 3rd instead, 2pm": the event done at another time
_DO_INSTEAD = re.compile(r"^\W*(?:do|have|hold)\s+(?P<subject>\S.*?)\s+(?:on|at|for)\s+(?P<when>\S.*?)[\s,]+instead\b"
                         r"[\s,]*(?:at\s+)?(?P<more>.*?)\W*$", re.IGNORECASE)
_TILL = re.compile(r"^\W*(?P<subject>\S.*?)\s+(?:(?:(?:now\s+)?(?:runs|goes\s+on|lasts|carries\s+on)|will\s+(?:run|go\s+on|"
                   r"last|carry\s+on)|(?:is|will\s+be)\s+(?:on|going))\s+(?:till|until|til|to)|(?:now\s+)?(?:finishes|ends|"
                   r"is\s+over)(?:\s+at)?|will\s+(?:now\s+)?(?:finish|end|be\s+over)(?:\s+at)?)\s+(?P<when>\S.*?)\W*$",
                   re.IGNORECASE)
_OFF_NEWS = re.compile(r"^\W*(?P<subject>\S.*?)\s+(?:(?:is|are|has\s+been|have\s+been|was|were|got|will\s+be)\s+"
                       r"(?:off|cancell?ed|canceled|called\s+off|scrapped|not\s+happening|not\s+needed|no\s+longer\s+"
                       r"(?:needed|happening|on))|(?:isn't|aren't|won't\s+be)\s+(?:happening|needed|going\s+ahead)|"
                       r"won't\s+happen|(?:isn't|is\s+not)\s+on\s+any\s*more)\W*$", re.IGNORECASE)


def _news(text: str, clock: Clock, options: Any) -> str | None:
    """The plain request a piece of news about an event says (the shapes above), or None."""
    from steward.calendar.shifts import find_shift

    m = _DO_INSTEAD.match(text)
    if m is not None and _has_time(m["when"], clock, options):
        return f"move {m['subject']} to {' '.join((m['when'] + ' ' + m['more']).split())}"
    m = _CAN_BE.match(text)
    if m is not None:
        when = re.sub(r"(?:[\s,]+(?:instead|then|please))+$", "", m["when"], flags=re.IGNORECASE)
        when = re.sub(r"^(\d{1,2})$", r"\1:00", when)  # "be at 8": a clock time
        if _has_time(when, clock, options):
            return f"move {m['subject']} to {when}"
    m = _TILL.match(text)
    if m is not None:
        when = re.sub(r"^(\d{1,2})$", r"\1:00", m["when"].strip())  # "till 7": a clock time
        if _has_time(when, clock, options) and not _has_day(when, clock, options):
            return f"make {m['subject']} end at {when}"
    m = _OFF_NEWS.match(text)
    if m is not None:
        subject = m["subject"]
        return f"skip {subject}" if _has_day(subject, clock, options) else f"cancel {subject}"
    shift = find_shift(text)
    if shift is not None and not text[shift.span[1]:].strip(" .!?") and shift.span[0] > 0:
        return f"move {text}"  # "the physio 30 minutes later"
    return None


def _since(text: str, words: FormWords, clock: Clock, options: Any) -> tuple[date, str] | None:
    """The day a change holds from ("from the 14th", "starting monday", "from next week onwards"), and
    the text without it; None when no such day is said (or the day is where a move goes from: "from
    the 14th to the 16th")."""

    tokens = _words(text)
    norms = [t.norm for t in tokens]
    for i in range(len(norms)):
        n = match_at(norms, i, words.since)
        if not n or i + n >= len(norms):
            continue
        said = _day_at(text, tokens, i + n, clock, options)
        if said is None:
            continue
        after = text[said.span[1]:].lstrip()
        if re.match(r"(?:to|till|until|-)\b", after, re.IGNORECASE):
            continue
        day = said.start.astimezone(clock.zone).date()
        rest = _cut(text, tokens[i].start, said.span[1])
        return day, rest
    return None


def _day_at(text: str, tokens: list[Token], k: int, clock: Clock, options: Any) -> Any:
    """The day said by the words from word `k` on (the longest run of up to four words that is a day and
    nothing else: "next week", "the 14th", "monday"), or None."""
    from steward import dates

    for n in range(min(4, len(tokens) - k), 0, -1):
        begin, end = tokens[k].start, tokens[k + n - 1].end
        said = dates.find(text[begin:end], clock, options=options)
        if said is not None and said.start is not None and not said.has_time and said.span == (0, end - begin):
            return replace(said, span=(begin, end))
    return None


def _has_day(text: str, clock: Clock, options: Any) -> bool:
    from steward import dates

    said = dates.find(text, clock, options=options)
    return said is not None and said.start is not None and said.has_date


def _has_time(text: str, clock: Clock, options: Any) -> bool:
    from steward import dates

    said = dates.find(text, clock, options=options)
    return (said is not None and said.start is not None) or dates.find_recurrence(text, clock, options) is not None


def _statement(text: str, tokens: list[Token], norms: list[str], words: FormWords, *, marked: bool,
               clock: Clock, options: Any) -> str | None:
    """ "the choir is moving to 8" as "move the choir to 8": a copula after the event's words and a new
    time after it. A plain "is" / "will be" counts only when the change is marked ("from now on",
    "instead", a day from which): "the choir is on friday" alone is news, not a request."""
    for i in range(1, len(norms)):
        n = match_at(norms, i, words.becomes)
        plain = match_at(norms, i, words.becomes_plain)
        if not n and not plain:
            continue
        said = n or plain
        if i + said >= len(norms):
            return None
        tail = text[tokens[i + said].start:]
        length = LENGTH.match(tail)
        if length is not None and length["unit"].lower()[0] in "mh":
            # "every run is 40 minutes (long) from now on", "the review will only be an hour": a new length
            return f"make {text[:tokens[i].start].strip()} {tail}"
        if not n and not marked:
            return None
        if not _has_time(tail, clock, options):
            return None
        # "is at 4", "is on fridays": where it goes, said with "to" (a day said before the verb is which
        # time: "the run on the 10th is at 8")
        tail = re.sub(r"^(?:to|at|on)\s+", "", tail, flags=re.IGNORECASE)
        # the marks of a change said after the new time ("at 4 now instead"): no part of it
        tail = re.sub(r"(?:[\s,]+(?:instead|now|then|(?:on\s+)?(?:the\s+)?same\s+day))+\W*$", "", tail,
                      flags=re.IGNORECASE)
        subject = re.sub(r"(?:'s|’s)$", "", text[:tokens[i].start].strip())  # "my flight's been moved to 6"
        return f"move {subject} to {tail}"
    return None


def _to_before_when(text: str, clock: Clock, options: Any) -> str:
    """The text with "to" before where it goes (its first repeat, else its first time), an "on" or
    "at" there dropped: "swimming on mondays" as "swimming to mondays"; unchanged when "to" is said."""
    from steward import dates

    if re.search(r"\bto\b", text, re.IGNORECASE):
        return text
    repeat = dates.find_recurrence(text, clock, options)
    said = dates.find(text, clock, options=options)
    at = repeat.span[0] if repeat is not None else said.span[0] if said is not None and said.start else None
    if not at:
        return text
    before = re.sub(r"\s+(?:on|at)$", "", text[:at].rstrip(), flags=re.IGNORECASE)
    tail = re.sub(r"^(?:on|at)\s+", "", text[at:], flags=re.IGNORECASE)
    return f"{before} to {tail}"


def _with_to(text: str, tokens: list[Token], begin: int, clock: Clock, options: Any) -> str | None:
    """The text with "to" before the first time or repeat said after word `begin` ("make every run 7 am"
    as "make every run to 7 am"); None when no time is said there."""
    from steward import dates

    start = tokens[begin].start if begin < len(tokens) else len(text)
    blanked = "_" * start + text[start:]
    repeat = dates.find_recurrence(blanked, clock, options)
    said = dates.find(blanked, clock, options=options)
    if repeat is not None:  # a repeat before a lone time: "make the 1:1 every other monday"
        at = repeat.span[0]
    elif said is not None and said.start is not None:
        at = said.span[0]
    elif (bare := re.search(r"(?<=\s)(?:[1-9]|1[0-2])\s*$", text[start:])) is not None:
        at = start + bare.start()  # "make it 6": an hour said bare, as "move it to 6"
    else:
        return None
    before = text[:at].rstrip()
    if re.search(r"\b(?:to|at|on)$", before, re.IGNORECASE):
        return text
    hour = _HOUR_BEFORE.search(before) if repeat is not None else None
    if hour is not None:  # "make the run 7 every day": the time said before its repeat goes with it
        return f"{before[:hour.start()].rstrip()} to {hour[1]} {text[at:]}"
    return f"{before} to {text[at:]}"


_HOUR_BEFORE = re.compile(r"(?<![\w:])(\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)$", re.IGNORECASE)
