"""Deterministic patterns for common confirmation phrasings, over a message's subject and snippet.

"Your appointment with Dr. Asha Rao at Lakeside Dental is confirmed for Thursday, 17 September 2026
at 04:30 PM." A sentence gives a candidate when it holds a confirmation word (or a cancellation,
reschedule, tentative, waitlist or invitation word: those candidates are made so the consumer can
name why it turns them down), what was booked or a provider, and a date with a time that
`steward.dates` reads. The provider is the sender's display name when the text names it, else the
capitalised words after "at" or "with". Words come from `vocab.yaml` beside this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from importlib import resources
from typing import TYPE_CHECKING

import yaml

from steward.appointments.kinds import load_kinds as load_kinds  # the kinds alone load without the patterns
from steward.appointments.model import Candidate, Status, normalise, provider_key, sends_elsewhere, unsafe
from steward.clock import Clock
from steward.errors import ConfigError
from steward.records.appointments import MessageMeta
from steward.yamldata import load_yaml

if TYPE_CHECKING:
    from steward.dates import DateOptions, Resolution

# the order a message's status is decided in: the first kind whose words it holds wins
# (an offer first: "a spot to replace the session we cancelled" offers a time and cancels none)
STATUS_ORDER: tuple[Status, ...] = ("offered", "cancelled", "rescheduled", "waitlist", "tentative", "invitation")
# where a sentence may end: a stop not inside a word or a number ("p.m", "4.30", "example.com"), or a line
_BREAK = re.compile(r"[.!?](?![\w.])|[\n|]")
# a stop that ends an abbreviation, not a sentence: a title or an initial before a name, a day or a month
# before its date ("Dr. Alvarez", "Sat. Oct. 3"); these never end a sentence
_NEVER_ENDS = re.compile(r"(?:(?<![\w.])(?:dr|drs|mr|mrs|ms|mx|prof|st|mt|sr|jr|no|nos|approx|vs|ca|cf|e\.g|i\.e|"
                         r"mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|"
                         r"dec)|(?<![\w.])[A-Za-z])\.$", re.I)
# "a.m." and "p.m." (and a street's "Ave.") end a sentence only when a new one starts after them
_MAY_END = re.compile(r"(?:(?<![\w.])[ap]\.m|(?<![\w.])(?:ave|rd|blvd|etc))\.$", re.I)
_NEXT_STARTS = re.compile(r"\s+[A-Z\d\"'“(]|\s*$")
# (a word followed by a colon is the next label of a form, "With: Nurse Jo Pike When: ...", not part of the name)
_PROVIDER_AFTER = re.compile(
    r"\b(?:at|with|[Ww]ith:|from|going to)\s+((?:Dr\.?\s+)?[A-Z][\w&'’.-]*(?:\s+(?:&\s+|of\s+|the\s+)?[A-Z][\w&'’.-]*(?![\w&'’.-]|:)){0,4})")
_GENERIC_SENDERS = {"noreply", "no-reply", "no reply", "donotreply", "notifications", "info", "team", "support"}


@dataclass(frozen=True)
class Cues:
    """The phrase lists of vocab.yaml, each compiled to one whole-word regex."""

    confirmed: re.Pattern[str]
    nouns: re.Pattern[str]
    statuses: tuple[tuple[Status, re.Pattern[str]], ...]
    not_bookings: re.Pattern[str]
    check_in: re.Pattern[str] | None = None
    businesses: re.Pattern[str] | None = None
    policies: re.Pattern[str] | None = None
    # an event announced in plain words: what it is called, the words its start follows, and a friend's
    # words asking the person to come (announced.py)
    events: re.Pattern[str] | None = None
    starts: re.Pattern[str] | None = None
    welcome: re.Pattern[str] | None = None
    event_words: tuple[str, ...] = ()  # the words of `events` as written, to find such mail in the store
    # of those, the events a person's mail tells of that the person goes to unasked (a meeting, a workshop,
    # a family's ceremony, a tradesperson's visit); a day that is a deadline; the person's own slot in an event
    told: re.Pattern[str] | None = None
    deadlines: re.Pattern[str] | None = None
    happened: re.Pattern[str] | None = None
    slots: re.Pattern[str] | None = None
    # a question that asks when an event is ("what time is the dinner tomorrow?"): it tells no time of it
    asks_when: re.Pattern[str] | None = None
    # a sender's name that is a club's, a school's or a team's: it tells its members of its own events
    organisations: re.Pattern[str] | None = None
    # classes or sessions that start again on a day ("lessons resume on ..."), and what such a class is
    # called (lessons.py)
    resume: re.Pattern[str] | None = None
    lessons: re.Pattern[str] | None = None
    # words that give the booking's new time, whatever else the mail says was cancelled ("the clinic has been
    # cancelled ... Your new appointment is:"): such mail moves the booking
    replaced: re.Pattern[str] | None = None
    # a room or a building said by its kind, in lower case ("in the staff canteen"): where an event told is
    rooms: re.Pattern[str] | None = None

    def status_of(self, text: str) -> Status:
        """The status a text states: the first of STATUS_ORDER whose words it holds, else confirmed. The
        terms of a booking ("free cancellation up to 12 hours before") say nothing of its status."""
        if self.policies is not None:
            text = self.policies.sub(" ", text)
        if self.replaced is not None and self.replaced.search(text):
            return "rescheduled"
        for status, pattern in self.statuses:
            if pattern.search(text):
                return status
        return "confirmed"


def _phrases(words: list[str]) -> re.Pattern[str]:
    parts = sorted({normalise(w) for w in words if str(w).strip()}, key=len, reverse=True)
    # an apostrophe is matched straight or curly, as phones and mail programs write it ("we’re playing")
    body = "|".join(r"\s+".join(re.escape(p).replace("'", "['’]") for p in part.split()) for part in parts)
    # a word may be followed by its "'s" ("the party's at 8"), as it is when written with a curly apostrophe
    return re.compile(rf"(?<![\w'’-])(?:{body})(?![\w-]|['’](?!s\b))", re.I)


def load_cues(text: str | None = None) -> Cues:
    """The cue words (vocab.yaml beside this module unless `text` is given)."""
    source = text if text is not None else (resources.files("steward.appointments") / "vocab.yaml").read_text(
        encoding="utf-8")
    try:
        data = load_yaml(source) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"appointments vocab.yaml is not valid YAML ({exc})") from None
    need = ("confirmed", "nouns", "not_bookings", *STATUS_ORDER)
    missing = [k for k in need if not isinstance(data.get(k if k != "cancelled" else "cancelled"), list)]
    if missing:
        raise ConfigError(f"appointments vocab.yaml: missing the list(s) {', '.join(missing)}")
    def optional(key: str) -> re.Pattern[str] | None:
        return _phrases(data[key]) if data.get(key) else None

    events = [*(data.get("events") or ()), *(data.get("told") or ())]  # an event told of is an event too

    return Cues(_phrases(data["confirmed"]), _phrases(data["nouns"]),
                tuple((s, _phrases(data[s])) for s in STATUS_ORDER), _phrases(data["not_bookings"]),
                check_in=optional("check_in"), businesses=optional("businesses"), policies=optional("policies"),
                events=_phrases(events) if events else None, starts=optional("starts"), welcome=optional("welcome"),
                event_words=tuple(str(w) for w in events), told=optional("told"), deadlines=optional("deadlines"),
                happened=optional("happened"), slots=optional("slots"), asks_when=optional("asks_when"),
                organisations=optional("organisations"), resume=optional("resume"), lessons=optional("lessons"),
                replaced=optional("replaced"), rooms=optional("rooms"))


def sentences(text: str) -> list[str]:
    """The sentences of a text (also split at newlines and the ' | ' between subject and snippet). A stop
    inside "a.m." or a word, or after a title, an initial, a day or a month, is not a sentence's end."""
    out: list[str] = []
    start = 0
    for stop in _BREAK.finditer(text):
        end = stop.end()
        if stop.group() == ".":
            said = text[max(start, end - 8):end]
            if _NEVER_ENDS.search(said) or (_MAY_END.search(said) and not _NEXT_STARTS.match(text, end)):
                continue
        piece = text[start:end if stop.group() in ".!?" else stop.start()].strip()
        if piece:
            out.append(piece)
        start = end
    piece = text[start:].strip()
    if piece:
        out.append(piece)
    return out


