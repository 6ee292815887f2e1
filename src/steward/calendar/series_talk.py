"""A change to a repeating event read by its parts, wherever they stand in the sentence.

A request about a series is three parts, each known by its kind of word, said in any order:

    the event     the words left when the other parts are taken out ("choir", "my guitar lessons")
    the scope     every time to come ("going forward", "from now on", "all future", "anymore", a
                  weekday said in the plural), from a day ("from the 14th", "starting in january"),
                  up to a day ("after december", "until the new year")
    the change    new days ("on thursdays", "every other friday"), a new time ("at 10", "noon"), both,
                  a shift ("an hour earlier"), a new length ("90 minutes"), an end ("no more", "stop",
                  "won't ... anymore"), a pause ("on hold until ...", "a two week break")

So "thursdays for the pottery class from now on", "after the 20th no more rowing", "all future rowing
at 8" and "rowing: 8 instead of 7, starting next week" read alike. The old value said beside the new
one ("instead of tuesdays", "not at 7") is no part of the change. A request that says one time only
("just this week") is not read here.

`read_series(text, ...)` gives the change (an `EventChange` with `series` set) or None. Pure: the
words of `event_talk.yaml` (`series`) and `steward.dates`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.shifts import LENGTH, find_shift, minutes_of
from steward.clock import Clock
from steward.vocab import Phrase, Token, is_word, match_at, tokenize

if TYPE_CHECKING:
    from steward.calendar.event_talk import EventChange, EventWords


@dataclass(frozen=True)
class SeriesWords:
    """The phrase lists of the `series` part of `event_talk.yaml`."""

    onward: tuple[Phrase, ...]
    since: tuple[Phrase, ...]
    after: tuple[Phrase, ...]
    until: tuple[Phrase, ...]
    end: tuple[Phrase, ...]
    ends_on: tuple[Phrase, ...]
    pause: tuple[Phrase, ...]
    negations: tuple[Phrase, ...]
    old_value: tuple[Phrase, ...]
    once: tuple[Phrase, ...]
    changes: tuple[Phrase, ...]
    filler: frozenset[str]


def series_words_of(raw: dict[str, Any]) -> SeriesWords:
    """The series words from the `series` mapping of `event_talk.yaml`."""
    def phrases(key: str) -> tuple[Phrase, ...]:
        return tuple(sorted((tuple(p.lower().split()) for p in raw[key]), key=len, reverse=True))

    lists = {k: phrases(k) for k in SeriesWords.__dataclass_fields__ if k != "filler"}
    return SeriesWords(**lists, filler=frozenset(w.lower() for w in raw["filler"]))


@dataclass
class _Parts:
    """What has been found so far, and which characters of the text are taken."""

    text: str
    taken: list[tuple[int, int]]
    onward: bool = False
    since: date | None = None
    after: date | None = None       # the last day kept ("after december": december 31st)
    until: date | None = None       # the first day back ("until the 14th": the 14th)
    end: bool = False
    ends_on: bool = False           # an end said with its last day ("finishes on the 15th")
    pause: bool = False
    negated: bool = False
    ended_by: tuple[str, ...] = ()  # the end words said
    instead: bool = False

    def take(self, a: int, b: int) -> None:
        self.taken.append((a, b))

    def left(self) -> str:
        chars = list(self.text)
        for a, b in self.taken:
            for k in range(max(a, 0), min(b, len(chars))):
                chars[k] = " "
        return "".join(chars)


def _words(text: str) -> list[Token]:
    return [t for t in tokenize(text) if is_word(t)]


def _each(tokens: list[Token], phrases: tuple[Phrase, ...]) -> list[tuple[int, int]]:
    """The (first, count) of each phrase of `phrases` said in `tokens`, left to right, none overlapping."""
    norms = [t.norm for t in tokens]
    out, i = [], 0
    while i < len(norms):
        n = match_at(norms, i, phrases)
        if n:
            out.append((i, n))
            i += n
        else:
            i += 1
    return out


_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_PLURAL_DAY = re.compile(rf"\b{_WEEKDAY}s\b|\bweekdays\b|\bweekends\b", re.IGNORECASE)
# a weekday, or several ("monday and thursday mornings"), said once: of every time when the scope says so
_ONE_DAY = re.compile(rf"\b(?:on\s+)?(?P<day>{_WEEKDAY}(?:\s*(?:,|and|&|\+)\s*{_WEEKDAY})*)"
                      r"(?:\s+(?:evening|morning|afternoon|night)s?)?\b", re.IGNORECASE)
_ONLY_THIS = re.compile(r"\b(?:this|that|next)\s+(?:\w+\s+)?only\b|\bonly\s+(?:this|that|next)\b|\bjust\s+(?:this|that|"
                        r"next)\s+(?:one|once|time|week|day|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
                        re.IGNORECASE)
_ASKS = frozenset(("is", "are", "does", "do", "did", "when", "what", "which", "where", "how", "was", "were", "has",
                   "have", "why", "who"))
# "a two week break", "two weeks off", "for three weeks", "for the next two weeks": how long a pause is
_FOR_WEEKS = re.compile(r"\b(?:for\s+(?:the\s+)?(?:next\s+)?)?(?P<n>[1-9]|an?|one|two|three|four|five|six|a\s+couple\s+of|"
                        r"couple\s+of|a\s+few|few)[\s-]+(?P<unit>weeks?|days?|months?)(?:\s+(?:off|break))?\b",
                        re.IGNORECASE)
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple": 2, "few": 3}
_OVER = re.compile(r"\b(?:once|when)\s+(?P<when>\S.*?)(?:'s|’s|\s+is|\s+has\s+been)\s+(?:over|done|finished|through|"
                   r"out)\b", re.IGNORECASE)
_HOUR = re.compile(r"\b(?P<how>at|to|is|be)\s+(?P<h>[1-9]|1[0-2])(?![\w:.])(?!\s*(?:minutes?|mins?|hours?|hrs?|"
                   r"weeks?|days?|people|of\b|st\b|nd\b|rd\b|th\b))", re.IGNORECASE)
# words that name a day or a time, never an event: "tuesdays", "23rd", "7pm", "december"
_NOT_NAMES = re.compile(rf"{_WEEKDAY}s?|\d+(?:st|nd|rd|th|am|pm)?|jan(?:uary)?|feb(?:ruary)?|march|april|june|july|"
                        r"aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?", re.IGNORECASE)
# ends that name one time as readily as the series ("cancel the run on the 9th"): with no scope and no
# day, the whole series is theirs to say only with "no more", "quit", "anymore" ...
_PLAIN_ENDS = frozenset(("cancel", "cancelled", "canceled", "cancelling", "canceling", "remove", "delete", "drop",
                         "dropping", "dropped", "end", "ended", "ending", "ends", "stop", "stops", "stopped", "stopping",
                         "finish", "finishes", "finished", "finishing", "the last", "last one", "scrap", "scrapping"))
_PRONOUNS = frozenset(("it", "that", "them", "this", "those", "these"))


def _day_at(text: str, tokens: list[Token], k: int, clock: Clock, options: Any) -> Any:
    """The day (or month, week, season) said by the words from word `k` on, the longest run of up to five
    words that is one and nothing else; None when none is."""
    from steward import dates

    for n in range(min(5, len(tokens) - k), 0, -1):
        begin, end = tokens[k].start, tokens[k + n - 1].end
        said = dates.find(text[begin:end], clock, options=options)
        if said is not None and said.start is not None and not said.has_time and said.span == (0, end - begin):
            return said, tokens[k + n - 1].end
    return None


def _last_of(said: Any, clock: Clock) -> date:
    """The last day a said day or span covers ("december": the 31st)."""
    first = said.start.astimezone(clock.zone).date()
    if said.end is not None and said.end > said.start:
        return max(first, (said.end - timedelta(seconds=1)).astimezone(clock.zone).date())
    return first


def _scope(parts: _Parts, sw: SeriesWords, clock: Clock, options: Any) -> None:
    """The scope words: every time to come, from a day, after or until a day (taken out of the text)."""
    text = parts.text
    m = _OVER.search(text)
    if m is not None:  # "once december is over": after december
        said = _day_at(text, _words(text), _index(_words(text), m.start("when")), clock, options)
        if said is not None:
            parts.after = _last_of(said[0], clock)
            parts.take(*m.span())
    for key in ("since", "after", "until"):
        tokens = _words(parts.left())
        for i, n in _each(tokens, getattr(sw, key)):
            if i + n >= len(tokens):
                continue
            said = _day_at(parts.left(), tokens, i + n, clock, options)
            if said is None:
                continue
            resolution, stop = said
            after = parts.left()[stop:]
            tail = re.match(r"\s*(?:on|onwards?|forward)\b", after, re.IGNORECASE)
            if key == "since" and re.match(r"\s*(?:to|till|until|-)\b", after, re.IGNORECASE):
                continue  # "from the 14th to the 16th": where a move goes from, not a scope
            if key == "since":
                parts.since = resolution.start.astimezone(clock.zone).date()
                parts.onward = True
            elif key == "after":
                parts.after = _last_of(resolution, clock)
            else:
                parts.until = resolution.start.astimezone(clock.zone).date()
                if tokens[i].norm in ("through", "thru"):
                    parts.until = _last_of(resolution, clock) + timedelta(days=1)
            parts.take(tokens[i].start, stop + (tail.end() if tail else 0))
            break
    tokens = _words(parts.left())
    for i, n in _each(tokens, sw.onward):
        parts.onward = True
        parts.take(tokens[i].start, tokens[i + n - 1].end)


def _kind(parts: _Parts, sw: SeriesWords) -> None:
    """The words that say the change is an end, a pause, or a no (taken out of the text)."""
    parts.ends_on = bool(_each(_words(parts.left()), sw.ends_on))
    for key in ("end", "pause", "negations"):
        tokens = _words(parts.left())
        for i, n in _each(tokens, getattr(sw, key)):
            if key == "end":
                parts.end = True
                parts.ended_by += (" ".join(t.norm for t in tokens[i:i + n]),)
            elif key == "pause":
                parts.pause = True
            else:
                parts.negated = True
            parts.take(tokens[i].start, tokens[i + n - 1].end)


def _index(tokens: list[Token], at: int) -> int:
    return next((k for k, t in enumerate(tokens) if t.start >= at), len(tokens))


def _old_value(parts: _Parts, sw: SeriesWords, clock: Clock, options: Any) -> None:
    """ "instead of tuesdays", "rather than 7", "not at 9": the value being replaced, taken out."""
    from steward import dates

    tokens = _words(parts.left())
    for i, n in _each(tokens, sw.old_value):
        if i + n >= len(tokens):
            if tokens[i].norm == "instead":
                parts.instead = True
                parts.take(tokens[i].start, tokens[i].end)
            continue
        begin = tokens[i + n].start
        tail = parts.left()[begin:]
        bare = re.match(r"(?:at\s+|on\s+)?(?:[1-9]|1[0-2])(?![\w:.])", tail, re.IGNORECASE)
        said = dates.find(tail, clock, options=options)
        repeat = dates.find_recurrence(tail, clock, options)
        if repeat is not None and repeat.span[0] <= 3:
            stop = repeat.span[1]
        elif said is not None and said.start is not None and said.span[0] <= 3:
            stop = said.span[1]
        elif bare is not None:
            stop = bare.end()
        elif tokens[i].norm == "instead":
            parts.instead = True
            parts.take(tokens[i].start, tokens[i].end)
            continue
        else:
            continue
        parts.instead = True
        parts.take(tokens[i].start, begin + stop)


def _target(parts: _Parts, words: EventWords, sw: SeriesWords) -> tuple[tuple[str, ...], bool, bool]:
    """The event's words (what is left, less the little words), whether "it" was said, and whether a noun
    for events ("meeting", "session") was."""
    nouns = {w for p in words.nouns for w in p}
    said = [t.norm for t in _words(parts.left())]
    pronoun = any(w in _PRONOUNS for w in said)
    said = [re.sub(r"'s$", "", w) for w in said]
    target = tuple(w for w in said if w not in sw.filler and w not in nouns and w not in _PRONOUNS
                   and not _NOT_NAMES.fullmatch(w))
    return target, pronoun, any(w in nouns for w in said)


def read_series(text: str, words: EventWords, clock: Clock, options: Any = None) -> EventChange | None:
    """The change to a repeating event `text` asks for, read by its parts (see the module docstring),
    or None when it says no such change (or says one time only)."""
    from steward.calendar.event_talk import EventChange

    sw = words.series
    if sw is None:
        return None
    tokens = _words(text)
    if not tokens or tokens[0].norm in _ASKS or _ONLY_THIS.search(text) or _each(tokens, sw.once):
        return None
    norms = [t.norm for t in tokens]
    if match_at(norms, 0, words.add_verbs) and norms[0] != "put" and not {"is", "are", "will"} & set(norms[1:4]):
        return None  # "add swimming every friday from january": a new event ("book club is ..." is a name)
    parts = _Parts(text, [])
    _scope(parts, sw, clock, options)
    _old_value(parts, sw, clock, options)
    _kind(parts, sw)
    kept = _kept_days(parts)
    if parts.end and (kept or parts.instead) and (groups := _weekday_groups(parts.left())):
        # "no more rowing on sundays, saturdays instead", "drop rowing on fridays, keep tuesdays": the
        # days it goes on change, it does not end
        if kept and not parts.instead:
            for g in groups:  # the days dropped
                parts.take(*g.span())
        parts.end = parts.negated = False
    stopping = parts.end or (parts.negated and (parts.onward or parts.after is not None or parts.since is not None))
    if parts.pause or (stopping and parts.until is not None and parts.after is None):
        return _pause(parts, words, sw, clock)
    if stopping:
        target, pronoun, noun = _target(parts, words, sw)
        if not target and not pronoun:
            return None
        last = parts.after if parts.after is not None else \
            parts.since - timedelta(days=1) if parts.since is not None else _ends_on(parts, clock, options)
        if last is None:
            if _each(_words(parts.left()), (*sw.since, *sw.after, *sw.until)):
                return None  # "no more rowing from the thaw": an end said with a day not read is no end of all
            strong = any(w not in _PLAIN_ENDS for w in parts.ended_by)
            if not (parts.negated or parts.onward or strong) or _names_day(parts.left(), clock, options):
                return None  # "cancel the choir on the 8th": one time of it, not the series
            # "no more choir": no day said, the whole series (asked before it goes)
            return EventChange("cancel", target, pronoun, noun, True, text=text)
        return EventChange("end", target, pronoun, noun, True, last_day=last, text=text)
    if parts.negated or parts.after is not None or parts.until is not None:
        return None  # "not on fridays", "at 8 until christmas": not a change from now on
    return _change(parts, words, sw, clock, options, kept)


_GROUP = re.compile(rf"\b(?:on\s+)?{_WEEKDAY}s?(?:\s?(?:,|and|&|\+)\s?{_WEEKDAY}s?)*\b", re.IGNORECASE)
_KEEP = re.compile(rf"\b(?:keep(?:ing)?|leave|leaving)\s+(?:the\s+|it\s+on\s+)?(?P<a>{_GROUP.pattern})|"
                   rf"(?P<b>{_GROUP.pattern})\s+(?:stays?|remains?|(?:is|are)\s+(?:unchanged|the\s+same|fine|staying))\b",
                   re.IGNORECASE)


def _weekday_groups(text: str) -> list[re.Match[str]]:
    return list(_GROUP.finditer(text))


def _kept_days(parts: _Parts) -> list[str]:
    """The weekdays said to stay as they are ("tuesdays stay", "keep fridays"), taken out of the text."""
    out: list[str] = []
    for m in _KEEP.finditer(parts.left()):
        out += [d.lower() for d in re.findall(_WEEKDAY, m["a"] or m["b"], re.IGNORECASE)]
        parts.take(*m.span())
    return out


def _new_days(parts: _Parts) -> None:
    """Of several weekday groups said, the one a change goes to (after "to" or an arrow, or before
    "instead", else the last); the others, the days it leaves, taken out."""
    groups = _weekday_groups(parts.left())
    if len(groups) < 2:
        return
    left = parts.left()
    new = next((g for g in groups if re.search(r"(?:\bto|→|->|=>)\s*$", left[:g.start()])), None) or \
        next((g for g in groups if re.match(r"\W*instead\b", parts.text[g.end():], re.IGNORECASE)), None) or groups[-1]
    for g in groups:
        if g is not new:
            parts.take(*g.span())


def _names_day(text: str, clock: Clock, options: Any) -> bool:
    from steward import dates

    said = dates.find(text, clock, options=options)
    return said is not None and said.start is not None and said.has_date


def _ends_on(parts: _Parts, clock: Clock, options: Any) -> date | None:
    """ "the choir finishes on the 15th", "the last one is the 19th": the day said with an end, kept."""
    from steward import dates

    if not parts.ends_on:
        return None
    left = parts.left()
    said = dates.find(left, clock, options=options)
    if said is None or said.start is None or said.has_time or not said.has_date:
        return None
    parts.take(*said.span)
    return _last_of(said, clock) if said.grain == "day" else None


def _pause(parts: _Parts, words: EventWords, sw: SeriesWords, clock: Clock) -> EventChange | None:
    from steward.calendar.event_talk import EventChange, Several

    today = clock.today()
    if parts.until is not None:
        last = parts.until - timedelta(days=1)
    else:
        m = _FOR_WEEKS.search(parts.left())
        if m is None:
            return None
        said = [w for w in m["n"].lower().split() if w not in ("a", "of")] or ["a"]
        k = int(said[0]) if said[0].isdigit() else _COUNT.get(said[0], 1)
        unit = m["unit"].lower()
        span = 7 * k if unit.startswith("week") else 30 * k if unit.startswith("month") else k
        last = today + timedelta(days=span - 1)
        parts.take(*m.span())
    if last < today:
        return None
    target, pronoun, noun = _target(parts, words, sw)
    if not target and not pronoun:
        return None
    return EventChange("cancel", target, pronoun, noun, False, True, text=parts.text,
                       several=Several(first=today, last=last))


def _change(parts: _Parts, words: EventWords, sw: SeriesWords, clock: Clock, options: Any,
            kept: list[str] | None = None) -> EventChange | None:
    """New days, a new time, a shift or a new length, for every time to come (`kept`: weekdays said to
    stay, added to the new ones)."""
    from steward import dates
    from steward.calendar.event_talk import EventChange

    _new_days(parts)
    left = parts.left()
    plural = _PLURAL_DAY.search(left) is not None
    shift = find_shift(left)
    if shift is not None:
        parts.take(*shift.span)
        left = parts.left()
    lengths = [m for m in LENGTH.finditer(left) if m["unit"].lower()[0] in "mh"]
    for m in lengths:
        parts.take(*m.span())
    left = parts.left()
    repeat = dates.find_recurrence(left, clock, options)
    days = ""
    if repeat is not None:
        days = re.sub(r"^on\s+", "", " ".join(left[repeat.span[0]:repeat.span[1]].split()), flags=re.IGNORECASE)
        parts.take(*repeat.span)
    elif (one := _ONE_DAY.search(left)) is not None and (parts.onward or parts.instead or _quantified(parts.text, sw)):
        days = f"every {' and '.join(re.findall(_WEEKDAY, one['day'], re.IGNORECASE))}"  # "all future runs on thursday"
        parts.take(*one.span())
    if kept:
        named = [d.lower() for d in re.findall(_WEEKDAY, days, re.IGNORECASE)] if days else []
        plural = True
        if days and not named:
            return None  # "every other week, keep tuesdays": not a set of days
        days = "every " + " and ".join(dict.fromkeys([*named, *kept]))
    left = parts.left()
    said = dates.find(left, clock, options=options)
    at = ""
    if said is not None and said.start is not None and said.has_time and not _names_a_date(left, said):
        at = _clock_words(left[said.span[0]:said.span[1]])
        parts.take(*said.span)
    elif (bare := _HOUR.search(left)) is not None:
        at = bare["h"]  # "make it 8 from now on": an hour said bare
        parts.take(bare.start("h"), bare.end())
    if at and not re.search(r"\d|noon|midday|midnight", at, re.IGNORECASE):
        at = ""  # "now", "tonight": no clock time
    if re.fullmatch(r"\d{1,2}", at):
        at += ":00"
    when = f"{days} at {at}" if days and at else days or at
    scoped = parts.onward or plural or repeat is not None or _quantified(parts.text, sw)
    if not scoped:
        return None
    if shift is None and not lengths and not (parts.onward or parts.instead or parts.since is not None or _each(_words(parts.text), sw.changes)
            or re.search(r"→|->|=>|\w['’]s\b", parts.text)):
        return None  # "rowing weekly": a name and a repeat, no change said
    target, pronoun, noun = _target(parts, words, sw)
    if not target and not pronoun:
        return None
    if when and shift is None and len(lengths) <= 1:
        # "starts at 3 and lasts 90 minutes": a new time, and a new length with it
        minutes = round(minutes_of(lengths[0])) if lengths else None
        return EventChange("move", target, pronoun, noun, True, when=when, minutes=minutes, since=parts.since,
                           text=parts.text)
    if shift is not None and not when and not lengths:
        return EventChange("move", target, pronoun, noun, True, shift=shift.delta, since=parts.since, text=parts.text)
    if len(lengths) == 1 and not when and shift is None:
        return EventChange("resize", target, pronoun, noun, True, minutes=round(minutes_of(lengths[0])),
                           since=parts.since, text=parts.text)
    return None


def _clock_words(said: str) -> str:
    return re.sub(r"^(?:at|to|is|be|for|from)\s+", "", " ".join(said.split()), flags=re.IGNORECASE)


def _names_a_date(text: str, said: Any) -> bool:
    """Whether a time said also names a day of its own ("friday at 5", "the 9th at 10"): a one-time move."""
    piece = text[said.span[0]:said.span[1]]
    return bool(said.has_date and re.search(rf"{_WEEKDAY}|\d(?:st|nd|rd|th)\b|tomorrow|today|tonight|next|"
                                            r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", piece, re.IGNORECASE))


def _quantified(text: str, sw: SeriesWords) -> bool:
    """ "all my lessons", "every run", "future sessions": said of every time."""
    return bool(re.search(r"\b(?:all|every|each|future|upcoming|remaining)\b", text, re.IGNORECASE))
