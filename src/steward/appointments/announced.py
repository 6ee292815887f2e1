"""Events announced in plain words, with no word of a booking: a club's match, a school's concert, a
friend's party.

A sentence names the event (a word of `events` in vocab.yaml: "our spring regatta is on Sunday 9 May")
and its day. Its start is said in that sentence ("a barbecue on Sunday 13 June from 4pm") or, when that
sentence gives the day alone, in one of the next few by a word of starting ("the first heat starts at
9:15", "kick-off: 10:30"); a time to arrive by ("be there by 9") is no start. Exactly one start must be
said, or nothing is read: two days or two times with nothing to say which is the event's prove nothing.

Who the event is with, and whether it is an invitation or news of an event, is the caller's to say: it
knows the kind of mail (a friend's own mail, a club's mail forwarded by a member of the family).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from steward.appointments.mail_week import listed_weekdays, weekday_day
from steward.appointments.patterns import Cues, sentences
from steward.clock import Clock
from steward.records.appointments import MessageMeta

if TYPE_CHECKING:
    from collections.abc import Iterator

    from steward.dates import DateOptions, Resolution

_HEAD_CHARS = 3000  # an announcement says its day and time in its first paragraphs
_FOLLOWING = 3  # how many sentences after the day's may say the start
# words before an event's noun that are no part of its name ("our", "a", "there'll be a")
_NOT_NAME = frozenset(("a", "an", "the", "our", "my", "your", "his", "her", "their", "its", "this", "that", "next",
                       "be", "is", "are", "was", "will", "and", "or", "of", "for", "on", "at", "in", "to", "with",
                       "big", "little", "so", "now", "then", "but", "also", "just", "still",
                       # an imperative before the event ("dont forget Mia practice tonight at 6:30", "remember the
                       # recital"): the thing not to forget is the event, the asking no word of its name
                       "forget", "remember", "dont", "don't", "don’t", "pls", "please", "plz"))
# a place after the start, as friends write it: "... from 8pm at Café Lindner, Hauptstr. 4", "at 8 in Casa Rosa on
# Mill Street" (never a month or a day: "in June", "on Friday")
_WHEN_WORD = (r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|"
              r"September|October|November|December)\b")
_AT_PLACE = re.compile(rf"\b(?:at|in)\s+(?:the\s+)?(?!{_WHEN_WORD})((?:[A-ZÀ-Þ0-9][\w'’&.-]*)(?:,?\s+(?:[A-ZÀ-Þ0-9][\w'’&.-]*|(?:de|"
                       rf"del|la|am|an|der|im|of|the)\b|on(?=\s+(?!{_WHEN_WORD})[A-ZÀ-Þ]))){{0,6}})")
# a place that closes for an event of its own ("the creche will close at 1pm on Friday for staff training"): the
# closing is what the family is told of, never the staff's event
_CLOSES = re.compile(r"\b(?:close|closes|closing|be\s+closed|is\s+closed|shut|shuts)\b", re.I)
_EARLY_CLOSING = "early closing"
# a day that comes round again ("on Thursdays", "every Monday"): classes, not one event
_REPEATS = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|every|each|weekly|fortnightly)\b", re.I)
# the writer's own engagement before the event's noun ("I have a meeting at 4", "my interview is on Monday")
_WRITERS_OWN = re.compile(r"(?:\bI\s+(?:have|had|have\s+got|am\s+in|am\s+at|will\s+be\s+(?:in|at))\s+(?:[\w'-]+\s+){0,3}"
                          r"|\bI['’](?:ve|ve\s+got|m\s+in|m\s+at)\s+(?:[\w'-]+\s+){0,3}|\bmy\s+(?:[\w'-]+\s+)?)$")
# a time that says which half of the day it is ("7.30pm", "19:30", "07:30", "in the evening")
HALF_OF_DAY = re.compile(r"\b(?:[ap]\.?m\b\.?|0\d[:.h]\d|1[3-9][:.h]?\d|2[0-3][:.h]?\d|noon|midday|midnight|morning|"
                         r"afternoon|evening|night|tonight)|\d\s?[ap]\.?m\b", re.I)
# an evening meal, whose bare hour is the evening's ("dinner at 8"), and whose name is no time of it ("Sunday dinner")
_EVENING_MEAL = frozenset(("dinner", "supper"))
# a team's game said by its verb ("we play the Comets", "we're playing away", "kick-off 10")
# (the team's verb, never a stage play: "the nativity play" is the play)
_PLAYING = re.compile(r"\b(?:(?:we|we're|we\u2019re|we\s+are)\s+play(?:ing)?|kick[- ]?off|kicks\s+off)\b", re.I)
# a meeting asked for in words ("can we meet", "could we grab", "shall we sit down")
_ASKING = re.compile(r"(?:can|could|shall)\s+(?:we|I)\b", re.I)
# an hour right after an event's name: "dinner at 3", "the game is at 10am", "kick-off's at 9:30"
# ("the reception is by 2pm": "by" an hour is at it where Nigerian English says so)
_OWN_HOUR = re.compile(r"^\s*(?:['’]s\s+|\s*is\s+|\s*will\s+be\s+)?(?:at|@|by)\s+(\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\b\.?)?)",
                       re.I)
# a time said of the day the sentence before gave ("the concert is that same evening at 5", "later that day at 3")
_SAME_DAY = re.compile(r"\b(?:that\s+same|the\s+same|that|later\s+that)\s+(?:day|evening|afternoon|night|morning)\b",
                       re.I)
# a sentence's own end, after a word of the sentence (not a street's or a title's abbreviation: "St.", "Dr.")
_ENDED = re.compile(r"[a-z]{3,}[.!?]\s*$")
# the writer's own home said as theirs ("at mine", "round at ours", "at my place")
_AT_HOME = re.compile(r"\b(?:at|to|round)\s+(?:mine|ours|my\s+(?:place|house|flat|home)|our\s+(?:place|house|flat|home))\b",
                      re.I)
_LABELLED_PLACE = re.compile(r"(?im)^\s*(?:place|venue|location|address|where|ort|lugar|lieu)\s*:\s*([^\n]{3,100})$")


@dataclass(frozen=True)
class Announced:
    """One event a text announces: what it calls it, its start as written (put together from its
    phrases when two sentences say it), the sentence that says the start, and where, when it says."""

    name: str
    start: str
    excerpt: str
    parts: tuple[str, ...] = ()
    location: str | None = None
    listed: bool = False  # one of the days a sentence lists at one time ("Tuesday and Thursday 5:30 to 7")
    whole: bool = False  # its parts are its one sentence's own words ("Saturday", "kick-off 10")


def find_announced(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
                   options: DateOptions | None = None) -> Announced | None:
    """The one event the text announces with a day and a start, read on the clock of the mail's arrival;
    None when it announces none, or more than one start."""
    found = _one_per_event(_starts(meta, body, cues, clock, options))
    if len(found) != 1:
        return None
    (one,) = found.values()
    labelled = _LABELLED_PLACE.search(body[:_HEAD_CHARS])
    if labelled is not None:
        return Announced(one.name, one.start, one.excerpt, one.parts, " ".join(labelled.group(1).split()))
    return one


def find_each_announced(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
                        options: DateOptions | None = None) -> tuple[Announced, ...]:
    """The events a club's or a school's notice announces one by one, each in a sentence of its own that
    gives its day and its time ("Our picnic is on Friday at 11am. ... the creche will close at 1pm on Friday 18
    June for staff training."); the one event `find_announced` reads when any two are said otherwise (two
    times of one event, or an event whose start another sentence gives, prove nothing)."""
    found = _one_per_event(_starts(meta, body, cues, clock, options))
    # the days one sentence lists are one event's each ("Tuesday and Thursday 5:30 to 7"): said once among the rest
    each = {(a.excerpt, a.name.casefold()): a for a in found.values() if a.listed}
    told = [a for a in found.values() if not a.listed]
    if len(found) > 1 and len({a.excerpt for a in told} | {e for e, _ in each}) == len(told) + len(each) and \
            len({a.name.casefold() for a in told}) == len(told) and not any(a.parts and not a.whole for a in told):
        return tuple(found.values())
    one = find_announced(meta, body, cues, clock, options)
    return () if one is None else (one,)


def _one_per_event(found: dict[object, Announced]) -> dict[object, Announced]:
    """The starts with a later time of an event already said left out: a sentence whose event is called by words of
    one said before it, on the same day, tells more of that one ("our Family Iftar on Thursday, from 5:45 pm ...
    Iftar will be at Maghrib, about 6:22 pm": the gathering starts at 5:45, the meal is a time inside it)."""
    kept: dict[object, Announced] = {}
    for start, one in found.items():
        said = set(one.name.casefold().split())
        if isinstance(start, datetime) and not one.listed and any(
                isinstance(at, datetime) and at.date() == start.date() and not k.listed and (
                said <= set(k.name.casefold().split()) or set(k.name.casefold().split()) <= said)
                for at, k in kept.items()):
            continue
        kept[start] = one
    return kept


def _starts(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
            options: DateOptions | None) -> dict[object, Announced]:
    """Each start the text announces an event at, with the event as its sentence says it."""
    from steward import dates

    if cues.events is None or cues.starts is None:
        return {}
    at = clock.at(meta.received_at)
    said = sentences(body[:_HEAD_CHARS])
    found: dict[object, Announced] = {}
    for n, sentence in enumerate(said):
        event = cues.events.search(sentence)
        if event is None and (mine := _slot_of(said[max(n - 1, 0):n], sentence, meta.subject, at, cues, options)):
            # "Parent-teacher conferences are coming up. I have you down for Tuesday the 16th at 6:10 pm": the
            # person's own time at the event the sentence before (or the subject) names
            found.setdefault(mine[1].start, Announced(mine[0], mine[1].text, sentence,
                                                      location=_place(body, sentence, mine[1].text, cues.rooms)))
            continue
        if event is not None and sentence.rstrip().endswith("?") and cues.asks_when is not None and \
                cues.asks_when.search(sentence):
            continue  # "what time is the dinner tomorrow night?": the writer asks its time, and says none
        if event is None or cues.not_bookings.search(sentence) or _writers_own(sentence, event, cues) or any(
                words is not None and words.search(sentence) for words in (cues.deadlines, cues.happened)):
            continue  # the writer's own meeting ("I have a meeting at 4"), a day to act by, or news of one past
        listed = listed_weekdays(sentence, at, options)
        if listed:
            # "practice this week is Tuesday and Thursday 5:30 to 7": each day at the one time, unless the mail
            # may mean another week
            before = f"{meta.subject}\n{body[:max(body.find(sentence), 0)]}"
            if all(weekday_day(one, before, at, options) == (one.start.date(), None) for one in listed):
                name = _name(sentence, event.start(), event.group(0))
                for one in listed:
                    # its weekday and the time are each the mail's own words, put together
                    weekday, _, hour = one.text.partition(" ")
                    found.setdefault(one.start, Announced(name, one.text, sentence, (weekday, hour.strip()),
                                                          location=_place(body, sentence, listed[-1].text, cues.rooms),
                                                          listed=True))
            continue
        day = _day_said(sentence, at, options)
        here = day.text if day is not None else ""  # the words of the sentence that say it
        joined: tuple[str, ...] = ()
        if day is not None and not day.has_date and day.has_time and _SAME_DAY.search(sentence) and found:
            # "the concert is that same evening at 5": the day of the event the sentence before told of, put
            # together with the time this one says (each the mail's own words)
            earlier = [(k, a) for k, a in found.items() if isinstance(k, datetime)]
            on = dates.find(f"{earlier[-1][0]:%d %B %Y} {day.text}", at, options=options) if earlier else None
            if on is not None and on.has_date and on.has_time:
                day, joined = on, (earlier[-1][1].start, here)
        if (day is None or not day.has_time) and _ASKING.match(event.group(0)) and (
                asked := _asked_then(said[n + 1:n + 2], at, cues, options)) is not None:
            # "Can we grab half an hour about the rota? Wednesday the 3rd, half two in my office?": the time asked
            # for, said on its own right after
            found.setdefault(asked[1].start, Announced(_name(sentence, event.start(), event.group(0)), asked[1].text,
                                                       asked[0], location=_place(body, asked[0], asked[1].text, cues.rooms)))
            continue
        meal = event.group(0).casefold() in _EVENING_MEAL
        if meal and day is not None and day.has_time and event.group(0).casefold() in day.text.casefold():
            # "Friday dinner at my brother's on the 9th": the meal's name is no time of it
            day = dates.find(f"{sentence[:event.start()]}{' ' * len(event.group(0))}{sentence[event.end():]}", at,
                             options=options)
        if meal and day is not None and day.has_time and day.start.hour < 12 and not HALF_OF_DAY.search(day.text):
            continue  # "dinner at 8 on Friday": the evening's, which a bare hour does not say
        if day is not None and not day.has_time and (after := dates.find(sentence[event.end():], at, options=options)):
            # "For Monday's visit: the workshop is from 3 PM to 6 PM on Mon, 19 Apr": the day and time said of it
            day = after if after.has_date and after.has_time else day
        if not joined and day is not None and day.has_time and not day.has_date and n > 0 and \
                (prior := dates.find(said[n - 1], at, options=options)) is not None and prior.has_date and \
                not prior.recurring and (prior.has_time or not cues.events.search(said[n - 1])) and \
                (on_prior := dates.find(f"{prior.start:%d %B %Y} {day.text}", at, options=options)) is not None:
            # "The carol service holds this Thursday by 10am. Right after, by 12 noon, there will be a parents'
            # meeting": a time said alone is on the day the sentence before gave (after an event said with no time of
            # its own, the time is that event's: "our tournament is this Saturday. ... the first game kicks off at 10")
            day, joined = on_prior, (prior.text, here)
        whole: tuple[str, ...] = joined  # the mail's own words a start is put together from
        said_as = here
        if day is not None and day.has_date and not day.has_time and (
                kick := _start_said(sentence[event.start():], at, cues, options)) is not None:
            # ("home to the Rovers, kick off 10.30": a game said by its kick-off is started by it)
            # "the game's Saturday, kick-off 10": the day, and its start said after it
            whole = (day.text, kick[1])
            day = dates.find(f"{day.text} {kick[0].text}", at, options=options) or day
        if day is None and (when := _labelled_when(said[n + 1:n + 1 + _FOLLOWING], at, options)) is not None:
            # "You're registered for our live webinar. ... When: Tuesday 30 March 2027, 15:30 UTC": the day and time
            # its own labelled line gives, on the clock it names
            found.setdefault(when[1].start, Announced(_name(sentence, event.start(), event.group(0)), when[1].text,
                                                      when[0]))
            continue
        if day is None or not day.has_date or day.recurring or _REPEATS.search(day.text):
            continue  # "training stays on Thursdays at 17:30" tells of classes, not of the one event
        own = _own_hour(sentence[event.end():], at, options) if day.has_time else None
        if own is not None and meal and own.start.hour < 12 and not HALF_OF_DAY.search(own.text):
            continue  # "Jo comes at 2, dinner at 3": the dinner's own bare hour, which says no evening
        placed = weekday_day(day, f"{meta.subject}\n{body[:max(body.find(sentence), 0)]}", at, options)
        if placed is None:
            continue  # "see you on the 24th! ... Jo comes Thursday at 2": this week's Thursday or that week's
        if own is not None or placed[0] != day.start.date():
            # put together from the mail's own words: the day that placed the week, the weekday, the hour
            whole = (*((placed[1],) if placed[1] else ()), *(whole or (said_as,)),
                     *((own.text,) if own is not None else ()))
            day = _on_day(day, placed[0], own, at, options)
            if day is None:
                continue
        name = _name(sentence, event.start(), event.group(0))
        if _CLOSES.search(sentence[:event.start()]):
            name = _EARLY_CLOSING  # "the creche will close at 1pm on Friday for staff training": its closing
        if day.has_time:
            slot = _own_slot(said[n + 1:n + 1 + _FOLLOWING], day.start, at, cues, options)
            if slot is not None:  # "the PTM is from 9 to 12:30 ... your slot is at 9:40": theirs starts then
                moment, told_hour, line = slot
                found.setdefault(moment, Announced(name, f"{moment:%d %B %Y} {told_hour}", line, (day.text, told_hour)))
                continue
            found.setdefault(day.start, Announced(name, day.text, sentence, whole, _place(body, sentence, said_as, cues.rooms),
                                                  whole=bool(whole)))
            continue
        sittings = _sittings(said[n + 1:n + 1 + _FOLLOWING], day, at, options)
        if sittings:
            # "The Spring Disco is this Friday in the school hall: / P1-P3: 6pm to 7pm / P4-P7: 7.15pm to 8.30pm": one
            # sitting of it for each group its lines give hours for, each called by its group
            name = _name(sentence, event.start(), event.group(0))
            for line, label, hours, then in sittings:
                found.setdefault(then.start, Announced(f"{name} ({label})", f"{day.text} {hours}", line,
                                                       (day.text, hours), _place(body, sentence, here, cues.rooms),
                                                       listed=True))
            continue
        for later, then, hour in _hours_after(said[n + 1:n + 1 + _FOLLOWING], at, cues, options):
            if then.has_date and then.start.date() != day.start.date():
                continue
            told = f"{day.text} {then.text}"
            both = dates.find(told, at, options=options)
            if both is None or not (both.has_date and both.has_time):
                continue
            # ("Game on Saturday against the Rovers at Victoria Park, pitch 3. Kick-off 10": where the sentence that
            # named it and its day says it is)
            found.setdefault(both.start, Announced(name, told, later, (day.text, hour),
                                                   _place(body, sentence, here, cues.rooms)))
            break
    return found


# a line that gives the hours of one group's sitting, its group first ("P1-P3: 6pm to 7pm", "Under 9s - 10 till 11")
_SITTING = re.compile(r"^\s*([A-Z][\w'\u2019/+-]*(?:\s+[\w'\u2019/+-]+){0,3})\s*(?::|\s[-\u2013]\s)\s*(\S.*)$")


def _sittings(following: list[str], day: Resolution, at: Clock,
              options: DateOptions | None) -> list[tuple[str, str, str, Resolution]]:
    """The sittings of an event the lines right after its day give, each a group's own hours on that day ("P1-P3: 6pm
    to 7pm", "P4-P7: 7.15pm to 8.30pm"): (the line, its group, its hours as written, its start on the day); none
    unless two or more are."""
    from steward import dates

    out: list[tuple[str, str, str, Resolution]] = []
    for line in following:
        found = _SITTING.match(line)
        hours = dates.find(found.group(2), at, options=options) if found is not None else None
        if found is None or hours is None or not hours.has_time or hours.has_date or hours.end is None or \
                hours.recurring or _HOURS.search(hours.text) is None or len(found.group(2)) > len(hours.text) + 3:
            break
        both = dates.find(f"{day.text} {hours.text}", at, options=options)
        if both is None or not (both.has_date and both.has_time) or both.start.date() != day.start.date():
            break
        out.append((line, found.group(1), hours.text, both))
    return out if len(out) >= 2 else []


# the hours an event runs, said with both ends in digits ("6 till half 7", "10:00-12:30", "from 2 to 4pm")
_HOURS = re.compile(r"\d(?:[:.]\d\d)?\s*(?:[ap]\.?m\.?\s*)?(?:-|–|to|till|til|until)\s*(?:half\s+(?:past\s+)?)?\d", re.I)


def _hours_after(following: list[str], at: Clock, cues: Cues,
                 options: DateOptions | None) -> Iterator[tuple[str, Resolution, str]]:
    """The times the sentences after an event's day give for its start: each that follows a word of starting
    ("the first heat starts at 9:15"), then the hour the very next sentence gives alone ("The church wedding is by
    10am"), then each sentence that names no other event and gives the hours it runs and no day ("Same time as
    always, 6 till half 7 at the church hall")."""
    from steward import dates

    assert cues.starts is not None
    for later in following:
        begins = cues.starts.search(later)
        if begins is None or _names_a_day(later[:begins.start()], at, options):
            continue  # "Next up is Sunday 7th November, kick off 10.30": the start of the day that sentence names
        # "Kick-off 6, get there for half 5": the bare hour the word of starting gives, never the time to arrive by
        kick = _start_said(later[begins.start():], at, cues, options)
        if kick is not None:
            yield later, kick[0], kick[1]
            continue
        then = dates.find(later[begins.start():], at, options=options)
        if then is not None and then.has_time:
            yield later, then, then.text
    if following and cues.starts.search(following[0]) is None:
        # "the wedding is on Saturday 18th. The church wedding is by 10am, the reception by 2pm": the first hour the
        # very next sentence gives alone is when it starts
        then = dates.find(following[0], at, options=options)
        if then is not None and then.has_time and not then.has_date and not then.recurring:
            yield following[0], then, then.text
    for later in following:
        if cues.starts.search(later) is not None or (cues.events is not None and cues.events.search(later)):
            continue
        then = dates.find(later, at, options=options)
        if then is not None and then.has_time and not then.has_date and then.end is not None and \
                _HOURS.search(then.text) is not None and not then.recurring:
            yield later, then, then.text


# a move of an event said in words: "we've moved the barbecue to Sunday 15 March from 4pm", "the party is
# postponed until Saturday at 8"; what follows "to" is the new time
_MOVED = re.compile(r"\b(?:moved|moving|rescheduled|rescheduling|changed|postponed|postponing|pushed|shifted|put)\b"
                    r"(?:\s+(?:it|the|our|my|this|that)(?:\s+[\w'’-]+){0,2})?(?:\s+(?:back|forward|off))?"
                    r"\s+(?:to|until|till)\s+(.+)$", re.I)
# a correction of an event's time, said right after its name: "the barbecue's at 5 on Sunday, not 4", "lunch is now
# on Friday, not Thursday"; what comes before "not" is the new time
_CORRECTED = re.compile(r"^(?:['’]s|\s+is|\s+will\s+be)\s+(?:now\s+|actually\s+)?((?:at|on|from)\s+[^,;]+?),?\s+"
                        r"(?:and\s+)?not\s+(?:at\s+|on\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day)", re.I)
_NOT = re.compile(r"\bnot\b", re.I)


def _day_said(sentence: str, at: Clock, options: DateOptions | None) -> Resolution | None:
    """The day and time a sentence says, a holiday's name inside an event's name set aside when the sentence
    writes its date too ("our Harvest Thanksgiving Service is on Sunday, 28th February at 10": the Sunday, not
    the American holiday)."""
    from steward import dates

    day = dates.find(sentence, at, options=options)
    if day is None or not day.named:
        return day
    start, end = day.span
    other = dates.find(f"{sentence[:start]}{' ' * (end - start)}{sentence[end:]}", at, options=options)
    return other if other is not None and other.has_date else day


def _events_said(body: str, cues: Cues, said: re.Pattern[str]) -> Iterator[tuple[str, re.Match[str], re.Match[str]]]:
    """Each sentence of a text's head that names an event of the person's and says `said` of it: the sentence,
    the event's words and what is said; never a sentence about the writer's own event or no booking."""
    if cues.events is None:
        return
    for sentence in sentences(body[:_HEAD_CHARS]):
        event, match = cues.events.search(sentence), said.search(sentence)
        if event is not None and match is not None and not cues.not_bookings.search(sentence) and \
                not _writers_own(sentence, event, cues):
            yield sentence, event, match


def find_moved(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
               options: DateOptions | None = None) -> Announced | None:
    """The new time of an event a text says is moved ("we've moved the barbecue to Sunday 15 March from 4pm"),
    read on the clock of the mail's arrival: one sentence names the event and the day and time it is moved
    to; None when none does, or more than one time is said."""
    from steward import dates

    at = clock.at(meta.received_at)
    found: dict[object, Announced] = {}
    # ("I've moved my meeting to Thursday at 2" moves the writer's own, no event of the person's)
    corrected = ((sentence, event, match) for sentence, event, _ in _events_said(body, cues, _NOT)
                 if (match := _CORRECTED.match(sentence[event.end():])) is not None)
    for sentence, event, moved in (*_events_said(body, cues, _MOVED), *corrected):
        when = dates.find(moved.group(1), at, options=options)
        if when is None or not when.has_date or when.recurring:
            continue  # ("moved to Monday" gives the day alone: the time it had is kept, `_moved_to_a_day`)
        found.setdefault(when.start, Announced(_name(sentence, event.start(), event.group(0)), when.text, sentence,
                                               location=_place(body, sentence, when.text, cues.rooms)))
    return next(iter(found.values())) if len(found) == 1 else None


# an event said to be off: "the barbecue is cancelled", "Saturday's regatta has been called off", "the workshop
# won't go ahead", "PTM is off this week", "we've had to scrap the housewarming"
_CALLED_OFF = re.compile(r"\b(?:cancel+ed|called\s+off|calling\s+off|scrapped|off\s+(?:this|next|for)\b|"
                         r"(?:is|are|'s|’s)\s+(?:now\s+)?off\b(?!\s+(?:to|from|at|on\s+\w+day\s+at))|"
                         r"(?:won't|will\s+not|isn't|is\s+not|not)\s+(?:go(?:ing)?\s+ahead|happen(?:ing)?)\b)", re.I)


def moved_to_a_day(excerpt: str, clock: Clock) -> bool:
    """Whether a sentence moves an event to a day and gives no time ("the PTM has been moved to Monday"): the
    event keeps the time it had, and an answer says so."""
    from steward import dates

    moved = _MOVED.search(excerpt)
    when = dates.find(moved.group(1), clock) if moved is not None else None
    return when is not None and when.has_date and not when.has_time


def find_called_off(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
                    options: DateOptions | None = None) -> Announced | None:
    """The event a text says is off ("the workshop on Thursday is cancelled", "the barbecue won't go ahead"):
    what it calls it, the day it names when it names one (its `start`, else empty), and the sentence that says
    so; None when it calls off none, the writer's own, or events of more than one name."""
    from steward import dates

    at = clock.at(meta.received_at)
    found: dict[str, Announced] = {}
    # ("my meeting is cancelled, so I'm free at 3" calls off the writer's own)
    for sentence, event, _ in _events_said(body, cues, _CALLED_OFF):
        day = dates.find(sentence, at, options=options)
        name = _name(sentence, event.start(), event.group(0))
        found.setdefault(name.casefold(), Announced(name, day.text if day is not None and day.has_date else "",
                                                    sentence))
    return next(iter(found.values())) if len(found) == 1 else None


def _writers_own(sentence: str, event: re.Match[str], cues: Cues) -> bool:
    """Whether the event a sentence tells of unasked (a meeting, an interview) is the writer's own ("I have a
    client meeting at 4", "my interview is on Monday"), not one the reader goes to."""
    told = cues.told is not None and cues.told.fullmatch(event.group(0)) is not None
    return told and _WRITERS_OWN.search(sentence[:event.start()]) is not None


def _asked_then(following: list[str], at: Clock, cues: Cues,
                options: DateOptions | None) -> tuple[str, Resolution] | None:
    """The day and time a sentence gives on its own, first, right after one that asks to meet and says no day
    ("Wednesday the 3rd, half two in my office?"): (that sentence, its day and time)."""
    from steward import dates

    for later in following:
        when = dates.find(later, at, options=options)
        if when is None or when.span[0] > 3 or not (when.has_date and when.has_time) or when.recurring or any(
                words is not None and words.search(later) for words in (cues.events, cues.deadlines, cues.happened)):
            return None
        return later, when
    return None


# a line that labels an event's day and time ("When: Tuesday 30 March 2027, 15:30 UTC", "Date and time: ...")
_WHEN_LABEL = re.compile(r"^\s*(?:when|date\s+and\s+time|date\s*&\s*time|time\s+and\s+date)\s*:\s*\S", re.I)


def _labelled_when(following: list[str], at: Clock, options: DateOptions | None) -> tuple[str, Resolution] | None:
    """(the line, its day and time) of the one labelled line among the next sentences that gives both, else None."""
    from steward import dates

    said = [(line, r) for line in following if _WHEN_LABEL.match(line)
            for r in [dates.find(line.split(":", 1)[1], at, options=options)]
            if r is not None and r.has_date and r.has_time and not r.recurring]
    return said[0] if len(said) == 1 else None


def a_teams_game(one: Announced) -> bool:
    """Whether an event is a team's game said by its kick-off or by its playing ("kick off 10.30", "we play the
    Comets"): a fixture its coach or club tells of, for the players' families to go to."""
    return one.name.casefold() == "game" and _PLAYING.search(one.excerpt) is not None


def _names_a_day(text: str, at: Clock, options: DateOptions | None) -> bool:
    """Whether a text names a day of its own."""
    from steward import dates

    return any(one.has_date for one in dates.find_all(text, at, options=options))


def _start_said(after: str, at: Clock, cues: Cues, options: DateOptions | None) -> tuple[Resolution, str] | None:
    """The hour a word of starting gives in a sentence's rest ("kick-off 10", "kick off 10.30", "starts at 9:15"), a
    bare number read as "at" it would be; with the hour as the mail writes it."""
    from steward import dates

    begins = cues.starts.search(after) if cues.starts is not None else None
    if begins is None:
        return None
    rest = after[begins.end():]
    bare = re.match(r"\s*:?\s*(\d{1,2}(?:[.:][0-5]\d)?)(?![\d:]|\.\d|\s*[ap]\.?m)", rest, re.I)
    hour = dates.find(f"at {bare.group(1)}" if bare else rest, at, options=options)
    if hour is None or not hour.has_time or hour.has_date:
        return None
    return hour, bare.group(1) if bare else hour.text


def _slot_of(before: list[str], sentence: str, subject: str, at: Clock, cues: Cues,
             options: DateOptions | None) -> tuple[str, Resolution] | None:
    """The event and the person's own day and time at it, when `sentence` gives that time in words of a slot
    ("I have you down for Tuesday the 16th at 6:10") and names no event, and the sentence before it (or else the
    mail's subject) names the event."""
    from steward import dates

    mine = cues.slots.search(sentence) if cues.slots is not None and cues.events is not None else None
    if mine is None:
        return None
    when = dates.find(sentence[mine.end():], at, options=options)
    if when is None or not (when.has_date and when.has_time) or when.recurring:
        return None
    for said in (*before, subject):
        event = cues.events.search(said) if cues.events is not None else None
        if event is not None and not _writers_own(said, event, cues):
            return _name(said, event.start(), event.group(0)), when
    return None


def _own_hour(after: str, at: Clock, options: DateOptions | None) -> Resolution | None:
    """The hour said right after an event's name ("..., dinner at 3", "the game is at 10"): the event's own,
    whatever other hour its sentence gives first ("Jo comes Thursday at 2, dinner at 3")."""
    from steward import dates

    said = _OWN_HOUR.match(after)
    if said is None:
        return None
    hour = dates.find(said.group(1), at, options=options)
    return hour if hour is not None and hour.has_time and not hour.has_date else None


def _on_day(day: Resolution, on: date, hour: Resolution | None, at: Clock,
            options: DateOptions | None) -> Resolution | None:
    """`day` read again on the day `on`, at `hour` when one is given (else at its own time)."""
    from steward import dates

    told = hour.text if hour is not None else (day.text[slice(*_time_span(day))] if day.has_time else "")
    return dates.find(f"{on:%d %B %Y} {told}".strip(), at, options=options)


def _time_span(day: Resolution) -> tuple[int, int]:
    """Where a date phrase's time is said in its text: after its weekday's name, else all of it."""
    weekday = re.search(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", day.text, re.I)
    return (weekday.end(), len(day.text)) if weekday is not None else (0, len(day.text))


def _own_slot(following: list[str], day: datetime, at: Clock, cues: Cues,
              options: DateOptions | None) -> tuple[datetime, str, str] | None:
    """The person's own time in an event that others share, said in a sentence after the one that gives the
    event's day ("your slot with the class teacher is at 09:40 AM"): (that start, the time as written, the
    sentence that says it)."""
    from steward import dates

    if cues.slots is None:
        return None
    for later in following:
        mine = cues.slots.search(later)
        if mine is None:
            continue
        hour = dates.find(later[mine.end():], at, options=options)
        if hour is None or not hour.has_time or (hour.has_date and hour.start.date() != day.date()):
            return None
        return day.replace(hour=hour.start.hour, minute=hour.start.minute), hour.text, later
    return None


# a time said on the writer's own clock ("I'll call Saturday at 2 my time"), and how far the reader's is from it, as
# the writer says it ("you're 2 hours ahead of me", "I'm an hour behind you")
_THEIR_CLOCK = re.compile(r"\b(?:my|our)\s+time\b", re.I)
_HOURS_APART = re.compile(r"\b(you|I|we)(?:['’]re|['’]m|\s+are|\s+am)\s+(?:now\s+)?(\d{1,2}|an|one|two|three|four|five|six|"
                          r"seven|eight|nine|ten|eleven|twelve)\s+hours?\s+(ahead\s+of|behind)\s+(me|us|you)\b", re.I)
_COUNTED = {"an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12}


def writers_clock(sentence: str, body: str) -> timedelta | None:
    """How much to add to a time a sentence says on its writer's own clock ("Saturday at 2 my time") to have it on
    the reader's, as the mail says how far apart the two are ("you're 2 hours ahead of me": two hours later);
    None when the sentence says no time of the writer's or the mail says not how far."""
    if not _THEIR_CLOCK.search(sentence):
        return None
    apart = _HOURS_APART.search(body)
    if apart is None:
        return None
    who, count, way, other = (apart.group(n).casefold() for n in range(1, 5))
    if (who == "you") == (other == "you"):
        return None  # "you're ahead of you": no two clocks
    hours = int(count) if count.isdigit() else _COUNTED[count]
    ahead = way.startswith("ahead")
    # the reader ahead of the writer: later on the reader's clock
    reader_ahead = ahead if who == "you" else not ahead
    return timedelta(hours=hours if reader_ahead else -hours)


# who asks the person over, said before the asking ("the Millers asked us over", "Joan and Bill have invited us round")
_HOST = re.compile(r"((?:the\s+)?(?!(?:They|We|She|He|I|You|It)\b)[A-ZÀ-Þ][\w-]+(?:\s+(?:and\s+)?[A-ZÀ-Þ][\w-]+){0,2})"
                   r"\s+(?:(?:have|has|had|just|already)\s+)*$")


def _name(sentence: str, at: int, noun: str) -> str:
    """The event as the sentence calls it: its noun and the words right before it that describe it
    ("indoor tournament" of "our indoor tournament is ..."); a meeting asked for ("can we meet ...", "could we sit
    down ...") is a meeting."""
    if noun.casefold().split()[-1] in ("meet", "grab", "chat") or noun.casefold().endswith(" sit down"):
        return "meeting"
    if noun.casefold().split()[-1] in ("call", "ring", "phone"):
        return "call"  # "I'll call you Sunday at 4": the writer's call
    if _PLAYING.search(noun):
        return "game"  # "Saturday we play the Comets": the team's game
    if noun.casefold().split()[-1] in ("over", "round"):
        # "the Millers asked us over for ...": a visit to whoever asked
        host = _HOST.search(sentence[:at])
        return f"visit to {host.group(1)}" if host is not None else "visit"
    words = sentence[:at].split()
    kept: list[str] = []
    for word in reversed(words[-2:]):
        if word.rstrip("\"')").endswith((",", ";", ":")):
            break  # "Hi all, book group is ...": a clause before it, no word of its name
        bare = word.strip(",;:()\"'").casefold()
        whose = re.fullmatch(r"([A-ZÀ-Þ][\w-]+)['’]s", word.strip(",;:()\"")) if len(kept) < 2 else None
        if whose is not None and whose.group(1).casefold() not in _NOT_NAME:
            # "Tyler's spring concert": whose it is names it too (a grandchild, a friend)
            kept.insert(0, whose.group(0))
            break
        if not bare.isalpha() or bare in _NOT_NAME:
            break
        kept.insert(0, word.strip(",;:()\"'"))
    return " ".join([*kept, noun])


def _place(body: str, sentence: str, when: str, rooms: re.Pattern[str] | None = None) -> str | None:
    """Where the sentence says the event is, after its day and time ("... from 8pm at Café Lindner,
    Hauptstr. 4"), read on in its line past a street's abbreviation up to the house number."""
    if _AT_HOME.search(sentence):
        return None  # "book group is at mine on Thursday": the writer's home, never a place a later sentence names
    at = body.find(sentence)
    line = body[at:at + len(sentence) + 80].split("\n")[0] if at >= 0 else sentence
    skip = line.find(when) + len(when) if when in line else 0
    after = line[skip:]
    match = _AT_PLACE.search(after)
    if match is None and rooms is not None and (room := _room(after, rooms)) is not None:
        return room  # "3:30 in the staff canteen", "at the church hall": a room or a building by its kind
    if match is None or (skip + match.start(1) >= len(sentence) and _ENDED.search(sentence)):
        return None  # past a sentence that ended ("... on the school field. Grade 4 is in Blue House")
    # a stop after a house number ends it, and so does one a new sentence follows ("Mylapore. You and Adi")
    place = re.split(r"(?<=\d)\.\s|\.\s+(?=[A-Z][a-z]*\s+[a-z])", after[match.start(1):])[0][:len(match.group(1))]
    if "," in place and re.match(r"\s+[a-z]", after[match.end(1):]):
        # "at the Little River Café, Aunty Pat and the cousins are coming": a new clause's subject is no address
        place = place.rsplit(",", 1)[0]
    return " ".join(place.split()).rstrip(" .,") or None


# "in the", "at the" right after an event's time, before a room or a building named by its kind
_IN_THE = re.compile(r"^[\s,]*(?:in|at)\s+the\s+", re.I)


def _room(after: str, rooms: re.Pattern[str]) -> str | None:
    """A room or a building said in lower case right after an event's time ("in the staff canteen", "at the church
    hall"): a word of `rooms` in vocab.yaml, with up to two words before it that say whose or which."""
    opening = _IN_THE.match(after)
    if opening is None:
        return None
    rest = after[opening.end():opening.end() + 60]
    room = rooms.search(rest)
    if room is None or not re.fullmatch(r"(?:[a-z][\w'’-]*\s+){0,2}", rest[:room.start()]):
        return None
    return "the " + rest[:room.end()]


def _squash(text: str) -> str:
    """Letters and digits alone, accents dropped and casefolded ("SV Kastanie 1921" -> "svkastanie1921")."""
    plain = unicodedata.normalize("NFKD", text.replace("ß", "ss"))
    return "".join(ch for ch in plain if ch.isalnum() and not unicodedata.combining(ch)).casefold()


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# a domain's parts that name no organisation: a mail service's, or a role's
_LABEL_SKIP = frozenset(("mail", "email", "e-mail", "news", "newsletter", "info", "noreply", "www", "post", "web",
                         "gmail", "googlemail", "outlook", "hotmail", "live", "yahoo", "icloud", "gmx", "proton",
                         "protonmail", "aol", "mailbox", "posteo", "fastmail"))


def organisation_named_by(address: str, text: str) -> str | None:
    """The name of the organisation a sender's domain spells, as the text writes it ("Liffey Rowing Club" in
    the mail of someone@liffeyrowingclub.example, with the words of what it is that the domain leaves out:
    "Harbour Sailing School" of harbour-sailing.example), or None: a club's or a school's mail is signed by
    a person, and the domain it comes from says whose it is."""
    domain = address.rpartition("@")[2].casefold()
    labels = [label for label in domain.split(".")[:-1] if label not in _LABEL_SKIP]
    wanted = {_squash(label) for label in labels if len(_squash(label)) >= 4}
    if not wanted:
        return None
    words = list(_WORD.finditer(text))
    for i, first in enumerate(words):
        if not (first.group(0)[0].isupper() or first.group(0)[0].isdigit()):
            continue
        squashed = ""
        for j in range(i, min(i + 6, len(words))):
            if j > i and "\n" in text[words[j - 1].end():words[j].start()]:
                break
            squashed += _squash(words[j].group(0))
            if squashed in wanted:
                return text[first.start():words[_kind_after(text, words, j)].end()]
            if not any(w.startswith(squashed) for w in wanted):
                break
    return None


def _kind_after(text: str, words: list[re.Match[str]], last: int) -> int:
    """The last word of a name whose domain leaves out what it is ("Pomboo Swim Academy" of pomboo-swim): the
    capitalised words right after it on its line, up to two."""
    for k in range(last + 1, min(last + 3, len(words))):
        gap, word = text[words[k - 1].end():words[k].start()], words[k].group(0)
        if gap.strip(" \t") or not word[:1].isupper() or not word.isalpha():
            break
        last = k
    return last