def provider_in(sentence: str, meta: MessageMeta, cues: Cues | None = None) -> str | None:
    """Who the appointment is with: the sender's name when the text says it, else 'at/with X'. A
    business named there wins over a person; a person alone ("with Dr Mei Lin Chow", "with Tomasz"),
    in mail from a business, is who is seen at that business: the booking is with the sender."""
    name = " ".join(meta.sender_name.split())
    haystack = normalise(f"{meta.subject} {meta.snippet}")
    if name and name.casefold() not in _GENERIC_SENDERS and normalise(name) in haystack:
        return name
    names = []
    for match in _PROVIDER_AFTER.finditer(sentence):
        found = match.group(1).strip(" .,'’")
        if found and not re.match(r"(?i)^(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov"
                                   r"|dec|am|pm|noon)", found):
            names.append(found)
    if not names or cues is None or cues.businesses is None:
        return names[0] if names else None
    business = next((n for n in names if cues.businesses.search(n)), None)
    if business is not None:
        return business
    practice = sender_business(meta, cues)
    return practice if practice is not None else names[0]


def person_in(sentence: str, provider: str, cues: Cues) -> str | None:
    """The person the booking is with at the provider ("with Dr Mei Lin Chow"): a name after "with" that
    is not a business and not the provider itself, else None."""
    for match in _PROVIDER_AFTER.finditer(sentence):
        found = match.group(1).strip(" .,'’")
        if (match.group(0).lower().startswith("with") and found and provider_key(found) != provider_key(provider)
                and (cues.businesses is None or not cues.businesses.search(found))
                and not re.match(r"(?i)^(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov"
                                 r"|dec|am|pm|noon|us|you)\b", found)):
            return found
    return None


def sender_business(meta: MessageMeta, cues: Cues) -> str | None:
    """The sender's display name when it names a business (a word of `businesses` in it), else None."""
    name = " ".join(meta.sender_name.split())
    if not name or name.casefold() in _GENERIC_SENDERS or cues.businesses is None:
        return None
    return name if cues.businesses.search(name) else None


def sender_organisation(meta: MessageMeta, cues: Cues) -> str | None:
    """The sender's display name when it names a club, a school or a team (a word of `organisations`),
    else None."""
    name = " ".join(meta.sender_name.split())
    if not name or name.casefold() in _GENERIC_SENDERS or cues.organisations is None:
        return None
    return name if cues.organisations.search(name) else None


