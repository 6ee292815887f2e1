"""Schedule answers: a day, a range, "this week", "am I free <part of a day>" answered with what is busy.
Events and reminders from `CalendarService`, appointments waiting in mail, and bills due in the span.
A question whose words ask for the schedule (`wants` "days") when nothing beyond the calendar is on then
is answered with the days as the calendar has them (days.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from steward.appointments.rosters import is_shift
from steward.clock import Clock
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text, moment_text, money_text
from steward.reader.answerers.days import days_answer
from steward.reader.answerers.holidays import asks_holidays, holidays_reply
from steward.reader.answerers.named_days import mail_naming, mail_saying, mail_telling_of
from steward.reader.answerers.things import (
    forwarded_by,
    held,
    invitation_title,
    moves_to_its_start,
    text_words,
)
from steward.reader.details import asks_the_end, end_said
from steward.reader.frame import Frame
from steward.reader.lists import SlotLists
from steward.reader.requests import by_request_alone
from steward.reader.views import Entry, schedule_view, window_words

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.calendar.service import CalendarService, Schedule
    from steward.finance.service import DuesService
    from steward.records.appointments import Item
    from steward.search.mailbox import Mailbox

MAX_DAYS = 31


def schedule_answerer(calendar: Callable[[], CalendarService], appointments: Callable[[], AppointmentsService],
                      dues: Callable[[], DuesService], lists: Callable[[], SlotLists] | None = None,
                      mailbox: Callable[[], Mailbox] | None = None,
                      things: Callable[[Frame, Clock], Answer | None] | None = None) -> Answerer:
    """The schedule answerer over the calendar, the appointments waiting in mail and the dues; with the
    mailbox, a span is never said empty or free while recent mail gives a time in it (named_days.py), and
    invitations are shown on their days; `things` answers about a booking or an invitation named by what its
    mail calls it ("when's the works do?") when no calendar line holds it."""

    def collect(start: datetime, end: datetime, clock: Clock, free: bool, at_time: bool,
                read: _Read, frame_text: str = "", whole_days: bool = True,
                where: bool = False) -> tuple[list[tuple[datetime, str]], list[Entry], int]:
        """What is on from `start` to `end`: (lines, entries, how many of them the calendar alone does not hold).
        Each day's schedule read is kept in `read`, so an answer given as the days (days.py) reads none again;
        so are the bookings ahead, which the check of recent mail reads too."""
        zone = clock.zone
        lines: list[tuple[datetime, str]] = []
        entries: list[Entry] = []
        cal = calendar()
        day = start.astimezone(zone).date()
        last = (end - timedelta(microseconds=1)).astimezone(zone).date()
        shown: set[str] = set()
        days = read.days
        till = asks_the_end(frame_text)  # "until what time does the offsite run?": each thing's end said too
        while day <= last and (day - start.date()).days <= MAX_DAYS:
            if day not in days:
                days[day] = cal.schedule(day)
            for item in days[day].items:
                # "am I free at 4?", "what's on now?": an event already under way then makes it busy
                under_way = (free or at_time) and item.event is not None and not item.event.all_day and \
                    item.event.start < end and item.event.end > start
                if not (start <= item.at < end or under_way):
                    continue
                if item.event is not None:
                    shown.add(item.event.title.casefold())
                    lines.append((item.at, f"- {moment_text(item.at, clock)} {item.event.title}"
                                           + (f" (until {clock.formats.time(clock.local(item.event.end))})"
                                              if at_time or till else "")
                                           + (f" (moved from {moment_text(item.moved_from, clock)})"
                                              if item.moved_from is not None else "")))
                    entries.append(Entry(item.at, item.event.title, "event", item.event.all_day,
                                         event_id=item.event.id, repeats=bool(item.event.rule),
                                         over=item.event.end <= clock.now()))
                elif item.reminder is not None:
                    lines.append((item.at, f"- {moment_text(item.at, clock)} reminder: {item.reminder.text}"))
                    entries.append(Entry(item.at, item.reminder.text, "reminder"))
            day += timedelta(days=1)
        calendar_lines = len(lines)
        vias = {v.value: v.issuer for v in lists().of_slot("provider") if v.issuer} if lists else {}
        waiting = [a for a in appointments().between(start, end)
                   if a.start is not None and a.status == "proposed" and (a.title or "").casefold() not in shown]
        # a booking read from a forward is the forwarder's news ("forwarded by Ana"), not the provider's word
        ids = [a.message_id for a in waiting if a.message_id is not None and vias.get(a.provider)]
        stored = mailbox().stored(ids) if mailbox is not None and ids else {}
        for appt in waiting:
            assert appt.start is not None
            title = appt.title or appt.provider
            via = vias.get(appt.provider, "")
            m = stored.get(appt.message_id) if appt.message_id is not None else None
            by = forwarded_by(m.subject, m.sender_name or m.sender) if m is not None else ""
            source = (f", forwarded by {by}" if by else
                      f", from {via}" if via and via.casefold() not in title.casefold() else "")
            # "where's that job at?" of the day: each booking's address, as its mail gives it
            place = f" at {appt.location}" if where and appt.location else ""
            lines.append((appt.start, f"- {moment_text(appt.start, clock)} {title}{place} (found in your mail{source},"
                                      f" waiting for your yes){_until(appt.start, appt.end, clock, appt.origin, appt.excerpt) if till else ''}"))
            entries.append(Entry(appt.start, title + source.replace(",", " \u2014", 1), "appointment", waiting=True,
                                 proposal=appt.id))
        # an invitation is on the days it falls on, but it is no booking ("which bookings are coming up?")
        for at, title, line in [] if _BOOKINGS_ASKED.search(frame_text) else _invitations(
                read.ahead(), appointments(), mailbox, start, end, clock, till):
            lines.append((at, line))
            entries.append(Entry(at, title, "appointment"))
        # a bill is due on a day, at no hour: it makes no part of a day busy ("is friday afternoon free?")
        for owed in dues().digest(window="all", as_of=clock.today()).items if whole_days else ():
            d = owed.due
            if start.date() <= d.due_date <= last:
                at = datetime.combine(d.due_date, datetime.min.time(), zone)
                lines.append((at, f"- {day_text(d.due_date, clock)} {d.issuer} bill due: {money_text(d.amount, d.currency, clock)}"))
                entries.append(Entry(at, f"{d.issuer} bill due", "due", amount_text=money_text(d.amount, d.currency, clock)))
        # (each line and its entry sorted together, so a line shown is the entry a next turn points at)
        paired = sorted(zip(lines, entries, strict=True), key=lambda p: p[0][0])
        lines, entries = [line for line, _ in paired], [entry for _, entry in paired]
        return lines, entries, len(lines) - calendar_lines

    def now_and_next(frame: Frame, clock: Clock, read: _Read) -> Answer:
        """ "what now?", "anything on right now?": what is under way at that moment, and what comes next."""
        assert frame.window is not None
        at = frame.window.start
        under_way, _, _ = collect(at, at + timedelta(seconds=1), clock, False, True, read, frame.text)
        current = [t for moment, t in under_way if moment <= at]
        ahead, _, _ = collect(at, at + timedelta(days=MAX_DAYS), clock, False, False, read, frame.text)
        following = [t for moment, t in ahead if moment > at and t not in current][:1]
        said = frame.window.said.removeprefix("on ")
        head = ["Right now:", *current] if current else [f"Nothing on {said}."]
        tail = [f"Next: {following[0].removeprefix('- ')}"] if following else ["Nothing else is ahead in the next month."]
        return Answer("\n".join(head + tail), {"items": current, "next": following, "beyond_calendar": 1,
                                               "at_time": True})

    def ahead(frame: Frame, clock: Clock, read: _Read) -> Answer:
        """No day said: what is on from now, over the next month ("anything upcoming in my diary?", "when's the
        next seminar?"), the kinds of entry asked about said missing when nothing ahead holds them."""
        start = clock.now()
        lines, entries, beyond = collect(start, start + timedelta(days=MAX_DAYS), clock, False, False, read, frame.text)
        entry_of = {text: entry for (_, text), entry in zip(lines, entries, strict=True)}
        lines = _of_named(frame, lines)
        if "where" in frame.flags:
            lines = [(at, t) for at, t in lines if " bill due: " not in t]
        missing = _missing(frame, lines)
        if asks_holidays(missing):
            # "any holidays coming up?": the country's public days in the next month, and what is on
            on = [t for _, t in lines[:AHEAD_SHOWN]]
            return Answer(holidays_reply(start.date(), (start + timedelta(days=MAX_DAYS)).date(), "in the next month",
                                         clock, on, next_one=frame.ask == "when"),
                          {"items": on, "beyond_calendar": beyond, "ahead": True})
        if (missing or frame.things and frame.ask == "where" or frame.unmatched and frame.ask == "when") and \
                things is not None and (thing := things(frame, clock)) is not None:
            # "when's the staff christmas do?": the invitation its mail calls a festive social; "where's the
            # barbecue?": the one its mail gives a place for; "when's the AGM?": the one its mail writes in full
            return thing
        shown = [t for _, t in lines[:AHEAD_SHOWN]]
        more = [f"(and {len(lines) - AHEAD_SHOWN} more)"] if len(lines) > AHEAD_SHOWN else []
        data = {"items": shown, "beyond_calendar": beyond, "ahead": True}
        if (theirs := _only_whose_missing(frame, missing, lines)):
            # "when is Josh's next match?": the match ahead, though none of its mail names the child it is for
            return Answer("\n".join([f"None of what I hold names {' or '.join(w.title() for w in missing)}, but the "
                                     f"{' '.join(frame.things)} ahead:", *theirs[:AHEAD_SHOWN]]),
                          {**data, "items": theirs[:AHEAD_SHOWN]})
        if missing:
            data["missing"] = missing  # (said here: the honesty rules leave it as it is)
            head = f"I can't find any {' '.join(missing)} in the next month in your calendar or bookings."
            if not lines:
                return Answer(f"{head} Nothing else is on either.", data)
            if frame.ask == "when":
                # the time of a thing not held is never answered with other things' times
                return Answer(head, {**data, "items": []})
            return Answer("\n".join([f"{head} What is on:", *shown, *more]), data)
        if not lines:
            return Answer("Nothing on in the next month: no events, reminders, appointments or bills due.", data)
        if frame.ask == "count":
            return Answer("\n".join([f"{len(lines)} thing{'s' if len(lines) != 1 else ''} on in the next month:",
                                     *shown, *more]), {**data, "count": len(lines)})
        # the things shown, in their order, for a next turn to point at ("how long till the second one?")
        view = schedule_view("Coming up", [entry_of[t] for t in shown if t in entry_of], clock)
        return Answer("\n".join(["Coming up:", *shown, *more]), {**data, "view": view})

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        if "favour" in frame.flags:
            # "who's picking us up at the airport?": the sentence of family mail that says who, or no answer
            from steward.reader.answerers.favours import favour_answer

            return favour_answer(frame.text, mailbox(), clock) if mailbox is not None else None
        if "closing" in frame.flags and mailbox is not None:
            # "is there school on Friday?", "which days is the daycare shut?": what the place's own mail says
            from steward.reader.answerers.closures import closing_answer
            from steward.reader.words import load_words

            places = [" ".join(p) for p in load_words().sender_kinds.get("school", ())]
            closed = closing_answer(frame, mailbox(), clock, places)
            if closed is not None:
                return closed
        read = _Read(appointments)  # each day, and the bookings ahead, read once whichever way the answer is given
        if frame.wants == "days" and by_request_alone(frame) and frame.window is None:
            # the schedule's by its words alone: the day's calendar
            return unless_mail_names(frame, days_answer(frame, clock, calendar), clock, read)
        got = read_answer(frame, clock, read)
        if frame.wants == "days" and not more_than_days(frame, got):
            # only the calendar's own: the days as the calendar has them, from the days just read
            got = days_answer(frame, clock, calendar, read.days)
        return unless_mail_names(frame, got, clock, read)

    def unless_mail_names(frame: Frame, got: Answer | None, clock: Clock, read: _Read) -> Answer | None:
        """An answer that says a span is empty or free, unless recent mail gives a time in it that no booking
        was read from: then that mail, said as such (never "free" while mail says otherwise)."""
        if got is not None and mailbox is not None and frame.window is None and got.data.get("missing") \
                and not got.data.get("mail_names"):
            # "when is the recital?" (no day said): a thing no calendar line holds, that recent mail names, is
            # said as such
            missing = _missing(frame, [])
            told = mail_telling_of(mailbox(), clock, clock.now(), clock.now() + timedelta(days=MAX_DAYS),
                                   _kind_words(frame), _said_too(frame, missing)) if frame.ask != "count" else []
            if told:
                # "when's his next match?": no booking is one, but a sentence of mail says one with its day ahead
                return Answer("\n".join([f"I can't find any {' '.join(frame.things)} ahead in your bookings or "
                                         "calendar, but this mail tells of one:", *told]),
                              {"items": [], "beyond_calendar": 1, "mail_names": told})
            named = mail_saying(mailbox(), clock, missing) if missing else []
            if named:
                return Answer("\n".join([f"I can't tell when the {' '.join(missing)} is: nothing on your calendar or in "
                                         "the bookings I read says it, but this mail mentions it:", *named]),
                              {"items": [], "beyond_calendar": 1, "mail_names": named})
        if got is not None and mailbox is not None and frame.window is not None and frame.ask != "count" \
                and (missing := list(got.data.get("missing") or ())):
            # "what time is the game on Saturday?": no calendar line or booking is one, but a sentence of mail says
            # one of its words with a time then ("Saturday we play away, kickoff 9 AM")
            told = mail_telling_of(mailbox(), clock, frame.window.start, frame.window.end, _kind_words(frame),
                                   _said_too(frame, missing))
            if told:
                return Answer("\n".join([f"I can't find any {' '.join(frame.things)} {frame.window.said} in your "
                                         "bookings or calendar, but this mail tells of one then:", *told]),
                              {"items": [], "beyond_calendar": 1, "mail_names": told})
            # "and his match on Sunday?": no calendar line or booking is a game then, but mail speaks of one
            named = mail_saying(mailbox(), clock, missing, in_words=True)
            if named:
                return Answer("\n".join([f"I can't find any {' '.join(missing)} {frame.window.said} in your bookings or "
                                         "calendar, but this mail speaks of it:", *named]),
                              {"items": [], "beyond_calendar": 1, "mail_names": named})
        missing_then = got is not None and frame.window is not None and bool(got.data.get("missing")) and \
            "Nothing else is on" in got.reply
        # a day that holds only bills due has no hour taken: mail that gives a time then is said beside them
        dues_alone = [str(t) for t in (got.data.get("items") or ())] if got is not None and \
            got.reply.startswith("Coming up") and not got.data.get("missing") else []
        if not all(" bill due: " in t for t in dues_alone):
            dues_alone = []
        if got is None or mailbox is None or not (missing_then or dues_alone or got.reply.startswith((
                "Nothing on", "Yes, you're free"))):
            return got
        if frame.window is not None:
            start, end, said = frame.window.start, frame.window.end, frame.window.said
        else:
            start, said = clock.now(), "today"
            end = datetime.combine(clock.today() + timedelta(days=1), datetime.min.time(), clock.zone)
        start = max(start, clock.now())
        if end <= start or end - start > timedelta(days=8):
            return got
        # the bookings read (cancelled and moved ones too): their providers' mail has been read, and a day in it
        # that is no booking's is an old time ("moved from Monday at 11:20")
        answered = [(i.message_id, i.provider) for i in read.ahead()]
        # a biller's days are its bills', which the dues say
        answered += [(None, v.value) for v in (lists().of_slot("issuer") if lists is not None else ())]
        lines = mail_naming(mailbox(), clock, start, end, answered)
        if not lines:
            return got
        if missing_then:
            # "the choir is tomorrow evening, isn't it?": no calendar line says gym, but mail gives a time then
            head = got.reply.split(" in your calendar", 1)[0]
            return Answer("\n".join([f"{head} on your calendar, but I can't say there's none: this mail gives a time "
                                     "then that I read no booking from:", *lines]),
                          {"items": [], "beyond_calendar": 1, "mail_names": lines})
        if dues_alone:
            return Answer("\n".join([got.reply.splitlines()[0], *dues_alone, "Nothing else is on your calendar, but I "
                                     "can't say that's all: this mail gives a time then that I read no booking from:",
                                     *lines]),
                          {"items": dues_alone, "beyond_calendar": 1, "mail_names": lines})
        return Answer("\n".join([f"Your calendar has nothing {said}, but I can't say you're free: this mail gives a "
                                 "time then that I read no booking from:", *lines]),
                      {"items": [], "beyond_calendar": 1, "mail_names": lines})

    def busiest_or_quietest(frame: Frame, clock: Clock, read: _Read) -> Answer:
        """ "what's my busiest day this week?", "when's my next day off?": the days of the span (the next
        week, or two for a day off, when none is said) compared by what is on them; a bill due makes no day
        busy, and Steward knows no working days, so a day off is a day with nothing on."""
        quiet = "quietest" in frame.flags and "busiest" not in frame.flags
        today = clock.today()
        # ("my next day off": the words of the day asked for, not a day said)
        window = None if frame.window is not None and set(frame.window.said.lower().split()) <= _DAY_WORDS \
            else frame.window
        if window is not None and window.end > clock.now():
            first = max(clock.local(window.start).date(), today)
            last = (clock.local(window.end) - timedelta(microseconds=1)).date()
            said = window.said.removeprefix("on ")
        else:
            first, last = today, today + timedelta(days=13 if quiet else 6)
            said = "in the next two weeks" if quiet else "in the next 7 days"
        last = min(max(last, first), first + timedelta(days=MAX_DAYS))
        start = datetime.combine(first, datetime.min.time(), clock.zone)
        end = datetime.combine(last + timedelta(days=1), datetime.min.time(), clock.zone)
        lines, _, _ = collect(max(start, clock.now()) if first == today else start, end, clock, False, False,
                              read, frame.text, False)
        days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
        on: dict[date, list[str]] = {d: [] for d in days}
        for at, line in lines:
            on.setdefault(clock.local(at).date(), []).append(line)
        counts = {d: len(on[d]) for d in days}
        if quiet:
            empty = [d for d in days if not counts[d]]
            note = "Steward doesn't know your working days or leave, so this is the calendar's view"
            if not empty:
                fewest = min(counts.values())
                lightest = [d for d in days if counts[d] == fewest]
                return Answer("\n".join([f"Every day {said} has something on ({note}); the lightest, with "
                                         f"{fewest}: " + ", ".join(day_text(d, clock) for d in lightest)]
                                        + on[lightest[0]]),
                              {"items": on[lightest[0]], "days": [d.isoformat() for d in lightest]})
            if window is None:
                if empty[0] == today:
                    after = [d for d in empty if d > today][:1]
                    then = f"; after it, {day_text(after[0], clock)}" if after else ""
                    return Answer(f"Nothing is on today{then} ({note}).",
                                  {"items": [], "days": [d.isoformat() for d in (today, *after)]})
                return Answer(f"Your next day with nothing on is {day_text(empty[0], clock)} ({note}).",
                              {"items": [], "days": [empty[0].isoformat()]})
            return Answer(f"Days with nothing on {said} ({note}): " + ", ".join(day_text(d, clock) for d in empty) + ".",
                          {"items": [], "days": [d.isoformat() for d in empty]})
        most = max(counts.values()) if counts else 0
        if not most:
            return Answer(f"Nothing on {said}: no day is busier than another.", {"items": [], "days": []})
        busiest = [d for d in days if counts[d] == most]
        things = f"{most} thing{'s' if most != 1 else ''}"
        if len(busiest) == 1:
            head = f"Your busiest day {said} is {day_text(busiest[0], clock)}, with {things}:"
        else:
            head = (f"{len(busiest)} days {said} have the most on, {things} each: "
                    + ", ".join(day_text(d, clock) for d in busiest) + ":")
        shown = [line for d in busiest for line in on[d]]
        return Answer("\n".join([head, *shown]), {"items": shown, "days": [d.isoformat() for d in busiest]})

    def read_answer(frame: Frame, clock: Clock, read: _Read) -> Answer | None:
        zone = clock.zone
        if frame.flags & {"busiest", "quietest"}:
            return busiest_or_quietest(frame, clock, read)
        free = "free" in frame.flags
        if frame.window is not None and frame.window.start == frame.window.end and not free:
            return now_and_next(frame, clock, read)
        if frame.window is None and not free:
            if any(ch.isdigit() for ch in frame.text):
                return None  # a day said that could not be read ("on feb 30"): never what is ahead instead
            return ahead(frame, clock, read)
        if frame.window is not None:
            start, end = frame.window.start, max(frame.window.end, frame.window.start + timedelta(minutes=1))
            said = frame.window.said.removeprefix("on ")
        else:
            start = clock.now()
            end = datetime.combine(clock.today() + timedelta(days=1), datetime.min.time(), zone)
            said = "today"
        if frame.window is not None and _AFTER_WORK.search(frame.text) and (
                off := _shift_over(appointments(), frame.window.start, clock)) is not None:
            start = off  # "Tuesday after work": after that day's shift, when a roster gives one
        start = max(start, clock.now()) if end > clock.now() else start
        at_time = free and frame.window is not None and frame.window.end == frame.window.start
        lines, entries, beyond = collect(start, end, clock, free, at_time, read, frame.text,
                                         frame.window is None or frame.window.grain != "hour",
                                         where="where" in frame.flags)
        if not free and len(kept := _of_named(frame, lines)) < len(lines):
            lines = kept
            entries = [e for e in entries if _holds(frame, e.title)]
        part = frame.window is not None and frame.window.end - frame.window.start < timedelta(days=1)
        if "where" in frame.flags or part:
            # "where is the gala on the 9th?": a bill due that day is no event with an address; nor is it in
            # the afternoon or at 10 ("is thursday afternoon busy?"): a due has a day, no hours
            lines = [(at, t) for at, t in lines if " bill due: " not in t]
            entries = [e for e in entries if e.what != "due"]
        last = (end - timedelta(microseconds=1)).astimezone(zone).date()
        # "is the meeting tomorrow?": a thing named that no line holds is said not to be there first
        missing = _missing(frame, lines)
        if asks_holidays(missing):
            # "is there a holiday next month?": the country's public days then, and what is on
            return Answer(holidays_reply(clock.local(start).date(), clock.local(end - timedelta(microseconds=1)).date(),
                                         said, clock, [t for _, t in lines]),
                          {"items": [t for _, t in lines], "beyond_calendar": beyond})
        if (missing or frame.things and frame.ask == "where") and things is not None and (
                thing := things(frame, clock)) is not None:
            return thing  # "the birthday thing on the 20th, where is it?": the invitation its mail calls a bash
        if (theirs := _only_whose_missing(frame, missing, lines)) and frame.ask != "count":
            # "what's the story wi Aoife's hockey on Saturday?": the game that day, though its coach's mail never names
            # the child it is for
            entry_of = {text: entry for (_, text), entry in zip(lines, entries, strict=True)}
            return Answer("\n".join([f"None of what I hold names {' or '.join(w.title() for w in missing)}, but the "
                                     f"{' '.join(frame.things)} {said}:", *theirs]),
                          {"items": theirs, "beyond_calendar": beyond,
                           "view": schedule_view(f"The {' '.join(frame.things)} {said}",
                                                 [entry_of[t] for t in theirs if t in entry_of], clock)})
        if missing and (frame.ask in ("is_there", "when", "which", "how_much", "count") or frame.things):
            head = f"I can't find any {' '.join(missing)} {said} in your calendar or bookings."
            if not lines:
                return Answer(f"{head} Nothing else is on either.", {"items": [], "beyond_calendar": 0,
                                                                       "missing": missing})
            # (a day asked of: what it holds, never said to be the thing asked for)
            lead = "That day you have:" if frame.window is not None and frame.window.grain == "day" else "What is on:"
            return Answer("\n".join([f"{head} {lead}"] + [t for _, t in lines]),
                          {"items": [t for _, t in lines], "beyond_calendar": beyond, "missing": missing})
        if free:
            if not lines:
                return Answer(f"Yes, you're free {said}: nothing on your calendar, no appointments, no bills due.",
                              {"busy": [], "beyond_calendar": 0, "at_time": at_time})
            opening = f"No: {said} you have" if at_time else f"Not entirely: {said} you have"
            # what is busy, as things the next turn points at ("and where is that one held?")
            busy = schedule_view(opening, entries, clock, window_words(frame, clock))
            return Answer("\n".join([opening] + [t for _, t in lines]),
                          {"busy": [t for _, t in lines], "beyond_calendar": beyond, "at_time": at_time,
                           "view": busy})
        if not lines and "where" in frame.flags:
            return Answer(f"I see no event on {said}.", {"items": [], "beyond_calendar": 0})
        if not lines:
            return Answer(f"Nothing on {said}: no events, reminders, appointments or bills due.", {"items": [], "beyond_calendar": 0})
        if frame.ask == "count":
            return Answer("\n".join([f"{len(lines)} thing{'s' if len(lines) != 1 else ''} on {said}:"]
                                     + [t for _, t in lines]),
                          {"items": [t for _, t in lines], "beyond_calendar": beyond, "count": len(lines)})
        first_day = clock.local(start).date()
        span = [first_day + timedelta(days=i) for i in range(min((last - first_day).days + 1, 14))]
        view = schedule_view(f"Coming up {said}", entries, clock, window_words(frame, clock),
                             span if len(span) > 1 else ())
        return Answer("\n".join([f"Coming up {said}:"] + [t for _, t in lines]),
                      {"items": [t for _, t in lines], "beyond_calendar": beyond, "view": view})

    return Answerer("schedule", "schedule", answer)


AHEAD_SHOWN = 8


class _Read:
    """What one schedule answer reads of the store, each once: the calendar's days, and the bookings still ahead
    (which both the invitations on a day and the check of recent mail for a day said empty look through)."""

    def __init__(self, appointments: Callable[[], AppointmentsService]) -> None:
        self.days: dict[date, Schedule] = {}
        self._appointments = appointments
        self._ahead: tuple[Item, ...] | None = None

    def ahead(self) -> tuple[Item, ...]:
        """The bookings still ahead, whatever became of them (`AppointmentsService.recent`), read once."""
        if self._ahead is None:
            self._ahead = self._appointments().recent(limit=200)
        return self._ahead
_DAY_WORDS = frozenset(("next", "day", "days", "the", "a", "my"))
_BOOKINGS_ASKED = re.compile(r"\b(?:appointments?|appts?|reservations?|bookings?|booked)\b", re.I)


def _until(start: datetime, end: datetime | None, clock: Clock, origin: str = "", said: str = "") -> str:
    """" (until 12:00)": when a thing ends, on the same day. A calendar part or markup states its end; a booking
    read from words lasts as long as a setting says unless its sentence gives a span ("from 3 PM to 6 PM"), so
    only that span's end is said of it, and otherwise that its mail gives none."""
    if origin in ("pattern", "model", "card"):
        local = clock.local(start)
        span = end_said(said, (local.hour, local.minute))
        if span is None:
            return " (its mail gives no end time)"
        end = local.replace(hour=span[1][0], minute=span[1][1])
    if end is None or end <= start or clock.local(end).date() != clock.local(start).date():
        return ""
    return f" (until {clock.formats.time(clock.local(end))})"


def _invitations(recent: Sequence[Item], appointments: AppointmentsService, mailbox: Callable[[], Mailbox] | None,
                 start: datetime, end: datetime, clock: Clock, till: bool = False) -> list[tuple[datetime, str, str]]:
    """The invitations among the bookings still ahead (`recent`) whose day falls in [start, end): (when, what it
    is called, its line, which says it is an invitation, not on the calendar, and with `till` when it ends)."""
    from steward.appointments.announced import moved_to_a_day

    found = [i for i in recent if i.status == "rejected" and i.start is not None and start <= i.start < end and (
             i.reason == "invitation" or (i.reason == "reschedule" and moves_to_its_start(i, recent)))]
    stored = mailbox().stored([i.message_id for i in found if i.message_id is not None]) if mailbox and found else {}
    out = []
    for i in found:
        assert i.start is not None
        m = stored.get(i.message_id) if i.message_id is not None else None
        title = invitation_title(m.subject, i.title, i.provider) if m is not None else ""
        who = (m.sender_name or m.sender) if m is not None else i.provider
        # an event a colleague or the family only tells of ("the workshop is on Monday from 3 PM") is theirs to
        # say, not an invitation to answer
        invited = m is None or appointments.asks_to_come(i, f"{m.subject}\n{m.snippet}")
        said = (f"{title or i.title or i.provider} (an invitation from {who}, not on your calendar)" if invited
                else f"{title or i.title or i.provider} (told in {who}'s mail, not on your calendar)")
        if is_shift(title or i.title or ""):
            # a roster's shift is the person's own working time: said with its end ("until 07:00 the next morning")
            said = f"{title or i.title} {_shift_end(i.start, i.end, clock)} (on your roster in {who}'s mail, not on your calendar)"
            out.append((i.start, said, f"- {moment_text(i.start, clock)} {said}"))
            continue
        if i.reason == "reschedule":
            # plans a person's mail moves to the time it holds ("practice is moving to 6:15 this Wednesday")
            said = f"{i.title or i.provider} (moved to this time by {who}'s mail, not on your calendar)"
        if i.origin == "pattern" and moved_to_a_day(i.excerpt, clock):
            # "the workshop has been moved to Monday": the day is the mail's, the time the one it had before
            said += " (the mail that moved it gives the day alone: the time is the one it had before)"
        out.append((i.start, said, f"- {moment_text(i.start, clock)} {said}{_until(i.start, i.end, clock, i.origin, i.excerpt) if till else ''}"))
    return out


# "after work", "after my shift": the end of the working day, which a roster says for each day
_AFTER_WORK = re.compile(r"\bafter\s+(?:work|(?:my\s+|the\s+)?shift|duty)\b", re.I)


def _shift_over(appointments: AppointmentsService, at: datetime, clock: Clock) -> datetime | None:
    """When the person's shift on the day of `at` ends, when a roster gives one that ends that day (a day shift
    before a night's, which starts that evening)."""
    day = clock.local(at).date()
    ends = sorted(i.end for i in appointments.recent(limit=200)
                  if i.status == "rejected" and i.reason == "invitation" and i.start is not None and i.end is not None
                  and is_shift(i.title.rsplit(": ", 1)[-1]) and clock.local(i.end).date() == day)
    return ends[-1] if ends else None


def _shift_end(start: datetime, end: datetime | None, clock: Clock) -> str:
    """When a shift ends, as said after its start ("until 15:00", "until 07:00 the next morning")."""
    if end is None or end <= start:
        return ""
    local = clock.local(end)
    later = (local.date() - clock.local(start).date()).days
    return f"until {clock.formats.time(local)}" + (" the next morning" if later == 1 else f" on {day_text(local.date(), clock)}" if later else "")


def more_than_days(frame: Frame, answer: Answer | None) -> bool:
    """Whether an answer says more than the days as the calendar has them: what the calendar alone does not
    show (bookings waiting in mail, bills due), a moment ("am I free at 4?") or a part of a day ("tomorrow
    afternoon"), what is busy, a span longer than a week ("in march"), what is ahead, a count, or the kinds of
    entry asked about."""
    if answer is None:
        return False
    w = frame.window
    hours = w is not None and any((t.hour, t.minute) != (0, 0) for t in (w.start, w.end))
    long = w is not None and w.end - w.start > timedelta(days=7)
    return bool(hours or long or answer.data.get("beyond_calendar") or answer.data.get("at_time")
                or "busy" in answer.data or answer.data.get("ahead") or "count" in answer.data or frame.things)


_OF_ONE = frozenset(("when", "where", "is_there"))


def _of_named(frame: Frame, lines: list[tuple[datetime, str]]) -> list[tuple[datetime, str]]:
    """The lines of the events a question asks about by name ("when is the pottery class?", "is it still on
    friday?" after it was moved), when it asks when or whether one is on and some line holds it; else all."""
    if not (_named(frame) or frame.things) or (frame.ask not in _OF_ONE and not _a_thing_alone(frame)):
        return lines
    kept = [(at, t) for at, t in lines if _holds(frame, t)]
    return kept or lines


# a question that is a thing's name alone ("the holiday party?", "and the school concert?", "what about the
# regatta?"): it asks of that one thing, as "when is it?" does
_THING_ALONE = re.compile(r"^\W*(?:(?:and|or|also|so|ok|okay|then)[,\s]+|(?:what|how)\s+about\s+)*(?:the|my|our|that)\s+"
                          r"[\w'\u2019 -]{2,60}?\s*\??\s*$", re.I)


def _a_thing_alone(frame: Frame) -> bool:
    """Whether a question names a thing and says nothing else of it (no listing, no day)."""
    return frame.ask == "list" and bool(frame.things) and frame.window is None and \
        _THING_ALONE.match(frame.text) is not None


def _holds(frame: Frame, text: str) -> bool:
    """Whether a line or an entry's title holds what the question names: an event by its title, or every
    thing it names by its word ("when is the regatta?")."""
    if any(n in text.casefold() for n in _named(frame)):
        return True
    words = text_words([text])
    return bool(frame.things) and all(_held_as(w, words) for w in frame.things)


def _held_as(term: str, pool: frozenset[str]) -> bool:
    """Whether a text's words hold a thing said by its word or by a kind it is a word for ("the meeting" of a
    "Medicines Optimisation Committee", "the session" of a "Year 9 netball practice"; never "the match" of a game,
    which the mail of a booking may still call it)."""
    from steward.reader.words import load_words

    kinds = load_words().thing_kinds.get(term, frozenset())
    return held(term, pool) or any(held(w, pool) for w in kinds)


def _only_whose_missing(frame: Frame, missing: Sequence[str], lines: list[tuple[datetime, str]]) -> list[str]:
    """The lines that hold every thing a question names, when all it says that no line holds is whose the thing is
    ("Josh's match": a child's name their coach's mail never says); else none."""
    if not (missing and frame.things) or any(
            w not in frame.unknown or not re.search(rf"\b{re.escape(w)}['\u2019]s\b", frame.text, re.I) for w in missing):
        return []
    return [t for _, t in lines if _holds(frame, t)]


def _named(frame: Frame) -> list[str]:
    return [v.value.casefold() for v in frame.values("event")]


def _missing(frame: Frame, lines: list[tuple[datetime, str]]) -> list[str]:
    """The words and kinds of entry the question names that no line holds ("meeting" when only a vet visit is on)."""
    from steward.reader.words import load_words

    # (a word that names nothing of its own, "what's the story with the game?", need be held by none)
    plain = load_words().not_things
    said = [w for w in (*frame.unknown, *frame.things) if w not in plain]
    pools = [text_words([t]) for _, t in lines]
    return [w for w in said if not any(_held_as(w, ws) for ws in pools)]


def _said_too(frame: Frame, missing: Sequence[str]) -> list[str]:
    """The words a question says of a thing besides its kind ("swimming" of "Adi's swimming class"), which mail telling
    of it must say too; never whose it is ("Adi's") nor the day."""
    return [w for w in missing if w not in frame.things and w.casefold() not in (frame.window.said.casefold().split()
            if frame.window is not None else ())
            and not re.search(rf"\b{re.escape(w)}['\u2019]s\b", frame.text, re.I)]


def _kind_words(frame: Frame) -> frozenset[str]:
    """The words mail may call the things a question names ("game": a match, a fixture, a kickoff), never the words
    for any booking at all ("event", "plan")."""
    from steward.reader.honesty import ANY_ENTRY
    from steward.reader.words import load_words

    groups = load_words().thing_words
    return frozenset(w for t in frame.things if t not in ANY_ENTRY for w in groups.get(t, frozenset((t,))))
