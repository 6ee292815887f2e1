"""Which event a person means, and where a move sends it: shared by talking, `steward calendar
move|cancel|skip` and the HTTP routes.

The target is found among the events of the coming weeks (every configured calendar) by the words of
its title and place, by its kind ("appointment", "meeting") and provider ("the dentist" is a dentist's
appointment), and by the days and times said of it ("tomorrow's physio", "the 9 am physio on friday").
A repeating event is offered once, at its soonest time among those kept.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.calendar.reminders.targets import Candidate, choose
from steward.clock import Clock
from steward.errors import ConnectorError, NotFound, UserError
from steward.formats import Formats
from steward.records.calendar import Event
from steward.vocab import words

if TYPE_CHECKING:
    from steward.calendar.service import CalendarService

log = logging.getLogger(__name__)

LOOK_AHEAD = timedelta(days=62)
MAX_ASKED = 5
# the most words an event is named in (HTTP's name and day together fit), and the most a refusal repeats
MAX_WORDS = 600
SHOWN_WORDS = 80


@dataclass(frozen=True)
class Found:
    """The event meant (`best`), or the close ones to ask between, among `pool`."""

    best: Event | None
    close: tuple[Event, ...] = ()


def upcoming(service: CalendarService, now: datetime, ahead: timedelta = LOOK_AHEAD) -> list[Event]:
    """The events not yet over in the coming weeks, from every calendar that can be read, soonest first."""
    out: list[Event] = []
    for name in service.backends:
        try:
            out.extend(e.shown_in(service.clock.zone) for e in service.backend(name).between(now, now + ahead))
        except ConnectorError as exc:
            log.debug("%s calendar not searched: %s", name, exc.message)
    out.sort(key=lambda e: e.start)
    return [e for e in out if e.end > now]


def on_times_said(events: list[Event], said_times: Iterable[Any], zone: Any) -> list[Event]:
    """The events on the days and at the times said of the target (each a `dates` result); every time
    said holds ("the 9 am physio on friday" needs both)."""
    kept = list(events)
    for said in said_times:
        if said is None or said.start is None:
            continue
        if said.has_time and said.has_date and not re.search(r"\d|noon|midnight", said.text, re.IGNORECASE):
            said = replace(said, has_time=False)  # "tonight's", "this evening": the day, not a clock time
        low = said.start
        high = said.end if said.end is not None and said.end > said.start else None
        kept = [e for e in kept if (not said.has_date or e.start.date() == low.astimezone(zone).date()
                                    or (high is not None and low <= e.start < high and not said.has_time))
                and (not said.has_time or (e.start.hour, e.start.minute) == (low.hour, low.minute))]
    return kept


def one_each(events: list[Event]) -> list[Event]:
    """A repeating event once (its soonest time among those kept), beside the one-off events."""
    seen: set[tuple[str, str]] = set()
    out = []
    for e in events:
        if (e.id, e.calendar) not in seen:
            seen.add((e.id, e.calendar))
            out.append(e)
    return out


def candidates(events: list[Event], kinds: Mapping[str, tuple[str, ...]] | None = None) -> list[Candidate]:
    """The events as candidates for `choose`: the words of their title and place (a hyphenated word by
    its parts too: "parent-teacher" answers to "teacher"), and the kinds their words show ("Smile
    Dental" is a dentist, "Table at Nonna's" a restaurant) with each kind's words."""
    out = []
    for k, e in enumerate(events):
        said = f"{e.title} {e.location or ''}"
        have = set(words(said.replace("-", " "))) | set(words(said))
        shown = [kind for kind, kind_words in (kinds or {}).items() if have & set(kind_words)]
        extra = " ".join(f"{kind} {' '.join(kinds[kind])}" for kind in shown) if kinds else ""
        text = " ".join(f"{said} {said.replace('-', ' ') if '-' in said else ''} {extra}".split())
        out.append(Candidate(k, text, e.title))  # the question that offers them is written by its asker
    return out


def pick(target: tuple[str, ...], pool: list[Event], kinds: Mapping[str, tuple[str, ...]] | None = None) -> Found:
    """The event the target words mean among `pool`, or the close ones."""
    found = choose(target, candidates(pool, kinds))
    if found.best is not None:
        return Found(pool[found.best.id])
    return Found(None, tuple(pool[c.id] for c in found.close)[:MAX_ASKED])


def unknown_names(target: Sequence[str], best: Candidate, cands: Sequence[Candidate],
                  little: Iterable[str] = ()) -> tuple[str, ...]:
    """The words said of the target that name nothing on the calendar (no event's title, place or kind
    holds them, nor a word near them), when the event that fits best shares only words of a kind with
    them: "the cello lesson" beside a guitar lesson gives ("cello",) ("lesson" is any lesson), "the choir
    rehearsal" beside the choir gives () ("choir" names it). The `little` words (how a change is said,
    never which event) and numbers are not names."""
    from steward.calendar.reminders.targets import word_score

    skip = set(little) | _KIND_WORDS
    unknown = tuple(w for w in target if len(w) >= 3 and not w[0].isdigit() and w not in skip
                    and not any(word_score((w,), c.text) > 0 for c in cands))
    shared = [w for w in target if word_score((w,), best.text) > 0]
    return unknown if unknown and all(w in _KIND_WORDS for w in shared) else ()


# words that say what kind of event is meant or how often, not which one: "the choir *rehearsal*", "the
# *team* away-day", "the *weekly* review"
_KIND_WORDS = frozenset(("rehearsal", "rehearsals", "practice", "practices", "practise", "class", "classes",
                         "lesson", "lessons", "session", "sessions", "appointment", "appointments", "appt", "meeting",
                         "meetings", "call", "calls", "thing", "things", "one", "ones", "event", "events", "slot",
                         "booking", "visit", "catch", "catchup", "catch-up", "training", "game", "games", "match",
                         "reservation", "reservations", "team", "group", "club", "weekly", "daily", "monthly",
                         "morning", "evening", "night", "course", "workshop"))


def label(e: Event, fmt: Formats) -> str:
    """An event as a question or a reply names it: "physio (Wed, 2 Dec 2026 at 09:00)" in en_GB."""
    if e.all_day:
        return f"{e.title} ({fmt.day(e.start.date())}, all day)"
    return f"{e.title} ({fmt.when(e.start)})"


_WEEKDAY = re.compile(r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\b", re.IGNORECASE)
_SAME_TIME = re.compile(r"[\s,]*(?:at\s+)?(?:the\s+)?same\s+(?:time|hour)(?:\s+as\s+(?:before|usual|now))?\b",
                        re.IGNORECASE)
# a day of the month said without its month ("the 18th", "on the 3rd at 10")
_DAY_ALONE = re.compile(r"^\s*(?:on\s+)?(?:the\s+)?(?:[12]?\d|3[01])(?:st|nd|rd|th)\b", re.IGNORECASE)
_MONTH = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d/\d", re.IGNORECASE)
_FROM_NOW = re.compile(r"\b(?:next|this|coming|tomorrow|today|tonight)\b", re.IGNORECASE)
# a clock time that says which half of the day it is in ("7 pm", "19:00", "noon", "in the evening")
_HALF_SAID = re.compile(r"\d\s*[ap]\.?m\b|\b[ap]\.?m\.?(?!\w)|\b(?:1[3-9]|2[0-3]|00)[:.h]\d|\b(?:noon|midday|midnight|morning|"
                        r"afternoon|evening|night|tonight|o'?clock\s+(?:in|at))\b", re.IGNORECASE)


def destination(when: str, event: Event, clock: Clock, options: Any = None) -> datetime | None:
    """Where a move to WHEN sends `event`: a time alone keeps its day, a day alone keeps its time, and a
    weekday alone for an event in a later week is that week's day. An hour said without its half of the
    day is the one nearer the event's own time ("to 7" for a 6 pm lesson is 19:00, "to 10" for a 9 am
    one 10:00; halfway, the afternoon: "to 5" for an 11:00 event is 17:00). None when WHEN says no time
    or day."""
    from steward import dates

    when = _SAME_TIME.sub(" ", when).strip() or when  # "to the 23rd, same time": the day alone keeps its time
    said = dates.find(when, clock, options=options)
    if said is None or said.start is None:
        return None
    zone = clock.zone
    if not said.has_date:
        morning = datetime.combine(event.start.date(), datetime.min.time(), zone).replace(hour=7)
        said = dates.find(when, clock.at(morning), options=options) or said
    elif _WEEKDAY.search(when) and not _FROM_NOW.search(when):
        week = datetime.combine(event.start.date() - timedelta(days=event.start.weekday()), datetime.min.time(), zone)
        if week > clock.now():
            said = dates.find(when, clock.at(week), options=options) or said
    elif _DAY_ALONE.match(when) and not _MONTH.search(when):
        # "to the 18th" for an event in a later month: that month's 18th (a day to come, never one past)
        month = datetime.combine(event.start.date().replace(day=1), datetime.min.time(), zone)
        if month > clock.now():
            said = dates.find(when, clock.at(month), options=options) or said
    assert said.start is not None
    at = said.start.astimezone(zone)
    if said.has_time and not _HALF_SAID.search(when) and 1 <= at.hour % 12 + (12 if at.hour % 12 == 0 else 0) <= 12:
        at = _nearer_half(at, event.start.astimezone(zone))
    if not said.has_time:
        return datetime.combine(at.date(), event.start.timetz().replace(tzinfo=None), zone)
    if not said.has_date:
        return datetime.combine(event.start.date(), at.timetz().replace(tzinfo=None), zone)
    return at


def _nearer_half(at: datetime, near: datetime) -> datetime:
    """`at` in the half of the day (morning or afternoon) nearer the time of `near`; halfway, the afternoon."""
    def gap(moment: datetime) -> int:
        return abs(moment.hour * 60 + moment.minute - (near.hour * 60 + near.minute))

    morning, afternoon = at.replace(hour=at.hour % 12), at.replace(hour=at.hour % 12 + 12)
    return morning if gap(morning) < gap(afternoon) else afternoon


@dataclass(frozen=True)
class Target:
    """The event words named, and whether they named one of its times ("monday's standup" does, "the
    standup" does not: a move of a repeating event is then of that one time)."""

    event: Event
    time_said: bool = False


def times_said(text: str, spans: Iterable[tuple[int, int]], clock: Clock, options: Any = None) -> list[Any]:
    """The times said in `spans` of `text` (each a `dates` result). Parts only spaces apart that read as
    one moment agreeing with each part ("monday", "december", "14th": Monday 14 December) are that one;
    parts that disagree stay apart, so each must hold and nothing is found by guessing."""
    from steward import dates

    def read(a: int, b: int) -> Any:
        return dates.find(text[a:b], clock, options=options)

    out: list[Any] = []
    group: list[tuple[int, int]] = []

    def flush() -> None:
        parts = [read(a, b) for a, b in group]
        if len(group) > 1:
            whole = read(group[0][0], group[-1][1])
            if whole is not None and whole.start is not None and all(
                    _agrees(text[a:b], part, whole, clock.zone) for (a, b), part in zip(group, parts, strict=True)):
                out.append(whole)
                return
        out.extend(parts)

    for a, b in sorted(spans):
        if group and a >= group[-1][1] and not text[group[-1][1]:a].strip():
            group.append((a, b))
            continue
        if group:
            flush()
        group = [(a, b)]
    if group:
        flush()
    return out


def _agrees(said: str, part: Any, whole: Any, zone: Any) -> bool:
    """Whether one part of a moment said in parts fits the moment read from them all: its day (a weekday
    named alone, that weekday), the month or week it names, its clock time."""
    if part is None or part.start is None:
        return True  # a word the dates do not read alone ("14th's") adds nothing to check
    day = whole.start.astimezone(zone).date()
    begin = part.start.astimezone(zone)
    if part.has_time:
        at = whole.start.astimezone(zone)
        if not whole.has_time or (begin.hour, begin.minute) != (at.hour, at.minute):
            return False
    if not part.has_date:
        return True
    if part.end is not None and part.end - part.start > timedelta(days=1):
        return begin.date() <= day < part.end.astimezone(zone).date()
    if _WEEKDAY.fullmatch(" ".join(words(said)[-1:])) and len(words(said)) <= 2:
        return begin.weekday() == day.weekday()
    return begin.date() == day


def find_event(service: CalendarService, said_words: str, clock: Clock | None = None,
               kinds: Mapping[str, tuple[str, ...]] | None = None) -> Event:
    """The one upcoming event WORDS name ("tomorrow's physio", "the dentist", an event's UID); a
    UserError that lists the close ones when several fit, NotFound with the nearest names when none."""
    return find_target(service, said_words, clock, kinds).event


def find_target(service: CalendarService, said_words: str, clock: Clock | None = None,
                kinds: Mapping[str, tuple[str, ...]] | None = None) -> Target:
    """`find_event`, saying too whether the words named a day or time of the event (an id does not)."""
    from steward.calendar.event_talk import load_event_words, parse_change
    from steward.calendar.reminders.requests import load_manage_words
    from steward.vocab import load_vocab

    clock = clock or service.clock
    text = " ".join(said_words.split())
    if not text:
        raise UserError("say which event, e.g. 'the dentist' or \"tomorrow's physio\"")
    if len(text) > MAX_WORDS:
        # as over HTTP: an event is named in a few words, and a refusal never echoes a page of them
        raise UserError(f"that is too long to name an event ({MAX_WORDS} characters at most); nothing was changed")
    shown = text if len(text) <= SHOWN_WORDS else text[:SHOWN_WORDS - 1] + "…"
    pool = upcoming(service, clock.now())
    by_id = [e for e in pool if e.id == text]
    if by_id:
        return Target(by_id[0])
    said = f"cancel {text}"
    change = parse_change(said, load_event_words(), load_manage_words(), load_vocab(), clock, service.date_options)
    target = change.target if change is not None else tuple(text.lower().split())
    read = change.text or said if change is not None else said  # the spans are of the words as read
    times = times_said(read, change.filters if change else (), clock, service.date_options)
    kept = one_each(on_times_said(pool, times, clock.zone))
    found = pick(target, kept, kinds) if target else Found(kept[0] if len(kept) == 1 else None, tuple(kept[:MAX_ASKED]))
    if found.best is not None:
        return Target(found.best, time_said=any(t is not None and t.start is not None for t in times))
    if found.close:
        listed = "; ".join(label(e, clock.formats) for e in found.close)
        raise UserError(f"more than one event fits {shown!r}: {listed}; say which (its day or time)")
    if times and target and not kept:
        named = pick(target, one_each(pool), kinds).best
        if named is not None:
            raise NotFound(f"{named.title} is not on at the time said in {shown!r} (a time skipped or moved is "
                           "not); nothing was changed")
    nearest = ", ".join(dict.fromkeys(e.title for e in one_each(pool)[:5])) or "none in the coming weeks"
    raise NotFound(f"no upcoming event fits {shown!r} (upcoming: {nearest}); nothing was changed")