def find_candidates(meta: MessageMeta, cues: Cues, clock: Clock,
                    options: DateOptions | None = None) -> list[Candidate]:
    """The candidates a message's subject and snippet state, read on the clock of its arrival."""
    from steward import dates

    whole = f"{meta.subject}\n{meta.snippet}"
    if not cues.confirmed.search(whole) and cues.status_of(whole) == "confirmed":
        return []  # no sentence can say a booking, nor cancel, move or invite: most mail stops here
    at = clock.at(meta.received_at)
    message_status = cues.status_of(meta.subject)
    # "You're booked at Sharp Cuts Salon" in the subject confirms what the snippet's sentences say
    subject_confirms = message_status == "confirmed" and bool(cues.confirmed.search(meta.subject))
    out: list[Candidate] = []
    seen: set[datetime] = set()
    for sentence in [*sentences(meta.subject), *sentences(meta.snippet)]:
        if cues.not_bookings.search(sentence):
            continue  # a delivery window, an order, a payment: not an appointment
        status = cues.status_of(sentence)
        if status == "confirmed":
            status = message_status
        if status == "confirmed" and not (cues.confirmed.search(sentence) or subject_confirms):
            continue
        was: str | None = None
        if status == "rescheduled" and _RETIMED.search(sentence):
            continue  # a journey retimed on its day is read from the whole mail (`find_moved_lines`)
        moved = (_FROM_TO.search(sentence) or _WAS_NOW.search(sentence)) if status == "rescheduled" else None
        moved_to = _MOVED_TO.search(sentence) if status == "rescheduled" and moved is None else None
        if moved is not None:
            before, when = dates.find(moved.group(1), at, options=options), dates.find(moved.group(2), at, options=options)
            was = before.text if before is not None and before.has_time else None
        elif moved_to is not None:
            when = dates.find(moved_to.group(1) or moved_to.group(2), at, options=options)
        else:
            when = dates.find(sentence, at, options=options)
            if when is not None and not (when.has_date and when.has_time):
                # "Lou is crook this week, so we've had to cancel your cut on Sat 7 Aug at 10am": a span said before
                # the moment is not the booking's; the one moment with a day and a time is
                moments = [r for r in dates.find_all(sentence, at, options=options) if r.has_date and r.has_time]
                when = moments[0] if len(moments) == 1 else when
        if when is None or not (when.has_date and when.has_time):
            continue
        # a cancellation or a move from the business itself often names no one: it is the sender's
        provider = venue_in_subject(meta) or provider_in(sentence, meta, cues) or (
            _card_provider(meta) if subject_confirms or status in ("cancelled", "rescheduled", "invitation") else None)
        if provider is None or not (cues.nouns.search(sentence) or normalise(provider) in normalise(sentence)
                                    or status != "confirmed"):
            continue
        if when.start in seen:
            continue  # the subject and the snippet often say the same time twice
        what = _what(sentence, meta.subject, cues)
        if what == "stay" and status == "confirmed":
            continue  # a check-in is at the hotel's clock: the card, read whole, says where (find_in_card)
        seen.add(when.start)
        out.append(Candidate(provider=provider, start=when.text, excerpt=_safe_excerpt(sentence, when.text),
                             status=status, minutes=_span_minutes(when),
                             origin="pattern", was=was, moved_to=moved is not None or moved_to is not None,
                             person=person_in(sentence, provider, cues),
                             location=_location(meta.snippet, meta.sender_name), what=what,
                             repeat=repeat_of(sentence, meta.subject, when.start, cues) if status == "confirmed"
                             else None))
    return out


# hours said with both ends ("between 8 and 12", "9 to noon", "1-5pm"): a visit's window, from its first hour to its last
_SPAN_OF_HOURS = re.compile(r"\d\s*(?:[ap]\.?m\.?)?\s*(?:-|–|to|till|til|until|and)\s*(?:\d|noon|midday)", re.I)


def _span_minutes(when: Resolution) -> int | None:
    """How long a booking said with both ends of its hours lasts (None: its length is not said)."""
    if when.end is None or not _SPAN_OF_HOURS.search(when.text):
        return None
    minutes = int((when.end - when.start).total_seconds() // 60)
    return minutes if 0 < minutes <= 12 * 60 else None


_CARD_CHARS = 3000  # a reservation card's date comes in the first lines of its mail
_FOR_PROVIDER = re.compile(r"\b(?:for|at)\s+((?:[A-Z][\w&'’.-]*)(?:\s+(?:&\s+|of\s+|the\s+)?[A-Z][\w&'’.-]*){0,4})\s*$")


def find_in_card(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
                 options: DateOptions | None = None) -> list[Candidate]:
    """A booking laid out as a card, as reservation services and hotels write it: the subject or the
    first lines confirm a reservation, and the body's first lines give exactly one date with a time
    (or a check-in line, which is the stay's start) on a line of its own. Read from the live body, so
    only for a message read again anyway; the provider is the one the subject names, else the sender."""
    from steward import dates

    head = body[:_CARD_CHARS]
    # what the mail is about is said at its top; its policies further down name cancelling and refunds
    top = f"{meta.subject}\n{head[:400]}"
    if (cues.status_of(f"{meta.subject}\n{head[:160]}") != "confirmed" or cues.not_bookings.search(top)
            or not cues.confirmed.search(top) or not cues.nouns.search(f"{meta.subject}\n{head}")):
        return []
    at = clock.at(meta.received_at)
    lines = [" ".join(line.split()) for line in head.splitlines()]
    found: dict[datetime, str] = {}
    check_in: tuple[datetime, str] | None = None
    for line in lines:
        if not line or len(line) > 160:
            continue
        when = dates.find(clock_written(line), at, options=options)
        if when is None or not (when.has_date and when.has_time):
            continue
        found.setdefault(when.start, line)
        if check_in is None and cues.check_in is not None and cues.check_in.search(line):
            check_in = (when.start, line)
    if check_in is None and not found:
        found = _date_then_time(lines, at, options)
    if check_in is None and len(found) > 1:
        # a surgeon's or a clinic's letter that books several visits, each on a line of its own under a label that
        # names it ("PRE-OP VISIT: Thursday, March 25 at 9:00 AM", "SURGERY: Thursday, April 8 at 8:00 AM"): each
        return _labelled_visits(meta, found, lines, head, cues, at, options)
    if check_in is None and len(found) != 1:
        return []  # no date, or several with nothing to say which one is the booking's
    start, line = check_in or next(iter(found.items()))
    provider = _venue_above(lines, line, meta.subject) or venue_in_subject(meta) or _card_provider(meta, cues)
    if provider is None or unsafe_name(provider):
        return []
    when = dates.find(clock_written(line), at, options=options)
    assert when is not None
    what = _what(line, f"{meta.subject}\n{head}", cues)
    if what == "stay":  # a check-in is the hotel's time, not the person's
        from steward.appointments.stays import from_card

        return [from_card(provider, line, when.start.astimezone(clock.zone), head, meta.received_at)]
    if what == "appointment" and not _APPOINTMENT.search(f"{meta.subject}\n{head[:400]}"):
        what = "reservation"  # a card that names no appointment is a reservation of something
    return [Candidate(provider=provider, start=when.text, excerpt=line, origin="pattern",
                      what=what, location=_location(head), repeat=repeat_of(line, meta.subject, when.start, cues))]


# a line that opens with a label of its own, a colon after it ("PRE-OP VISIT:", "Procedure date:", "Follow-up -")
_LINE_LABEL = re.compile(r"^\s*([A-Za-z][A-Za-z'/ -]{1,32}?)\s*(?::|\s[-\u2013]\s)\s*\S")


def _labelled_visits(meta: MessageMeta, found: dict[datetime, str], lines: list[str], head: str, cues: Cues,
                     at: Clock, options: DateOptions | None) -> list[Candidate]:
    """Each visit a card gives on a line of its own under a label that names a kind of visit (a booking's noun:
    "PRE-OP VISIT", "SURGERY", "Follow-up appointment"); [] when a dated line has no such label (a statement's
    or an order's dates are none of a visit's), or when the card names no provider."""
    from steward import dates

    labelled = [(start, line) for start, line in found.items()
                if (label := _LINE_LABEL.match(line)) is not None and cues.nouns.search(label.group(1))]
    if len(labelled) != len(found):
        return []
    provider = venue_in_subject(meta) or _card_provider(meta, cues)
    if provider is None or unsafe_name(provider):
        return []
    out: list[Candidate] = []
    for _, line in labelled:
        when = dates.find(line, at, options=options)
        assert when is not None
        out.append(Candidate(provider=provider, start=when.text, excerpt=line, origin="pattern",
                             what=_what(line, f"{meta.subject}\n{head}", cues), location=_location(line)))
    return out


def repeat_of(sentence: str, subject: str, start: datetime, cues: Cues) -> str | None:
    """How a booking repeats, as the sentence that gives its time says, or its subject right before what is
    booked ("Weekly piano lesson"); None for a booking of one time."""
    from steward.appointments.repeats import repeat_in_subject, repeat_said

    booked = cues.lessons or cues.nouns
    return repeat_said(sentence, start) or (
        repeat_in_subject(subject, start, booked) or repeat_in_subject(subject, start, cues.nouns))


def _date_then_time(lines: list[str], at: Clock, options: DateOptions | None) -> dict[datetime, str]:
    """A day on one line and its time on the next, as a form lays a booking out ("Date: 14/04/2026",
    then "Time: 09:00"), or as a table's cells do with the time's label on a line of its own between
    them ("14/04/2026", "Time", "09:00"): each read as one line."""
    from steward import dates

    kept = [line for line in lines if line and len(line) <= 80]
    out: dict[datetime, str] = {}
    for n, first in enumerate(kept[:-1]):
        day = dates.find(first, at, options=options)
        if day is None or not day.has_date or day.has_time:
            continue
        then = n + 1
        if _LABEL_ALONE.fullmatch(kept[then]) and then + 1 < len(kept):
            then += 1
        hour = dates.find(clock_written(kept[then]), at, options=options)
        if hour is None or hour.has_date or not hour.has_time:
            continue
        said = " ".join(kept[n:then + 1])
        both = dates.find(clock_written(said), at, options=options)
        if both is not None and both.has_date and both.has_time:
            out.setdefault(both.start, said)
    return out


# a booking's time under its label written as four figures of a 24-hour clock with no colon ("Time: 1845",
# "Appointment time: 0930 hrs"), as some clinics' and dentists' systems print it
_FOUR_FIGURES = re.compile(r"(\btime\s*:\s*)([01]\d|2[0-3])([0-5]\d)(?=\s*(?:hrs?\b|h\b|hours\b)?\s*(?:$|[,;(\n]))",
                           re.I | re.M)


def clock_written(line: str) -> str:
    """A booking's line with a labelled time of four figures written as a clock reads it ("Time: 1845" is
    "Time: 18:45"); any other line as it is."""
    return _FOUR_FIGURES.sub(r"\1\2:\3", line)


# a table cell's label on a line of its own ("Time", "Uhrzeit:", "Start time")
_LABEL_ALONE = re.compile(r"[^\d\n]{2,24}")


_APPOINTMENT = re.compile(r"\b(?:appointment|appt|consultation|check-?up|examination|exam|treatment|session|"
                          r"termin|meeting|training|"
                          r"vaccination|visit|interview|parent-teacher conference)s?\b", re.I)
_TABLE = re.compile(r"\b(?:table|party of|dinner|lunch|brunch|restaurant|guests)\b", re.I)


def _what(line: str, context: str, cues: Cues) -> str:
    """What a booking is: a stay when its line is a check-in, a table when it or its context says so."""
    if cues.check_in is not None and cues.check_in.search(line):
        return "stay"
    return "table" if _TABLE.search(f"{context}\n{line}") else "appointment"


# a booking service's subject: what was booked, then the place it booked ("Table booked: Olive & Fig, 2 people")
# (an insurer's approval names the hospital it booked: "Appointment Approved - Lifeway Hospital")
_SUBJECT_VENUE = re.compile(r"\b(?:(?:confirmed|booked|reserved)\s*:|(?i:approved)\s*[:\u2013-])\s*([A-Z][^,|\d]{1,58}?)\s*"
                            r"(?:,|\s[-–]\s|$)")
# a text's label for what was booked ("Service: Gel manicure") and for where ("Where: Nailed It, 3 Elm St")
_WHAT_LABEL = r"\b(?:service(?:\s+call)?|job|treatment|class|session|procedure|appointment)\s*:\s*"
_WHERE_LABEL = re.compile(r"\b(?:where|location|venue|salon|clinic|studio|branch)\s*:\s*([^\n,.]+)", re.I)


def venue_in_subject(meta: MessageMeta) -> str | None:
    """The place a booking service's mail booked, as its subject names it after "confirmed:" and its text
    names it too; None when the subject names none, or names the sender itself."""
    found = _SUBJECT_VENUE.search(meta.subject)
    if found is None:
        return None
    name = " ".join(found.group(1).split()).strip(" .'’")
    if (len(name.split()) > 6 or normalise(name) == normalise(meta.sender_name)
            or normalise(name) not in normalise(meta.snippet)):
        return None
    # the subject names what was booked, not where: the text labels it the service, or names another place
    if re.search(_WHAT_LABEL + re.escape(name), meta.snippet, re.I):
        return None
    where = _WHERE_LABEL.search(meta.snippet)
    if where is not None and not normalise(where.group(1)).startswith(normalise(name)):
        return None
    return name


def _venue_above(lines: list[str], line: str, subject: str) -> str | None:
    """The place a booking service booked: the name on the line right above the booking's date, when the
    subject names it too ("Booked: Olive & Fig, table for 2" over a card whose "Olive & Fig" stands above
    "Friday 5 March 2027, 20:00"); None when the line above is no name the subject gives."""
    at = lines.index(line) if line in lines else -1
    above = next((other for other in reversed(lines[:at]) if other), "") if at > 0 else ""
    if (not above or len(above) > 60 or len(above.split()) > 6 or re.search(r"\d", above)
            or above.endswith((".", ":", "!", "?", ","))):
        return None
    return above if re.search(rf"(?<![\w]){re.escape(above)}(?![\w])", subject, re.I) else None


def _card_provider(meta: MessageMeta, cues: Cues | None = None) -> str | None:
    """Who a card's booking is with: "... at X", "... for X", "going to X" in the subject, else the sender.
    A person the subject books "with" ("Booked: yoga with Ines"), in mail from a business, is who is seen
    there: the booking is the business's."""
    for sentence in sentences(meta.subject):
        found = _FOR_PROVIDER.search(sentence)
        if found is not None:
            name = found.group(1).strip(" .,'’")
            # "Parents' evening for Noor" from a school: the child it is for, at the school
            practice = sender_business(meta, cues) if cues is not None and found.group(0).lower().startswith(
                "for") and cues.businesses is not None and not cues.businesses.search(name) else None
            return practice or name
        for match in _PROVIDER_AFTER.finditer(sentence):
            name = match.group(1).strip(" .,'’")
            if name and not re.match(r"(?i)^(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
                                     r"nov|dec)", name):
                practice = sender_business(meta, cues) if cues is not None and match.group(0).lower().startswith(
                    "with") and cues.businesses is not None and not cues.businesses.search(name) else None
                return practice or name
    name = " ".join(meta.sender_name.split())
    return name if name and name.casefold() not in _GENERIC_SENDERS else None


# a move written as a pair of labelled lines: the time it was, then the time it is
_OLD_LINE = re.compile(r"^(?:was|previously|previous|old|original)(?:\s+(?:appointment|time|booking|date))?\s*:\s*\S",
                       re.I)
_NEW_LINE = re.compile(r"^(?:now|new|revised|updated)(?:\s+(?:appointment|time|booking|date|departure(?:\s+time)?|"
                       r"departs|dep\.?|start(?:\s+time)?))?\s*:\s*\S", re.I)
# a new time with the one it replaces in brackets beside it: "Revised departure: 09:25 (earlier 08:40)",
# "New time: 15:30 (was 14:00)", "Now: 3:30 pm (previously 2 pm)"
_REPLACED = re.compile(r"\(\s*(?:earlier|was|previously|originally|formerly|old|instead of|before)\s*:?\s*([^()]{1,40})\)",
                       re.I)
_CLOCK = re.compile(r"(?<![\d:.])(?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s?[ap]\.?m\.?)?(?!\d)", re.I)


def find_moved_lines(meta: MessageMeta, body: str, cues: Cues, clock: Clock,
                     options: DateOptions | None = None) -> list[Candidate]:
    """A move laid out as two labelled lines ("Was: departs Melbourne 06:55 ..." then "Now: departs
    Melbourne 09:25 ..."; "Previous appointment: ..." then "New appointment: ..."), in mail whose
    subject or first lines say a move. Each line's first clock time is its time; its day is the one on
    the line, else the one day said in the lines above the pair. The provider is the subject's, else
    the sender; the consumer proves the move like any other (a booking only when the mail that booked
    it is found)."""
    from steward import dates

    head = body[:_CARD_CHARS]
    if cues.status_of(f"{meta.subject}\n{head[:400]}") != "rescheduled":
        return []
    lines = [" ".join(line.split()) for line in head.splitlines()]
    old_i = next((i for i, line in enumerate(lines) if _OLD_LINE.match(line)), None)
    new_i = next((i for i in range(old_i + 1, min(old_i + 4, len(lines))) if _NEW_LINE.match(lines[i])),
                 None) if old_i is not None else None
    if old_i is not None and new_i is None:  # the new line first, the old one just under it ("NEW: ..." / "WAS: ...")
        new_i = next((i for i in range(max(0, old_i - 3), old_i) if _NEW_LINE.match(lines[i])), None)
    if old_i is None or new_i is None:
        return (_moved_in_one_line(meta, lines, cues, clock, options)
                or _moved_under_header(meta, lines, cues, clock, options)
                or _moved_to_labels(meta, lines, cues, clock, options)
                or _retimed_in_a_sentence(meta, head, cues, clock, options))
    at = clock.at(meta.received_at)
    first = min(old_i, new_i)
    above = [r for line in lines[max(0, first - 8):first] if line
             for r in [dates.find(line, at, options=options)] if r is not None and r.has_date and not r.has_time]
    day = above[0].text if len({r.start.date() for r in above}) == 1 else None
    said: list[tuple[str, tuple[str, ...]]] = []
    for line in (lines[old_i], lines[new_i]):
        own = dates.find(line, at, options=options)
        clock_time = _CLOCK.search(line)
        if own is not None and own.has_date and own.has_time:
            said.append((own.text, ()))
        elif day is not None and clock_time is not None:
            said.append((f"{day} {clock_time.group(0)}", (day, clock_time.group(0))))
        else:
            return []
    provider = _card_provider(meta, cues)
    if provider is None or unsafe_name(provider):
        return []
    (was, _), (start, parts) = said
    return [Candidate(provider=provider, start=start, excerpt=lines[new_i], status="rescheduled", origin="pattern",
                      was=was, moved_to=True, parts=parts or (start,))]


def _moved_in_one_line(meta: MessageMeta, lines: list[str], cues: Cues, clock: Clock,
                       options: DateOptions | None) -> list[Candidate]:
    """A move written as one labelled line with the time it replaces in brackets ("Revised departure:
    09:25 (earlier 08:40)"): both on the one day said in the lines above it. Only the first such line is
    read (a revised arrival after it is the same move)."""
    from steward import dates

    new_i = next((i for i, line in enumerate(lines) if _NEW_LINE.match(line) and _REPLACED.search(line)), None)
    if new_i is None:
        return []
    line = lines[new_i]
    replaced = _REPLACED.search(line)
    assert replaced is not None
    now_clock, was_clock = _CLOCK.search(line[:replaced.start()]), _CLOCK.fullmatch(replaced.group(1).strip())
    if now_clock is None or was_clock is None:
        return []
    at = clock.at(meta.received_at)
    own = dates.find(line[:replaced.start()], at, options=options)
    if own is not None and own.has_date:
        return []  # a line that writes its own day: whether the time it replaces was on that day it does not say
    above = [r for text in lines[max(0, new_i - 8):new_i] if text
             for r in [dates.find(text, at, options=options)] if r is not None and r.has_date and not r.has_time]
    provider = _card_provider(meta, cues)
    if len({r.start.date() for r in above}) != 1 or provider is None or unsafe_name(provider):
        return []
    said_day = above[0].text
    start = f"{said_day} {now_clock.group(0)}"
    moved = Candidate(provider=provider, start=start, excerpt=line, status="rescheduled", origin="pattern",
                      was=f"{said_day} {was_clock.group(0)}", moved_to=True, parts=(said_day, now_clock.group(0)))
    if not _FLIGHT_WORD.search("\n".join([meta.subject, *lines[:new_i + 1]])):
        return [moved]
    return _flight_moved(moved, lines, new_i, above[0].start, now_clock.group(0), clock)


# a heading over the new time's lines, as a hospital's or a practice's letter lays a move out ("Your new appointment
# is:", then "Date: ..." and "Time: ...")
_NEW_HEADER = re.compile(r"^(?:your\s+)?(?:new|revised|rearranged|changed)\s+(?:appointment|booking|date and time|"
                         r"time and date|date|time)(?:\s+details)?(?:\s+(?:is|will be|are))?\s*:?$", re.I)


def _moved_under_header(meta: MessageMeta, lines: list[str], cues: Cues, clock: Clock,
                        options: DateOptions | None) -> list[Candidate]:
    """A move written as a heading over the new time ("Your new appointment is:", then "Date: Tuesday 2 November
    2027" and "Time: 9.15am", or one line with both), after the lines that say the time it replaces ("we have had
    to change your appointment on Thursday 28 October at 2.30pm"): exactly one such earlier time, else nothing."""
    from steward import dates

    head_i = next((i for i, line in enumerate(lines) if _NEW_HEADER.match(line)), None)
    if head_i is None:
        return []
    at = clock.at(meta.received_at)
    under = [line for line in lines[head_i + 1:head_i + 6] if line]
    own = [(r.start, line) for line in under[:2] for r in [dates.find(line, at, options=options)]
           if r is not None and r.has_date and r.has_time]
    found = dict(own) if own else _date_then_time(under, at, options)
    before = {r.start: r.text for line in lines[:head_i] if line
              for r in [dates.find(line, at, options=options)] if r is not None and r.has_date and r.has_time}
    provider = _card_provider(meta, cues)
    if len(found) != 1 or len(before) != 1 or provider is None or unsafe_name(provider):
        return []
    said = next(iter(found.values()))
    new = dates.find(said, at, options=options)
    if new is None or new.start in before:
        return []
    return [Candidate(provider=provider, start=new.text, excerpt=said, status="rescheduled", origin="pattern",
                      was=next(iter(before.values())), moved_to=True, parts=(new.text,),
                      person=person_in(" ".join(lines[:head_i]), provider, cues))]


# a new day and a new time each on a labelled line of its own, as a practice's note of a move lays them out
# ("New date: Thursday, November 11, 2027", then "New time: 5:15 PM")
_NEW_LABEL = re.compile(r"^(?:new|revised|updated|rescheduled|changed)\s+(?:appointment\s+)?(?:date|time|day)"
                        r"(?:\s+and\s+(?:date|time))?\s*:\s*\S", re.I)


def _moved_to_labels(meta: MessageMeta, lines: list[str], cues: Cues, clock: Clock,
                     options: DateOptions | None) -> list[Candidate]:
    """A move written as the new day and the new time on labelled lines ("New date: ...", "New time: ..."; or
    one line with both), below the words that say the move: the time it moves to. The time it moves from is
    the one time said above them with its day (none: the sender's one booking ahead, as a move that names no
    time it replaces). Labels that give no day and time together read as nothing."""
    from steward import dates

    labelled = [i for i, line in enumerate(lines) if _NEW_LABEL.match(line)]
    if not labelled or labelled[-1] - labelled[0] > 2:
        return []
    said = " ".join(lines[i].split(":", 1)[1].strip() for i in labelled)
    at = clock.at(meta.received_at)
    new = dates.find(said, at, options=options)
    provider = _card_provider(meta, cues)
    if new is None or not (new.has_date and new.has_time) or provider is None or unsafe_name(provider):
        return []
    before = {r.start: r.text for line in lines[:labelled[0]] if line
              for r in [dates.find(line, at, options=options)] if r is not None and r.has_date and r.has_time}
    was = next(iter(before.values())) if len(before) == 1 and new.start not in before else None
    return [Candidate(provider=provider, start=new.text, excerpt=" ".join(lines[i] for i in labelled),
                      status="rescheduled", origin="pattern", was=was, moved_to=True, parts=(new.text,),
                      person=person_in(" ".join(lines[:labelled[0]]), provider, cues))]


_FLIGHT_WORD = re.compile(r"\bflights?\b", re.I)
# a revised arrival, after the revised departure: "Revised arrival: 12:10 (earlier 11:25)"
_NEW_ARRIVAL = re.compile(r"^(?:now|new|revised|updated)\s+(?:arrival(?:\s+time)?|arrives|arr\.?|landing(?:\s+time)?)"
                          r"\s*:\s*\S", re.I)


def _flight_moved(moved: Candidate, lines: list[str], new_i: int, day: datetime, leaves: str,
                  clock: Clock) -> list[Candidate]:
    """A flight's move, named by its number: only when its departure airport keeps the person's clock, as the
    new time is read on it (a flight leaving from abroad is not guessed at). A revised arrival on one of the
    next lines ("Revised arrival: 12:10 (earlier 11:25)") is when it lands, on its destination's clock."""
    from datetime import timedelta
    from zoneinfo import ZoneInfo

    from steward.appointments.itinerary import changed_flight

    moment = day.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    flight = changed_flight(lines[:new_i], moment)
    if flight is None or moment.replace(tzinfo=ZoneInfo(flight.zone)).utcoffset() != moment.replace(
            tzinfo=clock.zone).utcoffset():
        return []
    lands = None
    arrival = next((line for line in lines[new_i + 1:new_i + 3] if _NEW_ARRIVAL.match(line) and _REPLACED.search(line)),
                   None)
    new_time = _CLOCK.search(arrival[:_REPLACED.search(arrival).start()]) if arrival else None  # type: ignore[union-attr]
    start, end = _clock_at(moment, leaves, flight.zone), _clock_at(moment, new_time.group(0), flight.lands_zone) \
        if new_time is not None else None
    if start is not None and end is not None:
        end = end if end > start else end + timedelta(days=1)  # lands after midnight
        lands = end if end - start < timedelta(hours=20) else None
    return [replace(moved, provider=flight.number, what="flight", travel=True, route=flight.route, end_at=lands)]


def _clock_at(day: datetime, said: str, zone: str | None) -> datetime | None:
    """A clock time said as "09:25" or "9:25 pm" on `day` in `zone`; None without a zone or a time."""
    from zoneinfo import ZoneInfo

    found = re.fullmatch(r"(\d{1,2})[:.](\d{2})\s?(?:([ap])\.?m\.?)?", said.strip(), re.I)
    if found is None or zone is None:
        return None
    hour, minute = int(found.group(1)), int(found.group(2))
    if found.group(3):
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if found.group(3).lower() == "p" else 0)
    return day.replace(hour=hour, minute=minute, tzinfo=ZoneInfo(zone)) if hour < 24 and minute < 60 else None


def _safe_excerpt(sentence: str, when: str) -> str:
    """The sentence as evidence, cut after its time when what follows holds a phone number (a snippet runs a
    move's "New time: 5:15 PM" into "If that doesn't suit, call us at ..."): the number is never copied, the
    booking is still read. A sentence that sends the person to a link or an address is kept whole, so unsafe:
    "confirmed for Monday at 3 PM, manage it at <link>" is how a lure is written, and proves no booking."""
    at = sentence.find(when)
    if at < 0 or not unsafe(sentence) or sends_elsewhere(sentence):
        return sentence
    cut = sentence[:at + len(when)]
    return cut if not unsafe(cut) else sentence


def unsafe_name(text: str) -> bool:
    """Whether a provider read from a card is a phrase rather than a name (too long, or a sentence)."""
    return len(text.split()) > 6 or text.endswith("?")


_FROM_TO = re.compile(r"\bfrom\s+(.+?)\s+to\s+(.+)$", re.I)
# the same move as a form's two labels run together in one line of a snippet: "Was: Thu 6/17 1:00-3:00 PM Now: Mon
# 6/21 10:00 AM-12:00 PM", the time after the second label being the new one
_WAS_NOW = re.compile(r"\b(?:was|previously|original(?:ly)?|old time)\s*:\s*(.+?)\s+"
                      r"(?:now|new(?:\s+(?:time|date|window))?|rescheduled to|moved to)\s*:\s*(.+)$", re.I)
# a move that says where to and not where from: "has been rescheduled to / for <the new time>"
# ("we've rescheduled your hygiene visit to Tuesday 3 March at 2.40pm", "we have moved Ana's check-up to Friday":
# the thing moved may be said between, as the person's or as someone's), or moves the person themself ("we've
# moved you to Monday 9 August at 4pm")
_MOVED_TO = re.compile(r"\b(?:moved|rescheduled|changed|postponed|shifted|brought forward|pushed back|put back)\s+"
                       r"(?:you\s+|(?:your|the|their|our|his|her|[A-Z][\w-]*['\u2019]s)\s+[\w'\u2019&-]+"
                       r"(?:\s+[\w'\u2019&-]+){0,4}?\s+)?"
                       r"(?:to|until|till|for)\s+(.+)$"
                       # or names the new time alone: "Your new appointment is Monday 3 May at 2pm"
                       r"|\byour\s+new\s+(?:appointment|booking|slot|time|date and time)\s+(?:is|will be)\s*:?\s+"
                       r"(?:now\s+)?(?:on\s+)?(.+)$", re.I)
# a journey retimed in one sentence: the time and day it left, then the time it leaves now ("the 08:15 sailing from
# Largs on Sat 5 Jun will now depart at 09:00 and arrive ... at 09:20"), its new time on the same day
_RETIMED = re.compile(r"^(.+?)\bwill\s+now\s+(?:depart|leave|sail|run)\s+(?:at\s+|from\s+\S+\s+at\s+)?"
                      r"((?<![\d:.])(?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s?[ap]\.?m\.?)?)(?!\d)", re.I)


def _retimed_in_a_sentence(meta: MessageMeta, text: str, cues: Cues, clock: Clock,
                           options: DateOptions | None) -> list[Candidate]:
    """A journey retimed in one sentence of its company's mail: the move from the time and day it left to the time
    it leaves now on that day, the sentence kept whole (its new arrival is in it). One such sentence, else none."""
    from steward import dates

    at = clock.at(meta.received_at)
    found = [(s, m) for s in sentences(" ".join(text.split())) for m in [_RETIMED.search(s)] if m is not None]
    provider = _card_provider(meta, cues)
    if len(found) != 1 or provider is None or unsafe_name(provider):
        return []
    sentence, said = found[0]
    before = dates.find(said.group(1), at, options=options)
    day = dates.find(_CLOCK.sub(" ", said.group(1)), at, options=options)
    if before is None or not (before.has_date and before.has_time) or day is None or day.has_time or not day.has_date:
        return []
    return [Candidate(provider=provider, start=f"{day.text} {said.group(2)}", excerpt=sentence, status="rescheduled",
                      origin="pattern", was=before.text, moved_to=True, parts=(day.text, said.group(2)),
                      what=_what(sentence, meta.subject, cues))]


# (a street's abbreviation or a compass letter is no end of it: "6011 N. Milwaukee Ave", "12 Mill St. East")
_ADDRESS = re.compile(r"\b(?:Address|Location|Venue|Where)\s*:\s*((?:[^.\n|]|(?<=\b[NSEW])\.(?=\s)|(?<=\bSt)\.(?=\s)|"
                      r"(?<=\bAve)\.(?=\s)|(?<=\bRd)\.(?=\s)|(?<=\bBlvd)\.(?=\s)|(?<=\bMt)\.(?=\s)){3,80})", re.I)


# the next label of a form whose lines a snippet ran together ("... Atlanta GA Customer note: the dog is friendly")
_NEXT_LABEL = re.compile(r"\s+[A-Z][a-z]+(?:\s+[a-z]+)?\s*:")


def _location(text: str, sender: str = "") -> str | None:
    match = _ADDRESS.search(text)
    if match is None:
        return None
    where = _NEXT_LABEL.split(match.group(1), maxsplit=1)[0]
    # nor is the sign-off of the business that sent it part of the address ("... Decatur GA Dispatchly Scheduling")
    name = " ".join(sender.split())
    if len(name) > 3 and name in where:
        where = where[:where.index(name)]
    return " ".join(where.split()).rstrip(" ,") or None
